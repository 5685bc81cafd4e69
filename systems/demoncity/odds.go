package demoncity

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// This file holds the exact odds of Demon City's primitive throws (`tpk
// odds demoncity clash|static`) and samplers that draw the same throws with
// the kernel's own Deck and evaluation, so the two can be compared.
//
// The exact odds count card combinations with big integers: the chance that
// the highest of k cards drawn without replacement from a deck is at most x
// is C(N(x), k) / C(D, k), where N(x) is the number of cards worth at most x
// and D the deck's size; for two throws from one deck, P(maxA <= a, maxB <=
// b) = C(N(a), k) C(N(b) - k, m) / (C(D, k) C(D - k, m)) when a <= b (and
// symmetrically), and the probability of each pair of results follows by
// differences. This is the method of the spec's Appendix A.

// ClashDeck is where the two throws of an opposed throw come from.
type ClashDeck uint8

// The decks of `tpk odds demoncity clash --deck`.
const (
	// SharedDeck: both throws from one fresh 31-card Players' Deck.
	SharedDeck ClashDeck = iota
	// SeparateDecks: each throw from its own fresh 31-card deck.
	SeparateDecks
	// D10Dice: independent d10s (Randomizer B).
	D10Dice
	// HorrorDeck: the first throw from a fresh 31-card Players' Deck, the
	// second from a minimal 10-card Horror's Deck (one card of each value
	// 1..10).
	HorrorDeck
)

var clashDeckNames = []string{"shared", "separate", "d10", "horror"}

// Ranges of the check parameters.
const (
	maxOddsThrows = 15 // two throws of 15 still fit one 31-card deck
	minimalHorror = 10 // cards in a minimal Horror's Deck
)

// composition counts the cards of each value 0..10 of a deck.
type composition [11]int64

var (
	playersComposition = composition{1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}
	minimalHorrorComp  = composition{0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
)

// atMost is N(x): the number of cards worth at most x (0 for x < 0).
func (c *composition) atMost(x int) int64 {
	n := int64(0)
	for v := 0; v <= x && v <= 10; v++ {
		n += c[v]
	}
	return n
}

func (c *composition) size() int64 { return c.atMost(10) }

func binom(n, k int64) *big.Int {
	if k < 0 || n < k {
		return new(big.Int)
	}
	return new(big.Int).Binomial(n, k)
}

// maxCDF is P(the highest of k cards from a fresh deck c is at most x).
func (c *composition) maxCDF(k int, x int) *big.Rat {
	if x < 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(binom(c.atMost(x), int64(k)), binom(c.size(), int64(k)))
}

// d10CDF is P(the highest of k d10 is at most x).
func d10CDF(k, x int) *big.Rat {
	x = max(0, min(x, 10))
	num := new(big.Int).Exp(big.NewInt(int64(x)), big.NewInt(int64(k)), nil)
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)
	return new(big.Rat).SetFrac(num, den)
}

// ClashExact returns the exact probabilities that a throw of k cards beats,
// ties or loses to a throw of m cards (only each side's highest card
// counts; ties are not re-thrown).
func ClashExact(k, m int, deck ClashDeck) (win, tie, lose *big.Rat) {
	var cdf func(a, b int) *big.Rat
	switch deck {
	case SharedDeck:
		c := &playersComposition
		d := c.size()
		den := new(big.Int).Mul(binom(d, int64(k)), binom(d-int64(k), int64(m)))
		cdf = func(a, b int) *big.Rat {
			if a < 0 || b < 0 {
				return new(big.Rat)
			}
			var num *big.Int
			if a <= b {
				num = new(big.Int).Mul(binom(c.atMost(a), int64(k)), binom(max(c.atMost(b)-int64(k), 0), int64(m)))
			} else {
				num = new(big.Int).Mul(binom(c.atMost(b), int64(m)), binom(max(c.atMost(a)-int64(m), 0), int64(k)))
			}
			return new(big.Rat).SetFrac(num, den)
		}
	case SeparateDecks:
		cdf = func(a, b int) *big.Rat {
			return new(big.Rat).Mul(playersComposition.maxCDF(k, a), playersComposition.maxCDF(m, b))
		}
	case D10Dice:
		cdf = func(a, b int) *big.Rat {
			if a < 0 || b < 0 {
				return new(big.Rat)
			}
			return new(big.Rat).Mul(d10CDF(k, a), d10CDF(m, b))
		}
	case HorrorDeck:
		cdf = func(a, b int) *big.Rat {
			return new(big.Rat).Mul(playersComposition.maxCDF(k, a), minimalHorrorComp.maxCDF(m, b))
		}
	}
	win, tie = new(big.Rat), new(big.Rat)
	for a := 0; a <= 10; a++ {
		for b := 0; b <= 10; b++ {
			// P(maxA = a, maxB = b) by inclusion-exclusion on the joint CDF.
			p := new(big.Rat).Sub(cdf(a, b), cdf(a-1, b))
			p.Sub(p, cdf(a, b-1))
			p.Add(p, cdf(a-1, b-1))
			switch {
			case a > b:
				win.Add(win, p)
			case a == b:
				tie.Add(tie, p)
			}
		}
	}
	lose = new(big.Rat).Sub(big.NewRat(1, 1), win)
	lose.Sub(lose, tie)
	return win, tie, lose
}

// StaticExact returns the exact probability that a throw of k cards from a
// fresh Players' Deck (d10 false) or of k d10s beats intensity (0..10;
// intensity 0 succeeds without a throw, a tie fails).
func StaticExact(k, intensity int, d10 bool) *big.Rat {
	one := big.NewRat(1, 1)
	if intensity == 0 {
		return one
	}
	var fail *big.Rat
	if d10 {
		fail = d10CDF(k, intensity)
	} else {
		fail = playersComposition.maxCDF(k, intensity)
	}
	return new(big.Rat).Sub(one, fail)
}

// The default Players' Deck and a minimal Horror's Deck, as card ids.
var (
	playersDeckIDs   = PlayersDeckIDs(true)
	minimalHorrorIDs = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
)

// sampleClash draws one opposed throw with the kernel's decks: 0 win, 1
// tie, 2 lose.
func sampleClash(k, m int, deck ClashDeck, r *sim.Rand) int {
	var a, b Deck
	var buf [2 * maxOddsThrows]uint8
	players := playersDeckIDs
	switch deck {
	case SharedDeck:
		a.Init(players, &plainValues, Persistent)
	case SeparateDecks:
		a.Init(players, &plainValues, Persistent)
		b.Init(players, &plainValues, Persistent)
	case D10Dice:
		a.Init(players, &plainValues, D10)
		b.Init(players, &plainValues, D10)
	case HorrorDeck:
		a.Init(players, &plainValues, Persistent)
		b.Init(minimalHorrorIDs, &plainValues, Persistent)
	}
	a.Reset(r)
	second := &b
	if deck == SharedDeck {
		second = &a
	} else {
		b.Reset(r)
	}
	// The kernel's own path for decks without Significators (kernel.throw).
	_, va, _ := a.ThrowMax(k, buf[:k])
	_, vb, _ := second.ThrowMax(m, buf[k:k+m])
	switch {
	case va > vb:
		return 0
	case va == vb:
		return 1
	}
	return 2
}

// sampleStatic draws one static throw with the kernel's deck: 0 success, 1
// failure.
func sampleStatic(k, intensity int, d10 bool, r *sim.Rand) int {
	if intensity == 0 {
		return 0
	}
	var d Deck
	mode := Persistent
	if d10 {
		mode = D10
	}
	d.Init(playersDeckIDs, &plainValues, mode)
	d.Reset(r)
	var buf [maxOddsThrows]uint8
	if _, v, _ := d.ThrowMax(k, buf[:k]); v > intensity {
		return 0
	}
	return 1
}

func ratsToFloats(ps ...*big.Rat) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i], _ = p.Float64()
	}
	return out
}

// checks returns the exact checks of Demon City with the flags and outcome
// names of DESIGN.md's `tpk odds` table.
func checks() []systems.Check {
	throws := systems.Param{Name: "throws", Doc: "cards (throws) of the first side", Kind: systems.IntParam, Min: 1, Max: maxOddsThrows}
	return []systems.Check{
		{
			Name: "clash",
			Doc: "Opposed throw: K cards against M cards, only each side's highest card counts, ties not re-thrown. " +
				"--deck shared: both from one fresh 31-card Players' Deck; separate: each from its own; d10: Randomizer B; " +
				"horror: M from a minimal 10-card Horror's Deck.",
			Params: []systems.Param{
				throws,
				{Name: "vs", Doc: "cards (throws) of the other side", Kind: systems.IntParam, Min: 1, Max: maxOddsThrows},
				{Name: "deck", Doc: "where the cards come from", Kind: systems.EnumParam,
					Values: append([]string(nil), clashDeckNames...), Default: "shared"},
			},
			Outcomes: []string{"win", "tie", "lose"},
			Valid: func(a systems.Args) error {
				if m := a.Int("vs"); clashDeck(a) == HorrorDeck && m > minimalHorror {
					return fmt.Errorf("--vs %d: a minimal Horror's Deck holds only %d cards", m, minimalHorror)
				}
				return nil
			},
			Exact: func(a systems.Args) ([]float64, error) {
				return ratsToFloats(ClashExact(a.Int("throws"), a.Int("vs"), clashDeck(a))), nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				return sampleClash(a.Int("throws"), a.Int("vs"), clashDeck(a), r)
			},
		},
		{
			Name: "static",
			Doc: "Static throw: K cards against an Intensity; success when the highest card is above it " +
				"(a tie fails; Intensity 0 always succeeds, 10 fails without a card above 10).",
			Params: []systems.Param{
				throws,
				{Name: "intensity", Doc: "the Intensity", Kind: systems.IntParam, Min: 0, Max: 10},
				{Name: "deck", Doc: "a fresh 31-card Players' Deck, or d10s", Kind: systems.EnumParam,
					Values: []string{"players", "d10"}, Default: "players"},
			},
			Outcomes: []string{"success", "failure"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := StaticExact(a.Int("throws"), a.Int("intensity"), a.Str("deck") == "d10")
				return ratsToFloats(p, new(big.Rat).Sub(big.NewRat(1, 1), p)), nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				return sampleStatic(a.Int("throws"), a.Int("intensity"), a.Str("deck") == "d10", r)
			},
		},
		damageCheck(),
	}
}

// DamageExact is the exact distribution of the inferred damage of one hit
// on a target of Base Toughness T (1..10): the lowest of T C10 cards, from a
// fresh Players' Deck (d10 false: The Fool skipped, so 30 cards, three of
// each value) or of T d10. p[x] is P(damage = x) for x = 1..10.
func DamageExact(T int, d10 bool) (p [11]*big.Rat) {
	atLeast := func(x int) *big.Rat { // P(every card >= x)
		if x > 10 {
			return new(big.Rat)
		}
		if d10 {
			num := new(big.Int).Exp(big.NewInt(int64(11-x)), big.NewInt(int64(T)), nil)
			den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(T)), nil)
			return new(big.Rat).SetFrac(num, den)
		}
		return new(big.Rat).SetFrac(binom(int64(3*(11-x)), int64(T)), binom(30, int64(T)))
	}
	p[0] = new(big.Rat)
	for x := 1; x <= 10; x++ {
		p[x] = new(big.Rat).Sub(atLeast(x), atLeast(x+1))
	}
	return p
}

// damageOutcomes names the outcomes of the damage check.
var damageOutcomes = []string{"injured_box", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

func damageCheck() systems.Check {
	return systems.Check{
		Name: "damage",
		Doc: "[inferred] Damage of one landed hit (section 1.7, option DC-1 default): the lowest of T C10 cards, " +
			"T = the target's Base Toughness; T 0 = the Injured box. --deck players: from a fresh Players' Deck; d10: T d10.",
		Params: []systems.Param{
			{Name: "toughness", Doc: "the target's Base Toughness", Kind: systems.IntParam, Min: 0, Max: 10},
			{Name: "deck", Doc: "a fresh 31-card Players' Deck, or d10s", Kind: systems.EnumParam,
				Values: []string{"players", "d10"}, Default: "d10"},
		},
		Outcomes: damageOutcomes,
		Exact: func(a systems.Args) ([]float64, error) {
			T, d10 := a.Int("toughness"), a.Str("deck") == "d10"
			out := make([]float64, len(damageOutcomes))
			if T == 0 {
				out[0] = 1
				return out, nil
			}
			p := DamageExact(T, d10)
			for x := 1; x <= 10; x++ {
				out[x], _ = p[x].Float64()
			}
			return out, nil
		},
		Sample: func(a systems.Args, r *sim.Rand) int {
			T, d10 := a.Int("toughness"), a.Str("deck") == "d10"
			if T == 0 {
				return 0
			}
			var d Deck
			d.Init(playersDeckIDs, &plainValues, Persistent)
			d.Reset(r)
			return LowestOf(&d, T, d10)
		},
	}
}

// clashDeck is the clash's --deck (resolved, so one of clashDeckNames).
func clashDeck(a systems.Args) ClashDeck {
	return ClashDeck(slices.Index(clashDeckNames, a.Str("deck")))
}

package demoncity

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func deckOfPlayers(mode DeckMode, seed uint64) *Deck {
	d := &Deck{}
	d.Init(playersDeckIDs, &plainValues, mode)
	d.Reset(sim.NewRand(seed, 0))
	return d
}

// multiset returns every card of the deck, whatever pile it is in.
func multiset(d *Deck) []int {
	var out []int
	for _, id := range d.cards[:d.nFull] {
		out = append(out, int(id))
	}
	sort.Ints(out)
	return out
}

// TestDeckConservesCards: throws, groups and reshuffles never lose or
// duplicate a card, and the piles always add up to the deck.
func TestDeckConservesCards(t *testing.T) {
	d := deckOfPlayers(Persistent, 1)
	want := multiset(d)
	r := sim.NewRand(2, 0)
	var buf [MaxThrow]uint8
	for step := 0; step < 5000; step++ {
		if r.IntN(3) == 0 {
			d.NewGroup()
		}
		n := 1 + r.IntN(6)
		var got int
		if step%2 == 0 {
			got = d.Throw(n, buf[:n])
		} else {
			var best int
			var id uint8
			got, best, id = d.ThrowMax(n, buf[:n])
			if want := plainCards.Evaluate(buf[:got], false, -1); best != want.V || plainValues[id] != int8(best) {
				t.Fatalf("step %d: ThrowMax %d (card %d), Evaluate %d", step, best, id, want.V)
			}
		}
		if got != n {
			t.Fatalf("step %d: threw %d of %d cards from a 31-card deck", step, got, n)
		}
		dr, tb, dc := d.Counts()
		if dr+tb+dc != 31 || dr < 0 || tb < 0 || dc < 0 {
			t.Fatalf("piles %d+%d+%d", dr, tb, dc)
		}
		// The cards just thrown are the table's first n cards.
		for x := 0; x < n; x++ {
			if d.cards[d.nDraw+x] != buf[n-1-x] {
				t.Fatalf("step %d: the table does not hold the throw", step)
			}
		}
		if got := multiset(d); !equalInts(got, want) {
			t.Fatalf("step %d: the deck changed: %v", step, got)
		}
	}
	if d.Reshuffles == 0 {
		t.Error("5000 throws and no reshuffle")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDeckTableNotRedrawn: until the discard pile is used up, a card on the
// table (this group's throws) is never drawn again; a 31-card deck gives 31
// distinct cards before its first reshuffle.
func TestDeckTableNotRedrawn(t *testing.T) {
	d := deckOfPlayers(Persistent, 3)
	seen := map[int]int{}
	var buf [1]uint8
	for i := 0; i < 31; i++ {
		d.Throw(1, buf[:])
		seen[int(buf[0])]++
	}
	if d.Reshuffles != 0 {
		t.Fatalf("reshuffled within the first 31 cards")
	}
	if seen[0] != 1 {
		t.Errorf("The Fool drawn %d times in one pass", seen[0])
	}
	for v := 1; v <= 10; v++ {
		if seen[v] != 3 {
			t.Errorf("value %d drawn %d times in one pass, want 3", v, seen[v])
		}
	}
	// Everything is on the table (one group): the next card must come from
	// the table cards of earlier throws (recycled), as the deck is dry.
	d.Throw(1, buf[:])
	if d.Recycled != 1 || d.Reshuffles != 0 {
		t.Errorf("recycled %d, reshuffles %d; want 1 and 0", d.Recycled, d.Reshuffles)
	}
	// One throw larger than the deck comes up short.
	d2 := deckOfPlayers(Persistent, 4)
	var big [40]uint8
	if got := d2.Throw(40, big[:]); got != 31 || d2.Short != 1 {
		t.Errorf("a 40-card throw from 31 cards gave %d (short %d)", got, d2.Short)
	}
}

// TestDeckReshuffleKeepsTable: a reshuffle takes the discard pile only; the
// cards on the table stay out of the new draw pile.
func TestDeckReshuffleKeepsTable(t *testing.T) {
	d := deckOfPlayers(Persistent, 5)
	var buf [31]uint8
	d.Throw(28, buf[:28]) // 3 left
	d.NewGroup()          // 28 to the discard pile
	var held [5]uint8
	d.Throw(5, held[:]) // 3 from the draw pile, then a reshuffle of the 28
	if d.Reshuffles != 1 {
		t.Fatalf("reshuffles %d", d.Reshuffles)
	}
	dr, tb, dc := d.Counts()
	if dr != 26 || tb != 5 || dc != 0 {
		t.Fatalf("piles after the reshuffle: draw %d table %d discard %d; want 26 5 0", dr, tb, dc)
	}
}

// TestDeckUniform: each draw is uniform over the draw pile: the first card
// of a fresh deck shows each value with probability 3/31 (the Fool 1/31),
// and so does the tenth.
func TestDeckUniform(t *testing.T) {
	const n = 200_000
	var first, tenth [11]int
	r := sim.NewRand(9, 0)
	var d Deck
	d.Init(playersDeckIDs, &plainValues, Persistent)
	var buf [10]uint8
	for range n {
		d.Reset(r)
		d.Throw(10, buf[:])
		first[buf[0]]++
		tenth[buf[9]]++
	}
	for v := 0; v <= 10; v++ {
		p := 3.0 / 31
		if v == 0 {
			p = 1.0 / 31
		}
		se := math.Sqrt(p * (1 - p) / n)
		for _, c := range []int{first[v], tenth[v]} {
			if z := (float64(c)/n - p) / se; math.Abs(z) > 5 {
				t.Errorf("value %d: %.4f, want %.4f (z=%.1f)", v, float64(c)/n, p, z)
			}
		}
	}
}

// TestDeckModes: Randomizer B gives only 1..10 and never touches the piles;
// B' draws with replacement from the composition, so The Fool can come up
// twice in one throw.
func TestDeckModes(t *testing.T) {
	d := deckOfPlayers(D10, 1)
	var buf [MaxThrow]uint8
	var seen [11]bool
	for range 2000 {
		d.Throw(5, buf[:5])
		for _, id := range buf[:5] {
			if id < 1 || id > 10 {
				t.Fatalf("d10 card %d", id)
			}
			seen[id] = true
		}
	}
	for v := 1; v <= 10; v++ {
		if !seen[v] {
			t.Errorf("d10 never gave %d", v)
		}
	}
	if d.Reshuffles != 0 {
		t.Error("d10 reshuffled")
	}
	inf := deckOfPlayers(Infinite, 2)
	twoFools := false
	for range 20000 {
		inf.Throw(8, buf[:8])
		f := 0
		for _, id := range buf[:8] {
			if id == foolID {
				f++
			}
		}
		twoFools = twoFools || f >= 2
	}
	if !twoFools {
		t.Error("the infinite deck never gave The Fool twice in one throw")
	}
}

// TestC10AndC100: C10 skips The Fool and cards above 10; C100 reads units
// then tens, a 10 as 0, and (10, 10) as 100.
func TestC10AndC100(t *testing.T) {
	vals := plainValues
	vals[11], vals[12] = 17, 18
	d := &Deck{}
	d.Init([]uint8{0, 11, 12, 4}, &vals, Persistent)
	d.Reset(sim.NewRand(1, 0))
	for range 50 {
		d.NewGroup()
		if v, ok := d.C10(); !ok || v != 4 {
			t.Fatalf("C10 = %d, %v; want 4", v, ok)
		}
	}
	tens := &Deck{}
	tens.Init([]uint8{10}, &plainValues, Infinite)
	tens.Reset(sim.NewRand(1, 0))
	if v := tens.C100(); v != 100 {
		t.Errorf("(10,10) = %d, want 100", v)
	}
	p := deckOfPlayers(Persistent, 7)
	var seen [101]bool
	for range 20000 {
		p.NewGroup()
		v := p.C100()
		if v < 1 || v > 100 {
			t.Fatalf("C100 = %d", v)
		}
		seen[v] = true
	}
	for v := 1; v <= 100; v++ {
		if !seen[v] {
			t.Errorf("C100 never gave %d", v)
		}
	}
}

// TestLemire16Exact: over all 2^16 values of the 16 random bits, lemire16
// gives every result in [0, n) exactly as often, for every n a deck can
// need: the draws are exactly uniform, not nearly.
func TestLemire16Exact(t *testing.T) {
	for n := uint32(1); n <= DeckCap; n++ {
		var count [DeckCap]int
		rejected := 0
		for x := 0; x < 1<<16; x++ {
			j, ok := lemire16(uint16(x), n)
			if !ok {
				rejected++
				continue
			}
			if j >= n {
				t.Fatalf("n=%d: result %d", n, j)
			}
			count[j]++
		}
		if rejected != (1<<16)%int(n) {
			t.Errorf("n=%d: %d values rejected, want 2^16 mod n = %d", n, rejected, (1<<16)%int(n))
		}
		for j := uint32(0); j < n; j++ {
			if count[j] != (1<<16)/int(n) {
				t.Fatalf("n=%d: result %d from %d values, want %d", n, j, count[j], (1<<16)/int(n))
			}
		}
	}
}

// TestShuffleUniform: a shuffled 4-card pile comes out in each of its 24
// orders equally often, and intN is uniform on [0, 10).
func TestShuffleUniform(t *testing.T) {
	const n = 240_000
	d := &Deck{}
	d.Init([]uint8{1, 2, 3, 4}, &plainValues, Persistent)
	d.Reset(sim.NewRand(11, 0))
	orders := map[[4]uint8]int{}
	var d10 [10]int
	for range n {
		d.Gather()
		orders[[4]uint8(d.cards[:4])]++
		d10[d.intN(10)]++
	}
	if len(orders) != 24 {
		t.Fatalf("%d orders of 4 cards, want 24", len(orders))
	}
	check := func(what string, c int, p float64) {
		se := math.Sqrt(p * (1 - p) / n)
		if z := (float64(c)/n - p) / se; math.Abs(z) > 5 {
			t.Errorf("%s: %.5f, want %.5f (z=%.1f)", what, float64(c)/n, p, z)
		}
	}
	for o, c := range orders {
		check(fmt.Sprint("order ", o), c, 1.0/24)
	}
	for v, c := range d10 {
		check(fmt.Sprint("intN(10) = ", v), c, 0.1)
	}
}

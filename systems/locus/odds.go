package locus

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"slices"
)

// This file holds the exact odds of Locus' primitive checks (`tpk odds
// locus ...`) and the samplers that draw the same checks with the kernel's
// own primitives, so the two can be compared.
//
// The exact functions do not use the lookup tables of dice.go: they walk the
// 6×6×6 dice themselves and count with integers, so a test that compares a
// sampler (which uses the tables) with an exact answer checks the tables too.
// Probabilities are integer counts divided by 216 or 216² = 46656.

// Ranges of the check parameters.
const (
	oddsBonusMin = -3 // least bonus point modifier of a contest side
	oddsBonusMax = 6  // greatest bonus point modifier of a contest side
)

// checks returns the exact checks of Locus: outcome, contest and initiative,
// with the flags and outcome names of DESIGN.md's `tpk odds` table.
func checks() []systems.Check {
	attr := func(name, doc string) systems.Param {
		return systems.Param{Name: name, Doc: doc, Kind: systems.IntParam, Min: 1, Max: 5}
	}
	bonus := func(name, doc string) systems.Param {
		return systems.Param{Name: name, Doc: doc, Kind: systems.IntParam,
			Min: oddsBonusMin, Max: oddsBonusMax, Default: "0"}
	}
	return []systems.Check{
		{
			Name: "outcome",
			Doc: "Outcome check: roll 3d6 and keep the highest (easy), middle (medium) or lowest (hard) die; " +
				"above the attribute it succeeds as intended, otherwise it succeeds with unwanted consequences.",
			Params: []systems.Param{
				attr("attribute", "the attribute (1 best, 5 worst)"),
				{Name: "difficulty", Doc: "which die is kept: easy the highest, medium the middle, hard the lowest",
					Kind: systems.EnumParam, Values: append([]string(nil), tierNames[:]...)},
			},
			Outcomes: []string{"success", "consequences"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactOutcome(a.Int("attribute"), oddsTier(a))
				return []float64{p, 1 - p}, nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				if Roll3d6(r).Succeeds(a.Int("attribute"), oddsTier(a)) {
					return 0
				}
				return 1
			},
		},
		{
			Name: "contest",
			Doc: "One contested attack: each side rolls 3d6 and scores a point per die above its attribute; " +
				"margin = attacker points + bonus - defender points - bonus, ties to the defender; " +
				"margin 1 minor, 2-3 major, 4+ grievous.",
			Params: []systems.Param{
				attr("attacker", "the attacker's attribute (a monster's Attack, a character's Clumsiness...)"),
				attr("defender", "the defender's attribute (a monster's Resist, a character's Clumsiness...)"),
				bonus("attacker-bonus", "bonus points of the attacker (Weakness, effective damage type, miss bonus, "+
					"Director award +1 each; non-weapon Item -1)"),
				bonus("defender-bonus", "bonus points of the defender (Defend +1, Prone -1)"),
			},
			Outcomes: []string{"miss", "minor", "major", "grievous"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactContest(a.Int("attacker"), a.Int("defender"), a.Int("attacker-bonus"), a.Int("defender-bonus"))
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				return int(sampleContest(a.Int("attacker"), a.Int("defender"), a.Int("attacker-bonus"), a.Int("defender-bonus"), r))
			},
		},
		{
			Name: "initiative",
			Doc: "Initiative of a character against another side: 3d6 - Carelessness against 3d6 - vs, " +
				"the higher total acts first, ties re-rolled (option L-6 default).",
			Params: []systems.Param{
				attr("carelessness", "the character's Carelessness"),
				{Name: "vs", Doc: "the other side's modifier: its Carelessness, or 0 for a monster (option L-5 default)",
					Kind: systems.IntParam, Min: 0, Max: 5, Default: "0"},
			},
			Outcomes: []string{"first", "second"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactInitiative(a.Int("carelessness"), a.Int("vs"))
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				return sampleInitiative(a.Int("carelessness"), a.Int("vs"), r)
			},
		},
	}
}

// oddsTier is the outcome check's --difficulty (resolved, so one of
// tierNames).
func oddsTier(a systems.Args) Tier {
	return Tier(slices.Index(tierNames[:], a.Str("difficulty")))
}

// sampleContest draws one contested attack with the kernel's primitives.
func sampleContest(att, def, ab, db int, r *sim.Rand) Injury {
	x := Roll3d6(r).Points(att, Easy) + ab
	y := Roll3d6(r).Points(def, Easy) + db
	return InjuryOf(x - y)
}

// sampleInitiative draws who acts first (0) or second (1), re-rolling ties.
func sampleInitiative(c, vs int, r *sim.Rand) int {
	for {
		a := Roll3d6(r).Sum() - c
		b := Roll3d6(r).Sum() - vs
		if a > b {
			return 0
		}
		if a < b {
			return 1
		}
	}
}

// oddsSorted returns three dice in increasing order.
func oddsSorted(a, b, c int) [3]int {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return [3]int{a, b, c}
}

// outcomeCount is the number of the 216 rolls whose kept die (tier t) is
// above attr.
func outcomeCount(attr int, t Tier) int {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				if oddsSorted(a, b, c)[2-int(t)] > attr {
					n++
				}
			}
		}
	}
	return n
}

// oddsPoints lists the points of every roll, in Roll order, when t counts
// the dice (Easy all three, Medium the two lowest, Hard the lowest).
func oddsPoints(attr int, t Tier) [NumRolls]int {
	var p [NumRolls]int
	i := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				s := oddsSorted(a, b, c)
				for k := 0; k < 3-int(t); k++ {
					if s[k] > attr {
						p[i]++
					}
				}
				i++
			}
		}
	}
	return p
}

// contestCounts is the number of the 216² pairs of rolls giving each
// Injury, counted from how many rolls give each side each number of points
// (sixteen products rather than 46,656 pairs: the package's tables, built
// at start, call it hundreds of times).
func contestCounts(att int, attT Tier, def int, defT Tier, ab, db int) [4]int {
	ha, hd := pointsCounts(att, attT), pointsCounts(def, defT)
	var n [4]int
	for x, nx := range ha {
		for y, ny := range hd {
			n[InjuryOf(x+ab-(y+db))] += nx * ny
		}
	}
	return n
}

// pointsCounts is the number of the 216 rolls scoring 0, 1, 2 and 3 points.
func pointsCounts(attr int, t Tier) [4]int {
	var n [4]int
	for _, p := range oddsPoints(attr, t) {
		n[p]++
	}
	return n
}

// initiativeCounts is the number of the 216² pairs of rolls in which
// 3d6 − c beats, ties with and loses to 3d6 − vs.
func initiativeCounts(c, vs int) (win, tie, lose int) {
	var sums [19]int // number of rolls with each total
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for d := 1; d <= 6; d++ {
				sums[a+b+d]++
			}
		}
	}
	for s1, n1 := range sums {
		for s2, n2 := range sums {
			switch x, y := s1-c, s2-vs; {
			case x > y:
				win += n1 * n2
			case x == y:
				tie += n1 * n2
			default:
				lose += n1 * n2
			}
		}
	}
	return
}

// ExactOutcome is the probability that an outcome check of tier t against
// attr (1..5) succeeds as intended: the kept die (Easy the highest, Medium
// the middle, Hard the lowest of 3d6) is above attr. Table 5(a).
func ExactOutcome(attr int, t Tier) float64 {
	return float64(outcomeCount(attr, t)) / NumRolls
}

// ExactContest is the distribution of the result of one contested attack,
// indexed by Injury (Miss, Minor, Major, Grievous): attacker attribute att
// against defender attribute def (1..5 each), all dice counting, with bonus
// points attBonus and defBonus. Margin = att points + attBonus − def points −
// defBonus; ties go to the defender. Table 5(c).
func ExactContest(att, def, attBonus, defBonus int) [4]float64 {
	return ExactContestTiers(att, Easy, def, Easy, attBonus, defBonus)
}

// ExactContestTiers is ExactContest with each side's counting tier of option
// L-3 "dice" (Easy all dice, Medium the two lowest, Hard the lowest), as an
// injury floor or Blindness sets it.
func ExactContestTiers(att int, attT Tier, def int, defT Tier, attBonus, defBonus int) [4]float64 {
	n := contestCounts(att, attT, def, defT, attBonus, defBonus)
	var p [4]float64
	for i, k := range n {
		p[i] = float64(k) / (NumRolls * NumRolls)
	}
	return p
}

// ExactInitiative is the probability that a side with initiative total
// 3d6 − carelessness acts before (index 0) or after (index 1) a side with
// 3d6 − vs, ties re-rolled (option L-6 default): P(win)/(1 − P(tie)).
// vs is 0 for a monster under option L-5's default. The initiative table's
// "P(first|no tie)" column.
func ExactInitiative(carelessness, vs int) [2]float64 {
	w, _, l := initiativeCounts(carelessness, vs)
	return [2]float64{float64(w) / float64(w+l), float64(l) / float64(w+l)}
}

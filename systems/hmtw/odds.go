package hmtw

import (
	"fmt"
	"sort"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// This file holds the exact odds of the tests of fate (`tpk odds hmtw test`
// and `group`) and the samplers that draw the same tests with the kernel's
// own deck and fateDraw / pushFate, so the two can be compared.
//
// The exact odds enumerate the ordered draws from a fresh 57-card players'
// deck and count them with integers, as the spec's Appendix R does: a path
// of k cards out of at most L is weighted by the number of ways to complete
// it to L cards, so every count shares the denominator 57·56·…·(57-L+1).
// They do not call fateDraw: a test comparing a sampler with them checks the
// kernel's code too.

// Ranges of the check parameters.
const (
	oddsAttrMin = 0
	oddsAttrMax = 7 // creatures reach 7 (the Sporehulk's Swords)
)

// The outcome indices of `tpk odds hmtw test`.
const (
	oGreatSuccess = iota
	oSuccess
	oFailure
	oGreatFailure
)

// The outcome indices of `tpk odds hmtw group`.
const (
	oHits2 = iota
	oHits1
	oHits0
	oHitsNeg
)

// ExactFate returns the exact probabilities of a test of fate of an
// attribute rated attr with net modifier mod (+3, 0, -3), in the order
// great_success, success (not great), failure, great_failure. With push the
// tester always pushes a failed first draw, so no plain failure is left.
func ExactFate(attr, mod int, push bool) [4]float64 {
	var cnt [4]int64
	den := int64(MinorSize)
	if push {
		den *= MinorSize - 1
	}
	for c1 := Card(0); c1 < MinorSize; c1++ {
		w := den / MinorSize // completions of a one-card path
		t := c1.Value() + attr + mod
		switch {
		case t >= fateTarget && c1.Suit() == Swords: // the tested suit: any one, by symmetry
			cnt[oGreatSuccess] += w
		case t >= fateTarget:
			cnt[oSuccess] += w
		case !push:
			cnt[oFailure] += w
		default:
			for c2 := Card(0); c2 < MinorSize; c2++ {
				switch {
				case c2 == c1:
				case c2 != Fool && t+c2.Value() >= fateTarget:
					cnt[oSuccess]++
				default:
					cnt[oGreatFailure]++
				}
			}
		}
	}
	var p [4]float64
	for i, n := range cnt {
		p[i] = float64(n) / float64(den)
	}
	return p
}

// eachFate calls f with the result of every ordered draw sequence of one
// test of fate from the cards not in used, with the number of cards it
// took; used is restored afterwards.
func eachFate(attr, mod int, push bool, used *[MinorSize]bool, f func(res FateResult, cards int)) {
	for c1 := Card(0); c1 < MinorSize; c1++ {
		if used[c1] {
			continue
		}
		t := c1.Value() + attr + mod
		if t >= fateTarget {
			res := Success
			if c1.Suit() == Swords {
				res = GreatSuccess
			}
			used[c1] = true
			f(res, 1)
			used[c1] = false
			continue
		}
		if !push {
			used[c1] = true
			f(Failure, 1)
			used[c1] = false
			continue
		}
		used[c1] = true
		for c2 := Card(0); c2 < MinorSize; c2++ {
			if used[c2] {
				continue
			}
			res := GreatFailure
			if c2 != Fool && t+c2.Value() >= fateTarget {
				res = Success
			}
			used[c2] = true
			f(res, 2)
			used[c2] = false
		}
		used[c1] = false
	}
}

// groupTesters returns the highest and the lowest rating of a group (p.11:
// the most and the least qualified test), or only one tester for a group of
// one.
func groupTesters(attrs []int) []int {
	s := append([]int(nil), attrs...)
	sort.Sort(sort.Reverse(sort.IntSlice(s)))
	if len(s) == 1 {
		return s
	}
	return []int{s[0], s[len(s)-1]}
}

// ExactGroup returns the exact probabilities of a group test whose members
// have the ratings attrs, in the order 2+ hits, 1 hit, 0 hits, fewer than
// 0: the highest and the lowest rated members each test (the highest first,
// from one shared fresh deck), great success counting 2 hits, success 1,
// failure 0 and great failure -1. With push each tester always pushes a
// failed first draw.
func ExactGroup(attrs []int, push bool) [4]float64 {
	testers := groupTesters(attrs)
	per := 1
	if push {
		per = 2
	}
	length := per * len(testers) // the longest path
	den := int64(1)
	for k := 0; k < length; k++ {
		den *= int64(MinorSize - k)
	}
	// completions[k] is the number of ways to draw the remaining cards of a
	// path of k cards.
	completions := make([]int64, length+1)
	for k := 0; k <= length; k++ {
		completions[k] = 1
		for j := k; j < length; j++ {
			completions[k] *= int64(MinorSize - j)
		}
	}
	var cnt [4]int64
	var used [MinorSize]bool
	var rec func(i, hits, cards int)
	rec = func(i, hits, cards int) {
		if i == len(testers) {
			cnt[hitsBin(hits)] += completions[cards]
			return
		}
		eachFate(testers[i], 0, push, &used, func(res FateResult, n int) {
			rec(i+1, hits+res.Hits(), cards+n)
		})
	}
	rec(0, 0, 0)
	var p [4]float64
	for i, n := range cnt {
		p[i] = float64(n) / float64(den)
	}
	return p
}

// hitsBin is the outcome index of a group test's hits.
func hitsBin(hits int) int {
	switch {
	case hits >= 2:
		return oHits2
	case hits == 1:
		return oHits1
	case hits == 0:
		return oHits0
	}
	return oHitsNeg
}

// sampleFate draws one test of fate with the kernel's deck and code.
func sampleFate(attr, mod int, push bool, r *sim.Rand) FateResult {
	var d deck
	d.fill(true)
	f := fateDraw(&d, r, attr, mod, Swords)
	if push {
		f.pushFate(&d, r)
	}
	return f.res
}

// groupTest runs a group test of suit s with the kernel's deck: the
// testers' ratings, highest first, and whether each pushes a failure. It
// returns the hits.
func groupTest(d *deck, r *sim.Rand, testers []int, s Suit, push bool) int {
	hits := 0
	for _, a := range testers {
		f := fateDraw(d, r, a, 0, s)
		if push {
			f.pushFate(d, r)
		}
		hits += f.res.Hits()
	}
	return hits
}

// fateArgs reads the parameters of `odds hmtw test`.
func fateArgs(a systems.Args) (attr, mod int, push bool, err error) {
	attr = a.Int("attribute")
	if attr < oddsAttrMin || attr > oddsAttrMax {
		return 0, 0, false, fmt.Errorf("attribute %d is out of range; allowed: %d to %d", attr, oddsAttrMin, oddsAttrMax)
	}
	return attr, netMod(a.Bool("favor"), a.Bool("disfavor")), a.Bool("push"), nil
}

// groupArgs reads the parameters of `odds hmtw group`.
func groupArgs(a systems.Args) ([]int, bool, error) {
	attrs := a.Ints("attributes")
	if len(attrs) == 0 {
		return nil, false, fmt.Errorf("--attributes needs at least one rating")
	}
	for _, x := range attrs {
		if x < oddsAttrMin || x > oddsAttrMax {
			return nil, false, fmt.Errorf("attribute %d is out of range; allowed: %d to %d", x, oddsAttrMin, oddsAttrMax)
		}
	}
	return attrs, a.Bool("push"), nil
}

// checks returns the exact checks of HMTW: test and group, with the flags
// and outcome names of DESIGN.md's `tpk odds` table.
func checks() []systems.Check {
	flag := func(name, doc string) systems.Param {
		return systems.Param{Name: name, Doc: doc, Kind: systems.BoolParam, Default: "false"}
	}
	return []systems.Check{
		{
			Name: "test",
			Doc: "Test of fate (p.8-11): draw one card from a fresh 57-card players' deck; card + attribute " +
				"(+3 favor, -3 disfavor; both cancel) of 14 or more succeeds, greatly if the card is of the tested suit; " +
				"with --push a failure draws one more card and adds it: 14 or more succeeds, anything else (or the Fool) " +
				"is a great failure.",
			Params: []systems.Param{
				{Name: "attribute", Doc: "the attribute's rating (adventurers 1-4, creatures 0-7)",
					Kind: systems.IntParam, Min: oddsAttrMin, Max: oddsAttrMax},
				flag("favor", "+3 (a motif, 1 Resolve, aid...)"),
				flag("disfavor", "-3 (Blind, Exhaust, circumstances...)"),
				flag("push", "always push a failed first draw"),
			},
			Outcomes: []string{"great_success", "success", "failure", "great_failure"},
			Exact: func(a systems.Args) ([]float64, error) {
				attr, mod, push, err := fateArgs(a)
				if err != nil {
					return nil, err
				}
				p := ExactFate(attr, mod, push)
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				attr, mod, push, err := fateArgs(a)
				if err != nil {
					panic(err)
				}
				return []int{oGreatFailure, oFailure, oSuccess, oGreatSuccess}[sampleFate(attr, mod, push, r)]
			},
		},
		{
			Name: "group",
			Doc: "Group test (p.11; fleeing p.124): the highest and the lowest rated members each test fate, " +
				"the highest first from one shared fresh deck; great success 2 hits, success 1, failure 0, " +
				"great failure -1; 2+ hits succeed, 1 is a tight spot, 0 fails, fewer is a disaster.",
			Params: []systems.Param{
				{Name: "attributes", Doc: "the members' ratings in the tested attribute, comma-separated",
					Kind: systems.IntsParam, Min: oddsAttrMin, Max: oddsAttrMax},
				flag("push", "each tester always pushes a failed first draw"),
			},
			Outcomes: []string{"hits_2plus", "hits_1", "hits_0", "hits_negative"},
			Exact: func(a systems.Args) ([]float64, error) {
				attrs, push, err := groupArgs(a)
				if err != nil {
					return nil, err
				}
				p := ExactGroup(attrs, push)
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				attrs, push, err := groupArgs(a)
				if err != nil {
					panic(err)
				}
				var d deck
				d.fill(true)
				return hitsBin(groupTest(&d, r, groupTesters(attrs), Swords, push))
			},
		},
	}
}

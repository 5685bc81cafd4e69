package search

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/tpk-sim/tpk/sim"
)

// Event is one searched decision of a live encounter: what the default
// would have done, what the search chose, and by how much the search
// expects it to do better.
type Event struct {
	Trial      int64
	Seq        int // the decision's place among the encounter's decisions
	Round      int
	Side       sim.Side
	Kind       string
	Who        string
	Default    string // the default's choice
	Strong     string // the search's choice (the default's when they agree)
	Candidates int
	Total      int // the rollouts of every candidate, the confirmation's included
	// Rollouts are the confirmation rollouts that measured the gain (0
	// when, and only when, the search kept the default), and the sums over them of the
	// choice's outcome less the default's: the deciding side's score, and
	// the party's dead, members at the edge of death and victories. They
	// are integers, so that summing them in any order gives the same
	// regrets.
	Rollouts              int
	Gain, Dead, Near, Won int64
}

// report narrates decision seq into the trace and records it for the
// collector.
func (s *Searcher) report(d Decision, c Choices, seq, best, r int) {
	e := Event{Trial: s.trial, Seq: seq, Round: d.Round, Side: d.Side, Kind: d.Kind, Who: d.Who,
		Candidates: min(c.Len(), MaxCandidates)}
	e.Default, e.Strong = distinctLabels(c, best, e.Candidates)
	for i := range e.Candidates {
		e.Total += s.rolled[i]
	}
	if best != 0 {
		// The gain is measured on the confirmation rollouts: fresh, so not
		// inflated by the race that chose the winner.
		n := s.cfg.MaxRollouts
		e.Rollouts, e.Total = n, e.Total+2*n
		for j := range n {
			e.Gain += int64(s.confScores[1][j] - s.confScores[0][j])
			a, b := s.confOuts[1][j], s.confOuts[0][j]
			e.Dead += int64(a[0] - b[0])
			e.Near += int64(a[1] - b[1])
			e.Won += int64(a[2] - b[2])
		}
	}
	if s.tr != nil {
		if best == 0 {
			s.tr.Add(d.Round, d.Who, "strong play: %s, as the default would (%d choices, %d rollouts)", e.Strong, e.Candidates, r)
		} else {
			f := float64(e.Rollouts)
			s.tr.Add(d.Round, d.Who, "strong play: %s rather than the default's %s (over %d fresh rollouts: party deaths %+.2f, at the edge %+.2f, victory %+.2f)",
				e.Strong, e.Default, e.Rollouts, float64(e.Dead)/f, float64(e.Near)/f, float64(e.Won)/f)
		}
	}
	if s.collector != nil {
		s.events = append(s.events, e)
	}
}

// distinctLabels names the default's choice and choice best of the n
// listed. Two different choices must not read alike ("Attack Urzga rather
// than Attack Urzga"): where a system's labels leave out what tells them
// apart, each is followed by its place in the list of candidates, and the
// regrets group them apart. A system should name what differs; this keeps
// a careless label from hiding a regret or merging two.
func distinctLabels(c Choices, best, n int) (def, strong string) {
	def, strong = c.Label(0), c.Label(best)
	if best == 0 || def != strong {
		return def, strong
	}
	return fmt.Sprintf("%s [choice 1 of %d]", def, n), fmt.Sprintf("%s [choice %d of %d]", strong, best+1, n)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Collector gathers the searched decisions of many encounters, from any
// number of workers, as it goes: its memory grows with the kinds of regret,
// not with the encounters, and its summary does not depend on the order
// the encounters came in.
type Collector struct {
	mu        sync.Mutex
	decisions int
	rollouts  int
	differ    int
	kinds     map[kindKey]int
	groups    map[groupKey]*group
}

type kindKey struct {
	side sim.Side
	kind string
}

type groupKey struct {
	kindKey
	def, strong string
}

// group sums the decisions of one regret.
type group struct {
	count                 int
	rollouts              int64
	gain, dead, near, won int64
	examples              []example // the largest gains, at most MaxExamples
}

type example struct {
	sim.RegretExample
	seq  int
	gain float64
}

// add records the decisions of one encounter.
func (c *Collector) add(es []Event) {
	if len(es) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kinds == nil {
		c.kinds, c.groups = map[kindKey]int{}, map[groupKey]*group{}
	}
	for _, e := range es {
		c.decisions++
		c.rollouts += e.Total
		kk := kindKey{e.Side, e.Kind}
		c.kinds[kk]++
		if e.Rollouts == 0 { // the search kept the default
			continue
		}
		c.differ++
		k := groupKey{kk, e.Default, e.Strong}
		g := c.groups[k]
		if g == nil {
			g = &group{}
			c.groups[k] = g
		}
		g.count++
		g.rollouts += int64(e.Rollouts)
		g.gain += e.Gain
		g.dead += e.Dead
		g.near += e.Near
		g.won += e.Won
		g.examples = append(g.examples, example{sim.RegretExample{Trial: e.Trial, Round: e.Round, Who: e.Who,
			Gain: float64(e.Gain) / float64(e.Rollouts)}, e.Seq, float64(e.Gain) / float64(e.Rollouts)})
		slices.SortFunc(g.examples, func(a, b example) int {
			return cmp.Or(cmp.Compare(b.gain, a.gain), cmp.Compare(a.Trial, b.Trial), cmp.Compare(a.seq, b.seq))
		})
		g.examples = g.examples[:min(len(g.examples), MaxExamples)]
	}
}

// Summary is what a collector gathered.
type Summary struct {
	Decisions int          `json:"decisions"` // searched decisions
	Rollouts  int          `json:"rollouts"`  // rollouts they played, confirmations included
	Differ    int          `json:"differ"`    // where the search chose otherwise than the default
	Regrets   []sim.Regret `json:"regrets"`   // by Total, largest first
}

// MaxExamples is the number of decisions each regret names to replay.
const MaxExamples = 3

// Summary lists the regrets: the decisions where the search left the
// default, grouped by side, kind and the two choices, the largest total
// gain first (ties by side, kind and choices). A regret's means are over
// its confirmation rollouts.
func (c *Collector) Summary() Summary {
	c.mu.Lock()
	defer c.mu.Unlock()
	sum := Summary{Decisions: c.decisions, Rollouts: c.rollouts, Differ: c.differ}
	for k, g := range c.groups {
		n := float64(g.rollouts)
		r := sim.Regret{Side: k.side, Kind: k.kind, Default: k.def, Strong: k.strong, Count: g.count, Decisions: c.kinds[k.kindKey],
			Gain: float64(g.gain) / n, Dead: float64(g.dead) / n, Near: float64(g.near) / n, Won: float64(g.won) / n}
		r.Total = r.Gain * float64(g.count)
		for _, e := range g.examples {
			r.Examples = append(r.Examples, e.RegretExample)
		}
		sum.Regrets = append(sum.Regrets, r)
	}
	slices.SortFunc(sum.Regrets, func(a, b sim.Regret) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(a.Side, b.Side), cmp.Compare(a.Kind, b.Kind),
			cmp.Compare(a.Default, b.Default), cmp.Compare(a.Strong, b.Strong))
	})
	return sum
}

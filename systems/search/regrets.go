package search

import (
	"cmp"
	"slices"
	"sync"

	"github.com/tpk-sim/tpk/sim"
)

// Event is one searched decision of a live encounter: what the default
// would have done, what the search chose, and by how much the search
// expects it to do better.
type Event struct {
	Trial      int64
	Seq        int // the decision's place among the encounter's searched decisions
	Round      int
	Side       sim.Side
	Kind       string
	Who        string
	Default    string // the default's choice
	Strong     string // the search's choice (the default's when they agree)
	Differs    bool   // the search chose otherwise than the default
	Candidates int
	Rollouts   int // the rollouts that measured the gain (the confirmation's, when the search left the default)
	Total      int // the rollouts of every candidate
	// Gain is the mean score of the choice less the default's, for the
	// side deciding, over the confirmation rollouts (0 when they agree).
	Gain float64
	// Dead, Near and Won are the same difference in party members dead,
	// at the edge of death, and victories.
	Dead, Near, Won float64
}

// report narrates decision seq into the trace and records it for the
// collector.
func (s *Searcher) report(d Decision, c Choices, seq, best, r int) {
	e := Event{Trial: s.trial, Seq: seq, Round: d.Round, Side: d.Side, Kind: d.Kind, Who: d.Who,
		Default: c.Label(0), Strong: c.Label(best), Differs: best != 0, Candidates: min(c.Len(), MaxCandidates)}
	for i := range e.Candidates {
		e.Total += s.rolled[i]
	}
	if best != 0 {
		// The gain is measured on the confirmation rollouts: fresh, so not
		// inflated by the race that chose the winner.
		n := s.cfg.MaxRollouts
		e.Rollouts, e.Total = n, e.Total+2*n
		var gain, dead, near, won int64
		for j := range n {
			gain += int64(s.confScores[1][j] - s.confScores[0][j])
			a, b := s.confOuts[1][j], s.confOuts[0][j]
			dead += int64(a[0] - b[0])
			near += int64(a[1] - b[1])
			won += int64(a[2] - b[2])
		}
		f := float64(n)
		e.Gain, e.Dead, e.Near, e.Won = float64(gain)/f, float64(dead)/f, float64(near)/f, float64(won)/f
	} else {
		e.Rollouts = s.rolled[0]
	}
	if s.tr != nil {
		if best == 0 {
			s.tr.Add(d.Round, d.Who, "strong play: %s, as the default would (%d choices, %d rollouts)", e.Strong, e.Candidates, r)
		} else {
			s.tr.Add(d.Round, d.Who, "strong play: %s rather than the default's %s (over %d rollouts: party deaths %+.2f, at the edge %+.2f, victory %+.2f)",
				e.Strong, e.Default, e.Rollouts, e.Dead, e.Near, e.Won)
		}
	}
	if s.collector != nil {
		s.events = append(s.events, e)
	}
}

// Events is for a debug test.
func Events(c *Collector) []Event { return c.events }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Collector gathers the searched decisions of many encounters, from any
// number of workers. Its summary does not depend on the order they came
// in.
type Collector struct {
	mu     sync.Mutex
	events []Event
}

// add records the decisions of one encounter.
func (c *Collector) add(trial int64, es []Event) {
	if len(es) == 0 {
		return
	}
	c.mu.Lock()
	c.events = append(c.events, es...)
	c.mu.Unlock()
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

// Summary groups the decisions by side, kind and the two choices, largest
// total gain first. Decisions are taken in the order of (trial, place in
// the encounter), so the summary is the same for any number of workers.
func (c *Collector) Summary() Summary {
	c.mu.Lock()
	es := slices.Clone(c.events)
	c.mu.Unlock()
	slices.SortFunc(es, func(a, b Event) int {
		return cmp.Or(cmp.Compare(a.Trial, b.Trial), cmp.Compare(a.Seq, b.Seq))
	})
	type kindKey struct {
		side sim.Side
		kind string
	}
	type key struct {
		kindKey
		def, strong string
	}
	decisions := map[kindKey]int{}
	groups := map[key]*sim.Regret{}
	var order []key
	sum := Summary{Decisions: len(es)}
	for _, e := range es {
		sum.Rollouts += e.Total
		kk := kindKey{e.Side, e.Kind}
		decisions[kk]++
		if !e.Differs {
			continue
		}
		sum.Differ++
		k := key{kk, e.Default, e.Strong}
		g := groups[k]
		if g == nil {
			g = &sim.Regret{Side: e.Side, Kind: e.Kind, Default: e.Default, Strong: e.Strong}
			groups[k] = g
			order = append(order, k)
		}
		g.Count++
		g.Total += e.Gain
		g.Dead += e.Dead
		g.Near += e.Near
		g.Won += e.Won
		g.Examples = append(g.Examples, sim.RegretExample{Trial: e.Trial, Round: e.Round, Who: e.Who, Gain: e.Gain})
	}
	for _, k := range order {
		g := groups[k]
		n := float64(g.Count)
		g.Decisions = decisions[k.kindKey]
		g.Gain, g.Dead, g.Near, g.Won = g.Total/n, g.Dead/n, g.Near/n, g.Won/n
		slices.SortStableFunc(g.Examples, func(a, b sim.RegretExample) int { return cmp.Compare(b.Gain, a.Gain) })
		g.Examples = g.Examples[:min(len(g.Examples), MaxExamples)]
		sum.Regrets = append(sum.Regrets, *g)
	}
	slices.SortStableFunc(sum.Regrets, func(a, b sim.Regret) int { return cmp.Compare(b.Total, a.Total) })
	return sum
}

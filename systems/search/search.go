// Package search is strong play, written once for every system: a
// strategy that, at each decision with more than one legal choice, plays
// every candidate forward many times with the default strategies and takes
// the one with the best mean result for its side.
//
// A system plugs it in with a small adaptor: its kernel owns a Searcher,
// hands it the encounter's generator when an encounter starts (Begin),
// lists the legal choices at each decision of a strong combatant (Choices),
// says what a finished encounter means to the party (Outcome), and can fork
// (Fork): make every later die come from another generator and reshuffle
// what the deciding side cannot see. The Searcher does the rest.
//
// How a candidate is played forward. A kernel's control lives on its call
// stack, so a decision cannot be resumed from a copy of the state. A
// rollout instead replays the encounter from its start on a second kernel
// of the same model (the rollout kernel), with the encounter's own
// generator and every earlier searched decision forced from the log; at
// the decision being searched it forces the candidate and forks: from
// there on the dice come from the rollout's own stream and everything the
// deciding side cannot see (hands, draw piles, facedown cards) is
// reshuffled (determinized Monte Carlo). Every side then plays its default
// strategy to the end. Encounters take microseconds, so replaying the
// prefix costs at most one more encounter per rollout.
//
// Rollout j of decision d draws from the stream (key, d, j), key being the
// first output of the encounter's generator: every candidate sees the same
// numbers (common random numbers), and the choice depends on (seed,
// encounter, decision) alone, so strong play is identical for any number of
// workers and replays like any other strategy.
//
// Racing: every candidate plays MinRollouts rollouts, then Batch more at a
// time up to MaxRollouts; after each step a candidate whose paired
// difference from the leader is significantly negative (z = Z), or that
// has matched the leader rollout for rollout, is dropped. The search
// leaves the default's choice only for one that beats it by Z standard
// errors, first in the race, then again on MaxRollouts fresh rollouts of
// the two: among many candidates the best mean is often luck, and a search
// that chased it would play worse than the default it measures.
package search

import (
	"math"

	"github.com/tpk-sim/tpk/sim"
)

// PartyDoc and FoesDoc describe party and foe "strong" in every system.
const (
	PartyDoc = "the yardstick of play: at each decision with more than one legal choice, play every choice forward many times with the default strategies and take the one with the fewest party deaths, then the fewest at the edge of death, then the most victories; it sees no hidden card and no future die"
	FoesDoc  = "the yardstick of play: at each decision with more than one legal choice, play every choice forward many times with the default strategies and take the one with the most party deaths, then the most at the edge of death, then the fewest party victories; it sees no hidden card and no future die"
)

// Limits of one decision.
const (
	// MaxCandidates is the most choices a decision may offer; an adaptor
	// lists the most promising first and stops there.
	MaxCandidates = 48
	// MaxRollouts bounds Config.MaxRollouts.
	MaxRollouts = 256
)

// BatchSize is the number of encounters in a batch of a run with strong
// combatants (sim.Paced): a strong encounter takes milliseconds.
const BatchSize = 10

// Config tunes the search.
type Config struct {
	MinRollouts int     // rollouts of every candidate before any is dropped
	MaxRollouts int     // the most rollouts of one candidate (at most MaxRollouts)
	Batch       int     // rollouts added to every candidate still in play between two racing checks
	Z           float64 // a candidate is dropped when the leader beats it by Z standard errors
}

// DefaultConfig is the search tpk plays as `strong`, unless a system's
// encounters are too long for it.
var DefaultConfig = Config{MinRollouts: 16, MaxRollouts: 64, Batch: 8, Z: 2}

// Outcome is what a finished encounter means to the party: members dead,
// members at the edge of death (each system says which edge: Death's Door,
// dying, down), and whether it won.
type Outcome struct {
	Dead, Near int
	Won        bool
}

// Score is the party's score of an outcome: fewer dead first, then fewer at
// the edge of death, then victory. The weights make the order
// lexicographic for any party of up to 16: a death costs more than every
// member at the edge, a member at the edge more than a victory. The foes'
// score is its negative.
func (o Outcome) Score() int32 {
	near := min(max(o.Near, 0), 16)
	s := -64*int32(o.Dead) - 2*int32(near)
	if o.Won {
		s++
	}
	return s
}

// packed is an Outcome as a rollout keeps it: dead, near, won.
type packed [3]int8

func pack(o Outcome) packed {
	return packed{int8(min(o.Dead, 127)), int8(min(max(o.Near, 0), 127)), int8(b2i(o.Won))}
}

// Choices are the legal choices of one decision, the default strategy's
// choice first. An adaptor keeps one value per kind of decision in its
// kernel, so that passing it allocates nothing.
type Choices interface {
	// Len is the number of choices (at most MaxCandidates).
	Len() int
	// Label names choice i in a few words ("attack", "flee", "re-roll"),
	// for regrets and replays. It is called only when they are asked for.
	// Two different choices must read differently: where a label leaves
	// out what tells two apart, the regrets follow each with its place in
	// the list ("[choice 3 of 5]").
	Label(i int) string
}

// Rollout is the rollout kernel: an ordinary kernel of the same model
// whose Searcher is in script mode (NewScript).
type Rollout interface {
	sim.Kernel
	// Searcher returns the kernel's Searcher.
	Searcher() *Searcher
}

// Decision says what is being decided, for regrets and replays.
type Decision struct {
	Side  sim.Side
	Kind  string // "act", "re-roll", "target"...: a few words, the same for every decision of its kind
	Who   string // the combatant deciding, for the replay
	Round int
}

type mode uint8

const (
	live   mode = iota // searching the encounter's own decisions
	script             // a rollout: forced choices, then a fork, then defaults
)

// Searcher searches the decisions of one kernel's strong combatants. It
// belongs to that kernel and its goroutine.
type Searcher struct {
	mode mode
	cfg  Config
	n    int // decisions made in this encounter so far

	// live
	start   sim.Rand // the encounter's generator as it started
	replay  sim.Rand // a copy of it for each rollout (a field: passed to an interface, a local would escape)
	key     uint64   // its first output: the root of the rollout streams
	log     []uint8  // the choice made at each decision
	sub     Rollout
	rec     *sim.Record
	outcome func(*sim.Record) Outcome
	scores  [MaxCandidates][MaxRollouts]int32 // each candidate's score in each rollout, for the side deciding
	outs    [MaxCandidates][MaxRollouts]packed
	rolled  [MaxCandidates]int // rollouts each candidate played
	// confScores and confOuts are the default's (0) and the winner's (1)
	// confirmation rollouts.
	confScores [2][MaxRollouts]int32
	confOuts   [2][MaxRollouts]packed
	tr         *sim.Trace
	collector  *Collector
	trial      int64
	events     []Event // this encounter's decisions, for the collector

	// script
	script []uint8
	forkAt int
	cand   int
	forked bool
	stream sim.Rand
	fork   func(side sim.Side, r *sim.Rand)
}

// NewLive returns the Searcher of a kernel that plays encounters, searching
// as cfg says (a system's own, or DefaultConfig) but for what set changes:
// sub is its rollout kernel, and outcome reads a finished rollout's record.
func NewLive(cfg Config, set Settings, sub Rollout, outcome func(*sim.Record) Outcome, schema *sim.Schema) *Searcher {
	if set.MaxRollouts > 0 {
		cfg.MaxRollouts = set.MaxRollouts
	}
	cfg.MaxRollouts = min(max(cfg.MaxRollouts, 1), MaxRollouts)
	cfg.MinRollouts = min(max(cfg.MinRollouts, 1), cfg.MaxRollouts)
	cfg.Batch = max(cfg.Batch, 1)
	return &Searcher{mode: live, cfg: cfg, sub: sub, outcome: outcome, rec: sim.NewRecord(schema),
		log: make([]uint8, 0, 4096), collector: set.Collector}
}

// NewScript returns the Searcher of a rollout kernel; fork is the kernel's
// Fork: from its call on, the kernel's dice come from r, and whatever side
// cannot see is reshuffled with r.
func NewScript(fork func(side sim.Side, r *sim.Rand)) *Searcher {
	return &Searcher{mode: script, fork: fork}
}

// Settings are what `tpk yardstick` asks of a model's strong combatants:
// a system's model keeps them (SetSearch) and hands them, with its own
// Config, to the Searcher of every kernel it makes. The zero value changes
// nothing.
type Settings struct {
	MaxRollouts int        // > 0: the most rollouts of a candidate, in place of the Config's
	Collector   *Collector // nil: no report of the decisions
}

// Tunable is a model that can play strong combatants; `tpk yardstick` sets
// its Settings before the run.
type Tunable interface {
	SetSearch(Settings)
}

// Judged is a model that says what a finished encounter means to the
// party, as the search judges it: `tpk yardstick` reports each play's mean
// score with it.
type Judged interface {
	Outcome(rec *sim.Record) Outcome
}

// SetTrial tells the Searcher the number of the encounter it is about to
// play, for the regrets it reports.
func (s *Searcher) SetTrial(k int64) { s.trial = k }

// Begin starts an encounter: r is the encounter's generator before
// anything has been drawn from it, tr its narration (nil in runs). The
// kernel calls it first thing in Play.
func (s *Searcher) Begin(r *sim.Rand, tr *sim.Trace) {
	s.n = 0
	if s.mode == script {
		s.forked = false
		return
	}
	s.start = *r
	c := *r
	s.key = c.Uint64()
	s.log = s.log[:0]
	s.tr = tr
	s.events = s.events[:0]
}

// End closes the encounter; the kernel calls it last thing in Play.
func (s *Searcher) End() {
	if s.mode == live && s.collector != nil {
		s.collector.add(s.events)
	}
	s.tr = nil
}

// Searching reports whether the decisions still need their choices listed:
// false in a rollout past its fork, where every side plays its default.
func (s *Searcher) Searching() bool { return !(s.mode == script && s.forked) }

// Decide returns the index of the choice to make among c's. In a live
// encounter it searches (when there is more than one choice); in a rollout
// it replays the log, forks at the decision being searched and plays the
// default (choice 0) after. Every call counts as a decision, so that a
// rollout can skip the ones the log says went to the default
// (SkipDefault).
func (s *Searcher) Decide(d Decision, c Choices) int {
	n := min(c.Len(), MaxCandidates)
	i := s.n
	s.n++
	if s.mode == script {
		switch {
		case i < s.forkAt:
			return min(int(s.script[i]), max(n-1, 0))
		case i == s.forkAt:
			s.forked = true
			s.fork(d.Side, &s.stream)
			return min(s.cand, n-1)
		}
		return 0
	}
	best := 0
	if n > 1 {
		var r int
		best, r = s.race(d.Side, i, n)
		if s.tr != nil || s.collector != nil {
			s.report(d, c, i, best, r)
		}
	}
	s.log = append(s.log, uint8(best))
	return best
}

// SkipDefault reports whether a rollout replaying the encounter has come to
// a decision the log says went to the default: it counts it as decided,
// and the adaptor plays the default without listing the choices. Outside
// such a replay it is false and counts nothing.
func (s *Searcher) SkipDefault() bool {
	if s.mode != script || s.n >= s.forkAt || s.script[s.n] != 0 {
		return false
	}
	s.n++
	return true
}

// rollout plays candidate c of decision d forward once, on stream j, and
// returns how it ended.
func (s *Searcher) rollout(d, c, j int) Outcome {
	sub := s.sub.Searcher()
	sub.script, sub.forkAt, sub.cand = s.log, d, c
	sub.stream.Seed(s.key, uint64(d)<<16|uint64(j))
	s.rec.Reset()
	s.replay = s.start
	s.sub.Play(&s.replay, s.rec, nil)
	if !sub.forked {
		// The rollout ended before reaching the decision: the replay did
		// not follow the encounter, a bug in the adaptor.
		panic("search: a rollout did not reach the decision it searches")
	}
	return s.outcome(s.rec)
}

// race plays the candidates of decision d and returns the best for side,
// with the number of rollouts each of the survivors played.
func (s *Searcher) race(side sim.Side, d, n int) (best, played int) {
	sign := int32(1)
	if side != sim.Party {
		sign = -1
	}
	var alive [MaxCandidates]bool
	for c := range n {
		alive[c] = true
		s.rolled[c] = 0
	}
	left := n
	r := 0
	for r < s.cfg.MaxRollouts && left > 1 {
		step := s.cfg.Batch
		if r == 0 {
			step = s.cfg.MinRollouts
		}
		step = min(step, s.cfg.MaxRollouts-r)
		for j := r; j < r+step; j++ {
			for c := range n {
				if alive[c] {
					o := s.rollout(d, c, j)
					s.outs[c][j] = pack(o)
					s.scores[c][j] = sign * o.Score()
				}
			}
		}
		r += step
		for c := range n {
			if alive[c] {
				s.rolled[c] = r
			}
		}
		left = s.drop(&alive, n, r)
	}
	best = s.leader(&alive, n, r)
	if best != 0 && alive[0] {
		// The default is still in play: keep it unless the leader beats it
		// by Z standard errors.
		if m, se := pairedDiff(s.scores[best][:r], s.scores[0][:r]); m-s.cfg.Z*se <= 0 {
			best = 0
		}
	}
	if best != 0 && !s.confirm(sign, d, best) {
		best = 0
	}
	return best, r
}

// confirm plays the default and the race's winner best on MaxRollouts
// fresh streams and reports whether best beats the default there by Z
// standard errors. Among many candidates the winner of a race is often
// luck (its lead is the largest of several noisy differences); fresh
// rollouts measure it without that bias, so the search leaves the default
// only on evidence, and the gain it reports is an honest estimate.
func (s *Searcher) confirm(sign int32, d, best int) bool {
	n := s.cfg.MaxRollouts
	for j := range n {
		for i, c := range [2]int{0, best} {
			o := s.rollout(d, c, MaxRollouts+j)
			s.confOuts[i][j] = pack(o)
			s.confScores[i][j] = sign * o.Score()
		}
	}
	m, se := pairedDiff(s.confScores[1][:n], s.confScores[0][:n])
	return m-s.cfg.Z*se > 0
}

// leader is the candidate still in play with the highest sum of its first
// r scores; ties go to the lower index (the default is 0).
func (s *Searcher) leader(alive *[MaxCandidates]bool, n, r int) int {
	best, bestSum := -1, int64(0)
	for c := range n {
		if !alive[c] {
			continue
		}
		var sum int64
		for _, x := range s.scores[c][:r] {
			sum += int64(x)
		}
		if best < 0 || sum > bestSum {
			best, bestSum = c, sum
		}
	}
	return best
}

// drop removes the candidates the leader beats by Z standard errors of
// their paired difference over r rollouts, and of two that have scored
// alike in every rollout the one with the higher index; it returns how
// many are left.
func (s *Searcher) drop(alive *[MaxCandidates]bool, n, r int) int {
	for {
		l := s.leader(alive, n, r)
		changed := false
		for c := range n {
			if !alive[c] || c == l {
				continue
			}
			m, se := pairedDiff(s.scores[l][:r], s.scores[c][:r])
			switch {
			case m == 0 && se == 0:
				alive[max(c, l)] = false
				changed = true
			case m-s.cfg.Z*se > 0:
				alive[c] = false
			}
			if changed {
				break
			}
		}
		if !changed {
			break
		}
	}
	left := 0
	for c := range n {
		if alive[c] {
			left++
		}
	}
	return left
}

// pairedDiff is the mean of a-b and its standard error.
func pairedDiff(a, b []int32) (mean, se float64) {
	n := float64(len(a))
	var sum, sq float64
	for j := range a {
		x := float64(a[j] - b[j])
		sum += x
		sq += x * x
	}
	mean = sum / n
	if len(a) < 2 {
		return mean, math.Inf(1)
	}
	v := max(sq/n-mean*mean, 0) * n / (n - 1)
	return mean, math.Sqrt(v / n)
}

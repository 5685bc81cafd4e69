package search

import "github.com/tpk-sim/tpk/sim"

// Plug is what a system's model keeps for strong play. Embedded in the
// model, it makes it Tunable (SetSearch) and sim.Paced (BatchSize), and
// gives each of its kernels its Searcher.
type Plug struct {
	// Strong is set when a combatant of the model plays strong.
	Strong bool
	// Settings are what `tpk yardstick` asked (SetSearch).
	Settings Settings
}

// SetSearch sets what the yardstick asks of the model's strong combatants.
func (p *Plug) SetSearch(s Settings) { p.Settings = s }

// BatchSize: a model with strong combatants plays small batches, so that
// its slow encounters spread over every worker.
func (p *Plug) BatchSize() int {
	if p.Strong {
		return BatchSize
	}
	return 0
}

// Searcher returns the Searcher of a kernel of the model: for a rollout
// kernel (rollout), a script that forks with fork; otherwise a live one,
// searching as cfg says, over the rollout kernel newRollout makes.
func (p *Plug) Searcher(rollout bool, cfg Config, fork func(sim.Side, *sim.Rand), newRollout func() Rollout,
	outcome func(*sim.Record) Outcome, schema *sim.Schema) *Searcher {
	if rollout {
		return NewScript(fork)
	}
	return NewLive(cfg, p.Settings, newRollout(), outcome, schema)
}

// Set holds the choices of one decision, each once, in the order they
// were added, the default's first. An adaptor's Choices embeds one and
// adds Label.
type Set[T comparable] struct {
	n int
	a [MaxCandidates]T
}

// Reset empties the set and adds the default's choice.
func (s *Set[T]) Reset(def T) {
	s.n = 0
	s.Add(def)
}

// Add adds x, unless it is there already or the set is full.
func (s *Set[T]) Add(x T) {
	for i := range s.n {
		if s.a[i] == x {
			return
		}
	}
	if s.n < len(s.a) {
		s.a[s.n] = x
		s.n++
	}
}

// Len is the number of choices.
func (s *Set[T]) Len() int { return s.n }

// At is choice i.
func (s *Set[T]) At(i int) T { return s.a[i] }

package systems

import "github.com/tpk-sim/tpk/sim"

// Registries are a system's two strategy registries: the party's policies
// (P) and the foes' (F).
type Registries[P, F any] struct {
	Party *Policies[P]
	Foes  *Policies[F]
}

// NewRegistries returns the empty registries of a system, each side with
// its default strategy's name.
func NewRegistries[P, F any](system, partyDefault, foeDefault string) Registries[P, F] {
	return Registries[P, F]{Party: NewPolicies[P](system, sim.Party, partyDefault),
		Foes: NewPolicies[F](system, sim.Foes, foeDefault)}
}

// Strategies lists both sides' strategies as `tpk systems` shows them, the
// party's first.
func (r Registries[P, F]) Strategies() []Strategy {
	return append(r.Party.Strategies(), r.Foes.Strategies()...)
}

// Sides returns the scenario's strategy of each side (Sides).
func (r Registries[P, F]) Sides(sc *sim.Scenario) (party, foes string, err error) {
	return Sides(sc, r.Party, r.Foes)
}

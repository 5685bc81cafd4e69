package systems

import (
	"fmt"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// Policies holds one side's named strategies of a game system, in the order
// they were registered. P is the system's policy interface for that side.
// A system keeps one per side; its strategies package registers into it
// from init functions.
type Policies[P any] struct {
	system  string // the system id, for messages
	side    sim.Side
	def     string // the default strategy's name
	roles   map[string]string
	entries []policyEntry[P]
}

type policyEntry[P any] struct {
	name, doc string
	p         P
}

// NewPolicies makes an empty registry of side's strategies for system, whose
// default is the strategy named def.
func NewPolicies[P any](system string, side sim.Side, def string) *Policies[P] {
	return &Policies[P]{system: system, side: side, def: def}
}

// Default is the name of the side's default strategy.
func (r *Policies[P]) Default() string { return r.def }

// SetRole gives the strategy called name a role on the yardstick of play
// (RoleCareless, RoleHarsh); the one called StrongName is RoleStrong
// without asking.
func (r *Policies[P]) SetRole(name, role string) {
	if r.roles == nil {
		r.roles = map[string]string{}
	}
	r.roles[name] = role
}

func (r *Policies[P]) roleOf(name string) string {
	if name == StrongName {
		return RoleStrong
	}
	return r.roles[name]
}

// Register adds a strategy; a duplicate name panics (a programming error).
func (r *Policies[P]) Register(name, doc string, p P) {
	for _, e := range r.entries {
		if e.name == name {
			panic(fmt.Sprintf("%s: duplicate %s strategy %s", r.system, r.side, name))
		}
	}
	r.entries = append(r.entries, policyEntry[P]{name, doc, p})
}

// Get returns the strategy called name (in any case), or an error that lists
// the strategies there are.
func (r *Policies[P]) Get(name string) (P, error) {
	var names []string
	for _, e := range r.entries {
		if e.name == strings.ToLower(name) {
			return e.p, nil
		}
		names = append(names, e.name)
	}
	list := strings.Join(names, ", ")
	if len(names) == 0 {
		list = "(none registered: import tpk/strategies/" + r.system + ")"
	}
	var zero P
	return zero, fmt.Errorf("unknown %s strategy %q; allowed: %s%s", sideWord(r.side), name, list, sim.DidYouMean(name, names))
}

// Side returns the name of the side's strategy a scenario sets under
// `strategies:`, in lower case, or the default; an unknown one is an
// InputError at the line that names it.
func (r *Policies[P]) Side(sc *sim.Scenario) (string, error) {
	s, ok := sc.Strategies[r.side]
	if !ok {
		return r.def, nil
	}
	name := strings.ToLower(s.Value)
	if _, err := r.Get(name); err != nil {
		return "", sc.Doc.Errorf(s.Node, "strategies.%s: %v", r.side, err)
	}
	return name, nil
}

// Sides returns the names of both sides' strategies (Policies.Side).
func Sides[P, F any](sc *sim.Scenario, party *Policies[P], foes *Policies[F]) (string, string, error) {
	p, err := party.Side(sc)
	if err != nil {
		return "", "", err
	}
	f, err := foes.Side(sc)
	return p, f, err
}

// Of returns the strategy of a decoded entry: its own `strategy:` or its
// side's; an unknown one is an InputError at the line that names it.
func (r *Policies[P]) Of(d *sim.Doc, e *sim.Decoded) (P, error) {
	p, err := r.Get(e.Strategy)
	if err != nil {
		return p, d.Errorf(e.StrategyAt, "strategy: %v", err)
	}
	return p, nil
}

// Strategies lists the registered strategies as `tpk systems` shows them.
func (r *Policies[P]) Strategies() []Strategy {
	out := make([]Strategy, len(r.entries))
	for i, e := range r.entries {
		out[i] = Strategy{Side: r.side, Name: e.name, Doc: e.doc, Default: e.name == r.def, Role: r.roleOf(e.name)}
	}
	return out
}

// sideWord is how error messages name a side's strategies.
func sideWord(s sim.Side) string {
	if s == sim.Party {
		return "party"
	}
	return "foe"
}

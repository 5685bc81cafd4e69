// Package systems holds the interface every game system implements and the
// registry the command line looks systems up in. Each system lives in its
// own package below this one and registers itself from an init function;
// cmd/tpk imports it with one line.
package systems

import (
	"fmt"
	"sort"
	"strings"

	"tpk/sim"
)

// System is one game system: its options, strategies, built-in creatures,
// exact checks, and the compiler from a scenario to a runnable model.
type System interface {
	ID() string    // "locus"
	Title() string // "Locus (Cobblepath Games, 2020)"
	// Notes says in a few lines what counts as dead and as out of action,
	// and what the system adds to the standard metrics.
	Notes() string
	Options() []sim.Option
	Strategies() []Strategy
	Bestiary() []Creature
	Checks() []Check
	// Compile decodes the system's part of a scenario (party, foes, scene,
	// strategies, options) and builds the model. Bad input is a
	// *sim.InputError.
	Compile(sc *sim.Scenario) (*Build, error)
}

// Build is a compiled scenario with the settings that produced it.
type Build struct {
	Model      sim.Model
	Options    sim.Options
	Strategies map[sim.Side]string
}

// Strategy is a named decision policy for one side.
type Strategy struct {
	Side    sim.Side
	Name    string
	Doc     string
	Default bool
}

// Creature is a built-in combatant (a monster, an archetype, a reference
// character) as `tpk bestiary` lists it.
type Creature struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Kind    string `json:"kind"`    // "monster", "character", ...
	Summary string `json:"summary"` // one line of stats
	Stats   any    `json:"stats"`   // the full record
}

// ParamKind is the type of a check parameter.
type ParamKind uint8

// The parameter types of checks.
const (
	IntParam  ParamKind = iota // a whole number in [Min, Max]
	BoolParam                  // a flag
	EnumParam                  // one of Values
	IntsParam                  // comma-separated whole numbers, each in [Min, Max]
)

// Param is one flag of a check.
type Param struct {
	Name     string
	Doc      string
	Kind     ParamKind
	Min, Max int
	Values   []string
	Default  string // "" means required (for IntParam, IntsParam and EnumParam)
}

// Args holds parsed check parameters: int, bool, string or []int by name.
type Args map[string]any

// Int returns an IntParam.
func (a Args) Int(name string) int { v, _ := a[name].(int); return v }

// Bool returns a BoolParam.
func (a Args) Bool(name string) bool { v, _ := a[name].(bool); return v }

// Str returns an EnumParam.
func (a Args) Str(name string) string { v, _ := a[name].(string); return v }

// Ints returns an IntsParam.
func (a Args) Ints(name string) []int { v, _ := a[name].([]int); return v }

// Check is one primitive check of a system with exact odds, as `tpk odds`
// shows it.
type Check struct {
	Name     string
	Doc      string
	Params   []Param
	Outcomes []string // outcome names, in the order of Exact's result
	// Exact returns the probability of each outcome; they sum to 1.
	Exact func(a Args) ([]float64, error)
	// Sample draws one outcome (its index) with the kernel's own sampler.
	Sample func(a Args, r *sim.Rand) int
}

var registry = map[string]System{}

// Register adds a system; it panics on a duplicate id (a programming error).
func Register(s System) {
	if _, dup := registry[s.ID()]; dup {
		panic("systems: duplicate id " + s.ID())
	}
	registry[s.ID()] = s
}

// IDs returns the registered system ids in order.
func IDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Get returns the system with id.
func Get(id string) (System, error) {
	s, ok := registry[strings.ToLower(id)]
	if !ok {
		return nil, fmt.Errorf("unknown system %q; allowed: %s", id, strings.Join(IDs(), ", "))
	}
	return s, nil
}

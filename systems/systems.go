// Package systems holds the interface every game system implements and the
// registry the command line looks systems up in. Each system lives in its
// own package below this one and registers itself from an init function;
// cmd/tpk imports its strategies package, which imports it, with one line.
package systems

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tpk-sim/tpk/sim"
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
	// Warnings name what the scenario sets that changes nothing (a scene
	// key with no effect): a setting that silently does nothing is a
	// wrong answer.
	Warnings []string
}

// Strategy is a named decision policy for one side.
type Strategy struct {
	Side    sim.Side
	Name    string
	Doc     string
	Default bool
	// Role is the strategy's place on the yardstick of play: RoleStrong,
	// RoleCareless, RoleHarsh, or "" for none.
	Role string
}

// The roles of strategies on the yardstick of play (`tpk yardstick`):
// every system names, for each side, the search that measures how well the
// default plays, a careless party and a harsher GM.
const (
	RoleStrong   = "strong"   // the search strategy, either side (package search)
	RoleCareless = "careless" // the party playing without care (reckless, fighting to the end)
	RoleHarsh    = "harsh"    // a GM harsher than the default
	// StrongName is the name of the search strategy in every system.
	StrongName = "strong"
)

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
// shows it. Exact and Sample are called with arguments Resolve returned.
type Check struct {
	Name     string
	Doc      string
	Params   []Param
	Outcomes []string // outcome names, in the order of Exact's result
	// Exact returns the probability of each outcome; they sum to 1.
	Exact func(a Args) ([]float64, error)
	// Sample draws one outcome (its index) with the kernel's own sampler.
	Sample func(a Args, r *sim.Rand) int
	// Valid, when set, refuses arguments that each lie in their range but
	// not together (conditions that already kill the NPC); Resolve calls
	// it, so Exact and Sample never see such arguments.
	Valid func(a Args) error
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

// Grader is implemented by a System whose foes carry a threat grade by the
// game's own rule of thumb (the Locus Monster Threat Calculator, the His
// Majesty the Worm threat templates). `tpk grade` sets that grade beside a
// simulated one. It is optional: the command line asks a System for it with
// a type assertion, and a System without it cannot be graded.
type Grader interface {
	// GradeScale names the rule's grades, weakest first.
	GradeScale() []string
	// RuleGrades grades every foe entry of a scenario by the game's rule:
	// one RuleGrade per entry of sc.Foes, for one creature of the entry
	// whatever its count. Bad input is a *sim.InputError.
	RuleGrades(sc *sim.Scenario) ([]RuleGrade, error)
	// Grading is how the system's foes are graded by simulation: the
	// reference party, the grid of party tactics and the bands.
	Grading() Grading
	// GradedFoes lists the built-in foes that carry a grade, as foe
	// entries of a scenario.
	GradedFoes() []GradedFoe
	// SampleFoes draws foes at random from the rule's space, perGrade of
	// each grade of GradeScale, in the order of the scale; the same seed
	// gives the same foes. It is how bands are derived when the built-in
	// foes are too few.
	SampleFoes(seed uint64, perGrade int) []GradedFoe
}

// RuleGrade is one foe's grade by the game's own rule (sim.RuleGrade,
// where the reports can see it).
type RuleGrade = sim.RuleGrade

// RulePart is one term of a rule's score (sim.RulePart).
type RulePart = sim.RulePart

// GradedFoe is a foe with a rule grade: a built-in, or a random draw from
// the rule's space.
type GradedFoe struct {
	ID   string
	Name string
	// Foe is one foe entry of a scenario, in YAML: "{monster: tar-wing}".
	Foe string
}

// Grading says how a system's foes are graded by simulation.
type Grading struct {
	// Party is the reference party as the YAML list of a scenario's
	// `party:`, and PartyDoc says in one line who it is.
	Party, PartyDoc string
	// Tactics is the grid of party tactics every foe is simulated under;
	// a foe's deadliness is its lethality averaged over them.
	Tactics []Tactic
	// Injuries is the count metric of harm to the party ("segments"), and
	// InjuriesDoc what it counts.
	Injuries, InjuriesDoc string
	// Near is a probability metric of how close the party came to death
	// (hmtw: any_deaths_door, since the rescue after the fight prevents
	// most deaths), reported beside the lethality; "" for none.
	Near string
	// Bands are the lethality bands of the empirical grade; nil when they
	// have not been derived for the system.
	Bands *Bands
}

// Tactic is one cell of the grid of party tactics: scenario values set on
// top of the scenario (sweep paths such as strategies.party=flee or
// scene.distance=10).
type Tactic struct {
	Name string
	Doc  string
	Set  []sim.Assignment
}

// Bands are a system's empirical grades (sim.Bands, where the reports can
// see them).
type Bands = sim.Bands

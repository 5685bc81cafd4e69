package systems

import "github.com/tpk-sim/tpk/sim"

// Parts are what a system is made of, each from its own file of the
// system's package; Define turns them into a System.
type Parts struct {
	ID    string // the id in scenarios and on the command line: "locus"
	Title string // the game's name as `tpk systems` shows it
	// Notes says in a few lines what counts as dead and as out of action,
	// and what the system adds to the standard metrics.
	Notes      string
	Options    func() []sim.Option
	Strategies func() []Strategy
	Bestiary   func() []Creature
	Checks     func() []Check
	Compile    func(sc *sim.Scenario) (*Build, error)
	// Form, when set, describes the scenario's party, foes and scene from
	// the Entries Compile decodes them with (FormOf).
	Form func() ScenarioForm
	// Grader, when set, grades the system's foes by the game's own rule of
	// thumb; the System Define returns is then a Grader too.
	Grader Grader
}

// Define returns the System made of p. A part left nil is refused: a
// programming error, found when the system's package loads.
func Define(p Parts) System {
	if p.ID == "" || p.Title == "" || p.Options == nil || p.Strategies == nil ||
		p.Bestiary == nil || p.Checks == nil || p.Compile == nil {
		panic("systems: Define of " + p.ID + " lacks a part")
	}
	d := &defined{p}
	if p.Grader != nil {
		return graded{d, p.Grader}
	}
	return d
}

// defined is a System made of its Parts.
type defined struct{ p Parts }

func (d *defined) ID() string                               { return d.p.ID }
func (d *defined) Title() string                            { return d.p.Title }
func (d *defined) Notes() string                            { return d.p.Notes }
func (d *defined) Options() []sim.Option                    { return d.p.Options() }
func (d *defined) Strategies() []Strategy                   { return d.p.Strategies() }
func (d *defined) Bestiary() []Creature                     { return d.p.Bestiary() }
func (d *defined) Checks() []Check                          { return d.p.Checks() }
func (d *defined) Compile(sc *sim.Scenario) (*Build, error) { return d.p.Compile(sc) }

// graded is a defined System that is also a Grader.
type graded struct {
	*defined
	Grader
}

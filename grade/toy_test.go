package grade

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// toy is a game system for the tests: one foe entry `{power: N}` (0..10)
// kills the party with probability N/10, whatever the tactic. Its rule
// grades power 0-1 Very Weak, 2-3 Weak, 4-5 Balanced, 6-7 Strong and 8-10
// Very Strong, and its bands put Weak at deadliness [0.15, 0.35).
type toy struct{}

const toyID = "toygrade"

func init() { systems.Register(toy{}) }

var toyScale = []string{"Very Weak", "Weak", "Balanced", "Strong", "Very Strong"}

func (toy) ID() string            { return toyID }
func (toy) Title() string         { return "a toy for the grading tests" }
func (toy) Notes() string         { return "" }
func (toy) Options() []sim.Option { return nil }
func (toy) Strategies() []systems.Strategy {
	return []systems.Strategy{{Side: sim.Party, Name: "a", Default: true}, {Side: sim.Party, Name: "b"}}
}
func (toy) Bestiary() []systems.Creature { return nil }
func (toy) Checks() []systems.Check      { return nil }

// power decodes the foe entry's power.
func toyPower(sc *sim.Scenario, n int) (int, error) {
	fields, err := sc.Doc.Map(sc.Foes[n], "foe", "power", "name")
	if err != nil {
		return 0, err
	}
	for _, f := range fields {
		if f.Key == "power" {
			return sc.Doc.Int(f.Node, "power", 0, 10)
		}
	}
	return 0, sc.Doc.Errorf(sc.Foes[n], "foe: power is required")
}

func (toy) Compile(sc *sim.Scenario) (*systems.Build, error) {
	p, err := toyPower(sc, 0)
	if err != nil {
		return nil, err
	}
	m := &toyModel{p: float64(p) / 10}
	m.schema = &sim.Schema{Metrics: append(sim.StandardMetrics(5, 1),
		sim.Metric{Name: "wounds", Kind: sim.Count, Max: 3})}
	m.schema.Combatants = []sim.Combatant{{Name: "Hero", Side: sim.Party}, {Name: "Beast", Side: sim.Foes}}
	return &systems.Build{Model: m, Strategies: map[sim.Side]string{sim.Party: "a"}}, nil
}

func (toy) GradeScale() []string { return toyScale }

func (toy) RuleGrades(sc *sim.Scenario) ([]systems.RuleGrade, error) {
	var out []systems.RuleGrade
	for i := range sc.Foes {
		p, err := toyPower(sc, i)
		if err != nil {
			return nil, err
		}
		r := min(p/2, 4)
		out = append(out, systems.RuleGrade{Grade: toyScale[r], Rank: r, Score: float64(p),
			Parts: []systems.RulePart{{Name: "power", Value: itoa(p), Points: float64(p)}}})
	}
	return out, nil
}

func (toy) Grading() systems.Grading {
	return systems.Grading{
		Party: "- {name: Hero}", PartyDoc: "a hero",
		Tactics: []systems.Tactic{
			{Name: "a", Doc: "tactic a", Set: []sim.Assignment{{Path: "strategies.party", Value: "a"}}},
			{Name: "b", Doc: "tactic b", Set: []sim.Assignment{{Path: "strategies.party", Value: "b"}}},
		},
		Injuries: "wounds",
		Bands:    &systems.Bands{Lower: []float64{0.15, 0.35, 0.55, 0.75}, Source: "set by hand"},
	}
}

func (toy) GradedFoes() []systems.GradedFoe {
	var out []systems.GradedFoe
	for p := 0; p <= 10; p += 2 {
		out = append(out, systems.GradedFoe{ID: "p" + itoa(p), Name: "Power " + itoa(p), Foe: "{power: " + itoa(p) + "}"})
	}
	return out
}

func (toy) SampleFoes(seed uint64, perGrade int) []systems.GradedFoe { return nil }

func itoa(n int) string {
	if n >= 10 {
		return itoa(n/10) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

type toyModel struct {
	p      float64
	schema *sim.Schema
}

func (m *toyModel) Schema() *sim.Schema   { return m.schema }
func (m *toyModel) MaxRounds() int        { return 5 }
func (m *toyModel) NewKernel() sim.Kernel { return toyKernel{m} }

type toyKernel struct{ m *toyModel }

func (k toyKernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	dead := r.Chance(k.m.p)
	rec.Flag(sim.AnyDeath, dead)
	rec.Flag(sim.TPK, dead)
	rec.Flag(sim.Defeat, dead)
	rec.Flag(sim.Victory, !dead)
	rec.Set(sim.Rounds, 1+r.IntN(5))
	rec.Set(sim.Deaths, int(b2i(dead)))
	rec.Set(sim.NumStandard, r.IntN(4))
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

package systems

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

func TestPolicies(t *testing.T) {
	r := NewPolicies[int]("toy", sim.Foes, "calm")
	if _, err := r.Get("calm"); err == nil || !strings.Contains(err.Error(), "none registered: import tpk/strategies/toy") {
		t.Errorf("empty registry: %v", err)
	}
	r.Register("wild", "attacks", 1)
	r.Register("calm", "waits", 2)
	cases := []struct {
		name string
		want int
		err  string
	}{
		{"wild", 1, ""},
		{"CALM", 2, ""},
		{"sleepy", 0, `unknown foe strategy "sleepy"; allowed: wild, calm`},
		{"clam", 0, `unknown foe strategy "clam"; allowed: wild, calm; did you mean "calm"?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := r.Get(c.name)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Errorf("Get(%q): error %v, want %q", c.name, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("Get(%q) = %d, %v; want %d", c.name, got, err, c.want)
			}
		})
	}
	want := []Strategy{{Side: sim.Foes, Name: "wild", Doc: "attacks"}, {Side: sim.Foes, Name: "calm", Doc: "waits", Default: true}}
	if got := r.Strategies(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Strategies() = %+v, want %+v", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("a duplicate name does not panic")
		}
	}()
	r.Register("wild", "again", 3)
}

// Side gives a side's strategy from the scenario's `strategies:` (or the
// default), and Of an entry's own, each refused where it was written.
func TestPoliciesOfScenario(t *testing.T) {
	r := NewPolicies[int]("toy", sim.Party, "calm")
	r.Register("wild", "attacks", 1)
	r.Register("calm", "waits", 2)
	at := &yaml.Node{Line: 7}
	sc := &sim.Scenario{Doc: sim.Doc{File: "s.yaml"}, Strategies: map[sim.Side]sim.Setting{}}
	if name, err := r.Side(sc); name != "calm" || err != nil {
		t.Errorf("no strategies: Side = %q, %v; want calm", name, err)
	}
	sc.Strategies[sim.Party] = sim.Setting{Value: "WILD", Node: at}
	if name, err := r.Side(sc); name != "wild" || err != nil {
		t.Errorf("strategies.party WILD: Side = %q, %v; want wild", name, err)
	}
	sc.Strategies[sim.Party] = sim.Setting{Value: "Wyld", Node: at}
	if _, err := r.Side(sc); err == nil || err.Error() != `s.yaml:7: strategies.party: unknown party strategy "wyld"; allowed: wild, calm; did you mean "wild"?` {
		t.Errorf("strategies.party Wyld: %v", err)
	}
	if p, err := r.Of(&sc.Doc, &sim.Decoded{Strategy: "wild", StrategyAt: at}); p != 1 || err != nil {
		t.Errorf("Of wild = %d, %v", p, err)
	}
	if _, err := r.Of(&sc.Doc, &sim.Decoded{Strategy: "sleepy", StrategyAt: at}); err == nil || err.Error() != `s.yaml:7: strategy: unknown party strategy "sleepy"; allowed: wild, calm` {
		t.Errorf("Of sleepy: %v", err)
	}
}

// Sides gives both sides' strategies, refusing the first unknown one.
func TestSides(t *testing.T) {
	pcs := NewPolicies[int]("toy", sim.Party, "calm")
	pcs.Register("calm", "waits", 1)
	foes := NewPolicies[string]("toy", sim.Foes, "wild")
	foes.Register("wild", "attacks", "w")
	sc := &sim.Scenario{Doc: sim.Doc{File: "s.yaml"}, Strategies: map[sim.Side]sim.Setting{}}
	if p, f, err := Sides(sc, pcs, foes); p != "calm" || f != "wild" || err != nil {
		t.Errorf("Sides = %q, %q, %v", p, f, err)
	}
	sc.Strategies[sim.Foes] = sim.Setting{Value: "sly", Node: &yaml.Node{Line: 4}}
	if _, _, err := Sides(sc, pcs, foes); err == nil || err.Error() != `s.yaml:4: strategies.foes: unknown foe strategy "sly"; allowed: wild` {
		t.Errorf("Sides with an unknown foe strategy: %v", err)
	}
}

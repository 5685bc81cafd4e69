package systems

import (
	"reflect"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// A system's two registries: each side its own, listed party first, looked
// up from the scenario together.
func TestRegistries(t *testing.T) {
	r := NewRegistries[int, string]("toy", "calm", "wild")
	r.Party.Register("calm", "waits", 1)
	r.Foes.Register("sly", "hides", "s")
	r.Foes.Register("wild", "attacks", "w")
	want := []Strategy{{Side: sim.Party, Name: "calm", Doc: "waits", Default: true},
		{Side: sim.Foes, Name: "sly", Doc: "hides"}, {Side: sim.Foes, Name: "wild", Doc: "attacks", Default: true}}
	if got := r.Strategies(); !reflect.DeepEqual(got, want) {
		t.Errorf("Strategies() = %+v, want %+v", got, want)
	}
	sc := &sim.Scenario{Doc: sim.Doc{File: "s.yaml"}, Strategies: map[sim.Side]sim.Setting{}}
	if p, f, err := r.Sides(sc); p != "calm" || f != "wild" || err != nil {
		t.Errorf("Sides = %q, %q, %v; want calm, wild", p, f, err)
	}
	sc.Strategies[sim.Foes] = sim.Setting{Value: "sly", Node: &yaml.Node{Line: 4}}
	if p, f, err := r.Sides(sc); p != "calm" || f != "sly" || err != nil {
		t.Errorf("Sides with foes sly = %q, %q, %v", p, f, err)
	}
	sc.Strategies[sim.Party] = sim.Setting{Value: "bold", Node: &yaml.Node{Line: 3}}
	if _, _, err := r.Sides(sc); err == nil || err.Error() != `s.yaml:3: strategies.party: unknown party strategy "bold"; allowed: calm` {
		t.Errorf("Sides with an unknown party strategy: %v", err)
	}
}

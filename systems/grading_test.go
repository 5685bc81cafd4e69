package systems

import (
	"reflect"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func TestCloneGrading(t *testing.T) {
	ts := []Tactic{{Name: "a", Doc: "d", Set: []sim.Assignment{{Path: "strategies.party", Value: "x"}}}}
	got := CloneTactics(ts)
	if !reflect.DeepEqual(got, ts) {
		t.Fatalf("CloneTactics = %+v, want %+v", got, ts)
	}
	got[0].Set[0].Value = "changed"
	if ts[0].Set[0].Value != "x" {
		t.Error("CloneTactics shares the assignments with its source")
	}
	b := &Bands{Lower: []float64{0.1, 0.2}, Source: "s"}
	c := CloneBands(b)
	if !reflect.DeepEqual(c, b) {
		t.Fatalf("CloneBands = %+v, want %+v", c, b)
	}
	c.Lower[0] = 9
	if b.Lower[0] != 0.1 {
		t.Error("CloneBands shares the bounds with its source")
	}
	if CloneBands(nil) != nil {
		t.Error("CloneBands(nil) is not nil")
	}
}

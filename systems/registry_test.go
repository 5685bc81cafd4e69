package systems

import (
	"strings"
	"testing"

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
	}
	for _, c := range cases {
		got, err := r.Get(c.name)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Get(%q): error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Get(%q) = %d, %v; want %d", c.name, got, err, c.want)
		}
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

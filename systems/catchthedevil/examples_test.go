package catchthedevil_test

import (
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Every combatant's standing-by-round series (the survival plot) counts
// every encounter at the start, never grows (nobody comes back), and ends
// with the encounters in which the combatant was neither down nor fled:
// the kernel reports Standing after step 0 and at the end of every round.
func TestStandingByRound(t *testing.T) {
	const trials = 3000
	files, err := fs.Glob(examples.FS, "catchthedevil/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fell := map[sim.Side]bool{}
	for _, f := range files {
		res := systemtest.ExampleResult(t, ctd.System, f, trials, 1)
		for _, c := range res.Combatants {
			s := c.Standing
			if len(s) < 2 || s[0] > trials {
				t.Fatalf("%s, %s: standing by round %v, want at most %d at round 0 and later rounds", f, c.Name, s, trials)
			}
			for r := 1; r < len(s); r++ {
				if s[r] > s[r-1] {
					t.Fatalf("%s, %s: %d standing in round %d, more than the %d of round %d", f, c.Name, s[r], r, s[r-1], r-1)
				}
			}
			out := c.Metrics["down"].Proportion.Events + c.Metrics["fled"].Proportion.Events
			if last := s[len(s)-1]; last != trials-out {
				t.Errorf("%s, %s: %d standing after the last round, want %d less %d down or fled", f, c.Name, last, trials, out)
			}
			fell[c.Side] = fell[c.Side] || out > 0
		}
	}
	if !fell[sim.Party] || !fell[sim.Foes] {
		t.Errorf("some side never went down (%v): the test shows too little", fell)
	}
}

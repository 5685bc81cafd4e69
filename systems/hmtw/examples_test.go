package hmtw_test

import (
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/hmtw"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Every combatant's standing-by-round series (the survival plot) never
// counts more than every encounter; a group that fights from the start
// ends with the encounters in which it was not down, and an adventurer
// with at most those in which it did not die: the kernel reports Standing
// as the fight starts, after every round and when the fight ends.
func TestStandingByRound(t *testing.T) {
	const trials = 1000
	files, err := fs.Glob(examples.FS, "hmtw/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fell := map[sim.Side]bool{}
	for _, f := range files {
		res := systemtest.ExampleResult(t, hmtw.System, f, trials, 1)
		for _, c := range res.Combatants {
			s := c.Standing
			if len(s) < 2 {
				t.Fatalf("%s, %s: standing by round %v, want round 0 and later rounds", f, c.Name, s)
			}
			for r, n := range s {
				if n < 0 || n > trials {
					t.Fatalf("%s, %s: %d standing in round %d of %d encounters", f, c.Name, n, r, trials)
				}
			}
			last := s[len(s)-1]
			if c.Side == sim.Party {
				dead := c.Metrics["death"].Proportion.Events
				if last > trials-dead {
					t.Errorf("%s, %s: %d standing after the last round, but %d of %d encounters killed it", f, c.Name, last, dead, trials)
				}
				fell[c.Side] = fell[c.Side] || last < trials
				continue
			}
			down := c.Metrics["down"].Proportion.Events
			if s[0] == trials && last != trials-down {
				t.Errorf("%s, %s: %d standing after the last round, want %d less %d down", f, c.Name, last, trials, down)
			}
			fell[c.Side] = fell[c.Side] || down > 0
		}
	}
	if !fell[sim.Party] || !fell[sim.Foes] {
		t.Errorf("some side never went down (%v): the test shows too little", fell)
	}
}

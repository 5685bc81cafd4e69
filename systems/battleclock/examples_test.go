package battleclock_test

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Every combatant's standing-by-round series (the survival plot) starts with
// every battle and ends, for each enemy, with the battles in which it was not
// out: the kernel reports Standing at the end of every tick.
func TestStandingByRound(t *testing.T) {
	const trials = 3000
	res := systemtest.ExampleResult(t, bc.System, "battleclock/captain.yaml", trials, 1)
	fell := false
	for _, c := range res.Combatants {
		s := c.Standing
		if len(s) < 2 || s[0] != trials {
			t.Fatalf("%s: standing by round %v, want %d battles at round 0 and later rounds", c.Name, s, trials)
		}
		if c.Side != sim.Foes {
			continue
		}
		outs := c.Metrics["out"].Proportion.Events
		if last := s[len(s)-1]; last != trials-outs {
			t.Errorf("%s: %d standing after the last round, want %d battles less %d out", c.Name, last, trials, outs)
		}
		fell = fell || outs > 0
	}
	if !fell {
		t.Error("no enemy ever went out: the test shows nothing")
	}
}

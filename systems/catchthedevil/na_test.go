package catchthedevil_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// Under option C14 "dying" (the default) nobody dies within the simulation:
// tpk, any_death, deaths and the per-combatant death figure are not
// applicable (E-C3), with a reason naming the option; every other value of
// C14 can kill, and nothing is marked.
func TestDeathMetricsNotApplicableUnderC14Dying(t *testing.T) {
	na := map[string]bool{"tpk": true, "any_death": true, "deaths": true}
	for _, c := range []struct {
		c14   string
		wantN bool
	}{{"dying", true}, {"at-once", false}, {"unless-won", false}, {"untended", false}} {
		t.Run(c.c14, func(t *testing.T) {
			b := compileYAML(t, scenario("  - {character: nurse}", "  - {npc: thug}", "options: {C14: "+c.c14+"}"))
			s := b.Model.Schema()
			check := func(m sim.Metric, want bool) {
				t.Helper()
				switch {
				case want && (m.NA == "" || !strings.Contains(m.NA, "C14")):
					t.Errorf("%s: NA %q, want a reason naming C14", m.Name, m.NA)
				case !want && m.NA != "":
					t.Errorf("%s: NA %q, want applicable", m.Name, m.NA)
				}
			}
			for _, m := range s.Metrics {
				check(m, c.wantN && na[m.Name])
			}
			for _, m := range s.CombatantMetrics {
				check(m, c.wantN && m.Name == "death")
			}
		})
	}
}

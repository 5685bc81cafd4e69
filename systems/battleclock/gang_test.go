package battleclock_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// E-B1: concentrated fire comes from each enemy, so a gang written as one
// entry with `count: 6` and the same six enemies written as six entries
// play alike: with the same seed every figure, per battle and per
// combatant, is the same, under either GM strategy (before E-B1 the gang
// gave any_unconscious 0.05 against 0.20).
func TestGangEqualsEntries(t *testing.T) {
	const n = 20000
	squad := "  - {name: Vega, character: soldier}\n  - {name: Liara, character: adept}\n  - {name: Tali, character: engineer}"
	gang := "  - {enemy: merc, count: 6}"
	six := strings.TrimSuffix(strings.Repeat("  - {enemy: merc}\n", 6), "\n")
	for _, gm := range []string{"default", "concentrate-fire"} {
		strat := "strategies: {foes: " + gm + "}"
		a := systemtest.Run(compileYAML(t, scenario(squad, gang, strat)), n, 1)
		b := systemtest.Run(compileYAML(t, scenario(squad, six, strat)), n, 1)
		for i, m := range a.Schema.Metrics {
			if a.Sum[i] != b.Sum[i] {
				t.Errorf("%s: %s sums to %v with count: 6, %v with six entries", gm, m.Name, a.Sum[i], b.Sum[i])
			}
		}
		for i := range a.Per {
			if a.Per[i] != b.Per[i] {
				t.Errorf("%s: per-combatant slot %d sums to %v with count: 6, %v with six entries", gm, i, a.Per[i], b.Per[i])
			}
		}
		if a.Mean("any_unconscious") == 0 || a.Mean("harm_concentrated") == 0 {
			t.Errorf("%s: no PC knocked out, no concentrated harm: the test shows nothing", gm)
		}
	}
}

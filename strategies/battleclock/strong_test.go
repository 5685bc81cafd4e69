package battleclockstrat_test

import (
	"slices"
	"strings"
	"testing"
)

// mech is two PCs whose blows (2-harm, 3 with terrible harm) cannot get
// through the 3-armor of the one enemy, a mech that hits for 4.
const mech = "party:\n  - {name: Liara, character: adept, strategy: STRAT}\n  - {name: Tali, character: engineer, strategy: STRAT}\nfoes:\n  - {name: Mech, harm: 4, armor: 3}\n"

// Strong play does not trade blows with an enemy it cannot hurt: in the
// first tick of most battles one of the PCs defends, withdraws or keeps
// its head down rather than seize by force against the mech, which every
// exchange and every miss hurts the PC for nothing.
func TestStrongLeavesWhatItCannotHurt(t *testing.T) {
	m := build(t, head+strings.ReplaceAll(mech, "STRAT", "strong"))
	const n = 20
	other := 0
	for k := uint64(0); k < n; k++ {
		ev := replay(m, k)
		for _, pc := range []string{"Liara", "Tali"} {
			if ms := moves(ev, pc, 1); len(ms) == 0 || !strings.HasPrefix(ms[0], "seizes by force") {
				other++
				break
			}
		}
	}
	if other < n*3/4 {
		t.Errorf("strong play left off seizing the mech in the first tick of %d of %d battles", other, n)
	}
}

// Strong play is a strategy like any other: battle k plays the same,
// searched decision by searched decision, whenever it is played.
func TestStrongDeterministic(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Vega, character: soldier, strategy: strong}\n  - {name: Liara, character: adept, strategy: strong}\nfoes:\n  - {enemy: merc, count: 2, strategy: strong}\n  - {enemy: rifleman}\n")
	for k := uint64(0); k < 4; k++ {
		a, b := replay(m, k), replay(m, k)
		if !slices.Equal(a, b) {
			t.Fatalf("battle %d plays two ways", k)
		}
		searched := 0
		for _, e := range a {
			if strings.HasPrefix(e.Text, "strong play: ") {
				searched++
			}
		}
		if searched == 0 {
			t.Fatalf("battle %d: no searched decision narrated", k)
		}
	}
}

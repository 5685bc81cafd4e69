package hmtw

import "testing"

// The griffin's Grab (App C): "Recovering while carried aloft also means a
// fall", and each fall from 20 ft is 2 Piercing Wounds, "the victim may test
// Pentacles to shorten it" (sim reading): a pass, 1 Wound.
func TestGriffinFall(t *testing.T) {
	pass, fail := uint8(MakeCard(Pentacles, 14)), uint8(MakeCard(Swords, 1))
	cases := []struct {
		name    string
		foe     string
		recover bool
		card    uint8
		want    int // Piercing Wounds
	}{
		{"dropped, test failed", "griffin", false, fail, 2},
		{"dropped, test passed", "griffin", false, pass, 1},
		{"Recover aloft, test failed", "griffin", true, fail, 2},
		{"Recover aloft, test passed", "griffin", true, pass, 1},
		{"Recover from a statue's Grab", "animate_statue", true, fail, 0},
	}
	for _, c := range cases {
		k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.foe+"}"))
		a := &k.adv[0]
		a.effects |= Grabbed | Root
		a.grabbedBy, k.mem[0].grabbed = 0, 1
		k.minor.stack, k.minor.si = []uint8{c.card}, 0
		if c.recover {
			k.recoverAdv(0, Grabbed, MakeCard(Cups, 5), "on its turn")
		} else {
			k.startOfGroupTurn(0)
		}
		if a.effects&(Grabbed|Root) != 0 || a.grabbedBy != -1 || k.mem[0].grabbed != 0 {
			t.Errorf("%s: still held (effects %v, by %d)", c.name, a.effects, a.grabbedBy)
		}
		if k.t.piercing != c.want {
			t.Errorf("%s: %d Piercing Wounds, want %d", c.name, k.t.piercing, c.want)
		}
	}
}

package hmtw

import "testing"

// This file tests creature abilities against their texts: breaths, the
// jinn's Invisible, Squeeze, victims carried off the scene, Flutter over a
// hazard, a light against a shadow form.

// A breath is not a melee blow: "Spells, breath weapons and the like act
// 'up to 1 zone away'" (6.2.1), the dragon's "Fire breath reaching up to 1
// zone away", the winter wolf's "Frost breath". In its own zone as a zone
// away, a breath engages nobody, and a Tripped target gives it the
// missile's disfavor, not melee's favor. The dragon's plain Attack stays
// melee.
func TestBreathIsNotMelee(t *testing.T) {
	party := "  - {archetype: cups_chirurgeon, hands: [staff], gear: []}"
	for _, c := range []struct {
		name, foe string
		rider     Ability
		missile   bool
	}{
		{"the dragon's Breath of Fire", "dragon", AbBreathOfFire, true},
		{"the winter wolf's Breath of Ice", "winter_wolf", AbBreathOfIce, true},
		{"the dragon's Attack", "dragon", abNone, false},
	} {
		var value [2]int
		for n, tripped := range []bool{false, true} {
			k := testKernel(t, testScenario(party, "  - {creature: "+c.foe+"}"))
			k.adv[0].init = MakeCard(Cups, 1)
			if tripped {
				k.adv[0].effects |= Trip
			}
			rd := Doom(0)
			if c.rider != abNone {
				rd = 15
			}
			if !k.riderAttack(0, 12, rd, c.rider) {
				t.Fatalf("%s: no Attack", c.name)
			}
			value[n] = k.threat.Value
			if engaged := k.mem[0].engaged != 0; engaged == c.missile {
				t.Errorf("%s, Tripped %v: engaged %v", c.name, tripped, engaged)
			}
		}
		if shift := value[1] - value[0]; c.missile && shift != -3 || !c.missile && shift != 3 {
			t.Errorf("%s: a Tripped target shifts the value by %d (want -3 for a breath, +3 for melee)", c.name, shift)
		}
	}
}

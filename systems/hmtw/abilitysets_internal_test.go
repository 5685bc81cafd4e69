package hmtw

import "testing"

// The sets derived from the ability tables hold what the book lists: the
// greater-doom riders of App. C (riderRules less its passive riders) and
// the grabs a missed Attack falls on (roughRules' holds less the slime's
// engulfing one).
func TestDerivedAbilitySets(t *testing.T) {
	for _, c := range []struct {
		name string
		got  abilitySet
		want abilitySet
	}{
		{"riderDooms", riderDooms, abilitiesOf(AbDeadlyAttack, AbCorrosiveAttack, AbCommand, AbPossess, AbMesmerize, AbWeb,
			AbBackwardsCharge, AbBreathOfFire, AbInfectiousDisease, AbStealFace, AbRiotOfTeeth, AbDolorousKiss,
			AbBreathOfIce, AbPoison, AbSoftIsTheirThroat)},
		{"grabDooms", grabDooms, abilitiesOf(AbGrab, AbDevilBite, AbGriffinGrab)},
	} {
		for a := Ability(1); a < numAbilities; a++ {
			if c.got.has(a) != c.want.has(a) {
				t.Errorf("%s: %s in the set %v, want %v", c.name, abilityTable[a].name, c.got.has(a), c.want.has(a))
			}
		}
	}
}

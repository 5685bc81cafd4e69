package hmtw

import "testing"

// This file tests how GM characters move: Grab and Engulf carrying their
// victims, Flutter, Fleet.

// twoZones is a scene of two adjacent zones, a and b.
const twoZones = "scene: {zones: [a, b]}"

// grabFirst has group 0 grab adventurer 0 (Initiative 1) with doom ab and
// a 14, and returns the GM character holding it.
func grabFirst(t *testing.T, k *kernel, ab Ability) int {
	t.Helper()
	k.adv[0].init = MakeCard(Cups, 1)
	k.gm[0], k.gm[1], k.ngm = 14, 3, 2
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Ability = GMRoughhouse, 0, ab
	a.Targets[0] = 0
	if !k.doGM(0, &a, true) || k.adv[0].effects&Grabbed == 0 || k.adv[0].grabbedBy < 0 {
		t.Fatalf("%s on Initiative 1 did not take hold", abilityTable[ab].name)
	}
	return int(k.adv[0].grabbedBy)
}

// Grab, the Sporehulk's Grab and the slime's Protoplasmic Attack: "the
// victim is Rooted and carried with the statue". The victim moves with
// the creature that holds it, and stays held.
func TestGrabCarriesVictim(t *testing.T) {
	for _, c := range []struct {
		creature string
		ab       Ability
	}{{"animate_statue", AbGrab}, {"sporehulk", AbGrab}, {"slime", AbProtoplasmicAttack}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: wands_sorcerer, zone: a}", "  - {creature: "+c.creature+", zone: a}", twoZones))
			j := grabFirst(t, k, c.ab)
			// A victim that struck its captor is engaged with it, but is
			// not left behind: no parting blow.
			k.engage(0, j)
			hd := k.mem[j].health + k.mem[j].defense
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Zone = GMMove, 0, 1
			if !k.doGM(0, &a, true) || k.zoneOf(j) != 1 {
				t.Fatalf("the %s did not move to b", c.creature)
			}
			v := &k.adv[0]
			if v.zone != 1 {
				t.Errorf("the victim stayed in a while its captor moved to b")
			}
			if v.effects&(Grabbed|Root) != Grabbed|Root || int(v.grabbedBy) != j || k.mem[j].grabbed&1 == 0 {
				t.Errorf("the victim was let go on the way: effects %v, held by %d", v.effects, v.grabbedBy)
			}
			if k.mem[j].health+k.mem[j].defense != hd {
				t.Errorf("the victim it carries struck it as it moved away")
			}
			if c.ab == AbProtoplasmicAttack && v.effects&Engulfed == 0 {
				t.Errorf("the slime's victim is no longer engulfed")
			}
		})
	}
}

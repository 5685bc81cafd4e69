package hmtw

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

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
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.foe+"}"))
			a := &k.adv[0]
			a.effects |= Grabbed | Root
			a.grabbedBy, k.mem[0].grabbed = 0, 1
			k.minor.stack, k.minor.si = []uint8{c.card}, 0
			k.tr = &sim.Trace{}
			if c.recover {
				k.recoverAdv(0, Grabbed, NoItem, MakeCard(Cups, 5), "on its turn")
			} else {
				k.startOfGroupTurn(0)
			}
			if a.effects&(Grabbed|Root) != 0 || a.grabbedBy != -1 || k.mem[0].grabbed != 0 {
				t.Errorf("%s: still held (effects %v, by %d)", c.name, a.effects, a.grabbedBy)
			}
			if k.t.piercing != c.want {
				t.Errorf("%s: %d Piercing Wounds, want %d", c.name, k.t.piercing, c.want)
			}
		})
	}
}

// The face rat's Bad Little Hands "steals one belt item ... Disarm or kill
// the rat to get it back": the first belt item, any kind, held by the rat
// and returned to the belt, or the pack when the belt is full.
func TestBadLittleHands(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: face_rat, count: 2}"))
	a := &k.adv[0]
	a.belt[0], a.belt[1], a.nbelt = Lantern, Poultice, 2
	a.beltWear[0] = 1
	a.npack = 0
	k.tr = &sim.Trace{}
	steal := func(j int) {
		k.roughHit(&strikeCtx{g: 0, j: j, t: 0, mob: 1, form: AbBadLittleHands, rough: true})
	}
	steal(0)
	if a.nbelt != 1 || a.belt[0] != Poultice {
		t.Fatalf("after the theft: belt %v (%d items), want the poultice alone", a.belt, a.nbelt)
	}
	// Disarmed, the rat gives it back, Notches and all.
	k.roughEffect(0, 0, Disarm)
	if j := k.onBelt(0, Lantern); j < 0 || a.beltWear[j] != 1 || a.nbelt != 2 {
		t.Fatalf("after the Disarm: belt %v wear %v, want the lantern back with its Notch", a.belt, a.beltWear)
	}
	// The other rat steals; the belt fills up; the rat goes down: back to
	// the pack.
	steal(1)
	if a.nbelt != 1 {
		t.Fatalf("second theft: belt %v (%d items)", a.belt, a.nbelt)
	}
	a.belt[1], a.belt[2], a.belt[3], a.nbelt = Dagger, Dagger, Dagger, 4
	k.memberDown(1)
	if k.inPack(0, Lantern) < 0 && k.inPack(0, Poultice) < 0 {
		t.Errorf("the rat down: nothing came back to the pack %v", a.pack[:a.npack])
	}
}

// Last Grasp (zombie): "the zombie loses a limb, which fights on ... The
// limb ... cannot use Last Grasp." Only the limb is barred: the zombie
// grasps again once its limb slot is free, four times (four limbs) at most.
func TestLastGraspAgain(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: zombie}"))
	k.gm[0], k.gm[1], k.gm[2], k.gm[3], k.gm[4], k.gm[5], k.ngm = 15, 16, 17, 18, 19, 20, 6
	zombie, limb := &k.mem[0], &k.mem[1]
	const limbs = 4
	kill := func(j int) { k.damageMember(j, 1, false, true, Blade.info().dmg, 0) }
	for n := 1; n <= limbs; n++ {
		k.window++
		kill(0)
		if zombie.down || !limb.active || limb.down {
			t.Fatalf("killing Wound %d: zombie down %v, limb in %v", n, zombie.down, limb.active && !limb.down)
		}
		// The limb cannot grasp: it goes down.
		kill(1)
		if !limb.down {
			t.Fatalf("limb %d used Last Grasp", n)
		}
	}
	if k.ngm != 6-limbs {
		t.Errorf("GM hand %d after %d Last Grasps, want %d", k.ngm, limbs, 6-limbs)
	}
	// No limb left to lose.
	k.window++
	kill(0)
	if !zombie.down {
		t.Error("a zombie lost a fifth limb")
	}
	// Every limb destroyed counts among the foes down, though they shared
	// one slot: four limbs and the zombie.
	rec := sim.NewRecord(k.m.schema)
	k.record(rec)
	if got := rec.Values[k.m.schema.Index("foes_down")]; got != limbs+1 {
		t.Errorf("foes_down %d, want %d", got, limbs+1)
	}
}

// Last Grasp with the zombie's limb still fighting: no free limb slot, so
// the killing Wound lands (one limb per zombie in the fight at a time).
func TestLastGraspLimbStillFighting(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: zombie}"))
	k.gm[0], k.gm[1], k.ngm = 15, 16, 2
	k.damageMember(0, 1, false, true, Blade.info().dmg, 0)
	k.damageMember(0, 1, false, true, Blade.info().dmg, 0)
	if !k.mem[0].down || k.mem[1].down || k.ngm != 1 {
		t.Errorf("zombie down %v, limb down %v, GM hand %d", k.mem[0].down, k.mem[1].down, k.ngm)
	}
}

package hmtw

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// triggerAttack makes group g Attack adventurer 0 with card d (a minor
// action), with greater doom rd for rider ab (rd 0: none) and attack doom
// trig chosen by the GM.
func (k *kernel) triggerAttack(g int, d, rd Doom, ab, trig Ability) bool {
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Ability, a.Trigger, a.Targets[0] = GMAttack, 0, ab, trig, 0
	k.gm[0], k.ngm = d, 1
	if rd != 0 {
		k.gm[1], k.ngm, a.Rider = rd, 2, 1
	}
	return k.gmAttack(g, &a, false)
}

// "If a creature has multiple dooms that activate when they Attack, the GM
// chooses only one per Attack action" (rulebook App. C p.246; the rules
// spec's errata E-H6): the lion's Claw or its Bite, the dragon's Claw, Tail
// Whip, Breath of Fire or Overwhelming Bite, never two on one Attack.
// Adventurer 0 is struck, adventurer 1 stands beside it; neither holds an
// Initiative (0), so a Claw always doubles.
func TestOneAttackDoomPerAttack(t *testing.T) {
	party := "  - {archetype: cups_chirurgeon, count: 2, gear: []}"
	cases := []struct {
		name, foe     string
		card, rd      Doom
		rider, trig   Ability
		struck, other int // Wounds on adventurer 0 and on 1
		trip          bool
	}{
		{"lion: Claw, no Bite", "lion", 14, 0, abNone, AbClaw, 2, 0, false},
		{"lion: Bite, no Claw", "lion", 14, 0, abNone, AbBite, 1, 0, true},
		{"dragon: Tail Whip, no Claw", "dragon", 9, 0, abNone, AbTailWhip, 1, 1, false},
		{"dragon: Claw, no Tail Whip", "dragon", 9, 0, abNone, AbClaw, 2, 0, false},
		{"dragon: Breath of Fire, no Tail Whip", "dragon", 9, 15, AbBreathOfFire, AbTailWhip, 3, 0, false},
		{"dragon: Overwhelming Bite, no Tail Whip or Claw", "dragon", 20, 0, abNone, AbTailWhip, 1, 0, true},
		{"griffin: its one doom, Talons, unasked", "griffin", 14, 0, abNone, abNone, 2, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario(party, "  - {creature: "+c.foe+"}"))
			if !k.triggerAttack(0, c.card, c.rd, c.rider, c.trig) {
				t.Errorf("%s: no Attack", c.name)
				return
			}
			a := &k.adv[0]
			if int(a.wounds) != c.struck || int(k.adv[1].wounds) != c.other || (a.effects&Trip != 0) != c.trip {
				t.Errorf("%s: Wounds %d and %d, Tripped %v; want %d and %d, %v", c.name, a.wounds, k.adv[1].wounds,
					a.effects&Trip != 0, c.struck, c.other, c.trip)
			}
		})
	}
}

// A GM policy that leaves the choice open (GMAction.Trigger none) gets one
// of the creature's attack dooms drawn at random, never both and never
// always the one the bestiary lists first.
func TestAttackDoomDrawn(t *testing.T) {
	claw, bite := 0, 0
	for seed := uint64(0); seed < 200; seed++ {
		k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, gear: []}", "  - {creature: lion}"))
		k.r = sim.NewRand(seed, 0)
		if !k.triggerAttack(0, 14, 0, abNone, abNone) {
			t.Fatal("no Attack")
		}
		a := &k.adv[0]
		tripped := a.effects&Trip != 0
		switch {
		case a.wounds == 2 && !tripped:
			claw++
		case a.wounds == 1 && tripped:
			bite++
		default:
			t.Fatalf("seed %d: Wounds %d, Tripped %v: not one doom", seed, a.wounds, tripped)
		}
	}
	if claw < 60 || bite < 60 {
		t.Errorf("200 draws: Claw %d, Bite %d; want each about half", claw, bite)
	}
}

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
		t.Run(c.name, func(t *testing.T) {
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
		})
	}
}

// The jinn's Invisible: it "Becomes Shrouded until it touches the physical
// world", and a Shrouded creature "Cannot be deliberately targeted while
// still and quiet. When moving or interacting, it can be targeted at
// disfavor" (6.7). Nothing there ends an engagement. Still, it cannot be
// targeted; in the window of its Move it can, at disfavor; in the next
// window it is still again.
func TestInvisibleJinn(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_two_hander, zone: a}\n  - {archetype: swords_two_hander, zone: b}",
		"  - {creature: jinn, zone: a}", "scene: {zones: [a, b]}"))
	k.engage(0, 0)
	k.window = 1
	k.gm[0], k.gm[1], k.ngm = 3, 4, 2
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Ability = GMAbility, 0, AbInvisible
	if !k.doGM(0, &a, true) || !k.grp[0].shrouded {
		t.Fatal("Invisible was not played")
	}
	if k.mem[0].engaged&1 == 0 || k.adv[0].engaged&1 == 0 {
		t.Error("turning Invisible disengaged the jinn")
	}
	strike := Action{Kind: Attack, Card: 0, Target: 0, Ally: -1, Hazard: -1, Zone: -1}
	k.adv[1].hand[0], k.adv[1].nh = MakeCard(Swords, 9), 1
	if k.legal(1, &strike, modeTurn) {
		t.Error("the still, Shrouded jinn can be targeted")
	}
	a.Reset()
	a.Kind, a.Card, a.Zone = GMMove, 0, 1
	if !k.doGM(0, &a, true) || k.zoneOf(0) != 1 {
		t.Fatal("the jinn did not move to b")
	}
	if !k.legal(1, &strike, modeTurn) {
		t.Error("the jinn moving into b cannot be targeted")
	} else if _, dis := k.attackFavor(1, 0, k.adv[1].weapon(), false); !dis {
		t.Error("an Attack on the moving, Shrouded jinn has no disfavor")
	}
	k.window++
	if k.legal(1, &strike, modeTurn) {
		t.Error("the jinn, still again in the next window, can be targeted")
	}
}

// A creature that flees the scene lets go of what it holds. Grab and the
// Protoplasmic Attack carry a victim "Rooted and carried" within the
// scene; the fight cannot follow one out of it, and a creature gone from
// the scene neither Squeezes, Grinds nor dissolves anyone. Letting go of a
// griffin's victim is a drop: "falling damage from the room's height".
func TestFleeLetsGo(t *testing.T) {
	for _, c := range []struct {
		creature string
		ab       Ability
		fall     bool
	}{{"animate_statue", AbGrab, false}, {"slime", AbProtoplasmicAttack, false}, {"griffin", AbGriffinGrab, true}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: wands_sorcerer}", "  - {creature: "+c.creature+"}"))
			k.adv[0].init = MakeCard(Cups, 1)
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Ability, a.Targets[0] = GMRoughhouse, 0, c.ab, 0
			k.gm[0], k.ngm = 14, 1
			if c.ab == AbGriffinGrab {
				k.gm[1], k.ngm, a.Rider = 15, 2, 1
			}
			if !k.doGM(0, &a, true) || k.adv[0].grabbedBy < 0 {
				t.Fatalf("the %s did not take hold", c.creature)
			}
			j := int(k.adv[0].grabbedBy)
			k.gm[0], k.ngm = 3, 1
			a.Reset()
			a.Kind, a.Card = GMFlee, 0
			if !k.doGM(0, &a, true) || !k.mem[j].fled {
				t.Fatalf("the %s did not flee", c.creature)
			}
			v := &k.adv[0]
			if v.effects&(Grabbed|Root|Engulfed) != 0 || v.grabbedBy >= 0 || k.mem[j].grabbed != 0 {
				t.Errorf("the victim is still held by a creature that left: effects %v, held by %d", v.effects, v.grabbedBy)
			}
			if fell := v.wounds > 0; fell != c.fall {
				t.Errorf("the victim took %d Wounds on being let go; a fall: %v", v.wounds, c.fall)
			}
			before := v.wounds
			k.startOfAdvTurn(0)
			if v.wounds != before {
				t.Errorf("the victim took a Wound at the start of its turn from a creature gone from the scene")
			}
		})
	}
}

// Flutter "flies 1 zone away" but not over a hazard for free: a hazard
// between zones is passed with Avoid (6.2.4), and a Move (canStep) cannot
// cross it. The cockatrice flies to a zone with no hazard on the way, or,
// with none, only disengages.
func TestFlutterNotOverHazard(t *testing.T) {
	for _, c := range []struct {
		name, scene, guild string
		want               int8
	}{
		{"the far side of the pendulum is emptier: the other way", "scene: {zones: [a, b, c], hazards: [{name: pendulum, between: [b, c]}]}",
			"  - {archetype: wands_sorcerer, zone: b}\n  - {archetype: wands_sorcerer, zone: a}", 0},
		{"only the pendulum's way out: it stays", "scene: {zones: [a, b], hazards: [{name: pendulum, between: [a, b]}]}",
			"  - {archetype: wands_sorcerer, zone: b}", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario(c.guild, "  - {creature: cockatrice, zone: b}", c.scene))
			k.engage(0, 0)
			k.gm[0], k.ngm = 15, 1
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Ability = GMAbility, 0, AbFlutterAway
			if !k.doGM(0, &a, false) {
				t.Fatalf("%s: Flutter was not played", c.name)
			}
			if got := k.zoneOf(0); got != c.want {
				t.Errorf("%s: flew to %s, want %s", c.name, k.m.scene.zones[got], k.m.scene.zones[c.want])
			}
			if k.mem[0].engaged != 0 {
				t.Errorf("%s: still engaged", c.name)
			}
		})
	}
}

// A raised light makes tangible the shadow forms in the raiser's zone
// (TestRaisedLightIsLocal), so a weapon could harm a shadow form only
// through a light an able adventurer holds in its zone: one held a zone
// away, or by someone down, lifts nothing.
func TestCanHarmShadowNeedsLightThere(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, hands: [torch], zone: a}\n  - {archetype: swords_two_hander, zone: b}",
		"  - {creature: wraith, zone: b}", "scene: {zones: [a, b]}"))
	v := &k.view
	if v.CanHarmWith(Blade, 0) {
		t.Error("a blade could harm the wraith in b through a light held in a")
	}
	k.adv[0].zone = 1
	if !v.CanHarmWith(Blade, 0) {
		t.Error("a blade could not harm the wraith through a light held beside it")
	}
	k.adv[0].effects |= Knockout
	if v.CanHarmWith(Blade, 0) {
		t.Error("a blade could harm the wraith through a light held by someone Knocked out")
	}
}

package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// traceText is the text of k's trace.
func traceText(k *kernel) string {
	var sb strings.Builder
	_ = k.tr.WriteText(&sb)
	return sb.String()
}

// memberOfPool is the GM character of group g's pool id, or -1.
func memberOfPool(k *kernel, g int, id string) int {
	for x, ms := range k.m.groups[g].members {
		if ms.pool == id {
			return int(k.grp[g].lo) + x
		}
	}
	return -1
}

// The Yellow King's May Failure Be Your Noose: "When an adventurer's action
// fails against his Initiative, he may at once play a card ... against that
// adventurer", whatever the action: an Attack, a Roughhouse, an
// incantation, a thrown bomb or salt, an Avoid that fails to slip him.
func TestNooseOnEveryFailure(t *testing.T) {
	c := MakeCard(Cups, 1)
	for _, tc := range []struct {
		name string
		act  func(k *kernel, j int)
	}{
		{"Attack", func(k *kernel, j int) { k.advAttack(0, j, 1, c, "on its turn", false, modeTurn) }},
		{"Roughhouse", func(k *kernel, j int) { k.advRoughhouse(0, j, 1, c, Trip, "on its turn", false) }},
		{"Speak Incantation", func(k *kernel, j int) {
			a := Action{Kind: Incant, Spell: Withering, Target: int8(j), Ally: -1}
			k.cast(0, &a, 1, c, "on its turn")
		}},
		{"thrown salt", func(k *kernel, j int) {
			k.adv[0].hands = [2]Item{Salt, NoItem}
			k.adv[0].rearm()
			a := Action{Kind: UseItem, Item: Salt, Target: int8(j), Ally: -1, Hazard: -1, Zone: -1}
			k.advUseItem(0, &a, 1, c, "on its turn")
		}},
		{"Avoid to disengage", func(k *kernel, j int) {
			k.engage(0, j)
			a := Action{Kind: Avoid, Target: -1, Ally: -1, Hazard: -1, Zone: -1}
			k.advAvoid(0, &a, 1, c, "on its turn")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, gear: []}", "  - {creature: lich_yellow_king}"))
			k.tr = &sim.Trace{}
			j := memberOfPool(k, 0, "body")
			k.grp[0].init = 12
			k.adv[0].init = MakeCard(Cups, 2)
			k.gm[0], k.ngm = 5, 1
			tc.act(k, j)
			if text := traceText(k); !strings.Contains(text, "May Failure Be Your Noose") || k.ngm != 0 {
				t.Errorf("%s failed against the King: no Noose (GM hand %d)\n%s", tc.name, k.ngm, text)
			}
		})
	}
}

// An axe's carry-on blow (p.170) is a weapon hit like the first: the
// Ungoat's Maleficent Retribution ("Whoever Wounds it directly draws on a
// random maleficence table") and the mimic's Harden answer it.
func TestAxeCarryOnIsAHit(t *testing.T) {
	party := "  - {archetype: swords_shieldbearer, hands: [axe], gear: []}"
	k := testKernel(t, testScenario(party, "  - {creature: ungoat, count: 2}"))
	k.tr = &sim.Trace{}
	k.memberDown(0)
	k.axeChain(0, 0, 20)
	if text := traceText(k); !strings.Contains(text, "the axe carries on") || !strings.Contains(text, "maleficent retribution") {
		t.Errorf("the axe carried on into an Ungoat: no maleficence\n%s", text)
	}
	k = testKernel(t, testScenario(party, "  - {creature: mimic, count: 2}"))
	k.gm[0], k.gm[1], k.ngm = 15, 16, 2
	k.grp[0].acted = true
	k.memberDown(0)
	k.axeChain(0, 0, 20)
	if k.mem[1].health+k.mem[1].defense == 8 {
		t.Fatal("the axe did not carry on into the second mimic")
	}
	if im, _ := k.immune(1, Axe.info().dmg); !im {
		t.Error("the mimic Wounded by the axe's carry-on did not Harden against it")
	}
	// An axe the first hit's retribution or acid took away carries on no
	// further.
	k = testKernel(t, testScenario(party, "  - {creature: ungoat, count: 2}"))
	k.memberDown(0)
	k.adv[0].hands = [2]Item{}
	k.adv[0].rearm()
	k.axeChain(0, 0, 20)
	if k.mem[1].health != 2 {
		t.Error("a lost axe carried on")
	}
}

// A Roughhouse is a physical maneuver: it passes through the wraith's
// Shadow Form ("Physical attacks have no effect" until a light is raised)
// and the jinn's Body of Smokeless Fire ("physical objects pass through it
// while intangible"), and lands once the creature is tangible.
func TestRoughhouseIntangible(t *testing.T) {
	for _, foe := range []string{"wraith", "jinn"} {
		for _, eff := range []Effect{Trip, Root, Displace} {
			for _, tangible := range []bool{false, true} {
				k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, hands: [torch], zone: a}",
					"  - {creature: "+foe+", zone: a}", "scene: {zones: [a, b]}"))
				k.tr = &sim.Trace{}
				if tangible && foe == "wraith" {
					raise := Action{Kind: Trivial, Card: -1, Target: -1, Ally: -1, Hazard: -1, Zone: -1}
					k.resolveAdv(0, &raise, MakeCard(Cups, 2), modeTurn, NoCard)
				}
				if tangible && foe == "jinn" {
					k.grp[0].tangible = true
				}
				k.advRoughhouse(0, 0, 20, MakeCard(Cups, 10), eff, "on its turn", false)
				landed := k.mem[0].effects&eff != 0
				if eff == Displace {
					landed = k.mem[0].zone != 0
				}
				if landed != tangible {
					t.Errorf("%s, tangible %v: %s landed %v\n%s", foe, tangible, effectName(eff), landed, traceText(k))
				}
			}
		}
	}
}

// Shadow Form: a light raised makes "it" (the wraith it is raised at)
// "tangible to everyone until the end of the round", not every shadow
// form in every zone. Raised in one zone it leaves a wraith in another
// intangible (a light there can still be raised), and the wraith it lit
// stays tangible wherever it goes until the round ends.
func TestRaisedLightIsLocal(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2, hands: [torch], zone: a}",
		"  - {creature: wraith, count: 2, zone: a}", "scene: {zones: [a, b]}"))
	k.mem[1].zone, k.adv[1].zone = 1, 1
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Cups, 2), 1
	k.adv[1].hand[0], k.adv[1].nh = MakeCard(Cups, 3), 1
	raise := Action{Kind: Trivial, Card: 0, Target: -1, Ally: -1, Hazard: -1, Zone: -1}
	if !k.legal(0, &raise, modeTurn) {
		t.Fatal("raising a light at a wraith is not legal")
	}
	k.resolveAdv(0, &raise, k.adv[0].hand[0], modeTurn, NoCard)
	blade := Blade.info().dmg
	if im, _ := k.immune(0, blade); im {
		t.Error("the wraith the light was raised at is still intangible")
	}
	if im, _ := k.immune(1, blade); !im {
		t.Error("a light raised in zone a made the wraith in zone b tangible")
	}
	if k.legal(0, &raise, modeTurn) {
		t.Error("a second light in zone a is legal: nothing there is left to make tangible")
	}
	if !k.legal(1, &raise, modeTurn) {
		t.Error("the light cannot be raised at the wraith in zone b")
	}
	k.mem[0].zone = 1
	if im, _ := k.immune(0, blade); im {
		t.Error("the lit wraith turned intangible again on moving away before the round ended")
	}
	k.drawPhase()
	if im, _ := k.immune(0, blade); !im {
		t.Error("the wraith is still tangible in the next round")
	}
}

// A Recover with no effect named takes the worst one it can shake off, or
// picks up a dropped weapon: not the Exhaustion of a poison, which Recover
// cannot clear (p.96).
func TestRecoverSkipsPoison(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer, hands: [blade], gear: []}", "  - {creature: goblin_raider}"))
	a := &k.adv[0]
	a.effects |= Poisoned | Exhaust
	a.dropped[0], a.ndropped, a.hands = a.weapon(), 1, [2]Item{}
	a.rearm()
	k.recoverAdv(0, 0, NoItem, MakeCard(Wands, 1), "on its turn")
	if a.ndropped != 0 || a.weapon() != Blade {
		t.Errorf("a poisoned adventurer's Recover did not pick up its blade: dropped %s, holds %s", a.firstDropped(), a.weapon())
	}
}

// Throw Stones ("A ranged Attack") and a GM member's bow are ranged in
// their own zone too, as the Lich's arcane blast is: a hit engages nobody,
// and a Tripped target gives disfavor, not favor. The statue's plain
// Attack and a goblin without a bow stay melee.
func TestRangedInOwnZone(t *testing.T) {
	party := "  - {archetype: cups_chirurgeon, hands: [staff], gear: []}"
	for _, c := range []struct {
		name, foe string
		form      Ability
		missile   bool
	}{
		{"the statue's Throw Stones", "{creature: animate_statue}", AbThrowStones, true},
		{"the statue's Attack", "{creature: animate_statue}", abNone, false},
		{"a goblin's bow", "{creature: goblin_raider, ranged: 1}", abNone, true},
		{"a goblin's blade", "{creature: goblin_raider, ranged: 0}", abNone, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			value := [2]int{}
			for n, tripped := range []bool{false, true} {
				k := testKernel(t, testScenario(party, "  - "+c.foe))
				if tripped {
					k.adv[0].effects |= Trip
				}
				if !k.riderAttack(0, 10, 0, c.form) {
					t.Fatalf("%s: no Attack", c.name)
				}
				value[n] = k.threat.Value
				if k.adv[0].engaged != 0 == c.missile {
					t.Errorf("%s, Tripped %v: engaged %v", c.name, tripped, k.adv[0].engaged != 0)
				}
			}
			if shift := value[1] - value[0]; c.missile && shift != -3 || !c.missile && shift != 3 {
				t.Errorf("%s: a Tripped target shifts the value by %d (want -3 for a missile, +3 for melee)", c.name, shift)
			}
		})
	}
	// An engaged archer "cannot make missile attacks" (6.2.2): it fights in
	// melee, and a Tripped target gives it favor.
	k := testKernel(t, testScenario(party, "  - {creature: goblin_raider, ranged: 1}"))
	k.engage(0, 0)
	k.adv[0].effects |= Trip
	if !k.riderAttack(0, 10, 0, abNone) || k.threat.Value != 10+3 {
		t.Errorf("an engaged archer at a Tripped target: %d, want 13 (a minor action: face value, melee favor)", k.threat.Value)
	}
}

// A thrown item "works like an Attack in every way" (5.12): the imp turns
// it with its Bad Luck Machine, a web bomb passes through an intangible
// wraith, and a waiting Riposte answers it.
func TestThrownLikeAnAttack(t *testing.T) {
	throw := func(k *kernel, it Item) {
		a := &k.adv[0]
		a.hands = [2]Item{it, NoItem}
		a.hand[0], a.nh = MakeCard(Cups, 12), 1
		k.advUseItem(0, &Action{Kind: UseItem, Card: 0, Target: 0, Item: it}, 12, MakeCard(Cups, 12), "on its turn")
	}
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2}", "  - {creature: imp}"))
	k.gm[0], k.ngm = 15, 1
	k.grp[0].init = 3
	throw(k, Bomb)
	if k.ngm != 0 || k.mem[0].dealt != 0 {
		t.Errorf("a bomb at the imp: the GM holds %d cards, the imp took %d Wounds; want the Bad Luck Machine", k.ngm, k.mem[0].dealt)
	}
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: wraith}"))
	k.grp[0].init = 3
	throw(k, WebBomb)
	if k.mem[0].effects&Webbed != 0 {
		t.Error("a web bomb webbed an intangible wraith")
	}
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}"))
	k.grp[0].init = 20
	k.grp[0].fd = facedown{kind: Riposte, value: 14, card: 5}
	throw(k, Bomb)
	if k.grp[0].fd.kind != Skip || k.t.wounds == 0 {
		t.Errorf("a missed bomb: Riposte left %v, the thrower took %d Wounds", k.grp[0].fd.kind, k.t.wounds)
	}
}

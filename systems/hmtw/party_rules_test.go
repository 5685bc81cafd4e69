package hmtw

import "testing"

// This file tests the guild's own rules in the fight: a healing potion
// for the dying, Recover and a dropped item.

// useAct is a Use Item of it with the first card in hand, on ally.
func useAct(it Item, ally int) Action {
	var a Action
	a.Reset()
	a.Kind, a.Card, a.Item, a.Ally = UseItem, 0, it, int8(ally)
	return a
}

// A healing potion is a Heal source for someone at Death's Door (6.10.3:
// "Sources include Chirurgeon, the Life spell and Heal potions"; H-12:
// "First any Heal source (..., a potion)"): its holder pours it into a
// dying ally in its zone with a Use Item (Cups as a minor action), and
// still drinks it itself.
func TestPotionForTheDying(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer, hands: [blade, heal_potion]}\n  - {archetype: pentacles_skirmisher}",
		"  - {creature: ogre}")
	k := testKernel(t, src)
	a := &k.adv[0]
	a.hand[0], a.hand[1], a.nh = MakeCard(Swords, 3), MakeCard(Cups, 2), 2
	k.toDeathsDoor(1)
	pour := useAct(HealPotion, 1)
	if !k.legal(0, &pour, modeTurn) {
		t.Fatal("a held healing potion cannot be poured into a dying ally in the zone")
	}
	if k.minorSuitOK(0, UseItem, a.hand[0], HealPotion) || !k.minorSuitOK(0, UseItem, a.hand[1], HealPotion) {
		t.Error("pouring a potion as a minor action: not a Cups action")
	}
	// Not an ally in another zone, nor one who is merely hurt.
	k.adv[1].zone = 1
	if k.legal(0, &pour, modeTurn) {
		t.Error("a potion poured into an ally in another zone")
	}
	k.adv[1].zone = a.zone
	// An ally beyond the party, from a careless policy, is refused.
	for _, ally := range []int{2, MaxParty, 100} {
		if far := useAct(HealPotion, ally); k.legal(0, &far, modeTurn) {
			t.Errorf("a potion poured into adventurer %d of 2", ally)
		}
	}
	if !k.doAdv(0, &pour, modeTurn) {
		t.Fatal("the potion was not poured")
	}
	if b := &k.adv[1]; b.door || !b.stressed || k.holds(0, HealPotion) {
		t.Errorf("after the potion: door %v, stressed %v, potion still held %v", b.door, b.stressed, k.holds(0, HealPotion))
	}
	k.adv[1].injured = true
	a.hands[1] = HealPotion
	a.hand[0], a.nh = MakeCard(Swords, 3), 1
	if k.legal(0, &pour, modeTurn) {
		t.Error("a potion poured into a conscious ally (only the dying cannot drink)")
	}
	// Its holder drinks it as before.
	a.injured = true
	drink := useAct(HealPotion, -1)
	if !k.doAdv(0, &drink, modeTurn) || a.injured || k.holds(0, HealPotion) {
		t.Errorf("the holder's own potion: injured %v, still held %v", a.injured, k.holds(0, HealPotion))
	}
}

// recoverAct is a Recover with the first card in hand.
func recoverAct(eff Effect, it Item) Action {
	var a Action
	a.Reset()
	a.Kind, a.Card, a.Effect, a.Item = Recover, 0, eff, it
	return a
}

// Recover removes "one effect you suffer (stand up from prone, pick up a
// dropped item, ...)" (6.5.4), the player's choice: a Recover naming the
// dropped item (Item, or Effect Disarm) picks it up even while another
// effect could be shaken off; one naming nothing leaves the kernel's
// choice as it was.
func TestRecoverPicksUpNamedItem(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer, hands: [blade], gear: []}", "  - {creature: goblin_raider}")
	for _, c := range []struct {
		name string
		act  Action
	}{{"Item", recoverAct(0, Blade)}, {"Effect Disarm", recoverAct(Disarm, NoItem)}} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, src)
			a := &k.adv[0]
			k.disarmAdv(0, true)
			a.effects |= Blind
			a.hand[0], a.nh = MakeCard(Wands, 2), 1
			if k.holds(0, Blade) {
				t.Fatal("the blade was not dropped")
			}
			if !k.doAdv(0, &c.act, modeTurn) {
				t.Fatalf("%s: the Recover was refused", c.name)
			}
			if !k.holds(0, Blade) || a.effects&Blind == 0 {
				t.Errorf("%s: holds the blade %v, still Blind %v; want the blade picked up, Blind kept", c.name, k.holds(0, Blade), a.effects&Blind != 0)
			}
		})
	}
	// An item that is not on the floor cannot be picked up.
	k := testKernel(t, src)
	k.adv[0].effects |= Blind
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Wands, 2), 1
	if act := recoverAct(0, Dagger); k.legal(0, &act, modeTurn) {
		t.Error("a Recover picks up a dagger that was never dropped")
	}
	// Nothing named: the worst effect first, as before.
	k.disarmAdv(0, true)
	if act := recoverAct(0, NoItem); !k.doAdv(0, &act, modeTurn) || k.holds(0, Blade) || k.adv[0].effects&Blind != 0 {
		t.Errorf("a Recover naming nothing: holds the blade %v, Blind %v; want Blind shaken off first", k.holds(0, Blade), k.adv[0].effects&Blind != 0)
	}
}

// A second Disarm while an item lies on the floor: "The victim drops one
// held item of the victim's choice. Picking it up takes a Recover action"
// (6.7). Nothing takes the first item away, so both lie there and each
// takes its own Recover (the weapon first when none is in hand).
func TestSecondDisarmKeepsBoth(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: pentacles_skirmisher, hands: [blade, light_shield], gear: []}", "  - {creature: goblin_raider}"))
	a := &k.adv[0]
	k.disarmAdv(0, true)
	k.disarmAdv(0, true)
	if a.hands != [2]Item{} {
		t.Fatalf("after two Disarms the hands hold %v", a.hands)
	}
	a.hand[0], a.hand[1], a.nh = MakeCard(Wands, 2), MakeCard(Wands, 3), 2
	act := recoverAct(0, NoItem)
	if !k.doAdv(0, &act, modeTurn) || !k.holds(0, Blade) {
		t.Errorf("the first Recover: holds %v, want the blade", a.hands)
	}
	act = recoverAct(0, NoItem)
	if !k.doAdv(0, &act, modeTurn) || !k.holds(0, LightShield) || !k.holds(0, Blade) {
		t.Errorf("the second Recover: holds %v, want the blade and the light shield", a.hands)
	}
	if act = recoverAct(0, NoItem); k.legal(0, &act, modeTurn) {
		t.Error("a Recover with nothing left to recover")
	}
}

// A Riposte answers one blow once: a polearm's first, any other after
// the blow; the lion's Bite that Disarms a Tripped polearm-bearer does not
// make its Riposte answer a second time (which put its card on the
// discard pile twice).
func TestPolearmRiposteAnswersOnce(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_two_hander}", "  - {creature: lion}"))
	a := &k.adv[0]
	a.xp = 0 // no Aegis to keep the polearm
	a.effects |= Trip
	a.init, a.revealed = MakeCard(Swords, 2), true
	rip := MakeCard(Cups, 3)
	for j := 0; j < k.minor.n; j++ {
		if Card(k.minor.pile[j]) == rip {
			k.minor.n--
			k.minor.pile[j] = k.minor.pile[k.minor.n]
		}
	}
	a.fd = facedown{kind: Riposte, value: 1, ally: 0, card: uint8(rip)}
	if !k.polearm(0) {
		t.Fatal("the orc holds no polearm")
	}
	nd := k.minor.nd
	k.strike(&strikeCtx{g: 0, j: 0, t: 0, value: 30, own: true, trigger: AbBite}) // the GM chose its Bite (errata E-H6)
	if a.weapon() != NoItem {
		t.Fatalf("the Bite did not Disarm the Tripped orc (holds %v): the case is not met", a.weapon())
	}
	if got := k.minor.nd - nd; got != 1 {
		t.Errorf("the Riposte's card went to the discard pile %d times, want once", got)
	}
}

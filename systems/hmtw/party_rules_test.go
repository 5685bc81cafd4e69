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

package hmtwstrat

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems/hmtw"
)

// This file holds the guild's spells, lights, weapons and Banter.

// spell picks a Speak Incantation worth its Resolve (keeping one back):
// Heavenfire on what is worth it (heavenfireWorth), when the card beats a
// face-up Initiative. (Such a sorcerer holds its Initiative high, to act
// after what it would strike: see pickInitiative.)
func (s style) spell(v *hmtw.View, self int, a *hmtw.Action) bool {
	if !v.Knows(self, hmtw.Heavenfire) || v.Resolve(self) <= max(s.keepResolve, 1) || v.HandSize(self) == 0 {
		return false
	}
	c := highestCard(v, self)
	if c < 0 {
		return false
	}
	val := v.Card(self, c).Value() + v.Attr(self, hmtw.Wands)
	for j := 0; j < v.Members(); j++ {
		if !v.MemberIn(j) || !heavenfireWorth(v, j) {
			continue
		}
		g := v.MemberGroup(j)
		if init, up := v.GroupInit(g); !up || !v.Beats(val, init, v.Group(g).Shield) {
			continue
		}
		a.Kind, a.Card, a.Target, a.Spell = hmtw.Incant, int8(c), int8(j), hmtw.Heavenfire
		if v.Legal(self, a) {
			return true
		}
		a.Reset()
	}
	return false
}

// wither speaks Withering (a Wound to a living target; the Wastes)
// when self has no Attack with what it holds: engaged with a wand it
// cannot blast (a missile weapon needs to be disengaged), or holding
// nothing that harms a living foe within reach. The target: a living GM
// character, not a shadow form, whose face-up Initiative self's highest
// card (Wands added) beats; one it finishes first, then the one with least
// left, then a draw. It keeps a Resolve back, as for Heavenfire. An Avoid to
// get clear costs the turn and deals nothing; the spell deals the Wound
// now.
func (s style) wither(v *hmtw.View, self int, a *hmtw.Action) bool {
	if !v.Speakable(self, hmtw.Withering) || v.Resolve(self) <= max(s.keepResolve, 1) {
		return false
	}
	c := highestCard(v, self)
	if c < 0 {
		return false
	}
	val := v.Card(self, c).Value() + v.Attr(self, hmtw.Wands) + selfDisfavor(v, self)
	p := weakestPick{best: -1}
	for j := 0; j < v.Members(); j++ {
		g := v.MemberGroup(j)
		if !v.MemberIn(j) || !v.Group(g).Living || v.Has(g, hmtw.AbShadowForm) {
			continue
		}
		init, up := v.GroupInit(g)
		if !up || !v.Beats(val, init, v.MemberTie(j, hmtw.NoItem)) {
			continue
		}
		a.Kind, a.Card, a.Target, a.Spell = hmtw.Incant, int8(c), int8(j), hmtw.Withering
		if !v.Legal(self, a) {
			a.Reset()
			continue
		}
		a.Reset()
		p.offer(v, j)
	}
	if p.best < 0 {
		return false
	}
	a.Kind, a.Card, a.Target, a.Spell = hmtw.Incant, int8(c), int8(p.best), hmtw.Withering
	return true
}

// shakable is eff without what Recover cannot clear: a poisoned
// adventurer's Exhaustion is an affliction (p.96: cured by a specific cure,
// bezoars, leeches or Life, progressing at camp), not an effect to shake
// off in a fight, so no card is spent on it; nor on the Blindness of a
// guild in the dark.
func shakable(eff hmtw.Effect) hmtw.Effect {
	if eff&hmtw.Poisoned != 0 {
		eff &^= hmtw.Exhaust
	}
	if eff&hmtw.Dark != 0 {
		eff &^= hmtw.Blind // the dark's: only a light ends it
	}
	return eff
}

// raiseLight makes self the guild's light-raiser against a shadow form (the
// wraith's Shadow Form, p.284: physical harm passes through it unless an
// adventurer holding a torch or lantern spends a miscellaneous action, any
// card, to make it tangible to everyone until the end of the round). The
// choice: the first adventurer in marching order holding a light in a zone
// with a shadow form not yet made tangible this round raises it with its
// lowest card, as a minor action in the first window it may (before any
// minor Attack: the light is what lets every Attack that follows count)
// while someone in the zone has yet to act this round, or on its own turn
// when it has no Attack worth making and an ally in the zone still holds
// cards to Attack with. One raiser a zone: a second card would change
// nothing.
func raiseLight(v *hmtw.View, self int, minor bool, a *hmtw.Action) bool {
	if !v.Holds(self, hmtw.Torch) && !v.Holds(self, hmtw.Lantern) {
		return false
	}
	c := lowestCard(v, self)
	if c < 0 {
		return false
	}
	a.Kind, a.Card = hmtw.Trivial, int8(c)
	if minor && !v.LegalMinor(self, a) || !minor && !v.Legal(self, a) {
		a.Reset()
		return false // no shadow form in the zone, or already tangible
	}
	z, first, waiting := v.Zone(self), -1, false
	for i := 0; i < v.Adventurers(); i++ {
		if !v.Able(i) || !v.Present(i) || v.Zone(i) != z {
			continue
		}
		if first < 0 && (v.Holds(i, hmtw.Torch) || v.Holds(i, hmtw.Lantern)) && v.HandSize(i) > 0 {
			first = i
		}
		if minor && !v.Acted(i) || !minor && i != self && v.HandSize(i) > 0 {
			waiting = true
		}
	}
	if first != self || !waiting {
		a.Reset()
		return false
	}
	return true
}

// arm pulls from self's belt or pack a weapon that harms a threat when
// nothing in its hands does: a hammer for skeletons that shrug off its
// dagger, a torch's fire or silver for the vampire, another kind of weapon
// for a mimic Hardened against the one it holds, a torch or lantern for a
// shadow form while nobody holds one (into the off-hand, to be raised). A threat is a GM character
// in the fight that is not the summons of a group still in it (as in
// retreat). The belt first, with the lowest card (a miscellaneous action),
// then the pack, with the lowest card on its own turn and the lowest Cups
// card as a minor action (Pull Item from Pack is a Cups action); the weapon
// goes to the weapon hand, the one Attacks are made with.
func arm(v *hmtw.View, self int, minor bool, a *hmtw.Action) bool {
	if !carriesWeapon(v, self) {
		return false // nothing to pull (the usual answer, found cheaply)
	}
	if minor && v.HandSuits(self)&(1<<hmtw.Cups) == 0 && !beltWeapon(v, self) {
		return false // only the pack holds a weapon, and no Cups card to reach into it
	}
	var threat uint64
	for g := 0; g < v.Groups(); g++ {
		if !v.GroupIn(g) {
			continue
		}
		if h := v.SummonerOf(g); h >= 0 && v.GroupIn(h) {
			continue
		}
		lo, hi := v.GroupMembers(g)
		for j := lo; j < hi; j++ {
			if v.MemberIn(j) {
				if v.CanHarm(self, j) && !blindForGood(v, self) {
					return false // something in hand already harms a threat
				}
				threat |= 1 << j
			}
		}
	}
	if threat == 0 {
		return false
	}
	it, fromPack := harmsThreat(v, self, threat)
	if it == hmtw.NoItem {
		return false
	}
	if !pullInto(v, self, it, 0, fromPack, minor, a) {
		return false
	}
	switch {
	case v.Weapon(self) == hmtw.NoItem:
		a.Hand = -1 // an empty hand, else the off-hand: it is the only weapon held
	case isLight(it) && harmsNone(v, it, threat):
		a.Hand = 1 // a light to raise at a shadow form goes to the off-hand
	}
	if minor && v.LegalMinor(self, a) || !minor && v.Legal(self, a) {
		return true
	}
	a.Reset()
	return false
}

// banter is a Banter sure to beat the Morale of an intelligent group
// (p.119; errata E-H1): success moves the group to fear and it flees, which
// ends more than any one Attack's Wound, so it comes first. The group: in
// the fight, neither mindless nor a beast (whose Morale 8 is panic, not
// talk), not afraid already, not a lone member one hit would finish, the
// one with most members in the fight. The card: the lowest whose value
// (plus Wands on its own turn; a Wands card as a minor action; disfavor
// when Exhausted or Blind) beats the group's Morale, else with a Resolve
// for favor beyond the one kept back.
func banter(v *hmtw.View, self int, own bool, a *hmtw.Action) bool {
	if !canBanter(v, self, own) || v.Rules().H29 == hmtw.H29Off {
		return false
	}
	best, bestMor, target := banterGroup(v)
	if best < 0 {
		return false
	}
	if lo, hi := v.GroupMembers(best); !own && bantered(v, self, lo, hi) {
		return false
	}
	// The card: the lowest whose Banter beats the Morale, then with
	// Resolve for favor when it has Resolve to spare.
	attr, mod := 0, 0
	if own {
		attr = v.Attr(self, hmtw.Wands)
	}
	if v.Effects(self)&(hmtw.Exhaust|hmtw.Blind) != 0 {
		mod = -3
	}
	resolveOK := v.Resolve(self) > competentStyle.keepResolve
	c, cr := banterCards(v, self, own, attr, mod, bestMor)
	useResolve := false
	if c < 0 {
		if !resolveOK || cr < 0 {
			return false
		}
		c, useResolve = cr, true
	}
	a.Kind, a.Card, a.Target, a.Resolve = hmtw.Banter, int8(c), int8(target), useResolve
	if own && v.Legal(self, a) || !own && v.LegalMinor(self, a) {
		return true
	}
	a.Reset()
	return false
}

// banterCards looks at self's hand once for both passes of a Banter
// against Morale mor (attr: the attribute added, mod: -3 for disfavor or
// 0): c without Resolve, cr with it (favor, or disfavor cancelled), each
// the lowest card that beats the Morale, the first in hand order on a
// tie, or -1.
func banterCards(v *hmtw.View, self int, own bool, attr, mod, mor int) (c, cr int) {
	c, cv, cr, crv := -1, 0, -1, 0
	for j := 0; j < v.HandSize(self); j++ {
		x := v.Card(self, j)
		if x == hmtw.Fool || !own && x.Suit() != hmtw.Wands {
			continue
		}
		xv := x.Value()
		if xv+attr+mod > mor && (c < 0 || xv < cv) {
			c, cv = j, xv
		}
		withResolve := xv + attr + 3 + mod
		if mod < 0 {
			withResolve = xv + attr
		}
		if withResolve > mor && (cr < 0 || xv < crv) {
			cr, crv = j, xv
		}
	}
	return c, cr
}

// canBanter reports a card in self's hand it may Banter with: any but the
// Fool on its own turn, a Wands card as a minor action.
func canBanter(v *hmtw.View, self int, own bool) bool {
	for j := 0; j < v.HandSize(self); j++ {
		if x := v.Card(self, j); x != hmtw.Fool && (own || x.Suit() == hmtw.Wands) {
			return true
		}
	}
	return false
}

// membersIn counts group g's members in the fight.
func membersIn(v *hmtw.View, g int) int {
	lo, hi := v.GroupMembers(g)
	return bits.OnesCount64(v.InFight() & (1<<hi - 1<<lo))
}

// oneHitFrom reports a member of group g in the fight one hit would
// finish.
func oneHitFrom(v *hmtw.View, g int) bool {
	lo, hi := v.GroupMembers(g)
	done := false
	for j := lo; j < hi; j++ {
		if v.MemberIn(j) && kills(v, j) {
			done = true
		}
	}
	return done
}

// bantered reports a Banter at members lo..hi declared before self's in
// this window: one Banter a group a window, the table hears who speaks.
func bantered(v *hmtw.View, self, lo, hi int) bool {
	for before := uint(v.DeclaredSet()) & (1<<self - 1); before != 0; before &= before - 1 {
		if d := v.DeclaredBefore(bits.TrailingZeros(before)); d.Kind == hmtw.Banter && int(d.Target) >= lo && int(d.Target) < hi {
			return true
		}
	}
	return false
}

// lightTheDark pulls a torch or lantern into the off-hand when the guild
// is in the dark (Blind, every action at disfavor and every Attack on it
// at favor) and self is the first adventurer able to act, in marching
// order, who carries one on its belt (any card) or in its pack (its lowest
// card on its turn, a Cups card as a minor action) and wields no two-handed
// weapon: one light ends the dark for the whole guild.
func lightTheDark(v *hmtw.View, self int, minor bool, a *hmtw.Action) bool {
	if v.Effects(self)&hmtw.Dark == 0 {
		return false
	}
	for i := 0; i < v.Adventurers(); i++ {
		it, fromPack := carriedLight(v, i)
		if it == hmtw.NoItem || !v.Able(i) || v.TwoHanded(i) {
			continue
		}
		if i != self {
			return false // an earlier adventurer brings the light
		}
		if !pullInto(v, self, it, 1, fromPack, minor, a) {
			return false
		}
		if v.Weapon(self) == hmtw.NoItem {
			a.Hand = -1
		}
		if minor && v.LegalMinor(self, a) || !minor && v.Legal(self, a) {
			return true
		}
		a.Reset()
		return false
	}
	return false
}

// carriedLight is a torch or lantern on i's belt, else in its pack, and
// whether it is in the pack; NoItem if none.
func carriedLight(v *hmtw.View, i int) (hmtw.Item, bool) {
	for n := 0; n < v.BeltSize(i); n++ {
		if it := v.BeltItem(i, n); isLight(it) {
			return it, false
		}
	}
	for n := 0; n < v.PackSize(i); n++ {
		if it := v.PackItem(i, n); isLight(it) {
			return it, true
		}
	}
	return hmtw.NoItem, false
}

// carriesWeapon reports whether self has a weapon on its belt or in its
// pack.
func carriesWeapon(v *hmtw.View, self int) bool {
	if beltWeapon(v, self) {
		return true
	}
	for n := 0; n < v.PackSize(self); n++ {
		if v.PackItem(self, n).Weapon() {
			return true
		}
	}
	return false
}

// beltWeapon reports whether self has a weapon on its belt.
func beltWeapon(v *hmtw.View, self int) bool {
	for n := 0; n < v.BeltSize(self); n++ {
		if v.BeltItem(self, n).Weapon() {
			return true
		}
	}
	return false
}

// harmsThreat is the first weapon on self's belt, else in its pack, that
// could harm a GM character of the set threat, and whether it is in the
// pack; NoItem if none. A torch or lantern counts against a shadow form
// (raised, it makes the shadow tangible to every weapon) unless self wields
// a two-handed weapon, which the light would displace.
func harmsThreat(v *hmtw.View, self int, threat uint64) (hmtw.Item, bool) {
	light := !v.TwoHanded(self)
	for n := 0; n < v.BeltSize(self); n++ {
		if it := v.BeltItem(self, n); it.Weapon() && harmsAny(v, it, threat, light) {
			return it, false
		}
	}
	for n := 0; n < v.PackSize(self); n++ {
		if it := v.PackItem(self, n); it.Weapon() && harmsAny(v, it, threat, light) {
			return it, true
		}
	}
	return hmtw.NoItem, false
}

// harmsNone reports that weapon it harms no GM character of set as a
// weapon (a light pulled only to be raised).
func harmsNone(v *hmtw.View, it hmtw.Item, set uint64) bool {
	for m := set; m != 0; m &= m - 1 {
		if v.CanHarmWith(it, bits.TrailingZeros64(m)) {
			return false
		}
	}
	return true
}

// isLight reports a torch or lantern.
func isLight(it hmtw.Item) bool { return it == hmtw.Torch || it == hmtw.Lantern }

// harmsAny reports whether weapon it could harm a GM character of set (a
// light, with light, a shadow form).
func harmsAny(v *hmtw.View, it hmtw.Item, set uint64, light bool) bool {
	for m := set; m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if v.CanHarmWith(it, j) || light && isLight(it) && v.Has(v.MemberGroup(j), hmtw.AbShadowForm) {
			return true
		}
	}
	return false
}

// pullInto sets a to pulling item it from the pack or the belt into hand,
// with the card pullCard picks; false when no card may pay for it.
func pullInto(v *hmtw.View, self int, it hmtw.Item, hand int8, fromPack, minor bool, a *hmtw.Action) bool {
	c := pullCard(v, self, fromPack, minor)
	if c < 0 {
		return false
	}
	a.Kind, a.Card, a.Item, a.Hand = hmtw.PullBelt, int8(c), it, hand
	if fromPack {
		a.Kind = hmtw.PullPack
	}
	return true
}

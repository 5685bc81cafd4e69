package hmtwstrat

import (
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// This file holds the guild's turn: the action each adventurer takes, in
// the order of turnFirst and turnElse.

// fateResolve spends a Resolve on a test of fate when failing it means
// death, or when Resolve is to spare (more than keepResolve; any under
// anyResolve).
func (s style) fateResolve(v *hmtw.View, self int, t hmtw.FateTest) bool {
	res := v.Resolve(self)
	return res > 0 && (t.Deadly || s.anyResolve || res > s.keepResolve)
}

// turn is the shared own-turn logic.
func (s style) turn(v *hmtw.View, self int, a *hmtw.Action) {
	// The plays a turn tries, first choice first; each reports whether it
	// chose one (leaving a reset when it did not). Called directly, not
	// through a table of funcs, so that the short ones inline.
	if !s.turnFirst(v, self, a) {
		s.turnElse(v, self, a)
	}
}

// turnFirst tries a turn's first choices: a rescue, what blocks, a light,
// a Banter, a spell, a web, an Attack, picking up or standing up; it
// reports whether one was chosen.
func (s style) turnFirst(v *hmtw.View, self int, a *hmtw.Action) bool {
	switch {
	case s.rescue(v, self, a): // 1. Rescue an ally at Death's Door.
	case s.keepForRetreat(v, self): // its last card pays for the retreat
	// Blocking effects first: webbed, grabbed, engulfed (Disarmed or
	// Tripped, after the Attack: fists strike, and a Tripped adventurer
	// strikes as well as a standing one).
	case s.turnEngulfed(v, self, a):
	case s.turnUnblock(v, self, a):
	case s.turnReload(v, self, a):
	// A light out of belt or pack when the guild is in the dark.
	case lightTheDark(v, self, false, a):
	// A Banter that turns a group to flight.
	case s.banter && banter(v, self, true, a):
	// 2. A spell worth casting, else an Attack.
	case s.spell(v, self, a):
	case !s.noDefence && s.throwWeb(v, self, true, a):
	case s.turnAttack(v, self, a):
	case s.turnPickUp(v, self, a):
	case s.turnStandUp(v, self, a):
	default:
		return false
	}
	return true
}

// turnElse tries the rest, when nothing of turnFirst's applies.
func (s style) turnElse(v *hmtw.View, self int, a *hmtw.Action) {
	switch {
	// No Attack with what it holds: Withering, where it knows the spell.
	case s.wither(v, self, a):
	// A shadow form to make tangible for the others.
	case !s.noDefence && raiseLight(v, self, false, a):
	// Nothing in hand harms a threat: a weapon from the belt or pack.
	case arm(v, self, false, a):
	case s.turnSlipAway(v, self, a):
	case s.turnCharge(v, self, a):
	case s.turnClose(v, self, a):
	// 3. With a bow, Aim at the foe it can reach; else a facedown Dodge.
	case s.turnAim(v, self, a):
	case s.turnAid(v, self, a):
	case s.turnDodge(v, self, a):
	// 4. Recover from anything else (not the poison's Exhaustion).
	case s.turnRecover(v, self, a):
	case s.turnSwing(v, self, a):
	}
}

// legalOr keeps action a if it is legal, else resets it; it reports
// which.
func legalOr(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Legal(self, a) {
		return true
	}
	a.Reset()
	return false
}

// throwWeb throws a held web bomb (alchemy, Use Item, a Cups action "that
// works like an Attack in every way") at the foe that will take the
// longest to bring down: webbed it is Rooted, cannot move its group, and
// every Attack on it has favor until it has Recovered four times (the
// bestiary's Web, H-33), worth more than one blow against a foe with 3 or
// more Health and Defense left. Not at a foe already webbed or Rooted, nor
// one the web passes through or cannot hold (a shadow form, a shapeless
// body). The card: the lowest whose value (Cups added on its own turn, a
// Cups card at face value as a minor action; favor and disfavor counted)
// beats the target's face-up Initiative, or on its own turn a guessed one,
// and any hazard on the way (face up, or guessed). Ties between targets:
// the most left to take down, then a draw.
func (s style) throwWeb(v *hmtw.View, self int, own bool, a *hmtw.Action) bool {
	if !v.Holds(self, hmtw.WebBomb) {
		return false
	}
	eff, z := v.Effects(self), v.Zone(self)
	attr := 0
	if own {
		attr = v.Attr(self, hmtw.Cups)
	}
	target, card, most, ties := -1, -1, 0, 0
	for j := 0; j < v.Members(); j++ {
		g := v.MemberGroup(j)
		if !webbable(v, self, j, g) {
			continue
		}
		h, d := v.MemberHD(j)
		if h == hmtw.Infinite || h+d < 3 {
			continue
		}
		init, known := initOf(v, g)
		if !known && !own {
			continue
		}
		need := throwNeed(v, z, v.MemberZone(j), init)
		mod := favorOn(v, j, hmtw.WebBomb, true, eff, z)
		c := webCard(v, self, own, j, attr+mod, need)
		if c < 0 {
			continue
		}
		switch left := h + d; {
		case target < 0 || left > most:
			target, card, most, ties = j, c, left, 1
		case left == most:
			if drawTie(v, &ties) {
				target, card = j, c
			}
		}
	}
	if target < 0 {
		return false
	}
	a.Kind, a.Card, a.Item, a.Target = hmtw.UseItem, int8(card), hmtw.WebBomb, int8(target)
	if own && v.Legal(self, a) || !own && v.LegalMinor(self, a) {
		return true
	}
	a.Reset()
	return false
}

// webbable reports whether a web thrown by self at member j of group g
// could hold it: j in the fight and within a throw, not webbed or Rooted
// already, neither a shadow form nor a shapeless body, and not immune to
// self.
func webbable(v *hmtw.View, self, j, g int) bool {
	return v.MemberIn(j) && v.CanThrow(self, j) && v.MemberEffects(j)&(hmtw.Webbed|hmtw.Root) == 0 &&
		!v.Has(g, hmtw.AbShadowForm) && !v.Has(g, hmtw.AbShapelessBody) && !v.Immune(self, j)
}

// throwNeed is what a throw from zone z at a target in zone to with
// Initiative init must beat: init, or the Initiative of a hazard on the
// way (unknownInit when face down) where that is higher.
func throwNeed(v *hmtw.View, z, to, init int) int {
	hz := v.HazardBetween(z, to)
	if hz < 0 {
		return init
	}
	hi, up := v.HazardShown(hz)
	if !up {
		hi = unknownInit
	}
	return max(init, hi)
}

// webCard is the index in self's hand of the lowest card (the first on a
// tie) whose web throw at member j, add added to the card's value, beats
// need; -1 when none does. Any card but the Fool may pay on its own turn
// (own), a Cups card as a minor action.
func webCard(v *hmtw.View, self int, own bool, j, add, need int) int {
	c := -1
	for x := 0; x < v.HandSize(self); x++ {
		cd := v.Card(self, x)
		if cd == hmtw.Fool || !own && cd.Suit() != hmtw.Cups {
			continue
		}
		if v.Beats(cd.Value()+add, need, v.MemberTie(j, hmtw.NoItem)) && (c < 0 || cd.Value() < v.Card(self, c).Value()) {
			c = x
		}
	}
	return c
}

// turnEngulfed: dissolving, Resolve for favor on the escape, as on a
// deadly test.
func (s style) turnEngulfed(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Effects(self)&hmtw.Engulfed == 0 {
		return false
	}
	a.Kind, a.Card = hmtw.TestFate, int8(lowestCard(v, self))
	a.Resolve = s.fateResolve(v, self, hmtw.FateTest{Suit: hmtw.Swords, Deadly: true})
	return true
}

// turnUnblock: webbed or grabbed, a Recover.
func (s style) turnUnblock(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Effects(self)&(hmtw.Webbed|hmtw.Grabbed) != 0 {
		a.Kind, a.Card = hmtw.Recover, int8(lowestCard(v, self))
		return legalOr(v, self, a)
	}
	return false
}

// turnPickUp: disarmed of its weapon, with no Attack worth making with its
// fists, a Recover that names the weapon, since one naming nothing would
// shake off another effect first; holding no weapon and something on the
// floor, a Recover.
func (s style) turnPickUp(v *hmtw.View, self int, a *hmtw.Action) bool {
	if pickUpWeapon(v, self, lowestCard(v, self), a) && legalOr(v, self, a) {
		return true
	}
	if v.Weapon(self) == hmtw.NoItem && v.Dropped(self) != hmtw.NoItem {
		a.Kind, a.Card = hmtw.Recover, int8(lowestCard(v, self))
		return legalOr(v, self, a)
	}
	return false
}

// turnStandUp: Tripped, with no Attack worth making, a Recover that stands
// up (a Tripped adventurer strikes as well as a standing one: standing up
// only takes away the favor of the blows aimed at it, so it comes after
// the Attack).
func (s style) turnStandUp(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Effects(self)&hmtw.Trip == 0 {
		return false
	}
	a.Kind, a.Card, a.Effect = hmtw.Recover, int8(lowestCard(v, self)), hmtw.Trip
	return legalOr(v, self, a)
}

// turnReload: a crossbow to reload.
func (s style) turnReload(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Weapon(self) != hmtw.Crossbow || v.Adv(self).Loaded {
		return false
	}
	a.Kind, a.Card = hmtw.Reload, int8(lowestCard(v, self))
	return true
}

// turnAttack: the best Attack.
func (s style) turnAttack(v *hmtw.View, self int, a *hmtw.Action) bool {
	at, ok := s.bestAttack(v, self, true)
	if ok {
		a.Kind, a.Card, a.Target, a.Resolve = hmtw.Attack, int8(at.card), int8(at.target), at.resolve
	}
	return ok
}

// turnSlipAway: a missile wielder engaged in melee slips away first,
// unless its best card cannot beat a face-up Initiative of those it would
// slip from (a failed Avoid costs a free Wound from each, to be engaged
// again at their next blow), or, Injured, a face-down one it guesses (the
// free Wound would take it to Death's Door), or its weapon harms no foe in
// the fight (a wand against the Magically Null).
func (s style) turnSlipAway(v *hmtw.View, self int, a *hmtw.Action) bool {
	if !v.Weapon(self).Missile() || !v.Engaged(self) || !avoidPasses(v, self) || !harmsAnyFoe(v, self) {
		return false
	}
	a.Kind, a.Card = hmtw.Avoid, int8(highestCard(v, self))
	return legalOr(v, self, a)
}

// turnCharge: nobody in reach, a Reaver charges into the next zone with
// its Attack.
func (s style) turnCharge(v *hmtw.View, self int, a *hmtw.Action) bool {
	if !v.Talent(self, hmtw.TReaver) {
		return false
	}
	zone := v.Zone(self)
	z := nearestFoeZone(v, self)
	if z < 0 || z == zone || !v.CanStep(zone, z) {
		return false
	}
	c := highestCard(v, self)
	if c < 0 {
		return false
	}
	// The target: one its weapon harms (not a shadow form no light made
	// tangible: the blow would pass through it), one the Wound finishes
	// first, then the one with the least Health and Defense left, then a
	// draw among equals (the scenario's order is no rule).
	p := weakestPick{best: -1}
	for j := 0; j < v.Members(); j++ {
		if !v.MemberIn(j) || v.MemberZone(j) != z || v.Immune(self, j) || !v.CanHarm(self, j) {
			continue
		}
		p.offer(v, j)
	}
	if p.best < 0 {
		return false
	}
	a.Kind, a.Card, a.Target, a.Zone = hmtw.Attack, int8(c), int8(p.best), int8(z)
	return legalOr(v, self, a)
}

// turnClose: nobody in reach, close in (past a hazard with an Avoid whose
// card beats its Initiative, face up or guessed).
func (s style) turnClose(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Weapon(self).Missile() {
		return false
	}
	zone := v.Zone(self)
	z := nearestFoeZone(v, self)
	if z < 0 || z == zone {
		return false
	}
	if h := v.HazardBetween(zone, z); h >= 0 {
		// Past a hazard only with a card that beats its Initiative, face
		// up or guessed at the middle of the lesser dooms: a failed Avoid
		// costs the hazard's Wounds and gets nowhere.
		// An adventurer whom the hazard's Wounds would leave Injured or at
		// Death's Door stakes its life on the guess: it crosses only past
		// a face-up Initiative its card beats, and waits otherwise (the
		// foes come to it, or the next round shows the hazard's card).
		c := highestCard(v, self)
		init, up := v.HazardShown(h)
		if !up {
			if n, piercing := v.HazardHarm(h); n >= woundsToInjured(v, self, piercing) {
				return false
			}
			init = unknownInit
		}
		if c < 0 || !v.Beats(v.Card(self, c).Value()+v.Attr(self, hmtw.Pentacles)+selfDisfavor(v, self), init, v.HazardTieFails()) {
			return false
		}
		a.Kind, a.Card, a.Hazard = hmtw.Avoid, int8(c), int8(h)
	} else {
		a.Kind, a.Card, a.Zone = hmtw.Move, int8(lowestCard(v, self)), int8(z)
	}
	return legalOr(v, self, a)
}

// woundsToInjured is how many Wounds self absorbs before the one that
// leaves it Injured, counting that one (Staggered, its two talents,
// Injured; the helm's and armor's Notches and a shield unless piercing):
// 0 once Injured, the next Wound being Death's Door.
func woundsToInjured(v *hmtw.View, self int, piercing bool) int {
	a := v.Adv(self)
	if a.Injured {
		return 0
	}
	n := 1 + b2i(!a.Staggered) + max(0, 2-a.WoundedTalents)
	if !piercing {
		n += a.HelmNotches + a.ArmorNotches + b2i(a.Shield)
	}
	return n
}

// turnAim: with a bow and no facedown card, Aim at the foe it can reach.
func (s style) turnAim(v *hmtw.View, self int, a *hmtw.Action) bool {
	if v.Weapon(self) != hmtw.Bow || v.HasFacedown(self) {
		return false
	}
	for j := 0; j < v.Members(); j++ {
		if v.MemberIn(j) && v.Reach(self, j) && !v.Immune(self, j) {
			a.Kind, a.Card, a.Target = hmtw.Aim, int8(highestCard(v, self)), int8(j)
			if legalOr(v, self, a) {
				return true
			}
		}
	}
	return false
}

// turnDodge: a facedown Dodge for itself.
// turnAid: with no Attack of its own, a facedown Aid Another on its turn
// (any card, Cups added: p.118) where it makes the hit of an ally in its
// zone who has yet to act sure on a face-up Initiative (spec 8.1.2.3: "place
// a facedown Aid Another on the strongest attacker"); the lowest card that
// does, the ally drawn among equals. Otherwise the Dodge that follows.
func (s style) turnAid(v *hmtw.View, self int, a *hmtw.Action) bool {
	if s.noDefence || v.HasFacedown(self) {
		return false
	}
	z, cups := v.Zone(self), v.Attr(self, hmtw.Cups)
	ally, card, cv, ties := -1, -1, 0, 0
	for t := 0; t < v.Adventurers(); t++ {
		if t == self || !v.Able(t) || v.Acted(t) || v.Zone(t) != z || highestCard(v, t) < 0 || !harmsAnyFoe(v, t) {
			continue
		}
		waiting := v.AidWaiting(t)
		if sureHit(v, t, waiting) {
			continue // sure without it: the card is better kept
		}
		c, val := -1, 0 // the lowest card that makes the hit sure
		for j := 0; j < v.HandSize(self); j++ {
			if x := v.Card(self, j); x != hmtw.Fool && (c < 0 || x.Value() < val) && sureHit(v, t, waiting+x.Value()+cups) {
				c, val = j, x.Value()
			}
		}
		switch {
		case c < 0:
		case card < 0 || val < cv:
			ally, card, cv, ties = t, c, val, 1
		case val == cv:
			if drawTie(v, &ties) {
				ally, card = t, c
			}
		}
	}
	if ally < 0 {
		return false
	}
	a.Kind, a.Card, a.Ally = hmtw.AidAnother, int8(card), int8(ally)
	return legalOr(v, self, a)
}

func (s style) turnDodge(v *hmtw.View, self int, a *hmtw.Action) bool {
	if s.noDefence || v.HasFacedown(self) {
		return false
	}
	a.Kind, a.Card, a.Ally = hmtw.Dodge, int8(highestCard(v, self)), int8(self)
	return legalOr(v, self, a)
}

// turnRecover: Recover from anything else (not the poison's Exhaustion).
func (s style) turnRecover(v *hmtw.View, self int, a *hmtw.Action) bool {
	if shakable(v.Effects(self))&(hmtw.Root|hmtw.Blind|hmtw.Silence|hmtw.Exhaust|hmtw.Deafen) == 0 {
		return false
	}
	a.Kind, a.Card = hmtw.Recover, int8(lowestCard(v, self))
	return legalOr(v, self, a)
}

// turnSwing: a reckless style swings anyway with the best card at the
// first target.
func (s style) turnSwing(v *hmtw.View, self int, a *hmtw.Action) bool {
	if !s.anyResolve {
		return false
	}
	for j := 0; j < v.Members(); j++ {
		if v.CanAttack(self, j) && !v.Immune(self, j) {
			a.Kind, a.Card, a.Target = hmtw.Attack, int8(highestCard(v, self)), int8(j)
			a.Resolve = v.Adv(self).Resolve > 0
			return true
		}
	}
	return false
}

// pickUpWeapon sets a to a Recover with card c that picks up the weapon
// self was Disarmed of, when it holds none: the weapon is why it cannot
// Attack, so the Recover names it (6.5.4: the player chooses the effect).
// It reports whether there is such a weapon.
func pickUpWeapon(v *hmtw.View, self, c int, a *hmtw.Action) bool {
	if c < 0 || v.Weapon(self) != hmtw.NoItem {
		return false
	}
	for n := 0; n < v.DroppedCount(self); n++ {
		if it := v.DroppedItem(self, n); it.Weapon() {
			a.Kind, a.Card, a.Item = hmtw.Recover, int8(c), it
			return true
		}
	}
	return false
}

// rescue saves an ally at Death's Door in the zone in H-12's order: "First
// any Heal source (Chirurgeon with a poultice, the Life spell, a potion),
// otherwise a poultice test of Wands". Life if it knows the spell, a
// poultice if it is a Chirurgeon, a healing potion poured down the ally's
// throat, else a poultice and the ally's test (not while a Chirurgeon able
// to act carries a poultice); each used from the hand or pulled out first.
func (s style) rescue(v *hmtw.View, self int, a *hmtw.Action) bool {
	z := v.Zone(self)
	dying, n := -1, 0 // two at Death's Door are as urgent: a draw, not the marching order
	for t := 0; t < v.Adventurers(); t++ {
		if v.AtDeathsDoor(t) && v.Targetable(t) && v.Zone(t) == z {
			if n++; n == 1 || v.Chance(1/float64(n)) {
				dying = t
			}
		}
	}
	if dying < 0 {
		return false
	}
	// Life, if it knows the spell.
	if c := highestCard(v, self); c >= 0 && v.Knows(self, hmtw.Life) {
		a.Kind, a.Card, a.Ally, a.Spell = hmtw.Incant, int8(c), int8(dying), hmtw.Life
		if v.Legal(self, a) {
			return true
		}
		a.Reset()
	}
	if v.Talent(self, hmtw.TChirurgeon) && useOn(v, self, dying, hmtw.Poultice, a) {
		return true
	}
	if useOn(v, self, dying, hmtw.HealPotion, a) {
		return true
	}
	// A poultice without the talent is the dying one's test of Wands: not
	// while a Chirurgeon able to act carries one, whose poultice Heals
	// without a test, in this fight or after it; and not the guild's last
	// one while the fight leaves the dying alone and the test can wait for
	// its end (see lastPoulticeWaits).
	return !chirurgeonAt(v, self) && !lastPoulticeWaits(v) && useOn(v, self, dying, hmtw.Poultice, a)
}

// lastPoulticeWaits reports that the guild's only poultice is better kept
// for the dying one's test after the fight (H-12 after-fight or unlimited):
// the fight leaves the dying alone (a Wound at Death's Door does nothing,
// H-11 no-effect, and no foe in the fight devours the dying), while a
// friend woken now, Stressed and bare, is struck down again with nothing
// left to save it (the worked example's Chirm, encounters 2965 and 4814).
// The test is the same now or then.
func lastPoulticeWaits(v *hmtw.View) bool {
	ru := v.Rules()
	if ru.H11 != hmtw.H11NoEffect || ru.H12 == hmtw.H12FightOnly {
		return false
	}
	for g := 0; g < v.Groups(); g++ {
		if v.GroupIn(g) && v.Has(g, hmtw.AbDevourTheLiving) {
			return false
		}
	}
	n := 0
	for i := 0; i < v.Adventurers(); i++ {
		if !v.Able(i) {
			continue
		}
		if v.Holds(i, hmtw.Poultice) {
			n++
		}
		for b := 0; b < v.BeltSize(i); b++ {
			n += b2i(v.BeltItem(i, b) == hmtw.Poultice)
		}
		for p := 0; p < v.PackSize(i); p++ {
			n += b2i(v.PackItem(i, p) == hmtw.Poultice)
		}
	}
	return n <= 1
}

// chirurgeonAt reports an adventurer other than self, able to act, with
// the Chirurgeon talent and a poultice in hand, on its belt or in its pack.
func chirurgeonAt(v *hmtw.View, self int) bool {
	for i := 0; i < v.Adventurers(); i++ {
		if i != self && v.Able(i) && v.Talent(i, hmtw.TChirurgeon) &&
			(v.Holds(i, hmtw.Poultice) || v.OnBelt(i, hmtw.Poultice) || v.InPack(i, hmtw.Poultice)) {
			return true
		}
	}
	return false
}

// useOn uses item it on ally t if self holds it, else pulls it from the
// belt or pack; false if self carries none or the action is not legal.
func useOn(v *hmtw.View, self, t int, it hmtw.Item, a *hmtw.Action) bool {
	switch {
	case v.Holds(self, it):
		a.Kind, a.Card, a.Item, a.Ally = hmtw.UseItem, int8(lowestCard(v, self)), it, int8(t)
	case v.OnBelt(self, it):
		a.Kind, a.Card, a.Item = hmtw.PullBelt, int8(lowestCard(v, self)), it
	case v.InPack(self, it):
		a.Kind, a.Card, a.Item = hmtw.PullPack, int8(lowestCard(v, self)), it
	default:
		return false
	}
	if v.Legal(self, a) {
		return true
	}
	a.Reset()
	return false
}

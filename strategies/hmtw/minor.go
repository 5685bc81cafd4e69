package hmtwstrat

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems/hmtw"
)

// This file holds the guild's minor actions, its interrupts and its
// retreat.

// minor is the shared minor-action logic (section 8.1.3): the plays
// worth a card first (minorFirst), then the defences and repairs
// (minorDefend), then Aid Another (minorAid).
func (s style) minor(v *hmtw.View, self int, a *hmtw.Action) {
	if s.minorFirst(v, self, a) {
		return
	}
	suits := v.HandSuits(self)
	if s.minorDefend(v, self, suits, a) {
		return
	}
	s.minorAid(v, self, suits, a)
}

// minorFirst tries the minor plays that come before any defence: keeping
// the card a retreat needs, a light in the dark, a Banter, a raised light,
// the web bomb, an Attack, a weapon to hand; it reports whether one was
// chosen (or the card is kept).
func (s style) minorFirst(v *hmtw.View, self int, a *hmtw.Action) bool {
	switch {
	case s.keepForRetreat(v, self):
	case lightTheDark(v, self, true, a):
	case s.banter && banter(v, self, false, a):
	case !s.noDefence && raiseLight(v, self, true, a):
	case !s.noDefence && s.throwWeb(v, self, false, a):
	case s.minorAttack(v, self, a):
	case arm(v, self, true, a):
	default:
		return false
	}
	return true
}

// minorAttack declares the best Attack as a minor action, where the
// target's Initiative is known (or the style swings blind).
func (s style) minorAttack(v *hmtw.View, self int, a *hmtw.Action) bool {
	at, ok := s.bestAttack(v, self, false)
	if !ok {
		return false
	}
	if _, known := initOf(v, v.MemberGroup(at.target)); !known && !s.anyResolve {
		return false
	}
	a.Kind, a.Card, a.Target, a.Resolve = hmtw.Attack, int8(at.card), int8(at.target), at.resolve
	return true
}

// minorDefend tries a facedown Dodge, picking a weapon up, recovering from
// a hindering effect and a rescue, each with a card of the suit it needs
// (suits: those in hand); it reports whether one was chosen.
func (s style) minorDefend(v *hmtw.View, self int, suits uint8, a *hmtw.Action) bool {
	if !s.noDefence && suits&(1<<hmtw.Pentacles) != 0 && !v.HasFacedown(self) {
		if c := suitCard(v, self, hmtw.Pentacles); c >= 0 {
			a.Kind, a.Card, a.Ally = hmtw.Dodge, int8(c), int8(self)
			if v.LegalMinor(self, a) {
				return true
			}
			a.Reset()
		}
	}
	if suits&(1<<hmtw.Wands) != 0 && pickUpWeapon(v, self, suitCard(v, self, hmtw.Wands), a) {
		if v.LegalMinor(self, a) {
			return true
		}
		a.Reset()
	}
	if suits&(1<<hmtw.Wands) != 0 && shakable(v.Effects(self))&(hmtw.Trip|hmtw.Root|hmtw.Webbed|hmtw.Grabbed|hmtw.Blind|hmtw.Silence|hmtw.Exhaust) != 0 {
		if c := suitCard(v, self, hmtw.Wands); c >= 0 {
			a.Kind, a.Card = hmtw.Recover, int8(c)
			if v.LegalMinor(self, a) {
				return true
			}
			a.Reset()
		}
	}
	if s.rescue(v, self, a) {
		if v.LegalMinor(self, a) {
			return true
		}
		if c := suitCard(v, self, hmtw.Cups); c >= 0 && a.Kind == hmtw.UseItem {
			a.Card = int8(c)
			if v.LegalMinor(self, a) {
				return true
			}
		}
		a.Reset()
	}
	return false
}

// minorAid plays a Cups card as Aid Another for an ally who has yet to
// act, holds what harms a foe and needs the help (see aidWorth): the one
// whose hit it makes sure first, then a draw (the marching order is no
// rule here).
func (s style) minorAid(v *hmtw.View, self int, suits uint8, a *hmtw.Action) {
	if s.noDefence || suits&(1<<hmtw.Cups) == 0 || v.HasFacedown(self) {
		return
	}
	c := suitCard(v, self, hmtw.Cups)
	if c < 0 {
		return
	}
	z, cv := v.Zone(self), v.Card(self, c).Value()
	best, bestWorth, ties := -1, 0, 0
	for t := 0; t < v.Adventurers(); t++ {
		if t == self || !v.Able(t) || v.Acted(t) || v.Zone(t) != z || highestCard(v, t) < 0 || !harmsAnyFoe(v, t) {
			continue
		}
		switch w := aidWorth(v, self, t, cv); {
		case w > bestWorth:
			best, bestWorth, ties = t, w, 1
		case w == bestWorth && w > 0:
			if drawTie(v, &ties) {
				best = t
			}
		}
	}
	if best >= 0 {
		a.Kind, a.Card, a.Ally = hmtw.AidAnother, int8(c), int8(best)
		if !v.LegalMinor(self, a) {
			a.Reset()
		}
	}
}

// aidWorth is what an Aid Another worth aid (face value, a minor action)
// from self does for ally t's next Attack: 2 when it makes the ally's
// best card hit a face-up Initiative in its reach, 1 when it is the first
// Aid on an ally whose hit is not sure (against a face-down Initiative
// too), 0 when it is thrown away: the Aid already waiting on the ally
// (facedown, or declared earlier in this window) makes the hit sure, or
// another Aid stacked on it still leaves the hit short. The book's Aid adds
// its value and stacks (p.118's "fastball specials" against an Initiative
// above 14), so a second Aid is worth a card only when it reaches the hit.
func aidWorth(v *hmtw.View, self, t, aid int) int {
	waiting := v.AidWaiting(t)
	for i := 0; i < self; i++ {
		if d := v.DeclaredBefore(i); d.Kind == hmtw.AidAnother && int(d.Ally) == t && d.Card >= 0 && int(d.Card) < v.HandSize(i) {
			waiting += v.Card(i, int(d.Card)).Value()
		}
	}
	switch {
	case sureHit(v, t, waiting):
		return 0
	case sureHit(v, t, waiting+aid):
		return 2
	case waiting == 0:
		return 1
	}
	return 0
}

// summons is the set of GM characters (bit 1<<j) in groups summoned by a
// group still in the fight (the vampire's bat cloud, called again every
// round): a torch or lantern used as a weapon breaks (p.95: lights are
// "not designed for violence"), and its one blow is kept for the threat
// it was pulled for.
func summons(v *hmtw.View) uint64 {
	var set uint64
	for g := 0; g < v.Groups(); g++ {
		if h := v.SummonerOf(g); h >= 0 && v.GroupIn(h) {
			lo, hi := v.GroupMembers(g)
			set |= 1<<hi - 1<<lo
		}
	}
	return set
}

// aidFor is the Aid Another waiting for self's next Attack (p.118: it adds
// its value, and Aids stack): revealed ones, and, for a minor action (not
// own), those declared before self's in this window, which resolve before
// its Attack (the table hears who aids whom).
func aidFor(v *hmtw.View, self int, own bool) int {
	aid := v.AidWaiting(self)
	if own {
		return aid
	}
	for before := uint(v.DeclaredSet()) & (1<<self - 1); before != 0; before &= before - 1 {
		i := bits.TrailingZeros(before)
		if d := v.DeclaredBefore(i); d.Kind == hmtw.AidAnother && int(d.Ally) == self && d.Card >= 0 && int(d.Card) < v.HandSize(i) {
			aid += v.Card(i, int(d.Card)).Value()
		}
	}
	return aid
}

// sureHit reports whether ally t's best card on its turn (its attribute
// added, the situational favor counted, plus extra) beats the face-up
// Initiative of a GM character in its reach that its weapon harms.
func sureHit(v *hmtw.View, t, extra int) bool {
	best := highestCard(v, t)
	if best < 0 || !v.WeaponReady(t) {
		return false
	}
	val := v.Card(t, best).Value() + v.Attr(t, attackAttr(v, t)) + extra
	w, eff, z := v.Weapon(t), v.Effects(t), v.Zone(t)
	for m := v.ReachSet(t); m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if !v.MemberIn(j) || v.Immune(t, j) {
			continue
		}
		if init, up := v.GroupInit(v.MemberGroup(j)); up && v.Beats(val+favorAgainst(v, j, w, eff, z), init, v.MemberTie(j, w)) {
			return true
		}
	}
	return false
}

// interrupt answers a hit about to land: the Fool or Quick! to Dodge,
// Heavy Metal Machine.
func (s style) interrupt(v *hmtw.View, self int, t *hmtw.Threat, a *hmtw.Action) {
	if !t.Hits || s.noDefence {
		return
	}
	if t.Dodged {
		// One Dodge per attack: only Heavy Metal Machine can still help.
		if o := v.Offer(); o&hmtw.OfferHMM != 0 && heavyMetalHelps(v, self, t) {
			if c := lowestCard(v, self); c >= 0 {
				a.Kind, a.Card = hmtw.HeavyMetal, int8(c)
			}
		}
		return
	}
	o := v.Offer()
	need := t.Value - t.Init // the Dodge must beat this
	if o&hmtw.OfferHMM != 0 && heavyMetalHelps(v, self, t) {
		if c := lowestCard(v, self); c >= 0 {
			a.Kind, a.Card = hmtw.HeavyMetal, int8(c)
			return
		}
	}
	if !v.CanDodgeFor(self, t.Target) {
		return // Rooted, Berserk, or the ally out of reach: no Dodge to offer
	}
	// The Fool is one extra turn: an Injured adventurer, whose next Wound
	// is Death's Door, keeps it for itself rather than spare an ally who is
	// not Injured a lesser Wound.
	keepFool := t.Target != self && v.Injured(self) && !v.Injured(t.Target)
	if o&hmtw.OfferFool != 0 && !keepFool {
		if c := highestCard(v, self); c >= 0 && v.Card(self, c).Value()+v.Attr(self, hmtw.Pentacles) > need {
			a.Kind, a.Card, a.Ally, a.Fool = hmtw.Dodge, int8(c), int8(t.Target), true
			return
		}
	}
	if o&hmtw.OfferQuick != 0 {
		if c := suitCard(v, self, hmtw.Pentacles); c >= 0 && v.Card(self, c).Value() > need {
			a.Kind, a.Card, a.Ally = hmtw.Dodge, int8(c), int8(t.Target)
		}
	}
}

// heavyMetalHelps reports whether Heavy Metal Machine's Swords, added to
// self's Initiative against threat t, turn its hit into a miss, or a
// Claw's or Talons' double Wound (a hit of twice the Initiative) into one.
func heavyMetalHelps(v *hmtw.View, self int, t *hmtw.Threat) bool {
	sw := v.Attr(self, hmtw.Swords)
	if sw > t.Value-t.Init {
		return true
	}
	claw := t.Group >= 0 && (v.Has(t.Group, hmtw.AbClaw) || v.Has(t.Group, hmtw.AbTalons))
	return claw && t.Value >= 2*t.Init && t.Value < 2*(t.Init+sw)
}

// keepForRetreat reports that self holds one card the retreat can take
// (not the Fool) and the guild means to retreat at the end of the round: a
// retreat in a Challenge costs each adventurer a card (p.124, errata E-H8),
// so the player keeps it rather than spend it on a Dodge and stay behind.
func (s style) keepForRetreat(v *hmtw.View, self int) bool {
	cards := 0
	for c := 0; c < v.HandSize(self); c++ {
		if v.Card(self, c) != hmtw.Fool {
			if cards++; cards > 1 {
				return false
			}
		}
	}
	return cards == 1 && s.windowRetreat(v)
}

// retreat is the competent retreat trigger (section 6.11.4): someone at
// Death's Door, half the guild Injured, or no threat that those still able
// to act can harm. A threat is a group in the fight other than the summons
// of one still in it: the vampire calls a bat cloud every round, so cutting
// bats down ends nothing once the sorcerer's wand, its only harm, is out of
// the fight (the book, p.124: "avoiding the sunk cost fallacy is a virtue";
// p.123: "if the guild is in a bad position, ask them if they want to
// retreat"). Harm is what they hold, a weapon on the belt or in the pack
// (arm pulls it out) or a spell they know; a shadow form counts as harmable
// while one of them holds a light to raise.
func (s style) retreat(v *hmtw.View) bool {
	if s.neverRetire {
		return false
	}
	injured, present, able, downed, door := 0, 0, 0, 0, false
	for i := 0; i < v.Adventurers(); i++ {
		if !v.Present(i) {
			continue
		}
		present++
		switch {
		case v.Able(i):
			able++
		case v.Down(i):
			downed++
		}
		if v.AtDeathsDoor(i) {
			door = true
		}
		if v.Injured(i) {
			injured++
		}
	}
	// A retreat carries the downed one in each pair of arms that gets away
	// (scene.carry_downed), and leaves the rest to die: while the guild
	// can harm what it fights, it stays with them.
	strands := downed > 0 && (!v.CarryDowned() || downed > able)
	if !strands && (door || 2*injured >= present && present > 0) && !lastBlow(v, able) {
		return true
	}
	// Fight on while someone able to act can harm a threat: a group in the
	// fight that is not the summons of another still in it (the vampire's
	// bats, called again every round, end nothing while it stands).
	threats := false
	for g := 0; g < v.Groups(); g++ {
		if !v.GroupIn(g) {
			continue
		}
		if h := v.SummonerOf(g); h >= 0 && v.GroupIn(h) {
			continue
		}
		threats = true
		if v.Harmable(g) && canHarm(v, g) {
			return false
		}
	}
	return threats
}

// lastBlow reports the fight one swing from its end: every threat left
// (a group in the fight that is not the summons of another still in it)
// is afraid, and leaves on its turn, or down to members that one Wound
// takes out, no more of them than the able adventurers, and the guild can
// harm each. The table presses on rather than retreat from it (the book,
// p.123-124, offers the retreat to a guild in a bad position; one blow
// from winning is not one): next round each able adventurer draws four
// cards, and against a face-down Initiative guessed at the middle of the
// lesser dooms (8) a card of 1 to 14 with any attribute of 1 or more
// misses with all four less than once in ten; the dying are rescued after
// the fight whether it is won or fled.
func lastBlow(v *hmtw.View, able int) bool {
	last, leaving := 0, false
	for g := 0; g < v.Groups(); g++ {
		if !v.GroupIn(g) {
			continue
		}
		if h := v.SummonerOf(g); h >= 0 && v.GroupIn(h) {
			continue
		}
		if v.Fearful(g) {
			leaving = true
			continue
		}
		lo, hi := v.GroupMembers(g)
		for j := lo; j < hi; j++ {
			if !v.MemberIn(j) {
				continue
			}
			if !kills(v, j) {
				return false
			}
			last++
		}
		if !v.Harmable(g) || !canHarm(v, g) {
			return false
		}
	}
	return (last > 0 || leaving) && last <= able
}

// canHarm reports whether an adventurer able to act holds or carries (on its
// belt, in its pack) what could harm a member of group g in the fight
// (Heavenfire, the spell it attacks with, while it knows it, keeps its
// realm's talent and has a Resolve to spend beyond the one it keeps).
func canHarm(v *hmtw.View, g int) bool {
	lo, hi := v.GroupMembers(g)
	for i := 0; i < v.Adventurers(); i++ {
		if !v.Able(i) || !v.Present(i) {
			continue
		}
		// The spell the guild attacks with (see spell), with a Resolve
		// beyond the one it keeps.
		if v.Speakable(i, hmtw.Heavenfire) && v.Resolve(i) > max(competentStyle.keepResolve, 1) {
			return true
		}
		var set uint64
		blind := blindForGood(v, i) // a wand or bow in the dark for good
		for j := lo; j < hi; j++ {
			if v.MemberIn(j) {
				if !blind && v.CanHarm(i, j) {
					return true
				}
				set |= 1 << j
			}
		}
		if it, _ := harmsThreat(v, i, set); it != hmtw.NoItem {
			return true
		}
	}
	return false
}

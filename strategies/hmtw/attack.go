package hmtwstrat

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems/hmtw"
)

// This file holds how an adventurer chooses its Attack: the target, the
// swing, the card and the favor it can count on.

// attackAttr is the attribute self's Attack adds on its turn.
func attackAttr(v *hmtw.View, self int) hmtw.Suit {
	if v.Weapon(self) == hmtw.ArchwoodWand {
		return hmtw.Wands
	}
	return hmtw.Swords
}

// favorAgainst guesses the situational favor of an Attack on GM character
// j by an adventurer with weapon w and effects eff in zone z (Tripped,
// webbed, Blind targets; cover; fists against the armed; the attacker's
// own state).
func favorAgainst(v *hmtw.View, j int, w hmtw.Item, eff hmtw.Effect, z int) int {
	return favorOn(v, j, w, w.Missile(), eff, z)
}

// favorOn is favorAgainst for an Attack that is a missile one or not
// (a thrown bomb "works like an Attack in every way", as a missile).
func favorOn(v *hmtw.View, j int, w hmtw.Item, missile bool, eff hmtw.Effect, z int) int {
	fav, dis := favorSources(v, j, w, missile, eff, z)
	switch {
	case fav && !dis:
		return 3
	case dis && !fav:
		return -3
	}
	return 0
}

// favorSources reports whether anything gives such an Attack favor, and
// whether anything gives it disfavor: the two cancel, and neither stacks
// (p.10), so a Resolve spent for favor where favor is already there adds
// nothing, even when disfavor cancels both.
func favorSources(v *hmtw.View, j int, w hmtw.Item, missile bool, eff hmtw.Effect, z int) (fav, dis bool) {
	me := v.MemberEffects(j)
	if me&(hmtw.Webbed|hmtw.Root|hmtw.Blind) != 0 || !missile && (me&hmtw.Trip != 0 || v.MemberRanged(j)) {
		fav = true
	}
	if eff&(hmtw.Exhaust|hmtw.Blind) != 0 || missile && me&hmtw.Trip != 0 {
		dis = true
	}
	if missile && v.MemberZone(j) != z && v.Cover(v.MemberZone(j)) {
		dis = true
	}
	if w == hmtw.NoItem {
		if armed, _ := v.Unarmed(j); armed {
			dis = true
		}
	}
	if eff&hmtw.Berserk != 0 {
		fav = true
	}
	return fav, dis
}

// kills reports whether one Wound takes GM character j down.
func kills(v *hmtw.View, j int) bool {
	h, d := v.MemberHD(j)
	return h != hmtw.Infinite && h+d <= 1
}

// attackChoice is a candidate Attack.
type attackChoice struct {
	target  int
	card    int
	resolve bool
	score   int
}

// bestAttack finds self's best Attack with a card of its hand (own: the
// attribute added; minor: the suit must fit, face value): the lowest card
// that beats the target's known (or guessed) Initiative, targets that die
// first. ok is false when none is worth it.
func (s style) bestAttack(v *hmtw.View, self int, own bool) (attackChoice, bool) {
	best := attackChoice{target: -1, card: -1}
	look, reach, fit := s.attackReach(v, self, own)
	if look == 0 {
		return best, false
	}
	var hand, vals [16]int8 // the cards that may pay: indices in hand order, values
	nc := payingCards(v, self, fit, &hand, &vals)
	if nc == 0 {
		return best, false
	}
	attr := aidFor(v, self, own) // an ally's Aid adds to this Attack (p.118)
	if own {
		attr += v.Attr(self, attackAttr(v, self))
	}
	if isLight(v.Weapon(self)) {
		look &^= summons(v) // a light breaks on its one blow (p.95)
	}
	if look = s.beatable(v, look, &vals, nc, attr); !own && look != 0 {
		look &^= claimedIn(v, self)
	}
	if look == 0 {
		return best, false
	}
	w, eff, z := v.Weapon(self), v.Effects(self), v.Zone(self)
	res := v.Resolve(self)
	resolveOK := res > s.keepResolve || s.anyResolve && res > 0
	weakest := -1
	if s.weakest {
		weakest = weakestIn(v, self, reach)
	}
	// The members in reach of the groups worth a look, in order (a group's
	// members follow each other).
	g, init, known, tie, tieKnown, immune := -1, 0, false, false, false, -1
	pick := swingPick{best: best}
	for m := look; m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if weakest >= 0 && j != weakest {
			continue
		}
		if mg := v.MemberGroup(j); mg != g {
			g, tieKnown, immune = mg, false, -1 // immune: unknown
			init, known = initOf(v, g)
		}
		if immune < 0 || v.Lord(g) {
			immune = immuneTo(v, self, j, w)
		}
		if immune == 1 {
			continue
		}
		if !tieKnown || v.Lord(g) {
			tie, tieKnown = v.MemberTie(j, w), true
		}
		fav, dis := favorSources(v, j, w, w.Missile(), eff, z)
		t := swingAt{j: j, init: init, add: attr + 3*b2i(fav && !dis) - 3*b2i(dis && !fav),
			tie: tie, fav: fav, known: known, dies: kills(v, j), engaged: v.EngagedWith(self, j)}
		s.offerCards(v, &pick, &t, &hand, &vals, nc, resolveOK)
	}
	return pick.best, pick.best.target >= 0
}

// swingAt is what a swing at member j turns on besides the card: its
// Initiative (init, known, and whether a tie goes to the attacker), what the
// Attack adds to the card (add: attribute, Aid, 3 for favor, -3 for
// disfavor), and what makes a hit worth more (dies, engaged).
type swingAt struct {
	j, init, add                   int
	tie, fav, known, dies, engaged bool
}

// offerCards offers pick a swing at t with each of the nc paying cards
// (hand: their indices in hand order, vals: their values): a hit with the
// lowest card first, Resolve for favor when the +3 makes it (resolveOK: a
// Resolve may be spent), a blind swing for a reckless style.
func (s style) offerCards(v *hmtw.View, pick *swingPick, t *swingAt, hand, vals *[16]int8, nc int, resolveOK bool) {
	for x := 0; x < nc; x++ {
		cv := int(vals[x])
		val := cv + t.add
		useResolve := false
		hit := v.Beats(val, t.init, t.tie)
		if !hit && !t.fav && resolveOK && v.Beats(val+3, t.init, t.tie) {
			hit, useResolve = true, true
		}
		if !hit && !(s.anyResolve && !t.known) {
			continue
		}
		score := swingScore(cv, hit, useResolve, t.known, t.dies, t.engaged)
		if pick.best.target >= 0 && score < pick.best.score {
			continue // offer's first test, without the call: most swings are worse
		}
		pick.offer(v, attackChoice{target: t.j, card: int(hand[x]), resolve: useResolve, score: score})
	}
}

// immuneTo is 1 when self cannot harm member j with weapon w (its
// immunity, or fists against what is larger than a human), else 0.
func immuneTo(v *hmtw.View, self, j int, w hmtw.Item) int {
	immune := v.Immune(self, j)
	_, harms := v.Unarmed(j)
	return b2i(immune || w == hmtw.NoItem && !harms)
}

// swingPick keeps the best swing offered so far: the higher score, then,
// on equal swings, the foe with less left to take down, then a draw among
// equals (the scenario's order is no rule).
type swingPick struct {
	best     attackChoice
	ties     int // equal best swings so far
	bestLeft int // their target's HD left
}

// beatable is look without the members whose Initiative none of the nc
// card values in vals can beat: an Attack's value is the card's, attr
// added, 3 at most for favor or a Resolve (a Resolve only makes up for
// what favor does not give). bestAttack would pass them by; a blind swing
// at a face-down Initiative (anyResolve) stays.
func (s style) beatable(v *hmtw.View, look uint64, vals *[16]int8, nc, attr int) uint64 {
	top := 0
	for x := 0; x < nc; x++ {
		top = max(top, int(vals[x]))
	}
	top += attr + 3
	g, out := -1, false
	for m := look; m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if mg := v.MemberGroup(j); mg != g {
			init, known := initOf(v, mg)
			g, out = mg, top < init && !(s.anyResolve && !known)
		}
		if out {
			look &^= 1 << j
		}
	}
	return look
}

// weakestPick keeps the GM character a blow should go to, of those
// offered: one it finishes first, then the one with least Health and
// Defense left, then a draw among equals (the scenario's order is no rule).
type weakestPick struct{ best, key, ties int }

// left is GM character j's Health and Defense left.
func left(v *hmtw.View, j int) int {
	h, d := v.MemberHD(j)
	return h + d
}

// claimedIn is the members that the Attacks earlier adventurers declared in
// this minor-action window will take out: each hits at face value (with
// its favor and Resolve) and they are as many as the Wounds the member has
// left. The table hears who strikes whom, and another Attack there would
// find no one to hit.
func claimedIn(v *hmtw.View, self int) uint64 {
	before := uint(v.DeclaredSet()) & (1<<self - 1) // the others declared a Skip
	if before == 0 {
		return 0
	}
	var claimed uint64
	var hits [64]int8
	for ; before != 0; before &= before - 1 {
		i := bits.TrailingZeros(before)
		d := v.DeclaredBefore(i)
		j := int(d.Target)
		if d.Kind != hmtw.Attack || j < 0 || j >= min(v.Members(), 64) || d.Card < 0 || int(d.Card) >= v.HandSize(i) ||
			!v.MemberIn(j) {
			continue
		}
		init, known := initOf(v, v.MemberGroup(j))
		w := v.Weapon(i)
		val := v.Card(i, int(d.Card)).Value() + favorAgainst(v, j, w, v.Effects(i), v.Zone(i))
		if d.Resolve {
			val += 3
		}
		if !known || !v.Beats(val, init, v.MemberTie(j, w)) {
			continue
		}
		hits[j]++
		if h, dd := v.MemberHD(j); h != hmtw.Infinite && int(hits[j]) >= h+dd {
			claimed |= 1 << j
		}
	}
	return claimed
}

// attackReach is what self's Attack may aim at: look, the members in its
// reach of the groups worth a look (in the fight and, for a minor Attack,
// with their Initiative face up; 0: none, or no card or weapon to Attack
// with), reach, every member in its reach, and fit, the suits that may pay
// (any but the Fool on its own turn, the suits that fit as a minor
// action).
func (s style) attackReach(v *hmtw.View, self int, own bool) (look, reach uint64, fit uint8) {
	// The cheapest tests first: most minor actions end at the suit.
	fit = uint8(1<<hmtw.NumSuits - 1)
	if !own {
		fit = v.MinorSuits(self, hmtw.Attack, v.HandSuits(self))
		if fit == 0 {
			return 0, 0, 0
		}
	}
	if !v.WeaponReady(self) {
		return 0, 0, 0
	}
	var cand uint64 // the members of the groups worth a look
	for g := 0; g < v.Groups(); g++ {
		if v.GroupIn(g) && (own || s.anyResolve || v.Revealed(g)) {
			lo, hi := v.GroupMembers(g)
			cand |= 1<<hi - 1<<lo
		}
	}
	if cand == 0 {
		return 0, 0, 0
	}
	reach = v.ReachSet(self)
	return reach & cand, reach, fit
}

// payingCards gathers self's cards of the suits in fit that may pay for
// an Attack: their indices in hand order and their values; it returns
// how many.
func payingCards(v *hmtw.View, self int, fit uint8, hand, vals *[16]int8) int {
	nc := 0
	for c, n := 0, v.HandSize(self); c < n; c++ {
		if card := v.Card(self, c); fit&(1<<card.Suit()) != 0 {
			hand[nc], vals[nc] = int8(c), int8(card.Value())
			nc++
		}
	}
	return nc
}

// weakestIn is the member in reach self can harm with the fewest HD, the
// first on a tie, or -1.
func weakestIn(v *hmtw.View, self int, reach uint64) int {
	weakest, wh := -1, 0
	for j := 0; j < v.Members(); j++ {
		if reach&(1<<j) == 0 || v.Immune(self, j) {
			continue
		}
		h, d := v.MemberHD(j)
		if weakest < 0 || h+d < wh {
			weakest, wh = j, h+d
		}
	}
	return weakest
}

// swingScore is the worth of an Attack with a card of value cv: the
// lower the card the better, a kill first (dies), then a foe engaged with
// the attacker; less for a face-down Initiative (not known) or Resolve
// spent; a blind swing (no hit) with the best card.
func swingScore(cv int, hit, useResolve, known, dies, engaged bool) int {
	score := 1000 - cv*10
	if !hit {
		score = cv // a blind swing with the best card
	}
	if dies {
		score += 5000
	}
	if engaged {
		score += 200
	}
	if !known {
		score -= 300
	}
	if useResolve {
		score -= 400
	}
	return score
}

// Package hmtwstrat holds the built-in His Majesty the Worm strategies:
// the party policies competent (section 8.1 of the spec), reckless and
// focus-weakest, and the GM policies fair-but-smart (section 8.2) and
// brutal. They implement the decision interface of tpk/systems/hmtw and
// register themselves by name from init; importing the package is all it
// takes.
package hmtwstrat

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
	"github.com/tpk-sim/tpk/systems/search"
)

func init() {
	hmtw.Policies.Party.Register("competent",
		"section 8.1: Initiative the highest card against Claw or Talons, when outnumbered or on its last legs, else the lowest; rescue the dying, Attack what it can beat "+
			"(targets that die first, ties by a draw), else a facedown Dodge; a held web bomb at the foe with most left; Withering where the weapon cannot strike; "+
			"Aid Another only where it makes a hit; no Avoid its own disfavor loses, no hazard stake that would Injure; no blind shots; a held light raised against a shadow form (the first light-holder in its zone, its lowest card); a weapon pulled from belt or pack when nothing in hand harms a threat; minor actions by suit (no Recover against Poison, an affliction); the Fool and Quick! to Dodge a hit; "+
			"Heavy Metal Machine where it turns a hit into a miss or a Claw's double Wound into one; Resolve only where +3 turns a miss into a hit, keeping 1; push at 50% or when failing kills; retreat when someone "+
			"is at Death's Door, half the guild is Injured, or those able to act cannot harm what threatens it (summons such as "+
			"the vampire's bats aside)", competent{})
	hmtw.Policies.Party.Register("reckless",
		"tempo: the lowest card as Initiative, every card into Attacks (the highest first, Resolve whenever it may help), "+
			"no defences, always push, never retreat", reckless{})
	hmtw.Policies.Party.Register("focus-weakest",
		"as competent, but everyone Attacks the GM character with the least Health and Defense left that it can reach", focus{})
	hmtw.Policies.Party.Register("strong", search.PartyDoc, hmtw.StrongParty)
	hmtw.Policies.Party.SetRole("reckless", systems.RoleCareless)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// style is what distinguishes the party Policies.
type style struct {
	tempo       bool // Initiative: always the lowest card (else guarded: see pickInitiative)
	noDefence   bool // never Dodge, Riposte or Aid
	weakest     bool // every Attack on the weakest foe reachable
	alwaysPush  bool
	neverRetire bool
	keepResolve int // Resolve kept back
	anyResolve  bool
	banter      bool // Banter a group into flight where it beats the Morale (E-H1)
}

// unknownInit is the Initiative a policy assumes for a face-down card:
// around the middle of the lesser dooms.
const unknownInit = 8

// initOf is the Initiative group g shows the party: its value when face
// up, else a guess.
func initOf(v *hmtw.View, g int) (int, bool) {
	if init, up := v.GroupInit(g); up {
		return init, true
	}
	return unknownInit, false
}

// pickInitiative chooses adventurer self's Initiative card: the trade-off
// of spec 8.1.1, a high card defends but acts late, a low one acts early
// but is easy to hit. A tempo style always plays its lowest card. The
// others weigh the blows to come (strong play chooses so, and the spec's
// "balanced" default, the highest card after keeping the best for an
// Attack, lost to both on the examples): its highest card when a high
// Initiative stops blows, against a foe whose blow of twice the Initiative
// deals 2 Wounds (Claw, Talons) or when the foes outnumber the guild (a
// blow a foe, each against its Initiative), or when it means to cast
// Heavenfire, which waits for a face-up Initiative, or when it is on its
// last legs (see lastLegs); otherwise its lowest,
// to act before the foes and keep the high cards for an Attack and a Dodge
// (the spec's Tempo).
func (s style) pickInitiative(v *hmtw.View, self int) int {
	best, lo := highestCard(v, self), lowestCard(v, self)
	if !s.tempo && (highAgainst(v) || s.heavenfireAt(v, self) >= 0 || lastLegs(v, self)) {
		return best
	}
	return lo
}

// highAgainst reports foes that call for a high Initiative from everyone:
// a Claw or Talons, or more foes than the guild. It is worked out once for
// the guild's Initiative choices of a round (View.WindowMemo): nothing it
// reads changes while they choose, and it draws nothing.
func highAgainst(v *hmtw.View) bool {
	m := v.WindowMemo()
	if m == nil {
		return clawThreat(v) || outnumbered(v)
	}
	if *m&memoHighKnown == 0 {
		*m |= memoHighKnown
		if clawThreat(v) || outnumbered(v) {
			*m |= memoHigh
		}
	}
	return *m&memoHigh != 0
}

// lastLegs reports self one Wound from Injured or already Injured (its
// armor, helm and shield spent, Staggered, both talents Wounded): the next
// blow or two take it to Death's Door, so it holds its highest card up to
// keep the blows off rather than play for tempo (the ogre-brute example's
// Mord, Staggered with his armor gone, played his lowest card in round 2
// and went down in 7 of strong play's 12 largest regrets).
func lastLegs(v *hmtw.View, self int) bool { return woundsToInjured(v, self, false) <= 1 }

// heavenfireAt is the first GM character worth self's Heavenfire (see
// spell), or -1.
func (s style) heavenfireAt(v *hmtw.View, self int) int {
	if !v.Speakable(self, hmtw.Heavenfire) || v.Resolve(self) <= max(s.keepResolve, 1) {
		return -1
	}
	for j := 0; j < v.Members(); j++ {
		if v.MemberIn(j) && heavenfireWorth(v, j) {
			return j
		}
	}
	return -1
}

// heavenfireWorth reports GM character j worth a Heavenfire: Piercing on
// an armored undead, blinding on an elite or a dungeon lord not yet Blind.
func heavenfireWorth(v *hmtw.View, j int) bool {
	gi := v.Group(v.MemberGroup(j))
	_, def := v.MemberHD(j)
	if v.MemberObject(j) {
		return false // a crown only glows (errata E-H7)
	}
	return !gi.Living && def > 0 || gi.Living && (gi.Elite || gi.Lord) && v.MemberEffects(j)&hmtw.Blind == 0
}

// clawThreat reports a group in the fight whose hit deals 2 Wounds when
// its total is at least twice the target's Initiative (Claw, Talons).
func clawThreat(v *hmtw.View) bool {
	for g := 0; g < v.Groups(); g++ {
		if v.Has(g, hmtw.AbClaw) || v.Has(g, hmtw.AbTalons) {
			return true
		}
	}
	return false
}

// outnumbered reports more GM characters in the fight than adventurers
// able to act.
func outnumbered(v *hmtw.View) bool {
	foes, able := bits.OnesCount64(v.InFight()), 0
	for i := 0; i < v.Adventurers(); i++ {
		if v.Able(i) {
			able++
		}
	}
	return foes > able
}

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
			immune = b2i(v.Immune(self, j))
			if _, harms := v.Unarmed(j); w == hmtw.NoItem && !harms {
				immune = 1 // fists do not hurt what is larger than a human
			}
		}
		if immune == 1 {
			continue
		}
		if !tieKnown || v.Lord(g) {
			tie, tieKnown = v.MemberTie(j, w), true
		}
		fav, dis := favorSources(v, j, w, w.Missile(), eff, z)
		mod := 3*b2i(fav && !dis) - 3*b2i(dis && !fav)
		dies := kills(v, j)
		engaged := v.EngagedWith(self, j)
		for x := 0; x < nc; x++ {
			// A hit with the lowest card first, Resolve for favor when the
			// +3 makes it, a blind swing for a reckless style.
			cv := int(vals[x])
			val := cv + attr + mod
			useResolve := false
			hit := v.Beats(val, init, tie)
			if !hit && !fav && resolveOK && v.Beats(val+3, init, tie) {
				hit, useResolve = true, true
			}
			if !hit && !(s.anyResolve && !known) {
				continue
			}
			score := swingScore(cv, hit, useResolve, known, dies, engaged)
			if pick.best.target >= 0 && score < pick.best.score {
				continue // offer's first test, without the call: most swings are worse
			}
			pick.offer(v, attackChoice{target: j, card: int(hand[x]), resolve: useResolve, score: score})
		}
	}
	return pick.best, pick.best.target >= 0
}

// swingPick keeps the best swing offered so far: the higher score, then,
// on equal swings, the foe with less left to take down, then a draw among
// equals (the scenario's order is no rule).
type swingPick struct {
	best     attackChoice
	ties     int // equal best swings so far
	bestLeft int // their target's HD left
}

// offer considers swing c.
func (p *swingPick) offer(v *hmtw.View, c attackChoice) {
	switch {
	case p.best.target < 0 || c.score > p.best.score:
		p.ties, p.bestLeft = 1, left(v, c.target)
	case c.score < p.best.score || c.target == p.best.target:
		return
	case left(v, c.target) < p.bestLeft:
		p.ties, p.bestLeft = 1, left(v, c.target)
	case left(v, c.target) > p.bestLeft:
		return
	default:
		if p.ties++; !v.Chance(1 / float64(p.ties)) {
			return
		}
	}
	p.best = c
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

// offer considers GM character j.
func (p *weakestPick) offer(v *hmtw.View, j int) {
	key := left(v, j)
	if kills(v, j) {
		key = -1
	}
	switch {
	case p.best < 0 || key < p.key:
		p.best, p.key, p.ties = j, key, 1
	case key == p.key:
		if p.ties++; v.Chance(1 / float64(p.ties)) {
			p.best = j
		}
	}
}

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

// nearestFoeZone is the zone of the nearest GM character in the fight
// self can step toward, or -1.
func nearestFoeZone(v *hmtw.View, self int) int {
	z := v.Zone(self)
	for j := 0; j < v.Members(); j++ {
		if v.MemberIn(j) && v.MemberZone(j) == z {
			return z
		}
	}
	for j := 0; j < v.Members(); j++ {
		if mz := v.MemberZone(j); v.MemberIn(j) && v.Adjacent(z, mz) {
			return mz
		}
	}
	for j := 0; j < v.Members(); j++ {
		if v.MemberIn(j) {
			mz := v.MemberZone(j)
			for y := 0; y < v.Zones(); y++ {
				if v.CanStep(z, y) && (v.Adjacent(y, mz) || y == mz) {
					return y
				}
			}
		}
	}
	return -1
}

// lowestCard is self's lowest card that is not the Fool, or -1.
func lowestCard(v *hmtw.View, self int) int {
	lo, lv := -1, 0
	for j := 0; j < v.HandSize(self); j++ {
		if c := v.Card(self, j); c != hmtw.Fool && (lo < 0 || c.Value() < lv) {
			lo, lv = j, c.Value()
		}
	}
	return lo
}

// highestCard is self's highest card that is not the Fool, or -1.
func highestCard(v *hmtw.View, self int) int {
	hi, hv := -1, 0
	for j := 0; j < v.HandSize(self); j++ {
		if c := v.Card(self, j); c != hmtw.Fool && (hi < 0 || c.Value() > hv) {
			hi, hv = j, c.Value()
		}
	}
	return hi
}

// avoidPasses reports whether self's Avoid with its highest card, on its
// turn, beats the Initiative of every GM character engaged with it (a tie
// passes, unless option H-8 is strict). A face-down Initiative is taken at
// the middle of the lesser dooms: a card below that is a blind stake of the
// next Wound, Injured or not (ogre-brute encounter 484: Mord, Staggered and
// armor gone, Avoided with a 5, took the Wound and went on to Death's
// Door); Injured, when the failure's Wound is Death's Door, it stakes no
// Avoid on a face-down Initiative at all, as it stakes no crossing of a
// hazard (the crypt's Mord, encounter 2151). The Avoid's own disfavor
// counts (Exhausted or Blind: every action at -3, p.12-13), as the kernel
// counts it: a card that beats the Initiative at face value may still fail.
func avoidPasses(v *hmtw.View, self int) bool {
	c := highestCard(v, self)
	if c < 0 {
		return false
	}
	val := v.Card(self, c).Value() + v.Attr(self, hmtw.Pentacles) + selfDisfavor(v, self)
	strict, injured := v.Rules().H8 == hmtw.H8Strict, v.Injured(self)
	for j := 0; j < v.Members(); j++ {
		if !v.EngagedWith(self, j) {
			continue
		}
		init, up := initOf(v, v.MemberGroup(j))
		if !up && injured || val < init || strict && val == init {
			return false
		}
	}
	return true
}

// selfDisfavor is the -3 that self's own state puts on every action it
// takes (Exhausted or Blind), 0 otherwise.
func selfDisfavor(v *hmtw.View, self int) int {
	if v.Effects(self)&(hmtw.Exhaust|hmtw.Blind) != 0 {
		return -3
	}
	return 0
}

// blindShot reports self holding a missile weapon while Blind: "Blinded
// creatures can't make missile attacks at all" (p.12-13), and an archwood
// wand's blast is a missile weapon (the wand's gear entry: "use an archwood
// wand as a missile weapon"), so what it holds harms nothing until it sees
// again.
func blindShot(v *hmtw.View, self int) bool {
	return v.Effects(self)&hmtw.Blind != 0 && v.Weapon(self).Missile()
}

// blindForGood reports self's missile weapon useless for the rest of the
// fight as things stand: Blind in the dark (no Recover shakes that off),
// and no adventurer able to act carries a light that would end it.
func blindForGood(v *hmtw.View, self int) bool {
	if !blindShot(v, self) || v.Effects(self)&hmtw.Dark == 0 {
		return false
	}
	for i := 0; i < v.Adventurers(); i++ {
		if it, _ := carriedLight(v, i); it != hmtw.NoItem && v.Able(i) && !v.TwoHanded(i) {
			return false
		}
	}
	return true
}

// harmsAnyFoe reports whether what self holds could harm a GM character in
// the fight now (not a missile weapon in Blind hands).
func harmsAnyFoe(v *hmtw.View, self int) bool {
	if blindShot(v, self) {
		return false
	}
	for j := 0; j < v.Members(); j++ {
		if v.MemberIn(j) && v.CanHarm(self, j) {
			return true
		}
	}
	return false
}

// suitCard is self's highest card of suit su (not the Fool), or -1.
func suitCard(v *hmtw.View, self int, su hmtw.Suit) int {
	hi, hv := -1, 0
	for j := 0; j < v.HandSize(self); j++ {
		if c := v.Card(self, j); c != hmtw.Fool && c.Suit() == su && (hi < 0 || c.Value() > hv) {
			hi, hv = j, c.Value()
		}
	}
	return hi
}

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
	c := pullCard(v, self, fromPack, minor)
	if c < 0 {
		return false
	}
	a.Kind, a.Card, a.Item, a.Hand = hmtw.PullBelt, int8(c), it, 0
	if fromPack {
		a.Kind = hmtw.PullPack
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
	// Both passes in one look at the hand: c without Resolve, cr with it
	// (favor, or disfavor cancelled), each the lowest card that beats the
	// Morale, the first in hand order on a tie.
	c, cv, cr, crv := -1, 0, -1, 0
	for j := 0; j < v.HandSize(self); j++ {
		x := v.Card(self, j)
		if x == hmtw.Fool || !own && x.Suit() != hmtw.Wands {
			continue
		}
		xv := x.Value()
		if xv+attr+mod > bestMor && (c < 0 || xv < cv) {
			c, cv = j, xv
		}
		withResolve := xv + attr + 3 + mod
		if mod < 0 {
			withResolve = xv + attr
		}
		if withResolve > bestMor && (cr < 0 || xv < crv) {
			cr, crv = j, xv
		}
	}
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

// banterGroup is the group a Banter aims at, its Morale and the member
// named as target (the group's first in the fight): in the fight, neither
// mindless nor a beast, not afraid already, not a lone member one hit would
// finish; the one with most members, then the lowest Morale; best -1 when
// none. It is the same for every adventurer, so a minor-action window
// works it out once (View.WindowMemo).
func banterGroup(v *hmtw.View) (best, bestMor, target int) {
	m := v.WindowMemo()
	if m != nil && *m&memoBanterKnown != 0 {
		return int(*m>>memoBanterGroup&0xff) - 1, int(*m >> memoBanterMorale & 0xff), int(*m>>memoBanterTarget&0xff) - 1
	}
	best, bestN, bestMor, target := -1, 0, 0, -1
	for g := 0; g < v.Groups(); g++ {
		if !v.GroupIn(g) || !v.Intelligent(g) || v.Fearful(g) {
			continue
		}
		n := membersIn(v, g)
		if n == 0 || n < bestN || n == 1 && oneHitFrom(v, g) {
			continue // fewer members than the best so far: it cannot be chosen
		}
		mor := v.Morale(g)
		if n > bestN || n == bestN && mor < bestMor {
			best, bestN, bestMor = g, n, mor
		}
	}
	if best >= 0 {
		lo, hi := v.GroupMembers(best)
		for j := lo; j < hi; j++ {
			if v.MemberIn(j) {
				target = j
				break
			}
		}
	}
	if m != nil {
		*m |= memoBanterKnown | uint64(best+1)<<memoBanterGroup | uint64(bestMor&0xff)<<memoBanterMorale | uint64(target+1)<<memoBanterTarget
	}
	return best, bestMor, target
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
		c := pullCard(v, self, fromPack, minor)
		if c < 0 {
			return false
		}
		a.Kind, a.Card, a.Item, a.Hand = hmtw.PullBelt, int8(c), it, 1
		if fromPack {
			a.Kind = hmtw.PullPack
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
		if !v.MemberIn(j) || !v.CanThrow(self, j) || v.MemberEffects(j)&(hmtw.Webbed|hmtw.Root) != 0 ||
			v.Has(g, hmtw.AbShadowForm) || v.Has(g, hmtw.AbShapelessBody) || v.Immune(self, j) {
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
		need := init
		if hz := v.HazardBetween(z, v.MemberZone(j)); hz >= 0 {
			hi, up := v.HazardShown(hz)
			if !up {
				hi = unknownInit
			}
			need = max(need, hi)
		}
		mod := favorOn(v, j, hmtw.WebBomb, true, eff, z)
		c := -1
		for x := 0; x < v.HandSize(self); x++ {
			cd := v.Card(self, x)
			if cd == hmtw.Fool || !own && cd.Suit() != hmtw.Cups {
				continue
			}
			if v.Beats(cd.Value()+attr+mod, need, v.MemberTie(j, hmtw.NoItem)) && (c < 0 || cd.Value() < v.Card(self, c).Value()) {
				c = x
			}
		}
		if c < 0 {
			continue
		}
		switch left := h + d; {
		case target < 0 || left > most:
			target, card, most, ties = j, c, left, 1
		case left == most:
			if ties++; v.Chance(1 / float64(ties)) {
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
			if ties++; v.Chance(1 / float64(ties)) {
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
			if ties++; v.Chance(1 / float64(ties)) {
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

// Bits of View.WindowMemo: the retreat decision and banterGroup's
// answer, once worked out in a window (group+1, Morale, target+1: a byte
// each, from the bit named); highAgainst, once worked out for the
// Initiative choices.
const (
	memoRetreatKnown = 1 << iota
	memoRetreat
	memoHighKnown
	memoHigh
	memoBanterKnown
	memoBanterGroup  = 8
	memoBanterMorale = 16
	memoBanterTarget = 24
)

// windowRetreat is retreat, worked out once in a minor-action window: it
// reads nothing a decider changes (the declarations aside) and draws
// nothing.
func (s style) windowRetreat(v *hmtw.View) bool {
	m := v.WindowMemo()
	if m == nil || s.neverRetire {
		return s.retreat(v)
	}
	if *m&memoRetreatKnown == 0 {
		*m |= memoRetreatKnown
		if s.retreat(v) {
			*m |= memoRetreat
		}
	}
	return *m&memoRetreat != 0
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

// competent is section 8.1's "competent table".
type competent struct{}

var competentStyle = style{keepResolve: 1, banter: true}

func (competent) Initiative(v *hmtw.View, self int) int {
	return competentStyle.pickInitiative(v, self)
}
func (competent) Turn(v *hmtw.View, self int, a *hmtw.Action) {
	competentStyle.turn(v, self, a)
}
func (competent) Minor(v *hmtw.View, self int, a *hmtw.Action) { competentStyle.minor(v, self, a) }
func (competent) Interrupt(v *hmtw.View, self int, t *hmtw.Threat, a *hmtw.Action) {
	competentStyle.interrupt(v, self, t, a)
}
func (competent) Absorb(v *hmtw.View, self int, w hmtw.Wound) hmtw.Absorber {
	return hmtw.DefaultAbsorb(v, self, w)
}
func (competent) FateResolve(v *hmtw.View, self int, t hmtw.FateTest) bool {
	return competentStyle.fateResolve(v, self, t)
}
func (competent) Push(v *hmtw.View, self int, p hmtw.FatePush) bool {
	return p.Deadly || p.Chance >= 0.5
}
func (competent) Retreat(v *hmtw.View) bool { return competentStyle.retreat(v) }

// reckless plays for tempo and damage.
type reckless struct{}

var recklessStyle = style{tempo: true, noDefence: true, alwaysPush: true, neverRetire: true, anyResolve: true}

func (reckless) Initiative(v *hmtw.View, self int) int { return recklessStyle.pickInitiative(v, self) }
func (reckless) Turn(v *hmtw.View, self int, a *hmtw.Action) {
	recklessStyle.turn(v, self, a)
}
func (reckless) Minor(v *hmtw.View, self int, a *hmtw.Action) { recklessStyle.minor(v, self, a) }
func (reckless) Interrupt(v *hmtw.View, self int, t *hmtw.Threat, a *hmtw.Action) {
	// The Fool is an extra Attack, not a Dodge.
	if v.Offer()&hmtw.OfferFool == 0 {
		return
	}
	if at, ok := recklessStyle.bestAttack(v, self, true); ok {
		a.Kind, a.Card, a.Target, a.Fool = hmtw.Attack, int8(at.card), int8(at.target), true
	}
}
func (reckless) Absorb(v *hmtw.View, self int, w hmtw.Wound) hmtw.Absorber {
	return hmtw.DefaultAbsorb(v, self, w)
}
func (reckless) FateResolve(v *hmtw.View, self int, t hmtw.FateTest) bool {
	return recklessStyle.fateResolve(v, self, t)
}
func (reckless) Push(v *hmtw.View, self int, p hmtw.FatePush) bool { return true }
func (reckless) Retreat(v *hmtw.View) bool                         { return false }

// focus is competent play with focused fire.
type focus struct{}

var focusStyle = style{keepResolve: 1, weakest: true, banter: true}

func (focus) Initiative(v *hmtw.View, self int) int { return focusStyle.pickInitiative(v, self) }
func (focus) Turn(v *hmtw.View, self int, a *hmtw.Action) {
	focusStyle.turn(v, self, a)
}
func (focus) Minor(v *hmtw.View, self int, a *hmtw.Action) { focusStyle.minor(v, self, a) }
func (focus) Interrupt(v *hmtw.View, self int, t *hmtw.Threat, a *hmtw.Action) {
	focusStyle.interrupt(v, self, t, a)
}
func (focus) Absorb(v *hmtw.View, self int, w hmtw.Wound) hmtw.Absorber {
	return hmtw.DefaultAbsorb(v, self, w)
}
func (focus) FateResolve(v *hmtw.View, self int, t hmtw.FateTest) bool {
	return focusStyle.fateResolve(v, self, t)
}
func (focus) Push(v *hmtw.View, self int, p hmtw.FatePush) bool { return p.Deadly || p.Chance >= 0.5 }
func (focus) Retreat(v *hmtw.View) bool                         { return focusStyle.retreat(v) }

// pullCard is the card that pays for pulling an item: the lowest card, but
// the lowest Cups when a minor action reaches into the pack (a Cups
// action); -1 when there is none.
func pullCard(v *hmtw.View, self int, fromPack, minor bool) int {
	if !fromPack || !minor {
		return lowestCard(v, self)
	}
	c := -1
	for j, lv := 0, 0; j < v.HandSize(self); j++ {
		if x := v.Card(self, j); x != hmtw.Fool && x.Suit() == hmtw.Cups && (c < 0 || x.Value() < lv) {
			c, lv = j, x.Value()
		}
	}
	return c
}

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

// offer considers swing c.
func (p *swingPick) offer(v *hmtw.View, c attackChoice) {
	switch {
	case p.best.target < 0 || c.score > p.best.score:
		p.ties, p.bestLeft = 1, left(v, c.target)
	case c.score < p.best.score || c.target == p.best.target:
		return
	default: // an equal swing at another foe
		switch l := left(v, c.target); {
		case l < p.bestLeft:
			p.ties, p.bestLeft = 1, l
		case l > p.bestLeft || !drawTie(v, &p.ties):
			return
		}
	}
	p.best = c
}

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
		if drawTie(v, &p.ties) {
			p.best = j
		}
	}
}

// drawTie counts one more choice as good as the best kept so far and
// reports whether it takes the best's place, so that each of the equals is
// kept with the same chance (the scenario's order is no rule).
func drawTie(v *hmtw.View, ties *int) bool {
	*ties++
	return v.Chance(1 / float64(*ties))
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

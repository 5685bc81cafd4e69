package hmtw

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file lists the party's choices at each decision strong play
// searches. A play is a card, an action and a target at once, too many to
// play forward; what is listed is the default's choice first, then every
// kind of action that is legal with the card and target a table would
// pick for it (actionChoices). Left out: doing nothing on one's turn (the
// cards would only wait for minor actions), Dash (a Move is listed), pulling
// an item from belt or pack (the default pulls a weapon, a light or a
// remedy when one is needed), Resolve on an action (the default spends it
// where +3 turns a miss into a hit), and plays a face-up number already
// defeats: an Attack, Roughhouse or Banter whose best card cannot beat a
// revealed Initiative or the Morale.

// The kinds of party decision.
const (
	kindInitiative  = "Initiative card"
	kindTurn        = "turn"
	kindFoolTurn    = "the Fool's extra turn"
	kindMinor       = "minor action"
	kindInterrupt   = "interrupt"
	kindAbsorb      = "what absorbs a Wound"
	kindFateResolve = "Resolve on a test of fate"
	kindPush        = "push of a failed test of fate"
	kindRetreat     = "retreat"
)

// allSuits are the suits any card may pay with on one's own turn.
const allSuits = uint8(1<<NumSuits - 1)

// partyDecision is a decision of adventurer self.
func (k *kernel) partyDecision(kind string, self int) search.Decision {
	return search.Decision{Side: sim.Party, Kind: kind, Who: k.m.party[self].name, Round: k.round}
}

// strongInitiative searches adventurer self's Initiative card.
func (k *kernel) strongInitiative(self int) int {
	def := k.m.defParty.Initiative(&k.view, self)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.init
	c.list(self, def)
	return int(c.c[st.s.Decide(k.partyDecision(kindInitiative, self), c)])
}

// strongTurn searches adventurer self's turn (or the Fool's extra turn).
func (k *kernel) strongTurn(self int, a *Action) {
	k.m.defParty.Turn(&k.view, self, a)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return
	}
	mode, kind := modeTurn, kindTurn
	if k.view.foolTurn {
		mode, kind = modeFool, kindFoolTurn
	}
	c := &st.act
	c.start(self, a, mode)
	c.actions()
	*a = c.a[st.s.Decide(k.partyDecision(kind, self), c)]
}

// strongMinor searches adventurer self's minor action.
func (k *kernel) strongMinor(self int, a *Action) {
	k.m.defParty.Minor(&k.view, self, a)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return
	}
	c := &st.act
	c.start(self, a, modeMinor)
	c.skip()
	c.actions()
	*a = c.a[st.s.Decide(k.partyDecision(kindMinor, self), c)]
}

// strongInterrupt searches adventurer self's answer to threat t: none, a
// Dodge for the target with the Fool (the highest card) or Quick! (the
// highest Pentacles), Heavy Metal Machine (the lowest card). Against a
// threat that misses as it stands only the default and none are listed.
func (k *kernel) strongInterrupt(self int, t *Threat, a *Action) {
	k.m.defParty.Interrupt(&k.view, self, t, a)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return
	}
	c := &st.act
	c.start(self, a, modeQuick)
	c.skip()
	if t.Hits {
		o := k.view.offer
		var x Action
		if o&OfferHMM != 0 {
			x.Reset()
			x.Kind, x.Card = HeavyMetal, k.pick(self, allSuits, false)
			c.addRaw(&x)
		}
		if !t.Dodged && k.canDodgeFor(self, t.Target) {
			if o&OfferFool != 0 {
				x.Reset()
				x.Kind, x.Card, x.Ally, x.Fool = Dodge, k.pick(self, allSuits, true), int8(t.Target), true
				c.addRaw(&x)
			}
			if o&OfferQuick != 0 {
				x.Reset()
				x.Kind, x.Card, x.Ally = Dodge, k.pick(self, 1<<Pentacles, true), int8(t.Target)
				c.addRaw(&x)
			}
		}
	}
	*a = c.a[st.s.Decide(k.partyDecision(kindInterrupt, self), c)]
}

// strongAbsorb searches what takes a Wound of adventurer self: every
// legal absorber, the default's first.
func (k *kernel) strongAbsorb(self int, w Wound) Absorber {
	def := k.m.defParty.Absorb(&k.view, self, w)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.absorb
	c.n = 0
	c.add(def)
	for b := AbsorbHelm; b < numAbsorbers; b++ {
		if legalAbsorber(&k.adv[self], b, w) {
			c.add(b)
		}
	}
	return c.b[st.s.Decide(k.partyDecision(kindAbsorb, self), c)]
}

// strongFateResolve searches whether adventurer self spends a Resolve on a
// test of fate.
func (k *kernel) strongFateResolve(self int, t FateTest) bool {
	def := k.m.defParty.FateResolve(&k.view, self, t)
	return k.strongYes(def, yesResolve, k.partyDecision(kindFateResolve, self), true)
}

// strongPush searches whether adventurer self pushes a failed test of
// fate; failing a deadly one kills, so that one is always pushed.
func (k *kernel) strongPush(self int, p FatePush) bool {
	def := k.m.defParty.Push(&k.view, self, p)
	return k.strongYes(def, yesPush, k.partyDecision(kindPush, self), !p.Deadly || !def)
}

// strongRetreat searches whether the guild takes the GM's offer of a
// retreat.
func (k *kernel) strongRetreat() bool {
	def := k.m.defParty.Retreat(&k.view)
	d := search.Decision{Side: sim.Party, Kind: kindRetreat, Who: "the guild", Round: k.round}
	return k.strongYes(def, yesRetreat, d, true)
}

// strongYes searches a yes-or-no decision whose default is def (both
// listed when both are allowed).
func (k *kernel) strongYes(def bool, words int, d search.Decision, both bool) bool {
	st := k.strong
	if !st.s.Searching() || !both || st.s.SkipDefault() {
		return def
	}
	c := &st.yes
	c.def, c.words = def, words
	return def == (st.s.Decide(d, c) == 0)
}

// The words of the yes-or-no decisions.
const (
	yesResolve = iota
	yesPush
	yesRetreat
)

var yesWords = [...][2]string{yesResolve: {"spend a Resolve", "keep the Resolve"}, yesPush: {"push", "accept the failure"},
	yesRetreat: {"retreat", "fight on"}}

// boolChoices are yes and no, the default's answer first.
type boolChoices struct {
	def   bool
	words int
}

func (c *boolChoices) Len() int { return 2 }

func (c *boolChoices) Label(i int) string {
	if c.def == (i == 0) {
		return yesWords[c.words][0]
	}
	return yesWords[c.words][1]
}

// initChoices are an adventurer's Initiative cards: the default's, then
// every other card but the Fool, highest first.
type initChoices struct {
	k    *kernel
	self int
	n    int
	c    [maxHand]int8
}

func (c *initChoices) Len() int { return c.n }

func (c *initChoices) list(self, def int) {
	k := c.k
	a := &k.adv[self]
	c.self, c.n = self, 0
	if def < 0 || def >= int(a.nh) || a.hand[def] == Fool {
		def = k.fallbackInitiative(self)
	}
	c.c[0] = int8(def)
	c.n = 1
	for c.n < int(a.nh) {
		best := -1
		for j := 0; j < int(a.nh); j++ {
			if a.hand[j] == Fool || c.has(j) {
				continue
			}
			if best < 0 || a.hand[j].Value() > a.hand[best].Value() {
				best = j
			}
		}
		if best < 0 {
			break
		}
		c.c[c.n] = int8(best)
		c.n++
	}
}

func (c *initChoices) has(j int) bool {
	for _, x := range c.c[:c.n] {
		if int(x) == j {
			return true
		}
	}
	return false
}

func (c *initChoices) Label(i int) string { return c.k.adv[c.self].hand[c.c[i]].String() }

// absorbChoices are the legal absorbers of a Wound, the default's first.
type absorbChoices struct {
	k *kernel
	n int
	b [numAbsorbers + 1]Absorber
}

func (c *absorbChoices) Len() int { return c.n }

func (c *absorbChoices) add(b Absorber) {
	for _, x := range c.b[:c.n] {
		if x == b {
			return
		}
	}
	c.b[c.n] = b
	c.n++
}

func (c *absorbChoices) Label(i int) string { return c.b[i].String() }

// actChoices are an adventurer's plays for a turn, a minor action or an
// interrupt, the default's first.
type actChoices struct {
	k    *kernel
	self int
	mode playMode
	n    int
	a    [search.MaxCandidates]Action
}

func (c *actChoices) Len() int { return c.n }

// start lists the default's choice def.
func (c *actChoices) start(self int, def *Action, mode playMode) {
	c.self, c.mode, c.n = self, mode, 0
	c.a[0] = *def
	c.n = 1
}

// addRaw lists a unless it is listed already or has no card.
func (c *actChoices) addRaw(a *Action) {
	if a.Kind != Skip && a.Card < 0 || c.n == len(c.a) {
		return
	}
	for i := range c.n {
		if c.a[i] == *a {
			return
		}
	}
	c.a[c.n] = *a
	c.n++
}

// add lists a when it is legal in the decision's mode.
func (c *actChoices) add(a *Action) {
	if a.Card < 0 || c.k.playable(c.self, a, c.mode) != allowed {
		return
	}
	c.addRaw(a)
}

// skip lists doing nothing.
func (c *actChoices) skip() {
	var a Action
	a.Reset()
	c.addRaw(&a)
}

// fits is the set of suits (bit 1<<s) that may pay for action kind in the
// decision's mode.
func (c *actChoices) fits(kind ActionKind, it Item) uint8 {
	if c.mode.own() {
		return allSuits
	}
	var m uint8
	for s := Swords; s < NoSuit; s++ {
		if c.k.minorSuitOK(c.self, kind, MakeCard(s, 1), it) {
			m |= 1 << s
		}
	}
	if c.mode == modeQuick {
		m &= 1 << Pentacles
	}
	return m
}

// added is what the decision's mode adds to a card for an action tied to
// suit s: the attribute on one's own turn.
func (c *actChoices) added(s Suit) int {
	if c.mode.own() {
		return c.k.m.party[c.self].attr[s]
	}
	return 0
}

// pick is the index of adventurer i's highest (high) or lowest card of the
// suits in fit, the Fool aside, or -1.
func (k *kernel) pick(i int, fit uint8, high bool) int8 {
	a := &k.adv[i]
	best := int8(-1)
	for j := 0; j < int(a.nh); j++ {
		c := a.hand[j]
		if c == Fool || fit&(1<<c.Suit()) == 0 {
			continue
		}
		if best < 0 || high && c.Value() > a.hand[best].Value() || !high && c.Value() < a.hand[best].Value() {
			best = int8(j)
		}
	}
	return best
}

// beating is the index of adventurer i's lowest card of the suits in fit
// whose value with add beats init (the defender winning a tie when tie),
// or -1.
func (k *kernel) beating(i int, fit uint8, add, init int, tie bool) int8 {
	a := &k.adv[i]
	best := int8(-1)
	for j := 0; j < int(a.nh); j++ {
		c := a.hand[j]
		if c == Fool || fit&(1<<c.Suit()) == 0 || !k.beats(c.Value()+add, init, tie) {
			continue
		}
		if best < 0 || c.Value() < a.hand[best].Value() {
			best = int8(j)
		}
	}
	return best
}

// attackMod is the favor (+3), disfavor (-3) or neither that adventurer i
// can count on for an Attack on GM character j, as attackFavor and
// favorOf work it out, without charging a talent.
func (k *kernel) attackMod(i, j int) int {
	ad, x := &k.adv[i], &k.mem[j]
	w := ad.weapon()
	missile := w.Missile()
	gs := &k.m.groups[int(x.group)]
	fav := x.effects&(Webbed|Root|Blind) != 0 || x.effects&Trip != 0 && !missile ||
		!missile && (gs.armed && x.effects&Disarm != 0 || k.memberRanged(j)) || ad.effects&(Berserk|Shroud) != 0 ||
		ad.proud || k.m.party[i].hunter != "" && k.m.party[i].hunter == gs.cr.ID && k.talent(i, TMonsterHunter, false)
	dis := x.effects&Trip != 0 && missile || missile && ad.zone != x.zone && k.m.scene.cover&(1<<x.zone) != 0 ||
		w == NoItem && gs.armed && x.effects&Disarm == 0 || k.grp[x.group].shrouded || ad.effects&(Exhaust|Blind) != 0
	return netMod(fav, dis)
}

// aidWaiting is what the Aid Another cards waiting on adventurer i's next
// Attack add.
func (k *kernel) aidWaiting(i int) int {
	sum := 0
	for j := 0; j < k.na; j++ {
		x := &k.adv[j]
		if x.fd.kind == AidAnother && int(x.fd.ally) == i {
			sum += int(x.fd.value)
		}
		if x.fd2.kind == AidAnother && int(x.fd2.ally) == i {
			sum += int(x.fd2.value)
		}
	}
	return sum
}

// knownInit is group g's Initiative as the party sees it: its value and
// whether it is face up.
func (k *kernel) knownInit(g int) (int, bool) {
	return int(k.grp[g].init), k.grp[g].revealed && k.grp[g].init != NoDoom
}

// actions lists every kind of action legal in the decision's mode, each
// with the card and target a table would pick: an Attack on each group in
// reach (its member with the least Health and Defense the weapon harms;
// each pool of a dungeon lord), with the lowest card that beats its
// face-up Initiative, else the highest; a Roughhouse that Trips the first
// of those targets; a facedown Dodge or Riposte for itself and an Aid
// Another for the first ally in its zone still to act (the highest card);
// an Avoid out of its engagements and past each hazard at hand (the
// highest card); a Move to each zone it can step into, a Recover, a Guard,
// a Reload, a Test Fate, slapping an ally awake or raising a light (the
// lowest card); a Banter at the intelligent group with most members in
// reach, a bomb or salt at the first target in reach, a poultice or potion
// on the dying, each spell it can speak at its first target, an Aim with a
// bow (the highest card).
func (c *actChoices) actions() {
	if c.k.adv[c.self].nh == 0 {
		return
	}
	c.attacks()
	c.roughhouse()
	if c.k.adv[c.self].fd.kind == Skip {
		c.facedowns()
	}
	c.avoids()
	if c.mode.own() {
		c.moves()
	}
	c.banter()
	c.items()
	c.spells()
	c.lowPlays()
	c.aim()
}

// roughhouse lists a Roughhouse that Trips the first foe in melee reach,
// unless its face-up Initiative is beyond the card.
func (c *actChoices) roughhouse() {
	k, self := c.k, c.self
	fit := c.fits(Roughhouse, NoItem)
	if fit == 0 {
		return
	}
	var x Action
	for j := 0; j < k.nm; j++ {
		if k.reach(self, j, false) != allowed {
			continue
		}
		x.Reset()
		x.Kind, x.Target, x.Effect, x.Card = Roughhouse, int8(j), Trip, k.pick(self, fit, true)
		if x.Card >= 0 && c.undefeated(int(k.mem[j].group), k.adv[self].hand[x.Card].Value()+c.added(Pentacles), k.memberTie(j, NoItem)) {
			c.add(&x)
		}
		break
	}
}

// facedowns lists the facedown cards: a Dodge and (engaged) a Riposte for
// itself, an Aid Another for the first ally in its zone still to act.
func (c *actChoices) facedowns() {
	k, self := c.k, c.self
	ad := &k.adv[self]
	var x Action
	for _, kind := range [2]ActionKind{Dodge, Riposte} {
		if kind == Riposte && ad.engaged == 0 {
			continue
		}
		x.Reset()
		x.Kind, x.Ally, x.Card = kind, int8(self), k.pick(self, c.fits(kind, NoItem), true)
		c.add(&x)
	}
	for t := 0; t < k.na; t++ {
		if t != self && k.adv[t].able() && !k.adv[t].acted && k.adv[t].zone == ad.zone {
			x.Reset()
			x.Kind, x.Ally, x.Card = AidAnother, int8(t), k.pick(self, c.fits(AidAnother, NoItem), true)
			c.add(&x)
			return
		}
	}
}

// avoids lists an Avoid out of its engagements and past each hazard at
// hand.
func (c *actChoices) avoids() {
	k, self := c.k, c.self
	fit := c.fits(Avoid, NoItem)
	if fit == 0 {
		return
	}
	var x Action
	if k.adv[self].engaged != 0 {
		x.Reset()
		x.Kind, x.Card = Avoid, k.pick(self, fit, true)
		c.add(&x)
	}
	for h := range k.m.scene.hazards {
		x.Reset()
		x.Kind, x.Hazard, x.Card = Avoid, int8(h), k.pick(self, fit, true)
		c.add(&x)
	}
}

// moves lists a Move to each zone (the legal ones pass).
func (c *actChoices) moves() {
	k, self := c.k, c.self
	var x Action
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		x.Reset()
		x.Kind, x.Zone, x.Card = Move, z, k.pick(self, allSuits, false)
		c.add(&x)
	}
}

// lowPlays lists the plays with the lowest card: Recover, Guard, Reload,
// Test Fate, slapping an ally awake, raising a light.
func (c *actChoices) lowPlays() {
	k, self := c.k, c.self
	var x Action
	for _, kind := range [...]ActionKind{Recover, Guard, Reload, TestFate, Trivial} {
		fit := c.fits(kind, NoItem)
		if fit == 0 {
			continue
		}
		x.Reset()
		x.Kind, x.Card = kind, k.pick(self, fit, false)
		if c.fillLowPlay(&x) {
			c.add(&x)
		}
	}
}

// fillLowPlay completes a play with the lowest card: a Recover picks up
// the first dropped weapon of one with none in hand, a Guard swaps in its
// highest other card (none: false), a trivial action slaps awake the
// first knocked-out ally in its zone (none: it raises a light).
func (c *actChoices) fillLowPlay(x *Action) bool {
	k, self := c.k, c.self
	ad := &k.adv[self]
	switch x.Kind {
	case Recover:
		if ad.weapon() == NoItem {
			for n := 0; n < int(ad.ndropped); n++ {
				if ad.dropped[n].Weapon() {
					x.Item = ad.dropped[n]
					break
				}
			}
		}
	case Guard:
		if x.Card >= 0 && ad.nh >= 2 {
			x.Swap = k.pick(self, allSuits, true)
			if x.Swap == x.Card {
				return false
			}
		}
	case Trivial:
		for t := 0; t < k.na; t++ {
			if t != self && k.adv[t].effects&Knockout != 0 && !k.adv[t].door && k.adv[t].zone == ad.zone {
				x.Ally = int8(t)
				break
			}
		}
	}
	return true
}

// aim lists an Aim with a bow at the first foe it reaches.
func (c *actChoices) aim() {
	k, self := c.k, c.self
	ad := &k.adv[self]
	if ad.weapon() != Bow || ad.fd.kind != Skip {
		return
	}
	var x Action
	for j := 0; j < k.nm; j++ {
		x.Reset()
		x.Kind, x.Target, x.Card = Aim, int8(j), k.pick(self, c.fits(Aim, NoItem), true)
		if x.Card >= 0 && k.playable(self, &x, c.mode) == allowed {
			c.addRaw(&x)
			return
		}
	}
}

// undefeated reports that value v may beat group g's Initiative as the
// party sees it: face down, or face up and beaten.
func (c *actChoices) undefeated(g, v int, tie bool) bool {
	init, up := c.k.knownInit(g)
	return !up || c.k.beats(v, init, tie)
}

// attacks lists an Attack on each group in reach: on its member in reach
// with the least Health and Defense that the weapon harms (every pool of a
// dungeon lord), with the lowest card that beats a face-up Initiative
// (favor, disfavor and waiting Aid counted), else the highest; none where
// a face-up Initiative is beyond the highest card.
func (c *actChoices) attacks() {
	k, self := c.k, c.self
	ad := &k.adv[self]
	w := ad.weapon()
	fit := c.fits(Attack, NoItem)
	if fit == 0 {
		return
	}
	add := c.added(attackAttr(w)) + k.aidWaiting(self)
	var x Action
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		lord := k.m.groups[g].lord
		best, bestHD := -1, 0
		for j := int(gs.lo); j < int(gs.hi); j++ {
			if k.reach(self, j, w.Missile()) != allowed {
				continue
			}
			if im, _ := k.immune(j, w.info().dmg); im {
				continue
			}
			hd := int(k.mem[j].health) + int(k.mem[j].defense)
			if lord {
				c.attack(&x, j, fit, add)
				continue
			}
			if best < 0 || hd < bestHD {
				best, bestHD = j, hd
			}
		}
		if best >= 0 {
			c.attack(&x, best, fit, add)
		}
	}
}

// attack lists an Attack on GM character j (see attacks).
func (c *actChoices) attack(x *Action, j int, fit uint8, add int) {
	k, self := c.k, c.self
	g := int(k.mem[j].group)
	tie := k.memberTie(j, k.adv[self].weapon())
	add += k.attackMod(self, j)
	x.Reset()
	x.Kind, x.Target = Attack, int8(j)
	if init, up := k.knownInit(g); up {
		x.Card = k.beating(self, fit, add, init, tie)
	}
	if x.Card < 0 {
		x.Card = k.pick(self, fit, true)
		if x.Card < 0 || !c.undefeated(g, k.adv[self].hand[x.Card].Value()+add, tie) {
			return
		}
	}
	c.add(x)
}

// banter lists a Banter at the intelligent group in reach with most
// members in the fight, not afraid already, with the highest card, when
// that can beat its Morale.
func (c *actChoices) banter() {
	k, self := c.k, c.self
	fit := c.fits(Banter, NoItem)
	if fit == 0 || k.ru.H29 == H29Off {
		return
	}
	best, bestN, target := -1, 0, -1
	for g := 0; g < k.ng; g++ {
		sp := &k.m.groups[g]
		if !k.groupIn(g) || sp.mindless || sp.beast || k.fearful(g) {
			continue
		}
		n, first := 0, -1
		for j := int(k.grp[g].lo); j < int(k.grp[g].hi); j++ {
			if k.memberIn(j) {
				n++
				if first < 0 {
					first = j
				}
			}
		}
		if n > bestN {
			best, bestN, target = g, n, first
		}
	}
	if best < 0 {
		return
	}
	var x Action
	x.Reset()
	x.Kind, x.Target, x.Card = Banter, int8(target), k.pick(self, fit, true)
	if x.Card < 0 {
		return
	}
	v := k.adv[self].hand[x.Card].Value() + c.added(Wands)
	if k.adv[self].effects&(Exhaust|Blind) != 0 {
		v -= favorBonus
	}
	if v > k.morale(best) {
		c.add(&x)
	}
}

// items lists the use of each item in hand: a bomb or salt at the first
// foe in reach, a poultice or a potion on the first ally at Death's Door
// in its zone, a potion drunk when hurt.
func (c *actChoices) items() {
	k, self := c.k, c.self
	ad := &k.adv[self]
	var x Action
	for h := range ad.hands {
		it := ad.hands[h]
		if it == NoItem || h == 1 && it == ad.hands[0] {
			continue
		}
		fit := c.fits(UseItem, it)
		if fit == 0 {
			continue
		}
		x.Reset()
		x.Kind, x.Item, x.Card = UseItem, it, k.pick(self, fit, true)
		switch it {
		case Bomb, WebBomb, FireBomb, Salt:
			for j := 0; j < k.nm; j++ {
				x.Target = int8(j)
				if x.Card >= 0 && k.playable(self, &x, c.mode) == allowed {
					c.addRaw(&x)
					break
				}
			}
		case Poultice, HealPotion:
			for t := 0; t < k.na; t++ {
				x.Ally = int8(t)
				if t == self && it == HealPotion {
					x.Ally = -1
				}
				if x.Card >= 0 && k.playable(self, &x, c.mode) == allowed {
					c.addRaw(&x)
					break
				}
			}
		}
	}
}

// spells lists each spell adventurer self can speak, at its first target:
// Life on an ally at Death's Door in its zone, else on the undead; the
// others at the first foe within a zone.
func (c *actChoices) spells() {
	k, self := c.k, c.self
	fit := c.fits(Incant, NoItem)
	if fit == 0 || k.m.party[self].spells == 0 {
		return
	}
	var x Action
	for sp := Withering; sp < numSpells; sp++ {
		if !k.canSpeak(self, sp) {
			continue
		}
		x.Reset()
		x.Kind, x.Spell, x.Card = Incant, sp, k.pick(self, fit, true)
		if x.Card < 0 {
			return
		}
		done := false
		if sp == Life {
			for t := 0; t < k.na && !done; t++ {
				x.Ally = int8(t)
				if k.playable(self, &x, c.mode) == allowed {
					c.addRaw(&x)
					done = true
				}
			}
			x.Ally = -1
		}
		for j := 0; j < k.nm && !done; j++ {
			x.Target = int8(j)
			if k.playable(self, &x, c.mode) == allowed {
				c.addRaw(&x)
				done = true
			}
		}
	}
}

// Label names choice i for the replay and the regrets.
func (c *actChoices) Label(i int) string {
	k := c.k
	a := &c.a[i]
	if a.Kind == Skip {
		return "nothing"
	}
	if a.Kind >= numActions || a.Card < 0 || int(a.Card) >= int(k.adv[c.self].nh) {
		return a.Kind.String() + " (refused)"
	}
	card := k.adv[c.self].hand[a.Card].String()
	s := a.Kind.String()
	switch a.Kind {
	case Attack, Aim, Banter:
		s += " " + k.mname(int(a.Target))
	case Roughhouse:
		s += fmt.Sprintf(" (%s) %s", effectName(a.Effect), k.mname(int(a.Target)))
	case Dodge, Riposte, AidAnother:
		s += " for " + k.aname(int(a.Ally))
	case Avoid:
		if a.Hazard >= 0 {
			s += " " + k.m.scene.hazards[a.Hazard].name
		} else {
			s += " to disengage"
		}
	case Move, Dash:
		s += " to the " + k.m.scene.zones[a.Zone]
	case UseItem:
		s += " " + a.Item.Title()
		if a.Ally >= 0 {
			s += " on " + k.aname(int(a.Ally))
		} else if a.Target >= 0 {
			s += " at " + k.mname(int(a.Target))
		}
	case Incant:
		s += " " + a.Spell.String()
	}
	if a.Fool {
		s += ", with the Fool"
	}
	return s + " (" + card + ")"
}

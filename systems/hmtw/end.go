package hmtw

// This file is Morale and Disposition (section 6.11.2-3, option H-29),
// retreat (section 6.11.1, option H-28), and Death's Door after the fight
// (section 6.10, option H-12).

// Morale values of the book's table (p.119).
const (
	moraleConfident = 20
	moraleNeutral   = 18
	moraleWary      = 10
	moralePanic     = 8
	moraleNever     = 99 // no mind to reach
)

// morale is group g's Morale by the state machine: 20 while unhurt and
// outnumbering or outclassing the guild (outclasses); 10 once bloodied (a member lost Health or went
// down) or half its HD is gone; 8 once three quarters of its HD is gone or
// its leader (an elite or a dungeon lord) is down; 18 otherwise.
func (k *kernel) morale(g int) int {
	gs := &k.m.groups[g]
	if gs.mindless {
		return moraleNever
	}
	total, lost, bloodied, in := k.groupLoss(g)
	switch {
	case total > 0 && 4*lost >= 3*total || k.leaderDown(g):
		return moralePanic
	case bloodied || total > 0 && 2*lost >= total:
		return moraleWary
	}
	if lost == 0 && (in > k.ableCount() || k.outclasses(g)) {
		return moraleConfident
	}
	return moraleNeutral
}

// groupLoss is group g's count for Morale: the Health and Defense of its
// mortal members (total), what of it is gone (lost, all of it for one
// down), whether any is bloodied, and how many are still in the fight.
func (k *kernel) groupLoss(g int) (total, lost int, bloodied bool, in int) {
	gs := &k.m.groups[g]
	st := &k.grp[g]
	for m := st.lo; m < st.hi; m++ {
		x := &k.mem[m]
		if !x.active {
			continue
		}
		ms := &gs.members[m-st.lo]
		mh, md := ms.health, ms.defense
		if ms.spare || mh == Infinite {
			continue
		}
		total += mh + md
		if x.down {
			lost += mh + md
		} else {
			lost += mh - int(x.health) + md - int(x.defense)
		}
		if x.down || int(x.health) < mh {
			bloodied = true
		}
		if !x.out() {
			in++
		}
	}
	return total, lost, bloodied, in
}

// leaderDown reports group g, not itself a leader, seeing its leader (an
// elite or a dungeon lord) out of the fight.
func (k *kernel) leaderDown(g int) bool {
	gs := &k.m.groups[g]
	if gs.elite || gs.lord {
		return false
	}
	leader := false
	for h := 0; h < k.ng; h++ {
		hs := &k.m.groups[h]
		if (hs.elite || hs.lord) && k.grp[h].active && !k.groupIn(h) {
			leader = true
		}
	}
	return leader
}

// ableCount is the number of adventurers able to act.
func (k *kernel) ableCount() int {
	n := 0
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			n++
		}
	}
	return n
}

// outclasses reports group g overwhelming by its kind, not its numbers:
// led by a dungeon lord (one itself, or one fighting beside it), or made
// of creatures larger than a human (a titan, a dragon, the Sporehulk;
// option H-20). "Perfectly confident: Overwhelming forces" (p.119; the
// rules spec's errata E-H12).
func (k *kernel) outclasses(g int) bool {
	if k.m.groups[g].larger {
		return true
	}
	for h := 0; h < k.ng; h++ {
		if k.m.groups[h].lord && k.groupIn(h) {
			return true
		}
	}
	return false
}

// shiftToFear moves group g one step toward fear (a successful Banter):
// any other emotion becomes fear, fear grows more intense.
func (k *kernel) shiftToFear(g int) {
	gs := &k.grp[g]
	if gs.emotion == Fear {
		if gs.intensity < 2 {
			gs.intensity++
		}
	} else {
		gs.emotion, gs.intensity = Fear, 1
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "is afraid now: it will try to flee")
	}
}

// assessMorale is the GM's end-of-round assessment: an intelligent group
// at Morale 8 surrenders, a beast flees (H-29 "off": nobody does).
func (k *kernel) assessMorale() {
	if k.ru.H29 == H29Off {
		return
	}
	for g := 0; g < k.ng; g++ {
		if !k.groupIn(g) || k.m.groups[g].mindless || k.morale(g) != moralePanic {
			continue
		}
		gs := &k.grp[g]
		if k.m.groups[g].beast {
			if gs.emotion != Fear {
				gs.emotion, gs.intensity = Fear, 2
				if k.tr != nil {
					k.tr.Add(k.round, k.gname(g), "panics (Morale 8): it will flee")
				}
			}
			continue
		}
		for m := gs.lo; m < gs.hi; m++ {
			if !k.mem[m].out() {
				k.mem[m].surrendered = true
				k.inDirty = true
				k.disengageMem(int(m))
			}
		}
		k.changed = true
		if k.tr != nil {
			k.tr.Add(k.round, k.gname(g), "panics (Morale 8) and surrenders")
		}
	}
}

// offerRetreat is the GM's offer of a retreat at the end of the round,
// while the hands are still held (errata E-H8), if the party's policy
// takes it: a fast pursuer corners the guild, a slow
// one lets it go, otherwise a group test of Pentacles (H-28 for 1 hit).
func (k *kernel) offerRetreat() bool {
	p := k.firstAble()
	if p < 0 || !k.m.party[p].policy.Retreat(&k.view) {
		return false
	}
	fast, slow := k.pursuitPace()
	switch {
	case fast:
		k.t.cornered = true
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild tries to retreat, but its pursuers are too fast: cornered")
		}
		return false
	case slow:
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild retreats; its foes are too slow to follow")
		}
		k.escape(-1, false)
		return true
	}
	played := k.playRetreatCards()
	if played == 0 {
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild would retreat, but nobody holds a card to play for it")
		}
		return false
	}
	hi, lo := k.retreatTesters(played)
	return k.settleRetreat(k.retreatHits(hi, lo), hi, lo)
}

// firstAble is the first adventurer able to act, or -1.
func (k *kernel) firstAble() int {
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			return i
		}
	}
	return -1
}

// lastAble is the last adventurer able to act, or -1.
func (k *kernel) lastAble() int {
	last := -1
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			last = i
		}
	}
	return last
}

// pursuitPace reads the pursuit of the groups still in the fight: fast if
// any is faster than the guild, slow if every one is slower.
func (k *kernel) pursuitPace() (fast, slow bool) {
	fast, slow = false, true
	for g := 0; g < k.ng; g++ {
		if !k.groupIn(g) {
			continue
		}
		switch k.m.groups[g].pursuit {
		case PursuitFast:
			fast = true
			slow = false
		case PursuitEqual:
			slow = false
		}
	}
	return fast, slow
}

// playRetreatCards is the retreat's miscellaneous action, the set of those
// who played a card for it (a bit per adventurer).
//
// "Each adventurer needs to play a card as a miscellaneous action"
// (p.124; errata E-H8): each who holds one spends its lowest (never
// the Fool, which needs a partner); one who holds none cannot
// contribute. The group test reads the contributors only: the highest
// and the lowest Pentacles of those who played a card test fate, and a
// member who could not play one runs with the guild all the same (its
// hands are empty, not its legs). Nobody with a card: no attempt.
func (k *kernel) playRetreatCards() uint8 {
	var played uint8
	for i := 0; i < k.na; i++ {
		if !k.adv[i].able() {
			continue
		}
		if j := k.lowestPlain(i); j >= 0 {
			c := k.discardCard(i, j)
			played |= 1 << i
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "plays %s as a miscellaneous action: retreat", c)
			}
		}
	}
	return played
}

// retreatTesters are the group test's most (hi) and least (lo) qualified
// by Pentacles among those who played a card.
func (k *kernel) retreatTesters(played uint8) (hi, lo int) {
	hi, lo = -1, -1
	for i := 0; i < k.na; i++ {
		if played&(1<<i) == 0 {
			continue
		}
		v := k.m.party[i].attr[Pentacles]
		if hi < 0 || v > k.m.party[hi].attr[Pentacles] {
			hi = i
		}
		if lo < 0 || v <= k.m.party[lo].attr[Pentacles] {
			lo = i
		}
	}
	return hi, lo
}

// retreatHits is the group test of Pentacles for the retreat: the hits of
// the most and the least qualified.
//
// A group test of one (option H-35): the lone adventurer is both the
// most and the least qualified, and tests twice (p.8; errata E-H9), or
// once, its hits counted once or doubled.
func (k *kernel) retreatHits(hi, lo int) int {
	hits := 0
	for n, i := range [2]int{hi, lo} {
		if n == 1 && lo == hi && k.ru.H35 != H35TestsTwice {
			break
		}
		f := k.testFate(i, Pentacles, false, false, k.fateResolve(i, Pentacles, false))
		hits += f.res.Hits()
		if lo == hi && k.ru.H35 == H35OneTestDoubled {
			hits += f.res.Hits()
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "tests Pentacles for the retreat: %s (%d hits)", f.res, f.res.Hits())
		}
	}
	return hits
}

// settleRetreat plays out the group test's hits: two get the guild away,
// one (H-28) costs the last able adventurer or a Wound each, none leaves
// the guild cornered.
func (k *kernel) settleRetreat(hits, hi, lo int) bool {
	one := hits == 1
	switch {
	case hits >= 2:
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild gets away cleanly")
		}
		k.escape(-1, false)
		return true
	case one && k.ru.H28 == H28Caught && hi != lo:
		// (One able to act and caught is a guild that got nowhere: below,
		// cornered.)
		last := k.lastAble()
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild gets away, but the pursuers catch %s", k.aname(last))
		}
		k.escape(last, false)
		return true
	case one && k.ru.H28 == H28Wound:
		if k.tr != nil {
			k.tr.Add(k.round, "", "the guild gets away by a dangerous route: a Wound each")
		}
		k.escape(-1, true)
		return true
	}
	k.t.cornered = true
	if k.tr != nil {
		k.tr.Add(k.round, "", "the retreat fails: the guild is cornered")
	}
	return false
}

// lowestPlain is the hand index of adventurer i's lowest card other than
// the Fool, or -1.
func (k *kernel) lowestPlain(i int) int {
	a := &k.adv[i]
	best := -1
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j] != Fool && (best < 0 || a.hand[j].Value() < a.hand[best].Value()) {
			best = j
		}
	}
	return best
}

// escape takes the guild out of the fight, but caught (-1: none); wound:
// each escaping adventurer takes a Wound on the way. The downed are carried
// (scene.carry_downed) or left behind.
//
// The downed are carried in the arms of those who get away, one each, in
// marching order: with nobody to carry them they stay.
func (k *kernel) escape(caught int, wound bool) {
	carriers := 0
	for i := 0; i < k.na; i++ {
		if a := &k.adv[i]; i != caught && a.able() && !a.gone {
			carriers++
		}
	}
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if i == caught || a.dead || a.petrified || a.gone {
			continue
		}
		if a.down() {
			if !k.m.scene.carryDowned || carriers == 0 {
				continue
			}
			carriers--
		}
		if wound && a.able() {
			k.woundAdv(i, 1, false, false, Wound{Source: -1})
		}
		if a.dead {
			continue
		}
		k.disengageAdv(i)
		k.release(i)
		a.effects &^= Grabbed | Root | Engulfed
		a.gone = true
	}
	k.changed = true
}

// afterFight settles Death's Door (option H-12): after a fight the guild
// can act in, each adventurer at Death's Door is Healed (a Chirurgeon with
// a poultice, a potion) or tests Wands with a poultice; otherwise they die.
func (k *kernel) afterFight() {
	canAct := false
	for i := 0; i < k.na; i++ {
		if a := &k.adv[i]; !a.dead && !a.petrified && !a.door && a.effects&Knockout == 0 {
			canAct = true
		}
	}
	for t := 0; t < k.na; t++ {
		a := &k.adv[t]
		if !a.door || a.dead {
			continue
		}
		left := k.end == endRetreat && !a.gone
		switch {
		case k.ru.H12 == H12Unlimited:
			continue
		case k.ru.H12 == H12FightOnly || !canAct || left:
			k.say(t, "lingers at Death's Door with no one to tend it, and dies")
			k.kill(t, true)
			continue
		}
		k.rescue(t)
	}
}

// rescue is the guild's attempt to save adventurer t after the fight: a
// Chirurgeon's poultice, the Life spell, a healing potion, else a poultice
// and a test of Wands; with none of them it dies.
func (k *kernel) rescue(t int) {
	if k.chirurgeonRescue(t) || k.lifeRescue(t) || k.potionRescue(t) || k.poulticeRescue(t) {
		return
	}
	k.say(t, "has no poultice or Heal: dies at Death's Door")
	k.kill(t, true)
}

// chirurgeonRescue: a Chirurgeon with a poultice Heals adventurer t.
func (k *kernel) chirurgeonRescue(t int) bool {
	for i := 0; i < k.na; i++ {
		if i == t || !k.adv[i].able() && !k.adv[i].gone || k.adv[i].dead || !k.talent(i, TChirurgeon, false) {
			continue
		}
		if k.takeAny(i, Poultice) {
			_ = k.talent(i, TChirurgeon, true)
			k.t.poultices++
			if k.tr != nil {
				k.say(i, "tends "+k.aname(t)+" with a poultice (Chirurgeon)")
			}
			k.healAdv(t)
			return true
		}
	}
	return false
}

// lifeRescue: the Life spell "Clears Death's Door" (1 Resolve, a
// component).
func (k *kernel) lifeRescue(t int) bool {
	for i := 0; i < k.na; i++ {
		if i != t && k.adv[i].able() && k.canSpeak(i, Life) {
			k.payIncantation(i, Life)
			if k.tr != nil {
				k.say(i, "speaks Life over "+k.aname(t)+" (1 Resolve)")
			}
			k.healAdv(t)
			return true
		}
	}
	return false
}

// potionRescue: a healing potion poured down adventurer t's throat.
func (k *kernel) potionRescue(t int) bool {
	for i := 0; i < k.na; i++ {
		if !k.adv[i].dead && k.takeAny(i, HealPotion) {
			if k.tr != nil {
				k.say(i, "gives "+k.aname(t)+" a healing potion")
			}
			k.healAdv(t)
			return true
		}
	}
	return false
}

// poulticeRescue: a poultice and a test of Wands; the medical motif of
// whoever applies it gives favor.
func (k *kernel) poulticeRescue(t int) bool {
	helper := -1
	for i := 0; i < k.na; i++ {
		if i != t && !k.adv[i].dead && !k.adv[i].door && (helper < 0 || k.medical(i)) {
			helper = i
		}
	}
	for i := 0; i < k.na; i++ {
		if !k.adv[i].dead && k.takeAny(i, Poultice) {
			k.t.poultices++
			medical := helper >= 0 && k.medical(helper)
			k.poulticeTest(t, medical)
			return true
		}
	}
	return false
}

// takeAny removes one item it from adventurer i's hands, belt or pack.
func (k *kernel) takeAny(i int, it Item) bool {
	a := &k.adv[i]
	for h := range a.hands {
		if a.hands[h] == it {
			a.hands[h] = NoItem
			a.rearm()
			return true
		}
	}
	if j := k.onBelt(i, it); j >= 0 {
		a.dropBelt(j)
		return true
	}
	if j := k.inPack(i, it); j >= 0 {
		a.npack--
		a.pack[j] = a.pack[a.npack]
		return true
	}
	return false
}

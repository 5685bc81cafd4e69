package hmtw

import "math/bits"

// This file resolves the GM's actions: a group's turn and minor actions,
// Attacks with the mob rule (section 6.9.3, option H-2), doom riders,
// Roughhouse dooms, played dooms, movement and flight.

// gmCardAt is the GM's card at hand index j, or NoDoom.
func (k *kernel) gmCardAt(j int8) Doom {
	if j < 0 || int(j) >= int(k.ngm) {
		return NoDoom
	}
	return k.gm[j]
}

// groupTurn is group g's turn; it reports whether it acted. A free move
// (Fleet: "Free actions happen without a card", spec 6.9.4) does not take
// the turn: after it the policy is asked again for the turn's action.
func (k *kernel) groupTurn(g int) bool {
	gs := &k.grp[g]
	gs.acted = true
	gs.freeMoved = false
	k.revealGroup(g)
	if !k.groupIn(g) {
		return false
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "turn at %d", k.count)
	}
	k.startOfGroupTurn(g)
	if !k.groupIn(g) {
		return false
	}
	k.gact.Reset()
	if k.fearful(g) {
		k.gact.Kind = GMFlee
		k.gact.Card = int8(k.lowestCard())
	} else {
		k.m.groups[g].policy.Turn(&k.view, g, &k.gact)
	}
	moved := false
	if k.gact.Kind == GMMove && k.gmCardAt(k.gact.Card) == NoDoom {
		moved = k.doGM(g, &k.gact, true)
		gs.freeMoved = true
		k.gact.Reset()
		if k.groupIn(g) {
			k.m.groups[g].policy.Turn(&k.view, g, &k.gact)
		}
	}
	ok := k.groupIn(g) && k.doGM(g, &k.gact, true)
	if !ok && !moved && k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "does nothing")
	}
	k.endOfGroupAction(g)
	if gs.blinded {
		gs.blinded = false
		for j := gs.lo; j < gs.hi; j++ {
			k.mem[j].effects &^= Blind
		}
	}
	return ok || moved
}

// fearful reports a group that flees (section 6.11.3: fear flees), unless
// it is mindless or social outcomes are off (H-29).
func (k *kernel) fearful(g int) bool {
	return k.grp[g].emotion == Fear && !k.m.groups[g].mindless && k.ru.H29 != H29Off
}

// startOfGroupTurn applies what a group does for free as its turn starts:
// the cockatrice's gaze, Resilient, Grind, Regenerate, a griffin dropping
// its victim.
func (k *kernel) startOfGroupTurn(g int) {
	gs := &k.grp[g]
	ab := &k.m.groups[g].abil
	if ab.has(AbGazeOfTheCockatrice) && !gs.gazeUsed && !k.offNarrative(AbGazeOfTheCockatrice) {
		k.gaze(g)
	}
	if ab.has(AbResilient) {
		for j := gs.lo; j < gs.hi; j++ {
			if !k.mem[j].out() && k.mem[j].effects&recoverable != 0 {
				if d := k.spareGreater(g); d >= 0 {
					k.spendGM(int8(d))
					for x := gs.lo; x < gs.hi; x++ {
						k.mem[x].effects &^= recoverable
					}
					if k.tr != nil {
						k.tr.Add(k.round, k.gname(g), "Resilient: discards a greater doom and recovers from every effect")
					}
				}
				break
			}
		}
	}
	if ab.has(AbGrind) {
		var victims uint8
		for j := gs.lo; j < gs.hi; j++ {
			victims |= k.mem[j].grabbed
		}
		if victims != 0 {
			if d := k.spareGreater(g); d >= 0 {
				k.spendGM(int8(d))
				if k.tr != nil {
					k.tr.Add(k.round, k.gname(g), "Grind: every engulfed adventurer takes a Wound")
				}
				for i := 0; i < k.na; i++ {
					if victims&(1<<i) != 0 {
						k.woundAdv(i, 1, false, false, Wound{Source: g})
					}
				}
			}
		}
	}
	// The slime (salt reactive) does not Regenerate in a turn when salt
	// hit it.
	salted := gs.salted && ab.has(AbSaltReactive)
	gs.salted = false
	if ab.hasAny(AbRegenerate, AbFungalRegeneration) && !salted {
		for j := gs.lo; j < gs.hi; j++ {
			if x := &k.mem[j]; !x.out() && k.damaged(int(j)) {
				if d := k.spareGreater(g); d >= 0 {
					k.spendGM(int8(d))
					if k.tr != nil {
						k.tr.Add(k.round, k.mname(int(j)), "Regenerates (discards a greater doom)")
					}
					k.healMember(int(j), 1)
				}
				break
			}
		}
	}
	if ab.has(AbGriffinGrab) {
		for j := gs.lo; j < gs.hi; j++ {
			x := &k.mem[j]
			for i := 0; x.grabbed != 0 && i < k.na; i++ {
				if x.grabbed&(1<<i) != 0 {
					k.adv[i].effects &^= Grabbed | Root
					k.adv[i].grabbedBy = -1
					x.grabbed &^= 1 << i
					if k.tr != nil {
						k.tr.Add(k.round, k.mname(int(j)), "drops %s from 20 ft", k.aname(i))
					}
					k.griffinFall(i)
				}
			}
		}
	}
}

// griffinFall is a fall from a griffin's grip (App C, sim reading): 20 ft,
// 2 Piercing Wounds, which a passed test of Pentacles by the victim shortens
// to 10 ft, 1 Piercing Wound.
func (k *kernel) griffinFall(i int) {
	n := 2
	if k.adv[i].able() {
		f := k.testFate(i, Pentacles, false, false, k.fateResolve(i, Pentacles, false))
		if f.res.OK() {
			n = 1
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "tests Pentacles to shorten the fall: %s, %d %s", f.res, n, woundWord(n, true))
		}
	}
	k.woundAdv(i, n, true, false, Wound{Source: -1})
}

// startOfCount is what the GM does for free before the first turn of a
// round: the cockatrice's gaze, "once per round, at any point" (p.257, its
// sim reading), comes before anyone can act, so that a cockatrice struck
// down before its count has still stared and a Rooted adventurer is
// petrified before it can Recover on its turn.
func (k *kernel) startOfCount() {
	for g := 0; g < k.ng; g++ {
		if k.m.groups[g].abil.has(AbGazeOfTheCockatrice) && k.groupIn(g) && !k.grp[g].gazeUsed &&
			!k.offNarrative(AbGazeOfTheCockatrice) {
			k.gaze(g)
		}
	}
}

// damaged reports a GM character below its full HD.
func (k *kernel) damaged(j int) bool {
	x := &k.mem[j]
	g := int(x.group)
	ms := &k.m.groups[g].members[j-int(k.grp[g].lo)]
	if ms.spare {
		return false
	}
	return int(x.health) < ms.health && ms.health != Infinite || int(x.defense) < ms.defense
}

// gaze is the cockatrice's gaze (sim reading): petrify an adventurer in its
// zone already Rooted, else Root the most dangerous one (highest Swords).
func (k *kernel) gaze(g int) {
	j := k.firstIn(g)
	if j < 0 {
		return
	}
	z := k.zoneOf(j)
	best, rooted := -1, -1
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if !a.able() || a.zone != z {
			continue
		}
		if a.effects&Root != 0 {
			rooted = i
			continue
		}
		if best < 0 || k.m.party[i].attr[Swords] > k.m.party[best].attr[Swords] {
			best = i
		}
	}
	k.grp[g].gazeUsed = true
	switch {
	case rooted >= 0:
		a := &k.adv[rooted]
		a.petrified = true
		k.disengageAdv(rooted)
		k.clearCards(rooted)
		k.changed = true
		if k.tr != nil {
			k.tr.Add(k.round, k.gname(g), "gazes at the Rooted %s: petrified, out of the fight", k.aname(rooted))
		}
	case best >= 0:
		k.adv[best].effects |= Root
		k.disengageAdv(best)
		if k.tr != nil {
			k.tr.Add(k.round, k.gname(g), "gazes at %s: Rooted", k.aname(best))
		}
	}
}

// firstIn is the first member of group g still in, or -1.
func (k *kernel) firstIn(g int) int {
	gs := &k.grp[g]
	for j := gs.lo; j < gs.hi; j++ {
		if !k.mem[j].out() {
			return int(j)
		}
	}
	return -1
}

// endOfGroupAction turns a jinn intangible again if the GM can spare a card.
func (k *kernel) endOfGroupAction(g int) {
	gs := &k.grp[g]
	if gs.tangible && k.m.groups[g].abil.has(AbBodyOfSmokelessFire) && k.ngm > 0 {
		k.spendGM(int8(k.lowestCard()))
		gs.tangible = false
		if k.tr != nil {
			k.tr.Add(k.round, k.gname(g), "discards a card: intangible again")
		}
	}
}

// doGM checks and resolves group g's action; it reports whether a card was
// played.
func (k *kernel) doGM(g int, a *GMAction, own bool) bool {
	switch a.Kind {
	case GMAttack:
		return k.gmAttack(g, a, own)
	case GMRoughhouse:
		return k.gmRoughhouse(g, a, own)
	case GMAbility:
		return k.gmAbility(g, a, own)
	case GMMove:
		return k.gmMove(g, a, own, false)
	case GMFlee:
		return k.gmMove(g, a, own, true)
	case GMRecover:
		return k.gmRecover(g, a)
	case GMDodge, GMRiposte:
		return k.gmFacedown(g, a, own)
	}
	return false
}

// groupAttr is group g's rating in suit s (a slime's Swords and Pentacles
// are its current Health).
func (k *kernel) groupAttr(g int, s Suit) int {
	gs := &k.m.groups[g]
	if gs.slimeX && (s == Swords || s == Pentacles) {
		if j := k.firstIn(g); j >= 0 {
			return int(k.mem[j].health)
		}
	}
	return gs.attr[s]
}

// memberCanAct reports a GM character able to act: in the fight and not
// Knocked out or petrified (H-5 "simultaneous": one downed in this window
// still resolves what it declared).
func (k *kernel) memberCanAct(j int, minor bool) bool {
	x := &k.mem[j]
	if x.effects&(Knockout|Petrified) != 0 || !x.active || x.fled || x.surrendered {
		return false
	}
	if x.down {
		return minor && k.ru.H5 == H5Simultaneous && x.downAt == k.window
	}
	return k.groupIn(int(x.group))
}

// gmReach reports whether GM character j can aim at adventurer t: melee in
// the same zone; a missile (its group's bows, Throw Stones, an arcane blast,
// the dragon's breath) at most a zone away and not engaged.
func (k *kernel) gmReach(j, t int, missile bool) bool {
	a := &k.adv[t]
	if !a.present() || a.gone || a.effects&Shroud != 0 {
		return false // a Shrouded adventurer, still, "cannot be deliberately targeted"
	}
	x := &k.mem[j]
	if x.zone == a.zone {
		return true
	}
	return missile && x.engaged == 0 && k.near(x.zone, a.zone)
}

// missileMember reports whether GM character j attacks at range with form.
func (k *kernel) missileMember(j int, form Ability) bool {
	switch form {
	case AbThrowStones, AbArcaneAttack:
		return true
	}
	if k.memberRanged(j) {
		return true
	}
	g := int(k.mem[j].group)
	return k.ru.H3 == H3All && k.m.groups[g].ranged > 0
}

// aloft reports group g a dungeon lord levitating: the Yellow King while
// crowned (Spite Alone Holds Me Aloft; errata E-H3).
func (k *kernel) aloft(g int) bool {
	return k.m.groups[g].lord && k.abilityLive(g, AbSpiteAlone)
}

// isRider reports a greater doom played with an Attack as its rider.
func isRider(a Ability) bool {
	switch a {
	case AbDeadlyAttack, AbCorrosiveAttack, AbCommand, AbPossess, AbMesmerize, AbWeb, AbBackwardsCharge,
		AbBreathOfFire, AbInfectiousDisease, AbStealFace, AbRiotOfTeeth, AbDolorousKiss, AbBreathOfIce, AbPoison,
		AbSoftIsTheirThroat:
		return true
	}
	return false
}

// attackDooms are the passive dooms that act when their creature Attacks:
// Claw and Talons (a blow of twice the Initiative deals 2 Wounds), Bite
// (Trip or Disarm), Tail Bite (Displace), and the sweeps at everyone in the
// zone: Tail Whip and Kick ("Its Attack hits every adventurer in its
// zone"), Haymaker and Sweeping Club on the creature's own turn only.
// "If a creature has multiple dooms that activate when they Attack, the GM
// chooses only one per Attack action" (rulebook App. C p.246; the rules
// spec's errata E-H6): one of these, or a greater doom's rider, or a
// greater doom as the Attack itself (Overwhelming Attack, Smash,
// Overwhelming Bite), never two. Trample acts after a missed Attack, not on
// it, and is not one of them.
var attackDooms = [...]Ability{AbClaw, AbTalons, AbBite, AbTailBite, AbTailWhip, AbKick, AbHaymaker, AbSweepingClub}

// sweepDoom reports an attack doom whose Attack strikes everyone in the
// zone.
func sweepDoom(ab Ability) bool {
	return ab == AbTailWhip || ab == AbKick || ab == AbHaymaker || ab == AbSweepingClub
}

// attackDoomSet is the set of attack dooms group g may choose from for an
// Attack (own: on its turn, where Haymaker and Sweeping Club work), and how
// many.
func (k *kernel) attackDoomSet(g int, own bool) (Abilities, int) {
	var s Abilities
	n := 0
	for _, ab := range attackDooms {
		if !own && (ab == AbHaymaker || ab == AbSweepingClub) || !k.live(g, ab) {
			continue
		}
		s[ab/64] |= 1 << (ab % 64)
		n++
	}
	return s, n
}

// attackTrigger is the one attack doom of group g's Attack a (errata
// E-H6): none with a rider or with a greater doom as the Attack (that
// doom is the one chosen); the policy's choice when it is one the group
// has; the only one it has; else, where the policy left several open, one
// drawn at random (draw), or none (not draw: a legality check).
func (k *kernel) attackTrigger(g int, a *GMAction, own bool, d Doom, rider Ability, draw bool) Ability {
	if rider != abNone || d.Greater() {
		return abNone
	}
	set, n := k.attackDoomSet(g, own)
	if n == 0 {
		return abNone
	}
	if a.Trigger != abNone && set.Has(a.Trigger) {
		return a.Trigger
	}
	if n > 1 && !draw {
		return abNone
	}
	pick := 0
	if n > 1 {
		pick = k.r.IntN(n)
	}
	for _, ab := range attackDooms {
		if set.Has(ab) {
			if pick == 0 {
				return ab
			}
			pick--
		}
	}
	return abNone
}

// attackAll reports an Attack at everyone in the zone: its attack doom a
// sweep (Tail Whip, Kick, Haymaker, Sweeping Club), or Breath of Ice.
func attackAll(trigger, rider Ability) bool {
	return rider == AbBreathOfIce || sweepDoom(trigger)
}

// strikeCtx is one Attack or Roughhouse resolution against one adventurer.
type strikeCtx struct {
	g, j, t   int
	value     int // card (+attribute), before favor
	mob       int // members ganging up (option H-2)
	favor     bool
	rider     Ability
	trigger   Ability // the Attack's passive attack doom (errata E-H6)
	form      Ability
	own       bool
	missile   bool
	rough     bool
	effect    Effect
	trampled  bool
	greaterAt bool // an Overwhelming Bite
}

// gmAttack resolves a GM Attack: one card, each member's target, the mob
// rule per target.
func (k *kernel) gmAttack(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if !k.attackCard(g, d) {
		return false
	}
	form, rider := k.attackForm(g, a, d)
	if !k.turnTangible(g, a) {
		return false
	}
	favor := false
	if f := k.gmCardAt(a.Favor); f.Greater() && a.Favor != a.Card && a.Favor != a.Rider {
		favor = true
	} else {
		a.Favor = -1
	}
	if rider == abNone {
		a.Rider = -1
	}
	attr := Swords
	if form == AbArcaneAttack {
		attr = Wands
	}
	value := int(d)
	if own {
		value += k.groupAttr(g, attr)
	}
	a.Trigger = k.attackTrigger(g, a, own, d, rider, true)
	var p attackPlan
	if !k.planAttack(g, a, own, form, rider, &p) {
		return false
	}
	if k.tr != nil {
		k.narrateAttack(g, a, own, d, form, rider, value, favor)
	}
	k.spendGM(a.Card, a.Rider, a.Favor)
	k.strikeAll(g, a, d, &p, strikeCtx{g: g, value: value, favor: favor, rider: rider, trigger: a.Trigger, form: form, own: own})
	return true
}

// attackCard reports whether doom d pays for group g's Attack: a lesser
// doom, or a greater one for an Overwhelming Attack.
func (k *kernel) attackCard(g int, d Doom) bool {
	if d == NoDoom {
		return false
	}
	if d.Greater() && !k.abilityLive(g, AbOverwhelmingAttack, AbSmash, AbOverwhelmingBite) {
		return false
	}
	return d.Greater() || d.Lesser()
}

// attackForm is the form of group g's Attack (Throw Stones, an arcane
// missile, Death Dealer; abNone: a plain Attack) and its greater-doom
// rider (abNone: none).
func (k *kernel) attackForm(g int, a *GMAction, d Doom) (form, rider Ability) {
	form, rider = a.Ability, abNone
	if isRider(a.Ability) {
		form = abNone
		// "A greater doom rider works like this: a lesser doom pays for
		// the Attack; at the same moment a greater doom is discarded"
		// (6.9.4): not on an Overwhelming Attack's greater doom.
		if r := k.gmCardAt(a.Rider); !d.Greater() && r.Greater() && a.Rider != a.Card && k.live(g, a.Ability) {
			rider = a.Ability
		}
	}
	switch form {
	case abNone, AbThrowStones, AbArcaneAttack, AbDeathDealer:
		if form != abNone && !k.live(g, form) {
			form = abNone
		}
	default:
		form = abNone
	}
	if k.aloft(g) && k.live(g, AbArcaneAttack) {
		form = AbArcaneAttack // hovering high, he strikes from range (E-H3)
	}
	return form, rider
}

// turnTangible has an intangible jinn discard another card to touch the
// world; it reports false when it has none to spare.
func (k *kernel) turnTangible(g int, a *GMAction) bool {
	if !k.m.groups[g].abil.has(AbBodyOfSmokelessFire) || k.grp[g].tangible {
		return true
	}
	other := -1
	for i := 0; i < int(k.ngm); i++ {
		if int8(i) != a.Card && int8(i) != a.Rider && int8(i) != a.Favor && (other < 0 || k.gm[i] < k.gm[other]) {
			other = i
		}
	}
	if other < 0 {
		return false
	}
	k.grp[g].tangible = true
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "discards %s to turn tangible", k.gm[other])
	}
	d0, r0, f0 := k.gm[a.Card], k.gmCardAt(a.Rider), k.gmCardAt(a.Favor)
	k.spendGM(int8(other))
	a.Card, a.Rider, a.Favor = k.findGM(d0), k.findGM(r0), k.findGM(f0)
	return true
}

// attackPlan is whom a GM Attack reaches: per target the members attacking
// it and the first of them, the targets in the order of their first
// attacker, and a sweep's members (bit m-lo) reaching each target.
type attackPlan struct {
	count, first, order [MaxParty]int8
	swept               [MaxParty]uint32
	nt                  int
	all, single         bool
}

// planAttack assigns group g's members to their targets; it reports
// whether any member reaches one.
func (k *kernel) planAttack(g int, a *GMAction, own bool, form, rider Ability, p *attackPlan) bool {
	gs := &k.grp[g]
	any := false
	p.all = attackAll(a.Trigger, rider)
	p.single = k.m.groups[g].lord || gs.hi-gs.lo == 1
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx >= MaxCount {
			break
		}
		t := int(a.Targets[idx])
		if p.single && idx > 0 {
			break
		}
		if p.single {
			t = soleTarget(a)
			if f := k.firstIn(g); f >= 0 {
				m = int8(f)
			}
		}
		if t < 0 && !p.all || !k.memberCanAct(int(m), !own) {
			continue
		}
		missile := k.missileMember(int(m), form) || rider == AbBreathOfFire
		if p.all {
			// Each member sweeps its own zone: every adventurer there is
			// one it is assigned to.
			for x := 0; x < k.na; x++ {
				if k.adv[x].present() && k.adv[x].zone == k.mem[m].zone {
					p.assign(x, m)
					p.swept[x] |= 1 << uint(m-gs.lo)
					any = true
				}
			}
			continue
		}
		if t >= k.na || !k.gmReach(int(m), t, missile) {
			continue
		}
		p.assign(t, m)
		any = true
	}
	return any
}

// assign counts member m against target t.
func (p *attackPlan) assign(t int, m int8) {
	if p.count[t] == 0 {
		p.first[t] = m
		p.order[p.nt] = int8(t)
		p.nt++
	}
	p.count[t]++
}

// narrateAttack says what group g's Attack plays.
func (k *kernel) narrateAttack(g int, a *GMAction, own bool, d Doom, form, rider Ability, value int, favor bool) {
	how := "as a minor action"
	if own {
		how = "on its turn"
	}
	what := "Attack"
	if form != abNone {
		what = abilityTable[form].name + " (an Attack)"
	}
	extra := ""
	if rider != abNone {
		extra += ", with " + k.gm[a.Rider].String() + " for " + abilityTable[rider].name
	}
	if a.Trigger != abNone {
		extra += ", its " + abilityTable[a.Trigger].name
	}
	if favor {
		extra += ", discarding " + k.gm[a.Favor].String() + " for favor"
	}
	k.tr.Add(k.round, k.gname(g), "plays %s %s: %s, %d%s", d, how, what, value, extra)
}

// strikeAll resolves the planned Attack of doom d, target by target in
// the order of their first attacker, with the mob rule (option H-2); c
// holds what every strike shares.
func (k *kernel) strikeAll(g int, a *GMAction, d Doom, p *attackPlan, c0 strikeCtx) {
	gs := &k.grp[g]
	for o := 0; o < p.nt; o++ {
		t := int(p.order[o])
		mob := int(p.count[t])
		if k.ru.H2 == H2Zone {
			mob = 0
			for m := gs.lo; m < gs.hi; m++ {
				if !k.mem[m].out() && k.mem[m].zone == k.adv[t].zone {
					mob++
				}
			}
		}
		reps := 1
		if k.ru.H2 == H2Lethal {
			reps = int(p.count[t])
		}
		for r := 0; r < reps; r++ {
			j := int(p.first[t])
			if r > 0 && p.all {
				j = nthBit(p.swept[t], r, int(gs.lo))
			} else if r > 0 {
				j = k.nthAssigned(g, a, t, r)
			}
			if j < 0 || !k.memberCanAct(j, !c0.own) && k.ru.H5 != H5Simultaneous {
				continue
			}
			// A ranged Attack is ranged even in its own zone: an arcane
			// blast "never engages", Throw Stones is "a ranged Attack", a
			// bow shoots, a breath acts "up to 1 zone away" (6.2.1) as
			// spells do; none engages, and a Tripped target gives it
			// disfavor. An engaged archer "cannot make missile attacks"
			// (6.2.2): it fights in melee.
			c := c0
			c.j, c.t, c.mob = j, t, mob
			c.missile = c.form == AbArcaneAttack || c.form == AbThrowStones || c.rider == AbBreathOfFire || c.rider == AbBreathOfIce ||
				k.memberRanged(j) && k.mem[j].engaged == 0 || k.zoneOf(j) != k.adv[t].zone
			c.greaterAt = d.Greater() && k.live(g, AbOverwhelmingBite)
			if p.all && p.single {
				c.mob = 1 // one creature: no mob, whatever its pools
			}
			k.strike(&c)
		}
	}
}

// soleTarget is the target of a single creature or a dungeon lord: the
// first member slot with one. A lord acts through whichever pool still
// stands (one character, one Initiative; spec 7.4), and a policy may name
// the target at that pool's slot, not at the first one, once the first
// pool has fallen.
func soleTarget(a *GMAction) int {
	for _, t := range a.Targets {
		if t >= 0 {
			return int(t)
		}
	}
	return -1
}

// findGM is the hand index of card d, or -1.
func (k *kernel) findGM(d Doom) int8 {
	if d == NoDoom {
		return -1
	}
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i] == d {
			return int8(i)
		}
	}
	return -1
}

// nthBit is base plus the index of the r-th set bit of b (r from 0), or
// -1.
func nthBit(b uint32, r, base int) int {
	for i := base; b != 0; i++ {
		if b&1 != 0 {
			if r == 0 {
				return i
			}
			r--
		}
		b >>= 1
	}
	return -1
}

// nthAssigned is the r-th member of group g assigned to adventurer t.
func (k *kernel) nthAssigned(g int, a *GMAction, t, r int) int {
	gs := &k.grp[g]
	n := 0
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx < MaxCount && int(a.Targets[idx]) == t {
			if n == r {
				return int(m)
			}
			n++
		}
	}
	return -1
}

// advInit is adventurer t's Initiative for defence: 0 when it is down or
// has no card (H-23).
func (k *kernel) advInit(t int) int {
	a := &k.adv[t]
	if a.down() || a.init == NoCard {
		return 0
	}
	return a.init.Value()
}

// strike resolves one GM Attack or Roughhouse against an adventurer:
// favor, the reveal, a facedown Dodge, interrupts, a polearm Riposte, the
// comparison, the hit, Trample, a Riposte.
func (k *kernel) strike(c *strikeCtx) {
	a := &k.adv[c.t]
	if !a.present() {
		return
	}
	x := &k.mem[c.j]
	v := c.value + netMod(k.strikeMods(c))
	k.revealAdv(c.t)
	k.threat = Threat{Group: c.g, Target: c.t, Value: v, Init: k.advInit(c.t), Minor: !c.own}
	th := &k.threat
	k.applyDodge(th)
	shieldTie := a.hasShield()
	if c.rough && k.ru.H9 == H9Strict {
		shieldTie = true
	}
	th.Hits = k.beats(v, th.Init, shieldTie) && !(k.ru.H6 == H6TieMiss && th.Dodged && v == th.Init)
	k.offerInterrupts(th)
	if !k.memberCanAct(c.j, true) && k.ru.H5 != H5Simultaneous {
		return
	}
	rip, ripper := k.takeRiposte(c.t)
	// A polearm's Riposte answers first; any other after the blow, once:
	// a blow that Disarms the riposter does not make it answer again.
	first := rip.kind != Skip && k.polearm(ripper)
	if first {
		k.advRiposte(ripper, c.j, rip, v, true)
		if !k.memberCanAct(c.j, true) {
			return
		}
	}
	hit := k.beats(v, th.Init, shieldTie) && !(k.ru.H6 == H6TieMiss && th.Dodged && v == th.Init)
	if k.tr != nil {
		k.narrateStrike(c, v, th.Init, hit)
	}
	if hit {
		if c.rough {
			k.roughHit(c)
		} else {
			k.gmHit(c, v, th.Init)
		}
	} else if !c.rough && !c.trampled && k.live(c.g, AbTrample) {
		k.trample(c, x.zone)
	}
	if rip.kind != Skip && !first {
		k.advRiposte(ripper, c.j, rip, v, false)
	}
}

// strikeMods is the favor and disfavor of a strike: a mob, an unarmed,
// Blind, webbed, Rooted or Tripped target (a missile at the Tripped has
// disfavor), a Shrouded target, an Exhausted or Blind attacker, a
// Shrouded group's first Attack (which ends its Shroud), a missile into
// cover.
func (k *kernel) strikeMods(c *strikeCtx) (fav, dis bool) {
	a := &k.adv[c.t]
	x := &k.mem[c.j]
	gs := &k.grp[c.g]
	fav = c.favor || c.mob >= 2
	if !a.meleeArmed() || a.effects&(Blind|Webbed|Root) != 0 {
		fav = true // unarmed or a missile only; Blind; webbed or Rooted (GM ruling)
	}
	if a.effects&Trip != 0 {
		if c.missile {
			dis = true
		} else {
			fav = true
		}
	}
	if a.effects&Shroud != 0 {
		dis = true
	}
	if x.effects&(Exhaust|Blind) != 0 {
		dis = true
	}
	if gs.shrouded {
		fav = true
		gs.shrouded = false
	}
	if c.missile && x.zone != a.zone && k.m.scene.cover&(1<<a.zone) != 0 {
		dis = true
	}
	return fav, dis
}

// narrateStrike says a strike of value v against Initiative init, and
// whether it hit.
func (k *kernel) narrateStrike(c *strikeCtx, v, init int, hit bool) {
	what := "Attack"
	if c.rough {
		what = "Roughhouse"
	}
	mob := ""
	if c.mob >= 2 {
		mob = " (mob of " + itoa2(c.mob) + ": favor"
		switch {
		case c.mob >= 8:
			mob += ", Critical"
		case c.mob >= 4:
			mob += ", Piercing"
		}
		mob += ")"
	}
	who := k.mname(c.j)
	if k.m.groups[c.g].lord {
		who = k.gname(c.g)
	}
	k.tr.Add(k.round, who, "%s on %s%s: %d against Initiative %d: %s", what, k.aname(c.t), mob, v, init, hitWord(hit))
}

// trample aims a failed Attack's value at a second able adventurer in
// zone z (Trample), once.
func (k *kernel) trample(c *strikeCtx, z int8) {
	for t := 0; t < k.na; t++ {
		if t != c.t && k.adv[t].present() && k.adv[t].zone == z && k.adv[t].able() {
			c2 := *c
			c2.t, c2.trampled, c2.mob = t, true, 1
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(c.j), "Tramples on toward %s", k.aname(t))
			}
			k.strike(&c2)
			break
		}
	}
}

// applyDodge reveals a facedown Dodge protecting the threatened adventurer
// (option H-6: always on the next targeting; "choose": only when the
// attack would hit). Only one Dodge answers an Attack.
func (k *kernel) applyDodge(th *Threat) {
	a := &k.adv[th.Target]
	if a.down() {
		return
	}
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if !x.able() && i != th.Target {
			continue
		}
		if x.fd.kind != Dodge || int(x.fd.ally) != th.Target {
			continue
		}
		if i != th.Target && x.zone != a.zone && !k.m.scene.acrossZones {
			continue
		}
		if k.ru.H6 == H6Choose && !k.beats(th.Value, th.Init, a.hasShield()) {
			return
		}
		th.Init += int(x.fd.value)
		th.Dodged = true
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "reveals a Dodge for %s: +%d, Initiative %d", k.aname(th.Target), x.fd.value, th.Init)
		}
		k.minor.discard(x.fd.card)
		x.fd.kind = Skip
		return
	}
}

// takeRiposte takes the facedown Riposte protecting adventurer t (its own
// first), and who placed it.
func (k *kernel) takeRiposte(t int) (facedown, int) {
	for n := 0; n < k.na; n++ {
		i := (t + n) % k.na
		x := &k.adv[i]
		if !x.able() {
			continue
		}
		for _, fd := range []*facedown{&x.fd, &x.fd2} {
			if fd.kind == Riposte && int(fd.ally) == t && (i == t || x.zone == k.adv[t].zone || k.m.scene.acrossZones) {
				r := *fd
				fd.kind = Skip
				return r, i
			}
		}
	}
	return facedown{}, -1
}

// polearm reports whether adventurer i holds a polearm (its Ripostes are
// interrupts).
func (k *kernel) polearm(i int) bool {
	if i < 0 {
		return false
	}
	w := k.adv[i].weapon()
	return w == Polearm || w == Halberd || w == Staff
}

// advRiposte resolves adventurer i's Riposte against GM character j's
// action of value v (p.116): a higher value deals 1 Wound (2 with a blade),
// ties to the riposter unless the attacker carries a shield.
func (k *kernel) advRiposte(i, j int, rip facedown, v int, first bool) {
	k.minor.discard(rip.card)
	g := int(k.mem[j].group)
	r := int(rip.value)
	ok := k.beats(r, v, k.m.groups[g].shield)
	if k.tr != nil {
		when := "after the blow"
		if first {
			when = "first: the polearm makes it an interrupt"
		}
		k.tr.Add(k.round, k.aname(i), "reveals a Riposte (%s), %d against %d: %s", when, r, v, hitWord(ok))
	}
	if !ok || k.mem[j].out() {
		return
	}
	w := k.adv[i].weapon()
	n := 1
	if w == Blade || w == SilverBlade {
		n = 2
	}
	k.ambush(i, &n)
	dealt := k.damageMember(j, n, false, false, w.info().dmg, i)
	k.afterHit(i, j, w, dealt)
}

// gmHit applies a GM Attack's hit on adventurer c.t with value v against
// Initiative init: Wounds (Claw, riders, the mob's Piercing or Critical),
// engagement, riders' effects, Feed.
func (k *kernel) gmHit(c *strikeCtx, v, init int) {
	a := &k.adv[c.t]
	g := c.g
	gs := &k.m.groups[g]
	n := 1
	piercing := c.mob >= 4 || c.rider == AbRiotOfTeeth || c.form == AbDeathDealer
	critical := c.mob >= 8
	if (c.trigger == AbClaw || c.trigger == AbTalons) && v >= 2*init {
		n = 2
	}
	if !c.missile {
		k.engage(c.t, c.j)
	}
	if k.ru.H19 == H19AnyHit && k.holdsLight(c.t) {
		k.breakLight(c.t, "its holder is hit")
	}
	switch c.rider {
	case AbDeadlyAttack:
		n = 2
	case AbBreathOfFire:
		if a.metalArmor() {
			critical = true
		} else {
			n = 3
		}
	case AbCorrosiveAttack:
		k.corrode(c.t)
		return
	case AbCommand, AbPossess, AbMesmerize:
		k.control(c.t, c.value-k.attrIfOwn(c))
		return
	case AbWeb:
		a.effects |= Webbed | Root
		a.webLimbs = k.webLimbs()
		k.disengageAdv(c.t)
		k.say(c.t, "is wrapped in web: Rooted until every limb is freed")
		return
	case AbStealFace:
		a.effects |= Blind | Silence
		k.say(c.t, "has its face stolen: Blind and Silenced")
		return
	case AbSoftIsTheirThroat:
		// No "instead", unlike Command and Mesmerize: the hit Wounds as
		// well (errata E-H3); one already Controlled is not enchanted
		// again.
		if a.effects&Controlled == 0 {
			a.loseTurn = true
			a.effects |= Controlled
			for _, fd := range [...]*facedown{&a.fd, &a.fd2} { // both under H-7 "both"
				if fd.kind != Skip {
					k.minor.discard(fd.card)
					fd.kind = Skip
				}
			}
			k.say(c.t, "is Controlled into some insane task: it loses its next turn and its facedown card")
		}
	}
	w := Wound{Source: g, Bite: gs.beast || gs.abil.hasAny(AbBite, AbDevilBite), Metal: gs.armed}
	body := k.woundAdv(c.t, n, piercing, critical, w)
	switch c.rider {
	case AbPoison:
		// One poisoning per target: a second dose of the same venom
		// adds no affliction (E-H2).
		if a.present() && a.effects&Poisoned == 0 {
			a.effects |= Poisoned
			k.t.afflictions++
			if k.ru.H34 != H34Exhausted {
				k.say(c.t, "is poisoned (H-34 counted: its first stage does nothing in the fight)")
			} else {
				a.effects |= Exhaust
				k.say(c.t, "is poisoned: Exhausted for the rest of the fight")
			}
		}
	case AbInfectiousDisease:
		k.t.afflictions++
		k.say(c.t, "catches the face rat disease")
	case AbDolorousKiss:
		k.t.afflictions++
		if a.xp > 0 {
			a.xp--
			k.mem[c.j].drained[c.t]++
		}
		k.say(c.t, "is kissed: 1 XP drained")
	case AbBackwardsCharge:
		k.tripAdv(c.t)
	case AbBreathOfIce:
		k.losePotions(c.t)
	}
	if c.rider == abNone {
		k.passiveRider(c)
	}
	if body > 0 && gs.abil.has(AbFeed) && k.ngm > 0 && k.damaged(c.j) {
		d := k.takeGM(k.lowestCard())
		k.major.discard(uint8(d))
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(c.j), "Feeds (discards %s)", d)
		}
		k.healMember(c.j, 1)
	}
}

// passiveRider applies the Attack rider a creature has without a card (an
// Overwhelming Bite's Trip, Bite, Tail Bite) to a hit with no chosen rider:
// "the GM picks only one per Attack" (spec 6.9.4, errata E-H6): Bite and
// Tail Bite only when they are the Attack's chosen doom.
func (k *kernel) passiveRider(c *strikeCtx) {
	a := &k.adv[c.t]
	switch {
	case c.greaterAt:
		k.tripAdv(c.t)
	case !a.able():
		// Nothing more happens to one already down.
	case c.trigger == AbBite:
		if a.effects&Trip == 0 {
			k.tripAdv(c.t)
		} else {
			k.disarmAdv(c.t, false)
		}
	case c.trigger == AbTailBite:
		k.displaceAdv(c.t, true)
	}
}

// attrIfOwn is the attribute a strike added (to recover the card's value).
func (k *kernel) attrIfOwn(c *strikeCtx) int {
	if !c.own {
		return 0
	}
	if c.form == AbArcaneAttack {
		return k.groupAttr(c.g, Wands)
	}
	return k.groupAttr(c.g, Swords)
}

// tripAdv knocks adventurer i prone (Aegis may Notch the shield instead).
func (k *kernel) tripAdv(i int) {
	if k.aegis(i, "Trip") {
		return
	}
	k.adv[i].effects |= Trip
	k.disengageAdv(i)
	k.say(i, "is Tripped")
}

// aegis lets an adventurer with Aegis Notch an intact shield instead of
// suffering an effect (section 5.9).
func (k *kernel) aegis(i int, what string) bool {
	a := &k.adv[i]
	if !a.hasShield() || !k.talent(i, TAegis, true) {
		return false
	}
	a.shieldNotch--
	k.t.notches++
	if a.shieldNotch == 0 {
		k.t.destroyed++
	}
	if k.tr != nil {
		k.say(i, "Aegis: Notches the shield instead of suffering "+what)
	}
	return true
}

// disarmAdv makes adventurer i drop an item of its choice: the off-hand
// shield or light if it has one, else the weapon (H-19 "targeted": a light
// dropped breaks).
func (k *kernel) disarmAdv(i int, gmAct bool) {
	a := &k.adv[i]
	if k.aegis(i, "Disarm") {
		return
	}
	h := -1
	for x := range a.hands {
		if a.hands[x] != NoItem && a.hands[x] != a.weapon() {
			h = x
		}
	}
	if h < 0 {
		for x := range a.hands {
			if a.hands[x] != NoItem {
				h = x
				break
			}
		}
	}
	if h < 0 {
		return
	}
	it := a.hands[h]
	if it.info().hands == 2 || k.twoHanded(i) {
		a.hands[0], a.hands[1] = NoItem, NoItem
	} else {
		a.hands[h] = NoItem
	}
	a.rearm()
	if it == Torch || it == Lantern {
		if k.ru.H19 == H19Wound || k.ru.H19 == H19Targeted {
			k.t.destroyed++
			if k.tr != nil {
				k.say(i, "is Disarmed: the "+it.Title()+" goes out")
			}
			k.checkDark()
			return
		}
	}
	// "The victim drops one held item ... Picking it up takes a Recover
	// action" (6.7): nothing in the rule takes an item already on the
	// floor away, so a second Disarm adds to it and each item costs its own
	// Recover (there is room for all an adventurer carries).
	if int(a.ndropped) < maxDropped {
		a.dropped[a.ndropped] = it
		a.ndropped++
	}
	if k.tr != nil {
		k.say(i, "is Disarmed: drops the "+it.Title())
	}
}

// displaceAdv moves adventurer i to an adjacent zone (its player's choice:
// one without a hazard in the way if it can).
func (k *kernel) displaceAdv(i int, physical bool) {
	a := &k.adv[i]
	to := int8(-1)
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.m.scene.adj[a.zone]&(1<<z) != 0 && (to < 0 || k.hazardBetween(a.zone, to) >= 0) {
			to = z
		}
	}
	// Aegis answers an effect "from a physical source (an attack, a
	// trap, etc.)", not Fear, and its holder does not Notch a shield against a
	// Displace with nowhere to go.
	if to >= 0 && physical && k.aegis(i, "Displace") {
		return
	}
	k.disengageAdv(i)
	if to < 0 {
		return
	}
	from := a.zone
	a.zone = to
	k.dropProtection(i)
	if k.tr != nil {
		k.say(i, "is Displaced to the "+k.m.scene.zones[to])
	}
	if h := k.hazardBetween(from, to); h >= 0 {
		hz := &k.m.scene.hazards[h]
		k.woundAdv(i, hz.wounds, hz.piercing, false, Wound{Source: -1})
	}
}

// corrode Destroys the target's shield, else body armor, else weapon.
func (k *kernel) corrode(i int) {
	a := &k.adv[i]
	k.t.destroyed++
	switch {
	case a.hasShield():
		a.shieldNotch = 0
		k.say(i, "its shield is corroded: Destroyed")
	case a.body != NoItem && a.bodyNotches > 0:
		a.bodyNotches = 0
		if k.tr != nil {
			k.say(i, "its "+a.body.Title()+" is corroded: Destroyed")
		}
	case a.weapon() != NoItem:
		w := a.weapon()
		for h := range a.hands {
			if a.hands[h] == w {
				a.hands[h] = NoItem
			}
		}
		a.rearm()
		if k.tr != nil {
			k.say(i, "its "+w.Title()+" is corroded: Destroyed")
		}
	default:
		k.t.destroyed--
	}
}

// losePotions destroys the liquids an adventurer carries (Breath of Ice).
func (k *kernel) losePotions(i int) {
	a := &k.adv[i]
	for j := 0; j < int(a.nbelt); j++ {
		if a.belt[j] == HealPotion {
			a.dropBelt(j)
			j--
			k.t.destroyed++
		}
	}
}

// control is Command, Possess or Mesmerize (sim reading): the target at
// once Attacks an ally in its zone at the lesser doom's value; with no
// ally it loses its next turn.
func (k *kernel) control(t, v int) {
	a := &k.adv[t]
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if i == t || !x.able() || x.zone != a.zone {
			continue
		}
		init := k.advInit(i)
		hit := k.beats(v, init, x.hasShield())
		if k.tr != nil {
			k.say(t, "is Controlled: it Attacks "+k.aname(i)+", "+itoa2(v)+" against Initiative "+itoa2(init)+": "+hitWord(hit))
		}
		if hit {
			k.woundAdv(i, 1, false, false, Wound{Source: -1})
		}
		return
	}
	a.loseTurn = true
	a.effects |= Controlled
	k.say(t, "is Controlled: with no ally at hand, it loses its next turn")
}

// gmRoughhouse resolves a GM Roughhouse: a plain effect, or a Roughhouse
// doom (Grab, Bite, Engulf, Protoplasmic Attack, Pull Into the Air, Bad
// Little Hands, the griffin's Grab).
func (k *kernel) gmRoughhouse(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if !d.Lesser() {
		return false
	}
	ab := a.Ability
	switch ab {
	case abNone:
		switch a.Effect {
		case Trip, Disarm, Root, Displace:
		default:
			return false
		}
	case AbGrab, AbDevilBite, AbEngulf, AbProtoplasmicAttack, AbPullIntoTheAir, AbBadLittleHands:
		if !k.live(g, ab) {
			return false
		}
	case AbGriffinGrab:
		if !k.live(g, ab) || !k.gmCardAt(a.Rider).Greater() || a.Rider == a.Card {
			return false
		}
	default:
		return false
	}
	if ab != AbGriffinGrab {
		a.Rider = -1
	}
	favor := false
	if f := k.gmCardAt(a.Favor); f.Greater() && a.Favor != a.Card && a.Favor != a.Rider {
		favor = true
	} else {
		a.Favor = -1
	}
	value := int(d)
	if own {
		value += k.groupAttr(g, Pentacles)
	}
	gs := &k.grp[g]
	var count [MaxParty]int8
	var first [MaxParty]int8
	any := false
	single := k.m.groups[g].lord || gs.hi-gs.lo == 1
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx >= MaxCount || single && idx > 0 {
			break
		}
		mm := int(m)
		if f := k.firstIn(g); single && f >= 0 {
			mm = f
		}
		t := int(a.Targets[idx])
		if single {
			t = soleTarget(a)
		}
		if mm < 0 || t < 0 || t >= k.na || !k.memberCanAct(mm, !own) || !k.gmReach(mm, t, false) || k.zoneOf(mm) != k.adv[t].zone {
			continue
		}
		if count[t] == 0 {
			first[t] = int8(mm)
		}
		count[t]++
		any = true
	}
	if !any {
		return false
	}
	if k.tr != nil {
		how := "as a minor action"
		if own {
			how = "on its turn"
		}
		what := "Roughhouse (" + effectName(a.Effect) + ")"
		if ab != abNone {
			what = abilityTable[ab].name + " (a Roughhouse)"
		}
		k.tr.Add(k.round, k.gname(g), "plays %s %s: %s, %d", d, how, what, value)
	}
	k.spendGM(a.Card, a.Rider, a.Favor)
	for t := 0; t < k.na; t++ {
		if count[t] == 0 {
			continue
		}
		c := strikeCtx{g: g, j: int(first[t]), t: t, value: value, mob: int(count[t]), favor: favor, form: ab, own: own,
			rough: true, effect: a.Effect}
		k.strike(&c)
	}
	return true
}

// grabHolder is the GM character that takes hold of a victim of GM
// character j's grab doom ab: j, or for a dungeon lord the first standing
// pool with ab itself (each Sporehulk arm grabs, "2 at most"); -1 when it
// already holds limit victims.
func (k *kernel) grabHolder(g, j int, ab Ability, limit int) int {
	if k.m.groups[g].lord {
		gs := &k.grp[g]
		for m := gs.lo; m < gs.hi; m++ {
			if !k.mem[m].out() && k.m.groups[g].members[m-gs.lo].abil.has(ab) &&
				bits.OnesCount8(k.mem[m].grabbed) < limit {
				return int(m)
			}
		}
		return -1
	}
	if bits.OnesCount8(k.mem[j].grabbed) >= limit {
		return -1
	}
	return j
}

// roughHit applies a GM Roughhouse's success.
func (k *kernel) roughHit(c *strikeCtx) {
	a := &k.adv[c.t]
	switch c.form {
	case AbGrab, AbDevilBite, AbGriffinGrab, AbProtoplasmicAttack:
		limit := 2
		switch c.form {
		case AbDevilBite:
			limit = 4
		case AbGriffinGrab, AbProtoplasmicAttack:
			limit = MaxParty
		}
		h := k.grabHolder(c.g, c.j, c.form, limit)
		if h < 0 || a.grabbedBy >= 0 {
			return
		}
		if c.form != AbProtoplasmicAttack && k.aegis(c.t, "the grab") {
			return
		}
		k.disengageAdv(c.t)
		a.effects |= Grabbed | Root
		if c.form == AbProtoplasmicAttack {
			a.effects |= Engulfed
			k.say(c.t, "is engulfed by the slime: Rooted, and dissolving")
		} else {
			k.say(c.t, "is grabbed: Rooted and carried")
		}
		a.grabbedBy = int8(h)
		k.mem[h].grabbed |= 1 << c.t
	case AbEngulf:
		k.say(c.t, "is engulfed in its element")
		k.woundAdv(c.t, 1, true, false, Wound{Source: c.g})
	case AbPullIntoTheAir:
		k.say(c.t, "is lifted and dropped")
		k.engage(c.t, c.j)
		k.woundAdv(c.t, 1, true, false, Wound{Source: -1})
	case AbBadLittleHands:
		// "Steals one belt item": the first on the belt. A rat holds one
		// stolen item at a time.
		x := &k.mem[c.j]
		if a.nbelt == 0 || x.stolen != NoItem {
			return
		}
		x.stolen, x.stolenWear = a.dropBelt(0)
		x.stolenFrom = int8(c.t)
		if k.tr != nil {
			k.say(c.t, "has its "+x.stolen.Title()+" stolen from the belt by "+k.mname(c.j))
		}
	default:
		switch c.effect {
		case Trip:
			k.tripAdv(c.t)
		case Root:
			if !k.aegis(c.t, "Root") {
				a.effects |= Root
				k.disengageAdv(c.t)
				k.say(c.t, "is Rooted")
			}
		case Disarm:
			k.disarmAdv(c.t, true)
		case Displace:
			k.displaceAdv(c.t, true)
		}
	}
	if k.live(c.g, AbPissAndShit) && a.present() {
		a.stressed = true
		k.say(c.t, "is covered in filth: Stressed")
	}
}

// groupInZone reports a member of group g in the fight in zone z.
func (k *kernel) groupInZone(g int, z int8) bool {
	gs := &k.grp[g]
	for j := gs.lo; j < gs.hi; j++ {
		if !k.mem[j].out() && k.mem[j].zone == z {
			return true
		}
	}
	return false
}

// flyAway is the zone a Flutter takes a creature to from zone from: the
// adjacent zone with the fewest able adventurers in it, then in the zones
// next to it, the first on a tie; -1 with none.
func (k *kernel) flyAway(from int8) int8 {
	var in [MaxZones]int8
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			in[k.adv[i].zone]++
		}
	}
	nz := int8(len(k.m.scene.zones))
	best, bin, bnear := int8(-1), int8(0), int8(0)
	for y := int8(0); y < nz; y++ {
		if !k.canStep(from, y) {
			continue
		}
		near := int8(0)
		for w := int8(0); w < nz; w++ {
			if k.m.scene.adj[y]&(1<<w) != 0 {
				near += in[w]
			}
		}
		if best < 0 || in[y] < bin || in[y] == bin && near < bnear {
			best, bin, bnear = y, in[y], near
		}
	}
	return best
}

// summoned is the hidden group group g calls (its bats, its clones), or -1.
func (k *kernel) summoned(g int) int {
	for h := 0; h < k.ng; h++ {
		if k.m.groups[h].hidden && k.m.groups[h].summoner == g {
			return h
		}
	}
	return -1
}

// gmMove moves group g one zone (a miscellaneous action: any card; free
// for Fleet once on its own turn, up to two zones for Fleet (2)); flee:
// away from the guild and out of the scene from an exit zone. Engaged
// members take a free Wound from each adventurer engaged with them, unless
// a retreat doom disengages them. The victims they hold are carried along,
// and let go by a member leaving the scene.
func (k *kernel) gmMove(g int, a *GMAction, own, flee bool) bool {
	gs := &k.grp[g]
	d := k.gmCardAt(a.Card)
	fleet := own && !gs.freeMoved && k.abilityLive(g, AbFleet, AbFleet2)
	if d == NoDoom && !fleet {
		return false
	}
	j := k.firstIn(g)
	if j < 0 {
		return false
	}
	from := k.zoneOf(j)
	to := a.Zone
	leave := false
	if flee {
		if k.m.scene.exits&(1<<from) != 0 {
			leave = true
		} else {
			to = k.exitward(from)
		}
	}
	// Fleet (2) "Moves 2 zones on its turn without a card".
	if !leave && (to < 0 || !k.canStep(from, to) && !(d == NoDoom && k.abilityLive(g, AbFleet2) && k.dashable(from, to))) {
		return false
	}
	for m := gs.lo; m < gs.hi; m++ {
		if k.mem[m].effects&(Root|Trip|Webbed|Grabbed) != 0 && !k.mem[m].out() {
			if !leave {
				return false
			}
		}
	}
	if d != NoDoom {
		k.spendGM(a.Card)
	} else {
		gs.freeMoved = true
	}
	if k.tr != nil {
		card := "free (Fleet)"
		if d != NoDoom {
			card = "plays " + d.String()
		}
		switch {
		case leave:
			k.tr.Add(k.round, k.gname(g), "%s: flees the scene", card)
		default:
			k.tr.Add(k.round, k.gname(g), "%s: moves to the %s", card, k.m.scene.zones[to])
		}
	}
	// Free Wounds from those engaged with the movers, unless a retreat doom
	// disengages them first.
	var engaged bool
	for m := gs.lo; m < gs.hi; m++ {
		if !k.mem[m].out() && k.mem[m].engaged != 0 {
			engaged = true
		}
	}
	if engaged {
		k.freeDisengage(g)
	}
	for m := gs.lo; m < gs.hi; m++ {
		x := &k.mem[m]
		if x.out() {
			continue
		}
		if x.effects&(Root|Trip|Webbed|Grabbed) != 0 {
			continue // it cannot move and stays
		}
		for i := 0; x.engaged != 0 && i < k.na; i++ {
			// A victim it carries goes with it: no parting blow.
			if x.engaged&(1<<i) != 0 && x.grabbed&(1<<i) == 0 && k.adv[i].able() {
				w := k.adv[i].weapon()
				if k.tr != nil {
					k.tr.Add(k.round, k.aname(i), "strikes %s as it moves away", k.mname(int(m)))
				}
				n := 1
				k.ambush(i, &n)
				dealt := k.damageMember(int(m), n, false, false, w.info().dmg, i)
				k.afterHit(i, int(m), w, dealt)
			}
		}
		if x.out() {
			continue
		}
		k.disengageMem(int(m))
		if leave {
			k.leaveVictims(int(m))
			x.fled = true
			k.inDirty = true
			k.changed = true
		} else {
			x.zone = to
			k.carry(int(m))
		}
	}
	gs.movedAt = k.window
	return true
}

// leaveVictims lets go of what GM character j holds as it leaves the
// scene: its victims are "carried" within the scene, and one gone from it
// no longer holds, Squeezes or dissolves anyone. A griffin's victim falls
// ("falling damage from the room's height").
func (k *kernel) leaveVictims(j int) {
	held := k.mem[j].grabbed
	if held == 0 {
		return
	}
	k.letGo(j)
	fall := k.m.groups[k.mem[j].group].abil.has(AbGriffinGrab)
	for i := 0; i < k.na; i++ {
		if held&(1<<i) == 0 {
			continue
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "lets go of %s as it leaves the scene", k.aname(i))
		}
		if fall {
			k.griffinFall(i)
		}
	}
}

// carry brings the adventurers GM character j holds to its zone: a
// grabbed or engulfed victim is "Rooted and carried" (Grab, Bite,
// Protoplasmic Attack) and stays held.
func (k *kernel) carry(j int) {
	x := &k.mem[j]
	for i := 0; x.grabbed != 0 && i < k.na; i++ {
		if x.grabbed&(1<<i) != 0 && k.adv[i].zone != x.zone {
			k.disengageAdv(i)
			k.moveAdv(i, x.zone, "is carried")
		}
	}
}

// freeDisengage spends a retreat doom to disengage group g's members
// before they move: Retreat into the Shadows (any card), Expeditious
// Retreat (a greater doom, everyone), Cautious or Fiendish Retreat (a
// greater doom per adventurer).
func (k *kernel) freeDisengage(g int) {
	gs := &k.grp[g]
	all := func() {
		for m := gs.lo; m < gs.hi; m++ {
			k.disengageMem(int(m))
		}
	}
	switch {
	case k.live(g, AbRetreatIntoTheShadows) && k.ngm > 0:
		k.spendGM(int8(k.lowestCard()))
		all()
		if k.tr != nil {
			k.tr.Add(k.round, k.gname(g), "Retreat into the Shadows: out of every engagement")
		}
	case k.live(g, AbExpeditiousRetreat):
		if d := k.spareGreater(-1); d >= 0 {
			k.spendGM(int8(d))
			all()
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(g), "Expeditious Retreat: out of every engagement")
			}
		}
	case k.abilityLive(g, AbCautiousRetreat, AbFiendishRetreat):
		for m := gs.lo; m < gs.hi; m++ {
			for i := 0; k.mem[m].engaged != 0 && i < k.na; i++ {
				if k.mem[m].engaged&(1<<i) == 0 {
					continue
				}
				d := k.spareGreater(-1)
				if d < 0 {
					return
				}
				k.spendGM(int8(d))
				k.mem[m].engaged &^= 1 << i
				k.adv[i].engaged &^= 1 << m
				if k.tr != nil {
					k.tr.Add(k.round, k.mname(int(m)), "a retreat doom: disengages from %s", k.aname(i))
				}
			}
		}
	}
}

// exitward is the adjacent zone nearest an exit (breadth first), or -1.
func (k *kernel) exitward(from int8) int8 {
	var dist [MaxZones]int8
	for i := range dist {
		dist[i] = -1
	}
	var q [MaxZones]int8
	n := 0
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.m.scene.exits&(1<<z) != 0 {
			dist[z] = 0
			q[n] = z
			n++
		}
	}
	for h := 0; h < n; h++ {
		z := q[h]
		for y := int8(0); int(y) < len(k.m.scene.zones); y++ {
			if dist[y] < 0 && k.canStep(z, y) {
				dist[y] = dist[z] + 1
				q[n] = y
				n++
			}
		}
	}
	best := int8(-1)
	for y := int8(0); int(y) < len(k.m.scene.zones); y++ {
		if k.canStep(from, y) && dist[y] >= 0 && (best < 0 || dist[y] < dist[best]) {
			best = y
		}
	}
	return best
}

// gmRecover discards a lesser doom (p.185): each member shakes off one
// effect.
func (k *kernel) gmRecover(g int, a *GMAction) bool {
	d := k.gmCardAt(a.Card)
	if !d.Lesser() {
		return false
	}
	gs := &k.grp[g]
	any := false
	for m := gs.lo; m < gs.hi; m++ {
		if !k.mem[m].out() && k.mem[m].effects&recoverable != 0 {
			any = true
		}
	}
	if !any {
		return false
	}
	k.spendGM(a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s: Recover", d)
	}
	for m := gs.lo; m < gs.hi; m++ {
		x := &k.mem[m]
		if x.out() {
			continue
		}
		for _, e := range [...]Effect{Webbed, Trip, Root, Disarm, Blind, Silence, Exhaust, Deafen} {
			if x.effects&e == 0 {
				continue
			}
			if e == Webbed {
				x.webLimbs--
				if x.webLimbs > 0 {
					break
				}
				x.effects &^= Root
			}
			x.effects &^= e
			break
		}
	}
	return true
}

// gmFacedown places a group's facedown Dodge (Evasive: a greater doom) or
// Riposte.
func (k *kernel) gmFacedown(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if d == NoDoom || d.Greater() && !(a.Kind == GMDodge && k.live(g, AbEvasive)) {
		return false
	}
	s, kind := Pentacles, Dodge
	if a.Kind == GMRiposte {
		s, kind = Swords, Riposte
	}
	v := int(d)
	if own {
		v += k.groupAttr(g, s)
	}
	k.takeGM(int(a.Card))
	gs := &k.grp[g]
	if gs.fd.kind != Skip {
		k.major.discard(gs.fd.card)
	}
	gs.fd = facedown{kind: kind, value: int8(v), card: uint8(d)}
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays a card facedown: %s", kind)
	}
	return true
}

// gmDodge reveals group g's facedown Dodge, if any, and returns its value.
func (k *kernel) gmDodge(g int) int {
	gs := &k.grp[g]
	if gs.fd.kind != Dodge {
		return 0
	}
	v := int(gs.fd.value)
	k.major.discard(gs.fd.card)
	gs.fd.kind = Skip
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "reveals a Dodge: +%d", v)
	}
	return v
}

// gmRiposte reveals group g's facedown Riposte against adventurer i's
// action of value v.
func (k *kernel) gmRiposte(g, i, v int) {
	gs := &k.grp[g]
	if gs.fd.kind != Riposte || !k.groupIn(g) {
		return
	}
	r := int(gs.fd.value)
	k.major.discard(gs.fd.card)
	gs.fd.kind = Skip
	ok := k.beats(r, v, k.adv[i].hasShield())
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "reveals a Riposte, %d against %d: %s", r, v, hitWord(ok))
	}
	if ok {
		n := 1
		if k.live(g, AbNip) {
			n = 2
		}
		k.woundAdv(i, n, false, false, Wound{Source: g})
	}
}

// noose is the Yellow King's May Failure Be Your Noose: an adventurer's
// action failed against him, so he plays a lesser doom at once as an Attack
// on it, if one beats its Initiative.
func (k *kernel) noose(i, g int) {
	if !k.live(g, AbMayFailureBeYourNoose) || !k.adv[i].able() {
		return
	}
	init := k.advInit(i)
	best := -1
	for x := 0; x < int(k.ngm); x++ {
		if d := k.gm[x]; d.Lesser() && k.beats(int(d), init, k.adv[i].hasShield()) && (best < 0 || d < k.gm[best]) {
			best = x
		}
	}
	j := k.firstIn(g)
	if best < 0 || j < 0 || k.zoneOf(j) != k.adv[i].zone {
		return
	}
	d := k.takeGM(best)
	k.major.discard(uint8(d))
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "May Failure Be Your Noose: plays %s at once", d)
	}
	c := strikeCtx{g: g, j: j, t: i, value: int(d), mob: 1}
	k.strike(&c)
}

// grabbedTakesMiss: an Attack that misses a grabbing creature hits a
// victim it carries (Grab, the devil's Bite, the griffin's Grab).
func (k *kernel) grabbedTakesMiss(g, by int) {
	if !k.m.groups[g].abil.hasAny(AbGrab, AbDevilBite, AbGriffinGrab) {
		return
	}
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		for i := 0; k.mem[m].grabbed != 0 && i < k.na; i++ {
			if k.mem[m].grabbed&(1<<i) != 0 && i != by {
				k.say(i, "takes the blow meant for its captor")
				k.woundAdv(i, 1, false, false, Wound{Source: -1})
				return
			}
		}
	}
}

// badLuck is the imp's Bad Luck Machine: an Attack that would hit it is
// turned, with disfavor, on another adventurer in the zone (or its
// author), for a greater doom the GM can spare.
func (k *kernel) badLuck(i, j, v, mod int, c Card, how string) bool {
	g := int(k.mem[j].group)
	if !k.live(g, AbBadLuckMachine) || !k.beats(v, k.groupInit(g), k.memberTie(j, NoItem)) {
		return false
	}
	d := k.spareGreater(-1)
	if d < 0 {
		return false
	}
	t := i
	for x := 0; x < k.na; x++ {
		if x != i && k.adv[x].able() && k.adv[x].zone == k.zoneOf(j) {
			t = x
			break
		}
	}
	dd := k.gm[d]
	k.spendGM(int8(d))
	// "It now has disfavor", joining the favor it had (none then); and
	// disfavor is not cumulative (spec 3.3).
	v += netMod(mod > 0, true) - mod
	init := k.advInit(t)
	k.revealAdv(t)
	hit := k.beats(v, init, k.adv[t].hasShield())
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Attacks %s, but the GM discards %s: Bad Luck Machine turns it on %s, %d against Initiative %d: %s",
			c, how, k.mname(j), dd, k.aname(t), v, init, hitWord(hit))
	}
	if hit {
		k.woundAdv(t, 1, false, false, Wound{Source: -1})
	}
	return true
}

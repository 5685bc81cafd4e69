package hmtw

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

// turnStarts are what a group does for free as its turn starts, in order,
// each for a group with one of its abilities.
var turnStarts = [...]struct {
	dooms abilitySet
	do    func(k *kernel, g int)
}{
	{abilitiesOf(AbGazeOfTheCockatrice), (*kernel).gazeOnce},
	{abilitiesOf(AbResilient), (*kernel).resilient},
	{abilitiesOf(AbGrind), (*kernel).grind},
	{abilitiesOf(AbRegenerate, AbFungalRegeneration), (*kernel).regenerateUnsalted},
	{abilitiesOf(AbGriffinGrab), (*kernel).griffinDrop},
}

// startOfGroupTurn applies what group g does for free as its turn starts
// (turnStarts); the salt that hit it since its last turn is then spent.
func (k *kernel) startOfGroupTurn(g int) {
	ab := &k.m.groups[g].abil
	for x := range turnStarts {
		if ab.meets(turnStarts[x].dooms) {
			turnStarts[x].do(k, g)
		}
	}
	k.grp[g].salted = false
}

// gazeOnce is the cockatrice's gaze if it has not stared this round (and
// H-30 leaves it on).
func (k *kernel) gazeOnce(g int) {
	if !k.grp[g].gazeUsed && !k.offNarrative(AbGazeOfTheCockatrice) {
		k.gaze(g)
	}
}

// regenerateUnsalted is Regenerate, but for the slime (salt reactive) in a
// turn when salt hit it.
func (k *kernel) regenerateUnsalted(g int) {
	if !(k.grp[g].salted && k.m.groups[g].abil.has(AbSaltReactive)) {
		k.regenerate(g)
	}
}

// resilient is Resilient: the first member of group g in the fight under
// a recoverable effect has the GM discard a spare greater doom, and every
// member recovers.
func (k *kernel) resilient(g int) {
	gs := &k.grp[g]
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
			return
		}
	}
}

// grind is Grind: for a spare greater doom, every adventurer group g
// holds takes a Wound.
func (k *kernel) grind(g int) {
	gs := &k.grp[g]
	var victims uint8
	for j := gs.lo; j < gs.hi; j++ {
		victims |= k.mem[j].grabbed
	}
	if victims == 0 {
		return
	}
	d := k.spareGreater(g)
	if d < 0 {
		return
	}
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

// regenerate is Regenerate: the first damaged member of group g in the
// fight Heals 1 for a spare greater doom.
func (k *kernel) regenerate(g int) {
	gs := &k.grp[g]
	for j := gs.lo; j < gs.hi; j++ {
		if x := &k.mem[j]; !x.out() && k.damaged(int(j)) {
			if d := k.spareGreater(g); d >= 0 {
				k.spendGM(int8(d))
				if k.tr != nil {
					k.tr.Add(k.round, k.mname(int(j)), "Regenerates (discards a greater doom)")
				}
				k.healMember(int(j), 1)
			}
			return
		}
	}
}

// griffinDrop is a griffin letting go, as its turn starts, of every
// victim it carries: each falls.
func (k *kernel) griffinDrop(g int) {
	gs := &k.grp[g]
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
		if k.m.groups[g].abil.has(AbGazeOfTheCockatrice) && k.groupIn(g) {
			k.gazeOnce(g)
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
	if attackForms[form].ranged || k.memberRanged(j) {
		return true
	}
	g := int(k.mem[j].group)
	return k.ru.H3 == H3All && k.m.groups[g].ranged > 0
}

// aloft reports group g a dungeon lord levitating: the Yellow King while
// crowned (Spite Alone Holds Me Aloft; errata E-H3).
func (k *kernel) aloft(g int) bool {
	return k.m.groups[g].lord && k.live(g, AbSpiteAlone)
}

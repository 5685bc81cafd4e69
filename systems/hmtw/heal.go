package hmtw

// This file holds what heals, stuns and darkens: healing, poultices and
// their zombies, stunning, broken lights and the dark.

// healAdv applies Heal to adventurer i (option H-13): Death's Door
// (conscious again, Stressed), else Injured, else a Wounded talent, else
// Staggered; "player" heals a lost combat talent first.
func (k *kernel) healAdv(i int) {
	a := &k.adv[i]
	switch {
	case a.door:
		a.door = false
		a.stressed = true
		k.changed = true
		k.say(i, "is Healed: back from Death's Door, Stressed")
	case k.ru.H13 == H13Player && a.lost != 0:
		a.lost = 0
		a.woundedTalents--
		k.say(i, "is Healed: a Wounded combat talent")
	case a.injured:
		a.injured = false
		k.say(i, "is Healed: Injured cleared")
	case a.woundedTalents > 0:
		a.woundedTalents--
		a.lost = 0
		k.say(i, "is Healed: a Wounded talent")
	case a.staggered:
		a.staggered = false
		k.say(i, "is Healed: Staggered cleared")
	}
}

// healMember restores n points to GM character j (option H-14): Health
// first up to its maximum, then Defense; or Defense first.
func (k *kernel) healMember(j, n int) {
	x := &k.mem[j]
	if x.out() {
		return
	}
	g := int(x.group)
	ms := &k.m.groups[g].members[j-int(k.grp[g].lo)]
	mh, md := int16(ms.health), int16(ms.defense)
	if ms.spare {
		mh, md = 1, 0
	}
	for ; n > 0; n-- {
		switch {
		case k.ru.H14 == H14DefenseFirst && x.defense < md:
			x.defense++
		case x.health < mh:
			x.health++
		case x.defense < md:
			x.defense++
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.mname(j), "Heals: HD %d/%d", x.health, x.defense)
	}
}

// applyPoultice is adventurer i putting a poultice on ally t: a Chirurgeon
// Heals; anyone else lets a dying ally test Wands (favor with a medical
// motif): success saves, failure kills, a great failure kills and raises a
// zombie at once.
func (k *kernel) applyPoultice(i, t int, c Card, how string) {
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Use Item, a poultice on %s", c, how, k.aname(t))
	}
	if k.talent(i, TChirurgeon, true) {
		k.healAdv(t)
		return
	}
	k.poulticeTest(t, k.medical(i))
}

// poulticeTest is the dying adventurer's test of Wands.
func (k *kernel) poulticeTest(t int, medical bool) {
	a := &k.adv[t]
	if !a.door {
		return
	}
	f := k.testFate(t, Wands, medical, true, k.fateResolve(t, Wands, true))
	switch {
	case f.res.OK():
		a.door = false
		a.stressed = true
		k.changed = true
		if k.tr != nil {
			k.say(t, "tests Wands with the poultice: "+f.res.String()+"; conscious again, Stressed")
		}
	case f.res == GreatFailure:
		k.t.zombie = true
		k.say(t, "tests Wands with the poultice: great failure; dies and rises at once as a zombie")
		k.kill(t, k.end != going)
		k.raiseZombie(t)
	default:
		k.say(t, "tests Wands with the poultice: failure; dies")
		k.kill(t, k.end != going)
	}
}

// raiseZombie has adventurer t, dead of a poultice's great failure, rise
// as a zombie that joins the fight in its zone if the fight is still going
// (errata E-H11); it acts from the next round, with the GM's next hand.
func (k *kernel) raiseZombie(t int) {
	g := k.m.risen
	if k.end != going || g < 0 {
		return
	}
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		if k.mem[m].active {
			continue
		}
		ms := &k.m.groups[g].members[m-gs.lo]
		k.mem[m] = memState{group: int8(g), health: int16(ms.health), defense: int16(ms.defense), active: true, zone: k.adv[t].zone}
		if !gs.active {
			gs.active, gs.acted = true, true
		}
		k.inDirty = true
		k.changed = true
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(int(m)), "rises from %s's body and joins the fight", k.aname(t))
		}
		return
	}
}

// stunAdv makes adventurer i discard a card of its choice (the lowest).
func (k *kernel) stunAdv(i int, why string) {
	a := &k.adv[i]
	best := -1
	for j := 0; j < int(a.nh); j++ {
		if best < 0 || a.hand[j].Value() < a.hand[best].Value() && a.hand[j] != Fool || a.hand[best] == Fool {
			best = j
		}
	}
	if best < 0 {
		return
	}
	c := k.discardCard(i, best)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "is Stunned by %s: discards %s", why, c)
	}
}

// stunGroup makes the GM discard a card for a Stunned GM character (option
// H-17): its lowest lesser doom, or a random card.
func (k *kernel) stunGroup(g int) {
	if k.ngm == 0 {
		return
	}
	j := k.lowestLesser()
	if k.ru.H17 == H17Random || j < 0 {
		j = k.r.IntN(int(k.ngm))
	}
	d := k.takeGM(j)
	k.major.discard(uint8(d))
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "is Stunned: the GM discards %s", d)
	}
}

// breakLight destroys the light adventurer i holds (option H-19).
func (k *kernel) breakLight(i int, why string) {
	if k.ru.H19 == H19Ignore {
		return
	}
	a := &k.adv[i]
	for h := range a.hands {
		if a.hands[h] == Torch || a.hands[h] == Lantern {
			it := a.hands[h]
			a.hands[h] = NoItem
			a.rearm()
			k.t.destroyed++
			if k.tr != nil {
				k.say(i, "the "+it.Title()+" breaks and goes out ("+why+")")
			}
			k.checkDark()
			return
		}
	}
}

// checkDark makes the guild Blind when the scene is dark and no one holds a
// light (section 5.8), from the first round (errata E-H4), and lifts that
// darkness when a light is held again.
func (k *kernel) checkDark() {
	if !k.m.scene.dark {
		return
	}
	lit := false
	for i := 0; i < k.na; i++ {
		if k.adv[i].present() && (k.holdsLight(i) || k.onBelt(i, Lantern) >= 0) {
			lit = true
			break
		}
	}
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		switch {
		case lit && a.effects&Dark != 0:
			a.effects &^= Dark | Blind
			k.say(i, "sees by the light again")
		case !lit && a.effects&Dark == 0:
			a.effects |= Dark | Blind
			k.say(i, "is in darkness: Blind")
		}
	}
}

package hmtw

// This file is the adventurers' turns, the minor-action windows (section
// 6.3.1, option H-5), the Fool's extra turn and the interrupts offered
// against an action (section 6.6).

// revealAdv flips adventurer i's Initiative face up.
func (k *kernel) revealAdv(i int) {
	a := &k.adv[i]
	if a.revealed || a.init == NoCard {
		return
	}
	a.revealed = true
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "flips Initiative: %s (%d)", a.init, a.init.Value())
	}
}

// revealGroup flips group g's Initiative face up.
func (k *kernel) revealGroup(g int) {
	gs := &k.grp[g]
	if gs.revealed || gs.init == NoDoom {
		return
	}
	gs.revealed = true
	if k.tr != nil {
		why := ""
		if gs.init.Greater() {
			for _, a := range [...]Ability{AbUntouchable, AbArmoredScales, AbRampage} {
				if k.m.groups[g].abil.has(a) {
					why = " (" + abilityTable[a].name + ": a greater doom as Initiative)"
				}
			}
		}
		k.tr.Add(k.round, k.gname(g), "flips Initiative: %s%s", gs.init, why)
	}
}

// advTurn is adventurer i's turn; it reports whether it played a card
// (opening the minor-action window).
func (k *kernel) advTurn(i int) bool {
	a := &k.adv[i]
	a.acted = true
	k.revealAdv(i)
	if !a.able() {
		return false
	}
	k.startOfAdvTurn(i)
	if !a.able() {
		return false
	}
	if a.loseTurn {
		a.loseTurn = false
		a.effects &^= Controlled
		k.t.skipped++
		k.say(i, "loses its turn")
		return false
	}
	if a.nh == 0 {
		k.t.skipped++
		k.say(i, "has no cards left: skips, and there is no minor-action window")
		return false
	}
	k.act.Reset()
	k.m.party[i].policy.Turn(&k.view, i, &k.act)
	if !k.doAdv(i, &k.act, modeTurn) {
		k.t.skipped++
		k.say(i, "skips its turn")
		return false
	}
	return true
}

// startOfAdvTurn applies what happens as an adventurer's turn starts: a
// slime dissolving it, Retributive, the winter wolves' Aura of Ice.
func (k *kernel) startOfAdvTurn(i int) {
	a := &k.adv[i]
	if a.effects&Engulfed != 0 {
		k.say(i, "dissolves inside the slime: a Wound, and its armor and belt are Notched")
		if a.body != NoItem && a.bodyNotches > 0 {
			a.bodyNotches--
			k.t.notches++
			if a.bodyNotches == 0 {
				k.t.destroyed++
			}
		}
		if a.helm && a.helmNotches > 0 {
			a.helmNotches--
			k.t.notches++
			if a.helmNotches == 0 {
				k.t.destroyed++
			}
		}
		// Belt items too; one with no Notches left is Destroyed (a
		// consumable is fragile: 1).
		for j := 0; j < int(a.nbelt); j++ {
			a.beltWear[j]++
			if a.beltWear[j] >= max(a.belt[j].info().notches, 1) {
				it, _ := a.dropBelt(j)
				j--
				k.t.destroyed++
				if k.tr != nil {
					k.say(i, "the slime dissolves the "+it.Title()+" on its belt")
				}
				if it == Lantern {
					k.checkDark()
				}
			}
		}
		k.woundAdv(i, 1, false, false, Wound{Source: -1})
	}
	ice := -1 // a winter wolf it is engaged with
	for j := 0; a.engaged != 0 && j < k.nm; j++ {
		if a.engaged&(1<<j) == 0 || !k.memberIn(j) {
			continue
		}
		g := int(k.mem[j].group)
		if k.m.groups[g].abil.has(AbRetributive) {
			if k.tr != nil {
				k.say(i, "is engaged with "+k.mname(j)+": Retributive, a Wound")
			}
			k.woundAdv(i, 1, false, false, Wound{Source: g})
		}
		if k.m.groups[g].abil.has(AbAuraOfIce) && ice < 0 {
			ice = j
		}
	}
	// Rooted after every engagement has had its say: Root disengages (6.7).
	if ice >= 0 && a.able() && a.effects&Root == 0 {
		a.effects |= Root
		if k.tr != nil {
			k.say(i, "is engaged with "+k.mname(ice)+": the Aura of Ice Roots it, and it disengages")
		}
		k.disengageAdv(i)
	}
}

// canFool reports whether adventurer i can play the Fool: it holds it and
// another card (H-22).
func (k *kernel) canFool(i int) bool {
	a := &k.adv[i]
	if !a.able() || a.nh < 2 {
		return false
	}
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j] == Fool {
			return true
		}
	}
	return false
}

// playFool discards adventurer i's Fool.
func (k *kernel) playFool(i int) {
	a := &k.adv[i]
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j] == Fool {
			k.discardCard(i, j)
			return
		}
	}
}

// foolTurn is the Fool's extra turn of adventurer i (section 6.6.3): any
// card, any action, the attribute added; no minor-action window. act nil
// asks the policy.
func (k *kernel) foolTurn(i int, act *Action) bool {
	if !k.canFool(i) {
		return false
	}
	if act == nil {
		k.act.Reset()
		k.view.foolTurn = true
		k.m.party[i].policy.Turn(&k.view, i, &k.act)
		k.view.foolTurn = false
		act = &k.act
	}
	if act.Kind == Skip || act.Card < 0 || int(act.Card) >= int(k.adv[i].nh) || k.adv[i].hand[act.Card] == Fool {
		return false
	}
	// Check before the Fool is spent; the hand's order changes when it is.
	c := k.adv[i].hand[act.Card]
	if r := k.whyNot(i, act); r != allowed {
		k.refuse(i, act, r)
		return false
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays the Fool with %s: an extra turn, as an interrupt", c)
	}
	k.playFool(i)
	act.Card = k.handIndex(i, c)
	return k.doAdv(i, act, modeFool)
}

// handIndex is the index of card c in adventurer i's hand, or -1.
func (k *kernel) handIndex(i int, c Card) int8 {
	a := &k.adv[i]
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j] == c {
			return int8(j)
		}
	}
	return -1
}

// quickOK reports whether adventurer i can Dodge for t as a Quick!
// interrupt: the talent, light or no armor, a Pentacles card, not Rooted,
// t itself or in its zone.
func (k *kernel) quickOK(i, t int) bool {
	a := &k.adv[i]
	if a.body != NoItem && a.body != LightArmor || a.effects&(Root|Berserk) != 0 || !k.talent(i, TQuick, false) {
		return false
	}
	if i != t && a.zone != k.adv[t].zone && !k.m.scene.acrossZones {
		return false
	}
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j].Suit() == Pentacles {
			return true
		}
	}
	return false
}

// hmmOK reports whether adventurer i can use Heavy Metal Machine now.
func (k *kernel) hmmOK(i int) bool {
	a := &k.adv[i]
	// The armor must be intact: "A Destroyed item gives no benefit" (5.6).
	return !a.hmmUsed && a.nh > 0 && a.metalArmor() && a.bodyNotches > 0 && k.talent(i, THeavyMetalMachine, false)
}

// offerInterrupts offers the party its interrupts against a threat: the
// Fool, Quick!, Heavy Metal Machine. A Dodge played this way answers the
// threat at once (one Dodge per attack).
func (k *kernel) offerInterrupts(th *Threat) {
	for i := 0; i < k.na; i++ {
		if !k.adv[i].able() {
			continue
		}
		offer := k.interruptOffer(i, th)
		if offer == 0 {
			continue
		}
		k.view.offer = offer
		k.act.Reset()
		k.m.party[i].policy.Interrupt(&k.view, i, th, &k.act)
		k.view.offer = 0
		act := &k.act
		if act.Kind == Skip || act.Card < 0 || int(act.Card) >= int(k.adv[i].nh) {
			continue
		}
		k.playInterrupt(i, th, act, offer)
		th.Hits = th.Value > th.Init || th.Value == th.Init && !k.adv[th.Target].hasShield()
		if th.Group >= 0 && !k.groupIn(th.Group) {
			return
		}
	}
}

// interruptOffer is what adventurer i may interrupt the threat with: the
// Fool, Quick! (not once it is Dodged), Heavy Metal Machine (its target
// only).
func (k *kernel) interruptOffer(i int, th *Threat) Offer {
	var offer Offer
	if k.canFool(i) {
		offer |= OfferFool
	}
	if !th.Dodged && k.quickOK(i, th.Target) {
		offer |= OfferQuick
	}
	if i == th.Target && k.hmmOK(i) {
		offer |= OfferHMM
	}
	return offer
}

// playInterrupt resolves adventurer i's interrupt act against the threat,
// within what it was offered: Heavy Metal Machine, a Dodge at once (by
// the Fool or Quick!, a Pentacle), the Fool's turn, or a Quick! action.
func (k *kernel) playInterrupt(i int, th *Threat, act *Action, offer Offer) {
	c := k.adv[i].hand[act.Card]
	switch {
	case act.Kind == HeavyMetal && offer&OfferHMM != 0:
		k.heavyMetal(i, int(act.Card), th)
	case act.Kind == Dodge && int(act.Ally) == th.Target && !th.Dodged && c != Fool && k.canDodgeFor(i, th.Target) &&
		(act.Fool && offer&OfferFool != 0 || !act.Fool && offer&OfferQuick != 0 && c.Suit() == Pentacles):
		k.dodgeNow(i, th, act, c)
	case act.Fool && offer&OfferFool != 0:
		k.foolTurn(i, act)
	case offer&OfferQuick != 0:
		k.doAdv(i, act, modeQuick)
	}
}

// heavyMetal is Heavy Metal Machine against the threat: adventurer i
// discards its card j and adds its Swords to the threat's Initiative.
func (k *kernel) heavyMetal(i, j int, th *Threat) {
	c := k.discardCard(i, j)
	k.adv[i].hmmUsed = true
	_ = k.talent(i, THeavyMetalMachine, true)
	s := k.m.party[i].attr[Swords]
	th.Init += s
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "discards %s: Heavy Metal Machine, +%d to its Initiative against this action (%d)", c, s, th.Init)
	}
}

// canDodgeFor reports whether adventurer i may Dodge for ally (itself or
// one within reach) as an interrupt: not while Rooted (6.5.2: "Not allowed
// while Rooted") nor Berserk (a raging orc cannot Dodge).
func (k *kernel) canDodgeFor(i, ally int) bool {
	return k.protects(i, ally, false) && k.adv[i].effects&(Root|Berserk) == 0
}

// dodgeNow resolves a Dodge played as an interrupt against the threat: the
// Fool's (the attribute added) or Quick!'s (face value).
func (k *kernel) dodgeNow(i int, th *Threat, act *Action, c Card) {
	if act.Fool {
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays the Fool with %s: an extra turn, as an interrupt", c)
		}
		k.playFool(i)
	}
	k.discardCard(i, int(k.handIndex(i, c)))
	v := c.Value()
	how := "Quick!, face value"
	if act.Fool {
		v += k.m.party[i].attr[Pentacles]
		how = "the Fool's turn, Pentacles added"
	} else {
		_ = k.talent(i, TQuick, true)
	}
	v += k.favorOf(i, false, false, act.Resolve)
	th.Init += v
	th.Dodged = true
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "Dodges for %s (%s): +%d, Initiative %d", k.aname(th.Target), how, v, th.Init)
	}
}

// minorWindow is step 4 after holder e's turn: everyone else may declare a
// minor action; they resolve in a fixed order (H-5): defensive facedown
// cards, then Recover, then the rest, adventurers in marching order before
// the GM; or at random.
func (k *kernel) minorWindow(e int) {
	var cards [MaxParty]Card
	var gcards [MaxGroups][3]Doom
	k.facts.openFacts()
	n := k.declarePartyMinors(e, &cards)
	n = k.declareGMMinors(e, n, &gcards)
	k.facts.open = false
	if n == 0 {
		return
	}
	k.orderWindow(n)
	for o := 0; o < n; o++ {
		x := int(k.order[o])
		if x < k.na {
			k.resolvePartyMinor(x, cards[x])
		} else {
			k.resolveGMMinor(x-k.na, gcards[x-k.na])
		}
		if k.changed && k.ru.H5 != H5Simultaneous {
			k.changed = false
			if k.end = k.ended(); k.end != going {
				k.changed = true
				return
			}
		}
	}
}

// declarePartyMinors asks every able adventurer but holder e for a minor
// action, keeps the card each declares and queues it in k.order; it
// returns how many it queued. A declaration whose card cannot pay is
// refused.
func (k *kernel) declarePartyMinors(e int, cards *[MaxParty]Card) int {
	k.gmReserved, k.declared = 0, 0
	n := 0
	for i := 0; i < k.na; i++ {
		d := &k.decl[i]
		d.Reset()
		a := &k.adv[i]
		if i == e || !a.able() || a.nh == 0 {
			continue
		}
		k.m.party[i].policy.Minor(&k.view, i, d)
		if d.Kind == Skip {
			continue
		}
		if r := k.minorCard(i, d); r != allowed {
			k.refuse(i, d, r)
			d.Kind = Skip
			continue
		}
		cards[i] = a.hand[d.Card]
		k.declared |= 1 << i
		k.order[n] = int8(i)
		n++
	}
	return n
}

// minorCard is why adventurer i's card cannot pay for the minor action d,
// or allowed.
func (k *kernel) minorCard(i int, d *Action) refusal {
	a := &k.adv[i]
	switch {
	case d.Kind >= numActions:
		return refNotAction
	case d.Card < 0 || int(d.Card) >= int(a.nh):
		return refNoCard
	case a.hand[d.Card] == Fool:
		return refFool
	case !k.minorSuitOK(i, d.Kind, a.hand[d.Card], d.Item):
		return refSuit
	}
	return allowed
}

// declareGMMinors asks every group in the fight with an Initiative (but
// holder e) for a minor action, n already queued; the cards a group
// declares are reserved from the next groups' choices while they declare.
// It returns how many are queued.
func (k *kernel) declareGMMinors(e, n int, gcards *[MaxGroups][3]Doom) int {
	for g := 0; g < k.ng; g++ {
		d := &k.gdecl[g]
		d.Reset()
		gs := &k.grp[g]
		if k.na+g == e || !k.groupIn(g) || gs.init == NoDoom || k.ngm == 0 {
			continue
		}
		if k.ru.H16 == H16OnePerRound && gs.minors > 0 {
			continue
		}
		k.m.groups[g].policy.Minor(&k.view, g, d)
		if d.Kind == GMSkip {
			continue
		}
		gcards[g] = [3]Doom{k.gmCardAt(d.Card), k.gmCardAt(d.Rider), k.gmCardAt(d.Favor)}
		for _, c := range gcards[g] {
			if c != NoDoom {
				k.gmReserved |= 1 << c
			}
		}
		k.order[n] = int8(k.na + g)
		n++
	}
	k.gmReserved = 0
	return n
}

// windowClass is the place of a declared minor action in the fixed order
// (H-5): defensive facedown cards, then Recover, then the rest.
func (k *kernel) windowClass(x int8) int {
	if int(x) < k.na {
		switch k.decl[x].Kind {
		case Dodge, Riposte, AidAnother:
			return 0
		case Recover:
			return 1
		}
		return 2
	}
	switch k.gdecl[int(x)-k.na].Kind {
	case GMDodge, GMRiposte:
		return 0
	case GMRecover:
		return 1
	}
	return 2
}

// orderWindow puts the n declared minor actions in their order of
// resolution: at random under H-5 "random", else by windowClass, stable.
func (k *kernel) orderWindow(n int) {
	if k.ru.H5 == H5Random {
		for i := n - 1; i > 0; i-- {
			j := k.r.IntN(i + 1)
			k.order[i], k.order[j] = k.order[j], k.order[i]
		}
		return
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && k.windowClass(k.order[j]) < k.windowClass(k.order[j-1]); j-- {
			k.order[j], k.order[j-1] = k.order[j-1], k.order[j]
		}
	}
}

// resolvePartyMinor resolves adventurer x's declared minor action, paid
// with card c if it still holds it.
func (k *kernel) resolvePartyMinor(x int, c Card) {
	if !k.adv[x].able() && k.ru.H5 != H5Simultaneous {
		return
	}
	d := &k.decl[x]
	d.Card = k.handIndex(x, c)
	if d.Card < 0 {
		return
	}
	k.doAdv(x, d, modeMinor)
}

// resolveGMMinor resolves group g's declared minor action, paid with the
// cards c (card, rider, favor) still in the GM's hand.
func (k *kernel) resolveGMMinor(g int, c [3]Doom) {
	d := &k.gdecl[g]
	d.Card, d.Rider, d.Favor = k.findGM(c[0]), k.findGM(c[1]), k.findGM(c[2])
	if d.Card < 0 && c[0] != NoDoom {
		return
	}
	if k.doGM(g, d, false) {
		k.grp[g].minors++
	}
	k.endOfGroupAction(g)
}

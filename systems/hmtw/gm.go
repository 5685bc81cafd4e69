package hmtw

// This file is the GM's side of a Challenge (section 6.9): the shared hand
// and its size, mulligans, Initiative for each group and hazard, and the
// free discards the GM makes by fixed rules.

// handSize is the GM's hand for this round (p.121): 3, +1 per enemy type,
// +1 if the enemies outnumber the adventurers, +1 if they are twice as
// many, +1 per enemy larger than a human, +2 with an elite, +3 with a
// dungeon lord, +2 while the vampire's bats fly.
func (k *kernel) handSize() int {
	var types uint32
	enemies, larger, elite, lord, extra := 0, 0, false, false, 0
	for g := 0; g < k.ng; g++ {
		if !k.groupIn(g) {
			continue
		}
		gs := &k.m.groups[g]
		types |= 1 << k.typeOf(g)
		n := 0
		if gs.lord {
			n = 1
		} else {
			for i := k.grp[g].lo; i < k.grp[g].hi; i++ {
				if !k.mem[i].out() {
					n++
				}
			}
		}
		enemies += n
		if gs.larger {
			larger += n
		}
		switch {
		case gs.elite:
			elite = true
		case gs.lord:
			lord = true
		default:
			extra += gs.extra // the bats' +2
		}
	}
	nt := 0
	for ; types != 0; types &= types - 1 {
		nt++
	}
	nt += len(k.m.scene.hazards)
	enemies += len(k.m.scene.hazards)
	advs := 0
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			advs++
		}
	}
	h := 3 + nt + larger + extra
	if enemies > advs {
		h++
	}
	if advs > 0 && enemies >= 2*advs || advs == 0 && enemies > 0 {
		h++
	}
	if elite {
		h += 2
	}
	if lord {
		h += 3
	}
	return min(h, maxGMHand)
}

// typeOf is the index of group g's enemy type (groups of one creature share
// one).
func (k *kernel) typeOf(g int) int {
	key := k.m.groups[g].typeKey
	for j := 0; j < g; j++ {
		if k.m.groups[j].typeKey == key {
			return j
		}
	}
	return g
}

// drawGM draws the GM's hand and mulligans under option H-4.
func (k *kernel) drawGM() {
	h := k.handSize()
	k.drawGMCards(h)
	slots := k.initSlots()
	lesser := k.lesserInHand()
	switch k.ru.H4 {
	case H4MulliganOnce, H4Unlimited:
		for n := 0; lesser < slots && n < maxMulligans; n++ {
			if n == 1 && k.ru.H4 == H4MulliganOnce {
				break
			}
			k.t.mulligans++
			if k.tr != nil {
				k.tr.Add(k.round, "GM", "mulligans a hand of %d lesser dooms for %d Initiatives (%s)", lesser, slots, k.gmHandString())
			}
			k.discardGMHand()
			k.drawGMCards(h)
			lesser = k.lesserInHand()
		}
	case H4RedrawMissing:
		for n := 0; lesser < slots && n < maxGMHand; n++ {
			j := k.highestGreater()
			if j < 0 {
				break
			}
			if n == 0 {
				k.t.mulligans++
			}
			k.major.discard(uint8(k.takeGM(j)))
			k.drawGMCards(1)
			lesser = k.lesserInHand()
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, "GM", "draws %d cards: %s", k.ngm, k.gmHandString())
	}
}

func (k *kernel) drawGMCards(n int) {
	for i := 0; i < n && int(k.ngm) < maxGMHand; i++ {
		c, ok := k.major.draw(k.r)
		if !ok {
			return
		}
		k.gm[k.ngm] = Doom(c)
		k.ngm++
	}
}

// initSlots is the number of Initiative cards the GM must play: one per
// group in the fight and per hazard.
func (k *kernel) initSlots() int {
	n := len(k.m.scene.hazards)
	for g := 0; g < k.ng; g++ {
		if k.groupIn(g) {
			n++
		}
	}
	return n
}

func (k *kernel) lesserInHand() int {
	n := 0
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i].Lesser() {
			n++
		}
	}
	return n
}

func (k *kernel) highestGreater() int {
	best := -1
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i].Greater() && (best < 0 || k.gm[i] > k.gm[best]) {
			best = i
		}
	}
	return best
}

// takeGM removes card j from the GM's hand (not discarding it); the hand's
// order is not kept.
func (k *kernel) takeGM(j int) Doom {
	d := k.gm[j]
	k.ngm--
	k.gm[j] = k.gm[k.ngm]
	return d
}

// spendGM discards the GM's cards at the given hand indices (-1 skipped),
// removing the highest index first so that the others stay valid.
func (k *kernel) spendGM(idx ...int8) {
	for {
		best := int8(-1)
		for _, j := range idx {
			if j >= 0 && j > best {
				best = j
			}
		}
		if best < 0 {
			return
		}
		k.major.discard(uint8(k.takeGM(int(best))))
		for i, j := range idx {
			if j == best {
				idx[i] = -1
				break
			}
		}
	}
}

func (k *kernel) discardGMHand() {
	for i := 0; i < int(k.ngm); i++ {
		k.major.discard(uint8(k.gm[i]))
	}
	k.ngm = 0
}

// lowestLesser is the index of the GM's lowest lesser doom, or -1.
func (k *kernel) lowestLesser() int {
	best := -1
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i].Lesser() && (best < 0 || k.gm[i] < k.gm[best]) {
			best = i
		}
	}
	return best
}

// lowestCard is the index of the GM's lowest card, or -1.
func (k *kernel) lowestCard() int {
	best := -1
	for i := 0; i < int(k.ngm); i++ {
		if best < 0 || k.gm[i] < k.gm[best] {
			best = i
		}
	}
	return best
}

// middleLesser is the middle of the GM's lesser dooms (the lower middle),
// or -1: the worked example's card for a trap.
func (k *kernel) middleLesser() int {
	var idx [maxGMHand]int
	n := 0
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i].Lesser() {
			idx[n] = i
			n++
		}
	}
	if n == 0 {
		return -1
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && k.gm[idx[j]] < k.gm[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx[(n-1)/2]
}

// greaterInit reports whether group g may play a greater doom as
// Initiative (Untouchable, Armored Scales, Rampage).
func (k *kernel) greaterInit(g int) bool {
	return k.liveIn(g, greaterInitDooms)
}

// gmInitiative is step 2 for the GM: a card per group (the policy's
// choice, checked) and per hazard (the middle lesser doom).
func (k *kernel) gmInitiative() {
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		gs.init = NoDoom
		if !k.groupIn(g) || gs.shared {
			continue
		}
		j := k.initCard(g)
		if j < 0 {
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(g), "has no Initiative card: no turn this round, defends at 0")
			}
			continue
		}
		gs.init = k.takeGM(j)
	}
	// Groups sharing a parent's card (the Yellow King's clones).
	for g := 0; g < k.ng; g++ {
		if gs := &k.grp[g]; gs.shared && k.groupIn(g) {
			gs.init = k.grp[k.m.groups[g].summoner].init
		}
	}
	k.hazardInitiative()
	if k.tr != nil {
		k.narrateInitiative()
	}
}

// initCard is the GM's Initiative card for group g, an index in its hand
// or -1 for none: the policy's choice (Wimps: always the lowest lesser
// doom), a lesser doom or a greater one the group may play; otherwise the
// lowest lesser doom, or under H-4 the lowest card.
func (k *kernel) initCard(g int) int {
	return k.gmInitCard(g, k.m.groups[g].policy.Initiative(&k.view, g))
}

// gmInitCard is the card the kernel plays as group g's Initiative when
// its policy chooses hand index j (gmInitiative's checks), or -1.
func (k *kernel) gmInitCard(g, j int) int {
	if k.live(g, AbWimps) {
		j = k.lowestLesser()
	}
	ok := j >= 0 && j < int(k.ngm) && (k.gm[j].Lesser() || k.gm[j].Greater() && k.greaterInit(g))
	if !ok && j >= 0 || j < 0 && k.lesserInHand() > 0 {
		j = k.lowestLesser()
	}
	if j < 0 && k.ru.H4 == H4GreaterInitiative && k.ngm > 0 {
		j = k.lowestCard()
	}
	return j
}

// hazardInitiative deals each hazard its Initiative: the middle lesser
// doom, else the lowest card.
func (k *kernel) hazardInitiative() {
	for h := range k.m.scene.hazards {
		k.hz[h], k.hzRev[h] = NoDoom, false
		if j := k.middleLesser(); j >= 0 {
			k.hz[h] = k.takeGM(j)
		} else if k.ngm > 0 {
			k.hz[h] = k.takeGM(k.lowestCard())
		}
	}
}

// narrateInitiative tells the GM's facedown Initiative cards.
func (k *kernel) narrateInitiative() {
	for g := 0; g < k.ng; g++ {
		if k.grp[g].init != NoDoom && !k.grp[g].shared {
			k.tr.Add(k.round, k.gname(g), "plays Initiative facedown (%s)", k.grp[g].init)
		}
	}
	for h, hz := range k.m.scene.hazards {
		if k.hz[h] != NoDoom {
			k.tr.Add(k.round, hz.name, "plays Initiative facedown (%s)", k.hz[h])
		}
	}
}

// groupInit is group g's Initiative value for defence (0 without a card).
func (k *kernel) groupInit(g int) int {
	return int(k.grp[g].init)
}

// live reports whether group g can use ability a: liveIn for one
// ability.
func (k *kernel) live(g int, a Ability) bool {
	gs := &k.m.groups[g]
	if !gs.lord {
		return gs.abil.has(a) && k.groupIn(g) && !k.offNarrative(a)
	}
	var s abilitySet
	s.add(a)
	return gs.abil.has(a) && k.liveIn(g, s)
}

// liveIn reports whether group g still has one of the abilities in s on a
// member in the fight (a dungeon lord loses a fallen pool's dooms; H-30
// "off" switches the narrative ones off).
func (k *kernel) liveIn(g int, s abilitySet) bool {
	s = k.usable(s)
	gr := &k.m.groups[g]
	if !gr.lord {
		return k.groupIn(g) && gr.abil.meets(s)
	}
	gs := &k.grp[g]
	for i := gs.lo; i < gs.hi; i++ {
		if !k.mem[i].out() && gr.members[i-gs.lo].abil.meets(s) {
			return true
		}
	}
	return false
}

// offNarrative reports an ability switched off by option H-30.
func (k *kernel) offNarrative(a Ability) bool {
	return k.ru.H30 == H30Off && narrativeSet.has(a)
}

// usable is s less the abilities option H-30 switches off.
func (k *kernel) usable(s abilitySet) abilitySet {
	if k.ru.H30 == H30Off {
		return s.without(narrativeSet)
	}
	return s
}

// spareGreater is the index of a greater doom the GM can spare for a free
// discard: its lowest, keeping one back when group g has a use for it on
// its turn (a rider, an Overwhelming Attack); -1 when none.
func (k *kernel) spareGreater(g int) int {
	n, lo := 0, -1
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i].Greater() {
			n++
			if lo < 0 || k.gm[i] < k.gm[lo] {
				lo = i
			}
		}
	}
	if n == 0 {
		return -1
	}
	if n == 1 && g >= 0 && !k.grp[g].acted && k.hasGreaterUse(g) {
		return -1
	}
	return lo
}

// hasGreaterUse reports whether group g can use a greater doom on its turn:
// as the Attack, its rider, or a play of its own (greaterPlays).
func (k *kernel) hasGreaterUse(g int) bool {
	return k.liveIn(g, overwhelmingDooms.union(riderDooms).union(greaterPlays))
}

package demoncity

import "math/bits"

// opposes reports whether t's action opposes i's action on t: t attacks i
// back, or defends against i's attack (every attack under DC-8 "all", only
// the named attacker under "named"), or runs from it.
func (k *kernel) opposes(t, i int) bool {
	if t < 0 {
		return false
	}
	ts := &k.st[t]
	if !ts.contested {
		return false
	}
	switch ts.act.Kind {
	case Attack:
		return ts.act.Target == i
	case Defend, Flee:
		ia := k.st[i].act
		if ia.Kind != Attack || ia.Target != t {
			return false
		}
		if ts.act.Kind == Flee || k.m.rules[DC8] == DodgeAll || ts.act.Target < 0 {
			return true
		}
		return ts.act.Target == i
	}
	return false
}

// refAttacker is the attacker a Defend or Flee by i is measured against:
// the named foe if it attacks i, otherwise the first announced attacker
// that i's action opposes; -1 for a guard nobody attacks.
func (k *kernel) refAttacker(i int) int {
	a := k.st[i].act
	if a.Kind == Defend && a.Target >= 0 && k.opposes(i, a.Target) {
		return a.Target
	}
	if k.atkMask[i] == 0 {
		return -1
	}
	for x := 0; x < k.nAnn; x++ {
		j := int(k.ann[x])
		if k.atkMask[i]&(1<<j) != 0 && k.st[j].contested && k.opposes(i, j) {
			return j
		}
	}
	return -1
}

// resist is the stat target t avoids i's attack with.
func (k *kernel) resist(t, i int) int {
	if k.m.f[i].kind == Melee {
		return k.m.f[t].resistMelee
	}
	return k.m.f[t].agility
}

// opposingStat is the stat t uses in the action that opposes i.
func (k *kernel) opposingStat(t, i int) int {
	switch k.st[t].act.Kind {
	case Attack:
		return k.m.f[t].atk
	case Flee:
		return k.m.f[t].agility
	}
	return k.resist(t, i)
}

// tally counts the throws of i's contested action (section 1.5) and names
// the opponent who receives piled-on disadvantages (-1 for none).
func (k *kernel) tally(i int) (t Tally, to int) {
	m := k.m
	s := &k.st[i]
	me := &m.f[i]
	to = -1
	switch s.act.Kind {
	case Attack:
		tg := s.act.Target
		opp := k.opposes(tg, i)
		tAct := k.st[tg].act.Kind
		if opp {
			if me.atk > k.opposingStat(tg, i) {
				t.Gains++ // Higher Stat
			}
		} else {
			if me.atk > k.resist(tg, i) {
				t.Gains++ // Higher Stat against the resisting stat
			}
			t.Gains++ // Distraction: the target is not set against the attacker
		}
		// Weapon: better suited than what the opponent attacks back or
		// parries with (DC-9 "always": than the target's readied weapon).
		if (m.rules[DC9] == WeaponAlways || (opp && (tAct == Attack || tAct == Defend))) && me.wscore > m.f[tg].wscore {
			t.Gains++
		}
		// Supernatural: against anything but a supernatural attack back.
		if me.supernatural && !(opp && tAct == Attack && m.f[tg].supernatural) {
			t.Gains++
		}
		if m.rules[DC23] == DisadvantageOnce {
			t.Situational += m.f[tg].disadv
		}
		t.Voluntary = s.act.CalledShot
		to = tg
	case Defend, Flee:
		t.Gains++ // Defense: only defending this round
		x := k.refAttacker(i)
		if x >= 0 {
			stat := me.agility
			if s.act.Kind == Defend {
				stat = k.resist(i, x)
			}
			if stat > m.f[x].atk {
				t.Gains++
			}
			if s.act.Kind == Defend && me.wscore > m.f[x].wscore {
				t.Gains++ // parrying with the better weapon
			}
			if m.rules[DC23] == DisadvantageOnce {
				t.Situational += m.f[x].disadv
			}
			to = x
		} else if s.act.Kind == Defend {
			to = s.act.Target
		}
	}
	t.Situational += me.advantages + s.bonusNow
	if s.repoNow && s.act.Kind != Flee && m.rules[DC20] == RepositionOn {
		t.Situational++ // flank or cover taken after last round's success
	}
	t.Lost = s.lossNow
	if s.injured {
		t.Lost++
	}
	if m.rules[DC23] == DisadvantageFree {
		t.Lost += me.disadv
	}
	return t, to
}

// buildClashes groups the contested actions into clashes: connected groups
// of actors who target or hinder each other (DC-22 "connected"), or one
// clash for everybody ("single"). Clashes are numbered in the order of
// their first announcer, and clashMem lists each clash's contested actors
// in announcement order.
func (k *kernel) buildClashes() {
	var adj [MaxCombatants]uint16
	var contested uint16
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		s := &k.st[i]
		if !s.contested {
			continue
		}
		contested |= 1 << i
		if t := s.act.Target; t >= 0 && (s.act.Kind == Attack || s.act.Kind == Defend) {
			adj[i] |= 1 << t
			adj[t] |= 1 << i
		}
	}
	k.nClash = 0
	pos := int8(0)
	var done uint16
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		if contested&(1<<i) == 0 || done&(1<<i) != 0 {
			continue
		}
		comp := uint16(1) << i
		if k.m.rules[DC22] == ClashSingle {
			comp = contested
		} else {
			for frontier := comp; frontier != 0; {
				next := uint16(0)
				for m := frontier; m != 0; m &= m - 1 {
					next |= adj[bits.TrailingZeros16(m)]
				}
				frontier = next &^ comp
				comp |= next
			}
			comp &= contested
		}
		done |= comp
		k.clashStart[k.nClash] = pos
		for y := x; y < k.nAnn; y++ {
			if j := k.ann[y]; comp&(1<<j) != 0 {
				k.clashMem[pos] = j
				pos++
			}
		}
		k.nClash++
	}
	k.clashStart[k.nClash] = pos
}

// members lists clash c's contested actors in announcement order.
func (k *kernel) members(c int) []int8 { return k.clashMem[k.clashStart[c]:k.clashStart[c+1]] }

// succeeds reports whether i's contested action beats what it must beat,
// regardless of which side wins the clash.
func (k *kernel) succeeds(i int) bool {
	s := &k.st[i]
	if s.res.Fumble || s.nCards == 0 {
		return false
	}
	v := s.res.V
	switch s.act.Kind {
	case Attack:
		tg := s.act.Target
		if k.st[tg].state == down {
			if k.m.rules[DC5] == DownedNormal {
				return v > k.resist(tg, i)
			}
			return v > 0 // nobody resists: any card of 1 or more
		}
		if k.opposes(tg, i) {
			return v > k.st[tg].res.V
		}
		if k.m.rules[DC7] == ResistCard && k.st[tg].contested {
			return v > k.st[tg].res.V
		}
		return v > k.resist(tg, i)
	case Defend, Flee:
		faced := false
		for mask := k.atkMask[i]; mask != 0; mask &= mask - 1 {
			j := bits.TrailingZeros16(mask)
			if k.st[j].contested && k.opposes(i, j) {
				faced = true
				if v <= k.st[j].res.V {
					return false
				}
			}
		}
		if !faced && s.act.Kind == Defend && s.act.Target >= 0 && k.st[s.act.Target].contested {
			return v > k.st[s.act.Target].res.V // a guard holds its foe
		}
		return true
	}
	return false
}

// resolveClash resolves clash c (steps 6-9).
func (k *kernel) resolveClash(c int) {
	m := k.m
	k.clashes++
	maxV := [2]int{-2, -2} // [party, foes]
	mem := k.members(c)
	for _, x := range mem {
		i := int(x)
		s := &k.st[i]
		side := sideIdx(m.f[i].party)
		maxV[side] = max(maxV[side], s.res.V)
	}
	// Fumbles are marked whoever wins.
	for _, x := range mem {
		s := &k.st[x]
		if s.res.Fumble {
			k.fumbles++
			if m.rules[DC15] == FumbleLosesRound {
				s.skipNext = true
			}
		}
	}
	if k.tr != nil {
		k.traceClash(c)
	}
	if maxV[0] == maxV[1] {
		k.ties++
		k.complicate(c)
		if k.tr != nil {
			k.tr.Add(k.round, "", "tie for first between the sides at %d: nothing happens in this clash", maxV[0])
		}
		return
	}
	w := 0
	if maxV[1] > maxV[0] {
		w = 1
	}
	if w == 0 {
		k.partyWins++
	}
	other := maxV[1-w]
	// Only the winning side's actions can take effect: whether each
	// succeeds, and which are critical.
	for _, x := range mem {
		i := int(x)
		s := &k.st[i]
		if sideIdx(m.f[i].party) != w {
			continue
		}
		s.ok = k.succeeds(i)
		if s.res.Fumble {
			continue
		}
		card := m.cards.value[s.res.Card]
		if (int(card) > 10 && s.res.V > other) || (s.res.Sig && s.ok) {
			s.crit = true
			k.crits++
			if s.res.Sig && s.ok {
				k.sigCrits++
			}
		}
	}
	k.landAttacks(mem, w)
	// Step 9: the winning side's other actions happen if they succeed.
	for _, x := range mem {
		i := int(x)
		s := &k.st[i]
		if sideIdx(m.f[i].party) != w || !s.ok || s.state != up {
			continue
		}
		switch s.act.Kind {
		case Defend:
			s.repoNext = true
			if k.tr != nil {
				k.tr.Add(k.round, m.names[i], "holds the defence")
			}
		case Flee:
			s.repoNext = true
			if k.tr != nil {
				k.tr.Add(k.round, m.names[i], "gets away a step")
			}
			k.escapeStep(i)
		}
	}
}

func sideIdx(party bool) int {
	if party {
		return 0
	}
	return 1
}

// landAttacks lands the winning side's attack (step 8): its highest-throwing
// attack if that succeeds (DC-6 "strict"), or its highest-throwing
// successful one; one per clash unless DC-19 "legacy". Equal cards inside
// the side: DC-12.
func (k *kernel) landAttacks(mem []int8, w int) {
	m := k.m
	var atk [MaxCombatants]int8
	n := 0
	for _, x := range mem {
		i := int(x)
		if sideIdx(m.f[i].party) == w && k.st[i].act.Kind == Attack {
			atk[n] = int8(i)
			n++
		}
	}
	if n == 0 {
		return
	}
	// Highest card first; equal cards in the side's order (DC-12).
	k.orderTies(atk[:n])
	strict := m.rules[DC6] == LandStrict
	if strict && !k.st[atk[0]].ok {
		k.wasted++
		if k.tr != nil {
			k.tr.Add(k.round, m.names[atk[0]], "the side's highest-throwing attack fails: stalemate")
		}
		return
	}
	landed := 0
	for _, a := range atk[:n] {
		i := int(a)
		if !k.st[i].ok || k.st[i].state != up {
			continue
		}
		k.land(i)
		landed++
		if m.rules[DC19] == LandOne {
			break
		}
	}
	if landed == 0 {
		k.wasted++
	}
}

// orderTies sorts attackers by card, highest first; equal cards go in the
// side's preferred order: an attack that succeeds before one that fails,
// then the one whose target has the least Toughness left (DC-12 "policy"),
// or at random ("random").
func (k *kernel) orderTies(a []int8) {
	if k.m.rules[DC12] == SideTieRandom {
		for i := len(a) - 1; i > 0; i-- {
			j := k.r.IntN(i + 1)
			a[i], a[j] = a[j], a[i]
		}
	}
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && k.before(int(a[j]), int(a[j-1])); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// before reports whether attacker x goes before y.
func (k *kernel) before(x, y int) bool {
	sx, sy := &k.st[x], &k.st[y]
	if sx.res.V != sy.res.V {
		return sx.res.V > sy.res.V
	}
	if k.m.rules[DC12] == SideTieRandom {
		return false // keep the shuffled order
	}
	if sx.ok != sy.ok {
		return sx.ok
	}
	return k.st[sx.act.Target].curT < k.st[sy.act.Target].curT
}

// complicate is the Host's complication after a tie between the sides
// (DC-11).
func (k *kernel) complicate(c int) {
	switch k.m.rules[DC11] {
	case TieExtraThrow:
		party := k.r.IntN(2) == 0
		for _, x := range k.members(c) {
			if k.m.f[x].party == party {
				k.st[x].bonusNext++
			}
		}
	case TieHazard:
		for _, x := range k.members(c) {
			i := int(x)
			if k.st[i].state == up {
				if !k.static(i, k.m.f[i].agility, hazardIntensity, 0, 0) {
					k.st[i].lossNext++
				}
			}
		}
	}
}

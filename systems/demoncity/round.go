package demoncity

import "math/bits"

// actionRound plays one Action Round (sections 1.4-1.6): recovery and Calm
// throws and announcements slowest first, uncontested actions, then the
// clashes.
func (k *kernel) actionRound() {
	m := k.m
	if m.deckMode == FreshRound {
		k.decks[0].Gather()
		k.decks[1].Gather()
	}
	for i := 0; i < m.n; i++ {
		s := &k.st[i]
		s.turn = newTurn
		s.repoNow, s.repoNext = s.repoNext, false
		s.bonusNow, s.bonusNext = s.bonusNext, 0
		s.lossNow, s.lossNext = s.lossNext, 0
	}
	k.nAnn = 0
	k.atkMask = [MaxCombatants]uint16{}

	k.announce()
	k.markContested()
	k.throwCards()

	// Steps 6-10: the clashes.
	k.buildClashes()
	for c := 0; c < k.nClash; c++ {
		k.resolveClash(c)
	}

	// Upkeep: rounds spent down; the round's start is over.
	for d := k.down; d != 0; d &= d - 1 {
		k.st[bits.TrailingZeros16(d)].roundsDown++
	}
	for i := 0; i < m.n; i++ {
		k.st[i].rallied = false
	}
}

// announce takes the announcements, slowest first (steps 2-5).
func (k *kernel) announce() {
	m := k.m
	for o := 0; o < m.n; o++ {
		i := int(k.order[o])
		s := &k.st[i]
		if (s.state != up || s.skipNext || s.panic) && !k.mayAnnounce(i) {
			continue
		}
		a := m.f[i].policy.Announce(&k.view, i)
		if a.Kind == Attack && !s.panic && k.canTarget(i, a.Target) {
			// validate's common case, without its call.
			a.CalledShot = a.CalledShot || m.f[i].calledShot
			s.lastTarget = int8(a.Target)
		} else {
			a = k.validate(i, a)
		}
		s.act, s.announced = a, true
		if a.Kind == Attack {
			k.atkMask[a.Target] |= bit(i)
		}
		k.ann[k.nAnn] = int8(i)
		k.nAnn++
		if k.tr != nil {
			k.traceAnnounce(i)
		}
		if m.rules.DC10 == DC10Immediate && a.Kind == Flee && !k.attacked(i) {
			k.fleeUnopposed(i)
			s.act = PassTurn() // resolved; a later attack finds it not opposing
		}
		if m.rules.DC10 == DC10Immediate && k.holdsDown(i) {
			k.holdDown(i)
			s.act = PassTurn() // resolved
		}
	}
}

// markContested decides, after all announcements (step 4, DC-10 default),
// which actions are contested; unopposed flights are static throws.
func (k *kernel) markContested() {
	m := k.m
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		s := &k.st[i]
		switch s.act.Kind {
		case Attack:
			if k.holdsDown(i) {
				k.holdDown(i) // no clash: nobody resists
				continue
			}
			s.contested = true
		case Defend:
			// A dodge or block counts when an attack is aimed at the
			// defender; under DC-25 "guard" also when its foe acts.
			t := s.act.Target
			s.contested = k.attacked(i) ||
				(m.rules.DC25 == DC25Guard && t >= 0 && k.st[t].announced && k.st[t].act.Kind != Pass)
			if !s.contested && k.tr != nil {
				k.tr.Add(k.round, m.names[i], "nobody attacks %s: the defence throws no cards (DC-25 target-only)", m.names[i])
			}
		case Flee:
			if k.attacked(i) {
				s.contested = true
			} else {
				k.fleeUnopposed(i)
			}
		}
	}
}

// throwCards counts each contested action's throws, then draws the cards,
// face down, in announcement order (step 3).
func (k *kernel) throwCards() {
	m := k.m
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		if !k.st[i].contested {
			continue
		}
		t, to := k.tally(i)
		n, low, opp := t.Count(m.capSit, m.capCards)
		k.st[i].n, k.st[i].keepLow = n, low
		if opp > 0 && to >= 0 && k.st[to].contested {
			k.st[to].bonus += opp
		}
	}
	k.decks[0].NewGroup()
	k.decks[1].NewGroup()
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		s := &k.st[i]
		if !s.contested {
			continue
		}
		if !s.keepLow && s.bonus > 0 {
			s.n = min(s.n+s.bonus, MaxThrow)
		}
		if m.capCards && s.n > legacyCardCap {
			s.n = legacyCardCap
		}
		if d := k.deck(i); k.plain(d, s.n, s.keepLow) {
			// kernel.throw's common case, without its call.
			s.nCards, s.res = s.n, highest(d.takeMax(s.cards[:s.n]))
		} else {
			s.nCards, s.res = k.throw(i, s.n, s.keepLow, s.cards[:])
		}
	}
}

// mayAnnounce is what comes before an announcement for a combatant who is
// not simply up (step 2): the dead and the escaped do nothing, a fumble
// from last round costs this one (DC-15), the downed throw to get up and
// the panicked throw Calm. It reports whether i announces.
func (k *kernel) mayAnnounce(i int) bool {
	m := k.m
	s := &k.st[i]
	if s.state == dead || s.state == fled {
		return false
	}
	if s.skipNext {
		s.skipNext = false
		if k.tr != nil {
			k.tr.Add(k.round, m.names[i], "loses this round to last round's fumble")
		}
		return false
	}
	if s.state == down && (s.rallied || !k.recover(i)) {
		return false // still down (a failed throw at the round's start counts: DC-24)
	}
	if s.panic && !k.calmRecover(i) && m.rules.DC16 == DC16NoAction {
		if k.tr != nil {
			k.tr.Add(k.round, m.names[i], "is panicking and does nothing")
		}
		return false
	}
	return true
}

// validate turns an announcement the rules do not allow into one they do
// (canon) and notes an attack's target as the attacker's last.
func (k *kernel) validate(i int, a Action) Action {
	a = k.canon(i, a)
	if a.Kind == Attack {
		k.st[i].lastTarget = int8(a.Target)
	}
	return a
}

// attacked reports whether anyone who has announced attacks i.
func (k *kernel) attacked(i int) bool { return k.atkMask[i] != 0 }

// fleeUnopposed resolves a flight nobody opposes: a static Agility throw
// against the scene's flee Intensity (0: it simply happens).
func (k *kernel) fleeUnopposed(i int) {
	ok := k.static(i, k.m.f[i].agility, k.m.fleeIntensity, k.m.f[i].advantages, k.staticLosses(i))
	if k.tr != nil {
		k.tr.Add(k.round, k.m.names[i], "runs, unopposed: %s", okWord(ok))
	}
	if ok {
		k.escapeStep(i)
	}
}

// escapeStep moves a fleer one step away; with a reposition from last round
// (DC-20) it is two.
func (k *kernel) escapeStep(i int) {
	s := &k.st[i]
	s.escape++
	if s.repoNow && k.m.rules.DC20 == DC20Reposition {
		s.escape++
		s.repoNow = false
	}
	if s.escape >= k.m.escape {
		k.setState(i, fled)
		if k.tr != nil {
			k.tr.Add(k.round, k.m.names[i], "escapes")
		}
	}
}

// staticLosses are the lost throws of a combatant's static throws in an
// Action Round.
func (k *kernel) staticLosses(i int) int {
	n := k.st[i].lossNow
	if k.st[i].injured {
		n++
	}
	// With nobody throwing against it, a disadvantage can only be a lost
	// throw, whatever DC-23 says.
	return n + k.m.f[i].disadv
}

func okWord(ok bool) string {
	if ok {
		return "success"
	}
	return "failure"
}

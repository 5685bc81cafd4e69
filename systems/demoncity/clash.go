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
		if ts.act.Kind == Flee || k.m.rules.DC8 == DC8All || ts.act.Target < 0 {
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
		if k.atkMask[i]&bit(j) != 0 && k.st[j].contested && k.opposes(i, j) {
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

// stance is how the target of an attack stands towards it this round.
type stance uint8

const (
	open     stance = iota // not set against the attacker (it gets the Distraction throw)
	hitsBack               // attacks the attacker
	dodges                 // defends against it
	runs                   // flees from it
	numStances
)

// stanceOf is how t stands towards i's attack on it (opposes, knowing that
// i attacks t).
func (k *kernel) stanceOf(t, i int) stance {
	if !k.st[t].contested {
		return open
	}
	return k.stanceBy(k.st[t].act, i)
}

// stanceBy is how an announcement act stands towards an attack by i.
func (k *kernel) stanceBy(act Action, i int) stance {
	switch act.Kind {
	case Attack:
		if act.Target == i {
			return hitsBack
		}
	case Defend:
		if act.Target == i || act.Target < 0 || k.m.rules.DC8 == DC8All {
			return dodges
		}
	case Flee:
		return runs
	}
	return open
}

// throwMods are extra throws that depend only on who acts against whom and
// how: worked out per compile.
type throwMods struct {
	gains, situational int8
}

// attackModsOf counts the extra throws of i's attack on t when t stands as
// s (section 1.5): Higher Stat against the opposing or resisting stat,
// Distraction when t is not set against i, Weapon when t attacks back or
// parries (DC-9 "always": whatever t does), Supernatural against anything
// but a supernatural attack back; i's situational advantages and t's
// disadvantages under DC-23 "once".
func (m *model) attackModsOf(i, t int, s stance) throwMods {
	me, tf := &m.f[i], &m.f[t]
	var g int8
	resist := tf.agility
	if me.kind == Melee {
		resist = tf.resistMelee
	}
	switch s {
	case open:
		if me.atk > resist {
			g++ // Higher Stat against the resisting stat
		}
		g++ // Distraction: the target is not set against the attacker
	case hitsBack:
		if me.atk > tf.atk {
			g++
		}
	case dodges:
		if me.atk > resist {
			g++
		}
	case runs:
		if me.atk > tf.agility {
			g++
		}
	}
	// Weapon: better suited than what the opponent attacks back or parries
	// with (DC-9 "always": than the target's readied weapon).
	if (m.rules.DC9 == DC9Always || s == hitsBack || s == dodges) && me.wscore > tf.wscore {
		g++
	}
	// Supernatural: against anything but a supernatural attack back.
	if me.supernatural && !(s == hitsBack && tf.supernatural) {
		g++
	}
	sit := me.advantages
	if m.rules.DC23 == DC23Once {
		sit += tf.disadv
	}
	return throwMods{gains: g, situational: int8(sit)}
}

// defenceModsOf counts the extra throws of i's defence (flee: running)
// against x's attack: Defense, Higher Stat (Agility to run, the resisting
// stat to dodge) against x's attack stat; i's situational advantages and
// x's disadvantages under DC-23 "once". x < 0 is a defence nobody attacks:
// Defense alone. No Weapon throw (errata E-DC7): the Weapon throw is for
// "attacking (or parrying) with a weapon", and a Defend is a dodge.
func (m *model) defenceModsOf(i, x int, flee bool) throwMods {
	me := &m.f[i]
	g := int8(1) // Defense: only defending this round
	sit := me.advantages
	if x >= 0 {
		stat := me.agility // to run, or to dodge a shot
		if !flee && m.f[x].kind == Melee {
			stat = me.resistMelee
		}
		if stat > m.f[x].atk {
			g++
		}
		if m.rules.DC23 == DC23Once {
			sit += m.f[x].disadv
		}
	}
	return throwMods{gains: g, situational: int8(sit)}
}

// tally counts the throws of i's contested action (section 1.5) and names
// the opponent who receives piled-on disadvantages (-1 for none).
func (k *kernel) tally(i int) (t Tally, to int) {
	m := k.m
	s := &k.st[i]
	var mods throwMods
	to = -1
	switch s.act.Kind {
	case Attack:
		tg := s.act.Target
		mods = m.attackMods[i][tg][k.stanceOf(tg, i)]
		t.Voluntary = s.act.CalledShot
		to = tg
	case Defend, Flee:
		flee := s.act.Kind == Flee
		x := k.refAttacker(i)
		mods = m.defenceMods[i][x+1][b2i(flee)]
		to = x
		if x < 0 && !flee {
			to = s.act.Target
		}
	}
	t.Gains = int(mods.gains)
	t.Situational = int(mods.situational) + s.bonusNow
	if s.repoNow && s.act.Kind != Flee && m.rules.DC20 == DC20Reposition {
		t.Situational++ // flank or cover taken after last round's success
	}
	t.Lost = s.lossNow + m.f[i].disadvLost
	if s.injured {
		t.Lost++
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
	// Under DC-25 target-only a defence is in the clash of whoever attacks
	// the defender (that attack's own edge) and no other: a dodge naming a
	// foe who goes for someone else adds nothing against that foe, and
	// does not interfere with its fight. Under guard it adds a card there.
	guard := k.m.rules.DC25 == DC25Guard
	for x := 0; x < k.nAnn; x++ {
		i := int(k.ann[x])
		s := &k.st[i]
		if !s.contested {
			continue
		}
		contested |= bit(i)
		if t := s.act.Target; t >= 0 && (s.act.Kind == Attack || (s.act.Kind == Defend && guard)) {
			adj[i] |= bit(t)
			adj[t] |= bit(i)
		}
	}
	// The clashes depend on nothing but the announcers in order, the
	// contested ones and who targets whom: when those are last round's, so
	// are the clashes (the common case: the same fight goes on).
	key := clashKey{ann: k.ann, nAnn: int8(k.nAnn), contested: contested, adj: adj}
	if key == k.lastClashes {
		return
	}
	k.lastClashes = key
	k.nClash = 0
	pos := int8(0)
	single := k.m.rules.DC22 == DC22Single
	for x := 0; contested != 0; x++ {
		i := int(k.ann[x])
		if contested&bit(i) == 0 {
			continue
		}
		comp := contested
		if !single {
			comp = bit(i)
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
		contested &^= comp
		k.clashStart[k.nClash] = pos
		for y := x; y < k.nAnn; y++ {
			if j := k.ann[y]; comp&bit(int(j)) != 0 {
				k.clashMem[pos] = j
				pos++
			}
		}
		k.nClash++
	}
	k.clashStart[k.nClash] = pos
}

// clashKey is what the clashes of a round are built from (buildClashes).
type clashKey struct {
	ann       [MaxCombatants]int8
	nAnn      int8
	contested uint16
	adj       [MaxCombatants]uint16
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
			if k.m.rules.DC5 == DC5Normal {
				return v > k.resist(tg, i)
			}
			return v > 0 // nobody resists: any card of 1 or more
		}
		if k.stanceOf(tg, i) != open {
			return v > k.st[tg].res.V
		}
		if k.m.rules.DC7 == DC7Card && k.st[tg].contested {
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
	// Each side's actors in clash order and highest card: [party, foes].
	var sides [2][MaxCombatants]int8
	var ns [2]int
	top := [2]int{-2, -2}
	for _, x := range k.members(c) {
		s := &k.st[x]
		side := m.side(int(x))
		sides[side][ns[side]] = x
		ns[side]++
		top[side] = max(top[side], s.res.V)
		// Fumbles are marked whoever wins.
		if s.res.Fumble {
			k.fumbles++
			if m.rules.DC15 == DC15FumbleLosesRound {
				s.skipNext = true
			}
		}
	}
	if k.tr != nil {
		k.traceClash(c)
	}
	if top[0] == top[1] {
		k.ties++
		k.complicate(c)
		if k.tr != nil {
			k.tr.Add(k.round, "", "tie for first between the sides at %d: nothing happens in this clash", top[0])
		}
		return
	}
	w := 0
	if top[1] > top[0] {
		w = 1
	}
	if w == 0 {
		k.partyWins++
	}
	other := top[1-w]
	// Only the winning side's actions can take effect: whether each
	// succeeds, and which are critical. Its attacks go to landAttacks, its
	// other successful actions to step 9; both in clash order.
	var atk, rest [MaxCombatants]int8
	nAtk, nRest := 0, 0
	for _, x := range sides[w][:ns[w]] {
		i := int(x)
		s := &k.st[i]
		s.ok = k.succeeds(i)
		if s.act.Kind == Attack {
			atk[nAtk] = x
			nAtk++
		} else if s.ok {
			rest[nRest] = x
			nRest++
		}
		if s.res.Fumble {
			continue
		}
		if (int(m.cards.value[s.res.Card]) > 10 && s.res.V > other) || (s.res.Sig && s.ok) {
			s.crit = true
			k.crits++
			if s.res.Sig && s.ok {
				k.sigCrits++
			}
		}
	}
	k.landAttacks(atk[:nAtk])
	// Step 9: the winning side's other actions happen if they succeed.
	for _, x := range rest[:nRest] {
		i := int(x)
		s := &k.st[i]
		if s.state != up {
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

// landAttacks lands the winning side's attack (step 8): its highest-throwing
// attack if that succeeds (DC-6 "strict"), or its highest-throwing
// successful one; one per clash unless DC-19 "legacy". Equal cards inside
// the side: DC-12. atk are the side's attackers in the clash, in clash
// order.
func (k *kernel) landAttacks(atk []int8) {
	m := k.m
	if len(atk) == 0 {
		return
	}
	// Highest card first; equal cards in the side's order (DC-12).
	k.orderTies(atk)
	strict := m.rules.DC6 == DC6Strict
	if strict && !k.st[atk[0]].ok {
		k.wasted++
		if k.tr != nil {
			k.tr.Add(k.round, m.names[atk[0]], "the side's highest-throwing attack fails: stalemate")
		}
		return
	}
	landed := 0
	for _, a := range atk {
		i := int(a)
		if !k.st[i].ok || k.st[i].state != up {
			continue
		}
		k.land(i)
		k.st[i].repoNext = true // a successful attack lets the attacker reposition (DC-20)
		landed++
		if m.rules.DC19 == DC19One {
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
	if k.m.rules.DC12 == DC12Random {
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
	if k.m.rules.DC12 == DC12Random {
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
	switch k.m.rules.DC11 {
	case DC11ExtraThrow:
		side := k.r.IntN(2) // 0: the party's
		for _, x := range k.members(c) {
			if k.m.side(int(x)) == side {
				k.st[x].bonusNext++
			}
		}
	case DC11Hazard:
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

// announcedStance is how t stands towards an attack by i as t's
// announcement so far says (open when t has not announced): stanceOf
// before the clashes are built, for policies.
func (k *kernel) announcedStance(t, i int) stance {
	if ts := &k.st[t]; !ts.announced || ts.state != up {
		return open
	}
	return k.stanceBy(k.st[t].act, i)
}

// attackCards is the number of cards i's attack on t would throw this
// round (section 1.5), t standing towards it as announced so far.
func (k *kernel) attackCards(i, t int) int {
	m := k.m
	s := &k.st[i]
	mods := m.attackMods[i][t][k.announcedStance(t, i)]
	tl := Tally{Gains: int(mods.gains), Situational: int(mods.situational) + s.bonusNow,
		Lost: s.lossNow + m.f[i].disadvLost, Voluntary: m.f[i].calledShot}
	if s.repoNow && m.rules.DC20 == DC20Reposition {
		tl.Situational++
	}
	if s.injured {
		tl.Lost++
	}
	n, _, _ := tl.Count(m.capSit, m.capCards)
	return n
}

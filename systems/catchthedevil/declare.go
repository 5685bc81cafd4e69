package catchthedevil

import "math/bits"

// This file holds the start of a round: each PC's declared action, as its
// policy or its reaction decides it and the options allow it, and whom each
// protects.

// canTarget reports whether NPC j may attack PC i this round.
func (k *kernel) canTarget(j, i int) bool {
	b := uint16(1) << i
	if k.suffering()&b == 0 || k.npc[j].spare&b != 0 {
		return false
	}
	return k.pref == 0 || k.pref&b != 0
}

// declare is step 1 of a round: every active NPC declares an attack
// (none under option C4 "strict").
func (k *kernel) declare() {
	k.missed, k.answered = 0, 0
	k.intent = noIntent
	k.att = [MaxPCs]uint16{}
	if k.ru.C4 == C4Strict {
		return
	}
	k.pref = 0
	if k.ru.C37 == C37PreferredTarget {
		for i := 0; i < k.np; i++ {
			if k.pc[i].react == CurlUp && k.pc[i].status == Active {
				k.pref |= 1 << i
			}
		}
	}
	// The PCs any NPC may attack this round (before beg & plead), for
	// View.Targets.
	k.targets = k.suffering()
	if k.pref&k.targets != 0 {
		k.targets &= k.pref
	}
	if k.npcUp&^k.uniform == 0 && !k.spared && k.pref == 0 && k.tr == nil {
		// The common case of the loop below: every NPC is a
		// UniformTargeter picking among the same targets, and each pick
		// stands.
		for up := k.npcUp; up != 0; up &= up - 1 {
			j := bits.TrailingZeros16(up)
			t := k.uniformTarget(j)
			if t < 0 {
				return // no NPC has a target
			}
			k.intent[j&(MaxNPCs-1)] = int8(t)
			k.att[t&(MaxPCs-1)] |= 1 << j
		}
		return
	}
	for up := k.npcUp; up != 0; up &= up - 1 {
		j := bits.TrailingZeros16(up)
		var t int
		if k.uniform&(1<<j) != 0 {
			// Every target UniformTarget chooses passes canTarget but for a
			// preferred target (C37) that is not among them.
			t = k.uniformTarget(j)
			if t < 0 || k.pref != 0 && k.pref&(1<<t) == 0 {
				continue
			}
		} else {
			t = k.m.npcs[j].policy.Target(&k.view, j)
			if t < 0 || t >= k.np || !k.canTarget(j, t) {
				continue
			}
		}
		k.intent[j&(MaxNPCs-1)] = int8(t) // none was declared yet
		k.att[t&(MaxPCs-1)] |= 1 << j
		if k.tr != nil {
			k.tr.Add(k.round, k.nname(j), "goes for %s", k.pname(t))
		}
	}
	if k.spared {
		for j := 0; j < k.nn; j++ {
			k.npc[j].spare = 0 // beg & plead spares a PC once
		}
		k.spared = false
	}
	k.pref = 0
}

// identityOrder is the PCs in scenario order.
var identityOrder = [MaxPCs]int8{0, 1, 2, 3, 4, 5, 6, 7}

// nthPC[set][n] is the n-th lowest PC in a set of PCs (bits), nPCs[set]
// their number.
var nthPC, nPCs = func() (t [1 << MaxPCs][MaxPCs]int8, c [1 << MaxPCs]uint8) {
	for set := range t {
		for i := 0; i < MaxPCs; i++ {
			if set&(1<<i) != 0 {
				t[set][c[set]] = int8(i)
				c[set]++
			}
		}
	}
	return
}()

// choose is step 2: the PCs, in a random order, choose their actions.
func (k *kernel) choose() {
	k.prev = k.act
	k.tending = 0
	k.order = identityOrder
	for i := k.np - 1; i > 0; i-- {
		j := k.intN(i + 1)
		k.order[i], k.order[j] = k.order[j], k.order[i]
	}
	for n := 0; n < k.np; n++ {
		i := int(k.order[n])
		a := k.decide(i)
		k.act[i] = a
		switch a.Kind {
		case Protect:
			k.protecting = true
		case Tend:
			k.tending |= 1 << a.Target
		}
	}
}

// decide is PC i's action: a reaction, a lost action or a forced flight
// first, then its policy's choice, checked (and option C5).
func (k *kernel) decide(i int) Action {
	p := &k.pc[i]
	idle := Action{Kind: Idle, Target: -1}
	if p.status != Active {
		return idle
	}
	if r := p.react; r != NoReaction {
		if !p.reactAll {
			p.react = NoReaction
		}
		return k.react(i, r)
	}
	if p.lost > 0 {
		p.lost--
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "loses the action")
		}
		return idle
	}
	if p.mustFlee {
		return Action{Kind: Flee, Target: -1}
	}
	a := k.allowed(i, k.policy[i&(MaxPCs-1)].Act(&k.view, i))
	if k.ru.C5 == C5AlwaysAttack && a.Kind != Attack {
		if t := k.retarget(i); t >= 0 {
			a = Action{Kind: Attack, Target: t}
		}
	}
	return a
}

// react is what PC i does in the grip of reaction r instead of its
// choice: a lash-out strikes a random character, anything else costs the
// action.
func (k *kernel) react(i int, r Reaction) Action {
	idle := Action{Kind: Idle, Target: -1}
	if r != LashOut {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "is in no state to act: %s", r)
		}
		return idle
	}
	c := k.randomCharacter(i, k.ru.C35 == C35RandomCharacter)
	if k.tr != nil {
		switch {
		case c < 0:
			k.tr.Add(k.round, k.pname(i), "lashes out at nobody")
		case c < MaxPCs:
			k.tr.Add(k.round, k.pname(i), "lashes out at %s", k.pname(c))
		default:
			k.tr.Add(k.round, k.pname(i), "lashes out at %s", k.nname(c-MaxPCs))
		}
	}
	switch {
	case c < 0:
		return idle
	case c < MaxPCs:
		return Action{Kind: hurtAllyAction, Target: c}
	}
	return Action{Kind: Attack, Target: c - MaxPCs}
}

// allowed is PC i's chosen action a made one the rules allow: an Attack
// on an NPC not there goes to another (or nothing), a Protect or Tend of
// nobody who needs it becomes an Attack, Study It where C29 disables it
// an Evade, anything unknown Idle.
func (k *kernel) allowed(i int, a Action) Action {
	idle := Action{Kind: Idle, Target: -1}
	switch a.Kind {
	case Attack:
		if a.Target < 0 || a.Target >= k.nn || !k.attackable(a.Target) {
			a.Target = k.retarget(i)
		}
	case Protect:
		if a.Target < 0 || a.Target >= k.np || a.Target == i || k.pc[a.Target].status != Active {
			a = Action{Kind: Attack, Target: k.retarget(i)}
		}
	case Tend:
		if k.ru.C14 != C14Untended || a.Target < 0 || a.Target >= k.np || k.pc[a.Target].status != Dying || k.pc[a.Target].tended {
			a = Action{Kind: Attack, Target: k.retarget(i)}
		}
	case StudyIt:
		if k.ru.C29 == C29Disabled {
			a = Action{Kind: Evade, Target: -1}
		}
	case Idle, Evade, Flee:
	default:
		a = idle
	}
	if a.Kind == Attack && a.Target < 0 {
		a = idle
	}
	return a
}

// retarget is the NPC PC i attacks when its choice is not there: among
// those its weapon can hurt if any (armor can take all of it), one
// attacking it, else any it can attack, closest to going down first; -1
// when there is none.
func (k *kernel) retarget(i int) int {
	c := k.attackableNPCs()
	if h := c & k.hurts[i&(MaxPCs-1)]; h != 0 {
		c = h
	}
	if a := c & k.att[i]; a != 0 {
		c = a
	}
	if c&(c-1) == 0 {
		if c == 0 {
			return -1
		}
		return bits.TrailingZeros16(c)
	}
	best, bestLeft, ties := -1, 0, 0
	for ; c != 0; c &= c - 1 {
		j := bits.TrailingZeros16(c)
		n := &k.npc[j&(MaxNPCs-1)]
		left := int(n.thr - n.conds)
		if left <= 0 {
			left += int(n.thr)
		}
		switch {
		case best < 0 || left < bestLeft:
			best, bestLeft, ties = j, left, 1
		case left == bestLeft:
			// Ties at random, never by the order the scenario lists the
			// NPCs.
			if ties++; k.intN(ties) == 0 {
				best = j
			}
		}
	}
	return best
}

// protects rolls every Protect of the round before anything resolves.
func (k *kernel) protects() {
	if !k.protecting {
		return
	}
	k.protecting = false
	for n := 0; n < k.np; n++ {
		i := int(k.order[n])
		a := k.act[i]
		if a.Kind != Protect || k.pc[i].status != Active || k.pc[a.Target].status != Active {
			continue
		}
		b := k.takeARisk(i, Quick, forOther, 0, about{kind: rkProtect, who: int8(a.Target)})
		k.guard[i] = guardState{band: b}
		k.guards[a.Target] |= 1 << i
		k.shields = true
	}
}

package catchthedevil

import "math/bits"

// hurtAllyAction is a PC lashing out at another PC (Target); the kernel
// makes it, a policy never chooses it.
const hurtAllyAction ActionKind = 7

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

// resolve is step 3 for PC i: its action and the attacks aimed at it.
func (k *kernel) resolve(i int) {
	p := &k.pc[i]
	if p.status != Active {
		if p.status == BlackedOut && k.ru.C13 == C13Targetable {
			k.landAll(i, -1)
			k.flush()
		}
		return
	}
	a := k.act[i]
	switch a.Kind {
	case Attack:
		k.attack(i, a.Target)
	case Evade:
		k.evade(i)
	case Flee:
		k.flee(i)
	case StudyIt:
		k.studyIt(i)
	case Protect:
		if k.attackersOn(a.Target) > 0 {
			// Its shield is between the ally and an attack: a miss has its
			// consequence when that attack lands.
			k.answered |= 1 << i
		}
		k.landAll(i, -1)
	case Tend:
		k.tend(i, a.Target)
	case hurtAllyAction:
		if k.pc[a.Target].status == Active {
			k.hurtAlly(i, a.Target)
		}
		k.landAll(i, -1)
	default:
		k.landAll(i, -1)
		if k.ru.C4 == C4Strict {
			k.gmAttack(i)
		}
	}
	if b := uint16(1) << i; k.missed&b != 0 && k.answered&b == 0 && k.ru.C38 != C38None {
		k.unansweredMiss(i)
	}
	k.flush()
}

// studyIt is PC i's Study It: the attacks on it land first, then it
// studies, and a complication of the study is an NPC's attack.
func (k *kernel) studyIt(i int) {
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "studies the fight")
	}
	k.landAll(i, -1)
	k.flush()
	if k.pc[i].status == Active && k.study(i) {
		if j := k.randomActiveNPC(); j >= 0 {
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "a complication: %s attacks", k.nname(j))
			}
			k.land(i, j)
		}
	}
}

// tend is PC i tending dying PC q: the attacks on i land first; then,
// still on its feet, it takes a Sharp risk, and q will not die of it
// unless the risk misses.
func (k *kernel) tend(i, q int) {
	k.landAll(i, -1)
	k.flush()
	if k.pc[i].status == Active && k.pc[q].status == Dying {
		if !k.takeARisk(i, Sharp, forOther, 0, about{kind: rkTend, who: int8(q)}).Miss() {
			k.pc[q].tended = true
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(q), "is tended and will not die of it")
			}
		}
	}
}

// unansweredMiss is the GM's move when PC i missed a roll and no NPC
// attack came its way (errata E-C6, option C38): "A 6- is a miss.
// Something bad is going to happen." By default an active NPC's attack
// lands; the scene has no map, so the "nearest" NPC is a random one, as in
// option C4 strict's GM move.
func (k *kernel) unansweredMiss(i int) {
	if k.pc[i].status != Active {
		return
	}
	if k.ru.C38 == C38Soft {
		k.pc[i].forward--
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "the miss costs a -1 forward")
		}
		return
	}
	if j := k.randomActiveNPC(); j >= 0 {
		if k.tr != nil {
			k.tr.Add(k.round, k.nname(j), "makes the miss cost: attacks %s", k.pname(i))
		}
		k.land(i, j)
	}
}

// attackStat is the stat PC i attacks with (option C3).
func (k *kernel) attackStat(i int) Stat {
	s := &k.m.pcs[i]
	switch k.ru.C3 {
	case C3Quick:
		return Quick
	case C3Best:
		if k.statValue(i, Quick, TakeARisk) > k.statValue(i, Tough, TakeARisk) {
			return Quick
		}
		return Tough
	}
	if s.ranged {
		return Quick
	}
	return Tough
}

// exploits says whether PC i takes +1 for NPC j's conditions (option C18).
func (k *kernel) exploits(i, j int) int {
	if k.npc[j].conds == 0 {
		return 0
	}
	switch k.ru.C18 {
	case C18AfterStudy:
		if !k.pc[i].studied {
			return 0
		}
	case C18Half:
		if k.intN(2) == 0 {
			return 0
		}
	}
	return 1
}

// attack resolves PC i's attack on NPC j (section 1.8, options C3, C4,
// C31).
func (k *kernel) attack(i, j int) {
	if !k.attackable(j) {
		j = k.retarget(i)
	}
	if j < 0 {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "finds nobody to attack")
		}
		k.landAll(i, -1)
		return
	}
	b := k.takeARisk(i, k.attackStat(i), forAttack, k.exploits(i, j), about{kind: rkAttack, who: int8(j)})
	dmg := k.m.pcs[i].damage
	switch k.ru.C4 {
	case C4Wargame:
		k.landAll(i, -1)
		if !b.Miss() {
			k.deal(i, j, dmg)
		}
	case C4Strict:
		switch {
		case b == Full:
			k.deal(i, j, dmg)
		case b == Partial:
			k.exchange(i, j, dmg)
		default:
			k.land(i, j)
		}
	default:
		engaged := int(k.intent[j]) == i
		if engaged {
			k.landAll(i, j)
			switch {
			case b == Full:
				if k.tr != nil {
					k.tr.Add(k.round, k.pname(i), "gets in first")
				}
				k.deal(i, j, dmg)
			case b == Partial:
				k.exchange(i, j, dmg)
			default:
				k.land(i, j)
			}
			return
		}
		k.landAll(i, -1)
		switch {
		case b == Full:
			k.deal(i, j, dmg)
		case b == Partial:
			k.deal(i, j, dmg)
			k.gmMove(i, j)
		default:
			k.gmMove(i, j)
		}
	}
}

// exchange is a 7-9 against an NPC fighting back: trade blows or pull back
// (the PC's policy), or option C3 "reduced-damage".
func (k *kernel) exchange(i, j, dmg int) {
	if k.ru.C3 == C3ReducedDamage {
		k.deal(i, j, max(1, dmg-1))
		return
	}
	if k.policy[i&(MaxPCs-1)].PullBack(&k.view, i, j) {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "pulls back: neither lands")
		}
		return
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "trades blows with %s", k.nname(j))
	}
	k.deal(i, j, dmg)
	k.land(i, j)
}

// gmMove is the GM's move after a PC attacks an NPC that was not attacking
// it and rolls 7-9 or 6- (option C31).
func (k *kernel) gmMove(i, j int) {
	if k.ru.C31 == C31Forward {
		k.answered |= 1 << i
		k.pc[i].forward--
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "is left exposed: -1 forward")
		}
		return
	}
	if k.npc[j].status == Active {
		if k.tr != nil {
			k.tr.Add(k.round, k.nname(j), "gets a free attack on %s", k.pname(i))
		}
		k.land(i, j)
	}
}

// gmAttack is a GM move against PC i under option C4 "strict": a random
// active NPC attacks.
func (k *kernel) gmAttack(i int) {
	if j := k.randomActiveNPC(); j >= 0 {
		if k.tr != nil {
			k.tr.Add(k.round, k.nname(j), "attacks %s", k.pname(i))
		}
		k.land(i, j)
	}
}

// evade resolves PC i's evasion (option C30).
func (k *kernel) evade(i int) {
	b := k.takeARisk(i, Quick, forEscape, 0, about{kind: rkEvade})
	switch k.ru.C4 {
	case C4Wargame:
		k.landAll(i, -1)
	case C4Strict:
		switch {
		case b == Partial && k.ru.C30 == C30OneLands:
			k.gmAttack(i)
		case b == Partial:
			k.pc[i].forward--
		case b.Miss():
			k.gmAttack(i)
		}
	default:
		switch {
		case b == Full:
			if k.tr != nil && k.attackersOn(i) > 0 {
				k.tr.Add(k.round, k.pname(i), "nothing lands")
			}
		case b == Partial && k.ru.C30 == C30OneLands:
			k.land(i, k.worstAttacker(i))
		case b == Partial:
			k.pc[i].forward--
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "nothing lands, but -1 forward")
			}
		default:
			k.landAll(i, -1)
		}
	}
}

// flee resolves PC i's attempt to get out.
func (k *kernel) flee(i int) {
	b := k.takeARisk(i, Quick, forEscape, 0, about{kind: rkFlee})
	switch k.ru.C4 {
	case C4Wargame:
		k.landAll(i, -1)
		k.flush()
		if !b.Miss() && k.pc[i].status == Active {
			k.flees(i, "gets out")
		}
	case C4Strict:
		switch {
		case b == Full:
			k.flees(i, "gets out")
		case b == Partial:
			k.gmAttack(i)
			k.flush()
			if k.pc[i].status == Active {
				k.flees(i, "gets out, hurt")
			}
		default:
			k.gmAttack(i)
		}
	default:
		switch {
		case b == Full:
			k.flees(i, "gets out")
		case b == Partial:
			k.land(i, k.worstAttacker(i))
			k.flush()
			if k.pc[i].status == Active {
				k.flees(i, "gets out")
			}
		default:
			k.landAll(i, -1)
		}
	}
}

// landing reports whether NPC j's declared attack still lands (option
// C32).
func (k *kernel) landing(j int) bool {
	return k.npc[j].status == Active || k.ru.C32 == C32Simultaneous
}

// attackersOn counts the declared attacks on PC i that still land.
func (k *kernel) attackersOn(i int) int {
	return bits.OnesCount16(k.att[i] & k.landingNPCs())
}

// worstAttacker is the NPC attacking PC i with the highest damage (ties at
// random), or -1.
func (k *kernel) worstAttacker(i int) int {
	best, ties := -1, 0
	for a := k.att[i] & k.landingNPCs(); a != 0; a &= a - 1 {
		j := bits.TrailingZeros16(a)
		switch {
		case best < 0 || k.m.npcs[j].damage > k.m.npcs[best].damage:
			best, ties = j, 1
		case k.m.npcs[j].damage == k.m.npcs[best].damage:
			if ties++; k.intN(ties) == 0 {
				best = j
			}
		}
	}
	return best
}

// nthBit is the index of the n-th lowest set bit of m (n from 0).
func nthBit(m uint16, n int) int {
	for ; n > 0; n-- {
		m &= m - 1
	}
	return bits.TrailingZeros16(m)
}

// randomActiveNPC is a random NPC still in the fight, or -1.
func (k *kernel) randomActiveNPC() int {
	n := k.activeNPCs()
	if n == 0 {
		return -1
	}
	return nthBit(k.npcUp, k.intN(n))
}

// landAll lands every declared attack on PC i except NPC except's.
func (k *kernel) landAll(i, except int) {
	if k.att[i&(MaxPCs-1)] != 0 {
		k.landAttacks(i, except)
	}
}

// landAttacks is landAll when some NPC declared an attack on PC i.
func (k *kernel) landAttacks(i, except int) {
	a := k.att[i]
	if except >= 0 {
		a &^= 1 << except
	}
	for ; a != 0; a &= a - 1 {
		if j := bits.TrailingZeros16(a); k.landing(j) {
			k.land(i, j)
		}
	}
}

// land queues NPC j's attack on PC i for a Suffer Harm roll, through
// every Protect on i.
func (k *kernel) land(i, j int) {
	if j < 0 {
		return
	}
	k.answered |= 1 << i
	if k.nh > maxHits-MaxPCs-1 {
		k.flushHits() // room for the ally and every protector: never needed in practice
	}
	if !k.shields {
		k.queue(i, j)
		return
	}
	if g := k.guards[i] & k.pcUp; g != 0 {
		// Every protector's roll applies on its own (errata E-C5): a 10+
		// keeps the attack off the ally, a 7-9 protector takes it in the
		// ally's place, a 6- protector gets in the way and is hit too
		// (once a round). The ally is hit only when no protector rolled
		// 7+; with a 10+ beside a 7-9, the 7-9 protector still pays its
		// cost, as its roll says.
		covered := false
		for ; g != 0; g &= g - 1 {
			by := bits.TrailingZeros16(g)
			gd := &k.guard[by&(MaxPCs-1)]
			switch {
			case gd.band == Full:
				covered = true
				if k.tr != nil {
					k.tr.Add(k.round, k.pname(by), "keeps %s off %s", k.nname(j), k.pname(i))
				}
			case gd.band == Partial:
				covered = true
				if k.tr != nil {
					k.tr.Add(k.round, k.pname(by), "takes %s's attack meant for %s", k.nname(j), k.pname(i))
				}
				k.queue(by, j)
			case !gd.extra:
				gd.extra = true
				if k.tr != nil {
					k.tr.Add(k.round, k.pname(by), "gets in the way and is hit too")
				}
				k.queue(by, j)
			}
		}
		if covered {
			return
		}
	}
	k.queue(i, j)
}

// queue adds NPC j's hit on PC i to the queue (land makes room).
func (k *kernel) queue(i, j int) {
	k.hits[k.nh&(maxHits-1)] = hit{int8(i), int8(j)}
	k.nh++
}

// npcDamageTo is NPC j's damage against PC i's armor.
func (k *kernel) npcDamageTo(j, i int) int { return int(k.npcDmg[j][i]) }

// pcDamageTo is PC i's weapon damage against PC q's armor.
func (k *kernel) pcDamageTo(i, q int) int {
	d := k.m.pcs[i].damage
	if k.m.pcs[q].armor {
		d--
	}
	return max(0, d)
}

// flush rolls Suffer Harm for the queued attacks: one roll each, or one
// per PC at the highest damage +1 per extra attacker (option C7).
func (k *kernel) flush() {
	if k.nh != 0 {
		k.flushHits()
	}
}

// flushHits is flush when some attack is queued.
func (k *kernel) flushHits() {
	n := k.nh
	k.nh = 0
	if k.ru.C7 == C7Separate {
		// Attacks that land together are rolled in a random order, never
		// by the order the scenario lists the NPCs: the order matters (a
		// 7-9's penalty and a wound weigh on the next roll).
		for a := n - 1; a > 0; a-- {
			b := k.intN(a + 1)
			k.hits[a&(maxHits-1)], k.hits[b&(maxHits-1)] = k.hits[b&(maxHits-1)], k.hits[a&(maxHits-1)]
		}
		for a := 0; a < n; a++ {
			h := k.hits[a]
			if k.tr != nil && k.canSuffer(int(h.pc)) {
				k.tr.Add(k.round, k.nname(int(h.npc)), "hits %s", k.pname(int(h.pc)))
			}
			k.sufferHarm(int(h.pc), k.npcDamageTo(int(h.npc), int(h.pc)), int(h.npc))
		}
		return
	}
	for a := 0; a < n; a++ {
		i := int(k.hits[a].pc)
		if i < 0 {
			continue
		}
		src := int(k.hits[a].npc)
		dmg, count := k.npcDamageTo(src, i), 1
		for b := a + 1; b < n; b++ {
			if int(k.hits[b].pc) != i {
				continue
			}
			count++
			if d := k.npcDamageTo(int(k.hits[b].npc), i); d > dmg {
				dmg, src = d, int(k.hits[b].npc)
			}
			k.hits[b].pc = -1
		}
		if k.tr != nil {
			if count > 1 {
				k.tr.Add(k.round, k.pname(i), "%d attacks land at once: one roll at damage %d", count, dmg+count-1)
			} else {
				k.tr.Add(k.round, k.nname(src), "hits %s", k.pname(i))
			}
		}
		k.sufferHarm(i, dmg+count-1, src)
	}
}

// canSuffer reports whether PC i can still be hurt: in the fight, or
// blacked out under option C13 "targetable".
func (k *kernel) canSuffer(i int) bool { return k.suffering()&(1<<i) != 0 }

// deal: NPC j takes dmg from PC i (section 1.7, options C16, C17).
func (k *kernel) deal(i, j, dmg int) {
	s := &k.m.npcs[j]
	n := &k.npc[j]
	dice := dmg
	if s.armor {
		dice--
	}
	if dice <= 0 {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "hits %s, but its armor takes it all", k.nname(j))
		}
		return
	}
	over := s.threshold
	if k.ru.C16 == C16Meets {
		over--
	}
	c, x := k.damageDice(min(dice, MaxDice), over)
	n.conds += int8(c)
	k.conds += c
	before := n.status
	if int(n.conds) >= 2*s.threshold {
		k.setNPC(j, Dead)
	} else if int(n.conds) >= s.threshold {
		k.setNPC(j, Incapacitated)
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "hits %s: %d damage dice %v over %d: %d condition(s), %d of %d",
			k.nname(j), dice, diceOf(min(dice, MaxDice), x), over, c, n.conds, s.threshold)
		if n.status != before {
			k.tr.Add(k.round, k.nname(j), "is %s", n.status)
		}
	}
}

package catchthedevil

// hurtAllyAction is a PC lashing out at another PC (Target); the kernel
// makes it, a policy never chooses it.
const hurtAllyAction ActionKind = 7

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

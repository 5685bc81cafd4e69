package catchthedevil

import "math/bits"

// This file holds how the NPCs' attacks land on a PC, in the order the
// round gives them, and how the damage is dealt.

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

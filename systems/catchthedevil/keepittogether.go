package catchthedevil

import (
	"math/bits"
)

// This file holds Keep It Together, its wounded version and the
// reactions and harm it can turn on the PC's allies and foes.

// kitDrop is Keep It Together's -1 until calm (option C10).
func (k *kernel) kitDrop(i int) {
	p := &k.pc[i]
	if k.ru.C10 == C10Max1 {
		if p.kitPen > -1 {
			p.kitPen = -1
		}
		return
	}
	p.kitPen--
}

// keepItTogether has PC i roll Keep It Together, triggered by NPC trig (or
// -1: an ally falling).
func (k *kernel) keepItTogether(i, trig int) {
	p := &k.pc[i]
	if p.status != Active {
		return
	}
	p.kitRolls++
	wounded := p.isWounded(KeepItTogether)
	v := p.version[KeepItTogether]
	m := k.start()
	a := about{kind: rkKIT}
	if wounded {
		a.version = v
	}
	if !(wounded && v == 4) {
		m.add("Steady", k.statValue(i, Steady, KeepItTogether), true)
	}
	m.add("until calm", int(p.kitPen), false)
	if p.kitNext != 0 {
		m.add("next time", int(p.kitNext), false)
		p.kitNext = 0
	}
	k.common(i, KeepItTogether, m)
	b := k.roll(i, a, m, false)
	if !wounded {
		switch {
		case b == Partial:
			k.setReaction(i, k.policy[i&(MaxPCs-1)].React(&k.view, i), trig)
		case b.Miss():
			r := CurlUp
			if k.ru.C34 == C34Random {
				r = Reaction(1 + k.intN(4))
			}
			k.setReaction(i, r, trig)
			k.setWounded(i, KeepItTogether)
		}
		k.kitDrop(i)
		return
	}
	if k.ru.C28 == C28Yes {
		k.kitDrop(i)
	}
	k.keepItTogetherWounded(i, b, trig)
}

// keepItTogetherWounded applies band b of PC i's Keep It Together once the
// move is wounded: the version its player wrote (1 to 6) says what each
// band costs, and a miss blacks out.
func (k *kernel) keepItTogetherWounded(i int, b Band, trig int) {
	p := &k.pc[i]
	v := p.version[KeepItTogether]
	if b.Miss() {
		k.blackOut(i)
		return
	}
	full := b == Full
	switch v {
	case 1:
		// Marked "hurt the person closest"; on a 10+ the player picks
		// "hurt whatever triggered this".
		if full {
			k.hurtNPC(i, trig, "hurts what triggered it")
		} else {
			k.hurtClosest(i, trig)
		}
	case 2:
		if full {
			k.oneShot(&p.kitNext, -1)
		} else {
			k.lowerUntilLeaving(i, Sharp)
		}
	case 3:
		if full {
			k.oneShot(&p.kitNext, +1)
		} else {
			k.lowerUntilLeaving(i, Steady)
		}
	case 4:
		if full {
			p.mustFlee = true
			p.allRolls--
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "has to get out of here: -1 to all rolls until out")
			}
		} else {
			k.flees(i, "loses control and flees")
		}
	case 5:
		if full {
			switch k.ru.C11 {
			case C11Minus:
				k.oneShot(&p.kitNext, -1)
			case C11Plus:
				k.oneShot(&p.kitNext, +1)
			}
		} else if _, ok := k.pick(i, byPlayer); ok {
			k.wound(i, 1, byPlayer, trig)
		} else {
			k.reduceStat(i, allStats)
		}
	case 6:
		if full {
			k.oneShot(&p.kitNext, -1)
			return
		}
		if k.ru.C12 == C12Wound {
			k.wound(i, 1, byPlayer, trig)
			return
		}
		p.breaks++
		switch k.ru.C12 {
		case C12LoseAction:
			p.lost++
		case C12MinusAll:
			p.allRolls--
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "gains a break")
		}
	}
}

// lowerUntilLeaving lowers PC i's stat s by 1 until it leaves here
// (wounded Keep It Together 2 and 3), never below -3 (option C27, errata
// E-C4).
func (k *kernel) lowerUntilLeaving(i int, s Stat) {
	p := &k.pc[i]
	if k.ru.C27 == C27Clamp && p.stat[s]+p.temp[s] <= -3 {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "%s is already -3", s.Title())
		}
		return
	}
	p.temp[s]--
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "-1 %s until leaving here", s.Title())
	}
}

// setReaction gives PC i a Keep It Together reaction (option C8).
func (k *kernel) setReaction(i int, r Reaction, trig int) {
	p := &k.pc[i]
	if r == NoReaction {
		return
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "%s", r)
	}
	if r == ScreamPanic && k.ru.C8 == C8PanicFlees {
		k.flees(i, "runs screaming")
		return
	}
	p.react = r
	p.reactAll = k.ru.C8 == C8Encounter
	p.trigger = int8(trig)
	if r == BegPlead && k.ru.C36 == C36Spared && trig >= 0 && k.m.npcs[trig].person {
		k.npc[trig].spare |= 1 << i
		k.spared = true
	}
}

// hurtNPC: NPC j takes PC i's weapon damage, no roll (wounded Keep It
// Together 1).
func (k *kernel) hurtNPC(i, j int, how string) {
	if j < 0 || k.npc[j].status == Dead {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "%s: nothing there to hurt", how)
		}
		return
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "%s: %s", how, k.nname(j))
	}
	k.deal(i, j, k.m.pcs[i].damage)
}

// hurtAlly: PC q suffers PC i's weapon damage (after q's armor).
func (k *kernel) hurtAlly(i, q int) {
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "hurts %s", k.pname(q))
	}
	k.sufferHarm(q, k.pcDamageTo(i, q), -1)
}

// hurtClosest: wounded Keep It Together 1's "hurt the person closest to
// you" (option C33).
func (k *kernel) hurtClosest(i, trig int) {
	switch k.ru.C33 {
	case C33Trigger:
		k.hurtNPC(i, trig, "hurts the one closest")
		return
	case C33Ally:
		if q := k.randomOtherPC(i); q >= 0 {
			k.hurtAlly(i, q)
		} else {
			k.hurtNPC(i, trig, "hurts the one closest")
		}
		return
	}
	c := k.randomCharacter(i, true)
	switch {
	case c < 0:
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "has nobody close to hurt")
		}
	case c < MaxPCs:
		k.hurtAlly(i, c)
	default:
		k.hurtNPC(i, c-MaxPCs, "hurts the one closest")
	}
}

// randomOtherPC is a random active PC other than i, or -1.
func (k *kernel) randomOtherPC(i int) int {
	others := k.pcUp &^ (1 << i)
	if others == 0 {
		return -1
	}
	return nthBit(others, k.intN(bits.OnesCount16(others)))
}

// randomCharacter is a random other character in the fight: a PC q as q,
// an NPC j as MaxPCs+j; -1 when there is none. allies says whether PCs
// count.
func (k *kernel) randomCharacter(i int, allies bool) int {
	others := uint16(0)
	if allies {
		others = k.pcUp &^ (1 << i)
	}
	no := bits.OnesCount16(others)
	n := no + k.activeNPCs()
	if n == 0 {
		return -1
	}
	x := k.intN(n)
	if x < no {
		return nthBit(others, x)
	}
	return MaxPCs + nthBit(k.npcUp, x-no)
}

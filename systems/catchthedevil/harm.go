package catchthedevil

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems/pbta"
)

// This file holds what harm does to a PC: Suffer Harm and its wounded
// version, wounds and reduced stats, dying, blacking out and fleeing.

// sufferHarm has PC i roll Suffer Harm against dmg (after armor); cause is
// the NPC that did it, or -1.
func (k *kernel) sufferHarm(i, dmg, cause int) {
	p := &k.pc[i]
	if !k.canSuffer(i) {
		return
	}
	if dmg == 0 && k.ru.C6 == C6NoRoll {
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "armor takes all of it: no Suffer Harm roll")
		}
		return
	}
	p.shRolls++
	wounded := p.isWounded(SufferHarm)
	if wounded {
		p.shWounded++
	}
	tough, pen, next := k.statValue(i, Tough, SufferHarm), int(p.shPen), int(p.shNext)
	p.shNext = 0
	c := k.commonParts(i, SufferHarm)
	var x pbta.Roll // k.throw(), written out so that intN is inlined
	if k.nForced > 0 {
		x = k.forcedThrow()
	} else {
		x = pbta.Roll(k.intN(pbta.NumRolls))
	}
	b := BandOf(tough-dmg+pen+next+c.sum(), x)
	if k.tr != nil {
		m := k.start()
		m.add("Tough", tough, true)
		m.add("damage", -dmg, true)
		m.add("Suffer Harm penalty", pen, false)
		m.add("next time", next, false)
		c.add(m)
		a := about{kind: rkSH}
		if wounded {
			a.version = p.version[SufferHarm]
		}
		k.narrate(i, a, m, x, b, !wounded)
	}
	if !wounded {
		switch b {
		case Partial:
			p.shPen--
		case Wound1:
			k.wound(i, 1, byGM, cause)
		case Wound2:
			k.wound(i, 2, byGM, cause)
		}
		return
	}
	k.sufferHarmWounded(i, b, cause)
}

// sufferHarmWounded applies band b of PC i's Suffer Harm once the move is
// wounded: the version its player wrote (1 to 6) says what each band
// costs, and a miss is dying.
func (k *kernel) sufferHarmWounded(i int, b Band, cause int) {
	p := &k.pc[i]
	if b.Miss() {
		k.becomeDying(i, cause)
		return
	}
	full := b == Full
	switch p.version[SufferHarm] {
	case 1:
		if full {
			k.oneShot(&p.shNext, -1)
			return
		}
		if k.wound(i, 1, byPlayer, cause) && k.ru.C23 != C23Ignore {
			p.limb = true
		}
	case 2:
		if full {
			p.shPen--
			return
		}
		if !k.wound(i, 1, byPlayer, cause) {
			return
		}
		switch k.ru.C23 {
		case C23StandIn:
			p.forward--
		case C23LoseAction:
			p.lost++
		}
	case 3:
		if full {
			if k.sh3Wounds(i) {
				k.wound(i, 1, byPlayer, cause)
			} else {
				p.shPen--
			}
			return
		}
		// 7-9: wound a move or reduce a stat, the cheaper (E-C2).
		if k.sh3Partial(i) || !k.reduceStat(i, allStats) {
			k.wound(i, 1, byPlayer, cause)
		}
	case 4:
		if full {
			k.oneShot(&p.shNext, -1)
			return
		}
		if m, ok := k.pick(i, bySH4); ok {
			k.setWounded(i, m)
			p.bonus |= 1 << m
		} else {
			k.becomeDying(i, cause)
		}
	case 5:
		if !full {
			k.wound(i, 2, byPlayer, cause)
		}
	case 6:
		if full {
			k.oneShot(&p.shNext, -1)
			return
		}
		if k.wound(i, 1, byPlayer, cause) {
			k.oneShot(&p.shNext, +1)
		}
	}
}

// sh3Wounds is wounded Suffer Harm 3's 10+ choice (option C21): wound a
// move rather than take the penalty?
func (k *kernel) sh3Wounds(i int) bool {
	p := &k.pc[i]
	if k.ru.C21 == C21Random {
		return k.intN(2) == 0
	}
	return p.shPen <= -2 && (!p.isWounded(Study) || !p.isWounded(KeepItTogether))
}

// sh3Partial is wounded Suffer Harm 3's 7-9 choice (option C20, errata
// E-C2): wound a move rather than reduce a stat? A wound heals with a
// week's rest and a stat stays lowered, so the player takes the wound
// while two moves stay unwounded after it (the buffer against the next
// wounds), and when only Tough, the Suffer Harm stat, could be lowered;
// under C20 "random", a stat while one can go. Never a wound that would
// leave the PC dying.
func (k *kernel) sh3Partial(i int) bool {
	p := &k.pc[i]
	u := p.unwounded()
	if u == 0 || k.ru.C20 == C20Random {
		return false
	}
	if u >= 3 {
		return true
	}
	for s := Stat(0); s < NumStats; s++ {
		if s != Tough && (k.ru.C27 == C27None || p.stat[s] > -3) {
			return false
		}
	}
	return true
}

// pick chooses an unwounded move of PC i; false when there is none.
func (k *kernel) pick(i, who int) (Move, bool) {
	p := &k.pc[i]
	free := ^p.wounded & (1<<NumMoves - 1)
	if free == 0 {
		return 0, false
	}
	has := func(m Move) bool { return free&(1<<m) != 0 }
	if who != byGM {
		switch k.ru.C2 {
		case C2Random:
			return k.randomMove(free), true
		case C2GM:
			who = byGM
		default:
			if has(TakeARisk) && (who == bySH4 || p.version[TakeARisk] == 6) {
				return TakeARisk, true
			}
			for _, m := range [...]Move{Study, KeepItTogether, TakeARisk, SufferHarm} {
				if has(m) {
					return m, true
				}
			}
		}
	}
	switch k.ru.C1 {
	case C1SHFirst:
		if has(SufferHarm) {
			return SufferHarm, true
		}
	case C1Physical:
		// Take a Risk and Suffer Harm weigh 2, the others 1.
		var w [NumMoves]int
		total := 0
		for m := Move(0); m < NumMoves; m++ {
			if has(m) {
				w[m] = 1
				if m == TakeARisk || m == SufferHarm {
					w[m] = 2
				}
				total += w[m]
			}
		}
		x := k.intN(total)
		for m := Move(0); m < NumMoves; m++ {
			if x < w[m] {
				return m, true
			}
			x -= w[m]
		}
	case C1Gentle:
		for _, m := range [...]Move{Study, KeepItTogether, TakeARisk, SufferHarm} {
			if has(m) {
				return m, true
			}
		}
	}
	return k.randomMove(free), true
}

// randomMove picks uniformly among the moves in free (not empty).
func (k *kernel) randomMove(free uint8) Move {
	free &= 1<<NumMoves - 1
	return nthMove[free][k.intN(popcount(free))&(int(NumMoves)-1)]
}

// nthMove[set][n] is the n-th lowest move in the set of moves (bits).
var nthMove = func() (t [1 << NumMoves][NumMoves]Move) {
	for set := range t {
		n := 0
		for m := Move(0); m < NumMoves; m++ {
			if set&(1<<m) != 0 {
				t[set][n] = m
				n++
			}
		}
	}
	return
}()

func popcount(x uint8) int { return bits.OnesCount8(x) }

// wound wounds n moves of PC i (section 1.5); a PC who cannot is dying.
// It reports whether every wound could be taken.
func (k *kernel) wound(i, n, who, cause int) bool {
	gmRandom := who == byGM && k.ru.C1 == C1Random
	for ; n > 0; n-- {
		var m Move
		ok := true
		if free := ^k.pc[i&(MaxPCs-1)].wounded & (1<<NumMoves - 1); gmRandom && free != 0 {
			// pick's commonest case written out: the GM wounds a random
			// unwounded move (C1 random).
			m = nthMove[free][k.intN(popcount(free))&(int(NumMoves)-1)]
		} else {
			m, ok = k.pick(i, who)
		}
		if !ok {
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "has no move left to wound")
			}
			k.becomeDying(i, cause)
			return false
		}
		k.setWounded(i, m)
	}
	return true
}

// setWounded marks move m wounded, rolling its version the first time.
func (k *kernel) setWounded(i int, m Move) {
	p := &k.pc[i]
	rolled := false
	if p.version[m] == 0 {
		p.version[m] = uint8(k.intN(6) + 1)
		rolled = true
	}
	p.wounded |= 1 << m
	p.wounds++
	if k.tr != nil {
		how := "known"
		if rolled {
			how = "rolled now"
		}
		k.tr.Add(k.round, k.pname(i), "%s is wounded (version %d, %s)", m.Title(), p.version[m], how)
	}
}

// reduceStat lowers one of PC i's stats in allowed by 1 (options C20 and
// C27); false when none can be lowered.
func (k *kernel) reduceStat(i int, allowed uint8) bool {
	p := &k.pc[i]
	can := uint8(0)
	for s := Stat(0); s < NumStats; s++ {
		if allowed&(1<<s) != 0 && (k.ru.C27 == C27None || p.stat[s] > -3) {
			can |= 1 << s
		}
	}
	if can == 0 {
		return false
	}
	var s Stat
	if k.ru.C20 == C20Random {
		n := k.intN(popcount(can))
		for s = 0; s < NumStats; s++ {
			if can&(1<<s) != 0 {
				if n == 0 {
					break
				}
				n--
			}
		}
	} else {
		// Tough, the Suffer Harm stat, goes last (errata E-C2).
		for _, x := range [NumStats]Stat{Sharp, Steady, Quick, Tough} {
			if can&(1<<x) != 0 {
				s = x
				break
			}
		}
	}
	p.stat[s]--
	p.statLoss++
	if k.ru.C27 == C27Clamp && p.stat[s]+p.temp[s] < -3 {
		p.temp[s]++ // the change until leaving cannot take it below -3 (E-C4)
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "loses 1 %s for good (now %s)", s.Title(), pbta.Signed(int(p.stat[s])))
	}
	return true
}

// becomeDying: PC i leaves the fight dying (dead at once under option C14
// "at-once"); allies who see it may have to Keep It Together (C9).
func (k *kernel) becomeDying(i, cause int) {
	p := &k.pc[i]
	if p.status == Dying || p.status == Dead {
		return
	}
	k.setPC(i, Dying)
	p.everDying = true
	if cause >= 0 && cause < k.nn {
		k.felled |= 1 << cause // option C39: its blow left a PC dying
	}
	p.react = NoReaction
	if k.ru.C14 == C14AtOnce {
		k.setPC(i, Dead)
	}
	if k.tr != nil {
		if p.status == Dead {
			k.tr.Add(k.round, k.pname(i), "is dying, and dead at once")
		} else {
			k.tr.Add(k.round, k.pname(i), "is dying")
		}
	}
	if k.ru.C9 == C9AllyDying {
		for q := 0; q < k.np; q++ {
			if q != i && k.pc[q].status == Active {
				if k.tr != nil {
					k.tr.Add(k.round, k.pname(q), "sees %s fall", k.pname(i))
				}
				k.keepItTogether(q, cause)
			}
		}
	}
}

// blackOut: wounded Keep It Together 6-.
func (k *kernel) blackOut(i int) {
	p := &k.pc[i]
	k.setPC(i, BlackedOut)
	p.blackedOut = true
	p.react = NoReaction
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "blacks out")
	}
}

// flees: PC i is out of the fight, alive.
func (k *kernel) flees(i int, how string) {
	p := &k.pc[i]
	k.setPC(i, Fled)
	p.react = NoReaction
	if k.ru.C26 == C26UntilFlee {
		p.temp = [NumStats]int8{}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "%s", how)
	}
}

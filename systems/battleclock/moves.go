package battleclock

import (
	"fmt"

	"github.com/tpk-sim/tpk/systems/pbta"
)

// What a roll is for, for the narration.
const (
	rkSeize = iota
	rkWithdraw
	rkDefend
	rkCover
	rkMaintain
	rkHitDeck
	rkCall
)

// about describes a roll; it becomes text only when narrating.
type about struct {
	kind uint8
	who  int8 // the enemy seized, or the PC covered
}

func (k *kernel) describe(a about) string {
	switch a.kind {
	case rkSeize:
		return "seizes by force against " + k.ename(int(a.who)) + " (+Hard)"
	case rkWithdraw:
		return "acts under fire to withdraw (+Cool)"
	case rkDefend:
		return "defends a secure position (+Hard)"
	case rkCover:
		return "provides covering fire for " + k.pname(int(a.who)) + " (+Cool)"
	case rkMaintain:
		return "maintains an untenable position (+Hard)"
	case rkHitDeck:
		return "hits the deck (+Sharp)"
	}
	return "calls on inner strength (+Will)"
}

// roll throws 2d6 + stat s + extra + forward (used up) + ongoing, boosted
// and glitched as they apply (section 2.2).
func (k *kernel) roll(i int, s Stat, extra int, a about) Band {
	p := &k.pc[i]
	mod := k.stat(i, s) + extra + int(p.forward) + int(p.ongoing)
	fwd := p.forward
	p.forward = 0
	var f Flags
	if p.boosted {
		f |= Boosted
	}
	glitchNext := p.glitchNext
	if p.glitchNext || p.glitchPos {
		f |= Glitched
		p.glitchNext = false
	}
	var x pbta.Roll
	if k.nForced > 0 {
		k.nForced--
		x = k.forced[k.nForced]
	} else {
		x = pbta.Roll2d6(k.r)
	}
	b := BandOf(mod, f, x)
	if k.tr != nil {
		d1, d2 := x.Dice()
		extraText := ""
		if fwd != 0 {
			extraText += fmt.Sprintf(" %s forward", pbta.Signed(int(fwd)))
		}
		if p.ongoing != 0 {
			extraText += fmt.Sprintf(" %s ongoing", pbta.Signed(int(p.ongoing)))
		}
		if extra != 0 {
			extraText += fmt.Sprintf(" %s beyond 12:00", pbta.Signed(extra))
		}
		if f&Boosted != 0 {
			extraText += ", boosted"
		}
		if f&Glitched != 0 {
			if glitchNext {
				extraText += ", glitched (shock)"
			} else {
				extraText += ", glitched (position)"
			}
		}
		k.tr.Add(k.ticks, k.pname(i), "%s: 2d6 (%d+%d) %s %s%s = %d: %s", k.describe(a), d1, d2,
			pbta.Signed(k.stat(i, s)), s.Title(), extraText, x.Sum()+mod, b)
	}
	return b
}

// addForward gives PC i +n forward (option S19).
func (k *kernel) addForward(i, n int) {
	p := &k.pc[i]
	if k.ru.S19 == S19NoStacking {
		p.forward = int8(max(int(p.forward), n))
		return
	}
	p.forward += int8(n)
}

// act makes PC i's move in action slot slot.
func (k *kernel) act(i, slot int) {
	if k.pc[i].status != Active {
		return
	}
	a := k.m.pcs[i].policy.Act(&k.view, i, slot)
	switch a.Kind {
	case Idle:
		return
	case Seize:
	case Withdraw:
	case Cover:
		if a.Target < 0 || a.Target >= k.np || a.Target == i || k.pc[a.Target].status != Active {
			a = Action{Kind: Seize, Target: -1}
		}
	case Defend, Maintain, HitDeck:
	default:
		return
	}
	if k.ru.S18 == S18None && a.Kind >= Defend {
		a = Action{Kind: Seize, Target: -1} // no battle moves: seize by force instead
	}
	switch a.Kind {
	case Seize:
		if a.Target < 0 || a.Target >= k.ne || k.en[a.Target].status != Active {
			a.Target = k.defaultTarget()
		}
		if a.Target >= 0 {
			k.seize(i, a.Target)
		}
	case Withdraw:
		k.withdraw(i)
	case Defend:
		k.defend(i)
	case Cover:
		k.coverFire(i, a.Target)
	case Maintain:
		k.maintain(i)
	case HitDeck:
		k.hitDeck(i)
	}
}

// defaultTarget is the active enemy closest to breaking, or -1; equals
// are drawn at random (the order the scenario lists foes is no rule).
func (k *kernel) defaultTarget() int {
	best, left, ties := -1, 0, 0
	for j := 0; j < k.ne; j++ {
		if k.en[j].status != Active {
			continue
		}
		l := k.toBreak(j)
		switch {
		case best < 0 || l < left:
			best, left, ties = j, l, 1
		case l == left:
			ties++
			if k.r.IntN(ties) == 0 {
				best = j
			}
		}
	}
	return best
}

// seize is seize by force against enemy j (section 2.9): on a hit harm is
// exchanged with the picks; on a miss the GM's move (option S14).
func (k *kernel) seize(i, j int) {
	k.seized = true
	b := k.roll(i, Hard, 0, about{kind: rkSeize, who: int8(j)})
	if b == Miss {
		k.gmMiss(i, j)
		return
	}
	n := 2
	if b == Full {
		n = 3
	}
	picks := keep(k.m.pcs[i].policy.Picks(&k.view, i, j, n), n)
	dealt := k.m.pcs[i].harm
	if picks&Terrible != 0 {
		dealt++
	}
	taken := k.m.enemies[j].harm
	if picks&Little != 0 {
		taken = max(0, taken-1)
	}
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "picks %s", picksText(picks))
	}
	k.harmEnemy(i, j, dealt)
	k.takeHit(i, taken, k.m.enemies[j].shock, srcMove)
	if picks&Frighten != 0 && k.ru.S26 == S26Forward && k.pc[i].status == Active {
		k.addForward(i, 1)
	}
}

// keep keeps the first n picks.
func keep(p Picks, n int) Picks {
	var out Picks
	for b := TakeIt; b <= Frighten && n > 0; b <<= 1 {
		if p&b != 0 {
			out |= b
			n--
		}
	}
	return out
}

func picksText(p Picks) string {
	s := ""
	for b, name := range [...]string{"take it", "terrible harm", "little harm", "frighten"} {
		if p&(1<<b) != 0 {
			if s != "" {
				s += ", "
			}
			s += name
		}
	}
	if s == "" {
		return "nothing"
	}
	return s
}

// gmMiss is the GM's move on a miss, with enemy j engaged (option S14).
func (k *kernel) gmMiss(i, j int) {
	if j < 0 {
		return
	}
	if k.ru.S14 == S14RandomTable {
		switch k.r.IntN(3) {
		case 1:
			if k.tr != nil {
				k.tr.Add(k.ticks, k.pname(i), "the GM inflicts 1-shock")
			}
			k.takeHit(i, 0, 1, srcMove)
			return
		case 2:
			k.pc[i].glitchNext = true
			if k.tr != nil {
				k.tr.Add(k.ticks, k.pname(i), "the GM: glitched on the next roll")
			}
			return
		}
	}
	if k.tr != nil {
		k.tr.Add(k.ticks, k.ename(j), "hits %s", k.pname(i))
	}
	k.takeHit(i, k.m.enemies[j].harm, k.m.enemies[j].shock, srcMove)
}

// relocate: the PC moves; an untenable position and the glitches that last
// until relocating are left behind.
func (k *kernel) relocate(i int) {
	p := &k.pc[i]
	p.incOnly, p.untenable, p.glitchPos = false, false, false
	p.acted = true
}

// withdraw is act under fire to get out of the battle.
func (k *kernel) withdraw(i int) {
	b := k.roll(i, Cool, 0, about{kind: rkWithdraw})
	switch b {
	case Full:
		k.getOut(i)
	case Partial:
		if j := k.randomEnemy(); j >= 0 {
			k.enemyFires(j, i, srcMove)
		}
		if k.pc[i].status == Active {
			k.getOut(i)
		}
	default:
		k.gmMiss(i, k.randomEnemy())
	}
}

func (k *kernel) getOut(i int) {
	k.pc[i].status = Withdrawn
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "gets out of the battle")
	}
}

// defend is defend a secure position: hold 3 on a 10+, 1 on a 7-9; on a
// miss the position is untenable.
func (k *kernel) defend(i int) {
	b := k.roll(i, Hard, 0, about{kind: rkDefend})
	k.relocate(i)
	p := &k.pc[i]
	switch b {
	case Full:
		p.hold += 3
	case Partial:
		p.hold++
	default:
		p.untenable = true
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "the position is untenable")
		}
	}
}

// coverFire is provide covering fire for PC a: on a hit a is not under
// fire this tick (7-9: and its position is untenable); on a miss a takes
// concentrated fire now.
func (k *kernel) coverFire(i, a int) {
	b := k.roll(i, Cool, 0, about{kind: rkCover, who: int8(a)})
	q := &k.pc[a]
	switch b {
	case Full:
		q.covered = true
	case Partial:
		q.covered = true
		q.untenable = true
	default:
		if j := k.randomEnemy(); j >= 0 {
			k.enemyFires(j, a, srcConcentrated)
		}
	}
}

// maintain is maintain an untenable position: on a hit only incidental
// fire reaches the PC even after 9:00 (7-9: glitched until it relocates);
// on a miss it abandons the position.
func (k *kernel) maintain(i int) {
	b := k.roll(i, Hard, 0, about{kind: rkMaintain})
	p := &k.pc[i]
	p.acted = true
	switch b {
	case Full:
		p.incOnly, p.untenable = true, false
	case Partial:
		p.incOnly, p.untenable, p.glitchPos = true, false, true
	default:
		k.relocate(i)
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "abandons the position")
		}
	}
}

// hitDeck is hit the deck (errata E-B4, the sister hack's "on a hit,
// you're safe for now"): on a 7+ the PC gets down somewhere safe, out of
// fire for the rest of the tick; on a 7-9 the GM also picks one cost
// (option S25): pinned (glitched until it relocates), losing something (a
// shield or barrier point, the one thing it carries in numbers) or
// 1-shock. On a miss it stays exposed.
func (k *kernel) hitDeck(i int) {
	b := k.roll(i, Sharp, 0, about{kind: rkHitDeck})
	if b == Miss {
		return
	}
	k.relocate(i)
	p := &k.pc[i]
	p.covered = true
	if b == Full {
		return
	}
	cost := hitDeckCost[k.ru.S25]
	if k.ru.S25 == S25Random {
		cost = deckCost(k.r.IntN(3))
	}
	switch cost {
	case deckPinned:
		p.glitchPos = true
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "pinned: glitched until it relocates")
		}
	case deckLose:
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "loses something: 1 shield point")
		}
		if p.shields > 0 {
			p.shields--
		}
	default:
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "the GM inflicts 1-shock")
		}
		k.takeHit(i, 0, 1, srcMove)
	}
}

// deckCost is a cost the GM picks on a 7-9 to hit the deck.
type deckCost uint8

// The costs, in the order S25 random draws them.
const (
	deckShock deckCost = iota
	deckPinned
	deckLose
)

// hitDeckCost is the cost each reading of S25 picks (random draws one).
var hitDeckCost = [...]deckCost{S25Shock: deckShock, S25Pinned: deckPinned, S25Random: deckShock}

// exposed reports whether the GM can fire at PC i now.
func (k *kernel) exposed(i int, concentrated bool) bool {
	p := &k.pc[i]
	if !k.hittable(i) || p.covered {
		return false
	}
	return !concentrated || !p.incOnly && !p.halted
}

// randomEnemy is a random active enemy, or -1.
func (k *kernel) randomEnemy() int {
	n := 0
	for j := 0; j < k.ne; j++ {
		if k.en[j].status == Active {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	x := k.r.IntN(n)
	for j := 0; j < k.ne; j++ {
		if k.en[j].status == Active {
			if x == 0 {
				return j
			}
			x--
		}
	}
	return -1
}

// groupFires: group g hits PC i with its harm (a holder of a secure
// position spends 1 hold to halt concentrated fire).
func (k *kernel) groupFires(g, i int, src uint8) {
	gs := &k.m.groups[g]
	k.fires(gs.name, gs.harm, gs.shock, i, src)
}

// enemyFires: enemy j hits PC i with its harm.
func (k *kernel) enemyFires(j, i int, src uint8) {
	e := &k.m.enemies[j]
	k.fires(e.name, e.harm, e.shock, i, src)
}

// fires: an enemy (or group) named who hits PC i with h harm carrying sh
// shock; a holder of a secure position spends 1 hold to halt the assault
// on it: no more concentrated fire reaches it this tick.
func (k *kernel) fires(who string, h, sh, i int, src uint8) {
	p := &k.pc[i]
	if src == srcConcentrated && p.halted {
		return
	}
	if src == srcConcentrated && p.hold > 0 {
		p.hold--
		p.halted = true
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "spends 1 hold to halt %s's assault for this tick", who)
		}
		return
	}
	if k.tr != nil {
		k.tr.Add(k.ticks, who, "fires at %s", k.pname(i))
	}
	k.takeHit(i, h, sh, src)
}

// incidental is the GM's Incidental Fire at the end of ticks 1-3 (option
// S11); with only, at the end of ticks 4-6 on PCs holding an untenable
// position.
func (k *kernel) incidental(only bool) {
	if k.ru.S11 == S11Chance && !k.r.Chance(k.ru.S11P) {
		return
	}
	if k.ru.S11 == S11OneRandom {
		n := 0
		for i := 0; i < k.np; i++ {
			if k.exposed(i, false) && (!only || k.pc[i].incOnly) {
				n++
			}
		}
		if n == 0 {
			return
		}
		x := k.r.IntN(n)
		for i := 0; i < k.np; i++ {
			if k.exposed(i, false) && (!only || k.pc[i].incOnly) {
				if x == 0 {
					k.incidentalHit(i)
					return
				}
				x--
			}
		}
		return
	}
	for i := 0; i < k.np; i++ {
		if k.exposed(i, false) && (!only || k.pc[i].incOnly) {
			k.incidentalHit(i)
		}
	}
}

func (k *kernel) incidentalHit(i int) {
	h := 1 + k.r.IntN(2)
	if k.ru.S11 == S11AW {
		h = k.r.IntN(2)
	}
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "incidental fire")
	}
	k.takeHit(i, h, 0, srcIncidental)
}

// concentrated is the GM's Concentrated Fire at the end of ticks 4-6
// (option S12): by default each active enemy fires at the PC its group's
// GM policy chooses for it, asked afresh for every shot so that fire moves
// on from a PC who drops and a gang plays like as many single enemies.
// The enemies (under S12 per-group, the groups) fire in a random order
// each tick: the order the scenario lists foes decides nothing, such as
// whether the riflemen or the mercs shoot at a PC before it drops.
func (k *kernel) concentrated() {
	var order [MaxEnemies]int8
	n := 0
	if k.ru.S12 == S12PerGroup {
		for g := range k.m.groups {
			if k.groupActive(g) {
				order[n] = int8(g)
				n++
			}
		}
	} else {
		for j := 0; j < k.ne; j++ {
			if k.en[j].status == Active {
				order[n] = int8(j)
				n++
			}
		}
	}
	for x := n - 1; x > 0; x-- {
		y := k.r.IntN(x + 1)
		order[x], order[y] = order[y], order[x]
	}
	for _, who := range order[:n] {
		switch k.ru.S12 {
		case S12PerGroup:
			if t := k.target(int(who)); t >= 0 {
				k.groupFires(int(who), t, srcConcentrated)
			}
		case S12EveryPC:
			for i := 0; i < k.np; i++ {
				if k.exposed(i, true) {
					k.enemyFires(int(who), i, srcConcentrated)
				}
			}
		default:
			if t := k.target(k.m.enemies[who].group); t >= 0 {
				k.enemyFires(int(who), t, srcConcentrated)
			}
		}
	}
}

// target is the exposed PC group g's GM policy chooses for concentrated
// fire, or -1.
func (k *kernel) target(g int) int {
	t := k.m.groups[g].policy.Target(&k.view, g, true)
	if t < 0 || t >= k.np || !k.exposed(t, true) {
		return -1
	}
	return t
}

package catchthedevil

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tpk-sim/tpk/systems/pbta"
)

// tarAdj[v][s] is wounded Take a Risk version v's adjustment to stat s.
var tarAdj = [7][NumStats]int8{
	{},
	{Tough: -1},
	{Quick: -1},
	{Sharp: -1},
	{Steady: -1},
	{Quick: -1, Sharp: -1},
	{Quick: +1},
}

// term is one modifier of a roll, kept for the narration.
type term struct {
	label string
	v     int8
}

// mods is the net modifier of a roll and, when narrating, its parts. The
// kernel keeps one (rolls never nest while their modifiers are gathered),
// so that a roll does not clear the parts.
type mods struct {
	sum  int
	n    int
	keep bool // narrating: keep the parts
	t    [16]term
}

// start begins a roll's modifiers.
func (k *kernel) start() *mods {
	m := &k.mods
	m.sum, m.n, m.keep = 0, 0, k.tr != nil
	return m
}

// add adds a modifier; always keeps stats (shown even when 0).
func (m *mods) add(label string, v int, always bool) {
	if v == 0 && !always {
		return
	}
	m.sum += v
	if m.keep && m.n < len(m.t) {
		m.t[m.n] = term{label, int8(v)}
		m.n++
	}
}

// text writes "+1 Tough -2 damage".
func (m *mods) text() string {
	var b strings.Builder
	for i := 0; i < m.n; i++ {
		fmt.Fprintf(&b, " %s %s", pbta.Signed(int(m.t[i].v)), m.t[i].label)
	}
	return b.String()
}

// What a roll is for, for the narration.
const (
	rkAttack = iota
	rkEvade
	rkFlee
	rkProtect
	rkTend
	rkSH
	rkKIT
	rkStudy
)

// about describes a roll; it is only turned into text when narrating.
type about struct {
	kind    uint8
	stat    Stat
	version uint8
	who     int8 // the NPC attacked, or the PC protected or tended
}

func (k *kernel) describe(a about) string {
	tar := "Take a Risk +" + a.stat.Title()
	wounded := func(name string) string {
		if a.version > 0 {
			return fmt.Sprintf("%s (wounded %d)", name, a.version)
		}
		return name
	}
	switch a.kind {
	case rkAttack:
		return tar + " to attack " + k.nname(int(a.who))
	case rkEvade:
		return tar + " to evade"
	case rkFlee:
		return tar + " to get away"
	case rkProtect:
		return tar + " to shield " + k.pname(int(a.who))
	case rkTend:
		return tar + " to tend " + k.pname(int(a.who))
	case rkSH:
		return wounded("Suffer Harm")
	case rkKIT:
		return wounded("Keep It Together")
	}
	return wounded("Study")
}

// throw is the next 2d6 (the forced ones first in tests).
func (k *kernel) throw() pbta.Roll {
	if k.nForced > 0 {
		return k.forcedThrow()
	}
	return pbta.Roll(k.intN(pbta.NumRolls))
}

// forcedThrow is the next throw a test imposes.
func (k *kernel) forcedThrow() pbta.Roll {
	k.nForced--
	return k.forced[k.nForced]
}

// roll throws 2d6 with modifiers and narrates it.
func (k *kernel) roll(i int, a about, m *mods, four bool) Band {
	x := k.throw()
	b := BandOf(m.sum, x)
	if k.tr != nil {
		k.narrate(i, a, m, x, b, four)
	}
	return b
}

// narrate tells roll x with modifiers m, read as band b.
func (k *kernel) narrate(i int, a about, m *mods, x pbta.Roll, b Band, four bool) {
	d1, d2 := x.Dice()
	name := b.Name3()
	if four {
		name = b.Name4()
	}
	k.tr.Add(k.round, k.pname(i), "%s: 2d6 (%d+%d)%s = %d: %s", k.describe(a), d1, d2, m.text(), x.Sum()+m.sum, name)
}

// statValue is PC i's stat s on a roll of move mv: the stat, its temporary
// change, and wounded Take a Risk's adjustment on Take a Risk rolls (or on
// every roll, option C22).
func (k *kernel) statValue(i int, s Stat, mv Move) int {
	p := &k.pc[i]
	v := int(p.stat[s] + p.temp[s])
	if p.isWounded(TakeARisk) && (mv == TakeARisk || k.ru.C22 == C22Everywhere) {
		v += int(tarAdj[p.version[TakeARisk]][s])
	}
	return v
}

// common adds what applies to every roll of move mv: Suffer Harm 4's +1
// on the move, the penalty to all rolls, and forward (consumed) on the
// PC's own actions (Take a Risk and Study: "when acting on the answer";
// Suffer Harm and Keep It Together are things that happen to the PC).
func (k *kernel) common(i int, mv Move, m *mods) {
	c := k.commonParts(i, mv)
	c.add(m)
}

// commonMods are the parts common adds, worked out.
type commonMods struct{ sh4, fwd, all int }

func (c commonMods) sum() int { return c.sh4 + c.fwd + c.all }

func (c commonMods) add(m *mods) {
	m.add("Suffer Harm 4's bonus", c.sh4, false)
	m.add("forward", c.fwd, false)
	m.add("to all rolls", c.all, false)
}

// commonParts works out common's parts, consuming forward.
func (k *kernel) commonParts(i int, mv Move) commonMods {
	p := &k.pc[i]
	c := commonMods{all: int(p.allRolls)}
	if p.bonus&p.wounded&(1<<mv) != 0 {
		c.sh4 = 1
	}
	if mv == TakeARisk || mv == Study {
		c.fwd = int(p.forward)
		p.forward = 0
	}
	return c
}

// Purposes of a Take a Risk roll.
const (
	forAttack = iota
	forEscape // evade or flee
	forOther
)

// takeARisk rolls Take a Risk + stat s; bonus is the +1 for exploiting an
// NPC's conditions (0 or 1).
func (k *kernel) takeARisk(i int, s Stat, purpose, bonus int, a about) Band {
	p := &k.pc[i]
	stat, temp, ver, limb, esc := int(p.stat[s]), int(p.temp[s]), 0, 0, 0
	if p.isWounded(TakeARisk) {
		ver = int(tarAdj[p.version[TakeARisk]][s])
	}
	if p.limb && (s == Tough || s == Quick) {
		limb = -1
	}
	if purpose == forEscape {
		esc = int(p.fwdEsc)
		p.fwdEsc = 0
	}
	c := k.commonParts(i, TakeARisk)
	sum := stat + temp + ver + limb + bonus + esc + c.sum()
	var x pbta.Roll // k.throw(), written out so that intN is inlined
	if k.nForced > 0 {
		x = k.forcedThrow()
	} else {
		x = pbta.Roll(k.intN(pbta.NumRolls))
	}
	b := BandOf(sum, x)
	if b.Miss() {
		k.missed |= 1 << i
	}
	if k.tr != nil {
		m := k.start()
		m.add(s.Title(), stat, true)
		m.add("until leaving", temp, false)
		m.add("wounded version", ver, false)
		m.add("unusable body part", limb, false)
		m.add("conditions", bonus, false)
		m.add("forward to get away", esc, false)
		c.add(m)
		a.stat = s
		k.narrate(i, a, m, x, b, false)
	}
	return b
}

// oneShot adds v to a "next time" modifier (option C24).
func (k *kernel) oneShot(x *int8, v int8) {
	if k.ru.C24 == C24Latest {
		*x = v
	} else {
		*x += v
	}
}

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

// Who picks the move to wound.
const (
	byGM     = iota // option C1
	byPlayer        // option C2
	bySH4           // wounded Suffer Harm 4: the +1 goes on Take a Risk first
)

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

// allStats and the Study 3 pair are the stats a reduction may lower.
const (
	allStats      = 1<<NumStats - 1
	sharpOrSteady = 1<<Sharp | 1<<Steady
)

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

// studyQ[v][band] is the chance in sixths that a Study answer gives +1
// forward (version 0 is the normal move); studyComp says whether the result
// adds a complication.
var (
	studyQ = [7][3]int{
		{6, 6, 6},
		{3, 2, 2},
		{4, 2, 2},
		{6, 6, 0},
		{6, 2, 2},
		{6, 2, 2},
		{6, 0, 0},
	}
	studyComp = [7][3]bool{
		{false, false, true},
		{false, false, true},
		{false, false, true},
		{false, true, false},
		{false, false, true},
		{false, false, true},
		{false, false, true},
	}
)

// study has PC i Study the fight (the info-token stand-in of section 1.4,
// option C29). It returns whether the GM adds a complication.
func (k *kernel) study(i int) bool {
	p := &k.pc[i]
	v := 0
	if p.isWounded(Study) {
		v = int(p.version[Study])
	}
	m := k.start()
	m.add("Sharp", k.statValue(i, Sharp, Study), true)
	k.common(i, Study, m)
	b := k.roll(i, about{kind: rkStudy, version: uint8(v)}, m, false)
	p.studied = true
	bi := int(b)
	if bi > 2 {
		bi = 2
	}
	if v == 3 && b.Miss() {
		if _, ok := k.pick(i, byPlayer); ok {
			k.wound(i, 1, byPlayer, -1)
		} else {
			k.reduceStat(i, sharpOrSteady)
		}
		return false
	}
	gain := 0
	if k.ru.C29 == C29Flat {
		if !b.Miss() {
			gain = 1
		}
	} else if q := studyQ[v][bi]; q > 0 && (q == 6 || k.intN(6) < q) {
		gain = 1
	}
	if v == 6 && b != Full && k.ru.C29 != C29Flat {
		p.fwdEsc++
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "learns how to get out: +1 forward to evade or flee")
		}
	}
	if gain > 0 {
		p.forward++
		if k.tr != nil {
			k.tr.Add(k.round, k.pname(i), "the answer helps: +1 forward")
		}
	}
	return studyComp[v][bi]
}

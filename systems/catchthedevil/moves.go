package catchthedevil

import (
	"fmt"
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

// Who picks the move to wound.
const (
	byGM     = iota // option C1
	byPlayer        // option C2
	bySH4           // wounded Suffer Harm 4: the +1 goes on Take a Risk first
)

// allStats and the Study 3 pair are the stats a reduction may lower.
const (
	allStats      = 1<<NumStats - 1
	sharpOrSteady = 1<<Sharp | 1<<Steady
)

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

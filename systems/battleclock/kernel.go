package battleclock

import (
	"strings"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// pcState is a PC during a battle.
type pcState struct {
	base        [NumStats]int8 // stats before debilities
	harm, shock int8
	overflow    int8 // harm beyond 12:00
	debilities  uint8
	shields     int8
	cover       int8 // ablative cover from a secure position, not refreshed
	hold        int8
	forward     int8
	ongoing     int8
	boosted     bool // for the whole battle
	glitchNext  bool // glitched on the next roll (more than one shock from a source)
	glitchPos   bool // glitched until the PC relocates (maintained 7-9, pinned)
	covered     bool // not under fire this tick
	halted      bool // spent hold to halt the assault on it this tick
	incOnly     bool // holding an untenable position: only incidental fire
	untenable   bool // its position is untenable
	acted       bool // maintained or relocated this tick
	called      bool // has called on inner strength this battle (option S2 "once")
	status      Status
	// tallies
	everOut                                bool
	everUnconscious                        bool
	calls, debs, glitches, spent, absorbed int8
	harmInc, harmCon, harmMoves            int8
}

// enemyState is an enemy during a battle.
type enemyState struct {
	harm    int8
	shields int8
	status  Status
}

// Where harm came from, for the tallies.
const (
	srcIncidental = iota
	srcConcentrated
	srcMove
)

// How a battle ended.
const (
	going = iota
	victory
	defeat
	withdrawal
	midnight
	stalemate
)

var endNames = [...]string{"still going", "victory: no enemy is left in the fight",
	"defeat: every PC is out of action", "withdrawal: no PC is left in the fight and one got out",
	"midnight: both sides still standing", "stalemate: max_rounds is reached with both sides still fighting"}

// kernel plays battles of one model; one per worker.
type kernel struct {
	m      *model
	ru     Rules
	r      *sim.Rand
	tr     *sim.Trace
	rec    *sim.Record // the battle's record, for Standing
	np, ne int
	full   int // 12:00 on a clock (option S1)
	nine   int // 9:00
	clock  int // the battle clock, 0..6
	ticks  int // ticks played
	jumped bool
	seized bool // a PC seized by force this tick (option S13)
	pc     [MaxPCs]pcState
	en     [MaxEnemies]enemyState
	order  [MaxPCs]int8
	view   View
	// forced holds 2d6 rolls tests impose, taken from the end.
	forced  [8]pbta.Roll
	nForced int
	strong  *strong // strong play's part, nil when no combatant plays strong
}

// newKernel returns a kernel of m; a rollout kernel is the one strong play
// replays battles on (strong.go).
func newKernel(m *model, rollout bool) *kernel {
	k := &kernel{m: m, ru: m.rules, np: len(m.pcs), ne: len(m.enemies), full: 6, nine: 3}
	if k.ru.S1 == S1Twelve {
		k.full, k.nine = 12, 9
	}
	k.view.k = k
	k.initStrong(rollout)
	return k
}

// Play resets the state, plays one battle and records it.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if k.strong != nil {
		k.strong.s.Begin(r, tr)
	}
	k.r, k.tr = r, tr
	k.reset()
	k.rec = rec
	end := k.battle()
	rec.Standing(k.ticks, k.standingMask())
	end = k.finish(end)
	k.record(rec, end)
	k.r, k.tr, k.rec = nil, nil, nil
	if k.strong != nil {
		k.strong.s.End()
	}
}

func (k *kernel) reset() {
	k.clock, k.ticks, k.jumped, k.seized = 0, 0, false, false
	for i := 0; i < k.np; i++ {
		s := &k.m.pcs[i]
		k.pc[i] = pcState{base: s.stats, harm: s.harmClock, shock: s.shockClock, debilities: s.debilities,
			shields: int8(s.shields), forward: s.forward, ongoing: s.ongoing, boosted: s.boosted}
	}
	for j := 0; j < k.ne; j++ {
		k.en[j] = enemyState{shields: int8(k.m.enemies[j].shields)}
	}
	for i := 0; i < k.np; i++ {
		k.order[i] = int8(i) // each tick shuffles it
	}
}

// stat is PC i's stat s: its value less 1 for a debility on it (option S21:
// not below -3).
func (k *kernel) stat(i int, s Stat) int {
	p := &k.pc[i]
	v := int(p.base[s])
	for d := Debility(0); d < NumDebilities; d++ {
		if p.debilities&(1<<d) != 0 && debilityStat[d] == s {
			v--
		}
	}
	if k.ru.S21 == S21Clamp {
		v = max(v, -3)
	}
	return v
}

// battle runs the battle clock of section 2.8 and returns how it ended.
func (k *kernel) battle() int {
	if k.tr != nil {
		for i := 0; i < k.np; i++ {
			k.tr.Add(0, k.pname(i), "%s", k.m.pcs[i].card)
		}
		for g := range k.m.groups {
			k.tr.Add(0, k.m.groups[g].name, "%s", k.m.groups[g].card)
		}
	}
	if k.ru.S13 == S13AtStart {
		k.jump()
	}
	for {
		if k.ticks >= k.m.maxRounds {
			if k.tr != nil {
				k.tr.Add(k.ticks, "", "the tick limit is reached")
			}
			return stalemate
		}
		k.ticks++
		k.pcsAct()
		if end := k.settled(); end != going {
			return end
		}
		if k.clock < ticksPerDay {
			k.clock++
		}
		if k.clock <= 3 {
			k.incidental(false)
		} else {
			k.concentrated()
			k.incidental(true)
		}
		k.endOfTick()
		if end := k.settled(); end != going {
			return end
		}
		if k.rec != nil { // nil when a test plays battle alone
			k.rec.Standing(k.ticks, k.standingMask())
		}
		if k.clock < 3 && !k.jumped {
			switch {
			case k.ru.S13 == S13AfterSeize && k.seized:
				k.jump()
			case k.ru.S13 == S13Chance && k.r.Chance(k.ru.S13P):
				k.jump()
			}
		}
		if k.clock >= ticksPerDay && k.ru.S15 == S15Midnight {
			if k.tr != nil {
				k.tr.Add(k.ticks, "", "midnight on the battle clock")
			}
			return midnight
		}
	}
}

// pcsAct has every PC act this tick (twice under S17 two), in an order
// drawn afresh each tick: the scenario's order is no rule.
func (k *kernel) pcsAct() {
	for i := 0; i < k.np; i++ {
		k.order[i] = int8(i)
	}
	for i := k.np - 1; i > 0; i-- {
		j := k.r.IntN(i + 1)
		k.order[i], k.order[j] = k.order[j], k.order[i]
	}
	k.startTick()
	for n := 0; n < k.np; n++ {
		i := int(k.order[n])
		k.act(i, 0)
		if k.ru.S17 == S17Two {
			k.act(i, 1)
		}
	}
}

// jump advances the battle clock to 9:00: the sides fight in earnest.
func (k *kernel) jump() {
	k.clock = 3
	k.jumped = true
	if k.tr != nil {
		k.tr.Add(k.ticks, "", "the GM jumps the battle clock to 9:00")
	}
}

// startTick clears this tick's cover and lets PCs give 2-cover with hold,
// in the tick's random order of action (k.order), not the scenario's.
func (k *kernel) startTick() {
	k.seized = false
	for i := 0; i < k.np; i++ {
		k.pc[i].covered = false
		k.pc[i].halted = false
		k.pc[i].acted = false
	}
	for n := 0; n < k.np; n++ {
		i := int(k.order[n])
		p := &k.pc[i]
		if p.status != Active || p.hold <= 0 {
			continue
		}
		if a := k.m.pcs[i].policy.CoverWith(&k.view, i); a >= 0 && a < k.np && k.pc[a].status == Active {
			p.hold--
			k.pc[a].cover += 2
			if k.tr != nil {
				k.tr.Add(k.ticks, k.pname(i), "spends 1 hold: 2-cover for %s", k.pname(a))
			}
		}
	}
}

// endOfTick: an untenable position draws fire (ticks 1-3), untreated harm
// may worsen (S20), covered PCs may regain a shield point (S7).
func (k *kernel) endOfTick() {
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		if p.status != Active {
			continue
		}
		if p.untenable && !p.acted && k.clock <= 3 && !p.covered {
			if j := k.randomEnemy(); j >= 0 {
				if k.tr != nil {
					k.tr.Add(k.ticks, k.pname(i), "is caught in an untenable position")
				}
				k.enemyFires(j, i, srcConcentrated)
			}
		}
		if k.ru.S20 == S20PerTick {
			k.worsen(i)
		}
		if k.ru.S7 == S7RegenCovered && p.covered && int(p.shields) < k.m.pcs[i].shields {
			p.shields++
		}
	}
}

// worsen: harm at 10:00 or 11:00 gets worse untreated (option S20).
func (k *kernel) worsen(i int) {
	p := &k.pc[i]
	if int(p.harm) > k.nine && int(p.harm) < k.full && p.status != Dead {
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "the untreated harm gets worse")
		}
		k.addHarm(i, 1, srcMove)
	}
}

// activePCs counts the PCs still in the battle and conscious.
func (k *kernel) activePCs() int {
	n := 0
	for i := 0; i < k.np; i++ {
		if k.pc[i].status == Active {
			n++
		}
	}
	return n
}

// standingMask says who is still fighting, for sim.Record.Standing: bit i
// for PC i, bit np+j for enemy j, while Active (in the order of the schema's
// combatants). The kernel reports it at the end of every tick and when the
// battle ends.
func (k *kernel) standingMask() uint64 {
	var m uint64
	for i := 0; i < k.np; i++ {
		if k.pc[i].status == Active {
			m |= 1 << i
		}
	}
	for j := 0; j < k.ne; j++ {
		if k.en[j].status == Active {
			m |= 1 << (k.np + j)
		}
	}
	return m
}

// groupActive reports whether group g has an active enemy.
func (k *kernel) groupActive(g int) bool {
	gs := &k.m.groups[g]
	for j := gs.first; j < gs.last; j++ {
		if k.en[j].status == Active {
			return true
		}
	}
	return false
}

// settled says whether the battle is over, and how. The PCs' side is
// judged first: a victory needs a PC still up and present, so the last
// enemy falling as the last PC drops is a defeat (or a withdrawal, when a
// PC got out), as the spec's errata E-C8 reads its sister game.
func (k *kernel) settled() int {
	if k.activePCs() == 0 {
		for i := 0; i < k.np; i++ {
			if k.pc[i].status == Withdrawn {
				return withdrawal
			}
		}
		return defeat
	}
	for j := 0; j < k.ne; j++ {
		if k.en[j].status == Active {
			return going
		}
	}
	return victory
}

// finish: the violence is over. Untreated harm may worsen (S20 "end"),
// shock goes back to 9:00. It returns how the battle ended: a battle whose
// last PC the worsening harm kills is a defeat (or a withdrawal, when one
// got out), whatever the clock said.
func (k *kernel) finish(end int) int {
	if k.ru.S20 == S20End {
		for i := 0; i < k.np; i++ {
			k.worsen(i)
		}
		if k.activePCs() == 0 && end != defeat && end != withdrawal {
			end = k.settled()
		}
	}
	if k.tr != nil {
		how := endNames[end]
		if end == midnight {
			how = "midnight: " + k.standingText()
		}
		k.tr.Add(k.ticks, "", "the battle ends after %d %s played, the battle clock at %s: %s; shock falls back to 9:00 and the unconscious wake",
			k.ticks, plural(k.ticks, "tick", "ticks"), clockTime(k.clock), how)
	}
	return end
}

// standingText says who still stands on each side, for the narration.
func (k *kernel) standingText() string {
	var pcs, ens []string
	for i := 0; i < k.np; i++ {
		if k.pc[i].status == Active {
			pcs = append(pcs, k.pname(i))
		}
	}
	for j := 0; j < k.ne; j++ {
		if k.en[j].status == Active {
			ens = append(ens, k.ename(j))
		}
	}
	verb := " still stands against "
	if len(pcs) > 1 {
		verb = " still stand against "
	}
	return andList(pcs) + verb + andList(ens)
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// andList joins names as "A, B and C".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// clockTime names a battle-clock position.
func clockTime(c int) string {
	return [...]string{"12:00", "3:00", "6:00", "9:00", "10:00", "11:00", "midnight"}[min(c, 6)]
}

func (k *kernel) record(rec *sim.Record, end int) {
	v := rec.Values
	nc := numCombatantMetrics
	var dead, harm, shock int
	var calls, debs, glitches, spent, absorbed, hInc, hCon, hMov int
	anyUnc, anyOut := false, false
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		base := i * nc
		if p.status == Dead {
			dead++
			rec.PerCombatant[base+cmDeath] = 1
		}
		if p.status == Dead || p.status == Unconscious || p.status == OutOfAction {
			rec.PerCombatant[base+cmOut] = 1
		}
		if p.everUnconscious {
			anyUnc = true
			rec.PerCombatant[base+cmUnconscious] = 1
		}
		anyOut = anyOut || p.everOut
		rec.PerCombatant[base+cmHarm] = int32(p.harm)
		if end == midnight && p.status == Active {
			rec.PerCombatant[base+cmAtMidnight] = 1
		}
		harm += int(p.harm)
		shock += int(p.shock)
		calls += int(p.calls)
		debs += int(p.debs)
		glitches += int(p.glitches)
		spent += int(p.spent)
		absorbed += int(p.absorbed)
		hInc += int(p.harmInc)
		hCon += int(p.harmCon)
		hMov += int(p.harmMoves)
	}
	out, edead := 0, 0
	for j := 0; j < k.ne; j++ {
		e := &k.en[j]
		base := (k.np + j) * nc
		if e.status != Active {
			out++
			rec.PerCombatant[base+cmOut] = 1
		}
		if e.status == Dead {
			edead++
			rec.PerCombatant[base+cmDeath] = 1
		}
		rec.PerCombatant[base+cmHarm] = int32(e.harm)
		if end == midnight && e.status == Active {
			rec.PerCombatant[base+cmAtMidnight] = 1
		}
	}
	rec.SetStandard(sim.Ending{Victory: end == victory, Defeat: end == defeat, Stalemate: end == stalemate,
		Rounds: k.ticks, Deaths: dead, Party: k.np})
	rec.Flag(mWithdrawal, end == withdrawal)
	rec.Flag(mMidnight, end == midnight)
	rec.Flag(mJumped, k.jumped)
	rec.Flag(mAnyUnconscious, anyUnc)
	rec.Flag(mAnyOut, anyOut)
	v[mCalls] = int32(calls)
	v[mDebilities] = int32(debs)
	v[mHarm] = int32(harm)
	v[mShock] = int32(shock)
	v[mGlitches] = int32(glitches)
	v[mShieldsSpent] = int32(spent)
	v[mAbsorbed] = int32(absorbed)
	v[mHarmIncidental] = int32(hInc)
	v[mHarmConcentrated] = int32(hCon)
	v[mHarmMoves] = int32(hMov)
	v[mEnemiesOut] = int32(out)
	v[mEnemiesDead] = int32(edead)
}

func (k *kernel) pname(i int) string { return k.m.pcs[i].name }
func (k *kernel) ename(j int) string { return k.m.enemies[j].name }

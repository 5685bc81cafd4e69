package catchthedevil

import (
	"fmt"
	"math/bits"
	"strings"

	"tpk/sim"
)

// pcState is a PC during an encounter.
type pcState struct {
	stat     [NumStats]int8
	temp     [NumStats]int8 // "until you leave here" (wounded Keep It Together 2 and 3)
	version  [NumMoves]uint8
	wounded  uint8 // moves wounded, as bits
	bonus    uint8 // moves with Suffer Harm 4's +1 while wounded, as bits
	shPen    int8  // cumulative Suffer Harm penalty
	shNext   int8  // one-shot on the next Suffer Harm
	kitPen   int8  // Keep It Together's -1 until calm
	kitNext  int8  // one-shot on the next Keep It Together
	allRolls int8  // wounded Keep It Together 4 (and C12 "minus-all")
	forward  int8  // one-shot on the next roll of any move
	fwdEsc   int8  // wounded Study 6: one-shot on the next evade or flee
	limb     bool  // wounded Suffer Harm 1's unusable body part (C23)
	lost     int8  // actions to lose (breaks, disorientation)
	react    Reaction
	reactAll bool // the reaction lasts the encounter (C8)
	trigger  int8 // the NPC that triggered the pending reaction, or -1
	status   Status
	mustFlee bool // wounded Keep It Together 4 on a 10+
	studied  bool // has Studied (C18 "after-study")
	tended   bool // dying but tended (C14 "untended")
	dyingRds int16
	seen     uint32 // horrendous sources already faced
	// tallies
	everDying, blackedOut, captured bool
	wounds, statLoss, breaks        int8
	shRolls, shWounded, kitRolls    int16
}

func (p *pcState) isWounded(m Move) bool { return p.wounded&(1<<m) != 0 }

func (p *pcState) unwounded() int { return int(NumMoves) - bits.OnesCount8(p.wounded) }

// npcState is an NPC during an encounter.
type npcState struct {
	conds  int8
	status Status
	spare  uint16 // PCs it skips attacking once (C36)
}

// shieldState is a Protect on a PC this round.
type shieldState struct {
	by    int8 // the protector, -1 for none
	band  Band
	extra bool // on a miss, the protector has already taken one attack
}

// hit is an NPC attack that lands on a PC, waiting for its Suffer Harm roll.
type hit struct{ pc, npc int8 }

const maxHits = 2*MaxNPCs + 8

// How an encounter ended.
const (
	going = iota
	victory
	defeat
	escape
	stalemate
)

var endNames = [...]string{"still going", "victory: no NPC is left in the fight",
	"defeat: every PC is out of action", "escape: no PC is left in the fight and at least one got out", "stalemate"}

// kernel plays encounters of one model; one per worker.
type kernel struct {
	m       *model
	ru      Rules
	r       *sim.Rand
	tr      *sim.Trace
	round   int
	np, nn  int
	pc      [MaxPCs]pcState
	npc     [MaxNPCs]npcState
	order   [MaxPCs]int8
	act     [MaxPCs]Action
	intent  [MaxNPCs]int8
	shield  [MaxPCs]shieldState
	pref    uint16 // preferred targets this round (C37)
	targets uint16 // PCs the NPCs may attack this round (View.Targets)
	hits    [maxHits]hit
	nh      int
	conds   int // conditions inflicted
	view    View
	mods    mods // the modifiers of the roll being made
	// forced holds 2d6 rolls tests impose, taken from the end (nForced of
	// them left); empty in runs.
	forced  [8]Roll
	nForced int
}

func newKernel(m *model) *kernel {
	k := &kernel{m: m, ru: m.rules, np: len(m.pcs), nn: len(m.npcs)}
	k.view.k = k
	return k
}

// Play resets the state, plays one encounter and records it.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	k.r, k.tr = r, tr
	k.reset()
	end := k.fight()
	k.finish(end)
	k.record(rec, end)
	k.r, k.tr = nil, nil
}

func (k *kernel) reset() {
	k.round = 0
	k.nh = 0
	k.conds = 0
	k.pref = 0
	for i := 0; i < k.np; i++ {
		s := &k.m.pcs[i]
		p := &k.pc[i]
		*p = pcState{stat: s.stats, version: s.versions, wounded: s.wounded, bonus: s.bonus,
			shPen: s.shPen, kitPen: s.kitPen, trigger: -1}
		// The GM questions pre-roll versions (option C15: and wound the move).
		for m := Move(0); m < NumMoves; m++ {
			bit := uint8(1) << m
			if s.preroll&bit != 0 && p.version[m] == 0 {
				p.version[m] = uint8(k.r.IntN(6) + 1)
			}
			if s.preroll&bit != 0 && k.ru.Is(15, 1) {
				p.wounded |= bit
			}
			if p.wounded&bit != 0 && p.version[m] == 0 {
				p.version[m] = uint8(k.r.IntN(6) + 1)
			}
		}
		// Suffer Harm 4's +1 on a move healed since (C25).
		if !k.ru.Is(25, 1) {
			p.bonus &= p.wounded
		}
		k.shield[i] = shieldState{by: -1}
	}
	for j := 0; j < k.nn; j++ {
		k.npc[j] = npcState{}
		k.intent[j] = -1
	}
}

// fight runs the round loop of section 1.8 and returns how it ended.
func (k *kernel) fight() int {
	if k.tr != nil {
		for i := 0; i < k.np; i++ {
			k.tr.Add(0, k.pname(i), "%s%s", k.m.pcs[i].card, k.versionsText(i))
		}
		for j := 0; j < k.nn; j++ {
			k.tr.Add(0, k.nname(j), "%s", k.m.npcs[j].card)
		}
	}
	// Step 0: each PC faces each horrendous source once (option C9).
	for i := 0; i < k.np; i++ {
		for j := 0; j < k.nn; j++ {
			if k.m.npcs[j].horrendous && k.pc[i].status == Active {
				k.faceHorror(i, j)
			}
		}
	}
	for k.round = 1; k.round <= k.m.maxRounds; k.round++ {
		k.declare()
		if k.ru.Is(9, c9EveryAttack) {
			for j := 0; j < k.nn; j++ {
				if i := int(k.intent[j]); i >= 0 && k.m.npcs[j].horrendous && k.pc[i].status == Active {
					if k.tr != nil {
						k.tr.Add(k.round, k.pname(i), "%s comes at them", k.nname(j))
					}
					k.keepItTogether(i, j)
				}
			}
		}
		k.choose()
		k.protects()
		for n := 0; n < k.np; n++ {
			k.resolve(int(k.order[n]))
		}
		k.endOfRound()
		if end := k.settled(); end != going {
			return end
		}
	}
	k.round = k.m.maxRounds
	if k.activeNPCs() == 0 {
		return victory // the round limit cut finishing off short (option C19)
	}
	if k.tr != nil {
		k.tr.Add(k.round, "", "the round limit is reached: stalemate")
	}
	return stalemate
}

// faceHorror rolls Keep It Together the first time PC i faces NPC j's
// source.
func (k *kernel) faceHorror(i, j int) {
	src := uint32(1) << k.m.npcs[j].source
	if k.pc[i].seen&src != 0 {
		return
	}
	k.pc[i].seen |= src
	if k.tr != nil {
		k.tr.Add(k.round, k.pname(i), "sees %s", k.nname(j))
	}
	k.keepItTogether(i, j)
}

// activeNPCs counts the NPCs still in the fight.
func (k *kernel) activeNPCs() int {
	n := 0
	for j := 0; j < k.nn; j++ {
		if k.npc[j].status == Active {
			n++
		}
	}
	return n
}

// activePCs counts the PCs still in the fight.
func (k *kernel) activePCs() int {
	n := 0
	for i := 0; i < k.np; i++ {
		if k.pc[i].status == Active {
			n++
		}
	}
	return n
}

// finishing reports whether the PCs are finishing off incapacitated NPCs
// (option C19 "finish-off"): none is active, one is incapacitated.
func (k *kernel) finishing() bool {
	if !k.ru.Is(19, 1) || k.activeNPCs() > 0 {
		return false
	}
	for j := 0; j < k.nn; j++ {
		if k.npc[j].status == Incapacitated {
			return true
		}
	}
	return false
}

// attackable reports whether a PC may attack NPC j.
func (k *kernel) attackable(j int) bool {
	switch k.npc[j].status {
	case Active:
		return true
	case Incapacitated:
		return k.finishing()
	}
	return false
}

// settled says whether the fight is over, and how.
func (k *kernel) settled() int {
	if k.activeNPCs() == 0 {
		if k.activePCs() > 0 && k.finishing() {
			return going
		}
		return victory
	}
	if k.activePCs() == 0 {
		for i := 0; i < k.np; i++ {
			if k.pc[i].status == Fled {
				return escape
			}
		}
		return defeat
	}
	return going
}

// endOfRound counts the rounds of untended dying PCs (option C14).
func (k *kernel) endOfRound() {
	for i := 0; i < k.np; i++ {
		k.shield[i] = shieldState{by: -1}
	}
	if !k.ru.Is(14, c14Untended) {
		return
	}
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		if p.status != Dying || p.tended {
			continue
		}
		p.dyingRds++
		if int(p.dyingRds) >= k.m.dyingRds {
			p.status = Dead
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "dies, untended for %d rounds", p.dyingRds)
			}
		}
	}
}

// finish applies what happens when the fight is over: the death policy
// (option C14) and capture (C13).
func (k *kernel) finish(end int) {
	won := end == victory
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		if p.status == Dying && !won && (k.ru.Is(14, c14UnlessWon) || k.ru.Is(14, c14Untended) && !p.tended) {
			p.status = Dead
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "dies: the PCs did not win and nobody tends them")
			}
		}
		if p.status == BlackedOut && !won && k.ru.Is(13, c13Captured) {
			p.captured = true
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "is captured while blacked out")
			}
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, "", "the fight ends: %s after %d rounds", endNames[end], k.round)
	}
}

func (k *kernel) record(rec *sim.Record, end int) {
	v := rec.Values
	var dead, dying, blackouts, fled, captured, wounds, shRolls, shWounded, kitRolls, breaks, statLoss int
	nc := numCombatantMetrics
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		base := i * nc
		if p.status == Dead {
			dead++
			rec.PerCombatant[base+cmDeath] = 1
		}
		if p.everDying {
			dying++
			rec.PerCombatant[base+cmDying] = 1
		}
		if p.status == Dead || p.status == Dying || p.status == BlackedOut {
			rec.PerCombatant[base+cmDown] = 1
		}
		if p.status == Fled {
			fled++
			rec.PerCombatant[base+cmFled] = 1
		}
		rec.PerCombatant[base+cmWounds] = int32(bits.OnesCount8(p.wounded))
		if p.blackedOut {
			blackouts++
		}
		if p.captured {
			captured++
		}
		wounds += int(p.wounds)
		shRolls += int(p.shRolls)
		shWounded += int(p.shWounded)
		kitRolls += int(p.kitRolls)
		breaks += int(p.breaks)
		statLoss += int(p.statLoss)
	}
	down, npcDead := 0, 0
	for j := 0; j < k.nn; j++ {
		n := &k.npc[j]
		base := (k.np + j) * nc
		if n.status != Active {
			down++
			rec.PerCombatant[base+cmDown] = 1
		}
		if n.status == Dead {
			npcDead++
			rec.PerCombatant[base+cmDeath] = 1
		}
		rec.PerCombatant[base+cmWounds] = int32(n.conds)
	}
	flag := func(i int, b bool) {
		if b {
			v[i] = 1
		}
	}
	flag(sim.Victory, end == victory)
	flag(sim.Defeat, end == defeat)
	flag(sim.TPK, dead == k.np)
	flag(sim.AnyDeath, dead > 0)
	flag(sim.Stalemate, end == stalemate)
	v[sim.Rounds] = int32(k.round)
	v[sim.Deaths] = int32(dead)
	flag(mEscape, end == escape)
	flag(mAnyDying, dying > 0)
	flag(mAnyBlackout, blackouts > 0)
	v[mDying] = int32(dying)
	v[mBlackouts] = int32(blackouts)
	v[mFled] = int32(fled)
	v[mCaptured] = int32(captured)
	v[mWounds] = int32(wounds)
	v[mSHRolls] = int32(shRolls)
	v[mSHWounded] = int32(shWounded)
	v[mKITRolls] = int32(kitRolls)
	v[mBreaks] = int32(breaks)
	v[mStatLoss] = int32(statLoss)
	v[mNPCsDown] = int32(down)
	v[mNPCsDead] = int32(npcDead)
	v[mConditions] = int32(k.conds)
}

func (k *kernel) pname(i int) string { return k.m.pcs[i].name }
func (k *kernel) nname(j int) string { return k.m.npcs[j].name }

// versionsText lists PC i's known versions and wounded moves at the start,
// for the narration.
func (k *kernel) versionsText(i int) string {
	p := &k.pc[i]
	var parts []string
	for m := Move(0); m < NumMoves; m++ {
		if p.version[m] == 0 {
			continue
		}
		s := fmt.Sprintf("%s version %d", m.Title(), p.version[m])
		if p.isWounded(m) {
			s += " (wounded)"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

package catchthedevil

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/pbta"
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
	thr    int8 // its threshold
	status Status
	spare  uint16 // PCs it skips attacking once (C36)
}

// guardState is PC i's shield roll this round, when it Protects an ally
// (kernel.guards says whom).
type guardState struct {
	band  Band
	extra bool // on a miss, the protector has already taken one attack
}

// hit is an NPC attack that lands on a PC, waiting for its Suffer Harm roll.
type hit struct{ pc, npc int8 }

// maxHits bounds the queue: a PC's resolution queues at most two hits per
// NPC and a few more (a power of two, for the mask in queue).
const maxHits = 64

// How an encounter ended.
const (
	going = iota
	victory
	defeat
	escape
	stalemate
)

var endNames = [...]string{"still going", "victory: no NPC is left in the fight and a PC still stands",
	"defeat: every PC is out of action", "escape: no PC is left in the fight and at least one got out", "stalemate"}

// kernel plays encounters of one model; one per worker.
type kernel struct {
	m       *model
	ru      Rules
	r       *sim.Rand
	tr      *sim.Trace
	rec     *sim.Record // the encounter's record, for Standing
	round   int
	np, nn  int
	pc      [MaxPCs]pcState
	npc     [MaxNPCs]npcState
	order   [MaxPCs]int8
	act     [MaxPCs]Action
	prev    [MaxPCs]Action // each PC's action of the round before (View.LastAction)
	intent  [MaxNPCs]int8
	guards  [MaxPCs]uint16     // the PCs shielding PC i this round, as bits (errata E-C5: every one counts)
	guard   [MaxPCs]guardState // PC i's own shield roll this round
	pref    uint16             // preferred targets this round (C37)
	targets uint16             // PCs the NPCs may attack this round (View.Targets)
	hits    [maxHits]hit
	nh      int
	conds   int // conditions inflicted
	view    View
	mods    mods // the modifiers of the roll being made
	// forced holds 2d6 rolls tests impose, taken from the end (nForced of
	// them left); empty in runs.
	forced  [8]pbta.Roll
	nForced int

	// Who stands where, as bits (bit i for PC i, bit j for NPC j), kept by
	// setPC and setNPC so that nothing rescans the combatants.
	pcUp       uint16                   // PCs Active
	pcFled     uint16                   // PCs Fled
	pcOut      uint16                   // PCs BlackedOut
	npcUp      uint16                   // NPCs Active
	npcInc     uint16                   // NPCs Incapacitated
	att        [MaxPCs]uint16           // the NPCs whose declared attack is on PC i this round
	spared     bool                     // some NPC spares a PC this round (C36)
	shields    bool                     // some Protect is up this round
	protecting bool                     // some PC chose to Protect this round
	tending    uint16                   // dying PCs some PC chose to tend this round
	missed     uint16                   // PCs who missed a Take a Risk this round
	felled     uint16                   // NPCs whose attack has left a PC dying (option C39)
	weak       uint16                   // NPCs of threshold 2 or less, who may back off (option C39)
	answered   uint16                   // PCs an NPC's attack (or a GM move) came at this round
	pc0        [MaxPCs]pcState          // the PCs at the start of an encounter, before any roll
	npc0       [MaxNPCs]npcState        // the NPCs at the start of an encounter
	draw0      [MaxPCs]uint8            // the moves whose version each PC rolls at the start (bits)
	npcDmg     [MaxNPCs][MaxPCs]int8    // NPC j's damage against PC i's armor
	hurts      [MaxPCs]uint16           // the NPCs PC i's weapon can hurt (damage beyond their armor)
	perHit     [MaxPCs][MaxNPCs]float64 // the conditions a hit of PC i deals NPC j, on average (View.PerHit)
	horrors    uint16                   // horrendous NPCs
	uniform    uint16                   // NPCs whose policy is a UniformTargeter
	policy     [MaxPCs]PCPolicy         // each PC\'s policy (the model\'s, at hand)
	g          sim.Fast                 // the encounter's dice (seedRand)
	strong     *strong                  // strong play's part, nil when no combatant plays strong
}

// noIntent is every NPC declaring nothing.
var noIntent = func() (x [MaxNPCs]int8) {
	for j := range x {
		x[j] = -1
	}
	return
}()

// noAction is every PC idle (before the first round).
var noAction = func() (x [MaxPCs]Action) {
	for i := range x {
		x[i] = Action{Kind: Idle, Target: -1}
	}
	return
}()

// setPC sets PC i's status and the masks.
func (k *kernel) setPC(i int, st Status) {
	k.pc[i].status = st
	b := uint16(1) << i
	k.pcUp &^= b
	k.pcFled &^= b
	k.pcOut &^= b
	switch st {
	case Active:
		k.pcUp |= b
	case Fled:
		k.pcFled |= b
	case BlackedOut:
		k.pcOut |= b
	}
}

// setNPC sets NPC j's status and the masks.
func (k *kernel) setNPC(j int, st Status) {
	k.npc[j].status = st
	b := uint16(1) << j
	k.npcUp &^= b
	k.npcInc &^= b
	switch st {
	case Active:
		k.npcUp |= b
	case Incapacitated:
		k.npcInc |= b
	}
}

// suffering is the PCs who can still be hurt: in the fight, or blacked out
// under option C13 "targetable".
func (k *kernel) suffering() uint16 {
	if k.ru.C13 == C13Targetable {
		return k.pcUp | k.pcOut
	}
	return k.pcUp
}

// landingNPCs is the NPCs whose declared attacks still land (option C32).
func (k *kernel) landingNPCs() uint16 {
	if k.ru.C32 == C32Simultaneous {
		return 1<<MaxNPCs - 1
	}
	return k.npcUp
}

// newKernel returns a kernel of m; a rollout kernel is the one strong play
// replays encounters on (strong.go).
func newKernel(m *model, rollout bool) *kernel {
	k := &kernel{m: m, ru: m.rules, np: len(m.pcs), nn: len(m.npcs)}
	k.view.k = k
	for i := range m.pcs {
		s := &m.pcs[i]
		k.policy[i] = s.policy
		p := &k.pc0[i]
		*p = pcState{stat: s.stats, version: s.versions, wounded: s.wounded, bonus: s.bonus,
			shPen: s.shPen, kitPen: s.kitPen, trigger: -1}
		// The GM questions pre-roll versions (option C15: and wound the
		// move); each move without a known version that is pre-rolled or
		// wounded rolls one at the start, in move order.
		for mv := Move(0); mv < NumMoves; mv++ {
			bit := uint8(1) << mv
			if s.preroll&bit != 0 && k.ru.C15 == C15Wounded {
				p.wounded |= bit
			}
			if (s.preroll|p.wounded)&bit != 0 && p.version[mv] == 0 {
				k.draw0[i] |= bit
			}
		}
		// Suffer Harm 4's +1 on a move healed since (C25).
		if k.ru.C25 == C25Lost {
			p.bonus &= p.wounded
		}
		for j := range m.npcs {
			k.npcDmg[j][i] = int8(max(0, m.npcs[j].damage-b2i(s.armor)))
			if s.damage > b2i(m.npcs[j].armor) {
				k.hurts[i] |= 1 << j
			}
			over := m.npcs[j].threshold
			if k.ru.C16 == C16Meets {
				over--
			}
			dice := min(s.damage-b2i(m.npcs[j].armor), MaxDice)
			k.perHit[i][j] = float64(max(dice, 0)) * float64(6-over) / 6
		}
	}
	for j := range m.npcs {
		k.npc0[j].thr = int8(m.npcs[j].threshold)
		if m.npcs[j].horrendous {
			k.horrors |= 1 << j
		}
		if m.npcs[j].threshold <= 2 && k.ru.C39 == C39BacksOff {
			k.weak |= 1 << j
		}
		if _, ok := m.npcs[j].policy.(UniformTargeter); ok {
			k.uniform |= 1 << j
		}
	}
	k.initStrong(rollout)
	return k
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Play resets the state, plays one encounter and records it.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if k.strong != nil {
		k.strong.s.Begin(r, tr)
	}
	k.r, k.tr, k.rec = r, tr, rec
	k.reset()
	end := k.fight()
	k.finish(end)
	k.record(rec, end)
	k.r, k.tr, k.rec = nil, nil, nil
	if k.strong != nil {
		k.strong.s.End()
	}
}

func (k *kernel) reset() {
	k.seedRand()
	k.round = 0
	k.nh = 0
	k.conds = 0
	k.pref = 0
	copy(k.pc[:k.np], k.pc0[:k.np])
	for i := 0; i < k.np; i++ {
		for d := k.draw0[i]; d != 0; d &= d - 1 {
			k.pc[i].version[bits.TrailingZeros8(d)] = uint8(k.intN(6) + 1)
		}
	}
	k.guards = [MaxPCs]uint16{}
	k.shields, k.spared, k.protecting = false, false, false
	k.npc = k.npc0
	k.intent = noIntent
	k.att = [MaxPCs]uint16{}
	k.act = noAction
	k.pcUp = 1<<k.np - 1
	k.npcUp = 1<<k.nn - 1
	k.pcFled, k.pcOut, k.npcInc = 0, 0, 0
	k.missed, k.answered, k.felled = 0, 0, 0
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
	if k.horrors != 0 {
		for i := 0; i < k.np; i++ {
			for h := k.horrors; h != 0; h &= h - 1 {
				if k.pc[i].status == Active {
					k.faceHorror(i, bits.TrailingZeros16(h))
				}
			}
		}
	}
	k.rec.Standing(0, k.standingMask())
	for k.round = 1; k.round <= k.m.maxRounds; k.round++ {
		k.declare()
		if k.ru.C9 == C9EveryAttack {
			for h := k.horrors; h != 0; h &= h - 1 {
				j := bits.TrailingZeros16(h)
				if i := int(k.intent[j]); i >= 0 && k.pc[i].status == Active {
					if k.tr != nil {
						k.tr.Add(k.round, k.pname(i), "%s comes at them", k.nname(j))
					}
					k.keepItTogether(i, j)
				}
			}
		}
		k.choose()
		if k.protecting {
			k.protects()
		}
		for n := 0; n < k.np; n++ {
			// A PC out of the fight resolves only attacks on it while
			// blacked out under C13 targetable.
			if i := int(k.order[n]); k.suffering()&(1<<i) != 0 {
				k.resolve(i)
			}
		}
		if k.weak&k.npcUp != 0 {
			k.resolveNPCs()
		}
		if k.shields || k.ru.C14 == C14Untended {
			k.endOfRound()
		}
		k.rec.Standing(k.round, k.standingMask())
		if end := k.settled(); end != going {
			return end
		}
	}
	k.round = k.m.maxRounds
	if k.npcUp == 0 && k.pcUp != 0 {
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
func (k *kernel) activeNPCs() int { return bits.OnesCount16(k.npcUp) }

// activePCs counts the PCs still in the fight.
func (k *kernel) activePCs() int { return bits.OnesCount16(k.pcUp) }

// finishing reports whether the PCs are finishing off incapacitated NPCs
// (option C19 "finish-off"): none is active, one is incapacitated.
func (k *kernel) finishing() bool {
	return k.npcUp == 0 && k.npcInc != 0 && k.ru.C19 == C19FinishOff
}

// attackableNPCs is the NPCs a PC may attack: the active ones, or the
// incapacitated ones once none is active under option C19 "finish-off".
func (k *kernel) attackableNPCs() uint16 {
	if k.npcUp == 0 && k.ru.C19 == C19FinishOff {
		return k.npcInc
	}
	return k.npcUp
}

// attackable reports whether a PC may attack NPC j.
func (k *kernel) attackable(j int) bool { return k.attackableNPCs()&(1<<j) != 0 }

// standingMask says who is still in the fight, for sim.Record.Standing:
// bit i for PC i and bit np+j for NPC j (the schema's order) while Active.
// A PC who fled, blacked out, is dying or dead is out, as is an NPC
// incapacitated or dead; nobody comes back. The kernel reports it after
// the horrors of step 0 and at the end of every round, the last of which
// ends the fight.
func (k *kernel) standingMask() uint64 { return uint64(k.pcUp) | uint64(k.npcUp)<<k.np }

// settled says whether the fight is over, and how. A victory is the PCs
// holding the field (errata E-C8): no NPC is left in the fight and at
// least one PC is still up and present. When the last NPC falls as the
// last PC goes down, the fight is a defeat, or an escape if a PC got out.
func (k *kernel) settled() int {
	if k.npcUp == 0 && k.pcUp != 0 {
		if k.finishing() {
			return going
		}
		return victory
	}
	if k.pcUp == 0 {
		if k.pcFled != 0 {
			return escape
		}
		return defeat
	}
	return going
}

// resolveNPCs is NPC resolve at the end of a round (errata E-C7, option
// C39): "a short exchange of punches is typically not lethal". An NPC of
// threshold 2 or less (bystanders, drunks, thugs acting alone) backs off
// and leaves the fight once it has taken a condition and stands alone or
// outnumbered (fewer NPCs than PCs in the fight), or once its attack has
// left a PC dying. Judged at the end of the round, when the exchange is
// over, so that an attack it declared still lands.
func (k *kernel) resolveNPCs() {
	n, pcs := k.activeNPCs(), k.activePCs()
	for c := k.weak & k.npcUp; c != 0; c &= c - 1 {
		j := bits.TrailingZeros16(c)
		hurt := k.npc[j&(MaxNPCs-1)].conds > 0 && (n == 1 || n < pcs)
		if !hurt && k.felled&(1<<j) == 0 {
			continue
		}
		k.setNPC(j, Fled)
		if k.tr != nil {
			if hurt {
				k.tr.Add(k.round, k.nname(j), "has had enough and backs off")
			} else {
				k.tr.Add(k.round, k.nname(j), "sees what it has done and backs off")
			}
		}
	}
}

// endOfRound counts the rounds of untended dying PCs (option C14).
func (k *kernel) endOfRound() {
	if k.shields {
		k.guards = [MaxPCs]uint16{}
		k.shields = false
	}
	if k.ru.C14 != C14Untended {
		return
	}
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		if p.status != Dying || p.tended {
			continue
		}
		p.dyingRds++
		if int(p.dyingRds) >= k.m.dyingRds {
			k.setPC(i, Dead)
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
		if p.status == Dying && !won && (k.ru.C14 == C14UnlessWon || k.ru.C14 == C14Untended && !p.tended) {
			k.setPC(i, Dead)
			if k.tr != nil {
				k.tr.Add(k.round, k.pname(i), "dies: the PCs did not win and nobody tends them")
			}
		}
		if p.status == BlackedOut && !won && k.ru.C13 == C13Captured {
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
	const nc = numCombatantMetrics
	v := rec.Values[:mConditions+1]
	per := rec.PerCombatant[:(k.np+k.nn)*nc]
	var dead, dying, blackouts, fled, captured, wounds, shRolls, shWounded, kitRolls, breaks, statLoss int32
	for i := 0; i < k.np; i++ {
		p := &k.pc[i]
		c := per[i*nc : i*nc+nc]
		st := p.status
		if st == Dead {
			dead++
			c[cmDeath] = 1
		}
		if p.everDying {
			dying++
			c[cmDying] = 1
		}
		if st == Dead || st == Dying || st == BlackedOut {
			c[cmDown] = 1
		}
		if st == Fled {
			fled++
			c[cmFled] = 1
		}
		c[cmWounds] = int32(bits.OnesCount8(p.wounded))
		blackouts += b2i32(p.blackedOut)
		captured += b2i32(p.captured)
		wounds += int32(p.wounds)
		shRolls += int32(p.shRolls)
		shWounded += int32(p.shWounded)
		kitRolls += int32(p.kitRolls)
		breaks += int32(p.breaks)
		statLoss += int32(p.statLoss)
	}
	down, npcDead := int32(0), int32(0)
	for j := 0; j < k.nn; j++ {
		n := &k.npc[j]
		c := per[(k.np+j)*nc : (k.np+j)*nc+nc]
		switch n.status {
		case Incapacitated, Dead:
			down++
			c[cmDown] = 1
		case Fled:
			c[cmFled] = 1 // backed off (option C39)
		}
		if n.status == Dead {
			npcDead++
			c[cmDeath] = 1
		}
		c[cmWounds] = int32(n.conds)
	}
	rec.SetStandard(sim.Ending{Victory: end == victory, Defeat: end == defeat, Stalemate: end == stalemate,
		Rounds: k.round, Deaths: int(dead), Party: k.np})
	v[mEscape] = b2i32(end == escape)
	v[mAnyDying] = b2i32(dying > 0)
	v[mAnyBlackout] = b2i32(blackouts > 0)
	v[mDying] = dying
	v[mBlackouts] = blackouts
	v[mFled] = fled
	v[mCaptured] = captured
	v[mWounds] = wounds
	v[mSHRolls] = shRolls
	v[mSHWounded] = shWounded
	v[mKITRolls] = kitRolls
	v[mBreaks] = breaks
	v[mStatLoss] = statLoss
	v[mNPCsDown] = down
	v[mNPCsDead] = npcDead
	v[mConditions] = int32(k.conds)
}

func b2i32(b bool) int32 {
	if b {
		return 1
	}
	return 0
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

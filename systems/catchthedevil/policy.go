package catchthedevil

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems"
)

// This file is the decision interface the kernel calls. A PC policy chooses
// each PC's action for the round, the Keep It Together reaction the player
// picks on a 7-9, and the 7-9 hard choice of an exchange (trade blows or pull
// back); an NPC policy chooses whom each NPC attacks. The choices the spec
// gives to option tables (which move to wound, which stat to lower, Suffer
// Harm 3's choice, the break) are options C2, C20, C21 and C12, made by the
// kernel. Policies live in strategies/catchthedevil and register by name;
// they keep no state (one policy serves every worker) and must not allocate.

// ActionKind is what a PC does with its action in a round.
type ActionKind uint8

// The PC actions of section 1.8 (all of them Take a Risk, or Study).
const (
	Idle    ActionKind = iota // nothing: every attack on the PC lands
	Attack                    // Take a Risk to hurt Target (an NPC)
	Evade                     // Take a Risk + Quick against every attack aimed at the PC this round
	Flee                      // Take a Risk + Quick to get out
	StudyIt                   // the Study move (option C29)
	Protect                   // Take a Risk + Quick to shield Target (another PC) from this round's attacks
	Tend                      // Take a Risk + Sharp, 7+: a dying PC (Target) is tended (option C14 "untended")
)

var actionNames = [...]string{"idle", "attack", "evade", "flee", "study", "protect", "tend"}

// String names the action.
func (a ActionKind) String() string { return actionNames[a] }

// Action is a PC's choice for one round.
type Action struct {
	Kind   ActionKind
	Target int // the NPC to attack, or the PC to protect or tend
}

// Reaction is one of Keep It Together's four reactions.
type Reaction uint8

// The reactions (section 1.3) and their stand-ins (section 1.8).
const (
	NoReaction  Reaction = iota
	ScreamPanic          // lose the next action, no defence (C8 "panic-flees": flee)
	LashOut              // the next action attacks someone (C35), no evading
	BegPlead             // lose the next action (C36: a person who triggered it may spare the PC)
	CurlUp               // lose the next action, cannot evade (C37: preferred target)
)

var reactionNames = [...]string{"none", "screams and panics", "lashes out violently", "begs and pleads", "curls up and shuts down"}

// String describes the reaction.
func (r Reaction) String() string { return reactionNames[r] }

// PCPolicy decides for a PC.
type PCPolicy interface {
	// Act chooses the PC's action this round, after the NPCs have declared
	// their attacks (View.Intent). An impossible action (a target that is
	// not there) is done as the kernel's nearest equivalent: an attack on
	// another active NPC, or Idle.
	Act(v *View, self int) Action
	// React picks the reaction on a normal Keep It Together 7-9.
	React(v *View, self int) Reaction
	// PullBack answers the GM's hard choice on a 7-9 attack against an NPC
	// that is attacking the PC: true pulls back (neither lands), false
	// trades blows (both land).
	PullBack(v *View, self, npc int) bool
}

// NPCPolicy decides for an NPC.
type NPCPolicy interface {
	// Target chooses the PC the NPC attacks this round: one for which
	// View.CanTarget is true, or -1 for none.
	Target(v *View, self int) int
}

// UniformTargeter is an NPCPolicy whose Target is exactly UniformTarget.
// The kernel then calls UniformTarget itself, without the interface and
// without checking the target, instead of calling Target.
type UniformTargeter interface {
	NPCPolicy
	TargetsUniformly()
}

// UniformTarget is foe "default"'s choice for NPC self: a uniform choice
// among View.Targets(self), the x-th of them from the lowest with x =
// View.IntN(their number), or -1 when there is none. The strategy calls
// it, and so does the kernel for a UniformTargeter: the logic exists once.
func UniformTarget(v *View, self int) int { return v.k.uniformTarget(self) }

// uniformTarget is UniformTarget for NPC j.
func (k *kernel) uniformTarget(j int) int {
	m := uint8(k.targets &^ k.npc[j&(MaxNPCs-1)].spare)
	n := int(nPCs[m])
	if n == 0 {
		return -1
	}
	t := nthPC[m][0]
	if n > 1 {
		t = nthPC[m][k.intN(n)&(MaxPCs-1)]
	}
	return int(t)
}

// Policies are the registered strategies of each side, each side's default
// named here; strategies/catchthedevil registers into them from init.
var Policies = systems.NewRegistries[PCPolicy, NPCPolicy](ID, "fight", "default")

// Status is where a combatant stands.
type Status uint8

// PC statuses (an NPC is Active, Incapacitated or Dead).
const (
	Active Status = iota
	Fled
	BlackedOut
	Dying
	Dead
	Incapacitated
)

var statusNames = [...]string{"active", "fled", "blacked out", "dying", "dead", "incapacitated"}

// String names the status.
func (s Status) String() string { return statusNames[s] }

// View is a read-only window on an encounter in progress, handed to
// Policies. PCs are numbered 0..PCs()-1 and NPCs 0..NPCs()-1 in scenario
// order.
type View struct {
	k *kernel
}

// PCInfo is what a policy may know about a PC.
type PCInfo struct {
	Status    Status
	Active    bool // still in the fight
	Unwounded int  // moves not wounded (0..4)
	Wounded   [NumMoves]bool
	Fighter   bool // weapon damage 2+ or Tough +1 or more (the spec's test for lashing out)
	Damage    int  // weapon damage
	Ranged    bool
	Armor     bool
	Forward   int
	Tended    bool // dying but tended (option C14 "untended")
	MustFlee  bool // wounded Keep It Together 4: has to get out
	Stats     Stats
}

// NPCInfo is what a policy may know about an NPC.
type NPCInfo struct {
	Name       string
	Status     Status
	Active     bool
	Conditions int
	Threshold  int
	Damage     int // before the target's armor
	Armor      bool
	Horrendous bool
	Person     bool
}

// Round is the current round (0 before the first).
func (v *View) Round() int { return v.k.round }

// PCs is the number of PCs.
func (v *View) PCs() int { return v.k.np }

// NPCs is the number of NPCs.
func (v *View) NPCs() int { return v.k.nn }

// PC describes PC i.
func (v *View) PC(i int) PCInfo {
	p := &v.k.pc[i]
	s := &v.k.m.pcs[i]
	in := PCInfo{Status: p.status, Active: p.status == Active, Unwounded: p.unwounded(),
		Fighter: s.fighter, Damage: s.damage, Ranged: s.ranged, Armor: s.armor, Forward: int(p.forward),
		Tended: p.tended, MustFlee: p.mustFlee}
	for m := Move(0); m < NumMoves; m++ {
		in.Wounded[m] = p.isWounded(m)
	}
	for st := Stat(0); st < NumStats; st++ {
		in.Stats[st] = int(p.stat[st] + p.temp[st])
	}
	return in
}

// Active reports whether PC i is still in the fight.
func (v *View) Active(i int) bool { return v.k.pc[i].status == Active }

// Unwounded is the number of PC i's moves that are not wounded.
func (v *View) Unwounded(i int) int { return v.k.pc[i].unwounded() }

// SHWounded reports whether PC i's Suffer Harm is wounded (any miss is
// then dying).
func (v *View) SHWounded(i int) bool { return v.k.pc[i].isWounded(SufferHarm) }

// Forward is PC i's forward (on its next Take a Risk or Study).
func (v *View) Forward(i int) int { return int(v.k.pc[i].forward) }

// Fighter reports whether PC i is a fighter: weapon damage 2+ or Tough +1
// or more (the spec's test for lashing out).
func (v *View) Fighter(i int) bool { return v.k.m.pcs[i].fighter }

// Targets is the set of PCs NPC j may attack this round, as bits (bit i
// for PC i; see CanTarget).
func (v *View) Targets(j int) uint16 { return v.k.targets &^ v.k.npc[j].spare }

// NPC describes NPC j.
func (v *View) NPC(j int) NPCInfo {
	n := &v.k.npc[j]
	s := &v.k.m.npcs[j]
	return NPCInfo{Name: s.name, Status: n.status, Active: n.status == Active, Conditions: int(n.conds),
		Threshold: s.threshold, Damage: s.damage, Armor: s.armor, Horrendous: s.horrendous, Person: s.person}
}

// NPCActive reports whether NPC j is still in the fight.
func (v *View) NPCActive(j int) bool { return v.k.npc[j].status == Active }

// Conditions is NPC j's number of conditions.
func (v *View) Conditions(j int) int { return int(v.k.npc[j].conds) }

// ToDrop is the number of conditions NPC j still needs to be incapacitated
// (to die, once incapacitated).
func (v *View) ToDrop(j int) int {
	n, t := int(v.k.npc[j].conds), v.k.m.npcs[j].threshold
	if n >= t {
		return 2*t - n
	}
	return t - n
}

// ToLeave is the number of conditions NPC j still needs to be out of the
// fight: ToDrop, or one when NPC resolve (option C39) has it back off at
// its first condition (threshold 2 or less, alone or outnumbered).
func (v *View) ToLeave(j int) int {
	k := v.k
	if k.weak&(1<<j) != 0 && k.npc[j].conds == 0 {
		if n := k.activeNPCs(); n == 1 || n < k.activePCs() {
			return 1
		}
	}
	return v.ToDrop(j)
}

// DefaultTarget is the NPC PC i attacks when its policy has no better
// idea (and when its choice is not there any more): among those its weapon
// can hurt if any, one attacking it that is closest to going down
// (ToDrop), else any it may attack, closest to going down; -1 when there
// is none.
func (v *View) DefaultTarget(i int) int { return v.k.retarget(i) }

// LastAction is what PC i did the round before (Idle in the first round,
// and when it lost its action).
func (v *View) LastAction(i int) Action { return v.k.prev[i] }

// AttackStat is the stat PC i attacks with (option C3).
func (v *View) AttackStat(i int) Stat { return v.k.attackStat(i) }

// RiskMod is the net modifier PC i's Take a Risk with stat s would have
// now, without using anything up: the stat, its change until leaving,
// wounded Take a Risk's adjustment, an unusable body part, Suffer Harm 4's
// bonus, the penalty to all rolls, forward, and when escaping (evade or
// flee) wounded Study 6's forward to get away. The +1 for an NPC's
// conditions is not in it.
func (v *View) RiskMod(i int, s Stat, escaping bool) int {
	k := v.k
	p := &k.pc[i]
	mod := k.statValue(i, s, TakeARisk) + int(p.allRolls) + int(p.forward)
	if p.limb && (s == Tough || s == Quick) {
		mod--
	}
	if escaping {
		mod += int(p.fwdEsc)
	}
	if p.bonus&p.wounded&(1<<TakeARisk) != 0 {
		mod++
	}
	return mod
}

// StudyRisk is the chance that PC i's Study now brings trouble: the GM's
// complication (one more NPC attack), or wounded Study 3's wound on a miss.
func (v *View) StudyRisk(i int) float64 {
	k := v.k
	p := &k.pc[i]
	ver := 0
	if p.isWounded(Study) {
		ver = int(p.version[Study])
	}
	mod := k.statValue(i, Sharp, Study) + int(p.allRolls) + int(p.forward)
	if p.bonus&p.wounded&(1<<Study) != 0 {
		mod++
	}
	b := ExactMove(mod)
	risk := 0.0
	for x := 0; x < 3; x++ {
		if studyComp[ver][x] || ver == 3 && x == 2 {
			risk += b[x]
		}
	}
	return risk
}

// HarmMod is the net modifier of the Suffer Harm roll PC i would make now
// if NPC j's attack landed: Tough less the damage after armor, the Suffer
// Harm penalties and one-shot, Suffer Harm 4's bonus and the penalty to
// all rolls.
func (v *View) HarmMod(i, j int) int {
	k := v.k
	p := &k.pc[i]
	mod := k.statValue(i, Tough, SufferHarm) - k.npcDamageTo(j, i) + int(p.shPen) + int(p.shNext) + int(p.allRolls)
	if p.bonus&p.wounded&(1<<SufferHarm) != 0 {
		mod++
	}
	return mod
}

// Intent is the PC NPC j attacks this round, or -1.
func (v *View) Intent(j int) int { return int(v.k.intent[j]) }

// Attackers is the number of NPCs that declared an attack on PC i this
// round.
func (v *View) Attackers(i int) int { return bits.OnesCount16(v.k.att[i]) }

// ActiveSet is the set of PCs still in the fight, as bits (bit i for PC
// i).
func (v *View) ActiveSet() uint16 { return v.k.pcUp }

// UnderAttack is the set of PCs on which some NPC declared an attack this
// round, as bits (Attackers(i) > 0).
func (v *View) UnderAttack() uint16 {
	s := uint16(0)
	for i := 0; i < v.k.np; i++ {
		if v.k.att[i&(MaxPCs-1)] != 0 {
			s |= 1 << i
		}
	}
	return s
}

// ActiveNPCs is the number of NPCs still in the fight.
func (v *View) ActiveNPCs() int { return v.k.activeNPCs() }

// ActivePCs is the number of PCs still in the fight.
func (v *View) ActivePCs() int { return v.k.activePCs() }

// CanTarget reports whether NPC j may attack PC i this round: i is in the
// fight (or blacked out under option C13 "targetable"), j has not been
// talked out of attacking i (C36), and, when some PC is the preferred
// target (C37), i is one.
func (v *View) CanTarget(j, i int) bool { return v.k.canTarget(j, i) }

// CanFinish reports whether PC i may attack NPC j: j is active, or
// incapacitated once no NPC is active under option C19 "finish-off".
func (v *View) CanFinish(i, j int) bool { return v.k.attackable(j) }

// CanHurt reports whether PC i's weapon can hurt NPC j: its damage is
// beyond j's armor, so that a hit rolls at least one damage die.
func (v *View) CanHurt(i, j int) bool { return v.k.hurts[i]&(1<<j) != 0 }

// PerHit is the number of conditions a hit of PC i's weapon deals NPC j
// on average: its damage dice beyond j's armor times each die's chance to
// beat j's threshold (option C16); 0 when the weapon cannot hurt j.
func (v *View) PerHit(i, j int) float64 { return v.k.perHit[i][j] }

// StudyAllowed reports whether Study is of use in a fight (option C29).
func (v *View) StudyAllowed() bool { return v.k.ru.C29 != C29Disabled }

// BeingTended reports whether a PC that has chosen already this round
// chose to tend PC q.
func (v *View) BeingTended(q int) bool { return v.k.tending&(1<<q) != 0 }

// Tending reports whether dying PCs can be tended (option C14 "untended").
func (v *View) Tending() bool { return v.k.ru.C14 == C14Untended }

// Strict reports whether NPCs attack only through the GM's moves (option
// C4 "strict"): there are no declared attacks to evade.
func (v *View) Strict() bool { return v.k.ru.C4 == C4Strict }

// Wargame reports whether declared attacks always land (option C4
// "wargame"): evading is of no use.
func (v *View) Wargame() bool { return v.k.ru.C4 == C4Wargame }

// Rules returns the options in force.
func (v *View) Rules() Rules { return v.k.ru }

// IntN returns a uniform integer in [0, n) from the encounter's generator,
// for policies that choose at random.
func (v *View) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	return v.k.intN(n)
}

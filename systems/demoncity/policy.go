package demoncity

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// ActionKind is what a combatant announces.
type ActionKind uint8

// The actions of an Action Round.
const (
	// Pass: nothing the rules need to resolve.
	Pass ActionKind = iota
	// Attack one foe (punch, stab, shoot, grab...). Contested.
	Attack
	// Defend: only defend this round (dodge or block), which gives the
	// Defense throw but not the Weapon throw (errata E-DC7: that is for
	// "attacking (or parrying) with a weapon"). Target names the foe defended against, or -1 for
	// whoever attacks. It throws cards only when an attack is aimed at the
	// defender (DC-25 "target-only"); under DC-25 "guard" a Defend against
	// a named foe who attacks someone else stays in that foe's clash and
	// adds a card to its side without taking the attack slot.
	Defend
	// Flee: run away (a defensive action: Defense throw). Each success
	// is one escape step; scene `escape:` steps and the fleer is gone.
	// Unopposed, it is a static Agility throw against the scene's
	// `flee_intensity:` (0: it simply happens).
	Flee
)

var actionNames = [...]string{"pass", "attack", "defend", "flee"}

// String names the action.
func (a ActionKind) String() string { return actionNames[a] }

// Action is an announcement.
type Action struct {
	Kind       ActionKind
	Target     int  // a combatant index; -1 for none (Pass, Flee) or anyone (Defend)
	CalledShot bool // Attack only: a called shot (a voluntary lost throw)
}

// AttackOn announces an attack on combatant t.
func AttackOn(t int) Action { return Action{Kind: Attack, Target: t} }

// DefendAgainst announces a defence against combatant t (-1: anyone).
func DefendAgainst(t int) Action { return Action{Kind: Defend, Target: t} }

// FleeAway announces running away.
func FleeAway() Action { return Action{Kind: Flee, Target: -1} }

// PassTurn announces nothing.
func PassTurn() Action { return Action{Kind: Pass, Target: -1} }

// Policy decides what one combatant announces in an Action Round. A policy
// is shared by every kernel (every worker), so it must keep no state of its
// own: everything it may look at is in the View, and its random choices
// come from View.Rand. Announce must not allocate.
type Policy interface {
	Announce(v *View, self int) Action
}

// Policies are the registered strategies of each side, each side's default
// named here; strategies/demoncity registers into them from init.
var Policies = systems.NewRegistries[Policy, Policy](ID, "gang-up", "default")

// View is what a policy may look at: the encounter as the announcing
// combatant sees it. Combatants are numbered 0..N()-1, the party first.
type View struct {
	k  *kernel
	m  *model
	st *[MaxCombatants]fstate
}

// N is the number of combatants.
func (v *View) N() int { return v.m.n }

// Name is combatant i's name.
func (v *View) Name(i int) string { return v.m.names[i] }

// Party reports whether i is on the party's side.
func (v *View) Party(i int) bool { return v.m.f[i].party }

// Horror reports whether i is a horror (rather than a person).
func (v *View) Horror(i int) bool { return v.m.f[i].horror }

// Enemies reports whether a and b are on opposite sides.
func (v *View) Enemies(a, b int) bool { return v.m.f[a].party != v.m.f[b].party }

// Standing reports whether i is in the fight and on its feet (a panicked
// character is standing).
func (v *View) Standing(i int) bool { return v.st[i].state == up }

// StandingEnemies is the set of self's enemies who are standing, as a bit
// mask: bit i for combatant i. Iterate it lowest index first with
// bits.TrailingZeros16 and m &= m - 1.
func (v *View) StandingEnemies(self int) uint16 { return v.k.up & v.m.enemies(self) }

// StandingAllies is the set (bit i for combatant i) of self's allies, not
// self, who are standing.
func (v *View) StandingAllies(self int) uint16 {
	return v.k.up &^ v.m.enemies(self) &^ bit(self)
}

// Targets is the set (bit i for combatant i) of the combatants self may
// attack: CanTarget as a mask.
func (v *View) Targets(self int) uint16 {
	ok := v.k.up
	if v.m.rules.DC5 != DC5Ignore || v.m.rules.DC26 == DC26KeepDown {
		ok |= v.k.down
	}
	return ok & v.m.enemies(self)
}

// Attackers is the set (bit i for combatant i) of those who have announced
// an attack on self so far this round.
func (v *View) Attackers(self int) uint16 { return v.k.atkMask[self] }

// Down reports whether i is Out of the Fight.
func (v *View) Down(i int) bool { return v.st[i].state == down }

// Gone reports whether i is dead or has escaped.
func (v *View) Gone(i int) bool { s := v.st[i].state; return s == dead || s == fled }

// CanTarget reports whether self may attack i: an enemy who is standing, or
// down when option DC-5 lets downed characters be targeted or DC-26
// keep-down lets them be kept down.
func (v *View) CanTarget(self, i int) bool { return v.k.canTarget(self, i) }

// KeepsDown reports whether a blow on a downed foe keeps it down without a
// clash (option DC-26 keep-down, where DC-5 leaves the downed alone): its
// next throw to get up loses a throw.
func (v *View) KeepsDown() bool {
	return v.m.rules.DC5 == DC5Ignore && v.m.rules.DC26 == DC26KeepDown
}

// DownedTargetable reports whether option DC-5 lets downed characters be
// attacked at all.
func (v *View) DownedTargetable() bool { return v.m.rules.DC5 != DC5Ignore }

// Panicked reports whether i is in a Panic (it may only defend or flee).
func (v *View) Panicked(i int) bool { return v.st[i].panic }

// Toughness is i's current Toughness.
func (v *View) Toughness(i int) int { return v.st[i].curT }

// BaseToughness is i's base Toughness.
func (v *View) BaseToughness(i int) int { return v.m.f[i].toughness }

// Agility is i's Agility.
func (v *View) Agility(i int) int { return v.m.f[i].agility }

// AttackStat is the stat i attacks with.
func (v *View) AttackStat(i int) int { return v.m.f[i].atk }

// Injured reports whether i loses a throw for injury.
func (v *View) Injured(i int) bool { return v.st[i].injured }

// Announced returns i's announcement this round, if i has announced yet
// (slower combatants announce first).
func (v *View) Announced(i int) (Action, bool) {
	s := &v.st[i]
	return s.act, s.announced
}

// LastTarget is the combatant i last attacked (in an earlier round), or -1.
func (v *View) LastTarget(i int) int { return int(v.st[i].lastTarget) }

// Escape returns i's escape steps so far and the steps the scene needs.
func (v *View) Escape(i int) (done, needed int) { return v.st[i].escape, v.m.escape }

// KillsDowned reports whether a landed attack on a downed character kills
// it: downed characters may be attacked (DC-5 other than ignore) and such an
// attack kills (DC-5 coup-de-grace, or DC-4 hit-while-down).
func (v *View) KillsDowned() bool {
	return v.m.rules.DC5 == DC5CoupDeGrace || (v.m.rules.DC5 == DC5Normal && v.m.rules.DC4 == DC4HitWhileDown)
}

// Guarding reports whether a defence against a foe who attacks someone else
// still adds a card to the defender's side (option DC-25 "guard"); under
// the default, "target-only", a defence throws only for someone attacked.
func (v *View) Guarding() bool { return v.m.rules.DC25 == DC25Guard }

// Round is the current Action Round, from 1.
func (v *View) Round() int { return v.k.round }

// Rand is the encounter's generator, for random choices.
func (v *View) Rand() *sim.Rand { return v.k.r }

// AttackThrows is the number of cards self would throw attacking t this
// round, with t standing towards self as t has announced so far (a
// combatant yet to announce counts as not set against self): the extra
// throws of section 1.5 (Higher Stat, Distraction, Weapon, Supernatural,
// advantages) less lost ones (injury, disadvantages), at least one.
func (v *View) AttackThrows(self, t int) int { return v.k.attackCards(self, t) }

// KnockChance is the chance that an attack landing on t now puts it Out of
// the Fight (1 for one already down): under DC-1 lowest-of-t (and cap-5,
// d10) the chance that the lowest of its damage cards, counted as
// independent d10s, beats its Toughness left (and its armor under DC-17
// subtract; DC-17 cards adds cards); 1 under any-hit-down or for Base
// Toughness 0 (the Injured box); under fixed-1, whether 1 damage takes it
// below 0.
func (v *View) KnockChance(t int) float64 {
	m, s := v.m, &v.st[t]
	f := &m.f[t]
	if s.state != up || m.rules.DC1 == DC1AnyHitDown || f.toughness == 0 {
		return 1
	}
	over := s.curT // damage must exceed this
	if m.rules.DC17 == DC17Subtract {
		over += f.armor
	}
	if m.rules.DC1 == DC1Fixed1 {
		if 1 > over {
			return 1
		}
		return 0
	}
	n := f.toughness
	if m.rules.DC1 == DC1Cap5 {
		n = min(n, cap5Cards)
	}
	if m.rules.DC17 == DC17Cards {
		n += f.armor
	}
	if over < 0 {
		return 1
	}
	p := 1.0
	for range n {
		p *= float64(max(10-over, 0)) / 10
	}
	return p
}

// Knockdowns is how often i has been knocked Out of the Fight so far in
// this encounter.
func (v *View) Knockdowns(i int) int { return v.st[i].knockdowns }

// Dead reports whether i is dead (only under DC-4 other than none, or DC-5
// coup-de-grace).
func (v *View) Dead(i int) bool { return v.st[i].state == dead }

// Mortal reports whether a party member can die in this fight: option DC-4
// other than none, or DC-5 coup-de-grace.
func (v *View) Mortal() bool { return noDeath(v.m.rules) == "" }

// Clashes is the encounter's clash record so far, as the party sees it on
// the table: the clashes thrown, those the party's side won, and the ties
// between the sides.
func (v *View) Clashes() (clashes, partyWins, ties int) {
	return v.k.clashes, v.k.partyWins, v.k.ties
}

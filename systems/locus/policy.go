package locus

import (
	"github.com/tpk-sim/tpk/systems"
)

// This file is the decision interface the kernel calls: a character policy
// chooses each character's action and whether to spend Willpower on a
// re-roll; a monster policy chooses each monster's action. Policies live in
// strategies/locus and register themselves by name. The kernel calls them
// through the interface once per decision and passes a *View, a read-only
// window on the encounter; neither may allocate.

// ActionKind is what a character does with its turn.
type ActionKind uint8

// The character actions of section 2.2.
const (
	Nothing  ActionKind = iota // do nothing
	Attack                     // contested attack on Action.Target with Action.Item
	Defend                     // +1 on the next contested check as defender, until the next turn (L-28)
	Hide                       // contested against the best Search; needs cover; while hidden: keep still
	Flee                       // Move away from the monsters (contested against nothing, 5 m per point)
	Approach                   // Move toward Action.Target
	Misc                       // Miscellaneous outcome check to shake off Action.Cond (L-11 "misc-check")
)

var actionNames = [...]string{"nothing", "attack", "defend", "hide", "flee", "approach", "misc"}

// String names the action.
func (a ActionKind) String() string { return actionNames[a] }

// BestItem asks the kernel to pick the Item for an attack (View.BestItem).
const BestItem = -1

// Action is a character's choice for one turn. The 2 m shift a character
// may take besides any action but a Move is applied by the kernel where it
// matters: an attack on a monster 3-4 m away shifts 2 m toward it. (Action
// has four fields so that the compiler keeps it in registers.)
type Action struct {
	Kind   ActionKind
	Cond   Cond // the Condition a Misc action tries to shake off
	Target int  // the monster to attack or approach
	Item   int  // the Item to attack with, or BestItem
}

// MonsterActionKind is what a monster does with its turn.
type MonsterActionKind uint8

// The monster actions of section 2.2 (Miscellaneous has no use in a fight).
const (
	Wait          MonsterActionKind = iota // do nothing
	MonsterAttack                          // attack (and inflict, option L-9) a visible character within 2 m
	Search                                 // search for every hidden character at once
	Chase                                  // move toward a visible character, 5 m per point
)

// InflictWish is whether a monster wants to use an Infliction with its
// attack. Option L-9 decides whether it may.
type InflictWish uint8

// The infliction wishes.
const (
	InflictAfter InflictWish = iota // attack, then inflict
	InflictFirst                    // inflict, then attack (insidious)
	NoInflict                       // only attack
)

// MonsterAction is a monster's choice for one turn.
type MonsterAction struct {
	Kind    MonsterActionKind
	Target  int // the character to attack or chase
	Inflict InflictWish
}

// RerollKind says which kind of roll a Willpower re-roll is offered for.
type RerollKind uint8

// The rolls a re-roll can be offered for.
const (
	RerollOutcome RerollKind = iota // an outcome check that failed
	RerollAttack                    // an attack that missed
	RerollDefence                   // a defence that let a hit through
	RerollHide                      // a hiding roll that lost (hiding, or being searched)
)

var rerollNames = [...]string{"outcome check", "attack", "defence", "hiding roll"}

// String names the roll.
func (k RerollKind) String() string { return rerollNames[k] }

// RerollOffer is a Willpower re-roll the kernel offers a character. The
// kernel offers one at most once per check, only when the character can pay
// and re-rolling one die (Die, in throw order) can flip the result: an
// outcome check from failure to success, an attack from miss to hit, a
// defence from a hit to a lesser injury, a hiding roll from lost to won.
// Under option L-19 "all-dice" the payment re-rolls all three dice.
type RerollOffer struct {
	Kind RerollKind
	Attr Attr // the attribute rolled against (for a monster, the monster's is not offered)
	Roll Roll // the roll as it stands
	Die  int  // the die that would be re-rolled
	Cost int  // Willpower it costs (option L-19)
}

// CharacterPolicy decides for a party member.
type CharacterPolicy interface {
	// Act chooses the action of character self for this turn. The kernel
	// checks it: an impossible action (a target out of reach, hiding without
	// cover) is done as Nothing.
	Act(v *View, self int) Action
	// Reroll says whether to pay for the offered Willpower re-roll.
	Reroll(v *View, self int, o RerollOffer) bool
}

// MonsterPolicy decides for a monster.
type MonsterPolicy interface {
	// Act chooses the action of monster self for this turn.
	Act(v *View, self int) MonsterAction
	// Persistent reports whether the monster keeps searching after the
	// search window of option L-15 has closed.
	Persistent() bool
}

// Builtin names a decision procedure of this package that a policy's
// decisions are exactly: a fast path for the default strategies.
type Builtin uint8

// The built-in procedures.
const (
	General            Builtin = iota // none: the kernel calls the policy
	BuiltinFight                      // Fight, re-rolls as AcceptReroll
	BuiltinByBehaviour                // ByBehaviour
)

// BuiltinPolicy is implemented by a policy whose decisions are one of the
// built-in procedures. The kernel then calls the procedure itself, without
// the interface and without validating the action (the
// procedures only choose what is allowed); the policy's own methods must
// call the same procedure, so that the logic exists once (defaults.go).
type BuiltinPolicy interface {
	Builtin() Builtin
}

// builtinOf is the procedure p declares, or General.
func builtinOf(p any) Builtin {
	if b, ok := p.(BuiltinPolicy); ok {
		return b.Builtin()
	}
	return General
}

// AcceptReroll is the default Willpower behaviour every built-in party
// strategy uses: take every re-roll the kernel offers. Since the kernel
// offers only affordable re-rolls of a die that can flip the result, at most
// once per check, this re-rolls at most once per check, only when it has the
// WP and the re-roll can change the outcome.
func AcceptReroll(v *View, self int, o RerollOffer) bool { return o.Cost <= int(v.k.ch[self].wp) }

// Policies are the registered strategies of each side, each side's default
// named here; strategies/locus registers into them from init.
var Policies = systems.NewRegistries[CharacterPolicy, MonsterPolicy](ID, "fight", "default")

// View is a read-only window on an encounter in progress, handed to
// Policies. Characters are numbered 0..Characters()-1 and monsters
// 0..Monsters()-1, in scenario order.
type View struct {
	k *kernel
}

// CharInfo is what a policy may know about a character.
type CharInfo struct {
	Present  bool // alive and still in the conflict (not escaped)
	Dead     bool
	Escaped  bool
	Hidden   bool
	Pos      int // metres along the line (monsters start at 0)
	Segments int // Death's Door segments filled (27 = dead)
	Worst    Injury
	Cond     Cond
	Stress   Stress
	WP       int
	Armed    bool // has an Item it can attack with
}

// MonsterStats is a monster's card as policies see it: fixed for the
// encounter. The View hands out pointers into the model; do not modify.
type MonsterStats struct {
	Name         string
	DeathsDoor   int // Death's Door size
	Attack       int // 1..5, or 0 for null
	Chase        int
	Search       int
	Resist       int
	Behaviour    Behaviour
	Chases       int     // chase likelihood: 0 never, 1 moderate, 2 definite
	ChaseChance  float64 // probability of chasing: 0, 0.5, 1 (decided once per pursuit, or each turn: L-30)
	SensesMotion bool
	Inflictions  int // number of Inflictions
}

// Round is the current round (0 before the first).
func (v *View) Round() int { return v.k.round }

// Characters is the number of party members.
func (v *View) Characters() int { return v.k.nc }

// Monsters is the number of monsters.
func (v *View) Monsters() int { return v.k.nm }

// Char describes character i.
func (v *View) Char(i int) CharInfo {
	c := &v.k.ch[i]
	return CharInfo{Present: c.present(), Dead: c.isDead(), Escaped: c.isEscaped(), Hidden: c.isHidden(),
		Pos: int(c.pos), Segments: int(c.segs), Worst: c.worst, Cond: c.cond, Stress: c.stress, WP: int(c.wp),
		Armed: v.k.usableItems(i) != 0}
}

// Monster is monster j's card.
func (v *View) Monster(j int) *MonsterStats { return &v.k.m.mons[j].stats }

// Active reports whether monster j has not dissipated.
func (v *View) Active(j int) bool { return !v.k.mo[j].gone }

// MonsterSegments is the number of segments filled on monster j's Death's
// Door.
func (v *View) MonsterSegments(j int) int { return int(v.k.mo[j].segs) }

// MonsterPos is monster j's position in metres.
func (v *View) MonsterPos(j int) int { return int(v.k.mo[j].pos) }

// Present reports whether character i is alive and still in the conflict.
func (v *View) Present(i int) bool { return v.k.ch[i].present() }

// Hidden reports whether character i is hidden.
func (v *View) Hidden(i int) bool { return v.k.ch[i].isHidden() }

// Cond is character i's Conditions.
func (v *View) Cond(i int) Cond { return v.k.ch[i].cond }

// Segments is the number of segments filled on character i's Death's Door.
func (v *View) Segments(i int) int { return int(v.k.ch[i].segs) }

// Armed reports whether character i has an Item it can attack with.
func (v *View) Armed(i int) bool { return v.k.usableItems(i) != 0 }

// Distance is the distance in metres between character c and monster m.
func (v *View) Distance(c, m int) int { return abs(int(v.k.ch[c].pos - v.k.mo[m].pos)) }

// Visible reports whether character c is present and not hidden.
func (v *View) Visible(c int) bool {
	x := &v.k.ch[c]
	return x.visible()
}

// InReach reports whether monster m can attack character c now: c is
// visible and within 2 m.
func (v *View) InReach(m, c int) bool { return v.k.inReach(m, c) }

// CanAttack reports whether character c can attack monster m this turn:
// both in the conflict and at most 4 m apart (2 m reach plus a 2 m shift).
func (v *View) CanAttack(c, m int) bool {
	x := &v.k.ch[c]
	return !v.k.mo[m].gone && x.present() && v.Distance(c, m) <= reach+shift
}

// Isolated reports whether character c has no present, visible ally within
// 2 m.
func (v *View) Isolated(c int) bool {
	for i := 0; i < v.k.nc; i++ {
		if i != c && v.Visible(i) && abs(int(v.k.ch[i].pos-v.k.ch[c].pos)) <= reach {
			return false
		}
	}
	return true
}

// Cover reports whether the scene has hiding places (option L-14).
func (v *View) Cover() bool { return v.k.m.cover }

// AnyHidden reports whether some present character is hidden.
func (v *View) AnyHidden() bool {
	for i := 0; i < v.k.nc; i++ {
		if v.k.ch[i].st == chHidden { // hidden, alive and in the conflict
			return true
		}
	}
	return false
}

// SearchOpen reports whether monster m may search under option L-15: it
// has a Search and its search window is open.
func (v *View) SearchOpen(m int) bool { return v.k.canSearch(m, false) }

// LastAttackMissed reports whether monster m's most recent attack on
// character c missed.
func (v *View) LastAttackMissed(m, c int) bool { return v.k.mo[m].missed&(1<<c) != 0 }

// DissipatedBy reports whether one more injury of severity inj would fill
// monster m's Death's Door (options L-7 and L-8 considered).
func (v *View) DissipatedBy(m int, inj Injury) bool {
	k := v.k
	mo := &k.mo[m]
	if mo.gone {
		return false
	}
	segs, mask := mo.segs, mo.mask
	fill(&segs, &mask, k.m.mons[m].door, k.monsterSegments(inj), k.ru.L8 == L8Aligned)
	return int(segs) >= k.m.mons[m].door
}

// Losing reports whether character c, fighting monster m on with its best
// Item, can expect to die first: the attacks it needs to fill the rest of
// m's Death's Door times the segments one of m's attacks fills on average
// exceed what is left of its own Death's Door (expected values).
func (v *View) Losing(c, m int) bool { return v.k.losing(c, m) }

// CanFollow reports whether monster m can follow a character who steps
// away: it has a Chase (a null Chase never moves).
func (v *View) CanFollow(m int) bool { return v.k.canFollow(m) }

// Outpaces reports whether character c, moving away every turn, can
// expect to gain ground on monster m: m cannot follow, or c's Move makes
// more metres on average than m's Chase times its chase likelihood.
func (v *View) Outpaces(c, m int) bool { return v.k.outpaces(c, m) }

// Leave reports whether character c should step away from monster m
// rather than fight it on: c outpaces m (Outpaces) and is losing to it
// (Losing).
func (v *View) Leave(c, m int) bool { return v.k.leave(c, m) }

// Cowed reports whether character c is Terrified and more likely to fail
// than to pass the check it needs for anything but fleeing the source.
func (v *View) Cowed(c int) bool { return v.k.cowed(c) }

// RunsFromTerror reports whether character c, Terrified and cowed, runs
// rather than cower: it can outpace the monster that terrified it, or no
// ally is left in the conflict to leave behind, or none of its allies
// fights on beside it (FightsAlone: they have hidden, run, died or
// escaped). Cowering beside the monster is worth it only while someone
// strikes at it meanwhile.
func (v *View) RunsFromTerror(c int) bool { return v.k.terrorRuns(c) }

// FightsAlone reports whether character c has allies and none of them
// fights on: each is dead, escaped, hidden, or more than 4 m from every
// active monster (running away, or never engaged). A party of one never
// fights alone in this sense: no ally has left it.
func (v *View) FightsAlone(c int) bool { return v.k.fightsAlone(c) }

// Threatened reports whether a monster is about to attack character c: one
// within reach of c whose last attack or Infliction was aimed at c, that
// has not attacked yet, or whose last target is out of its reach.
func (v *View) Threatened(c int) bool { return v.k.threatened(c) }

// BestItem returns the Item character c would attack monster m with: the
// highest bonus (weapon 0, non-weapon -1, +1 effective type, +1 Weakness),
// then (option L-1 "per-weapon") the lowest attack attribute; -1 when it has
// no usable Item.
func (v *View) BestItem(c, m int) int { return v.k.bestItem(c, m) }

// MiscRemoves reports whether a Misc action can shake off a Condition
// (option L-11 "misc-check").
func (v *View) MiscRemoves() bool { return v.k.ru.L11 == L11MiscCheck }

// Rules returns the options in force.
func (v *View) Rules() Rules { return v.k.ru }

// Chance reports true with probability p, drawn from the encounter's
// generator (for policies that decide at random).
func (v *View) Chance(p float64) bool {
	if p <= 0 {
		return false
	}
	if p >= 1 {
		return true
	}
	return v.k.g.Chance(p)
}

// abs is |x| without a branch: the sign of a distance changes unpredictably
// from turn to turn, and a mispredicted branch costs more than the bit
// twiddling.
func abs(x int) int {
	m := x >> 63
	return (x ^ m) - m
}

package battleclock

import (
	"github.com/tpk-sim/tpk/systems"
)

// This file is the decision interface the kernel calls. A PC policy chooses
// each PC's move in each tick of the battle clock, its picks on a seize by
// force hit, and whom to give cover with its hold; a GM policy chooses the
// PC an enemy group fires at. The choices the spec leaves to option tables
// (debilities, shields, the GM's moves on a miss) are options S8, S22, S23
// and S14, made by the kernel. Policies live in strategies/battleclock and
// register by name; they keep no state and must not allocate.

// MoveKind is a move a PC makes in its action.
type MoveKind uint8

// The moves (seize by force and act under fire are Apocalypse World's basic
// moves; the others the sister hack's battle moves, option S18).
const (
	Idle     MoveKind = iota // nothing
	Seize                    // seize by force (+Hard) against Target, an enemy: harm is exchanged
	Withdraw                 // act under fire (+Cool) to get out of the battle
	Defend                   // defend a secure position (+Hard): hold to halt fire or give 2-cover
	Cover                    // provide covering fire (+Cool) for Target, another PC
	Maintain                 // maintain an untenable position (+Hard): only incidental fire
	HitDeck                  // hit the deck (+Sharp): safe this tick on a 10+
)

var moveNames = [...]string{"idle", "seize by force", "act under fire to withdraw", "defend a secure position",
	"provide covering fire", "maintain an untenable position", "hit the deck"}

// String names the move.
func (m MoveKind) String() string { return moveNames[m] }

// Action is a PC's move for one tick.
type Action struct {
	Kind   MoveKind
	Target int // the enemy to seize by force, or the PC to cover
}

// Picks are the choices of a seize by force hit (10+ three, 7-9 two).
type Picks uint8

// The picks.
const (
	TakeIt   Picks = 1 << iota // take definite hold of it (no mechanical effect in a fight)
	Terrible                   // inflict terrible harm: +1 harm
	Little                     // suffer little harm: -1 harm
	Frighten                   // impress, dismay or frighten: nothing in numbers, or +1 forward (option S26)
)

// PCPolicy decides for a PC.
type PCPolicy interface {
	// Act chooses the PC's move in this tick; slot is 1 for the second
	// move under option S17 "two" (return Idle for none).
	Act(v *View, self, slot int) Action
	// Picks chooses n (3 or 2) of the seize by force picks against enemy
	// target; the kernel keeps the first n set, in the order TakeIt,
	// Terrible, Little, Frighten.
	Picks(v *View, self, target, n int) Picks
	// CoverWith is asked at the start of each tick while the PC has hold:
	// the PC to give 2-cover (spending 1 hold), or -1 to keep the hold for
	// halting concentrated fire aimed at it.
	CoverWith(v *View, self int) int
}

// GMPolicy decides whom an enemy group's members fire at.
type GMPolicy interface {
	// Target chooses the PC an enemy of group g fires at: one for which
	// View.Exposed(i, concentrated) is true, or -1. Under option S12's
	// default it is asked once for every enemy that fires.
	Target(v *View, g int, concentrated bool) int
}

// Policies are the registered strategies of each side, each side's default
// named here; strategies/battleclock registers into them from init.
var Policies = systems.NewRegistries[PCPolicy, GMPolicy](ID, "aggressive", "default")

// Status is where a combatant stands.
type Status uint8

// The statuses (an enemy is Active, Out or Dead).
const (
	Active Status = iota
	Unconscious
	OutOfAction
	Dead
	Withdrawn
	Out
)

var statusNames = [...]string{"active", "unconscious", "out of action", "dead", "withdrawn", "out of the fight"}

// String names the status.
func (s Status) String() string { return statusNames[s] }

// View is a read-only window on a battle in progress, handed to Policies.
// PCs are numbered 0..PCs()-1, enemies 0..Enemies()-1 and groups (foe
// entries) 0..Groups()-1, in scenario order.
type View struct {
	k *kernel
}

// Clock is the battle clock: 0 before the first tick, 6 at midnight.
func (v *View) Clock() int { return v.k.clock }

// PCs is the number of PCs.
func (v *View) PCs() int { return v.k.np }

// Enemies is the number of enemies.
func (v *View) Enemies() int { return v.k.ne }

// Groups is the number of enemy groups.
func (v *View) Groups() int { return len(v.k.m.groups) }

// Active reports whether PC i is in the battle and conscious.
func (v *View) Active(i int) bool { return v.k.pc[i].status == Active }

// Harm is PC i's harm clock (0..6; 12 under option S1 "twelve").
func (v *View) Harm(i int) int { return int(v.k.pc[i].harm) }

// Shock is PC i's shock clock.
func (v *View) Shock(i int) int { return int(v.k.pc[i].shock) }

// Full is a clock's 12:00 (6, or 12 under option S1 "twelve").
func (v *View) Full() int { return v.k.full }

// Hold is PC i's hold from defending a secure position.
func (v *View) Hold(i int) int { return int(v.k.pc[i].hold) }

// Covered reports whether PC i is not under fire this tick.
func (v *View) Covered(i int) bool { return v.k.pc[i].covered }

// Untenable reports whether PC i's position is untenable.
func (v *View) Untenable(i int) bool { return v.k.pc[i].untenable }

// IncidentalOnly reports whether PC i is holding an untenable position
// (only incidental fire reaches it).
func (v *View) IncidentalOnly(i int) bool { return v.k.pc[i].incOnly }

// Stat is PC i's stat s now (debilities included).
func (v *View) Stat(i int, s Stat) int { return v.k.stat(i, s) }

// EnemyActive reports whether enemy j is still in the fight.
func (v *View) EnemyActive(j int) bool { return v.k.en[j].status == Active }

// EnemyHarm is the harm enemy j has taken.
func (v *View) EnemyHarm(j int) int { return int(v.k.en[j].harm) }

// EnemyGroup is the group enemy j belongs to.
func (v *View) EnemyGroup(j int) int { return v.k.m.enemies[j].group }

// ToBreak is the harm enemy j can still take before it is out of the fight.
func (v *View) ToBreak(j int) int { return v.k.toBreak(j) }

// Deals is the harm enemy j would take now from PC i's seize by force,
// with terrible harm picked or not (after its shields, option S24, and its
// armor).
func (v *View) Deals(i, j int, terrible bool) int {
	h := v.k.m.pcs[i].harm
	if terrible {
		h++
	}
	net, _ := v.k.dealt(j, h)
	return net
}

// Takes is the harm segments and shock PC i would take now from enemy j's
// harm in a seize by force exchange, with little harm picked or not.
func (v *View) Takes(i, j int, little bool) (harm, shock int) {
	h := v.k.m.enemies[j].harm
	if little {
		h = max(0, h-1)
	}
	return v.k.incoming(i, h, v.k.m.enemies[j].shock)
}

// CanHurt reports whether PC i's blows can ever harm enemy j: its harm,
// with terrible harm picked, gets through j's armor. (Shields that soak
// harm, option S24, wear down as they are hit, so they do not count.)
func (v *View) CanHurt(i, j int) bool { return v.k.m.pcs[i].harm+1 > v.k.m.enemies[j].armor }

// NextHarmCalls reports whether one more harm segment brings PC i to
// 12:00 with no debility to take it: it would call on inner strength
// (which can kill it) or die outright.
func (v *View) NextHarmCalls(i int) bool { return v.k.nextHarmCalls(i) }

// NextHarmKills reports whether one more harm segment is certain death
// for PC i: no debility would take it and the call on inner strength
// cannot be survived under the options.
func (v *View) NextHarmKills(i int) bool { return v.k.nextHarmKills(i) }

// GroupActive reports whether group g has an active enemy.
func (v *View) GroupActive(g int) bool { return v.k.groupActive(g) }

// Exposed reports whether the GM can fire at PC i now: in the battle (or
// unconscious under option S10 "targeted"), not covered this tick and, for
// concentrated fire, neither holding an untenable position nor having
// halted the assault on it this tick with hold.
func (v *View) Exposed(i int, concentrated bool) bool { return v.k.exposed(i, concentrated) }

// BattleMoves reports whether the sister hack's battle moves are in use
// (option S18).
func (v *View) BattleMoves() bool { return v.k.ru.S18 == S18SisterHack }

// Rules returns the options in force.
func (v *View) Rules() Rules { return v.k.ru }

// IntN returns a uniform integer in [0, n) from the battle's generator.
func (v *View) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	return v.k.r.IntN(n)
}

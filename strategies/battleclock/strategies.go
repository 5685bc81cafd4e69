// Package battleclockstrat holds the built-in battle-clock strategies: the
// party policies aggressive, hold-position, cover-each-other, charge (the
// careless table) and strong (the search), and the GM policies default,
// concentrate-fire (the harsher GM) and strong. They implement the decision
// interface of tpk/systems/battleclock and register themselves by name from
// init; importing the package is all it takes.
//
// Every policy keeps no state of its own and allocates nothing.
package battleclockstrat

import (
	"github.com/tpk-sim/tpk/systems"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/search"
)

func init() {
	bc.Policies.Party.Register("aggressive",
		"seize by force every move against the enemy its blows take out soonest (never one they cannot hurt while another stands); act under fire to get out when its blows cannot get through the armor of any enemy in the fight; with the battle moves, defend a secure position when the enemy's blow, landing whole, would leave it at 11:00 or beyond (or a debility paid instead) while an ally can fight on without coming to that edge; and, when the next harm would reach 12:00 with no debility to take it (a call on inner strength, or death), hits the deck instead of trading blows that can harm it (without battle moves, acts under fire to get out when even a hit would); picks terrible harm, then little harm, then frighten, each only where it changes something; ties drawn at random",
		aggressive{})
	bc.Policies.Party.Register("hold-position",
		"dig in: defend a secure position while it has no hold, maintain the position once it is untenable, otherwise seize by force; before all that, like aggressive, get out of a battle against what it cannot hurt and keep clear of a call on inner strength; picks little harm, then terrible harm, then frighten, each only where it changes something; keeps its hold to halt concentrated fire",
		holdPosition{})
	bc.Policies.Party.Register("cover-each-other",
		"provide covering fire for the most hurt ally in danger (harm at 6:00 or more from 9:00 on, or an untenable position) who is worse off than itself; otherwise seize by force; before all that, like aggressive, get out of a battle against what it cannot hurt and keep clear of a call on inner strength; gives its hold as 2-cover to the most hurt ally (ties drawn at random)",
		coverEachOther{})
	bc.Policies.Party.Register("charge",
		"the careless table: seize by force every move against an active enemy picked at random, whether its blows can hurt it or not; never withdraw, hit the deck or use another battle move; picks terrible harm, then take definite hold, then frighten (never little harm)",
		charge{})
	bc.Policies.Party.Register("strong", search.PartyDoc, bc.StrongPC)
	bc.Policies.Foes.Register("default",
		"each enemy fires at a random exposed PC",
		random{})
	bc.Policies.Foes.Register("concentrate-fire",
		"every enemy fires at the same PC: the exposed one with the most harm (then shock; equals drawn at random), the next one once it drops",
		concentrate{})
	bc.Policies.Foes.Register("strong", search.FoesDoc, bc.StrongGM)
	bc.Policies.Party.SetRole("charge", systems.RoleCareless)
	bc.Policies.Foes.SetRole("concentrate-fire", systems.RoleHarsh)
}

// seize is seize by force against the active enemy PC self's blows take
// out of the fight soonest (target), unless guard says otherwise. With the
// battle moves (option S18), a PC whom the exchange would leave at the
// edge of death (atEdge) defends a secure position while an ally can
// fight on without coming to that edge (allyFights).
func seize(v *bc.View, self int) bc.Action {
	best := target(v, self)
	if best < 0 {
		return bc.Action{Kind: bc.Idle, Target: -1}
	}
	if a, ok := guard(v, self, best); ok {
		return a
	}
	if v.BattleMoves() && atEdge(v, self, best) && allyFights(v, self) {
		// An ally can take them on without coming to the edge: dig in
		// (getting out was measured, and costs more).
		return bc.Action{Kind: bc.Defend, Target: -1}
	}
	return bc.Action{Kind: bc.Seize, Target: best}
}

// target is the active enemy PC self's blows take out of the fight
// soonest (fewest blows at what a blow with terrible harm gets through
// now, then the least harm left to take; equals drawn at random): never
// one its blows cannot hurt while one they can hurt stands. -1 when no
// enemy is left.
func target(v *bc.View, self int) int {
	best, bestBlows, bestLeft, ties := -1, 0, 0, 0
	for j := 0; j < v.Enemies(); j++ {
		if !v.EnemyActive(j) {
			continue
		}
		left := v.ToBreak(j)
		blows := 1 << 20 // cannot hurt it now
		if d := v.Deals(self, j, true); d > 0 {
			blows = (left + d - 1) / d
		}
		switch {
		case best < 0 || blows < bestBlows || blows == bestBlows && left < bestLeft:
			best, bestBlows, bestLeft, ties = j, blows, left, 1
		case blows == bestBlows && left == bestLeft:
			best, ties = drawTie(v, best, j, ties)
		}
	}
	return best
}

// guard is what every default strategy does before its own play, facing
// enemy j (its target): a PC whose blows can harm no enemy in the fight
// (View.CanHurt: its harm with terrible harm no more than their armor)
// acts under fire to get out; a PC whose next harm segment reaches 12:00
// with no debility to take it (View.NextHarmCalls: it would call on inner
// strength, which can kill, or die outright) does not trade blows that can
// harm it: it hits the deck (no harm in the move, safe on a hit), or
// without battle moves (S18 none) acts under fire to get out when even a
// hit would harm it. ok is false when neither applies.
func guard(v *bc.View, self, j int) (a bc.Action, ok bool) {
	if !canHurtAny(v, self) {
		// Every exchange and every miss would hurt it and never the
		// enemy: get out (defending or keeping its head down until
		// midnight was measured, and costs more).
		return bc.Action{Kind: bc.Withdraw, Target: -1}, true
	}
	if v.NextHarmCalls(self) {
		hit, _ := v.Takes(self, j, true)
		miss, _ := v.Takes(self, j, false)
		switch {
		case hit+miss > 0 && v.BattleMoves():
			return bc.Action{Kind: bc.HitDeck, Target: -1}, true
		case hit > 0:
			return bc.Action{Kind: bc.Withdraw, Target: -1}, true // even a hit would call
		}
	}
	return bc.Action{}, false
}

// guarded is guard against the PC's target, for the strategies that make
// another move before they seize by force.
func guarded(v *bc.View, self int) (bc.Action, bool) {
	if j := target(v, self); j >= 0 {
		return guard(v, self, j)
	}
	return bc.Action{}, false
}

// atEdge reports whether seizing by force against enemy j would leave PC
// self at the edge of death if the enemy's blow lands whole (a miss, or a
// hit without little harm): its harm clock at 11:00 or beyond, or a
// debility paid instead.
func atEdge(v *bc.View, self, j int) bool {
	h, _ := v.Takes(self, j, false)
	return v.Harm(self)+h >= v.Full()-1
}

// allyFights reports whether another PC in the battle can harm an enemy
// in the fight and take any of them on without coming to the edge.
func allyFights(v *bc.View, self int) bool {
	for q := 0; q < v.PCs(); q++ {
		if q == self || !v.Active(q) || !canHurtAny(v, q) {
			continue
		}
		edge := false
		for j := 0; j < v.Enemies() && !edge; j++ {
			edge = v.EnemyActive(j) && atEdge(v, q, j)
		}
		if !edge {
			return true
		}
	}
	return false
}

// canHurtAny reports whether PC self's blows can harm an active enemy
// (View.CanHurt).
func canHurtAny(v *bc.View, self int) bool {
	for j := 0; j < v.Enemies(); j++ {
		if v.EnemyActive(j) && v.CanHurt(self, j) {
			return true
		}
	}
	return false
}

// drawTie keeps best or takes j, one more of ties equal candidates, so
// that each of them is kept with the same chance (a draw from the
// battle's generator: the order the scenario lists people decides
// nothing); it returns the choice and the count of equals so far.
func drawTie(v *bc.View, best, j, ties int) (int, int) {
	ties++
	if v.IntN(ties) == 0 {
		return j, ties
	}
	return best, ties
}

// mostHurt is the active PC other than self with the most harm (then
// shock) for which ok holds, or -1; equals are drawn at random.
func mostHurt(v *bc.View, self int, ok func(int) bool) int {
	best, ties := -1, 0
	for i := 0; i < v.PCs(); i++ {
		if i == self || !v.Active(i) || !ok(i) {
			continue
		}
		switch {
		case best < 0 || v.Harm(i) > v.Harm(best) || v.Harm(i) == v.Harm(best) && v.Shock(i) > v.Shock(best):
			best, ties = i, 1
		case v.Harm(i) == v.Harm(best) && v.Shock(i) == v.Shock(best):
			best, ties = drawTie(v, best, i, ties)
		}
	}
	return best
}

// choose returns n seize by force picks against enemy j: first those of
// pref that change something, in pref's order, then the rest of pref to
// make up the number. Terrible harm helps when the blow alone would not
// take the enemy out of the fight and the extra harm gets through; little
// harm when it spares a harm segment or a shock; frighten only under
// option S26 forward (+1 forward: by default it carries no number). Take
// it does nothing in a fight.
func choose(v *bc.View, self, j, n int, pref ...bc.Picks) bc.Picks {
	var out bc.Picks
	for _, p := range pref {
		if n > 0 && helps(v, self, j, p) {
			out |= p
			n--
		}
	}
	for _, p := range pref {
		if n > 0 && out&p == 0 {
			out |= p
			n--
		}
	}
	return out
}

// helps reports whether pick p changes the exchange of PC self with enemy j.
func helps(v *bc.View, self, j int, p bc.Picks) bool {
	switch p {
	case bc.Terrible:
		plain := v.Deals(self, j, false)
		return plain < v.ToBreak(j) && v.Deals(self, j, true) > plain
	case bc.Little:
		h0, s0 := v.Takes(self, j, false)
		h1, s1 := v.Takes(self, j, true)
		return h1 < h0 || h1 == h0 && s1 < s0
	case bc.Frighten:
		return v.Rules().S26 == bc.S26Forward // +1 forward; nothing in numbers by default
	}
	return false
}

// aggressive seizes by force.
type aggressive struct{}

// Act seizes by force, with both moves under option S17 "two".
func (aggressive) Act(v *bc.View, self, slot int) bc.Action { return seize(v, self) }

// Picks terrible harm, then little harm, then frighten, each only where
// it changes something (see choose).
func (aggressive) Picks(v *bc.View, self, target, n int) bc.Picks {
	return choose(v, self, target, n, bc.Terrible, bc.Little, bc.Frighten)
}

// CoverWith keeps no hold (it never defends).
func (aggressive) CoverWith(v *bc.View, self int) int { return -1 }

// holdPosition digs in.
type holdPosition struct{}

// Act gets out of what it cannot hurt and keeps clear of death's door
// (guard), then defends, maintains, then seizes; the second move (S17
// "two") seizes.
func (holdPosition) Act(v *bc.View, self, slot int) bc.Action {
	if a, ok := guarded(v, self); ok {
		return a
	}
	if slot == 0 && v.BattleMoves() {
		switch {
		case v.Untenable(self) && !v.IncidentalOnly(self):
			return bc.Action{Kind: bc.Maintain, Target: -1}
		case v.Hold(self) == 0 && !v.IncidentalOnly(self):
			return bc.Action{Kind: bc.Defend, Target: -1}
		}
	}
	return seize(v, self)
}

// Picks little harm first, then terrible harm, then frighten, each only
// where it changes something (see choose).
func (holdPosition) Picks(v *bc.View, self, target, n int) bc.Picks {
	return choose(v, self, target, n, bc.Little, bc.Terrible, bc.Frighten)
}

// CoverWith keeps the hold to halt concentrated fire.
func (holdPosition) CoverWith(v *bc.View, self int) int { return -1 }

// coverEachOther looks after the most hurt ally.
type coverEachOther struct{}

// Act covers the most hurt ally who is in danger (harm at 6:00 or more
// with concentrated fire coming, or an untenable position), is worse off
// than itself and not yet covered this tick; otherwise seizes by force.
// First of all it gets out of what it cannot hurt and keeps clear of
// death's door (guard).
func (coverEachOther) Act(v *bc.View, self, slot int) bc.Action {
	if a, ok := guarded(v, self); ok {
		return a
	}
	if slot == 0 && v.BattleMoves() {
		a := mostHurt(v, self, func(i int) bool {
			danger := v.Untenable(i) || v.Clock() >= 3 && v.Harm(i) >= 2
			return danger && !v.Covered(i) && v.Harm(i) > v.Harm(self)
		})
		if a >= 0 {
			return bc.Action{Kind: bc.Cover, Target: a}
		}
	}
	return seize(v, self)
}

// Picks terrible harm, then little harm, then frighten, each only where
// it changes something (see choose).
func (coverEachOther) Picks(v *bc.View, self, target, n int) bc.Picks {
	return choose(v, self, target, n, bc.Terrible, bc.Little, bc.Frighten)
}

// CoverWith gives 2-cover to the most hurt ally.
func (coverEachOther) CoverWith(v *bc.View, self int) int {
	return mostHurt(v, self, func(int) bool { return true })
}

// charge is the careless table: it seizes by force every move.
type charge struct{}

// Act seizes by force against a random active enemy (View.IntN), with both
// moves under option S17 "two".
func (charge) Act(v *bc.View, self, slot int) bc.Action {
	n := 0
	for j := 0; j < v.Enemies(); j++ {
		if v.EnemyActive(j) {
			n++
		}
	}
	if n == 0 {
		return bc.Action{Kind: bc.Idle, Target: -1}
	}
	x := v.IntN(n)
	for j := 0; j < v.Enemies(); j++ {
		if v.EnemyActive(j) {
			if x == 0 {
				return bc.Action{Kind: bc.Seize, Target: j}
			}
			x--
		}
	}
	return bc.Action{Kind: bc.Idle, Target: -1}
}

// Picks terrible harm, then take definite hold, then frighten: never
// little harm.
func (charge) Picks(v *bc.View, self, target, n int) bc.Picks {
	if n >= 3 {
		return bc.Terrible | bc.TakeIt | bc.Frighten
	}
	return bc.Terrible | bc.TakeIt
}

// CoverWith keeps no hold (it never defends).
func (charge) CoverWith(v *bc.View, self int) int { return -1 }

// random fires at a random exposed PC.
type random struct{}

// Target picks uniformly among the exposed PCs.
func (random) Target(v *bc.View, g int, concentrated bool) int {
	n := 0
	for i := 0; i < v.PCs(); i++ {
		if v.Exposed(i, concentrated) {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	x := v.IntN(n)
	for i := 0; i < v.PCs(); i++ {
		if v.Exposed(i, concentrated) {
			if x == 0 {
				return i
			}
			x--
		}
	}
	return -1
}

// concentrate fires every group at the most hurt exposed PC.
type concentrate struct{}

// Target is the exposed PC with the most harm, then shock; equals are
// drawn at random (once one is hit, the rest follow it).
func (concentrate) Target(v *bc.View, g int, concentrated bool) int {
	best, ties := -1, 0
	for i := 0; i < v.PCs(); i++ {
		if !v.Exposed(i, concentrated) {
			continue
		}
		switch {
		case best < 0 || v.Harm(i) > v.Harm(best) || v.Harm(i) == v.Harm(best) && v.Shock(i) > v.Shock(best):
			best, ties = i, 1
		case v.Harm(i) == v.Harm(best) && v.Shock(i) == v.Shock(best):
			best, ties = drawTie(v, best, i, ties)
		}
	}
	return best
}

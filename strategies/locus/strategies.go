// Package locusstrat holds the built-in Locus strategies: the party
// policies fight, defend, hide and flee, and the foe policies default and
// relentless. They implement the decision interface of tpk/systems/locus
// and register themselves by name from init; importing the package is all
// it takes.
//
// Willpower: every party policy here takes each re-roll the kernel offers
// (locus.AcceptReroll). The kernel offers one at most once per check, only
// when the character can pay and one die can flip the result (a failed
// outcome check, a missed attack, a defence that let a hit through, a lost
// hiding roll), so the shared behaviour lives in the kernel's offer and the
// policy only says yes or no.
package locusstrat

import (
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/locus"
	"github.com/tpk-sim/tpk/systems/search"
)

func init() {
	locus.Policies.Party.Register("fight",
		"attack the most damaged monster within 4 m, else close in on the nearest; step away from a monster it outpaces (a null Chase, or slower than its Move) when losing to it; once no Item is left, flee, or with cover hide (unless Terrified) from a monster that would catch it; flee when Terrified and likelier to cower than to steel itself, unless allies fight on beside it and the monster would catch it", &fight{})
	locus.Policies.Party.Register("stand",
		"fight to the end (the spec's Scenario A): as fight, but never step away from a monster it outpaces; flee only once no Item is left", &stand{})
	locus.Policies.Party.Register("defend",
		"while a monster is about to attack it and an ally still fights beside it (or it fights alone from the start), Defend until an opening (the monster's last attack on it missed, or one Major hit would dissipate it); otherwise fight", &defend{})
	locus.Policies.Party.Register("hide",
		"with cover, step out of the reach of a monster it can outpace, then hide and stay hidden, keeping still; without cover, flee", &hide{})
	locus.Policies.Party.Register("flee",
		"Move away from the monsters every turn", &flee{})
	locus.Policies.Party.Register("strong", search.PartyDoc, locus.StrongCharacter)
	locus.Policies.Foes.Register("default",
		"by Behaviour: attack a visible character within 2 m (stalking the isolated, opportunistic the Prone, then injured, then isolated; then the one it is likeliest to injure, then the one carrying what it is weak to, then the nearest, a true tie at random; insidious inflicts first), else search within the window, else chase the nearest with its chase likelihood (option L-30)", &byBehaviour{})
	locus.Policies.Foes.Register("relentless",
		"attack the visible character in reach it is likeliest to injure (a true tie at random) and inflict whenever it may, else search without limit, else always chase", &relentless{})
	locus.Policies.Foes.Register("strong", search.FoesDoc, locus.StrongMonster)
	locus.Policies.Party.SetRole("stand", systems.RoleCareless)
	locus.Policies.Foes.SetRole("relentless", systems.RoleHarsh)
}

// Each party policy answers re-roll offers with locus.AcceptReroll (its own
// Reroll method rather than an embedded one, which would cost a wrapper call
// per offer).

// fight attacks the most damaged reachable monster.
type fight struct{}

// Act is locus.Fight, which the kernel also calls directly (Builtin): shake
// off a hindering Condition, flee without an Item or when cowed, else
// attack the most damaged monster within 4 m (share of its Death's Door
// filled; then the nearest; then one at random), else close in on the nearest,
// stepping away from what it outpaces while losing.
func (*fight) Act(v *locus.View, self int) locus.Action { return locus.Fight(v, self) }

// Reroll takes every offered re-roll.
func (*fight) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// Builtin: the kernel calls locus.Fight itself, as Act and Reroll do.
func (*fight) Builtin() locus.Builtin { return locus.BuiltinFight }

// stand fights to the end: the spec's Scenario A.
type stand struct{}

// Act is locus.Stand: fight's choice without cowering or stepping away.
func (*stand) Act(v *locus.View, self int) locus.Action { return locus.Stand(v, self) }

// Reroll takes every offered re-roll.
func (*stand) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// defend waits behind Defend for an opening while a monster is about to
// attack it, and fights when none is.
type defend struct{}

// Act, when a monster is about to attack self (View.Threatened), attacks
// one within reach that gives it an opening (opening: one Major hit would
// dissipate it, or its last attack on self missed), and otherwise Defends;
// when none is, it plays fight's choice (attack the most damaged monster
// within reach, close in, or step away from what it outpaces while
// losing). Without an Item it gets away as fight does (locus.GetAway).
//
// Once its allies have left the fight (View.FightsAlone: every other
// character is dead, escaped, hidden, or running), it plays fight's choice
// too. Defending buys time for allies to strike; with nobody left to
// strike, it only puts off the same fight, and no player stands guard
// beside the monster for a party that has gone. fight's choice is the
// player's judgement alone: attack while it expects to win, walk away when
// losing to a monster it outpaces, and once it has no Item left, run, or
// hide with the others (locus.GetAway) from a monster that would catch it.
// A party of one keeps defend's style: nobody has left it.
func (*defend) Act(v *locus.View, self int) locus.Action {
	if !v.Threatened(self) || v.FightsAlone(self) {
		return locus.Fight(v, self)
	}
	if a, ok := locus.ShakeOff(v, self, true); ok {
		return a
	}
	if !v.Armed(self) {
		return locus.GetAway(v, self)
	}
	if v.Cowed(self) && v.RunsFromTerror(self) {
		return locus.Action{Kind: locus.Flee}
	}
	if m := opening(v, self); m >= 0 {
		return locus.Action{Kind: locus.Attack, Target: m, Item: locus.BestItem}
	}
	for m := 0; m < v.Monsters(); m++ {
		if v.InReach(m, self) && v.Leave(self, m) {
			return locus.Action{Kind: locus.Flee}
		}
	}
	return locus.Action{Kind: locus.Defend}
}

// Reroll takes every offered re-roll.
// opening is the monster within self's reach that gives it an opening:
// first one that a Major hit would dissipate, else one whose last attack
// on self missed; a tie is drawn from the encounter's generator, never the
// order of the foes (the rules spec's errata E-L3). -1 when none does.
func opening(v *locus.View, self int) int {
	best, rank, n := -1, 0, 0
	for m := 0; m < v.Monsters(); m++ {
		if !v.CanAttack(self, m) {
			continue
		}
		r := 0
		switch {
		case v.DissipatedBy(m, locus.Major):
			r = 2
		case v.LastAttackMissed(m, self):
			r = 1
		default:
			continue
		}
		switch {
		case r > rank:
			best, rank, n = m, r, 1
		case r == rank:
			if n++; v.Chance(1 / float64(n)) {
				best = m
			}
		}
	}
	return best
}

func (*defend) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// hide hides when it can and stays hidden.
type hide struct{}

// Act keeps still once hidden; with cover it first steps out of the reach
// of a monster it can outpace (View.Outpaces), then hides; without cover it
// flees.
func (*hide) Act(v *locus.View, self int) locus.Action {
	if v.Hidden(self) {
		return locus.Action{Kind: locus.Hide}
	}
	if a, ok := locus.ShakeOff(v, self, true); ok {
		return a
	}
	if !v.Cover() {
		return locus.Action{Kind: locus.Flee}
	}
	for m := 0; m < v.Monsters(); m++ {
		if v.InReach(m, self) && v.Outpaces(self, m) {
			return locus.Action{Kind: locus.Flee}
		}
	}
	return locus.Action{Kind: locus.Hide}
}

// Reroll takes every offered re-roll.
func (*hide) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// flee runs.
type flee struct{}

// Act moves away every turn (after shaking off a Condition that slows or
// exposes it, under L-11 "misc-check").
func (*flee) Act(v *locus.View, self int) locus.Action {
	if a, ok := locus.ShakeOff(v, self, false); ok {
		return a
	}
	return locus.Action{Kind: locus.Flee}
}

// Reroll takes every offered re-roll.
func (*flee) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// byBehaviour is the default foe policy: section 2.7's behaviour mapping.
type byBehaviour struct{}

// Act is locus.ByBehaviour, which the kernel also calls directly
// (Builtin): attack in reach by behaviour, else search, else chase with the
// monster's chase likelihood.
func (*byBehaviour) Act(v *locus.View, self int) locus.MonsterAction {
	return locus.ByBehaviour(v, self)
}

// Persistent: the default policy gives up searching when its window closes.
func (*byBehaviour) Persistent() bool { return false }

// Builtin: the kernel calls locus.ByBehaviour itself, as Act does.
func (*byBehaviour) Builtin() locus.Builtin { return locus.BuiltinByBehaviour }

// relentless never lets go.
type relentless struct{}

// Act is locus.Relentless: attack the one in reach it is likeliest to injure, else search, else
// chase.
func (*relentless) Act(v *locus.View, self int) locus.MonsterAction {
	return locus.Relentless(v, self)
}

// Persistent: relentless searches without limit.
func (*relentless) Persistent() bool { return true }

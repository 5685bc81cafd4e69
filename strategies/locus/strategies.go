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

import "github.com/tpk-sim/tpk/systems/locus"

func init() {
	locus.RegisterCharacterPolicy("fight",
		"attack the most damaged monster within 4 m, else close in on the nearest; step away from a monster it outpaces (a null Chase, or slower than its Move) when losing to it; flee once no Item is left, or when Terrified and likelier to cower than to steel itself", &fight{})
	locus.RegisterCharacterPolicy("stand",
		"fight to the end (the spec's Scenario A): as fight, but never step away from a monster it outpaces; flee only once no Item is left", &stand{})
	locus.RegisterCharacterPolicy("defend",
		"while a monster is about to attack it, Defend until an opening (the monster's last attack on it missed, or one Major hit would dissipate it); otherwise fight", &defend{})
	locus.RegisterCharacterPolicy("hide",
		"with cover, step out of the reach of a monster it can outpace, then hide and stay hidden, keeping still; without cover, flee", &hide{})
	locus.RegisterCharacterPolicy("flee",
		"Move away from the monsters every turn", &flee{})
	locus.RegisterMonsterPolicy("default",
		"by Behaviour: attack a visible character within 2 m (plain and insidious the nearest, stalking the isolated, opportunistic the Prone, then injured, then isolated; insidious inflicts first), else search within the window, else chase the nearest with its chase likelihood", &byBehaviour{})
	locus.RegisterMonsterPolicy("relentless",
		"attack the nearest visible character in reach and inflict whenever it may, else search without limit, else always chase", &relentless{})
}

// Each party policy answers re-roll offers with locus.AcceptReroll (its own
// Reroll method rather than an embedded one, which would cost a wrapper call
// per offer).

// shakeOff spends the turn on a Miscellaneous check against a hindering
// Condition when option L-11 "misc-check" allows it. flee skips Terrified,
// which does not hinder fleeing.
func shakeOff(v *locus.View, self int, terrified bool) (locus.Action, bool) {
	if !v.MiscRemoves() {
		return locus.Action{}, false
	}
	cond := v.Cond(self)
	for _, x := range [...]locus.Cond{locus.Blinded, locus.Nauseated, locus.Terrified, locus.Unstable} {
		if x == locus.Terrified && !terrified {
			continue
		}
		if cond&x != 0 {
			return locus.Action{Kind: locus.Misc, Cond: x}, true
		}
	}
	return locus.Action{}, false
}

// nearestMonster is the closest active monster to character self, or -1.
func nearestMonster(v *locus.View, self int) int {
	best, bd := -1, 0
	for m := 0; m < v.Monsters(); m++ {
		if !v.Active(m) {
			continue
		}
		if d := v.Distance(self, m); best < 0 || d < bd {
			best, bd = m, d
		}
	}
	return best
}

// closeIn approaches the nearest monster, or does nothing.
func closeIn(v *locus.View, self int) locus.Action {
	if m := nearestMonster(v, self); m >= 0 {
		return locus.Action{Kind: locus.Approach, Target: m}
	}
	return locus.Action{Kind: locus.Nothing}
}

// fight attacks the most damaged reachable monster.
type fight struct{}

// Act chooses the most damaged monster within 4 m (share of its Death's
// Door filled; then the nearest; then the first).
func (*fight) Act(v *locus.View, self int) locus.Action {
	if a, ok := shakeOff(v, self, true); ok {
		return a
	}
	if !v.Armed(self) || v.Cowed(self) {
		return locus.Action{Kind: locus.Flee}
	}
	return choose(v, self, true)
}

// choose is fight's choice for an armed character free of hindering
// Conditions; with judge false it never steps away (stand).
func choose(v *locus.View, self int, judge bool) locus.Action {
	best, bs, bd := -1, 0, 1
	for m := 0; m < v.Monsters(); m++ {
		if !v.CanAttack(self, m) {
			continue
		}
		s, d := v.MonsterSegments(m), v.Monster(m).DeathsDoor
		if best < 0 || s*bd > bs*d || s*bd == bs*d && v.Distance(self, m) < v.Distance(self, best) {
			best, bs, bd = m, s, d
		}
	}
	if best >= 0 {
		if judge && leave(v, self, best) {
			return locus.Action{Kind: locus.Flee}
		}
		return locus.Action{Kind: locus.Attack, Target: best, Item: locus.BestItem}
	}
	if !judge {
		return closeIn(v, self)
	}
	return approach(v, self)
}

// leave reports whether character self should step away from monster m
// rather than fight it: self outpaces m (m may not even follow) and is
// losing to it. Out of reach of what cannot keep up, the conflict ends for
// the character ("Conflict ends when entities are no longer in direct
// opposition").
func leave(v *locus.View, self, m int) bool { return v.Outpaces(self, m) && v.Losing(self, m) }

// approach closes in on the nearest monster, unless self should leave it
// (leave): then it moves away.
func approach(v *locus.View, self int) locus.Action {
	if m := nearestMonster(v, self); m >= 0 && leave(v, self, m) {
		return locus.Action{Kind: locus.Flee}
	}
	return closeIn(v, self)
}

// Reroll takes every offered re-roll.
func (*fight) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// Builtin: the kernel plays fight itself, exactly as Act and Reroll do.
func (*fight) Builtin() locus.Builtin { return locus.BuiltinFight }

// stand fights to the end: the spec's Scenario A.
type stand struct{}

// Act is fight's, without stepping away from what it outpaces.
func (*stand) Act(v *locus.View, self int) locus.Action {
	if a, ok := shakeOff(v, self, true); ok {
		return a
	}
	if !v.Armed(self) {
		return locus.Action{Kind: locus.Flee}
	}
	return choose(v, self, false)
}

// Reroll takes every offered re-roll.
func (*stand) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// defend waits behind Defend for an opening while a monster is about to
// attack it, and fights when none is.
type defend struct{}

// Act, when a monster is about to attack self (View.Threatened), attacks
// one within reach whose last attack on it missed or that one Major hit
// would dissipate, and otherwise Defends; when none is, it plays fight's
// choice (attack the most damaged monster within reach, close in, or step
// away from what it outpaces while losing).
func (*defend) Act(v *locus.View, self int) locus.Action {
	if a, ok := shakeOff(v, self, true); ok {
		return a
	}
	if !v.Armed(self) || v.Cowed(self) {
		return locus.Action{Kind: locus.Flee}
	}
	if !v.Threatened(self) {
		return choose(v, self, true)
	}
	for m := 0; m < v.Monsters(); m++ {
		if v.CanAttack(self, m) && (v.LastAttackMissed(m, self) || v.DissipatedBy(m, locus.Major)) {
			return locus.Action{Kind: locus.Attack, Target: m, Item: locus.BestItem}
		}
	}
	for m := 0; m < v.Monsters(); m++ {
		if v.InReach(m, self) && leave(v, self, m) {
			return locus.Action{Kind: locus.Flee}
		}
	}
	return locus.Action{Kind: locus.Defend}
}

// Reroll takes every offered re-roll.
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
	if a, ok := shakeOff(v, self, true); ok {
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
	if a, ok := shakeOff(v, self, false); ok {
		return a
	}
	return locus.Action{Kind: locus.Flee}
}

// Reroll takes every offered re-roll.
func (*flee) Reroll(v *locus.View, self int, o locus.RerollOffer) bool {
	return locus.AcceptReroll(v, self, o)
}

// pickTarget chooses a visible character within 2 m of monster self by
// behaviour, or -1.
func pickTarget(v *locus.View, self int, b locus.Behaviour) int {
	best := -1
	for i := 0; i < v.Characters(); i++ {
		if v.InReach(self, i) && (best < 0 || better(v, self, b, i, best)) {
			best = i
		}
	}
	return best
}

// better reports whether candidate i beats the current best j for a
// monster of behaviour b.
func better(v *locus.View, self int, b locus.Behaviour, i, j int) bool {
	switch b {
	case locus.Opportunistic:
		if p, q := v.Cond(i)&locus.Prone != 0, v.Cond(j)&locus.Prone != 0; p != q {
			return p
		}
		if si, sj := v.Segments(i), v.Segments(j); si != sj {
			return si > sj
		}
		if a, c := v.Isolated(i), v.Isolated(j); a != c {
			return a
		}
	case locus.Stalking:
		if a, c := v.Isolated(i), v.Isolated(j); a != c {
			return a
		}
	}
	return v.Distance(i, self) < v.Distance(j, self)
}

// chaseTarget is the nearest visible character (stalking: the nearest
// isolated one first), or -1.
func chaseTarget(v *locus.View, self int, stalking bool) int {
	best, bd, biso := -1, 0, false
	for i := 0; i < v.Characters(); i++ {
		if !v.Visible(i) {
			continue
		}
		d := v.Distance(i, self)
		iso := stalking && v.Isolated(i)
		if best < 0 || iso && !biso || iso == biso && d < bd {
			best, bd, biso = i, d, iso
		}
	}
	return best
}

// byBehaviour is the default foe policy: section 2.7's behaviour mapping.
type byBehaviour struct{}

// Act attacks in reach, else searches, else chases with the monster's
// chase likelihood.
func (*byBehaviour) Act(v *locus.View, self int) locus.MonsterAction {
	me := v.Monster(self)
	if me.Attack != 0 || me.Inflictions > 0 {
		if t := pickTarget(v, self, me.Behaviour); t >= 0 {
			wish := locus.InflictAfter
			if me.Behaviour == locus.Insidious {
				wish = locus.InflictFirst
			}
			return locus.MonsterAction{Kind: locus.MonsterAttack, Target: t, Inflict: wish}
		}
	}
	if v.AnyHidden() && v.SearchOpen(self) {
		return locus.MonsterAction{Kind: locus.Search}
	}
	if me.Chase != 0 {
		if t := chaseTarget(v, self, me.Behaviour == locus.Stalking); t >= 0 && v.Distance(t, self) > 0 && v.Chance(me.ChaseChance) {
			return locus.MonsterAction{Kind: locus.Chase, Target: t}
		}
	}
	return locus.MonsterAction{Kind: locus.Wait}
}

// Persistent: the default policy gives up searching when its window closes.
func (*byBehaviour) Persistent() bool { return false }

// Builtin: the kernel plays the default policy itself, exactly as Act does.
func (*byBehaviour) Builtin() locus.Builtin { return locus.BuiltinByBehaviour }

// relentless never lets go.
type relentless struct{}

// Act attacks the nearest in reach, else searches, else chases.
func (*relentless) Act(v *locus.View, self int) locus.MonsterAction {
	me := v.Monster(self)
	if me.Attack != 0 || me.Inflictions > 0 {
		if t := pickTarget(v, self, locus.Plain); t >= 0 {
			return locus.MonsterAction{Kind: locus.MonsterAttack, Target: t, Inflict: locus.InflictAfter}
		}
	}
	if me.Search != 0 && v.AnyHidden() {
		return locus.MonsterAction{Kind: locus.Search}
	}
	if me.Chase != 0 {
		if t := chaseTarget(v, self, false); t >= 0 && v.Distance(t, self) > 0 {
			return locus.MonsterAction{Kind: locus.Chase, Target: t}
		}
	}
	return locus.MonsterAction{Kind: locus.Wait}
}

// Persistent: relentless searches without limit.
func (*relentless) Persistent() bool { return true }

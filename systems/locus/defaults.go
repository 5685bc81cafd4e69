package locus

// This file holds the decision procedures of the two default strategies,
// party "fight" and foe "default", and the pieces the other built-in
// strategies share with them (ShakeOff, Stand, Relentless).
// They exist once, here: strategies/locus registers thin policies that call
// them, and the kernel calls Fight and ByBehaviour directly, without the
// interface, for a policy that declares them through Builtin (policy.go).
// They read the encounter through the View's kernel, so that the kernel's
// direct call costs little more than code of its own would (README.md).

// ShakeOff is the Miscellaneous check against a hindering Condition a
// character spends its turn on when option L-11 "misc-check" allows it:
// the first of Blinded, Nauseated, Terrified (only when terrified is true:
// fleeing is not hindered by terror) and Unstable that self holds and that
// hinders it under the options in force (hinders; errata E-L5: nobody
// spends a turn on a harmless Condition).
func ShakeOff(v *View, self int, terrified bool) (Action, bool) {
	if x := v.k.shakeOff(self, terrified); x != 0 {
		return Action{Kind: Misc, Cond: x}, true
	}
	return Action{}, false
}

// shakeOff is the Condition ShakeOff would shake off, or 0.
func (k *kernel) shakeOff(i int, terrified bool) Cond {
	if k.ru.L11 != L11MiscCheck || k.ch[i].cond&shakable == 0 {
		return 0
	}
	for _, x := range shakeOrder {
		if x == Terrified && !terrified {
			continue
		}
		if k.ch[i].cond&x != 0 && k.hinders(i, x) {
			return x
		}
	}
	return 0
}

// shakeOrder is the order in which a character shakes off Conditions, the
// Conditions a Miscellaneous check may remove (L-11 "misc-check").
var shakeOrder = [...]Cond{Blinded, Nauseated, Terrified, Unstable}

// shakable is shakeOrder as a set.
const shakable = Blinded | Nauseated | Terrified | Unstable

// hinders reports whether Condition x does anything to character i under
// the options in force. Blinded makes sight-dependent checks Hard, and the
// only such checks in a conflict are the contested attack and defence: it
// hinders only under an L-3 reading that lets a tier cost dice or points,
// and only while the injury floor is not already Hard. Nauseated makes
// Clumsiness 5: nothing to a character whose Clumsiness is 5. Terrified and
// Unstable always hinder.
func (k *kernel) hinders(i int, x Cond) bool {
	switch x {
	case Blinded:
		return k.ru.L3 != L3Ignore && k.floor(i) < Hard
	case Nauseated:
		return k.ch[i].attr[Clumsiness] < 5
	}
	return true
}

// Fight is party "fight": shake off a hindering Condition (ShakeOff); get
// away without a usable Item (GetAway: with cover it hides from a monster
// that would catch it), or flee when Terrified and likely to cower
// (View.Cowed) unless allies fight on beside it and the terror's source
// would catch it (View.RunsFromTerror); otherwise attack the monster within 4 m with the largest
// share of its Death's Door filled (then the nearest, then one drawn at
// random: never the first listed, errata E-L3) with its best Item
// (View.BestItem), else approach the nearest monster, else do
// nothing; but flee instead of attacking or approaching a monster it
// outpaces and is losing to (View.Leave). Every action it returns is valid,
// as the kernel's validation would leave it.
func Fight(v *View, self int) Action { return v.k.fightOrStand(self, true) }

// Stand is party "stand", fight to the end: Fight without its judgements,
// it neither flees a terror it is likely to cower from (View.Cowed) nor
// steps away from what it outpaces (View.Leave); it flees, and never hides
// (GetAway), only once no Item is left.
func Stand(v *View, self int) Action { return v.k.fightOrStand(self, false) }

// fightOrStand is Fight with judge, Stand without: one function, so that the
// kernel's direct call of Fight is one call a turn. self is the character
// whose turn it is, so present.
func (k *kernel) fightOrStand(self int, judge bool) Action {
	if x := k.shakeOff(self, true); x != 0 {
		return Action{Kind: Misc, Cond: x}
	}
	usable := k.usableItems(self)
	if usable == 0 && judge {
		return k.getAway(self)
	}
	if usable == 0 || judge && k.cowed(self) && k.terrorRuns(self) {
		return Action{Kind: Flee} // a cowed character is Terrified: getAway would run too
	}
	best, bs, bd, bdist, n := -1, 0, 1, 0, 0
	for j := 0; j < k.nm; j++ {
		d := k.dist(self, j)
		if k.mo[j].gone || d > reach+shift {
			continue
		}
		s, door := int(k.mo[j].segs), k.m.mons[j].door
		switch {
		case best < 0 || s*bd > bs*door || s*bd == bs*door && d < bdist:
			best, bs, bd, bdist, n = j, s, door, d, 1
		case s*bd == bs*door && d == bdist:
			if n++; k.tie(n) {
				best = j
			}
		}
	}
	if best >= 0 {
		if judge && k.leave(self, best) {
			return Action{Kind: Flee}
		}
		item := int(onlyItem[usable]) // one Item left, the usual case
		if usable&(usable-1) != 0 {
			item = k.bestOf(self, best, usable)
		}
		return Action{Kind: Attack, Target: best, Item: item}
	}
	if j := k.approachTarget(self); j >= 0 {
		if judge && k.leave(self, j) {
			return Action{Kind: Flee}
		}
		return Action{Kind: Approach, Target: j}
	}
	return Action{Kind: Nothing}
}

// ByBehaviour is foe "default", section 2.7's behaviour mapping: attack a
// visible character within 2 m whom the attack can change (canChange: a
// monster without an Attack passes over one that has its Conditions),
// chosen by Behaviour, then by the Director's
// interest (compareTargets: opportunistic prefers the Prone, then the one
// with more segments filled, then the isolated; stalking the isolated;
// then every Behaviour the character it is likeliest to injure, then the
// one carrying what it is weak to, then the nearest, then one drawn at
// random, never the first listed: errata E-L3; insidious inflicts first),
// else search while the window of option L-15 is open and someone hides,
// else chase the nearest visible character (stalking: the nearest isolated
// one, chaseTarget) with the monster's chase likelihood (willChase, option
// L-30), else wait. Every action it returns is valid.
func ByBehaviour(v *View, self int) MonsterAction { return v.k.hunt(self, false) }

// Relentless is foe "relentless": ByBehaviour as for a plain monster (the
// character in reach it is likeliest to injure, inflicting after the
// attack), but it
// searches whoever hides without limit and always chases.
func Relentless(v *View, self int) MonsterAction { return v.k.hunt(self, true) }

// hunt is ByBehaviour, or Relentless when relentless: one function, so that
// the kernel's direct call of ByBehaviour is one call a turn. self is the
// monster whose turn it is, so not dissipated.
func (k *kernel) hunt(self int, relentless bool) MonsterAction {
	s := &k.m.mons[self]
	b := s.behaviour
	if relentless {
		b = Plain
	}
	if !relentless && k.ru.L30 == L30PerPursuit && s.chases == 1 {
		k.endPursuits(self)
	}
	if s.attack != 0 || len(s.infl) > 0 {
		if t := k.attackTarget(self, b); t >= 0 {
			wish := InflictAfter
			if b == Insidious {
				wish = InflictFirst
			}
			return MonsterAction{Kind: MonsterAttack, Target: t, Inflict: wish}
		}
	}
	if relentless {
		if s.search != 0 && k.view.AnyHidden() {
			return MonsterAction{Kind: Search}
		}
	} else if k.view.AnyHidden() && k.canSearch(self, false) {
		return MonsterAction{Kind: Search}
	}
	if s.chase != 0 {
		if t := k.chaseTarget(self, b == Stalking); t >= 0 && k.dist(t, self) > 0 && (relentless || k.willChase(self, t)) {
			return MonsterAction{Kind: Chase, Target: t}
		}
	}
	return MonsterAction{Kind: Wait}
}

// attackTarget is the character in monster self's reach that its attack
// action can change something for and that it likes best by behaviour b
// (compareTargets), ties drawn at random; -1 when there is none.
func (k *kernel) attackTarget(self int, b Behaviour) int {
	t, n := -1, 0
	for i := 0; i < k.nc; i++ {
		if !k.ch[i].visible() || k.dist(i, self) > reach || !k.canChange(self, i) {
			continue
		}
		if t < 0 {
			t, n = i, 1
			continue
		}
		switch k.compareTargets(self, b, i, t) {
		case 1:
			t, n = i, 1
		case 0:
			if n++; k.tie(n) {
				t = i
			}
		}
	}
	return t
}

// canChange reports whether monster j's attack action can change anything
// for character i in its reach: it has an Attack, or an Infliction whose
// Condition i lacks and that L-9 "once" has not used up. A monster whose
// Attack is null (errata E-L4: that removes only the attack) turns to
// another character in reach rather than wait beside one it has already
// afflicted.
func (k *kernel) canChange(j, i int) bool {
	if k.m.mons[j].attack != 0 {
		return true
	}
	return k.pickInfliction(j, i) >= 0 && !(k.ru.L9 == L9Once && k.mo[j].inflicted)
}

// willChase reports whether monster j chases character i this turn, by
// its chase likelihood (never, moderate, definite: 0, 0.5, 1). Under L-30
// "per-pursuit" (errata E-L2: "moderately likely to chase" is a
// likelihood of chasing, not a speed) a moderate monster decides once per
// pursuit and holds to it (endPursuits ends the pursuit); under
// "per-turn" it draws afresh every turn.
func (k *kernel) willChase(j, i int) bool {
	p := k.m.mons[j].stats.ChaseChance
	if p <= 0 || p >= 1 || k.ru.L30 == L30PerTurn {
		return k.view.Chance(p)
	}
	mo, bit := &k.mo[j], uint16(1)<<i
	if mo.decided&bit == 0 {
		mo.decided |= bit
		mo.pursuing &^= bit
		if k.g.Chance(p) {
			mo.pursuing |= bit
		}
		if k.tr != nil {
			what := "lets " + k.cname(i) + " go"
			if mo.pursuing&bit != 0 {
				what = "will pursue " + k.cname(i)
			}
			k.say(k.mname(j), "is moderately likely to chase and decides once for this pursuit (option L-30): it %s", what)
		}
	}
	return mo.pursuing&bit != 0
}

// endPursuits forgets monster j's decision about every character back in
// its reach, hidden or out of the conflict (L-30 "per-pursuit"): the next
// time that character breaks away, j decides afresh.
func (k *kernel) endPursuits(j int) {
	mo := &k.mo[j]
	if mo.decided == 0 {
		return
	}
	for i := 0; i < k.nc; i++ {
		if !k.ch[i].visible() || k.dist(i, j) <= reach {
			mo.decided &^= uint16(1) << i
		}
	}
}

// chaseTarget is the nearest visible character to monster self (stalking:
// the nearest isolated one first), a tie drawn at random, or -1.
func (k *kernel) chaseTarget(self int, stalking bool) int {
	best, bd, biso, n := -1, 0, false, 0
	for i := 0; i < k.nc; i++ {
		if !k.ch[i].visible() {
			continue
		}
		d := k.dist(i, self)
		iso := stalking && k.view.Isolated(i)
		switch {
		case best < 0 || iso && !biso || iso == biso && d < bd:
			best, bd, biso, n = i, d, iso, 1
		case iso == biso && d == bd:
			if n++; k.tie(n) {
				best = i
			}
		}
	}
	return best
}

// approachTarget is the active monster nearest to character c, a tie drawn
// at random, or -1.
func (k *kernel) approachTarget(c int) int {
	best, bd, n := -1, 0, 0
	for j := 0; j < k.nm; j++ {
		if k.mo[j].gone {
			continue
		}
		switch d := k.dist(c, j); {
		case best < 0 || d < bd:
			best, bd, n = j, d, 1
		case d == bd:
			if n++; k.tie(n) {
				best = j
			}
		}
	}
	return best
}

// GetAway is what character self does to leave a fight it cannot go on
// with (no usable Item left): it runs (Flee), unless the scene has cover
// and running cannot succeed, because an active monster that can follow it
// would catch it (View.Outpaces false, the monster's chase likelihood
// weighed): then it hides, and once hidden it keeps still (Hide). A
// Terrified character runs all the same: the rulebook's Terrified needs a
// Cowardice check "for anything except fleeing the source", and hiding is
// not fleeing (the book names the two apart: "successfully hide, flee, or
// defeat a Monster"). Decision of ours, the rulebook leaving the choice to
// the player: running from a monster that will catch it only gets a
// character caught, knocked Prone and hit, turn after turn, where a
// successful Hide takes it out of the conflict once the monster's search
// gives up (rulebook: "Conflict ends when entities are no longer in direct
// opposition (escape, hiding success ...)"). In the Drowned Choir example,
// with the round cap lifted, any death falls from 0.38 to 0.19; had the
// Terrified hidden too, cowering half their turns beside the monster, it
// would have risen to 0.46.
func GetAway(v *View, self int) Action { return v.k.getAway(self) }

// getAway is GetAway.
func (k *kernel) getAway(i int) Action {
	c := &k.ch[i]
	switch {
	case !k.m.cover:
		return Action{Kind: Flee}
	case c.isHidden():
		return Action{Kind: Hide}
	case c.cond&Terrified != 0:
		return Action{Kind: Flee}
	}
	for j := 0; j < k.nm; j++ {
		if !k.mo[j].gone && k.canFollow(j) && !k.outpaces(i, j) {
			return Action{Kind: Hide}
		}
	}
	return Action{Kind: Flee}
}

// fightsAlone reports whether character i has allies and none of them
// fights on: every other character is dead, gone, hidden, or visible but
// more than 4 m from every active monster (running, or never engaged).
func (k *kernel) fightsAlone(i int) bool {
	if k.nc < 2 {
		return false
	}
	for c := 0; c < k.nc; c++ {
		if c == i || !k.ch[c].visible() {
			continue
		}
		for j := 0; j < k.nm; j++ {
			if !k.mo[j].gone && k.dist(c, j) <= reach+shift {
				return false
			}
		}
	}
	return true
}

// terrorRuns is View.RunsFromTerror: runsFromTerror, with allies who have
// left the fight (hidden, running; fightsAlone) counted as gone. A cowed
// character stays only for allies who strike at the monster meanwhile.
func (k *kernel) terrorRuns(i int) bool { return k.runsFromTerror(i) || k.fightsAlone(i) }

package locus

// This file is the kernel's own copy of the two default strategies, party
// "fight" and foe "default" (strategies/locus). A policy that reports one of
// them through Builtin promises that its decisions are exactly these, and
// the kernel then makes them itself, on its own state: no call through the
// interface, no View, no validation of an action it built. The strategies'
// View-based code stays the reference; strategies/locus plays every example
// both ways and compares the records encounter by encounter.

// Builtin names a decision procedure the kernel implements itself.
type Builtin uint8

// The built-in procedures.
const (
	General            Builtin = iota // none: the kernel calls the policy
	BuiltinFight                      // party "fight", re-rolls as AcceptReroll
	BuiltinByBehaviour                // foe "default": section 2.7's behaviour mapping
)

// BuiltinPolicy is implemented by a policy whose decisions are one of the
// kernel's built-in procedures.
type BuiltinPolicy interface {
	Builtin() Builtin
}

// builtinOf is the procedure policy p declares, or General.
func builtinOf(p any) Builtin {
	if b, ok := p.(BuiltinPolicy); ok {
		return b.Builtin()
	}
	return General
}

// fightAct is party "fight": shake off a hindering Condition under L-11
// "misc-check"; flee without a usable Item or when Terrified and likely to
// cower (cowed); attack the reachable monster
// with the largest share of its Death's Door filled (then the nearest, then
// the first) with its best Item; else approach the nearest monster; but
// step away (flee) instead when the character outpaces that monster and is
// losing to it (leave). Every
// action it returns is valid, as validate would leave it.
func (k *kernel) fightAct(i int) Action {
	c := &k.ch[i]
	if k.ru.L11 == L11MiscCheck {
		if x := hindering(c.cond, true); x != 0 {
			return Action{Kind: Misc, Cond: x}
		}
	}
	usable := k.usableItems(i)
	if usable == 0 || k.cowed(i) {
		return Action{Kind: Flee}
	}
	best, bs, bd, bdist := -1, 0, 1, 0
	for j := 0; j < k.nm; j++ {
		d := k.dist(i, j)
		if k.mo[j].gone || d > reach+shift {
			continue
		}
		s, door := int(k.mo[j].segs), k.m.mons[j].door
		if best < 0 || s*bd > bs*door || s*bd == bs*door && d < bdist {
			best, bs, bd, bdist = j, s, door, d
		}
	}
	if best >= 0 && k.leave(i, best) {
		return Action{Kind: Flee}
	}
	if best >= 0 {
		item := int(onlyItem[usable]) // one Item left, the usual case
		if usable&(usable-1) != 0 {
			item = k.bestOf(i, best, usable)
		}
		return Action{Kind: Attack, Target: best, Item: item}
	}
	if j := k.nearestMonster(i); j >= 0 {
		if k.leave(i, j) {
			return Action{Kind: Flee}
		}
		return Action{Kind: Approach, Target: j}
	}
	return Action{Kind: Nothing}
}

// hindering is the first of the Conditions a Miscellaneous check may shake
// off that cond holds (Terrified only when terrified), or 0.
func hindering(cond Cond, terrified bool) Cond {
	for _, x := range [...]Cond{Blinded, Nauseated, Terrified, Unstable} {
		if x == Terrified && !terrified {
			continue
		}
		if cond&x != 0 {
			return x
		}
	}
	return 0
}

// byBehaviourAct is foe "default": attack a visible character within 2 m
// chosen by Behaviour (insidious inflicts first), else search while the
// window is open and someone hides, else chase the nearest visible
// character (stalking: the nearest isolated one) with the monster's chase
// likelihood, else wait.
func (k *kernel) byBehaviourAct(j int) MonsterAction {
	s := &k.m.mons[j]
	if s.attack != 0 || len(s.infl) > 0 {
		// The target by behaviour among the visible characters within 2 m
		// (written out here: this runs on every monster turn).
		t := -1
		for i := 0; i < k.nc; i++ {
			if k.ch[i].visible() && k.dist(i, j) <= reach && (t < 0 || k.betterTarget(j, s.behaviour, i, t)) {
				t = i
			}
		}
		if t >= 0 {
			wish := InflictAfter
			if s.behaviour == Insidious {
				wish = InflictFirst
			}
			return MonsterAction{Kind: MonsterAttack, Target: t, Inflict: wish}
		}
	}
	if k.view.AnyHidden() && k.canSearch(j, false) {
		return MonsterAction{Kind: Search}
	}
	if s.chase != 0 {
		if t := k.chaseTarget(j, s.behaviour == Stalking); t >= 0 && k.dist(t, j) > 0 && k.view.Chance(s.stats.ChaseChance) {
			return MonsterAction{Kind: Chase, Target: t}
		}
	}
	return MonsterAction{Kind: Wait}
}

// betterTarget reports whether character i beats character c as monster
// j's target (byBehaviourAct): opportunistic prefers Prone, then more segments filled, then
// isolated; stalking isolated; then the nearer.
func (k *kernel) betterTarget(j int, b Behaviour, i, c int) bool {
	switch b {
	case Opportunistic:
		if p, q := k.ch[i].cond&Prone != 0, k.ch[c].cond&Prone != 0; p != q {
			return p
		}
		if si, sc := k.ch[i].segs, k.ch[c].segs; si != sc {
			return si > sc
		}
		fallthrough
	case Stalking:
		if a, o := k.view.Isolated(i), k.view.Isolated(c); a != o {
			return a
		}
	}
	return k.dist(i, j) < k.dist(c, j)
}

// chaseTarget is the nearest visible character to monster j (stalking: the
// nearest isolated one first), or -1.
func (k *kernel) chaseTarget(j int, stalking bool) int {
	best, bd, biso := -1, 0, false
	for i := 0; i < k.nc; i++ {
		if !k.ch[i].visible() {
			continue
		}
		d := k.dist(i, j)
		iso := stalking && k.view.Isolated(i)
		if best < 0 || iso && !biso || iso == biso && d < bd {
			best, bd, biso = i, d, iso
		}
	}
	return best
}

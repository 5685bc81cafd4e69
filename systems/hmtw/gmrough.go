package hmtw

import "math/bits"

// This file holds the GM's Roughhouse: a plain Trip, Disarm, Root or
// Displace, or a Roughhouse doom, one roughRules entry each.

// roughRule is a Roughhouse doom: what its success does (holds: the
// victim is Rooted and carried, so many at most per holder; engulfs: the
// slime's hold, which Aegis does not stop and which dissolves; else hit,
// which reports whether it took anything), and whether it rides a greater
// doom of its own (greater: the griffin's Grab).
type roughRule struct {
	holds   int
	engulfs bool
	greater bool
	hit     func(k *kernel, c strikeCtx) bool
}

// roughRules holds each Roughhouse doom's rule, indexed by Ability.
var roughRules = [numAbilities]roughRule{
	AbGrab:               {holds: 2},
	AbDevilBite:          {holds: 4},
	AbGriffinGrab:        {holds: MaxParty, greater: true},
	AbProtoplasmicAttack: {holds: MaxParty, engulfs: true},
	AbEngulf: {hit: func(k *kernel, c strikeCtx) bool {
		k.say(c.t, "is engulfed in its element")
		k.woundAdv(c.t, 1, true, false, Wound{Source: c.g})
		return true
	}},
	AbPullIntoTheAir: {hit: func(k *kernel, c strikeCtx) bool {
		k.say(c.t, "is lifted and dropped")
		k.engage(c.t, c.j)
		k.woundAdv(c.t, 1, true, false, Wound{Source: -1})
		return true
	}},
	AbBadLittleHands: {hit: func(k *kernel, c strikeCtx) bool {
		// "Steals one belt item": the first on the belt. A rat holds one
		// stolen item at a time.
		a, x := &k.adv[c.t], &k.mem[c.j]
		if a.nbelt == 0 || x.stolen != NoItem {
			return false
		}
		x.stolen, x.stolenWear = a.dropBelt(0)
		x.stolenFrom = int8(c.t)
		if k.tr != nil {
			k.say(c.t, "has its "+x.stolen.Title()+" stolen from the belt by "+k.mname(c.j))
		}
		return true
	}},
}

// grabDooms are the holding dooms that grab rather than engulf: an
// Attack that misses the holder hits its victim (grabbedTakesMiss).
var grabDooms abilitySet

func init() {
	for a := range roughRules {
		if r := &roughRules[a]; r.holds > 0 && !r.engulfs {
			grabDooms.add(Ability(a))
		}
	}
}

// gmRoughhouse resolves a GM Roughhouse: a plain effect, or a Roughhouse
// doom (roughRules).
func (k *kernel) gmRoughhouse(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if !d.Lesser() || !k.roughForm(g, a) {
		return false
	}
	ab := a.Ability
	if !roughRules[ab].greater {
		a.Rider = -1
	}
	favor := k.takeFavor(a)
	value := int(d)
	if own {
		value += k.groupAttr(g, Pentacles)
	}
	var count [MaxParty]int8
	var first [MaxParty]int8
	if !k.roughTargets(g, a, own, &count, &first) {
		return false
	}
	if k.tr != nil {
		k.narrateRough(g, a, d, own, value)
	}
	k.spendGM(a.Card, a.Rider, a.Favor)
	for t := 0; t < k.na; t++ {
		if count[t] == 0 {
			continue
		}
		c := strikeCtx{g: g, j: int(first[t]), t: t, value: value, mob: int(count[t]), favor: favor, form: ab, own: own,
			rough: true, effect: a.Effect}
		k.strike(&c)
	}
	return true
}

// roughForm reports GM action a a Roughhouse group g can play: a plain
// Trip, Disarm, Root or Displace, or a live Roughhouse doom (with a
// greater card of its own to ride on where it needs one).
func (k *kernel) roughForm(g int, a *GMAction) bool {
	ab := a.Ability
	if ab == abNone {
		switch a.Effect {
		case Trip, Disarm, Root, Displace:
			return true
		}
		return false
	}
	r := &roughRules[ab]
	if r.holds == 0 && r.hit == nil || !k.live(g, ab) {
		return false
	}
	return !r.greater || k.gmCardAt(a.Rider).Greater() && a.Rider != a.Card
}

// roughTargets counts, per adventurer, the members of group g a Roughhouse
// reaches it with (the mob), and the first of them; a lord or a group of
// one acts alone against the sole target. It reports any reached.
func (k *kernel) roughTargets(g int, a *GMAction, own bool, count, first *[MaxParty]int8) bool {
	gs := &k.grp[g]
	any := false
	single := k.m.groups[g].lord || gs.hi-gs.lo == 1
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx >= MaxCount || single && idx > 0 {
			break
		}
		mm := int(m)
		if f := k.firstIn(g); single && f >= 0 {
			mm = f
		}
		t := int(a.Targets[idx])
		if single {
			t = soleTarget(a)
		}
		if mm < 0 || t < 0 || t >= k.na || !k.memberCanAct(mm, !own) || !k.gmReach(mm, t, false) || k.zoneOf(mm) != k.adv[t].zone {
			continue
		}
		if count[t] == 0 {
			first[t] = int8(mm)
		}
		count[t]++
		any = true
	}
	return any
}

// narrateRough tells group g's Roughhouse with card d at value.
func (k *kernel) narrateRough(g int, a *GMAction, d Doom, own bool, value int) {
	how := "as a minor action"
	if own {
		how = "on its turn"
	}
	what := "Roughhouse (" + effectName(a.Effect) + ")"
	if a.Ability != abNone {
		what = abilityTable[a.Ability].name + " (a Roughhouse)"
	}
	k.tr.Add(k.round, k.gname(g), "plays %s %s: %s, %d", d, how, what, value)
}

// grabHolder is the GM character that takes hold of a victim of GM
// character j's grab doom ab: j, or for a dungeon lord the first standing
// pool with ab itself (each Sporehulk arm grabs, "2 at most"); -1 when it
// already holds limit victims.
func (k *kernel) grabHolder(g, j int, ab Ability, limit int) int {
	if k.m.groups[g].lord {
		gs := &k.grp[g]
		for m := gs.lo; m < gs.hi; m++ {
			if !k.mem[m].out() && k.m.groups[g].members[m-gs.lo].abil.has(ab) &&
				bits.OnesCount8(k.mem[m].grabbed) < limit {
				return int(m)
			}
		}
		return -1
	}
	if bits.OnesCount8(k.mem[j].grabbed) >= limit {
		return -1
	}
	return j
}

// roughHit applies a GM Roughhouse's success: its doom's (roughRules),
// else its plain effect; then Piss and Shit, unless the doom took
// nothing.
func (k *kernel) roughHit(c *strikeCtx) {
	a := &k.adv[c.t]
	r := &roughRules[c.form]
	switch {
	case r.holds > 0:
		if !k.roughHold(c, r) {
			return
		}
	case r.hit != nil:
		if !r.hit(k, *c) {
			return
		}
	default:
		switch c.effect {
		case Trip:
			k.tripAdv(c.t)
		case Root:
			if !k.aegis(c.t, "Root") {
				a.effects |= Root
				k.disengageAdv(c.t)
				k.say(c.t, "is Rooted")
			}
		case Disarm:
			k.disarmAdv(c.t, true)
		case Displace:
			k.displaceAdv(c.t, true)
		}
	}
	if k.live(c.g, AbPissAndShit) && a.present() {
		a.stressed = true
		k.say(c.t, "is covered in filth: Stressed")
	}
}

// roughHold is a holding doom's success: the victim is Rooted and carried
// by the member that holds it (engulfed by the slime: no Aegis against
// it); false when no holder has room, the victim is held already, or
// Aegis turns the grab.
func (k *kernel) roughHold(c *strikeCtx, r *roughRule) bool {
	a := &k.adv[c.t]
	h := k.grabHolder(c.g, c.j, c.form, r.holds)
	if h < 0 || a.grabbedBy >= 0 {
		return false
	}
	if !r.engulfs && k.aegis(c.t, "the grab") {
		return false
	}
	k.disengageAdv(c.t)
	a.effects |= Grabbed | Root
	if r.engulfs {
		a.effects |= Engulfed
		k.say(c.t, "is engulfed by the slime: Rooted, and dissolving")
	} else {
		k.say(c.t, "is grabbed: Rooted and carried")
	}
	a.grabbedBy = int8(h)
	k.mem[h].grabbed |= 1 << c.t
	return true
}

package hmtw

// This file holds what the View tells about the GM's side: members,
// groups, the GM's hand and dooms.

// Member describes GM character j.
func (v *View) Member(j int) MemberInfo {
	k := v.k
	x := &k.mem[j]
	g := int(x.group)
	ms := &k.m.groups[g].members[j-int(k.grp[g].lo)]
	n := 0
	for b := x.grabbed; b != 0; b &= b - 1 {
		n++
	}
	mh := ms.health
	if ms.spare {
		mh = 1
	}
	return MemberInfo{Group: g, In: k.memberIn(j), Active: x.active, Down: x.down, Health: int(x.health),
		Defense: int(x.defense), MaxHealth: mh, Zone: int(x.zone), Effects: x.effects, Engaged: x.engaged != 0,
		Ranged: k.memberRanged(j), Late: ms.late && !k.reachableMelee(j), Grabbing: n}
}

// FreeMove is how many zones group g may still move without a card on its
// own turn: 2 with Fleet (2), 1 with Fleet, 0 once spent this turn.
func (v *View) FreeMove(g int) int {
	if v.k.grp[g].freeMoved {
		return 0
	}
	return v.k.fleetZones(g)
}

// MemberHas reports GM character j having ability a itself: a dungeon
// lord's pool has only its own dooms (a Sporehulk arm's Grab).
func (v *View) MemberHas(j int, a Ability) bool {
	k := v.k
	g := int(k.mem[j].group)
	return k.m.groups[g].members[j-int(k.grp[g].lo)].abil.has(a) && !k.offNarrative(a)
}

// EngagedWith reports adventurer i engaged with GM character j.
func (v *View) EngagedWith(i, j int) bool { return v.k.adv[i].engaged&(1<<j) != 0 }

// Group describes group g.
func (v *View) Group(g int) GroupInfo {
	k := v.k
	gs := &k.grp[g]
	sp := &k.m.groups[g]
	n := 0
	for j := gs.lo; j < gs.hi; j++ {
		if k.memberIn(int(j)) {
			n++
		}
	}
	fd := gs.fd.kind
	return GroupInfo{Name: sp.name, CreatureID: sp.cr.ID, In: k.groupIn(g), Count: n, Init: int(gs.init),
		Revealed: gs.revealed, Acted: gs.acted, TieWins: k.groupTie(g, NoItem) && !sp.shield,
		Shield: sp.shield, Emotion: gs.emotion, Elite: sp.elite, Lord: sp.lord, Mindless: sp.mindless, Beast: sp.beast,
		Living: sp.living, Facedown: fd, Attr: sp.attr, Hates: sp.cr.Hates, Ranged: sp.ranged}
}

// FinishingBlows reports whether ordinary Wounds at Death's Door matter to
// the GM (option H-11 "kills" or "finishing-blows").
func (v *View) FinishingBlows() bool { return v.k.ru.H11 != H11NoEffect }

// Cover reports zone z giving cover: missile attacks into it from another
// zone have disfavor.
func (v *View) Cover(z int) bool { return v.k.m.scene.cover&(1<<z) != 0 }

// Clouded reports a stinking cloud in zone z.
func (v *View) Clouded(z int) bool { return v.k.cloudZones&(1<<z) != 0 }

// Summoned reports whether group g's summons (bats, clones) are in the
// fight.
func (v *View) Summoned(g int) bool {
	h := v.k.summoned(g)
	return h >= 0 && v.k.groupIn(h)
}

// SummonsActed reports whether group g's summons (bats, clones) came into
// the fight or took their turn this round, whether or not they are still in
// it: a summons joins having acted, and every group's turn is reset at the
// round's start.
func (v *View) SummonsActed(g int) bool {
	h := v.k.summoned(g)
	return h >= 0 && v.k.grp[h].acted
}

// GroupMembers returns group g's members as the range [lo, hi).
func (v *View) GroupMembers(g int) (lo, hi int) { return int(v.k.grp[g].lo), int(v.k.grp[g].hi) }

// MemberTie reports whether GM character j wins a tie against an action
// with weapon w (Tough, Fleshless, a shield but against a flail; a dungeon
// lord's Tough belongs to one pool).
func (v *View) MemberTie(j int, w Item) bool { return v.k.memberTie(j, w) }

// GroupAttr is group g's rating in suit s now (a slime's follows Health).
func (v *View) GroupAttr(g int, s Suit) int { return v.k.groupAttr(g, s) }

// Has reports whether group g can use ability a (a member in the fight
// with it; option H-30 considered).
func (v *View) Has(g int, a Ability) bool { return v.k.live(g, a) }

// GreaterInitiative reports whether group g may play a greater doom as
// Initiative (Untouchable, Armored Scales, Rampage).
func (v *View) GreaterInitiative(g int) bool { return v.k.greaterInit(g) }

// Overwhelms reports whether group g can play a greater doom as the Attack
// itself (Overwhelming Attack, Smash, Overwhelming Bite).
func (v *View) Overwhelms(g int) bool { return v.k.liveIn(g, overwhelmingDooms) }

// Harmable reports whether anything the guild carries could harm group
// g (the bloodybones cannot be harmed at all).
func (v *View) Harmable(g int) bool {
	k := v.k
	gs := &k.grp[g]
	for j := gs.lo; j < gs.hi; j++ {
		if k.memberIn(int(j)) {
			if im, _ := k.immune(int(j), dmgAll&^dmgForged&^dmgSilver); !im {
				return true
			}
		}
	}
	return false
}

// CanHarm reports whether adventurer i's weapon (its fists with none) could
// harm GM character j, the immunities the fight can lift aside: a shadow
// form while an adventurer able to act holds a light to raise in its zone
// (a Trivial Action), a body of smokeless fire until it is made tangible;
// not a levitating lord with a melee weapon, nor with a wand once its
// Gramarye is lost.
func (v *View) CanHarm(i, j int) bool {
	w := v.k.adv[i].weapon()
	if w == ArchwoodWand && !v.k.talent(i, TGramarye, false) {
		return false // a wand blasts only with Gramarye, perhaps crossed out
	}
	return v.CanHarmWith(w, j)
}

// CanHarmWith reports whether weapon w (fists with NoItem) could harm GM
// character j, the immunities the fight can lift aside as in CanHarm: what
// an adventurer would gain by pulling w from its belt or pack. A shadow
// form counts as harmable only with a light an able adventurer holds in
// its zone: a raised light makes tangible the shadows there.
func (v *View) CanHarmWith(w Item, j int) bool {
	k := v.k
	if !w.Missile() && k.aloft(int(k.mem[j].group)) {
		return false // hovering high: only ranged attacks reach him (E-H3)
	}
	im, why := k.immune(j, w.info().dmg)
	if why == whyShadow {
		z := k.zoneOf(j)
		for x := 0; x < k.na; x++ {
			if k.adv[x].able() && k.adv[x].zone == z && k.holdsLight(x) {
				return true
			}
		}
	}
	return !im || why == whySmokeless
}

// SummonerOf is the group that calls group g into the fight (the vampire
// for its bats, the Yellow King for his clones), or -1.
func (v *View) SummonerOf(g int) int {
	gs := &v.k.m.groups[g]
	if !gs.hidden {
		return -1
	}
	return gs.summoner
}

// Unarmed reports whether an unarmed Attack (fists) on GM character j has
// disfavor (it is armed and not Disarmed) and whether it can harm it at
// all (not larger than a human, p.5.7).
func (v *View) Unarmed(j int) (disfavor, harms bool) {
	k := v.k
	gs := &k.m.groups[k.mem[j].group]
	return gs.armed && k.mem[j].effects&Disarm == 0, !gs.larger
}

// Immune reports whether adventurer i's weapon would not harm GM character
// j (its kind of harm, or a shadow form not made tangible).
func (v *View) Immune(i, j int) bool {
	w := v.k.adv[i].weapon()
	im, _ := v.k.immune(j, w.info().dmg)
	return im
}

// Morale is group g's Morale now (the GM's judgement; Banter must exceed
// it). Mindless groups return 99.
func (v *View) Morale(g int) int {
	f := &v.k.facts
	if !f.open {
		return v.k.morale(g)
	}
	if f.moraleKnown&(1<<g) == 0 {
		f.morale[g] = int8(v.k.morale(g))
		f.moraleKnown |= 1 << g
	}
	return int(f.morale[g])
}

// CanDodgeFor reports whether adventurer i may Dodge for ally (itself or
// one within reach) as an interrupt: not while Rooted or Berserk.
func (v *View) CanDodgeFor(i, ally int) bool { return v.k.canDodgeFor(i, ally) }

// Intelligent reports group g neither mindless nor a beast: it can be
// talked to (Banter, p.119) and surrenders at Morale 8.
func (v *View) Intelligent(g int) bool {
	sp := &v.k.m.groups[g]
	return !sp.mindless && !sp.beast
}

// Fearful reports group g afraid: it flees.
func (v *View) Fearful(g int) bool { return v.k.fearful(g) }

// GMHand is the number of cards in the GM's hand.
func (v *View) GMHand() int { return int(v.k.ngm) }

// GMCard is card j of the GM's hand.
func (v *View) GMCard(j int) Doom { return v.k.gm[j] }

// GMCardFree reports card j of the GM's hand not already declared by
// another group in this minor-action window.
func (v *View) GMCardFree(j int) bool { return v.k.gmReserved&(1<<v.k.gm[j]) == 0 }

// GMReach reports whether GM character j can aim at adventurer t (missile:
// with a missile weapon or form, at most a zone away, not engaged).
func (v *View) GMReach(j, t int, missile bool) bool { return v.k.gmReach(j, t, missile) }

// MissileMember reports whether GM character j attacks at range (its
// group's bows, or the form given: Throw Stones, an arcane blast).
func (v *View) MissileMember(j int, form Ability) bool { return v.k.missileMember(j, form) }

// CanAct reports whether GM character j can act.
func (v *View) CanAct(j int) bool { return v.k.memberCanAct(j, false) }

// HandSizeGM is the GM's hand size rule for this round (section 6.9.1).
func (v *View) HandSizeGM() int { return v.k.handSize() }

// Beats reports whether value val beats Initiative init when the defender
// wins ties or not.
func (v *View) Beats(val, init int, defenderWinsTie bool) bool {
	return v.k.beats(val, init, defenderWinsTie)
}

// Protected reports a facedown Dodge waiting for adventurer t.
func (v *View) Protected(t int) bool {
	for i := 0; i < v.k.na; i++ {
		a := &v.k.adv[i]
		if a.fd.kind == Dodge && int(a.fd.ally) == t {
			return true
		}
	}
	return false
}

// AttackDooms is the set of passive attack dooms group g may choose one
// of for an Attack (own: on its turn): Claw, Talons, Bite, Tail Bite, Tail
// Whip, Kick, Haymaker, Sweeping Club (rulebook App. C p.246, the rules
// spec's errata E-H6). GMAction.Trigger names the one chosen.
func (v *View) AttackDooms(g int, own bool) Abilities {
	s, _ := v.k.attackDoomSet(g, own)
	return s
}

// AttackDoomList lists every passive attack doom, for a policy that weighs
// them in turn.
func AttackDoomList() []Ability { return attackDooms[:] }

// SweepDoom reports an attack doom whose Attack strikes everyone in the
// zone (Tail Whip, Kick, Haymaker, Sweeping Club).
func SweepDoom(ab Ability) bool { return sweepDoom(ab) }

// Abilities is a set of abilities, as Live returns it.
type Abilities [3]uint64

// Has reports ability a in the set.
func (s *Abilities) Has(a Ability) bool { return s[a/64]&(1<<(a%64)) != 0 }

// Overwhelms reports whether the set holds a greater doom played as the
// Attack itself (Overwhelming Attack, Smash, Overwhelming Bite).
func (s *Abilities) Overwhelms() bool { return (*abilitySet)(s).meets(overwhelmingDooms) }

// Live is the set of abilities group g can use now: Has(g, a) for every a
// at once, for a policy that asks about many.
func (v *View) Live(g int) Abilities {
	k := v.k
	gs := &k.m.groups[g]
	var out Abilities
	if !gs.lord {
		if !k.groupIn(g) {
			return out
		}
		out = Abilities(gs.abil)
	} else {
		st := &k.grp[g]
		for j := st.lo; j < st.hi; j++ {
			if k.mem[j].out() {
				continue
			}
			ms := &gs.members[j-st.lo]
			out[0] |= ms.abil[0]
			out[1] |= ms.abil[1]
			out[2] |= ms.abil[2]
		}
		out[0] &= gs.abil[0]
		out[1] &= gs.abil[1]
		out[2] &= gs.abil[2]
	}
	return Abilities(k.usable(abilitySet(out)))
}

package hmtw

// This file holds the GM's Attack: which attack doom and rider a group
// plays, whom each member strikes, and each strike until it lands or misses.

// isRider reports a greater doom played with an Attack as its rider.
func isRider(a Ability) bool { return riderDooms.has(a) }

// attackDooms are the passive dooms that act when their creature Attacks:
// Claw and Talons (a blow of twice the Initiative deals 2 Wounds), Bite
// (Trip or Disarm), Tail Bite (Displace), and the sweeps at everyone in the
// zone: Tail Whip and Kick ("Its Attack hits every adventurer in its
// zone"), Haymaker and Sweeping Club on the creature's own turn only.
// "If a creature has multiple dooms that activate when they Attack, the GM
// chooses only one per Attack action" (rulebook App. C p.246; the rules
// spec's errata E-H6): one of these, or a greater doom's rider, or a
// greater doom as the Attack itself (Overwhelming Attack, Smash,
// Overwhelming Bite), never two. Trample acts after a missed Attack, not on
// it, and is not one of them.
var attackDooms = [...]Ability{AbClaw, AbTalons, AbBite, AbTailBite, AbTailWhip, AbKick, AbHaymaker, AbSweepingClub}

// sweepDoom reports an attack doom whose Attack strikes everyone in the
// zone.
func sweepDoom(ab Ability) bool {
	return ab == AbTailWhip || ab == AbKick || ab == AbHaymaker || ab == AbSweepingClub
}

// attackDoomSet is the set of attack dooms group g may choose from for an
// Attack (own: on its turn, where Haymaker and Sweeping Club work), and how
// many.
func (k *kernel) attackDoomSet(g int, own bool) (Abilities, int) {
	var s Abilities
	n := 0
	for _, ab := range attackDooms {
		if !own && (ab == AbHaymaker || ab == AbSweepingClub) || !k.live(g, ab) {
			continue
		}
		s[ab/64] |= 1 << (ab % 64)
		n++
	}
	return s, n
}

// attackTrigger is the one attack doom of group g's Attack a (errata
// E-H6): none with a rider or with a greater doom as the Attack (that
// doom is the one chosen); the policy's choice when it is one the group
// has; the only one it has; else, where the policy left several open, one
// drawn at random (draw), or none (not draw: a legality check).
func (k *kernel) attackTrigger(g int, a *GMAction, own bool, d Doom, rider Ability, draw bool) Ability {
	if rider != abNone || d.Greater() {
		return abNone
	}
	set, n := k.attackDoomSet(g, own)
	if n == 0 {
		return abNone
	}
	if a.Trigger != abNone && set.Has(a.Trigger) {
		return a.Trigger
	}
	if n > 1 && !draw {
		return abNone
	}
	pick := 0
	if n > 1 {
		pick = k.r.IntN(n)
	}
	for _, ab := range attackDooms {
		if set.Has(ab) {
			if pick == 0 {
				return ab
			}
			pick--
		}
	}
	return abNone
}

// attackAll reports an Attack at everyone in the zone: its attack doom a
// sweep (Tail Whip, Kick, Haymaker, Sweeping Club), or its rider one that
// sweeps (riderRules: Breath of Ice).
func attackAll(trigger, rider Ability) bool {
	return riderRules[rider].sweep || sweepDoom(trigger)
}

// strikeCtx is one Attack or Roughhouse resolution against one adventurer.
type strikeCtx struct {
	g, j, t   int
	value     int // card (+attribute), before favor
	mob       int // members ganging up (option H-2)
	favor     bool
	rider     Ability
	trigger   Ability // the Attack's passive attack doom (errata E-H6)
	form      Ability
	own       bool
	missile   bool
	rough     bool
	effect    Effect
	trampled  bool
	greaterAt bool // an Overwhelming Bite
}

// gmAttack resolves a GM Attack: one card, each member's target, the mob
// rule per target.
func (k *kernel) gmAttack(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if !k.attackCard(g, d) {
		return false
	}
	form, rider := k.attackForm(g, a, d)
	if !k.turnTangible(g, a) {
		return false
	}
	favor := k.takeFavor(a)
	if rider == abNone {
		a.Rider = -1
	}
	value := int(d)
	if own {
		value += k.groupAttr(g, attackForms[form].attr)
	}
	a.Trigger = k.attackTrigger(g, a, own, d, rider, true)
	var p attackPlan
	if !k.planAttack(g, a, own, form, rider, &p) {
		return false
	}
	if k.tr != nil {
		k.narrateAttack(g, a, own, d, form, rider, value, favor)
	}
	k.spendGM(a.Card, a.Rider, a.Favor)
	k.strikeAll(g, a, d, &p, strikeCtx{g: g, value: value, favor: favor, rider: rider, trigger: a.Trigger, form: form, own: own})
	return true
}

// attackCard reports whether doom d pays for group g's Attack: a lesser
// doom, or a greater one for an Overwhelming Attack.
func (k *kernel) attackCard(g int, d Doom) bool {
	if d == NoDoom {
		return false
	}
	if d.Greater() && !k.liveIn(g, overwhelmingDooms) {
		return false
	}
	return d.Greater() || d.Lesser()
}

// attackFormRule is what a lesser doom played as the Attack itself
// changes: the attribute the Attack adds on the creature's own turn
// (Swords unless it says), whether it is ranged (up to 1 zone away, and
// never engaging, even in its own zone) and whether its hit is Piercing.
type attackFormRule struct {
	form     bool // an Attack form (the rest of the table is the plain Attack)
	attr     Suit
	ranged   bool
	piercing bool
}

// attackForms holds each Attack form's rule, indexed by Ability: Throw
// Stones, the arcane missile ("If the Poison Won't Take You My Dogs
// Will"), the Death Dealer's blade.
var attackForms = [numAbilities]attackFormRule{
	AbThrowStones:  {form: true, ranged: true},
	AbArcaneAttack: {form: true, attr: Wands, ranged: true},
	AbDeathDealer:  {form: true, piercing: true},
}

// attackForm is the form of group g's Attack (Throw Stones, an arcane
// missile, Death Dealer; abNone: a plain Attack) and its greater-doom
// rider (abNone: none).
func (k *kernel) attackForm(g int, a *GMAction, d Doom) (form, rider Ability) {
	form, rider = a.Ability, abNone
	if isRider(a.Ability) {
		form = abNone
		// "A greater doom rider works like this: a lesser doom pays for
		// the Attack; at the same moment a greater doom is discarded"
		// (6.9.4): not on an Overwhelming Attack's greater doom.
		if r := k.gmCardAt(a.Rider); !d.Greater() && r.Greater() && a.Rider != a.Card && k.live(g, a.Ability) {
			rider = a.Ability
		}
	}
	if form != abNone && (!attackForms[form].form || !k.live(g, form)) {
		form = abNone
	}
	if k.aloft(g) && k.live(g, AbArcaneAttack) {
		form = AbArcaneAttack // hovering high, he strikes from range (E-H3)
	}
	return form, rider
}

// turnTangible has an intangible jinn discard another card to touch the
// world; it reports false when it has none to spare.
func (k *kernel) turnTangible(g int, a *GMAction) bool {
	if !k.m.groups[g].abil.has(AbBodyOfSmokelessFire) || k.grp[g].tangible {
		return true
	}
	other := -1
	for i := 0; i < int(k.ngm); i++ {
		if int8(i) != a.Card && int8(i) != a.Rider && int8(i) != a.Favor && (other < 0 || k.gm[i] < k.gm[other]) {
			other = i
		}
	}
	if other < 0 {
		return false
	}
	k.grp[g].tangible = true
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "discards %s to turn tangible", k.gm[other])
	}
	d0, r0, f0 := k.gm[a.Card], k.gmCardAt(a.Rider), k.gmCardAt(a.Favor)
	k.spendGM(int8(other))
	a.Card, a.Rider, a.Favor = k.findGM(d0), k.findGM(r0), k.findGM(f0)
	return true
}

// attackPlan is whom a GM Attack reaches: per target the members attacking
// it and the first of them, the targets in the order of their first
// attacker, and a sweep's members (bit m-lo) reaching each target.
type attackPlan struct {
	count, first, order [MaxParty]int8
	swept               [MaxParty]uint32
	nt                  int
	all, single         bool
}

// planAttack assigns group g's members to their targets; it reports
// whether any member reaches one.
func (k *kernel) planAttack(g int, a *GMAction, own bool, form, rider Ability, p *attackPlan) bool {
	gs := &k.grp[g]
	any := false
	p.all = attackAll(a.Trigger, rider)
	p.single = k.m.groups[g].lord || gs.hi-gs.lo == 1
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx >= MaxCount {
			break
		}
		t := int(a.Targets[idx])
		if p.single && idx > 0 {
			break
		}
		if p.single {
			t = soleTarget(a)
			if f := k.firstIn(g); f >= 0 {
				m = int8(f)
			}
		}
		if t < 0 && !p.all || !k.memberCanAct(int(m), !own) {
			continue
		}
		missile := k.missileMember(int(m), form) || riderRules[rider].ranged
		if p.all {
			// Each member sweeps its own zone: every adventurer there is
			// one it is assigned to.
			for x := 0; x < k.na; x++ {
				if k.adv[x].present() && k.adv[x].zone == k.mem[m].zone {
					p.assign(x, m)
					p.swept[x] |= 1 << uint(m-gs.lo)
					any = true
				}
			}
			continue
		}
		if t >= k.na || !k.gmReach(int(m), t, missile) {
			continue
		}
		p.assign(t, m)
		any = true
	}
	return any
}

// assign counts member m against target t.
func (p *attackPlan) assign(t int, m int8) {
	if p.count[t] == 0 {
		p.first[t] = m
		p.order[p.nt] = int8(t)
		p.nt++
	}
	p.count[t]++
}

// narrateAttack says what group g's Attack plays.
func (k *kernel) narrateAttack(g int, a *GMAction, own bool, d Doom, form, rider Ability, value int, favor bool) {
	how := "as a minor action"
	if own {
		how = "on its turn"
	}
	what := "Attack"
	if form != abNone {
		what = abilityTable[form].name + " (an Attack)"
	}
	extra := ""
	if rider != abNone {
		extra += ", with " + k.gm[a.Rider].String() + " for " + abilityTable[rider].name
	}
	if a.Trigger != abNone {
		extra += ", its " + abilityTable[a.Trigger].name
	}
	if favor {
		extra += ", discarding " + k.gm[a.Favor].String() + " for favor"
	}
	k.tr.Add(k.round, k.gname(g), "plays %s %s: %s, %d%s", d, how, what, value, extra)
}

// strikeAll resolves the planned Attack of doom d, target by target in
// the order of their first attacker, with the mob rule (option H-2); c
// holds what every strike shares.
func (k *kernel) strikeAll(g int, a *GMAction, d Doom, p *attackPlan, c0 strikeCtx) {
	gs := &k.grp[g]
	for o := 0; o < p.nt; o++ {
		t := int(p.order[o])
		mob := int(p.count[t])
		if k.ru.H2 == H2Zone {
			mob = 0
			for m := gs.lo; m < gs.hi; m++ {
				if !k.mem[m].out() && k.mem[m].zone == k.adv[t].zone {
					mob++
				}
			}
		}
		reps := 1
		if k.ru.H2 == H2Lethal {
			reps = int(p.count[t])
		}
		for r := 0; r < reps; r++ {
			j := int(p.first[t])
			if r > 0 && p.all {
				j = nthBit(p.swept[t], r, int(gs.lo))
			} else if r > 0 {
				j = k.nthAssigned(g, a, t, r)
			}
			if j < 0 || !k.memberCanAct(j, !c0.own) && k.ru.H5 != H5Simultaneous {
				continue
			}
			// A ranged Attack is ranged even in its own zone: an arcane
			// blast "never engages", Throw Stones is "a ranged Attack", a
			// bow shoots, a breath acts "up to 1 zone away" (6.2.1) as
			// spells do; none engages, and a Tripped target gives it
			// disfavor. An engaged archer "cannot make missile attacks"
			// (6.2.2): it fights in melee.
			c := c0
			c.j, c.t, c.mob = j, t, mob
			c.missile = attackForms[c.form].ranged || riderRules[c.rider].ranged ||
				k.memberRanged(j) && k.mem[j].engaged == 0 || k.zoneOf(j) != k.adv[t].zone
			c.greaterAt = d.Greater() && k.live(g, AbOverwhelmingBite)
			if p.all && p.single {
				c.mob = 1 // one creature: no mob, whatever its pools
			}
			k.strike(&c)
		}
	}
}

// soleTarget is the target of a single creature or a dungeon lord: the
// first member slot with one. A lord acts through whichever pool still
// stands (one character, one Initiative; spec 7.4), and a policy may name
// the target at that pool's slot, not at the first one, once the first
// pool has fallen.
func soleTarget(a *GMAction) int {
	for _, t := range a.Targets {
		if t >= 0 {
			return int(t)
		}
	}
	return -1
}

// findGM is the hand index of card d, or -1.
func (k *kernel) findGM(d Doom) int8 {
	if d == NoDoom {
		return -1
	}
	for i := 0; i < int(k.ngm); i++ {
		if k.gm[i] == d {
			return int8(i)
		}
	}
	return -1
}

// nthBit is base plus the index of the r-th set bit of b (r from 0), or
// -1.
func nthBit(b uint32, r, base int) int {
	for i := base; b != 0; i++ {
		if b&1 != 0 {
			if r == 0 {
				return i
			}
			r--
		}
		b >>= 1
	}
	return -1
}

// nthAssigned is the r-th member of group g assigned to adventurer t.
func (k *kernel) nthAssigned(g int, a *GMAction, t, r int) int {
	gs := &k.grp[g]
	n := 0
	for m := gs.lo; m < gs.hi; m++ {
		idx := int(m - gs.lo)
		if idx < MaxCount && int(a.Targets[idx]) == t {
			if n == r {
				return int(m)
			}
			n++
		}
	}
	return -1
}

// advInit is adventurer t's Initiative for defence: 0 when it is down or
// has no card (H-23).
func (k *kernel) advInit(t int) int {
	a := &k.adv[t]
	if a.down() || a.init == NoCard {
		return 0
	}
	return a.init.Value()
}

// strike resolves one GM Attack or Roughhouse against an adventurer:
// favor, the reveal, a facedown Dodge, interrupts, a polearm Riposte, the
// comparison, the hit, Trample, a Riposte.
func (k *kernel) strike(c *strikeCtx) {
	a := &k.adv[c.t]
	if !a.present() {
		return
	}
	x := &k.mem[c.j]
	v := c.value + netMod(k.strikeMods(c))
	k.revealAdv(c.t)
	k.threat = Threat{Group: c.g, Target: c.t, Value: v, Init: k.advInit(c.t), Minor: !c.own}
	th := &k.threat
	k.applyDodge(th)
	shieldTie := a.hasShield()
	if c.rough && k.ru.H9 == H9Strict {
		shieldTie = true
	}
	th.Hits = k.beats(v, th.Init, shieldTie) && !(k.ru.H6 == H6TieMiss && th.Dodged && v == th.Init)
	k.offerInterrupts(th)
	if !k.memberCanAct(c.j, true) && k.ru.H5 != H5Simultaneous {
		return
	}
	rip, ripper := k.takeRiposte(c.t)
	// A polearm's Riposte answers first; any other after the blow, once:
	// a blow that Disarms the riposter does not make it answer again.
	first := rip.kind != Skip && k.polearm(ripper)
	if first {
		k.advRiposte(ripper, c.j, rip, v, true)
		if !k.memberCanAct(c.j, true) {
			return
		}
	}
	hit := k.beats(v, th.Init, shieldTie) && !(k.ru.H6 == H6TieMiss && th.Dodged && v == th.Init)
	if k.tr != nil {
		k.narrateStrike(c, v, th.Init, hit)
	}
	if hit {
		if c.rough {
			k.roughHit(c)
		} else {
			k.gmHit(c, v, th.Init)
		}
	} else if !c.rough && !c.trampled && k.live(c.g, AbTrample) {
		k.trample(c, x.zone)
	}
	if rip.kind != Skip && !first {
		k.advRiposte(ripper, c.j, rip, v, false)
	}
}

// strikeMods is the favor and disfavor of a strike: a mob, an unarmed,
// Blind, webbed, Rooted or Tripped target (a missile at the Tripped has
// disfavor), a Shrouded target, an Exhausted or Blind attacker, a
// Shrouded group's first Attack (which ends its Shroud), a missile into
// cover.
func (k *kernel) strikeMods(c *strikeCtx) (fav, dis bool) {
	a := &k.adv[c.t]
	x := &k.mem[c.j]
	gs := &k.grp[c.g]
	fav = c.favor || c.mob >= 2
	if !a.meleeArmed() || a.effects&(Blind|Webbed|Root) != 0 {
		fav = true // unarmed or a missile only; Blind; webbed or Rooted (GM ruling)
	}
	if a.effects&Trip != 0 {
		if c.missile {
			dis = true
		} else {
			fav = true
		}
	}
	if a.effects&Shroud != 0 {
		dis = true
	}
	if x.effects&(Exhaust|Blind) != 0 {
		dis = true
	}
	if gs.shrouded {
		fav = true
		gs.shrouded = false
	}
	if c.missile && x.zone != a.zone && k.m.scene.cover&(1<<a.zone) != 0 {
		dis = true
	}
	return fav, dis
}

// narrateStrike says a strike of value v against Initiative init, and
// whether it hit.
func (k *kernel) narrateStrike(c *strikeCtx, v, init int, hit bool) {
	what := "Attack"
	if c.rough {
		what = "Roughhouse"
	}
	mob := ""
	if c.mob >= 2 {
		mob = " (mob of " + itoa2(c.mob) + ": favor"
		switch {
		case c.mob >= 8:
			mob += ", Critical"
		case c.mob >= 4:
			mob += ", Piercing"
		}
		mob += ")"
	}
	who := k.mname(c.j)
	if k.m.groups[c.g].lord {
		who = k.gname(c.g)
	}
	k.tr.Add(k.round, who, "%s on %s%s: %d against Initiative %d: %s", what, k.aname(c.t), mob, v, init, hitWord(hit))
}

// trample aims a failed Attack's value at a second able adventurer in
// zone z (Trample), once.
func (k *kernel) trample(c *strikeCtx, z int8) {
	for t := 0; t < k.na; t++ {
		if t != c.t && k.adv[t].present() && k.adv[t].zone == z && k.adv[t].able() {
			c2 := *c
			c2.t, c2.trampled, c2.mob = t, true, 1
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(c.j), "Tramples on toward %s", k.aname(t))
			}
			k.strike(&c2)
			break
		}
	}
}

// applyDodge reveals a facedown Dodge protecting the threatened adventurer
// (option H-6: always on the next targeting; "choose": only when the
// attack would hit). Only one Dodge answers an Attack.
func (k *kernel) applyDodge(th *Threat) {
	a := &k.adv[th.Target]
	if a.down() {
		return
	}
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if !x.able() && i != th.Target {
			continue
		}
		if x.fd.kind != Dodge || int(x.fd.ally) != th.Target {
			continue
		}
		if i != th.Target && x.zone != a.zone && !k.m.scene.acrossZones {
			continue
		}
		if k.ru.H6 == H6Choose && !k.beats(th.Value, th.Init, a.hasShield()) {
			return
		}
		th.Init += int(x.fd.value)
		th.Dodged = true
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "reveals a Dodge for %s: +%d, Initiative %d", k.aname(th.Target), x.fd.value, th.Init)
		}
		k.minor.discard(x.fd.card)
		x.fd.kind = Skip
		return
	}
}

// takeRiposte takes the facedown Riposte protecting adventurer t (its own
// first), and who placed it.
func (k *kernel) takeRiposte(t int) (facedown, int) {
	for n := 0; n < k.na; n++ {
		i := (t + n) % k.na
		x := &k.adv[i]
		if !x.able() {
			continue
		}
		for _, fd := range []*facedown{&x.fd, &x.fd2} {
			if fd.kind == Riposte && int(fd.ally) == t && (i == t || x.zone == k.adv[t].zone || k.m.scene.acrossZones) {
				r := *fd
				fd.kind = Skip
				return r, i
			}
		}
	}
	return facedown{}, -1
}

// polearm reports whether adventurer i holds a polearm (its Ripostes are
// interrupts).
func (k *kernel) polearm(i int) bool {
	if i < 0 {
		return false
	}
	w := k.adv[i].weapon()
	return w == Polearm || w == Halberd || w == Staff
}

// advRiposte resolves adventurer i's Riposte against GM character j's
// action of value v (p.116): a higher value deals 1 Wound (2 with a blade),
// ties to the riposter unless the attacker carries a shield.
func (k *kernel) advRiposte(i, j int, rip facedown, v int, first bool) {
	k.minor.discard(rip.card)
	g := int(k.mem[j].group)
	r := int(rip.value)
	ok := k.beats(r, v, k.m.groups[g].shield)
	if k.tr != nil {
		when := "after the blow"
		if first {
			when = "first: the polearm makes it an interrupt"
		}
		k.tr.Add(k.round, k.aname(i), "reveals a Riposte (%s), %d against %d: %s", when, r, v, hitWord(ok))
	}
	if !ok || k.mem[j].out() {
		return
	}
	w := k.adv[i].weapon()
	n := 1
	if w == Blade || w == SilverBlade {
		n = 2
	}
	k.ambush(i, &n)
	dealt := k.damageMember(j, n, false, false, w.info().dmg, i)
	k.afterHit(i, j, w, dealt)
}

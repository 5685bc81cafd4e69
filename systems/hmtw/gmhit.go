package hmtw

// This file holds what a GM member's hit does to an adventurer: the Wounds
// and the riders (trip, disarm, displace, corrode, control...).

// gmHit applies a GM Attack's hit on adventurer c.t with value v against
// Initiative init: Wounds (the mob's Piercing or Critical, the rider's),
// engagement, the rider's effects (riderRules), Feed.
func (k *kernel) gmHit(c *strikeCtx, v, init int) {
	g := c.g
	gs := &k.m.groups[g]
	w := hitWounds{v: v, init: init, n: 1, piercing: c.mob >= 4 || attackForms[c.form].piercing, critical: c.mob >= 8}
	if !c.missile {
		k.engage(c.t, c.j)
	}
	if k.ru.H19 == H19AnyHit && k.holdsLight(c.t) {
		k.breakLight(c.t, "its holder is hit")
	}
	r := &riderRules[c.riding()]
	if r.before != nil {
		if w = r.before(k, *c, w); w.instead {
			return
		}
	}
	wd := Wound{Source: g, Bite: gs.beast || gs.abil.hasAny(AbBite, AbDevilBite), Metal: gs.armed}
	body := k.woundAdv(c.t, w.n, w.piercing, w.critical, wd)
	if r.after != nil {
		r.after(k, *c)
	}
	if body > 0 && gs.abil.has(AbFeed) && k.ngm > 0 && k.damaged(c.j) {
		k.feed(c.j)
	}
}

// riding is the one ability riding strike c's hit ("the GM picks only one
// per Attack": spec 6.9.4, errata E-H6): its greater-doom rider, else an
// Overwhelming Bite played as the Attack, else its passive attack doom
// (abNone: none).
func (c *strikeCtx) riding() Ability {
	switch {
	case c.rider != abNone:
		return c.rider
	case c.greaterAt:
		return AbOverwhelmingBite
	}
	return c.trigger
}

// hitWounds is a hit's Wounds as a rider meets them: the hit's value v
// against the target's Initiative init, n Wounds, Piercing or Critical,
// or instead: an effect that stands instead of any Wound.
type hitWounds struct {
	v, init            int
	n                  int
	piercing, critical bool
	instead            bool
}

// riderRule is what one rider does to the adventurer its hit lands on
// (rulebook App. C): before the Wounds (it returns them changed), and
// after them; ranged: its Attack reaches up to 1 zone away and never
// engages; sweep: its Attack strikes everyone in the zone; passive: it
// rides with no card (an attack doom, the Overwhelming Bite), not as a
// greater doom discarded with the Attack. The strike is passed by value
// and nothing by pointer but the kernel, so that a call through the table
// lets nothing escape to the heap.
type riderRule struct {
	before                 func(k *kernel, c strikeCtx, w hitWounds) hitWounds
	after                  func(k *kernel, c strikeCtx)
	ranged, sweep, passive bool
}

// greaterRiders is the set of the greater-doom riders in rules: every
// entry but the passive ones.
func greaterRiders(rules *[numAbilities]riderRule) abilitySet {
	var s abilitySet
	for a := range rules {
		if r := &rules[a]; !r.passive && (r.before != nil || r.after != nil) {
			s.add(Ability(a))
		}
	}
	return s
}

// riderRules holds each rider's rule, indexed by the Ability riding the
// hit (strikeCtx.riding): the greater-doom riders (riderDooms), the
// Overwhelming Bite, and the passive attack dooms that act on a hit (Bite
// and Tail Bite only when chosen as the Attack's doom). The riders not
// listed do nothing to the adventurer hit (their effect is elsewhere, or
// the book gives none). It is filled in init, since its rules reach,
// through the Wounds they deal, the rules that read riderDooms.
var riderRules [numAbilities]riderRule

// riderDooms are the greater dooms played with an Attack as its rider:
// riderRules' entries but the passive ones.
var riderDooms abilitySet

func init() {
	riderRules = [numAbilities]riderRule{
		AbClaw:   {passive: true, before: clawRider},
		AbTalons: {passive: true, before: clawRider},
		AbBite: {passive: true, after: func(k *kernel, c strikeCtx) {
			switch a := &k.adv[c.t]; {
			case !a.able():
				// Nothing more happens to one already down.
			case a.effects&Trip == 0:
				k.tripAdv(c.t)
			default:
				k.disarmAdv(c.t, false)
			}
		}},
		AbTailBite: {passive: true, after: func(k *kernel, c strikeCtx) {
			if k.adv[c.t].able() {
				k.displaceAdv(c.t, true)
			}
		}},
		AbOverwhelmingBite: {passive: true, after: func(k *kernel, c strikeCtx) { k.tripAdv(c.t) }},
		AbRiotOfTeeth: {before: func(_ *kernel, _ strikeCtx, w hitWounds) hitWounds {
			w.piercing = true
			return w
		}},
		AbDeadlyAttack: {before: func(_ *kernel, _ strikeCtx, w hitWounds) hitWounds {
			w.n = 2
			return w
		}},
		AbBreathOfFire: {ranged: true, before: func(k *kernel, c strikeCtx, w hitWounds) hitWounds {
			if k.adv[c.t].metalArmor() {
				w.critical = true
			} else {
				w.n = 3
			}
			return w
		}},
		AbCorrosiveAttack: {before: func(k *kernel, c strikeCtx, w hitWounds) hitWounds {
			k.corrode(c.t)
			w.instead = true
			return w
		}},
		AbCommand:   {before: controlRider},
		AbPossess:   {before: controlRider},
		AbMesmerize: {before: controlRider},
		AbWeb: {before: func(k *kernel, c strikeCtx, w hitWounds) hitWounds {
			a := &k.adv[c.t]
			a.effects |= Webbed | Root
			a.webLimbs = k.webLimbs()
			k.disengageAdv(c.t)
			k.say(c.t, "is wrapped in web: Rooted until every limb is freed")
			w.instead = true
			return w
		}},
		AbStealFace: {before: func(k *kernel, c strikeCtx, w hitWounds) hitWounds {
			k.adv[c.t].effects |= Blind | Silence
			k.say(c.t, "has its face stolen: Blind and Silenced")
			w.instead = true
			return w
		}},
		AbSoftIsTheirThroat: {before: func(k *kernel, c strikeCtx, w hitWounds) hitWounds {
			k.insaneTask(c.t)
			return w
		}},
		AbPoison: {after: func(k *kernel, c strikeCtx) {
			// One poisoning per target: a second dose of the same venom
			// adds no affliction (E-H2).
			a := &k.adv[c.t]
			if a.present() && a.effects&Poisoned == 0 {
				a.effects |= Poisoned
				k.t.afflictions++
				if k.ru.H34 != H34Exhausted {
					k.say(c.t, "is poisoned (H-34 counted: its first stage does nothing in the fight)")
				} else {
					a.effects |= Exhaust
					k.say(c.t, "is poisoned: Exhausted for the rest of the fight")
				}
			}
		}},
		AbInfectiousDisease: {after: func(k *kernel, c strikeCtx) {
			k.t.afflictions++
			k.say(c.t, "catches the face rat disease")
		}},
		AbDolorousKiss: {after: func(k *kernel, c strikeCtx) {
			k.t.afflictions++
			if a := &k.adv[c.t]; a.xp > 0 {
				a.xp--
				k.mem[c.j].drained[c.t]++
			}
			k.say(c.t, "is kissed: 1 XP drained")
		}},
		AbBackwardsCharge: {after: func(k *kernel, c strikeCtx) { k.tripAdv(c.t) }},
		AbBreathOfIce:     {ranged: true, sweep: true, after: func(k *kernel, c strikeCtx) { k.losePotions(c.t) }},
	}
	riderDooms = greaterRiders(&riderRules)
}

// clawRider is Claw and Talons: a hit whose value is at least twice the
// target's Initiative deals 2 Wounds.
func clawRider(_ *kernel, _ strikeCtx, w hitWounds) hitWounds {
	if w.v >= 2*w.init {
		w.n = 2
	}
	return w
}

// controlRider is Command, Possess and Mesmerize: the target is Controlled
// (by the card's value, the attribute it added taken off) instead of
// Wounded.
func controlRider(k *kernel, c strikeCtx, w hitWounds) hitWounds {
	k.control(c.t, c.value-k.attrIfOwn(&c))
	w.instead = true
	return w
}

// insaneTask is Soft Is Their Throat's Control. No "instead", unlike
// Command and Mesmerize: the hit Wounds as well (errata E-H3); one already
// Controlled is not enchanted again.
func (k *kernel) insaneTask(t int) {
	a := &k.adv[t]
	if a.effects&Controlled != 0 {
		return
	}
	a.loseTurn = true
	a.effects |= Controlled
	for _, fd := range [...]*facedown{&a.fd, &a.fd2} { // both under H-7 "both"
		if fd.kind != Skip {
			k.minor.discard(fd.card)
			fd.kind = Skip
		}
	}
	k.say(t, "is Controlled into some insane task: it loses its next turn and its facedown card")
}

// feed is Feed: GM character j, having drawn blood, discards the GM's
// lowest card and Heals 1.
func (k *kernel) feed(j int) {
	d := k.takeGM(k.lowestCard())
	k.major.discard(uint8(d))
	if k.tr != nil {
		k.tr.Add(k.round, k.mname(j), "Feeds (discards %s)", d)
	}
	k.healMember(j, 1)
}

// attrIfOwn is the attribute a strike added (to recover the card's value).
func (k *kernel) attrIfOwn(c *strikeCtx) int {
	if !c.own {
		return 0
	}
	return k.groupAttr(c.g, attackForms[c.form].attr)
}

// tripAdv knocks adventurer i prone (Aegis may Notch the shield instead).
func (k *kernel) tripAdv(i int) {
	if k.aegis(i, "Trip") {
		return
	}
	k.adv[i].effects |= Trip
	k.disengageAdv(i)
	k.say(i, "is Tripped")
}

// aegis lets an adventurer with Aegis Notch an intact shield instead of
// suffering an effect (section 5.9).
func (k *kernel) aegis(i int, what string) bool {
	a := &k.adv[i]
	if !a.hasShield() || !k.talent(i, TAegis, true) {
		return false
	}
	a.shieldNotch--
	k.t.notches++
	if a.shieldNotch == 0 {
		k.t.destroyed++
	}
	if k.tr != nil {
		k.say(i, "Aegis: Notches the shield instead of suffering "+what)
	}
	return true
}

// disarmAdv makes adventurer i drop an item of its choice: the off-hand
// shield or light if it has one, else the weapon (H-19 "targeted": a light
// dropped breaks).
func (k *kernel) disarmAdv(i int, gmAct bool) {
	a := &k.adv[i]
	if k.aegis(i, "Disarm") {
		return
	}
	h := -1
	for x := range a.hands {
		if a.hands[x] != NoItem && a.hands[x] != a.weapon() {
			h = x
		}
	}
	if h < 0 {
		for x := range a.hands {
			if a.hands[x] != NoItem {
				h = x
				break
			}
		}
	}
	if h < 0 {
		return
	}
	it := a.hands[h]
	if it.info().hands == 2 || k.twoHanded(i) {
		a.hands[0], a.hands[1] = NoItem, NoItem
	} else {
		a.hands[h] = NoItem
	}
	a.rearm()
	if it == Torch || it == Lantern {
		if k.ru.H19 == H19Wound || k.ru.H19 == H19Targeted {
			k.t.destroyed++
			if k.tr != nil {
				k.say(i, "is Disarmed: the "+it.Title()+" goes out")
			}
			k.checkDark()
			return
		}
	}
	// "The victim drops one held item ... Picking it up takes a Recover
	// action" (6.7): nothing in the rule takes an item already on the
	// floor away, so a second Disarm adds to it and each item costs its own
	// Recover (there is room for all an adventurer carries).
	if int(a.ndropped) < maxDropped {
		a.dropped[a.ndropped] = it
		a.ndropped++
	}
	if k.tr != nil {
		k.say(i, "is Disarmed: drops the "+it.Title())
	}
}

// displaceAdv moves adventurer i to an adjacent zone (its player's choice:
// one without a hazard in the way if it can).
func (k *kernel) displaceAdv(i int, physical bool) {
	a := &k.adv[i]
	to := int8(-1)
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.m.scene.adj[a.zone]&(1<<z) != 0 && (to < 0 || k.hazardBetween(a.zone, to) >= 0) {
			to = z
		}
	}
	// Aegis answers an effect "from a physical source (an attack, a
	// trap, etc.)", not Fear, and its holder does not Notch a shield against a
	// Displace with nowhere to go.
	if to >= 0 && physical && k.aegis(i, "Displace") {
		return
	}
	k.disengageAdv(i)
	if to < 0 {
		return
	}
	from := a.zone
	a.zone = to
	k.dropProtection(i)
	if k.tr != nil {
		k.say(i, "is Displaced to the "+k.m.scene.zones[to])
	}
	if h := k.hazardBetween(from, to); h >= 0 {
		hz := &k.m.scene.hazards[h]
		k.woundAdv(i, hz.wounds, hz.piercing, false, Wound{Source: -1})
	}
}

// corrode Destroys the target's shield, else body armor, else weapon.
func (k *kernel) corrode(i int) {
	a := &k.adv[i]
	k.t.destroyed++
	switch {
	case a.hasShield():
		a.shieldNotch = 0
		k.say(i, "its shield is corroded: Destroyed")
	case a.body != NoItem && a.bodyNotches > 0:
		a.bodyNotches = 0
		if k.tr != nil {
			k.say(i, "its "+a.body.Title()+" is corroded: Destroyed")
		}
	case a.weapon() != NoItem:
		w := a.weapon()
		a.loseWeapon(w)
		if k.tr != nil {
			k.say(i, "its "+w.Title()+" is corroded: Destroyed")
		}
	default:
		k.t.destroyed--
	}
}

// losePotions destroys the liquids an adventurer carries (Breath of Ice).
func (k *kernel) losePotions(i int) {
	a := &k.adv[i]
	for j := 0; j < int(a.nbelt); j++ {
		if a.belt[j] == HealPotion {
			a.dropBelt(j)
			j--
			k.t.destroyed++
		}
	}
}

// control is Command, Possess or Mesmerize (sim reading): the target at
// once Attacks an ally in its zone at the lesser doom's value; with no
// ally it loses its next turn.
func (k *kernel) control(t, v int) {
	a := &k.adv[t]
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if i == t || !x.able() || x.zone != a.zone {
			continue
		}
		init := k.advInit(i)
		hit := k.beats(v, init, x.hasShield())
		if k.tr != nil {
			k.say(t, "is Controlled: it Attacks "+k.aname(i)+", "+itoa2(v)+" against Initiative "+itoa2(init)+": "+hitWord(hit))
		}
		if hit {
			k.woundAdv(i, 1, false, false, Wound{Source: -1})
		}
		return
	}
	a.loseTurn = true
	a.effects |= Controlled
	k.say(t, "is Controlled: with no ally at hand, it loses its next turn")
}

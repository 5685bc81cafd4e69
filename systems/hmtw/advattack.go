package hmtw

// This file holds an adventurer's Attack and Roughhouse: favor and Resolve,
// the hit, the effects of a Roughhouse, and the words that narrate them.

// favorOf is an action's net modifier: favor and disfavor from the
// situation, and a Resolve spend (option H-15 decides whether Resolve is
// spent when favor is already there).
func (k *kernel) favorOf(i int, fav, dis, resolve bool) int {
	a := &k.adv[i]
	if a.effects&(Exhaust|Blind) != 0 {
		dis = true
	}
	if a.proud {
		fav = true
	}
	return netMod(k.spendResolve(i, fav, resolve, ""), dis)
}

// spendResolve spends one of adventurer i's Resolve for favor when asked
// and it has one, unless favor is already there (then it is wasted only
// under H-15); it reports the favor. what names the test in the trace.
func (k *kernel) spendResolve(i int, fav, resolve bool, what string) bool {
	a := &k.adv[i]
	if !resolve || a.resolve <= 0 || fav && k.ru.H15 != H15Wasted {
		return fav
	}
	a.resolve--
	a.spent++
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "spends 1 Resolve for favor%s (%d left)", what, a.resolve)
	}
	return true
}

// modeHow tells how a card is played, by its mode.
var modeHow = [...]string{
	modeTurn:  "on its turn",
	modeMinor: "as a minor action",
	modeFool:  "with the Fool, an extra turn",
	modeQuick: "as an interrupt (Quick!)",
}

// resolveAdv applies adventurer i's action a, paid with card c in mode.
func (k *kernel) resolveAdv(i int, a *Action, c Card, mode playMode, swap Card) {
	ad := &k.adv[i]
	own := mode.own()
	val := c.Value()
	how := modeHow[mode]
	switch a.Kind {
	case Attack:
		v := val + k.playAttr(i, attackAttr(ad.weapon()), own)
		if a.Zone >= 0 && a.Zone != ad.zone {
			k.reaverCharge(i, a.Zone)
		}
		k.advAttack(i, int(a.Target), v, c, how, a.Resolve, mode)
	case Incant:
		v := val + k.playAttr(i, Wands, own)
		k.cast(i, a, v, c, how)
	case Roughhouse:
		v := val + k.playAttr(i, Pentacles, own)
		k.advRoughhouse(i, int(a.Target), v, c, a.Effect, how, a.Resolve)
	case Aim:
		v := val + k.playAttr(i, Swords, own)
		k.placeFacedown(i, facedown{kind: Aim, value: int8(v), ally: a.Target, card: uint8(c), minor: !own}, how)
	case Riposte, Dodge, AidAnother:
		v := val + k.playAttr(i, facedownSuit(a.Kind), own) + k.favorOf(i, false, false, a.Resolve)
		k.placeFacedown(i, facedown{kind: a.Kind, value: int8(v), ally: a.Ally, card: uint8(c), minor: !own}, how)
	case Avoid:
		v := val + k.playAttr(i, Pentacles, own) + k.favorOf(i, false, false, a.Resolve)
		k.advAvoid(i, a, v, c, how)
	case Dash:
		k.leaveEngagements(i, "dashes")
		k.moveAdv(i, a.Zone, "dashes")
	case Move:
		k.leaveEngagements(i, "moves")
		k.moveAdv(i, a.Zone, "moves")
	case UseItem:
		v := val + k.playAttr(i, Cups, own)
		k.advUseItem(i, a, v, c, how)
	case PullPack, PullBelt:
		k.advPull(i, a, c, how)
	case Banter:
		v := val + k.playAttr(i, Wands, own) + k.favorOf(i, false, false, a.Resolve)
		k.advBanter(i, int(k.mem[a.Target].group), v, c, how)
	case Recover:
		k.recoverAdv(i, a.Effect, a.Item, c, how)
	case Guard:
		k.guard(i, c, swap)
	case Reload:
		k.reload(i, c)
	case TestFate:
		k.escapeEngulf(i, c, a.Resolve)
	case Trivial:
		k.trivial(i, a, c)
	}
}

// playAttr is what adventurer i's rating in suit s adds to a card: all of
// it on its own turn (own), nothing otherwise.
func (k *kernel) playAttr(i int, s Suit, own bool) int {
	if own {
		return k.adv[i].attrOf(k, i, s)
	}
	return 0
}

// facedownSuit is the suit a facedown defence adds: Pentacles for a
// Dodge, Cups for Aid Another, Swords for a Riposte.
func facedownSuit(kind ActionKind) Suit {
	switch kind {
	case Dodge:
		return Pentacles
	case AidAnother:
		return Cups
	}
	return Swords
}

// reaverCharge is Reaver: adventurer i charges into zone z as it Attacks.
func (k *kernel) reaverCharge(i int, z int8) {
	_ = k.talent(i, TReaver, true)
	k.leaveEngagements(i, "charges")
	k.moveAdv(i, z, "charges (Reaver)")
}

// advPull is adventurer i's Pull from its pack or belt, paid with card c.
func (k *kernel) advPull(i int, a *Action, c Card, how string) {
	k.pull(i, a.Item, a.Kind == PullPack, a.Hand)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: %s, and now holds %s", c, how, a.Kind, itemsString(k.adv[i].hands[:]))
	}
}

// reload is adventurer i reloading its crossbow with card c.
func (k *kernel) reload(i int, c Card) {
	k.adv[i].loaded = true
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: reloads the crossbow", c)
	}
}

// trivial is adventurer i's trivial action with card c: slapping an ally
// awake, or holding the light high against Shadow Form.
func (k *kernel) trivial(i int, a *Action, c Card) {
	if a.Ally >= 0 {
		k.adv[a.Ally].effects &^= Knockout
		k.changed = true
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s: slaps %s awake", c, k.aname(int(a.Ally)))
		}
		return
	}
	// Shadow Form: the light makes "it" tangible "until the end of
	// the round": the shadows in the raiser's zone, wherever they go.
	k.lit |= k.shadowsNear(i)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: holds the light high; the shadows here are tangible until the end of the round", c)
	}
}

// attrOf is adventurer i's rating in suit s.
func (a *advState) attrOf(k *kernel, i int, s Suit) int { return k.m.party[i].attr[s] }

// aidFor reveals every Aid Another waiting on adventurer i's action and
// returns the total it adds.
func (k *kernel) aidFor(i int) int {
	sum := 0
	for j := 0; j < k.na; j++ {
		x := &k.adv[j]
		for _, fd := range []*facedown{&x.fd, &x.fd2} {
			if fd.kind == AidAnother && int(fd.ally) == i {
				sum += int(fd.value)
				if k.tr != nil {
					k.tr.Add(k.round, k.aname(j), "reveals Aid Another for %s: +%d", k.aname(i), fd.value)
				}
				k.minor.discard(fd.card)
				fd.kind = Skip
			}
		}
	}
	return sum
}

// attackFavor is the favor and disfavor of adventurer i's Attack on GM
// character j with w, a missile's or not (sections 6.4, 5.7, 5.9-5.10);
// Monster Hunter is charged when it applies.
func (k *kernel) attackFavor(i, j int, w Item, missile bool) (fav, dis bool) {
	ad, x := &k.adv[i], &k.mem[j]
	gs := &k.m.groups[int(x.group)]
	if x.effects&(Webbed|Root|Blind) != 0 {
		fav = true // webbed or Rooted (by GM ruling), any harm against the Blind
	}
	if x.effects&Trip != 0 {
		if missile {
			dis = true
		} else {
			fav = true
		}
	}
	if !missile && (gs.armed && x.effects&Disarm != 0 || k.memberRanged(j)) {
		// Someone holding no weapon, or only a missile weapon: in melee
		// only, as the worked example plays it (Daria's wand blast at a
		// goblin archer: "7, disfavor → 4", no favor).
		fav = true
	}
	if missile && ad.zone != x.zone && k.m.scene.cover&(1<<x.zone) != 0 {
		dis = true // cover
	}
	if w == NoItem && gs.armed && x.effects&Disarm == 0 {
		dis = true // fists against an armed opponent
	}
	if k.grp[x.group].shrouded {
		dis = true // a Shrouded creature, targetable only while moving
	}
	if ad.effects&(Berserk|Shroud) != 0 {
		fav = true // raging; a Shrouded attacker
	}
	if s := k.m.party[i].hunter; s != "" && s == gs.cr.ID && k.talent(i, TMonsterHunter, true) {
		fav = true
	}
	return fav, dis
}

// advAttack resolves adventurer i's Attack at GM character j with value v
// (card and attribute), favor and disfavor still to come.
func (k *kernel) advAttack(i, j, v int, c Card, how string, resolve bool, mode playMode) {
	ad := &k.adv[i]
	w := ad.weapon()
	g := int(k.mem[j].group)
	missile := w.Missile()
	fav, dis := k.attackFavor(i, j, w, missile)
	mod := k.favorOf(i, fav, dis, resolve)
	v += mod + k.aidFor(i)
	if w == Bow {
		v += k.revealAim(i, j)
	}
	k.revealGroup(g)
	// Doom Eye: a Swords card on one's turn with a missile weapon hits.
	auto := missile && mode == modeTurn && c.Suit() == Swords && w != ArchwoodWand && k.talent(i, TDoomEye, true)
	// Bad Luck Machine: the imp turns the Attack on another adventurer.
	if k.badLuck(i, j, v, mod, c, how) {
		return
	}
	init := k.groupInit(g) + k.gmDodge(g)
	hit := auto || k.beats(v, init, k.memberTie(j, w))
	if k.tr != nil {
		k.narrateAdvAttack(i, j, v, init, c, how, w, hit)
	}
	if w == Crossbow {
		ad.loaded = false
	}
	if hit {
		k.advHit(i, j, v, init, w)
	} else {
		k.noose(i, g)
		k.grabbedTakesMiss(g, i)
	}
	k.gmRiposte(g, i, v)
	if w.info().class == clsLight {
		k.breakLight(i, "used as a weapon")
	}
}

// revealAim reveals adventurer i's Aim at GM character j, if it has one,
// and returns what it adds to the shot.
func (k *kernel) revealAim(i, j int) int {
	fd := &k.adv[i].fd
	if fd.kind != Aim || int(fd.ally) != j {
		return 0
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "reveals its Aim: +%d", fd.value)
	}
	k.minor.discard(fd.card)
	fd.kind = Skip
	return int(fd.value)
}

// narrateAdvAttack tells adventurer i's Attack on GM character j with
// weapon w: value v against Initiative init.
func (k *kernel) narrateAdvAttack(i, j, v, init int, c Card, how string, w Item, hit bool) {
	what := "Attacks"
	if w != NoItem {
		what += " with " + an(w.Title())
	}
	k.tr.Add(k.round, k.aname(i), "plays %s %s: %s %s, %d against Initiative %d: %s%s", c, how, what, k.mname(j), v, init, hitWord(hit),
		k.favorNote(i, j, w, w.Missile()))
}

// advHit is adventurer i's hit on GM character j with weapon w at value v
// against Initiative init: its Wounds (a hammer's 2 at twice the
// Initiative, Ambusher, none by fists to a larger creature), engagement in
// melee, the weapon's after-effects, an axe's chain.
func (k *kernel) advHit(i, j, v, init int, w Item) {
	g := int(k.mem[j].group)
	n := 1
	if w == Hammer && v >= 2*init {
		n = 2
	}
	piercing := k.pierces(j, w)
	k.ambush(i, &n)
	if !w.Missile() {
		k.engage(i, j)
	}
	if w == NoItem && k.m.groups[g].larger {
		// "Unarmed attackers cannot damage creatures larger than
		// themselves" (5.7).
		n = 0
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is too large to be hurt by fists")
		}
	}
	dealt := k.damageMember(j, n, piercing, false, w.info().dmg, i)
	k.afterHit(i, j, w, dealt)
	// Axe: a foe taken down lets the same value strike another.
	if w == Axe && k.mem[j].down {
		k.axeChain(i, j, v)
	}
}

// pierces reports an adventurer's hit on GM character j with weapon w
// piercing: a crossbow's, or a dagger's in melee against one Rooted,
// Tripped or, armed, Disarmed.
func (k *kernel) pierces(j int, w Item) bool {
	x := &k.mem[j]
	gs := &k.m.groups[int(x.group)]
	return w == Crossbow || w.info().class == clsMelee && (w == Dagger || w == SilverDagger) &&
		(x.effects&(Root|Trip) != 0 || gs.armed && x.effects&Disarm != 0)
}

// an puts "a" or "an" before a noun.
func an(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + s
	}
	return "a " + s
}

func hitWord(hit bool) string {
	if hit {
		return "hit"
	}
	return "miss"
}

// beats compares an action's value with an Initiative: greater succeeds,
// less fails, a tie succeeds unless tie says the defender wins.
func (k *kernel) beats(v, init int, defenderWinsTie bool) bool {
	return v > init || v == init && !defenderWinsTie
}

// groupTie reports whether group g wins a tie against an adventurer's
// action with weapon w: Tough and Fleshless need a greater value; a
// shield wins ties, except against a flail.
func (k *kernel) groupTie(g int, w Item) bool {
	if k.liveIn(g, toughDooms) {
		return true
	}
	return k.m.groups[g].shield && w != Flail
}

// memberTie is groupTie for an action aimed at GM character j: a dungeon
// lord's Tough is its pool's ("Actions targeting the Torso must exceed the
// Initiative"), not the other pools'.
func (k *kernel) memberTie(j int, w Item) bool {
	g := int(k.mem[j].group)
	gs := &k.m.groups[g]
	if !gs.lord {
		return k.groupTie(g, w)
	}
	ab := &gs.members[j-int(k.grp[g].lo)].abil
	return ab.meets(k.usable(toughDooms)) || gs.shield && w != Flail
}

// memberRanged reports whether GM character j holds a missile weapon.
func (k *kernel) memberRanged(j int) bool {
	g := int(k.mem[j].group)
	n := k.m.groups[g].ranged
	return n > 0 && j-int(k.grp[g].lo) < n
}

// ambush doubles damage in round 1 for an adventurer with Ambusher (H-32).
func (k *kernel) ambush(i int, n *int) {
	if k.round == 1 && (*n == 1 || k.ru.H32 == H32All) && k.talent(i, TAmbusher, true) {
		*n *= 2
	}
}

// engage engages adventurer i and GM character j.
func (k *kernel) engage(i, j int) {
	k.adv[i].engaged |= 1 << j
	k.mem[j].engaged |= 1 << i
}

// disengageAdv ends every engagement of adventurer i.
func (k *kernel) disengageAdv(i int) {
	a := &k.adv[i]
	for j := 0; a.engaged != 0 && j < k.nm; j++ {
		if a.engaged&(1<<j) != 0 {
			k.mem[j].engaged &^= 1 << i
		}
	}
	a.engaged = 0
}

// disengageMem ends every engagement of GM character j.
func (k *kernel) disengageMem(j int) {
	m := &k.mem[j]
	for i := 0; m.engaged != 0 && i < k.na; i++ {
		if m.engaged&(1<<i) != 0 {
			k.adv[i].engaged &^= 1 << j
		}
	}
	m.engaged = 0
}

// axeChain applies an axe's Attack value to another GM character in the
// zone after it took one down (p.170; it can chain). Each carry-on blow is
// a weapon hit (afterHit): it stops once the axe is gone or its wielder
// cannot act.
func (k *kernel) axeChain(i, j, v int) {
	for n := 0; n < k.nm; n++ {
		if k.adv[i].weapon() != Axe || !k.adv[i].able() {
			return
		}
		best := -1
		for x := 0; x < k.nm; x++ {
			if x == j || !k.targetable(i, x, false) {
				continue
			}
			g := int(k.mem[x].group)
			if init := k.groupInit(g); k.beats(v, init, k.memberTie(x, Axe)) && (best < 0 || k.mem[x].health < k.mem[best].health) {
				best = x
			}
		}
		if best < 0 {
			return
		}
		g := int(k.mem[best].group)
		k.revealGroup(g)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "the axe carries on into %s: %d against Initiative %d: hit", k.mname(best), v, k.groupInit(g))
		}
		k.engage(i, best)
		n := 1
		k.ambush(i, &n)
		k.afterHit(i, best, Axe, k.damageMember(best, n, false, false, Axe.info().dmg, i))
		if !k.mem[best].down {
			return
		}
		j = best
	}
}

// advRoughhouse resolves adventurer i's Roughhouse at GM character j.
func (k *kernel) advRoughhouse(i, j, v int, c Card, eff Effect, how string, resolve bool) {
	x := &k.mem[j]
	g := int(x.group)
	gs := &k.m.groups[g]
	fav := x.effects&(Trip|Webbed|Root|Blind) != 0
	v += k.favorOf(i, fav, k.grp[g].shrouded, resolve) // a Shrouded mover: disfavor
	k.revealGroup(g)
	init := k.groupInit(g) + k.gmDodge(g)
	tie := k.memberTie(j, NoItem) || k.ru.H9 == H9Strict
	hit := k.beats(v, init, tie)
	switch eff {
	case Disarm, Displace, Root, Trip:
	case Exhaust, Silence, notchEffect:
		if !k.fdPaid && !k.talent(i, TFightDirty, true) {
			eff = Trip
		}
	default:
		eff = Trip
	}
	if gs.abil.has(AbShapelessBody) && (eff == Displace || eff == Root || eff == Trip) {
		eff = Disarm
		if !gs.armed {
			hit = false
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Roughhouse (%s) on %s, %d against Initiative %d: %s", c, how,
			effectName(eff), k.mname(j), v, init, hitWord(hit))
	}
	switch why := k.intangible(j); {
	case !hit:
		k.noose(i, g)
	case why != notImmune:
		// A maneuver is physical: it passes through an intangible body.
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is untouched: %s", immuneText(why, 0))
		}
	default:
		k.roughEffect(i, j, eff)
	}
	k.gmRiposte(g, i, v)
}

// notchEffect is Fight Dirty's Notch, carried in an Effect field: on a
// creature it is a Wound to Defense (2 on a Construct).
const notchEffect Effect = 1 << 30

// Displace is Roughhouse's Displace (moved to another zone), carried in an
// Effect field.
const Displace Effect = 1 << 29

func effectName(e Effect) string {
	switch e {
	case notchEffect:
		return "Notch"
	case Displace:
		return "Displace"
	}
	return e.String()
}

// roughEffect applies a Roughhouse effect from adventurer i to GM
// character j.
func (k *kernel) roughEffect(i, j int, eff Effect) {
	x := &k.mem[j]
	g := int(x.group)
	switch eff {
	case notchEffect:
		n := 1
		if k.m.groups[g].abil.has(AbConstruct) {
			n = 2
		}
		if x.defense > 0 || n == 2 {
			k.damageMember(j, n, false, false, dmgPhysical, i)
		}
	case Displace:
		k.displaceMember(j, i)
	case Root, Trip:
		x.effects |= eff
		k.disengageMem(j)
	case Disarm:
		if k.m.groups[g].armed {
			x.effects |= Disarm
		}
		k.giveBack(j)
	default:
		x.effects |= eff
	}
	if k.tr != nil && eff != Displace && eff != notchEffect {
		k.tr.Add(k.round, k.mname(j), "is %s", effectName(eff))
	}
}

// displaceMember moves GM character j to an adjacent zone, away from
// adventurer i's zone if it can; across a hazard it takes the hazard's
// damage (the worked example's goblin thrown into the pendulum).
func (k *kernel) displaceMember(j, i int) {
	x := &k.mem[j]
	from := x.zone
	to := int8(-1)
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.m.scene.adj[from]&(1<<z) == 0 {
			continue
		}
		if to < 0 || k.hazardBetween(from, z) >= 0 && k.hazardBetween(from, to) < 0 {
			to = z
		}
	}
	k.disengageMem(j)
	if to < 0 {
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is Displaced but has nowhere to go")
		}
		return
	}
	x.zone = to
	if k.tr != nil {
		k.tr.Add(k.round, k.mname(j), "is Displaced to the %s", k.m.scene.zones[to])
	}
	k.carry(j)
	if h := k.hazardBetween(from, to); h >= 0 {
		hz := &k.m.scene.hazards[h]
		if k.tr != nil {
			k.tr.Add(k.round, hz.name, "catches %s: %d %s", k.mname(j), hz.wounds, woundWord(hz.wounds, hz.piercing))
		}
		k.damageMember(j, hz.wounds, hz.piercing, false, dmgPhysical, -1) // blades, pits: physical harm
	}
}

func woundWord(n int, piercing bool) string {
	s := "Wound"
	if piercing {
		s = "Piercing Wound"
	}
	if n != 1 {
		s += "s"
	}
	return s
}

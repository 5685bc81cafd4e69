package hmtw

// This file resolves the adventurers' Challenge actions (section 6.5): it
// checks the policy's choice, spends the card, works out the value (card,
// attribute on one's own turn, favor and disfavor) and applies the result.

// playMode is how a card is played.
type playMode uint8

const (
	modeTurn  playMode = iota // one's own turn: any card, the attribute added
	modeMinor                 // a minor action: the suit must match, face value
	modeFool                  // the Fool's extra turn: as one's own turn, an interrupt
	modeQuick                 // Quick!: a Pentacles action as an interrupt, face value
)

func (m playMode) own() bool { return m == modeTurn || m == modeFool }

// shield is the shield the adventurer holds, or NoItem.
func (a *advState) shield() Item {
	for _, it := range a.hands {
		if it.info().class == clsShield {
			return it
		}
	}
	return NoItem
}

// weapon is the weapon the adventurer holds (the first hand first), or
// NoItem; rearm recomputes it whenever the hands change.
func (a *advState) weapon() Item { return a.wpn }

// rearm notes what the adventurer holds after its hands changed.
func (a *advState) rearm() {
	a.wpn = NoItem
	for _, it := range a.hands {
		if it.Weapon() {
			a.wpn = it
			return
		}
	}
}

// shakable is what a Recover can remove: the recoverable effects, but not
// a slime's hold (only a Test Fate of Swords gets out of it).
func (a *advState) shakable() Effect {
	e := a.effects & recoverable
	if a.effects&Engulfed != 0 {
		e &^= Grabbed | Root
	}
	if a.effects&Dark != 0 {
		e &^= Blind // nothing to see by: only a light ends it
	}
	return e
}

// hasShield reports an intact shield in hand: ties go to its bearer.
func (a *advState) hasShield() bool { return a.shield() != NoItem && a.shieldNotch > 0 }

// meleeArmed reports a melee weapon or a shield in hand (p.116: otherwise
// Attacks against it have favor).
func (a *advState) meleeArmed() bool {
	for _, it := range a.hands {
		if it.Melee() || it.info().class == clsShield {
			return true
		}
	}
	return false
}

// metalArmor reports iron or steel body armor (the dragon's breath).
func (a *advState) metalArmor() bool { return a.body == IronArmor || a.body == SteelArmor }

// talent reports whether adventurer i can use talent t now: mastered, or in
// training with an XP to spend, and not Wounded. use charges the XP.
func (k *kernel) talent(i int, t Talent, use bool) bool {
	a := &k.adv[i]
	s := &k.m.party[i]
	if a.lost.Has(t) {
		return false
	}
	if s.mastered.Has(t) {
		return true
	}
	if s.training.Has(t) && a.xp > 0 {
		if use {
			a.xp--
		}
		return true
	}
	return false
}

// chargeTalents spends the XP of the in-training talents that make action
// a with card c possible (spec 5.4: "An in-training talent can be used for
// 1 XP per use"): a wand blast (Gramarye), a Pentacles card for a minor
// Attack (Two-handed Focus), a Swords card for a minor Roughhouse (Fight
// Dirty), a Pentacles action as an interrupt (Quick!). A mastered talent
// costs nothing; the others charge where they apply (Ambusher, Reaver,
// Chirurgeon, Aegis, Doom Eye, Monster Hunter, Heavy Metal Machine).
func (k *kernel) chargeTalents(i int, a *Action, c Card, mode playMode) {
	k.fdPaid = false
	switch {
	case a.Kind == Attack && k.adv[i].weapon() == ArchwoodWand:
		_ = k.talent(i, TGramarye, true)
	case a.Kind == Attack && !mode.own() && c.Suit() == Pentacles:
		_ = k.talent(i, TTwoHandedFocus, true)
	case a.Kind == Roughhouse && !mode.own() && c.Suit() == Swords:
		k.fdPaid = k.talent(i, TFightDirty, true)
	}
	if mode == modeQuick {
		_ = k.talent(i, TQuick, true)
	}
}

// attackAttr is the attribute an Attack adds on one's own turn: Wands for a
// wand blast (Gramarye), Swords otherwise.
func attackAttr(w Item) Suit {
	if w == ArchwoodWand {
		return Wands
	}
	return Swords
}

// minorSuitOK reports whether card c may pay for action kind as a minor
// action (or a Quick! interrupt).
func (k *kernel) minorSuitOK(i int, kind ActionKind, c Card, item Item) bool {
	s := c.Suit()
	switch kind {
	case Attack:
		w := k.adv[i].weapon()
		if w == ArchwoodWand {
			return s == Wands
		}
		if s == Swords {
			return true
		}
		// Two-handed Focus: Swords or Pentacles while wielding two-handed.
		return s == Pentacles && k.twoHanded(i) && k.talent(i, TTwoHandedFocus, false)
	case Roughhouse:
		return s == Pentacles || s == Swords && k.talent(i, TFightDirty, false)
	}
	need := actionSuit[kind]
	return need == NoSuit || s == need
}

// twoHanded reports a melee weapon held in both hands.
func (k *kernel) twoHanded(i int) bool {
	a := &k.adv[i]
	return a.hands[0] == a.hands[1] && a.hands[0].Melee() && a.hands[0].info().twoHand
}

// zoneOf is GM character j's zone.
func (k *kernel) zoneOf(j int) int8 { return k.mem[j].zone }

// near reports zones at most one apart (missiles, wand blasts, breath).
func (k *kernel) near(a, b int8) bool {
	return a == b || k.m.scene.adj[a]&(1<<b) != 0
}

// revealHazard flips hazard h's Initiative face up and returns it.
func (k *kernel) revealHazard(h int) int {
	if !k.hzRev[h] {
		k.hzRev[h] = true
		if k.tr != nil && k.hz[h] != NoDoom {
			k.tr.Add(k.round, k.m.scene.hazards[h].name, "flips Initiative: %s", k.hz[h])
		}
	}
	return int(k.hz[h])
}

// hazardBetween is the hazard on the link a-b, or -1.
func (k *kernel) hazardBetween(a, b int8) int {
	for h, hz := range k.m.scene.hazards {
		if hz.a == a && hz.b == b || hz.a == b && hz.b == a {
			return h
		}
	}
	return -1
}

// reachableMelee reports whether GM character j can be targeted in melee:
// not a levitating lord, and a dungeon lord's late pools only once one of
// its other pools has fallen.
func (k *kernel) reachableMelee(j int) bool {
	g := int(k.mem[j].group)
	if k.aloft(g) {
		// The Yellow King levitates while crowned: "while hovering high
		// only ranged attacks reach him" (App. C p.271; errata E-H3).
		return false
	}
	gs := &k.grp[g]
	ms := &k.m.groups[g].members[j-int(gs.lo)]
	if !ms.late {
		return true
	}
	for x := gs.lo; x < gs.hi; x++ {
		if k.mem[x].down && !k.m.groups[g].members[x-gs.lo].late {
			return true
		}
	}
	return false
}

// unseen reports group g Shrouded and still: it "Cannot be deliberately
// targeted while still and quiet" (6.7). In the window of its Move it is
// moving: "it can be targeted at disfavor".
func (k *kernel) unseen(g int) bool { return k.grp[g].shrouded && k.grp[g].movedAt != k.window }

// targetable reports whether adventurer i can aim an action at GM
// character j: in the fight, not Shrouded and still, and within reach
// (melee: the same zone; missile: disengaged and at most a zone away).
func (k *kernel) targetable(i, j int, missile bool) bool { return k.reach(i, j, missile) == allowed }

// doAdv checks and resolves adventurer i's action a played in mode; it
// reports whether a card was played.
func (k *kernel) doAdv(i int, a *Action, mode playMode) bool {
	ad := &k.adv[i]
	if a.Kind == Skip {
		return false
	}
	if r := k.playable(i, a, mode); r != allowed {
		k.refuse(i, a, r)
		return false
	}
	c := ad.hand[a.Card]
	swap := NoCard
	if a.Kind == Guard && a.Swap >= 0 {
		swap = ad.hand[a.Swap]
	}
	k.chargeTalents(i, a, c, mode)
	// The card is spent (a facedown card stays on the table until it is
	// revealed; a Test Fate costs none under option H-26 "free"); then the
	// action resolves.
	switch {
	case a.Kind == TestFate && k.ru.H26 == H26Free:
	case a.Kind == Dodge || a.Kind == Riposte || a.Kind == AidAnother || a.Kind == Aim:
		k.removeCard(i, int(a.Card))
	default:
		k.discardCard(i, int(a.Card))
	}
	shrouded := ad.effects&Shroud != 0
	k.resolveAdv(i, a, c, mode, swap)
	ad.proud = false
	if shrouded {
		// Blur's Shroud "lasts for one action" (5.10).
		ad.effects &^= Shroud
		k.say(i, "acts: no longer Shrouded")
	}
	return true
}

// protects reports whether adventurer i may protect (or aid) ally: itself
// (not for aid), or an ally in its zone (any zone where the scene allows).
func (k *kernel) protects(i, ally int, aid bool) bool {
	if ally < 0 || ally >= k.na || !k.adv[ally].present() {
		return false
	}
	if ally == i {
		return !aid
	}
	return k.adv[ally].zone == k.adv[i].zone || k.m.scene.acrossZones
}

// canStep reports a Move from zone a to an adjacent zone b without a
// hazard between (a hazard needs Avoid).
func (k *kernel) canStep(a, b int8) bool {
	return b >= 0 && int(b) < len(k.m.scene.zones) && k.m.scene.adj[a]&(1<<b) != 0 && k.hazardBetween(a, b) < 0
}

// dashable reports a Dash of up to two zones without crossing a hazard.
func (k *kernel) dashable(a, b int8) bool {
	if k.canStep(a, b) {
		return true
	}
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.canStep(a, z) && k.canStep(z, b) {
			return true
		}
	}
	return false
}

func (k *kernel) holds(i int, it Item) bool {
	return it != NoItem && (k.adv[i].hands[0] == it || k.adv[i].hands[1] == it)
}

func (k *kernel) holdsLight(i int) bool {
	return k.holds(i, Torch) || k.holds(i, Lantern)
}

// shadowsNear is the set (bit j) of shadow-form creatures in adventurer
// i's zone that no light has made tangible this round.
func (k *kernel) shadowsNear(i int) uint64 {
	var s uint64
	for j := 0; j < k.nm; j++ {
		if k.memberIn(j) && k.zoneOf(j) == k.adv[i].zone && k.imm[j].shadow {
			s |= 1 << j
		}
	}
	return s &^ k.lit
}

func (k *kernel) inPack(i int, it Item) int {
	a := &k.adv[i]
	for j := 0; j < int(a.npack); j++ {
		if a.pack[j] == it {
			return j
		}
	}
	return -1
}

func (k *kernel) onBelt(i int, it Item) int {
	a := &k.adv[i]
	for j := 0; j < int(a.nbelt); j++ {
		if a.belt[j] == it {
			return j
		}
	}
	return -1
}

// freeHand is the hand an item pulled out goes to: an empty hand, else the
// hand of the off-hand item (a shield or light is stowed), else the first
// hand; -1 when it cannot be held (a two-handed item and a full pack).
func (k *kernel) freeHand(i int, it Item) int {
	if it == NoItem {
		return -1
	}
	a := &k.adv[i]
	if a.hands[1] == NoItem {
		return 1
	}
	if a.hands[0] == NoItem {
		return 0
	}
	return 1
}

// hurt reports an adventurer with something a Heal would remove.
func (k *kernel) hurt(i int) bool {
	a := &k.adv[i]
	return a.door || a.injured || a.woundedTalents > 0 || a.staggered
}

// dropBelt takes belt item j off adventurer i's belt and returns it with
// the Notches it has taken.
func (a *advState) dropBelt(j int) (Item, int8) {
	it, wear := a.belt[j], a.beltWear[j]
	a.nbelt--
	a.belt[j], a.beltWear[j] = a.belt[a.nbelt], a.beltWear[a.nbelt]
	return it, wear
}

// stow puts item it away (belt if a slot is free, else pack).
func (k *kernel) stow(i int, it Item) {
	a := &k.adv[i]
	if it == NoItem {
		return
	}
	if int(a.nbelt) < maxBelt {
		a.belt[a.nbelt], a.beltWear[a.nbelt] = it, 0
		a.nbelt++
		return
	}
	if int(a.npack) < maxPack {
		a.pack[a.npack] = it
		a.npack++
	}
}

// pull takes item it out of the belt (or pack) into hand (0 or 1; -1: the
// kernel's choice), stowing what that hand held.
func (k *kernel) pull(i int, it Item, fromPack bool, hand int8) {
	a := &k.adv[i]
	var wear int8
	if fromPack {
		j := k.inPack(i, it)
		a.npack--
		a.pack[j] = a.pack[a.npack]
	} else {
		_, wear = a.dropBelt(k.onBelt(i, it))
	}
	h := k.freeHand(i, it)
	if hand == 0 || hand == 1 {
		h = int(hand)
	}
	old := a.hands[h]
	if old == a.hands[1-h] && old != NoItem && old.info().hands == 2 || k.twoHanded(i) {
		a.hands[1-h] = NoItem
	}
	a.hands[h] = it
	if it.info().hands == 2 {
		a.hands[1-h] = it
	}
	k.stow(i, old)
	a.rearm()
	if it.Weapon() {
		a.weaponNotch = it.info().notches - wear
	}
	if it.info().class == clsShield {
		a.shieldNotch = it.info().notches - wear
	}
	k.checkDark()
}

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

// resolveAdv applies adventurer i's action a, paid with card c in mode.
func (k *kernel) resolveAdv(i int, a *Action, c Card, mode playMode, swap Card) {
	ad := &k.adv[i]
	own := mode.own()
	val := c.Value()
	add := func(s Suit) int {
		if own {
			return ad.attrOf(k, i, s)
		}
		return 0
	}
	how := "as a minor action"
	switch mode {
	case modeTurn:
		how = "on its turn"
	case modeFool:
		how = "with the Fool, an extra turn"
	case modeQuick:
		how = "as an interrupt (Quick!)"
	}
	switch a.Kind {
	case Attack:
		w := ad.weapon()
		v := val + add(attackAttr(w))
		if a.Zone >= 0 && a.Zone != ad.zone {
			_ = k.talent(i, TReaver, true)
			k.leaveEngagements(i, "charges")
			k.moveAdv(i, a.Zone, "charges (Reaver)")
		}
		k.advAttack(i, int(a.Target), v, c, how, a.Resolve, mode)
	case Incant:
		v := val + add(Wands)
		k.cast(i, a, v, c, how)
	case Roughhouse:
		v := val + add(Pentacles)
		k.advRoughhouse(i, int(a.Target), v, c, a.Effect, how, a.Resolve)
	case Aim:
		v := val + add(Swords)
		k.placeFacedown(i, facedown{kind: Aim, value: int8(v), ally: a.Target, card: uint8(c), minor: !own}, how)
	case Riposte, Dodge, AidAnother:
		s := Swords
		if a.Kind == Dodge {
			s = Pentacles
		} else if a.Kind == AidAnother {
			s = Cups
		}
		v := val + add(s) + k.favorOf(i, false, false, a.Resolve)
		k.placeFacedown(i, facedown{kind: a.Kind, value: int8(v), ally: a.Ally, card: uint8(c), minor: !own}, how)
	case Avoid:
		v := val + add(Pentacles) + k.favorOf(i, false, false, a.Resolve)
		k.advAvoid(i, a, v, c, how)
	case Dash:
		k.leaveEngagements(i, "dashes")
		k.moveAdv(i, a.Zone, "dashes")
	case Move:
		k.leaveEngagements(i, "moves")
		k.moveAdv(i, a.Zone, "moves")
	case UseItem:
		v := val + add(Cups)
		k.advUseItem(i, a, v, c, how)
	case PullPack, PullBelt:
		k.pull(i, a.Item, a.Kind == PullPack, a.Hand)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s %s: %s, and now holds %s", c, how, a.Kind, itemsString(ad.hands[:]))
		}
	case Banter:
		v := val + add(Wands) + k.favorOf(i, false, false, a.Resolve)
		k.advBanter(i, int(k.mem[a.Target].group), v, c, how)
	case Recover:
		k.recoverAdv(i, a.Effect, a.Item, c, how)
	case Guard:
		k.guard(i, c, swap)
	case Reload:
		ad.loaded = true
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s: reloads the crossbow", c)
		}
	case TestFate:
		k.escapeEngulf(i, c, a.Resolve)
	case Trivial:
		if a.Ally >= 0 {
			k.adv[a.Ally].effects &^= Knockout
			k.changed = true
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "plays %s: slaps %s awake", c, k.aname(int(a.Ally)))
			}
		} else {
			// Shadow Form: the light makes "it" tangible "until the end of
			// the round": the shadows in the raiser's zone, wherever they go.
			k.lit |= k.shadowsNear(i)
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "plays %s: holds the light high; the shadows here are tangible until the end of the round", c)
			}
		}
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
	gs := &k.m.groups[g]
	missile := w.Missile()
	x := &k.mem[j]
	fav, dis := k.attackFavor(i, j, w, missile)
	mod := k.favorOf(i, fav, dis, resolve)
	v += mod + k.aidFor(i)
	if fd := &ad.fd; w == Bow && fd.kind == Aim && int(fd.ally) == j {
		v += int(fd.value)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "reveals its Aim: +%d", fd.value)
		}
		k.minor.discard(fd.card)
		fd.kind = Skip
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
		what := "Attacks"
		if w != NoItem {
			what += " with " + an(w.Title())
		}
		k.tr.Add(k.round, k.aname(i), "plays %s %s: %s %s, %d against Initiative %d: %s%s", c, how, what, k.mname(j), v, init, hitWord(hit),
			k.favorNote(i, j, w, missile))
	}
	if w == Crossbow {
		ad.loaded = false
	}
	if hit {
		n := 1
		if w == Hammer && v >= 2*init {
			n = 2
		}
		piercing := w == Crossbow || w.info().class == clsMelee && (w == Dagger || w == SilverDagger) &&
			(x.effects&(Root|Trip) != 0 || gs.armed && x.effects&Disarm != 0)
		k.ambush(i, &n)
		if !missile {
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
	} else {
		k.noose(i, g)
		k.grabbedTakesMiss(g, i)
	}
	k.gmRiposte(g, i, v)
	if w.info().class == clsLight {
		k.breakLight(i, "used as a weapon")
	}
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
	if k.abilityLive(g, AbTough, AbFleshless) {
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
	return ab.has(AbTough) && !k.offNarrative(AbTough) || ab.has(AbFleshless) && !k.offNarrative(AbFleshless) ||
		gs.shield && w != Flail
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

// placeFacedown puts a Dodge, Riposte or Aid facedown for adventurer i (one
// at a time, option H-7; a new one replaces the old, which is discarded).
func (k *kernel) placeFacedown(i int, fd facedown, how string) {
	a := &k.adv[i]
	slot := &a.fd
	if k.ru.H7 == H7Both && fd.kind == Riposte {
		slot = &a.fd2
	}
	if slot.kind != Skip {
		k.minor.discard(slot.card)
	}
	*slot = fd
	if k.tr != nil {
		whom := "itself"
		if fd.kind != Aim && int(fd.ally) != i {
			whom = k.aname(int(fd.ally))
		}
		switch fd.kind {
		case AidAnother:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: Aid Another for %s's next Attack (%s, worth %d)", how, whom, Card(fd.card), fd.value)
		case Aim:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: Aim at %s (%s, worth %d)", how, k.mname(int(fd.ally)), Card(fd.card), fd.value)
		default:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: %s protecting %s (%s, worth %d)", how, fd.kind, whom, Card(fd.card), fd.value)
		}
	}
}

// hazardTieFails reports an Avoid that ties a hazard's Initiative failing:
// "If your Avoid value is greater than your opponent's Initiative, you get
// past" (p.116; option H-8, errata E-H11), unless H-8 is "ties-pass".
func (k *kernel) hazardTieFails() bool { return k.ru.H8 != H8TiesPass }

// advAvoid resolves an Avoid: past a hazard into the zone beyond, or out of
// every engagement (section 6.5.2, option H-8).
func (k *kernel) advAvoid(i int, a *Action, v int, c Card, how string) {
	ad := &k.adv[i]
	if a.Hazard >= 0 {
		h := int(a.Hazard)
		hz := &k.m.scene.hazards[h]
		init := k.revealHazard(h)
		ok := k.beats(v, init, k.hazardTieFails())
		to := hz.b
		if ad.zone == hz.b {
			to = hz.a
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s %s: Avoids %s, %d against its Initiative %d: %s", c, how, hz.name, v, init, passWord(ok))
		}
		if ok {
			k.disengageAdv(i)
			ad.zone = to
			k.dropProtection(i)
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "is now in the %s", k.m.scene.zones[to])
			}
			return
		}
		k.woundAdv(i, hz.wounds, hz.piercing, false, Wound{Piercing: hz.piercing, Source: -1})
		return
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Avoids to disengage, %d", c, how, v)
	}
	for j := 0; j < k.nm; j++ {
		if ad.engaged&(1<<j) == 0 {
			continue
		}
		g := int(k.mem[j].group)
		k.revealGroup(g)
		init := k.groupInit(g)
		ok := v >= init
		switch k.ru.H8 {
		case H8Strict:
			ok = v > init
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "against %s's Initiative %d: %s", k.mname(j), init, passWord(ok))
		}
		if !ok && k.memberIn(j) && k.canHarm(j) {
			k.freeWound(j, i)
		}
		if !ok {
			k.noose(i, g)
		}
	}
	k.disengageAdv(i)
	if a.Zone >= 0 && k.canStep(ad.zone, a.Zone) {
		k.moveAdv(i, a.Zone, "slips away")
	}
}

func passWord(ok bool) string {
	if ok {
		return "passes"
	}
	return "fails"
}

// leaveEngagements gives every GM character engaged with adventurer i its
// free Wound as i moves away (p.109; Dash as Move, H-8).
func (k *kernel) leaveEngagements(i int, verb string) {
	a := &k.adv[i]
	for j := 0; a.engaged != 0 && j < k.nm; j++ {
		if a.engaged&(1<<j) != 0 && k.memberIn(j) && k.canHarm(j) {
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(j), "strikes %s as it %s away", k.aname(i), verb)
			}
			k.freeWound(j, i)
		}
	}
	k.disengageAdv(i)
}

// canHarm reports a GM character able to strike (not Knocked out, Tripped
// counts).
func (k *kernel) canHarm(j int) bool {
	return k.mem[j].effects&(Knockout|Petrified) == 0
}

// freeWound is a free Wound from GM character j on adventurer i.
func (k *kernel) freeWound(j, i int) {
	if !k.adv[i].present() || k.adv[i].door && k.ru.H11 != H11Kills {
		return
	}
	k.woundAdv(i, 1, false, false, Wound{Source: int(k.mem[j].group), Bite: k.m.groups[k.mem[j].group].beast})
}

// moveAdv moves adventurer i to zone z.
func (k *kernel) moveAdv(i int, z int8, verb string) {
	a := &k.adv[i]
	if z < 0 || a.zone == z {
		return
	}
	a.zone = z
	k.dropProtection(i)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "%s to the %s", verb, k.m.scene.zones[z])
	}
}

// dropProtection discards adventurer i's defensive facedown card when it
// has moved away from the ally it protected (p.114).
func (k *kernel) dropProtection(i int) {
	if k.m.scene.acrossZones {
		return
	}
	a := &k.adv[i]
	for _, fd := range []*facedown{&a.fd, &a.fd2} {
		if (fd.kind == Dodge || fd.kind == Riposte) && int(fd.ally) != i && k.adv[fd.ally].zone != a.zone {
			k.minor.discard(fd.card)
			fd.kind = Skip
		}
	}
}

// advUseItem resolves Use Item: a bomb or salt thrown (an Attack tied to
// Cups, which must first get past a hazard in the way), a poultice, a
// potion.
func (k *kernel) advUseItem(i int, a *Action, v int, c Card, how string) {
	ad := &k.adv[i]
	k.consume(i, a.Item)
	switch a.Item {
	case Poultice:
		k.t.poultices++
		k.applyPoultice(i, int(a.Ally), c, how)
		return
	case HealPotion:
		t := i
		if a.Ally >= 0 {
			t = int(a.Ally)
		}
		if k.tr != nil {
			if t == i {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: drinks a healing potion", c, how)
			} else {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: Use Item, pours a healing potion into %s", c, how, k.aname(t))
			}
		}
		k.healAdv(t)
		return
	}
	j := int(a.Target)
	x := &k.mem[j]
	g := int(x.group)
	// A thrown item "works like an Attack in every way" (5.12): its favor,
	// the imp's Bad Luck Machine, the Noose and the grabbed victim on a
	// miss, a Riposte.
	fav, dis := k.attackFavor(i, j, a.Item, true)
	mod := k.favorOf(i, fav, dis, a.Resolve)
	v += mod + k.aidFor(i)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Use Item, throws %s at %s: %d", c, how, an(a.Item.Title()), k.mname(j), v)
	}
	if h := k.hazardBetween(ad.zone, x.zone); h >= 0 {
		hz := &k.m.scene.hazards[h]
		init := k.revealHazard(h)
		ok := k.beats(v, init, false)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "%s against %s's Initiative %d: %s", a.Item.Title(), hz.name, init, passWord(ok))
		}
		if !ok {
			return
		}
	}
	if k.badLuck(i, j, v, mod, c, how) {
		return
	}
	k.revealGroup(g)
	init := k.groupInit(g) + k.gmDodge(g)
	hit := k.beats(v, init, k.memberTie(j, NoItem))
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "against %s's Initiative %d: %s", k.mname(j), init, hitWord(hit))
	}
	switch {
	case !hit:
		k.noose(i, g)
		k.grabbedTakesMiss(g, i)
	case a.Item == WebBomb && k.intangible(j) != notImmune:
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is untouched: the web passes through it")
		}
	case a.Item == WebBomb && k.m.groups[g].abil.has(AbShapelessBody):
		// Shapeless Body: it cannot be Rooted.
	default:
		k.thrownHit(i, j, a.Item)
	}
	k.gmRiposte(g, i, v)
}

// thrownHit applies a thrown item that hit GM character j: a web bomb
// webs, salt and bombs Wound.
func (k *kernel) thrownHit(i, j int, it Item) {
	x := &k.mem[j]
	g := int(x.group)
	switch it {
	case WebBomb:
		x.effects |= Webbed | Root
		x.webLimbs = k.webLimbs()
		k.disengageMem(j)
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is webbed to the spot: Rooted, and attacks against it have favor")
		}
	case Salt:
		n := 1
		if k.m.groups[g].abil.has(AbSaltReactive) {
			n = 2
		}
		k.damageMember(j, n, false, false, dmgSalt|dmgNatural, i)
	default:
		n := 1
		k.ambush(i, &n)
		k.damageMember(j, n, false, false, it.info().dmg, i)
	}
}

// webLimbs is the number of Recover actions a web needs (App C's brain
// spider: one per limb; 2 under option H-33).
func (k *kernel) webLimbs() int8 {
	if k.ru.H33 == H33Two {
		return 2
	}
	return 4
}

// consume uses up a held consumable: the hand is emptied.
func (k *kernel) consume(i int, it Item) {
	a := &k.adv[i]
	for h := range a.hands {
		if a.hands[h] == it {
			a.hands[h] = NoItem
			a.rearm()
			return
		}
	}
}

// advBanter resolves a Banter against group g's Morale (section 6.11.2):
// above it, the group moves one step toward fear.
func (k *kernel) advBanter(i, g, v int, c Card, how string) {
	mor := k.morale(g)
	ok := !k.m.groups[g].mindless && v > mor
	if k.tr != nil {
		ms := itoa2(mor)
		if k.m.groups[g].mindless {
			ms = "beyond reach (mindless)"
		}
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Banter with %s, %d against Morale %s: %s", c, how, k.gname(g), v, ms, passWord(ok))
	}
	if ok {
		k.t.banter++
		k.shiftToFear(g)
	}
}

// guard swaps adventurer i's Initiative for card swap in hand (p.120; NoCard:
// the highest one left).
func (k *kernel) guard(i int, c, swap Card) {
	a := &k.adv[i]
	best := -1
	for j := 0; j < int(a.nh); j++ {
		if swap != NoCard && a.hand[j] == swap {
			best = j
			break
		}
		if swap == NoCard && a.hand[j] != Fool && (best < 0 || a.hand[j].Value() > a.hand[best].Value()) {
			best = j
		}
	}
	if best < 0 {
		return
	}
	old := a.init
	a.init = k.removeCard(i, best)
	if old != NoCard {
		k.minor.discard(uint8(old))
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: Guard, the shield up; Initiative %s becomes %s", c, old, a.init)
	}
}

// recoverAdv removes one effect from adventurer i. Section 6.5.4: "remove
// one effect you suffer (stand up from prone, pick up a dropped item, ...)",
// the player's choice: item, a dropped item to pick up; else eff (Disarm:
// pick up a dropped item); else the worst effect it can clear (not a
// poison's Exhaustion), and with none a dropped item.
func (k *kernel) recoverAdv(i int, eff Effect, item Item, c Card, how string) {
	a := &k.adv[i]
	pick := -1
	switch {
	case item != NoItem:
		pick = a.onFloor(item)
	case eff == Disarm && a.ndropped > 0:
		pick = a.floorChoice()
	}
	if sh := a.shakable(); pick < 0 && (eff == 0 || sh&eff == 0) {
		eff = 0
		if a.effects&Poisoned != 0 {
			sh &^= Exhaust
		}
		for _, e := range [...]Effect{Grabbed, Webbed, Trip, Root, Blind, Silence, Exhaust, Deafen} {
			if sh&e != 0 {
				eff = e
				break
			}
		}
		if eff == 0 && a.ndropped > 0 {
			pick = a.floorChoice()
		}
	}
	what := ""
	switch {
	case pick >= 0:
		it := a.takeDropped(pick)
		k.pickUp(i, it)
		if k.tr != nil {
			what = "picks up the " + it.Title()
		}
	case eff == Webbed:
		a.webLimbs--
		what = "pulls a limb free of the web"
		if a.webLimbs <= 0 {
			a.effects &^= Webbed | Root
			what = "tears free of the web"
		}
	case eff == Grabbed:
		// "Recovering while carried aloft also means a fall" (the griffin).
		aloft := a.grabbedBy >= 0 && k.m.groups[k.mem[a.grabbedBy].group].abil.has(AbGriffinGrab)
		a.effects &^= Grabbed | Root
		k.release(i)
		what = "wriggles free"
		if aloft {
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: Recover, wriggles free of the griffin and falls from 20 ft", c, how)
			}
			k.griffinFall(i)
			return
		}
	case eff == Exhaust && a.effects&Poisoned != 0:
		what = "cannot shake the poison"
	case eff != 0:
		a.effects &^= eff
		if k.tr != nil {
			what = "shakes off " + eff.String()
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Recover, %s", c, how, what)
	}
}

// onFloor is the index of item it among adventurer a's dropped items, or
// -1.
func (a *advState) onFloor(it Item) int {
	for n := 0; n < int(a.ndropped); n++ {
		if a.dropped[n] == it {
			return n
		}
	}
	return -1
}

// floorChoice is the dropped item a Recover picks up when the player names
// none: the first weapon if none is in hand, else the first to fall.
func (a *advState) floorChoice() int {
	if a.weapon() == NoItem {
		for n := 0; n < int(a.ndropped); n++ {
			if a.dropped[n].Weapon() {
				return n
			}
		}
	}
	return 0
}

// firstDropped is the first of adventurer a's dropped items still on the
// floor, or NoItem.
func (a *advState) firstDropped() Item { return a.dropped[0] }

// takeDropped takes dropped item n off the floor, keeping the others in
// the order they fell.
func (a *advState) takeDropped(n int) Item {
	it := a.dropped[n]
	copy(a.dropped[n:a.ndropped], a.dropped[n+1:a.ndropped])
	a.ndropped--
	a.dropped[a.ndropped] = NoItem
	return it
}

// pickUp returns a dropped item to a hand.
func (k *kernel) pickUp(i int, it Item) {
	a := &k.adv[i]
	defer k.checkDark()
	defer a.rearm()
	if it.info().hands == 2 {
		k.stow(i, a.hands[0])
		if a.hands[1] != a.hands[0] {
			k.stow(i, a.hands[1])
		}
		a.hands[0], a.hands[1] = it, it
		return
	}
	for h := range a.hands {
		if a.hands[h] == NoItem {
			a.hands[h] = it
			return
		}
	}
	k.stow(i, a.hands[1])
	a.hands[1] = it
}

// release frees adventurer i from whatever carries it.
func (k *kernel) release(i int) {
	a := &k.adv[i]
	if a.grabbedBy >= 0 {
		k.mem[a.grabbedBy].grabbed &^= 1 << i
		a.grabbedBy = -1
	}
}

// escapeEngulf is a Test Fate of Swords to get out of a slime (App C).
func (k *kernel) escapeEngulf(i int, c Card, resolve bool) {
	a := &k.adv[i]
	f := k.testFate(i, Swords, false, false, resolve)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: Test Fate (Swords) to escape the slime: %s", c, f.res)
	}
	if f.res.OK() {
		a.effects &^= Engulfed | Grabbed | Root
		k.release(i)
	} else if f.res == GreatFailure {
		k.woundAdv(i, 1, false, false, Wound{Source: -1})
	}
}

// fateResolve asks adventurer i's policy whether to spend a Resolve on a
// test of fate that is not an action of its own (a poultice at Death's
// Door, a retreat, a fall).
func (k *kernel) fateResolve(i int, s Suit, deadly bool) bool {
	return k.adv[i].resolve > 0 && k.m.party[i].policy.FateResolve(&k.view, i, FateTest{Suit: s, Deadly: deadly})
}

// testFate runs a test of fate for adventurer i in the middle of the fight,
// with a Resolve spent for favor if resolve (3.1; wasted on favor already
// there unless H-15), asking its policy whether to push a failure (deadly:
// failure means death).
func (k *kernel) testFate(i int, s Suit, fav, deadly, resolve bool) fate {
	a := &k.adv[i]
	fav = k.spendResolve(i, fav, resolve, " on the test")
	mod := netMod(fav, a.effects&(Exhaust|Blind) != 0)
	f := fateDraw(&k.minor, k.r, k.m.party[i].attr[s], mod, s)
	if f.first == Fool {
		k.gotCard(Fool)
	}
	if f.res == Failure {
		p := FatePush{First: f.first, Total: f.total, Deadly: deadly, Chance: PushChance(f.first, f.total)}
		if k.m.party[i].policy.Push(&k.view, i, p) {
			f.pushFate(&k.minor, k.r)
			if f.push == Fool {
				k.gotCard(Fool)
			}
		}
	}
	return f
}

func itoa2(n int) string {
	if n < 0 {
		return "-" + itoa2(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa2(n/10) + string(rune('0'+n%10))
}

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

// loseWeapon takes destroyed weapon w out of the adventurer's hands and
// arms it with what is left.
func (a *advState) loseWeapon(w Item) {
	for h := range a.hands {
		if a.hands[h] == w {
			a.hands[h] = NoItem
		}
	}
	a.rearm()
}

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

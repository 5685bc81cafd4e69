package hmtw

import "math/bits"

// View is a read-only window on an encounter in progress, handed to
// Policies. Adventurers are numbered 0..Adventurers()-1 in marching order
// (the party's order), groups 0..Groups()-1 in scenario order, and GM
// characters (members) 0..Members()-1 across groups, a group's members
// being GroupMembers(g).
//
// The View shows everything; what a side may know is the policy's to
// respect: an adventurer's Initiative is secret until Revealed, a facedown
// card shows only its kind (FacedownKind), the GM's hand is the GM's.
type View struct {
	k        *kernel
	foolTurn bool
	offer    Offer
}

// AdvInfo is what a policy may know of an adventurer.
type AdvInfo struct {
	Able, Down, DeathsDoor, Dead, Gone, Petrified bool
	Zone                                          int
	Staggered, Injured, Stressed                  bool
	WoundedTalents                                int
	Resolve, XP                                   int
	Effects                                       Effect
	Engaged                                       bool
	Weapon                                        Item // the weapon in hand, or NoItem
	Shield                                        bool // an intact shield in hand
	Armor                                         Item // worn body armor
	ArmorNotches, HelmNotches                     int
	Dropped                                       Item // the first item on the floor (Disarm); DroppedCount for all
	Loaded                                        bool // a crossbow
	Facedown                                      ActionKind
	Init                                          int  // the Initiative card's value (0: none)
	Revealed                                      bool // its Initiative is face up
	Acted                                         bool // it took its turn this round
}

// MemberInfo is what a policy may know of a GM character.
type MemberInfo struct {
	Group           int
	In              bool // in the fight
	Active          bool // in play at all (a summons not yet called is not)
	Down            bool
	Health, Defense int // Health Infinite: cannot be harmed
	MaxHealth       int
	Zone            int
	Effects         Effect
	Engaged         bool
	Ranged          bool // holds a missile weapon
	Late            bool // a dungeon lord's pool out of melee reach so far
	Grabbing        int  // adventurers it carries
}

// GroupInfo is what a policy may know of a GM group.
type GroupInfo struct {
	Name       string
	CreatureID string
	In         bool
	Count      int  // members in the fight
	Init       int  // its Initiative card's value (0: none)
	Revealed   bool // face up
	Acted      bool
	TieWins    bool // Tough or Fleshless: a tie fails against it
	Shield     bool
	Emotion    Emotion
	Elite      bool
	Lord       bool
	Mindless   bool
	Beast      bool
	Living     bool
	Facedown   ActionKind // Dodge, Riposte or Skip
	Attr       Attributes
	Hates      string // it attacks these first: "sorcerers", "elves"
	Ranged     int    // members with missile weapons
}

// Round is the current round (1-based).
func (v *View) Round() int { return v.k.round }

// Rules are the options in force.
func (v *View) Rules() Rules { return v.k.ru }

// FoolTurn reports whether the turn being asked for is the Fool's extra
// turn (any card, the attribute added, no window after).
func (v *View) FoolTurn() bool { return v.foolTurn }

// Offer is what an Interrupt call offers.
func (v *View) Offer() Offer { return v.offer }

// Adventurers is the party's size.
func (v *View) Adventurers() int { return v.k.na }

// Groups is the number of GM groups (summons included).
func (v *View) Groups() int { return v.k.ng }

// Members is the number of GM characters.
func (v *View) Members() int { return v.k.nm }

// Zones is the number of zones.
func (v *View) Zones() int { return len(v.k.m.scene.zones) }

// ZoneName names zone z.
func (v *View) ZoneName(z int) string { return v.k.m.scene.zones[z] }

// Adjacent reports zones a and b adjacent.
func (v *View) Adjacent(a, b int) bool { return v.k.m.scene.adj[a]&(1<<b) != 0 }

// CanStep reports a Move from zone a to b (adjacent, no hazard between).
func (v *View) CanStep(a, b int) bool { return v.k.canStep(int8(a), int8(b)) }

// Hazards is the number of hazards.
func (v *View) Hazards() int { return len(v.k.m.scene.hazards) }

// HazardBetween is the hazard between zones a and b, or -1.
func (v *View) HazardBetween(a, b int) int { return v.k.hazardBetween(int8(a), int8(b)) }

// HazardZones are the two zones hazard h separates.
func (v *View) HazardZones(h int) (int, int) {
	hz := &v.k.m.scene.hazards[h]
	return int(hz.a), int(hz.b)
}

// MemberObject reports GM character j an item rather than a creature (the
// Crown of Archwood): a spell aimed at creatures does nothing to it.
func (v *View) MemberObject(j int) bool { return v.k.object(j) }

// HazardTieFails reports an Avoid that ties a hazard's Initiative failing
// (option H-8).
func (v *View) HazardTieFails() bool { return v.k.hazardTieFails() }

// HazardInit is hazard h's Initiative value (known once it has been
// tested against; the GM knows it).
func (v *View) HazardInit(h int) int { return int(v.k.hz[h]) }

// HazardHarm is what failing to Avoid hazard h deals: its Wounds and
// whether they are Piercing.
func (v *View) HazardHarm(h int) (wounds int, piercing bool) {
	hz := &v.k.m.scene.hazards[h]
	return hz.wounds, hz.piercing
}

// HazardShown is hazard h's Initiative as the guild sees it: its value
// and whether it is face up (tested against this round).
func (v *View) HazardShown(h int) (int, bool) {
	if !v.k.hzRev[h] {
		return 0, false
	}
	return int(v.k.hz[h]), true
}

// Adv describes adventurer i.
func (v *View) Adv(i int) AdvInfo {
	a := &v.k.adv[i]
	in := AdvInfo{Able: a.able(), Down: a.down(), DeathsDoor: a.door, Dead: a.dead, Gone: a.gone, Petrified: a.petrified,
		Zone: int(a.zone), Staggered: a.staggered, Injured: a.injured, Stressed: a.stressed,
		WoundedTalents: int(a.woundedTalents), Resolve: int(a.resolve), XP: int(a.xp), Effects: a.effects,
		Engaged: a.engaged != 0, Weapon: a.weapon(), Shield: a.hasShield(), Armor: a.body,
		ArmorNotches: int(a.bodyNotches), HelmNotches: int(a.helmNotches), Dropped: a.firstDropped(), Loaded: a.loaded,
		Facedown: a.fd.kind, Init: v.k.advInit(i), Revealed: a.revealed, Acted: a.acted}
	if in.Facedown == Skip {
		in.Facedown = a.fd2.kind
	}
	return in
}

// Zone is adventurer i's zone.
func (v *View) Zone(i int) int { return int(v.k.adv[i].zone) }

// Able reports adventurer i able to act (in the fight, conscious).
func (v *View) Able(i int) bool { return v.k.adv[i].able() }

// AtDeathsDoor reports adventurer i at Death's Door (and not dead).
func (v *View) AtDeathsDoor(i int) bool { return v.k.adv[i].door }

// Targetable reports adventurer i in the fight, down or not (not dead,
// gone or petrified).
func (v *View) Targetable(i int) bool { return v.k.adv[i].present() && !v.k.adv[i].gone }

// Down reports adventurer i out of action (Death's Door, Knocked out...).
func (v *View) Down(i int) bool { return v.k.adv[i].down() }

// DeclaredBefore is what adventurer i, ahead of the asking adventurer in
// marching order, has declared in the minor-action window now being
// declared (minor actions are declared together, H-5: the table hears
// them); Skip for one that declared nothing. Meaningful only while the
// window's declarations are being asked for.
func (v *View) DeclaredBefore(i int) Action { return v.k.decl[i] }

// DeclaredSet is the set of adventurers (bit i) who have declared a minor
// action, not a Skip, in the window now being declared: DeclaredBefore(i)
// is a Skip for every other one. A policy that reads the earlier
// declarations need look at these alone.
func (v *View) DeclaredSet() uint8 { return v.k.declared }

// CarryDowned reports scene.carry_downed: a retreat carries the downed, one
// in the arms of each adventurer who gets away.
func (v *View) CarryDowned() bool { return v.k.m.scene.carryDowned }

// Effects is what adventurer i suffers.
func (v *View) Effects(i int) Effect { return v.k.adv[i].effects }

// Dropped is the first item adventurer i dropped (Disarm) still on the
// floor, or NoItem.
func (v *View) Dropped(i int) Item { return v.k.adv[i].firstDropped() }

// DroppedCount is the number of items adventurer i dropped (Disarm) that
// lie on the floor.
func (v *View) DroppedCount(i int) int { return int(v.k.adv[i].ndropped) }

// DroppedItem is the n-th item on adventurer i's floor, in the order they
// fell (n < DroppedCount(i)).
func (v *View) DroppedItem(i, n int) Item { return v.k.adv[i].dropped[n] }

// Engaged reports adventurer i engaged with a GM character.
func (v *View) Engaged(i int) bool { return v.k.adv[i].engaged != 0 }

// Weapon is the weapon adventurer i holds, or NoItem.
func (v *View) Weapon(i int) Item { return v.k.adv[i].weapon() }

// Shield reports an intact shield in adventurer i's hands.
func (v *View) Shield(i int) bool { return v.k.adv[i].hasShield() }

// Init is adventurer i's Initiative for defence (0: none or down) and
// whether it is face up.
func (v *View) Init(i int) (int, bool) { return v.k.advInit(i), v.k.adv[i].revealed }

// HasFacedown reports a facedown card of adventurer i's.
func (v *View) HasFacedown(i int) bool {
	return v.k.adv[i].fd.kind != Skip || v.k.adv[i].fd2.kind != Skip
}

// Acted reports adventurer i having taken its turn this round.
func (v *View) Acted(i int) bool { return v.k.adv[i].acted }

// Resolve is adventurer i's Resolve.
func (v *View) Resolve(i int) int { return int(v.k.adv[i].resolve) }

// MemberIn reports GM character j in the fight.
func (v *View) MemberIn(j int) bool { return v.k.memberIn(j) }

// InFight is the set of GM characters (bit 1<<j) in the fight: MemberIn
// for every j.
func (v *View) InFight() uint64 {
	if v.k.inDirty {
		v.k.refreshIn()
	}
	return v.k.memIn
}

// MemberGroup is GM character j's group.
func (v *View) MemberGroup(j int) int { return int(v.k.mem[j].group) }

// MemberZone is GM character j's zone.
func (v *View) MemberZone(j int) int { return int(v.k.mem[j].zone) }

// MemberEffects is what GM character j suffers.
func (v *View) MemberEffects(j int) Effect { return v.k.mem[j].effects }

// MemberHD is GM character j's Health and Defense now.
func (v *View) MemberHD(j int) (int, int) { return int(v.k.mem[j].health), int(v.k.mem[j].defense) }

// MemberRanged reports GM character j holding a missile weapon.
func (v *View) MemberRanged(j int) bool { return v.k.memberRanged(j) }

// GroupIn reports group g in the fight.
func (v *View) GroupIn(g int) bool { return v.k.groupIn(g) }

// GroupInit is group g's Initiative value and whether it is face up.
func (v *View) GroupInit(g int) (int, bool) { return int(v.k.grp[g].init), v.k.grp[g].revealed }

// Hates is what group g attacks first ("sorcerers", "elves", or "").
func (v *View) Hates(g int) string { return v.k.m.groups[g].cr.Hates }

// HasPlayed reports whether group g has a doom it plays as an action of
// its own (Devour the Living, Call Bats, a summons, Shriek, Potence,
// Stinking Cloud, Squeeze, a zone-wide fear, Sleep Song, Absorb Bones,
// Flutter).
func (v *View) HasPlayed(g int) bool { return v.k.m.groups[g].plays && v.k.groupIn(g) }

// Lord reports group g a dungeon lord (its pools differ).
func (v *View) Lord(g int) bool { return v.k.m.groups[g].lord }

// Minion reports group g of the minion threat (a group of them is a swarm).
func (v *View) Minion(g int) bool { return v.k.m.groups[g].minion }

// Bones reports fallen bones of group g's kind in its zone and a hurt
// member to mend with them (Absorb Bones).
func (v *View) Bones(g int) bool {
	k := v.k
	j := k.firstIn(g)
	if j < 0 {
		return false
	}
	bones, hurt := false, false
	for m := 0; m < k.nm; m++ {
		x := &k.mem[m]
		if x.active && x.down && !x.graspUsed && x.zone == k.mem[j].zone && k.m.groups[x.group].cr.ID == k.m.groups[g].cr.ID {
			bones = true
		}
		if int(x.group) == g && !x.out() && k.damaged(m) {
			hurt = true
		}
	}
	return bones && hurt
}

// EngagedCount is the number of adventurers engaged with GM character j.
func (v *View) EngagedCount(j int) int {
	n := 0
	for b := v.k.mem[j].engaged; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// GroupActed reports group g having taken its turn this round.
func (v *View) GroupActed(g int) bool { return v.k.grp[g].acted }

// Attr is adventurer i's rating in suit s.
func (v *View) Attr(i int, s Suit) int { return v.k.m.party[i].attr[s] }

// Path is adventurer i's path.
func (v *View) Path(i int) Suit { return v.k.m.party[i].path }

// Kin is adventurer i's kin.
func (v *View) Kin(i int) Kin { return v.k.m.party[i].kin }

// HandSize is the number of cards in adventurer i's hand.
func (v *View) HandSize(i int) int { return int(v.k.adv[i].nh) }

// Card is card j of adventurer i's hand.
func (v *View) Card(i, j int) Card { return v.k.adv[i].hand[j] }

// HasFool reports the Fool in adventurer i's hand with another card.
func (v *View) HasFool(i int) bool { return v.k.canFool(i) }

// Talent reports whether adventurer i can use talent t now (mastered, or in
// training with XP left, and not Wounded).
func (v *View) Talent(i int, t Talent) bool { return v.k.talent(i, t, false) }

// Holds reports adventurer i holding item it.
func (v *View) Holds(i int, it Item) bool { return v.k.holds(i, it) }

// OnBelt reports item it on adventurer i's belt.
func (v *View) OnBelt(i int, it Item) bool { return v.k.onBelt(i, it) >= 0 }

// BeltSize is the number of items on adventurer i's belt.
func (v *View) BeltSize(i int) int { return int(v.k.adv[i].nbelt) }

// BeltItem is the n-th item on adventurer i's belt (n < BeltSize).
func (v *View) BeltItem(i, n int) Item { return v.k.adv[i].belt[n] }

// PackSize is the number of items in adventurer i's pack.
func (v *View) PackSize(i int) int { return int(v.k.adv[i].npack) }

// PackItem is the n-th item in adventurer i's pack (n < PackSize).
func (v *View) PackItem(i, n int) Item { return v.k.adv[i].pack[n] }

// InPack reports item it in adventurer i's pack.
func (v *View) InPack(i int, it Item) bool { return v.k.inPack(i, it) >= 0 }

// TwoHanded reports adventurer i wielding a melee weapon two-handed.
func (v *View) TwoHanded(i int) bool { return v.k.twoHanded(i) }

// Knows reports whether adventurer i's scenario lists spell sp.
func (v *View) Knows(i int, sp Spell) bool { return v.k.m.party[i].spells&(1<<sp) != 0 }

// Speakable reports adventurer i able to speak spell sp in this fight, as
// far as lasting things go: it knows the spell, its realm's talent is not
// lost (crossed out by "Do you doubt me"), and it has the Resolve; a
// component in hand, metal and Silence aside.
func (v *View) Speakable(i int, sp Spell) bool {
	k := v.k
	return v.Knows(i, sp) && k.talent(i, spellRealm[sp], false) && k.adv[i].resolve >= 1
}

// Medical reports adventurer i's medical motif.
func (v *View) Medical(i int) bool { return v.k.medical(i) }

// Legal reports whether adventurer i could take action a now as its own
// turn with a card it holds (the card's suit aside).
func (v *View) Legal(i int, a *Action) bool {
	return a.Card >= 0 && int(a.Card) < int(v.k.adv[i].nh) && v.k.legal(i, a, modeTurn)
}

// LegalMinor reports whether adventurer i could take action a now as a
// minor action: legal, and the card's suit matching.
func (v *View) LegalMinor(i int, a *Action) bool {
	k := v.k
	if a.Card < 0 || int(a.Card) >= int(k.adv[i].nh) {
		return false
	}
	c := k.adv[i].hand[a.Card]
	return c != Fool && k.minorSuitOK(i, a.Kind, c, a.Item) && k.legal(i, a, modeMinor)
}

// SuitFits reports whether card c may pay for action kind as adventurer
// i's minor action.
func (v *View) SuitFits(i int, kind ActionKind, c Card) bool {
	return c != Fool && v.k.minorSuitOK(i, kind, c, NoItem)
}

// CanAttack reports whether adventurer i can Attack GM character j now.
func (v *View) CanAttack(i, j int) bool {
	a := Action{Kind: Attack, Target: int8(j), Card: 0}
	return v.k.legal(i, &a, modeTurn)
}

// WeaponReady reports whether adventurer i's weapon can Attack at all now
// (a wand needs Gramarye, a crossbow a bolt, a missile sight).
func (v *View) WeaponReady(i int) bool {
	k := v.k
	a := &k.adv[i]
	w := a.weapon()
	switch {
	case w == ArchwoodWand && !k.talent(i, TGramarye, false):
		return false
	case w == Crossbow && !a.loaded:
		return false
	case w.Missile() && a.effects&Blind != 0:
		return false
	}
	return true
}

// Reach reports whether adventurer i's weapon reaches GM character j now
// (melee: its zone; missile: disengaged, a zone away at most).
func (v *View) Reach(i, j int) bool { return v.k.targetable(i, j, v.k.adv[i].weapon().Missile()) }

// CanRoughhouse reports whether adventurer i can Roughhouse GM character j.
func (v *View) CanRoughhouse(i, j int) bool {
	a := Action{Kind: Roughhouse, Target: int8(j)}
	return v.k.legal(i, &a, modeTurn)
}

// CanThrow reports whether adventurer i could throw a held bomb or salt
// at GM character j.
func (v *View) CanThrow(i, j int) bool {
	return v.k.targetable(i, j, true) || v.k.targetable(i, j, false)
}

// WindowMemo is a word the party's policies may keep what they work out
// in during the declarations of one minor-action window, or the party's
// Initiative choices of one round, where nothing they read changes from
// one decider to the next but the decider's own hand (zero as either
// opens); nil elsewhere. The built-in policies keep there the guild's
// retreat decision, the group a Banter aims at, and whether Initiative is
// held high against the foes.
func (v *View) WindowMemo() *uint64 {
	if !v.k.facts.open && !v.k.initMemo {
		return nil
	}
	return &v.k.facts.memo
}

// Draw is an integer in [0, n) drawn from the encounter's generator, for
// a policy that breaks a genuine tie at random (n ≥ 1).
func (v *View) Draw(n int) int {
	if n <= 1 {
		return 0
	}
	return v.k.r.IntN(n)
}

// Chance reports true with probability p, drawn from the encounter's
// generator (for policies that decide at random).
func (v *View) Chance(p float64) bool {
	if p <= 0 {
		return false
	}
	if p >= 1 {
		return true
	}
	return v.k.r.Chance(p)
}

// HandSuits is the set of suits (bit 1<<s) of the cards in adventurer i's
// hand, the Fool aside.
func (v *View) HandSuits(i int) uint8 {
	a := &v.k.adv[i]
	var m uint8
	for _, c := range a.hand[:a.nh] {
		m |= 1 << c.Suit()
	}
	return m &^ (1 << NoSuit)
}

// MinorSuits is the subset of suits (bits 1<<s) that may pay for action
// kind as adventurer i's minor action: SuitFits for each suit in suits.
func (v *View) MinorSuits(i int, kind ActionKind, suits uint8) uint8 {
	if kind == Attack {
		// minorSuitOK's rule for an Attack, once for every suit.
		k := v.k
		if k.adv[i].weapon() == ArchwoodWand {
			return suits & (1 << Wands)
		}
		m := suits & (1 << Swords)
		if suits&(1<<Pentacles) != 0 && k.twoHanded(i) && k.talent(i, TTwoHandedFocus, false) {
			m |= 1 << Pentacles
		}
		return m
	}
	var m uint8
	for s := Swords; s < NoSuit; s++ {
		if suits&(1<<s) != 0 && v.k.minorSuitOK(i, kind, MakeCard(s, 1), NoItem) {
			m |= 1 << s
		}
	}
	return m
}

// LesserFree puts the indices in the GM's hand of its free lesser dooms
// (GMCardFree), lowest first, into buf and returns how many.
func (v *View) LesserFree(buf *[MajorSize]int8) int {
	k := v.k
	var seen uint32
	var at [LesserMax + 1]int8
	for j, d := range k.gm[:k.ngm] {
		if !d.Lesser() || k.gmReserved&(1<<d) != 0 {
			continue
		}
		if seen&(1<<d) != 0 {
			return v.lesserSorted(buf) // the same doom twice: keep the hand's order
		}
		seen |= 1 << d
		at[d] = int8(j)
	}
	n := 0
	for ; seen != 0; seen &= seen - 1 {
		buf[n] = at[bits.TrailingZeros32(seen)]
		n++
	}
	return n
}

// lesserSorted is LesserFree by a stable insertion sort.
func (v *View) lesserSorted(buf *[MajorSize]int8) int {
	k := v.k
	n := 0
	for j, d := range k.gm[:k.ngm] {
		if d.Lesser() && k.gmReserved&(1<<d) == 0 {
			buf[n] = int8(j)
			n++
		}
	}
	for i := 1; i < n; i++ {
		for x := i; x > 0 && k.gm[buf[x]] < k.gm[buf[x-1]]; x-- {
			buf[x], buf[x-1] = buf[x-1], buf[x]
		}
	}
	return n
}

// Revealed reports group g's Initiative face up.
func (v *View) Revealed(g int) bool { return v.k.grp[g].revealed }

// ReachSet is the set of GM characters (bit 1<<j) adventurer i's weapon
// reaches now: Reach(i, j) for every j.
func (v *View) ReachSet(i int) uint64 {
	k := v.k
	// targetable's rule, once for every member.
	a := &k.adv[i]
	missile := a.weapon().Missile()
	if missile && a.engaged != 0 {
		return 0
	}
	// In a window the facts are kept; outside one they are worked out
	// afresh, with the same rule.
	f := &k.facts
	var fresh windowFacts
	if !f.open {
		f = &fresh
	}
	f.learnZones(k)
	if !missile {
		return f.inZone[a.zone] & f.melee
	}
	m := f.inZone[a.zone]
	for adj := k.m.scene.adj[a.zone]; adj != 0; adj &= adj - 1 {
		m |= f.inZone[bits.TrailingZeros8(adj)]
	}
	return m
}

// Present reports adventurer i in the fight, down or not (not dead, gone
// or petrified).
func (v *View) Present(i int) bool { return v.k.adv[i].present() }

// Injured reports adventurer i marked Injured.
func (v *View) Injured(i int) bool { return v.k.adv[i].injured }

// windowFacts are what the deciders of one minor-action window ask again
// and again, adventurer after adventurer and group after group: nothing
// resolves while a window's declarations are asked for (H-5), so each is
// worked out at its first question and kept until the declarations end.
// Outside a window (open false) the View works everything out afresh.
type windowFacts struct {
	open        bool
	moraleKnown uint16          // the groups (bit g) whose Morale is in morale
	morale      [MaxGroups]int8 // Morale by group
	zonesKnown  bool            // inZone and melee hold
	memo        uint64          // WindowMemo
	inZone      [MaxZones]uint64
	melee       uint64 // the GM characters a melee weapon can reach (reachableMelee)
}

// openFacts starts a window's declarations: every fact is still to learn.
func (f *windowFacts) openFacts() { *f = windowFacts{open: true} }

// learnZones works out inZone, the GM characters in the fight that can be
// aimed at (not Shrouded and still) by zone, and melee, those of them a
// melee weapon reaches: ReachSet's rule once for every member.
func (f *windowFacts) learnZones(k *kernel) {
	if f.zonesKnown {
		return
	}
	f.zonesKnown = true
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		if k.unseen(g) || !k.groupIn(g) {
			continue
		}
		for j := int(gs.lo); j < int(gs.hi); j++ {
			x := &k.mem[j]
			if x.out() {
				continue
			}
			f.inZone[x.zone] |= 1 << j
			if k.reachableMelee(j) {
				f.melee |= 1 << j
			}
		}
	}
}

// AidWaiting is what the Aid Another cards already facedown for
// adventurer i's next action add to it (the guild knows what its own
// players have set up).
func (v *View) AidWaiting(i int) int { return v.k.aidWaiting(i) }

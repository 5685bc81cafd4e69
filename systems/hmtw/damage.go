package hmtw

// This file is harm and healing (section 6.8): Wounds absorbed one at a
// time by adventurers, Health and Defense for GM characters with every
// immunity, and Heal.

// legalAbsorber reports whether absorber b can take wound w for adventurer
// a (section 5.3).
func legalAbsorber(a *advState, b Absorber, w Wound) bool {
	if a.injured && b != AbsorbDeathsDoor {
		return false // once Injured, the next Wound must be Death's Door
	}
	switch b {
	case AbsorbHelm:
		return !w.Piercing && a.helm && a.helmNotches > 0
	case AbsorbArmor:
		return !w.Piercing && a.body != NoItem && a.bodyNotches > 0
	case AbsorbShield:
		return !w.Piercing && !w.Flail && a.hasShield()
	case AbsorbStaggered:
		return !a.staggered
	case AbsorbTalent:
		return a.woundedTalents < 2
	case AbsorbInjured:
		return !a.injured
	case AbsorbDeathsDoor:
		return true
	}
	return false
}

// DefaultAbsorb is the competent table's order (section 8.1.5): helm, body
// armor, shield (not against Piercing), Staggered, a talent, Injured,
// Death's Door; an orc whose kin talent would trigger wounds it first.
func DefaultAbsorb(v *View, self int, w Wound) Absorber {
	a := &v.k.adv[self]
	if legalAbsorber(a, AbsorbTalent, w) && v.k.kinTriggers(self, w) {
		return AbsorbTalent
	}
	for b := AbsorbHelm; b < numAbsorbers; b++ {
		if legalAbsorber(a, b, w) {
			return b
		}
	}
	return AbsorbDeathsDoor
}

// kinTriggers reports whether Wounding adventurer i's kin talent would do
// something: Berserkergang and Blur always, Poison Blood against a bite,
// Quicksilver Blood against a metal weapon.
func (k *kernel) kinTriggers(i int, w Wound) bool {
	a := &k.adv[i]
	if a.kinWounded {
		return false
	}
	switch k.m.party[i].kin {
	case FirebloodedOrc, StormbloodedOrc:
		return true
	case SeabloodedOrc:
		return w.Bite
	case EarthbloodedOrc:
		return w.Metal
	}
	return false
}

// woundAdv deals n Wounds to adventurer i (critical: Critical damage, which
// skips the menu). It returns how many went to a condition or talent (not
// armor), for the vampire's Feed.
func (k *kernel) woundAdv(i, n int, piercing, critical bool, w Wound) int {
	a := &k.adv[i]
	w.Piercing = piercing
	toBody := 0
	for ; n > 0; n-- {
		if !a.present() {
			return toBody
		}
		k.t.wounds++
		a.wounds++
		if piercing {
			k.t.piercing++
		}
		if critical {
			k.t.criticals++
			switch {
			case !a.injured:
				a.injured = true
				k.say(i, "takes Critical damage: marks Injured")
			case !a.door:
				k.say(i, "takes Critical damage: marks Death's Door")
				k.toDeathsDoor(i)
			default:
				k.say(i, "takes Critical damage at Death's Door and dies")
				k.kill(i, false)
			}
			toBody++
			continue
		}
		if a.door {
			if k.ru.H11 == H11Kills {
				k.say(i, "takes a Wound at Death's Door and dies (option H-11)")
				k.kill(i, false)
			} else {
				k.say(i, "takes a Wound at Death's Door: no further effect")
			}
			continue
		}
		b := k.m.party[i].policy.Absorb(&k.view, i, w)
		if b >= numAbsorbers || !legalAbsorber(a, b, w) {
			b = DefaultAbsorb(&k.view, i, w)
			if !legalAbsorber(a, b, w) {
				b = AbsorbDeathsDoor
			}
		}
		k.absorb(i, b, w)
		if b >= AbsorbStaggered {
			toBody++
		}
		if w.Source >= 0 && k.ru.H19 == H19Wound && k.holdsLight(i) {
			k.breakLight(i, "its holder is Wounded")
		}
		if k.ru.H19 != H19Ignore {
			// A lantern tied to the belt breaks when its wearer is Wounded (p.95).
			if j := k.onBelt(i, Lantern); j >= 0 {
				a.dropBelt(j)
				k.t.destroyed++
				k.say(i, "the lantern on its belt is smashed")
				k.checkDark()
			}
		}
	}
	return toBody
}

// absorb applies one Wound to absorber b.
func (k *kernel) absorb(i int, b Absorber, w Wound) {
	a := &k.adv[i]
	switch b {
	case AbsorbHelm:
		a.helmNotches--
		k.t.notches++
		if a.helmNotches == 0 {
			k.t.destroyed++
			k.say(i, "Notches the helm; it is Destroyed")
			return
		}
	case AbsorbArmor:
		a.bodyNotches--
		k.t.notches++
		if k.tr != nil {
			if a.bodyNotches == 0 {
				k.say(i, "Notches the "+a.body.Title()+"; it is Destroyed")
			} else {
				k.say(i, "Notches the "+a.body.Title())
			}
		}
		if a.bodyNotches == 0 {
			k.t.destroyed++
		}
		return
	case AbsorbShield:
		a.shieldNotch--
		k.t.notches++
		if a.shieldNotch == 0 {
			k.t.destroyed++
			k.say(i, "Notches the shield; it is Destroyed")
			return
		}
	case AbsorbStaggered:
		a.staggered = true
	case AbsorbTalent:
		a.woundedTalents++
		if k.kinTriggers(i, w) {
			k.triggerKin(i, w)
			return
		}
		lost := a.lost
		k.loseSpareTalent(i)
		k.say(i, k.woundedTalentText(i, lost))
		return
	case AbsorbInjured:
		a.injured = true
	case AbsorbDeathsDoor:
		k.say(i, "marks Death's Door")
		k.toDeathsDoor(i)
		return
	}
	k.say(i, b.String())
}

// loseSpareTalent Wounds a talent the adventurer does not use in the fight
// if it has one (section 5.4), else one of its combat talents.
func (k *kernel) loseSpareTalent(i int) {
	a := &k.adv[i]
	s := &k.m.party[i]
	used := k.usedTalents(i)
	n := 0
	for t := used; t != 0; t &= t - 1 {
		n++
	}
	spares := 8 - n // a kin talent and seven path talents
	if int(a.woundedTalents) <= spares {
		return
	}
	for t := Talent(0); t < numTalents; t++ {
		if used.Has(t) && !a.lost.Has(t) && (s.mastered.Has(t) || s.training.Has(t)) {
			a.lost = a.lost.With(t)
			return
		}
	}
}

// usedTalents are the talents adventurer i's kit lets it use in a fight.
func (k *kernel) usedTalents(i int) Talents {
	s := &k.m.party[i]
	w := s.hands[0]
	var useful Talents
	add := func(t Talent, ok bool) {
		if ok {
			useful = useful.With(t)
		}
	}
	add(THeavyMetalMachine, s.body == IronArmor || s.body == SteelArmor)
	add(TAegis, s.hands[1].info().class == clsShield)
	add(TDoomEye, w.Missile() && w != ArchwoodWand)
	add(TMonsterHunter, s.hunter != "")
	add(TTwoHandedFocus, s.twoHand)
	add(TQuick, s.body == NoItem || s.body == LightArmor)
	add(TGramarye, w == ArchwoodWand)
	for _, t := range [...]Talent{TAmbusher, TFightDirty, TChirurgeon, TBerserkergang, TPoisonBlood, TQuicksilver, TBlur} {
		add(t, true)
	}
	return useful & (s.mastered | s.training)
}

// triggerKin is an orc's kin talent answering its Wounding (section 5.10).
func (k *kernel) triggerKin(i int, w Wound) {
	a := &k.adv[i]
	a.kinWounded = true
	switch k.m.party[i].kin {
	case FirebloodedOrc:
		a.effects |= Berserk
		k.say(i, "Wounds its kin talent: Berserkergang, it rages (favor on every Attack)")
	case StormbloodedOrc:
		a.effects |= Shroud
		k.say(i, "Wounds its kin talent: Blur, it is Shrouded")
	case SeabloodedOrc:
		k.say(i, "Wounds its kin talent: Poison Blood")
		if w.Source >= 0 {
			k.poisonBlood(w.Source, i)
		}
	case EarthbloodedOrc:
		k.say(i, "Wounds its kin talent: Quicksilver Blood destroys the weapon")
		if w.Source >= 0 {
			k.t.destroyed++
		}
	}
}

// poisonBlood deals Critical damage to the biter of a seablooded orc,
// unless it cannot be poisoned.
func (k *kernel) poisonBlood(g, i int) {
	gs := &k.m.groups[g]
	if gs.abil.hasAny(AbBreathless, AbPoisonImmunity, AbEatEatEat, AbMarionette) || gs.cr.Theme == "undead" {
		return
	}
	for j := k.grp[g].lo; j < k.grp[g].hi; j++ {
		if !k.mem[j].out() && k.zoneOf(int(j)) == k.adv[i].zone {
			k.damageMember(int(j), 1, false, true, dmgAll, -1)
			return
		}
	}
}

// toDeathsDoor marks Death's Door: unconscious, helpless, no cards, its
// facedown cards discarded (option H-23).
func (k *kernel) toDeathsDoor(i int) {
	a := &k.adv[i]
	a.door, a.reachedDoor = true, true
	a.effects &^= Berserk | Shroud
	k.disengageAdv(i)
	k.release(i)
	k.clearCards(i)
	k.changed = true
}

// clearCards discards adventurer i's hand and facedown cards (the
// Initiative card stays, worth 0 against it).
func (k *kernel) clearCards(i int) {
	a := &k.adv[i]
	for j := 0; j < int(a.nh); j++ {
		k.minor.discard(uint8(a.hand[j]))
	}
	a.nh = 0
	for _, fd := range []*facedown{&a.fd, &a.fd2} {
		if fd.kind != Skip {
			k.minor.discard(fd.card)
			fd.kind = Skip
		}
	}
}

// kill kills adventurer i (after: after the fight).
func (k *kernel) kill(i int, after bool) {
	a := &k.adv[i]
	if a.dead {
		return
	}
	a.dead = true
	a.door = false
	if after {
		a.diedAfter = true
	} else {
		a.diedInFight = true
	}
	k.disengageAdv(i)
	k.release(i)
	k.clearCards(i)
	k.changed = true
}

// say narrates a line about adventurer i.
func (k *kernel) say(i int, text string) {
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "%s", text)
	}
}

// Damage kinds against materials: the kinds of harm a creature can be
// immune to, and the materials some creatures care about.
const (
	dmgKinds     = dmgSlashing | dmgCrushing | dmgPiercing | dmgMagic | dmgFire | dmgSalt | dmgAlchemy
	dmgPhysical  = dmgSlashing | dmgCrushing | dmgPiercing | dmgSalt | dmgAlchemy | dmgNatural
	invulnerable = dmgSilver | dmgMagic | dmgFire
)

// Why a GM character takes no harm.
const (
	notImmune uint8 = iota
	whyNothing
	whyShadow
	whySmokeless
	whyKind
	whyForged
	whyInvulnerable
)

// immune reports whether GM character j takes no harm of kinds, and why
// (option H-18 "untyped" ignores kinds, not the creatures that take no harm
// at all).
func (k *kernel) immune(j int, kinds uint16) (bool, uint8) {
	x, im := &k.mem[j], &k.imm[j]
	if im.plain && x.hardened == 0 && x.health != Infinite {
		return false, notImmune // the usual case: no immunity at all
	}
	if im.nothing || x.health == Infinite {
		return true, whyNothing
	}
	if kinds == dmgAll {
		return false, notImmune
	}
	if kinds&dmgMagic == 0 {
		if why := k.intangible(j); why != notImmune {
			return true, why
		}
	}
	if k.ru.H18 == H18Untyped {
		return false, notImmune
	}
	if k := kinds & dmgKinds; k != 0 && k&^(im.kinds|x.hardened) == 0 {
		return true, whyKind
	}
	if im.untouched && kinds&dmgForged != 0 {
		return true, whyForged
	}
	if im.invulnerable && kinds&invulnerable == 0 {
		return true, whyInvulnerable
	}
	return false, notImmune
}

// intangible reports why physical harm and touch pass through GM character
// j (a shadow form no light made tangible, a body of smokeless fire not
// turned tangible), or notImmune.
func (k *kernel) intangible(j int) uint8 {
	im := &k.imm[j]
	switch {
	case im.shadow && k.lit&(1<<j) == 0:
		return whyShadow
	case im.smokeless && !k.grp[k.mem[j].group].tangible:
		return whySmokeless
	}
	return notImmune
}

// immunity is what a GM character's abilities make it immune to, worked
// out once per kernel (immune asks on every attack and strategy question).
type immunity struct {
	plain        bool   // none of the below
	nothing      bool   // Immune to Damage
	shadow       bool   // Shadow Form: only magic, until a light is raised
	smokeless    bool   // Body of Smokeless Fire: only magic, until made tangible
	untouched    bool   // Untouched by Hot Iron: not forged weapons
	invulnerable bool   // Invulnerable: only the kinds in invulnerable
	kinds        uint16 // kinds of harm it ignores (Fleshless, Squishy, ...)
}

// kindImmunities are the notes that make a creature immune to kinds of
// harm, and which.
var kindImmunities = [...]struct {
	ab    Ability
	kinds uint16
}{
	{AbFleshless, dmgPiercing},
	{AbSquishy, dmgCrushing},
	{AbImpermeableMembrane, dmgSlashing | dmgCrushing},
	{AbMagicallyNull, dmgMagic},
}

// immunityOf works out the immunities of abilities ab.
func immunityOf(ab *abilitySet) immunity {
	im := immunity{
		nothing:      ab.has(AbImmuneToDamage),
		shadow:       ab.has(AbShadowForm),
		smokeless:    ab.has(AbBodyOfSmokelessFire),
		untouched:    ab.has(AbUntouchedByHotIron),
		invulnerable: ab.has(AbInvulnerable),
	}
	for _, x := range kindImmunities {
		if ab.has(x.ab) {
			im.kinds |= x.kinds
		}
	}
	im.plain = im == immunity{}
	return im
}

// immuneText says why a creature took no harm of kinds.
func immuneText(why uint8, kinds uint16) string {
	switch why {
	case whyNothing:
		return "nothing harms it"
	case whyShadow:
		return "the blow passes through its shadow form"
	case whySmokeless:
		return "the blow passes through its body of smokeless fire"
	case whyKind:
		return "it is immune to " + dmgString(kinds&dmgKinds)
	case whyForged:
		return "forged weapons do not touch it"
	case whyInvulnerable:
		return "it is invulnerable but to silver, magic and fire"
	}
	return ""
}

// damageMember deals n Wounds to GM character j (piercing: to Health;
// critical: Health to 0) of the given kinds, by adventurer src (-1: none).
// It returns the Wounds that took effect.
func (k *kernel) damageMember(j, n int, piercing, critical bool, kinds uint16, src int) int {
	x := &k.mem[j]
	if x.out() || n <= 0 {
		return 0
	}
	g := int(x.group)
	gs := &k.m.groups[g]
	ab := &gs.members[j-int(k.grp[g].lo)].abil
	if gs.members[j-int(k.grp[g].lo)].object {
		piercing = false // an item's Defense is the item itself (errata E-H7)
	}
	if im, why := k.immune(j, kinds); im {
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "takes no harm: %s", immuneText(why, kinds))
		}
		return 0
	}
	n = k.wardWounds(j, ab, n, critical, kinds)
	dealt := 0
	for ; n > 0 && !x.down; n-- {
		lethal := critical || x.health <= 1 && (piercing || x.defense <= 0)
		if lethal && ab.has(AbLastGrasp) && !x.graspUsed && x.limbsLost < maxLimbs && k.lastGrasp(j) {
			continue
		}
		dealt++
		k.woundMember(j, gs.man, piercing, critical)
	}
	x.dealt += int16(dealt)
	if dealt > 0 {
		k.noteDamage(j, dealt, kinds)
	}
	return dealt
}

// wardWounds is how many of n Wounds of the given kinds reach GM
// character j with abilities ab past its wards: doubled by Vulnerable to
// Fire, one by a Rune of Protection (which breaks), none until a Threshold
// of 2 Wounds in one turn breaks (silver breaks it at once; a critical
// passes it).
func (k *kernel) wardWounds(j int, ab *abilitySet, n int, critical bool, kinds uint16) int {
	x := &k.mem[j]
	if ab.has(AbVulnerableToFire) && kinds&dmgFire != 0 {
		n *= 2
	}
	if ab.has(AbRuneOfProtection) && !x.broken {
		x.broken = true
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "the rune of protection breaks")
		}
		n = 1
	}
	if !ab.has(AbThreshold) || x.broken || critical {
		return n
	}
	if kinds&dmgSilver != 0 {
		x.broken = true
		return n
	}
	x.window += int8(n)
	if x.window < 2 {
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "shrugs off the Wound: its Threshold needs 2 Wounds in one turn")
		}
		return 0
	}
	x.broken = true
	if k.tr != nil {
		k.tr.Add(k.round, k.mname(j), "its Threshold breaks")
	}
	return int(x.window)
}

// woundMember deals one Wound to GM character j: to its Defense, or to
// its Health when piercing or with no Defense left; a critical takes its
// Health to 0 (to 1 for a man under H-21's full track). At 0 Health it is
// down.
func (k *kernel) woundMember(j int, man, piercing, critical bool) {
	x := &k.mem[j]
	switch {
	case critical && man && k.ru.H21 == H21FullTrack && x.health > 1:
		x.health = 1
	case critical:
		x.health = 0
	case piercing || x.defense <= 0:
		x.health--
	default:
		x.defense--
	}
	if x.health <= 0 {
		k.memberDown(j)
	}
}

// noteDamage records the dealt Wounds of the given kinds on GM character
// j's group (the last kind, salt) and tells its Hit Dice.
func (k *kernel) noteDamage(j, dealt int, kinds uint16) {
	x := &k.mem[j]
	g := int(x.group)
	k.grp[g].lastKind = kinds & dmgKinds
	if kinds&dmgSalt != 0 {
		k.grp[g].salted = true
	}
	if k.tr != nil && !x.down {
		k.tr.Add(k.round, k.mname(j), "HD %d/%d", x.health, x.defense)
	}
}

// letGo frees every adventurer GM character j holds, where it is.
func (k *kernel) letGo(j int) {
	x := &k.mem[j]
	for i := 0; x.grabbed != 0 && i < k.na; i++ {
		if x.grabbed&(1<<i) != 0 {
			k.adv[i].effects &^= Grabbed | Root | Engulfed
			k.adv[i].grabbedBy = -1
		}
	}
	x.grabbed = 0
}

// memberDown takes GM character j out: Death's Door for the living,
// destroyed for the rest.
func (k *kernel) memberDown(j int) {
	x := &k.mem[j]
	x.health, x.down = 0, true
	x.downAt = k.window
	k.inDirty = true
	g := int(x.group)
	k.disengageMem(j)
	k.letGo(j)
	k.giveBack(j)
	// Dolorous Kiss: the XP drained comes back when the wraith is destroyed.
	for i := 0; i < k.na; i++ {
		if n := x.drained[i]; n > 0 {
			k.adv[i].xp += n
			x.drained[i] = 0
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "gets back the %d XP the kiss drained", n)
			}
		}
	}
	if k.t.firstDown == 0 {
		k.t.firstDown = k.round
	}
	k.changed = true
	if k.tr != nil {
		state := "is at Death's Door, out of the fight"
		if !k.m.groups[g].living {
			state = "is destroyed"
		}
		if ms := &k.m.groups[g].members[j-int(k.grp[g].lo)]; ms.pool != "" {
			state = "falls: the " + title(ms.pool) + " is defeated"
		}
		k.tr.Add(k.round, k.mname(j), "%s", state)
	}
}

// giveBack returns the belt item GM character j stole (Bad Little Hands:
// "Disarm or kill the rat to get it back") to its owner's belt, or pack
// when the belt is full.
func (k *kernel) giveBack(j int) {
	x := &k.mem[j]
	if x.stolen == NoItem {
		return
	}
	i := int(x.stolenFrom)
	a := &k.adv[i]
	if int(a.nbelt) < maxBelt {
		a.belt[a.nbelt], a.beltWear[a.nbelt] = x.stolen, x.stolenWear
		a.nbelt++
	} else {
		k.stow(i, x.stolen)
	}
	if k.tr != nil {
		k.say(i, "gets its "+x.stolen.Title()+" back from "+k.mname(j))
	}
	x.stolen = NoItem
}

// maxLimbs bounds a zombie's Last Grasps: it has four limbs to lose. Only
// the limb "cannot use Last Grasp"; the zombie may, once per limb.
const maxLimbs = 4

// lastGrasp spawns a zombie's severed limb instead of its killing Wound,
// for a greater doom the GM can spare. The limb takes a free limb slot of
// the group (one per zombie), or the slot of a limb already destroyed (and
// not still striking under H-5 "simultaneous"): so the group has at most
// one limb per zombie in the fight at a time.
func (k *kernel) lastGrasp(j int) bool {
	x := &k.mem[j]
	g := int(x.group)
	d := k.spareGreater(-1)
	if d < 0 {
		return false
	}
	gs := &k.grp[g]
	for s := gs.lo; s < gs.hi; s++ {
		l := &k.mem[s]
		if k.m.groups[g].members[s-gs.lo].spare && (!l.active || l.down && !k.memberCanAct(int(s), true)) {
			k.spendGM(int8(d))
			x.limbsLost++
			if l.active && l.down {
				k.t.limbsGone++ // still counted among the foes down
			}
			// The slot's record of Wounds dealt stays with the group.
			*l = memState{group: int8(g), health: 1, active: true, zone: x.zone, graspUsed: true, dealt: l.dealt}
			k.inDirty = true
			k.changed = true
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(j), "Last Grasp: instead of the Wound it loses a limb, which fights on (%s)", k.mname(int(s)))
			}
			return true
		}
	}
	return false
}

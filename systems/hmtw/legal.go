package hmtw

// This file holds what an adventurer's play needs besides its card, one
// check per action kind, each saying why it refuses a play.

// refusal says why the kernel refuses an adventurer's play; allowed is
// none.
type refusal uint8

// The reasons a play is refused.
const (
	allowed refusal = iota
	refNotAction
	refNoCard
	refFool
	refSuit
	refQuickSuit
	refNoTarget
	refUnseen
	refOutOfReach
	refEngagedMissile
	refChargeMissile
	refHeld
	refNoStep
	refNoReaver
	refNoGramarye
	refUnloaded
	refBlind
	refHuge
	refNoBow
	refBerserk
	refRooted
	refNoAlly
	refNoHazard
	refNotAtHazard
	refNothingToAvoid
	refNoZone
	refNotHeld
	refNoPatient
	refNotHurt
	refNotDying
	refNotUsable
	refNotInPack
	refNotOnBelt
	refNoHand
	refCannotSpeak
	refLifeNotUndead
	refNoSocial
	refNotOnFloor
	refNothingToRecover
	refNoShield
	refNoSwap
	refNoCrossbow
	refLoaded
	refNotEngulfed
	refNotAsleep
	refNoLight
	refNoShadow
	numRefusals
)

// refusalText is what the replay says of each refusal.
var refusalText = [numRefusals]string{
	allowed:             "allowed",
	refNotAction:        "not an action an adventurer plays",
	refNoCard:           "no such card in hand",
	refFool:             "the Fool is not played as an action",
	refSuit:             "the card's suit does not fit a minor action",
	refQuickSuit:        "Quick! takes only a Pentacles action",
	refNoTarget:         "no such foe in the fight",
	refUnseen:           "the foe is Shrouded and still",
	refOutOfReach:       "the foe is out of reach",
	refEngagedMissile:   "engaged: no missile or thrown action",
	refChargeMissile:    "a missile weapon cannot charge",
	refHeld:             "Rooted, Tripped or Grabbed",
	refNoStep:           "no step into that zone",
	refNoReaver:         "a charge needs Reaver",
	refNoGramarye:       "an archwood wand needs Gramarye",
	refUnloaded:         "the crossbow is not loaded",
	refBlind:            "Blind: no missile",
	refHuge:             "a Huge foe cannot be Roughhoused",
	refNoBow:            "Aim needs a bow",
	refBerserk:          "Berserk",
	refRooted:           "Rooted or Tripped",
	refNoAlly:           "no such ally within reach",
	refNoHazard:         "no such hazard",
	refNotAtHazard:      "not at that hazard",
	refNothingToAvoid:   "not engaged and no step to avoid into",
	refNoZone:           "no such zone",
	refNotHeld:          "the item is not in hand",
	refNoPatient:        "no ally to treat in the zone",
	refNotHurt:          "nothing to heal",
	refNotDying:         "the ally is not at Death's Door in the zone",
	refNotUsable:        "the item has no use in a fight",
	refNotInPack:        "the item is not in the pack",
	refNotOnBelt:        "the item is not on the belt",
	refNoHand:           "no hand to hold it",
	refCannotSpeak:      "cannot speak that spell",
	refLifeNotUndead:    "Life harms only the undead",
	refNoSocial:         "social actions are off (option H-29)",
	refNotOnFloor:       "the item is not on the floor",
	refNothingToRecover: "nothing to recover from",
	refNoShield:         "Guard needs a shield",
	refNoSwap:           "no other card to swap",
	refNoCrossbow:       "no crossbow to reload",
	refLoaded:           "the crossbow is loaded",
	refNotEngulfed:      "not engulfed",
	refNotAsleep:        "the ally is not Knocked out in the zone",
	refNoLight:          "no torch or lantern in hand",
	refNoShadow:         "no shadow to make tangible",
}

// String is the refusal as the replay says it.
func (r refusal) String() string { return refusalText[r] }

// legal checks what the action needs besides its card.
func (k *kernel) legal(i int, a *Action, mode playMode) bool { return k.whyNot(i, a) == allowed }

// whyNot is why the action cannot be played besides its card, or
// allowed: each action kind's own check (Riposte, Dodge and Aid Another
// share one). A switch of direct calls, not a table of funcs: the kernel
// and the strategies ask it hundreds of times an encounter.
func (k *kernel) whyNot(i int, a *Action) refusal {
	switch a.Kind {
	case Attack:
		return k.legalAttack(i, a)
	case Roughhouse:
		return k.legalRoughhouse(i, a)
	case Aim:
		return k.legalAim(i, a)
	case Riposte, Dodge, AidAnother:
		return k.legalProtect(i, a)
	case Avoid:
		return k.legalAvoid(i, a)
	case Dash:
		return k.legalStep(i, a, true)
	case Move:
		return k.legalStep(i, a, false)
	case UseItem:
		return k.legalUse(i, a)
	case PullPack:
		return k.legalPullPack(i, a)
	case PullBelt:
		return k.legalPullBelt(i, a)
	case Incant:
		return k.legalIncant(i, a)
	case Banter:
		return k.legalBanter(i, a)
	case Recover:
		return k.legalRecover(i, a)
	case Guard:
		return k.legalGuard(i, a)
	case Reload:
		return k.legalReload(i, a)
	case TestFate:
		return k.legalTestFate(i, a)
	case Trivial:
		return k.legalTrivial(i, a)
	}
	return refNotAction
}

// playable is why adventurer i cannot play action a in mode with its card,
// or allowed: the card, its suit, then what the action needs.
func (k *kernel) playable(i int, a *Action, mode playMode) refusal {
	ad := &k.adv[i]
	if a.Kind >= numActions {
		return refNotAction
	}
	if a.Card < 0 || int(a.Card) >= int(ad.nh) {
		return refNoCard
	}
	c := ad.hand[a.Card]
	if c == Fool {
		return refFool
	}
	if !mode.own() && !k.minorSuitOK(i, a.Kind, c, a.Item) {
		return refSuit
	}
	if mode == modeQuick && actionSuit[a.Kind] != Pentacles {
		return refQuickSuit
	}
	return k.whyNot(i, a)
}

// refuse narrates a refused play.
func (k *kernel) refuse(i int, a *Action, r refusal) {
	if k.tr != nil && a.Kind < numActions {
		k.tr.Add(k.round, k.aname(i), "refused: %s: %s", a.Kind, r)
	} else if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "refused: %s", r)
	}
}

// reach is why adventurer i cannot aim an action at GM character j, or
// allowed: it must be in the fight, not Shrouded and still, and within
// reach (melee: the same zone; missile: disengaged and at most a zone
// away).
func (k *kernel) reach(i, j int, missile bool) refusal {
	if j < 0 || j >= k.nm || !k.memberIn(j) {
		return refNoTarget
	}
	if k.unseen(int(k.mem[j].group)) {
		return refUnseen
	}
	a := &k.adv[i]
	if missile {
		if a.engaged != 0 {
			return refEngagedMissile
		}
		return k.okIf(k.near(a.zone, k.zoneOf(j)), refOutOfReach)
	}
	return k.okIf(a.zone == k.zoneOf(j) && k.reachableMelee(j), refOutOfReach)
}

// okIf is allowed when ok holds, else r.
func (k *kernel) okIf(ok bool, r refusal) refusal {
	if ok {
		return allowed
	}
	return r
}

func (k *kernel) legalAttack(i int, a *Action) refusal {
	ad := &k.adv[i]
	w := ad.weapon()
	missile := w.Missile()
	if a.Zone >= 0 && a.Zone != ad.zone {
		return k.legalCharge(i, a, missile)
	}
	switch {
	case w == ArchwoodWand && !k.talent(i, TGramarye, false):
		return refNoGramarye
	case w == Crossbow && !ad.loaded:
		return refUnloaded
	case missile && ad.effects&Blind != 0:
		return refBlind
	}
	return k.reach(i, int(a.Target), missile)
}

// legalCharge is Reaver's charge into the adjacent zone with the Attack.
func (k *kernel) legalCharge(i int, a *Action, missile bool) refusal {
	ad := &k.adv[i]
	switch {
	case missile:
		return refChargeMissile
	case ad.effects&(Root|Trip|Grabbed) != 0:
		return refHeld
	case !k.canStep(ad.zone, a.Zone):
		return refNoStep
	case !k.talent(i, TReaver, false):
		return refNoReaver
	}
	j := int(a.Target)
	if j < 0 || j >= k.nm || !k.memberIn(j) {
		return refNoTarget
	}
	if k.unseen(int(k.mem[j].group)) {
		return refUnseen
	}
	return k.okIf(k.zoneOf(j) == a.Zone && k.reachableMelee(j), refOutOfReach)
}

func (k *kernel) legalRoughhouse(i int, a *Action) refusal {
	if r := k.reach(i, int(a.Target), false); r != allowed {
		return r
	}
	return k.okIf(!k.m.groups[k.mem[a.Target].group].abil.has(AbHuge), refHuge)
}

func (k *kernel) legalAim(i int, a *Action) refusal {
	ad := &k.adv[i]
	switch {
	case ad.weapon() != Bow:
		return refNoBow
	case ad.effects&Blind != 0:
		return refBlind
	}
	return k.reach(i, int(a.Target), true)
}

// legalProtect is Riposte, Dodge and Aid Another: a facedown card for
// oneself or an ally.
func (k *kernel) legalProtect(i int, a *Action) refusal {
	ad := &k.adv[i]
	switch {
	case a.Kind != Riposte && ad.effects&Berserk != 0:
		return refBerserk
	case a.Kind == Dodge && ad.effects&Root != 0:
		return refRooted
	}
	return k.okIf(k.protects(i, int(a.Ally), a.Kind == AidAnother), refNoAlly)
}

func (k *kernel) legalAvoid(i int, a *Action) refusal {
	ad := &k.adv[i]
	switch {
	case ad.effects&Berserk != 0:
		return refBerserk
	case ad.effects&(Root|Trip) != 0:
		return refRooted
	}
	if a.Hazard >= 0 {
		if int(a.Hazard) >= len(k.m.scene.hazards) {
			return refNoHazard
		}
		hz := k.m.scene.hazards[a.Hazard]
		return k.okIf(ad.zone == hz.a || ad.zone == hz.b, refNotAtHazard)
	}
	return k.okIf(ad.engaged != 0 || a.Zone >= 0 && k.canStep(ad.zone, a.Zone), refNothingToAvoid)
}

// legalStep is a Dash (two zones) or a Move (one) into a.Zone.
func (k *kernel) legalStep(i int, a *Action, dash bool) refusal {
	ad := &k.adv[i]
	switch {
	case ad.effects&(Root|Trip) != 0:
		return refRooted
	case a.Zone < 0 || int(a.Zone) >= len(k.m.scene.zones):
		return refNoZone
	case dash:
		return k.okIf(k.dashable(ad.zone, a.Zone), refNoStep)
	}
	return k.okIf(k.canStep(ad.zone, a.Zone), refNoStep)
}

func (k *kernel) legalUse(i int, a *Action) refusal {
	if !k.holds(i, a.Item) {
		return refNotHeld
	}
	switch a.Item {
	case Bomb, WebBomb, FireBomb, Salt:
		r := k.reach(i, int(a.Target), true)
		if r == allowed || k.reach(i, int(a.Target), false) == allowed {
			return allowed
		}
		return r
	case Poultice:
		return k.legalPoultice(i, a)
	case HealPotion:
		return k.legalPotion(i, a)
	}
	return refNotUsable
}

func (k *kernel) legalPoultice(i int, a *Action) refusal {
	if a.Ally < 0 || int(a.Ally) >= k.na {
		return refNoAlly
	}
	t := &k.adv[a.Ally]
	if !t.present() || t.zone != k.adv[i].zone {
		return refNoPatient
	}
	return k.okIf(t.door || k.talent(i, TChirurgeon, false) && k.hurt(int(a.Ally)), refNotHurt)
}

// legalPotion: a healing potion is drunk by its holder (5.12), or poured
// into an ally at Death's Door in its zone: "Any Heal effect clears Death's
// Door ... Sources include Chirurgeon, the Life spell and Heal potions"
// (6.10.3), and the dying cannot drink it themselves. The value is
// irrelevant, as for a poultice.
func (k *kernel) legalPotion(i int, a *Action) refusal {
	if a.Ally < 0 || int(a.Ally) == i {
		return k.okIf(k.hurt(i), refNotHurt)
	}
	if int(a.Ally) >= k.na {
		return refNoAlly
	}
	t := &k.adv[a.Ally]
	return k.okIf(t.present() && t.door && t.zone == k.adv[i].zone, refNotDying)
}

func (k *kernel) legalPullPack(i int, a *Action) refusal {
	if k.inPack(i, a.Item) < 0 {
		return refNotInPack
	}
	return k.okIf(k.freeHand(i, a.Item) >= 0, refNoHand)
}

func (k *kernel) legalPullBelt(i int, a *Action) refusal {
	if k.onBelt(i, a.Item) < 0 {
		return refNotOnBelt
	}
	return k.okIf(k.freeHand(i, a.Item) >= 0, refNoHand)
}

// legalIncant is Speak Incantation: the spell spoken, and its target.
func (k *kernel) legalIncant(i int, a *Action) refusal {
	ad := &k.adv[i]
	sp := a.Spell
	if sp == NoSpell || sp >= numSpells || !k.canSpeak(i, sp) {
		return refCannotSpeak
	}
	if sp == Life && a.Ally >= 0 {
		t := int(a.Ally)
		return k.okIf(t < k.na && k.adv[t].present() && k.adv[t].door && k.adv[t].zone == ad.zone, refNotDying)
	}
	j := int(a.Target)
	if j < 0 || j >= k.nm || !k.memberIn(j) {
		return refNoTarget
	}
	switch {
	case k.unseen(int(k.mem[j].group)):
		return refUnseen
	case !k.near(ad.zone, k.zoneOf(j)):
		return refOutOfReach
	case sp == Life && !k.undead(int(k.mem[j].group)):
		return refLifeNotUndead
	}
	return allowed
}

func (k *kernel) legalBanter(i int, a *Action) refusal {
	ad := &k.adv[i]
	switch {
	case ad.effects&Berserk != 0:
		return refBerserk
	case k.ru.H29 == H29Off:
		return refNoSocial
	case a.Target < 0 || int(a.Target) >= k.nm || !k.memberIn(int(a.Target)):
		return refNoTarget
	}
	z := k.zoneOf(int(a.Target))
	return k.okIf(z == ad.zone || k.near(ad.zone, z), refOutOfReach)
}

func (k *kernel) legalRecover(i int, a *Action) refusal {
	ad := &k.adv[i]
	if a.Item != NoItem {
		return k.okIf(ad.onFloor(a.Item) >= 0, refNotOnFloor)
	}
	return k.okIf(ad.shakable() != 0 || ad.ndropped > 0, refNothingToRecover)
}

func (k *kernel) legalGuard(i int, a *Action) refusal {
	ad := &k.adv[i]
	if !ad.hasShield() {
		return refNoShield
	}
	return k.okIf(ad.nh >= 2 && a.Swap != a.Card && int(a.Swap) < int(ad.nh) && (a.Swap < 0 || ad.hand[a.Swap] != Fool), refNoSwap)
}

func (k *kernel) legalReload(i int, a *Action) refusal {
	ad := &k.adv[i]
	if ad.weapon() != Crossbow {
		return refNoCrossbow
	}
	return k.okIf(!ad.loaded, refLoaded)
}

func (k *kernel) legalTestFate(i int, a *Action) refusal {
	return k.okIf(k.adv[i].effects&Engulfed != 0, refNotEngulfed)
}

// legalTrivial: slap a Knocked out ally awake, or make a shadow-form
// creature tangible with a light.
func (k *kernel) legalTrivial(i int, a *Action) refusal {
	ad := &k.adv[i]
	if a.Ally >= 0 && int(a.Ally) < k.na {
		x := &k.adv[a.Ally]
		return k.okIf(x.present() && !x.door && x.effects&Knockout != 0 && x.zone == ad.zone, refNotAsleep)
	}
	if !k.holdsLight(i) {
		return refNoLight
	}
	return k.okIf(k.shadowsNear(i) != 0, refNoShadow)
}

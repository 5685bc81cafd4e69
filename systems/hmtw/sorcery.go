package hmtw

// This file is sorcery with a combat reading (section 5.11), opt-in: an
// adventurer casts only the spells its scenario lists. Speak Incantation is
// a Wands action; the caster needs the realm's talent (1 XP in training),
// the spell's component in hand, 1 Resolve, no iron or steel on its person
// and its voice; an unwilling target is compared with its Initiative
// (option H-10). Concentration and maleficence are not modelled.

// metalOn reports significant iron or steel on adventurer i: iron or steel
// armor, a helm, a metal weapon or shield held or on the belt.
func (k *kernel) metalOn(i int) bool {
	a := &k.adv[i]
	if a.body == IronArmor || a.body == SteelArmor || a.helm && a.helmNotches > 0 {
		return true
	}
	for _, it := range a.hands {
		if it.info().metal {
			return true
		}
	}
	for j := 0; j < int(a.nbelt); j++ {
		if a.belt[j].info().metal {
			return true
		}
	}
	return false
}

// canSpeak reports whether adventurer i can speak spell sp, whatever its
// target: it knows the spell and its realm's talent, has a Resolve and a
// component in hand, no metal on it, and is neither Silenced nor raging.
func (k *kernel) canSpeak(i int, sp Spell) bool {
	ad := &k.adv[i]
	return k.m.party[i].spells&(1<<sp) != 0 && k.talent(i, spellRealm[sp], false) && ad.resolve >= 1 &&
		k.holds(i, Component) && !k.metalOn(i) && ad.effects&(Silence|Berserk) == 0
}

// payIncantation pays adventurer i's spell sp: 1 Resolve, and the XP of
// its realm's talent in training.
func (k *kernel) payIncantation(i int, sp Spell) {
	_ = k.talent(i, spellRealm[sp], true)
	k.adv[i].resolve--
	k.adv[i].spent++
}

// undead reports an undead group (Withering spares it, Heavenfire and Life
// burn it).
func (k *kernel) undead(g int) bool { return k.m.groups[g].cr.Theme == "undead" }

// sleepless reports a group the Sleep spell cannot touch: the undead
// (Breathless and Undreaming), the Spectral, Marionette Corpses.
func (k *kernel) sleepless(g int) bool {
	gs := &k.m.groups[g]
	return k.undead(g) || gs.abil.has(AbBreathless) || gs.abil.has(AbSpectral) || gs.abil.has(AbMarionette)
}

// object reports GM character j an item rather than a creature (the
// Crown of Archwood; errata E-H7).
func (k *kernel) object(j int) bool {
	g := int(k.mem[j].group)
	return k.m.groups[g].members[j-int(k.grp[g].lo)].object
}

// cast resolves adventurer i's Speak Incantation of value v. A spell that
// damages goes through afterHit with no weapon: the caster is the source.
func (k *kernel) cast(i int, a *Action, v int, c Card, how string) {
	ad := &k.adv[i]
	sp := a.Spell
	k.payIncantation(i, sp)
	if sp == Life && a.Ally >= 0 {
		t := int(a.Ally)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s %s: Speak Incantation, Life on %s (1 Resolve)", c, how, k.aname(t))
		}
		k.healAdv(t)
		return
	}
	j := int(a.Target)
	g := int(k.mem[j].group)
	v += k.favorOf(i, false, ad.effects&Deafen != 0 || k.grp[g].shrouded, a.Resolve) // Deafened; a Shrouded mover
	k.revealGroup(g)
	init := k.groupInit(g)
	hit := k.beats(v, init, k.ru.H10 == H10Strict || k.memberTie(j, NoItem)) // a shield, Tough, Fleshless
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Speak Incantation, %s on %s (1 Resolve), %d against Initiative %d: %s",
			c, how, title(sp.String()), k.mname(j), v, init, hitWord(hit))
	}
	if !hit {
		k.noose(i, g)
		return
	}
	if k.object(j) {
		// The spells a guild speaks in a fight are aimed at creatures; on
		// an object Heavenfire only "glows with bright light" (App. A
		// p.225) and the others do nothing (errata E-H7).
		if k.tr != nil {
			what := "a spell aimed at creatures does not strike an object"
			if sp == Heavenfire {
				what = "an object: it glows with bright light, and nothing more"
			}
			k.tr.Add(k.round, k.mname(j), "is %s", what)
		}
		return
	}
	if im, why := k.immune(j, dmgMagic); im {
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is untouched: %s", immuneText(why, dmgMagic))
		}
		return
	}
	switch sp {
	case Withering:
		if k.undead(g) {
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(j), "is undead: Withering only feeds it")
			}
			return
		}
		k.afterHit(i, j, NoItem, k.damageMember(j, 1, false, false, dmgMagic, i))
	case Heavenfire:
		if k.undead(g) {
			k.afterHit(i, j, NoItem, k.damageMember(j, 1, true, false, dmgMagic, i))
			return
		}
		k.mem[j].effects |= Blind
		k.grp[g].blinded = true
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is Blinded until the end of its next turn")
		}
	case Life:
		k.afterHit(i, j, NoItem, k.damageMember(j, 1, false, false, dmgMagic, i))
	case Sleep:
		if k.sleepless(g) {
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(j), "does not sleep: Sleep has no effect")
			}
			return
		}
		k.stunGroup(g)
	}
}

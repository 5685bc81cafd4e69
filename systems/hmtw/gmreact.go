package hmtw

// This file holds what a creature does in answer to an adventurer's
// action, each rule named for its ability: its Riposte (Nip), May Failure
// Be Your Noose on a failed action, Bad Luck Machine on a blow that would
// land, a grabbed victim taking a missed blow, and what it does to whoever
// damages it (damageReactions: Acidic, Maleficent Retribution, Do You
// Doubt Me, Harden).

// gmRiposte reveals group g's facedown Riposte against adventurer i's
// action of value v.
func (k *kernel) gmRiposte(g, i, v int) {
	gs := &k.grp[g]
	if gs.fd.kind != Riposte || !k.groupIn(g) {
		return
	}
	r := int(gs.fd.value)
	k.major.discard(gs.fd.card)
	gs.fd.kind = Skip
	ok := k.beats(r, v, k.adv[i].hasShield())
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "reveals a Riposte, %d against %d: %s", r, v, hitWord(ok))
	}
	if ok {
		n := 1
		if k.live(g, AbNip) {
			n = 2
		}
		k.woundAdv(i, n, false, false, Wound{Source: g})
	}
}

// noose is the Yellow King's May Failure Be Your Noose: an adventurer's
// action failed against him, so he plays a lesser doom at once as an Attack
// on it, if one beats its Initiative.
func (k *kernel) noose(i, g int) {
	if !k.live(g, AbMayFailureBeYourNoose) || !k.adv[i].able() {
		return
	}
	init := k.advInit(i)
	best := -1
	for x := 0; x < int(k.ngm); x++ {
		if d := k.gm[x]; d.Lesser() && k.beats(int(d), init, k.adv[i].hasShield()) && (best < 0 || d < k.gm[best]) {
			best = x
		}
	}
	j := k.firstIn(g)
	if best < 0 || j < 0 || k.zoneOf(j) != k.adv[i].zone {
		return
	}
	d := k.takeGM(best)
	k.major.discard(uint8(d))
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "May Failure Be Your Noose: plays %s at once", d)
	}
	c := strikeCtx{g: g, j: j, t: i, value: int(d), mob: 1}
	k.strike(&c)
}

// grabbedTakesMiss: an Attack that misses a grabbing creature hits a
// victim it carries (grabDooms: Grab, the devil's Bite, the griffin's Grab).
func (k *kernel) grabbedTakesMiss(g, by int) {
	if !k.m.groups[g].abil.meets(grabDooms) {
		return
	}
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		for i := 0; k.mem[m].grabbed != 0 && i < k.na; i++ {
			if k.mem[m].grabbed&(1<<i) != 0 && i != by {
				k.say(i, "takes the blow meant for its captor")
				k.woundAdv(i, 1, false, false, Wound{Source: -1})
				return
			}
		}
	}
}

// badLuck is the imp's Bad Luck Machine: an Attack that would hit it is
// turned, with disfavor, on another adventurer in the zone (or its
// author), for a greater doom the GM can spare.
func (k *kernel) badLuck(i, j, v, mod int, c Card, how string) bool {
	g := int(k.mem[j].group)
	if !k.live(g, AbBadLuckMachine) || !k.beats(v, k.groupInit(g), k.memberTie(j, NoItem)) {
		return false
	}
	d := k.spareGreater(-1)
	if d < 0 {
		return false
	}
	t := i
	for x := 0; x < k.na; x++ {
		if x != i && k.adv[x].able() && k.adv[x].zone == k.zoneOf(j) {
			t = x
			break
		}
	}
	dd := k.gm[d]
	k.spendGM(int8(d))
	// "It now has disfavor", joining the favor it had (none then); and
	// disfavor is not cumulative (spec 3.3).
	v += netMod(mod > 0, true) - mod
	init := k.advInit(t)
	k.revealAdv(t)
	hit := k.beats(v, init, k.adv[t].hasShield())
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Attacks %s, but the GM discards %s: Bad Luck Machine turns it on %s, %d against Initiative %d: %s",
			c, how, k.mname(j), dd, k.aname(t), v, init, hitWord(hit))
	}
	if hit {
		k.woundAdv(t, 1, false, false, Wound{Source: -1})
	}
	return true
}

// damagedBy is one damage dealt: adventurer i damaged GM character j, a
// member of group g, with weapon w (NoItem: a spell).
type damagedBy struct {
	i, j, g int
	w       Item
}

// damageReactions are what a creature does to whoever damages it, in
// the order they happen, each for a group with the ability (the entry
// checks the rest).
var damageReactions = [...]struct {
	ab Ability
	do func(k *kernel, h damagedBy)
}{
	{AbAcidic, (*kernel).acidic},
	{AbMaleficentRetribution, (*kernel).maleficentRetribution},
	{AbDoYouDoubtMe, (*kernel).doYouDoubtMe},
	{AbHarden, (*kernel).harden},
}

// afterHit applies what a creature does to whoever damages it
// (damageReactions), once its blow dealt damage: for a dungeon lord, what
// the pool struck holds ("when he is damaged": a blow to the Yellow King's
// crown, an object, is not one to him).
func (k *kernel) afterHit(i, j int, w Item, dealt int) {
	if dealt <= 0 {
		return
	}
	h := damagedBy{i: i, j: j, g: int(k.mem[j].group), w: w}
	gr := &k.m.groups[h.g]
	ab := &gr.abil
	if gr.lord {
		ab = &gr.members[j-int(k.grp[h.g].lo)].abil
	}
	for _, r := range damageReactions {
		if ab.has(r.ab) {
			r.do(k, h)
		}
	}
}

// acidic is Acidic: "Any weapon that damages it is Notched", read as the
// weapon that touches it: a melee weapon or a light, not the bow behind
// an arrow or the wand behind a blast.
func (k *kernel) acidic(h damagedBy) {
	if !h.w.Melee() {
		return
	}
	a := &k.adv[h.i]
	a.weaponNotch--
	if a.weaponNotch <= 0 {
		k.t.destroyed++
		a.loseWeapon(h.w)
		if k.tr != nil {
			k.say(h.i, "the acid eats the "+h.w.Title()+": Destroyed")
		}
	}
}

// maleficentRetribution is Maleficent Retribution (sim reading): whoever
// Wounds it suffers 1/3 Stun, 1/3 a Wound, 1/3 nothing.
func (k *kernel) maleficentRetribution(h damagedBy) {
	i := h.i
	switch k.r.IntN(3) {
	case 0:
		k.say(i, "maleficent retribution: Stunned")
		k.stunAdv(i, "maleficence")
	case 1:
		k.say(i, "maleficent retribution: a Wound")
		k.woundAdv(i, 1, false, false, Wound{Source: -1})
	default:
		k.say(i, "maleficent retribution: nothing happens")
	}
}

// doYouDoubtMe is the lich's "Do You Doubt Me, Traitor?" (sim reading):
// for a greater doom it can spare, whoever damaged it crosses out what
// crossOut picks, else a talent it used, for the fight.
func (k *kernel) doYouDoubtMe(h damagedBy) {
	if !k.live(h.g, AbDoYouDoubtMe) {
		return
	}
	d := k.spareGreater(h.g)
	if d < 0 {
		return
	}
	i, a := h.i, &k.adv[h.i]
	k.spendGM(int8(d))
	k.t.afflictions++
	if what := k.crossOut(i); what != "" {
		if k.tr != nil {
			k.say(i, "\"Do you doubt me, traitor?\": it crosses out "+what+" (H-36 player-choice)")
		}
		return
	}
	used := k.usedTalents(i) &^ a.lost
	for t := Talent(0); t < numTalents; t++ {
		if used.Has(t) {
			a.lost = a.lost.With(t)
			break
		}
	}
	k.say(i, "\"Do you doubt me, traitor?\": it crosses out a talent until the next camp")
}

// harden is the mimic's Harden: for a greater doom it can spare, the
// member still standing becomes immune to the damage kind that last
// Wounded it ("one type at a time": the new kind replaces the old).
func (k *kernel) harden(h damagedBy) {
	if k.mem[h.j].down {
		return
	}
	g := h.g
	if d := k.spareGreater(g); d >= 0 && k.grp[g].lastKind != 0 {
		k.spendGM(int8(d))
		k.mem[h.j].hardened = k.grp[g].lastKind
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(h.j), "Hardens against %s", dmgString(k.grp[g].lastKind))
		}
	}
}

// motifs is an adventurer's motifs (p.20: three).
const motifs = 3

// crossOut is what adventurer i crosses out for the lich's doubt under
// H-36 player-choice, the cheapest thing in a fight first (errata E-H10):
// a motif other than a medical one, its name, an empty pack slot, then the
// medical motif (its favor on the poultice test); "" when nothing but a
// talent is left, or under H-36 "talent".
func (k *kernel) crossOut(i int) string {
	if k.ru.H36 != H36PlayerChoice {
		return ""
	}
	a := &k.adv[i]
	plain := motifs
	if k.m.party[i].medical {
		plain--
	}
	free := maxPack - int(a.npack)
	n := int(a.crossed)
	a.crossed++
	switch {
	case n < plain:
		return "a motif"
	case n == plain:
		return "its name"
	case n < plain+1+free:
		return "a pack slot"
	case n == plain+1+free && k.m.party[i].medical:
		a.medicalLost = true
		return "its medical motif"
	}
	a.crossed--
	return ""
}

// medical reports adventurer i's medical motif (favor on the poultice
// test of whoever it treats), unless the lich's doubt crossed it out.
func (k *kernel) medical(i int) bool { return k.m.party[i].medical && !k.adv[i].medicalLost }

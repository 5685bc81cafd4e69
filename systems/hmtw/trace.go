package hmtw

import (
	"fmt"
	"sort"
	"strings"
)

// This file names things for `tpk replay`. Everything here runs only when
// a trace is being written.

// aname is adventurer i's name.
func (k *kernel) aname(i int) string { return k.m.party[i].name }

// gname is group g's name.
func (k *kernel) gname(g int) string { return k.m.groups[g].name }

// mname is GM character j's name: its group's, numbered within a group of
// several, with the pool of a dungeon lord.
func (k *kernel) mname(j int) string {
	g := int(k.mem[j].group)
	gs := &k.m.groups[g]
	i := j - int(k.grp[g].lo)
	ms := &gs.members[i]
	switch {
	case ms.pool != "":
		return gs.name + " (" + strings.ReplaceAll(ms.pool, "_", " ") + ")"
	case ms.spare:
		return gs.name + "'s severed limb"
	case len(gs.members) == 1:
		return gs.name
	}
	return fmt.Sprintf("%s %d", gs.name, i+1)
}

// handString lists adventurer i's hand.
func (k *kernel) handString(i int) string {
	a := &k.adv[i]
	s := make([]string, a.nh)
	for j := range s {
		s[j] = a.hand[j].String()
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// gmHandString lists the GM's hand in order.
func (k *kernel) gmHandString() string {
	d := append([]Doom(nil), k.gm[:k.ngm]...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	s := make([]string, len(d))
	for i, x := range d {
		s[i] = x.String()
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// narrateSetup opens a replay: the scene, the guild and the foes.
func (k *kernel) narrateSetup() {
	m := k.m
	if len(m.scene.zones) > 1 || len(m.scene.hazards) > 0 {
		k.tr.Add(0, "", "zones: %s", strings.Join(m.scene.zones, ", "))
		for _, h := range m.scene.hazards {
			k.tr.Add(0, h.name, "a hazard between the %s and the %s: %d %s to whoever fails to Avoid it",
				m.scene.zones[h.a], m.scene.zones[h.b], h.wounds, woundWord(h.wounds, h.piercing))
		}
	}
	for i := range m.party {
		s := &m.party[i]
		a := &k.adv[i]
		var cond []string
		if s.staggered {
			cond = append(cond, "Staggered")
		}
		if s.injured {
			cond = append(cond, "Injured")
		}
		st := ""
		if len(cond) > 0 {
			st = "; " + strings.Join(cond, ", ")
		}
		armor := "no armor"
		if s.body != NoItem {
			armor = s.body.Title()
		}
		if s.helm {
			armor += " and a helm"
		}
		k.tr.Add(0, s.name, "%s path, %s; Swords %d, Pentacles %d, Cups %d, Wands %d; holds %s; %s; Resolve %d%s; in the %s%s",
			s.path.Title(), s.kin, s.attr[Swords], s.attr[Pentacles], s.attr[Cups], s.attr[Wands],
			itemsString(s.hands[:]), armor, s.resolve, st, m.scene.zones[a.zone], k.talentsString(i))
	}
	for g := range m.groups {
		gs := &m.groups[g]
		if gs.hidden {
			continue
		}
		n := len(gs.members)
		if gs.abil.has(AbLastGrasp) {
			n /= 2
		}
		count := ""
		if n > 1 && !gs.lord {
			count = fmt.Sprintf("%d × ", n)
		}
		hd := ""
		if gs.lord {
			var ps []string
			for _, p := range gs.members {
				ps = append(ps, fmt.Sprintf("%s %d/%d", p.pool, p.health, p.defense))
			}
			hd = "pools " + strings.Join(ps, ", ")
		} else if gs.members[0].health == Infinite {
			hd = "HD inf"
		} else {
			hd = fmt.Sprintf("HD %d/%d", gs.members[0].health, gs.members[0].defense)
		}
		k.tr.Add(0, gs.name, "%s%s %s; Swords %d, Pentacles %d, Cups %d, Wands %d; %s; %s; in the %s",
			count, title(gs.cr.Theme), title(gs.cr.Threat), gs.attr[Swords], gs.attr[Pentacles], gs.attr[Cups], gs.attr[Wands],
			hd, gs.emotion, m.scene.zones[gs.zone])
		if k.ru.H1 == H1Flag && gs.cr.Source == "appC" {
			k.tr.Add(0, gs.name, "unverified against the seed: its stats come from the Appendix C text, which the seed lacks (option H-1)")
		}
	}
}

// talentsString lists adventurer i's talents (the kin talent with the
// others), those in training marked, and the spells it speaks; "" when it
// has none.
func (k *kernel) talentsString(i int) string {
	s := &k.m.party[i]
	var out []string
	for t := Talent(0); t < numTalents; t++ {
		switch {
		case s.mastered.Has(t):
			out = append(out, title(t.String()))
		case s.training.Has(t):
			out = append(out, title(t.String())+" (in training)")
		}
	}
	txt := ""
	if len(out) > 0 {
		txt = "; talents: " + strings.Join(out, ", ")
	}
	var sp []string
	for x := 1; x < len(spellNames); x++ {
		if s.spells&(1<<x) != 0 {
			sp = append(sp, title(spellNames[x]))
		}
	}
	if len(sp) > 0 {
		txt += "; spells: " + strings.Join(sp, ", ")
	}
	if len(s.belt) > 0 {
		txt += "; on the belt: " + itemsString(s.belt)
	}
	if len(s.pack) > 0 {
		txt += "; in the pack: " + itemsString(s.pack)
	}
	return txt
}

// woundedTalentText names the talent a Wound took from adventurer i, lost
// being the talents it had lost before: one it fights with, or one of the
// others (section 5.4: a Wounded talent cannot be used until healed).
func (k *kernel) woundedTalentText(i int, lost Talents) string {
	if t := k.adv[i].lost &^ lost; t != 0 {
		for x := Talent(0); x < numTalents; x++ {
			if t.Has(x) {
				return "Wounds a talent: " + title(x.String()) + ", lost for the fight"
			}
		}
	}
	return "Wounds a talent it does not fight with"
}

// favorNote names what gave adventurer i's Attack on GM character j with
// w its favor and disfavor (attackFavor's sources and the attacker's
// own: Exhausted, Blind, Proud; a Resolve spent is told as it is spent),
// "" when nothing did.
func (k *kernel) favorNote(i, j int, w Item, missile bool) string {
	ad, x := &k.adv[i], &k.mem[j]
	gs := &k.m.groups[int(x.group)]
	var fav, dis []string
	add := func(to *[]string, ok bool, why string) {
		if ok {
			*to = append(*to, why)
		}
	}
	add(&fav, x.effects&Webbed != 0, "the target webbed")
	add(&fav, x.effects&Root != 0, "the target Rooted")
	add(&fav, x.effects&Blind != 0, "the target Blind")
	add(&fav, x.effects&Trip != 0 && !missile, "the target Tripped")
	add(&dis, x.effects&Trip != 0 && missile, "a missile at the Tripped")
	add(&fav, !missile && gs.armed && x.effects&Disarm != 0, "the target Disarmed")
	add(&fav, !missile && k.memberRanged(j), "the target holds only a missile weapon")
	add(&dis, missile && ad.zone != x.zone && k.m.scene.cover&(1<<x.zone) != 0, "the target in cover")
	add(&dis, w == NoItem && gs.armed && x.effects&Disarm == 0, "fists against the armed")
	add(&dis, k.grp[x.group].shrouded, "the target Shrouded")
	add(&fav, ad.effects&Berserk != 0, "Berserkergang")
	add(&fav, ad.effects&Shroud != 0, "Shrouded")
	if s := &k.m.party[i]; s.hunter != "" && s.hunter == gs.cr.ID && !ad.lost.Has(TMonsterHunter) &&
		(s.mastered.Has(TMonsterHunter) || s.training.Has(TMonsterHunter)) {
		fav = append(fav, "Monster Hunter")
	}
	add(&fav, ad.proud, "Proud")
	add(&dis, ad.effects&Exhaust != 0, "Exhausted")
	add(&dis, ad.effects&Blind != 0, "Blind")
	var parts []string
	if len(fav) > 0 {
		parts = append(parts, "favor: "+strings.Join(fav, ", "))
	}
	if len(dis) > 0 {
		parts = append(parts, "disfavor: "+strings.Join(dis, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

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
		k.tr.Add(0, s.name, "%s path, %s; Swords %d, Pentacles %d, Cups %d, Wands %d; holds %s; %s; Resolve %d%s; in the %s",
			s.path.Title(), s.kin, s.attr[Swords], s.attr[Pentacles], s.attr[Cups], s.attr[Wands],
			itemsString(s.hands[:]), armor, s.resolve, st, m.scene.zones[a.zone])
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

package demoncity

import (
	"fmt"
	"strings"
)

// Narration for `tpk replay`. Every caller checks k.tr != nil first, so none
// of this runs (or allocates) in a simulation run.

func (k *kernel) cardName(id uint8, self int) string {
	name := k.m.cardNames[id]
	v := k.m.cards.worth(id, self)
	if name == fmt.Sprint(v) {
		return name
	}
	return fmt.Sprintf("%s (%d)", name, v)
}

func (k *kernel) cardList(cards []uint8, self int) string {
	if len(cards) == 0 {
		return "no cards (the deck ran dry)"
	}
	parts := make([]string, len(cards))
	for x, id := range cards {
		parts[x] = k.cardName(id, self)
	}
	return strings.Join(parts, ", ")
}

func (k *kernel) traceSetup() {
	m := k.m
	names := make([]string, m.n)
	for o := 0; o < m.n; o++ {
		i := int(k.order[o])
		names[o] = fmt.Sprintf("%s (Agility %d)", m.names[i], m.f[i].agility)
	}
	k.tr.Add(0, "", "announcing order, slowest first: %s", strings.Join(names, ", "))
	k.tr.Add(0, "", "range: %s; Players' Deck %d cards, Horror's Deck %d cards", m.band, k.decks[0].Size(), k.decks[1].Size())
}

func (k *kernel) traceAnnounce(i int) {
	m := k.m
	a := k.st[i].act
	var what string
	switch a.Kind {
	case Attack:
		what = "attacks " + m.names[a.Target] + " with " + m.sheets[i].Weapon.Name
		if a.CalledShot {
			what += " (a called shot)"
		}
	case Defend:
		if a.Target >= 0 {
			what = "defends against " + m.names[a.Target]
		} else {
			what = "defends"
		}
	case Flee:
		what = "runs"
	default:
		what = "does nothing that needs a throw"
	}
	if k.st[i].panic {
		what += " (panicking)"
	}
	k.tr.Add(k.round, m.names[i], "%s", what)
}

func (k *kernel) traceCards(i int, cards []uint8, res Result) {
	extra := ""
	if res.Fumble {
		extra = " - a fumble"
	}
	k.tr.Add(k.round, k.m.names[i], "throws %s: %d%s", k.cardList(cards, i), res.V, extra)
}

func (k *kernel) traceClash(c int) {
	m := k.m
	var parts []string
	for _, x := range k.members(c) {
		i := int(x)
		s := &k.st[i]
		how := ""
		if s.keepLow {
			how = ", keeps the lower"
		}
		extra := ""
		if s.res.Fumble {
			extra = " FUMBLE"
		}
		parts = append(parts, fmt.Sprintf("%s %s %d card(s)%s [%s] = %d%s", m.names[i], s.act.Kind, s.n, how,
			k.cardList(s.cards[:s.nCards], i), s.res.V, extra))
	}
	k.tr.Add(k.round, "", "clash: %s", strings.Join(parts, "; "))
}

func (k *kernel) traceEnd(stalemate bool) {
	m := k.m
	var parts []string
	for i := 0; i < m.n; i++ {
		s := &k.st[i]
		st := conditionNames[s.state]
		if s.panic && s.state == up {
			st += ", panicking"
		}
		parts = append(parts, fmt.Sprintf("%s %s (Toughness %d of %d)", m.names[i], st, s.curT, m.f[i].toughness))
	}
	end := "the fight is over"
	if stalemate {
		end = "the round cap is reached"
	}
	k.tr.Add(k.round, "", "%s: %s", end, strings.Join(parts, "; "))
}

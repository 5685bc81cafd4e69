package locus

import (
	"fmt"
)

// This file holds the words of the narration: names, dice, points and the
// lines of checks and attacks.

func (k *kernel) cname(i int) string { return k.m.chars[i].name }

func (k *kernel) mname(j int) string {
	if j < 0 {
		return "nobody"
	}
	return k.m.mons[j].name
}

func (k *kernel) ename(e int) string {
	if e < MaxSide {
		return k.cname(e)
	}
	return k.mname(e - MaxSide)
}

// diceText writes a roll highest first: "6 4 2".
func diceText(x Roll) string {
	s := x.Sorted()
	return fmt.Sprintf("%d %d %d", s[2], s[1], s[0])
}

// rerollText notes the Willpower re-roll of the roll just narrated, if
// any: ", spends 1 WP (4 left) to re-roll the 2 -> 6 4 2".
func (k *kernel) rerollText(x0, x Roll) string {
	note := k.rerollNote
	k.rerollNote = ""
	if note == "" && x0 == x {
		return ""
	}
	return note + " -> " + diceText(x)
}

// pointsText writes points, with the L-3 tier rule when it mattered.
func pointsText(p int, t Tier, rule L3) string {
	s := "points"
	if p == 1 || p == -1 {
		s = "point"
	}
	out := fmt.Sprintf("%d %s", p, s)
	if t > Easy && rule != L3Ignore {
		switch {
		case rule == L3MinusPoint:
			out += fmt.Sprintf(" (%s: -%d)", t.Title(), t)
		case t == Medium:
			out += " (Medium: the two lowest dice count)"
		default:
			out += " (Hard: the lowest die counts)"
		}
	}
	return out
}

// bonusText writes an attack bonus.
func bonusText(b, award int) string {
	if b == 0 {
		return ""
	}
	s := fmt.Sprintf(" %+d", b)
	if award > 0 {
		s += " (incl. the Director's award)"
	}
	return s
}

// traceCheck narrates an outcome check.
func (k *kernel) traceCheck(i int, what string, a Attr, t Tier, v int, x0, x Roll, ok bool, item int) {
	res := "succeeds"
	if !ok {
		res = "fails (success with unwanted consequences)"
	}
	k.say(k.cname(i), "%s: %s %s check, dice %s%s, keeps %d vs %d: %s",
		what, a.Title(), t.Title(), diceText(x0), k.rerollText(x0, x), x.Kept(t), v, res)
	if item >= 0 {
		k.say(k.cname(i), "(the %s makes it one step easier)", k.m.chars[i].items[item].name)
	}
}

// traceAttack narrates a character's attack.
func (k *kernel) traceAttack(i, j, it int, a Attr, v int, t Tier, x0, x Roll, p, bonus, aw int, y Roll, dp int, inj Injury) {
	ms := &k.m.mons[j]
	def := "it cannot resist (null Resist)"
	if ms.resist != 0 {
		def = fmt.Sprintf("%s rolls %s vs Resist %d = %s", k.mname(j), diceText(y), ms.resist,
			pointsText(dp, k.monTier(j), k.ru.L3))
	}
	k.say(k.cname(i), "attacks %s with the %s: dice %s%s vs %s %d = %s%s; %s; margin %d: %s%s",
		k.mname(j), k.m.chars[i].items[it].name, diceText(x0), k.rerollText(x0, x), a.Title(), v,
		pointsText(p, t, k.ru.L3), bonusText(bonus, aw), def, p+bonus-dp, capital(inj.String()), k.doorText(j, inj))
}

// traceMonAttack narrates a monster's attack.
func (k *kernel) traceMonAttack(j, i int, y Roll, ap, ab int, a Attr, v int, t Tier, x0, x Roll, dp, db int, prone bool, inj Injury) {
	extra := ""
	if ab > 0 {
		extra = " +1 (after a miss)"
	}
	dextra := ""
	if db != 0 {
		dextra = fmt.Sprintf(" %+d", db)
		if prone {
			dextra += " (Prone)"
		}
	}
	k.say(k.mname(j), "attacks %s: dice %s vs Attack %d = %s%s; %s rolls %s%s vs %s %d = %s%s; margin %d: %s",
		k.cname(i), diceText(y), k.m.mons[j].attack, pointsText(ap, k.monTier(j), k.ru.L3), extra,
		k.cname(i), diceText(x0), k.rerollText(x0, x), a.Title(), v, pointsText(dp, t, k.ru.L3), dextra,
		ap+ab-dp-db, capital(inj.String()))
}

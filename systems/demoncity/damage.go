package demoncity

import (
	"fmt"
	"strconv"
	"strings"
)

// This file is the [inferred] part of the rules (section 1.7): damage,
// Toughness, Out of the Fight, getting up, the lost throw for injury, death
// (only under DC-4) and Calm (DC-16). None of it is in the source text; see
// the options for the alternatives.

// land applies i's landed attack to its target.
func (k *kernel) land(i int) {
	m := k.m
	s := &k.st[i]
	tg := s.act.Target
	ts := &k.st[tg]
	k.hits++
	ts.hitsTaken++
	if k.tr != nil {
		k.tr.Add(k.round, m.names[i], "lands the attack on %s (%d)", m.names[tg], s.res.V)
	}
	if ts.state == down {
		if m.rules.DC5 == DC5CoupDeGrace || m.rules.DC4 == DC4HitWhileDown {
			k.kill(tg, "struck while down")
			return
		}
	}
	if s.crit && m.rules.DC15 == DC15CriticalDown {
		ts.wasNegative = ts.wasNegative || m.f[tg].toughness > 0
		k.knockDown(tg, i, 0, "critical")
		return
	}
	dmg, knocked := k.damage(i, tg)
	ts.curT -= dmg
	ts.damage += dmg
	if k.tr != nil {
		if knocked {
			k.tr.Add(k.round, m.names[tg], "is hit: %s", k.dmgNote)
		} else {
			k.tr.Add(k.round, m.names[tg], "takes %d damage (%s): Toughness %d of %d", dmg, k.dmgNote, ts.curT, m.f[tg].toughness)
		}
	}
	// DC-4 bleed kills at -base Toughness: a hit that reaches that line
	// kills there, as a bleed to it would.
	if m.rules.DC4 == DC4Bleed && m.f[tg].toughness > 0 && ts.curT <= -m.f[tg].toughness {
		k.kill(tg, "hit to -base Toughness")
		return
	}
	if knocked || ts.curT < 0 {
		if ts.curT < 0 && m.f[tg].toughness > 0 {
			ts.wasNegative = true
		}
		if ts.state == up {
			k.knockDown(tg, i, dmg, "")
		}
	}
}

// damage throws the damage of i's attack on tg (DC-1, DC-17, DC-15). knocked
// reports a hit that puts the target down whatever the number (Base
// Toughness 0, the Injured box, or DC-1 "any-hit-down").
func (k *kernel) damage(i, tg int) (dmg int, knocked bool) {
	m := k.m
	T := m.f[tg].toughness
	rule := m.rules.DC1
	if rule == DC1AnyHitDown {
		if k.tr != nil {
			k.dmgNote = "any hit puts the target Out of the Fight (DC-1 any-hit-down), no damage throw"
		}
		return 0, true
	}
	if T == 0 {
		if k.tr != nil {
			k.dmgNote = "Base Toughness 0, the Injured box: no damage throw"
		}
		return 0, true // "any successful hit on someone with 0 puts them in the Injured box"
	}
	armor := m.f[tg].armor
	switch rule {
	case DC1Fixed1:
		dmg = 1
		if k.tr != nil {
			k.dmgNote = "a fixed 1, DC-1 fixed-1"
		}
	default:
		cards := T
		if rule == DC1Cap5 {
			cards = min(cards, cap5Cards)
		}
		if m.rules.DC17 == DC17Cards {
			cards += armor
		}
		if k.st[i].crit && m.rules.DC15 == DC15CriticalDamage {
			cards = max(cards-1, 1)
		}
		if k.tr != nil {
			dmg = k.lowestOfNarrated(i, cards, rule == DC1D10)
		} else {
			dmg = k.lowestOf(i, cards, rule == DC1D10)
		}
	}
	if m.rules.DC17 == DC17Subtract {
		dmg = max(dmg-armor, 0)
		if k.tr != nil && armor > 0 {
			k.dmgNote += fmt.Sprintf(", less armor %d", armor)
		}
	}
	return dmg, false
}

// lowestOfNarrated is lowestOf when a replay is narrated: the same draws,
// and k.dmgNote lists the cards thrown (E-DC4), so that a GM can check the
// throw: "lowest of 3 cards: 7, 3, the-star (17) set aside, 9".
func (k *kernel) lowestOfNarrated(i, n int, d10 bool) int {
	d := k.deck(i)
	var seen [4 * DeckCap]uint8
	var parts []string
	lo, unit := 11, "cards"
	if d10 || d.Mode() == D10 {
		unit = "d10"
	} else if n == 1 {
		unit = "card"
	}
	if d10 {
		for range n {
			v := d.D10()
			lo = min(lo, v)
			parts = append(parts, strconv.Itoa(v))
		}
	} else {
		d.NewGroup()
		var got int
		lo, got = d.lowestC10Seen(n, seen[:])
		for _, id := range seen[:got] {
			name := k.cardName(id, i)
			if v := k.m.cards.value[id]; v < 1 || v > 10 {
				name += " set aside"
			}
			parts = append(parts, name)
		}
		if lo == 11 {
			lo = 0
		}
	}
	k.dmgNote = fmt.Sprintf("lowest of %d %s: %s", n, unit, strings.Join(parts, ", "))
	return lo
}

// lowestOf is the lowest of n C10 cards the attacker i throws (n d10 when
// d10), a new throw from i's deck.
func (k *kernel) lowestOf(i, n int, d10 bool) int { return LowestOf(k.deck(i), n, d10) }

// LowestOf throws the damage of section 1.7 [inferred]: the lowest of n C10
// cards, a new throw from deck d, or of n d10 from d's generator when d10.
// It is 0 only when the deck can give no card at all.
func LowestOf(d *Deck, n int, d10 bool) int {
	lo := 11
	if d10 {
		for range n {
			lo = min(lo, d.D10())
		}
		return lo
	}
	d.NewGroup()
	if lo = d.lowestC10(n); lo == 11 {
		return 0
	}
	return lo
}

// knockDown puts tg Out of the Fight and sets the Intensity of its recovery
// throw (DC-2).
func (k *kernel) knockDown(tg, by, dmg int, why string) {
	m := k.m
	ts := &k.st[tg]
	k.setState(tg, down)
	ts.knockdowns++
	ts.everDown = true
	ts.downFor, ts.failStreak = 0, 0
	switch m.rules.DC2 {
	case DC2AttackStat:
		ts.recInt = m.f[by].atk
	case DC2Card:
		ts.recInt = k.st[by].res.V
	case DC2DamageClass:
		ts.recInt = damageClass(m.f[by].massive)
	case DC2StatOrClass:
		ts.recInt = max(m.f[by].atk, damageClass(m.f[by].massive))
	case DC2Damage:
		ts.recInt = dmg
	}
	ts.recInt = max(1, min(ts.recInt, 9))
	if m.f[tg].party {
		k.partyKnock++
	} else {
		k.foeKnock++
	}
	if k.tr != nil {
		if why != "" {
			why = " (" + why + ")"
		}
		k.tr.Add(k.round, m.names[tg], "is Out of the Fight%s", why)
	}
	if m.rules.DC16 == DC16Repeat && m.f[tg].party && m.f[by].horror {
		k.disturbed(by)
	}
}

// damageClass is the Intensity of a standard or a massive attack (DC-2).
func damageClass(massive bool) int {
	if massive {
		return classMassive
	}
	return classStandard
}

// kill marks i dead (only reachable under DC-4 or DC-5 "coup-de-grace").
func (k *kernel) kill(i int, why string) {
	k.setState(i, dead)
	if k.tr != nil {
		k.tr.Add(k.round, k.m.names[i], "dies (%s)", why)
	}
	if k.m.rules.DC16 == DC16Repeat && k.m.f[i].party {
		for j := 0; j < k.m.n; j++ {
			if k.m.f[j].horror && k.st[j].state == up && k.m.f[j].calmCheck > 0 {
				k.disturbed(j)
				break
			}
		}
	}
}

// recover is a downed character's throw to get up, before it announces:
// a Toughness static throw against the recovery Intensity (DC-2). It
// reports whether the character may act this round.
func (k *kernel) recover(i int) bool {
	m := k.m
	s := &k.st[i]
	s.downFor++
	var ok bool
	intensity, lost, held := s.recInt, 0, s.held
	if held {
		// Kept down (DC-26): a lost throw; at one throw, which cannot be
		// lost ("you always get a minimum of one throw"), the difficulty
		// goes into the Intensity, as the source has it for static throws.
		s.held = false
		if m.f[i].toughness > intensity {
			lost = 1
		} else {
			intensity = min(intensity+1, 10)
		}
	}
	if m.rules.DC2 == DC2After2Rounds {
		if held {
			s.downFor-- // kept down: one round more
		}
		ok = s.downFor >= recoverAfterRounds
	} else {
		k.recThrows++
		ok = k.static(i, m.f[i].toughness, intensity, 0, lost)
	}
	if k.tr != nil {
		note := ""
		if lost > 0 {
			note = ", kept down: a lost throw"
		} else if intensity > s.recInt {
			note = ", kept down: Intensity 1 higher"
		}
		k.tr.Add(k.round, m.names[i], "throws to get up against %d%s: %s", intensity, note, okWord(ok))
	}
	if !ok {
		s.failStreak++
		switch m.rules.DC4 {
		case DC4ThreeFailures:
			if s.failStreak >= deathFailures {
				k.kill(i, "three failed recovery throws")
			}
		case DC4Bleed:
			s.curT--
			s.damage++
			if k.tr != nil {
				k.tr.Add(k.round, m.names[i], "bleeds 1 Toughness: Toughness %d of %d (dead at %d)", s.curT, m.f[i].toughness, -m.f[i].toughness)
			}
			if s.curT <= -m.f[i].toughness {
				k.kill(i, "bled out")
			}
		}
		return false
	}
	k.recoveries++
	k.setState(i, up)
	switch m.rules.DC3 {
	case DC3Clamp:
		s.curT = max(s.curT, 0)
	case DC3One:
		s.curT = max(s.curT, 1)
	}
	// The lost throw for injury: after being knocked below 0, until at
	// least 1 Toughness is back.
	s.injured = s.wasNegative && s.curT < 1
	return true
}

// calmRecover is a panicked character's Calm throw before announcing. It
// reports whether the Panic is over.
func (k *kernel) calmRecover(i int) bool {
	s := &k.st[i]
	ok := k.static(i, k.m.f[i].calm, s.panicCheck, 0, 0)
	if k.tr != nil {
		k.tr.Add(k.round, k.m.names[i], "throws Calm against %d to master the Panic: %s", s.panicCheck, okWord(ok))
	}
	if ok {
		s.panic = false
	}
	return ok
}

// firstSight: every PC throws Calm against each kind of horror's Calm check
// number when the fight starts (DC-16).
func (k *kernel) firstSight() {
	m := k.m
	for i := 0; i < m.nParty; i++ {
		for j := m.nParty; j < m.n; j++ {
			if m.f[j].calmCheck > 0 && m.f[j].calmGroup == j && !k.st[i].panic {
				k.calmCheck(i, j)
			}
		}
	}
}

// disturbed: horror h did something disturbing; every PC still standing and
// calm throws Calm again (DC-16 "repeat").
func (k *kernel) disturbed(h int) {
	if k.m.f[h].calmCheck == 0 {
		return
	}
	for i := 0; i < k.m.nParty; i++ {
		if k.st[i].state == up && !k.st[i].panic {
			k.calmCheck(i, h)
		}
	}
}

// calmCheck is PC i's Calm static throw against horror h's Calm check.
func (k *kernel) calmCheck(i, h int) {
	m := k.m
	c := m.f[h].calmCheck
	ok := k.static(i, m.f[i].calm, c, 0, 0)
	if k.tr != nil {
		k.tr.Add(k.round, m.names[i], "throws Calm against the %s's %d: %s", m.names[h], c, okWord(ok))
	}
	if !ok {
		s := &k.st[i]
		s.panic, s.panicCheck, s.everPanic = true, c, true
		k.panics++
		if k.tr != nil {
			k.tr.Add(k.round, m.names[i], "panics")
		}
	}
}

// static is a static throw by i (section 1.3): no throw at Intensity 0;
// otherwise one card, one more for a stat above the Intensity, extra and
// lost throws, at least one; success when the result beats the Intensity.
// It is a throw of its own: the deck's table goes to the discard pile.
func (k *kernel) static(i, stat, intensity, extra, lost int) bool {
	if intensity <= 0 {
		return true
	}
	m := k.m
	n := 1
	if stat > intensity {
		n = 2 // Higher Stat (no cap goes below 2)
	}
	if extra != 0 || lost != 0 {
		t := Tally{Gains: n - 1, Situational: extra, Lost: lost}
		n, _, _ = t.Count(m.capSit, m.capCards)
	}
	var buf [MaxThrow]uint8
	d := k.deck(i)
	d.NewGroup()
	got, res := n, Result{}
	if k.plain(d, n, false) {
		res = highest(d.takeMax(buf[:n])) // kernel.throw's common case
	} else {
		got, res = k.throw(i, n, false, buf[:])
	}
	ok := res.V > intensity && !res.Fumble
	if res.Fumble {
		k.fumbles++
	}
	if ok && (m.cards.value[res.Card] > 10 || res.Sig) {
		k.crits++
		if res.Sig {
			k.sigCrits++
		}
	}
	if k.tr != nil {
		k.traceCards(i, buf[:got], res)
	}
	return ok
}

package locus

// This file is how the default strategies choose whom to act on (the
// rules spec's errata E-L3): by what matters in the fight, never by the
// order in which a scenario lists people. What matters comes first, a true
// tie is broken by a draw from the encounter's generator.

// hitP[att][def][bonus+maxBonus] is the probability that one contested
// attack (ExactContest, attributes 1..5, the attacker's net bonus) injures
// the defender: its margin is 1 or more.
var hitP = func() (t [6][6][2*maxBonus + 1]float64) {
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for b := -maxBonus; b <= maxBonus; b++ {
				t[att][def][b+maxBonus] = 1 - ExactContest(att, def, max(b, 0), max(-b, 0))[Miss]
			}
		}
	}
	return t
}()

// injureChance is the Director's reading of how likely monster j is to
// change character i's state this turn: with an Attack, the probability
// that the attack injures i (its Attack against i's defence attribute, with
// the miss bonus j holds on i, i's Defend and Prone, L-2 and L-13); without
// one, the probability that i fails the check against j's first Infliction
// i lacks (0 when i has them all). The tiers of L-3's alternatives are not
// weighed: under the default they change no contested check.
func (k *kernel) injureChance(j, i int) float64 {
	s, c := &k.m.mons[j], &k.ch[i]
	if s.attack == 0 {
		n := k.pickInfliction(j, i)
		if n < 0 {
			return 0
		}
		f := &s.infl[n]
		fl := Easy
		if k.ru.L23 != L23Ignore {
			fl = k.floor(i)
		}
		t, _ := k.tierFor(i, f.attr, f.tier, fl)
		return 1 - outcomeP[min(max(k.val(i, f.attr), 1), 5)][t&3]
	}
	a := k.defenceAttr(i)
	b := int(k.mo[j].bonus>>i) & 1
	if c.defend {
		b--
	}
	if c.cond&Prone != 0 && (k.ru.L13 != L13DodgeOnly || a == Clumsiness) {
		b++
	}
	att, def := min(max(s.attack, 1), 5), min(max(k.val(i, a), 1), 5)
	return hitP[att][def][min(max(b, -maxBonus), maxBonus)+maxBonus]
}

// carriesBane reports whether character i holds a usable Item of a damage
// type monster j is weak to or that is effective against it: the one a
// monster has most reason to silence.
func (k *kernel) carriesBane(j, i int) bool {
	bane := k.m.mons[j].weakness | k.m.mons[j].effective
	if bane == 0 {
		return false
	}
	usable := k.usableItems(i)
	for it := range k.m.chars[i].items {
		if usable&(1<<it) != 0 && k.m.chars[i].items[it].types&bane != 0 {
			return true
		}
	}
	return false
}

// compareTargets ranks character i against character c as monster j's
// target under Behaviour b: +1 when i is the better target, -1 when c is,
// 0 for a true tie. Behaviour first (opportunistic: the Prone, then the
// one with more segments filled, then the isolated; stalking: the
// isolated), then the Director's interest: the character j is likelier to
// injure (injureChance), then the one carrying what j is weak to
// (carriesBane), then the nearer.
func (k *kernel) compareTargets(j int, b Behaviour, i, c int) int {
	switch b {
	case Opportunistic:
		if p, q := k.ch[i].cond&Prone != 0, k.ch[c].cond&Prone != 0; p != q {
			return pick(p)
		}
		if si, sc := k.ch[i].segs, k.ch[c].segs; si != sc {
			return pick(si > sc)
		}
		fallthrough
	case Stalking:
		if a, o := k.view.Isolated(i), k.view.Isolated(c); a != o {
			return pick(a)
		}
	}
	if pi, pc := k.injureChance(j, i), k.injureChance(j, c); pi != pc {
		return pick(pi > pc)
	}
	if a, o := k.carriesBane(j, i), k.carriesBane(j, c); a != o {
		return pick(a)
	}
	if di, dc := k.dist(i, j), k.dist(c, j); di != dc {
		return pick(di < dc)
	}
	return 0
}

// pick is +1 for true, -1 for false.
func pick(better bool) int {
	if better {
		return 1
	}
	return -1
}

// tie keeps the best of a run of candidates fairly: called with the number
// of candidates tied so far for the best place, the newcomer included, it
// reports whether the newcomer takes it (with probability 1/n, so that each
// of n tied candidates ends up chosen with probability 1/n).
func (k *kernel) tie(n int) bool { return k.g.IntN(n) == 0 }

package locus

import "math/bits"

// This file is the judgement the default party strategies share: whether a
// character is losing its fight with a monster, whether a monster can follow
// a character who steps away, and whether a monster is about to attack a
// character. The default strategies' procedures (defaults.go) and the
// strategies in strategies/locus, through the View, call it, so that they
// decide alike.

// contestSegs[att][def][bonus+maxBonus][r] is the segments one contested
// attack (ExactContest, attributes 1..5, the attacker's net bonus) fills on
// average: r = 0 on a character, r = 1 + L-7's reading on a monster.
// losing weighs a fight with them every turn.
var contestSegs = func() (t [6][6][2*maxBonus + 1][4]float64) {
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for b := -maxBonus; b <= maxBonus; b++ {
				p, e := ExactContest(att, def, max(b, 0), max(-b, 0)), &t[att][def][b+maxBonus]
				for inj := Minor; inj <= Grievous; inj++ {
					e[0] += p[inj] * float64(inj.Segments())
					for l7 := L7Segments; l7 <= L7NoGrievous; l7++ {
						e[1+l7] += p[inj] * float64(monsterSegs(l7, inj))
					}
				}
			}
		}
	}
	return t
}()

// maxBonus bounds the net bonus contestSegs covers.
const maxBonus = 3

// outcomeP[attr][tier] is ExactOutcome for attributes 1..5.
var outcomeP = func() (t [6][3]float64) {
	for a := 1; a <= 5; a++ {
		for tier := Easy; tier <= Hard; tier++ {
			t[a][tier] = ExactOutcome(a, tier)
		}
	}
	return t
}()

// cowed reports whether character i is Terrified and more likely to fail
// than to pass the check it needs for anything but fleeing the source
// (L-10, its injury floor and Item relief included): then running, which
// needs no check, beats cowering turn after turn.
func (k *kernel) cowed(i int) bool {
	if k.ch[i].cond&Terrified == 0 {
		return false
	}
	a, base := k.condCheck(i, Terrified)
	t, _ := k.tierFor(i, a, base, k.floor(i))
	return outcomeP[min(max(k.val(i, a), 1), 5)][t&3] < 0.5
}

// runsFromTerror reports whether a cowed character i runs: when it can
// outpace the monster that terrified it (the nearest, if that is not
// known), or when no ally is left in the conflict to leave behind. Running
// from a monster that will catch it anyway takes it nowhere and leaves its
// allies to the monster alone; cowering, it is still there for them.
func (k *kernel) runsFromTerror(i int) bool {
	src := int(k.ch[i].cSrc[bits.TrailingZeros8(uint8(Terrified))])
	if src < 0 || k.mo[src].gone {
		src = k.nearestMonster(i)
	}
	if src < 0 || k.outpaces(i, src) {
		return true
	}
	for a := 0; a < k.nc; a++ {
		if a != i && k.ch[a].present() {
			return false
		}
	}
	return true
}

// segsAt is contestSegs with the attributes and bonus clamped to its range.
func segsAt(att, def, bonus int) *[4]float64 {
	att, def, bonus = min(max(att, 1), 5), min(max(def, 1), 5), min(max(bonus, -maxBonus), maxBonus)
	return &contestSegs[att][def][bonus+maxBonus]
}

// losing reports whether character i, fighting monster j on, can expect
// to die first: the attacks it needs to fill the rest of j's Death's Door
// (at the expected segments of one attack with its best Item, its
// attributes as they are now, Nauseated included) times the segments one
// of j's attacks fills on average exceed what is left of its own Death's
// Door. Expected values only: a player's reading of the odds, not a
// forecast. (Whether its Items last is not asked: when they break the
// character runs anyway.)
func (k *kernel) losing(i, j int) bool {
	usable := k.usableItems(i)
	if usable == 0 {
		return true
	}
	s := &k.m.mons[j]
	if s.attack == 0 {
		return false // it cannot hurt the character
	}
	it := &k.m.chars[i].items[k.bestOf(i, j, usable)]
	dealt := segsAt(k.val(i, k.attackAttr(it)), s.resist, k.itemBonus(it, j))[1+k.ru.L7]
	taken := segsAt(s.attack, k.val(i, k.defenceAttr(i)), 0)[0]
	return float64(s.door-int(k.mo[j].segs))*taken > dealt*float64(CharacterSegments-int(k.ch[i].segs))
}

// canFollow reports whether monster j can follow a character who steps
// away: it has a Chase (a null Chase never moves, L-29).
func (k *kernel) canFollow(j int) bool { return k.m.mons[j].chase != 0 }

// outpaces reports whether character i, moving away every turn, can expect
// to gain ground on monster j: j cannot follow, or the metres i's Move
// (Clumsiness) makes on average exceed those j's Chase makes times its
// chase likelihood.
func (k *kernel) outpaces(i, j int) bool {
	s := &k.m.mons[j]
	if s.chase == 0 {
		return true
	}
	return float64(6-k.val(i, Clumsiness)) > float64(6-s.chase)*s.stats.ChaseChance
}

// threatened reports whether a monster is about to attack character i: one
// within reach of i whose last attack (or Infliction) was aimed at i, that
// has not attacked yet, or whose last target is no longer within its reach.
func (k *kernel) threatened(i int) bool {
	for j := 0; j < k.nm; j++ {
		if !k.inReach(j, i) {
			continue
		}
		t := int(k.mo[j].last) - 1
		if t < 0 || t == i || !k.inReach(j, t) {
			return true
		}
	}
	return false
}

// leave reports whether a fighting character i should step away from
// monster j: i outpaces j (j may not even follow) and is losing to it.
func (k *kernel) leave(i, j int) bool { return k.outpaces(i, j) && k.losing(i, j) }

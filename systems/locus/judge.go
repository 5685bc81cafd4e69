package locus

// This file is the judgement the default party strategies share: whether a
// character is losing its fight with a monster, whether a monster can follow
// a character who steps away, and whether a monster is about to attack a
// character. The kernel's built-in "fight" and the View-based strategies in
// strategies/locus both call it, so that they decide alike.

// contestP[att][def][bonus+maxBonus] is the distribution of one contested
// attack (ExactContest) with the attacker's net bonus, attributes 1..5.
var contestP = func() (t [6][6][2*maxBonus + 1][4]float64) {
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for b := -maxBonus; b <= maxBonus; b++ {
				t[att][def][b+maxBonus] = ExactContest(att, def, max(b, 0), max(-b, 0))
			}
		}
	}
	return t
}()

// maxBonus bounds the net bonus contestP covers.
const maxBonus = 3

// survives[keep] is the chance that an Item whose Durability check keeps
// that die (Q1 Hard, Q2 Medium, Q3 Easy) survives one check: 4+ on the die.
var survives = [...]float64{Easy: 7.0 / 8, Medium: 1.0 / 2, Hard: 1.0 / 8}

// contestAt is contestP with the attribute and bonus clamped to its range.
func contestAt(att, def, bonus int) *[4]float64 {
	att, def, bonus = min(max(att, 1), 5), min(max(def, 1), 5), min(max(bonus, -maxBonus), maxBonus)
	return &contestP[att][def][bonus+maxBonus]
}

// losing reports whether character i, fighting monster j on, can expect to
// lose: the attacks it needs to fill the rest of j's Death's Door (at the
// expected segments of one attack with its best Item) outnumber either the
// attacks its Items have left before they break or the monster attacks it
// can expect to take before its own Death's Door is full. Expected values
// only: a player's reading of the odds, not a forecast.
func (k *kernel) losing(i, j int) bool {
	usable := k.usableItems(i)
	if usable == 0 {
		return true
	}
	it := k.bestOf(i, j, usable)
	s := &k.m.chars[i].items[it]
	p := contestAt(k.val(i, k.attackAttr(s)), k.m.mons[j].resist, k.itemBonus(s, j))
	dealt := 0.0
	for inj := Minor; inj <= Grievous; inj++ {
		dealt += p[inj] * float64(k.monsterSegments(inj))
	}
	left := float64(k.m.mons[j].door - int(k.mo[j].segs))
	if dealt*1e6 < left {
		return true // it can hardly hurt the monster
	}
	needed := left / dealt
	uses := 0.0
	for b := usable; b != 0; b &= b - 1 {
		n := int(onlyItem[b&-b])
		uses += float64(k.ch[i].boxes[n]) + 1/(1-survives[k.m.chars[i].items[n].keep])
	}
	if needed > uses {
		return true
	}
	if k.m.mons[j].attack == 0 {
		return false
	}
	q := contestAt(k.m.mons[j].attack, k.val(i, k.defenceAttr(i)), 0)
	taken := 0.0
	for inj := Minor; inj <= Grievous; inj++ {
		taken += q[inj] * float64(inj.Segments())
	}
	return needed*taken > float64(CharacterSegments-int(k.ch[i].segs))
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
// monster j: j cannot follow and i is losing to it.
func (k *kernel) leave(i, j int) bool { return !k.canFollow(j) && k.losing(i, j) }

package locus

import (
	"fmt"
	"math/bits"
)

// This file holds the characters' checks: tiers, points, re-rolls, items'
// durability, stress, Conditions and injuries.

// val is character i's value of attribute a: Nauseated makes Clumsiness 5.
func (k *kernel) val(i int, a Attr) int {
	c := &k.ch[i]
	return int(c.attr[Cond(a&7)|c.cond&Nauseated]) // Nauseated is 8, NumAttrs
}

// floor is the least tier of character i's checks, set by its worst injury.
func (k *kernel) floor(i int) Tier { return k.ch[i].worst.Floor() }

// sightTier is the tier of character i's sight-dependent contested checks
// (attack and defence): its floor, or Hard when Blinded.
func (k *kernel) sightTier(i int) Tier {
	blinded := int(k.ch[i].cond & Blinded) // Blinded is bit 0
	return Tier(maxBF(int(k.floor(i)), int(Hard)*blinded))
}

// monTier is the tier of monster j's contested checks: its floor under L-25
// "yes", otherwise Easy.
func (k *kernel) monTier(j int) Tier {
	if k.ru.L25 == L25Yes {
		return k.mo[j].worst.Floor()
	}
	return Easy
}

// pts scores a contested roll against attr when the roller's checks are at
// least tier t (option L-3).
func (k *kernel) pts(x Roll, attr int, t Tier) int { return int(k.points[t&3][attr&7][x]) }

// award draws the Director's +1 on a character's contested check (L-22).
func (k *kernel) award() int {
	if k.ru.L22 == L22Off || (k.ru.L22 == L22Chance && k.ru.L22P <= 0) {
		return 0
	}
	return k.awardDraw()
}

//go:noinline
func (k *kernel) awardDraw() int {
	if k.ru.L22 == L22Always || k.ru.L22P >= 1 || k.g.Chance(k.ru.L22P) {
		return 1
	}
	return 0
}

// capBonus caps a side's net bonus at +2 under L-21 "cap2".
func (k *kernel) capBonus(b int) int {
	if k.ru.L21 == L21Cap2 && b > 2 {
		return 2
	}
	return b
}

// usableItems is the set of character i's Items not destroyed, as bits.
func (k *kernel) usableItems(i int) uint8 { return k.ch[i].items &^ k.ch[i].broken }

// attackAttr is the attribute character i attacks with using item s (L-1).
func (k *kernel) attackAttr(s *itemSpec) Attr {
	if k.ru.L1 == L1PerWeapon {
		return s.attr
	}
	return Clumsiness
}

// itemBonus is the points an Item adds to an attack on monster j: -1 for a
// non-weapon, +1 for an effective damage type, +1 for the monster's Weakness.
func (k *kernel) itemBonus(s *itemSpec, j int) int {
	ms := &k.m.mons[j]
	b := 0
	if !s.weapon {
		b--
	}
	if s.types&ms.effective != 0 {
		b++
	}
	if s.types&ms.weakness != 0 {
		b++
	}
	return b
}

func (k *kernel) bestItem(i, j int) int {
	return k.bestOf(i, j, k.usableItems(i))
}

// onlyItem[s] is the lowest Item in set s, or -1 for none.
var onlyItem = func() (t [256]int8) {
	for s := range t {
		t[s] = int8(bits.TrailingZeros8(uint8(s))) | -int8(b2i(s == 0))
	}
	return t
}()

// bestOf is bestItem among the Items in usable.
func (k *kernel) bestOf(i, j int, usable uint8) int {
	if usable&(usable-1) == 0 {
		return int(onlyItem[usable]) // at most one Item left
	}
	items := k.m.chars[i].items
	best, bb, ba := -1, 0, 0
	for it := range items {
		if usable&(1<<it) == 0 {
			continue
		}
		s := &items[it]
		b, a := k.itemBonus(s, j), k.val(i, k.attackAttr(s))
		if best < 0 || b > bb || b == bb && a < ba {
			best, bb, ba = it, b, a
		}
	}
	return best
}

// tierFor is the tier of character i's outcome check of attribute a at base
// tier with floor fl, and the Item it uses for relief (-1 for none). An Item
// that helps with a is used only when it makes the check easier (L-24).
func (k *kernel) tierFor(i int, a Attr, base, fl Tier) (Tier, int) {
	plain := max(base, fl)
	if k.ch[i].helps&(1<<a) == 0 {
		return plain, -1
	}
	items := k.m.chars[i].items
	usable := k.usableItems(i)
	for it := range items {
		if usable&(1<<it) == 0 || items[it].helps&(1<<a) == 0 {
			continue
		}
		var t Tier
		if k.ru.L24 == L24FloorFirst {
			t = plain.Easier()
		} else {
			t = max(base.Easier(), fl)
		}
		if t < plain {
			return t, it
		}
		break
	}
	return plain, -1
}

// check makes character i's outcome check of attribute a at tier base (the
// injury floor applies unless useFloor is false, L-23), with Item relief, a
// Willpower re-roll when offered and accepted, and +3 WP on a critical
// success. It reports success as intended.
func (k *kernel) check(i int, a Attr, base Tier, useFloor bool, what string) bool {
	return k.outcomeCheck(i, a, base, useFloor, what, -1)
}

// stressCheck makes a Stress check; a failure raises Stress one step
// (L-18 past Stressed) and, under L-17 "literal", triggers another, depth
// counting them.
func (k *kernel) stressCheck(i int, a Attr, t Tier, what string, depth int) {
	k.outcomeCheck(i, a, t, true, what, depth)
}

// outcomeCheck is check and, when stress >= 0, the Stress check of that
// depth: a dead character makes none, and a failure raises Stress (stressed).
// One function for both, so that the Stress checks, a dozen an encounter,
// cost one call rather than two.
func (k *kernel) outcomeCheck(i int, a Attr, base Tier, useFloor bool, what string, stress int) bool {
	if stress >= 0 && k.ch[i].isDead() {
		return false
	}
	x := k.roll() // first, so that little is live across the generator's call
	fl := Easy
	if useFloor {
		fl = k.floor(i)
	}
	t, item := Tier(maxBF(int(base), int(fl))), -1
	if k.ch[i].helps>>(a&7)&1 != 0 { // a&7: a shift the compiler need not guard
		t, item = k.tierFor(i, a, base, fl)
	}
	v := k.val(i, a)
	x0 := x
	ok := x.Succeeds(v, t)
	// Only a failure has a die to flip: one branch on the roll, not two.
	if die := int(flipOutcome[t&3][v&7][x]); die >= 0 && k.canPay(i) {
		x = k.offerReroll(i, RerollOutcome, a, x, die)
		ok = x.Succeeds(v, t)
	}
	if k.tr != nil {
		k.traceCheck(i, what, a, t, v, x0, x, ok, item)
	}
	k.critical(i, x)
	if item >= 0 {
		k.useItem(i, item)
	}
	switch {
	case stress < 0:
	case k.plainStress: // the usual case: no narration, L-17 "literal" or L-18 "breakdown"
		k.raiseIf(i, !ok)
	default:
		k.stressed(i, !ok, stress)
	}
	return ok
}

// rerollCost is the Willpower one re-roll costs character i (L-19).
func (k *kernel) rerollCost(i int) int { return int(k.costs[k.ch[i].stress&3]) }

// canPay reports whether character i has the Willpower for a re-roll; when
// it has not, no re-roll is offered and the die to re-roll need not be found.
func (k *kernel) canPay(i int) bool { return int(k.ch[i].wp) >= k.rerollCost(i) }

// offerReroll offers character i's policy a Willpower re-roll of die (or
// of all dice under L-19 "all-dice") and returns the roll as it then stands.
func (k *kernel) offerReroll(i int, kind RerollKind, a Attr, x Roll, die int) Roll {
	c := &k.ch[i]
	cost := k.rerollCost(i)
	if int(c.wp) < cost {
		return x
	}
	// AcceptReroll, the built-in Fight's answer, is yes when it can pay.
	if !k.fightPolicy[i&(MaxSide-1)] && !k.m.chars[i].policy.Reroll(&k.view, i, RerollOffer{Kind: kind, Attr: a, Roll: x, Die: die, Cost: cost}) {
		return x
	}
	c.wp -= int32(cost)
	k.t.wpSpent += cost
	var nx Roll
	if k.ru.L19 == L19AllDice {
		nx = k.roll()
	} else {
		nx = with(x, die, 1+k.g.IntN(6))
	}
	if k.tr != nil {
		// Narrated in the roll's own line (rerollText), after the dice it
		// changes.
		which := fmt.Sprintf("the %d", rollDie[x][die])
		if k.ru.L19 == L19AllDice {
			which = "all three dice"
		}
		k.rerollNote = fmt.Sprintf(", spends %d WP (%d left) to re-roll %s", cost, c.wp, which)
	}
	return nx
}

// critical credits +3 WP for a critical success (6-6-6).
func (k *kernel) critical(i int, x Roll) {
	if x.Critical() {
		k.criticalSuccess(i)
	}
}

func (k *kernel) criticalSuccess(i int) {
	k.ch[i].wp += wpPerGain
	k.t.wpGained += wpPerGain
	if k.tr != nil {
		k.say(k.cname(i), "critical success (6 6 6): +%d WP", wpPerGain)
	}
}

// useItem marks a Durability box of character i's Item and makes the
// Durability check once the Damaged box is marked (L-26).
func (k *kernel) useItem(i, it int) {
	if left := &k.ch[i].boxes[it&(MaxItems-1)]; *left > 0 {
		*left--
		if *left > 0 || k.ru.L26 != L26OnMark {
			return // a box marked, no check yet: the usual case, small enough to inline
		}
	}
	k.durabilityCheck(i, it)
}

// durabilityCheck is the Durability check of character i's Item it.
func (k *kernel) durabilityCheck(i, it int) {
	c := &k.ch[i]
	s := &k.m.chars[i].items[it]
	x := k.roll()
	ok := x.Succeeds(3, s.keep) // 4 or more on the kept die
	if !ok {
		c.broken |= 1 << it
		k.t.itemsDestroyed++
	}
	if k.tr != nil {
		res := "holds"
		if !ok {
			res = "is destroyed"
		}
		k.say(k.cname(i), "Durability check for the %s (damaged): dice %s, keeps %d, needs 4+: it %s",
			s.name, diceText(x), x.Kept(s.keep), res)
	}
}

// stressed follows a Stress check of depth depth with narration, L-17
// "literal" or L-18 "breakdown": a failure raises Stress and, under L-17
// "literal", calls for another check.
func (k *kernel) stressed(i int, fail bool, depth int) {
	if !fail {
		return
	}
	k.raise(i)
	if k.ru.L17 == L17Literal && k.ru.L20 != L20Success && depth+1 < stressChain {
		k.stressCheck(i, Impatience, Medium, "Stress check (Impatience) after failing a Stress check", depth+1)
	}
}

// failed is the Stress check that follows a failed check: Impatience,
// Medium (a failure under the time pressure of a conflict). outcome marks an
// outcome check, whose success with consequences L-20 "success" does not
// count as a failure.
func (k *kernel) failed(i int, outcome bool) {
	if outcome && k.ru.L20 == L20Success {
		return
	}
	k.stressCheck(i, Impatience, Medium, "Stress check (Impatience) after a failed check", 0)
}

// raise moves character i one step up the Stress track.
func (k *kernel) raise(i int) {
	c := &k.ch[i]
	if c.stress < Stressed {
		c.stress++
		k.t.stressSteps++
		if k.tr != nil {
			k.say(k.cname(i), "Stress rises to %s", c.stress)
		}
		return
	}
	k.t.overflow++
	if k.tr != nil {
		k.say(k.cname(i), "is already Stressed (overflow)")
	}
	if k.ru.L18 == L18Breakdown {
		if j := k.nearestMonster(i); j >= 0 && c.cond&Terrified == 0 {
			if k.tr != nil {
				k.say(k.cname(i), "breaks down in terror of %s", k.mname(j))
			}
			k.gain(i, Terrified, j, Cowardice, Medium)
		}
	}
}

// raiseIf is raise when fail, without narration or the L-18 breakdown,
// computed without a branch on fail: a Stress check is close to a coin
// toss, which a branch would mispredict about half the time.
func (k *kernel) raiseIf(i int, fail bool) {
	c := &k.ch[i]
	f := b2i(fail)
	up := f & b2i(c.stress < Stressed) // a step up; else, if failed, an overflow
	c.stress += Stress(up)
	k.t.stressSteps += up
	k.t.overflow += f - up
}

// b2i is 1 for true and 0 for false; the compiler makes it branch-free.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// calm moves character i one step down the Stress track; reaching Uneasy
// gives +3 WP.
func (k *kernel) calm(i int) {
	c := &k.ch[i]
	if c.isDead() || c.stress == Uneasy {
		return
	}
	c.stress--
	if k.tr != nil {
		k.say(k.cname(i), "calms down to %s", c.stress)
	}
	if c.stress == Uneasy {
		c.wp += wpPerGain
		k.t.wpGained += wpPerGain
		if k.tr != nil {
			k.say(k.cname(i), "+%d WP for falling to Uneasy (%d WP)", wpPerGain, c.wp)
		}
	}
}

// gain gives character i Condition x from monster src (-1 for none); a and t
// are the check that removes it (L-10 "infliction", L-11 "misc-check").
func (k *kernel) gain(i int, x Cond, src int, a Attr, t Tier) {
	c := &k.ch[i]
	if c.cond&x != 0 {
		return
	}
	b := bits.TrailingZeros8(uint8(x))
	c.cond |= x
	c.since[b] = int16(k.round)
	c.cAttr[b], c.cTier[b], c.cSrc[b] = a, t, int8(src)
	k.t.conditions++
	if k.tr != nil {
		k.say(k.cname(i), "is now %s", x)
	}
}

// condCheck is the check that Terrified or Restrained calls for (L-10).
func (k *kernel) condCheck(i int, x Cond) (Attr, Tier) {
	if k.ru.L10 == L10Infliction {
		b := bits.TrailingZeros8(uint8(x))
		return k.ch[i].cAttr[b], k.ch[i].cTier[b]
	}
	if x == Restrained {
		return Frailty, Medium
	}
	return Cowardice, Medium
}

// injure gives character i an injury: segments on its Death's Door (L-8),
// the floor of its worst injury, and the injury's own Stress check (Temper,
// Easy/Medium/Hard by severity), which replaces the generic one (L-17).
func (k *kernel) injure(i int, inj Injury) {
	c := &k.ch[i]
	fill(&c.segs, &c.mask, CharacterSegments, inj.Segments(), k.ru.L8 == L8Aligned)
	k.t.injuries[inj]++
	c.worst = Injury(maxBF(int(c.worst), int(inj)))
	if k.tr != nil {
		k.say(k.cname(i), "suffers a %s injury: Death's Door %d/%d", capital(inj.String()), c.segs, CharacterSegments)
	}
	if c.segs >= CharacterSegments {
		c.st = c.st&^chHidden | chDead
		k.changed = true
		if k.tr != nil {
			k.say(k.cname(i), "dies: every segment of Death's Door is filled")
		}
		return
	}
	k.stressCheck(i, Temper, Tier(inj-1), "Stress check (Temper) for the injury", 0)
}

// monsterSegments is how many segments an injury fills on a monster's
// Death's Door (L-7).
func (k *kernel) monsterSegments(inj Injury) int { return monsterSegs(k.ru.L7, inj) }

// monsterSegs is monsterSegments under reading l7 of L-7.
func monsterSegs(l7 L7, inj Injury) int {
	if inj == Miss {
		return 0
	}
	switch l7 {
	case L7Hits:
		return 1
	case L7NoGrievous:
		if inj == Grievous {
			return Major.Segments()
		}
	}
	return inj.Segments()
}

// wound fills monster j's Death's Door; full, the monster dissipates and
// every character calms one step.
func (k *kernel) wound(j int, inj Injury) {
	mo, s := &k.mo[j], &k.m.mons[j]
	fill(&mo.segs, &mo.mask, s.door, k.monsterSegments(inj), k.ru.L8 == L8Aligned)
	eff := inj
	if k.ru.L7 == L7NoGrievous && inj == Grievous {
		eff = Major
	}
	mo.worst = max(mo.worst, eff)
	if mo.segs < int32(s.door) {
		return
	}
	mo.gone = true
	k.changed = true
	k.t.dissipated++
	if k.tr != nil {
		k.say(k.mname(j), "dissipates: its Death's Door is full")
	}
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if !c.present() {
			continue
		}
		// Terror of it and its grip end with it.
		for _, x := range [...]Cond{Terrified, Restrained} {
			if b := bits.TrailingZeros8(uint8(x)); c.cond&x != 0 && int(c.cSrc[b]) == j {
				c.cond &^= x
				if k.tr != nil {
					k.say(k.cname(i), "is no longer %s", x)
				}
			}
		}
		k.calm(i)
	}
}

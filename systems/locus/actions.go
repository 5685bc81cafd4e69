package locus

import (
	"fmt"
	"math/bits"
)

// This file holds the turns and the checks of the kernel. Every trace call is
// guarded by k.tr != nil so that narration costs nothing in runs.

// say narrates an event of the current round; every caller checks k.tr !=
// nil first. It is kept out of line so that the formatting stays out of the
// hot functions.
//
//go:noinline
func (k *kernel) say(actor, format string, args ...any) { k.tr.Add(k.round, actor, format, args...) }

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

// charTurn plays character i's turn: Restrained, Prone, the policy's action
// (after a Terrified check unless fleeing), and notes what search and
// escape need to know of it. (One function, not a turn and an action: it
// runs on every turn.)
func (k *kernel) charTurn(i int) {
	c := &k.ch[i]
	pos0 := c.pos
	c.defend = false
	c.fleeing = false
	if c.cond&Restrained != 0 {
		a, t := k.condCheck(i, Restrained)
		if !k.check(i, a, t, true, "tries to break free") {
			if k.tr != nil {
				k.say(k.cname(i), "stays Restrained")
			}
			k.failed(i, true)
			c.stayed()
			return
		}
		c.cond &^= Restrained
		if k.tr != nil {
			k.say(k.cname(i), "breaks free")
		}
	}
	if c.cond&Prone != 0 {
		c.cond &^= Prone
		if k.tr != nil {
			k.say(k.cname(i), "stands up (the action of a Prone character)")
		}
		c.stayed()
		return
	}
	var act Action
	if k.fightPolicy[i&(MaxSide-1)] {
		act = k.fightOrStand(i, true) // Fight
	} else {
		act = k.validate(i, k.m.chars[i].policy.Act(&k.view, i))
	}
	// Terrified: anything but fleeing (or cowering, or shaking off the terror)
	// needs a check first.
	if c.cond&Terrified != 0 && act.Kind != Flee && act.Kind != Nothing && !(act.Kind == Misc && act.Cond == Terrified) {
		a, t := k.condCheck(i, Terrified)
		if !k.check(i, a, t, true, "is Terrified and must steel itself") {
			if k.tr != nil {
				k.say(k.cname(i), "cowers and loses the turn")
			}
			k.failed(i, true)
			c.stayed()
			return
		}
	}
	switch act.Kind {
	case Attack:
		if c.isHidden() {
			c.st &^= chHidden // attacking gives the character away
			if k.tr != nil {
				k.say(k.cname(i), "leaves hiding to attack")
			}
		}
		k.charAttack(i, act.Target, act.Item)
	case Defend:
		c.defend = true
		if k.tr != nil {
			k.say(k.cname(i), "defends (+1 on the next contested check as defender)")
		}
	case Hide:
		k.hide(i)
	case Flee:
		c.fleeing = true
		k.move(i, -1)
	case Approach:
		k.move(i, act.Target)
	case Misc:
		k.misc(i, act.Cond)
	default:
		if k.tr != nil {
			k.say(k.cname(i), "does nothing")
		}
	}
	c.tookHide = act.Kind == Hide
	c.moved = c.pos != pos0
	if c.fleeing {
		k.fled = true
	} else {
		c.outRounds = 0 // as endOfRound would
	}
}

// stayed notes a turn spent without acting (breaking free, standing up,
// cowering): no Hide, no move, no flight.
func (c *charState) stayed() { c.tookHide, c.moved, c.outRounds = false, false, 0 }

// validate turns an impossible action into Nothing and resolves BestItem.
func (k *kernel) validate(i int, a Action) Action {
	c := &k.ch[i]
	bad := ""
	switch a.Kind {
	case Attack:
		switch {
		case a.Target < 0 || a.Target >= k.nm || !k.view.CanAttack(i, a.Target):
			bad = "no monster to attack within 4 m"
		case a.Item == BestItem || a.Item < 0 || a.Item >= len(k.m.chars[i].items) || k.usableItems(i)&(1<<a.Item) == 0:
			a.Item = k.bestItem(i, a.Target)
		}
	case Hide:
		if !k.m.cover {
			bad = "there is nowhere to hide"
		}
	case Approach:
		if a.Target < 0 || a.Target >= k.nm || k.mo[a.Target].gone {
			bad = "no such monster to approach"
		}
	case Misc:
		if k.ru.L11 != L11MiscCheck || bits.OnesCount8(uint8(a.Cond)) != 1 || c.cond&a.Cond == 0 ||
			a.Cond == Prone || a.Cond == Restrained {
			bad = "nothing a Miscellaneous check can shake off"
		}
	case Nothing, Defend, Flee:
	default:
		bad = "unknown action"
	}
	if bad != "" {
		if k.tr != nil {
			k.say(k.cname(i), "wanted to %s but %s", a.Kind, bad)
		}
		return Action{Kind: Nothing}
	}
	return a
}

// charAttack resolves character i's attack on monster j with Item it (-1:
// unarmed, which fails automatically against a monster).
func (k *kernel) charAttack(i, j, it int) Injury {
	c, mo, ms := &k.ch[i], &k.mo[j], &k.m.mons[j]
	if d := k.dist(i, j); d > reach {
		if c.pos > mo.pos {
			c.pos -= shift
		} else {
			c.pos += shift
		}
		if k.tr != nil {
			k.say(k.cname(i), "shifts %d m toward %s", shift, k.mname(j))
		}
	}
	if it < 0 {
		if k.tr != nil {
			k.say(k.cname(i), "attacks %s bare-handed: an unarmed attack on a monster fails", k.mname(j))
		}
		k.charMissed(i, j)
		k.failed(i, false)
		return Miss
	}
	// The draws first, so that little is live across the generator's calls.
	aw := k.award()
	var y Roll
	if ms.resist != 0 {
		y = k.roll()
	}
	x := k.roll()
	s := &k.m.chars[i].items[it]
	a := k.attackAttr(s)
	v, t := k.val(i, a), k.sightTier(i)
	bonus := k.capBonus(k.itemBonus(s, j) + aw)
	dp := 0
	if ms.resist != 0 {
		dp = k.pts(y, ms.resist, k.monTier(j))
	}
	x0 := x
	p := k.pts(x, v, t)
	if k.canPay(i) && p+bonus-dp <= 0 {
		if die := k.flipPoints(x, v, t, dp-bonus+1); die >= 0 {
			x = k.offerReroll(i, RerollAttack, a, x, die)
			p = k.pts(x, v, t)
		}
	}
	inj := injuryAt(p + bonus - dp)
	if k.tr != nil {
		k.traceAttack(i, j, it, a, v, t, x0, x, p, bonus, aw, y, dp, inj)
	}
	k.critical(i, x)
	k.useItem(i, it)
	if inj == Miss {
		k.charMissed(i, j)
		k.failed(i, false)
	} else {
		k.wound(j, inj)
	}
	return inj
}

// doorText describes the monster's Death's Door after an injury, for the
// trace (computed before the injury is applied).
func (k *kernel) doorText(j int, inj Injury) string {
	if inj == Miss {
		return ""
	}
	segs, mask := k.mo[j].segs, k.mo[j].mask
	fill(&segs, &mask, k.m.mons[j].door, k.monsterSegments(inj), k.ru.L8 == L8Aligned)
	return fmt.Sprintf(", Death's Door %d/%d", segs, k.m.mons[j].door)
}

// charMissed applies L-4 "character"/"both": a character's miss gives the
// monster +1 on its next attack on that character.
func (k *kernel) charMissed(i, j int) {
	if k.ru.L4 != L4Monster {
		k.mo[j].bonus |= 1 << i
	}
}

// flipPoints is the die of x whose re-roll (at best a 6) can raise the
// points against attr at tier t (option L-3) to need, or -1.
func (k *kernel) flipPoints(x Roll, attr int, t Tier, need int) int {
	up := k.up[t&3][attr&7][x]
	if int(up.pts) < need { // also when no die can raise them (pts noRaise)
		return -1
	}
	return int(up.die)
}

// defenceAttr is the attribute character i defends with (L-2).
func (k *kernel) defenceAttr(i int) Attr {
	if k.ru.L2 == L2Clumsiness {
		return Clumsiness
	}
	return k.defenceChoice(i)
}

func (k *kernel) defenceChoice(i int) Attr {
	switch k.ru.L2 {
	case L2Frailty:
		return Frailty
	case L2Better:
		if k.val(i, Frailty) < k.val(i, Clumsiness) {
			return Frailty
		}
	case L2Worse:
		if k.val(i, Frailty) > k.val(i, Clumsiness) {
			return Frailty
		}
	}
	return Clumsiness
}

// monAttack resolves monster j's attack on character i.
func (k *kernel) monAttack(j, i int) Injury {
	// The draws first, so that little is live across the generator's calls.
	y := k.roll()
	aw := k.award()
	x := k.roll()
	c, mo, ms := &k.ch[i], &k.mo[j], &k.m.mons[j]
	bit := uint16(1) << i
	ap := k.pts(y, ms.attack, k.monTier(j))
	ab := int(mo.bonus>>i) & 1
	mo.bonus &^= bit // spent by this attack
	a := k.defenceAttr(i)
	v, t := k.val(i, a), k.sightTier(i)
	db := aw
	if c.defend {
		db++
		if k.ru.L28 != L28All {
			c.defend = false
		}
	}
	prone := c.cond&Prone != 0 && (k.ru.L13 != L13DodgeOnly || a == Clumsiness)
	if prone {
		db--
	}
	db = k.capBonus(db)
	x0 := x
	dp := k.pts(x, v, t)
	margin := ap + ab - dp - db
	inj := injuryAt(margin)
	if k.canPay(i) && inj != Miss {
		// The least points that make the injury lesser: down to the top
		// margin of the injury below.
		need := dp + margin - injuryTop[inj-1]
		if die := k.flipPoints(x, v, t, need); die >= 0 {
			x = k.offerReroll(i, RerollDefence, a, x, die)
			dp = k.pts(x, v, t)
			inj = injuryAt(ap + ab - dp - db)
		}
	}
	if k.tr != nil {
		k.traceMonAttack(j, i, y, ap, ab, a, v, t, x0, x, dp, db, prone, inj)
	}
	k.critical(i, x)
	if inj == Miss {
		mo.missed |= bit
		if k.ru.L4 != L4Character {
			mo.bonus |= bit
		}
	} else {
		mo.missed &^= bit
		k.injure(i, inj)
	}
	if c.cond&Unstable != 0 && !c.isDead() && (k.ru.L12 != L12Hits || inj != Miss) {
		if k.tr != nil {
			k.say(k.cname(i), "is Unstable and is knocked down")
		}
		k.gain(i, Prone, j, Clumsiness, Medium)
	}
	return inj
}

// pickInfliction is monster j's first Infliction whose Condition character
// i lacks, or -1.
func (k *kernel) pickInfliction(j, i int) int {
	return int(k.inflPick[j&(MaxSide-1)][k.ch[i].cond&(1<<numConds-1)])
}

// inflPicks fills inflPick: pickInfliction for every set of Conditions.
func (k *kernel) inflPicks() {
	for j := range k.m.mons {
		for c := range k.inflPick[j] {
			k.inflPick[j][c] = -1
			for n, f := range k.m.mons[j].infl {
				if Cond(c)&f.cond == 0 {
					k.inflPick[j][c] = int8(n)
					break
				}
			}
		}
	}
}

// inflict makes character i avoid monster j's Infliction n.
func (k *kernel) inflict(j, i, n int) {
	f := &k.m.mons[j].infl[n]
	k.mo[j].inflicted = true
	if k.tr != nil {
		k.say(k.mname(j), "inflicts %s on %s (%s %s to avoid %s)", f.name, k.cname(i),
			f.attr.Title(), f.tier.Title(), f.cond)
	}
	if k.check(i, f.attr, f.tier, k.ru.L23 != L23Ignore, "avoids the Infliction") {
		return
	}
	k.gain(i, f.cond, j, f.attr, f.tier)
	k.failed(i, true)
}

// monTurn plays monster j's turn.
func (k *kernel) monTurn(j int) {
	s, mo := &k.m.mons[j], &k.mo[j]
	var a MonsterAction
	// valid: the built-in default only chooses what it may do.
	valid := k.defaultPolicy[j&(MaxSide-1)]
	if valid {
		a = k.hunt(j, false) // ByBehaviour
	} else {
		a = s.policy.Act(&k.view, j)
	}
	t := a.Target
	switch a.Kind {
	case MonsterAttack:
		if !valid && (t < 0 || t >= k.nc || !k.inReach(j, t)) {
			break
		}
		n := k.pickInfliction(j, t)
		doAtk := s.attack != 0
		doInf := n >= 0 && a.Inflict != NoInflict
		switch k.ru.L9 {
		case L9InflictInstead:
			if doInf {
				doAtk = false
			}
		case L9Alternate:
			if doInf && doAtk {
				if mo.altInflict == 0 {
					mo.altInflict = 2
					if a.Inflict == InflictFirst {
						mo.altInflict = 1
					}
				}
				if mo.altInflict == 1 {
					doAtk, mo.altInflict = false, 2
				} else {
					doInf, mo.altInflict = false, 1
				}
			}
		case L9Once:
			if mo.inflicted {
				doInf = false
			}
		}
		if !doAtk && !doInf {
			break
		}
		mo.last = uint8(t + 1)
		first := a.Inflict == InflictFirst
		if doInf && first {
			k.inflict(j, t, n)
		}
		if doAtk && k.inReach(j, t) {
			k.monAttack(j, t)
		}
		if doInf && !first && k.ch[t].visible() {
			if n = k.pickInfliction(j, t); n >= 0 {
				k.inflict(j, t, n)
			}
		}
		return
	case Search:
		if valid || k.canSearch(j, true) && k.view.AnyHidden() {
			k.search(j)
			return
		}
	case Chase:
		if valid || s.chase != 0 && t >= 0 && t < k.nc && k.ch[t].visible() && k.dist(t, j) > 0 {
			k.chase(j, t)
			return
		}
	}
	if k.tr != nil {
		k.say(k.mname(j), "waits")
	}
}

// inReach reports whether monster j can attack character i now: j is
// active, i visible and within 2 m (View.InReach).
func (k *kernel) inReach(j, i int) bool {
	return !k.mo[j].gone && k.ch[i].visible() && k.dist(i, j) <= reach
}

// chase moves monster j toward character i, 5 m per point; closing the gap
// catches the character, who falls Prone.
func (k *kernel) chase(j, i int) {
	mo, s, c := &k.mo[j], &k.m.mons[j], &k.ch[i]
	y := k.roll()
	p := max(0, k.pts(y, s.chase, k.monTier(j)))
	m := int32(p * metresPerPoint)
	d := int32(k.dist(i, j))
	caught := m >= d
	if caught {
		mo.pos = c.pos
	} else if mo.pos < c.pos {
		mo.pos += m
	} else {
		mo.pos -= m
	}
	if k.tr != nil {
		res := fmt.Sprintf("%d m from %s", k.dist(i, j), k.cname(i))
		if caught {
			res = "and catches " + k.cname(i)
		}
		k.say(k.mname(j), "chases %s: dice %s vs Chase %d = %s, %d m, %s", k.cname(i), diceText(y), s.chase,
			pointsText(p, k.monTier(j), k.ru.L3), m, res)
	}
	if caught {
		k.gain(i, Prone, j, Clumsiness, Medium)
	}
}

// search pits monster j's Search against every hidden character at once; a
// win flushes the character out. Its window (L-15) closes after three
// fruitless rounds.
func (k *kernel) search(j int) {
	mo, s := &k.mo[j], &k.m.mons[j]
	y := k.roll()
	mp := k.pts(y, s.search, k.monTier(j))
	if k.tr != nil {
		k.say(k.mname(j), "searches: dice %s vs Search %d = %s", diceText(y), s.search,
			pointsText(mp, k.monTier(j), k.ru.L3))
	}
	found := false
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if c.st != chHidden { // hidden, alive and in the conflict
			continue
		}
		mb, cb := 0, k.award()
		if !c.tookHide {
			mb++
		}
		if s.sensesMotion {
			if c.moved {
				mb++
			} else {
				cb++
			}
		}
		if c.defend {
			cb++
			if k.ru.L28 != L28All {
				c.defend = false
			}
		}
		mb, cb = k.capBonus(mb), k.capBonus(cb)
		a := hideAttrs[k.ru.L14]
		v, t := k.val(i, a), k.floor(i)
		x := k.roll()
		x0 := x
		p := k.pts(x, v, t)
		if k.canPay(i) && mp+mb > p+cb {
			if die := k.flipPoints(x, v, t, mp+mb-cb); die >= 0 {
				x = k.offerReroll(i, RerollHide, a, x, die)
				p = k.pts(x, v, t)
			}
		}
		k.critical(i, x)
		win := mp+mb > p+cb
		if k.tr != nil {
			res := "stays hidden"
			if win {
				res = "is flushed out"
			}
			k.say(k.cname(i), "hides from the search: dice %s%s vs %s %d = %s; %s %d against %d: %s",
				diceText(x0), k.rerollText(x0, x), a.Title(), v, pointsText(p, t, k.ru.L3),
				k.mname(j), mp+mb, p+cb, res)
		}
		if win {
			c.st &^= chHidden
			found = true
			k.failed(i, false)
		}
	}
	if found {
		mo.searchLeft = searchRounds
		return
	}
	if mo.searchLeft > 0 && k.ru.L15 != L15Unlimited {
		mo.searchLeft--
		k.changed = mo.searchLeft == 0 || k.changed
		if mo.searchLeft == 0 && k.tr != nil {
			k.say(k.mname(j), "gives up the search")
		}
	}
}

// hide is the Hide action: contested against the best Search among the
// active monsters (ties to the monster); a hidden character keeps still.
func (k *kernel) hide(i int) {
	c := &k.ch[i]
	if c.isHidden() {
		if k.tr != nil {
			k.say(k.cname(i), "keeps still in hiding")
		}
		return
	}
	best := -1
	for j := 0; j < k.nm; j++ {
		if s := k.m.mons[j].search; !k.mo[j].gone && s != 0 && (best < 0 || s < k.m.mons[best].search) {
			best = j
		}
	}
	a := hideAttrs[k.ru.L14]
	v, t := k.val(i, a), k.floor(i)
	cb := k.capBonus(k.award())
	mp := 0
	var y Roll
	if best >= 0 {
		y = k.roll()
		mp = k.pts(y, k.m.mons[best].search, k.monTier(best))
	}
	x := k.roll()
	x0 := x
	p := k.pts(x, v, t)
	if k.canPay(i) && p+cb <= mp {
		if die := k.flipPoints(x, v, t, mp-cb+1); die >= 0 {
			x = k.offerReroll(i, RerollHide, a, x, die)
			p = k.pts(x, v, t)
		}
	}
	k.critical(i, x)
	ok := p+cb > mp
	if k.tr != nil {
		vs := "no monster can search"
		if best >= 0 {
			vs = fmt.Sprintf("%s rolls %s vs Search %d = %s", k.mname(best), diceText(y), k.m.mons[best].search,
				pointsText(mp, k.monTier(best), k.ru.L3))
		}
		res := "fails to hide"
		if ok {
			res = "is hidden"
		}
		k.say(k.cname(i), "hides: dice %s%s vs %s %d = %s%s; %s: %s", diceText(x0), k.rerollText(x0, x),
			a.Title(), v, pointsText(p, t, k.ru.L3), bonusText(cb, cb), vs, res)
	}
	if ok {
		c.st |= chHidden
		k.changed = true
		k.calm(i)
	} else {
		k.failed(i, false)
	}
}

// move is the Move action: contested against nothing with Clumsiness, 5 m
// per point, away from the nearest monster (target -1) or toward monster
// target.
func (k *kernel) move(i, target int) {
	x := k.roll() // first, so that little is live across the generator's call
	c := &k.ch[i]
	v, t := k.val(i, Clumsiness), k.floor(i)
	p := max(0, k.pts(x, v, t)+k.award())
	k.critical(i, x)
	m := int32(p * metresPerPoint)
	if target >= 0 {
		mo := &k.mo[target]
		m = min(m, int32(k.dist(i, target)))
		if c.pos > mo.pos {
			c.pos -= m
		} else {
			c.pos += m
		}
	} else {
		// Away from the nearest monster.
		if j := k.nearestMonster(i); j >= 0 && c.pos < k.mo[j].pos {
			c.pos -= m
		} else {
			c.pos += m
		}
	}
	if k.tr != nil {
		where := "away"
		if target >= 0 {
			where = "toward " + k.mname(target)
		}
		near := k.nearestMonster(i)
		k.say(k.cname(i), "moves %s: dice %s vs Clumsiness %d = %s, %d m (%d m from %s)", where,
			diceText(x), v, pointsText(p, t, k.ru.L3), m, k.dist(i, near), k.mname(near))
	}
	if c.isHidden() && m > 0 && k.ru.L15 == L15ResumeOnMove {
		for j := 0; j < k.nm; j++ {
			k.mo[j].searchLeft = searchRounds
		}
	}
}

// misc is a Miscellaneous outcome check to shake off Condition x with the
// Infliction's attribute and difficulty (L-11 "misc-check").
func (k *kernel) misc(i int, x Cond) {
	c := &k.ch[i]
	b := bits.TrailingZeros8(uint8(x))
	if k.check(i, c.cAttr[b], c.cTier[b], true, "tries to shake off a Condition") {
		c.cond &^= x
		if k.tr != nil {
			k.say(k.cname(i), "is no longer %s", x)
		}
		return
	}
	k.failed(i, true)
}

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

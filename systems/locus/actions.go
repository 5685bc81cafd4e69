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

// charTurn plays character i's turn: Restrained, Prone, the policy's action
// (after a Terrified check unless fleeing), and notes what search and
// escape need to know of it. (One function, not a turn and an action: it
// runs on every turn.)
func (k *kernel) charTurn(i int) {
	c := &k.ch[i]
	pos0 := c.pos
	c.defend = false
	c.fleeing = false
	if k.held(i) {
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

// held plays what Restrained and Prone make of character i's turn before
// the action: a check to break free (a failure spends the turn), then
// standing up (which spends it). It reports whether the turn is spent.
func (k *kernel) held(i int) bool {
	c := &k.ch[i]
	if c.cond&Restrained != 0 {
		a, t := k.condCheck(i, Restrained)
		if !k.check(i, a, t, true, "tries to break free") {
			if k.tr != nil {
				k.say(k.cname(i), "stays Restrained")
			}
			k.failed(i, true)
			return true
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
		return true
	}
	return false
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

// monTurn plays monster j's turn: the choice of its policy (or of the
// built-in default, which only chooses what it may do), an attack, a search
// or a chase when the choice is possible, and a wait otherwise.
func (k *kernel) monTurn(j int) {
	s := &k.m.mons[j]
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
		if k.attackTurn(j, a, valid) {
			return
		}
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

// attackTurn plays monster j's MonsterAttack on a.Target: its attack, its
// Infliction or both as L-9 allows, the Infliction before or after the
// attack as the action asks. It reports false, and does nothing, when the
// target is out of reach (for a policy's choice) or L-9 leaves nothing to do.
func (k *kernel) attackTurn(j int, a MonsterAction, valid bool) bool {
	t := a.Target
	if !valid && (t < 0 || t >= k.nc || !k.inReach(j, t)) {
		return false
	}
	n := k.pickInfliction(j, t)
	doAtk, doInf := k.l9Choice(j, a, k.m.mons[j].attack != 0, n >= 0 && a.Inflict != NoInflict)
	if !doAtk && !doInf {
		return false
	}
	k.mo[j].last = uint8(t + 1)
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
	return true
}

// l9Choice applies L-9 to a monster j that could attack (doAtk) and inflict
// (doInf) this turn: the Infliction instead of the attack, the two in
// alternation (starting with the one the action puts first), or the
// Infliction once a conflict; it returns what the monster does.
func (k *kernel) l9Choice(j int, a MonsterAction, doAtk, doInf bool) (bool, bool) {
	mo := &k.mo[j]
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
	return doAtk, doInf
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

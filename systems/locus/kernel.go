package locus

import (
	"math/bits"

	"github.com/tpk-sim/tpk/sim"
)

// Limits of a scenario, fixed so that the kernel's state is arrays.
const (
	MaxSide           = 16 // combatants on each side
	MaxItems          = 8  // Items per character
	MaxInflictions    = 8  // Inflictions per monster
	MaxDeathsDoor     = 60 // segments of a monster's Death's Door
	CharacterSegments = 27 // segments of a character's Death's Door
	MaxDistance       = 1000
	reach             = 2 // melee reach in metres
	shift             = 2 // the shift allowed besides any action but a Move
	metresPerPoint    = 5 // Move and Chase
	wpPerGain         = 3 // critical success; Stress falling to Uneasy
)

// itemSpec is an Item as the kernel uses it.
type itemSpec struct {
	name       string
	weapon     bool
	keep       Tier // the die the Durability check keeps (Q1 Hard, Q2 Medium, Q3 Easy)
	durability int
	types      uint64 // damage types as bits
	attr       Attr
	helps      uint8 // attributes as bits
}

// charSpec is a party member as compiled.
type charSpec struct {
	name   string
	attr   [NumAttrs]int8
	wp     int
	stress Stress
	items  []itemSpec
	helps  uint8 // attributes some Item helps with, as bits
	dist   int
	policy CharacterPolicy
}

// inflSpec is an Infliction as compiled.
type inflSpec struct {
	name string
	attr Attr
	tier Tier
	cond Cond
}

// monSpec is a monster as compiled.
type monSpec struct {
	name                          string
	attack, chase, search, resist int // 0 = null
	behaviour                     Behaviour
	chases                        int
	door                          int
	weakness, effective           uint64
	sensesMotion                  bool
	infl                          []inflSpec
	policy                        MonsterPolicy
	persistent                    bool
	stats                         MonsterStats // the card policies see
	card                          string       // the card on one line, with its Threat grade (L-27)
}

// charState is a party member during an encounter.
type charState struct {
	// attr is the attributes twice: as they are, then as a Nauseated
	// character has them (Clumsiness 5), so that val indexes with the
	// Nauseated bit (8) rather than testing it.
	attr      [2 * NumAttrs]int8
	wp        int32
	pos       int32
	segs      int32
	mask      uint64 // filled segments, option L-8 "aligned"
	stress    Stress
	worst     Injury
	cond      Cond
	since     [numConds]int16 // round each Condition was gained (L-11 "rounds")
	cAttr     [numConds]Attr  // the check that removes it (L-10 "infliction", L-11 "misc-check")
	cTier     [numConds]Tier
	cSrc      [numConds]int8 // monster that caused it, or -1
	st        uint8          // chDead, chEscaped, chHidden
	tookHide  bool           // took the Hide action on its last turn
	moved     bool           // changed position on its last turn
	fleeing   bool           // its last action was a Move away
	defend    bool           // Defend's +1 is available
	outRounds int8           // rounds ended fleeing out of reach (L-16 "out-of-reach")
	boxes     [MaxItems]int8 // each Item's Durability boxes not yet marked (at most 99)
	items     uint8          // every Item as bits (from the spec, for the hot path)
	broken    uint8          // destroyed Items as bits
	helps     uint8          // attributes some Item helps with, as bits (from the spec)
	// Padding to 128 bytes: the kernel indexes k.ch on every question, and
	// a power-of-two size makes the index a shift (TestCharStateSize).
	_ [32]byte
}

// A character's standing in the conflict, as bits of charState.st, so that
// the questions asked on every turn (present? visible?) are one test.
const (
	chDead    uint8 = 1 << iota
	chEscaped       // left the conflict alive
	chHidden
)

func (c *charState) isDead() bool    { return c.st&chDead != 0 }
func (c *charState) isEscaped() bool { return c.st&chEscaped != 0 }
func (c *charState) isHidden() bool  { return c.st&chHidden != 0 }

// present is alive and still in the conflict.
func (c *charState) present() bool { return c.st&(chDead|chEscaped) == 0 }

// visible is present and not hidden.
func (c *charState) visible() bool { return c.st == 0 }

// monState is a monster during an encounter.
type monState struct {
	pos        int32
	segs       int32
	mask       uint64
	worst      Injury
	gone       bool   // dissipated
	bonus      uint16 // +1 on its next attack on character i (L-4)
	missed     uint16 // its last attack on character i missed
	last       uint8  // the character its last attack or Infliction was aimed at, plus 1 (0: none yet)
	searchLeft int8   // rounds of searching left (L-15)
	inflicted  bool   // has used an Infliction (L-9 "once")
	altInflict int8   // L-9 "alternate": 0 undecided, 1 inflict next, 2 attack next
	decided    uint16 // it has decided whether to pursue character i (L-30 "per-pursuit")
	pursuing   uint16 // and decided to pursue it
}

// tallies are the encounter's counters.
type tallies struct {
	injuries                                      [4]int // by Injury (Miss unused)
	conditions, stressSteps, overflow             int
	wpSpent, wpGained, itemsDestroyed, dissipated int
}

// How an encounter ended.
const (
	going = iota
	victory
	defeat
	escape
	stalemate
)

// kernel plays encounters of one model; one per worker.
type kernel struct {
	m     *model
	ru    Rules
	g     sim.Fast // the encounter's dice, seeded from the engine's generator (Play)
	tr    *sim.Trace
	round int
	nc    int
	nm    int
	ch    [MaxSide]charState
	start [MaxSide]charState // each character as an encounter starts (reset)
	mo    [MaxSide]monState
	order [2 * MaxSide]int8 // entities in initiative order: c for characters, MaxSide+m for monsters
	key   [2 * MaxSide]int
	init0 [2 * MaxSide]int8 // the first initiative total, for the narration
	tied  [2 * MaxSide]bool // the order came from a re-roll of a tie
	// initMod and initPref are each entity's initiative modifier and sort
	// key preference (initConsts).
	initMod  [2 * MaxSide]int8
	initPref [2 * MaxSide]int16
	t        tallies
	costs    [4]int8 // Willpower per re-roll by Stress (option L-19)
	view     View
	// changed is set by every event that can end the conflict (a death, a
	// dissipation, an escape, a hiding, a search given up), so that the
	// end conditions are only re-checked then.
	changed bool
	// fled is set when a character flees, so that endOfRound, which has
	// nothing to do otherwise (but under L-11 "rounds"), runs only then.
	fled bool
	rec  *sim.Record // the encounter's record, for Standing
	// fightPolicy and defaultPolicy mark the characters playing party
	// "fight" and the monsters playing foe "default", for whom the kernel
	// calls Fight and ByBehaviour directly (defaults.go).
	fightPolicy   [MaxSide]bool
	defaultPolicy [MaxSide]bool
	// inflPick[j][cond] is monster j's first Infliction whose Condition is
	// not in cond, or -1 (pickInfliction), looked up rather than searched.
	inflPick [MaxSide][1 << numConds]int8
	// points is contestPoints under the option L-3 in force (pts).
	points *[4][8][256]int8
	up     *[4][8][256]upPoint // upByRule under L-3 (flipPoints)
	strong *strong             // strong play's part, nil when no combatant plays strong
	// rerollNote is the narration of a Willpower re-roll, kept until the
	// line of the roll it changes is written (rerollText).
	rerollNote string
	// plainStress: no narration, no L-17 "literal" chain, no L-18
	// breakdown; a Stress check is then a check and a step up on failure.
	plainStress bool
}

// newKernel returns a kernel of m; a rollout kernel is the one strong play
// replays encounters on (strong.go).
func newKernel(m *model, rollout bool) *kernel {
	k := &kernel{m: m, ru: m.rules, nc: len(m.chars), nm: len(m.mons)}
	for s := Uneasy; s <= Stressed; s++ {
		k.costs[s] = int8(1 + s) // 1, 2, 3 at Uneasy, Tense, Stressed
		if m.rules.L19 == L19Flat {
			k.costs[s] = 1
		}
	}
	k.initConsts()
	k.inflPicks()
	for i := range m.chars {
		s := &m.chars[i]
		k.start[i] = charState{wp: int32(s.wp), stress: s.stress, pos: int32(s.dist),
			items: uint8(1<<len(s.items) - 1), helps: s.helps}
		copy(k.start[i].attr[:NumAttrs], s.attr[:])
		copy(k.start[i].attr[NumAttrs:], s.attr[:])
		k.start[i].attr[NumAttrs+Clumsiness] = 5
		for j := range k.start[i].cSrc {
			k.start[i].cSrc[j] = -1
		}
		for it := range s.items {
			k.start[i].boxes[it] = int8(s.items[it].durability)
		}
	}
	k.points = &contestPoints[m.rules.L3]
	k.up = &upByRule[m.rules.L3]
	k.view.k = k
	for i := range m.chars {
		k.fightPolicy[i] = builtinOf(m.chars[i].policy) == BuiltinFight
	}
	for j := range m.mons {
		k.defaultPolicy[j] = builtinOf(m.mons[j].policy) == BuiltinByBehaviour
	}
	k.initStrong(rollout)
	return k
}

// Play resets the state, plays one encounter and records it.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if k.strong != nil {
		k.strong.s.Begin(r, tr)
	}
	k.g.SeedFrom(r)
	k.tr, k.rec = tr, rec
	k.plainStress = tr == nil && k.ru.L18 != L18Breakdown && k.ru.L17 != L17Literal
	k.reset()
	end := k.fight()
	k.record(rec, end)
	k.tr, k.rec = nil, nil
	if k.strong != nil {
		k.strong.s.End()
	}
}

func (k *kernel) reset() {
	k.round = 0
	k.t = tallies{}
	k.changed = false
	k.fled = false
	copy(k.ch[:k.nc], k.start[:k.nc])
	for j := 0; j < k.nm; j++ {
		k.mo[j] = monState{searchLeft: searchRounds}
	}
}

// fight runs the conflict loop of section 2.2 and returns how it ended.
func (k *kernel) fight() int {
	if k.tr != nil {
		for j := 0; j < k.nm; j++ {
			k.tr.Add(0, k.mname(j), "%s", k.m.mons[j].card)
		}
	}
	k.initiative()
	// Catching sight of each monster: a Cowardice Stress check (L-17).
	for i := 0; i < k.nc; i++ {
		for j := 0; j < k.nm; j++ {
			if k.tr != nil {
				k.tr.Add(0, k.cname(i), "sees %s", k.mname(j))
			}
			k.stressCheck(i, Cowardice, Medium, "Stress check (Cowardice) at the sight", 0)
		}
	}
	order := k.order[:k.nc+k.nm]
	for k.round = 1; k.round <= k.m.maxRounds; k.round++ {
		for _, e8 := range order {
			e := int(e8)
			if e < MaxSide {
				if c := &k.ch[e]; !c.present() {
					continue
				}
				k.charTurn(e)
			} else {
				if k.mo[e-MaxSide].gone {
					continue
				}
				k.monTurn(e - MaxSide)
			}
			if k.changed {
				k.changed = false
				k.rec.Standing(k.round, k.standingMask(false))
				if end := k.settled(); end != going {
					return end
				}
			}
		}
		if k.fled || k.ru.L11 == L11Rounds {
			k.fled = false
			k.endOfRound()
		}
		if k.changed {
			k.changed = false
			k.rec.Standing(k.round, k.standingMask(false))
			if end := k.settled(); end != going {
				return end
			}
		}
	}
	k.round = k.m.maxRounds
	if k.tr != nil {
		k.say("", "the round limit is reached: stalemate")
	}
	return stalemate
}

// initiative orders the entities for the whole conflict: 3d6 minus
// Carelessness for a character, minus the L-5 modifier for a monster; ties
// per L-6.
func (k *kernel) initiative() {
	n := 0
	for i := 0; i < k.nc+k.nm; i++ {
		e := i
		if i >= k.nc {
			e = MaxSide + i - k.nc
		}
		k.order[n] = int8(e)
		k.key[e] = k.initRoll(e)
		k.init0[e] = int8(k.initBase(e))
		k.tied[e] = false
		n++
	}
	k.sortRun(0, n)
	if k.tr != nil {
		for i := 0; i < n; i++ {
			e := int(k.order[i])
			tie := ""
			if k.tied[e] {
				tie = ", tie re-rolled under option L-6"
			}
			k.tr.Add(0, k.ename(e), "initiative %d (place %d%s)", k.init0[e], i+1, tie)
		}
	}
}

// initRoll is an entity's sort key: its initiative total, with the L-5
// "last" and L-6 side preferences folded in above it.
func (k *kernel) initRoll(e int) int {
	return (k.roll().Sum()-int(k.initMod[e]))*4 + int(k.initPref[e])
}

// initBase recovers the initiative total from a key.
func (k *kernel) initBase(e int) int { return (k.key[e] - int(k.initPref[e])) / 4 }

// initConsts sets what initiative subtracts from an entity's 3d6 (its
// Carelessness, or the L-5 modifier of a monster) and adds to its sort key
// (the L-5 "last" and L-6 side preferences); the model fixes both.
func (k *kernel) initConsts() {
	for i := range k.m.chars {
		k.initMod[i] = k.m.chars[i].attr[Carelessness]
		k.initPref[i] = int16(k.sidePref(i)*2 + k.lastPref(i)*1000)
	}
	for j := range k.m.mons {
		e := MaxSide + j
		switch k.ru.L5 {
		case L5Minus3:
			k.initMod[e] = 3
		case L5MinusChase:
			k.initMod[e] = int8(k.m.mons[j].chase)
			if k.initMod[e] == 0 {
				k.initMod[e] = 6 // a null Chase is slower than any
			}
		}
		k.initPref[e] = int16(k.sidePref(e)*2 + k.lastPref(e)*1000)
	}
}

func (k *kernel) sidePref(e int) int {
	isChar := e < MaxSide
	switch k.ru.L6 {
	case L6CharactersFirst:
		if isChar {
			return 1
		}
	case L6MonstersFirst:
		if !isChar {
			return 1
		}
	}
	return 0
}

func (k *kernel) lastPref(e int) int {
	if k.ru.L5 == L5Last && e < MaxSide {
		return 1
	}
	return 0
}

// sortRun sorts order[lo:hi] by key, highest first, and re-rolls every run
// of equal keys among the tied (L-6), recursively.
func (k *kernel) sortRun(lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && k.key[k.order[j]] > k.key[k.order[j-1]]; j-- {
			k.order[j], k.order[j-1] = k.order[j-1], k.order[j]
		}
	}
	for i := lo; i < hi; {
		j := i + 1
		for j < hi && k.key[k.order[j]] == k.key[k.order[i]] {
			j++
		}
		if j-i > 1 {
			for x := i; x < j; x++ {
				e := int(k.order[x])
				k.key[e] = k.initRoll(e)
				k.tied[e] = true
			}
			k.sortRun(i, j)
		}
		i = j
	}
}

// settled says whether the conflict is over: every monster dissipated
// (victory), every character dead (defeat), or every character out of the
// conflict (dead, escaped, or hidden from monsters that can no longer
// search) with one alive (escape).
func (k *kernel) settled() int {
	anyMonster := false
	for j := 0; j < k.nm; j++ {
		if !k.mo[j].gone {
			anyMonster = true
			break
		}
	}
	if !anyMonster {
		return victory
	}
	allDead, allOut := true, true
	searcher := -1 // unknown
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if c.isDead() {
			continue
		}
		allDead = false
		if c.isEscaped() {
			continue
		}
		if !c.isHidden() {
			allOut = false
			break
		}
		if searcher < 0 {
			searcher = 0
			if k.anySearcher() {
				searcher = 1
			}
		}
		if searcher == 1 {
			allOut = false
			break
		}
	}
	if allDead {
		return defeat
	}
	if allOut {
		return escape
	}
	return going
}

// anySearcher reports whether an active monster can still search.
func (k *kernel) anySearcher() bool {
	for j := 0; j < k.nm; j++ {
		if k.canSearch(j, true) {
			return true
		}
	}
	return false
}

// canSearch reports whether monster j may search: it is active, has a
// Search, and its window (L-15) is open or it never gives up (a persistent
// policy, when policy is true).
func (k *kernel) canSearch(j int, policy bool) bool {
	s := &k.m.mons[j]
	if k.mo[j].gone || s.search == 0 {
		return false
	}
	if k.ru.L15 == L15Unlimited || (policy && s.persistent) {
		return true
	}
	return k.mo[j].searchLeft > 0
}

// endOfRound wears off Conditions (L-11 "rounds") and lets fleeing
// characters escape (L-16).
func (k *kernel) endOfRound() {
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if !c.present() {
			continue
		}
		if k.ru.L11 == L11Rounds {
			for b := 0; b < numConds; b++ {
				x := Cond(1 << b)
				if c.cond&x == 0 || x == Prone || x == Restrained {
					continue
				}
				if k.round-int(c.since[b]) >= conditionRounds {
					c.cond &^= x
					if k.tr != nil {
						k.say(k.cname(i), "is no longer %s (%d rounds have passed)", x, conditionRounds)
					}
				}
			}
		}
		if !c.fleeing {
			c.outRounds = 0
			continue
		}
		near := k.nearestMonster(i)
		if near < 0 {
			continue
		}
		d := k.dist(i, near)
		if k.ru.L16 == L16OutOfReach {
			if d > reach {
				c.outRounds++
			} else {
				c.outRounds = 0
			}
			if c.outRounds >= outOfReachRounds {
				k.escaped(i, "after three rounds out of reach")
			}
		} else if d >= k.m.escape {
			k.escaped(i, "far enough")
		}
	}
}

func (k *kernel) escaped(i int, why string) {
	c := &k.ch[i]
	c.st = c.st&^chHidden | chEscaped
	k.changed = true
	if k.tr != nil {
		k.say(k.cname(i), "escapes (%s: %d m from the nearest monster)", why, k.dist(i, k.nearestMonster(i)))
	}
	k.calm(i)
}

func (k *kernel) dist(c, m int) int { return abs(int(k.ch[c].pos - k.mo[m].pos)) }

// nearestMonster is the closest active monster to character c, or -1.
func (k *kernel) nearestMonster(c int) int {
	best, bd := -1, 0
	for j := 0; j < k.nm; j++ {
		if k.mo[j].gone {
			continue
		}
		if d := k.dist(c, j); best < 0 || d < bd {
			best, bd = j, d
		}
	}
	return best
}

func (k *kernel) record(rec *sim.Record, end int) {
	v := rec.Values
	deaths, segs := 0, 0
	hid := false
	// Hiding took a character out of the conflict when it ended hidden from
	// monsters that remain but can no longer search.
	hideOut := end != victory && !k.anySearcher()
	rec.Standing(k.round, k.standingMask(hideOut))
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if c.isDead() {
			deaths++
		}
		segs += int(c.segs)
		hidOut := c.present() && c.isHidden() && hideOut
		hid = hid || hidOut
		out := c.isEscaped() || hidOut
		base := i * numCombatantMetrics
		if c.isDead() {
			rec.PerCombatant[base+cmDeath] = 1
		}
		if out {
			rec.PerCombatant[base+cmEscaped] = 1
		}
		rec.PerCombatant[base+cmSegments] = c.segs
	}
	for j := 0; j < k.nm; j++ {
		base := (k.nc + j) * numCombatantMetrics
		if k.mo[j].gone {
			rec.PerCombatant[base+cmDeath] = 1
		}
		rec.PerCombatant[base+cmSegments] = k.mo[j].segs
	}
	rec.SetStandard(sim.Ending{Victory: end == victory, Defeat: end == defeat, Stalemate: end == stalemate,
		Rounds: k.round, Deaths: deaths, Party: k.nc})
	rec.Flag(mEscape, end == escape)
	rec.Flag(mHid, hid)
	rec.Flag(mAnyMajor, k.t.injuries[Major]+k.t.injuries[Grievous] > 0)
	rec.Flag(mAnyGrievous, k.t.injuries[Grievous] > 0)
	v[mDissipated] = int32(k.t.dissipated)
	v[mSegments] = int32(segs)
	v[mMinor] = int32(k.t.injuries[Minor])
	v[mMajor] = int32(k.t.injuries[Major])
	v[mGrievous] = int32(k.t.injuries[Grievous])
	v[mConditions] = int32(k.t.conditions)
	v[mStressSteps] = int32(k.t.stressSteps)
	v[mWPSpent] = int32(k.t.wpSpent)
	v[mWPGained] = int32(k.t.wpGained)
	v[mItemsDestroyed] = int32(k.t.itemsDestroyed)
	v[mOverflow] = int32(k.t.overflow)
	if k.tr != nil {
		k.say("", "the conflict ends: %s after %d rounds", endNames[end], k.round)
	}
}

var endNames = [...]string{"still going", "victory: every monster dissipated", "defeat: every character dead",
	"escape: every character out of the conflict", "stalemate"}

// fill adds n segments to a Death's Door of size size (option L-8): a
// running total, or aligned to untouched blocks of n (a sub-section of 3, a
// symbol of 9); when no untouched block is left, the next n empty segments.
func fill(segs *int32, mask *uint64, size, n int, aligned bool) {
	if !aligned {
		*segs = int32(min(size, int(*segs)+n))
		return
	}
	fillAligned(segs, mask, size, n)
}

// fillAligned is fill under L-8 "aligned", kept out of line so that fill,
// called on every injury, stays small enough to be inlined.
func fillAligned(segs *int32, mask *uint64, size, n int) {
	full := uint64(1)<<size - 1
	if n > 1 {
		for b := 0; b < size; b += n {
			w := min(n, size-b)
			blk := (uint64(1)<<w - 1) << b
			if *mask&blk == 0 {
				*mask |= blk
				*segs = int32(bits.OnesCount64(*mask))
				return
			}
		}
	}
	for ; n > 0 && *mask != full; n-- {
		*mask |= (*mask + 1) &^ *mask // the lowest empty segment
	}
	*segs = int32(bits.OnesCount64(*mask))
}

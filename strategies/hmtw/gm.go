package hmtwstrat

import (
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
	"github.com/tpk-sim/tpk/systems/search"
)

func init() {
	hmtw.Policies.Foes.Register("fair-but-smart",
		"section 8.2: Initiative the lowest lesser doom for a swarm of minions, the middle one otherwise (Wimps the lowest, fear the "+
			"highest, Untouchable a greater doom); a group's members in pairs (eight or more together), first on the adventurer "+
			"with the lowest revealed Initiative (else one without a facedown defence, its hates first); the lowest card that hits (none on a revealed "+
			"Initiative it cannot beat), a rider when it will hit and change something, a greater doom for favor when that makes the hit; played dooms "+
			"when they change something (one bat cloud a round, a Faithful Servant only with a clone left to call, Fear with a zone to Displace into, Stuns on hands with a card); minor Attacks on revealed Initiatives it beats; a Move or flight paid with a greater doom when it holds one; "+
			"on its turn a sweep (Haymaker, Kick...) rather than a Grab when two or more adventurers stand in its zone (the larger expected effect); "+
			"Recover when hindered; leave the downed alone (but Devour)", fairButSmart{})
	hmtw.Policies.Foes.Register("brutal",
		"as fair-but-smart (its Initiatives, its pairs, its minor actions), but harder on the weak: each pair first on the most hurt "+
			"adventurer in reach (finishing blows when Wounds at Death's Door kill); its best lesser doom on every Attack on its turn, keeping "+
			"none back for the groups still to act (none on a revealed Initiative it cannot beat); a rider that changes something and a "+
			"greater doom for favor whenever it can", brutal{})
	hmtw.Policies.Foes.Register("strong", search.FoesDoc, hmtw.StrongGM)
	hmtw.Policies.Foes.SetRole("brutal", systems.RoleHarsh)
}

// gmStyle is what distinguishes the GM Policies.
type gmStyle struct {
	brutal bool
}

// lesser lists the free lesser dooms of the GM's hand, lowest first, into
// buf.
func lesser(v *hmtw.View, buf *[hmtw.MajorSize]int8) int { return v.LesserFree(buf) }

// greaterCard is the GM's lowest free greater doom other than skip, or -1.
func greaterCard(v *hmtw.View, skip int) int {
	best := -1
	for j := 0; j < v.GMHand(); j++ {
		if d := v.GMCard(j); d.Greater() && j != skip && v.GMCardFree(j) && (best < 0 || d < v.GMCard(best)) {
			best = j
		}
	}
	return best
}

// highestGreater is the GM's highest free greater doom, or -1.
func highestGreater(v *hmtw.View) int {
	best := -1
	for j := 0; j < v.GMHand(); j++ {
		if d := v.GMCard(j); d.Greater() && v.GMCardFree(j) && (best < 0 || d > v.GMCard(best)) {
			best = j
		}
	}
	return best
}

// anyCard is the GM's lowest free card, or -1.
func anyCard(v *hmtw.View) int {
	best := -1
	for j := 0; j < v.GMHand(); j++ {
		if v.GMCardFree(j) && (best < 0 || v.GMCard(j) < v.GMCard(best)) {
			best = j
		}
	}
	return best
}

// miscCard pays for a miscellaneous action (a Move, running away), which
// any card pays for: a spare greater doom (spec 8.2.3: "use them for
// miscellaneous actions"), the lowest, else the lowest card, so that the
// lesser dooms stay for Attacks.
func miscCard(v *hmtw.View) int {
	if j := greaterCard(v, -1); j >= 0 {
		return j
	}
	return anyCard(v)
}

// toAct is the number of groups other than g still to take their turn
// this round that will need a lesser doom for it: the lesser dooms the GM
// keeps for them. A group that pays its Attack with a greater doom
// (Overwhelming Attack, Smash, Overwhelming Bite) while the GM holds one,
// or that will only flee, needs none.
func toAct(v *hmtw.View, g int) int {
	n := 0
	greater := greaterCard(v, -1) >= 0
	for h := 0; h < v.Groups(); h++ {
		if h == g || v.GroupActed(h) || !v.GroupIn(h) || v.Fearful(h) {
			continue
		}
		if greater && v.Overwhelms(h) {
			continue
		}
		if init, _ := v.GroupInit(h); init > 0 {
			n++
		}
	}
	return n
}

func (s gmStyle) initiative(v *hmtw.View, g int) int {
	var buf [hmtw.MajorSize]int8
	n := lesser(v, &buf)
	gi := v.Group(g)
	if v.GreaterInitiative(g) {
		if j := highestGreater(v); j >= 0 {
			return j
		}
	}
	if n == 0 {
		return -1
	}
	switch {
	case v.Has(g, hmtw.AbWimps):
		return int(buf[0])
	case gi.Emotion == hmtw.Fear:
		return int(buf[n-1])
	case gi.Count >= 2 && v.Minion(g):
		// A swarm of minions (spec 8.2, the worked example's goblins);
		// a dungeon lord's pools are one creature (spec 7.4), and a group
		// of brutes keeps a card that its Tough hide makes count.
		return int(buf[0])
	}
	return int(buf[(n-1)/2])
}

// memberOf returns a member of group g in the fight, or -1.
func memberOf(v *hmtw.View, g int) int {
	lo, hi := v.GroupMembers(g)
	for j := lo; j < hi; j++ {
		if v.MemberIn(j) && v.CanAct(j) {
			return j
		}
	}
	return -1
}

// targetScore ranks adventurer t as group g's target (higher first).
func (s gmStyle) targetScore(v *hmtw.View, g, t int, hates string) int {
	if !v.Targetable(t) {
		return -1 << 30
	}
	score := 0
	if v.Down(t) {
		if !v.FinishingBlows() {
			return -1 << 30
		}
		score += 3000
	}
	switch {
	case hates == "sorcerers" && v.Path(t) == hmtw.Wands, hates == "elves" && v.Kin(t).Elf():
		score += 2000
	}
	if s.brutal {
		a := v.Adv(t)
		score += 100 * (a.WoundedTalents + b2i(a.Staggered) + 3*b2i(a.Injured))
	}
	if init, up := v.Init(t); up {
		score += 500 - 20*init
	} else if !v.Protected(t) {
		score += 100
	}
	if !v.Shield(t) {
		score += 10
	}
	return score
}

// assign points the members of group g that can reach the best target at
// it (fair-but-smart: two of them, then pairs at the next targets), and
// every other member at its own best reachable target; it returns the main
// target and how many members it has (-1: none reachable).
func (s gmStyle) assign(v *hmtw.View, g int, a *hmtw.GMAction, form hmtw.Ability, melee bool) (int, int) {
	var p assignment
	p.lo, p.hi = v.GroupMembers(g)
	p.actors(v, form, melee)
	hates := v.Hates(g)
	for t := 0; t < v.Adventurers(); t++ {
		p.score[t] = s.targetScore(v, g, t, hates)
	}
	best := p.best(v)
	if best < 0 {
		return -1, 0
	}
	// The group spreads in pairs, each with the mob's favor (p.122; p.185:
	// five goblins Attacking "affect up to five different adventurers";
	// spec 9.2), unless eight or more can gang up on the best target for
	// the mob's Critical.
	split := p.reaching(v, best) < 8
	var on [hmtw.MaxParty]int8
	n := 0
	for j := p.lo; j < p.hi && j-p.lo < hmtw.MaxCount; j++ {
		if !p.acts(j) {
			continue
		}
		missile := p.missile(j)
		if split && on[best] >= 2 {
			if pair := p.reachable(v, j, missile, &on, 2); pair >= 0 {
				a.Targets[j-p.lo] = int8(pair)
				on[pair]++
				continue
			}
		}
		if v.GMReach(j, best, missile) {
			a.Targets[j-p.lo] = int8(best)
			on[best]++
			n++
			continue
		}
		if alt := p.reachable(v, j, missile, &on, 0); alt >= 0 {
			a.Targets[j-p.lo] = int8(alt)
			on[alt]++
		}
	}
	if n > 1 && v.Lord(g) {
		n = 1 // a dungeon lord's pools are one creature: no mob's favor
	}
	return best, n
}

// assignment is a group's members lo..hi as they are assigned targets:
// those able to act and those among them that aim at range (bit j-lo),
// asked once, and each adventurer's score as a target (-1<<29 or less:
// none).
type assignment struct {
	lo, hi   int
	act, mis uint64
	score    [hmtw.MaxParty]int
}

// noTarget is the score at or below which an adventurer is no target.
const noTarget = -1 << 29

func (p *assignment) acts(j int) bool    { return p.act&(1<<(j-p.lo)) != 0 }
func (p *assignment) missile(j int) bool { return p.mis&(1<<(j-p.lo)) != 0 }

// actors finds the members able to act and, unless melee, those that aim
// at range with an Attack of form.
func (p *assignment) actors(v *hmtw.View, form hmtw.Ability, melee bool) {
	for j := p.lo; j < p.hi; j++ {
		if v.MemberIn(j) && v.CanAct(j) {
			p.act |= 1 << (j - p.lo)
			if !melee && v.MissileMember(j, form) {
				p.mis |= 1 << (j - p.lo)
			}
		}
	}
}

// best is the target with the highest score some member can reach, the
// first on a tie, or -1.
func (p *assignment) best(v *hmtw.View) int {
	best, bs := -1, 0
	for t := 0; t < v.Adventurers(); t++ {
		if p.score[t] <= noTarget || best >= 0 && p.score[t] <= bs {
			continue
		}
		for j := p.lo; j < p.hi; j++ {
			if p.acts(j) && v.GMReach(j, t, p.missile(j)) {
				best, bs = t, p.score[t]
				break
			}
		}
	}
	return best
}

// reaching counts the members that can reach target t.
func (p *assignment) reaching(v *hmtw.View, t int) int {
	n := 0
	for j := p.lo; j < p.hi && j-p.lo < hmtw.MaxCount; j++ {
		if p.acts(j) && v.GMReach(j, t, p.missile(j)) {
			n++
		}
	}
	return n
}

// reachable is the best-scored target member j can reach, among those
// with fewer than limit members on them (0: no limit), the first on a
// tie, or -1.
func (p *assignment) reachable(v *hmtw.View, j int, missile bool, on *[hmtw.MaxParty]int8, limit int8) int {
	pick, ps := -1, 0
	for t := 0; t < v.Adventurers(); t++ {
		if p.score[t] > noTarget && (limit == 0 || on[t] < limit) && (pick < 0 || p.score[t] > ps) && v.GMReach(j, t, missile) {
			pick, ps = t, p.score[t]
		}
	}
	return pick
}

// decision is what one GM decision for a group reads many times, read
// once: the abilities it can use and the GM's free lesser dooms.
type decision struct {
	live hmtw.Abilities
	buf  [hmtw.MajorSize]int8 // the free lesser dooms, lowest first
	nl   int
}

func newDecision(v *hmtw.View, g int) decision {
	d := decision{live: v.Live(g)}
	d.nl = lesser(v, &d.buf)
	return d
}

// rider is the best Attack rider the group has that can change something
// on target t, or none: a GM does not spend a greater doom to poison the
// poisoned, enchant the Controlled, trip the tripped, web the webbed, steal a face already Blind and
// Silenced, drain XP from one who has none, make Piercing a hit on one with
// no helm, armor or shield, or corrode one with nothing to corrode, nor to
// trade the Wound of a hit for a Control whose Attack on an ally (at the
// lesser doom's value card) cannot hit.
func rider(v *hmtw.View, live *hmtw.Abilities, t, card int) hmtw.Ability {
	for _, r := range [...]hmtw.Ability{hmtw.AbBreathOfFire, hmtw.AbDeadlyAttack, hmtw.AbCommand, hmtw.AbPossess,
		hmtw.AbMesmerize, hmtw.AbSoftIsTheirThroat, hmtw.AbRiotOfTeeth, hmtw.AbWeb, hmtw.AbBreathOfIce, hmtw.AbStealFace,
		hmtw.AbBackwardsCharge, hmtw.AbPoison, hmtw.AbDolorousKiss, hmtw.AbInfectiousDisease, hmtw.AbCorrosiveAttack} {
		if live.Has(r) && riderBites(v, r, t, card) {
			return r
		}
	}
	return 0
}

// riderBites reports whether rider r, on an Attack with a lesser doom of
// value card, can add anything to a hit on t.
func riderBites(v *hmtw.View, r hmtw.Ability, t, card int) bool {
	e := v.Effects(t)
	switch r {
	case hmtw.AbCommand, hmtw.AbPossess, hmtw.AbMesmerize:
		// The Controlled Attack the first able ally in t's zone (with
		// none, t loses its next turn): worth the Wound it replaces only
		// when the card beats that ally's revealed Initiative.
		z := v.Zone(t)
		for i := 0; i < v.Adventurers(); i++ {
			if i == t || !v.Able(i) || v.Zone(i) != z {
				continue
			}
			init, up := v.Init(i)
			return up && v.Beats(card, init, v.Shield(i))
		}
		return true
	case hmtw.AbPoison:
		return e&hmtw.Poisoned == 0
	case hmtw.AbSoftIsTheirThroat:
		return e&hmtw.Controlled == 0
	case hmtw.AbBackwardsCharge:
		return e&hmtw.Trip == 0
	case hmtw.AbWeb:
		return e&hmtw.Webbed == 0
	case hmtw.AbStealFace:
		return e&(hmtw.Blind|hmtw.Silence) != hmtw.Blind|hmtw.Silence
	case hmtw.AbDolorousKiss:
		return v.Adv(t).XP > 0
	case hmtw.AbRiotOfTeeth:
		// Piercing matters only past a helm, armor or shield.
		a := v.Adv(t)
		return a.Shield || a.HelmNotches > 0 || a.Armor != hmtw.NoItem && a.ArmorNotches > 0
	case hmtw.AbCorrosiveAttack:
		// It Destroys a shield, else armor, else the weapon, instead of
		// the Wound: with none of them it does nothing.
		a := v.Adv(t)
		return a.Shield || a.Armor != hmtw.NoItem && a.ArmorNotches > 0 || a.Weapon != hmtw.NoItem
	}
	return true
}

// attackForm is the form of a group's Attack on target t: an arcane blast
// or thrown stones when it must reach or hovers high, the Death Dealer's
// piercing blade.
func attackForm(live *hmtw.Abilities) hmtw.Ability {
	switch {
	case live.Has(hmtw.AbSpiteAlone) && live.Has(hmtw.AbArcaneAttack):
		return hmtw.AbArcaneAttack // levitating: only from range
	case live.Has(hmtw.AbDeathDealer):
		return hmtw.AbDeathDealer
	case live.Has(hmtw.AbArcaneAttack):
		return hmtw.AbArcaneAttack
	}
	return 0
}

// attack plans group g's Attack (own: its turn, the attribute added).
func (s gmStyle) attack(v *hmtw.View, g int, a *hmtw.GMAction, own bool, d *decision) bool {
	live := &d.live
	form := attackForm(live)
	t, n := s.assign(v, g, a, form, false)
	if t < 0 && form == 0 && live.Has(hmtw.AbThrowStones) {
		form = hmtw.AbThrowStones
		t, n = s.assign(v, g, a, form, false)
	}
	if t < 0 {
		return false
	}
	m := newAim(v, g, t, n, form, own)
	card := s.attackCard(v, g, own, d, m, true)
	if card < 0 {
		return false
	}
	// A greater doom as the Attack (Overwhelming Attack, Smash,
	// Overwhelming Bite) is the Attack's one doom (errata E-H6): a lesser
	// doom with a sweep goes first when the sweep harms more.
	if v.GMCard(card).Greater() {
		if alt := s.attackCard(v, g, own, d, m, false); alt >= 0 {
			if ab, sc := s.bestDoom(v, g, own, m, int(v.GMCard(alt))+m.attr); hmtw.SweepDoom(ab) &&
				sc > overwhelmingScore(v, live, m, int(v.GMCard(card))+m.attr) {
				card = alt
			}
		}
	}
	a.Kind, a.Card, a.Ability = hmtw.GMAttack, int8(card), form
	val := int(v.GMCard(card)) + m.attr
	doom, doomScore := hmtw.Ability(0), 0
	if !v.GMCard(card).Greater() {
		doom, doomScore = s.bestDoom(v, g, own, m, val)
	}
	// An Attack that cannot beat a known Initiative, even with a greater
	// doom for favor, is not made: the card waits for a window where it
	// hits. When the hit needs that favor, the favor comes before a rider.
	// (A sweep at everyone in the zone is not judged by one target.)
	sweep := hmtw.SweepDoom(doom)
	if sweep {
		best := val + m.fav
		if greaterCard(v, card) >= 0 {
			best = val + 3
		}
		if j := memberOf(v, g); j >= 0 && sweepMisses(v, v.MemberZone(j), best) {
			return false // everyone it would strike shows an Initiative it cannot beat
		}
	}
	needFavor := false
	if m.known && !sweep && !v.Beats(val+m.fav, m.init, m.tie) {
		if m.fav != 0 || greaterCard(v, card) < 0 || !v.Beats(val+3, m.init, m.tie) {
			return false
		}
		needFavor = true
		a.Favor = int8(greaterCard(v, card))
	}
	s.riderAndFavor(v, a, live, m, card, val, needFavor, doomScore)
	if a.Rider < 0 {
		a.Trigger = doom
	}
	return true
}

// Scores of what one Attack does, in tenths of a Wound, weighed by the
// chance it hits (a face-down Initiative counts as an even chance): the
// GM's measure for choosing the Attack's one doom (errata E-H6).
const (
	woundScore   = 10 // a Wound
	tripScore    = 7  // a Trip: a card to stand up, no Avoid, Move or Dash
	disarmScore  = 5  // a Disarm: a card to pick the weapon up
	displaceOver = 5  // a Displace: out of the fight's zone
)

// rough tries group g's Roughhouse dooms (Grab, Engulf, a slime's
// engulfing, a harpy's lift).
func (s gmStyle) rough(v *hmtw.View, g int, a *hmtw.GMAction, own bool, d *decision) bool {
	ab, rider := roughAbility(v, &d.live)
	if ab == 0 || grabsFull(v, g, ab) {
		return false
	}
	t, n := s.assign(v, g, a, 0, true)
	if t < 0 {
		return false
	}
	if v.Effects(t)&(hmtw.Grabbed|hmtw.Engulfed) != 0 || v.Down(t) {
		return false
	}
	buf, nl := &d.buf, d.nl
	keep := 0
	if own {
		keep = toAct(v, g)
	}
	if nl-keep <= 0 {
		return false
	}
	// No Roughhouse on a revealed Initiative its card (Pentacles on its
	// turn, the mob's favor) cannot beat: it Attacks instead, or waits.
	if init, up := v.Init(t); up {
		val := int(v.GMCard(int(buf[nl-keep-1])))
		if own {
			val += v.GroupAttr(g, hmtw.Pentacles)
		}
		if n >= 2 {
			val += 3
		}
		// Ties go to the attacker unless the defender has a shield (p.112),
		// or always to the defender with option H-9 strict.
		if !v.Beats(val, init, v.Shield(t) || v.Rules().H9 == hmtw.H9Strict) {
			return false
		}
	}
	a.Kind, a.Ability, a.Card = hmtw.GMRoughhouse, ab, buf[nl-keep-1]
	if rider >= 0 {
		a.Rider = int8(rider)
	}
	return true
}

// roughAbility is the Roughhouse doom group g tries first among those it
// has (live), and for a griffin's grab the greater doom it rides on (the
// grab is passed over without one); rider is -1 for the others, ab 0 for
// none.
func roughAbility(v *hmtw.View, live *hmtw.Abilities) (ab hmtw.Ability, rider int) {
	rider = -1
	for _, x := range [...]hmtw.Ability{hmtw.AbProtoplasmicAttack, hmtw.AbGrab, hmtw.AbDevilBite, hmtw.AbGriffinGrab,
		hmtw.AbEngulf, hmtw.AbPullIntoTheAir} {
		if !live.Has(x) {
			continue
		}
		if x == hmtw.AbGriffinGrab {
			if rider = greaterCard(v, -1); rider < 0 {
				continue
			}
		}
		return x, rider
	}
	return 0, rider
}

// grabLimit is how many adventurers one member holds at once with grab
// ability ab (a devil's bite 4, a griffin 1, a Grab or a protoplasmic
// attack 2), or 0 for a Roughhouse that holds no one (Engulf, a lift).
func grabLimit(ab hmtw.Ability) int {
	switch ab {
	case hmtw.AbGrab, hmtw.AbProtoplasmicAttack:
		return 2
	case hmtw.AbDevilBite:
		return 4
	case hmtw.AbGriffinGrab:
		return 1
	}
	return 0
}

// grabsFull reports whether every member of group g in the fight with
// grab ability ab already holds as many adventurers as it can.
func grabsFull(v *hmtw.View, g int, ab hmtw.Ability) bool {
	limit := grabLimit(ab)
	if limit == 0 {
		return false
	}
	lo, hi := v.GroupMembers(g)
	full := true
	for x := lo; x < hi; x++ {
		if v.Member(x).In && v.MemberHas(x, ab) && v.Member(x).Grabbing < limit {
			full = false
		}
	}
	return full
}

// sweepFirst reports whether group g's sweep on its own turn (Haymaker,
// Sweeping Club, Tail Whip, Kick: an Attack on every adventurer in its
// zone) is worth more than a Grab. Spec 8.2 is silent on a zone Attack
// against a single-target Roughhouse, so the GM takes the larger expected
// effect: a Grab (with Pentacles) lands no Wound and holds one adventurer;
// the sweep (with Swords) lands a Wound on each adventurer whose
// Initiative its card beats. With Swords at least Pentacles (the animate
// statue 5/5, the Sporehulk 7/3) every Initiative the Grab's card beats the
// sweep's beats too (but a shield's tie), so with two or more adventurers
// up in its zone the sweep's expected Wounds exceed the Grab's effect.
func sweepFirst(v *hmtw.View, g int, d *decision) bool {
	live := &d.live
	if !(live.Has(hmtw.AbHaymaker) || live.Has(hmtw.AbSweepingClub) || live.Has(hmtw.AbTailWhip) || live.Has(hmtw.AbKick)) {
		return false
	}
	if v.GroupAttr(g, hmtw.Swords) < v.GroupAttr(g, hmtw.Pentacles) {
		return false
	}
	j := memberOf(v, g)
	if j < 0 {
		return false
	}
	z := v.Member(j).Zone
	n := 0
	for t := 0; t < v.Adventurers(); t++ {
		if v.Targetable(t) && !v.Down(t) && v.Zone(t) == z {
			n++
		}
	}
	return n >= 2
}

// move heads group g for the guild when nobody is in reach.
func (s gmStyle) move(v *hmtw.View, g int, a *hmtw.GMAction, own bool, d *decision) bool {
	j := memberOf(v, g)
	if j < 0 || reachesAnyone(v, g, d) {
		return false
	}
	z := v.Member(j).Zone
	for t := 0; t < v.Adventurers(); t++ {
		tz := v.Zone(t)
		if !v.Able(t) || tz == z {
			continue
		}
		for y := 0; y < v.Zones(); y++ {
			if v.CanStep(z, y) && (y == tz || v.Adjacent(y, tz)) {
				a.Kind, a.Zone = hmtw.GMMove, int8(y)
				a.Card = -1
				if !own || v.FreeMove(g) == 0 {
					a.Card = int8(miscCard(v))
				}
				return a.Card >= 0 || own
			}
		}
	}
	return false
}

// freeMove takes group g's free move (Fleet) first on its turn when no
// member reaches anyone and the move brings a target into melee reach: to
// the zone of the best target it can get to (the first on a tie). The
// kernel then asks for the turn's action.
func (s gmStyle) freeMove(v *hmtw.View, g int, a *hmtw.GMAction, d *decision) bool {
	n := v.FreeMove(g)
	j := memberOf(v, g)
	if n == 0 || j < 0 || reachesAnyone(v, g, d) {
		return false
	}
	lo, hi := v.GroupMembers(g)
	for m := lo; m < hi; m++ {
		if v.MemberIn(m) && v.MemberEffects(m)&(hmtw.Root|hmtw.Trip|hmtw.Webbed|hmtw.Grabbed) != 0 {
			return false
		}
	}
	z := v.Member(j).Zone
	hates := v.Hates(g)
	best, bs := -1, 0
	for t := 0; t < v.Adventurers(); t++ {
		tz := v.Zone(t)
		if !v.Able(t) || tz == z || !freeReach(v, z, tz, n) {
			continue
		}
		if sc := s.targetScore(v, g, t, hates); sc > -1<<29 && (best < 0 || sc > bs) {
			best, bs = t, sc
		}
	}
	if best < 0 {
		return false
	}
	a.Kind, a.Zone, a.Card = hmtw.GMMove, int8(v.Zone(best)), -1
	return true
}

// reachesAnyone reports a member of group g able to act that can aim at
// an able adventurer from where it stands.
func reachesAnyone(v *hmtw.View, g int, d *decision) bool {
	form := attackForm(&d.live)
	lo, hi := v.GroupMembers(g)
	for m := lo; m < hi; m++ {
		if !v.MemberIn(m) || !v.CanAct(m) {
			continue
		}
		missile := v.MissileMember(m, form)
		for t := 0; t < v.Adventurers(); t++ {
			if v.Able(t) && v.GMReach(m, t, missile) {
				return true
			}
		}
	}
	return false
}

// freeReach reports zone to within n free steps (1 or 2) of zone from.
func freeReach(v *hmtw.View, from, to, n int) bool {
	if v.CanStep(from, to) {
		return true
	}
	if n < 2 {
		return false
	}
	for w := 0; w < v.Zones(); w++ {
		if v.CanStep(from, w) && v.CanStep(w, to) {
			return true
		}
	}
	return false
}

// hindered reports a group whose members are Tripped, Rooted, webbed or
// Disarmed.
func hindered(v *hmtw.View, g int) bool {
	lo, hi := v.GroupMembers(g)
	for j := lo; j < hi; j++ {
		if v.MemberIn(j) && v.MemberEffects(j)&(hmtw.Trip|hmtw.Root|hmtw.Webbed|hmtw.Disarm) != 0 {
			return true
		}
	}
	return false
}

func (s gmStyle) turn(v *hmtw.View, g int, a *hmtw.GMAction) {
	d := newDecision(v, g)
	if s.freeMove(v, g, a, &d) {
		return
	}
	a.Reset()
	if s.played(v, g, a, true, &d) {
		return
	}
	a.Reset()
	if sweepFirst(v, g, &d) {
		if s.attack(v, g, a, true, &d) {
			return
		}
		a.Reset()
	}
	if s.rough(v, g, a, true, &d) {
		return
	}
	a.Reset()
	if s.attack(v, g, a, true, &d) {
		return
	}
	a.Reset()
	if s.move(v, g, a, true, &d) {
		return
	}
	a.Reset()
	if hindered(v, g) && d.nl > 0 {
		a.Kind, a.Card = hmtw.GMRecover, d.buf[0]
	}
}

func (s gmStyle) minor(v *hmtw.View, g int, a *hmtw.GMAction) {
	if v.Fearful(g) {
		// Afraid: run, as a miscellaneous action with any card.
		if j := miscCard(v); j >= 0 {
			a.Kind, a.Card = hmtw.GMFlee, int8(j)
		}
		return
	}
	d := newDecision(v, g)
	live := &d.live
	if s.played(v, g, a, false, &d) {
		return
	}
	a.Reset()
	buf, n := &d.buf, d.nl
	keep := toAct(v, g)
	if n <= keep {
		return
	}
	if hindered(v, g) {
		a.Kind, a.Card = hmtw.GMRecover, buf[0]
		return
	}
	if live.Has(hmtw.AbEvasive) && v.Group(g).Facedown == hmtw.Skip {
		if j := greaterCard(v, -1); j >= 0 && highestGreater(v) != j {
			a.Kind, a.Card = hmtw.GMDodge, int8(j)
			return
		}
	}
	if live.Has(hmtw.AbInvisible) && n > keep+1 {
		a.Kind, a.Ability, a.Card = hmtw.GMAbility, hmtw.AbInvisible, buf[0]
		return
	}
	// An Attack with the highest lesser doom it can spare, on a revealed
	// Initiative it beats (face value).
	card := int(buf[n-keep-1])
	if !revealedWithin(v, int(v.GMCard(card))+3) {
		return
	}
	t, cnt := s.assign(v, g, a, attackForm(live), false)
	if t < 0 {
		a.Reset()
		return
	}
	tinit, tup := v.Init(t)
	tshield := v.Shield(t)
	m := newAim(v, g, t, cnt, attackForm(live), false)
	val := int(v.GMCard(card))
	doom, doomScore := s.bestDoom(v, g, false, m, val)
	// Only on a revealed Initiative it beats: its card is worth more on
	// its turn than as a gamble. A sweep (Tail Whip, Kick) is judged on
	// everyone in its zone, with no mob's favor.
	if hmtw.SweepDoom(doom) {
		j := memberOf(v, g)
		if j < 0 || !sweepWorth(v, v.MemberZone(j), val) {
			a.Reset()
			return
		}
	} else if !(tup && v.Beats(val+m.fav, tinit, tshield)) {
		a.Reset()
		return
	}
	a.Kind, a.Card, a.Ability, a.Trigger = hmtw.GMAttack, int8(card), attackForm(live), doom
	if r := minorRider(v, live, m, card, val, tup, doomScore); r != 0 {
		if j := greaterCard(v, card); j >= 0 {
			a.Rider, a.Ability, a.Trigger = int8(j), r, 0
		}
	}
}

// revealedWithin reports whether some adventurer up and targetable shows
// an Initiative of top or less: a minor Attack is only worth it on one.
func revealedWithin(v *hmtw.View, top int) bool {
	for t := 0; t < v.Adventurers(); t++ {
		if init, up := v.Init(t); up && v.Targetable(t) && !v.Down(t) && init <= top {
			return true
		}
	}
	return false
}

// minorRider is the rider worth putting on a minor Attack with lesser
// doom card (value val) on m.t, or 0: only where it does more than the
// attack doom (scored doomScore) it replaces (errata E-H6), with a lesser
// doom, and on a revealed Initiative (up) it beats.
func minorRider(v *hmtw.View, live *hmtw.Abilities, m gmAim, card, val int, up bool, doomScore int) hmtw.Ability {
	r := rider(v, live, m.t, val)
	if r != 0 && !v.GMCard(card).Greater() && up && v.Beats(riderValue(v, r, m, val), m.init, m.tie) &&
		hitOdds(v, m.t, riderValue(v, r, m, val))*riderScore(r) > doomScore {
		return r
	}
	return 0
}

// fairButSmart is section 8.2's GM. Where 8.2 is silent (a zone-wide
// Attack against a single-target Roughhouse) it takes the play with the
// larger expected effect: see sweepFirst.
type fairButSmart struct{}

var fairStyle = gmStyle{}

func (fairButSmart) Initiative(v *hmtw.View, g int) int          { return fairStyle.initiative(v, g) }
func (fairButSmart) Turn(v *hmtw.View, g int, a *hmtw.GMAction)  { fairStyle.turn(v, g, a) }
func (fairButSmart) Minor(v *hmtw.View, g int, a *hmtw.GMAction) { fairStyle.minor(v, g, a) }

// brutal is a GM that plays to kill: fair-but-smart's discipline (which
// Initiative, pairs, no gamble with a minor action: brutal's own choices
// there left it less deadly than fair-but-smart), and everything it
// spends on the most hurt.
type brutal struct{}

var brutalStyle = gmStyle{brutal: true}

func (brutal) Initiative(v *hmtw.View, g int) int          { return brutalStyle.initiative(v, g) }
func (brutal) Turn(v *hmtw.View, g int, a *hmtw.GMAction)  { brutalStyle.turn(v, g, a) }
func (brutal) Minor(v *hmtw.View, g int, a *hmtw.GMAction) { brutalStyle.minor(v, g, a) }

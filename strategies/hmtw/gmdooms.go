package hmtwstrat

import (
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// This file holds the GM's choice of doom: scores of hits, riders and
// played dooms, and the zone dooms' targets.

// hitOdds is twice the chance an Attack of value val hits adventurer t: 2
// on a revealed Initiative it beats, 0 on one it does not, 1 face down.
func hitOdds(v *hmtw.View, t, val int) int {
	init, up := v.Init(t)
	switch {
	case v.Down(t):
		return 2
	case !up:
		return 1
	case v.Beats(val, init, v.Shield(t)):
		return 2
	}
	return 0
}

// doomScore is what attack doom ab adds up to on an Attack of value val
// (before the mob's favor) on m.t, in halves of the score constants.
func doomScore(v *hmtw.View, g int, ab hmtw.Ability, m gmAim, val int) int {
	if hmtw.SweepDoom(ab) {
		// Every adventurer in the zone it stands in, one Wound each.
		j := memberOf(v, g)
		if j < 0 {
			return 0
		}
		z, sc := v.MemberZone(j), 0
		for t := 0; t < v.Adventurers(); t++ {
			if v.Present(t) && v.Zone(t) == z && (!v.Down(t) || v.FinishingBlows()) {
				sc += hitOdds(v, t, val) * woundScore
			}
		}
		return sc
	}
	p := hitOdds(v, m.t, val+m.fav)
	sc := p * woundScore
	if v.Down(m.t) {
		return sc // nothing more happens to the downed
	}
	switch ab {
	case hmtw.AbClaw, hmtw.AbTalons:
		if val+m.fav >= 2*m.init {
			sc += p * woundScore // the second Wound
		}
	case hmtw.AbBite:
		switch a := v.Adv(m.t); {
		case v.Effects(m.t)&hmtw.Trip == 0:
			sc += p * tripScore
		case a.Weapon != hmtw.NoItem || a.Shield:
			sc += p * disarmScore
		}
	case hmtw.AbTailBite:
		sc += p * displaceOver
	}
	return sc
}

// bestDoom is the attack doom that harms most on an Attack of value val
// on m.t (own: on its turn) and its score; a genuine tie is broken by a
// draw, never by the order the bestiary lists the dooms in.
func (s gmStyle) bestDoom(v *hmtw.View, g int, own bool, m gmAim, val int) (hmtw.Ability, int) {
	set := v.AttackDooms(g, own)
	best, score, ties := hmtw.Ability(0), -1, 0
	for _, ab := range hmtw.AttackDoomList() {
		if !set.Has(ab) {
			continue
		}
		sc := doomScore(v, g, ab, m, val)
		switch {
		case sc > score:
			best, score, ties = ab, sc, 1
		case sc == score:
			ties++
			if v.Draw(ties) == 0 {
				best = ab
			}
		}
	}
	if score < 0 {
		score = hitOdds(v, m.t, val+m.fav) * woundScore
	}
	return best, score
}

// overwhelmingScore is what a greater doom played as the Attack does on
// m.t at value val: a Wound, and an Overwhelming Bite's Trip.
func overwhelmingScore(v *hmtw.View, live *hmtw.Abilities, m gmAim, val int) int {
	p := hitOdds(v, m.t, val+m.fav)
	sc := p * woundScore
	if live.Has(hmtw.AbOverwhelmingBite) && v.Effects(m.t)&hmtw.Trip == 0 && !v.Down(m.t) {
		sc += p * tripScore
	}
	return sc
}

// riderValue is the value of an Attack of value val on m.t with rider r:
// a breath is ranged (it reaches "up to 1 zone away"), so a Tripped target
// gives it disfavor, which cancels the favor it had.
func riderValue(v *hmtw.View, r hmtw.Ability, m gmAim, val int) int {
	if (r == hmtw.AbBreathOfFire || r == hmtw.AbBreathOfIce) && v.Effects(m.t)&hmtw.Trip != 0 {
		if m.fav > 0 {
			return val
		}
		return val - 3
	}
	return val + m.fav
}

// riderScore is what greater rider r does on a hit, in the score
// constants: Breath of Fire's 3 Wounds (Critical in metal armor), Deadly
// Attack's 2, any other a Wound and an effect (or an effect instead).
func riderScore(r hmtw.Ability) int {
	switch r {
	case hmtw.AbBreathOfFire:
		return 3 * woundScore
	case hmtw.AbDeadlyAttack:
		return 2 * woundScore
	}
	return woundScore + tripScore
}

// gmAim is what a GM Attack on target t weighs: the attribute added on
// its turn, the favor of a mob or an unarmed, shieldless target (3), the
// target's Initiative (unknownInit when face down), whether it is known,
// and whether a tie misses (a shield).
type gmAim struct {
	t, attr, fav, init int
	known, tie         bool
}

// newAim weighs group g's Attack of form on target t, with n members
// against it.
func newAim(v *hmtw.View, g, t, n int, form hmtw.Ability, own bool) gmAim {
	tinit, tup := v.Init(t)
	tshield := v.Shield(t)
	m := gmAim{t: t, init: tinit, known: tup || v.Down(t), tie: tshield}
	if own {
		s := hmtw.Swords
		if form == hmtw.AbArcaneAttack {
			s = hmtw.Wands
		}
		m.attr = v.GroupAttr(g, s)
	}
	if n >= 2 || !tshield && v.Weapon(t) == hmtw.NoItem {
		m.fav = 3
	}
	if !m.known {
		m.init = unknownInit
	}
	return m
}

// attackCard is the card of the Attack, or -1: a greater doom for an
// Overwhelming Attack; else the lowest lesser doom that hits, else the
// highest one it can spare (brutal: the highest).
func (s gmStyle) attackCard(v *hmtw.View, g int, own bool, d *decision, m gmAim, greater bool) int {
	live := &d.live
	if greater && live.Overwhelms() {
		if j := highestGreater(v); j >= 0 {
			return j
		}
	}
	buf, nl := &d.buf, d.nl
	keep := 0
	if own {
		keep = toAct(v, g)
	}
	if nl <= keep && !s.brutal {
		return -1
	}
	usable := nl - keep
	if s.brutal {
		usable = nl
	}
	if usable <= 0 {
		return -1
	}
	if !s.brutal {
		for x := 0; x < usable; x++ {
			if v.Beats(int(v.GMCard(int(buf[x])))+m.attr+m.fav, m.init, m.tie) && m.known {
				return int(buf[x])
			}
		}
		return int(buf[usable-1])
	}
	return int(buf[nl-1])
}

// riderAndFavor adds a rider when the Attack will likely hit, on a lesser
// doom's Attack only (6.9.4), and only when it does more than the best
// passive attack doom it replaces (passive: that doom's score; errata
// E-H6); and a greater doom for favor when the +3 makes the hit (brutal:
// whenever it has one to spare, but never a breath that puts the Attack at
// disfavor).
func (s gmStyle) riderAndFavor(v *hmtw.View, a *hmtw.GMAction, live *hmtw.Abilities, m gmAim, card, val int, needFavor bool, passive int) {
	if r := rider(v, live, m.t, int(v.GMCard(card))); r != 0 && !v.GMCard(card).Greater() &&
		hitOdds(v, m.t, riderValue(v, r, m, val))*riderScore(r) > passive {
		if j := greaterBut(v, card, int(a.Favor)); j >= 0 && (s.brutal && breathDisfavor(v, r, m.t) == 0 || v.Beats(riderValue(v, r, m, val), m.init, m.tie)) {
			a.Rider, a.Ability = int8(j), r
		}
	}
	if m.fav == 0 && !needFavor {
		if j := greaterBut(v, card, int(a.Rider)); j >= 0 && (s.brutal || !v.Beats(val, m.init, m.tie) && v.Beats(val+3, m.init, m.tie)) {
			a.Favor = int8(j)
		}
	}
}

// breathDisfavor is the disfavor rider r puts on an Attack at adventurer
// t: a breath makes the Attack a missile one, at disfavor against a
// Tripped target (p.12-13), so a rider can turn a hit into a miss and be a
// card thrown away.
func breathDisfavor(v *hmtw.View, r hmtw.Ability, t int) int {
	if (r == hmtw.AbBreathOfFire || r == hmtw.AbBreathOfIce) && v.Effects(t)&hmtw.Trip != 0 {
		return 3
	}
	return 0
}

// sweepWorth reports that an Attack of value val at everyone present in
// zone z hits one of them the GM means to strike (the downed only with
// finishing blows): a revealed Initiative it beats.
func sweepWorth(v *hmtw.View, z, val int) bool {
	for t := 0; t < v.Adventurers(); t++ {
		if !v.Present(t) || v.Zone(t) != z || v.Down(t) && !v.FinishingBlows() {
			continue
		}
		if init, up := v.Init(t); up && v.Beats(val, init, v.Shield(t)) {
			return true
		}
	}
	return false
}

// sweepMisses reports that an Attack of value val at everyone present in
// zone z (a sweep) cannot hit: each of them shows its Initiative and val
// does not beat it.
func sweepMisses(v *hmtw.View, z, val int) bool {
	for t := 0; t < v.Adventurers(); t++ {
		if !v.Present(t) || v.Zone(t) != z {
			continue
		}
		init, up := v.Init(t)
		if !up || v.Down(t) || v.Beats(val, init, v.Shield(t)) {
			return false
		}
	}
	return true
}

// greaterBut is the GM's lowest free greater doom other than the cards
// at skip and skip2, or -1.
func greaterBut(v *hmtw.View, skip, skip2 int) int {
	best := -1
	for j := 0; j < v.GMHand(); j++ {
		if d := v.GMCard(j); d.Greater() && j != skip && j != skip2 && v.GMCardFree(j) && (best < 0 || d < v.GMCard(best)) {
			best = j
		}
	}
	return best
}

// played tries group g's played dooms, in the order of playedDooms; it
// reports whether one was chosen.
func (s gmStyle) played(v *hmtw.View, g int, a *hmtw.GMAction, own bool, d *decision) bool {
	if !v.HasPlayed(g) {
		return false
	}
	j := memberOf(v, g)
	if j < 0 {
		return false
	}
	p := doomScene{g: g, j: j, z: v.MemberZone(j), own: own, nl: d.nl, low: -1, high: -1, downInZone: -1}
	if d.nl > 0 {
		p.low, p.high = int(d.buf[0]), int(d.buf[d.nl-1])
	}
	// Who is in its zone matters only to the dooms that reach a zone.
	if l := &d.live; l[0]&zoneDooms[0]|l[1]&zoneDooms[1]|l[2]&zoneDooms[2] != 0 {
		p.countZone(v)
	}
	for _, c := range playedDooms {
		if !d.live.Has(c.ab) {
			continue
		}
		p.ab = c.ab
		if card, ok := c.pick(v, p, a); ok {
			if card < 0 {
				return false
			}
			a.Kind, a.Ability, a.Card = hmtw.GMAbility, c.ab, int8(card)
			return true
		}
	}
	return false
}

// doomScene is what a played doom's choice looks at: the doom ab; group g's first
// member j in the fight, in zone z; its lowest and highest free lesser
// dooms (-1: none) and their number nl; the able adventurers in the zone,
// those of them holding a card (a Stun makes them lose one), and one down
// there (-1: none).
type doomScene struct {
	ab              hmtw.Ability
	g, j, z         int
	own             bool
	nl, low, high   int
	inZone, holding int
	downInZone      int
}

// countZone counts the adventurers in the scene's zone.
func (p *doomScene) countZone(v *hmtw.View) {
	for t := 0; t < v.Adventurers(); t++ {
		if v.Zone(t) != p.z || !v.Targetable(t) {
			continue
		}
		if v.Able(t) {
			p.inZone++
			if v.HandSize(t) > 0 {
				p.holding++
			}
		}
		if v.Down(t) {
			p.downInZone = t
		}
	}
}

// doomChoice is when a GM plays a doom of its own: pick reports whether
// it does, and with which card (-1: it would, but holds none; nothing is
// played). zone: the choice counts who is in the zone.
type doomChoice struct {
	ab   hmtw.Ability
	zone bool
	pick func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool)
}

// playedDooms are the dooms a GM plays as actions, first choice first.
var playedDooms = [...]doomChoice{
	{hmtw.AbDevourTheLiving, true, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		return p.low, p.downInZone >= 0 && p.low >= 0
	}},
	// One bat cloud a round: a cloud cut down this round is not called
	// again until the next.
	{hmtw.AbCallBats, false, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		return p.high, !v.Summoned(p.g) && !v.SummonsActed(p.g) && p.nl > 1
	}},
	// A summons costs a minor action, not the turn; with every clone
	// already called it raises nothing, and the window goes elsewhere.
	{hmtw.AbFaithfulServant, false, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		gr := greaterCard(v, -1)
		return gr, !p.own && gr >= 0 && cloneToCall(v, p.g)
	}},
	// A Stun makes its victims discard a card: two with cards.
	{hmtw.AbShriek, true, pickStunZone},
	{hmtw.AbPotence, true, pickStunZone},
	{hmtw.AbStinkingCloud, true, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		gr := greaterCard(v, -1)
		return gr, p.inZone >= 2 && !v.Clouded(p.z) && gr >= 0
	}},
	{hmtw.AbAbsorbBones, false, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		gr := greaterCard(v, -1)
		return gr, gr >= 0 && v.Bones(p.g)
	}},
	{hmtw.AbFlutterAway, false, func(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
		gr := greaterCard(v, -1)
		return gr, !p.own && gr >= 0 && v.EngagedCount(p.j) >= 3
	}},
	{hmtw.AbSqueeze, false, pickSqueeze},
	{hmtw.AbUnearthlyFear, true, pickFear},
	{hmtw.AbSorrow, true, pickFear},
	{hmtw.AbFear, true, pickFear},
	{hmtw.AbSleepSong, false, pickSleepSong},
}

// zoneDooms is the set of the played dooms whose choice counts the zone.
var zoneDooms = func() (set hmtw.Abilities) {
	for _, c := range playedDooms {
		if c.zone {
			set[c.ab/64] |= 1 << (c.ab % 64)
		}
	}
	return set
}()

// pickStunZone: Shriek or Potence, with two adventurers in the zone
// holding cards.
func pickStunZone(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
	gr := greaterCard(v, -1)
	return gr, p.holding >= 2 && gr >= 0
}

// pickSqueeze: Squeeze, with a victim grabbed.
func pickSqueeze(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
	gr := greaterCard(v, -1)
	if gr < 0 {
		return -1, false
	}
	lo, hi := v.GroupMembers(p.g)
	for x := lo; x < hi; x++ {
		if v.Member(x).Grabbing > 0 {
			return gr, true
		}
	}
	return -1, false
}

// pickFear is a zone-wide fear: when it beats two revealed Initiatives of
// adventurers it changes something for: a Stun (Unearthly Fear, Sorrow)
// makes its victim discard a card, so one with an empty hand loses
// nothing; Fear Displaces, which needs a zone to go to.
func pickFear(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
	if p.nl == 0 || p.inZone < 2 {
		return -1, false
	}
	fear := p.ab == hmtw.AbFear
	if fear && !exitFrom(v, p.z) {
		return -1, false
	}
	val := int(v.GMCard(p.high))
	if p.own {
		val += v.GroupAttr(p.g, hmtw.Wands)
	}
	beaten := 0
	for t := 0; t < v.Adventurers(); t++ {
		if init, up := v.Init(t); v.Able(t) && v.Zone(t) == p.z && up && (fear || v.HandSize(t) > 0) &&
			v.Beats(val, init, v.Shield(t)) {
			beaten++
		}
	}
	return p.high, beaten >= 2
}

// pickSleepSong: Sleep Song, a lesser and a greater doom, at the first
// adventurer in reach whose revealed Initiative it beats.
func pickSleepSong(v *hmtw.View, p doomScene, a *hmtw.GMAction) (int, bool) {
	if p.nl == 0 {
		return -1, false
	}
	gr := greaterCard(v, -1)
	if gr < 0 {
		return -1, false
	}
	val := int(v.GMCard(p.high))
	if p.own {
		val += v.GroupAttr(p.g, hmtw.Wands)
	}
	for t := 0; t < v.Adventurers(); t++ {
		if init, up := v.Init(t); v.Able(t) && up && v.GMReach(p.j, t, true) && v.Beats(val, init, v.Shield(t)) {
			a.Rider = int8(gr)
			a.Targets[0] = int8(t)
			return p.high, true
		}
	}
	return -1, false
}

// cloneToCall reports a clone of group g's Faithful Servant not yet
// called into the fight (the kernel raises only those).
func cloneToCall(v *hmtw.View, g int) bool {
	for h := 0; h < v.Groups(); h++ {
		if v.SummonerOf(h) != g {
			continue
		}
		lo, hi := v.GroupMembers(h)
		for j := lo; j < hi; j++ {
			if !v.Member(j).Active {
				return true
			}
		}
	}
	return false
}

// exitFrom reports a zone adjacent to z, where a Displaced adventurer can
// be thrown.
func exitFrom(v *hmtw.View, z int) bool {
	for y := 0; y < v.Zones(); y++ {
		if y != z && v.Adjacent(z, y) {
			return true
		}
	}
	return false
}

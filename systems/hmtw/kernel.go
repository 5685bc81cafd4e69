package hmtw

import (
	"github.com/tpk-sim/tpk/sim"
)

// facedown is a card played facedown (section 6.6.1): a Dodge, Riposte or
// Aid Another, with whom it protects or aids.
type facedown struct {
	kind  ActionKind // Skip: none
	value int8       // the value when revealed (the attribute added if placed on its own turn)
	ally  int8       // the protected or aided adventurer (for the GM: unused)
	card  uint8      // the card, for the discard pile
	minor bool       // played as a minor action (the suit of its action, face value)
}

// advState is an adventurer during an encounter.
type advState struct {
	hand     [maxHand]Card
	nh       int8
	init     Card // the Initiative card, NoCard for none
	revealed bool
	fd       facedown // the one facedown action (H-7 "both": fd holds a Dodge, fd2 a Riposte)
	fd2      facedown
	resolve  int8
	xp       int8
	// conditions (section 5.3)
	staggered, injured, door, dead, stressed bool
	woundedTalents                           int8
	kinWounded                               bool
	lost                                     Talents // combat talents Wounded (unusable)
	crossed                                  int8    // things other than talents crossed out by the lich's doubt (H-36)
	medicalLost                              bool    // its medical motif crossed out by the doubt
	// gear
	hands       [2]Item
	wpn         Item             // the weapon in hand (cached by rearm)
	dropped     [maxDropped]Item // on the floor after a Disarm, in the order they fell; a Recover picks one up
	ndropped    int8
	body        Item
	bodyNotches int8
	helm        bool
	helmNotches int8
	shieldNotch int8 // Notches left on the held shield
	weaponNotch int8 // Notches left on the held weapon (acid, silver)
	loaded      bool // the crossbow
	belt        [maxBelt]Item
	beltWear    [maxBelt]int8 // Notches each belt item has taken (a slime's dissolving)
	nbelt       int8
	pack        [maxPack]Item
	npack       int8
	// situation
	effects     Effect
	webLimbs    int8
	zone        int8
	engaged     uint64 // GM characters engaged with it
	acted       bool   // took its turn this round
	hmmUsed     bool   // Heavy Metal Machine this round
	proud       bool   // Proud and Ancient: favor on the next action
	loseTurn    bool   // Controlled or a soft throat: its next turn is lost
	cloud       int8   // rounds started in a stinking cloud (cumulative draw penalty)
	gone        bool   // escaped by retreat
	petrified   bool
	reachedDoor bool
	diedInFight bool
	diedAfter   bool
	wounds      int16
	spent       int8 // Resolve spent
	grabbedBy   int8 // the GM character carrying it, or -1
}

// down reports an adventurer out of action: at Death's Door, dead,
// petrified, Knocked out.
func (a *advState) down() bool {
	return a.door || a.dead || a.petrified || a.effects&Knockout != 0
}

// present reports an adventurer still in the fight (down or not).
func (a *advState) present() bool { return !a.dead && !a.gone && !a.petrified }

// able reports an adventurer who can act.
func (a *advState) able() bool { return !a.down() && !a.gone }

// memState is a GM character during an encounter.
type memState struct {
	group           int8
	health, defense int16
	active          bool // in the fight (a spare limb slot is not, until it is spawned)
	down            bool // 0 Health: Death's Door or destroyed
	fled            bool
	surrendered     bool
	effects         Effect
	zone            int8
	engaged         uint8  // adventurers engaged with it
	window          int8   // Wounds dealt in the current Initiative-turn window (Threshold)
	broken          bool   // its Threshold is broken; a rune broken
	hardened        uint16 // damage kinds it has Hardened against
	graspUsed       bool   // no Last Grasp: a severed limb (or bones absorbed)
	limbsLost       int8   // limbs a zombie lost to Last Grasp (maxLimbs at most)
	webLimbs        int8
	grabbed         uint8          // adventurers it carries (Grab, Bite, Engulf)
	drained         [MaxParty]int8 // XP its Dolorous Kiss took from each adventurer
	stolen          Item           // the belt item its Bad Little Hands holds, or NoItem
	stolenWear      int8           // that item's Notches
	stolenFrom      int8           // the adventurer it belongs to
	dealt           int16          // Wounds dealt to it (for the record)
	downAt          int            // the window it went down in (H-5 "simultaneous")
}

// out reports a GM character no longer fighting.
func (m *memState) out() bool { return !m.active || m.down || m.fled || m.surrendered }

// groupState is a GM group during an encounter.
type groupState struct {
	init      Doom // its Initiative card, NoDoom for none
	revealed  bool
	acted     bool
	fd        facedown
	emotion   Emotion
	intensity int8
	active    bool   // in the fight (a hidden summon is not, until called)
	minors    int8   // minor actions this round (H-16 "one-per-round")
	window    int    // the last window it took a minor action in
	shrouded  bool   // the jinn's Invisible
	movedAt   int    // the window it last moved in (a Shrouded mover can be targeted)
	tangible  bool   // the jinn's body of smokeless fire made tangible
	gazeUsed  bool   // the cockatrice's gaze this round
	salted    bool   // salt hit it since its last turn (no Regenerate then)
	lastKind  uint16 // the kinds of harm that last Wounded it (Harden)
	shared    bool   // its Initiative is its summoner's (the Yellow King's clones)
	blinded   bool   // Heavenfire: its members' Blind ends with its next turn
	freeMoved bool   // its free move (Fleet) is spent this turn
	lo, hi    int8   // its members: members[lo:hi]
}

// How an encounter ended.
const (
	going = iota
	endVictory
	endDefeat
	endRetreat
	endStalemate
)

// tallies are the encounter's counters.
type tallies struct {
	wounds, notches, piercing, criticals, destroyed, poultices int
	fools, mulligans, skipped, banter, afflictions, firstDown  int
	limbsGone                                                  int // destroyed limbs whose slot a new limb took
	cornered, zombie                                           bool
}

// kernel plays encounters of one model; one per worker.
type kernel struct {
	m     *model
	ru    Rules
	r     *sim.Rand
	tr    *sim.Trace
	rec   *sim.Record // the encounter's record, for Standing
	round int
	na    int // adventurers
	ng    int // groups
	nm    int // GM characters
	adv   [MaxParty]advState
	mem   [MaxMembers]memState
	imm   [MaxMembers]immunity // each GM character's immunities by its abilities (immune)
	grp   [MaxGroups]groupState
	minor deck
	major deck
	gm    [maxGMHand]Doom // the GM's hand
	ngm   int8
	// hazards' Initiative cards, and which are face up
	hz    [MaxHazards]Doom
	hzRev [MaxHazards]bool
	// foolDrawn: both decks reshuffle at the end of the round (p.115, p.123).
	foolDrawn bool
	// the Initiative count and the current window
	count  int
	window int
	// tie-break keys for the turn order (H-5)
	tieKey [MaxParty + MaxGroups]uint32
	// stinking clouds: zones filled, and the light-made tangibility of
	// shadow forms this round
	cloudZones uint8
	lit        uint64 // shadow forms (bit j) a light made tangible this round
	t          tallies
	changed    bool // an event that can end the fight happened
	// grpIn caches groupIn for every group and memIn memberIn for every
	// GM character (bit j); inDirty says a GM character went in or out
	// since they were computed.
	grpIn   [MaxGroups]bool
	memIn   uint64
	inDirty bool
	end     int
	fdPaid  bool // the action being resolved has paid for Fight Dirty
	view    View
	act     Action
	gact    GMAction
	threat  Threat
	// minor-action declarations of one window
	gmReserved uint32 // GM cards declared in this window (by value)
	declared   uint8  // adventurers (bit i) whose declaration in this window is not a Skip
	facts      windowFacts
	initMemo   bool // the party chooses its Initiative cards: View.WindowMemo is kept
	decl       [MaxParty]Action
	gdecl      [MaxGroups]GMAction
	order      [MaxParty + MaxGroups]int8
	strong     *strong // strong play's part, nil when no combatant plays strong
}

// newKernel returns a kernel of m.
func newKernel(m *model) *kernel { return makeKernel(m, false) }

// makeKernel returns a kernel of m; a rollout kernel is the one strong
// play replays encounters on (strong.go).
func makeKernel(m *model, rollout bool) *kernel {
	k := &kernel{m: m, ru: m.rules, na: len(m.party), ng: len(m.groups)}
	for _, g := range m.groups {
		for i := range g.members {
			k.imm[k.nm+i] = immunityOf(&g.members[i].abil)
		}
		k.nm += len(g.members)
	}
	k.view.k = k
	k.initStrong(rollout)
	return k
}

// Play resets the state, plays one encounter and records it.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if k.strong != nil {
		k.strong.s.Begin(r, tr)
	}
	k.r, k.tr, k.rec = r, tr, rec
	k.reset()
	rec.Standing(0, k.standingMask())
	k.end = k.fight()
	rec.Standing(k.round, k.standingMask())
	k.afterFight()
	if k.allDead() {
		k.end = endDefeat // whatever the way it ended: nobody lives
	}
	k.record(rec)
	k.r, k.tr, k.rec = nil, nil, nil
	if k.strong != nil {
		k.strong.s.End()
	}
}

// allDead reports every adventurer dead.
func (k *kernel) allDead() bool {
	for i := 0; i < k.na; i++ {
		if !k.adv[i].dead {
			return false
		}
	}
	return true
}

// standingMask says who is still in the fight, for sim.Record.Standing:
// bit i for adventurer i while able (not at Death's Door, dead, petrified,
// knocked out or retreated; a rescue or waking up brings one back) and bit
// na+g for group g while it fights (groupIn: a summoned group only once it
// is). The kernel reports it as the fight starts, at the end of every round
// and when the fight ends, mid-round or not.
func (k *kernel) standingMask() uint64 {
	var m uint64
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			m |= 1 << i
		}
	}
	for g := 0; g < k.ng; g++ {
		if k.groupIn(g) {
			m |= 1 << (k.na + g)
		}
	}
	return m
}

func (k *kernel) reset() {
	m := k.m
	k.round, k.count, k.window = 0, 0, 0
	k.t = tallies{}
	k.changed, k.end, k.foolDrawn, k.cloudZones, k.lit = false, going, false, 0, 0
	k.inDirty = true
	k.declared, k.facts, k.initMemo = 0, windowFacts{}, false
	k.minor.fill(true)
	k.major.fill(false)
	k.minor.stack, k.major.stack = m.minorStack, m.majorStack
	k.ngm = 0
	// No hazard holds an Initiative before the first round's (one left
	// from an encounter that ended mid-round would be dealt by a fork).
	k.hz, k.hzRev = [MaxHazards]Doom{}, [MaxHazards]bool{}
	for i := 0; i < k.na; i++ {
		s := &m.party[i]
		a := &k.adv[i]
		*a = advState{init: NoCard, resolve: int8(s.resolve), xp: int8(s.xp), staggered: s.staggered, injured: s.injured,
			stressed: s.stressed, woundedTalents: int8(s.woundedTalents), hands: s.hands, body: s.body, helm: s.helm,
			zone: s.zone, loaded: true, grabbedBy: -1}
		if s.body != NoItem {
			a.bodyNotches = s.body.info().notches
		}
		if s.helm {
			a.helmNotches = 1
		}
		a.rearm()
		if sh := a.shield(); sh != NoItem {
			a.shieldNotch = sh.info().notches
		}
		if w := a.weapon(); w != NoItem {
			a.weaponNotch = w.info().notches
		}
		a.nbelt = int8(copy(a.belt[:], s.belt))
		a.beltWear = [maxBelt]int8{}
		a.npack = int8(copy(a.pack[:], s.pack))
	}
	n := 0
	for g := 0; g < k.ng; g++ {
		gs := &m.groups[g]
		k.grp[g] = groupState{emotion: gs.emotion, active: !gs.hidden, lo: int8(n), hi: int8(n + len(gs.members)), window: -1,
			movedAt: -1}
		for i := range gs.members {
			ms := &gs.members[i]
			k.mem[n] = memState{group: int8(g), health: int16(ms.health), defense: int16(ms.defense),
				active: !gs.hidden && !ms.spare, zone: gs.zone}
			n++
		}
	}
}

// fight runs the round loop of section 6.3 and returns how it ended.
func (k *kernel) fight() int {
	if k.tr != nil {
		k.narrateSetup()
	}
	k.round = 1
	k.checkDark() // a guild with no lit light fights in the dark from the start (E-H4)
	for k.round = 1; k.round <= k.m.maxRounds; k.round++ {
		k.drawPhase()
		k.initiativePhase()
		if end := k.turns(); end != going {
			return end
		}
		if end := k.endOfRound(); end != going {
			return end
		}
		k.rec.Standing(k.round, k.standingMask())
	}
	k.round = k.m.maxRounds
	if k.tr != nil {
		k.tr.Add(k.round, "", "the round limit is reached: stalemate")
	}
	return endStalemate
}

// drawPhase is step 1: four cards to each adventurer who can act (fewer in
// a stinking cloud, which then Stuns, and Knocks out in the 4th round), the
// GM's hand, a mulligan (H-4).
func (k *kernel) drawPhase() {
	k.foolDrawn = false
	k.lit = 0
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		a.acted, a.hmmUsed, a.revealed = false, false, false
		if !a.able() {
			continue
		}
		n := 4
		cloud := k.cloudZones&(1<<a.zone) != 0
		if cloud {
			a.cloud++
			n -= int(a.cloud)
			if a.cloud >= 4 {
				a.effects |= Knockout
				k.disengageAdv(i)
				k.changed = true
				k.say(i, "starts a 4th round in the stinking cloud: is Knocked out")
				continue
			}
		}
		for j := 0; j < n; j++ {
			c, ok := k.minor.draw(k.r)
			if !ok {
				break
			}
			k.gotCard(Card(c))
			a.hand[a.nh] = Card(c)
			a.nh++
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "draws %s", k.handString(i))
		}
		if cloud {
			k.stunAdv(i, "the stinking cloud")
		}
	}
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		gs.acted, gs.revealed, gs.minors, gs.gazeUsed = false, false, 0, false
	}
	k.drawGM()
}

// gotCard notes a card drawn from the players' deck.
func (k *kernel) gotCard(c Card) {
	if c == Fool {
		if !k.foolDrawn && k.tr != nil {
			k.tr.Add(k.round, "", "the Fool is drawn: both decks will be reshuffled at the end of the round")
		}
		k.foolDrawn = true
		k.t.fools++
	}
}

// initiativePhase is step 2: each adventurer's card facedown, the GM's
// card for each group and hazard.
func (k *kernel) initiativePhase() {
	// Nothing a choice reads but the chooser's own hand changes from one
	// adventurer's choice to the next: the policies may keep what they
	// work out for all (not under strong play, whose rollouts play on).
	if !k.m.Strong {
		k.facts.memo, k.initMemo = 0, true
	}
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		a.init = NoCard
		if !a.able() || a.nh == 0 {
			continue
		}
		j := k.m.party[i].policy.Initiative(&k.view, i)
		if j < 0 || j >= int(a.nh) || a.hand[j] == Fool {
			j = k.fallbackInitiative(i)
		}
		if j < 0 {
			continue // only the Fool: no Initiative (H-22)
		}
		a.init = a.hand[j]
		k.removeCard(i, j)
	}
	k.initMemo = false
	k.gmInitiative()
	for i := range k.tieKey {
		k.tieKey[i] = 0
		if k.ru.H5 == H5Random {
			k.tieKey[i] = uint32(k.r.Uint64())
		}
	}
	if k.tr != nil {
		for i := 0; i < k.na; i++ {
			if k.adv[i].init != NoCard {
				k.tr.Add(k.round, k.aname(i), "plays Initiative facedown (%s)", k.adv[i].init)
			}
		}
	}
}

// fallbackInitiative is the highest card that is not the Fool, or -1.
func (k *kernel) fallbackInitiative(i int) int {
	a := &k.adv[i]
	best := -1
	for j := 0; j < int(a.nh); j++ {
		if a.hand[j] != Fool && (best < 0 || a.hand[j].Value() > a.hand[best].Value()) {
			best = j
		}
	}
	return best
}

// removeCard takes card j out of adventurer i's hand (not discarding it).
func (k *kernel) removeCard(i, j int) Card {
	a := &k.adv[i]
	c := a.hand[j]
	a.nh--
	a.hand[j] = a.hand[a.nh]
	return c
}

// discardCard discards card j of adventurer i's hand.
func (k *kernel) discardCard(i, j int) Card {
	c := k.removeCard(i, j)
	k.minor.discard(uint8(c))
	return c
}

// nextHolder is the holder who acts next, and its Initiative: the lowest
// Initiative not yet acted; ties per H-5 (the GM first unless random,
// then by order). Holders are numbered: adventurers 0..na-1, groups na+g;
// -1 when none is left.
func (k *kernel) nextHolder() (holder, value int) {
	best, bv, bs := -1, 0, 0
	side := 1 // the adventurers' side, after the GM's on a tie
	if k.ru.H5 == H5Random {
		side = 0
	}
	for e := 0; e < k.na; e++ {
		a := &k.adv[e]
		if a.acted || a.init == NoCard || !a.able() {
			continue
		}
		if v := a.init.Value(); best < 0 || v < bv || v == bv && (side < bs || side == bs && k.tieKey[e] < k.tieKey[best]) {
			best, bv, bs = e, v, side
		}
	}
	if k.inDirty {
		k.refreshIn()
	}
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		if gs.acted || gs.init == NoDoom || !k.grpIn[g] {
			continue
		}
		e := k.na + g
		if v := int(gs.init); best < 0 || v < bv || v == bv && (0 < bs || bs == 0 && k.tieKey[e] < k.tieKey[best]) {
			best, bv, bs = e, v, 0
		}
	}
	return best, bv
}

// turns is steps 3 and 4: the count upward, each holder's turn and the
// minor-action window after it; then the last chance to play a Fool.
func (k *kernel) turns() int {
	k.startOfCount()
	for {
		e, v := k.nextHolder()
		if e < 0 {
			break
		}
		k.count = v
		k.window++
		k.resetWindow()
		acted := false
		if e < k.na {
			acted = k.advTurn(e)
		} else {
			acted = k.groupTurn(e - k.na)
		}
		if k.settle() {
			return k.end
		}
		if acted {
			k.minorWindow(e)
			if k.settle() {
				return k.end
			}
		}
	}
	// The Fool's extra turn, at the latest before the hands are discarded.
	for i := 0; i < k.na; i++ {
		if k.canFool(i) {
			k.window++
			k.resetWindow()
			k.foolTurn(i, nil)
			if k.settle() {
				return k.end
			}
		}
	}
	return going
}

// resetWindow starts an Initiative-turn window: Threshold counts restart.
func (k *kernel) resetWindow() {
	for i := 0; i < k.nm; i++ {
		k.mem[i].window = 0
	}
}

// settle re-checks the end of the fight after an event that can end it.
func (k *kernel) settle() bool {
	if !k.changed {
		return false
	}
	k.changed = false
	k.end = k.ended()
	return k.end != going
}

// ended says whether the fight is over: every foe out (victory), no
// adventurer able and present (defeat, or retreat when some escaped).
func (k *kernel) ended() int {
	foes := false
	for g := 0; g < k.ng; g++ {
		if k.groupIn(g) {
			foes = true
			break
		}
	}
	anyAble, anyGone := false, false
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if a.able() {
			anyAble = true
		}
		if a.gone {
			anyGone = true
		}
	}
	switch {
	case !anyAble && anyGone:
		return endRetreat
	case !anyAble:
		return endDefeat
	case !foes:
		return endVictory
	}
	return going
}

// groupIn reports whether group g still fights: active with a member in
// (a dungeon lord: its core pool in).
func (k *kernel) groupIn(g int) bool {
	if k.inDirty {
		k.refreshIn()
	}
	return k.grpIn[g]
}

// refreshIn recomputes groupIn for every group and memberIn for every GM
// character.
func (k *kernel) refreshIn() {
	k.inDirty = false
	k.memIn = 0
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		in := false
		switch lord := k.m.groups[g].core; {
		case !gs.active:
		case lord >= 0:
			in = !k.mem[int(gs.lo)+lord].out()
		default:
			for i := gs.lo; i < gs.hi; i++ {
				if !k.mem[i].out() {
					in = true
					break
				}
			}
		}
		k.grpIn[g] = in
		if !in {
			continue
		}
		for i := gs.lo; i < gs.hi; i++ {
			if !k.mem[i].out() {
				k.memIn |= 1 << i
			}
		}
	}
}

// memberIn reports whether GM character i still fights (its group in, and
// it too; a lord's fallen pools are out).
func (k *kernel) memberIn(i int) bool {
	if k.inDirty {
		k.refreshIn()
	}
	return k.memIn&(1<<i) != 0
}

// endOfRound is step 5: the GM's assessment (surrender, flight, the offer
// of a retreat, made while the hands are held: a retreat costs a card,
// errata E-H8), then hands and Initiative cards discarded, facedown cards
// kept, the Fool's reshuffle.
func (k *kernel) endOfRound() int {
	end := k.assessEndOfRound()
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		for j := 0; j < int(a.nh); j++ {
			k.minor.discard(uint8(a.hand[j]))
		}
		a.nh = 0
		if a.init != NoCard {
			k.minor.discard(uint8(a.init))
			a.init = NoCard
		}
	}
	k.discardGMHand()
	for g := 0; g < k.ng; g++ {
		if d := k.grp[g].init; d != NoDoom {
			if !k.grp[g].shared {
				k.major.discard(uint8(d))
			}
			k.grp[g].init = NoDoom
		}
	}
	for h := range k.m.scene.hazards {
		if k.hz[h] != NoDoom {
			k.major.discard(uint8(k.hz[h]))
			k.hz[h] = NoDoom
		}
	}
	if k.foolDrawn {
		k.minor.reshuffle()
		k.major.reshuffle()
		if k.tr != nil {
			k.tr.Add(k.round, "", "the Fool was drawn this round: both decks are reshuffled")
		}
	}
	return end
}

// assessEndOfRound is the GM's end-of-round assessment and the offer of a
// retreat; it returns how the fight ended, or going.
func (k *kernel) assessEndOfRound() int {
	k.assessMorale()
	k.changed = true
	if k.settle() {
		return k.end
	}
	if k.offerRetreat() {
		k.changed = true
	}
	if k.settle() {
		return k.end
	}
	return going
}

// record writes the encounter's metrics.
func (k *kernel) record(rec *sim.Record) {
	deaths, door, died, after, petrified, burns, spent := 0, 0, 0, 0, 0, 0, 0
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if a.dead {
			deaths++
		}
		if a.reachedDoor {
			door++
		}
		if a.diedInFight {
			died++
		}
		if a.diedAfter {
			after++
		}
		if a.petrified {
			petrified++
		}
		spent += int(a.spent)
		if !a.dead {
			burns += int(a.spent) + int(a.woundedTalents)
			if a.injured {
				burns++
			}
			if a.stressed {
				burns++
			}
		}
		c := i * numCombatantMetrics
		rec.PerCombatant[c+cmDeath] = b2i(a.dead)
		rec.PerCombatant[c+cmDeathsDoor] = b2i(a.reachedDoor)
		rec.PerCombatant[c+cmWounds] = int32(a.wounds)
	}
	fdown, fled, surr := k.t.limbsGone, 0, 0
	for i := 0; i < k.nm; i++ {
		x := &k.mem[i]
		if !x.active {
			continue
		}
		switch {
		case x.down:
			fdown++
		case x.fled:
			fled++
		case x.surrendered:
			surr++
		}
	}
	for g := 0; g < k.ng; g++ {
		c := (k.na + g) * numCombatantMetrics
		gs := &k.grp[g]
		dealt := 0
		for i := gs.lo; i < gs.hi; i++ {
			dealt += int(k.mem[i].dealt)
		}
		rec.PerCombatant[c+cmDown] = b2i(gs.active && !k.groupIn(g))
		rec.PerCombatant[c+cmWounds] = int32(dealt)
	}
	rec.SetStandard(sim.Ending{Victory: k.end == endVictory, Defeat: k.end == endDefeat,
		Stalemate: k.end == endStalemate, Rounds: k.round, Deaths: deaths, Party: k.na})
	rec.Flag(mRetreat, k.end == endRetreat)
	rec.Flag(mCornered, k.t.cornered)
	rec.Flag(mAnyDeathsDoor, door > 0)
	rec.Flag(mZombie, k.t.zombie)
	rec.Set(mDeathsDoor, door)
	rec.Set(mDiedInFight, died)
	rec.Set(mDiedAfter, after)
	rec.Set(mPetrified, petrified)
	rec.Set(mWounds, k.t.wounds)
	rec.Set(mNotches, k.t.notches)
	rec.Set(mPiercing, k.t.piercing)
	rec.Set(mCriticals, k.t.criticals)
	rec.Set(mItemsDestroyed, k.t.destroyed)
	rec.Set(mBondBurns, burns)
	rec.Set(mResolveSpent, spent)
	rec.Set(mPoultices, k.t.poultices)
	rec.Set(mFoesDown, fdown)
	rec.Set(mFoesFled, fled)
	rec.Set(mFoesSurrendered, surr)
	rec.Set(mFirstDown, k.t.firstDown)
	rec.Set(mFools, k.t.fools)
	rec.Set(mReshuffles, k.minor.reshuffles+k.major.reshuffles)
	rec.Set(mMulligans, k.t.mulligans)
	rec.Set(mSkipped, k.t.skipped)
	rec.Set(mBanter, k.t.banter)
	rec.Set(mAfflictions, k.t.afflictions)
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

package demoncity

import "github.com/tpk-sim/tpk/sim"

// condition is where a combatant stands.
type condition uint8

const (
	up   condition = iota // in the fight (possibly panicked)
	down                  // Out of the Fight
	dead                  // only under option DC-4
	fled                  // escaped
)

var conditionNames = [...]string{"up", "Out of the Fight", "dead", "escaped"}

// fstate is one combatant's state in an encounter. It is reset from the
// model at the start of every encounter.
type fstate struct {
	state       condition
	panic       bool
	panicCheck  int // the Calm check number that caused the Panic
	curT        int // current Toughness
	injured     bool
	wasNegative bool // knocked below 0 (not just to 0, not a Base Toughness 0 Injured box)
	downFor     int  // recovery steps spent down since the last knock-down
	failStreak  int  // consecutive failed recovery throws
	recInt      int  // Intensity of the recovery throw
	rallied     bool // threw to get up at this round's start (DC-24): no second throw
	held        bool // kept down (DC-26): the next throw to get up loses a throw
	escape      int  // escape steps
	lastTarget  int8

	// This round's announcement and throw: reset every round.
	turn
	cards [MaxThrow]uint8 // the throw's cards (cards[:nCards])

	// Carried into the next round.
	repoNow, repoNext   bool // may reposition (DC-20)
	bonusNow, bonusNext int  // DC-11 "extra-throw"
	lossNow, lossNext   int  // DC-11 "hazard"
	skipNext            bool // DC-15 "fumble-loses-round"

	// Tallies for the record.
	knockdowns, roundsDown, hitsTaken, damage int
	everDown, everPanic                       bool
}

// turn is a combatant's announcement and throw in the current Action
// Round.
type turn struct {
	act       Action
	n         int // cards to draw
	bonus     int // extra throws given by an opponent's piled-on disadvantages
	nCards    int
	res       Result
	announced bool
	contested bool // takes part in a clash with cards
	keepLow   bool
	ok        bool // the action succeeds (before the clash's winner is known)
	crit      bool
}

// newTurn is a turn before the announcement: nothing announced, no cards.
var newTurn = turn{act: PassTurn(), res: Result{V: -1}}

// kernel plays encounters of one model. One kernel belongs to one worker.
type kernel struct {
	m     *model
	view  View
	r     *sim.Rand // the encounter's generator, or own past a fork
	own   sim.Rand  // the generator a rollout draws from past its fork (strong.go)
	tr    *sim.Trace
	decks [2]Deck
	// deckOf[i] is &decks[the deck combatant i throws from].
	deckOf [MaxCombatants]*Deck
	st     [MaxCombatants]fstate
	order  [MaxCombatants]int8 // Agility order, slowest first
	ann    [MaxCombatants]int8 // this round's announcers, in order
	nAnn   int
	round  int
	up     uint16 // bit i: combatant i is up (in the fight); kept by setState
	down   uint16 // bit i: combatant i is Out of the Fight

	atkMask    [MaxCombatants]uint16   // this round: the announced attackers of each combatant
	nClash     int                     // this round's clashes
	clashStart [MaxCombatants + 1]int8 // clash c's actors are clashMem[clashStart[c]:clashStart[c+1]]
	clashMem   [MaxCombatants]int8
	// lastClashes is what the clashes above were built from (nAnn -1: not
	// built in this encounter yet).
	lastClashes clashKey

	// dmgNote says how the last damage was thrown (narration only).
	dmgNote string

	clashes, ties, partyWins, wasted, hits int
	crits, sigCrits, fumbles, panics       int
	recThrows, recoveries                  int
	partyKnock, foeKnock                   int

	strong *strong // strong play's part, nil when no combatant plays strong
}

// Play runs one encounter (sim.Kernel).
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if k.strong != nil {
		k.strong.s.Begin(r, tr)
	}
	k.reset(r, tr)
	over, beaten := false, false
	rounds, last := 0, 0
	rec.Standing(0, k.standingMask())
	for k.round = 1; k.round <= k.m.maxRounds; k.round++ {
		if beaten && !k.rally() {
			over, last = true, k.round
			break
		}
		rounds = k.round
		k.actionRound()
		rec.Standing(k.round, k.standingMask())
		if beaten = k.over(); beaten && k.m.rules.DC24 == DC24FirstKnockdown {
			over = true
			break
		}
	}
	if beaten && !over {
		// The round cap came just as a side was left with nobody up: its
		// downed members still throw to get up before the fight is called.
		over, last = !k.rally(), k.round
	}
	k.round = max(rounds, last)
	k.record(rec, rounds, !over)
	if k.strong != nil {
		k.strong.s.End()
	}
}

// rally starts a round after one that left a side with nobody up (DC-24
// "after-recovery"): every downed member of such a side throws to get up,
// slowest first, before anyone announces. It reports whether every side
// has someone up again, so that the fight goes on.
func (k *kernel) rally() bool {
	m := k.m
	var beaten uint16
	if k.up&m.partyMask == 0 {
		beaten |= m.partyMask
	}
	if k.up&m.foeMask == 0 {
		beaten |= m.foeMask
	}
	if k.tr != nil {
		who := "none of the party is up"
		if beaten&m.partyMask == 0 {
			who = "none of the foes is up"
		} else if beaten&m.foeMask != 0 {
			who = "nobody on either side is up"
		}
		k.tr.Add(k.round, "", "%s: the downed throw to get up before anyone announces (DC-24)", who)
	}
	for o := 0; o < m.n; o++ {
		i := int(k.order[o])
		s := &k.st[i]
		if beaten&bit(i) == 0 || s.state != down || s.skipNext {
			continue
		}
		s.rallied = true
		k.recover(i)
	}
	return !k.over()
}

// reset starts an encounter: fresh decks, fresh states, the Agility order,
// and the Calm checks at first sight.
func (k *kernel) reset(r *sim.Rand, tr *sim.Trace) {
	m := k.m
	k.r, k.tr = r, tr
	for d := range k.decks {
		k.decks[d].Reset(r)
	}
	for i := 0; i < m.n; i++ {
		k.st[i] = fstate{curT: m.f[i].toughness, lastTarget: -1}
	}
	k.up, k.down = m.partyMask|m.foeMask, 0
	k.lastClashes.nAnn = -1
	k.clashes, k.ties, k.partyWins, k.wasted, k.hits = 0, 0, 0, 0, 0
	k.crits, k.sigCrits, k.fumbles, k.panics = 0, 0, 0, 0
	k.recThrows, k.recoveries, k.partyKnock, k.foeKnock = 0, 0, 0, 0
	k.round = 0

	// Agility order, slowest first; ties broken at random once for the
	// whole fight: shuffle, then a stable insertion sort.
	for i := 0; i < m.n; i++ {
		k.order[i] = int8(i)
	}
	for i := m.n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		k.order[i], k.order[j] = k.order[j], k.order[i]
	}
	for i := 1; i < m.n; i++ {
		for j := i; j > 0 && m.f[k.order[j]].agility < m.f[k.order[j-1]].agility; j-- {
			k.order[j], k.order[j-1] = k.order[j-1], k.order[j]
		}
	}
	if tr != nil {
		k.traceSetup()
	}
	if m.rules.DC16 != DC16Off {
		k.firstSight()
	}
}

// setState moves combatant i to condition c.
func (k *kernel) setState(i int, c condition) {
	k.st[i].state = c
	b := bit(i)
	k.up &^= b
	k.down &^= b
	switch c {
	case up:
		k.up |= b
	case down:
		k.down |= b
	}
}

// standingMask says who is still in the fight, for sim.Record.Standing:
// bit i for combatant i when it is up (not Out of the Fight, dead or fled).
func (k *kernel) standingMask() uint64 { return uint64(k.up) }

// over reports whether one side has nobody left in the fight.
func (k *kernel) over() bool { return k.up&k.m.partyMask == 0 || k.up&k.m.foeMask == 0 }

// record writes the encounter's figures.
func (k *kernel) record(rec *sim.Record, rounds int, stalemate bool) {
	m := k.m
	partyIn, foesIn, partyDead, partyFled, partyEverDown, partyDownNow := 0, 0, 0, 0, 0, 0
	nm := numCombatantMetrics
	for i := 0; i < m.n; i++ {
		s := &k.st[i]
		if m.f[i].party {
			switch s.state {
			case up:
				partyIn++
			case dead:
				partyDead++
			case fled:
				partyFled++
			case down:
				partyDownNow++
			}
			if s.everDown {
				partyEverDown++
			}
		} else if s.state == up {
			foesIn++
		}
		pc := rec.PerCombatant[i*nm : (i+1)*nm]
		pc[cDown] = b2i(s.everDown)
		pc[cKnockdowns] = int32(s.knockdowns)
		pc[cRoundsDown] = int32(s.roundsDown)
		pc[cDownAtEnd] = b2i(s.state == down)
		pc[cDeath] = b2i(s.state == dead)
		pc[cPanicked] = b2i(s.everPanic)
		pc[cFled] = b2i(s.state == fled)
		pc[cHitsTaken] = int32(s.hitsTaken)
		pc[cDamage] = int32(s.damage)
	}
	v := rec.Values
	rec.SetStandard(sim.Ending{Victory: foesIn == 0, Defeat: partyIn == 0 && partyFled == 0, Stalemate: stalemate,
		Rounds: rounds, Deaths: partyDead, Party: m.nParty})
	v[mEscape] = b2i(partyIn == 0 && partyFled > 0)
	v[mKnockdowns] = int32(k.partyKnock)
	v[mAnyDown] = b2i(partyEverDown > 0)
	v[mLeftDown] = b2i(partyDownNow > 0)
	v[mFoeKnockdowns] = int32(k.foeKnock)
	v[mClashes] = int32(k.clashes)
	v[mClashTies] = int32(k.ties)
	v[mClashWins] = int32(k.partyWins)
	v[mWastedWins] = int32(k.wasted)
	v[mHits] = int32(k.hits)
	v[mCriticals] = int32(k.crits)
	v[mSigCriticals] = int32(k.sigCrits)
	v[mFumbles] = int32(k.fumbles)
	v[mPanics] = int32(k.panics)
	v[mRecoveryThrows] = int32(k.recThrows)
	v[mRecoveries] = int32(k.recoveries)
	v[mReshufflesPlayers] = int32(k.decks[playersDeck].Reshuffles)
	v[mReshufflesHorror] = int32(k.decks[horrorsDeck].Reshuffles)
	if k.tr != nil {
		k.traceEnd(stalemate)
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// throw draws n cards for combatant i from its deck into dst and evaluates
// them: the highest card, or the lower of two when keepLow.
func (k *kernel) throw(i, n int, keepLow bool, dst []uint8) (int, Result) {
	d := k.deck(i)
	if k.plain(d, n, keepLow) {
		return n, highest(d.takeMax(dst[:n]))
	} else if !keepLow && !k.m.cards.sigs {
		got, best, id := d.ThrowMax(n, dst)
		return got, Result{V: best, Card: id, Fumble: got > 0 && id == foolID}
	}
	got := d.Throw(n, dst)
	return got, k.m.cards.Evaluate(dst[:got], keepLow, i)
}

// plain reports whether a throw of n cards from d is the common case: the
// highest card counts, no Significators are in play, and every card comes
// straight from the draw pile (takeMax and highest).
func (k *kernel) plain(d *Deck, n int, keepLow bool) bool {
	return !keepLow && !k.m.cards.sigs && d.fromPile(n)
}

// highest is the Result of a throw of plain cards whose highest card is
// worth best (takeMax): The Fool, the only card worth 0, fumbles.
func highest(best int8, id uint8) Result {
	return Result{V: int(best), Card: id, Fumble: id == foolID}
}

// deck is the deck combatant i throws from.
func (k *kernel) deck(i int) *Deck { return k.deckOf[i] }

// canTarget reports whether self may attack i.
func (k *kernel) canTarget(self, i int) bool {
	if i < 0 || i >= k.m.n || self == i || k.m.f[self].party == k.m.f[i].party {
		return false
	}
	switch k.st[i].state {
	case up:
		return true
	case down:
		return k.m.rules.DC5 != DC5Ignore || k.m.rules.DC26 == DC26KeepDown
	}
	return false
}

// holdsDown reports whether i's attack is a blow on a downed foe that
// lands without a clash (DC-26 keep-down, where DC-5 leaves the downed
// alone): its target is Out of the Fight.
func (k *kernel) holdsDown(i int) bool {
	s := &k.st[i]
	return s.act.Kind == Attack && k.m.rules.DC5 == DC5Ignore && k.m.rules.DC26 == DC26KeepDown &&
		k.st[s.act.Target].state == down
}

// holdDown lands i's blow on its downed target without a clash (DC-26
// keep-down): under DC-4 hit-while-down it kills, else the target's next
// throw to get up loses a throw.
func (k *kernel) holdDown(i int) {
	m := k.m
	tg := int(k.st[i].act.Target)
	ts := &k.st[tg]
	ts.hitsTaken++
	if m.rules.DC4 == DC4HitWhileDown {
		if k.tr != nil {
			k.tr.Add(k.round, m.names[i], "strikes the downed %s (DC-26 keep-down)", m.names[tg])
		}
		k.kill(tg, "struck while down")
		return
	}
	ts.held = true
	if k.tr != nil {
		k.tr.Add(k.round, m.names[i], "keeps the downed %s down: its next throw to get up loses a throw (DC-26 keep-down)", m.names[tg])
	}
}

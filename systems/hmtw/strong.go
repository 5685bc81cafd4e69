package hmtw

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file plugs strong play (package search) into His Majesty the Worm:
// what an outcome means to the party, the fork, and the kernel's part of
// every searched decision. The candidates of each decision are listed in
// strong_party.go and strong_gm.go. After a fork, and for the choice
// listed first, each side plays its default: party "competent" and GM
// "fair-but-smart" (whatever the registries name as default).
//
// The edge of death is Death's Door: an adventurer alive at the end who
// reached it during the fight (most at Death's Door are rescued after it,
// but one Wound more under H-11 kills, and every rescue is a test).
//
// What the fork reshuffles. The cards are the game's hidden information.
// The party sees its own hands, Initiative cards and facedown cards, the
// face-up cards and both discard piles; it does not see the GM's hand, a
// group's or a hazard's Initiative before it is turned up, the GM's
// facedown cards nor the GM's draw pile. The GM sees its own and the
// table's face-up cards, and not the adventurers' hands, their Initiative
// cards before they are turned up, their facedown cards nor the players'
// draw pile. A fork deals every card the deciding side cannot see anew
// from all of them, keeping what the side does see of each: a group's
// Initiative stays a lesser or a greater doom as it was (the rules say
// which a group may play), a facedown card of the GM keeps its class, an
// adventurer's facedown card keeps its kind and how much was added to it
// (the table sees whether it was played on a turn and with Resolve) and,
// when it was played as a minor action, the suit that action needs; the
// Fool stays in a hand when it was drawn this round (both decks are then
// reshuffled at the round's end, which everyone sees) and in the draw pile
// otherwise. Then every later draw of the kernel comes from the fork's
// generator: the draws are uniform over the draw pile, so its order needs
// no shuffle. A test's stacked decks end at the fork.

// StrongParty is party "strong", StrongGM foe "strong": policies that hand
// every decision to the kernel's Searcher.
var (
	StrongParty PartyPolicy = strongParty{}
	StrongGM    GMPolicy    = strongGM{}
)

type strongParty struct{}

func (strongParty) Initiative(v *View, self int) int   { return v.k.strongInitiative(self) }
func (strongParty) Turn(v *View, self int, a *Action)  { v.k.strongTurn(self, a) }
func (strongParty) Minor(v *View, self int, a *Action) { v.k.strongMinor(self, a) }
func (strongParty) Interrupt(v *View, self int, t *Threat, a *Action) {
	v.k.strongInterrupt(self, t, a)
}
func (strongParty) Absorb(v *View, self int, w Wound) Absorber { return v.k.strongAbsorb(self, w) }
func (strongParty) FateResolve(v *View, self int, t FateTest) bool {
	return v.k.strongFateResolve(self, t)
}
func (strongParty) Push(v *View, self int, p FatePush) bool { return v.k.strongPush(self, p) }
func (strongParty) Retreat(v *View) bool                    { return v.k.strongRetreat() }

type strongGM struct{}

func (strongGM) Initiative(v *View, g int) int     { return v.k.strongGMInitiative(g) }
func (strongGM) Turn(v *View, g int, a *GMAction)  { v.k.strongGMTurn(g, a) }
func (strongGM) Minor(v *View, g int, a *GMAction) { v.k.strongGMMinor(g, a) }

// hmtwSearch is the search hmtw plays as strong: 8 to 32 rollouts a
// choice, half search.DefaultConfig's 16 to 64. An hmtw encounter is the
// slowest of any system (6 to 60 µs, the crypt the slowest) and has the
// most decisions (an Initiative card, a turn and a minor action in every
// window for each adventurer, every round: 100 searched a crypt fight), so
// with the default's rollouts a strong party's crypt encounter takes 312
// ms instead of 149 on one core, and the crypt's yardstick would pass ten
// minutes on two shared cores.
var hmtwSearch = search.Config{MinRollouts: 8, MaxRollouts: 32, Batch: 8, Z: 2}

// strong is a kernel's part of strong play, made only when a combatant of
// its model plays strong.
type strong struct {
	s      *search.Searcher
	init   initChoices
	act    actChoices
	yes    boolChoices
	absorb absorbChoices
	gmInit gmInitChoices
	gmAct  gmActChoices
	pool   [MinorSize]uint8 // the cards a fork deals anew
}

// usesStrong reports whether a combatant of m plays strong.
func (m *model) usesStrong() bool {
	for i := range m.party {
		if m.party[i].policy == StrongParty {
			return true
		}
	}
	for g := range m.groups {
		if m.groups[g].policy == StrongGM {
			return true
		}
	}
	return false
}

// defaults finds the default strategies strong play plays its rollouts
// and its first choices with.
func (m *model) defaults() error {
	p, err := Policies.Party.Get(Policies.Party.Default())
	if err != nil {
		return err
	}
	g, err := Policies.Foes.Get(Policies.Foes.Default())
	if err != nil {
		return err
	}
	m.defParty, m.defGM = p, g
	return nil
}

// initStrong gives k its Searcher: a live one with its rollout kernel, or,
// for the rollout kernel itself (rollout), a script.
func (k *kernel) initStrong(rollout bool) {
	if !k.m.Strong {
		return
	}
	st := &strong{}
	st.init.k, st.act.k, st.absorb.k, st.gmInit.k, st.gmAct.k = k, k, k, k, k
	st.s = k.m.Plug.Searcher(rollout, hmtwSearch, k.fork, func() search.Rollout { return makeKernel(k.m, true) }, k.m.Outcome, k.m.schema)
	k.strong = st
}

// Searcher returns the kernel's Searcher (a rollout kernel's script).
func (k *kernel) Searcher() *search.Searcher { return k.strong.s }

// Number tells the Searcher which encounter is played next.
func (k *kernel) Number(n int64) {
	if k.strong != nil {
		k.strong.s.SetTrial(n)
	}
}

// Outcome reads a finished encounter for the search: the dead, those
// alive who reached Death's Door, and victory.
func (m *model) Outcome(rec *sim.Record) search.Outcome {
	o := search.Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1}
	for i := range m.party {
		base := i * numCombatantMetrics
		if rec.PerCombatant[base+cmDeath] == 0 && rec.PerCombatant[base+cmDeathsDoor] == 1 {
			o.Near++
		}
	}
	return o
}

// fork deals anew what side cannot see, then makes every later draw of
// the encounter come from r.
func (k *kernel) fork(side sim.Side, r *sim.Rand) {
	k.minor.stack, k.major.stack = nil, nil
	if side == sim.Party {
		k.dealMajor(r)
	} else {
		k.dealMinor(r)
	}
	k.r = r
}

// take removes and returns a random card of pool[:*n] that fits, or,
// when none does, any card of it. Every slot a fork deals put its own card
// into the pool, so the pool never runs out.
func take(pool []uint8, n *int, r *sim.Rand, fits func(uint8) bool) uint8 {
	m := 0
	for _, c := range pool[:*n] {
		if fits(c) {
			m++
		}
	}
	if m == 0 {
		fits, m = everyCard, *n
	}
	x := r.IntN(m)
	for i, c := range pool[:*n] {
		if !fits(c) {
			continue
		}
		if x == 0 {
			*n--
			pool[i] = pool[*n]
			return c
		}
		x--
	}
	panic("hmtw: a fork ran out of cards to deal")
}

func isLesser(c uint8) bool  { return Doom(c).Lesser() }
func isGreater(c uint8) bool { return Doom(c).Greater() }
func everyCard(uint8) bool   { return true }
func notFool(c uint8) bool   { return Card(c) != Fool }

// suitFits are the card tests of a suit, the Fool aside.
var suitFits = [NumSuits]func(uint8) bool{
	func(c uint8) bool { return Card(c) != Fool && Card(c).Suit() == Swords },
	func(c uint8) bool { return Card(c) != Fool && Card(c).Suit() == Pentacles },
	func(c uint8) bool { return Card(c) != Fool && Card(c).Suit() == Cups },
	func(c uint8) bool { return Card(c) != Fool && Card(c).Suit() == Wands },
}

// hiddenInit reports group g's Initiative hidden from the party: played,
// face down, and not shared with a group that turned it up.
func (k *kernel) hiddenInit(g int) bool {
	gs := &k.grp[g]
	if gs.init == NoDoom || gs.revealed || gs.shared {
		return false
	}
	for h := 0; h < k.ng; h++ {
		if k.grp[h].shared && k.m.groups[h].summoner == g && k.grp[h].revealed {
			return false
		}
	}
	return true
}

// dealMajor deals anew what the party cannot see: the GM's hand, the
// face-down Initiatives of groups and hazards, the GM's facedown cards and
// the GM's draw pile.
func (k *kernel) dealMajor(r *sim.Rand) {
	pool := k.strong.pool[:]
	n := copy(pool, k.major.pile[:k.major.n])
	for g := 0; g < k.ng; g++ {
		if k.hiddenInit(g) {
			pool[n] = uint8(k.grp[g].init)
			n++
		}
		if k.grp[g].fd.kind != Skip {
			pool[n] = k.grp[g].fd.card
			n++
		}
	}
	for h := range k.m.scene.hazards {
		if k.hz[h] != NoDoom && !k.hzRev[h] {
			pool[n] = uint8(k.hz[h])
			n++
		}
	}
	for j := 0; j < int(k.ngm); j++ {
		pool[n] = uint8(k.gm[j])
		n++
	}
	class := func(d Doom) func(uint8) bool {
		if d.Greater() {
			return isGreater
		}
		return isLesser
	}
	for g := 0; g < k.ng; g++ {
		gs := &k.grp[g]
		if k.hiddenInit(g) {
			gs.init = Doom(take(pool, &n, r, class(gs.init)))
		}
		if gs.fd.kind != Skip {
			c := take(pool, &n, r, class(Doom(gs.fd.card)))
			gs.fd.value += int8(int(c) - int(gs.fd.card))
			gs.fd.card = c
		}
	}
	for g := 0; g < k.ng; g++ {
		if gs := &k.grp[g]; gs.shared && gs.init != NoDoom {
			gs.init = k.grp[k.m.groups[g].summoner].init
		}
	}
	for h := range k.m.scene.hazards {
		if k.hz[h] != NoDoom && !k.hzRev[h] {
			k.hz[h] = Doom(take(pool, &n, r, class(k.hz[h])))
		}
	}
	for j := 0; j < int(k.ngm); j++ {
		k.gm[j] = Doom(take(pool, &n, r, everyCard))
	}
	k.major.n = copy(k.major.pile[:], pool[:n])
}

// dealMinor deals anew what the GM cannot see: the adventurers' hands,
// their face-down Initiatives, their facedown cards and the players' draw
// pile.
func (k *kernel) dealMinor(r *sim.Rand) {
	pool := k.strong.pool[:]
	n := copy(pool, k.minor.pile[:k.minor.n])
	foolInHand, hands := false, 0
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if a.init != NoCard && !a.revealed {
			pool[n] = uint8(a.init)
			n++
		}
		for _, fd := range [2]*facedown{&a.fd, &a.fd2} {
			if fd.kind != Skip {
				pool[n] = fd.card
				n++
			}
		}
		hands += int(a.nh)
		for j := 0; j < int(a.nh); j++ {
			if a.hand[j] == Fool {
				foolInHand = true
				continue
			}
			pool[n] = uint8(a.hand[j])
			n++
		}
	}
	// The Fool stays where it is known to be: in a hand (any of them) or
	// in the draw pile.
	foolInPile := false
	for x := 0; x < n; x++ {
		if Card(pool[x]) == Fool {
			foolInPile = true
			n--
			pool[x] = pool[n]
			break
		}
	}
	foolAt := -1
	if foolInHand {
		foolAt = r.IntN(hands)
	}
	h := 0
	for i := 0; i < k.na; i++ {
		a := &k.adv[i]
		if a.init != NoCard && !a.revealed {
			a.init = Card(take(pool, &n, r, notFool))
		}
		for _, fd := range [2]*facedown{&a.fd, &a.fd2} {
			if fd.kind == Skip {
				continue
			}
			fits := notFool
			if s := k.facedownSuit(fd); s != NoSuit {
				fits = suitFits[s]
			}
			c := take(pool, &n, r, fits)
			fd.value += int8(Card(c).Value() - Card(fd.card).Value())
			fd.card = c
		}
		for j := 0; j < int(a.nh); j++ {
			if h == foolAt {
				a.hand[j] = Fool
			} else {
				a.hand[j] = Card(take(pool, &n, r, everyCard))
			}
			h++
		}
	}
	if foolInPile {
		pool[n] = uint8(Fool)
		n++
	}
	k.minor.n = copy(k.minor.pile[:], pool[:n])
}

// facedownSuit is the suit adventurer i's facedown card fd must have as
// the GM sees it: the suit of its action when it was played as a minor
// action, else NoSuit (any card on a turn).
func (k *kernel) facedownSuit(fd *facedown) Suit {
	if !fd.minor {
		return NoSuit
	}
	switch fd.kind {
	case Dodge:
		return Pentacles
	case AidAnother:
		return Cups
	}
	return Swords
}

package demoncity

import (
	"math/bits"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file plugs strong play (package search) into Demon City: the legal
// announcements of a combatant, what an outcome means to the party, and
// the fork.
//
// What is hidden. Nobody holds a hand: every card is thrown straight from
// a deck, face down until its clash, and announcements come before any
// card of the round is drawn. What neither side can see is the order of
// each deck's draw pile (the table, the discard pile and so the draw
// pile's composition are in plain sight); the rest is future randomness:
// the decks' later reshuffles, the foes' random choice of victim, random
// tie-breaks. A fork therefore reshuffles both draw piles and reseeds the
// decks' generators and the encounter's own, for either side alike.

// Strong returns the policy "strong" of a side whose default strategy is
// def: it hands every announcement to the kernel's Searcher, which lists
// def's choice first and plays def for the combatant in every rollout past
// its fork.
func Strong(def Policy) Policy { return &strongPolicy{def: def} }

type strongPolicy struct{ def Policy }

func (p *strongPolicy) Announce(v *View, self int) Action { return v.k.strongAnnounce(p.def, self) }

// isStrong reports whether p is a strong policy.
func isStrong(p Policy) bool {
	_, ok := p.(*strongPolicy)
	return ok
}

// strong is a kernel's part of strong play, made only when a combatant of
// its model plays strong.
type strong struct {
	s   *search.Searcher
	ann annChoices
}

// usesStrong reports whether a combatant of m plays strong.
func (m *model) usesStrong() bool {
	for i := 0; i < m.n; i++ {
		if isStrong(m.f[i].policy) {
			return true
		}
	}
	return false
}

// initStrong gives k its Searcher: a live one with its rollout kernel, or,
// for the rollout kernel itself (rollout), a script.
func (k *kernel) initStrong(rollout bool) {
	if !k.m.Strong {
		return
	}
	st := &strong{}
	st.ann.k = k
	st.s = k.m.Plug.Searcher(rollout, search.DefaultConfig, k.fork, func() search.Rollout { return k.m.makeKernel(true) }, k.m.Outcome, k.m.schema)
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

// fork makes every later random draw of the encounter come from r: the
// encounter's generator (policies' random choices, tie-breaks) becomes the
// kernel's own, reseeded, and each deck's generator is reseeded and its
// draw pile, the one thing nobody at the table can see, reshuffled. The
// same for either side: neither knows more of the decks than the other.
func (k *kernel) fork(_ sim.Side, r *sim.Rand) {
	k.own.Seed(r.Uint64(), r.Uint64())
	k.r = &k.own
	for d := range k.decks {
		k.decks[d].redeal(r)
	}
}

// redeal reseeds the deck's generator from r and reshuffles its draw pile
// (Randomizer A); the table and the discard pile stay as they are.
func (d *Deck) redeal(r *sim.Rand) {
	d.rng.Seed(r.Uint64(), r.Uint64())
	d.buf, d.nbuf = 0, 0
	if d.mode <= FreshRound {
		d.shuffle(d.nDraw)
	}
}

// Outcome reads a finished encounter for the search. The edge of death is
// being left Out of the Fight when the fight ends without the party
// holding the field (beaten, fled, or stopped by the round cap): there the
// Host decides the fate of the downed, which under DC-4 none is all the
// rules say of death. After a victory the party picks its downed up, so
// they do not count: a search that counted them would hold back the
// winning blow until every friend is on their feet. Dead is the party's
// dead (only under DC-4 other than none, or DC-5 coup-de-grace).
func (m *model) Outcome(rec *sim.Record) search.Outcome {
	o := search.Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1}
	if o.Won {
		return o
	}
	for i := 0; i < m.nParty; i++ {
		if rec.PerCombatant[i*numCombatantMetrics+cDownAtEnd] != 0 {
			o.Near++
		}
	}
	return o
}

// announceKind names the one kind of decision: what to announce.
const announceKind = "announcement"

// strongAnnounce searches combatant self's announcement; def is its side's
// default strategy.
func (k *kernel) strongAnnounce(def Policy, self int) Action {
	d := def.Announce(&k.view, self)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return d
	}
	c := &st.ann
	c.list(self, k.canon(self, d))
	side := sim.Party
	if !k.m.f[self].party {
		side = sim.Foes
	}
	i := st.s.Decide(search.Decision{Side: side, Kind: announceKind, Who: k.m.names[self], Round: k.round}, c)
	return c.a[i]
}

// canon is announcement a of self as the kernel will play it: an attack
// on a target it may not attack is nothing, a panicked character's attack
// a defence against the same foe, a defence aimed at a friend one against
// anyone (validate plays it).
func (k *kernel) canon(self int, a Action) Action {
	switch a.Kind {
	case Attack:
		if !k.canTarget(self, a.Target) {
			return PassTurn()
		}
		if k.st[self].panic {
			return DefendAgainst(a.Target)
		}
		a.CalledShot = a.CalledShot || k.m.f[self].calledShot
	case Defend:
		if a.Target >= 0 && (a.Target >= k.m.n || k.m.f[a.Target].party == k.m.f[self].party) {
			a.Target = -1
		}
		a.CalledShot = false
	case Flee:
		a.Target, a.CalledShot = -1, false
	default:
		return PassTurn()
	}
	return a
}

// annChoices are a combatant's legal announcements: the default's, then an
// attack on each enemy it may target (none while panicked), a defence
// against whoever attacks, under DC-25 guard a defence against each
// standing enemy (a guard), and for a party member running away. Left
// out, as dominated or never in the side's interest: passing (a defence
// nobody attacks throws nothing and costs nothing, so it does as much and
// more), a called shot (a voluntary lost throw the rules give nothing
// for; a sheet's called_shot: true still makes every attack one), a
// defence naming one foe under DC-25 target-only (it counts only when the
// defender is attacked, where a defence against anyone does as much), and
// a foe running away (a fled foe is out of the fight: the party's win).
type annChoices struct {
	k *kernel
	n int
	a [search.MaxCandidates]Action
}

func (c *annChoices) Len() int { return c.n }

// add appends a unless an equal choice is listed; under DC-25
// target-only every defence counts as one.
func (c *annChoices) add(a Action) {
	guard := c.k.m.rules.DC25 == DC25Guard
	for i := range c.n {
		b := c.a[i]
		if b == a || (!guard && a.Kind == Defend && b.Kind == Defend) {
			return
		}
	}
	if c.n < len(c.a) {
		c.a[c.n] = a
		c.n++
	}
}

func (c *annChoices) list(self int, def Action) {
	k := c.k
	c.n = 0
	c.add(def)
	s := &k.st[self]
	if !s.panic {
		for t := k.view.Targets(self); t != 0; t &= t - 1 {
			a := AttackOn(bits.TrailingZeros16(t))
			a.CalledShot = k.m.f[self].calledShot
			c.add(a)
		}
	}
	c.add(DefendAgainst(-1))
	if k.m.rules.DC25 == DC25Guard {
		for e := k.view.StandingEnemies(self); e != 0; e &= e - 1 {
			c.add(DefendAgainst(bits.TrailingZeros16(e)))
		}
	}
	if k.m.f[self].party {
		c.add(FleeAway())
	}
}

// Label names choice i for the regrets and the replay; two different
// announcements never read alike (a called shot says so).
func (c *annChoices) Label(i int) string {
	a := c.a[i]
	switch a.Kind {
	case Attack:
		if a.CalledShot {
			return "attack " + c.k.m.names[a.Target] + " with a called shot"
		}
		return "attack " + c.k.m.names[a.Target]
	case Defend:
		if a.Target >= 0 {
			return "defend against " + c.k.m.names[a.Target]
		}
		return "defend"
	case Flee:
		return "flee"
	}
	return "pass"
}

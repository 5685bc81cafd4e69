package battleclock

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file plugs strong play (package search) into the battle clock: the
// legal choices of each decision, what an outcome means to the party, and
// the fork. The battle clock hides nothing from either side but the dice:
// every clock, hold, cover and enemy's harm is on the table. So a fork only
// points the kernel's one generator (every throw, every random target,
// every incidental fire) at the rollout's stream. After a fork, and for the
// choice listed first, each strong combatant plays its side's default
// strategy (party "aggressive", GM "default"), looked up in Policies when
// the scenario is compiled.

// StrongPC is party "strong", StrongGM foe "strong": policies that hand
// every decision to the kernel's Searcher.
var (
	StrongPC PCPolicy = strongPC{}
	StrongGM GMPolicy = strongGM{}
)

type strongPC struct{}

func (strongPC) Act(v *View, self, slot int) Action { return v.k.strongAct(self, slot) }
func (strongPC) Picks(v *View, self, target, n int) Picks {
	return v.k.strongPicks(self, target, n)
}
func (strongPC) CoverWith(v *View, self int) int { return v.k.strongCoverWith(self) }

type strongGM struct{}

func (strongGM) Target(v *View, g int, concentrated bool) int {
	return v.k.strongTarget(g, concentrated)
}

// The kinds of decision, for regrets and replays.
const (
	kindAct    = "move"
	kindPicks  = "seize by force picks"
	kindCover  = "hold: 2-cover or keep it"
	kindTarget = "concentrated fire's target"
)

// strong is a kernel's part of strong play, made only when a combatant of
// its model plays strong.
type strong struct {
	s      *search.Searcher
	act    actChoices
	picks  picksChoices
	cover  coverChoices
	target targetChoices
}

// usesStrong reports whether a combatant of m plays strong.
func (m *model) usesStrong() bool {
	for _, c := range m.pcs {
		if c.policy == StrongPC {
			return true
		}
	}
	for _, g := range m.groups {
		if g.policy == StrongGM {
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
	st.act.k, st.cover.k, st.target.k = k, k, k
	st.s = k.m.Plug.Searcher(rollout, search.DefaultConfig, k.fork, func() search.Rollout { return newKernel(k.m, true) }, k.m.Outcome, k.m.schema)
	k.strong = st
}

// Searcher returns the kernel's Searcher (a rollout kernel's script).
func (k *kernel) Searcher() *search.Searcher { return k.strong.s }

// Number tells the Searcher which battle is played next.
func (k *kernel) Number(n int64) {
	if k.strong != nil {
		k.strong.s.SetTrial(n)
	}
}

// fork makes every later die of the battle come from r: the kernel draws
// everything from one generator, which now is r. Nothing else is hidden
// from either side (see the top of this file).
func (k *kernel) fork(_ sim.Side, r *sim.Rand) { k.r = r }

// Outcome reads a finished battle for the search. Dead is the standard
// deaths. The edge of death is a PC alive with its harm clock at 11:00 or
// beyond at the end (one segment from calling on inner strength, or out of
// action after the call), and every debility taken in the battle: under
// option S8's default a PC takes one only in place of harm that would
// reach 12:00, paying a stat for good to step back from death's door, so
// each counts as one more time at the edge (the score would otherwise see
// no cost in blows a debility soaks).
func (m *model) Outcome(rec *sim.Record) search.Outcome {
	o := search.Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1,
		Near: int(rec.Values[mDebilities])}
	edge := int32(5)
	if m.rules.S1 == S1Twelve {
		edge = 11
	}
	for i := range m.pcs {
		base := i * numCombatantMetrics
		if rec.PerCombatant[base+cmDeath] == 0 && rec.PerCombatant[base+cmHarm] >= edge {
			o.Near++
		}
	}
	return o
}

// strongAct searches PC i's move in action slot slot.
func (k *kernel) strongAct(i, slot int) Action {
	def := k.m.defPC.Act(&k.view, i, slot)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.act
	c.list(i, slot, def)
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindAct, Who: k.pname(i), Round: k.ticks}, c)
	return c.At(x)
}

// strongPicks searches PC i's n picks on a seize by force hit against
// enemy j.
func (k *kernel) strongPicks(i, j, n int) Picks {
	def := keep(k.m.defPC.Picks(&k.view, i, j, n), n)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.picks
	c.list(n, def)
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindPicks, Who: k.pname(i), Round: k.ticks}, c)
	return c.p[x]
}

// strongCoverWith searches whom PC i gives 2-cover with its hold.
func (k *kernel) strongCoverWith(i int) int {
	def := k.m.defPC.CoverWith(&k.view, i)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.cover
	c.list(i, def)
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindCover, Who: k.pname(i), Round: k.ticks}, c)
	return c.t[x]
}

// strongTarget searches the PC an enemy of group g fires at.
func (k *kernel) strongTarget(g int, concentrated bool) int {
	def := k.m.defGM.Target(&k.view, g, concentrated)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.target
	c.list(concentrated, def)
	x := st.s.Decide(search.Decision{Side: sim.Foes, Kind: kindTarget, Who: k.m.groups[g].name, Round: k.ticks}, c)
	return c.t[x]
}

// actChoices are a PC's legal moves, the default's first: seize by force
// against each active enemy (one of each group whose enemies stand alike:
// the same harm and shields, which play the same), act under fire to
// withdraw, and with the battle moves (option S18) defend a secure
// position, covering fire for each other PC in the battle not yet covered
// this tick, maintain the position while it is untenable, and hit the
// deck; then nothing (Idle: a second move under S17 "two" may be none, and
// a PC one segment from death may prefer no roll at all).
type actChoices struct {
	k *kernel
	search.Set[Action]
}

// alike reports whether enemies j and l play the same: one group, the same
// harm taken and shields left.
func (k *kernel) alike(j, l int) bool {
	return k.m.enemies[j].group == k.m.enemies[l].group && k.en[j] == k.en[l]
}

func (c *actChoices) list(i, slot int, def Action) {
	k := c.k
	c.Reset(def)
	for j := 0; j < k.ne; j++ {
		if k.en[j].status != Active {
			continue
		}
		seen := def.Kind == Seize && def.Target >= 0 && def.Target < k.ne && def.Target != j && k.alike(def.Target, j)
		for l := 0; l < j && !seen; l++ {
			seen = k.en[l].status == Active && k.alike(l, j)
		}
		if !seen {
			c.Add(Action{Kind: Seize, Target: j})
		}
	}
	c.Add(Action{Kind: Withdraw, Target: -1})
	if k.ru.S18 == S18SisterHack {
		c.Add(Action{Kind: Defend, Target: -1})
		for q := 0; q < k.np; q++ {
			if q != i && k.pc[q].status == Active && !k.pc[q].covered {
				c.Add(Action{Kind: Cover, Target: q})
			}
		}
		if k.pc[i].untenable {
			c.Add(Action{Kind: Maintain, Target: -1})
		}
		c.Add(Action{Kind: HitDeck, Target: -1})
	}
	c.Add(Action{Kind: Idle, Target: -1})
}

func (c *actChoices) Label(i int) string {
	a := c.At(i)
	switch a.Kind {
	case Seize:
		if a.Target >= 0 {
			return "seize by force against " + c.k.ename(a.Target)
		}
	case Cover:
		return "covering fire for " + c.k.pname(a.Target)
	}
	return a.Kind.String()
}

// picksChoices are the seize by force picks, the default's first: every
// way to pick n of terrible harm, little harm and frighten. Take definite
// hold does nothing in a fight, so a set with it is never better than the
// same set with frighten instead (which does as little by default, or
// gives +1 forward under option S26 forward), and is left out (but for the
// default's own).
type picksChoices struct {
	n int
	p [4]Picks
}

// pickSets are the sets of picks without take it, by the number picked.
var pickSets = [4][]Picks{
	2: {Terrible | Little, Terrible | Frighten, Little | Frighten},
	3: {Terrible | Little | Frighten},
}

func (c *picksChoices) list(n int, def Picks) {
	c.p[0], c.n = def, 1
	for _, p := range pickSets[min(max(n, 0), 3)] {
		if p != def {
			c.p[c.n] = p
			c.n++
		}
	}
}

func (c *picksChoices) Len() int           { return c.n }
func (c *picksChoices) Label(i int) string { return picksText(c.p[i]) }

// coverChoices are keeping the hold (-1) or giving 2-cover to each other
// PC in the battle, the default's first.
type coverChoices struct {
	k *kernel
	n int
	t [MaxPCs + 1]int
}

func (c *coverChoices) list(i, def int) {
	k := c.k
	c.t[0], c.n = def, 1
	if def != -1 {
		c.t[c.n] = -1
		c.n++
	}
	for q := 0; q < k.np; q++ {
		if q != i && q != def && k.pc[q].status == Active {
			c.t[c.n] = q
			c.n++
		}
	}
}

func (c *coverChoices) Len() int { return c.n }

func (c *coverChoices) Label(i int) string {
	if c.t[i] < 0 {
		return "keep the hold"
	}
	return "2-cover for " + c.k.pname(c.t[i])
}

// targetChoices are the PCs the GM can fire at (View.Exposed), the
// default's first. Holding fire is left out: it never serves the GM.
type targetChoices struct {
	k *kernel
	n int
	t [MaxPCs]int
}

func (c *targetChoices) list(concentrated bool, def int) {
	k := c.k
	c.t[0], c.n = def, 1
	for i := 0; i < k.np; i++ {
		if i != def && k.exposed(i, concentrated) {
			c.t[c.n] = i
			c.n++
		}
	}
}

func (c *targetChoices) Len() int { return c.n }

func (c *targetChoices) Label(i int) string {
	if c.t[i] < 0 {
		return "no target"
	}
	return "fire at " + c.k.pname(c.t[i])
}

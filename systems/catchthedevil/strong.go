package catchthedevil

import (
	"math/bits"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file plugs strong play (package search) into Catch the Devil: the
// legal choices of each decision, what an outcome means to the party, and
// the fork. Catch the Devil hides nothing from either side but the dice:
// the NPCs declare their attacks before the PCs choose, every PC's wounds
// and known versions are on the table, and a version not yet known is
// rolled when its move is wounded (a future die). So a fork only reseeds
// the kernel's one generator. After a fork, and for the choice listed
// first, each strong combatant plays its side's default strategy (party
// "fight", foes "default"), looked up in Policies when the scenario is
// compiled.

// StrongPC is party "strong", StrongNPC foe "strong": policies that hand
// every decision to the kernel's Searcher.
var (
	StrongPC  PCPolicy  = strongPC{}
	StrongNPC NPCPolicy = strongNPC{}
)

type strongPC struct{}

func (strongPC) Act(v *View, self int) Action         { return v.k.strongAct(self) }
func (strongPC) React(v *View, self int) Reaction     { return v.k.strongReact(self) }
func (strongPC) PullBack(v *View, self, npc int) bool { return v.k.strongPullBack(self, npc) }

type strongNPC struct{}

func (strongNPC) Target(v *View, self int) int { return v.k.strongTarget(self) }

// The kinds of decision, for regrets and replays.
const (
	kindAct      = "action"
	kindReact    = "reaction to Keep It Together 7-9"
	kindPullBack = "7-9 exchange: trade blows or pull back"
	kindTarget   = "target"
)

// strong is a kernel's part of strong play, made only when a combatant of
// its model plays strong.
type strong struct {
	s      *search.Searcher
	act    actChoices
	react  reactChoices
	pull   pullChoices
	target targetChoices
}

// usesStrong reports whether a combatant of m plays strong.
func (m *model) usesStrong() bool {
	for _, c := range m.pcs {
		if c.policy == StrongPC {
			return true
		}
	}
	for _, x := range m.npcs {
		if x.policy == StrongNPC {
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
	st.act.k, st.target.k = k, k
	st.s = k.m.Plug.Searcher(rollout, search.DefaultConfig, k.fork, func() search.Rollout { return newKernel(k.m, true) }, k.m.Outcome, k.m.schema)
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

// fork makes every later die of the encounter come from r: the kernel's
// one generator is reseeded from it. Nothing else is hidden from either
// side (see the top of this file).
func (k *kernel) fork(_ sim.Side, r *sim.Rand) { k.g.SeedFrom(r) }

// Outcome reads a finished encounter for the search. Dead is the PCs dead
// (none under option C14 "dying", where the rules leave death to the GM);
// the edge of death is a PC left dying and not dead: one the GM may yet
// kill (C14 dying), whom an ally tended (C14 untended), or who lies dying
// when the fight ends in a victory (C14 unless-won).
func (m *model) Outcome(rec *sim.Record) search.Outcome {
	o := search.Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1}
	for i := range m.pcs {
		base := i * numCombatantMetrics
		if rec.PerCombatant[base+cmDying] == 1 && rec.PerCombatant[base+cmDeath] == 0 {
			o.Near++
		}
	}
	return o
}

// defaultAct is the party default's action for PC i.
func (k *kernel) defaultAct(i int) Action { return k.m.defPC.Act(&k.view, i) }

// strongAct searches PC i's action.
func (k *kernel) strongAct(i int) Action {
	def := k.defaultAct(i)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.act
	c.list(i, def)
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindAct, Who: k.pname(i), Round: k.round}, c)
	return c.At(x)
}

// strongReact searches PC i's reaction to a Keep It Together 7-9.
func (k *kernel) strongReact(i int) Reaction {
	def := k.m.defPC.React(&k.view, i)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.react
	c.list(def)
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindReact, Who: k.pname(i), Round: k.round}, c)
	return c.r[x]
}

// strongPullBack searches PC i's answer to the GM's hard choice on a 7-9
// against NPC j.
func (k *kernel) strongPullBack(i, j int) bool {
	def := k.m.defPC.PullBack(&k.view, i, j)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.pull
	c.def = def
	x := st.s.Decide(search.Decision{Side: sim.Party, Kind: kindPullBack, Who: k.pname(i), Round: k.round}, c)
	return def == (x == 0)
}

// defaultTarget is the foes' default's target for NPC j: UniformTarget
// without the interface when the default is a UniformTargeter.
func (k *kernel) defaultTarget(j int) int {
	if k.m.defUniform {
		return k.uniformTarget(j)
	}
	return k.m.defNPC.Target(&k.view, j)
}

// strongTarget searches NPC j's target.
func (k *kernel) strongTarget(j int) int {
	def := k.defaultTarget(j)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.target
	c.list(j, def)
	x := st.s.Decide(search.Decision{Side: sim.Foes, Kind: kindTarget, Who: k.nname(j), Round: k.round}, c)
	return c.t[x]
}

// actChoices are a PC's legal actions, the default's first: an attack on
// every NPC it may attack (its weapon can hurt it or not: a 10+ against
// the NPC attacking it pre-empts the attack, and a 7-9 may pull back, so
// even a harmless attack is a defence), Evade while an attack is coming
// (or under C4 strict, where a GM move may come; never under C4 wargame,
// where every declared attack lands whatever it does), Flee, Study where
// it is of use (C29), a shield on each other PC in the fight under
// attack (every one under C4 strict), the tending of each dying ally
// nobody tends (C14 untended), and Idle while nothing is coming its way
// (then Evade can only cost it a forward). Under C5 "always attack" only
// the attacks are listed: the kernel turns anything else into one.
type actChoices struct {
	k    *kernel
	self int
	search.Set[Action]
}

func (c *actChoices) list(i int, def Action) {
	k := c.k
	c.self = i
	c.Reset(def)
	for t := k.attackableNPCs(); t != 0; t &= t - 1 {
		c.Add(Action{Kind: Attack, Target: bits.TrailingZeros16(t)})
	}
	if k.ru.C5 == C5AlwaysAttack {
		return
	}
	attacked := k.att[i&(MaxPCs-1)] != 0
	strict := k.ru.C4 == C4Strict
	if (attacked || strict) && k.ru.C4 != C4Wargame {
		c.Add(Action{Kind: Evade, Target: -1})
	}
	c.Add(Action{Kind: Flee, Target: -1})
	if k.ru.C29 != C29Disabled && k.npcUp != 0 {
		c.Add(Action{Kind: StudyIt, Target: -1})
	}
	for q := 0; q < k.np; q++ {
		if q != i && k.pc[q].status == Active && (strict || k.att[q&(MaxPCs-1)] != 0) {
			c.Add(Action{Kind: Protect, Target: q})
		}
	}
	if k.ru.C14 == C14Untended {
		for q := 0; q < k.np; q++ {
			if p := &k.pc[q]; p.status == Dying && !p.tended && k.tending&(1<<q) == 0 {
				c.Add(Action{Kind: Tend, Target: q})
			}
		}
	}
	if !attacked && !strict {
		c.Add(Action{Kind: Idle, Target: -1})
	}
}

func (c *actChoices) Label(i int) string {
	a := c.At(i)
	switch a.Kind {
	case Attack:
		return "attack " + c.k.nname(a.Target)
	case Protect:
		return "shield " + c.k.pname(a.Target)
	case Tend:
		return "tend " + c.k.pname(a.Target)
	}
	return a.Kind.String()
}

// reactChoices are the four reactions a player may pick on a Keep It
// Together 7-9, the default's first.
type reactChoices struct {
	n int
	r [4]Reaction
}

func (c *reactChoices) list(def Reaction) {
	c.n = 0
	c.r[0] = def
	c.n = 1
	for r := ScreamPanic; r <= CurlUp; r++ {
		if r != def {
			c.r[c.n] = r
			c.n++
		}
	}
}

func (c *reactChoices) Len() int           { return c.n }
func (c *reactChoices) Label(i int) string { return c.r[i].String() }

// pullChoices are pulling back or trading blows, the default's answer
// first.
type pullChoices struct{ def bool }

func (c *pullChoices) Len() int { return 2 }

func (c *pullChoices) Label(i int) string {
	if c.def == (i == 0) {
		return "pull back"
	}
	return "trade blows"
}

// targetChoices are the PCs an NPC may attack this round (View.CanTarget),
// the default's first. Declaring no attack is left out: it never serves
// the foes better than an attack, which the PC must answer.
type targetChoices struct {
	k *kernel
	n int
	t [MaxPCs]int
}

func (c *targetChoices) list(j, def int) {
	k := c.k
	c.t[0], c.n = def, 1
	for i := 0; i < k.np; i++ {
		if i != def && k.canTarget(j, i) {
			c.t[c.n] = i
			c.n++
		}
	}
}

func (c *targetChoices) Len() int { return c.n }

func (c *targetChoices) Label(i int) string {
	if c.t[i] < 0 {
		return "no attack"
	}
	return "attack " + c.k.pname(c.t[i])
}

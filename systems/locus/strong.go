package locus

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file plugs strong play (package search) into Locus: the legal
// choices of each decision, what an outcome means to the party, and the
// fork. Locus hides nothing from either side but the dice, so a fork only
// reseeds them. After a fork, and for the choice listed first, each side
// plays its default: party "fight" (Fight) and foe "default" (ByBehaviour).

// StrongCharacter is party "strong", StrongMonster foe "strong": policies
// that hand every decision to the kernel's Searcher.
var (
	StrongCharacter CharacterPolicy = strongCharacter{}
	StrongMonster   MonsterPolicy   = strongMonster{}
)

type strongCharacter struct{}

func (strongCharacter) Act(v *View, self int) Action { return v.k.strongAct(self) }
func (strongCharacter) Reroll(v *View, self int, o RerollOffer) bool {
	return v.k.strongReroll(self, o)
}

type strongMonster struct{}

func (strongMonster) Act(v *View, self int) MonsterAction { return v.k.strongMonsterAct(self) }

// Persistent: a strong monster keeps the search window, as the default.
func (strongMonster) Persistent() bool { return false }

// nearSegments is the edge of death the search counts: a character alive
// with 18 or more of its 27 segments filled, one Grievous injury (9) from
// death.
const nearSegments = 18

// strong is a kernel's part of strong play, made only when a combatant of
// its model plays strong.
type strong struct {
	s      *search.Searcher
	act    actChoices
	mon    monChoices
	reroll rerollChoices
}

// usesStrong reports whether a combatant of m plays strong.
func (m *model) usesStrong() bool {
	for _, c := range m.chars {
		if c.policy == StrongCharacter {
			return true
		}
	}
	for _, x := range m.mons {
		if x.policy == StrongMonster {
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
	st.act.k, st.mon.k, st.reroll.k = k, k, k
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

// fork makes every later die of the encounter come from r. Nothing else is
// hidden in Locus.
func (k *kernel) fork(_ sim.Side, r *sim.Rand) { k.g.SeedFrom(r) }

// Outcome reads a finished encounter for the search.
func (m *model) Outcome(rec *sim.Record) search.Outcome {
	o := search.Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1}
	for i := range m.chars {
		base := i * numCombatantMetrics
		if rec.PerCombatant[base+cmDeath] == 0 && rec.PerCombatant[base+cmSegments] >= nearSegments {
			o.Near++
		}
	}
	return o
}

// strongAct searches character self's action.
func (k *kernel) strongAct(self int) Action {
	def := k.fightOrStand(self, true)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.act
	c.list(self, def)
	i := st.s.Decide(search.Decision{Side: sim.Party, Kind: "action", Who: k.cname(self), Round: k.round}, c)
	return c.At(i)
}

// strongReroll searches whether character self pays for a re-roll.
func (k *kernel) strongReroll(self int, o RerollOffer) bool {
	def := AcceptReroll(&k.view, self, o)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.reroll
	c.def, c.kind = def, o.Kind
	i := st.s.Decide(search.Decision{Side: sim.Party, Kind: rerollDecisions[o.Kind], Who: k.cname(self), Round: k.round}, c)
	return def == (i == 0)
}

// strongMonsterAct searches monster self's action.
func (k *kernel) strongMonsterAct(self int) MonsterAction {
	def := k.hunt(self, false)
	st := k.strong
	if !st.s.Searching() || st.s.SkipDefault() {
		return def
	}
	c := &st.mon
	c.list(self, def)
	i := st.s.Decide(search.Decision{Side: sim.Foes, Kind: "action", Who: k.mname(self), Round: k.round}, c)
	return c.At(i)
}

// actChoices are a character's legal actions: the default's, then every
// attack it can make (with its best Item), Defend, Flee, Hide where there
// is cover, an approach to each monster out of its reach, and shaking off
// each Condition a Miscellaneous check can remove that hinders it (hinders).
// Doing nothing is left out: Defend does as much and more.
type actChoices struct {
	k    *kernel
	self int
	search.Set[Action]
}

func (c *actChoices) list(self int, def Action) {
	k := c.k
	c.self = self
	c.Reset(def)
	if k.usableItems(self) != 0 {
		for j := 0; j < k.nm; j++ {
			if k.view.CanAttack(self, j) {
				c.Add(Action{Kind: Attack, Target: j, Item: k.bestItem(self, j)})
			}
		}
	}
	c.Add(Action{Kind: Defend})
	c.Add(Action{Kind: Flee})
	if k.m.cover {
		c.Add(Action{Kind: Hide})
	}
	for j := 0; j < k.nm; j++ {
		if !k.mo[j].gone && !k.view.CanAttack(self, j) {
			c.Add(Action{Kind: Approach, Target: j})
		}
	}
	if k.ru.L11 == L11MiscCheck {
		for _, x := range shakeOrder {
			if k.ch[self].cond&x != 0 && k.hinders(self, x) {
				c.Add(Action{Kind: Misc, Cond: x})
			}
		}
	}
}

func (c *actChoices) Label(i int) string {
	a := c.At(i)
	switch a.Kind {
	case Attack:
		return "attack " + c.k.mname(a.Target)
	case Approach:
		return "approach " + c.k.mname(a.Target)
	case Misc:
		return "shake off " + a.Cond.String()
	}
	return a.Kind.String()
}

// rerollDecisions name the kinds of re-roll decision.
var rerollDecisions = [...]string{RerollOutcome: "re-roll of an outcome check", RerollAttack: "re-roll of an attack",
	RerollDefence: "re-roll of a defence", RerollHide: "re-roll of a hiding roll"}

// rerollChoices are taking an offered re-roll or not, the default's
// answer first.
type rerollChoices struct {
	k    *kernel
	def  bool
	kind RerollKind
}

func (c *rerollChoices) Len() int { return 2 }

func (c *rerollChoices) Label(i int) string {
	if c.def == (i == 0) {
		return "re-roll"
	}
	return "keep the roll"
}

// monChoices are a monster's legal actions: the default's, then an attack
// on each visible character within reach (with an Infliction after, first
// or none, as the monster has them), a search while its window is open and
// someone hides, a chase of each visible character not beside it (when its
// chase likelihood is definite, or its default chose to chase this turn: option L-30),
// and waiting.
type monChoices struct {
	k    *kernel
	self int
	search.Set[MonsterAction]
}

func (c *monChoices) list(self int, def MonsterAction) {
	k := c.k
	s := &k.m.mons[self]
	c.self = self
	c.Reset(def)
	if s.attack != 0 || len(s.infl) > 0 {
		for i := 0; i < k.nc; i++ {
			if !k.inReach(self, i) {
				continue
			}
			c.Add(MonsterAction{Kind: MonsterAttack, Target: i, Inflict: InflictAfter})
			if len(s.infl) > 0 {
				c.Add(MonsterAction{Kind: MonsterAttack, Target: i, Inflict: InflictFirst})
				if s.attack != 0 {
					c.Add(MonsterAction{Kind: MonsterAttack, Target: i, Inflict: NoInflict})
				}
			}
		}
	}
	if k.view.AnyHidden() && k.canSearch(self, false) {
		c.Add(MonsterAction{Kind: Search})
	}
	if s.chase != 0 && (s.stats.ChaseChance >= 1 || def.Kind == Chase) {
		for i := 0; i < k.nc; i++ {
			if k.ch[i].visible() && k.dist(i, self) > 0 {
				c.Add(MonsterAction{Kind: Chase, Target: i})
			}
		}
	}
	c.Add(MonsterAction{Kind: Wait})
}

var inflictLabels = [...]string{InflictAfter: "", InflictFirst: ", inflicting first", NoInflict: ", no Infliction"}

func (c *monChoices) Label(i int) string {
	a := c.At(i)
	switch a.Kind {
	case MonsterAttack:
		return fmt.Sprintf("attack %s%s", c.k.cname(a.Target), inflictLabels[a.Inflict])
	case Chase:
		return "chase " + c.k.cname(a.Target)
	case Search:
		return "search"
	}
	return "wait"
}

package hmtw

import (
	"strings"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// This file lists the GM's choices at each decision strong play searches:
// a group's Initiative card, its turn and its minor actions. A GM action
// is a card, riders and a target for every member; what is listed is the
// default's choice first, then the group's whole weight on each
// adventurer in turn (gmActChoices). Left out: riders and greater dooms
// for favor (the default adds them where they change something), played
// dooms, Roughhouse dooms, Moves and Recover beyond the default's, an
// Attack on an adventurer whose face-up Initiative the card cannot beat
// nor on one at Death's Door whom a Wound no longer harms, and anything
// but the default's free move (Fleet) when the default takes one.

// The kinds of GM decision.
const (
	kindGMInitiative = "Initiative card"
	kindGMTurn       = "turn"
	kindGMMinor      = "minor action"
)

// gmDecision is a decision of group g.
func (k *kernel) gmDecision(kind string, g int) search.Decision {
	return search.Decision{Side: sim.Foes, Kind: kind, Who: k.m.groups[g].name, Round: k.round}
}

// strongGMInitiative searches group g's Initiative card: the default's,
// the lowest, middle and highest lesser doom, and the highest greater doom
// where the group may play one (under Wimps the card is the lowest
// whatever is chosen).
func (k *kernel) strongGMInitiative(g int) int {
	def := k.m.defGM.Initiative(&k.view, g)
	st := k.strong
	if !st.s.Searching() || k.live(g, AbWimps) || st.s.SkipDefault() {
		return def
	}
	c := &st.gmInit
	c.g, c.n = g, 0
	c.add(k.gmInitCard(g, def))
	lo, mid, hi := k.lowestLesser(), k.middleLesser(), -1
	for j := 0; j < int(k.ngm); j++ {
		if k.gm[j].Lesser() && (hi < 0 || k.gm[j] > k.gm[hi]) {
			hi = j
		}
	}
	c.add(lo)
	c.add(mid)
	c.add(hi)
	if k.greaterInit(g) {
		c.add(k.highestGreater())
	}
	return c.c[st.s.Decide(k.gmDecision(kindGMInitiative, g), c)]
}

// gmInitChoices are a group's Initiative cards (hand indices), the
// default's first.
type gmInitChoices struct {
	k *kernel
	g int
	n int
	c [maxGMHand]int
}

func (c *gmInitChoices) Len() int { return c.n }

func (c *gmInitChoices) add(j int) {
	if j < 0 && c.n > 0 {
		return
	}
	for _, x := range c.c[:c.n] {
		if x == j {
			return
		}
	}
	c.c[c.n] = j
	c.n++
}

func (c *gmInitChoices) Label(i int) string {
	if c.c[i] < 0 {
		return "no card"
	}
	return c.k.gm[c.c[i]].String()
}

// strongGMTurn searches group g's turn.
func (k *kernel) strongGMTurn(g int, a *GMAction) {
	k.m.defGM.Turn(&k.view, g, a)
	st := k.strong
	if !st.s.Searching() || a.Kind == GMMove && k.gmCardAt(a.Card) == NoDoom || st.s.SkipDefault() {
		return
	}
	c := &st.gmAct
	c.start(g, a, true)
	c.attacks()
	*a = c.a[st.s.Decide(k.gmDecision(kindGMTurn, g), c)]
}

// strongGMMinor searches group g's minor action: the default's, nothing,
// and the Attacks of gmActChoices.
func (k *kernel) strongGMMinor(g int, a *GMAction) {
	k.m.defGM.Minor(&k.view, g, a)
	st := k.strong
	if !st.s.Searching() || k.fearful(g) || st.s.SkipDefault() {
		return
	}
	c := &st.gmAct
	c.start(g, a, false)
	var skip GMAction
	skip.Reset()
	c.addRaw(&skip)
	c.attacks()
	*a = c.a[st.s.Decide(k.gmDecision(kindGMMinor, g), c)]
}

// gmActChoices are a group's actions for its turn (own) or a minor
// action, the default's first.
type gmActChoices struct {
	k   *kernel
	g   int
	own bool
	n   int
	a   [search.MaxCandidates]GMAction
}

func (c *gmActChoices) Len() int { return c.n }

func (c *gmActChoices) start(g int, def *GMAction, own bool) {
	c.g, c.own = g, own
	c.a[0] = *def
	c.n = 1
}

func (c *gmActChoices) addRaw(a *GMAction) {
	if c.n == len(c.a) {
		return
	}
	for i := range c.n {
		if c.a[i] == *a {
			return
		}
	}
	c.a[c.n] = *a
	c.n++
}

// gmFree reports the GM's card at hand index j free for this decision: not
// declared by another group in this minor-action window.
func (k *kernel) gmFree(j int) bool { return k.gmReserved&(1<<k.gm[j]) == 0 }

// attacks lists the group's Attack with every member able to reach him on
// each adventurer in turn (a sweep, which strikes a whole zone, once): with
// a greater doom where the group Attacks with one (Overwhelming Attack,
// Smash, Overwhelming Bite), else the lowest free lesser doom that beats
// his face-up Initiative (the attribute on the group's turn and a mob's
// favor counted), else the highest; none on one whose face-up Initiative
// is beyond every card, nor on one at Death's Door whom a Wound no longer
// harms.
func (c *gmActChoices) attacks() {
	k, g := c.k, c.g
	if k.ngm == 0 || !k.groupIn(g) {
		return
	}
	form := k.strongForm(g)
	dooms, _ := k.attackDoomSet(g, c.own)
	swept := false
	var x GMAction
	for t := 0; t < k.na; t++ {
		ad := &k.adv[t]
		if !ad.present() || ad.gone || ad.door && k.ru.H11 == H11NoEffect {
			continue
		}
		f := form
		n := c.aim(&x, t, f)
		if n == 0 && f == abNone && k.live(g, AbThrowStones) {
			f = AbThrowStones
			n = c.aim(&x, t, f)
		}
		if n == 0 {
			continue
		}
		x.Kind, x.Ability = GMAttack, f
		x.Card = int8(c.card(t, n, f))
		if x.Card < 0 {
			continue
		}
		if k.gm[x.Card].Greater() {
			if k.gmAttackOK(g, &x, c.own) {
				c.addRaw(&x) // the greater doom is the Attack's one doom
			}
			continue
		}
		// One choice per attack doom the group has (errata E-H6); a
		// sweep, which strikes the whole zone, once.
		c.addTriggers(&x, &dooms, &swept)
	}
}

// addTriggers adds Attack x once with each attack doom in dooms (none
// when the group has none), a sweep only while swept is unset.
func (c *gmActChoices) addTriggers(x *GMAction, dooms *Abilities, swept *bool) {
	k, g := c.k, c.g
	any := false
	for _, ab := range attackDooms {
		if !dooms.Has(ab) {
			continue
		}
		any = true
		if sweepDoom(ab) && *swept {
			continue
		}
		x.Trigger = ab
		if k.gmAttackOK(g, x, c.own) {
			c.addRaw(x)
			if sweepDoom(ab) {
				*swept = true
			}
		}
	}
	x.Trigger = abNone
	if !any && k.gmAttackOK(g, x, c.own) {
		c.addRaw(x)
	}
}

// strongForm is the form of group g's Attack as the default chooses it:
// an arcane blast while levitating, the Death Dealer's blade, an arcane
// blast, else a plain Attack.
func (k *kernel) strongForm(g int) Ability {
	switch {
	case k.aloft(g) && k.live(g, AbArcaneAttack): // as attackForm: only a lord is lifted
		return AbArcaneAttack
	case k.live(g, AbDeathDealer):
		return AbDeathDealer
	case k.live(g, AbArcaneAttack):
		return AbArcaneAttack
	}
	return abNone
}

// aim resets x to a skip with every member of the group that can act and
// reach adventurer t aimed at him; it returns how many.
func (c *gmActChoices) aim(x *GMAction, t int, form Ability) int {
	k, g := c.k, c.g
	gs := &k.grp[g]
	x.Reset()
	n := 0
	for m := int(gs.lo); m < int(gs.hi) && m-int(gs.lo) < MaxCount; m++ {
		if k.memberCanAct(m, !c.own) && k.gmReach(m, t, k.missileMember(m, form)) {
			x.Targets[m-int(gs.lo)] = int8(t)
			n++
		}
	}
	if n > 0 && (k.m.groups[g].lord || gs.hi-gs.lo == 1) {
		x.Reset()
		x.Targets[0] = int8(t)
		n = 1
	}
	return n
}

// card is the hand index of the card for the group's Attack on adventurer
// t with n members (see attacks), or -1.
func (c *gmActChoices) card(t, n int, form Ability) int {
	k, g := c.k, c.g
	if k.liveIn(g, overwhelmingDooms) {
		best := -1
		for j := 0; j < int(k.ngm); j++ {
			if k.gm[j].Greater() && k.gmFree(j) && (best < 0 || k.gm[j] > k.gm[best]) {
				best = j
			}
		}
		if best >= 0 {
			return best
		}
	}
	add := 0
	if c.own {
		add = k.groupAttr(g, attackForms[form].attr)
	}
	ad := &k.adv[t]
	if n >= 2 || !ad.meleeArmed() || ad.effects&(Blind|Webbed|Root) != 0 {
		add += favorBonus
	}
	init, up := k.advInit(t), ad.revealed || ad.down()
	tie := ad.hasShield()
	lo, hi := -1, -1
	for j := 0; j < int(k.ngm); j++ {
		d := k.gm[j]
		if !d.Lesser() || !k.gmFree(j) {
			continue
		}
		if hi < 0 || d > k.gm[hi] {
			hi = j
		}
		if up && k.beats(int(d)+add, init, tie) && (lo < 0 || d < k.gm[lo]) {
			lo = j
		}
	}
	switch {
	case lo >= 0:
		return lo
	case up:
		return -1 // his face-up Initiative is beyond every card
	}
	return hi
}

// gmAttackOK reports whether the kernel would play group g's Attack a:
// its card pays for it, a jinn has a card to spare to turn tangible, and a
// member reaches a target.
func (k *kernel) gmAttackOK(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if !k.attackCard(g, d) {
		return false
	}
	if k.m.groups[g].abil.has(AbBodyOfSmokelessFire) && !k.grp[g].tangible && k.ngm < 2 {
		return false
	}
	form, rider := k.attackForm(g, a, d)
	x := *a
	x.Trigger = k.attackTrigger(g, a, own, d, rider, false)
	var p attackPlan
	return k.planAttack(g, &x, own, form, rider, &p)
}

// Label names choice i for the replay and the regrets.
func (c *gmActChoices) Label(i int) string {
	k := c.k
	a := &c.a[i]
	switch a.Kind {
	case GMSkip:
		return "nothing"
	case GMAttack:
		s := "Attack" + k.targetsText(a)
		if d := k.gmCardAt(a.Card); d != NoDoom {
			s += " (" + d.String() + ")"
		}
		if r := k.gmCardAt(a.Rider); r != NoDoom {
			s += " with " + abilityTable[a.Ability].name
		}
		if a.Trigger != abNone {
			s += ", " + abilityTable[a.Trigger].name
		}
		if f := k.gmCardAt(a.Favor); f != NoDoom {
			s += ", favor from " + f.String()
		}
		return s
	case GMAbility:
		return abilityTable[a.Ability].name
	}
	return a.Kind.String()
}

// targetsText is whom an Attack's members go for, " A" or " A, A, B" in
// member order (one name per member acting, so that two assignments of a
// group never read alike), or "" when none is set.
func (k *kernel) targetsText(a *GMAction) string {
	var b strings.Builder
	n := 0
	for _, t := range a.Targets {
		if t < 0 {
			continue
		}
		if n++; n > 1 {
			b.WriteString(",")
		}
		b.WriteString(" " + k.aname(int(t)))
	}
	return b.String()
}

package demoncity

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// hopeless is an invalid (Base Toughness 0: any landed hit puts her down,
// and she gets up only on a card above the massive class) alone before a
// horror that outclasses her in every stat, with the way out one step
// away and open. Her default here only attacks; the horror attacks
// whoever stands.
func hopeless(t *testing.T) *model {
	ike := Sheet{Name: "Ike", Calm: 2, Agility: 1, Toughness: 0, Weapon: weapons.Must("unarmed")}
	beast := Sheet{Name: "Beast", Horror: true, Calm: 9, Agility: 9, Toughness: 9, HandToHand: 9,
		Weapon: Weapon{Name: "jaws", Kind: Melee, Suits: []Band{Close}, Massive: true}}
	return testModelScene(t, OptionTable.Defaults(), []Sheet{ike}, []Sheet{beast}, Strong(attackFirst), attackFirst,
		scene{band: Close, escape: 1})
}

// TestStrongFleesHopelessFight: strong play runs from a fight its default
// throws itself into, where staying means being left down and running
// gets away about half the time.
func TestStrongFleesHopelessFight(t *testing.T) {
	m := hopeless(t)
	c := &search.Collector{}
	m.SetSearch(search.Settings{Collector: c})
	k := m.newKernel()
	k.Number(0)
	k.Play(sim.NewRand(1, 0), sim.NewRecord(m.schema), nil)
	sum := c.Summary()
	if sum.Decisions != 1 || len(sum.Regrets) != 1 {
		t.Fatalf("%d decisions searched, regrets %v; want one, Ike's first", sum.Decisions, sum.Regrets)
	}
	g := sum.Regrets[0]
	if g.Default != "attack Beast" || g.Strong != "flee" || g.Examples[0].Round != 1 || g.Examples[0].Who != "Ike" {
		t.Fatalf("regret %v; want Ike to flee rather than attack Beast in round 1", g)
	}
	if g.Near >= 0 {
		t.Errorf("fleeing leaves Ike down %+.2f times more often; want fewer", g.Near)
	}

	// Over many encounters, the default is left down nearly always and
	// strong play about half as often.
	near := func(m *model, n int) float64 {
		k := m.newKernel()
		rec := sim.NewRecord(m.schema)
		sum := 0
		for i := range n {
			rec.Reset()
			k.Play(sim.NewRand(2, uint64(i)), rec, nil)
			sum += m.Outcome(rec).Near
		}
		return float64(sum) / float64(n)
	}
	def := testModelScene(t, OptionTable.Defaults(), m.sheets[:1], m.sheets[1:2], attackFirst, attackFirst, scene{band: Close, escape: 1})
	d, s := near(def, 400), near(m, 100)
	if d < 0.9 || s > d-0.2 {
		t.Errorf("left down: %.2f by default, %.2f strong; want the default near 1 and strong well below", d, s)
	}
}

// TestForkReshufflesOnlyTheDrawPiles: a fork leaves the table and the
// discard pile where they are, gives each draw pile the same cards in
// another order, and makes every later draw (the decks' and the
// encounter's) depend on the fork's generator alone.
func TestForkReshufflesOnlyTheDrawPiles(t *testing.T) {
	m := fourVsOne(t, OptionTable.Defaults(), nil, nil)
	k := m.newKernel()
	r := sim.NewRand(5, 0)
	k.reset(r, nil)
	for k.round = 1; k.round <= 3; k.round++ {
		k.actionRound()
	}
	before := k.decks
	var fr [2]sim.Rand
	var after [2][2]Deck
	var next [2][2]uint64
	for x := range 2 {
		k2 := *k
		k2.view.k = &k2
		fr[x].Seed(7, uint64(x))
		k2.fork(sim.Party, &fr[x])
		after[x] = k2.decks
		next[x][0] = k2.r.Uint64()
		next[x][1] = k2.decks[0].rng.Uint64() ^ k2.decks[1].rng.Uint64()
		if k2.r == k.r {
			t.Error("past a fork the kernel still draws from the encounter's generator")
		}
	}
	moved := false
	for d := range 2 {
		b := &before[d]
		for x := range 2 {
			a := &after[x][d]
			if a.nDraw != b.nDraw || a.nTab != b.nTab || a.mark != b.mark {
				t.Fatalf("deck %d: piles %d/%d/%d, were %d/%d/%d", d, a.nDraw, a.nTab, a.mark, b.nDraw, b.nTab, b.mark)
			}
			if !slices.Equal(a.cards[b.nDraw:b.nFull], b.cards[b.nDraw:b.nFull]) {
				t.Errorf("deck %d: the table or the discard pile changed", d)
			}
			pa, pb := slices.Clone(a.cards[:a.nDraw]), slices.Clone(b.cards[:b.nDraw])
			if !slices.Equal(pa, pb) {
				moved = true
			}
			slices.Sort(pa)
			slices.Sort(pb)
			if !slices.Equal(pa, pb) {
				t.Errorf("deck %d: the draw pile holds other cards after the fork", d)
			}
		}
	}
	if !moved {
		t.Error("no draw pile was reshuffled")
	}
	if next[0] == next[1] {
		t.Error("two forks with different generators draw alike")
	}
	// The same fork generator gives the same reshuffle and draws.
	k3 := *k
	k3.view.k = &k3
	var again sim.Rand
	again.Seed(7, 0)
	k3.fork(sim.Foes, &again)
	if k3.decks != after[0] || k3.r.Uint64() != next[0][0] {
		t.Error("the same fork generator reshuffled or drew otherwise")
	}
}

// TestStrongDeterministic: the same encounter gives the same choices and
// the same record on a fresh kernel, on a used one, and narrated or not.
func TestStrongDeterministic(t *testing.T) {
	m := fourVsOne(t, OptionTable.Defaults(), Strong(attackFirst), Strong(attackFirst))
	k1 := m.newKernel()
	tr := &sim.Trace{}
	v1, p1, e1 := playWith(m, k1, 9, tr)
	if e1.Decisions == 0 {
		t.Fatal("no decision searched")
	}
	k2 := m.newKernel()
	playWith(m, k2, 4, nil)
	v2, p2, e2 := playWith(m, k2, 9, nil)
	if !slices.Equal(v1, v2) || !slices.Equal(p1, p2) {
		t.Errorf("records differ:\n%v %v\n%v %v", v1, p1, v2, p2)
	}
	if !reflect.DeepEqual(e1, e2) {
		t.Errorf("choices differ:\n%v\n%v", e1, e2)
	}
	var b strings.Builder
	if err := tr.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "strong play:") {
		t.Errorf("the narration names no searched decision:\n%s", b.String())
	}
}

// playWith plays encounter (seed, 3) of m on k, with a fresh collector of
// the searched decisions.
func playWith(m *model, k *kernel, seed uint64, tr *sim.Trace) ([]int32, []int32, search.Summary) {
	c := &search.Collector{}
	m.SetSearch(search.Settings{Collector: c})
	k.strong.s = search.NewLive(search.DefaultConfig, m.Settings, k.m.makeKernel(true), m.Outcome, m.schema)
	rec := sim.NewRecord(m.schema)
	k.Play(sim.NewRand(seed, 3), rec, tr)
	return slices.Clone(rec.Values), slices.Clone(rec.PerCombatant), c.Summary()
}

// TestOutcomeEdge: the edge of death is being left down when the party
// does not hold the field; after a victory the downed are picked up.
func TestOutcomeEdge(t *testing.T) {
	m := fourVsOne(t, OptionTable.Defaults(), nil, nil)
	rec := sim.NewRecord(m.schema)
	down := func(i int) { rec.PerCombatant[i*numCombatantMetrics+cDownAtEnd] = 1 }
	down(1)
	down(3)
	rec.Values[sim.Stalemate] = 1
	if o := m.Outcome(rec); o.Near != 2 || o.Won || o.Dead != 0 {
		t.Errorf("stalemate with two down: %+v", o)
	}
	rec.Values[sim.Stalemate], rec.Values[sim.Victory] = 0, 1
	if o := m.Outcome(rec); o.Near != 0 || !o.Won {
		t.Errorf("victory with two down: %+v", o)
	}
	rec.Values[sim.Victory], rec.Values[sim.Deaths] = 0, 1
	down(4) // a foe down does not count
	if o := m.Outcome(rec); o.Near != 2 || o.Dead != 1 {
		t.Errorf("one dead, two down: %+v", o)
	}
}

// TestAttackThrows: what View.AttackThrows tells a foe announcing last is
// the number of cards its attack then throws.
func TestAttackThrows(t *testing.T) {
	var want [MaxCombatants]int
	rec := script(func(v *View, self int) Action {
		a := attackFirst(v, self)
		if a.Kind == Attack {
			want[self] = v.AttackThrows(self, a.Target)
		}
		return a
	})
	for _, ru := range []Rules{OptionTable.Defaults(), rulesOf(t, "DC-9", "always", "DC-18", "legacy", "DC-23", "free-form")} {
		m := fourVsOne(t, ru, nil, rec)
		k := m.newKernel()
		checked := 0
		for e := range uint64(200) {
			k.reset(sim.NewRand(8, e), nil)
			for k.round = 1; k.round <= 6 && !k.over(); k.round++ {
				want = [MaxCombatants]int{}
				k.actionRound()
				s := &k.st[4]
				if s.act.Kind == Attack && s.contested && s.bonus == 0 {
					if s.n != want[4] {
						t.Fatalf("round %d: AttackThrows said %d cards, the attack threw %d", k.round, want[4], s.n)
					}
					checked++
				}
			}
		}
		if checked < 100 {
			t.Fatalf("only %d attacks checked", checked)
		}
	}
}

// TestKnockChance: the chance that a landed attack puts its target down,
// by the damage rule.
func TestKnockChance(t *testing.T) {
	party := []Sheet{person("A", 2, 2), person("B", 2, 0), person("C", 2, 3)}
	party[2].Armor = 1
	h := Sheet{Name: "H", Horror: true, Agility: 3, Toughness: 4, Weapon: weapons.Must("claws")}
	for _, c := range []struct {
		opts    []string
		i, curT int
		want    float64
	}{
		{nil, 0, 2, 0.64},  // lowest of 2 cards above 2: (8/10)^2
		{nil, 0, 0, 1},     // any damage takes 0 below 0
		{nil, 1, 0, 1},     // Base Toughness 0: the Injured box
		{nil, 2, 3, 0.343}, // (7/10)^3; armor off
		{[]string{"DC-17", "cards"}, 2, 3, 0.2401},   // one card more for armor
		{[]string{"DC-17", "subtract"}, 2, 3, 0.216}, // damage less 1 must beat 3
		{[]string{"DC-1", "fixed-1"}, 0, 1, 0},       // 1 damage leaves 0
		{[]string{"DC-1", "fixed-1"}, 0, 0, 1},       //
		{[]string{"DC-1", "any-hit-down"}, 2, 3, 1},  //
		{[]string{"DC-1", "cap-5"}, 0, 2, 0.64},      //
	} {
		t.Run(fmt.Sprintf("%v/%d/T%d", c.opts, c.i, c.curT), func(t *testing.T) {
			m := testModel(t, rulesOf(t, c.opts...), party, []Sheet{h}, nil, nil)
			k := m.newKernel()
			k.reset(sim.NewRand(1, 0), nil)
			k.st[c.i].curT = c.curT
			if got := k.view.KnockChance(c.i); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("%v, %s at Toughness %d: %.4f, want %.4f", c.opts, m.names[c.i], c.curT, got, c.want)
			}
		})
	}
}

// TestChoiceLabelsDistinct: two different announcements a strong player
// weighs never read alike in the regrets or the replay: a called shot is
// named as one, and under DC-25 guard a defence against one foe is told
// from a defence against anyone.
func TestChoiceLabelsDistinct(t *testing.T) {
	party := []Sheet{person("A", 2, 2), person("B", 2, 2)}
	foes := []Sheet{{Name: "H", Horror: true, Agility: 3, Toughness: 4, Weapon: weapons.Must("claws")},
		{Name: "G", Horror: true, Agility: 1, Toughness: 3, Weapon: weapons.Must("claws")}}
	called := AttackOn(2)
	called.CalledShot = true
	for _, ru := range []Rules{OptionTable.Defaults(), rulesOf(t, "DC-25", "guard")} {
		m := testModel(t, ru, party, foes, nil, nil)
		k := m.newKernel()
		k.reset(sim.NewRand(1, 0), nil)
		c := &annChoices{k: k}
		for _, def := range []Action{called, AttackOn(3), DefendAgainst(-1), DefendAgainst(2), FleeAway()} {
			c.list(0, k.canon(0, def))
			seen := map[string]Action{}
			for i := range c.Len() {
				l := c.Label(i)
				if b, dup := seen[l]; dup {
					t.Errorf("DC-25 %v, default %+v: %+v and %+v both read %q", ru.DC25, def, b, c.a[i], l)
				}
				seen[l] = c.a[i]
			}
			if c.Len() < 4 {
				t.Errorf("default %+v: only %d choices listed", def, c.Len())
			}
		}
	}
}

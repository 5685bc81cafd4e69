package demoncity

import (
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
	k.strong.s = search.NewLive(search.DefaultConfig, m.search, k.m.makeKernel(true), m.Outcome, m.schema)
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

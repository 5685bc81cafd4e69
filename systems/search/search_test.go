package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// doors is a test game: a hero with three hits walks through rounds of two
// doors. Door 0 costs a hit with probability risk[0], door 1 with risk[1];
// the default always takes door 1. A hero with no hits left is dead; one
// who gets through every round wins. A hidden card, drawn at the start,
// says whether a hit lands on the last round too: the search must not see
// it (Fork redraws it).
type doors struct {
	risk    [2]float64
	rounds  int
	strong  bool
	s       *Searcher
	hits    int
	hidden  bool
	round   int
	g       sim.Rand
	choices [8]int // the door taken in each round, for the tests
	record  bool   // note the state at each decision searched (live) or forked (a rollout)
	states  []uint64
	forks   int
	labels  Choices // the doors as the search names them; doorChoices when nil
}

type doorChoices struct{}

func (doorChoices) Len() int { return 2 }
func (doorChoices) Label(i int) string {
	if i == 0 {
		return "door 1"
	}
	return "door 0"
}

func newDoors(risk [2]float64, strong bool, set Settings) *doors {
	return newDoorsWith(DefaultConfig, risk, strong, set)
}

func newDoorsWith(cfg Config, risk [2]float64, strong bool, set Settings) *doors {
	d := &doors{risk: risk, rounds: 6, strong: strong}
	if strong {
		sub := &doors{risk: risk, rounds: 6, strong: true}
		sub.s = NewScript(sub.fork)
		d.s = NewLive(cfg, set, sub, outcomeOf, schema)
	}
	return d
}

var schema = &sim.Schema{Metrics: sim.StandardMetrics(10, 1), Combatants: []sim.Combatant{{Name: "Hero", Side: sim.Party}}}

func outcomeOf(rec *sim.Record) Outcome {
	return Outcome{Dead: int(rec.Values[sim.Deaths]), Won: rec.Values[sim.Victory] == 1}
}

func (d *doors) Searcher() *Searcher { return d.s }

func (d *doors) fork(side sim.Side, r *sim.Rand) {
	d.g = *r
	d.hidden = d.g.IntN(2) == 0 // reshuffle what the hero cannot see
	d.forks++
}

// state is a fingerprint of what the game has come to.
func (d *doors) state() uint64 {
	c := d.g
	return uint64(d.hits) | uint64(d.round)<<8 | c.Uint64()<<16
}

func (d *doors) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	if d.s != nil {
		d.s.Begin(r, tr)
	}
	d.g = *r
	d.hits = 3
	d.hidden = d.g.IntN(2) == 0
	for d.round = 0; d.round < d.rounds && d.hits > 0; d.round++ {
		door := 1 // the default
		if d.strong && d.s.Searching() && !d.s.SkipDefault() {
			if d.record && (d.s.mode == live || d.s.n == d.s.forkAt) {
				d.states = append(d.states, d.state())
			}
			var c Choices = doorChoices{}
			if d.labels != nil {
				c = d.labels
			}
			door = 1 - d.s.Decide(Decision{Side: sim.Party, Kind: "door", Who: "Hero", Round: d.round + 1}, c)
		}
		d.choices[d.round] = door
		if d.g.Float64() < d.risk[door] {
			d.hits--
		}
	}
	if d.hits > 0 && d.hidden && d.g.Float64() < 0.5 {
		d.hits--
	}
	dead := d.hits <= 0
	rec.SetStandard(sim.Ending{Victory: !dead, Defeat: dead, Rounds: d.round, Deaths: b2i(dead), Party: 1})
	if d.s != nil {
		d.s.End()
	}
}

// play runs n encounters and returns the deaths and each encounter's
// choices.
func play(d *doors, n int) (deaths int, choices [][8]int) {
	rec := sim.NewRecord(schema)
	var r sim.Rand
	for k := range n {
		r.Seed(9, uint64(k))
		rec.Reset()
		d.Play(&r, rec, nil)
		deaths += int(rec.Values[sim.Deaths])
		choices = append(choices, d.choices)
	}
	return deaths, choices
}

// The search leaves a default that walks into danger: door 1 costs a hit
// half the time, door 0 one time in ten.
func TestStrongTakesTheSaferDoor(t *testing.T) {
	const n = 400
	def, _ := play(newDoors([2]float64{0.1, 0.5}, false, Settings{}), n)
	strong := newDoors([2]float64{0.1, 0.5}, true, Settings{})
	got, choices := play(strong, n)
	if got*4 > def {
		t.Errorf("strong play: %d deaths in %d, the default %d: it should save most", got, n, def)
	}
	safe, all := 0, 0
	for _, c := range choices {
		for _, door := range c[:strong.rounds] {
			all++
			if door == 0 {
				safe++
			}
		}
	}
	if safe*3 < all*2 {
		t.Errorf("strong play took the safe door %d times in %d", safe, all)
	}
}

// Where the other choice is a little worse the search keeps the default:
// it leaves it only on evidence, never on the luck of a race.
func TestStrongKeepsTheDefaultWithoutEvidence(t *testing.T) {
	_, choices := play(newDoors([2]float64{0.36, 0.3}, true, Settings{}), 300)
	left := 0
	for _, c := range choices {
		for _, door := range c[:6] {
			if door == 0 {
				left++
			}
		}
	}
	if left > 300*6/50 {
		t.Errorf("strong play left the default in %d of %d decisions for a worse door", left, 300*6)
	}
}

// A rollout replays the encounter to the decision it searches: the state
// at its fork is the state the live encounter decided in.
func TestRolloutsReachTheDecision(t *testing.T) {
	d := newDoors([2]float64{0.1, 0.5}, true, Settings{})
	sub := d.s.sub.(*doors)
	d.record, sub.record = true, true
	rec := sim.NewRecord(schema)
	var r sim.Rand
	for k := range 30 {
		r.Seed(4, uint64(k))
		d.states, sub.states = d.states[:0], sub.states[:0]
		rec.Reset()
		d.Play(&r, rec, nil)
		for _, s := range sub.states {
			if !slices.Contains(d.states, s) {
				t.Fatalf("encounter %d: a rollout forked in state %x, never decided in live (%x)", k, s, d.states)
			}
		}
		if len(sub.states) == 0 {
			t.Fatalf("encounter %d: no rollout", k)
		}
	}
	if sub.forks == 0 {
		t.Error("no rollout forked")
	}
}

// Strong play depends on (seed, encounter) alone: a fresh kernel, or one
// that has played other encounters first, chooses alike.
func TestStrongIsDeterministic(t *testing.T) {
	a := newDoors([2]float64{0.2, 0.35}, true, Settings{})
	_, first := play(a, 50)
	_, again := play(a, 50)
	_, fresh := play(newDoors([2]float64{0.2, 0.35}, true, Settings{}), 50)
	if !slices.Equal(first, again) || !slices.Equal(first, fresh) {
		t.Error("the same encounters gave other choices")
	}
}

// The regrets name the decisions where the search left the default, and
// their summary does not depend on the order the encounters came in.
func TestCollectorSummary(t *testing.T) {
	c := &Collector{}
	d := newDoors([2]float64{0.1, 0.5}, true, Settings{Collector: c})
	rec := sim.NewRecord(schema)
	var r sim.Rand
	for _, k := range []int{3, 1, 2, 0} {
		r.Seed(9, uint64(k))
		d.s.SetTrial(int64(k))
		rec.Reset()
		d.Play(&r, rec, nil)
	}
	s := c.Summary()
	if s.Decisions == 0 || s.Differ == 0 || len(s.Regrets) != 1 {
		t.Fatalf("summary %+v", s)
	}
	g := s.Regrets[0]
	if g.Default != "door 1" || g.Strong != "door 0" || g.Count != s.Differ || g.Decisions != s.Decisions || g.Gain <= 0 || len(g.Examples) == 0 {
		t.Errorf("regret %+v", g)
	}
	c2 := &Collector{}
	d2 := newDoors([2]float64{0.1, 0.5}, true, Settings{Collector: c2})
	for k := range 4 {
		r.Seed(9, uint64(k))
		d2.s.SetTrial(int64(k))
		rec.Reset()
		d2.Play(&r, rec, nil)
	}
	if s2 := c2.Summary(); s2.Decisions != s.Decisions || s2.Regrets[0].Gain != g.Gain || s2.Regrets[0].Examples[0] != g.Examples[0] {
		t.Errorf("the order of the encounters changed the summary: %+v, %+v", s, s2)
	}
}

// sameDoors names both doors alike, as a careless system's labels might.
type sameDoors struct{}

func (sameDoors) Len() int           { return 2 }
func (sameDoors) Label(i int) string { return "a door" }

// Two different choices never share a label in the regrets or the
// narration: where a system's labels read alike, each is numbered.
func TestDistinctChoicesReadApart(t *testing.T) {
	c := &Collector{}
	d := newDoors([2]float64{0.1, 0.5}, true, Settings{Collector: c})
	d.labels = sameDoors{}
	rec := sim.NewRecord(schema)
	var r sim.Rand
	tr := &sim.Trace{}
	for k := range 4 {
		r.Seed(9, uint64(k))
		d.s.SetTrial(int64(k))
		rec.Reset()
		d.Play(&r, rec, tr)
	}
	s := c.Summary()
	if len(s.Regrets) == 0 {
		t.Fatalf("no regret: %+v", s)
	}
	for _, g := range s.Regrets {
		if g.Default == g.Strong {
			t.Errorf("regret %q rather than %q: two choices read alike", g.Strong, g.Default)
		}
		if g.Default != "a door [choice 1 of 2]" || g.Strong != "a door [choice 2 of 2]" {
			t.Errorf("regret %q rather than %q, want each numbered", g.Strong, g.Default)
		}
	}
	told := 0
	for _, e := range tr.Events {
		if strings.Contains(e.Text, "rather than") {
			told++
			if !strings.Contains(e.Text, "a door [choice 2 of 2] rather than the default's a door [choice 1 of 2]") {
				t.Errorf("narration %q", e.Text)
			}
		}
	}
	if told == 0 {
		t.Error("the narration never says what strong play chose rather than the default")
	}
}

// A narrated encounter says what strong play chose and why.
func TestStrongNarrates(t *testing.T) {
	d := newDoors([2]float64{0.1, 0.5}, true, Settings{})
	var r sim.Rand
	r.Seed(9, 0)
	tr := &sim.Trace{}
	d.Play(&r, sim.NewRecord(schema), tr)
	left := 0
	for _, e := range tr.Events {
		if e.Actor != "Hero" || !strings.HasPrefix(e.Text, "strong play: ") {
			t.Fatalf("narration %+v", e)
		}
		if strings.HasPrefix(e.Text, "strong play: door 0 rather than the default's door 1 (over 64 fresh rollouts: party deaths -") {
			left++
		}
	}
	if len(tr.Events) == 0 || left == 0 {
		t.Errorf("no decision narrated as leaving the default: %+v", tr.Events)
	}
}

// The score orders outcomes as the design says: fewer dead, then fewer at
// the edge, then victory.
func TestScoreOrder(t *testing.T) {
	ordered := []Outcome{{Dead: 1, Won: true}, {Near: 16, Won: true}, {Near: 1, Won: true}, {Near: 0}, {Won: true}}
	for i := 1; i < len(ordered); i++ {
		if ordered[i-1].Score() >= ordered[i].Score() {
			t.Errorf("%+v scores %d, not below %+v's %d", ordered[i-1], ordered[i-1].Score(), ordered[i], ordered[i].Score())
		}
	}
}

// Searching a decision allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	d := newDoors([2]float64{0.1, 0.5}, true, Settings{})
	rec := sim.NewRecord(schema)
	var r sim.Rand
	k := uint64(0)
	if a := testing.AllocsPerRun(20, func() {
		r.Seed(1, k)
		k++
		rec.Reset()
		d.Play(&r, rec, nil)
	}); a != 0 {
		t.Errorf("a strong encounter allocates %.1f times", a)
	}
}

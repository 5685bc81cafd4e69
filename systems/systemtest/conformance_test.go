package systemtest

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// A flaw the suite must catch in a kernel or a check.
type flaw int

const (
	sound           flaw = iota
	allocates            // Play allocates with tracing off
	allocatesRarely      // Play allocates in one encounter in twenty
	traceRolls           // narrating draws one more number
	carriesOver          // an encounter depends on the one before on the same kernel
	biased               // the sampler disagrees with the exact odds
	misbound             // an option's declaration sets another option's field
	unlisted             // the system lists other options than its table declares
)

// toyModel is a game of one round: the party wins on a d6 roll of 4+.
type toyModel struct {
	schema *sim.Schema
	flaw   flaw
}

func newToy(f flaw) *toyModel {
	return &toyModel{flaw: f, schema: &sim.Schema{
		Metrics:          sim.StandardMetrics(3, 1),
		Combatants:       []sim.Combatant{{Name: "Ann", Side: sim.Party}, {Name: "Ogre", Side: sim.Foes}},
		CombatantMetrics: []sim.Metric{{Name: "death", Kind: sim.Prob, Doc: "died"}},
	}}
}

func (m *toyModel) Schema() *sim.Schema    { return m.schema }
func (m *toyModel) MaxRounds() int         { return 3 }
func (m *toyModel) NewKernel() sim.Kernel  { return &toyKernel{m: m} }
func (k *toyKernel) keep(xs []int) []int   { return append(xs, len(xs)) }
func (k *toyKernel) scratch(n int) []int   { return make([]int, n) }
func (k *toyKernel) won(r *sim.Rand) bool  { return r.IntN(6)+k.bonus >= 3 }
func (k *toyKernel) narrate(tr *sim.Trace) { tr.Add(1, "Ann", "rolls") }

type toyKernel struct {
	m      *toyModel
	bonus  int
	played int
	kept   []int
}

func (k *toyKernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	switch k.m.flaw {
	case allocates:
		k.kept = k.keep(k.scratch(r.IntN(8) + 64))
	case allocatesRarely:
		if r.IntN(20) == 0 {
			k.kept = k.keep(k.scratch(64))
		}
	case traceRolls:
		if tr != nil {
			r.IntN(6)
		}
	case carriesOver:
		k.played++
		k.bonus = k.played % 3 / 2
		if k.played%100 == 1 {
			// A pause a batch, as a real kernel's work takes, so that
			// every worker gets batches to play.
			time.Sleep(time.Millisecond)
		}
	}
	if tr != nil {
		k.narrate(tr)
	}
	won := k.won(r)
	rec.Set(sim.Rounds, 1)
	rec.Flag(sim.Victory, won)
	rec.Flag(sim.Defeat, !won)
}

// toyCheck is a d6 against a target; biased, its sampler favours success.
func toyCheck(f flaw) systems.Check {
	return systems.Check{
		Name:     "d6",
		Params:   []systems.Param{{Name: "target", Kind: systems.IntParam, Min: 1, Max: 6}},
		Outcomes: []string{"success", "failure"},
		Exact: func(a systems.Args) ([]float64, error) {
			p := float64(7-a.Int("target")) / 6
			return []float64{p, 1 - p}, nil
		},
		Sample: func(a systems.Args, r *sim.Rand) int {
			roll := r.IntN(6) + 1
			if f == biased && roll == a.Int("target")-1 && r.IntN(4) == 0 {
				roll++
			}
			if roll >= a.Int("target") {
				return 0
			}
			return 1
		},
	}
}

// toyRules are the toy's options T1 and T2.
type toyRules struct{ T1, T2 uint8 }

// toyOptions returns the options the toy lists and its option table.
func toyOptions(f flaw) ([]sim.Option, OptionTable) {
	t1 := func(r *toyRules) *uint8 { return &r.T1 }
	if f == misbound {
		t1 = func(r *toyRules) *uint8 { return &r.T2 }
	}
	tb := sim.NewOptionTable(
		sim.Enum("T1", "on or off", t1, sim.Val("off", uint8(0)), sim.Val("on", uint8(1))),
		sim.Enum("T2", "how much", func(r *toyRules) *uint8 { return &r.T2 }, sim.Val("low", uint8(0)), sim.Val("high", uint8(1))))
	listed := tb.Options()
	if f == unlisted {
		listed = listed[:1]
	}
	return listed, tb
}

// recorder is a testing.TB that keeps failures instead of reporting them.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(f string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(f, a...))
}
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); runtime.Goexit() }

// failures runs check with a recorder and returns what it reported.
func failures(t *testing.T, check func(tb testing.TB)) []string {
	rec := &recorder{TB: t}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); check(rec) }()
	wg.Wait()
	return rec.errors
}

// Each check of the suite passes a sound toy and fails the toy with the
// flaw it exists to catch, naming it.
func TestConformanceCatchesFlaws(t *testing.T) {
	checks := []struct {
		name  string
		flaw  flaw
		want  string
		check func(tb testing.TB, f flaw)
	}{
		{"allocs", allocates, "allocated", func(tb testing.TB, f flaw) {
			m := newToy(f)
			checkAllocs(tb, variant{name: "toy", build: &systems.Build{Model: m}}, 200)
		}},
		{"rare allocs", allocatesRarely, "allocated", func(tb testing.TB, f flaw) {
			m := newToy(f)
			checkAllocs(tb, variant{name: "toy", build: &systems.Build{Model: m}}, 200)
		}},
		{"traced", traceRolls, "narrated", func(tb testing.TB, f flaw) {
			m := newToy(f)
			checkTraced(tb, variant{name: "toy", build: &systems.Build{Model: m}}, 40)
		}},
		{"workers", carriesOver, "3 workers give another result", func(tb testing.TB, f flaw) {
			checkWorkers(tb, "toy", newToy(f), 3000, 100)
		}},
		{"odds", biased, "success: sampled", func(tb testing.TB, f flaw) {
			checkOdds(tb, []systems.Check{toyCheck(f)}, nil, 100_000)
		}},
		{"option fields", misbound, "option T1 sets field T2", func(tb testing.TB, f flaw) {
			listed, table := toyOptions(f)
			checkOptions(tb, listed, table)
		}},
		{"option listing", unlisted, "its table declares T1, T2", func(tb testing.TB, f flaw) {
			listed, table := toyOptions(f)
			checkOptions(tb, listed, table)
		}},
	}
	for _, c := range checks {
		if got := failures(t, func(tb testing.TB) { c.check(tb, sound) }); len(got) != 0 {
			t.Errorf("%s: the sound toy fails: %v", c.name, got)
		}
		// Which worker plays which batch is the scheduler's choice, so a
		// flaw that shows only across workers may hide in one run: three
		// tries.
		var got []string
		for try := 0; try < 3 && len(got) == 0; try++ {
			got = failures(t, func(tb testing.TB) { c.check(tb, c.flaw) })
		}
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), c.want) {
			t.Errorf("%s: the flawed toy gives %q, want a failure saying %q", c.name, got, c.want)
		}
	}
}

// Derived argument sets hold every parameter at its base value, then each
// through its range one at a time.
func TestDerivedArgs(t *testing.T) {
	c := systems.Check{Name: "x", Params: []systems.Param{
		{Name: "n", Kind: systems.IntParam, Min: 1, Max: 3},
		{Name: "b", Kind: systems.IntParam, Min: -1, Max: 1, Default: "0"},
		{Name: "deck", Kind: systems.EnumParam, Values: []string{"a", "b"}},
		{Name: "flag", Kind: systems.BoolParam},
		{Name: "xs", Kind: systems.IntsParam, Min: 0, Max: 4},
	}}
	var got []string
	for _, a := range DerivedArgs(c) {
		r, err := c.Resolve(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		got = append(got, fmt.Sprintf("%d %d %s %v %v", r.Int("n"), r.Int("b"), r.Str("deck"), r.Bool("flag"), r.Ints("xs")))
	}
	want := []string{
		"1 0 a false [0]",
		"2 0 a false [0]", "3 0 a false [0]",
		"1 -1 a false [0]", "1 0 a false [0]", "1 1 a false [0]",
		"1 0 b false [0]",
		"1 0 a true [0]",
		"1 0 a false [4]", "1 0 a false [0 4]", "1 0 a false [4 2 0]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("derived sets\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

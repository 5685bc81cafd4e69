package systemtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/search"
)

// Config tunes the conformance suite for one system. Its zero value is
// usable: the system's embedded examples, argument sets derived from each
// check's parameters, and the default sizes.
type Config struct {
	// MinExamples is the least number of embedded examples the system
	// must have (default 1).
	MinExamples int
	// Scenarios are scenario files (YAML text) by name, played beside the
	// embedded examples: shapes the examples do not reach (a strategy on
	// one party member, a scene, a large gang).
	Scenarios map[string]string
	// Odds are argument sets each check is sampled at, by check name,
	// beside the sets derived from its parameters' ranges (DerivedArgs):
	// combinations and table cells worth drawing.
	Odds map[string][]systems.Args
	// Draws is the number of samples of each argument set (default
	// 100,000).
	Draws int
	// AllocRuns is the number of encounters the Allocs check plays for
	// each variant, none of which may allocate (default 100).
	AllocRuns int
	// Traced is the number of encounters played with and without tracing
	// for each variant (default 40).
	Traced int
	// Strong is the number of encounters each check plays with strong
	// play (the search strategy, many encounters an encounter) instead
	// of AllocRuns and Traced, and the Workers check twice as many
	// (default 4).
	Strong int
	// Options is the system's option table, when it declares its options
	// with sim.NewOptionTable; nil skips the Options check.
	Options OptionTable
	// Examples holds the example scenarios, SYSTEM/*.yaml, for a system
	// whose examples are not built into tpk (default: examples.FS).
	Examples fs.FS
	// Endings are the system's own ways for an encounter to end besides
	// victory, defeat and stalemate, by metric name ("escape",
	// "retreat"): every encounter ends in exactly one.
	Endings []string
	// Ordered is a side whose listing order is a rule of the game (the
	// marching order of His Majesty the Worm's guild), which the Order
	// check leaves as written; "" for none.
	Ordered sim.Side
	// OrderTrials is the number of encounters the Order check plays of
	// each example in each order (default 10,000).
	OrderTrials int
	// StrongRollouts is the most rollouts of one choice that strong play
	// makes in these checks (default 2). What they ask of a strong variant
	// (no allocation, the same record narrated or not, one ending, the
	// same result for any number of workers) holds at any rollout count;
	// the search's own tests and each system's strong_test.go play it at
	// full strength.
	StrongRollouts int
}

// OptionTable is what the suite asks of a *sim.OptionTable.
type OptionTable interface {
	Options() []sim.Option
	CheckFields() error
}

func (c Config) withDefaults() Config {
	if c.MinExamples == 0 {
		c.MinExamples = 1
	}
	if c.Draws == 0 {
		c.Draws = 100_000
	}
	if c.AllocRuns == 0 {
		c.AllocRuns = 100
	}
	if c.Traced == 0 {
		c.Traced = 40
	}
	if c.Strong == 0 {
		c.Strong = 4
	}
	if c.Examples == nil {
		c.Examples = examples.FS
	}
	if c.OrderTrials == 0 {
		c.OrderTrials = 10_000
	}
	if c.StrongRollouts == 0 {
		c.StrongRollouts = 2
	}
	return c
}

// Conformance runs the checks every system owes the engine, each as a
// subtest:
//
//   - Examples: every embedded example compiles, plays and meets its
//     expect: block (see Examples);
//   - Allocs: one encounter allocates nothing with tracing off, for every
//     scenario (the examples and cfg.Scenarios) under its own settings and
//     under each value of each option and each strategy, one at a time,
//     the rest as the scenario has them;
//   - Traced: the same variants give the same Record, encounter by
//     encounter, whether or not the encounter is narrated;
//   - Endings: every encounter of every variant ends in exactly one way
//     (victory, defeat, stalemate or one of cfg.Endings), and tpk only in
//     a defeat;
//   - Order: no headline figure of an example moves beyond noise when
//     its party and foes are listed in reverse (but cfg.Ordered);
//   - Workers: every scenario's result is identical with 1 and 3 workers,
//     and so is every strong variant's (strong play on either side);
//   - Odds: every check's Exact is a distribution over its Outcomes and
//     its Sample (the kernel's own sampler) agrees with it within 5
//     standard errors, at a fixed seed, for every argument set (derived
//     from the parameters' ranges, and cfg.Odds);
//   - Options: with cfg.Options, the system lists the options its table
//     declares, and each option, at each of its values alone, sets only
//     the field of the rules named after it (sim.OptionTable.CheckFields).
func Conformance(t *testing.T, sys systems.System, cfg Config) {
	t.Helper()
	cfg = cfg.withDefaults()
	t.Run("Examples", func(t *testing.T) { examplesIn(t, cfg.Examples, sys, cfg.MinExamples) })
	scs := scenarioFiles(t, sys, cfg)
	vs := variants(t, sys, scs, cfg.StrongRollouts)
	t.Run("Allocs", func(t *testing.T) {
		for _, v := range vs {
			checkAllocs(t, v, v.runs(cfg.AllocRuns, cfg.Strong))
		}
	})
	t.Run("Traced", func(t *testing.T) {
		for _, v := range vs {
			checkTraced(t, v, v.runs(cfg.Traced, cfg.Strong))
		}
	})
	t.Run("Endings", func(t *testing.T) {
		bad := 0
		for _, v := range vs {
			if !checkEndings(t, v, cfg.Endings, v.runs(cfg.Traced*2, cfg.Strong)) {
				if bad++; bad == 5 {
					t.Fatal("five variants fail: the others are not tried")
				}
			}
		}
	})
	t.Run("Order", func(t *testing.T) { checkOrder(t, sys, scs, cfg.Ordered, cfg.OrderTrials) })
	t.Run("Workers", func(t *testing.T) {
		for _, f := range scs {
			sc, err := sim.LoadScenario(f.name, f.src, systems.IDs())
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			b, err := sys.Compile(sc)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			checkWorkers(t, f.name, b.Model, 1000, 50)
		}
		for _, v := range vs {
			if v.strong {
				checkWorkers(t, v.name, v.build.Model, 2*cfg.Strong, 2)
			}
		}
	})
	t.Run("Odds", func(t *testing.T) { checkOdds(t, sys.Checks(), cfg.Odds, cfg.Draws) })
	if cfg.Options != nil {
		t.Run("Options", func(t *testing.T) { checkOptions(t, sys.Options(), cfg.Options) })
	}
}

// checkOptions fails unless listed are the options table declares and
// each option sets only its own field of the rules.
func checkOptions(t testing.TB, listed []sim.Option, table OptionTable) {
	t.Helper()
	if declared := table.Options(); !reflect.DeepEqual(listed, declared) {
		ids := func(os []sim.Option) string {
			s := make([]string, len(os))
			for i, o := range os {
				s[i] = o.ID
			}
			return strings.Join(s, ", ")
		}
		t.Errorf("the system lists options %s; its table declares %s", ids(listed), ids(declared))
	}
	if err := table.CheckFields(); err != nil {
		t.Errorf("option table: %v", err)
	}
}

// scenarioFile is a scenario's name and YAML text.
type scenarioFile struct {
	name string
	src  []byte
}

func scenarioFiles(t *testing.T, sys systems.System, cfg Config) []scenarioFile {
	t.Helper()
	names, err := fs.Glob(cfg.Examples, sys.ID()+"/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out []scenarioFile
	for _, f := range names {
		data, err := fs.ReadFile(cfg.Examples, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, scenarioFile{f, data})
	}
	extra := make([]string, 0, len(cfg.Scenarios))
	for name := range cfg.Scenarios {
		extra = append(extra, name)
	}
	sort.Strings(extra)
	for _, name := range extra {
		out = append(out, scenarioFile{name, []byte(cfg.Scenarios[name])})
	}
	return out
}

// variant is a scenario compiled with at most one setting changed.
type variant struct {
	name   string
	build  *systems.Build
	strong bool // a side plays strong: the checks play few encounters
}

// runs is the number of encounters a check plays of the variant: n, or
// strong for a strong one.
func (v variant) runs(n, strong int) int {
	if v.strong {
		return strong
	}
	return n
}

// variants compiles every scenario as written, then with each value of
// each option, and each strategy of each side, that the scenario does not
// set itself, one at a time; strong play searches with at most rollouts
// rollouts a choice.
func variants(t *testing.T, sys systems.System, scs []scenarioFile, rollouts int) []variant {
	t.Helper()
	var out []variant
	compile := func(f scenarioFile, what string, strong bool, set func(*sim.Scenario)) {
		sc, err := sim.LoadScenario(f.name, f.src, systems.IDs())
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if set != nil {
			set(sc)
		}
		b, err := sys.Compile(sc)
		if err != nil {
			t.Errorf("%s with %s: %v", f.name, what, err)
			return
		}
		if tu, ok := b.Model.(search.Tunable); ok && strong {
			tu.SetSearch(search.Settings{MaxRollouts: rollouts})
		}
		out = append(out, variant{f.name + " with " + what, b, strong})
	}
	for _, f := range scs {
		sc, err := sim.LoadScenario(f.name, f.src, systems.IDs())
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		compile(f, "its own settings", false, nil)
		for _, o := range sys.Options() {
			if _, set := sc.Options[o.ID]; set {
				continue
			}
			values := o.Values
			if o.Probability {
				values = append(slices.Clip(values), "0.5")
			}
			for _, v := range values {
				if v == o.Default {
					continue
				}
				id, v := o.ID, v
				compile(f, id+": "+v, false, func(sc *sim.Scenario) {
					if sc.Options == nil {
						sc.Options = map[string]sim.Setting{}
					}
					sc.Options[id] = sim.Setting{Value: v}
				})
			}
		}
		for _, s := range sys.Strategies() {
			// A strategy named test-* is a fixture a system's own tests
			// register (a scripted worked example, a probe of the view):
			// it is not one a user can pick, and need not hold the contract.
			if _, set := sc.Strategies[s.Side]; set || s.Default || strings.HasPrefix(s.Name, "test-") {
				continue
			}
			s := s
			compile(f, fmt.Sprintf("%s strategy %s", s.Side, s.Name), s.Role == systems.RoleStrong, func(sc *sim.Scenario) {
				if sc.Strategies == nil {
					sc.Strategies = map[sim.Side]sim.Setting{}
				}
				sc.Strategies[s.Side] = sim.Setting{Value: s.Name}
			})
		}
	}
	if len(out) == 0 {
		t.Fatal("no scenario to play: the system has no examples and the Config no scenarios")
	}
	t.Logf("%d variants of %d scenarios", len(out), len(scs))
	return out
}

func checkAllocs(t testing.TB, v variant, runs int) {
	t.Helper()
	if n := Allocations(v.build.Model.NewKernel(), v.build.Model.Schema(), 5, runs); n != 0 {
		t.Errorf("%s: Play allocated %d times in %d encounters", v.name, n, runs)
	}
}

// Allocations plays runs encounters of seed with kernel k, as a worker
// does (after one to warm up), and returns how many allocations they made
// together: not an average per encounter (testing.AllocsPerRun rounds an
// average down), so that one allocation in any of them counts. A count can
// include another goroutine's allocation (the process's count is read), so
// a count above zero is measured twice more, on the same encounters, and
// the least is returned: what an encounter allocates, it allocates each
// time it is played, unless it is room that grows once and stays.
func Allocations(k sim.Kernel, s *sim.Schema, seed uint64, runs int) int {
	rec := sim.NewRecord(s)
	var r sim.Rand
	least := -1
	for try := 0; try < 3 && least != 0; try++ {
		n := 1 // AllocsPerRun's warm-up call plays one encounter, the measured call runs
		count := int(testing.AllocsPerRun(1, func() {
			for i := range uint64(n) {
				r.Seed(seed, i)
				rec.Reset()
				k.Play(&r, rec, nil)
			}
			n = runs
		}))
		if least < 0 || count < least {
			least = count
		}
	}
	return least
}

func checkTraced(t testing.TB, v variant, n int) {
	t.Helper()
	m := v.build.Model
	silent, told := sim.NewRecord(m.Schema()), sim.NewRecord(m.Schema())
	k1, k2 := m.NewKernel(), m.NewKernel()
	var r sim.Rand
	for e := uint64(0); e < uint64(n); e++ {
		silent.Reset()
		r.Seed(3, e)
		k1.Play(&r, silent, nil)
		told.Reset()
		r.Seed(3, e)
		tr := &sim.Trace{}
		k2.Play(&r, told, tr)
		if !slices.Equal(silent.Values, told.Values) || !slices.Equal(silent.PerCombatant, told.PerCombatant) {
			t.Errorf("%s, encounter %d: silent %v %v, narrated %v %v", v.name, e,
				silent.Values, silent.PerCombatant, told.Values, told.PerCombatant)
			return
		}
		if len(tr.Events) == 0 {
			t.Errorf("%s, encounter %d: nothing narrated", v.name, e)
			return
		}
	}
}

// checkWorkers runs trials encounters of a scenario with 1 and with 3
// workers, in batches small enough that every worker has some, and requires
// identical result files
// but for the elapsed time and the number of workers.
func checkWorkers(t testing.TB, name string, m sim.Model, trials, batch int) {
	t.Helper()
	var want string
	for _, workers := range []int{1, 3} {
		out, err := sim.Run(context.Background(), m, sim.RunConfig{Seed: 11, Trials: trials, Workers: workers, BatchSize: batch})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res := out.Result(m.Schema(), sim.RunInfo{Name: name, File: name, Seed: 11})
		res.ElapsedS, res.Workers = 0, 0
		js, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		if workers == 1 {
			want = string(js)
		} else if string(js) != want {
			t.Errorf("%s: %d workers give another result than 1:\n%s\nwant\n%s", name, workers, js, want)
		}
	}
}

// checkOdds draws every argument set of every check with the check's
// sampler and compares the frequencies with Exact.
func checkOdds(t testing.TB, checks []systems.Check, extra map[string][]systems.Args, draws int) {
	t.Helper()
	for ci, c := range checks {
		if c.Exact == nil || c.Sample == nil || len(c.Outcomes) == 0 {
			t.Errorf("%s: Exact, Sample or Outcomes missing", c.Name)
			continue
		}
		derived := DerivedArgs(c)
		sets := append(derived, extra[c.Name]...)
		played := 0
		for si, raw := range sets {
			a, err := c.Resolve(raw)
			if err != nil {
				if si >= len(derived) {
					t.Errorf("%s %v: %v", c.Name, raw, err)
				}
				continue // a derived set the check's own constraint refuses
			}
			p, err := c.Exact(a)
			if err != nil {
				t.Errorf("%s %v: %v", c.Name, a, err)
				continue
			}
			if !isDistribution(t, c, a, p) {
				continue
			}
			played++
			counts := make([]int, len(p))
			r := sim.NewRand(20261124, uint64(ci)<<32|uint64(si))
			for range draws {
				k := c.Sample(a, r)
				if k < 0 || k >= len(p) {
					t.Fatalf("%s %v: sampled outcome %d of %d", c.Name, a, k, len(p))
				}
				counts[k]++
			}
			n := float64(draws)
			for k, pk := range p {
				f := float64(counts[k]) / n
				se := math.Sqrt(pk * (1 - pk) / n)
				if math.Abs(f-pk) > 5*se+1e-12 {
					t.Errorf("%s %v %s: sampled %.5f, exact %.5f (%.1f SE)", c.Name, a, c.Outcomes[k], f, pk, (f-pk)/se)
				}
			}
		}
		if played == 0 {
			t.Errorf("%s: no argument set was sampled", c.Name)
		}
		t.Logf("%s: %d argument sets, %d draws each", c.Name, played, draws)
	}
}

// isDistribution reports whether p has one probability per outcome, each
// in [0, 1], summing to 1.
func isDistribution(t testing.TB, c systems.Check, a systems.Args, p []float64) bool {
	t.Helper()
	if len(p) != len(c.Outcomes) {
		t.Errorf("%s %v: %d probabilities for %d outcomes", c.Name, a, len(p), len(c.Outcomes))
		return false
	}
	sum := 0.0
	for _, x := range p {
		if !(x >= 0 && x <= 1) {
			t.Errorf("%s %v: probability %v outside [0, 1]", c.Name, a, x)
			return false
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("%s %v: probabilities sum to %.17g", c.Name, a, sum)
		return false
	}
	return true
}

// DerivedArgs are argument sets for a check from its parameters' ranges:
// every parameter at its base value (its default, else its least value),
// then each parameter through its values one at a time: every whole
// number of its range, every allowed value, a flag on; a list parameter
// as its greatest, its least and greatest, and three values; each set
// once. Some sets may break a constraint between parameters that Resolve
// enforces (the suite skips those).
func DerivedArgs(c systems.Check) []systems.Args {
	base := systems.Args{}
	for _, p := range c.Params {
		if p.Default != "" {
			continue
		}
		switch p.Kind {
		case systems.IntParam:
			base[p.Name] = p.Min
		case systems.EnumParam:
			base[p.Name] = p.Values[0]
		case systems.IntsParam:
			base[p.Name] = []int{p.Min}
		}
	}
	sets := []systems.Args{base}
	seen := map[string]bool{fmt.Sprint(base): true} // fmt prints a map in key order
	with := func(name string, v any) {
		a := maps(base)
		a[name] = v
		if k := fmt.Sprint(a); !seen[k] {
			seen[k] = true
			sets = append(sets, a)
		}
	}
	for _, p := range c.Params {
		switch p.Kind {
		case systems.IntParam:
			for v := p.Min; v <= p.Max; v++ {
				with(p.Name, v)
			}
		case systems.EnumParam:
			for _, v := range p.Values {
				with(p.Name, v)
			}
		case systems.BoolParam:
			with(p.Name, true)
		case systems.IntsParam:
			with(p.Name, []int{p.Max})
			with(p.Name, []int{p.Min, p.Max})
			with(p.Name, []int{p.Max, (p.Min + p.Max) / 2, p.Min})
		}
	}
	return sets
}

func maps(a systems.Args) systems.Args {
	out := make(systems.Args, len(a)+1)
	for k, v := range a {
		out[k] = v
	}
	return out
}

// Check returns sys's check name; the test fails when there is none.
func Check(t testing.TB, sys systems.System, name string) systems.Check {
	t.Helper()
	for _, c := range sys.Checks() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("%s has no check %q", sys.ID(), name)
	return systems.Check{}
}

// Exact resolves a for c and returns c's exact odds; the test fails when
// either refuses, or when the odds are not one probability per outcome
// summing to 1.
func Exact(t testing.TB, c systems.Check, a systems.Args) []float64 {
	t.Helper()
	ra, err := c.Resolve(a)
	if err != nil {
		t.Fatalf("%s %v: %v", c.Name, a, err)
	}
	p, err := c.Exact(ra)
	if err != nil {
		t.Fatalf("%s %v: %v", c.Name, ra, err)
	}
	if !isDistribution(t, c, ra, p) {
		t.FailNow()
	}
	return p
}

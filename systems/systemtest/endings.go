package systemtest

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// checkEndings plays n encounters of a variant and requires every one to
// end in exactly one way: victory, defeat, stalemate or one of the
// system's own endings (ends, such as "escape"); and tpk (the whole party
// dead) only in a defeat. It reports whether they all did.
func checkEndings(t testing.TB, v variant, ends []string, n int) bool {
	t.Helper()
	m := v.build.Model
	s := m.Schema()
	idx := []int{sim.Victory, sim.Defeat, sim.Stalemate}
	for _, name := range ends {
		i := slices.IndexFunc(s.Metrics, func(x sim.Metric) bool { return x.Name == name })
		if i < 0 {
			t.Fatalf("%s: the schema has no ending metric %q", v.name, name)
		}
		idx = append(idx, i)
	}
	rec, k := sim.NewRecord(s), m.NewKernel()
	var r sim.Rand
	for e := uint64(0); e < uint64(n); e++ {
		rec.Reset()
		r.Seed(7, e)
		k.Play(&r, rec, nil)
		var set []string
		for _, i := range idx {
			if rec.Values[i] != 0 {
				set = append(set, s.Metrics[i].Name)
			}
		}
		if len(set) != 1 {
			t.Errorf("%s, encounter %d (seed 7): it ended as %v, want exactly one of victory, defeat, stalemate%s",
				v.name, e, set, listTail(ends))
			return false
		}
		if rec.Values[sim.TPK] != 0 && rec.Values[sim.Defeat] == 0 {
			t.Errorf("%s, encounter %d (seed 7): tpk without defeat", v.name, e)
			return false
		}
	}
	return true
}

// listTail writes names as the end of a list: ", a, b" or "".
func listTail(names []string) string {
	s := ""
	for _, n := range names {
		s += ", " + n
	}
	return s
}

// orderZ is how many standard errors two listings of a scenario may differ
// by in one headline probability: Bonferroni's bound for a 0.001 chance
// that any of about 50 comparisons (the examples of a system times their
// headline figures) goes past it by chance alone.
const orderZ = 4.4

// checkOrder plays every example (of scs) as written and with its party and foes
// listed in reverse (but a side whose order is a rule of the game,
// ordered), trials encounters each at the example's seed, and requires
// every headline probability to agree within orderZ standard errors: the
// order in which a file lists people is not a rule.
func checkOrder(t *testing.T, sys systems.System, scs []scenarioFile, ordered sim.Side, trials int) {
	t.Helper()
	for _, f := range scs {
		if !strings.HasPrefix(f.name, sys.ID()+"/") {
			continue // a test's own scenario, not an example
		}
		var res [2]*sim.Result
		for rev := range 2 {
			sc, err := sim.LoadScenario(f.name, f.src, systems.IDs())
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			if rev == 1 {
				if ordered != sim.Party {
					slices.Reverse(sc.Party)
				}
				if ordered != sim.Foes {
					slices.Reverse(sc.Foes)
				}
			}
			b, err := sys.Compile(sc)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			out, err := sim.Run(context.Background(), b.Model, sim.RunConfig{Seed: sc.Seed, Trials: trials, Workers: 2})
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			res[rev] = out.Result(b.Model.Schema(), sim.RunInfo{Name: sc.Name, File: f.name, Seed: sc.Seed})
		}
		for _, name := range res[0].MetricOrder {
			a, b := res[0].Metrics[name].Proportion, res[1].Metrics[name].Proportion
			if a == nil || b == nil {
				continue
			}
			if z := twoProportionZ(a, b); math.Abs(z) > orderZ {
				t.Errorf("%s: %s is %.4f as listed and %.4f with %s listed in reverse (z = %.1f): the order of a file decides a figure",
					f.name, name, a.P, b.P, reversed(ordered), z)
			}
		}
	}
}

// reversed names the sides checkOrder lists in reverse.
func reversed(ordered sim.Side) string {
	switch ordered {
	case sim.Party:
		return "the foes"
	case sim.Foes:
		return "the party"
	}
	return "the party and the foes"
}

// twoProportionZ is the pooled two-proportion z statistic of a against b;
// 0 when both are 0 or both 1.
func twoProportionZ(a, b *sim.Proportion) float64 {
	n1, n2 := float64(a.N), float64(b.N)
	p := (float64(a.Events) + float64(b.Events)) / (n1 + n2)
	se := math.Sqrt(p * (1 - p) * (1/n1 + 1/n2))
	if se == 0 {
		return 0
	}
	return (a.P - b.P) / se
}

package battleclock_test

import (
	"math"
	"strings"
	"testing"

	"tpk/sim"
	"tpk/systems/systemtest"
)

// meanSE plays n battles of src and returns the mean of count metric name
// and its standard error.
func meanSE(t *testing.T, src, name string, n int, seed uint64) (float64, float64) {
	t.Helper()
	m := compileYAML(t, src).Model
	i := m.Schema().Index(name)
	k, rec := m.NewKernel(), sim.NewRecord(m.Schema())
	var r sim.Rand
	var sum, sq float64
	for e := 0; e < n; e++ {
		r.Seed(seed, uint64(e))
		rec.Reset()
		k.Play(&r, rec, nil)
		x := float64(rec.Values[i])
		sum += x
		sq += x * x
	}
	mean := sum / float64(n)
	return mean, math.Sqrt((sq/float64(n) - mean*mean) / float64(n))
}

// E-B1: concentrated fire comes from each enemy, so a gang written as one
// entry with `count: 6` and the same six enemies written as six entries
// play alike, under either GM strategy.
func TestGangEqualsEntries(t *testing.T) {
	const n = 20000
	squad := "  - {name: Vega, character: soldier}\n  - {name: Liara, character: adept}\n  - {name: Tali, character: engineer}"
	gang := "  - {enemy: merc, count: 6}"
	six := strings.Repeat("  - {enemy: merc}\n", 6)
	six = six[:len(six)-1]
	for _, gm := range []string{"default", "concentrate-fire"} {
		strat := "strategies: {foes: " + gm + "}"
		a := systemtest.Run(compileYAML(t, scenario(squad, gang, strat)), n, 1)
		b := systemtest.Run(compileYAML(t, scenario(squad, six, strat)), n, 2)
		for _, m := range []string{"any_unconscious", "victory", "midnight"} {
			pa, pb := a.Mean(m), b.Mean(m)
			se := math.Hypot(a.SE(m), b.SE(m))
			if math.Abs(pa-pb) > 5*se+1e-9 {
				t.Errorf("%s: %s %.4f with count: 6, %.4f with six entries (5 SE %.4f)", gm, m, pa, pb, 5*se)
			}
		}
		ma, sa := meanSE(t, scenario(squad, gang, strat), "harm_concentrated", n, 1)
		mb, sb := meanSE(t, scenario(squad, six, strat), "harm_concentrated", n, 2)
		if math.Abs(ma-mb) > 5*math.Hypot(sa, sb) {
			t.Errorf("%s: harm_concentrated %.3f with count: 6, %.3f with six entries (5 SE %.3f)", gm, ma, mb, 5*math.Hypot(sa, sb))
		}
		if ma == 0 {
			t.Errorf("%s: no concentrated fire at all: the test shows nothing", gm)
		}
	}
}

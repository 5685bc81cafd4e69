package sim

import (
	"context"
	"math"
	"reflect"
	"testing"
)

// A probability's paired effect: the difference of the two shares, an
// interval from the paired differences that never shrinks to a point, and
// the exact McNemar p-value.
func TestPairStatEffect(t *testing.T) {
	for _, tc := range []struct {
		name       string
		s          PairStat
		n          int64
		diff, hw   float64
		p          float64
		pTolerance float64
	}{
		// 10 pairs differ, all the variant's way: p = 2 * 0.5^10.
		{"one-sided", PairStat{Kind: Prob, Base: 100, Variant: 110, VarOnly: 10}, 1000, 0.01, 1.96 * math.Sqrt((0.01-0.0001)*1000/999/1000), 2 * math.Pow(0.5, 10), 1e-12},
		// 5 and 5: no effect, p = 1.
		{"balanced", PairStat{Kind: Prob, Base: 100, Variant: 100, BaseOnly: 5, VarOnly: 5}, 1000, 0, 1.96 * math.Sqrt(0.01*1000/999/1000), 1, 1e-12},
		// Nothing differs: the interval is ± z²/(n+z²), not a point.
		{"identical", PairStat{Kind: Prob, Base: 300, Variant: 300}, 2000, 0, z95 * z95 / (2000 + z95*z95), 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := tc.s.Effect(tc.n)
			if math.Abs(e.Diff-tc.diff) > 1e-12 || math.Abs(e.HalfWidth()-tc.hw) > 1e-3*tc.hw || math.Abs(e.P-tc.p) > tc.pTolerance {
				t.Errorf("%s: diff %g ± %g, p %g; want %g ± %g, p %g", tc.name, e.Diff, e.HalfWidth(), e.P, tc.diff, tc.hw, tc.p)
			}
		})
	}
}

// The baseline of a paired run is an ordinary run of the same encounters,
// and nothing depends on the number of workers.
func TestPairedRunMatchesRun(t *testing.T) {
	base, same, better := newToy(), newToy(), newToy()
	better.win = 0.5
	tracked := []string{"victory", "tpk", "rounds"}
	play := func(workers int) (*Acc, []*Pairs) {
		acc := NewAcc(base.Schema())
		pairs := []*Pairs{NewPairs(base.Schema(), same.Schema(), tracked), NewPairs(base.Schema(), better.Schema(), tracked)}
		if err := PairedRun(context.Background(), base, []Model{same, better}, []bool{true, true},
			PairedConfig{Tracked: tracked, Seed: 5, N: 4500, Workers: workers}, acc, pairs); err != nil {
			t.Fatal(err)
		}
		return acc, pairs
	}
	acc1, pairs1 := play(1)
	acc3, pairs3 := play(3)
	if !reflect.DeepEqual(pairs1, pairs3) {
		t.Errorf("pairs differ with 1 and 3 workers:\n%+v\n%+v", pairs1[1], pairs3[1])
	}
	run := mustRun(t, base, RunConfig{Seed: 5, Trials: 4500, Workers: 2})
	for _, a := range []*Acc{acc1, acc3} {
		if !reflect.DeepEqual(a.Proportion(Victory), run.Acc.Proportion(Victory)) || !reflect.DeepEqual(a.Distribution(Rounds), run.Acc.Distribution(Rounds)) {
			t.Errorf("the paired baseline differs from a run of the same encounters")
		}
	}
	if s := pairs1[0].Stats[0]; s.BaseOnly+s.VarOnly != 0 {
		t.Errorf("an identical variant differs in %d pairs", s.BaseOnly+s.VarOnly)
	}
	e := pairs1[1].Stats[0].Effect(pairs1[1].N)
	if se := e.HalfWidth() / z95; math.Abs(e.Diff-0.2) > 5*se || e.P > 1e-6 {
		t.Errorf("victory 0.3 -> 0.5: effect %+v", e)
	}
}

// Explain drops a change that cannot matter after the first stage, measures
// one that does to the precision asked, and is the same for any number of
// workers.
func TestExplainStages(t *testing.T) {
	base, same, better := newToy(), newToy(), newToy()
	better.win = 0.4
	cfg := ExplainConfig{Seed: 9, Metric: "victory", Tracked: []string{"victory", "defeat"}, Precision: 0.02}
	var got []*Explanation
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		ex, err := Explain(context.Background(), base, []Model{same, better}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ex)
	}
	ex := got[0]
	if ex.Status[0] != StatusDropped || ex.Pairs[0].N != 2000 {
		t.Errorf("the identical variant: %s after %d encounters, want dropped after 2000", ex.Status[0], ex.Pairs[0].N)
	}
	e := ex.Pairs[1].Stats[0].Effect(ex.Pairs[1].N)
	if ex.Status[1] != StatusMeasured || e.HalfWidth() > 0.02 || math.Abs(e.Diff-0.1) > 5*e.HalfWidth()/z95 {
		t.Errorf("victory 0.3 -> 0.4: %s, %+v after %d", ex.Status[1], e, ex.Pairs[1].N)
	}
	if ex.Base.Trials != ex.Pairs[1].N {
		t.Errorf("the baseline played %d, the longest variant %d", ex.Base.Trials, ex.Pairs[1].N)
	}
	if !reflect.DeepEqual(got[0].Pairs, got[1].Pairs) || !reflect.DeepEqual(got[0].Status, got[1].Status) {
		t.Error("the explanation depends on the number of workers")
	}
}

func TestHolmStepDown(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005}, 0.05)
	// sorted: 0.005 <= 0.05/4, 0.01 <= 0.05/3, 0.03 > 0.05/2: stop.
	if want := []bool{true, false, false, true}; !reflect.DeepEqual(got, want) {
		t.Errorf("Holm = %v, want %v", got, want)
	}
}

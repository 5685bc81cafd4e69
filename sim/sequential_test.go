package sim

import (
	"context"
	"fmt"
	"math"
	"testing"
)

// coinModel is the cheapest model the sequential rule can be tested on: each
// encounter is a victory with probability p, and "hits" is uniform on 0..3
// (mean 1.5). Both true values are known exactly.
type coinModel struct {
	p      float64
	schema *Schema
}

const coinHits = 1 // the index of "hits" in the coin's schema

func newCoin(p float64) *coinModel {
	return &coinModel{p: p, schema: &Schema{Metrics: []Metric{
		{Name: "victory", Kind: Prob, Headline: true},
		{Name: "hits", Kind: Count, Max: 3},
	}}}
}

func (m *coinModel) Schema() *Schema   { return m.schema }
func (m *coinModel) MaxRounds() int    { return 1 }
func (m *coinModel) NewKernel() Kernel { return coinKernel{m.p} }

type coinKernel struct{ p float64 }

func (k coinKernel) Play(r *Rand, rec *Record, _ *Trace) {
	rec.Flag(0, r.Chance(k.p))
	rec.Set(coinHits, r.IntN(4))
}

// checkRun plays check's running on for one seed: the looks of NewLooks from
// start to capTrials, each judged at the error rate spend gives it. It
// returns the verdict of the first look that decides (or undecided) and the
// look's index.
func checkRun(t *testing.T, m Model, seed uint64, start, capTrials int64, exp Expectation, spend func(Looks, int) float64) (string, int) {
	t.Helper()
	looks := NewLooks(start, capTrials, 0.05)
	var out *Outcome
	var err error
	for k, n := range looks.At {
		cfg := RunConfig{Seed: seed, Trials: int(n), Workers: 1}
		if out == nil {
			out, err = Run(context.Background(), m, cfg)
		} else {
			out, err = Continue(context.Background(), m, cfg, out)
		}
		if err != nil {
			t.Fatal(err)
		}
		res := out.Result(m.Schema(), RunInfo{Name: "coin"})
		xs, err := EvaluateAt(res, []Expectation{exp}, spend(looks, k))
		if err != nil {
			t.Fatal(err)
		}
		if v := xs[0].Verdict; v != VerdictUndecided {
			return v, k
		}
	}
	return VerdictUndecided, len(looks.At) - 1
}

// With the true value exactly on an expectation's bound, no decision is
// warranted: every pass or fail is wrong. Over many seeds, check's looks
// (1,000 encounters, doubling to 32,000: six looks) must decide wrongly in
// at most 5% of runs, plus three standard errors of sampling noise. The old
// rule, the 95% interval at every look, is measured too: the test must be
// able to see the defect it guards against.
func TestSequentialErrorRate(t *testing.T) {
	const seeds = 400
	slack := 3 * math.Sqrt(0.05*0.95/seeds)
	for _, tc := range []struct {
		name string
		exp  Expectation
	}{
		{"probability on its bound", Expectation{Metric: "victory", Op: "<", Value: 0.3}},
		{"count mean on its bound", Expectation{Metric: "hits", Op: ">=", Value: 1.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newCoin(0.3)
			wrong, wrongOld := 0, 0
			for seed := uint64(1); seed <= seeds; seed++ {
				if v, _ := checkRun(t, m, seed, 1000, 32000, tc.exp, Looks.Spend); v != VerdictUndecided {
					wrong++
				}
				if v, _ := checkRun(t, m, seed, 1000, 32000, tc.exp, func(Looks, int) float64 { return 0.05 }); v != VerdictUndecided {
					wrongOld++
				}
			}
			rate, old := float64(wrong)/seeds, float64(wrongOld)/seeds
			t.Logf("%s: wrong decisions %.4f with alpha spending, %.4f with the 95%% interval at every look (%d seeds)", tc.name, rate, old, seeds)
			if rate > 0.05+slack {
				t.Errorf("wrong-decision rate %.4f, want at most 0.05 + %.4f", rate, slack)
			}
			if old <= 0.05+slack {
				t.Errorf("the 95%% interval at every look decided wrongly in only %.4f of runs: the test cannot tell the rules apart", old)
			}
		})
	}
}

// A clear case is still decided at the first look.
func TestSequentialDecidesClearCasesEarly(t *testing.T) {
	m := newCoin(0.3)
	for _, exp := range []Expectation{
		{Metric: "victory", Op: "<", Value: 0.4},
		{Metric: "victory", Op: ">", Value: 0.4},
		{Metric: "hits", Op: "..", Value: 1.3, Hi: 1.7},
	} {
		for seed := uint64(1); seed <= 20; seed++ {
			v, k := checkRun(t, m, seed, 1000, 32000, exp, Looks.Spend)
			if k != 0 || v == VerdictUndecided {
				t.Errorf("%s, seed %d: %s at look %d, want decided at the first", exp, seed, v, k)
			}
		}
	}
}

// The looks double from the start to the cap (at least one batch more each
// time), and the error rates spent add up to at most the overall rate.
func TestLooks(t *testing.T) {
	for _, tc := range []struct {
		start, cap int64
		want       []int64
	}{
		{1000, 32000, []int64{1000, 2000, 4000, 8000, 16000, 32000}},
		{100000, 1000000, []int64{100000, 200000, 400000, 800000, 1000000}},
		{300, 2500, []int64{300, 1300, 2500}},
		{5000, 5000, []int64{5000}},
		{5000, 3000, []int64{5000}},
	} {
		t.Run(fmt.Sprintf("%d..%d", tc.start, tc.cap), func(t *testing.T) {
			l := NewLooks(tc.start, tc.cap, 0.05)
			if len(l.At) != len(tc.want) {
				t.Fatalf("NewLooks(%d, %d).At = %v, want %v", tc.start, tc.cap, l.At, tc.want)
			}
			sum := 0.0
			for k := range l.At {
				if l.At[k] != tc.want[k] {
					t.Errorf("NewLooks(%d, %d).At = %v, want %v", tc.start, tc.cap, l.At, tc.want)
				}
				sum += l.Spend(k)
			}
			if sum > 0.05+1e-12 || sum < 0.05-1e-12 {
				t.Errorf("NewLooks(%d, %d): the looks spend %g in all, want 0.05", tc.start, tc.cap, sum)
			}
		})
	}
	if l := NewLooks(5000, 5000, 0.05); l.Spend(0) != 0.05 {
		t.Errorf("a single look spends %g, want all of 0.05", l.Spend(0))
	}
}

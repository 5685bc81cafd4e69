package sim

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestWilson(t *testing.T) {
	// Reference values: the Wilson score interval without continuity
	// correction (R: prop.test(x, n, correct = FALSE)$conf.int), z = 1.959964.
	// For 0/10 by hand: z² = 3.841459, center = (z²/20)/(1+z²/10) = 0.138767,
	// half = (z/1.384146)·√(z²/400) = 0.138767, so [0, 0.277533].
	tests := []struct {
		events, n int64
		lo, hi    float64
	}{
		{0, 10, 0, 0.277533},
		{5, 10, 0.236593, 0.763407},
		{10, 10, 0.722467, 1},
		{1, 1000, 0.000177, 0.005643},
		{300, 1000, 0.272407, 0.329124},
		{3, 7, 0.158220, 0.749542},
		{0, 0, 0, 1},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d/%d", tc.events, tc.n), func(t *testing.T) {
			lo, hi := Wilson(tc.events, tc.n)
			if math.Abs(lo-tc.lo) > 1e-6 || math.Abs(hi-tc.hi) > 1e-6 {
				t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", tc.events, tc.n, lo, hi, tc.lo, tc.hi)
			}
			if lo < 0 || hi > 1 || lo > hi {
				t.Errorf("Wilson(%d, %d) = [%g, %g] is not inside [0, 1]", tc.events, tc.n, lo, hi)
			}
		})
	}
	// The ends are exact at 0 and n events.
	if lo, _ := Wilson(0, 123457); lo != 0 {
		t.Errorf("Wilson(0, n) lo = %g, want exactly 0", lo)
	}
	if _, hi := Wilson(123457, 123457); hi != 1 {
		t.Errorf("Wilson(n, n) hi = %g, want exactly 1", hi)
	}
	if math.Abs(z95-1.959963984540054) > 1e-12 {
		t.Errorf("z95 = %.15f", z95)
	}
}

func TestDistributionHandWorked(t *testing.T) {
	// Values 1,1,2,2,2,4,4,4,4,9 (n = 10), with Max 5 so that 9 grows the
	// histogram.
	//   sum = 33, mean = 3.3
	//   sum of squares = 159, variance = (10·159 − 33²)/(10·9) = 501/90
	//   sd = √5.5667 = 2.359378, half-width = 1.959964·2.359378/√10 = 1.462331
	//   empirical CDF: F(1) = 0.2, F(2) = 0.5, F(4) = 0.9, F(9) = 1, so type 1
	//   quantiles: p05 = 1, p25 = 2, p50 = 2 (F(2) = 0.5 exactly), p75 = 4,
	//   p95 = 9.
	s := &Schema{Metrics: []Metric{{Name: "wounds", Kind: Count, Max: 5}}}
	a := NewAcc(s)
	rec := NewRecord(s)
	for _, v := range []int{4, 1, 2, 9, 4, 2, 1, 4, 2, 4} {
		rec.Set(0, v)
		a.Add(rec)
	}
	d := a.Distribution(0)
	if d.N != 10 || d.Mean != 3.3 {
		t.Errorf("n = %d, mean = %v; want 10, 3.3", d.N, d.Mean)
	}
	if math.Abs(d.SD-2.359378) > 1e-6 {
		t.Errorf("sd = %.7f, want 2.359378", d.SD)
	}
	if math.Abs(d.CI95[0]-(3.3-1.462331)) > 1e-6 || math.Abs(d.CI95[1]-(3.3+1.462331)) > 1e-6 {
		t.Errorf("ci95 = %v, want 3.3 ± 1.462331", d.CI95)
	}
	wantQ := map[string]int{"p05": 1, "p25": 2, "p50": 2, "p75": 4, "p95": 9}
	if !reflect.DeepEqual(d.Quantiles, wantQ) {
		t.Errorf("quantiles = %v, want %v", d.Quantiles, wantQ)
	}
	wantH := Histogram{1: 2, 2: 3, 4: 4, 9: 1}
	if !reflect.DeepEqual(d.Histogram, wantH) {
		t.Errorf("histogram = %v, want %v", d.Histogram, wantH)
	}
}

// TestQuantileType1Boundaries checks the quantiles against the exact integer
// definition of type 1 on many sample sizes, where p·n falls on or next to a
// whole number and floating-point rounding could pick the wrong value.
func TestQuantileType1Boundaries(t *testing.T) {
	pct := map[string]int64{"p05": 5, "p25": 25, "p50": 50, "p75": 75, "p95": 95}
	for n := int64(1); n <= 400; n++ {
		// Values 0..n-1 once each: F(v) = (v+1)/n, so the smallest v with
		// F(v) >= k/100 is ceil(k·n/100) − 1.
		hist := make([]int64, n)
		for i := range hist {
			hist[i] = 1
		}
		d := distribution(hist, n)
		for name, k := range pct {
			want := int((k*n+99)/100 - 1)
			if d.Quantiles[name] != want {
				t.Fatalf("n = %d: %s = %d, want %d", n, name, d.Quantiles[name], want)
			}
		}
	}
	// Large counts: 0 on 95% of 10⁹ encounters exactly, 1 on the rest, so
	// p95 is 0 (F(0) = 0.95 >= 0.95).
	d := distribution([]int64{950_000_000, 50_000_000}, 1_000_000_000)
	if d.Quantiles["p95"] != 0 {
		t.Errorf("p95 = %d, want 0", d.Quantiles["p95"])
	}
}

func TestDistributionExactSums(t *testing.T) {
	// Huge counts and values whose squares times counts overflow int64:
	// the mean and sd must still be right.
	const c = int64(1) << 50
	hist := make([]int64, 3001)
	hist[1000] = c
	hist[3000] = c
	d := distribution(hist, 2*c)
	if d.Mean != 2000 {
		t.Errorf("mean = %v, want 2000", d.Mean)
	}
	// variance = n/(n−1) · 1000²
	want := 1000 * math.Sqrt(float64(2*c)/float64(2*c-1))
	if math.Abs(d.SD-want) > 1e-9*want {
		t.Errorf("sd = %v, want %v", d.SD, want)
	}
}

func TestDistributionSmallN(t *testing.T) {
	d := distribution([]int64{0, 0, 0}, 0)
	if d.N != 0 || d.Mean != 0 || d.SD != 0 || len(d.Quantiles) != 0 || len(d.Histogram) != 0 {
		t.Errorf("empty distribution = %+v", d)
	}
	// One encounter has no spread: the interval allows for a value one step
	// away (see TestCountIntervalWithoutSpreadCovers).
	d = distribution([]int64{0, 0, 1}, 1)
	step := z95 * z95 / (1 + z95*z95)
	if d.Mean != 2 || d.SD != 0 || d.CI95 != [2]float64{2 - step, 2 + step} || d.Quantiles["p05"] != 2 || d.Quantiles["p95"] != 2 {
		t.Errorf("one encounter = %+v, want mean 2, sd 0, ci [2 - %g, 2 + %g], quantiles 2", d, step, step)
	}
}

func TestProportion(t *testing.T) {
	s := &Schema{Metrics: []Metric{{Name: "tpk", Kind: Prob, Headline: true}}}
	a := NewAcc(s)
	rec := NewRecord(s)
	for i := range 10 {
		rec.Flag(0, i%2 == 0)
		a.Add(rec)
	}
	p := a.Proportion(0)
	if p.P != 0.5 || p.N != 10 || p.Events != 5 || math.Abs(p.CI95[0]-0.236593) > 1e-6 || math.Abs(p.CI95[1]-0.763407) > 1e-6 {
		t.Errorf("proportion = %+v, want p 0.5 of 10, ci [0.2366, 0.7634]", p)
	}
	if p := NewAcc(s).Proportion(0); p.P != 0 || p.CI95 != [2]float64{0, 1} {
		t.Errorf("empty proportion = %+v, want p 0, ci [0, 1]", p)
	}
}

func TestAccWrongKindPanics(t *testing.T) {
	s := &Schema{Metrics: []Metric{{Name: "tpk", Kind: Prob}, {Name: "rounds", Kind: Count, Max: 3}}}
	a := NewAcc(s)
	for _, tc := range []struct {
		name string
		f    func()
		want string
	}{
		{"distribution of a prob", func() { a.Distribution(0) }, "tpk is not a count"},
		{"proportion of a count", func() { a.Proportion(1) }, "rounds is not a yes/no"},
		{"out of range", func() { a.Proportion(2) }, "no encounter metric 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := panicMessage(tc.f)
			if !strings.Contains(msg, tc.want) {
				t.Errorf("panic %q, want it to contain %q", msg, tc.want)
			}
		})
	}
}

func panicMessage(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
			if msg == "" {
				msg = "(non-string panic)"
			}
		}
	}()
	f()
	return ""
}

// WilsonShare is Wilson's interval when the share is a whole number of
// events, and stays inside [0, 1].
func TestWilsonShare(t *testing.T) {
	for _, c := range []struct{ x, n int64 }{{0, 10}, {3, 10}, {10, 10}, {517, 1000}} {
		t.Run(fmt.Sprintf("%d/%d", c.x, c.n), func(t *testing.T) {
			lo, hi := Wilson(c.x, c.n)
			l2, h2 := WilsonShare(float64(c.x)/float64(c.n), c.n)
			if math.Abs(lo-l2) > 1e-12 || math.Abs(hi-h2) > 1e-12 {
				t.Errorf("%d/%d: WilsonShare [%v, %v], Wilson [%v, %v]", c.x, c.n, l2, h2, lo, hi)
			}
		})
	}
	if lo, hi := WilsonShare(0.999, 5); lo < 0 || hi > 1 || lo > 0.999 {
		t.Errorf("0.999 of 5: [%v, %v]", lo, hi)
	}
}

// A count whose sample has no spread still gets an interval that covers a
// nearby true mean: over many replays of 1,000 encounters of a count that is
// 1 with probability 0.0004 (else 0), the 95% interval of the mean covers
// 0.0004 in at least 95% of them, less three standard errors. Two thirds of
// these samples are all zeros; an interval [0, 0] would miss in all of them.
//
// The same holds with a handful of events: with 10,000 encounters (4 events
// expected) the normal interval mean ± z·sd/√n covered only about 91%.
func TestCountIntervalWithoutSpreadCovers(t *testing.T) {
	const (
		replays = 2000
		truth   = 0.0004
	)
	// step is the value the count takes when it is not 0: 1, or 3 (a count
	// that jumps, such as wounds dealt three at a time).
	for _, tc := range []struct{ n, step int64 }{{1000, 1}, {10000, 1}, {10000, 3}} {
		t.Run(fmt.Sprintf("n=%d/step=%d", tc.n, tc.step), func(t *testing.T) {
			n, mean := tc.n, truth*float64(tc.step)
			r := NewRand(3, uint64(n))
			covered, noSpread := 0, 0
			for range replays {
				hist := make([]int64, tc.step+1)
				for range n {
					if r.Chance(truth) {
						hist[tc.step]++
					} else {
						hist[0]++
					}
				}
				d := distribution(hist, n)
				if d.SD == 0 {
					noSpread++
				}
				if d.CI95[0] <= mean && mean <= d.CI95[1] {
					covered++
				}
			}
			rate := float64(covered) / replays
			t.Logf("n %d, step %d: coverage %.4f over %d replays, %d of them without spread", n, tc.step, rate, replays, noSpread)
			if min := 0.95 - 3*math.Sqrt(0.95*0.05/replays); rate < min {
				t.Errorf("n %d, step %d: the mean's interval covers the true mean %g in %.4f of replays, want at least %.4f", n, tc.step, mean, rate, min)
			}
		})
	}
	const n = 1000
	// Every value equal: the interval reaches one step's Wilson bound for
	// no events either side, and never below 0.
	for _, tc := range []struct {
		hist []int64
		want [2]float64
	}{
		{[]int64{n}, [2]float64{0, z95 * z95 / (n + z95*z95)}},
		{[]int64{0, 0, 0, n}, [2]float64{3 - z95*z95/(n+z95*z95), 3 + z95*z95/(n+z95*z95)}},
	} {
		t.Run(fmt.Sprint(tc.hist), func(t *testing.T) {
			d := distribution(tc.hist, n)
			if math.Abs(d.CI95[0]-tc.want[0]) > 1e-15 || math.Abs(d.CI95[1]-tc.want[1]) > 1e-15 {
				t.Errorf("histogram %v: interval %v, want %v", tc.hist, d.CI95, tc.want)
			}
		})
	}
}

// A count's mean is never negative, and neither is its interval: one
// encounter of 5,000 with a 1 gave [-0.0002, 0.0011] before.
func TestCountIntervalNotNegative(t *testing.T) {
	for _, hist := range [][]int64{{4999, 1}, {9990, 5, 0, 5}, {10, 1, 1, 1, 0, 0, 0, 0, 0, 40}} {
		var n int64
		for _, c := range hist {
			n += c
		}
		if d := distribution(hist, n); d.CI95[0] < 0 {
			t.Errorf("%v: interval %v", hist, d.CI95)
		}
	}
}

package sim

import (
	"math"
	"math/big"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// z95 is the standard normal quantile for a two-sided 95% interval
// (1.959963984540054).
var z95 = distuv.UnitNormal.Quantile(0.975)

// Wilson returns the 95% Wilson score interval for events successes out of n
// trials. It behaves well near 0 and 1, where the normal (Wald) interval
// collapses: 0 events gives [0, hi] with hi > 0. n == 0 gives (0, 1).
func Wilson(events, n int64) (lo, hi float64) {
	return WilsonZ(events, n, z95)
}

// WilsonZ is the Wilson score interval with the normal quantile z (z95 for
// 95%).
func WilsonZ(events, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(events) / nf
	z2 := z * z
	d := 1 + z2/nf
	center := (p + z2/(2*nf)) / d
	half := z / d * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = center-half, center+half
	if events <= 0 || lo < 0 {
		lo = 0
	}
	if events >= n || hi > 1 {
		hi = 1
	}
	return lo, hi
}

// WilsonShare returns a 95% interval for the mean of n independent values
// each between 0 and 1 whose observed mean is share (the share of a side
// still standing, averaged over encounters): the Wilson interval with
// share·n events. A value in [0, 1] has a variance at most that of a yes/no
// event with the same mean, so the interval is conservative; for yes/no
// values it is Wilson's own.
func WilsonShare(share float64, n int64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := math.Min(math.Max(share, 0), 1)
	z2 := z95 * z95
	d := 1 + z2/nf
	center := (p + z2/(2*nf)) / d
	half := z95 / d * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = math.Max(center-half, 0), math.Min(center+half, 1)
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return lo, hi
}

// proportion is the Proportion of events out of n; n == 0 gives p = 0 and the
// interval [0, 1].
func proportion(events, n int64) Proportion {
	lo, hi := Wilson(events, n)
	p := 0.0
	if n > 0 {
		p = float64(events) / float64(n)
	}
	return Proportion{P: p, CI95: [2]float64{lo, hi}, N: n, Events: events}
}

// quantileLevels are the quantiles every Distribution reports.
var quantileLevels = []struct {
	Name string
	P    float64
}{{"p05", 0.05}, {"p25", 0.25}, {"p50", 0.50}, {"p75", 0.75}, {"p95", 0.95}}

// distribution summarises a histogram (hist[v] encounters with value v) of n
// encounters.
//
// The mean and the sample variance (divisor n-1) come from exact integer sums
// (math/big), each rounded once to float64, so they are exact to the last bit
// and independent of how the encounters were split. The 95% interval of the
// mean is the normal approximation mean ± z·sd/√n, which is sound for the
// sample sizes of a run (thousands of encounters and more). With n < 2 the sd
// is 0 and the interval is the mean alone. Quantiles are Hyndman and Fan type
// 1, the inverse of the empirical distribution function: the smallest value v
// with at least the fraction p of encounters at or below v (gonum's
// stat.Empirical on the histogram's values weighted by their counts).
func distribution(hist []int64, n int64) Distribution {
	d := Distribution{Quantiles: map[string]int{}, Histogram: Histogram{}, N: n}
	var xs, ws []float64
	sum, sumSq := new(big.Int), new(big.Int)
	var t, vb, cb big.Int
	for v, c := range hist {
		if c == 0 {
			continue
		}
		d.Histogram[v] = c
		xs = append(xs, float64(v))
		ws = append(ws, float64(c))
		vb.SetInt64(int64(v))
		cb.SetInt64(c)
		t.Mul(&vb, &cb)
		sum.Add(sum, &t)
		t.Mul(&t, &vb)
		sumSq.Add(sumSq, &t)
	}
	if n <= 0 || len(xs) == 0 {
		return d
	}
	nb := big.NewInt(n)
	d.Mean, _ = new(big.Rat).SetFrac(sum, nb).Float64()
	if n >= 2 {
		// variance = (n·Σv² − (Σv)²) / (n·(n−1))
		num := new(big.Int).Mul(nb, sumSq)
		num.Sub(num, t.Mul(sum, sum))
		den := new(big.Int).Mul(nb, big.NewInt(n-1))
		variance, _ := new(big.Rat).SetFrac(num, den).Float64()
		d.SD = math.Sqrt(variance)
	}
	d.CI95 = d.interval(z95)
	for _, q := range quantileLevels {
		d.Quantiles[q.Name] = int(stat.Quantile(q.P, stat.Empirical, xs, ws))
	}
	return d
}

// Interval is the figure's interval of the given confidence (0.95 gives its
// CI95): Wilson's for a probability, the normal one for a count's mean.
func (f Figure) Interval(confidence float64) [2]float64 {
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	if confidence == 0.95 {
		z = z95
	}
	switch {
	case f.Proportion != nil:
		lo, hi := WilsonZ(f.Events, f.Proportion.N, z)
		return [2]float64{lo, hi}
	case f.Distribution != nil:
		return f.Distribution.interval(z)
	}
	return [2]float64{}
}

// interval is the interval of the count's mean with the normal quantile z.
//
// In general it is the normal one, mean ± z·sd/√n. A count that takes two
// values only (c and c+d) is a yes/no event in disguise, where that interval
// is at its worst (few encounters away from c): its mean is c plus d times
// the share p of encounters at c+d, and it gets the union of the normal
// interval and c + d·(Wilson's interval for p). Wilson's stays honest for
// a handful of events where the normal one is too short; the union also
// covers the few sample sizes at which Wilson's coverage dips (2 events in
// 1,000 for a true 0.0004).
//
// A sample without spread (every encounter gave the same value c) would
// make the normal interval [c, c], which misses any true mean but c itself:
// a count that is 1 in one encounter of 2,500 shows all zeros in 1,000
// encounters two times in three. Its interval allows for values one step
// away either side that the run did not meet: their share is at most the
// Wilson bound for no event in n, hi = z²/(n+z²), which moves the mean by
// at most that much; so [c - hi, c + hi]. Every interval is cut at 0: a
// count is never negative, and neither is its mean.
func (d *Distribution) interval(z float64) [2]float64 {
	if d.N <= 0 {
		return [2]float64{d.Mean, d.Mean}
	}
	lo, hi, values := math.MaxInt, math.MinInt, 0
	for v, c := range d.Histogram {
		if c > 0 {
			lo, hi, values = min(lo, v), max(hi, v), values+1
		}
	}
	half := z * d.SD / math.Sqrt(float64(d.N))
	switch values {
	case 1:
		_, w := WilsonZ(0, d.N, z)
		return [2]float64{max(d.Mean-w, 0), d.Mean + w}
	case 2:
		plo, phi := WilsonZ(d.Histogram[hi], d.N, z)
		step := float64(hi - lo)
		return [2]float64{max(min(float64(lo)+step*plo, d.Mean-half), 0), max(float64(lo)+step*phi, d.Mean+half)}
	}
	return [2]float64{max(d.Mean-half, 0), d.Mean + half}
}

package sim

import (
	"math"
	"testing"
)

// accepts is exact: for every n tried, each result r in [0, n) comes from
// exactly floor((1<<32)/n) accepted 32-bit inputs. The inputs giving r are
// the run u0 <= u < u1 (u*n's high half is r); within it the low half of
// u*n starts below n and grows by n, so only u0 can be rejected. The test
// checks accepts at both ends of every run and counts the run.
func TestIntNExact(t *testing.T) {
	ns := []uint32{7, 36, 216, 1296, 7776, 1 << 16, 1<<31 + 1}
	for n := uint32(1); n <= 64; n++ {
		ns = append(ns, n)
	}
	const two32 = uint64(1) << 32
	for _, n := range ns {
		n64 := uint64(n)
		want, thresh := two32/n64, two32%n64
		step := uint64(1)
		if n > 4096 {
			step = n64 / 97 // a sample of the results
		}
		for r := uint64(0); r < n64; r += step {
			u0 := (r*two32 + n64 - 1) / n64
			u1 := ((r+1)*two32 + n64 - 1) / n64
			low0 := u0*n64 - r*two32
			accepted := u1 - u0
			if low0 < thresh {
				accepted--
			}
			if accepted != want {
				t.Fatalf("n %d, result %d: %d accepted inputs, want %d", n, r, accepted, want)
			}
			if x := u0 * n64; x>>32 != r || accepts(x, n) != (low0 >= thresh) {
				t.Fatalf("n %d, u %d: result %d, accepted %v; want %d, %v", n, u0, x>>32, accepts(x, n), r, low0 >= thresh)
			}
			if x := (u1 - 1) * n64; x>>32 != r || !accepts(x, n) && u1-1 != u0 {
				t.Fatalf("n %d, u %d: result %d, accepted %v; want %d, accepted", n, u1-1, x>>32, accepts(x, n), r)
			}
		}
	}
}

// chiSquare is Pearson's statistic of counts against equal expectations.
func chiSquare(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	e := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - e
		x += d * d / e
	}
	return x
}

// chiLimit is a loose upper bound of the chi-square statistic with df
// degrees of freedom (mean df, sd sqrt(2 df)): about 6 standard deviations,
// so that a sound generator at fixed seeds never fails it.
func chiLimit(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) + 10 }

// Fast, seeded per encounter from Rand, passes the tests its use by the
// kernels needs: every range they draw from is uniform, consecutive throws
// are independent (pairs and triples of d6, 2d6 after 2d6, 3d6 after 3d6),
// Float64 is uniform, and the first throws of successive encounters (each
// seeded anew) are uniform and independent of each other.
func TestFastQuality(t *testing.T) {
	var f Fast
	f.SeedFrom(NewRand(42, 0))
	for _, n := range []int{2, 3, 4, 5, 6, 7, 12, 36, 216, 1296, 7776} {
		draws := 400 * n
		if n > 1000 {
			draws = 40 * n
		}
		counts := make([]int, n)
		for i := 0; i < draws; i++ {
			counts[f.IntN(n)]++
		}
		if x := chiSquare(counts); x > chiLimit(n-1) {
			t.Errorf("IntN(%d): chi-square %.1f over %d draws, limit %.1f", n, x, draws, chiLimit(n-1))
		}
	}
	pairs, triples, throws := make([]int, 36), make([]int, 216), make([]int, 36*36)
	rolls, tenths := make([]int, 216*216), make([]int, 10)
	for i := 0; i < 400_000; i++ {
		a, b, c := f.IntN(6), f.IntN(6), f.IntN(6)
		pairs[a*6+b]++
		triples[a*36+b*6+c]++
		throws[f.IntN(36)*36+f.IntN(36)]++
		rolls[f.IntN(216)*216+f.IntN(216)]++
		tenths[int(f.Float64()*10)]++
	}
	for _, c := range []struct {
		what   string
		counts []int
	}{{"pairs of d6", pairs}, {"triples of d6", triples}, {"2d6 after 2d6", throws},
		{"3d6 after 3d6", rolls}, {"tenths of Float64", tenths}} {
		t.Run(c.what, func(t *testing.T) {
			if x := chiSquare(c.counts); x > chiLimit(len(c.counts)-1) {
				t.Errorf("%s: chi-square %.1f, limit %.1f", c.what, x, chiLimit(len(c.counts)-1))
			}
		})
	}
	// Across encounters: the first two throws of each encounter, seeded as
	// kernels do (stream = encounter number).
	var r Rand
	first, second := make([]int, 36), make([]int, 36*36)
	for e := 0; e < 200_000; e++ {
		r.Seed(7, uint64(e))
		f.SeedFrom(&r)
		a := f.IntN(36)
		first[a]++
		second[a*36+f.IntN(36)]++
	}
	if x := chiSquare(first); x > chiLimit(35) {
		t.Errorf("first throws of encounters: chi-square %.1f, limit %.1f", x, chiLimit(35))
	}
	if x := chiSquare(second); x > chiLimit(36*36-1) {
		t.Errorf("first two throws of encounters: chi-square %.1f, limit %.1f", x, chiLimit(36*36-1))
	}
}

package catchthedevil

import (
	"math"
	"testing"

	"tpk/sim"
)

// lemire32 is exact: for every n tried, each result r in [0, n) comes from
// exactly floor((1<<32)/n) accepted 32-bit inputs. The inputs giving r are
// the run u0 <= u < u1 (u*n's high half is r); within it the low half of
// u*n starts below n and grows by n, so only u0 can be rejected. The test
// checks lemire32 at both ends of every run and counts the run.
func TestIntNExact(t *testing.T) {
	ns := []uint32{7, 36, 216, 1296, 7776, 1 << 16, 1<<31 + 1}
	for n := uint32(1); n <= 64; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		const two32 = uint64(1) << 32
		want := two32 / uint64(n)
		thresh := two32 % uint64(n)
		step := uint64(1)
		if n > 4096 {
			step = uint64(n) / 97 // a sample of the results
		}
		for r := uint64(0); r < uint64(n); r += step {
			u0 := (r*two32 + uint64(n) - 1) / uint64(n)
			u1 := ((r+1)*two32 + uint64(n) - 1) / uint64(n)
			low0 := u0*uint64(n) - r*two32
			accepted := u1 - u0
			if low0 < thresh {
				accepted--
			}
			if accepted != want {
				t.Fatalf("n %d, result %d: %d accepted inputs, want %d", n, r, accepted, want)
			}
			got, ok := lemire32(uint32(u0), n)
			if got != uint32(r) || ok != (low0 >= thresh) {
				t.Fatalf("n %d: lemire32(%d) = %d, %v; want %d, %v", n, u0, got, ok, r, low0 >= thresh)
			}
			if got, ok := lemire32(uint32(u1-1), n); got != uint32(r) || !ok && u1-1 != u0 {
				t.Fatalf("n %d: lemire32(%d) = %d, %v; want %d, accepted", n, u1-1, got, ok, r)
			}
			if u0 > 0 {
				if got, _ := lemire32(uint32(u0-1), n); r > 0 && got != uint32(r-1) {
					t.Fatalf("n %d: lemire32(%d) = %d, want %d", n, u0-1, got, r-1)
				}
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

// The kernel's generator (wyrand seeded per encounter from the
// engine's PCG) passes the tests its use needs: every range the kernel
// draws from is uniform, consecutive throws are independent (pairs and
// triples of d6, and 2d6 after 2d6), and the first throws of successive
// encounters (each seeded anew) are uniform and independent of each other.
func TestGeneratorQuality(t *testing.T) {
	k := &kernel{r: sim.NewRand(42, 0)}
	k.seedRand()
	for _, n := range []int{2, 3, 4, 5, 6, 7, 12, 36, 216, 1296, 7776} {
		draws := 400 * n
		if n > 1000 {
			draws = 40 * n
		}
		counts := make([]int, n)
		for i := 0; i < draws; i++ {
			counts[k.intN(n)]++
		}
		if x := chiSquare(counts); x > chiLimit(n-1) {
			t.Errorf("intN(%d): chi-square %.1f over %d draws, limit %.1f", n, x, draws, chiLimit(n-1))
		}
	}
	pairs, triples, throws := make([]int, 36), make([]int, 216), make([]int, 36*36)
	for i := 0; i < 400_000; i++ {
		a, b, c := k.intN(6), k.intN(6), k.intN(6)
		pairs[a*6+b]++
		triples[a*36+b*6+c]++
		throws[k.intN(36)*36+k.intN(36)]++
	}
	for _, c := range []struct {
		what   string
		counts []int
	}{{"pairs of d6", pairs}, {"triples of d6", triples}, {"2d6 after 2d6", throws}} {
		if x := chiSquare(c.counts); x > chiLimit(len(c.counts)-1) {
			t.Errorf("%s: chi-square %.1f, limit %.1f", c.what, x, chiLimit(len(c.counts)-1))
		}
	}
	// Across encounters: the first two throws of each encounter, as Play
	// seeds them (stream = encounter number).
	var r sim.Rand
	first, second := make([]int, 36), make([]int, 36*36)
	for e := 0; e < 200_000; e++ {
		r.Seed(7, uint64(e))
		k.r = &r
		k.seedRand()
		a := k.intN(36)
		first[a]++
		second[a*36+k.intN(36)]++
	}
	if x := chiSquare(first); x > chiLimit(35) {
		t.Errorf("first throws of encounters: chi-square %.1f, limit %.1f", x, chiLimit(35))
	}
	if x := chiSquare(second); x > chiLimit(36*36-1) {
		t.Errorf("first two throws of encounters: chi-square %.1f, limit %.1f", x, chiLimit(36*36-1))
	}
}

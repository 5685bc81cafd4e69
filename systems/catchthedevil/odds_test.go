package catchthedevil_test

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// The spec's tables A to E (section 3), transcribed. Percentages are
// rounded to two decimals, so a printed figure may be up to half a unit in
// its last place from the exact one; the exact values are also checked to
// 1e-9 against an independent computation in exact rational arithmetic.

// printedTol is half a unit in the last place of a percentage printed to
// two decimals, as a probability (plus float slack).
const printedTol = 0.00005 + 1e-12

// ratTol is how far a float64 exact answer may be from the rational one.
const ratTol = 1e-9

func ratF(r *big.Rat) float64 { f, _ := r.Float64(); return f }

// rat2d6 counts 2d6 + mod in each of the four bands, exactly.
func rat2d6(mod int) [4]*big.Rat {
	var n [4]int64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			switch t := a + b + mod; {
			case t >= 10:
				n[0]++
			case t >= 7:
				n[1]++
			case t >= 4:
				n[2]++
			default:
				n[3]++
			}
		}
	}
	var out [4]*big.Rat
	for i := range out {
		out[i] = big.NewRat(n[i], 36)
	}
	return out
}

// ratBinom is the distribution of conditions from n dice each counting with
// probability num/6.
func ratBinom(n int, num int64) []*big.Rat {
	p := big.NewRat(num, 6)
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	out := make([]*big.Rat, n+1)
	for k := 0; k <= n; k++ {
		c := new(big.Int).Binomial(int64(n), int64(k))
		r := new(big.Rat).SetInt(c)
		for i := 0; i < k; i++ {
			r.Mul(r, p)
		}
		for i := 0; i < n-k; i++ {
			r.Mul(r, q)
		}
		out[k] = r
	}
	return out
}

// ratHits is the exact absorbing chain: expected hits to reach target
// conditions, and the chance within 1, 2, 3 hits.
func ratHits(n int, num int64, target int) (*big.Rat, [3]*big.Rat) {
	dist := ratBinom(n, num)
	e := make([]*big.Rat, target+n+1)
	for c := target - 1; c >= 0; c-- {
		s := big.NewRat(1, 1)
		for k := 1; k <= n; k++ {
			if c+k < target {
				s.Add(s, new(big.Rat).Mul(dist[k], e[c+k]))
			}
		}
		den := new(big.Rat).Sub(big.NewRat(1, 1), dist[0])
		e[c] = new(big.Rat).Quo(s, den)
	}
	state := map[int]*big.Rat{0: big.NewRat(1, 1)}
	cum := new(big.Rat)
	var within [3]*big.Rat
	for h := 0; h < 3; h++ {
		next := map[int]*big.Rat{}
		for c, pc := range state {
			for k, pk := range dist {
				x := new(big.Rat).Mul(pc, pk)
				if c+k >= target {
					cum.Add(cum, x)
				} else {
					if next[c+k] == nil {
						next[c+k] = new(big.Rat)
					}
					next[c+k].Add(next[c+k], x)
				}
			}
		}
		state = next
		within[h] = new(big.Rat).Set(cum)
	}
	return e[0], within
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// tableA: modifier, 10+, 7-9, 6- (plain), percent.
var tableA = [][4]float64{
	{-6, 0.00, 0.00, 100.00},
	{-5, 0.00, 2.78, 97.22},
	{-4, 0.00, 8.33, 91.67},
	{-3, 0.00, 16.67, 83.33},
	{-2, 2.78, 25.00, 72.22},
	{-1, 8.33, 33.33, 58.33},
	{0, 16.67, 41.67, 41.67},
	{1, 27.78, 44.44, 27.78},
	{2, 41.67, 41.67, 16.67},
	{3, 58.33, 33.33, 8.33},
	{4, 72.22, 25.00, 2.78},
	{5, 83.33, 16.67, 0.00},
	{6, 91.67, 8.33, 0.00},
}

// tableB: tough, damage, armor, penalty, net, 10+, 7-9, 4-6, 3- (percent), E[wounds].
var tableB = []struct {
	tough, dmg int
	armor      bool
	pen, net   int
	p          [4]float64
	ewounds    float64
}{
	{-1, 1, false, 0, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{-1, 1, true, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{-1, 2, false, 0, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{-1, 2, true, 0, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{-1, 3, false, 0, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{-1, 3, true, 0, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{0, 1, false, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{0, 1, true, 0, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{0, 2, false, 0, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{0, 2, true, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{0, 3, false, 0, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{0, 3, true, 0, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{1, 1, false, 0, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{1, 1, true, 0, 1, [4]float64{27.78, 44.44, 25.00, 2.78}, 0.306},
	{1, 2, false, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{1, 2, true, 0, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{1, 3, false, 0, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{1, 3, true, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{2, 1, false, 0, 1, [4]float64{27.78, 44.44, 25.00, 2.78}, 0.306},
	{2, 1, true, 0, 2, [4]float64{41.67, 41.67, 16.67, 0.00}, 0.167},
	{2, 2, false, 0, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{2, 2, true, 0, 1, [4]float64{27.78, 44.44, 25.00, 2.78}, 0.306},
	{2, 3, false, 0, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{2, 3, true, 0, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{-1, 1, false, -1, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{-1, 1, true, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{-1, 2, false, -1, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{-1, 2, true, -1, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{-1, 3, false, -1, -5, [4]float64{0.00, 2.78, 25.00, 72.22}, 1.694},
	{-1, 3, true, -1, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{0, 1, false, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{0, 1, true, -1, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{0, 2, false, -1, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{0, 2, true, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{0, 3, false, -1, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{0, 3, true, -1, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{1, 1, false, -1, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{1, 1, true, -1, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{1, 2, false, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{1, 2, true, -1, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{1, 3, false, -1, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{1, 3, true, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{2, 1, false, -1, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{2, 1, true, -1, 1, [4]float64{27.78, 44.44, 25.00, 2.78}, 0.306},
	{2, 2, false, -1, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{2, 2, true, -1, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{2, 3, false, -1, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{2, 3, true, -1, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{-1, 1, false, -2, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{-1, 1, true, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{-1, 2, false, -2, -5, [4]float64{0.00, 2.78, 25.00, 72.22}, 1.694},
	{-1, 2, true, -2, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{-1, 3, false, -2, -6, [4]float64{0.00, 0.00, 16.67, 83.33}, 1.833},
	{-1, 3, true, -2, -5, [4]float64{0.00, 2.78, 25.00, 72.22}, 1.694},
	{0, 1, false, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{0, 1, true, -2, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{0, 2, false, -2, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{0, 2, true, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{0, 3, false, -2, -5, [4]float64{0.00, 2.78, 25.00, 72.22}, 1.694},
	{0, 3, true, -2, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{1, 1, false, -2, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{1, 1, true, -2, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{1, 2, false, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{1, 2, true, -2, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{1, 3, false, -2, -4, [4]float64{0.00, 8.33, 33.33, 58.33}, 1.500},
	{1, 3, true, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{2, 1, false, -2, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{2, 1, true, -2, 0, [4]float64{16.67, 41.67, 33.33, 8.33}, 0.500},
	{2, 2, false, -2, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
	{2, 2, true, -2, -1, [4]float64{8.33, 33.33, 41.67, 16.67}, 0.750},
	{2, 3, false, -2, -3, [4]float64{0.00, 16.67, 41.67, 41.67}, 1.250},
	{2, 3, true, -2, -2, [4]float64{2.78, 25.00, 44.44, 27.78}, 1.000},
}

// tableC: net modifier, 10+, 7-9, 4-6, 3-, wounded 6- (percent).
var tableC = [][6]float64{
	{-8, 0.00, 0.00, 2.78, 97.22, 100.00},
	{-7, 0.00, 0.00, 8.33, 91.67, 100.00},
	{-6, 0.00, 0.00, 16.67, 83.33, 100.00},
	{-5, 0.00, 2.78, 25.00, 72.22, 97.22},
	{-4, 0.00, 8.33, 33.33, 58.33, 91.67},
	{-3, 0.00, 16.67, 41.67, 41.67, 83.33},
	{-2, 2.78, 25.00, 44.44, 27.78, 72.22},
	{-1, 8.33, 33.33, 41.67, 16.67, 58.33},
	{0, 16.67, 41.67, 33.33, 8.33, 41.67},
	{1, 27.78, 44.44, 25.00, 2.78, 27.78},
	{2, 41.67, 41.67, 16.67, 0.00, 16.67},
	{3, 58.33, 33.33, 8.33, 0.00, 8.33},
}

// tableD: threshold, damage, armor, dice, E[conditions], P(incapacitated), P(dead) (percent).
var tableD = []struct {
	t, dmg              int
	armor               bool
	dice                int
	econds, incap, dead float64
}{
	{2, 1, false, 1, 0.667, 0.00, 0.00},
	{2, 1, true, 0, 0.000, 0.00, 0.00},
	{2, 2, false, 2, 1.333, 44.44, 0.00},
	{2, 2, true, 1, 0.667, 0.00, 0.00},
	{2, 3, false, 3, 2.000, 74.07, 0.00},
	{2, 3, true, 2, 1.333, 44.44, 0.00},
	{2, 4, false, 4, 2.667, 88.89, 19.75},
	{2, 4, true, 3, 2.000, 74.07, 0.00},
	{3, 1, false, 1, 0.500, 0.00, 0.00},
	{3, 1, true, 0, 0.000, 0.00, 0.00},
	{3, 2, false, 2, 1.000, 0.00, 0.00},
	{3, 2, true, 1, 0.500, 0.00, 0.00},
	{3, 3, false, 3, 1.500, 12.50, 0.00},
	{3, 3, true, 2, 1.000, 0.00, 0.00},
	{3, 4, false, 4, 2.000, 31.25, 0.00},
	{3, 4, true, 3, 1.500, 12.50, 0.00},
	{4, 1, false, 1, 0.333, 0.00, 0.00},
	{4, 1, true, 0, 0.000, 0.00, 0.00},
	{4, 2, false, 2, 0.667, 0.00, 0.00},
	{4, 2, true, 1, 0.333, 0.00, 0.00},
	{4, 3, false, 3, 1.000, 0.00, 0.00},
	{4, 3, true, 2, 0.667, 0.00, 0.00},
	{4, 4, false, 4, 1.333, 1.23, 0.00},
	{4, 4, true, 3, 1.000, 0.00, 0.00},
}

// tableDAlt: threshold, damage, armor, dice, E[conditions], P(incapacitated), P(dead) (percent).
var tableDAlt = []struct {
	t, dmg              int
	armor               bool
	dice                int
	econds, incap, dead float64
}{
	{2, 1, false, 1, 0.833, 0.00, 0.00},
	{2, 1, true, 0, 0.000, 0.00, 0.00},
	{2, 2, false, 2, 1.667, 69.44, 0.00},
	{2, 2, true, 1, 0.833, 0.00, 0.00},
	{2, 3, false, 3, 2.500, 92.59, 0.00},
	{2, 3, true, 2, 1.667, 69.44, 0.00},
	{2, 4, false, 4, 3.333, 98.38, 48.23},
	{2, 4, true, 3, 2.500, 92.59, 0.00},
	{3, 1, false, 1, 0.667, 0.00, 0.00},
	{3, 1, true, 0, 0.000, 0.00, 0.00},
	{3, 2, false, 2, 1.333, 0.00, 0.00},
	{3, 2, true, 1, 0.667, 0.00, 0.00},
	{3, 3, false, 3, 2.000, 29.63, 0.00},
	{3, 3, true, 2, 1.333, 0.00, 0.00},
	{3, 4, false, 4, 2.667, 59.26, 0.00},
	{3, 4, true, 3, 2.000, 29.63, 0.00},
	{4, 1, false, 1, 0.500, 0.00, 0.00},
	{4, 1, true, 0, 0.000, 0.00, 0.00},
	{4, 2, false, 2, 1.000, 0.00, 0.00},
	{4, 2, true, 1, 0.500, 0.00, 0.00},
	{4, 3, false, 3, 1.500, 0.00, 0.00},
	{4, 3, true, 2, 1.000, 0.00, 0.00},
	{4, 4, false, 4, 2.000, 6.25, 0.00},
	{4, 4, true, 3, 1.500, 0.00, 0.00},
}

// tableE: threshold, damage, E[hits to incapacitate], P within 1/2/3, E[hits to kill], P within 1/2/3 (percent).
var tableE = []struct {
	t, dmg int
	eIncap float64
	incap  [3]float64
	eKill  float64
	kill   [3]float64
}{
	{2, 1, 3.00, [3]float64{0.00, 44.44, 74.07}, 6.00, [3]float64{0.00, 0.00, 0.00}},
	{2, 2, 1.69, [3]float64{44.44, 88.89, 98.22}, 3.23, [3]float64{0.00, 19.75, 68.04}},
	{2, 3, 1.28, [3]float64{74.07, 98.22, 99.90}, 2.37, [3]float64{0.00, 68.04, 95.76}},
	{2, 4, 1.11, [3]float64{88.89, 99.74, 100.00}, 1.89, [3]float64{19.75, 91.21, 99.61}},
	{3, 1, 6.00, [3]float64{0.00, 0.00, 12.50}, 12.00, [3]float64{0.00, 0.00, 0.00}},
	{3, 2, 3.26, [3]float64{0.00, 31.25, 65.62}, 6.25, [3]float64{0.00, 0.00, 1.56}},
	{3, 3, 2.33, [3]float64{12.50, 65.62, 91.02}, 4.33, [3]float64{0.00, 1.56, 25.39}},
	{3, 4, 1.85, [3]float64{31.25, 85.55, 98.07}, 3.37, [3]float64{0.00, 14.45, 61.28}},
	{4, 1, 12.00, [3]float64{0.00, 0.00, 0.00}, 24.00, [3]float64{0.00, 0.00, 0.00}},
	{4, 2, 6.25, [3]float64{0.00, 1.23, 10.01}, 12.25, [3]float64{0.00, 0.00, 0.00}},
	{4, 3, 4.33, [3]float64{0.00, 10.01, 34.97}, 8.33, [3]float64{0.00, 0.00, 0.10}},
	{4, 4, 3.38, [3]float64{1.23, 25.86, 60.69}, 6.37, [3]float64{0.00, 0.02, 1.88}},
}

// TestOddsChecks pins the checks, flags and outcomes to DESIGN.md's table.
func TestOddsChecks(t *testing.T) {
	want := map[string]struct {
		params   []string
		outcomes []string
	}{
		"move":    {[]string{"modifier"}, []string{"10+", "7-9", "6-"}},
		"harm":    {[]string{"tough", "damage", "armor", "penalty"}, []string{"10+", "7-9", "4-6", "3-"}},
		"npc-hit": {[]string{"damage", "threshold", "armor", "conditions", "meets"}, []string{"unharmed", "conditions", "incapacitated", "dead"}},
	}
	got := (ctd.System).Checks()
	if len(got) != len(want) {
		t.Fatalf("%d checks, want %d", len(got), len(want))
	}
	for _, c := range got {
		w, ok := want[c.Name]
		if !ok {
			t.Errorf("unexpected check %q", c.Name)
			continue
		}
		var names []string
		for _, p := range c.Params {
			names = append(names, p.Name)
			if p.Kind == systems.BoolParam && p.Default != "false" {
				t.Errorf("%s --%s: a flag must default to false (the command line reads a missing default as set)", c.Name, p.Name)
			}
		}
		if len(names) != len(w.params) {
			t.Errorf("%s: params %v, want %v", c.Name, names, w.params)
		}
		for i := range w.params {
			if i < len(names) && names[i] != w.params[i] {
				t.Errorf("%s: params %v, want %v", c.Name, names, w.params)
			}
		}
		if len(c.Outcomes) != len(w.outcomes) {
			t.Fatalf("%s: outcomes %v, want %v", c.Name, c.Outcomes, w.outcomes)
		}
		for i := range w.outcomes {
			if c.Outcomes[i] != w.outcomes[i] {
				t.Errorf("%s: outcomes %v, want %v", c.Name, c.Outcomes, w.outcomes)
			}
		}
	}
}

// Table A (plain columns): `odds catchthedevil move`.
func TestTableA(t *testing.T) {
	c := systemtest.Check(t, ctd.System, "move")
	for _, row := range tableA {
		t.Run(fmt.Sprintf("modifier %+d", int(row[0])), func(t *testing.T) {
			mod := int(row[0])
			p := systemtest.Exact(t, c, systems.Args{"modifier": mod})
			r := rat2d6(mod)
			ex := [3]float64{ratF(r[0]), ratF(r[1]), ratF(new(big.Rat).Add(r[2], r[3]))}
			for i := 0; i < 3; i++ {
				if !near(p[i], ex[i], ratTol) {
					t.Errorf("move %+d %s: %.12f, exact %.12f", mod, c.Outcomes[i], p[i], ex[i])
				}
				if !near(p[i], row[i+1]/100, printedTol) {
					t.Errorf("move %+d %s: %.6f, table A %.2f%%", mod, c.Outcomes[i], p[i], row[i+1])
				}
			}
		})
	}
}

// Table B: `odds catchthedevil harm`, and E[wounds].
func TestTableB(t *testing.T) {
	c := systemtest.Check(t, ctd.System, "harm")
	for _, row := range tableB {
		t.Run(fmt.Sprintf("tough %d/damage %d/armor %v/penalty %d", row.tough, row.dmg, row.armor, row.pen), func(t *testing.T) {
			a := systems.Args{"tough": row.tough, "damage": row.dmg, "armor": row.armor, "penalty": row.pen}
			p := systemtest.Exact(t, c, a)
			r := rat2d6(row.net)
			for i := 0; i < 4; i++ {
				if !near(p[i], ratF(r[i]), ratTol) {
					t.Errorf("harm %v %s: %.12f, exact %.12f", a, c.Outcomes[i], p[i], ratF(r[i]))
				}
				if !near(p[i], row.p[i]/100, printedTol) {
					t.Errorf("harm %v %s: %.6f, table B %.2f%%", a, c.Outcomes[i], p[i], row.p[i])
				}
			}
			if ew := p[2] + 2*p[3]; !near(ew, row.ewounds, 0.0005+1e-12) {
				t.Errorf("harm %v: E[wounds] %.4f, table B %.3f", a, ew, row.ewounds)
			}
		})
	}
}

// Table C: Suffer Harm by net modifier, with the wounded version's miss.
func TestTableC(t *testing.T) {
	for _, row := range tableC {
		t.Run(fmt.Sprintf("net %+d", int(row[0])), func(t *testing.T) {
			net := int(row[0])
			p := ctd.ExactHarm(net, 0, false, 0)
			r := rat2d6(net)
			for i := 0; i < 4; i++ {
				if !near(p[i], ratF(r[i]), ratTol) || !near(p[i], row[i+1]/100, printedTol) {
					t.Errorf("net %+d band %d: %.6f, table C %.2f%%", net, i, p[i], row[i+1])
				}
			}
			miss := ctd.ExactMove(net)[2]
			if !near(miss, p[2]+p[3], 1e-12) || !near(miss, row[5]/100, printedTol) {
				t.Errorf("net %+d: wounded miss %.6f, table C %.2f%%", net, miss, row[5])
			}
		})
	}
}

// Tables D and D-alt: `odds catchthedevil npc-hit` (option C16).
func TestTableD(t *testing.T) {
	c := systemtest.Check(t, ctd.System, "npc-hit")
	for _, tab := range []struct {
		name  string
		meets bool
		rows  []struct {
			t, dmg              int
			armor               bool
			dice                int
			econds, incap, dead float64
		}
	}{{"D", false, tableD}, {"D-alt", true, tableDAlt}} {
		t.Run(tab.name, func(t *testing.T) {
			for _, row := range tab.rows {
				a := systems.Args{"damage": row.dmg, "threshold": row.t, "armor": row.armor, "conditions": 0, "meets": tab.meets}
				p := systemtest.Exact(t, c, a)
				num := int64(6 - row.t)
				if tab.meets {
					num++
				}
				dist := ratBinom(row.dice, num)
				incap, dead := new(big.Rat), new(big.Rat)
				for k, pk := range dist {
					if k >= row.t {
						incap.Add(incap, pk)
					}
					if k >= 2*row.t {
						dead.Add(dead, pk)
					}
				}
				gotIncap := p[2] + p[3]
				if !near(gotIncap, ratF(incap), ratTol) || !near(gotIncap, row.incap/100, printedTol) {
					t.Errorf("table %s %v: P(incapacitated) %.6f, exact %.9f, table %.2f%%", tab.name, a, gotIncap, ratF(incap), row.incap)
				}
				if !near(p[3], ratF(dead), ratTol) || !near(p[3], row.dead/100, printedTol) {
					t.Errorf("table %s %v: P(dead) %.6f, exact %.9f, table %.2f%%", tab.name, a, p[3], ratF(dead), row.dead)
				}
				if e := float64(row.dice) * float64(num) / 6; !near(e, row.econds, 0.0005+1e-12) {
					t.Errorf("table %s %v: E[conditions] %.4f, table %.3f", tab.name, a, e, row.econds)
				}
				if p[0] != ratF(dist[0]) && !near(p[0], ratF(dist[0]), ratTol) {
					t.Errorf("table %s %v: P(unharmed) %.9f, exact %.9f", tab.name, a, p[0], ratF(dist[0]))
				}
			}
		})
	}
}

// Table E: hits needed (the absorbing chain).
func TestTableE(t *testing.T) {
	for _, row := range tableE {
		t.Run(fmt.Sprintf("T%d/damage %d", row.t, row.dmg), func(t *testing.T) {
			for _, goal := range []struct {
				name   string
				target int
				mean   float64
				within [3]float64
			}{{"incapacitate", row.t, row.eIncap, row.incap}, {"kill", 2 * row.t, row.eKill, row.kill}} {
				t.Run(goal.name, func(t *testing.T) {
					mean, within := hitsNeeded(row.t, row.dmg, goal.target, false)
					rm, rw := ratHits(row.dmg, int64(6-row.t), goal.target)
					if !near(mean, ratF(rm), ratTol) || !near(mean, goal.mean, 0.005+1e-12) {
						t.Errorf("T%d dmg %d %s: E[hits] %.6f, exact %.9f, table %.2f", row.t, row.dmg, goal.name, mean, ratF(rm), goal.mean)
					}
					for h := 0; h < 3; h++ {
						if !near(within[h], ratF(rw[h]), ratTol) || !near(within[h], goal.within[h]/100, printedTol) {
							t.Errorf("T%d dmg %d %s within %d: %.6f, exact %.9f, table %.2f%%", row.t, row.dmg, goal.name, h+1, within[h], ratF(rw[h]), goal.within[h])
						}
					}
				})
			}
		})
	}
}

// Bad check arguments are errors, not panics: an NPC the conditions
// already kill, and a modifier out of range.
func TestOddsBadArgs(t *testing.T) {
	c := systemtest.Check(t, ctd.System, "npc-hit")
	if _, err := c.Resolve(systems.Args{"damage": 2, "threshold": 2, "conditions": 4}); err == nil || !strings.Contains(err.Error(), "is dead; allowed: 0 to 3") {
		t.Errorf("an NPC already dead (4 conditions at threshold 2): %v", err)
	}
	if _, err := c.Resolve(systems.Args{"damage": 2, "threshold": 2, "conditions": 3}); err != nil {
		t.Errorf("3 conditions at threshold 2: %v", err)
	}
	if _, err := systemtest.Check(t, ctd.System, "move").Resolve(systems.Args{"modifier": 11}); err == nil {
		t.Error("modifier 11 is accepted")
	}
}

// hitsNeeded is, in floating point, for an NPC at threshold t taking hits of dmg damage dice
// (armor already subtracted), the expected number of hits until it has at
// least target conditions, and the chance of getting there within 1, 2
// and 3 hits (the absorbing chain of the spec's table E; target t is
// incapacitation, 2t death).
func hitsNeeded(t, dice, target int, meets bool) (mean float64, within [3]float64) {
	over := t
	if meets {
		over--
	}
	p := float64(6-over) / 6
	// dist[k]: k conditions from one hit (binomial).
	dist := make([]float64, dice+1)
	for k := 0; k <= dice; k++ {
		dist[k] = binom(dice, k) * pow(p, k) * pow(1-p, dice-k)
	}
	if dice == 0 || p == 0 {
		return math.Inf(1), within
	}
	e := make([]float64, target+dice+1)
	for c := target - 1; c >= 0; c-- {
		s := 1.0
		for k := 1; k <= dice; k++ {
			if c+k < target {
				s += dist[k] * e[c+k]
			}
		}
		e[c] = s / (1 - dist[0])
	}
	state := make([]float64, target)
	state[0] = 1
	cum := 0.0
	for h := 0; h < 3; h++ {
		next := make([]float64, target)
		for c, pc := range state {
			for k, pk := range dist {
				if c+k >= target {
					cum += pc * pk
				} else {
					next[c+k] += pc * pk
				}
			}
		}
		state = next
		within[h] = cum
	}
	return e[0], within
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func pow(x float64, n int) float64 {
	r := 1.0
	for ; n > 0; n-- {
		r *= x
	}
	return r
}

package grade

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestRanksAndSpearman(t *testing.T) {
	if got := Ranks([]float64{10, 20, 20, 5}); !slices.Equal(got, []float64{2, 3.5, 3.5, 1}) {
		t.Errorf("ranks %v", got)
	}
	if r := Spearman([]float64{1, 2, 3, 4}, []float64{1, 4, 9, 16}); r != 1 {
		t.Errorf("monotone: rho %v, want 1", r)
	}
	if r := Spearman([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}); r != -1 {
		t.Errorf("reversed: rho %v, want -1", r)
	}
	// 1 - 6·Σd²/(n(n²-1)) without ties: d = (0, 1, -1, 0, 0): 1 - 12/120.
	if r := Spearman([]float64{1, 2, 3, 4, 5}, []float64{1, 3, 2, 4, 5}); !near(r, 0.9, 1e-12) {
		t.Errorf("rho %v, want 0.9", r)
	}
	if r := Spearman([]float64{1, 1, 1}, []float64{1, 2, 3}); !math.IsNaN(r) {
		t.Errorf("constant: rho %v, want NaN", r)
	}
}

func TestSpearmanP(t *testing.T) {
	// n = 4, a perfect order: 2 of the 24 orderings reach |rho| = 1.
	p, method := SpearmanP([]float64{1, 2, 3, 4}, []float64{1, 2, 3, 4})
	if !near(p, 2.0/24, 1e-12) || method != "exact (every ordering)" {
		t.Errorf("p %v by %s, want 1/12 exact", p, method)
	}
	// n = 12: the t approximation.
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	y := []float64{2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11}
	p, method = SpearmanP(x, y)
	if method != "t approximation" || p > 1e-4 {
		t.Errorf("p %v by %s", p, method)
	}
	if lo, hi, ok := SpearmanCI(0.5, 40); !ok || lo >= 0.5 || hi <= 0.5 || lo < 0 {
		t.Errorf("interval of 0.5 with 40: [%v, %v] %v", lo, hi, ok)
	}
	if _, _, ok := SpearmanCI(0.5, 9); ok {
		t.Errorf("an interval with 9 foes")
	}
}

func TestQuantile7(t *testing.T) {
	xs := []float64{4, 1, 3, 2}
	for _, c := range []struct{ p, want float64 }{{0, 1}, {0.25, 1.75}, {0.5, 2.5}, {0.75, 3.25}, {1, 4}} {
		t.Run(fmt.Sprint(c.p), func(t *testing.T) {
			if got := Quantile7(xs, c.p); !near(got, c.want, 1e-12) {
				t.Errorf("q(%v) = %v, want %v (R: quantile(c(4,1,3,2), %v))", c.p, got, c.want, c.p)
			}
		})
	}
}

func TestOLSRecoversCoefficients(t *testing.T) {
	var xs [][]float64
	var y []float64
	r := sim.NewRand(1, 0)
	for range 200 {
		a, b := float64(r.IntN(6)), float64(r.IntN(4))
		xs = append(xs, []float64{a, b})
		y = append(y, 0.1+0.05*a-0.02*b+0.001*(r.Float64()-0.5))
	}
	coefs, ok := OLS([]string{"a", "b"}, xs, y)
	if !ok {
		t.Fatal("no fit")
	}
	for i, want := range []float64{0.05, -0.02} {
		c := coefs[i]
		if !near(c.Estimate, want, 1e-3) || c.CI95[0] > want || c.CI95[1] < want {
			t.Errorf("%s: %v %v, want %v", c.Name, c.Estimate, c.CI95, want)
		}
	}
	if _, ok := OLS([]string{"a", "b"}, xs[:8], y[:8]); ok {
		t.Error("a fit from 8 observations of 3 coefficients")
	}
}

func TestDeriveBands(t *testing.T) {
	// Ten foes, two per grade by the rule; by deadliness the bounds fall
	// between the 2nd and 3rd, 4th and 5th ... smallest.
	d := []float64{0.9, 0.1, 0.3, 0.2, 0.5, 0.4, 0.7, 0.6, 0.8, 0.0}
	ranks := []int{0, 0, 1, 1, 2, 2, 3, 3, 4, 4}
	got := DeriveBands(d, ranks, 5)
	want := []float64{0.15, 0.35, 0.55, 0.75}
	for i := range want {
		if !near(got[i], want[i], 1e-12) {
			t.Fatalf("bands %v, want %v", got, want)
		}
	}
	// A bound inside a run of ties moves above it.
	got = DeriveBands([]float64{0, 0, 0, 0.5}, []int{0, 1, 1, 1}, 2)
	if !near(got[0], 0.25, 1e-12) {
		t.Errorf("tied bound %v, want 0.25", got)
	}
	if r := BandRank(want, 0.35); r != 2 {
		t.Errorf("rank of 0.35: %d, want 2 (lower bounds are inclusive)", r)
	}
}

func TestCalibrateDisagreements(t *testing.T) {
	mk := func(name string, rank int, p float64, sample bool) *Graded {
		return &Graded{Name: name, Sample: sample, Rule: systems.RuleGrade{Grade: toyScale[rank], Rank: rank, Score: float64(rank)},
			Deadliness: proportion(int64(p*10000), 10000), EmpiricalRank: -1,
			Tactics: []TacticFigures{{Tactic: "a", Lethality: proportion(int64(p*10000), 10000)}}}
	}
	c := Calibrate(toyScale, []*Graded{mk("weakling", 0, 0.8, false), mk("w", 1, 0.3, false), mk("b", 2, 0.5, false),
		mk("s", 3, 0.6, false), mk("vs", 4, 0.9, true)})
	// The weakling is deadlier than the median Strong foe; and so the other
	// named foes are all less deadly than the median (the only) Very Weak
	// one. The random draw is counted, not listed.
	if len(c.Disagreements) != 4 || c.SampleDisagreements != 0 {
		t.Fatalf("disagreements %+v", c.Disagreements)
	}
	if s := c.Disagreements[3]; s.Name != "s" || s.Deadlier || s.Than != "Very Weak" || s.Steps != 3 {
		t.Errorf("disagreement %+v, want s less deadly than the median Very Weak", s)
	}
	d := c.Disagreements[0]
	if d.Name != "weakling" || !d.Deadlier || d.Than != "Strong" || d.Steps != 3 || !d.Clear {
		t.Errorf("disagreement %+v, want weakling deadlier than the median Strong, clearly", d)
	}
	if c.MediansRise || c.Samples != 1 || len(c.Notes) == 0 {
		t.Errorf("medians rise %v, samples %d, notes %v", c.MediansRise, c.Samples, c.Notes)
	}
}

func TestLookupPathAndChange(t *testing.T) {
	root, _ := sim.ParseScenarioYAML("f", []byte("foes:\n  - {name: X, attack: 2, inflictions: [{difficulty: hard}]}\noptions: {L-3: dice}\n"))
	for path, want := range map[string]string{"foes[0].attack": "2", "foes[0].inflictions[0].difficulty": "hard",
		"options.L-3": "dice", "options.l-3": "dice"} {
		if got, ok := lookupPath(root, path); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", path, got, ok, want)
		}
	}
	for _, path := range []string{"foes[1].attack", "foes[0].chase", "foes.attack", "foes[0]"} {
		if got, ok := lookupPath(root, path); ok {
			t.Errorf("%s: found %q", path, got)
		}
	}
	ps := []Param{{Path: "a", Values: []string{"1", "2", "3"}, Start: "1"}, {Path: "b", Values: []string{"x", "y"}, Start: "z"}}
	if got := combination(ps, 5); got[0].Value != "3" || got[1].Value != "y" {
		t.Errorf("combination 5: %v", got)
	}
	if n := change(ps, combination(ps, 5)); n != 3 {
		t.Errorf("change %d, want 2 steps + 1 for a start outside the list", n)
	}
	ps[0].Start = ""
	if n := change(ps, combination(ps, 0)); n != -1 {
		t.Errorf("unknown start: change %d, want -1", n)
	}
}

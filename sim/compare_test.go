package sim

import (
	"math"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Reference values from R: prop.test(c(15, 25), c(50, 50), correct = FALSE)
// gives X-squared = 4.1667 (z = 2.0412), p = 0.04123.
func TestTwoProportions(t *testing.T) {
	c := TwoProportions(15, 50, 25, 50)
	if !near(c.Stat, 2.04124, 1e-5) || !near(c.P, 0.04123, 1e-5) || !near(c.Diff, 0.2, 1e-12) {
		t.Errorf("z %v, p %v, diff %v; want 2.04124, 0.04123, 0.2", c.Stat, c.P, c.Diff)
	}
	if !(c.CI95[0] < c.Diff && c.Diff < c.CI95[1]) || c.CI95[0] <= 0 {
		t.Errorf("Newcombe interval %v should hold 0.2 and exclude 0 at p = 0.04", c.CI95)
	}
	// No variance: identical zero samples are no change at all.
	if z := TwoProportions(0, 1000, 0, 1000); z.P != 1 || z.Stat != 0 || z.Significant {
		t.Errorf("0/1000 vs 0/1000: %+v", z)
	}
}

// Reference values from R: t.test(extra ~ group, data = sleep) gives
// t = -1.8608, df = 17.776, p = 0.07939, 95% interval -3.3654832 .. 0.2054832
// for group 1 minus group 2.
func TestWelch(t *testing.T) {
	g1 := []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
	g2 := []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}
	meanSD := func(x []float64) (float64, float64) {
		var s, ss float64
		for _, v := range x {
			s += v
		}
		m := s / float64(len(x))
		for _, v := range x {
			ss += (v - m) * (v - m)
		}
		return m, math.Sqrt(ss / float64(len(x)-1))
	}
	m2, s2 := meanSD(g1) // "new" is group 1, so the difference is group 1 minus group 2
	m1, s1 := meanSD(g2)
	c := Welch(m1, s1, 10, m2, s2, 10)
	if !near(c.Stat, -1.8608, 1e-4) || !near(c.P, 0.07939, 1e-5) {
		t.Errorf("t %v, p %v; want -1.8608, 0.07939", c.Stat, c.P)
	}
	if !near(c.CI95[0], -3.3654832, 1e-6) || !near(c.CI95[1], 0.2054832, 1e-6) {
		t.Errorf("interval %v, want [-3.3654832, 0.2054832]", c.CI95)
	}
	if c := Welch(2, 0, 100, 2, 0, 100); c.P != 1 {
		t.Errorf("equal constants: p %v, want 1", c.P)
	}
	if c := Welch(2, 0, 100, 3, 0, 100); c.P != 0 {
		t.Errorf("different constants: p %v, want 0", c.P)
	}
}

// Compare tests every shared figure, finds a real change, leaves equal
// figures alone, applies Holm, and lists what it could not compare.
func TestCompare(t *testing.T) {
	m := newToy()
	s := m.Schema()
	a := mustRun(t, m, RunConfig{Seed: 1, Trials: 20000, Workers: 2}).Result(s, RunInfo{Name: "toy"})
	b := mustRun(t, m, RunConfig{Seed: 1, Trials: 20000, Workers: 2}).Result(s, RunInfo{Name: "toy"})
	same := Compare(a, b, "old.json", 0.05)
	if same.Significant != 0 || same.Holm != 0 || len(same.Changes) != 8+3*2 || len(same.Missing) != 0 {
		t.Errorf("identical runs: %d significant, %d Holm, %d figures, missing %v", same.Significant, same.Holm, len(same.Changes), same.Missing)
	}
	// Shift victory a lot and rounds a little in the new result.
	v := *b.Metrics["victory"].Proportion
	v.Events += 2000
	v.P = float64(v.Events) / float64(v.N)
	b.Metrics["victory"] = Figure{Proportion: &v}
	delete(b.Metrics, "draw")
	c := Compare(a, b, "old.json", 0.05)
	var victory *Change
	for i := range c.Changes {
		if c.Changes[i].Metric == "victory" && c.Changes[i].Combatant == "" {
			victory = &c.Changes[i]
		}
	}
	if victory == nil || !victory.Significant || !victory.Holm || victory.Test != MethodProportions || !near(victory.Diff, 0.1, 1e-12) {
		t.Fatalf("victory change: %+v", victory)
	}
	if c.Significant != 1 || c.Holm != 1 {
		t.Errorf("%d significant, %d after Holm; want 1 and 1", c.Significant, c.Holm)
	}
	if len(c.Missing) != 1 || !strings.Contains(c.Missing[0], "draw") {
		t.Errorf("missing %v, want draw", c.Missing)
	}
	if !strings.Contains(c.Note, "13 figures compared") || !strings.Contains(c.Note, "Holm") {
		t.Errorf("note %q", c.Note)
	}
}

// A combatant only the baseline has (one of three thugs gone) and one only
// the new result has are both named, not silently left out.
func TestCompareNamesChangedCast(t *testing.T) {
	m := newToy()
	s := m.Schema()
	a := mustRun(t, m, RunConfig{Seed: 1, Trials: 2000, Workers: 2}).Result(s, RunInfo{Name: "toy"})
	b := mustRun(t, m, RunConfig{Seed: 1, Trials: 2000, Workers: 2}).Result(s, RunInfo{Name: "toy"})
	if len(a.Combatants) < 2 {
		t.Fatalf("the toy has %d combatants; the test needs two", len(a.Combatants))
	}
	gone := a.Combatants[len(a.Combatants)-1]
	b.Combatants = b.Combatants[:len(b.Combatants)-1]
	c := Compare(a, b, "old.json", 0.05)
	if want := gone.Name + " (" + string(gone.Side) + ")"; len(c.Removed) != 1 || c.Removed[0] != want || len(c.Added) != 0 || !c.CastChanged() {
		t.Errorf("a combatant gone from the new result: removed %v, added %v; want removed [%s]", c.Removed, c.Added, want)
	}
	c = Compare(b, a, "old.json", 0.05)
	if len(c.Added) != 1 || len(c.Removed) != 0 || !c.CastChanged() {
		t.Errorf("a combatant new since the baseline: removed %v, added %v", c.Removed, c.Added)
	}
	if same := Compare(a, a, "old.json", 0.05); same.CastChanged() {
		t.Errorf("the same cast reads as changed: %v, %v", same.Added, same.Removed)
	}
}

// Holm's step-down procedure on hand-made p-values.
func TestHolm(t *testing.T) {
	c := &Comparison{Level: 0.05}
	for _, p := range []float64{0.01, 0.04, 0.012, 0.5} {
		c.Changes = append(c.Changes, Change{P: p, Significant: p < 0.05})
	}
	c.holm()
	// Sorted: 0.01 <= 0.05/4 yes; 0.012 <= 0.05/3 yes; 0.04 <= 0.05/2 no: stop.
	want := []bool{true, false, true, false}
	for i, w := range want {
		if c.Changes[i].Holm != w {
			t.Errorf("p = %v: Holm %v, want %v", c.Changes[i].P, c.Changes[i].Holm, w)
		}
	}
	if c.Significant != 3 || c.Holm != 2 {
		t.Errorf("significant %d, Holm %d; want 3, 2", c.Significant, c.Holm)
	}
}

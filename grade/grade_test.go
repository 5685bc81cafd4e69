package grade

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func toySetup(t *testing.T) *Setup {
	t.Helper()
	s, err := NewSetup(toyID, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func parse(t *testing.T, file, text string) *Subject {
	t.Helper()
	root, err := sim.ParseScenarioYAML(file, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	subs, err := toySetup(t).FromFile(file, root)
	if err != nil {
		t.Fatal(err)
	}
	return subs[0]
}

// The solver's known answer: on the grid power = 0..10, the toy's deadliness
// is power/10, so only powers 2 and 3 land in the Weak band [0.15, 0.35);
// every other candidate's interval lies outside the band after the first
// stage; the cheapest (lowest score) comes first.
func TestSolveFindsKnownAnswer(t *testing.T) {
	s := toySetup(t)
	file := "toy.yaml"
	root, err := sim.ParseScenarioYAML(file, []byte("system: toygrade\nparty: [{name: Hero}]\nfoes:\n  - {name: Beast, power: 7}\n"))
	if err != nil {
		t.Fatal(err)
	}
	band, err := GradeBand(s.Scale, s.Grading.Bands, "", "weak")
	if err != nil {
		t.Fatal(err)
	}
	if band.Lo != 0.15 || band.Hi != 0.35 || band.Name != "Weak" {
		t.Fatalf("band %+v, want Weak [0.15, 0.35)", band)
	}
	params := []Param{{Path: "foes[0].power", Values: []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}}}
	for _, order := range Orders {
		sol, err := s.Solve(context.Background(), file, root, params, band, order,
			Settings{Seed: 3, Precision: 0.01, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range sol.Found {
			got = append(got, c.Values[0].Value)
			if !c.Sure {
				t.Errorf("power %s: interval %v not wholly in the band", c.Values[0].Value, c.Figure.CI95)
			}
			if math.Abs(c.Figure.P-c.Rule.Score/10) > 0.02 {
				t.Errorf("power %s: deadliness %v, want about %v", c.Values[0].Value, c.Figure.P, c.Rule.Score/10)
			}
		}
		want := []string{"2", "3"}
		if order == OrderChange {
			want = []string{"3", "2"} // the start is 7: 3 is four steps away, 2 five
		}
		if !slices.Equal(got, want) {
			t.Errorf("order %s: found %v, want %v", order, got, want)
		}
		// Powers 0 and 10 never or always kill: their intervals are narrow
		// after the first stage, so they are done, outside the band. The
		// seven others would need another stage, and are dropped instead.
		if len(sol.Dropped) != 1 || sol.Dropped[0].Trials != stageTrials || sol.Dropped[0].Dropped != 7 || sol.Outside != 2 {
			t.Errorf("order %s: dropped %+v and %d outside, want 7 dropped after the first stage of %d and 2 outside",
				order, sol.Dropped, sol.Outside, stageTrials)
		}
		if sol.Params[0].Start != "7" || sol.Start.Rule.Score != 7 {
			t.Errorf("start %q, score %v; want 7", sol.Params[0].Start, sol.Start.Rule.Score)
		}
	}
}

// A candidate's figures are the same whether it is graded alone or searched
// among others: encounter k of a tactic draws the same numbers for every
// foe, in whatever stage it is played.
func TestCommonRandomNumbers(t *testing.T) {
	s := toySetup(t)
	a := parse(t, "a.yaml", "system: toygrade\nparty: [{name: Hero}]\nfoes: [{power: 4}]\n")
	b := parse(t, "b.yaml", "system: toygrade\nparty: [{name: Hero}]\nfoes: [{power: 5}]\n")
	set := Settings{Seed: 9, Trials: 4000, Workers: 3}
	alone, _, err := s.Grade(context.Background(), []*Subject{a}, set)
	if err != nil {
		t.Fatal(err)
	}
	both, n, err := s.Grade(context.Background(), []*Subject{b, a}, set)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2*2*4000 {
		t.Errorf("played %d encounters, want %d", n, 2*2*4000)
	}
	if alone[0].Deadliness != both[1].Deadliness {
		t.Errorf("alone %+v, among others %+v", alone[0].Deadliness, both[1].Deadliness)
	}
	// With the same random numbers, the deadlier foe kills in every
	// encounter where the other does (r < 0.4 implies r < 0.5).
	for i := range a.models {
		la, lb := both[1].Tactics[i].Lethality, both[0].Tactics[i].Lethality
		if la.Events > lb.Events {
			t.Errorf("tactic %d: power 4 killed %d times, power 5 only %d", i, la.Events, lb.Events)
		}
	}
	// The tactics have different seeds: their samples differ.
	if both[0].Tactics[0].Lethality.Events == both[0].Tactics[1].Lethality.Events {
		t.Errorf("tactics a and b drew the same numbers")
	}
}

func TestGradePrecisionAndBands(t *testing.T) {
	s := toySetup(t)
	subs, err := s.FromFoes(s.Grader.GradedFoes(), false)
	if err != nil {
		t.Fatal(err)
	}
	gs, _, err := s.Grade(context.Background(), subs, Settings{Seed: 1, Precision: 0.02, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		for _, tf := range g.Tactics {
			if hw := (tf.Lethality.CI95[1] - tf.Lethality.CI95[0]) / 2; hw > 0.02 {
				t.Errorf("%s %s: half-width %v over the target", g.Name, tf.Tactic, hw)
			}
		}
		want := BandRank([]float64{0.15, 0.35, 0.55, 0.75}, g.Rule.Score/10)
		if g.EmpiricalRank != want {
			t.Errorf("%s: empirical grade %d, want %d", g.Name, g.EmpiricalRank, want)
		}
		if g.Deadliness.N != 2*g.Trials {
			t.Errorf("%s: pooled over %d encounters, want %d", g.Name, g.Deadliness.N, 2*g.Trials)
		}
	}
	// Power 0 never kills and power 10 always does: few trials suffice.
	if gs[0].Trials != stageTrials || gs[5].Trials != stageTrials {
		t.Errorf("trials %d and %d, want one stage of %d", gs[0].Trials, gs[5].Trials, stageTrials)
	}
}

func TestSetupErrors(t *testing.T) {
	for _, c := range []struct {
		tactics []string
		want    string
	}{
		{[]string{"c"}, `unknown tactic "c"`},
		{[]string{"a", "A"}, "given twice"},
	} {
		t.Run(strings.Join(c.tactics, ","), func(t *testing.T) {
			_, err := NewSetup(toyID, "", nil, c.tactics)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("tactics %v: error %v, want %q", c.tactics, err, c.want)
			}
		})
	}
	if _, err := NewSetup("nope", "", nil, nil); err == nil || !strings.Contains(err.Error(), "toygrade") {
		t.Errorf("unknown system: %v", err)
	}
	s := toySetup(t)
	root, _ := sim.ParseScenarioYAML("bad.yaml", []byte("system: toygrade\nparty: [{name: Hero}]\nfoes:\n  - {power: 11}\n"))
	if _, err := s.FromFile("bad.yaml", root); err == nil || !strings.Contains(err.Error(), "bad.yaml:4:") {
		t.Errorf("out-of-range power: %v, want the file and line", err)
	}
	two, _ := sim.ParseScenarioYAML("two.yaml", []byte("system: toygrade\nparty: [{name: Hero}]\nfoes: [{power: 1}, {power: 2}]\n"))
	_, err := s.Solve(context.Background(), "two.yaml", two, []Param{{Path: "foes[0].power", Values: []string{"1"}}},
		Band{Lo: 0, Hi: 1}, OrderTotal, Settings{Trials: 10})
	if err == nil || !strings.Contains(err.Error(), "2 foe entries") {
		t.Errorf("two foes: %v", err)
	}
}

// E-H5: a grade reports the system's metric of coming close to death
// beside its lethality (hmtw: any_deaths_door), pooled over the tactics
// as the deadliness is, and per tactic.
func TestGradeReportsNear(t *testing.T) {
	s := toySetup(t)
	s.Grading.Near = "tpk"
	subs, err := s.FromFoes(s.Grader.GradedFoes()[2:3], false)
	if err != nil {
		t.Fatal(err)
	}
	gs, _, err := s.Grade(context.Background(), subs, Settings{Seed: 1, Trials: 2000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := gs[0]
	if g.Near == nil || g.NearMetric != "tpk" || g.Near.N != g.Deadliness.N {
		t.Fatalf("near %+v (%q), want tpk pooled over %d encounters", g.Near, g.NearMetric, g.Deadliness.N)
	}
	var events int64
	for _, tf := range g.Tactics {
		if tf.Near == nil {
			t.Fatalf("tactic %s: no near figure", tf.Tactic)
		}
		events += tf.Near.Events
	}
	if events != g.Near.Events {
		t.Errorf("pooled near %d events, the tactics %d", g.Near.Events, events)
	}
	r := s.NewReport("test", Settings{Seed: 1})
	AddFoes(r, gs)
	var text, mdown strings.Builder
	if err := reports.GradeText(&text, r); err != nil {
		t.Fatal(err)
	}
	if err := reports.GradeMarkdown(&mdown, r); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "markdown": mdown.String()} {
		if !strings.Contains(out, "tpk") || !strings.Contains(out, reports.GradePCI(*g.Near)) {
			t.Errorf("%s report: no tpk column with %s\n%s", name, reports.GradePCI(*g.Near), out)
		}
	}
}

// E-H5: an empirical grade whose 95% interval spans more than one band is
// undetermined, and left out of the agreement of rule and simulation.
func TestUndeterminedGrade(t *testing.T) {
	lower := []float64{0.15, 0.35}
	for _, c := range []struct {
		events, n int64
		want      bool
	}{
		{0, 10000, false},    // [0, 0.0004]: the first band only
		{2500, 10000, false}, // 0.25 [0.24, 0.26]
		{1500, 10000, true},  // 0.15 [0.143, 0.157] reaches below 0.15
		{0, 10, true},        // [0, 0.28] spans two bands
		{5, 10, true},        // 0.5 [0.24, 0.76]
	} {
		t.Run(fmt.Sprintf("%d/%d", c.events, c.n), func(t *testing.T) {
			p := proportion(c.events, c.n)
			if got := Undetermined(lower, p); got != c.want {
				t.Errorf("%d of %d %v: undetermined %v, want %v", c.events, c.n, p.CI95, got, c.want)
			}
		})
	}
	mk := func(rank int, events, n int64) *Graded {
		p := proportion(events, n)
		g := &Graded{Rule: systems.RuleGrade{Grade: toyScale[rank], Rank: rank}, Deadliness: p,
			EmpiricalRank: BandRank(lower, p.P), Undetermined: Undetermined(lower, p)}
		return g
	}
	c := Calibrate(toyScale, []*Graded{mk(0, 0, 10000), mk(1, 2500, 10000), mk(2, 5, 10), mk(2, 9000, 10000)})
	if a := c.Agreement; a == nil || a.Undetermined != 1 || a.Same+a.OneStep+a.MoreSteps != 3 {
		t.Errorf("agreement %+v, want 3 foes counted and 1 undetermined", c.Agreement)
	}
}

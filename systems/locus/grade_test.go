package locus_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/locus"
)

// grader is the system as a systems.Grader.
var grader = locus.System.(systems.Grader)

func ruleGrades(t *testing.T, src string) []systems.RuleGrade {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	gs, err := grader.RuleGrades(sc)
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

func scenarioOf(foes ...string) string {
	return "system: locus\nparty: [{character: reference}]\nfoes:\n  - " + strings.Join(foes, "\n  - ") + "\n"
}

// The built-in monsters grade as the spec's table of section 4.3 says, and
// their parts add up to the total.
func TestRuleGradesOfBuiltins(t *testing.T) {
	var foes []string
	for _, f := range grader.GradedFoes() {
		foes = append(foes, f.Foe)
	}
	want := []struct {
		score float64
		grade string
	}{{21, "Strong"}, {17, "Balanced"}, {11, "Weak"}, {9, "Very Weak"}}
	gs := ruleGrades(t, scenarioOf(foes...))
	if len(gs) != len(want) {
		t.Fatalf("%d grades for %d foes", len(gs), len(want))
	}
	for i, g := range gs {
		if g.Score != want[i].score || g.Grade != want[i].grade || locus.GradeNames[g.Rank] != g.Grade || len(g.Flags) > 0 {
			t.Errorf("foe %d: %+v, want %v %s", i, g, want[i].score, want[i].grade)
		}
		sum := 0.0
		for _, p := range g.Parts {
			sum += p.Points
		}
		if sum != g.Score {
			t.Errorf("foe %d: parts %+v add up to %v, not %v", i, g.Parts, sum, g.Score)
		}
	}
}

// A total of exactly 10 is flagged; option L-27 gives it to the lower grade.
func TestRuleGradesBoundary(t *testing.T) {
	// 5-3 + 5-3 + 5-3 + 5-3 + 2 (definite) = 10.
	foe := "{name: Ten, attack: 3, chase: 3, search: 3, resist: 3, chases: definite}"
	g := ruleGrades(t, scenarioOf(foe, "{name: Tens, attack: 3, chase: 3, search: 3, resist: 3, chases: definite, count: 2}"))
	if g[0].Score != 10 || g[0].Grade != "Weak" || !slices.Equal(g[0].Flags, []string{"boundary"}) || len(g) != 2 {
		t.Errorf("default: %+v", g)
	}
	g = ruleGrades(t, scenarioOf(foe)+"options: {L-27: boundary-lower}\n")
	if g[0].Grade != "Very Weak" || g[0].Rank != 0 {
		t.Errorf("L-27 boundary-lower: %+v", g[0])
	}
	null := "{name: Nothing, attack: '-', chase: '-', search: '-', resist: '-'}"
	if g := ruleGrades(t, scenarioOf(null)); g[0].Score != -4 || !slices.Contains(g[0].Flags, "belowScale") {
		t.Errorf("all null: %+v", g[0])
	}
}

// SampleFoes draws the same foes for the same seed, perGrade of each grade,
// each of the grade it is listed under, all of them valid scenario input.
func TestSampleFoes(t *testing.T) {
	sys := grader
	a, b := sys.SampleFoes(7, 3), sys.SampleFoes(7, 3)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed drew different foes")
	}
	if slices.Equal(a, sys.SampleFoes(8, 3)) {
		t.Error("seeds 7 and 8 drew the same foes")
	}
	if len(a) != 3*len(locus.GradeNames) {
		t.Fatalf("%d foes, want %d", len(a), 3*len(locus.GradeNames))
	}
	var foes []string
	for _, f := range a {
		foes = append(foes, f.Foe)
	}
	gs := ruleGrades(t, scenarioOf(foes...))
	for i, g := range gs {
		if want := locus.GradeNames[i/3]; g.Grade != want {
			t.Errorf("%s (%s): graded %s", a[i].Name, a[i].Foe, g.Grade)
		}
	}
	compileYAML(t, scenarioOf(foes...))
	if sys.SampleFoes(1, 0) != nil {
		t.Error("no foes asked, some drawn")
	}
}

// Every tactic of the grid compiles on top of a scenario, and the bands are
// one fewer than the grades and rising.
func TestGradingSetup(t *testing.T) {
	gr := grader.Grading()
	if len(gr.Tactics) != 6 || gr.Injuries != "segments" {
		t.Fatalf("grading %+v", gr)
	}
	for _, tac := range gr.Tactics {
		var b strings.Builder
		fmt.Fprintf(&b, "system: locus\nparty:\n%s\nfoes: [{monster: tar-wing}]\n", "  "+gr.Party)
		root, err := sim.ParseScenarioYAML("t.yaml", []byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range tac.Set {
			p, err := sim.ParsePath(a.Path)
			if err == nil {
				err = sim.SetPath("t.yaml", root, p, a.Value)
			}
			if err != nil {
				t.Fatalf("%s: %v", tac.Name, err)
			}
		}
		sc, err := sim.LoadScenarioNode("t.yaml", root, systems.IDs())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (locus.System).Compile(sc); err != nil {
			t.Errorf("%s: %v", tac.Name, err)
		}
	}
	lo := gr.Bands.Lower
	if len(lo) != len(locus.GradeNames)-1 || !slices.IsSorted(lo) || lo[0] <= 0 || lo[len(lo)-1] >= 1 {
		t.Errorf("bands %v", lo)
	}
}

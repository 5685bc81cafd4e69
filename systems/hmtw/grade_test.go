package hmtw_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/grade"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// grader is the system as a systems.Grader.
var grader = hmtw.System.(systems.Grader)

func hmtwRuleGrades(t *testing.T, src string) []systems.RuleGrade {
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

func foesOf(fs []systems.GradedFoe) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  - " + f.Foe + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// The built-in foes are the 27 creatures and the five bare templates, each
// graded by its threat template's rank, its one part the score.
func TestGradeRuleOfGradedFoes(t *testing.T) {
	fs := grader.GradedFoes()
	if len(fs) != 27+5 {
		t.Fatalf("%d graded foes", len(fs))
	}
	gs := hmtwRuleGrades(t, scenario(fourAdventurers, foesOf(fs)))
	if len(gs) != len(fs) {
		t.Fatalf("%d grades for %d foes", len(gs), len(fs))
	}
	perRank := make([]int, len(hmtw.GradeNames))
	want := map[string]string{"face_rat": "Minion", "ogre": "Brute/Strategist", "wraith": "Brute/Strategist",
		"dragon": "Elite", "sporehulk": "Dungeon Lord", "template_dungeon_lord": "Dungeon Lord"}
	for i, g := range gs {
		perRank[g.Rank]++
		if hmtw.GradeNames[g.Rank] != g.Grade || g.Score != float64(g.Rank+1) || len(g.Parts) != 1 || g.Parts[0].Points != g.Score {
			t.Errorf("%s: %+v", fs[i].ID, g)
		}
		if w, ok := want[fs[i].ID]; ok && g.Grade != w {
			t.Errorf("%s: graded %s, want %s", fs[i].ID, g.Grade, w)
		}
	}
	if !slices.Equal(perRank, []int{8, 15, 6, 3}) {
		t.Errorf("foes per rank %v, want [8 15 6 3]", perRank)
	}
	if g := hmtwRuleGrades(t, scenario(fourAdventurers, "  - {theme: beast, threat: strategist, count: 3}")); g[0].Parts[0].Value != "strategist" || g[0].Rank != 1 {
		t.Errorf("a beast strategist: %+v", g[0])
	}
	sc, err := sim.LoadScenario("bad.yaml", []byte(scenario(fourAdventurers, "  - {creature: gnoll}")), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	var ie *sim.InputError
	if _, err := grader.RuleGrades(sc); !errors.As(err, &ie) {
		t.Errorf("an unknown creature: %v", err)
	}
}

// SampleFoes draws the same foes for the same seed, perGrade of each rank,
// each graded at the rank it is listed under, all of them playable.
func TestGradeSampleFoes(t *testing.T) {
	sys := grader
	a, b := sys.SampleFoes(7, 4), sys.SampleFoes(7, 4)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed drew different foes")
	}
	if slices.Equal(a, sys.SampleFoes(8, 4)) {
		t.Error("seeds 7 and 8 drew the same foes")
	}
	if len(a) != 4*len(hmtw.GradeNames) {
		t.Fatalf("%d foes", len(a))
	}
	gs := hmtwRuleGrades(t, scenario(fourAdventurers, foesOf(a)))
	for i, g := range gs {
		if want := hmtw.GradeNames[i/4]; g.Grade != want {
			t.Errorf("%s (%s): graded %s", a[i].Name, a[i].Foe, g.Grade)
		}
	}
	for _, f := range a {
		compileYAML(t, scenario(fourAdventurers, "  - "+f.Foe))
	}
	if sys.SampleFoes(1, 0) != nil {
		t.Error("no foes asked, some drawn")
	}
}

// The guild and every tactic of the grid compile; the bands are one fewer
// than the grades and rising.
func TestGradeSetup(t *testing.T) {
	gr := grader.Grading()
	if len(gr.Tactics) != 3 || gr.Injuries != "wounds" || strings.Count(gr.Party, "archetype:") != 4 {
		t.Fatalf("grading %+v", gr)
	}
	for _, tac := range gr.Tactics {
		root, err := sim.ParseScenarioYAML("t.yaml", []byte("system: hmtw\nparty:\n  "+strings.ReplaceAll(gr.Party, "\n", "\n  ")+"\nfoes: [{creature: ogre}]\n"))
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
		b, err := (hmtw.System).Compile(sc)
		if err != nil {
			t.Fatalf("%s: %v", tac.Name, err)
		}
		if b.Strategies[sim.Party] != tac.Name {
			t.Errorf("tactic %s plays %s", tac.Name, b.Strategies[sim.Party])
		}
	}
	lo := gr.Bands.Lower
	if len(lo) != len(hmtw.GradeNames)-1 || !slices.IsSorted(lo) || lo[0] <= 0 || lo[len(lo)-1] >= 1 || gr.Bands.Source == "" {
		t.Errorf("bands %+v", gr.Bands)
	}
}

// A small grading run (2 foes, 3 tactics, 300 encounters each): the dragon
// is deadlier than the face rat, and the empirical grades follow.
func TestGradeSmallRun(t *testing.T) {
	s, err := grade.NewSetup(hmtw.ID, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fs []systems.GradedFoe
	for _, f := range s.Grader.GradedFoes() {
		if f.ID == "dragon" || f.ID == "face_rat" {
			fs = append(fs, f)
		}
	}
	subs, err := s.FromFoes(fs, false)
	if err != nil {
		t.Fatal(err)
	}
	gs, n, err := s.Grade(context.Background(), subs, grade.Settings{Seed: 1, Trials: 300, Workers: 2, Lethality: "any_death"})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || n != 2*3*300 {
		t.Fatalf("%d graded, %d encounters", len(gs), n)
	}
	byName := map[string]*grade.Graded{}
	for _, g := range gs {
		byName[g.Name] = g
	}
	dragon, rat := byName["Dragon"], byName["Face Rat"]
	if dragon == nil || rat == nil {
		t.Fatalf("graded %v", gs)
	}
	if dragon.Deadliness.P < 0.5 || rat.Deadliness.P > 0.1 {
		t.Errorf("dragon %v, face rat %v", dragon.Deadliness, rat.Deadliness)
	}
	lo := s.Grading.Bands.Lower
	if grade.BandRank(lo, dragon.Deadliness.P) != 3 {
		t.Errorf("dragon at %v: empirical rank %d", dragon.Deadliness.P, grade.BandRank(lo, dragon.Deadliness.P))
	}
}

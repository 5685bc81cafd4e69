package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGradeGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"grade-builtin.txt", []string{"grade", "--builtin", "locus", "--trials", "1000", "--workers", "2"}},
		{"grade-builtin.md", []string{"grade", "--builtin", "locus", "--trials", "500", "--format", "markdown"}},
		{"grade-builtin.json", []string{"grade", "--builtin", "locus", "--trials", "300", "--tactic", "fight", "--tactic", "flee", "--format", "json"}},
		{"grade-builtin.csv", []string{"grade", "--builtin", "locus", "--trials", "300", "--tactic", "fight", "--format", "csv"}},
		{"grade-files.txt", []string{"grade", "testdata/grade/pair.yaml", "testdata/grade/hollow.yaml", "--trials", "500",
			"--party", "testdata/grade/party-of-two.yaml", "--lethality", "tpk", "--tactic", "fight", "--tactic", "hide"}},
		{"grade-sample.txt", []string{"grade", "--builtin", "locus", "--sample", "2", "--trials", "300", "--seed", "4"}},
		{"grade-solve.txt", []string{"grade", "testdata/grade/hollow.yaml", "--target", "balanced",
			"--vary", "foes[0].attack=1..4", "--vary", "foes[0].chases=never,definite", "--precision", "0.03"}},
		// Nothing lands in Strong: the report names the nearest and the way to go.
		{"grade-solve-none.txt", []string{"grade", "testdata/grade/hollow.yaml", "--target", "strong",
			"--vary", "foes[0].attack=1..4", "--vary", "foes[0].chases=never,definite", "--precision", "0.03"}},
		{"grade-solve.md", []string{"grade", "testdata/grade/hollow.yaml", "--target", "0.2..0.4", "--cheapest", "change",
			"--vary", "foes[0].attack=2..4", "--vary", "foes[0].search=2,4", "--tactic", "flee", "--tactic", "hide",
			"--precision", "0.01", "--format", "markdown"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := tpk(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

func TestGradeJSONReadsBack(t *testing.T) {
	out, errOut, code := tpk(t, "grade", "--builtin", "locus", "--trials", "200", "--tactic", "fight", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Kind string `json:"kind"`
		Foes []struct {
			Name       string `json:"name"`
			Rule       struct{ Score float64 }
			Deadliness struct {
				P    float64    `json:"p"`
				CI95 [2]float64 `json:"ci95"`
			} `json:"deadliness"`
		} `json:"foes"`
		Calibration struct {
			N int `json:"n"`
		} `json:"calibration"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Kind != "grade" || len(rep.Foes) != 4 || rep.Calibration.N != 4 {
		t.Fatalf("read back %+v", rep)
	}
	wantScores := map[string]float64{"Tar-Wing": 21, "Mouth Tower": 17, "Faced Flock": 11, "Spore-vine Core": 9}
	for _, f := range rep.Foes {
		if f.Rule.Score != wantScores[f.Name] {
			t.Errorf("%s: score %v, want %v", f.Name, f.Rule.Score, wantScores[f.Name])
		}
		if f.Deadliness.CI95[0] > f.Deadliness.P || f.Deadliness.CI95[1] < f.Deadliness.P {
			t.Errorf("%s: %v outside its interval %v", f.Name, f.Deadliness.P, f.Deadliness.CI95)
		}
	}
}

// One foe: no rank correlation, and the JSON says null rather than failing
// on NaN.
func TestGradeOneFoe(t *testing.T) {
	out, errOut, code := tpk(t, "grade", "testdata/grade/hollow.yaml", "--trials", "200", "--tactic", "fight", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Calibration struct {
			Spearman *float64 `json:"spearman"`
		} `json:"calibration"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Calibration.Spearman != nil {
		t.Fatalf("%v, spearman %v", err, rep.Calibration.Spearman)
	}
	out, _, _ = tpk(t, "grade", "testdata/grade/hollow.yaml", "--trials", "200", "--tactic", "fight")
	if !strings.Contains(out, "Calibration: 1 foe; a rank correlation needs at least 3.") {
		t.Errorf("text output:\n%s", out)
	}
}

// A system that reports how close the party came to death (hmtw's
// any_deaths_door: the rescue after the fight prevents most deaths) grades
// on it when asked; the bands, derived for any_death, are not applied.
func TestGradeOnNearMiss(t *testing.T) {
	out, errOut, code := tpk(t, "grade", "--builtin", "hmtw", "--trials", "100", "--lethality", "any_deaths_door")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Lethality: any_deaths_door", "the bands hold for any_death, not for any_deaths_door"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestGradeOut(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := tpk(t, "grade", "--builtin", "locus", "--trials", "200", "--quiet", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, f := range []string{"grade.txt", "grade.md", "grade.csv", "grade.json", "grade-calibration.png",
		"grade-calibration.svg", "grade-tactics.png", "grade-tactics.svg"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestGradeBadInput(t *testing.T) {
	hollow := "testdata/grade/hollow.yaml"
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"nothing to grade", []string{"grade"}, []string{"grade needs scenario files", "locus"}},
		{"unknown system", []string{"grade", "--builtin", "dnd5e"}, []string{`unknown system "dnd5e"`, "allowed:"}},
		{"system without grades", []string{"grade", "--builtin", "demoncity"}, []string{"no threat grades", "systems with grades: hmtw, locus"}},
		{"unknown tactic", []string{"grade", "--builtin", "locus", "--tactic", "swim"}, []string{`unknown tactic "swim"`, "fight, defend, flee, hide"}},
		{"unknown lethality", []string{"grade", "--builtin", "locus", "--lethality", "wounds"}, []string{"allowed: any_death, tpk"}},
		{"another system's near miss", []string{"grade", "--builtin", "locus", "--lethality", "any_deaths_door"},
			[]string{`unknown metric "any_deaths_door" for locus`, "allowed: any_death, tpk"}},
		{"bad sample", []string{"grade", "--builtin", "locus", "--sample", "-1"}, []string{"--sample", "0 to 1000"}},
		{"bad foe", []string{"grade", "testdata/grade/bad-foe.yaml"}, []string{"testdata/grade/bad-foe.yaml:6:", "allowed: 1 to 5"}},
		{"party of another system", []string{"grade", "--builtin", "locus", "--party", "example:demoncity/four-vs-narth"},
			[]string{"the party is for demoncity", "give a locus scenario"}},
		{"vary without target", []string{"grade", hollow, "--vary", "foes[0].attack=1..3"}, []string{"--vary needs --target", "tpk sweep"}},
		{"target without vary", []string{"grade", hollow, "--target", "weak"}, []string{"--target needs at least one --vary"}},
		{"unknown grade", []string{"grade", hollow, "--target", "mighty", "--vary", "foes[0].attack=1..3"},
			[]string{`unknown grade "mighty"`, "Very Weak, Weak, Balanced, Strong, Very Strong", "LO..HI"}},
		{"grade without bands", []string{"grade", hollow, "--target", "weak", "--tactic", "fight", "--vary", "foes[0].attack=1..3"},
			[]string{"no bands", "every tactic", "LO..HI"}},
		{"bad band", []string{"grade", hollow, "--target", "0.5..0.3", "--vary", "foes[0].attack=1..3"}, []string{"low first"}},
		{"bad order", []string{"grade", hollow, "--target", "weak", "--cheapest", "cost", "--vary", "foes[0].attack=1..3"},
			[]string{`unknown order "cost"`, "total, change"}},
		{"two foes", []string{"grade", "testdata/grade/pair.yaml", "--target", "weak", "--vary", "foes[0].attack=1..3"},
			[]string{"testdata/grade/pair.yaml", "2 foe entries"}},
		{"target with builtin", []string{"grade", hollow, "--builtin", "locus", "--target", "weak", "--vary", "foes[0].attack=1..3"},
			[]string{"exactly one scenario file"}},
		{"bad value", []string{"grade", hollow, "--target", "weak", "--vary", "foes[0].attack=4..6"},
			[]string{"foes[0].attack=6", "allowed: 1 to 5"}},
		{"bad path", []string{"grade", hollow, "--target", "weak", "--vary", "foes[3].attack=1..2"},
			[]string{"allowed indices: 0 to 0"}},
		{"vary the party", []string{"grade", hollow, "--target", "weak", "--vary", "party[0].attributes.clumsiness=1..3"},
			[]string{"does not use the file's party", "reference character"}},
		{"vary what a tactic sets", []string{"grade", hollow, "--target", "weak", "--vary", "scene.distance=0,10"},
			[]string{"the tactics set it", "--tactic"}},
		{"unknown format", []string{"grade", "--builtin", "locus", "--format", "xml"}, []string{"allowed: text, json, markdown, csv"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := tpk(t, c.args...)
			if code != exitBadInput {
				t.Fatalf("exit %d, want %d; stderr: %s", code, exitBadInput, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}

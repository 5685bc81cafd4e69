package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
)

func TestExplainGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"explain-duel.json", []string{"explain", "example:locus/duel", "--format", "json", "--max-trials", "4000", "--precision", "0.03"}},
		{"explain-duel.md", []string{"explain", "example:locus/duel", "--format", "markdown", "--max-trials", "4000", "--precision", "0.03"}},
		{"explain-duel.txt", []string{"explain", "example:locus/duel", "--max-trials", "4000", "--precision", "0.03"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := tpk(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

// explainDuel explains the Locus duel and reads back its JSON.
func explainDuel(t *testing.T, args ...string) *reports.Explanation {
	t.Helper()
	out, errOut, code := tpk(t, append([]string{"explain", "example:locus/duel", "--format", "json", "--max-trials", "16000"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, errOut)
	}
	var x reports.Explanation
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	return &x
}

func find(x *reports.Explanation, change string) (int, reports.ChangeEffects) {
	for i, c := range x.Changes {
		if c.Change == change {
			return i, c
		}
	}
	return -1, reports.ChangeEffects{}
}

// The Locus duel hinges on how injuries weigh on contested checks (L-3):
// its other readings come first, dice taking deaths from about 0.0005 to
// about 0.13 (about 0.5 when the Flock draws its chase afresh each turn,
// L-30 "per-turn": under the default it lets a wounded character who walks
// away go in half the pursuits), with an effect that survives Holm; a change that cannot touch
// a fight (L-27 only moves the threat grade) is dropped after the first
// stage; a Flock that never gives up the chase (foes relentless) ranks next,
// with more deaths.
func TestExplainRanksWhatMatters(t *testing.T) {
	x := explainDuel(t)
	if x.Kind != "explain" || x.Metric != "any_death" || x.Result == nil || x.Result.Verdict == "" {
		t.Fatalf("explanation header: %+v", x)
	}
	if first := x.Changes[0]; first.ID != "L-3" {
		t.Errorf("the first change is %s, want an L-3 reading", first.Change)
	}
	i, l3 := find(x, "options.L-3=dice")
	if e, ok := l3.Effect("any_death"); i > 1 || !ok || !e.Holm || e.Diff < 0.08 || e.Diff > 0.2 {
		t.Errorf("L-3=dice ranks %d with %+v; want among the first two, about +0.13, surviving Holm", i+1, e)
	}
	_, l27 := find(x, "options.L-27=boundary-lower")
	if l27.Status != sim.StatusDropped || l27.Trials != 2000 {
		t.Errorf("L-27: %s after %d encounters, want dropped after 2000", l27.Status, l27.Trials)
	}
	j, relentless := find(x, "strategies.foes=relentless")
	e, _ := relentless.Effect("any_death")
	if relentless.Status != sim.StatusMeasured || !e.Holm || e.Diff < 0.03 || j > 4 {
		t.Errorf("foes relentless: rank %d, %s, %+v", j+1, relentless.Status, e)
	}
	holm := 0
	for _, c := range x.Changes {
		holm += len(c.Effects)
	}
	if x.Tests != holm {
		t.Errorf("Holm's family: %d tests, %d effects", x.Tests, holm)
	}
}

// Explaining the same scenario twice, or with another number of workers,
// gives the same explanation.
func TestExplainReproducible(t *testing.T) {
	a, _, _ := tpk(t, "explain", "example:locus/duel", "--format", "json", "--max-trials", "4000", "--workers", "1")
	b, _, _ := tpk(t, "explain", "example:locus/duel", "--format", "json", "--max-trials", "4000", "--workers", "3")
	workers := regexp.MustCompile(`"workers": \d+`)
	if workers.ReplaceAllString(a, "") != workers.ReplaceAllString(b, "") {
		t.Error("the explanation depends on the number of workers")
	}
}

// run --explain adds to the verdict what the answer depends on.
func TestRunExplainVerdict(t *testing.T) {
	out, errOut, code := tpk(t, "run", "example:locus/duel", "--trials", "4000", "--explain", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r sim.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Verdict, "This answer depends on") || !strings.Contains(r.Verdict, "with L-3 = dice (injury floors and Blinded in contested checks), any_death becomes 0.1") {
		t.Errorf("verdict: %s", r.Verdict)
	}
}

func TestExplainBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"explain", "example:locus/duel", "--metric", "wipeout"}, "--metric: unknown metric \"wipeout\"; allowed: victory"},
		{[]string{"explain", "example:locus/duel", "--precision", "0"}, "--precision must be between 0 and 0.5"},
		{[]string{"explain", "example:locus/duel", "--format", "csv"}, "allowed: text, json, markdown"},
		{[]string{"explain", "example:locus/nothing"}, "no such example"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, errOut, code := tpk(t, c.args...)
			if code != exitBadInput || !strings.Contains(errOut, c.want) {
				t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
			}
		})
	}
}

// --out writes the explanation in every format, its tornado plot and a
// report whose first section is the explanation.
func TestExplainOutDir(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := tpk(t, "explain", "example:locus/duel", "--max-trials", "2000", "--precision", "0.05", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, name := range []string{"duel-with-the-faced-flock-explain.json", "duel-with-the-faced-flock-explain.txt",
		"duel-with-the-faced-flock-explain.md", "duel-with-the-faced-flock-explain-any_death.png",
		"duel-with-the-faced-flock-explain-any_death.svg", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	i, j := strings.Index(string(html), "What the answer depends on"), strings.Index(string(html), "<h3>Figures</h3>")
	if i < 0 || j < i || !strings.Contains(string(html), "<svg") {
		t.Errorf("report.html does not open with the explanation and its plot")
	}
}

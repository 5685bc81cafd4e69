package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One edit is one story: a scenario whose figures moved from the baseline
// (25 of them here) reads as one check line with its largest moves and a
// count of the rest, one JUnit failure, and one short error line; a foe
// swapped since the baseline is named as removed and added, not left out.
func TestCheckDriftTellsOneStory(t *testing.T) {
	junit := filepath.Join(t.TempDir(), "junit.xml")
	out, errOut, code := tpk(t, "check", "--baseline", "testdata/baseline-cast.json", "--fail-on-drift", "--junit", junit, "testdata/pass.yaml")
	if code != exitExpect {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	golden(t, "check-drift.txt", out+"--- stderr\n"+errOut)
	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "check-drift-junit.xml", string(b))
	j := parseJUnit(t, junit)
	if j.Failures != 1 || len(j.Suites) != 1 || j.Suites[0].Failures != 1 {
		t.Errorf("JUnit counts %d failures (%d in the suite), want 1: one per drifted scenario", j.Failures, j.Suites[0].Failures)
	}
	if lines := strings.Count(out, "\n"); lines > 12 {
		t.Errorf("the check prints %d lines for one drifted scenario:\n%s", lines, out)
	}
	if len(errOut) > 400 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr is %d characters on %d lines, want one readable line:\n%s", len(errOut), strings.Count(errOut, "\n"), errOut)
	}
	for _, want := range []string{"removed since the baseline: Tar-Wing (foes)", "added since the baseline: Faced Flock (foes)", "more (tpk check --full"} {
		if !strings.Contains(out, want) {
			t.Errorf("the check lines lack %q:\n%s", want, out)
		}
	}
}

// A changed cast alone fails a check under --fail-on-drift: a baseline
// whose only difference is a foe's name has nothing to compare that foe
// with, and saying nothing would pass a changed scenario.
func TestCheckCastChangeIsDrift(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	if _, errOut, code := tpk(t, "run", "--quiet", "--save-baseline", base, "testdata/pass.yaml"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _ := os.ReadFile(base)
	renamed := strings.ReplaceAll(string(b), `"Faced Flock"`, `"Tar-Wing"`)
	if renamed == string(b) {
		t.Fatal("the baseline names no Faced Flock: the test would not change the cast")
	}
	if err := os.WriteFile(base, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "out")
	out, errOut, code := tpk(t, "check", "--baseline", base, "--fail-on-drift", "--out", report, "testdata/pass.yaml")
	if code != exitExpect || !strings.Contains(errOut, "only in the baseline: Tar-Wing (foes)") || !strings.HasPrefix(out, "DRIFT") {
		t.Errorf("exit %d, want 1 naming the removed foe:\n%s\n%s", code, out, errOut)
	}
	if html, _ := os.ReadFile(filepath.Join(report, "report.html")); !strings.Contains(string(html), "only in the baseline: Tar-Wing (foes)") {
		t.Errorf("report.html does not name the removed foe in its drift banner")
	}
}

// A baseline holds the figures alone: adding an expect: block to a
// scenario, even one that check must run on to decide, leaves the saved
// baseline byte for byte as it was.
func TestBaselineIndependentOfExpect(t *testing.T) {
	dir := t.TempDir()
	scenario := filepath.Join(dir, "s.yaml")
	plain, err := os.ReadFile("testdata/no-expect.yaml")
	if err != nil {
		t.Fatal(err)
	}
	save := func(cmd, text string) string {
		t.Helper()
		if err := os.WriteFile(scenario, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, cmd+itoa(int64(len(text)))+".json")
		if _, errOut, code := tpk(t, cmd, "--quiet", "--max-trials", "8000", "--save-baseline", file, scenario); code > 1 {
			t.Fatalf("%s: exit %d: %s", cmd, code, errOut)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := save("run", string(plain))
	// The first holds; the second sits on its figure, so check runs on.
	for _, expect := range []string{"expect:\n  stalemate: \"< 0.5\"\n", "expect:\n  victory: \"> 0.7135\"\n"} {
		with := string(plain) + expect
		for _, cmd := range []string{"run", "check"} {
			if got := save(cmd, with); got != want {
				t.Errorf("%s with %q saves another baseline:\n%s\n--- without the expect: block\n%s", cmd, expect, got, want)
			}
		}
	}
}

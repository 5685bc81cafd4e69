package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// timeAndWorkers are the only lines a merged result may differ in from
// the result of the same run on one machine.
var timeAndWorkers = regexp.MustCompile(`(?m)^\s*"(elapsed_s|workers)": .*\n`)

// shardAll plays every shard of a command into dir.
func shardAll(t *testing.T, dir string, n int, args ...string) {
	t.Helper()
	for i := range n {
		if _, errOut, code := tpk(t, append(args, "--shard", fmt.Sprintf("%d/%d", i, n), "--out", dir)...); code != 0 {
			t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, errOut)
		}
	}
}

// For every system, the shards of a run merged give the run's own result,
// to the bit but for time and workers: metrics, histograms, combatants and
// who stood round by round, for several numbers of shards, including more
// shards than batches of encounters.
func TestShardsMergeToTheRun(t *testing.T) {
	for _, example := range []string{"example:locus/party-fight", "example:demoncity/four-vs-narth",
		"example:catchthedevil/alley", "example:battleclock/captain", "example:hmtw/goblin-mob"} {
		want, errOut, code := tpk(t, "run", example, "--trials", "2500", "--format", "json")
		if code != 0 {
			t.Fatalf("%s: %s", example, errOut)
		}
		if !strings.Contains(want, "standing_by_round") {
			t.Errorf("%s reports nobody standing round by round: the test would miss it", example)
		}
		for _, n := range []int{1, 3, 7} {
			dir := t.TempDir()
			shardAll(t, dir, n, "run", example, "--trials", "2500")
			got, errOut, code := tpk(t, "merge", dir, "--format", "json")
			if code != 0 {
				t.Fatalf("%s, %d shards: exit %d: %s", example, n, code, errOut)
			}
			if timeAndWorkers.ReplaceAllString(got, "") != timeAndWorkers.ReplaceAllString(want, "") {
				t.Errorf("%s: %d shards merged differ from the run", example, n)
			}
		}
	}
}

// A sharded sweep merges into the sweep's own results.
func TestShardedSweepMerges(t *testing.T) {
	args := []string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=2,4", "--trials", "1500"}
	want, _, _ := tpk(t, append(args, "--format", "json")...)
	dir := t.TempDir()
	shardAll(t, dir, 4, args...)
	got, errOut, code := tpk(t, "merge", dir, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if timeAndWorkers.ReplaceAllString(got, "") != timeAndWorkers.ReplaceAllString(want, "") {
		t.Errorf("the sharded sweep merged differs from the sweep")
	}
}

// merge --check judges the expectations on the merged figures.
func TestMergeCheck(t *testing.T) {
	dir := t.TempDir()
	shardAll(t, dir, 2, "check", "testdata/fail.yaml")
	_, errOut, code := tpk(t, "merge", dir, "--check", "--quiet")
	if code != exitExpect || !strings.Contains(errOut, "1 of 1 expectations failed") {
		t.Errorf("merge --check of a failing scenario: exit %d, %s", code, errOut)
	}
	dir = t.TempDir()
	shardAll(t, dir, 2, "check", "testdata/pass.yaml")
	if _, errOut, code := tpk(t, "merge", dir, "--check", "--quiet"); code != 0 {
		t.Errorf("merge --check of a passing scenario: exit %d, %s", code, errOut)
	}
}

// A sharded check reports as one machine's check does: merge takes
// --junit, --summary, --baseline, --fail-on-drift and --save-baseline,
// prints the same lines, writes the same files and exits with the same
// codes.
func TestMergeCheckMatchesCheck(t *testing.T) {
	dir := t.TempDir()
	shardAll(t, filepath.Join(dir, "parts"), 2, "check", "testdata/pass.yaml")
	for _, tc := range []struct {
		name  string
		flags []string
		code  int
	}{
		{"expectations", nil, 0},
		{"baseline", []string{"--baseline", "testdata/baseline-cast.json"}, 0},
		{"drift", []string{"--baseline", "testdata/baseline-cast.json", "--fail-on-drift"}, exitExpect},
		{"drift without a baseline", []string{"--fail-on-drift"}, exitBadInput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := func(who string) []string {
				return []string{"--junit", filepath.Join(dir, who+"-junit.xml"), "--summary", filepath.Join(dir, who+"-summary.md"),
					"--save-baseline", filepath.Join(dir, who+"-base.json")}
			}
			one, oneErr, oneCode := tpk(t, append(append([]string{"check", "testdata/pass.yaml"}, tc.flags...), files("check")...)...)
			merged, mergedErr, mergedCode := tpk(t, append(append([]string{"merge", filepath.Join(dir, "parts")}, tc.flags...), files("merge")...)...)
			if oneCode != tc.code || mergedCode != tc.code {
				t.Errorf("%s: check exits %d, merge %d; want %d\n%s\n%s", tc.name, oneCode, mergedCode, tc.code, oneErr, mergedErr)
			}
			if merged != one || mergedErr != oneErr {
				t.Errorf("%s: merge prints\n%s%s\nwhere check prints\n%s%s", tc.name, merged, mergedErr, one, oneErr)
			}
			if tc.code == exitBadInput {
				return
			}
			for _, f := range []string{"junit.xml", "summary.md", "base.json"} {
				a, errA := os.ReadFile(filepath.Join(dir, "check-"+f))
				b, errB := os.ReadFile(filepath.Join(dir, "merge-"+f))
				if errA != nil || errB != nil {
					t.Errorf("%s: %s not written: %v, %v", tc.name, f, errA, errB)
					continue
				}
				strip := func(b []byte) string {
					return timeAndWorkers.ReplaceAllString(timeAttrs.ReplaceAllString(string(b), ""), "")
				}
				if strip(a) != strip(b) {
					t.Errorf("%s: merge's %s differs from check's:\n%s\n---\n%s", tc.name, f, b, a)
				}
			}
		})
	}
}

// timeAttrs are the JUnit attributes that say how long a run took.
var timeAttrs = regexp.MustCompile(`time="[0-9.]+"`)

// merge refuses, naming the file, parts that do not make one whole run.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	part := func(name string, args ...string) string {
		sub := filepath.Join(dir, name)
		if _, errOut, code := tpk(t, append(append([]string{"run"}, args...), "--out", sub)...); code != 0 {
			t.Fatalf("%v: %s", args, errOut)
		}
		files, _ := filepath.Glob(filepath.Join(sub, "*.json"))
		return files[0]
	}
	duel := []string{"example:locus/duel", "--trials", "2000"}
	s0 := part("s0", append(duel, "--shard", "0/2")...)
	s1 := part("s1", append(duel, "--shard", "1/2")...)
	otherSeed := part("seed", append(duel, "--shard", "1/2", "--seed", "99")...)
	otherTrials := part("trials", "example:locus/duel", "--trials", "3000", "--shard", "1/2")
	otherScenario := part("scenario", "example:locus/escape", "--trials", "2000", "--shard", "1/2")
	otherCount := part("count", append(duel, "--shard", "1/3")...)
	old, _ := os.ReadFile(s1)
	oldVersion := filepath.Join(dir, "version.json")
	os.WriteFile(oldVersion, []byte(strings.Replace(string(old), `"version": "`+version+`"`, `"version": "0.0.1"`, 1)), 0o644)
	notPartial := filepath.Join(dir, "result.json")
	res, _, _ := tpk(t, append([]string{"run", "--format", "json"}, duel...)...)
	os.WriteFile(notPartial, []byte(res), 0o644)
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{s0}, s0 + ": shard 1 of 2 is missing"},
		{[]string{s0, s1, s1}, s1 + ": shard 1 of 2 overlaps"},
		{[]string{s0, otherSeed}, otherSeed + ": scenario 1 (example:locus/duel) is not the run of " + s0 + ": seed 99, not 7"},
		{[]string{s0, otherTrials}, "a run of 3000 encounters, not 2000"},
		{[]string{s0, otherScenario}, "another scenario file or content"},
		{[]string{s0, otherCount}, otherCount + ": shard 1 of 3, " + s0 + " of 2 shards"},
		{[]string{s0, oldVersion}, oldVersion + ": made by tpk 0.0.1"},
		{[]string{s0, notPartial}, notPartial + ": not a tpk partial result"},
	} {
		t.Run(strings.ReplaceAll(strings.Join(tc.files, " "), dir+string(filepath.Separator), ""), func(t *testing.T) {
			_, errOut, code := tpk(t, append([]string{"merge"}, tc.files...)...)
			if code != exitBadInput || !strings.Contains(errOut, tc.want) {
				t.Errorf("merge %v: exit %d, %q; want 2 and %q", tc.files, code, errOut, tc.want)
			}
		})
	}
	if _, errOut, code := tpk(t, "merge", s0, s1); code != 0 {
		t.Errorf("the two halves: exit %d, %s", code, errOut)
	}
}

// --shard takes I/N with a fixed number of encounters.
func TestShardBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "example:locus/duel", "--shard", "2/2"}, "expected I/N with 0 <= I < N"},
		{[]string{"run", "example:locus/duel", "--shard", "x"}, "expected I/N"},
		{[]string{"run", "example:locus/duel", "--shard", "0/2", "--precision", "0.01"}, "--shard needs a fixed number of encounters"},
		{[]string{"check", "testdata/pass.yaml", "--shard", "0/2", "--junit", "j.xml"}, "--junit goes with the merged check"},
		{[]string{"merge"}, "merge needs the partial results"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := tpk(t, tc.args...)
			if code != exitBadInput || !strings.Contains(errOut, tc.want) {
				t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
			}
		})
	}
}

package main

import (
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// readBack runs tpk and returns the file it wrote at name in a fresh
// directory (the argument "OUT" in args stands for that path).
func readBack(t *testing.T, name string, args ...string) (file, stderr string, code int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "OUT", path)
	}
	_, stderr, code = tpk(t, args...)
	b, err := os.ReadFile(path)
	if err != nil && code == 0 {
		t.Fatalf("%s was not written: %v", name, err)
	}
	return string(b), stderr, code
}

// Golden files of check's JUnit XML and Markdown summary for a fixed-seed
// run; the JUnit XML must parse.
func TestGoldenCheckFiles(t *testing.T) {
	junit, errOut, code := readBack(t, "junit.xml", "check", "--quiet", "--junit", "OUT", "testdata/pass.yaml", "testdata/fail.yaml")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (fail.yaml fails); stderr %s", code, errOut)
	}
	golden(t, "check-junit.xml", junit)
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(junit), &suites); err != nil {
		t.Fatalf("JUnit XML does not parse: %v", err)
	}
	if suites.Tests != 3 || suites.Failures != 1 || len(suites.Suites) != 2 || suites.Suites[1].Cases[0].Failure == nil {
		t.Errorf("JUnit: %+v", suites)
	}
	summary, _, _ := readBack(t, "summary.md", "check", "--quiet", "--summary", "OUT", "testdata/pass.yaml", "testdata/fail.yaml")
	golden(t, "check-summary.md", summary)
}

// check's exit codes: 0 when every expectation holds, 1 when one fails, 2
// when an expectation names a metric the system does not have, and 2 for
// the new flags' bad input.
func TestCheckExitCodes(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "testdata/pass.yaml"}, 0, ""},
		{[]string{"check", "testdata/fail.yaml"}, 1, "1 of 1 expectations failed"},
		{[]string{"check", "testdata/pass.yaml", "testdata/fail.yaml"}, 1, "1 of 3 expectations failed"},
		{[]string{"check", "testdata/bad/unknown-metric.yaml"}, 2, `unknown metric wipeout; allowed: victory, defeat, tpk`},
		{[]string{"check", "testdata/pass.yaml", "--baseline", "testdata/nope.json"}, 2, "testdata/nope.json: cannot read the baseline"},
		{[]string{"check", "testdata/pass.yaml", "--baseline", "testdata/pass.yaml"}, 2, "testdata/pass.yaml: not a tpk result file"},
		{[]string{"check", "testdata/pass.yaml", "--level", "1.5"}, 2, "--level must be between 0 and 1"},
		{[]string{"run", "example:locus/duel", "--format", "html"}, 2, "allowed: text, json, markdown, csv"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, errOut, code := tpk(t, append(c.args, "--quiet")...)
			if code != c.code || !strings.Contains(errOut, c.want) {
				t.Errorf("%v: exit %d (want %d), stderr %q (want %q)", c.args, code, c.code, errOut, c.want)
			}
		})
	}
}

// checkResult runs check with --format json and returns its one result.
func checkResult(t *testing.T, args ...string) (*sim.Result, string, int) {
	t.Helper()
	out, errOut, code := tpk(t, append([]string{"check", "--format", "json"}, args...)...)
	rs, err := sim.ReadResults("stdout", []byte(out))
	if err != nil {
		t.Fatalf("%v: %v\nstderr: %s", args, err, errOut)
	}
	return rs[0], errOut, code
}

// An expectation whose interval straddles its bound is undecided, and check
// runs the scenario on (doubling, same seed) until it is decided. The result
// is the very one a run of the final length gives.
//
// The bounds are read off the runs themselves, so that the test holds
// whatever the kernel's random streams: victory's interval at 1,000
// encounters, and at 2,000, 4,000, ... (the schedule of running on), gives a
// bound that the first straddles and a later one clears.
func TestCheckRunsOnUntilDecided(t *testing.T) {
	dir := t.TempDir()
	write := func(name, expect string) string {
		file := filepath.Join(dir, name)
		yaml := "system: locus\nname: Close call\nseed: 7\ntrials: 1000\nparty:\n  - character: reference\n" +
			"foes:\n  - monster: faced-flock\nexpect:\n  victory: \"" + expect + "\"\n"
		if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	plainFile := write("plain.yaml", "> 0")
	// interval is victory's interval at the look at n encounters, of the
	// confidence check's looks give it (from 1,000 to the default cap).
	looks := sim.NewLooks(1000, sim.DefaultMaxTrials, 0.05)
	interval := func(n int64) [2]float64 {
		out, errOut, code := tpk(t, "run", "--format", "json", "--trials", itoa(n), plainFile)
		rs, err := sim.ReadResults("run", []byte(out))
		if code != 0 || err != nil {
			t.Fatalf("run %d: exit %d, %v, %s", n, code, err, errOut)
		}
		k := slices.Index(looks.At, n)
		if k < 0 {
			t.Fatalf("%d encounters is not a look of %v", n, looks.At)
		}
		return rs[0].Metrics["victory"].Interval(1 - looks.Spend(k))
	}
	fmtF := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	first := interval(1000)
	var expect string
	var decidedBy int64
	for n := int64(2000); n <= 64000 && expect == ""; n *= 2 {
		ci := interval(n)
		switch {
		case ci[0] > first[0] && ci[0] < first[1]: // a bound just below it: undecided at 1,000, passed at n
			expect, decidedBy = "> "+fmtF(ci[0]-1e-9), n
		case ci[1] < first[1] && ci[1] > first[0]: // or just above it
			expect, decidedBy = "< "+fmtF(ci[1]+1e-9), n
		}
	}
	if expect == "" {
		t.Fatalf("no bound found: victory's interval at 1000 encounters is %v", first)
	}
	file := write("close.yaml", expect)
	res, errOut, code := checkResult(t, file)
	if code != 0 {
		t.Fatalf("victory %s: exit %d: %s", expect, code, errOut)
	}
	x := res.Expectations[0]
	if x.Verdict != sim.VerdictPass || res.Trials <= 1000 || res.Trials > decidedBy {
		t.Fatalf("victory %s: verdict %s after %d encounters, want pass after running on to at most %d", expect, x.Verdict, res.Trials, decidedBy)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "ran on from 1000 to") {
		t.Errorf("notes %q", res.Notes)
	}
	// The same check gives the same result; and a plain run of that length
	// gives the same figures.
	again, _, _ := checkResult(t, file)
	out, _, _ := tpk(t, "run", "--format", "json", "--trials", itoa(res.Trials), file)
	plain, err := sim.ReadResults("run", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(res.Metrics)
	b, _ := json.Marshal(again.Metrics)
	c, _ := json.Marshal(plain[0].Metrics)
	if string(a) != string(b) || string(a) != string(c) {
		t.Error("running on is not reproducible, or differs from a run of the final length")
	}

	// At the cap it stays undecided: a warning, exit 0, unless asked to fail.
	// A bound inside both the 1,000 and the 2,000 intervals straddles both.
	looks = sim.NewLooks(1000, 2000, 0.05)
	first = interval(1000)
	second := interval(2000)
	lo, hi := max(first[0], second[0]), min(first[1], second[1])
	bound := fmtF((lo + hi) / 2)
	file = write("closer.yaml", "> "+bound)
	res, errOut, code = checkResult(t, file, "--max-trials", "2000")
	if code != 0 || res.Trials != 2000 || res.Expectations[0].Verdict != sim.VerdictUndecided ||
		!strings.Contains(errOut, "1 of 1 expectations are still undecided") {
		t.Errorf("cap 2000: exit %d, %d encounters, verdict %s, stderr %q", code, res.Trials, res.Expectations[0].Verdict, errOut)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "is still undecided at 2000 encounters") {
		t.Errorf("warnings %q", res.Warnings)
	}
	_, errOut, code = tpk(t, "check", "--quiet", "--max-trials", "2000", "--fail-undecided", file)
	if code != 1 || !strings.Contains(errOut, "1 undecided") {
		t.Errorf("--fail-undecided: exit %d, stderr %q", code, errOut)
	}
	junit, _, _ := readBack(t, "j.xml", "check", "--quiet", "--max-trials", "2000", "--junit", "OUT", file)
	if !strings.Contains(junit, "<skipped message=\"undecided") {
		t.Errorf("an undecided expectation is not skipped in JUnit:\n%s", junit)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A sweep of a monster stat shows the expected monotone trend: the Faced
// Flock's Attack is a Locus attribute of failure (the higher, the worse it
// fights), so victory rises and the party's death falls at every step (or
// stays at zero once nobody dies). With
// common random numbers the steps stand out of the noise.
func TestSweepMonsterStatIsMonotone(t *testing.T) {
	out, errOut, code := tpk(t, "sweep", "example:locus/duel", "--vary", "foes[0].attack=1..5", "--trials", "4000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rs, err := sim.ReadResults("sweep", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 5 {
		t.Fatalf("%d results, want 5", len(rs))
	}
	for i, r := range rs {
		if r.Seed != rs[0].Seed || r.Trials != 4000 || len(r.Variant) != 1 || r.Variant[0].Value != itoa(int64(i+1)) {
			t.Errorf("variant %d: seed %d, trials %d, variant %+v", i, r.Seed, r.Trials, r.Variant)
		}
		if i == 0 {
			continue
		}
		prev := rs[i-1]
		// tpk falls at every step until no duel is lost (it cannot fall
		// below zero: under L-3 "ignore" Attack 4 and 5 kill no one).
		tpkFalls := r.Metrics["tpk"].P < prev.Metrics["tpk"].P || prev.Metrics["tpk"].P == 0 && r.Metrics["tpk"].P == 0
		if !(r.Metrics["victory"].P > prev.Metrics["victory"].P) || !tpkFalls {
			t.Errorf("attack %d -> %d: victory %.4f -> %.4f, tpk %.4f -> %.4f; want victory up, tpk down",
				i, i+1, prev.Metrics["victory"].P, r.Metrics["victory"].P, prev.Metrics["tpk"].P, r.Metrics["tpk"].P)
		}
	}
	// Party size: more characters, fewer defeats.
	out, _, code = tpk(t, "sweep", "example:locus/duel", "--vary", "party.size=1..3", "--trials", "2000", "--format", "json")
	rs, err = sim.ReadResults("sweep", []byte(out))
	if code != 0 || err != nil {
		t.Fatalf("party.size: exit %d, %v", code, err)
	}
	if len(rs[2].Combatants) != 4 || !(rs[0].Metrics["defeat"].P > rs[1].Metrics["defeat"].P) {
		t.Errorf("party.size: %d combatants in the last, defeat %v", len(rs[2].Combatants), rs[0].Metrics["defeat"].P)
	}
}

// sweep's and report's bad input is exit 2 with a message naming the
// problem.
func TestSweepAndReportBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "example:locus/duel"}, "sweep needs one or two --vary"},
		{[]string{"sweep", "example:locus/duel", "--vary", "foes[0].attack"}, "expected PATH=VALUES"},
		{[]string{"sweep", "example:locus/duel", "--vary", "foes[3].attack=1,2"}, "foes has 1 items; allowed indices: 0 to 0"},
		{[]string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=1,9"}, "with foes[0].attack=9: example:locus/duel:"},
		{[]string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=5..1"}, "low first"},
		{[]string{"sweep", "example:locus/duel", "--vary", "a=1", "--vary", "b=1", "--vary", "c=1"}, "one or two --vary"},
		{[]string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=1,2", "--metric", "wipeout"}, `unknown metric "wipeout"`},
		{[]string{"sweep", "example:locus/duel", "--vary", "options.L-3=dice,sometimes"}, "sometimes"},
		{[]string{"report", "testdata/baseline.json"}, "report needs --html FILE"},
		{[]string{"report", "--html", "x.html"}, "at least one result file"},
		{[]string{"report", "--html", "-", "testdata/pass.yaml"}, "testdata/pass.yaml: not a tpk result file"},
		{[]string{"report", "--html", "-", "testdata/nope.json"}, "testdata/nope.json: cannot read"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, errOut, code := tpk(t, append(c.args, "--trials", "100")[:len(c.args)+trialsFor(c.args)]...)
			if code != 2 || !strings.Contains(errOut, c.want) {
				t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
			}
		})
	}
}

func trialsFor(args []string) int {
	if args[0] == "sweep" {
		return 2
	}
	return 0
}

// tpk report builds one self-contained page from result files: every
// scenario, every plot inline, nothing fetched.
func TestReportHTML(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "results.json")
	out, errOut, code := tpk(t, "run", "--format", "json", "--trials", "1000", "example:locus/duel", "example:demoncity/four-vs-narth")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(res, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	html, errOut, code := readBack(t, "report.html", "report", res, "testdata/baseline.json", "--html", "OUT")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"<!DOCTYPE html>", `name="viewport"`, "Duel with the Faced Flock", "Four against a Narth",
		"Expectation that holds", "@font-face", "@media print", "fights still going"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Five for the duel; four for the Narth, whose deaths are n/a under
	// Demon City's DC-4 none and so are not plotted.
	if n := strings.Count(html, "<svg"); n != 14 {
		t.Errorf("%d inline plots, want 14", n)
	}
	fetch := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:|//)|url\(\s*["']?(https?:|//)|<script|<link|@import`)
	if m := fetch.FindString(html); m != "" {
		t.Errorf("the page fetches or runs something: %q", m)
	}
}

// The CSV has one row per scenario and metric, the combatants' included,
// every row as long as the header.
func TestCSVRows(t *testing.T) {
	out, errOut, code := tpk(t, "run", "--format", "csv", "--trials", "500", "example:locus/duel", "example:demoncity/four-vs-narth")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	js, _, _ := tpk(t, "run", "--format", "json", "--trials", "500", "example:locus/duel", "example:demoncity/four-vs-narth")
	rs, err := sim.ReadResults("json", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	want := 1
	for _, r := range rs {
		want += len(r.Metrics)
		for _, c := range r.Combatants {
			want += len(c.Metrics)
		}
	}
	if len(rows) != want {
		t.Errorf("%d rows, want %d", len(rows), want)
	}
	for _, r := range rows[1:] {
		if k, na := r[9], r[len(r)-1]; k != "probability" && k != "count" && (k != "n/a" || na == "") {
			t.Errorf("row %v: kind %q", r, k)
		}
	}
}

// junitShape is what the CI tests read of a JUnit file.
type junitShape struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Cases    []struct {
			Name    string `xml:"name,attr"`
			Failure *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func parseJUnit(t *testing.T, file string) junitShape {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var j junitShape
	if err := xml.Unmarshal(b, &j); err != nil {
		t.Fatalf("%s does not parse: %v\n%s", file, err, b)
	}
	return j
}

// A drift that fails the check (--fail-on-drift) shows wherever CI looks:
// the summary's headline, one failing JUnit test case per drifted scenario
// (its text listing every moved figure), and a banner at the top of
// report.html.
func TestCheckDriftInEveryReport(t *testing.T) {
	dir := t.TempDir()
	junit, summary := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "summary.md")
	_, errOut, code := tpk(t, "check", "--quiet", "--baseline", "testdata/baseline.json", "--fail-on-drift",
		"--junit", junit, "--summary", summary, "--out", filepath.Join(dir, "out"), "testdata/pass.yaml")
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	if !strings.Contains(errOut, "1 scenario changed from the baseline") {
		t.Errorf("stderr does not count the drifted scenario: %s", errOut)
	}
	s, _ := os.ReadFile(summary)
	head, _, _ := strings.Cut(string(s), "\n")
	if !strings.Contains(head, "❌") || !strings.Contains(head, "1 scenario drifted from its baseline") {
		t.Errorf("summary headline %q does not say that the scenario drifted", head)
	}
	j := parseJUnit(t, junit)
	var failed []string
	for _, c := range j.Suites[0].Cases {
		if c.Failure != nil && c.Failure.Type == "drift" {
			failed = append(failed, c.Name)
		}
	}
	if len(failed) != 1 || j.Failures != 1 || j.Suites[0].Failures != 1 {
		t.Errorf("JUnit drift failures %q (failures=%d), want one for the scenario", failed, j.Failures)
	}
	if b, _ := os.ReadFile(junit); !strings.Contains(string(b), "victory: 0.423, now 0.7135") {
		t.Errorf("the JUnit failure's text does not list every moved figure:\n%s", b)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "out", "report.html"))
	body := string(html)
	banner := strings.Index(body, `class="box drift"`)
	if banner < 0 || banner > strings.Index(body, "<section") {
		t.Errorf("report.html has no drift banner before the first scenario")
	}
	// Without --fail-on-drift the same comparison is reported, not failed.
	_, errOut, code = tpk(t, "check", "--quiet", "--baseline", "testdata/baseline.json", "--junit", junit, "--summary", summary, "testdata/pass.yaml")
	if code != 0 || parseJUnit(t, junit).Failures != 0 {
		t.Errorf("without --fail-on-drift: exit %d, JUnit failures %d: %s", code, parseJUnit(t, junit).Failures, errOut)
	}
	if s, _ := os.ReadFile(summary); !strings.HasPrefix(string(s), "## tpk check: ✅") {
		t.Errorf("without --fail-on-drift the headline is %q", strings.SplitN(string(s), "\n", 2)[0])
	}
}

// A scenario that cannot be loaded is a JUnit error test case, the others
// are still checked and reported, and the check exits 2.
func TestCheckBrokenScenarioIsAnError(t *testing.T) {
	dir := t.TempDir()
	junit, summary := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "summary.md")
	_, errOut, code := tpk(t, "check", "--quiet", "--junit", junit, "--summary", summary, "--out", filepath.Join(dir, "out"),
		"testdata/pass.yaml", "testdata/bad/unknown-metric.yaml", "testdata/fail.yaml")
	if code != 2 {
		t.Fatalf("exit %d, want 2: %s", code, errOut)
	}
	if !strings.Contains(errOut, "testdata/bad/unknown-metric.yaml:7:") || !strings.Contains(errOut, "1 of 3 scenarios could not be checked") {
		t.Errorf("stderr %q", errOut)
	}
	j := parseJUnit(t, junit)
	if len(j.Suites) != 3 || j.Errors != 1 || j.Failures != 1 || j.Tests != 4 {
		t.Fatalf("JUnit: %d suites, %d tests, %d failures, %d errors; want 3, 4, 1, 1", len(j.Suites), j.Tests, j.Failures, j.Errors)
	}
	bad := j.Suites[1]
	if bad.Name != "testdata/bad/unknown-metric.yaml" || bad.Errors != 1 || len(bad.Cases) != 1 || bad.Cases[0].Error == nil ||
		!strings.Contains(bad.Cases[0].Error.Message, "unknown metric wipeout") {
		t.Errorf("the broken scenario's suite: %+v", bad)
	}
	if j.Suites[0].Tests != 2 || j.Suites[2].Failures != 1 {
		t.Errorf("the other scenarios were not checked: %+v", j.Suites)
	}
	s, _ := os.ReadFile(summary)
	if head, _, _ := strings.Cut(string(s), "\n"); !strings.Contains(head, "1 scenario could not be checked") {
		t.Errorf("summary headline %q", head)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "out", "report.html"))
	body := string(html)
	banner := strings.Index(body, `class="box broken"`)
	if banner < 0 || banner > strings.Index(body, "<section") || !strings.Contains(body[banner:], "unknown metric wipeout") {
		t.Errorf("report.html does not say, before the scenarios, which scenario could not be checked")
	}
}

// A check that cannot run on (its cap is its start) has a single look, which
// spends the whole 5%: the 95% interval, with no other interval recorded. One
// that can run on judges its first look by the 97.5% interval.
func TestCheckLooksSpendTheErrorRate(t *testing.T) {
	res, errOut, code := checkResult(t, "--trials", "2000", "--max-trials", "2000", "testdata/pass.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, x := range res.Expectations {
		if x.Interval != nil || x.Confidence != 0 {
			t.Errorf("single look: %s judged by a %v interval %v, want the 95%% one", x.Metric, x.Confidence, *x.Interval)
		}
	}
	res, _, _ = checkResult(t, "--trials", "2000", "testdata/pass.yaml")
	for _, x := range res.Expectations {
		// Wider on both sides, but a probability's interval cannot reach
		// below 0: at an observed 0 both start there.
		lowerWider := x.Interval != nil && (x.Interval[0] < x.CI95[0] || x.Interval[0] == 0 && x.CI95[0] == 0)
		if x.Interval == nil || x.Confidence != 0.975 || !(lowerWider && x.Interval[1] > x.CI95[1]) {
			t.Errorf("first of several looks: %s judged by %v %v, want the wider 97.5%% interval around %v", x.Metric, x.Confidence, x.Interval, x.CI95)
		}
	}
}

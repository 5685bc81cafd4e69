package reports

import (
	"io"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// Broken is a scenario that check could not load: it is reported as an
// error (a JUnit <error>, a line of the summary) while the others are still
// checked.
type Broken struct {
	File string // the scenario as named on the command line
	Err  string // what is wrong, with file and line
	// Pos is the number of results that come before it in the order the
	// scenarios were given, so that reports keep that order.
	Pos int
}

// Drift is a figure whose change from the baseline fails the check.
type Drift struct {
	Scenario string
	Change   sim.Change
}

// Name is "scenario: figure" as messages write it.
func (d Drift) Name() string { return d.Scenario + ": " + changeName(d.Change) }

// Drifts lists the figures of results whose change from the baseline fails
// the check: those surviving Holm's correction in a comparison made with
// --fail-on-drift (sim.Comparison.Fails).
func Drifts(results []*sim.Result) []Drift {
	var out []Drift
	for _, r := range results {
		if r.Baseline == nil || !r.Baseline.Fails {
			continue
		}
		for _, ch := range r.Baseline.Drifted() {
			out = append(out, Drift{Scenario: r.Scenario.Name, Change: ch})
		}
	}
	return out
}

// CheckLines writes a check as a test runner does: one line per scenario
// (PASS, FAIL, UNDECIDED, DRIFT, NONE for a scenario without expectations,
// ERROR for one that could not be loaded), the expectations that did not
// pass and the figures that drifted indented below it, and a last line
// that sums up. The full tables are `tpk check --full`.
func CheckLines(w io.Writer, results []*sim.Result, broken []Broken) error {
	ew := &errWriter{w: w}
	drifted := map[string][]Drift{}
	for _, d := range Drifts(results) {
		drifted[d.Scenario] = append(drifted[d.Scenario], d)
	}
	t := Count(results)
	counts := map[string]int{}
	next := 0
	writeBroken := func(upTo int) {
		for next < len(broken) && broken[next].Pos <= upTo {
			ew.printf("ERROR      %s\n           %s\n", broken[next].File, broken[next].Err)
			counts["error"]++
			next++
		}
	}
	for i, r := range results {
		writeBroken(i)
		status, kept := "PASS", 0
		for _, x := range r.Expectations {
			switch Verdict(x) {
			case sim.VerdictFail:
				status = "FAIL"
			case sim.VerdictUndecided:
				if status == "PASS" {
					status = "UNDECIDED"
				}
			default:
				kept++
			}
		}
		if len(drifted[r.Scenario.Name]) > 0 && status == "PASS" {
			status = "DRIFT"
		}
		if len(r.Expectations) == 0 && status == "PASS" {
			status = "NONE"
		}
		counts[strings.ToLower(status)]++
		partial := ""
		if r.Partial {
			partial = ", interrupted"
		}
		ew.printf("%-10s %s (%s): %d of %s pass, %d encounters%s\n", status, r.Scenario.Name, r.Scenario.File,
			kept, plural(len(r.Expectations), "expectation", "expectations"), r.Trials, partial)
		for _, x := range r.Expectations {
			if v := Verdict(x); v != sim.VerdictPass {
				ew.printf("           %s: %s, observed %s [%s, %s]%s\n", v, expectation(x), num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), verdictNote(x))
			}
		}
		for _, d := range drifted[r.Scenario.Name] {
			ch := d.Change
			ew.printf("           drift: %s %s → %s (%s, p %s)\n", changeName(ch), num(ch.Old), num(ch.New), signed(ch.Diff), pValue(ch.P))
		}
	}
	writeBroken(len(results))
	ew.printf("\n%s: %d passed, %d failed, %d undecided, %d drifted, %d without expectations, %d not loaded; expectations: %d pass, %d fail, %d undecided (tpk check --full prints every figure)\n",
		plural(len(results)+len(broken), "scenario", "scenarios"),
		counts["pass"], counts["fail"], counts["undecided"], counts["drift"], counts["none"], counts["error"], t.Pass, t.Fail, t.Undecided)
	return ew.err
}

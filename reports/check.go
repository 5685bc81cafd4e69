package reports

import (
	"fmt"
	"io"
	"math"
	"sort"
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

// ScenarioDrift is what fails one scenario's comparison with its baseline
// under --fail-on-drift: the figures that moved, largest move first, and
// the combatants added to or removed from the scenario since. One edit
// (a foe's count) moves many figures; reports tell it as one story per
// scenario, its largest moves and a count of the rest.
type ScenarioDrift struct {
	Result   int // its index in the results
	Scenario string
	Baseline string  // the baseline file
	Level    float64 // of the tests
	Figures  []sim.Change
	Added    []string // combatants only in the new result
	Removed  []string // combatants only in the baseline
}

// DriftsByScenario lists, in the results' order, the scenarios whose
// comparison with the baseline fails the check.
func DriftsByScenario(results []*sim.Result) []ScenarioDrift {
	var out []ScenarioDrift
	for i, r := range results {
		c := r.Baseline
		if c == nil || !c.Fails {
			continue
		}
		figs := c.Drifted()
		if len(figs) == 0 && !c.CastChanged() {
			continue
		}
		sortByMove(figs)
		out = append(out, ScenarioDrift{Result: i, Scenario: r.Scenario.Name, Baseline: c.File, Level: c.Level,
			Figures: figs, Added: c.Added, Removed: c.Removed})
	}
	return out
}

// sortByMove orders changes by the size of their move in standard errors
// (|z| or |t|), largest first, so that the one that matters leads whatever
// the figure's scale; equal moves keep the result's order.
func sortByMove(chs []sim.Change) {
	sort.SliceStable(chs, func(a, b int) bool { return math.Abs(chs[a].Stat) > math.Abs(chs[b].Stat) })
}

// Cast says how the scenario's combatants changed since the baseline, or "".
func (d ScenarioDrift) Cast() string {
	var parts []string
	if len(d.Removed) > 0 {
		parts = append(parts, "only in the baseline: "+strings.Join(d.Removed, ", "))
	}
	if len(d.Added) > 0 {
		parts = append(parts, "not in the baseline: "+strings.Join(d.Added, ", "))
	}
	return strings.Join(parts, "; ")
}

// Headline is the scenario's drift in one line: how many figures moved,
// the top largest with their old and new values, how many more, and a
// changed cast.
func (d ScenarioDrift) Headline(top int) string {
	var parts []string
	if n := len(d.Figures); n > 0 {
		shown := make([]string, 0, top)
		for _, ch := range d.Figures[:min(top, n)] {
			shown = append(shown, fmt.Sprintf("%s %s → %s", changeName(ch), num(ch.Old), num(ch.New)))
		}
		s := fmt.Sprintf("%s moved (largest: %s", plural(n, "figure", "figures"), strings.Join(shown, ", "))
		if n > top {
			s += fmt.Sprintf("; %d more", n-top)
		}
		parts = append(parts, s+")")
	}
	if cast := d.Cast(); cast != "" {
		parts = append(parts, "combatants "+cast)
	}
	return strings.Join(parts, "; ")
}

// DriftTop is how many moved figures a check line, a JUnit message or an
// error names before counting the rest.
const DriftTop = 3

// CheckLines writes a check as a test runner does: one line per scenario
// (PASS, FAIL, UNDECIDED, DRIFT, NONE for a scenario without expectations,
// ERROR for one that could not be loaded), the expectations that did not
// pass and the figures that drifted indented below it, and a last line
// that sums up. The full tables are `tpk check --full`.
func CheckLines(w io.Writer, results []*sim.Result, broken []Broken) error {
	ew := &errWriter{w: w}
	drifted := map[int]ScenarioDrift{}
	for _, d := range DriftsByScenario(results) {
		drifted[d.Result] = d
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
		d, drift := drifted[i]
		if drift && status == "PASS" {
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
		if drift {
			writeDrift(ew, d)
		}
	}
	writeBroken(len(results))
	ew.printf("\n%s: %d passed, %d failed, %d undecided, %d drifted, %d without expectations, %d not loaded; expectations: %d pass, %d fail, %d undecided (tpk check --full prints every figure)\n",
		plural(len(results)+len(broken), "scenario", "scenarios"),
		counts["pass"], counts["fail"], counts["undecided"], counts["drift"], counts["none"], counts["error"], t.Pass, t.Fail, t.Undecided)
	return ew.err
}

// writeDrift writes a scenario's drift below its check line: the count of
// moved figures, the largest few with their values, the count of the rest,
// and the combatants added or removed.
func writeDrift(ew *errWriter, d ScenarioDrift) {
	if n := len(d.Figures); n > 0 {
		ew.printf("           drift: %s moved from %s (significant after Holm's correction at level %g), largest first:\n",
			plural(n, "figure", "figures"), d.Baseline, d.Level)
		for _, ch := range d.Figures[:min(DriftTop, n)] {
			ew.printf("             %s %s → %s (%s, %s %s, p %s)\n", changeName(ch), num(ch.Old), num(ch.New), signed(ch.Diff), testName(ch), num(ch.Stat), pValue(ch.P))
		}
		if n > DriftTop {
			ew.printf("             and %d more (tpk check --full lists every figure)\n", n-DriftTop)
		}
	}
	if len(d.Removed) > 0 {
		ew.printf("           removed since the baseline: %s\n", strings.Join(d.Removed, ", "))
	}
	if len(d.Added) > 0 {
		ew.printf("           added since the baseline: %s\n", strings.Join(d.Added, ", "))
	}
}

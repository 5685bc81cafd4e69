package reports

import (
	"tpk/sim"
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

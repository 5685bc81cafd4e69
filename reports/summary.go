package reports

import (
	"io"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// Tally counts the verdicts of the expectations of results.
type Tally struct {
	Pass, Fail, Undecided int
}

// Total is the number of expectations counted.
func (t Tally) Total() int { return t.Pass + t.Fail + t.Undecided }

// Count tallies the expectations of results by verdict.
func Count(results []*sim.Result) Tally {
	var t Tally
	for _, r := range results {
		for _, x := range r.Expectations {
			switch Verdict(x) {
			case sim.VerdictPass:
				t.Pass++
			case sim.VerdictFail:
				t.Fail++
			default:
				t.Undecided++
			}
		}
	}
	return t
}

// CheckSummaryBroken writes the Markdown summary of a check, for a CI job
// summary ($GITHUB_STEP_SUMMARY) or a merge-request comment: the tally, one
// row per expectation, the figures that changed from a baseline, and the
// warnings. Its headline names everything that fails the check: the
// scenarios in broken, which could not be loaded, failed expectations and
// drifts under --fail-on-drift.
func CheckSummaryBroken(w io.Writer, results []*sim.Result, broken []Broken) error {
	ew := &errWriter{w: w}
	t := Count(results)
	drifts := DriftsByScenario(results)
	var fails []string
	if len(broken) > 0 {
		fails = append(fails, plural(len(broken), "scenario could not be checked", "scenarios could not be checked"))
	}
	if t.Fail > 0 {
		fails = append(fails, plural(t.Fail, "expectation fails", "expectations fail"))
	}
	if len(drifts) > 0 {
		fails = append(fails, plural(len(drifts), "scenario drifted from its baseline", "scenarios drifted from their baseline"))
	}
	head := "✅ every expectation passes"
	switch {
	case len(fails) > 0:
		head = "❌ " + strings.Join(fails, "; ")
	case t.Undecided > 0:
		head = "❔ " + plural(t.Undecided, "expectation is", "expectations are") + " undecided"
	case t.Total() == 0:
		head = "✅ nothing fails"
	}
	ew.printf("## tpk check: %s\n\n", head)
	if len(broken) > 0 {
		ew.printf("**Could not be checked:**\n\n")
		for _, b := range broken {
			ew.printf("- `%s`: %s\n", mdCode(b.File), mdText(b.Err))
		}
		ew.printf("\n")
	}
	if len(drifts) > 0 {
		ew.printf("**Drifted from the baseline** (significant after Holm's correction; `--fail-on-drift`):\n\n")
		for _, d := range drifts {
			ew.printf("- %s: %s\n", mdText(d.Scenario), mdText(d.Headline(DriftTop)))
		}
		ew.printf("\n")
	}
	ew.printf("%d scenarios, %d expectations: %d pass, %d fail, %d undecided.\n\n", len(results), t.Total(), t.Pass, t.Fail, t.Undecided)
	if t.Total() > 0 {
		ew.printf("| | scenario | expectation | observed | 95%% interval | encounters |\n|---|---|---|--:|---|--:|\n")
		for _, r := range results {
			for _, x := range r.Expectations {
				ew.printf("| %s | %s | %s | %s | %s – %s | %d |\n", verdictMark(Verdict(x)), mdText(r.Scenario.Name),
					mdText(expectation(x)), num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), r.Trials)
			}
		}
	}
	for _, r := range results {
		if c := r.Baseline; c != nil {
			ew.printf("\n#### %s against its baseline\n", mdText(r.Scenario.Name))
			markdownBaseline(ew, c)
		}
	}
	var notes []string
	for _, r := range results {
		for _, s := range append(append([]string(nil), r.Notes...), r.Warnings...) {
			notes = append(notes, mdText(r.Scenario.Name)+": "+mdText(s))
		}
	}
	if len(notes) > 0 {
		ew.printf("\n<details><summary>Notes and warnings (%d)</summary>\n\n", len(notes))
		for _, n := range notes {
			ew.printf("- %s\n", n)
		}
		ew.printf("\n</details>\n")
	}
	return ew.err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
)

var errInterrupted = errors.New("interrupted; the results above are partial")

// checkFlags are the flags that judge results, shared by check and
// merge, so that a sharded check (check --shard, then merge --check)
// reports as one machine's would.
func checkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "junit", Usage: "also write the expectations as JUnit XML to `FILE` (for CI test reports)"},
		&cli.StringFlag{Name: "summary", Usage: "also write a Markdown summary to `FILE` (e.g. $GITHUB_STEP_SUMMARY)"},
		&cli.StringSliceFlag{Name: "baseline", Usage: "compare every figure with the same scenario's result in `OLD.json` (a result file or an array of them)"},
		&cli.Float64Flag{Name: "level", Value: 0.05, Usage: "significance `LEVEL` of the baseline tests"},
		&cli.BoolFlag{Name: "fail-undecided", Usage: "exit 1 also when an expectation is still undecided at --max-trials"},
		&cli.BoolFlag{Name: "full", Usage: "print every figure of every scenario (text), not one line per scenario"},
		&cli.BoolFlag{Name: "fail-on-drift", Usage: "exit 1 also when a figure differs from --baseline (significant after Holm's correction at --level) or a combatant was added or removed"},
	}
}

// checkOptions are the check flags after validation.
type checkOptions struct {
	junit, summary string
	baselines      []baseline
	level          float64
	failUndecided  bool
	failOnDrift    bool
	full           bool
}

// readCheckOptions validates the check flags and reads the baselines.
func readCheckOptions(c *cli.Context, e *env) (checkOptions, error) {
	o := checkOptions{junit: c.String("junit"), summary: c.String("summary"), level: c.Float64("level"),
		failUndecided: c.Bool("fail-undecided"), failOnDrift: c.Bool("fail-on-drift"), full: c.Bool("full")}
	if !(o.level > 0 && o.level < 1) {
		return o, usagef("--level must be between 0 and 1 (e.g. 0.05)")
	}
	if o.failOnDrift && len(c.StringSlice("baseline")) == 0 {
		return o, usagef("--fail-on-drift needs --baseline OLD.json: without a baseline there is nothing to drift from")
	}
	var err error
	o.baselines, err = readBaselines(e.files, c.StringSlice("baseline"))
	return o, err
}

func checkCommand(e *env) *cli.Command {
	flags := append(append(runFlags("check"), saveBaselineFlag), checkFlags()...)
	return &cli.Command{
		Name:      "check",
		Usage:     "run scenarios and evaluate their expect: blocks (exit 1 when one fails)",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Description: "Every expectation is judged by an interval of its figure: pass when the whole interval\n" +
			"satisfies it, fail when none of it does, undecided when it straddles the bound. A scenario\n" +
			"with an undecided expectation is run on, doubling its encounters with the same seed, until\n" +
			"every expectation is decided or --max-trials (default 10000000) is reached. The looks share\n" +
			"the 5% error rate (Bonferroni alpha spending: half at the first look, the rest in equal\n" +
			"parts), so a wrong pass or fail stays at most 1 in 20 however many looks it takes.\n" +
			"With --baseline, every figure is compared with the baseline's; --fail-on-drift makes a\n" +
			"change that survives Holm's correction fail the check, so a CI job notices when a figure\n" +
			"drifts, and so does a combatant added or removed. --save-baseline writes the figures at\n" +
			"the scenario's own encounters, before any running on, so that adding an expect: block\n" +
			"leaves the baseline as it was. A scenario that cannot be loaded is reported (JUnit\n" +
			"<error>) while the others are checked, and the check then exits 2. A sharded check\n" +
			"(--shard I/N on each machine) is judged by tpk merge --check, which takes the flags above.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			s, err := readSettings(c, e)
			if err != nil {
				return err
			}
			if sh, ok, err := shardAsked(c); err != nil {
				return err
			} else if ok {
				for _, f := range []string{"junit", "summary", "baseline", "fail-undecided", "fail-on-drift", "save-baseline"} {
					if c.IsSet(f) {
						return usagef("--%s goes with the merged check (tpk merge --check --%s ...), not with --shard", f, f)
					}
				}
				return runShards(c, e, s, "check", sh)
			}
			o, err := readCheckOptions(c, e)
			if err != nil {
				return err
			}
			var broken []reports.Broken
			var first []*sim.Result
			results, err := simulateAllBut(c, e, s, func(sm *simulation) (*sim.Result, error) {
				res, at, err := decide(c.Context, e, s, sm, capOf(c, sm))
				first = append(first, at)
				return res, err
			}, &broken)
			if err != nil {
				return err
			}
			return judge(e, s, o, results, first, broken)
		},
	}
}

// judge finishes a check, of check or merge --check: it compares the
// results with the baselines, prints them (one line per scenario, unless
// --full or another format), writes the files asked for, and says what
// failed, with the exit code of check: 1 for a failed expectation or a
// drift under --fail-on-drift, 2 when a scenario could not be loaded or
// there was nothing to check. save holds the results --save-baseline
// writes (the figures before any running on), in the results' order.
func judge(e *env, s settings, o checkOptions, results, save []*sim.Result, broken []reports.Broken) error {
	if len(o.baselines) > 0 {
		compareAll(results, o.baselines, o.level, o.failOnDrift)
	}
	// Text is one line per scenario, as a test runner prints, unless
	// --full asks for the tables; the files in --out are whole.
	lines := s.format == "text" && !o.full
	quiet := s.quiet
	if lines {
		s.quiet = true
	}
	saveFile := s.save
	s.save = ""
	if err := finishRun(e, s, results, broken); err != nil {
		return err
	}
	if n := len(results); saveFile != "" && n > 0 && len(save) == n && !results[n-1].Partial {
		if err := saveBaseline(e.files, saveFile, save); err != nil {
			return err
		}
	}
	if lines && !quiet {
		if err := reports.CheckLines(e.stdout, results, broken); err != nil {
			return err
		}
	}
	if err := writeCheckFiles(e.files, o.junit, o.summary, s.out, results, broken); err != nil {
		return err
	}
	if len(broken) > 0 {
		for _, b := range broken {
			fmt.Fprintf(e.stderr, "tpk: %s\n", b.Err)
		}
		return usagef("%d of %d scenarios could not be checked (see above); the others were checked and reported",
			len(broken), len(broken)+len(results))
	}
	return verdict(e, o, results)
}

// verdict is check's exit: an exitExpect error naming the failed
// expectations (and, under --fail-undecided, the undecided) and the
// drifts, a usage error when there was nothing to check, else nil with a
// warning for expectations left undecided.
func verdict(e *env, o checkOptions, results []*sim.Result) error {
	t := reports.Count(results)
	if t.Total() == 0 && len(o.baselines) == 0 {
		return usagef("no scenario has an expect: block and no --baseline is given; nothing to check")
	}
	drifted := reports.DriftsByScenario(results)
	failUndecided := t.Undecided > 0 && o.failUndecided
	if t.Fail > 0 || failUndecided || len(drifted) > 0 {
		var msgs []string
		if t.Fail > 0 || failUndecided {
			msg := fmt.Sprintf("%d of %d expectations failed", t.Fail, t.Total())
			if t.Undecided > 0 {
				msg += fmt.Sprintf(", %d undecided at the cap of encounters", t.Undecided)
			}
			msgs = append(msgs, msg)
		}
		if len(drifted) > 0 {
			msgs = append(msgs, driftMessage(drifted, o.level))
		}
		return &exitError{code: exitExpect, err: errors.New(strings.Join(msgs, "; "))}
	}
	if t.Undecided > 0 {
		fmt.Fprintf(e.stderr, "tpk: warning: %d of %d expectations are still undecided at the cap of encounters (--max-trials); --fail-undecided makes that fail\n", t.Undecided, t.Total())
	}
	return nil
}

// driftScenarios is how many drifted scenarios the error names before
// counting the rest.
const driftScenarios = 3

// driftMessage is the error line of a check that drifted: how many
// scenarios, then for the first few their largest moves and how many more
// figures moved, so that one edit reads as one story, not a list of every
// figure it moved.
func driftMessage(drifted []reports.ScenarioDrift, level float64) string {
	parts := make([]string, 0, driftScenarios)
	for _, d := range drifted[:min(driftScenarios, len(drifted))] {
		parts = append(parts, d.Scenario+": "+d.Headline(reports.DriftTop))
	}
	msg := fmt.Sprintf("%s changed from the baseline (significant after Holm's correction at level %g): %s",
		plural(len(drifted), "1 scenario", fmt.Sprintf("%d scenarios", len(drifted))), level, strings.Join(parts, " | "))
	if n := len(drifted) - driftScenarios; n > 0 {
		msg += fmt.Sprintf(" | and %d more %s (see the check lines or --summary)", n, plural(n, "scenario", "scenarios"))
	}
	return msg
}

// capOf is the most encounters a scenario may be run on to: --max-trials,
// else the scenario's max_trials, else sim.DefaultMaxTrials.
func capOf(c *cli.Context, sm *simulation) int64 {
	switch {
	case c.IsSet("max-trials"):
		return int64(c.Int("max-trials"))
	case sm.cs.Scenario.MaxTrials > 0:
		return int64(sm.cs.Scenario.MaxTrials)
	}
	return sim.DefaultMaxTrials
}

// undecided counts the expectations of a result still undecided.
func undecided(r *sim.Result) []string {
	var out []string
	for _, x := range r.Expectations {
		if reports.Verdict(x) == sim.VerdictUndecided {
			e := sim.Expectation{Metric: x.Metric, Op: x.Op, Value: x.Value}
			if x.Hi != nil {
				e.Hi = *x.Hi
			}
			out = append(out, e.String())
		}
	}
	return out
}

// decide builds a scenario's result and, while an expectation is undecided
// (its interval straddles the bound), runs the scenario on, doubling the
// encounters with the same seed, up to capTrials. Running on plays
// encounters N, N+1, ... of the same run, so the result is the one a run of
// the final length would give: reproducible. The looks spend the 5% error
// rate between them (sim.Looks), so that a wrong pass or fail stays at most
// 1 in 20 however many looks it takes. first is the result at the
// scenario's own encounters, before any running on: what --save-baseline
// writes, so that the baseline does not depend on the expect: block.
func decide(ctx context.Context, e *env, s settings, sm *simulation, capTrials int64) (res, first *sim.Result, err error) {
	if res, err = sm.result(); err != nil || res.Partial {
		return res, res, err
	}
	first = res
	start := res.Trials
	looks := sim.NewLooks(start, capTrials, 0.05)
	if res, err = sm.resultAt(looks.Spend(0)); err != nil {
		return nil, nil, err
	}
	undecidedAtStart := undecided(res)
	for k := 1; k < len(looks.At) && len(undecided(res)) > 0; k++ {
		if err := sm.runOn(ctx, e, s, looks.At[k]); err != nil {
			return nil, nil, err
		}
		if res, err = sm.resultAt(looks.Spend(k)); err != nil {
			return nil, nil, err
		}
		if res.Partial {
			return res, first, nil
		}
	}
	if res.Trials > start {
		res.Notes = append(res.Notes, fmt.Sprintf(
			"ran on from %d to %d encounters (same seed) because %s undecided at %d; the looks (%s encounters at most) share the 5%% error rate, half at the first and the rest in equal parts, so a wrong pass or fail stays at most 1 in 20",
			start, res.Trials, strings.Join(undecidedAtStart, ", ")+plural(len(undecidedAtStart), " was", " were"), start, joinInts(looks.At)))
	}
	if left := undecided(res); len(left) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"%s still undecided at %d encounters, the cap (--max-trials): the figure is too close to its bound to tell",
			strings.Join(left, ", ")+plural(len(left), " is", " are"), res.Trials))
	}
	return res, first, nil
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// baseline is a result to compare with, and the file it came from.
type baseline struct {
	file string
	res  *sim.Result
}

// readBaselines reads baseline result files.
func readBaselines(fsys fileSystem, files []string) ([]baseline, error) {
	var out []baseline
	for _, f := range files {
		data, err := fsys.ReadFile(f)
		if err != nil {
			return nil, &sim.InputError{File: f, Msg: "cannot read the baseline: " + errText(err)}
		}
		rs, err := sim.ReadResults(f, data)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			out = append(out, baseline{file: f, res: r})
		}
	}
	return out, nil
}

// compareAll attaches to every result the comparison with the baseline of
// the same scenario (same name, system and sweep variant), or a note that
// there is none.
func compareAll(results []*sim.Result, baselines []baseline, level float64, failOnDrift bool) {
	for _, r := range results {
		var base *baseline
		for i, b := range baselines {
			if b.res.Scenario.Name == r.Scenario.Name && b.res.Scenario.System == r.Scenario.System &&
				sim.VariantLabel(b.res.Variant) == sim.VariantLabel(r.Variant) {
				base = &baselines[i]
				break
			}
		}
		if base == nil {
			r.Notes = append(r.Notes, "no baseline result has this scenario's name and system; nothing was compared")
			continue
		}
		r.Baseline = sim.Compare(base.res, r, base.file, level)
		r.Baseline.Fails = failOnDrift
	}
}

// writeCheckFiles writes the JUnit XML and the Markdown summary where asked
// (and both into the --out directory).
func writeCheckFiles(fsys fileSystem, junit, summary, out string, results []*sim.Result, broken []reports.Broken) error {
	write := func(name string, f func(io.Writer, []*sim.Result, []reports.Broken) error) error {
		if name == "" {
			return nil
		}
		return writeFileAtomic(fsys, name, func(w io.Writer) error { return f(w, results, broken) })
	}
	if err := write(junit, reports.CheckJUnit); err != nil {
		return err
	}
	if err := write(summary, reports.CheckSummaryBroken); err != nil {
		return err
	}
	if out != "" {
		if err := prepareDir(fsys, out); err != nil {
			return err
		}
		if err := write(filepath.Join(out, "junit.xml"), reports.CheckJUnit); err != nil {
			return err
		}
		if err := write(filepath.Join(out, "summary.md"), reports.CheckSummaryBroken); err != nil {
			return err
		}
	}
	return nil
}

// errText is an error's message without the Go-specific "open NAME:" prefix.
func errText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

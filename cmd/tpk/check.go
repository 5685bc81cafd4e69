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

func checkCommand(e *env) *cli.Command {
	flags := append(runFlags("check"), saveBaselineFlag,
		&cli.StringFlag{Name: "junit", Usage: "also write the expectations as JUnit XML to `FILE` (for CI test reports)"},
		&cli.StringFlag{Name: "summary", Usage: "also write a Markdown summary to `FILE` (e.g. $GITHUB_STEP_SUMMARY)"},
		&cli.StringSliceFlag{Name: "baseline", Usage: "compare every figure with the same scenario's result in `OLD.json` (a result file or an array of them)"},
		&cli.Float64Flag{Name: "level", Value: 0.05, Usage: "significance `LEVEL` of the baseline tests"},
		&cli.BoolFlag{Name: "fail-undecided", Usage: "exit 1 also when an expectation is still undecided at --max-trials"},
		&cli.BoolFlag{Name: "full", Usage: "print every figure of every scenario (text), not one line per scenario"},
		&cli.BoolFlag{Name: "fail-on-drift", Usage: "exit 1 also when a figure differs from --baseline (significant after Holm's correction at --level)"},
	)
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
			"drifts. A scenario that cannot be loaded is reported (JUnit <error>) while the others are\n" +
			"checked, and the check then exits 2.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			s, err := readSettings(c, e)
			if err != nil {
				return err
			}
			if c.IsSet("shard") {
				sh, err := parseShard(c.String("shard"))
				if err != nil {
					return err
				}
				for _, f := range []string{"junit", "summary", "baseline", "fail-undecided", "fail-on-drift"} {
					if c.IsSet(f) {
						return usagef("--%s goes with the merged check (tpk merge --check), not with --shard", f)
					}
				}
				return runShards(c, e, s, "check", sh)
			}
			level := c.Float64("level")
			if !(level > 0 && level < 1) {
				return usagef("--level must be between 0 and 1 (e.g. 0.05)")
			}
			if c.Bool("fail-on-drift") && len(c.StringSlice("baseline")) == 0 {
				return usagef("--fail-on-drift needs --baseline OLD.json: without a baseline there is nothing to drift from")
			}
			baselines, err := readBaselines(e.files, c.StringSlice("baseline"))
			if err != nil {
				return err
			}
			var broken []reports.Broken
			results, err := simulateAllBut(c, e, s, func(sm *simulation) (*sim.Result, error) {
				return decide(c.Context, e, s, sm, capOf(c, sm))
			}, &broken)
			if err != nil {
				return err
			}
			if len(baselines) > 0 {
				compareAll(results, baselines, level, c.Bool("fail-on-drift"))
			}
			// Text is one line per scenario, as a test runner prints, unless
			// --full asks for the tables; the files in --out are whole.
			lines := s.format == "text" && !c.Bool("full")
			quiet := s.quiet
			if lines {
				s.quiet = true
			}
			if err := finishRun(e, s, results, broken); err != nil {
				return err
			}
			if lines && !quiet {
				if err := reports.CheckLines(e.stdout, results, broken); err != nil {
					return err
				}
			}
			if err := writeCheckFiles(e.files, c.String("junit"), c.String("summary"), s.out, results, broken); err != nil {
				return err
			}
			if len(broken) > 0 {
				for _, b := range broken {
					fmt.Fprintf(e.stderr, "tpk: %s\n", b.Err)
				}
				return usagef("%d of %d scenarios could not be checked (see above); the others were checked and reported",
					len(broken), len(broken)+len(results))
			}
			t := reports.Count(results)
			if t.Total() == 0 && len(baselines) == 0 {
				return usagef("no scenario has an expect: block and no --baseline is given; nothing to check")
			}
			drifted := drift(results)
			failDrift := len(drifted) > 0
			if t.Fail > 0 || (t.Undecided > 0 && c.Bool("fail-undecided")) || failDrift {
				var msgs []string
				if t.Fail > 0 || t.Undecided > 0 && c.Bool("fail-undecided") {
					msg := fmt.Sprintf("%d of %d expectations failed", t.Fail, t.Total())
					if t.Undecided > 0 {
						msg += fmt.Sprintf(", %d undecided at the cap of encounters", t.Undecided)
					}
					msgs = append(msgs, msg)
				}
				if failDrift {
					msgs = append(msgs, fmt.Sprintf("%d %s changed from the baseline (significant after Holm's correction at level %g): %s",
						len(drifted), plural(len(drifted), "figure", "figures"), level, strings.Join(drifted, ", ")))
				}
				return &exitError{code: exitExpect, err: errors.New(strings.Join(msgs, "; "))}
			}
			if t.Undecided > 0 {
				fmt.Fprintf(e.stderr, "tpk: warning: %d of %d expectations are still undecided at the cap of encounters (--max-trials); --fail-undecided makes that fail\n", t.Undecided, t.Total())
			}
			return nil
		},
	}
}

// drift lists the figures, as "scenario: metric" (or "scenario: combatant
// metric"), whose change from the baseline fails the check.
func drift(results []*sim.Result) []string {
	var out []string
	for _, d := range reports.Drifts(results) {
		out = append(out, d.Name())
	}
	return out
}

// capOf is the most encounters a scenario may be run on to: --max-trials,
// else the scenario's max_trials, else sim.DefaultMaxTrials.
func capOf(c *cli.Context, sm *simulation) int64 {
	switch {
	case c.IsSet("max-trials"):
		return int64(c.Int("max-trials"))
	case sm.cs.sc.MaxTrials > 0:
		return int64(sm.cs.sc.MaxTrials)
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
// 1 in 20 however many looks it takes.
func decide(ctx context.Context, e *env, s settings, sm *simulation, capTrials int64) (*sim.Result, error) {
	res, err := sm.result()
	if err != nil || res.Partial {
		return res, err
	}
	start := res.Trials
	looks := sim.NewLooks(start, capTrials, 0.05)
	if res, err = sm.resultAt(looks.Spend(0)); err != nil {
		return nil, err
	}
	first := undecided(res)
	for k := 1; k < len(looks.At) && len(undecided(res)) > 0; k++ {
		if err := sm.runOn(ctx, e, s, looks.At[k]); err != nil {
			return nil, err
		}
		if res, err = sm.resultAt(looks.Spend(k)); err != nil {
			return nil, err
		}
		if res.Partial {
			return res, nil
		}
	}
	if res.Trials > start {
		res.Notes = append(res.Notes, fmt.Sprintf(
			"ran on from %d to %d encounters (same seed) because %s undecided at %d; the looks (%s encounters at most) share the 5%% error rate, half at the first and the rest in equal parts, so a wrong pass or fail stays at most 1 in 20",
			start, res.Trials, strings.Join(first, ", ")+plural(len(first), " was", " were"), start, joinInts(looks.At)))
	}
	if left := undecided(res); len(left) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"%s still undecided at %d encounters, the cap (--max-trials): the figure is too close to its bound to tell",
			strings.Join(left, ", ")+plural(len(left), " is", " are"), res.Trials))
	}
	return res, nil
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
				reports.VariantLabel(b.res.Variant) == reports.VariantLabel(r.Variant) {
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

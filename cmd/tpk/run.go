package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "simulate scenarios and print a summary",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Flags: append(runFlags("run"), saveBaselineFlag, &cli.BoolFlag{Name: "explain",
			Usage: "also play every single change of reading and tactic (as tpk explain does) and say in the verdict which moves the answer by more than its interval"},
			&cli.BoolFlag{Name: "yardstick",
				Usage: "also play the scenario at careless, competent and strong tables (as tpk yardstick does, 1,000 encounters each) and say in the verdict how the answer moves"}),
		Action: func(c *cli.Context) error {
			s, err := readSettings(c, e)
			if err != nil {
				return err
			}
			if sh, ok, err := shardAsked(c); err != nil {
				return err
			} else if ok {
				if c.Bool("explain") || c.Bool("yardstick") {
					return usagef("--explain and --yardstick do not go with --shard: run them on the merged scenario instead")
				}
				return runShards(c, e, s, "run", sh)
			}
			results, err := simulateAll(c, e, s, (*simulation).result)
			if err != nil {
				return err
			}
			if c.Bool("explain") {
				if slices.Contains(c.Args().Slice(), "-") {
					return usagef("--explain plays the scenario again, so it cannot read it from standard input: give a file")
				}
				if err := addDependsOn(c, e, s, results); err != nil {
					return err
				}
			}
			if c.Bool("yardstick") {
				if slices.Contains(c.Args().Slice(), "-") {
					return usagef("--yardstick plays the scenario again, so it cannot read it from standard input: give a file")
				}
				if err := addYardstick(c, e, s, results); err != nil {
					return err
				}
			}
			return finishRun(e, s, results, nil)
		},
	}
}

// addYardstick measures each scenario run at careless, competent and strong
// tables and adds to its verdict how the answer moves.
func addYardstick(c *cli.Context, e *env, s settings, results []*sim.Result) error {
	srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
	if err != nil {
		return err
	}
	o := yardstickOptions{trials: defaultYardstickTrials, workers: s.workers, quiet: s.quiet}
	for i, r := range results {
		if r.Partial {
			break
		}
		o.seed, o.seedSet = r.Seed, true
		y, err := yardstickSource(c.Context, e, srcs[i], o)
		if err != nil {
			return err
		}
		r.Verdict = strings.TrimSpace(r.Verdict + " " + y.Line)
	}
	return nil
}

// simulateAll compiles every scenario first (so bad input fails before any
// time is spent), then runs them in order and turns each run into a result
// with finish. It stops after a run that was interrupted (its result is the
// last, marked partial).
func simulateAll(c *cli.Context, e *env, s settings, finish func(*simulation) (*sim.Result, error)) ([]*sim.Result, error) {
	return simulateAllBut(c, e, s, finish, nil)
}

// simulateAllBut is simulateAll that, when broken is not nil, sets aside a
// scenario that cannot be read or compiled (bad input) into broken and goes
// on with the others (check, so that one broken file does not hide the
// verdicts of the rest).
func simulateAllBut(c *cli.Context, e *env, s settings, finish func(*simulation) (*sim.Result, error), broken *[]reports.Broken) ([]*sim.Result, error) {
	// Read every argument at once, or one by one when a bad one is set
	// aside.
	groups := [][]string{c.Args().Slice()}
	if broken != nil && c.NArg() > 0 {
		groups = groups[:0]
		for _, a := range c.Args().Slice() {
			groups = append(groups, []string{a})
		}
	}
	type entry struct {
		cs  *systems.Compiled
		bad *reports.Broken
	}
	var all []entry
	for _, g := range groups {
		srcs, err := readSources(e.files, g, e.stdin)
		if err != nil {
			if broken == nil || len(g) != 1 || !isInputError(err) {
				return nil, err
			}
			all = append(all, entry{bad: &reports.Broken{File: g[0], Err: err.Error()}})
			continue
		}
		for _, src := range srcs {
			cs, err := compileSource(src)
			if err != nil {
				if broken == nil || !isInputError(err) {
					return nil, err
				}
				all = append(all, entry{bad: &reports.Broken{File: src.file, Err: err.Error()}})
				continue
			}
			all = append(all, entry{cs: cs})
		}
	}
	var results []*sim.Result
	for _, en := range all {
		if en.bad != nil {
			en.bad.Pos = len(results)
			*broken = append(*broken, *en.bad)
			continue
		}
		sm, err := simulate(c.Context, e, c, en.cs, s)
		if err != nil {
			return nil, err
		}
		res, err := finish(sm)
		if err != nil {
			return nil, err
		}
		results = append(results, res)
		if res.Partial {
			break
		}
	}
	return results, nil
}

// addDependsOn explains each scenario run and adds to its verdict which
// single reading or tactic moves the answer by more than its interval.
func addDependsOn(c *cli.Context, e *env, s settings, results []*sim.Result) error {
	srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
	if err != nil {
		return err
	}
	o := explainOptions{precision: defaultExplainPrecision, maxTrials: defaultExplainMax, workers: s.workers, quiet: s.quiet}
	for i, r := range results {
		if r.Partial {
			break
		}
		x, err := explainSource(c, e, srcs[i], o)
		if err != nil {
			return err
		}
		r.Verdict = strings.TrimSpace(r.Verdict + " " + x.DependsOn(r))
	}
	return nil
}

// isInputError reports whether err is bad input (exit code 2).
func isInputError(err error) bool { return exitCode(err) == exitBadInput }

// finishRun prints and writes the results (with the scenarios check could
// not load, for report.html); an interrupted run prints what was finished,
// marked partial, and fails.
func finishRun(e *env, s settings, results []*sim.Result, broken []reports.Broken) error {
	if err := emit(e, s, results, broken); err != nil {
		return err
	}
	if s.save != "" && len(results) > 0 && !results[len(results)-1].Partial {
		if err := saveBaseline(e.files, s.save, results); err != nil {
			return err
		}
	}
	if n := len(results); n > 0 && results[n-1].Partial {
		return &exitError{code: exitFailure, err: errInterrupted}
	}
	return nil
}

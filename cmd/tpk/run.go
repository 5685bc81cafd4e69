package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"tpk/sim"
)

func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "simulate scenarios and print a summary",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Flags: append(runFlags(), &cli.BoolFlag{Name: "explain",
			Usage: "also play every single change of reading and tactic (as tpk explain does) and say in the verdict which moves the answer by more than its interval"}),
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
				if c.Bool("explain") {
					return usagef("--explain and --shard do not go together: explain the merged scenario instead")
				}
				return runShards(c, e, s, "run", sh)
			}
			results, err := simulateAll(c, e, s, (*simulation).result)
			if err != nil {
				return err
			}
			if c.Bool("explain") {
				if err := addDependsOn(c, e, s, results); err != nil {
					return err
				}
			}
			return finishRun(e, s, results)
		},
	}
}

// simulateAll compiles every scenario first (so bad input fails before any
// time is spent), then runs them in order and turns each run into a result
// with finish. It stops after a run that was interrupted (its result is the
// last, marked partial).
func simulateAll(c *cli.Context, e *env, s settings, finish func(*simulation) (*sim.Result, error)) ([]*sim.Result, error) {
	srcs, err := readSources(c.Args().Slice())
	if err != nil {
		return nil, err
	}
	all := make([]*compiled, len(srcs))
	for i, src := range srcs {
		if all[i], err = compileSource(src); err != nil {
			return nil, err
		}
	}
	var results []*sim.Result
	for _, cs := range all {
		sm, err := simulate(c.Context, e, c, cs, s)
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
	srcs, err := readSources(c.Args().Slice())
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
		r.Verdict = strings.TrimSpace(r.Verdict + " " + dependsOn(x, r))
	}
	return nil
}

// finishRun prints and writes the results; an interrupted run prints what
// was finished, marked partial, and fails.
func finishRun(e *env, s settings, results []*sim.Result) error {
	if err := emit(e, s, results); err != nil {
		return err
	}
	if n := len(results); n > 0 && results[n-1].Partial {
		return &exitError{code: exitFailure, err: errInterrupted}
	}
	return nil
}

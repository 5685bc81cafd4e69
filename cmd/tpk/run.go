package main

import (
	"github.com/urfave/cli/v2"

	"tpk/sim"
)

func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "simulate scenarios and print a summary",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Flags:     runFlags(),
		Action: func(c *cli.Context) error {
			_, err := simulateAll(c, e)
			return err
		},
	}
}

// simulateAll compiles every scenario first (so bad input fails before any
// time is spent), runs them in order, prints and writes the results. An
// interrupted run prints what was finished, marked partial, and fails.
func simulateAll(c *cli.Context, e *env) ([]*sim.Result, error) {
	s, err := readSettings(c, e)
	if err != nil {
		return nil, err
	}
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
		res, err := simulate(c.Context, e, c, cs, s)
		if err != nil {
			return nil, err
		}
		if res.Expectations, err = sim.Evaluate(res, cs.sc.Expect); err != nil {
			return nil, err
		}
		results = append(results, res)
		if res.Partial {
			break
		}
	}
	if err := emit(e, s, results); err != nil {
		return nil, err
	}
	if n := len(results); n > 0 && results[n-1].Partial {
		return nil, &exitError{code: exitFailure, err: errInterrupted}
	}
	return results, nil
}

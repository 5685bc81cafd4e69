package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"
)

var errInterrupted = errors.New("interrupted; the results above are partial")

func checkCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "run scenarios and evaluate their expect: blocks (exit 1 when one fails)",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Flags:     runFlags(),
		Action: func(c *cli.Context) error {
			results, err := simulateAll(c, e)
			if err != nil {
				return err
			}
			failed, checked := 0, 0
			for _, r := range results {
				for _, x := range r.Expectations {
					checked++
					if !x.Pass {
						failed++
					}
				}
			}
			if checked == 0 {
				return usagef("no scenario has an expect: block; nothing to check")
			}
			if failed > 0 {
				return &exitError{code: exitExpect, err: fmt.Errorf("%d of %d expectations failed", failed, checked)}
			}
			return nil
		},
	}
}

package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
)

func reportCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "build one self-contained HTML page from saved results",
		ArgsUsage: "RESULT.json... --html FILE",
		Description: "Reads result files (as tpk run --format json, tpk check --out or tpk sweep --format json\n" +
			"write them: one result or an array) and writes one HTML page with each scenario's settings,\n" +
			"figures, expectations and plots; a sweep's table and plots come first. The page needs no\n" +
			"network (its plots are inline SVG, their font embedded once), reads on a phone and prints.\n" +
			"--html - writes it to standard output.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "html", Usage: "write the page to `FILE` (required; - for standard output)"},
		},
		Action: func(c *cli.Context) error {
			out := c.String("html")
			if out == "" {
				return usagef("report needs --html FILE, the page to write")
			}
			if c.NArg() == 0 {
				return usagef("report needs at least one result file (tpk run --format json writes one)")
			}
			var results []*sim.Result
			for _, f := range c.Args().Slice() {
				data, err := e.files.ReadFile(f)
				if err != nil {
					return &sim.InputError{File: f, Msg: "cannot read: " + errText(err)}
				}
				rs, err := sim.ReadResults(f, data)
				if err != nil {
					return err
				}
				results = append(results, rs...)
			}
			meanings := pathMeanings(results)
			if out == "-" {
				return reports.HTMLWithMeanings(e.stdout, results, meanings)
			}
			return writeFileAtomic(e.files, out, func(w io.Writer) error { return reports.HTMLWithMeanings(w, results, meanings) })
		},
	}
}

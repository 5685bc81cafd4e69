package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/systems"
)

func bestiaryCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "bestiary",
		Usage:     "list a system's built-in creatures and characters with their stats",
		ArgsUsage: "SYSTEM",
		Flags:     []cli.Flag{&cli.StringFlag{Name: "format", Value: "text", Usage: "text or json"}},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("usage: tpk bestiary SYSTEM; systems: %v", systems.IDs())
			}
			s, err := systems.Get(c.Args().First())
			if err != nil {
				return usagef("%v", err)
			}
			switch c.String("format") {
			case "json":
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(s.Bestiary())
			case "text":
				tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "id\tname\tkind\tstats")
				for _, cr := range s.Bestiary() {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", cr.ID, cr.Name, cr.Kind, cr.Summary)
				}
				return tw.Flush()
			}
			return usagef("--format: unknown format %q; allowed: text, json", c.String("format"))
		},
	}
}

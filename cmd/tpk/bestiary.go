package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/systems"
)

func bestiaryCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "bestiary",
		Usage:     "list a system's built-in creatures and characters with their stats",
		ArgsUsage: "SYSTEM",
		Flags:     []cli.Flag{formatFlag("bestiary", "")},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("usage: tpk bestiary SYSTEM; systems: %v", systems.IDs())
			}
			s, err := systems.Get(c.Args().First())
			if err != nil {
				return usagef("%v", err)
			}
			if err := checkFormat("bestiary", c.String("format")); err != nil {
				return err
			}
			return bestiaryWriters.write(e.stdout, c.String("format"), s.Bestiary())
		},
	}
}

// bestiaryWriters writes a system's built-in creatures in a --format.
var bestiaryWriters = writers[[]systems.Creature]{
	"text": func(w io.Writer, list []systems.Creature) error {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "id\tname\tkind\tstats")
		for _, cr := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", cr.ID, cr.Name, cr.Kind, cr.Summary)
		}
		return tw.Flush()
	},
	"json": func(w io.Writer, list []systems.Creature) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	},
}

package main

import (
	"fmt"
	"io/fs"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func examplesCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "examples",
		Usage:     "list the built-in examples, or print one as YAML",
		ArgsUsage: "[SYSTEM|SYSTEM/NAME]",
		Description: "Without an argument, every example with its name; with a system, that system's; with\n" +
			"SYSTEM/NAME, the example's YAML, to start a scenario from: tpk examples locus/duel > duel.yaml.\n" +
			"Any command that takes scenarios runs one as example:SYSTEM/NAME.",
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				return usagef("examples takes at most one name: a system or SYSTEM/NAME")
			}
			arg := strings.TrimSuffix(strings.TrimPrefix(c.Args().First(), examplePrefix), ".yaml")
			names := exampleList()
			if arg == "" || !strings.Contains(arg, "/") {
				if arg != "" {
					if _, err := systems.Get(arg); err != nil {
						return usagef("%v", err)
					}
				}
				tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
				for _, n := range names {
					if arg == "" || strings.HasPrefix(n, arg+"/") {
						fmt.Fprintf(tw, "%s\t%s\n", n, exampleTitle(n))
					}
				}
				return tw.Flush()
			}
			data, err := fs.ReadFile(examples.FS, arg+".yaml")
			if err != nil {
				return usagef("no built-in example %q; allowed: %s%s", arg, strings.Join(names, ", "), sim.DidYouMean(arg, names))
			}
			_, err = e.stdout.Write(data)
			return err
		},
	}
}

// exampleList names the built-in examples as SYSTEM/NAME, sorted.
func exampleList() []string {
	var out []string
	for _, n := range exampleNames() {
		out = append(out, strings.TrimPrefix(n, examplePrefix))
	}
	return out
}

// exampleTitle is the `name:` of the example SYSTEM/NAME, or "".
func exampleTitle(name string) string {
	data, err := fs.ReadFile(examples.FS, name+".yaml")
	if err != nil {
		return ""
	}
	var top struct {
		Name string `yaml:"name"`
	}
	if yaml.Unmarshal(data, &top) != nil {
		return ""
	}
	return top.Name
}

package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/systems"
)

// wantsHelp reports whether a command line that parses its own flags (tpk
// odds) asks for help, and returns the words before --help or -h.
func wantsHelp(argv []string) ([]string, bool) {
	for i, a := range argv {
		if a == "--" {
			return nil, false
		}
		if a == "--help" || a == "-h" || a == "-help" {
			return argv[:i], true
		}
	}
	return nil, false
}

// oddsHelp writes the help of `tpk odds`, of `tpk odds SYSTEM` (its checks)
// or of `tpk odds SYSTEM CHECK` (its flags with their allowed values and
// defaults, and its outcomes), depending on how many words come before
// --help.
func oddsHelp(w io.Writer, cmd *cli.Command, words []string) error {
	if len(words) == 0 {
		fmt.Fprintf(w, "NAME:\n   tpk odds - %s\n\nUSAGE:\n   tpk odds %s\n\nDESCRIPTION:\n   %s\n\nSYSTEMS (tpk odds SYSTEM --help lists the checks):\n",
			cmd.Usage, cmd.ArgsUsage, strings.ReplaceAll(cmd.Description, "\n", "\n   "))
		for _, id := range systems.IDs() {
			sys, _ := systems.Get(id)
			var names []string
			for _, ch := range sys.Checks() {
				names = append(names, ch.Name)
			}
			fmt.Fprintf(w, "   %-14s %s\n", id, strings.Join(names, ", "))
		}
		return nil
	}
	sys, err := systems.Get(words[0])
	if err != nil {
		return usagef("%v", err)
	}
	if len(words) == 1 {
		fmt.Fprintf(w, "USAGE:\n   tpk odds %s CHECK [flags]\n\nCHECKS (tpk odds %s CHECK --help lists the flags):\n", sys.ID(), sys.ID())
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, ch := range sys.Checks() {
			fmt.Fprintf(tw, "   %s\t%s\n", ch.Name, ch.Doc)
		}
		return tw.Flush()
	}
	var check *systems.Check
	for _, ch := range sys.Checks() {
		if ch.Name == words[1] {
			check = &ch
			break
		}
	}
	if check == nil {
		_, err := parseOdds(words[:2])
		return err
	}
	fmt.Fprintf(w, "NAME:\n   tpk odds %s %s - %s\n\nUSAGE:\n   tpk odds %s %s [flags]\n\nFLAGS:\n", sys.ID(), check.Name, check.Doc, sys.ID(), check.Name)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, p := range check.Params {
		arg := " N"
		switch p.Kind {
		case systems.BoolParam:
			arg = ""
		case systems.EnumParam:
			arg = " " + strings.Join(p.Values, "|")
		case systems.IntsParam:
			arg = " A,B,..."
		}
		def := " (required)"
		switch {
		case p.Default != "":
			def = " (default: " + p.Default + ")"
		case p.Kind == systems.BoolParam:
			def = ""
		}
		allowed := ""
		if p.Kind != systems.BoolParam {
			allowed = "; " + p.Allowed()
		}
		fmt.Fprintf(tw, "   --%s%s\t%s%s%s\n", p.Name, arg, p.Doc, allowed, def)
	}
	fmt.Fprintf(tw, "   --simulate N\talso draw the check N times with the kernel's own sampler (1 to 1000000000)\n")
	fmt.Fprintf(tw, "   --seed S\tseed of --simulate (default: %d)\n", defaultSeed)
	fmt.Fprintf(tw, "   --format %s\toutput format (default: text)\n", strings.Join(commandFormats["odds"], "|"))
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nOUTCOMES:\n   %s\n", strings.Join(check.Outcomes, ", "))
	return nil
}

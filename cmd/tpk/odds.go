package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func oddsCommand(e *env) *cli.Command {
	var cmd *cli.Command
	cmd = &cli.Command{
		Name:      "odds",
		Usage:     "exact probabilities of one check of a system (like AnyDice)",
		ArgsUsage: "SYSTEM CHECK [--PARAM VALUE...] [--simulate N] [--seed S] [--format " + strings.Join(commandFormats["odds"], "|") + "]",
		Description: "Prints the exact outcome probabilities of a system's primitive check. With --simulate N\n" +
			"the kernel's own sampler also draws the check N times, beside the exact answer.\n" +
			"`tpk systems SYSTEM` lists each system's checks and their parameters.",
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			if words, ok := wantsHelp(c.Args().Slice()); ok {
				return oddsHelp(e.stdout, cmd, words)
			}
			return odds(e, c.Args().Slice())
		},
	}
	return cmd
}

// oddsRequest is a parsed `tpk odds` command line.
type oddsRequest struct {
	sys      systems.System
	check    systems.Check
	args     systems.Args
	simulate int
	seed     uint64
	format   string
}

func parseOdds(argv []string) (*oddsRequest, error) {
	if len(argv) < 2 {
		return nil, usagef("usage: tpk odds SYSTEM CHECK [flags]; systems: %s", strings.Join(systems.IDs(), ", "))
	}
	sys, err := systems.Get(argv[0])
	if err != nil {
		return nil, usagef("%v", err)
	}
	var names []string
	req := &oddsRequest{sys: sys, args: systems.Args{}, seed: defaultSeed, format: "text"}
	found := false
	for _, ch := range sys.Checks() {
		names = append(names, ch.Name)
		if ch.Name == argv[1] {
			req.check, found = ch, true
		}
	}
	if !found {
		return nil, usagef("%s has no check %q; allowed: %s", sys.ID(), argv[1], strings.Join(names, ", "))
	}
	params := map[string]systems.Param{}
	for _, p := range req.check.Params {
		params[p.Name] = p
	}
	rest := argv[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			return nil, usagef("unexpected argument %q; flags start with --", a)
		}
		p, isParam := params[name]
		needsValue := !isParam || p.Kind != systems.BoolParam
		if needsValue && !hasValue {
			if i+1 >= len(rest) {
				return nil, usagef("--%s needs a value", name)
			}
			i++
			value = rest[i]
		}
		switch {
		case isParam:
			v, err := parseParam(p, value, hasValue)
			if err != nil {
				return nil, err
			}
			req.args[name] = v
		case name == "simulate":
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 || n > 1_000_000_000 {
				return nil, usagef("--simulate: expected a number of draws from 1 to 1000000000, found %q", value)
			}
			req.simulate = n
		case name == "seed":
			s, err := strconv.ParseUint(value, 10, 64)
			if err != nil {
				return nil, usagef("--seed: expected a whole number, found %q", value)
			}
			req.seed = s
		case name == "format":
			if err := checkFormat("odds", value); err != nil {
				return nil, err
			}
			req.format = value
		default:
			return nil, usagef("%s %s has no flag --%s; allowed: %s", sys.ID(), req.check.Name, name, paramList(req.check))
		}
	}
	if err := fillDefaults(req.check, req.args, sys.ID()); err != nil {
		return nil, err
	}
	return req, nil
}

// fillDefaults completes args as Check.Resolve does: a flag left out is
// off, a parameter with a default takes it, a required one is an error; so
// is any value the check's Params or Valid refuse.
func fillDefaults(ch systems.Check, args systems.Args, system string) error {
	full, err := ch.Resolve(args)
	if err != nil {
		return usagef("%s %v", system, err)
	}
	for k, v := range full {
		args[k] = v
	}
	return nil
}

func parseParam(p systems.Param, value string, explicit bool) (any, error) {
	v, err := p.Parse(value, explicit)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return v, nil
}

func paramList(ch systems.Check) string {
	var names []string
	for _, p := range ch.Params {
		names = append(names, "--"+p.Name)
	}
	return strings.Join(append(names, "--simulate", "--seed", "--format"), ", ")
}

// oddsOutcome is one line of the odds output.
type oddsOutcome struct {
	Name      string          `json:"name"`
	P         float64         `json:"p"`
	Simulated *sim.Proportion `json:"simulated,omitempty"`
}

type oddsReport struct {
	System   string         `json:"system"`
	Check    string         `json:"check"`
	Params   map[string]any `json:"params"`
	Seed     *uint64        `json:"seed,omitempty"`
	Outcomes []oddsOutcome  `json:"outcomes"`
}

func odds(e *env, argv []string) error {
	req, err := parseOdds(argv)
	if err != nil {
		return err
	}
	probs, err := req.check.Exact(req.args)
	if err != nil {
		return usagef("%v", err)
	}
	rep := oddsReport{System: req.sys.ID(), Check: req.check.Name, Params: map[string]any(req.args)}
	for i, name := range req.check.Outcomes {
		rep.Outcomes = append(rep.Outcomes, oddsOutcome{Name: name, P: probs[i]})
	}
	if req.simulate > 0 {
		counts := make([]int64, len(probs))
		r := sim.NewRand(req.seed, 0)
		for i := 0; i < req.simulate; i++ {
			counts[req.check.Sample(req.args, r)]++
		}
		for i := range rep.Outcomes {
			lo, hi := sim.Wilson(counts[i], int64(req.simulate))
			rep.Outcomes[i].Simulated = &sim.Proportion{P: float64(counts[i]) / float64(req.simulate),
				CI95: [2]float64{lo, hi}, N: int64(req.simulate), Events: counts[i]}
		}
		rep.Seed = &req.seed
	}
	return oddsWriters.write(e.stdout, req.format, oddsView{req, rep})
}

// oddsView is a check's odds with the request that asked for them.
type oddsView struct {
	req *oddsRequest
	rep oddsReport
}

// oddsWriters writes a check's odds in a --format.
var oddsWriters = writers[oddsView]{
	"text": writeOddsText,
	"json": func(w io.Writer, v oddsView) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v.rep)
	},
}

func writeOddsText(w io.Writer, v oddsView) error {
	req, rep := v.req, v.rep
	var params []string
	for _, p := range req.check.Params {
		params = append(params, fmt.Sprintf("%s=%v", p.Name, formatArg(req.args[p.Name])))
	}
	fmt.Fprintf(w, "%s %s: %s\n", rep.System, rep.Check, strings.Join(params, " "))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if req.simulate == 0 {
		fmt.Fprintln(tw, "outcome\texact")
		for _, o := range rep.Outcomes {
			fmt.Fprintf(tw, "%s\t%.6f\n", o.Name, o.P)
		}
		return tw.Flush()
	}
	fmt.Fprintf(tw, "outcome\texact\tsimulated (n=%d, seed %d)\t95%% interval\tz\n", req.simulate, req.seed)
	for _, o := range rep.Outcomes {
		s := o.Simulated
		se := math.Sqrt(o.P * (1 - o.P) / float64(s.N))
		z := 0.0
		if se > 0 {
			z = (s.P - o.P) / se
		}
		fmt.Fprintf(tw, "%s\t%.6f\t%.6f\t[%.6f, %.6f]\t%+.2f\n", o.Name, o.P, s.P, s.CI95[0], s.CI95[1], z)
	}
	return tw.Flush()
}

func formatArg(v any) string {
	if xs, ok := v.([]int); ok {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(x)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

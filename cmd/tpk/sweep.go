package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/shard"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// maxVariants caps a sweep: a typo such as 1..1000 should not start hours
// of work.
const maxVariants = 400

func sweepCommand(e *env) *cli.Command {
	flags := append(runFlags("sweep"),
		&cli.StringSliceFlag{Name: "vary", Usage: "a parameter and its values, `PATH=VALUES`: foes[0].attack=1,2,3 or 1..5, party.size=1..4, options.L-3=dice,ignore (once or twice)"},
		&cli.StringSliceFlag{Name: "metric", Usage: "a metric to tabulate and plot (repeat it; default: the headline ones)"},
	)
	return &cli.Command{
		Name:      "sweep",
		Usage:     "vary one or two parameters of a scenario; table and plots",
		ArgsUsage: "FILE|example:NAME --vary PATH=VALUES [--vary PATH=VALUES]",
		Description: "Plays the scenario once per value (per pair of values with two --vary), every variant\n" +
			"with the same seed: encounter k of every variant draws the same random numbers, so\n" +
			"differences between variants come from the parameter, not from luck (common random\n" +
			"numbers). PATH names a value of the scenario file: keys joined by dots, list items as [i]\n" +
			"from 0 (foes[0].attack, party[1].attributes.clumsiness, options.L-3, scene.distance);\n" +
			"LIST.size sets a list's length (party.size=1..4 repeats the party list from the top).\n" +
			"One parameter gives a line plot with 95% bands, two a heat map.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			s, err := readSettings(c, e)
			if err != nil {
				return err
			}
			if c.NArg() != 1 {
				return usagef("sweep takes exactly one scenario file")
			}
			params, err := parseVary(c.StringSlice("vary"))
			if err != nil {
				return err
			}
			srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
			if err != nil {
				return err
			}
			if len(srcs) != 1 {
				return usagef("sweep takes exactly one scenario file, not a directory")
			}
			sw := &reports.Sweep{Params: params}
			n := sw.Variants()
			if n > maxVariants {
				return usagef("--vary: %d variants; at most %d are allowed", n, maxVariants)
			}
			// Compile every variant first: bad input fails before any time is spent.
			variants := make([]*systems.Compiled, n)
			for k := range n {
				if variants[k], err = compileVariant(srcs[0].file, srcs[0].data, sw.Variant(k)); err != nil {
					return err
				}
			}
			if sh, ok, err := shardAsked(c); err != nil {
				return err
			} else if ok {
				parts := make([]shard.Part, n)
				for k, cs := range variants {
					if parts[k], err = playShard(c, e, s, cs, srcs[0], sw.Variant(k), sh); err != nil {
						return err
					}
				}
				return writePartial(e, s, "sweep", sh, parts)
			}
			metrics, err := sweepMetrics(c.StringSlice("metric"), variants[0])
			if err != nil {
				return err
			}
			if err := playSweep(c, e, s, sw, variants); err != nil {
				return err
			}
			if metrics == nil {
				metrics = reports.DefaultSweepMetrics(sw)
			}
			sw.Meanings = pathMeanings(sw.Results)
			if !s.quiet {
				if err := sweepWriters.write(e.stdout, s.format, sweepView{sw, metrics}); err != nil {
					return err
				}
			}
			if s.out != "" {
				return writeSweep(e.files, s.out, sw, metrics)
			}
			return nil
		},
	}
}

// compileVariant compiles the scenario file with a sweep's variant set
// in it (none: as written).
func compileVariant(file string, data []byte, variant []sim.Assignment) (*systems.Compiled, error) {
	root, err := sim.ParseScenarioYAML(file, data)
	if err != nil {
		return nil, err
	}
	for _, a := range variant {
		p, err := sim.ParsePath(a.Path)
		if err == nil {
			err = sim.SetPath(file, root, p, a.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	cs, err := systems.CompileNode(file, root)
	if err != nil && len(variant) > 0 {
		return nil, fmt.Errorf("with %s: %w", sim.VariantLabel(variant), err)
	}
	return cs, err
}

// playSweep plays every variant into sw.Results; an interrupted sweep
// prints the variants it finished and exits 3.
func playSweep(c *cli.Context, e *env, s settings, sw *reports.Sweep, variants []*systems.Compiled) error {
	for k, cs := range variants {
		sm, err := simulate(c.Context, e, c, cs, s)
		if err != nil {
			return err
		}
		res, err := sm.result()
		if err != nil {
			return err
		}
		res.Variant = sw.Variant(k)
		sw.Results = append(sw.Results, res)
		if res.Partial {
			if err := printResults(e.stdout, s.format, sw.Results); err != nil {
				return err
			}
			return &exitError{code: exitFailure, err: errInterrupted}
		}
	}
	return nil
}

// parseVary reads the --vary flags: PATH=V1,V2,... or PATH=A..B (whole
// numbers from A to B).
func parseVary(flags []string) ([]reports.SweepParam, error) {
	if len(flags) == 0 || len(flags) > 2 {
		return nil, usagef("sweep needs one or two --vary PATH=VALUES (for example --vary foes[0].attack=1,2,3)")
	}
	var out []reports.SweepParam
	for _, f := range flags {
		path, vals, ok := strings.Cut(f, "=")
		if !ok || strings.TrimSpace(vals) == "" {
			return nil, usagef("--vary %q: expected PATH=VALUES, e.g. foes[0].attack=1,2,3 or party.size=1..4", f)
		}
		if _, err := sim.ParsePath(path); err != nil {
			return nil, usagef("--vary: %v", err)
		}
		p := reports.SweepParam{Path: strings.TrimSpace(path)}
		if lo, hi, isRange := strings.Cut(vals, ".."); isRange && !strings.Contains(vals, ",") {
			a, err1 := strconv.Atoi(strings.TrimSpace(lo))
			b, err2 := strconv.Atoi(strings.TrimSpace(hi))
			if err1 != nil || err2 != nil || a > b {
				return nil, usagef("--vary %q: a range is two whole numbers, low first, e.g. 1..5", f)
			}
			if b-a >= maxVariants {
				return nil, usagef("--vary %q: %d values; at most %d are allowed", f, b-a+1, maxVariants)
			}
			for v := a; v <= b; v++ {
				p.Values = append(p.Values, strconv.Itoa(v))
			}
		} else {
			for _, v := range strings.Split(vals, ",") {
				v = strings.TrimSpace(v)
				if v == "" {
					return nil, usagef("--vary %q: an empty value", f)
				}
				if slices.Contains(p.Values, v) {
					return nil, usagef("--vary %q: the value %q appears twice", f, v)
				}
				p.Values = append(p.Values, v)
			}
		}
		for _, q := range out {
			if q.Path == p.Path {
				return nil, usagef("--vary: %s is given twice", p.Path)
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// sweepMetrics checks the --metric names against the scenario's metrics;
// nil means the defaults.
func sweepMetrics(names []string, cs *systems.Compiled) ([]string, error) {
	if len(names) == 0 {
		return nil, nil
	}
	schema := cs.Build.Model.Schema()
	var all []string
	for _, m := range schema.Metrics {
		all = append(all, m.Name)
	}
	for _, n := range names {
		if schema.Index(n) < 0 {
			return nil, usagef("--metric: unknown metric %q; allowed: %s", n, strings.Join(all, ", "))
		}
	}
	return names, nil
}

// sweepView is a sweep with the metrics its table shows.
type sweepView struct {
	sw      *reports.Sweep
	metrics []string
}

// sweepWriters writes a sweep in a --format: the table (text, markdown),
// one CSV row per variant and metric, or the results as a JSON array (each
// with its variant; tpk report draws the sweep from it).
var sweepWriters = writers[sweepView]{
	"text":     func(w io.Writer, v sweepView) error { return reports.SweepText(w, v.sw, v.metrics) },
	"json":     func(w io.Writer, v sweepView) error { return reports.JSON(w, v.sw.Results) },
	"markdown": func(w io.Writer, v sweepView) error { return reports.SweepMarkdown(w, v.sw, v.metrics) },
	"csv":      func(w io.Writer, v sweepView) error { return reports.CSV(w, v.sw.Results) },
}

// writeSweep writes sweep.txt, sweep.md, sweep.csv, sweep.json, the plots
// (sweep-*.png and .svg) and report.html into dir.
func writeSweep(fsys fileSystem, dir string, sw *reports.Sweep, metrics []string) error {
	if err := prepareDir(fsys, dir); err != nil {
		return err
	}
	base := filepath.Join(dir, "sweep")
	if err := sweepWriters.writeFiles(fsys, base, sweepView{sw, metrics}); err != nil {
		return err
	}
	charts, err := reports.SweepCharts(sw, metrics)
	if err != nil {
		return err
	}
	if err := writeCharts(fsys, dir+string(filepath.Separator), charts); err != nil {
		return err
	}
	return writeFileAtomic(fsys, filepath.Join(dir, "report.html"), func(w io.Writer) error {
		return reports.HTMLWithMeanings(w, sw.Results, sw.Meanings)
	})
}

// pathMeanings says what the options that the results' variants set mean,
// from their systems' options tables: "options.L-3" is "injury floors and
// Blinded in contested checks (locus's options table; default ignore)".
func pathMeanings(results []*sim.Result) map[string]string {
	out := map[string]string{}
	for _, r := range results {
		sys, err := systems.Get(r.Scenario.System)
		if err != nil {
			continue
		}
		for _, a := range r.Variant {
			id, ok := strings.CutPrefix(a.Path, "options.")
			if !ok || out[a.Path] != "" {
				continue
			}
			for _, o := range sys.Options() {
				if o.ID == id {
					out[a.Path] = fmt.Sprintf("%s (%s's options table; default %s)", reports.OptionQuestion(o.Doc), sys.ID(), o.Default)
				}
			}
		}
	}
	return out
}

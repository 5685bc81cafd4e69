package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// The defaults of an explanation: each effect on the ranking figure is
// measured to ±0.01, no change plays more than 100,000 encounters.
const (
	defaultExplainPrecision = 0.01
	defaultExplainMax       = 100_000
)

func explainCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "what the answer depends on: every reading and tactic, one at a time",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Description: "Plays the scenario as written, then each single change on its own: every other value of\n" +
			"every option the file does not set, every other party strategy, every other foe strategy,\n" +
			"and every other strategy of a combatant whose entry names one. All on common random\n" +
			"numbers: encounter k of every change draws what encounter k of the scenario drew, and each\n" +
			"change's effect is measured from those pairs. The changes are played in stages (2,000\n" +
			"encounters, then doubling): one whose interval shows it cannot move the ranking figure by\n" +
			"more than --precision is dropped, one measured to --precision stops. Each effect on a\n" +
			"headline figure comes with its 95% interval and whether it survives Holm's correction over\n" +
			"every effect measured.",
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Usage: "run seed (default: the scenario's `seed:`, else 1)"},
			&cli.StringFlag{Name: "metric", Usage: "the figure to rank the changes by (default: the verdict's, e.g. any_death)"},
			&cli.Float64Flag{Name: "precision", Value: defaultExplainPrecision, Usage: "measure each effect on the ranking figure to this 95% half-width `P`"},
			&cli.IntFlag{Name: "max-trials", Value: defaultExplainMax, Usage: "the most encounters any change plays"},
			&cli.IntFlag{Name: "workers", Usage: "worker goroutines (default: all cores)"},
			formatFlag("explain", ""),
			&cli.StringFlag{Name: "out", Usage: "also write NAME-explain.json, .txt, .md, the tornado plot (PNG and SVG) and report.html into `DIR`"},
			&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if err := checkFormat("explain", format); err != nil {
				return err
			}
			opts, err := readExplainOptions(c, e)
			if err != nil {
				return err
			}
			srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
			if err != nil {
				return err
			}
			var xs []*reports.Explanation
			for _, src := range srcs {
				x, err := explainSource(c, e, src, opts)
				if err != nil {
					return err
				}
				xs = append(xs, x)
			}
			if !c.Bool("quiet") {
				if err := explainWriters.write(e.stdout, format, xs); err != nil {
					return err
				}
			}
			if dir := c.String("out"); dir != "" {
				return writeExplanations(e.files, dir, xs)
			}
			return nil
		},
	}
}

// explainOptions are explain's flags after validation.
type explainOptions struct {
	metric    string
	precision float64
	maxTrials int64
	workers   int
	quiet     bool
}

func readExplainOptions(c *cli.Context, e *env) (explainOptions, error) {
	o := explainOptions{metric: c.String("metric"), precision: c.Float64("precision"),
		maxTrials: int64(c.Int("max-trials")), workers: c.Int("workers"), quiet: c.Bool("quiet")}
	if !(o.precision > 0 && o.precision < 0.5) {
		return o, usagef("--precision must be between 0 and 0.5 (a half-width, e.g. 0.01)")
	}
	if o.maxTrials < 1 {
		return o, usagef("--max-trials must be at least 1")
	}
	if c.IsSet("workers") && o.workers < 1 {
		return o, usagef("--workers must be at least 1")
	}
	if o.workers == 0 {
		o.workers = e.cpus
	}
	return o, nil
}

// explainMetrics returns the figure to rank by and the figures whose
// effects are measured: the headline probabilities the options leave
// applicable, with the ranking one.
func explainMetrics(schema *sim.Schema, asked string) (string, []string, error) {
	var tracked []string
	for _, m := range schema.Metrics {
		if m.Headline && m.Kind == sim.Prob && m.NA == "" {
			tracked = append(tracked, m.Name)
		}
	}
	metric := asked
	if metric == "" {
		metric = verdictMetric(schema)
	}
	i := schema.Index(metric)
	switch {
	case i < 0:
		var names []string
		for _, m := range schema.Metrics {
			if m.NA == "" {
				names = append(names, m.Name)
			}
		}
		return "", nil, usagef("--metric: unknown metric %q; allowed: %s", metric, strings.Join(names, ", "))
	case schema.Metrics[i].NA != "":
		return "", nil, usagef("--metric: %s is not applicable here (%s)", metric, schema.Metrics[i].NA)
	}
	if !slices.Contains(tracked, metric) {
		tracked = append(tracked, metric)
	}
	return metric, tracked, nil
}

// verdictMetric is the figure the system's verdict is about, or defeat when
// that is n/a.
func verdictMetric(schema *sim.Schema) string {
	rule := sim.DefaultVerdict
	if schema.Verdict != nil {
		rule = *schema.Verdict
	}
	if i := schema.Index(rule.Metric); i >= 0 && schema.Metrics[i].NA == "" {
		return rule.Metric
	}
	return "defeat"
}

// explainSource explains one scenario file.
func explainSource(c *cli.Context, e *env, src source, o explainOptions) (*reports.Explanation, error) {
	base, err := compileSource(src)
	if err != nil {
		return nil, err
	}
	schema := base.Build.Model.Schema()
	metric, tracked, err := explainMetrics(schema, o.metric)
	if err != nil {
		return nil, err
	}
	changes := base.Changes()
	models := make([]sim.Model, 0, len(changes))
	var played []reports.ChangeEffects
	var refused []reports.ChangeEffects
	for _, ch := range changes {
		cs, err := systems.CompileChange(src.file, src.data, ch)
		if err != nil {
			// A change this scenario cannot take (a strategy for another
			// kind of combatant, a reading its creatures lack).
			ce := changeEffects(ch)
			ce.Status = sim.StatusNA
			ce.Reason = "the scenario cannot take it: " + err.Error()
			refused = append(refused, ce)
			continue
		}
		models = append(models, cs.Build.Model)
		played = append(played, changeEffects(ch))
	}
	cfg := runConfig(c, base.Scenario, o.workers)
	name := base.Scenario.Name
	start := e.now()
	ex, err := sim.Explain(c.Context, base.Build.Model, models, sim.ExplainConfig{
		Seed: cfg.Seed, Workers: o.workers, Metric: metric, Tracked: tracked,
		Precision: o.precision, MaxTrials: o.maxTrials,
		Stage: func(stage int, n int64, active int, done *atomic.Int64) func() {
			label := fmt.Sprintf("%s: stage %d, %d changes in play", name, stage, active)
			return startProgress(e, o.quiet, label, done, &sim.RunConfig{Trials: int(n)})
		},
	})
	if errors.Is(err, context.Canceled) {
		return nil, &exitError{code: exitFailure, err: errors.New("interrupted; nothing was explained")}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.file, err)
	}
	sm := &simulation{cs: base, cfg: cfg, out: ex.Base, elapsed: e.now().Sub(start)}
	res, err := sm.result()
	if err != nil {
		return nil, err
	}
	return reports.NewExplanation(res, metric, o.precision, tracked, ex, played, refused), nil
}

// changeEffects is change ch as an explanation lists it, before it is played.
func changeEffects(ch systems.Change) reports.ChangeEffects {
	return reports.ChangeEffects{Kind: ch.Kind, Change: ch.String(), ID: ch.ID, Value: ch.Value, Doc: ch.Doc}
}

// explainWriters writes explanations in a --format.
var explainWriters = writers[[]*reports.Explanation]{
	"text": reports.ExplainText, "json": reports.ExplainJSON, "markdown": reports.ExplainMarkdown,
}

// writeExplanations writes into dir, for every explanation,
// NAME-explain.json, .txt and .md and its tornado plot as PNG and SVG, then
// report.html. Each file is written whole or not at all.
func writeExplanations(fsys fileSystem, dir string, xs []*reports.Explanation) error {
	if err := fsys.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	results := make([]*sim.Result, len(xs))
	for i, x := range xs {
		results[i] = x.Result
	}
	for i, stem := range stems(results) {
		base := filepath.Join(dir, stem+"-explain")
		one := xs[i : i+1]
		if err := explainWriters.writeFiles(fsys, base, one); err != nil {
			return err
		}
		if c, err := reports.TornadoChart(xs[i]); err == nil {
			if err := writeCharts(fsys, filepath.Join(dir, stem+"-"), []*reports.Chart{c}); err != nil {
				return err
			}
		}
	}
	return writeFileAtomic(fsys, filepath.Join(dir, "report.html"), func(w io.Writer) error { return reports.ExplainHTML(w, xs) })
}

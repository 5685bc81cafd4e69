package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"tpk/reports"
	"tpk/sim"
)

// defaultTrials is used when neither the flags nor the scenario say how many
// encounters to play.
const defaultTrials = 100_000

// defaultSeed is used when neither the flags nor the scenario give a seed:
// runs are reproducible unless asked otherwise.
const defaultSeed = 1

// runFlags are the flags shared by the commands that simulate.
func runFlags() []cli.Flag {
	return []cli.Flag{
		&cli.Uint64Flag{Name: "seed", Usage: "run seed (default: the scenario's `seed:`, else 1)"},
		&cli.IntFlag{Name: "trials", Usage: "encounters to play (default: the scenario's, else 100000)"},
		&cli.Float64Flag{Name: "precision", Usage: "play until every headline probability's 95% interval half-width is at most `P`"},
		&cli.IntFlag{Name: "max-trials", Usage: "cap for --precision (default 10000000)"},
		&cli.IntFlag{Name: "workers", Usage: "worker goroutines (default: all cores)"},
		&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json, markdown or csv"},
		&cli.StringFlag{Name: "out", Usage: "also write every format, the plots (PNG and SVG) and report.html into `DIR`"},
		&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
	}
}

var formats = []string{"text", "json", "markdown", "csv"}

// settings are the run flags after validation.
type settings struct {
	format  string
	out     string
	quiet   bool
	workers int
}

func readSettings(c *cli.Context, e *env) (settings, error) {
	s := settings{format: c.String("format"), out: c.String("out"), quiet: c.Bool("quiet"), workers: c.Int("workers")}
	if !contains(formats, s.format) {
		return s, usagef("--format: unknown format %q; allowed: %s", s.format, strings.Join(formats, ", "))
	}
	if c.IsSet("workers") && s.workers < 1 {
		return s, usagef("--workers must be at least 1")
	}
	if s.workers == 0 {
		s.workers = e.cpus
	}
	if c.IsSet("trials") && c.Int("trials") < 1 {
		return s, usagef("--trials must be at least 1")
	}
	if p := c.Float64("precision"); c.IsSet("precision") && (p <= 0 || p >= 0.5) {
		return s, usagef("--precision must be between 0 and 0.5 (a half-width, e.g. 0.005)")
	}
	if c.IsSet("trials") && c.IsSet("precision") {
		return s, usagef("give either --trials or --precision, not both")
	}
	if c.IsSet("max-trials") && c.Int("max-trials") < 1 {
		return s, usagef("--max-trials must be at least 1")
	}
	return s, nil
}

// runConfig merges the flags over the scenario's own settings.
func runConfig(c *cli.Context, sc *sim.Scenario, workers int) sim.RunConfig {
	cfg := sim.RunConfig{Seed: defaultSeed, Workers: workers, Trials: sc.Trials, Precision: sc.Precision, MaxTrials: sc.MaxTrials}
	if sc.HasSeed {
		cfg.Seed = sc.Seed
	}
	if c.IsSet("seed") {
		cfg.Seed = c.Uint64("seed")
	}
	if c.IsSet("trials") {
		cfg.Trials, cfg.Precision = c.Int("trials"), 0
	}
	if c.IsSet("precision") {
		cfg.Trials, cfg.Precision = 0, c.Float64("precision")
	}
	if c.IsSet("max-trials") {
		cfg.MaxTrials = c.Int("max-trials")
	}
	if cfg.Trials == 0 && cfg.Precision == 0 {
		cfg.Trials = defaultTrials
	}
	return cfg
}

// simulation is one scenario's run so far: enough to build its result and
// to run it on (check).
type simulation struct {
	cs      *compiled
	cfg     sim.RunConfig
	out     *sim.Outcome
	elapsed time.Duration // wall time, by the env's clock
}

// simulate runs one compiled scenario.
func simulate(ctx context.Context, e *env, c *cli.Context, cs *compiled, s settings) (*simulation, error) {
	cfg := runConfig(c, cs.sc, s.workers)
	var done atomic.Int64
	cfg.Progress = &done
	stopBar := startProgress(e, s.quiet, cs.sc.Name, &done, cfg)
	start := e.now()
	out, err := sim.Run(ctx, cs.build.Model, cfg)
	stopBar()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cs.sc.Doc.File, err)
	}
	return &simulation{cs: cs, cfg: cfg, out: out, elapsed: e.now().Sub(start)}, nil
}

// runOn plays the scenario on to trials encounters in all; the outcome is
// the same as that of a run of that many encounters from the start.
func (sm *simulation) runOn(ctx context.Context, e *env, s settings, trials int64) error {
	cfg := sm.cfg
	cfg.Trials, cfg.Precision = int(trials), 0
	var done atomic.Int64
	done.Store(sm.out.Trials)
	cfg.Progress = &done
	stopBar := startProgress(e, s.quiet, sm.cs.sc.Name+" (running on)", &done, cfg)
	start := e.now()
	out, err := sim.Continue(ctx, sm.cs.build.Model, cfg, sm.out)
	stopBar()
	if err != nil {
		return fmt.Errorf("%s: %w", sm.cs.sc.Doc.File, err)
	}
	sm.out = out
	sm.elapsed += e.now().Sub(start)
	return nil
}

// result builds the run's result, with the scenario's expectations
// evaluated.
func (sm *simulation) result() (*sim.Result, error) {
	cs := sm.cs
	strategies := map[string]string{}
	for side, name := range cs.build.Strategies {
		strategies[string(side)] = name
	}
	res := sm.out.Result(cs.build.Model.Schema(), sim.RunInfo{
		Name: cs.sc.Name, File: cs.sc.Doc.File, System: cs.sc.System, Version: version,
		Seed: sm.cfg.Seed, Strategies: strategies, Options: cs.build.Options,
	})
	res.ElapsedS = sm.elapsed.Seconds()
	res.Warnings = append(res.Warnings, cs.build.Warnings...)
	res.OptionsSet = cs.build.Options.Keys()[:0]
	for id := range cs.sc.Options {
		res.OptionsSet = append(res.OptionsSet, id)
	}
	sim.SortOptionIDs(res.OptionsSet)
	var err error
	res.Expectations, err = sim.Evaluate(res, cs.sc.Expect)
	return res, err
}

// startProgress draws a progress bar on stderr while a run goes on, only
// when stderr is a terminal. It returns the function that stops it.
func startProgress(e *env, quiet bool, name string, done *atomic.Int64, cfg sim.RunConfig) func() {
	if quiet || !e.stderrIsTTY {
		return func() {}
	}
	total := int64(cfg.Trials)
	if cfg.Precision > 0 {
		total = int64(cfg.MaxTrials)
		if total == 0 {
			total = sim.DefaultMaxTrials
		}
	}
	draw := func() {
		n := done.Load()
		filled := int(30 * float64(n) / float64(total))
		bar := strings.Repeat("=", filled) + strings.Repeat(" ", 30-filled)
		label := fmt.Sprintf("%d/%d", n, total)
		if cfg.Precision > 0 {
			label = fmt.Sprintf("%d (until ±%g, at most %d)", n, cfg.Precision, total)
		}
		fmt.Fprintf(e.stderr, "\r\033[K%s [%s] %s", name, bar, label)
	}
	draw()
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				fmt.Fprintf(e.stderr, "\r\033[K")
				return
			case <-tick.C:
				draw()
			}
		}
	}()
	return func() { close(stop); <-finished }
}

// printResults writes results to w in a --format.
func printResults(w io.Writer, format string, results []*sim.Result) error {
	switch format {
	case "json":
		return reports.JSON(w, results)
	case "markdown":
		return reports.Markdown(w, results)
	case "csv":
		return reports.CSV(w, results)
	}
	return reports.Text(w, results)
}

// emit prints results in the chosen format and writes them into --out.
func emit(e *env, s settings, results []*sim.Result) error {
	if !s.quiet {
		if err := printResults(e.stdout, s.format, results); err != nil {
			return err
		}
	}
	if s.out == "" {
		return nil
	}
	return writeOut(s.out, results)
}

// writeOut writes into dir, for every result, NAME.json, NAME.txt, NAME.md,
// NAME.csv and each plot as NAME-KIND.png and NAME-KIND.svg, then
// report.html for all of them. Each file is written whole or not at all.
func writeOut(dir string, results []*sim.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	names := stems(results)
	for i, r := range results {
		base := filepath.Join(dir, names[i])
		one := []*sim.Result{r}
		for _, f := range []struct {
			ext   string
			write func(io.Writer, []*sim.Result) error
		}{{".json", reports.JSON}, {".txt", reports.Text}, {".md", reports.Markdown}, {".csv", reports.CSV}} {
			if err := writeFileAtomic(base+f.ext, func(w *os.File) error { return f.write(w, one) }); err != nil {
				return err
			}
		}
		charts, err := reports.Charts(r)
		if err != nil {
			return err
		}
		if err := writeCharts(base+"-", charts); err != nil {
			return err
		}
	}
	return writeFileAtomic(filepath.Join(dir, "report.html"), func(w *os.File) error { return reports.HTML(w, results) })
}

// writeCharts writes each chart as PREFIX+NAME.png and .svg.
func writeCharts(prefix string, charts []*reports.Chart) error {
	for _, c := range charts {
		for _, format := range []string{"png", "svg"} {
			if err := writeFileAtomic(prefix+c.Name+"."+format, func(w *os.File) error {
				return reports.Render(w, c, format)
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// stems gives each result a file name stem from its scenario name, numbered
// when two results share a name.
func stems(results []*sim.Result) []string {
	out := make([]string, len(results))
	seen := map[string]int{}
	for i, r := range results {
		s := reports.Slug(r.Scenario.Name)
		seen[s]++
		if n := seen[s]; n > 1 {
			s = fmt.Sprintf("%s-%d", s, n)
		}
		out[i] = s
	}
	return out
}

// writeFileAtomic writes a file whole or not at all: into a temporary file
// beside it, renamed over the target only when everything was written.
func writeFileAtomic(name string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

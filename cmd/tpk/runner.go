package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// defaultTrials is used when neither the flags nor the scenario say how many
// encounters to play.
const defaultTrials = 100_000

// defaultSeed is used when neither the flags nor the scenario give a seed:
// runs are reproducible unless asked otherwise.
const defaultSeed = 1

// runFlags are the flags shared by the commands that simulate, for command.
func runFlags(command string) []cli.Flag {
	return []cli.Flag{
		&cli.Uint64Flag{Name: "seed", Usage: "run seed (default: the scenario's `seed:`, else 1)"},
		&cli.IntFlag{Name: "trials", Usage: "encounters to play (default: the scenario's, else 100000)"},
		&cli.Float64Flag{Name: "precision", Usage: "play until every headline probability's 95% interval reaches at most `P` from the estimate on either side (default: off, --trials decides)"},
		&cli.IntFlag{Name: "max-trials", Usage: "cap for --precision (default 10000000)"},
		&cli.IntFlag{Name: "workers", Usage: "worker goroutines (default: all cores)"},
		formatFlag(command, ""),
		&cli.StringFlag{Name: "out", Usage: "also write every format, the plots (PNG and SVG) and report.html into `DIR`"},
		&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
		shardFlag(),
	}
}

// saveBaselineFlag is the flag of run and check that writes a baseline.
var saveBaselineFlag = &cli.StringFlag{Name: "save-baseline",
	Usage: "also write the figures as a baseline for a later --baseline to `FILE`: without elapsed time, workers, expectations or notes, so that identical runs write identical files"}

// settings are the run flags after validation.
type settings struct {
	format  string
	out     string
	save    string // --save-baseline
	quiet   bool
	workers int
}

func readSettings(c *cli.Context, e *env) (settings, error) {
	s := settings{format: c.String("format"), out: c.String("out"), quiet: c.Bool("quiet"), workers: c.Int("workers"), save: c.String("save-baseline")}
	if err := checkFormat(c.Command.Name, s.format); err != nil {
		return s, err
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
	cs      *systems.Compiled
	cfg     sim.RunConfig
	out     *sim.Outcome
	elapsed time.Duration // wall time, by the env's clock
}

// simulate runs one compiled scenario.
func simulate(ctx context.Context, e *env, c *cli.Context, cs *systems.Compiled, s settings) (*simulation, error) {
	return simulateWith(ctx, e, s, cs, runConfig(c, cs.Scenario, s.workers))
}

// simulateWith runs one compiled scenario with cfg.
func simulateWith(ctx context.Context, e *env, s settings, cs *systems.Compiled, cfg sim.RunConfig) (*simulation, error) {
	var done atomic.Int64
	cfg.Progress = &done
	stopBar := startProgress(e, s.quiet, cs.Scenario.Name, &done, &cfg)
	start := e.now()
	out, err := sim.Run(ctx, cs.Build.Model, cfg)
	stopBar()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cs.Scenario.Doc.File, err)
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
	stopBar := startProgress(e, s.quiet, sm.cs.Scenario.Name+" (running on)", &done, &cfg)
	start := e.now()
	out, err := sim.Continue(ctx, sm.cs.Build.Model, cfg, sm.out)
	stopBar()
	if err != nil {
		return fmt.Errorf("%s: %w", sm.cs.Scenario.Doc.File, err)
	}
	sm.out = out
	sm.elapsed += e.now().Sub(start)
	return nil
}

// result builds the run's result, with the scenario's expectations
// evaluated by their figures' 95% intervals.
func (sm *simulation) result() (*sim.Result, error) { return sm.resultAt(0.05) }

// resultAt builds the run's result with the expectations judged by their
// figures' intervals of confidence 1 - alpha (a look of check).
func (sm *simulation) resultAt(alpha float64) (*sim.Result, error) {
	return sm.cs.Result(sm.out, sm.cfg.Seed, version, sm.elapsed, alpha)
}

// startProgress draws a progress bar on stderr while a run goes on, only
// when stderr is a terminal. It returns the function that stops it.
//
// The bar is schollz/progressbar's: one line redrawn in place (never a new
// line per update), fitted to the terminal's width, with the percentage,
// the rate and the time left. A run to --trials counts encounters; a run to
// --precision shows how far its widest headline interval still reaches
// (±0.0123 → ±0.005) and, as its share of the way, (target/reach)², since
// the reach shrinks as one over the square root of the encounters.
func startProgress(e *env, quiet bool, name string, done *atomic.Int64, cfg *sim.RunConfig) func() {
	if quiet || !e.stderrIsTTY {
		return func() {}
	}
	const steps = 1000 // the precision bar's scale: thousandths of the way
	total := int64(cfg.Trials)
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription(name),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish(),
	}
	if cfg.Precision > 0 {
		total = steps
		cfg.Reach = new(atomic.Uint64)
	} else {
		opts = append(opts, progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("enc"))
	}
	bar := progressbar.NewOptions64(total, opts...)
	update := func() {
		if cfg.Precision == 0 {
			_ = bar.Set64(done.Load())
			return
		}
		reach := math.Float64frombits(cfg.Reach.Load())
		if reach <= 0 {
			return
		}
		bar.Describe(fmt.Sprintf("%s ±%.3g → ±%g", name, reach, cfg.Precision))
		_ = bar.Set64(min(int64(steps*math.Pow(cfg.Precision/reach, 2)), steps-1))
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				update()
				_ = bar.Exit()
				return
			case <-tick.C:
				update()
			}
		}
	}()
	return func() { close(stop); <-finished }
}

// printResults writes results to w in a --format.
func printResults(w io.Writer, format string, results []*sim.Result) error {
	return resultWriters.write(w, format, results)
}

// emit prints results in the chosen format and writes them into --out
// (report.html also lists the scenarios a check could not load).
func emit(e *env, s settings, results []*sim.Result, broken []reports.Broken) error {
	if !s.quiet {
		if err := printResults(e.stdout, s.format, results); err != nil {
			return err
		}
	}
	if s.out == "" {
		return nil
	}
	return writeOut(e.files, s.out, results, broken)
}

// saveBaseline writes results as a baseline file: the result files with
// only what a comparison reads and what identical runs share, so that a
// committed baseline changes only when a figure does. Nothing in it
// depends on the scenario's expect: block: neither the expectations nor
// the verdict's sentence about them.
func saveBaseline(fsys fileSystem, file string, results []*sim.Result) error {
	stable := make([]*sim.Result, len(results))
	for i, r := range results {
		c := *r
		c.Workers, c.ElapsedS = 0, 0
		if ev := sim.ExpectationVerdict(r.Expectations); ev != "" {
			c.Verdict = strings.TrimSpace(strings.TrimSuffix(c.Verdict, ev))
		}
		c.Expectations, c.Notes, c.Baseline = nil, nil, nil
		stable[i] = &c
	}
	return writeFileAtomic(fsys, file, func(w io.Writer) error { return reports.JSON(w, stable) })
}

// writeOut writes into dir, for every result, NAME.json, NAME.txt, NAME.md,
// NAME.csv and each plot as NAME-KIND.png and NAME-KIND.svg, then
// report.html for all of them. Each file is written whole or not at all.
func writeOut(fsys fileSystem, dir string, results []*sim.Result, broken []reports.Broken) error {
	if err := prepareDir(fsys, dir); err != nil {
		return err
	}
	names := stems(results)
	for i, r := range results {
		base := filepath.Join(dir, names[i])
		one := []*sim.Result{r}
		if err := resultWriters.writeFiles(fsys, base, one); err != nil {
			return err
		}
		charts, err := reports.Charts(r)
		if err != nil {
			return err
		}
		if err := writeCharts(fsys, base+"-", charts); err != nil {
			return err
		}
	}
	return writeFileAtomic(fsys, filepath.Join(dir, "report.html"), func(w io.Writer) error { return reports.CheckHTML(w, results, broken) })
}

// writeCharts writes each chart as PREFIX+NAME.png and .svg.
func writeCharts(fsys fileSystem, prefix string, charts []*reports.Chart) error {
	for _, c := range charts {
		for _, format := range []string{"png", "svg"} {
			if err := writeFileAtomic(fsys, prefix+c.Name+"."+format, func(w io.Writer) error {
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

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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
		&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json"},
		&cli.StringFlag{Name: "out", Usage: "also write every result (JSON) and summary (text) into `DIR`"},
		&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
	}
}

var formats = []string{"text", "json"}

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

// simulate runs one compiled scenario and returns its result.
func simulate(ctx context.Context, e *env, c *cli.Context, cs *compiled, s settings) (*sim.Result, error) {
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
	strategies := map[string]string{}
	for side, name := range cs.build.Strategies {
		strategies[string(side)] = name
	}
	res := out.Result(cs.build.Model.Schema(), sim.RunInfo{
		Name: cs.sc.Name, File: cs.sc.Doc.File, System: cs.sc.System, Version: version,
		Seed: cfg.Seed, Strategies: strategies, Options: cs.build.Options,
	})
	res.ElapsedS = e.now().Sub(start).Seconds()
	res.OptionsSet = cs.build.Options.Keys()[:0]
	for id := range cs.sc.Options {
		res.OptionsSet = append(res.OptionsSet, id)
	}
	sim.SortOptionIDs(res.OptionsSet)
	return res, nil
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

// emit prints results in the chosen format and writes them into --out.
func emit(e *env, s settings, results []*sim.Result) error {
	if !s.quiet {
		var err error
		if s.format == "json" {
			err = reports.JSON(e.stdout, results)
		} else {
			err = reports.Text(e.stdout, results)
		}
		if err != nil {
			return err
		}
	}
	if s.out == "" {
		return nil
	}
	if err := os.MkdirAll(s.out, 0o755); err != nil {
		return err
	}
	for _, r := range results {
		base := filepath.Join(s.out, slug(r.Scenario.Name))
		if err := writeFileAtomic(base+".json", func(f *os.File) error { return reports.JSON(f, []*sim.Result{r}) }); err != nil {
			return err
		}
		if err := writeFileAtomic(base+".txt", func(f *os.File) error { return reports.Text(f, []*sim.Result{r}) }); err != nil {
			return err
		}
	}
	return nil
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// slug turns a scenario name into a file name.
func slug(name string) string {
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
	if s == "" {
		s = "scenario"
	}
	return s
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

package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/grade"
	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func gradeCommand(e *env) *cli.Command {
	flags := []cli.Flag{
		&cli.Uint64Flag{Name: "seed", Usage: "run seed, and the seed of --sample's draws (default 1; the files' seed: is not used)"},
		&cli.IntFlag{Name: "trials", Usage: "encounters per foe and tactic (default: play to --precision)"},
		&cli.Float64Flag{Name: "precision", Usage: "play each foe until every tactic's 95% interval of lethality is at most ±`P` (default 0.01)"},
		&cli.IntFlag{Name: "max-trials", Usage: "cap per foe and tactic for --precision (default 10000000)"},
		&cli.IntFlag{Name: "workers", Usage: "worker goroutines (default: all cores)"},
		formatFlag("grade", " (one row per foe and tactic)"),
		&cli.StringFlag{Name: "out", Usage: "also write grade.txt, .md, .csv, .json and the plots (PNG and SVG) into `DIR`"},
		&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
		&cli.StringFlag{Name: "builtin", Usage: "grade the built-in foes of `SYSTEM` (alone or besides files)"},
		&cli.IntFlag{Name: "sample", Usage: "also grade `N` foes of each grade drawn at random from the rule's space (seeded by --seed); with 10 or more, bands are derived"},
		&cli.StringFlag{Name: "party", Usage: "face the foes with the party of this scenario `FILE` instead of the system's reference party"},
		&cli.StringSliceFlag{Name: "tactic", Usage: "use only this `TACTIC` of the grid (repeat it; default: every tactic)"},
		&cli.StringFlag{Name: "lethality", Value: grade.LethalityMetrics[0], Usage: "what counts as lethal: any_death (someone dies), tpk (everyone dies), or the system's near miss (hmtw: any_deaths_door)"},
		&cli.StringFlag{Name: "target", Usage: "search for the foes whose deadliness lands in `GRADE` (an empirical grade) or LO..HI (a band such as 0.3..0.5)"},
		&cli.StringSliceFlag{Name: "vary", Usage: "with --target: a stat and the values to try, `PATH=VALUES` (foes[0].attack=1..5 or 2,3; repeat it)"},
		&cli.StringFlag{Name: "cheapest", Value: grade.OrderTotal, Usage: "with --target: list the foes found by `ORDER`: total (the rule's score, lowest first) or change (fewest steps from the file's values)"},
	}
	return &cli.Command{
		Name:      "grade",
		Usage:     "threat grade of monsters: by the game's own rule and by simulation",
		ArgsUsage: "[FILE|DIR|example:NAME...] [--builtin SYSTEM] [--target GRADE --vary PATH=VALUES...]",
		Description: "Grades every foe of the scenario files (or the built-in foes of a system) twice: by the\n" +
			"game's own rule of thumb (the Locus Threat Calculator), with its raw score and flags, and\n" +
			"by simulation. Each foe is played alone against the system's reference party (or\n" +
			"--party FILE's) under a grid of party tactics (Locus: fight, defend, flee, hide, with and\n" +
			"without cover and distance); its deadliness is its lethality pooled over the tactics, and\n" +
			"its empirical grade is the band of the system's bands that deadliness falls in. The\n" +
			"files' options, max_rounds and scene.escape are kept; their party, seed, trials and\n" +
			"expectations are not. Every foe under a tactic draws the same random numbers.\n\n" +
			"Over a set of foes it calibrates the rule: Spearman's rank correlation of score and\n" +
			"deadliness, the median deadliness of each grade, and the foes the rule misplaces.\n" +
			"--sample N adds N random foes per grade from the rule's space, enough to derive bands.\n\n" +
			"--target GRADE --vary PATH=VALUES... searches the stats of a one-foe file for the foes\n" +
			"whose deadliness lands in the grade's band, cheapest first, dropping a candidate as soon\n" +
			"as its 95% interval lies wholly outside the band.\n\n" +
			"Precision (default 0.01) applies to every tactic's lethality.",
		Flags: flags,
		Action: func(c *cli.Context) error {
			return runGrade(c, e)
		},
	}
}

func runGrade(c *cli.Context, e *env) error {
	s, err := readSettings(c, e)
	if err != nil {
		return err
	}
	set, err := gradeSettings(c, s)
	if err != nil {
		return err
	}
	builtin, target := c.String("builtin"), c.String("target")
	srcs, roots, sysID, err := gradeFiles(c, e, builtin)
	if err != nil {
		return err
	}
	partyFile, partyRoot, err := gradeParty(c, e)
	if err != nil {
		return err
	}
	setup, err := grade.NewSetup(sysID, partyFile, partyRoot, c.StringSlice("tactic"))
	if err != nil {
		return badInput(err)
	}
	if l := setup.Lethalities(); !slices.Contains(l, set.Lethality) {
		return usagef("--lethality: unknown metric %q for %s; allowed: %s", set.Lethality, setup.Sys.ID(), strings.Join(l, ", "))
	}
	var played atomic.Int64
	set.Progress = &played
	stop := gradeProgress(e, s.quiet, &played)
	defer stop()
	start := e.now()
	rep := setup.NewReport(version, set)
	if target != "" {
		if len(srcs) != 1 || builtin != "" || c.Int("sample") > 0 {
			return usagef("--target searches the stats of one foe: give exactly one scenario file with one foe, without --builtin or --sample")
		}
		if err := solve(c, setup, srcs[0].file, roots[0], target, set, rep); err != nil {
			return err
		}
	} else {
		if len(c.StringSlice("vary")) > 0 {
			return usagef("--vary needs --target GRADE (to sweep a stat without a target, use tpk sweep)")
		}
		if c.IsSet("cheapest") {
			return usagef("--cheapest needs --target GRADE")
		}
		if err := gradeFoes(c, setup, srcs, roots, set, rep); err != nil {
			return err
		}
	}
	rep.ElapsedS = e.now().Sub(start).Seconds()
	stop()
	if !s.quiet {
		if err := gradeWriters.write(e.stdout, s.format, rep); err != nil {
			return err
		}
	}
	if s.out != "" {
		return writeGrade(e.files, s.out, rep)
	}
	return nil
}

// gradeSettings reads grade's flags into grade.Settings, refusing an
// unknown lethality metric and a sample size out of range.
func gradeSettings(c *cli.Context, s settings) (grade.Settings, error) {
	set := grade.Settings{Seed: defaultSeed, Trials: c.Int("trials"), Precision: c.Float64("precision"),
		MaxTrials: c.Int("max-trials"), Workers: s.workers, Lethality: c.String("lethality")}
	if c.IsSet("seed") {
		set.Seed = c.Uint64("seed")
	}
	if c.Int("sample") < 0 || c.Int("sample") > 1000 {
		return set, usagef("--sample: %d foes per grade; allowed: 0 to 1000", c.Int("sample"))
	}
	return set, nil
}

// gradeFiles reads the scenario files (or directories) grade was given,
// parsed, and the system they are for (--builtin's when given).
func gradeFiles(c *cli.Context, e *env, builtin string) (srcs []source, roots []*yaml.Node, sysID string, err error) {
	if c.NArg() == 0 && builtin == "" {
		return nil, nil, "", usagef("grade needs scenario files, a directory, or --builtin SYSTEM; systems with grades: %s",
			strings.Join(grade.GradedSystems(), ", "))
	}
	if c.NArg() > 0 {
		if srcs, err = readSources(e.files, c.Args().Slice(), e.stdin); err != nil {
			return nil, nil, "", err
		}
	}
	roots = make([]*yaml.Node, len(srcs))
	sysID = strings.ToLower(builtin)
	for i, src := range srcs {
		if roots[i], err = sim.ParseScenarioYAML(src.file, src.data); err != nil {
			return nil, nil, "", err
		}
		sc, err := sim.LoadScenarioNode(src.file, roots[i], systems.IDs())
		if err != nil {
			return nil, nil, "", err
		}
		if sysID == "" {
			sysID = sc.System
		}
	}
	return srcs, roots, sysID, nil
}

// gradeParty reads --party's scenario file, if given: the party every foe
// is graded against.
func gradeParty(c *cli.Context, e *env) (file string, root *yaml.Node, err error) {
	f := c.String("party")
	if f == "" {
		return "", nil, nil
	}
	ps, err := readSources(e.files, []string{f}, e.stdin)
	if err != nil {
		return "", nil, err
	}
	if len(ps) != 1 {
		return "", nil, usagef("--party takes one scenario file, not a directory")
	}
	if root, err = sim.ParseScenarioYAML(ps[0].file, ps[0].data); err != nil {
		return "", nil, err
	}
	return ps[0].file, root, nil
}

// gradeProgress shows the encounters played so far and their rate on
// stderr, when it is a terminal, until the returned function is called
// (more than once is fine): a spinner of schollz/progressbar, since a
// grading's total is not known in advance.
func gradeProgress(e *env, quiet bool, played *atomic.Int64) func() {
	if quiet || !e.stderrIsTTY {
		return func() {}
	}
	bar := progressbar.NewOptions64(-1, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription("grading"),
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("enc"),
		progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				_ = bar.Exit()
				return
			case <-tick.C:
				_ = bar.Set64(played.Load())
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done); <-finished }) }
}

// badInput makes an error of a grading's setup an exit code 2.
func badInput(err error) error {
	var ie *sim.InputError
	if errors.As(err, &ie) {
		return err
	}
	return usagef("%v", err)
}

// gradeFoes grades the files' foes, the built-ins and the random sample.
func gradeFoes(c *cli.Context, setup *grade.Setup, srcs []source, roots []*yaml.Node, set grade.Settings, rep *grade.Report) error {
	var subs []*grade.Subject
	for i, src := range srcs {
		got, err := setup.FromFile(src.file, roots[i])
		if err != nil {
			return err
		}
		subs = append(subs, got...)
	}
	if c.String("builtin") != "" {
		got, err := setup.FromFoes(setup.Grader.GradedFoes(), false)
		if err != nil {
			return err
		}
		subs = append(subs, got...)
	}
	if n := c.Int("sample"); n > 0 {
		got, err := setup.FromFoes(setup.Grader.SampleFoes(set.Seed, n), true)
		if err != nil {
			return err
		}
		subs = append(subs, got...)
	}
	gs, played, err := setup.Grade(c.Context, subs, set)
	if err != nil {
		return interrupted(err)
	}
	rep.Encounters = played
	grade.AddFoes(rep, gs)
	return nil
}

func interrupted(err error) error {
	if grade.ErrInterrupted(err) {
		return &exitError{code: exitFailure, err: errors.New("interrupted; nothing was graded")}
	}
	return err
}

// solve runs a --target search.
func solve(c *cli.Context, setup *grade.Setup, file string, root *yaml.Node, target string, set grade.Settings, rep *grade.Report) error {
	flags := c.StringSlice("vary")
	if len(flags) == 0 {
		return usagef("--target needs at least one --vary PATH=VALUES, e.g. --vary foes[0].attack=1..5")
	}
	var params []grade.Param
	for _, f := range flags {
		ps, err := parseVary([]string{f})
		if err != nil {
			return err
		}
		for _, q := range params {
			if q.Path == ps[0].Path {
				return usagef("--vary: %s is given twice", q.Path)
			}
		}
		params = append(params, grade.Param{Path: ps[0].Path, Values: ps[0].Values})
	}
	band, err := parseTarget(setup, target, set.Lethality)
	if err != nil {
		return err
	}
	order := c.String("cheapest")
	if !slices.Contains(grade.Orders, order) {
		return usagef("--cheapest: unknown order %q; allowed: %s", order, strings.Join(grade.Orders, ", "))
	}
	sol, err := setup.Solve(c.Context, file, root, params, band, order, set)
	if err != nil {
		var ie *sim.InputError
		if errors.As(err, &ie) || grade.ErrInterrupted(err) {
			return interrupted(err)
		}
		return usagef("%v", err)
	}
	rep.Solution, rep.Encounters = sol, sol.Encounters
	return nil
}

// parseTarget reads --target: a grade of the system's bands, or LO..HI.
func parseTarget(setup *grade.Setup, s, lethality string) (grade.Band, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		b, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if err1 != nil || err2 != nil || a < 0 || b > 1 || a >= b {
			return grade.Band{}, usagef("--target %q: a band is two probabilities, low first, e.g. 0.3..0.5", s)
		}
		return grade.Band{Lo: a, Hi: b}, nil
	}
	bands, why := setup.Bands(lethality)
	b, err := grade.GradeBand(setup.Scale, bands, why, s)
	if err != nil {
		return b, usagef("%v", err)
	}
	if b.Lo >= b.Hi {
		return b, usagef("--target %s: the grade's band is empty (its bounds meet at %g), so no foe can land in it; give another grade, or a band of deadliness LO..HI",
			b.Name, b.Lo)
	}
	return b, nil
}

// gradeWriters writes a grade report in a --format.
var gradeWriters = writers[*grade.Report]{
	"text": reports.GradeText, "json": reports.GradeJSON, "markdown": reports.GradeMarkdown, "csv": reports.GradeCSV,
}

// writeGrade writes grade.txt, grade.md, grade.csv, grade.json and the
// plots (grade-calibration and grade-tactics, PNG and SVG) into dir.
func writeGrade(fsys fileSystem, dir string, rep *grade.Report) error {
	if err := prepareDir(fsys, dir); err != nil {
		return err
	}
	base := filepath.Join(dir, "grade")
	if err := gradeWriters.writeFiles(fsys, base, rep); err != nil {
		return err
	}
	charts, err := reports.GradeCharts(rep)
	if err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	var cs []*reports.Chart
	cs = append(cs, charts...)
	return writeCharts(fsys, base+"-", cs)
}

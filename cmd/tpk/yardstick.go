package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync/atomic"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/search"
)

// defaultYardstickTrials is the number of encounters every row of a
// yardstick plays: strong play searches every decision, so a row costs a
// thousand times a plain one.
const defaultYardstickTrials = 1000

func yardstickCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "yardstick",
		Usage:     "the headline under careless, competent and strong play; the regrets of the default strategies",
		ArgsUsage: "FILE|DIR|example:NAME...",
		Description: "Plays the scenario at a competent table (both sides' default strategies, every member of\n" +
			"each side), then with one side's play changed: the party careless, the party strong, a harsher\n" +
			"GM, the foes strong. Strong is a search: at each decision with more than one legal choice it\n" +
			"plays every choice forward with the default strategies and takes the best for its side,\n" +
			"seeing no hidden card and no future die. Every row plays the same encounters on common random\n" +
			"numbers, and its difference from the competent table is measured pair by pair. Where strong\n" +
			"play chose otherwise than the default, the kinds of decision are listed with what they gained\n" +
			"and the trials to replay (tpk replay FILE --trial K with the strong strategy).",
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Usage: "run seed (default: the scenario's `seed:`, else 1)"},
			&cli.IntFlag{Name: "trials", Value: defaultYardstickTrials, Usage: "encounters every row plays"},
			&cli.IntFlag{Name: "rollouts", Usage: fmt.Sprintf("the most rollouts of one choice in strong play's search, 1 to %d (default: the system's, %d in most)", search.MaxRollouts, search.DefaultConfig.MaxRollouts)},
			&cli.IntFlag{Name: "workers", Usage: "worker goroutines (default: all cores)"},
			&cli.BoolFlag{Name: "regrets", Usage: "print only strong play's regrets, every one of them (JSON with --format json, for tools)"},
			formatFlag("yardstick", ""),
			&cli.StringFlag{Name: "out", Usage: "also write NAME-yardstick.json, .txt, .md, the plot (PNG and SVG) and report.html into `DIR`"},
			&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if err := checkFormat("yardstick", format); err != nil {
				return err
			}
			o, err := readYardstickOptions(c, e)
			if err != nil {
				return err
			}
			srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
			if err != nil {
				return err
			}
			var ys []*reports.Yardstick
			for _, src := range srcs {
				y, err := yardstickSource(c.Context, e, src, o)
				if err != nil {
					return err
				}
				ys = append(ys, y)
			}
			if !o.quiet {
				w := yardstickWriters
				if c.Bool("regrets") {
					w = regretsWriters
				}
				if err := w.write(e.stdout, format, ys); err != nil {
					return err
				}
			}
			if dir := c.String("out"); dir != "" {
				return writeYardsticks(e.files, dir, ys)
			}
			return nil
		},
	}
}

// yardstickOptions are yardstick's flags after validation.
type yardstickOptions struct {
	seed        uint64
	seedSet     bool
	trials      int64
	rollouts    int
	rolloutsSet bool
	workers     int
	quiet       bool
}

func readYardstickOptions(c *cli.Context, e *env) (yardstickOptions, error) {
	o := yardstickOptions{seed: c.Uint64("seed"), seedSet: c.IsSet("seed"), trials: int64(c.Int("trials")),
		rollouts: c.Int("rollouts"), rolloutsSet: c.IsSet("rollouts"), workers: c.Int("workers"), quiet: c.Bool("quiet")}
	if o.trials < 1 {
		return o, usagef("--trials must be at least 1")
	}
	if c.IsSet("rollouts") && (o.rollouts < 1 || o.rollouts > search.MaxRollouts) {
		return o, usagef("--rollouts must be between 1 and %d", search.MaxRollouts)
	}
	if c.IsSet("workers") && o.workers < 1 {
		return o, usagef("--workers must be at least 1")
	}
	if o.workers == 0 {
		o.workers = e.cpus
	}
	return o, nil
}

// yardRow is one row to play: a play of one side, the strategies of both.
type yardRow struct {
	side, play  string
	party, foes string
	phrase      string // how the sentence names it
	compiled    *systems.Compiled
	collector   *search.Collector
}

// yardRows are the rows a system's strategies allow, the competent table
// first.
func yardRows(sys systems.System) []yardRow {
	def, role := map[sim.Side]string{}, map[sim.Side]map[string]string{sim.Party: {}, sim.Foes: {}}
	for _, st := range sys.Strategies() {
		if st.Default {
			def[st.Side] = st.Name
		}
		if st.Role != "" && role[st.Side][st.Role] == "" {
			role[st.Side][st.Role] = st.Name
		}
	}
	p, f := def[sim.Party], def[sim.Foes]
	rows := []yardRow{{side: "both", play: reports.PlayCompetent, party: p, foes: f}}
	add := func(side sim.Side, play, phrase string) {
		name := role[side][play]
		if name == "" {
			return
		}
		r := yardRow{side: string(side), play: play, party: p, foes: f, phrase: phrase}
		if side == sim.Party {
			r.party = name
		} else {
			r.foes = name
		}
		rows = append(rows, r)
	}
	add(sim.Party, systems.RoleCareless, "when the party plays carelessly")
	add(sim.Party, systems.RoleStrong, "when the party plays strong")
	add(sim.Foes, systems.RoleHarsh, "against a harsher GM")
	add(sim.Foes, systems.RoleStrong, "against a strong GM")
	return rows
}

// yardstickSource measures one scenario.
func yardstickSource(ctx context.Context, e *env, src source, o yardstickOptions) (*reports.Yardstick, error) {
	written, err := compileSource(src)
	if err != nil {
		return nil, err
	}
	rows := yardRows(written.System)
	var notes []string
	var played []*yardRow
	for i := range rows {
		r := &rows[i]
		cs, err := systems.CompileSides(src.file, src.data, r.party, r.foes)
		if err != nil {
			if i == 0 {
				return nil, err
			}
			notes = append(notes, fmt.Sprintf("Not played: the %s (%s / %s): %v.", playWords(r), r.party, r.foes, err))
			continue
		}
		r.compiled = cs
		if t, ok := cs.Build.Model.(search.Tunable); ok && r.play == systems.RoleStrong {
			r.collector = &search.Collector{}
			t.SetSearch(search.Settings{MaxRollouts: o.rollouts, Collector: r.collector})
		}
		played = append(played, r)
	}
	for _, missing := range missingPlays(rows) {
		notes = append(notes, missing)
	}
	base := played[0].compiled
	schema := base.Build.Model.Schema()
	metric, tracked, err := explainMetrics(schema, "")
	if err != nil {
		return nil, err
	}
	seed := uint64(defaultSeed)
	if base.Scenario.HasSeed {
		seed = base.Scenario.Seed
	}
	if o.seedSet {
		seed = o.seed
	}
	var extra []func(sim.Model, *sim.Record) int32
	if _, ok := base.Build.Model.(search.Judged); ok {
		extra = judged
	}
	variants := make([]sim.Model, len(played)-1)
	active := make([]bool, len(variants))
	pairs := make([]*sim.Pairs, len(variants))
	for i, r := range played[1:] {
		variants[i], active[i] = r.compiled.Build.Model, true
		pairs[i] = sim.NewPairs(schema, variants[i].Schema(), tracked).WithExtra(len(extra))
	}
	if len(pairs) == 0 {
		extra = nil // the competent table's score is read from the pairs
	}
	acc := sim.NewAcc(schema)
	var done atomic.Int64
	stop := startProgress(e, o.quiet, base.Scenario.Name+": yardstick", &done, &sim.RunConfig{Trials: int(o.trials)})
	start := e.now()
	err = sim.PairedRun(ctx, base.Build.Model, variants, active, sim.PairedConfig{Tracked: tracked, Seed: seed, N: o.trials,
		Workers: o.workers, Progress: &done, Extra: extra}, acc, pairs)
	stop()
	if errors.Is(err, context.Canceled) {
		return nil, &exitError{code: exitFailure, err: errors.New("interrupted; no yardstick was measured")}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.file, err)
	}
	sm := &simulation{cs: base, cfg: sim.RunConfig{Seed: seed, Trials: int(o.trials)},
		out: &sim.Outcome{Acc: acc, Trials: acc.N(), Workers: o.workers}, elapsed: e.now().Sub(start)}
	res, err := sm.result()
	if err != nil {
		return nil, err
	}
	y := &reports.Yardstick{Kind: "yardstick", Result: res, Metric: metric, Metrics: tracked, Notes: notes}
	if o.rolloutsSet {
		y.Rollouts = o.rollouts
	}
	comp := reports.Play{Side: played[0].side, Play: played[0].play, Strategies: sideNames(played[0]), Trials: acc.N(),
		Metrics: map[string]sim.Figure{}}
	for _, m := range tracked {
		comp.Metrics[m] = res.Metrics[m]
	}
	if len(extra) > 0 {
		// Every pair holds the competent table's sums as its baseline.
		n := float64(pairs[0].N)
		near, score := float64(pairs[0].Stats[len(tracked)].Base)/n, float64(pairs[0].Stats[len(tracked)+1].Base)/n
		comp.Near, comp.Score = &near, &score
	}
	y.Rows = append(y.Rows, comp)
	var others []sim.PlayFigure
	for i, r := range played[1:] {
		p := playRow(r, pairs[i], tracked, len(extra) > 0)
		if f := p.Metrics[metric]; f.Proportion != nil {
			others = append(others, sim.PlayFigure{Phrase: r.phrase, P: f.Proportion})
		}
		y.Rows = append(y.Rows, p)
	}
	y.Sentence = sim.YardstickSentence(schema, metric, res.Metrics[metric].Proportion, others)
	y.Line = sim.YardstickLine(metric, o.trials, res.Metrics[metric].Proportion, others)
	return y, nil
}

// playRow is the row of a play measured against the competent table: its
// figures, their paired differences, its score when judged, and strong
// play's regrets.
func playRow(r *yardRow, pairs *sim.Pairs, tracked []string, judged bool) reports.Play {
	n := pairs.N
	p := reports.Play{Side: r.side, Play: r.play, Strategies: sideNames(r), Trials: n,
		Metrics: map[string]sim.Figure{}, Effects: map[string]sim.Effect{}}
	for j, m := range tracked {
		st := pairs.Stats[j]
		if st.Missing {
			p.Metrics[m] = sim.Figure{NA: "not applicable under this play"}
			continue
		}
		lo, hi := sim.Wilson(st.Variant, n)
		p.Metrics[m] = sim.Figure{Proportion: &sim.Proportion{P: float64(st.Variant) / float64(n), CI95: [2]float64{lo, hi},
			N: n, Events: st.Variant}}
		p.Effects[m] = st.Effect(n)
	}
	if judged {
		near, score := pairs.Stats[len(tracked)], pairs.Stats[len(tracked)+1]
		nm, sm, e := float64(near.Variant)/float64(n), float64(score.Variant)/float64(n), score.Effect(n)
		p.Near, p.Score, p.ScoreDiff = &nm, &sm, &e
	}
	if r.collector != nil {
		s := r.collector.Summary()
		p.Searched, p.Differ, p.Regrets = s.Decisions, s.Differ, s.Regrets
	}
	return p
}

// judged are the figures a yardstick pairs beside the headline ones, for a
// system with strong play: party members left at the edge of death, and
// the party's score.
var judged = []func(sim.Model, *sim.Record) int32{
	func(m sim.Model, rec *sim.Record) int32 { return int32(m.(search.Judged).Outcome(rec).Near) },
	func(m sim.Model, rec *sim.Record) int32 { return m.(search.Judged).Outcome(rec).Score() },
}

// playWords names a row's play in a note.
func playWords(r *yardRow) string {
	if r.side == string(sim.Party) {
		return r.play + " party"
	}
	return r.play + " GM"
}

// missingPlays notes the plays a system names no strategy for.
func missingPlays(rows []yardRow) []string {
	has := map[string]bool{}
	for _, r := range rows {
		has[r.side+"/"+r.play] = true
	}
	var out []string
	for _, want := range []struct{ key, what string }{
		{"party/" + systems.RoleCareless, "a careless party"},
		{"party/" + systems.RoleStrong, "a strong party"},
		{"foes/" + systems.RoleHarsh, "a harsher GM"},
		{"foes/" + systems.RoleStrong, "a strong GM"},
	} {
		if !has[want.key] {
			out = append(out, "The system names no strategy for "+want.what+".")
		}
	}
	return out
}

func sideNames(r *yardRow) map[string]string {
	return map[string]string{string(sim.Party): r.party, string(sim.Foes): r.foes}
}

// yardstickWriters writes yardsticks in a --format; regretsWriters only
// their regrets (--regrets).
var (
	yardstickWriters = writers[[]*reports.Yardstick]{
		"text": reports.YardstickText, "json": reports.YardstickJSON, "markdown": reports.YardstickMarkdown,
	}
	regretsWriters = writers[[]*reports.Yardstick]{
		"text": reports.RegretsText, "json": reports.RegretsJSON, "markdown": reports.RegretsMarkdown,
	}
)

// writeYardsticks writes into dir, for every yardstick,
// NAME-yardstick.json, .txt and .md and its plot as PNG and SVG, then
// report.html. Each file is written whole or not at all.
func writeYardsticks(fsys fileSystem, dir string, ys []*reports.Yardstick) error {
	if err := fsys.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	results := make([]*sim.Result, len(ys))
	for i, y := range ys {
		results[i] = y.Result
	}
	for i, stem := range stems(results) {
		if err := yardstickWriters.writeFiles(fsys, filepath.Join(dir, stem+"-yardstick"), ys[i:i+1]); err != nil {
			return err
		}
		if c, err := reports.YardstickChart(ys[i]); err == nil {
			if err := writeCharts(fsys, filepath.Join(dir, stem+"-"), []*reports.Chart{c}); err != nil {
				return err
			}
		}
	}
	return writeFileAtomic(fsys, filepath.Join(dir, "report.html"), func(w io.Writer) error { return reports.YardstickHTML(w, ys) })
}

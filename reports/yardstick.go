package reports

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot/vg"

	"github.com/tpk-sim/tpk/sim"
)

// Yardstick is what `tpk yardstick` measured for one scenario: its
// headline figures with each side played carelessly, competently (the
// default strategies) and strongly (the search), all on common random
// numbers, and what strong play found the default strategies doing wrong.
type Yardstick struct {
	Kind string `json:"kind"` // "yardstick"
	// Result is the competent table's run: both sides' default strategies,
	// every member of each side.
	Result  *sim.Result `json:"result"`
	Metric  string      `json:"metric"`  // the verdict's figure
	Metrics []string    `json:"metrics"` // the headline figures of every row
	// Sentence says in one line what the yardstick found; `run
	// --yardstick` adds it to the verdict.
	Sentence string `json:"sentence"`
	// Line says it in fewer words, for the verdict of `run --yardstick`.
	Line string `json:"line"`
	Rows []Play `json:"rows"`
	// Rollouts is the most rollouts of a choice strong play was allowed
	// (--rollouts), 0 for each system's own.
	Rollouts int `json:"rollouts,omitempty"`
	// Notes say what the yardstick could not play (a system without a
	// careless strategy) and what its figures rest on.
	Notes []string `json:"notes,omitempty"`
}

// Play is one row of a yardstick: one side's play changed from the
// competent table.
type Play struct {
	Side       string                `json:"side"` // the side whose play changes: "party" or "foes"; "both" for the competent table
	Play       string                `json:"play"` // "competent", "careless", "strong", "harsh"
	Strategies map[string]string     `json:"strategies"`
	Trials     int64                 `json:"trials"`
	Metrics    map[string]sim.Figure `json:"metrics"`
	// Effects are the differences from the competent table, measured on
	// the same encounters (paired).
	Effects map[string]sim.Effect `json:"effects,omitempty"`
	// Near is the mean number of party members left at the edge of death
	// (as the system's strong play counts them), Score the mean party score
	// strong play maximises (a death -64, a member at the edge -2, a victory
	// +1), and ScoreDiff its paired difference from the competent table;
	// nil when the system has no strong play.
	Near      *float64    `json:"near,omitempty"`
	Score     *float64    `json:"score,omitempty"`
	ScoreDiff *sim.Effect `json:"score_diff,omitempty"`
	// Searched and Differ count strong play's decisions: searched, and
	// chosen otherwise than the default would have.
	Searched int          `json:"searched,omitempty"`
	Differ   int          `json:"differ,omitempty"`
	Regrets  []sim.Regret `json:"regrets,omitempty"`
}

// The plays of a yardstick's rows.
const (
	PlayCompetent = "competent"
	PlayCareless  = "careless"
	PlayStrong    = "strong"
	PlayHarsh     = "harsh"
)

// Row returns the row of side's play, or nil.
func (y *Yardstick) Row(side, play string) *Play {
	for i := range y.Rows {
		if r := &y.Rows[i]; r.Side == side && r.Play == play {
			return r
		}
	}
	return nil
}

// YardstickJSON writes yardsticks: one object, or an array of several.
func YardstickJSON(w io.Writer, ys []*Yardstick) error { return oneOrMany(w, ys) }

// RegretsJSON writes only the regrets of strong play, for tools: for each
// scenario and side, the default strategy and its regrets.
func RegretsJSON(w io.Writer, ys []*Yardstick) error {
	type sideRegrets struct {
		Scenario sim.ScenarioInfo `json:"scenario"`
		Side     string           `json:"side"`
		Default  string           `json:"default"`
		Trials   int64            `json:"trials"`
		Searched int              `json:"searched"`
		Differ   int              `json:"differ"`
		Regrets  []sim.Regret     `json:"regrets"`
	}
	out := []sideRegrets{}
	for _, y := range ys {
		for _, r := range y.Rows {
			if r.Play != PlayStrong {
				continue
			}
			out = append(out, sideRegrets{Scenario: y.Result.Scenario, Side: r.Side, Default: y.Result.Strategies[r.Side],
				Trials: r.Trials, Searched: r.Searched, Differ: r.Differ, Regrets: nonNil(r.Regrets)})
		}
	}
	return indentJSON(w, out)
}

func nonNil(rs []sim.Regret) []sim.Regret {
	if rs == nil {
		return []sim.Regret{}
	}
	return rs
}

// yardIntro says what was played and how to read it.
func yardIntro(y *Yardstick) []string {
	r := y.Result
	out := []string{fmt.Sprintf("Each row plays the same %d encounters (seed %d, common random numbers: encounter k of every row draws what "+
		"encounter k of the competent table drew) with one side's play changed; in brackets its difference from the competent table, measured "+
		"pair by pair, ± the half-width of its 95%% interval.", r.Trials, r.Seed)}
	if len(y.Rows) > 0 && y.Rows[0].Score != nil {
		out = append(out, "\"at the edge\" is the mean number of party members left at the edge of death; \"score\" is what strong play "+
			"maximises for the party and minimises for the foes: a death -64, a member at the edge -2, a victory +1, averaged.")
	}
	return out
}

// playName says a row's play in words.
func playName(p Play) string {
	switch {
	case p.Play == PlayCompetent:
		return "competent table"
	case p.Side == string(sim.Party):
		return p.Play + " party"
	}
	return p.Play + " GM"
}

// yardHead are the columns of a yardstick's table: the verdict's figure
// first.
func yardHead(y *Yardstick) []string {
	h := []string{"play", "strategies (party / foes)"}
	for _, m := range yardMetrics(y) {
		if m == y.Metric {
			m += " [95%]"
		}
		h = append(h, m)
	}
	if len(y.Rows) > 0 && y.Rows[0].Score != nil {
		h = append(h, "at the edge", "score")
	}
	return h
}

// yardMetrics are the headline figures, the verdict's first.
func yardMetrics(y *Yardstick) []string {
	out := []string{y.Metric}
	for _, m := range y.Metrics {
		if m != y.Metric {
			out = append(out, m)
		}
	}
	return out
}

// rowCells are a row's figures, the verdict's first with its interval,
// and but for the competent table each with its paired difference; then
// the members left at the edge of death and the party's score.
func rowCells(y *Yardstick, p Play) []string {
	cells := []string{playName(p), p.Strategies[string(sim.Party)] + " / " + p.Strategies[string(sim.Foes)]}
	for _, m := range yardMetrics(y) {
		f := p.Metrics[m]
		c := figureCell(f)
		if m != y.Metric && f.Proportion != nil {
			c = fig3(f.P)
		}
		if e, ok := p.Effects[m]; ok {
			c += diffCell(e)
		}
		cells = append(cells, c)
	}
	if p.Score != nil {
		score := fig3(*p.Score)
		if p.ScoreDiff != nil {
			score += diffCell(*p.ScoreDiff)
		}
		cells = append(cells, fig3(*p.Near), score)
	}
	return cells
}

func figureCell(f sim.Figure) string {
	switch {
	case f.NA != "":
		return "n/a"
	case f.Proportion == nil:
		return ""
	}
	return fmt.Sprintf("%s [%s, %s]", fig3(f.P), fig3(f.Proportion.CI95[0]), fig3(f.Proportion.CI95[1]))
}

func diffCell(e sim.Effect) string {
	if e.Diff == 0 && e.HalfWidth() == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s ±%s)", signedFig3(e.Diff), fig3(e.HalfWidth()))
}

// fig3 writes a figure with three decimals, or two significant digits
// below 0.01.
func fig3(x float64) string {
	switch a := math.Abs(x); {
	case x == 0:
		return "0"
	case a < 0.01:
		return strconv.FormatFloat(x, 'g', 2, 64)
	case a >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

func signedFig3(x float64) string {
	if x >= 0 {
		return "+" + fig3(x)
	}
	return fig3(x)
}

// YardstickText writes each yardstick as a table of plays, then strong
// play's regrets.
func YardstickText(w io.Writer, ys []*Yardstick) error {
	for i, y := range ys {
		if i > 0 {
			fmt.Fprintln(w)
		}
		r := y.Result
		fmt.Fprintf(w, "Yardstick: %s · %s · %s\n", r.Scenario.Name, r.Scenario.System, r.Scenario.File)
		fmt.Fprintln(w, wrap(y.Sentence, 100))
		for _, line := range yardIntro(y) {
			fmt.Fprintln(w, wrap(line, 100))
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "\n%s\n", strings.Join(yardHead(y), "\t"))
		for _, p := range y.Rows {
			fmt.Fprintln(tw, strings.Join(rowCells(y, p), "\t"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for _, n := range y.Notes {
			fmt.Fprintln(w, wrap(n, 100))
		}
		for _, p := range y.Rows {
			if p.Play == PlayStrong {
				regretsText(w, y, p, maxRegretsShown)
			}
		}
	}
	return nil
}

// maxRegretsShown is the number of regrets a yardstick report lists for
// each side; `--regrets` lists them all.
const maxRegretsShown = 5

// RegretsText writes every regret of strong play, for each scenario and
// side.
func RegretsText(w io.Writer, ys []*Yardstick) error {
	for i, y := range ys {
		if i > 0 {
			fmt.Fprintln(w)
		}
		r := y.Result
		fmt.Fprintf(w, "Regrets: %s · %s · %s\n", r.Scenario.Name, r.Scenario.System, r.Scenario.File)
		for _, p := range y.Rows {
			if p.Play == PlayStrong {
				regretsText(w, y, p, -1)
			}
		}
	}
	return nil
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// RegretsMarkdown writes every regret of strong play as Markdown lists.
func RegretsMarkdown(w io.Writer, ys []*Yardstick) error {
	ew := &errWriter{w: w}
	for i, y := range ys {
		if i > 0 {
			ew.printf("\n")
		}
		ew.printf("### Regrets: %s\n", mdText(y.Result.Scenario.Name))
		for _, p := range y.Rows {
			if p.Play != PlayStrong {
				continue
			}
			ew.printf("\n%s\n\n", mdText(regretsHead(p, y.Result.Strategies[p.Side])))
			for _, g := range p.Regrets {
				ew.printf("- %s (%s)\n", mdText(regretLine(g)), mdText(examplesLine(y, p, g)))
			}
		}
	}
	return ew.err
}

func regretsText(w io.Writer, y *Yardstick, p Play, most int) {
	def := y.Result.Strategies[p.Side]
	fmt.Fprintf(w, "\n%s\n", wrap(regretsHead(p, def), 100))
	rs := p.Regrets
	if most >= 0 && len(rs) > most {
		rs = rs[:most]
	}
	for _, g := range rs {
		fmt.Fprintf(w, "%s\n", indent(wrap(regretLine(g), 96), "  "))
		fmt.Fprintf(w, "%s\n", indent(wrap(examplesLine(y, p, g), 94), "      "))
	}
	if more := len(p.Regrets) - len(rs); more > 0 {
		fmt.Fprintf(w, "  ... and %d more kinds (--regrets lists them all)\n", more)
	}
}

func regretsHead(p Play, def string) string {
	side := "the party's"
	if p.Side == string(sim.Foes) {
		side = "the foes'"
	}
	share := 0.0
	if p.Searched > 0 {
		share = 100 * float64(p.Differ) / float64(p.Searched)
	}
	s := fmt.Sprintf("Strong play searched %d of %s decisions and chose otherwise than %q in %d (%.1f%%).", p.Searched, side, def, p.Differ, share)
	if len(p.Regrets) > 0 {
		s += " Regrets of the default, by their total gain:"
	}
	return s
}

func regretLine(g sim.Regret) string {
	return fmt.Sprintf("%s: %s rather than %s, %d of %d decisions; each: deaths %+.3f, at the edge %+.3f, victory %+.3f",
		g.Kind, g.Strong, g.Default, g.Count, g.Decisions, g.Dead, g.Near, g.Won)
}

// examplesLine names the decisions to replay, with the command that
// replays them.
func examplesLine(y *Yardstick, p Play, g sim.Regret) string {
	var trials []string
	for _, e := range g.Examples {
		trials = append(trials, fmt.Sprintf("%d (round %d, %s)", e.Trial, e.Round, e.Who))
	}
	seed := ""
	if y.Result.Seed != 0 {
		seed = fmt.Sprintf(" --seed %d", y.Result.Seed)
	}
	if y.Rollouts > 0 {
		seed += fmt.Sprintf(" --rollouts %d", y.Rollouts)
	}
	return fmt.Sprintf("tpk replay %s%s --party %s --foes %s --trial K, K = %s", y.Result.Scenario.File, seed,
		p.Strategies[string(sim.Party)], p.Strategies[string(sim.Foes)], strings.Join(trials, "; "))
}

// YardstickMarkdown writes each yardstick for a pull request or a job
// summary.
func YardstickMarkdown(w io.Writer, ys []*Yardstick) error {
	ew := &errWriter{w: w}
	for i, y := range ys {
		if i > 0 {
			ew.printf("\n")
		}
		ew.printf("### Yardstick: %s\n\n**%s**\n\n", mdText(y.Result.Scenario.Name), mdText(y.Sentence))
		for _, line := range yardIntro(y) {
			ew.printf("%s\n", mdText(line))
		}
		head := yardHead(y)
		ew.printf("\n| %s |\n|---|---|%s\n", strings.Join(head, " | "), strings.Repeat("--:|", len(head)-2))
		for _, p := range y.Rows {
			cells := rowCells(y, p)
			for i := range cells {
				cells[i] = mdText(cells[i])
			}
			ew.printf("| %s |\n", strings.Join(cells, " | "))
		}
		for _, n := range y.Notes {
			ew.printf("\n%s\n", mdText(n))
		}
		for _, p := range y.Rows {
			if p.Play != PlayStrong {
				continue
			}
			ew.printf("\n%s\n\n", mdText(regretsHead(p, y.Result.Strategies[p.Side])))
			for _, g := range p.Regrets[:min(len(p.Regrets), maxRegretsShown)] {
				ew.printf("- %s (%s)\n", mdText(regretLine(g)), mdText(examplesLine(y, p, g)))
			}
		}
	}
	return ew.err
}

// YardstickChart plots the verdict's figure under each play, with its 95%
// interval: the competent table in the middle, the careless party above
// it, strong play and the harsher GMs below.
func YardstickChart(y *Yardstick) (*Chart, error) {
	title := fmt.Sprintf("%s by how each side plays: %s", y.Metric, y.Result.Scenario.Name)
	p := newPlot(title)
	b := &bars{horizontal: true, width: 0.7}
	n := len(y.Rows)
	labels := make([]string, n)
	hi := 0.0
	for i, r := range y.Rows {
		f := r.Metrics[y.Metric]
		if f.Proportion == nil {
			return nil, errNoData
		}
		pos := float64(n - 1 - i)
		labels[n-1-i] = playName(r)
		col := palette[0]
		if r.Play == PlayCompetent {
			col = palette[2]
		}
		b.bars = append(b.bars, bar{pos: pos, val: f.P, lo: f.Proportion.CI95[0], hi: f.Proportion.CI95[1], color: col, label: num(f.P)})
		hi = math.Max(hi, f.Proportion.CI95[1])
	}
	p.Add(b)
	p.NominalY(labels...)
	p.X.Min, p.X.Max = 0, math.Min(1, hi*1.15+0.01)
	p.X.Label.Text = y.Metric + " with its 95% interval"
	return &Chart{Name: "yardstick-" + y.Metric, Title: title, Plot: p, W: 7.5 * vg.Inch, H: vg.Length(1.2+0.35*float64(n)) * vg.Inch}, nil
}

// YardstickHTML writes one self-contained page: each yardstick (its table,
// the plot and the regrets), then the competent table's full result.
func YardstickHTML(w io.Writer, ys []*Yardstick) error {
	results := make([]*sim.Result, len(ys))
	for i, y := range ys {
		results[i] = y.Result
	}
	page, err := newHTMLPage(results, nil)
	if err != nil {
		return err
	}
	page.Title = strings.Replace(page.Title, "tpk report", "tpk yardstick", 1)
	for i, y := range ys {
		sec := htmlExplain{ID: fmt.Sprintf("yardstick%d-%s", i+1, Slug(y.Result.Scenario.Name)),
			Title: "Yardstick: " + y.Result.Scenario.Name, Verdict: y.Sentence, Intro: yardIntro(y),
			Head: yardHead(y)}
		for _, p := range y.Rows {
			sec.Rows = append(sec.Rows, rowCells(y, p))
		}
		sec.Notes = append(sec.Notes, y.Notes...)
		for _, p := range y.Rows {
			if p.Play != PlayStrong {
				continue
			}
			sec.Notes = append(sec.Notes, regretsHead(p, y.Result.Strategies[p.Side]))
			for _, g := range p.Regrets[:min(len(p.Regrets), maxRegretsShown)] {
				sec.Notes = append(sec.Notes, "• "+regretLine(g)+" ("+examplesLine(y, p, g)+")")
			}
		}
		if c, err := YardstickChart(y); err == nil {
			svg, err := inlineSVG(c)
			if err != nil {
				return err
			}
			sec.Plot = &htmlPlot{Title: c.Title, SVG: template.HTML(svg)}
		}
		page.Explains = append(page.Explains, sec)
	}
	return pageTemplate.Execute(w, page)
}

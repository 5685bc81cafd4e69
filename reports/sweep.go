package reports

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tpk-sim/tpk/sim"
)

// Sweep is the results of a sweep over one or two parameters: Results[k]
// is the variant with the first parameter at Values[k / len(second)] and the
// second at Values[k % len(second)], every variant played with the same
// seed (common random numbers).
type Sweep struct {
	Params  []SweepParam
	Results []*sim.Result
	// Meanings says, where it can, what a swept path means: for an option,
	// its question from the system's options table ("options.L-3":
	// "injury floors and Blinded in contested checks (locus's options
	// table; default ignore)"). The command line fills it; reports that
	// have none leave the line out.
	Meanings map[string]string
}

// SweepParam is one varied parameter: its path and values, in order.
type SweepParam struct {
	Path   string
	Values []string
}

// SweepFromResults rebuilds a sweep from results read back from a file: it
// needs every result to carry a variant over the same one or two paths, and
// one result for each combination of their values.
func SweepFromResults(results []*sim.Result) (*Sweep, bool) {
	if len(results) < 2 || len(results[0].Variant) == 0 || len(results[0].Variant) > 2 {
		return nil, false
	}
	s := &Sweep{}
	for _, a := range results[0].Variant {
		s.Params = append(s.Params, SweepParam{Path: a.Path})
	}
	index := map[string]*sim.Result{}
	for _, r := range results {
		if len(r.Variant) != len(s.Params) {
			return nil, false
		}
		for i, a := range r.Variant {
			if a.Path != s.Params[i].Path {
				return nil, false
			}
			if !slices.Contains(s.Params[i].Values, a.Value) {
				s.Params[i].Values = append(s.Params[i].Values, a.Value)
			}
		}
		index[sim.VariantLabel(r.Variant)] = r
	}
	for k := range s.size() {
		r, ok := index[sim.VariantLabel(s.variant(k))]
		if !ok {
			return nil, false
		}
		s.Results = append(s.Results, r)
	}
	return s, len(s.Results) == len(results)
}

func (s *Sweep) size() int {
	n := 1
	for _, p := range s.Params {
		n *= len(p.Values)
	}
	return n
}

// variant returns the settings of variant k.
func (s *Sweep) variant(k int) []sim.Assignment {
	out := make([]sim.Assignment, len(s.Params))
	for i := len(s.Params) - 1; i >= 0; i-- {
		p := s.Params[i]
		out[i] = sim.Assignment{Path: p.Path, Value: p.Values[k%len(p.Values)]}
		k /= len(p.Values)
	}
	return out
}

// Variant returns the settings of variant k, in the order of Results.
func (s *Sweep) Variant(k int) []sim.Assignment { return s.variant(k) }

// Variants is the number of variants.
func (s *Sweep) Variants() int { return s.size() }

// DefaultSweepMetrics are the metrics a sweep shows when none are named:
// the headline probabilities and rounds for one parameter, victory and tpk
// (one heat map each) for two; only those every result has and measured
// (a figure n/a in any variant is left out).
func DefaultSweepMetrics(s *Sweep) []string {
	want := []string{sim.MetricVictory, sim.MetricDefeat, sim.MetricTPK, sim.MetricAnyDeath, sim.MetricStalemate, sim.MetricRounds}
	if len(s.Params) == 2 {
		want = []string{sim.MetricVictory, sim.MetricTPK}
	}
	var out []string
	for _, m := range want {
		if measuredInAll(s, m) {
			out = append(out, m)
		}
	}
	return out
}

// measuredInAll reports whether every variant of the sweep measured metric
// m (none lacks it or has it n/a).
func measuredInAll(s *Sweep, m string) bool {
	for _, r := range s.Results {
		if !r.Metrics[m].Applicable() {
			return false
		}
	}
	return true
}

// cell writes a figure with its interval in one cell.
func cell(f sim.Figure) string {
	if p := f.Proportion; p != nil {
		return fmt.Sprintf("%s [%s, %s]", prob(p.P), prob(p.CI95[0]), prob(p.CI95[1]))
	}
	if d := f.Distribution; d != nil {
		return fmt.Sprintf("%s [%s, %s]", num(d.Mean), num(d.CI95[0]), num(d.CI95[1]))
	}
	if f.NA != "" {
		return "n/a"
	}
	return "-"
}

// SweepText writes a sweep as an aligned table: one row per variant, a
// column per parameter and per metric (estimate and 95% interval; the mean
// for a count).
func SweepText(w io.Writer, s *Sweep, metrics []string) error {
	r0 := s.Results[0]
	fmt.Fprintf(w, "%s · %s · %s\n", r0.Scenario.Name, r0.Scenario.System, r0.Scenario.File)
	fmt.Fprintf(w, "sweep of %s: %d variants, %d encounters each, seed %d for all (common random numbers)\n",
		paramList(s), s.size(), r0.Trials, r0.Seed)
	for _, line := range sweepGlossary(s) {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	var head []string
	for _, p := range s.Params {
		head = append(head, p.Path)
	}
	for _, m := range metrics {
		head = append(head, metricHead(r0, m))
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for k, r := range s.Results {
		var row []string
		for _, a := range s.variant(k) {
			row = append(row, a.Value)
		}
		for _, m := range metrics {
			row = append(row, cell(r.Metrics[m]))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return sweepWarnings(w, s, metrics, "\nwarnings\n", "  %s: %s\n")
}

// SweepMarkdown writes the sweep's table in Markdown.
func SweepMarkdown(w io.Writer, s *Sweep, metrics []string) error {
	ew := &errWriter{w: w}
	r0 := s.Results[0]
	ew.printf("### Sweep: %s\n\n`%s` · `%s` · %s: %d variants, %d encounters each, seed %d for all (common random numbers)\n\n",
		mdText(r0.Scenario.Name), mdCode(r0.Scenario.System), mdCode(r0.Scenario.File), mdText(paramList(s)), s.size(), r0.Trials, r0.Seed)
	for _, line := range sweepGlossary(s) {
		ew.printf("%s\n\n", mdText(line))
	}
	ew.printf("|")
	for _, p := range s.Params {
		ew.printf(" `%s` |", mdCode(p.Path))
	}
	for _, m := range metrics {
		ew.printf(" %s |", mdText(metricHead(r0, m)))
	}
	ew.printf("\n|%s%s\n", strings.Repeat("---|", len(s.Params)), strings.Repeat("--:|", len(metrics)))
	for k, r := range s.Results {
		ew.printf("|")
		for _, a := range s.variant(k) {
			ew.printf(" %s |", mdText(a.Value))
		}
		for _, m := range metrics {
			ew.printf(" %s |", cell(r.Metrics[m]))
		}
		ew.printf("\n")
	}
	if ew.err != nil {
		return ew.err
	}
	return sweepWarnings(w, s, metrics, "\n", "> ⚠️ %s: %s\n>\n")
}

// sweepWarnings writes the variants' warnings that concern the table: those
// about a figure shown, and those about the run itself.
func sweepWarnings(w io.Writer, s *Sweep, metrics []string, head, line string) error {
	first := true
	for k, r := range s.Results {
		for _, x := range r.Warnings {
			name, _, _ := strings.Cut(x, ":")
			if strings.Contains(x, "rests on") && !slices.Contains(metrics, name) {
				continue
			}
			if first {
				if _, err := io.WriteString(w, head); err != nil {
					return err
				}
				first = false
			}
			if _, err := fmt.Fprintf(w, line, sim.VariantLabel(s.variant(k)), x); err != nil {
				return err
			}
		}
	}
	return nil
}

// sweepGlossary says what each swept parameter means, from the sweep's
// Meanings: "options.L-3: injury floors and Blinded in contested checks".
func sweepGlossary(s *Sweep) []string {
	var out []string
	for _, p := range s.Params {
		if m := s.Meanings[p.Path]; m != "" {
			out = append(out, p.Path+": "+m)
		}
	}
	return out
}

// paramPaths names the swept parameters: "foes[0].attack and party.size".
func paramPaths(s *Sweep) string {
	paths := make([]string, len(s.Params))
	for i, p := range s.Params {
		paths[i] = p.Path
	}
	return strings.Join(paths, " and ")
}

func paramList(s *Sweep) string {
	var parts []string
	for _, p := range s.Params {
		parts = append(parts, p.Path+" = "+strings.Join(p.Values, ", "))
	}
	return strings.Join(parts, "; ")
}

// metricHead names a metric's column: "victory", or "rounds (mean)".
func metricHead(r *sim.Result, m string) string {
	if r.Metrics[m].Distribution != nil {
		return m + " (mean)"
	}
	return m
}

// SweepCharts plots a sweep: for one parameter, a line plot of the chosen
// probabilities with their 95% bands and one of each chosen count's mean;
// for two, a heat map of each chosen metric with the value in every cell.
func SweepCharts(s *Sweep, metrics []string) ([]*Chart, error) {
	metrics = slices.DeleteFunc(slices.Clone(metrics), func(m string) bool { return !measuredInAll(s, m) })
	if len(s.Results) == 0 || len(metrics) == 0 {
		return nil, nil
	}
	if len(s.Params) == 2 {
		var out []*Chart
		for _, m := range metrics {
			c, err := heatChart(s, m)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	var probs, counts []string
	for _, m := range metrics {
		if s.Results[0].Metrics[m].Proportion != nil {
			probs = append(probs, m)
		} else {
			counts = append(counts, m)
		}
	}
	var out []*Chart
	if len(probs) > 0 {
		c, err := lineChart(s, probs, "sweep-probabilities", true)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	for _, m := range counts {
		c, err := lineChart(s, []string{m}, "sweep-"+m, false)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// lineChart: one parameter on the x axis (numeric when every value is a
// number, else one position per value), each metric a line with its band.
func lineChart(s *Sweep, metrics []string, name string, unit bool) (*Chart, error) {
	p0 := s.Params[0]
	r0 := s.Results[0]
	what := "probabilities"
	if !unit {
		what = readableMetric(metrics[0]) + " (mean)"
	}
	title := fmt.Sprintf("%s by %s: %s", strings.ToUpper(what[:1])+what[1:], p0.Path, r0.Scenario.Name)
	p := newPlot(title)
	xs, numeric := numericValues(p0.Values)
	if !numeric {
		xs = make([]float64, len(p0.Values))
		for i := range xs {
			xs[i] = float64(i)
		}
		p.NominalX(p0.Values...)
	}
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return xs[order[a]] < xs[order[b]] })
	var keys []Key
	for j, m := range metrics {
		col := palette[j%len(palette)]
		var line, up, down plotter.XYs
		for _, i := range order {
			v, ci := s.Results[i].Metrics[m].Value()
			line = append(line, plotter.XY{X: xs[i], Y: v})
			up = append(up, plotter.XY{X: xs[i], Y: ci[1]})
			down = append(down, plotter.XY{X: xs[i], Y: ci[0]})
		}
		pts := append(plotter.XYs{}, up...)
		for i := len(down) - 1; i >= 0; i-- {
			pts = append(pts, down[i])
		}
		poly, err := plotter.NewPolygon(pts)
		if err != nil {
			return nil, err
		}
		poly.Color, poly.LineStyle.Width = translucent(col, 60), 0
		l, sc, err := plotter.NewLinePoints(line)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = col, vg.Points(1.6)
		if j > 0 {
			l.Dashes = []vg.Length{vg.Points(6), vg.Points(2 + 1.5*float64(j))}
		}
		sc.Color, sc.Shape = col, draw.CircleGlyph{}
		p.Add(poly, l, sc)
		keys = append(keys, Key{Label: readableMetric(m), Thumb: []plot.Thumbnailer{l, sc}})
	}
	p.X.Label.Text = p0.Path
	if numeric {
		p.X.Tick.Marker = valueTicks(xs, p0.Values)
		span := xs[order[len(order)-1]] - xs[order[0]]
		p.X.Min, p.X.Max = xs[order[0]]-0.05*span, xs[order[len(order)-1]]+0.05*span
	}
	if unit {
		p.Y.Min, p.Y.Max = 0, 1
		p.Y.Tick.Marker = unitTicks
		p.Y.Label.Text = "share of encounters (95% band)"
	} else {
		p.Y.Label.Text = readableMetric(metrics[0]) + ", mean (95% band)"
	}
	return &Chart{Name: name, Title: title, Plot: p, W: 7 * vg.Inch, H: 3.8 * vg.Inch, Keys: keys}, nil
}

// valueTicks marks the swept values themselves, when there are few enough.
func valueTicks(xs []float64, labels []string) plot.Ticker {
	if len(xs) > 12 {
		return plot.DefaultTicks{}
	}
	var t plot.ConstantTicks
	for i, x := range xs {
		t = append(t, plot.Tick{Value: x, Label: labels[i]})
	}
	sort.Slice(t, func(a, b int) bool { return t[a].Value < t[b].Value })
	return t
}

// grid is a sweep's metric over two parameters, for plotter.HeatMap.
type grid struct {
	s      *Sweep
	metric string
}

func (g grid) Dims() (c, r int) { return len(g.s.Params[0].Values), len(g.s.Params[1].Values) }
func (g grid) X(c int) float64  { return float64(c) }
func (g grid) Y(r int) float64  { return float64(r) }
func (g grid) Z(c, r int) float64 {
	v, _ := g.s.Results[c*len(g.s.Params[1].Values)+r].Metrics[g.metric].Value()
	return v
}

// cellLabels writes each cell's value at its centre, in black or white for
// contrast with the cell's colour.
type cellLabels struct {
	g   grid
	min float64
	max float64
}

func (l cellLabels) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	cols, rows := l.g.Dims()
	for i := range cols {
		for j := range rows {
			z := l.g.Z(i, j)
			sty := textStyle(9)
			sty.XAlign, sty.YAlign = text.XCenter, text.YCenter
			sty.Color = rgb(0x000000)
			if l.max > l.min && ((z-l.min)/(l.max-l.min) < 0.25 || (z-l.min)/(l.max-l.min) > 0.8) {
				sty.Color = rgb(0xffffff)
			}
			label := num(z)
			if l.g.s.Results[0].Metrics[l.g.metric].Proportion != nil {
				label = prob(z)
			}
			c.FillText(sty, vg.Point{X: trX(float64(i)), Y: trY(float64(j))}, label)
		}
	}
}

// heatRange is the span of values a heat map's colours run over: 0 to 1
// for a probability, the range of the data for a count.
func heatRange(g grid) (lo, hi float64) {
	if g.s.Results[0].Metrics[g.metric].Proportion != nil {
		return 0, 1
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	cols, rows := g.Dims()
	for i := range cols {
		for j := range rows {
			lo, hi = math.Min(lo, g.Z(i, j)), math.Max(hi, g.Z(i, j))
		}
	}
	if hi <= lo {
		lo, hi = lo-0.5, hi+0.5
	}
	return lo, hi
}

// heatChart: a metric over two parameters, one cell per variant, with its
// colour scale beside it. A probability's colours run over the whole of 0
// to 1, so that two cells differ in colour as much as they differ in
// chance (0.0074 and 0 look alike); a count's over the range of the data.
func heatChart(s *Sweep, metric string) (*Chart, error) {
	r0 := s.Results[0]
	f, ok := r0.Metrics[metric]
	if !ok {
		return nil, fmt.Errorf("reports: the sweep has no metric %q", metric)
	}
	what := readableMetric(metric)
	if f.Distribution != nil {
		what += " (mean)"
	}
	cm, reading := heatColours(metric)
	title := fmt.Sprintf("%s by %s and %s: %s\n(%s)", what, s.Params[0].Path, s.Params[1].Path, r0.Scenario.Name, reading)
	p := newPlot(title)
	g := grid{s: s, metric: metric}
	cols, rows := g.Dims()
	lo, hi := heatRange(g)
	cm.SetMin(lo)
	cm.SetMax(hi)
	h := plotter.NewHeatMap(g, cm.Palette(255))
	h.Min, h.Max = lo, hi
	p.Add(h, cellLabels{g: g, min: h.Min, max: h.Max})
	p.NominalX(s.Params[0].Values...)
	p.NominalY(s.Params[1].Values...)
	p.X.Label.Text = s.Params[0].Path
	p.Y.Label.Text = s.Params[1].Path
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Min, p.X.Max = -0.5, float64(cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(rows)-0.5
	height := math.Max(2.8, 1.4+0.45*float64(rows))
	scale := newPlot("")
	scale.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	scale.HideX()
	scale.Y.Padding = 0
	scale.Y.Label.Text = what
	if f.Proportion != nil {
		scale.Y.Tick.Marker = unitTicks
	}
	return &Chart{Name: "sweep-heat-" + metric, Title: title, Plot: p, W: 7 * vg.Inch, H: vg.Length(height) * vg.Inch,
		Scale: scale, ScaleWidth: 1.1 * vg.Inch}, nil
}

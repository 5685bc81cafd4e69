package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/tpk-sim/tpk/sim"
)

// PlotKind names a plot of one result.
type PlotKind string

// The plots of a result.
const (
	PlotOutcomes   PlotKind = "outcomes"   // every probability of the encounter, with its 95% interval
	PlotRounds     PlotKind = "rounds"     // rounds per fight, one bar per number of rounds
	PlotSurvival   PlotKind = "survival"   // fights still going, and each side still standing, by round
	PlotDeaths     PlotKind = "deaths"     // party members dead per fight, one bar per number
	PlotCombatants PlotKind = "combatants" // each combatant's probabilities (death, knock-out, flight...)
)

// PlotKinds lists the plots of a result in report order.
var PlotKinds = []PlotKind{PlotOutcomes, PlotRounds, PlotSurvival, PlotDeaths, PlotCombatants}

// Chart is a plot ready to render, with its size and a title that doubles
// as its alternative text.
type Chart struct {
	Name  string // a file name stem: "outcomes", "sweep-victory"
	Title string
	Plot  *plot.Plot
	W, H  vg.Length
	// Keys, when set, are the plot's legend, drawn in rows under the plot,
	// inside the picture: the legend covers no data, makes no axis run past
	// its range (a share past 1) and is never cut off when the picture is
	// scaled to a phone's width.
	Keys []Key
	// Scale, when set, is a colour scale drawn in a band ScaleWidth wide
	// to the right of the plot, inside the picture.
	Scale      *plot.Plot
	ScaleWidth vg.Length
}

// Key is one entry of a chart's legend: a label and what it stands for.
type Key struct {
	Label string
	Thumb []plot.Thumbnailer
}

// keyRow is the height of one row of keys.
const keyRow = 13

// keyLayout places the keys in rows within width: the position of each
// key's thumbnail from the top left of the band, and the band's height.
func keyLayout(keys []Key, width vg.Length) (at []vg.Point, height vg.Length) {
	sty := textStyle(9)
	x, y := vg.Length(0), vg.Length(0)
	for _, k := range keys {
		w := 18 + sty.Width(k.Label) + 14
		if x > 0 && x+w > width {
			x, y = 0, y+keyRow
		}
		at = append(at, vg.Point{X: x, Y: y})
		x += w
	}
	return at, y + keyRow + 6
}

// drawChart draws a chart on a canvas: its colour scale to the right and
// its keys under it, when it has them.
func drawChart(dc draw.Canvas, c *Chart) {
	if c.Scale != nil {
		top := c.Plot.Title.TextStyle.Rectangle(c.Plot.Title.Text).Size().Y + c.Plot.Title.Padding*2
		c.Scale.Draw(draw.Crop(dc, dc.Max.X-dc.Min.X-c.ScaleWidth, -vg.Points(10), vg.Points(6), -top))
		dc = draw.Crop(dc, 0, -c.ScaleWidth, 0, 0)
	}
	if len(c.Keys) == 0 {
		c.Plot.Draw(dc)
		return
	}
	left := vg.Points(10)
	at, height := keyLayout(c.Keys, dc.Max.X-dc.Min.X-left)
	c.Plot.Draw(draw.Crop(dc, 0, 0, height, 0))
	sty := textStyle(9)
	sty.YAlign = text.YCenter
	for i, k := range c.Keys {
		y := dc.Min.Y + height - vg.Points(2) - at[i].Y - keyRow/2
		x := dc.Min.X + left + at[i].X
		thumb := draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: y - 4}, Max: vg.Point{X: x + 14, Y: y + 4}}}
		for _, t := range k.Thumb {
			t.Thumbnail(&thumb)
		}
		dc.FillText(sty, vg.Point{X: x + 18, Y: y}, k.Label)
	}
}

// Charts builds every plot of a result that its data allows: a result
// without a "rounds" or "deaths" count, or without per-combatant
// probabilities, simply has fewer plots.
func Charts(r *sim.Result) ([]*Chart, error) {
	var out []*Chart
	for _, k := range PlotKinds {
		c, err := ResultChart(r, k)
		if err == errNoData {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

var errNoData = fmt.Errorf("reports: the result has no data for this plot")

// ResultChart builds one plot of a result.
func ResultChart(r *sim.Result, kind PlotKind) (*Chart, error) {
	switch kind {
	case PlotOutcomes:
		return outcomesChart(r)
	case PlotRounds:
		return countChart(r, sim.MetricRounds, PlotRounds, "Rounds per fight", "rounds")
	case PlotDeaths:
		return countChart(r, sim.MetricDeaths, PlotDeaths, "Party members dead per fight", "party members dead")
	case PlotSurvival:
		return survivalChart(r)
	case PlotCombatants:
		return combatantsChart(r)
	}
	return nil, fmt.Errorf("reports: unknown plot %q", kind)
}

// The plots' fonts: Liberation Sans, embedded in every SVG.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// Okabe and Ito's palette, readable with every common colour blindness.
var palette = []color.Color{
	rgb(0x0072B2), rgb(0xD55E00), rgb(0x009E73), rgb(0xE69F00),
	rgb(0xCC79A7), rgb(0x56B4E9), rgb(0x999999), rgb(0x000000),
}

func rgb(x uint32) color.RGBA {
	return color.RGBA{R: uint8(x >> 16), G: uint8(x >> 8), B: uint8(x), A: 255}
}

func translucent(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	// Premultiplied, as color.RGBA wants.
	f := float64(alpha) / 255
	return color.RGBA{R: uint8(float64(r>>8) * f), G: uint8(float64(g>>8) * f), B: uint8(float64(b>>8) * f), A: alpha}
}

func textStyle(size vg.Length) text.Style {
	return text.Style{Color: color.Black, Font: font.From(sans, size), Handler: plot.DefaultTextHandler}
}

// newPlot returns a plot with a title and the report fonts.
func newPlot(title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(sans, 12)
	p.Title.Padding = 6
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, 10)
		a.Tick.Label.Font = font.From(sans, 9)
	}
	p.Legend.TextStyle.Font = font.From(sans, 9)
	p.Legend.Top = true
	return p
}

// unitTicks marks 0, 0.2, ... 1 on a probability axis.
var unitTicks = plot.ConstantTicks{
	{Value: 0, Label: "0"}, {Value: 0.2, Label: "0.2"}, {Value: 0.4, Label: "0.4"},
	{Value: 0.6, Label: "0.6"}, {Value: 0.8, Label: "0.8"}, {Value: 1, Label: "1"},
}

// intTicks marks whole numbers only, at a step of 1, 2, 5, 10, 20... so that
// there are at most about ten labels.
type intTicks struct{}

func (intTicks) Ticks(lo, hi float64) []plot.Tick {
	lo, hi = math.Ceil(lo), math.Floor(hi)
	step := 1.0
	for _, m := range []float64{2, 2.5, 2} { // 1, 2, 5, 10, 20, 50...
		if (hi-lo)/step <= 10 {
			break
		}
		step *= m
	}
	for (hi-lo)/step > 10 {
		step *= 10
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ticks
}

// bar is one bar of a bar plot, in data coordinates: its position on the
// category axis, its value, and an interval (none when lo == hi == val).
type bar struct {
	pos, val, lo, hi float64
	color            color.Color
	label            string // written beyond the bar's end
}

// bars draws bars with their intervals in data coordinates, horizontal or
// vertical, width in units of the category axis. gonum's BarChart sizes bars
// in points, which does not line up with error bars placed in data units.
type bars struct {
	bars       []bar
	horizontal bool
	width      float64
}

func (b *bars) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	pt := func(val, pos float64) vg.Point {
		if b.horizontal {
			return vg.Point{X: trX(val), Y: trY(pos)}
		}
		return vg.Point{X: trX(pos), Y: trY(val)}
	}
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(0.8)}
	for _, x := range b.bars {
		h := b.width / 2
		poly := []vg.Point{pt(0, x.pos-h), pt(x.val, x.pos-h), pt(x.val, x.pos+h), pt(0, x.pos+h)}
		c.FillPolygon(x.color, c.ClipPolygonXY(poly))
		end := x.val
		if x.hi > x.lo {
			cap := b.width / 4
			c.StrokeLines(line, c.ClipLinesXY([]vg.Point{pt(x.lo, x.pos), pt(x.hi, x.pos)})...)
			c.StrokeLines(line, c.ClipLinesXY([]vg.Point{pt(x.lo, x.pos-cap), pt(x.lo, x.pos+cap)})...)
			c.StrokeLines(line, c.ClipLinesXY([]vg.Point{pt(x.hi, x.pos-cap), pt(x.hi, x.pos+cap)})...)
			end = x.hi
		}
		if x.label != "" {
			sty := textStyle(8)
			at := pt(end, x.pos)
			if b.horizontal {
				at.X += 3
				sty.YAlign = text.YCenter
			} else {
				at.Y += 3
				sty.XAlign = text.XCenter
			}
			c.FillText(sty, at, x.label)
		}
	}
}

func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	vmin, vmax := 0.0, 0.0
	pmin, pmax := math.Inf(1), math.Inf(-1)
	for _, x := range b.bars {
		vmin = math.Min(vmin, math.Min(x.val, x.lo))
		vmax = math.Max(vmax, math.Max(x.val, x.hi))
		pmin = math.Min(pmin, x.pos-b.width/2)
		pmax = math.Max(pmax, x.pos+b.width/2)
	}
	if len(b.bars) == 0 {
		pmin, pmax = 0, 1
	}
	if b.horizontal {
		return vmin, vmax, pmin, pmax
	}
	return pmin, pmax, vmin, vmax
}

// swatch is a legend entry: a filled square.
type swatch struct{ color color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.color, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}})
}

// probabilities returns a result's encounter probabilities in order.
func probabilities(r *sim.Result) (names []string, ps []*sim.Proportion) {
	for _, name := range metricOrder(r) {
		if p := r.Metrics[name].Proportion; p != nil {
			names = append(names, name)
			ps = append(ps, p)
		}
	}
	return names, ps
}

// outcomesChart: every probability of the encounter as a horizontal bar
// with its Wilson interval, the first metric on top.
func outcomesChart(r *sim.Result) (*Chart, error) {
	names, ps := probabilities(r)
	if len(names) == 0 {
		return nil, errNoData
	}
	title := "Outcomes: " + r.Scenario.Name
	p := newPlot(title)
	n := len(names)
	b := &bars{horizontal: true, width: 0.7}
	labels := make([]string, n)
	for i, pr := range ps {
		pos := float64(n - 1 - i)
		labels[n-1-i] = names[i]
		label := prob(pr.P)
		if pr.FewEvents() {
			label += " (rests on few events)"
		}
		b.bars = append(b.bars, bar{pos: pos, val: pr.P, lo: pr.CI95[0], hi: pr.CI95[1], color: palette[0], label: label})
	}
	p.Add(b)
	p.NominalY(labels...)
	p.X.Min, p.X.Max = 0, 1.15
	p.X.Tick.Marker = unitTicks
	p.X.Label.Text = fmt.Sprintf("share of %d encounters, with 95%% Wilson intervals", r.Trials)
	return &Chart{Name: string(PlotOutcomes), Title: title, Plot: p, W: 7 * vg.Inch, H: vg.Length(1.2+0.28*float64(n)) * vg.Inch}, nil
}

// countChart: a count's exact histogram as one bar per value, as shares
// of the encounters.
func countChart(r *sim.Result, metric string, kind PlotKind, what, axis string) (*Chart, error) {
	f, ok := r.Metrics[metric]
	if !ok || f.Distribution == nil || f.Distribution.N == 0 {
		return nil, errNoData
	}
	d := f.Distribution
	title := fmt.Sprintf("%s: %s\nmean %s (95%% interval %s to %s), sd %s", what, r.Scenario.Name, num(d.Mean), num(d.CI95[0]), num(d.CI95[1]), num(d.SD))
	p := newPlot(title)
	b := &bars{width: 0.8}
	lo, hi := math.MaxInt, 0
	for v, c := range d.Histogram {
		if c > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	for v := lo; v <= hi; v++ {
		b.bars = append(b.bars, bar{pos: float64(v), val: float64(d.Histogram[v]) / float64(d.N), color: palette[0]})
	}
	p.Add(b)
	p.X.Tick.Marker = intTicks{}
	p.X.Label.Text = axis
	p.Y.Label.Text = "share of encounters"
	p.Y.Min = 0
	p.X.Min, p.X.Max = float64(lo)-0.6, float64(hi)+0.6
	return &Chart{Name: string(kind), Title: title, Plot: p, W: 7 * vg.Inch, H: 3.2 * vg.Inch}, nil
}

// Curve is a share by round with its 95% band: Value[r], Lo[r] and Hi[r]
// for r = 0, 1, ... (after round r; 0 is the start).
type Curve struct {
	Label         string
	Value, Lo, Hi []float64
}

// SurvivalCurves returns the share of fights still going after each round
// (from the exact histogram of rounds, with Wilson bands) and, when the
// system reports who stands round by round, the share of each side still
// standing (the mean over encounters of the side's members standing over
// its size, with a conservative band, see sim.WilsonShare). A fight that
// ended before round r counts with its final state.
func SurvivalCurves(r *sim.Result) []Curve {
	var out []Curve
	if f, ok := r.Metrics[sim.MetricRounds]; ok && f.Distribution != nil && f.Distribution.N > 0 {
		d := f.Distribution
		top := 0
		for v, c := range d.Histogram {
			if c > 0 {
				top = max(top, v)
			}
		}
		c := Curve{Label: "fights still going"}
		for round := 0; round <= top; round++ {
			var going int64
			for v, n := range d.Histogram {
				if v > round {
					going += n
				}
			}
			lo, hi := sim.Wilson(going, d.N)
			c.Value = append(c.Value, float64(going)/float64(d.N))
			c.Lo, c.Hi = append(c.Lo, lo), append(c.Hi, hi)
		}
		out = append(out, c)
	}
	for _, side := range []sim.Side{sim.Party, sim.Foes} {
		var members [][]int64
		top := -1
		for _, c := range r.Combatants {
			if c.Side == side && len(c.Standing) > 0 {
				members = append(members, c.Standing)
				top = max(top, len(c.Standing)-1)
			}
		}
		if len(members) == 0 {
			continue
		}
		c := Curve{Label: string(side) + " still standing"}
		for round := 0; round <= top; round++ {
			var sum float64
			for _, m := range members {
				sum += float64(m[min(round, len(m)-1)])
			}
			share := sum / float64(r.Trials) / float64(len(members))
			lo, hi := sim.WilsonShare(share, r.Trials)
			c.Value = append(c.Value, share)
			c.Lo, c.Hi = append(c.Lo, lo), append(c.Hi, hi)
		}
		out = append(out, c)
	}
	return out
}

// steps turns values after each round into the points of a step line.
func steps(v []float64) plotter.XYs {
	var xy plotter.XYs
	for r, y := range v {
		if r > 0 {
			xy = append(xy, plotter.XY{X: float64(r), Y: v[r-1]})
		}
		xy = append(xy, plotter.XY{X: float64(r), Y: y})
	}
	return xy
}

// band is the polygon between two step lines.
func band(lo, hi []float64, fill color.Color) (*plotter.Polygon, error) {
	up := steps(hi)
	down := steps(lo)
	pts := append(plotter.XYs{}, up...)
	for i := len(down) - 1; i >= 0; i-- {
		pts = append(pts, down[i])
	}
	poly, err := plotter.NewPolygon(pts)
	if err != nil {
		return nil, err
	}
	poly.Color = fill
	poly.LineStyle.Width = 0
	return poly, nil
}

// survivalChart: the survival curves with their bands.
func survivalChart(r *sim.Result) (*Chart, error) {
	curves := SurvivalCurves(r)
	if len(curves) == 0 {
		return nil, errNoData
	}
	title := "Still going, still standing: " + r.Scenario.Name
	p := newPlot(title)
	if len(curves) == 1 {
		p.Title.Text += "\n(this system does not report who stands by round)"
	}
	var keys []Key
	for i, c := range curves {
		col := palette[i]
		poly, err := band(c.Lo, c.Hi, translucent(col, 60))
		if err != nil {
			return nil, err
		}
		l, err := plotter.NewLine(steps(c.Value))
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = col, vg.Points(1.6)
		if i > 0 {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5 * float64(i))}
		}
		p.Add(poly, l)
		keys = append(keys, Key{Label: c.Label, Thumb: []plot.Thumbnailer{l}})
	}
	p.Y.Min, p.Y.Max = 0, 1 // a share: the axis stops at 1; the legend stands under the plot
	p.Y.Tick.Marker = unitTicks
	p.Y.Label.Text = "share (95% band)"
	p.X.Label.Text = "after round"
	p.X.Tick.Marker = intTicks{}
	p.X.Min = 0
	return &Chart{Name: string(PlotSurvival), Title: title, Plot: p, W: 7 * vg.Inch, H: 3.8 * vg.Inch, Keys: keys}, nil
}

// combatantsChart: every per-combatant probability (death, knock-out,
// flight...) as grouped horizontal bars with Wilson intervals; a metric
// that never happened to anyone is left out.
func combatantsChart(r *sim.Result) (*Chart, error) {
	var metrics []string
	seen := map[string]bool{}
	for _, c := range r.Combatants {
		order := c.MetricOrder
		if len(order) == 0 {
			order = sortedNames(c.Metrics)
		}
		for _, m := range order {
			if pr := c.Metrics[m].Proportion; pr != nil && pr.Events > 0 && !seen[m] {
				seen[m] = true
				metrics = append(metrics, m)
			}
		}
	}
	if len(metrics) == 0 {
		return nil, errNoData
	}
	title := "Each combatant: " + r.Scenario.Name
	p := newPlot(title)
	n, k := len(r.Combatants), len(metrics)
	b := &bars{horizontal: true, width: 0.8 / float64(k)}
	labels := make([]string, n)
	for i, c := range r.Combatants {
		base := float64(n - 1 - i)
		labels[n-1-i] = c.Name
		for j, m := range metrics {
			pr := c.Metrics[m].Proportion
			if pr == nil {
				continue
			}
			pos := base + 0.4 - b.width*(float64(j)+0.5)
			b.bars = append(b.bars, bar{pos: pos, val: pr.P, lo: pr.CI95[0], hi: pr.CI95[1],
				color: palette[j%len(palette)], label: prob(pr.P)})
		}
	}
	p.Add(b)
	keys := make([]Key, len(metrics))
	for j, m := range metrics {
		keys[j] = Key{Label: m, Thumb: []plot.Thumbnailer{swatch{palette[j%len(palette)]}}}
	}
	p.NominalY(labels...)
	p.X.Min, p.X.Max = 0, 1.15 // room on the right for the values; the legend stands under the plot
	p.X.Tick.Marker = unitTicks
	p.X.Label.Text = fmt.Sprintf("share of %d encounters, with 95%% Wilson intervals", r.Trials)
	h := 1.5 + 0.22*float64(n*k)
	return &Chart{Name: string(PlotCombatants), Title: title, Plot: p, W: 7 * vg.Inch, H: vg.Length(math.Max(h, 2.8)) * vg.Inch, Keys: keys}, nil
}

// Render writes a chart as "png" (at 120 dots per inch) or "svg". An SVG
// names its font, Liberation Sans, followed by the metric-compatible Arial
// and Helvetica and then any sans-serif, instead of embedding it: an
// embedded font made every SVG about 550 KB, and the PNG is there for an
// exact picture.
func Render(w io.Writer, c *Chart, format string) error {
	switch format {
	case "png":
		cv := vgimg.NewWith(vgimg.UseWH(c.W, c.H), vgimg.UseDPI(120), vgimg.UseBackgroundColor(color.White))
		drawChart(draw.New(cv), c)
		_, err := vgimg.PngCanvas{Canvas: cv}.WriteTo(w)
		return err
	case "svg":
		var b bytes.Buffer
		if err := renderSVG(&b, c, false); err != nil {
			return err
		}
		_, err := io.WriteString(w, strings.ReplaceAll(b.String(), "font-family:"+plotFamily+";", "font-family:"+svgFamilies+";"))
		return err
	}
	return fmt.Errorf("reports: unknown image format %q (png or svg)", format)
}

// plotFamily is the family name gonum/plot writes for the plots' font;
// svgFamilies is what a standalone SVG asks for instead.
const (
	plotFamily  = "Liberation Sans"
	svgFamilies = "'Liberation Sans',Arial,Helvetica,sans-serif"
)

// renderSVG draws a chart as SVG, with or without its fonts embedded.
func renderSVG(w io.Writer, c *Chart, embed bool) (err error) {
	defer func() {
		// gonum/plot panics on some degenerate plots; a report must fail
		// with an error instead.
		if r := recover(); r != nil {
			err = fmt.Errorf("reports: drawing %s: %v", c.Name, r)
		}
	}()
	cv := vgsvg.NewWith(vgsvg.UseWH(c.W, c.H), vgsvg.EmbedFonts(embed))
	drawChart(draw.New(cv), c)
	_, err = cv.WriteTo(w)
	return err
}

// inlineSVG renders a chart for an HTML page: no XML prologue, no fonts
// (the page holds them once), scalable to the width of the page.
func inlineSVG(c *Chart) (string, error) {
	var b bytes.Buffer
	if err := renderSVG(&b, c, false); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	// Let CSS size it: keep the viewBox, drop the fixed size in points.
	if i := strings.Index(s, ">"); i >= 0 {
		head := s[:i]
		for _, attr := range []string{"width", "height"} {
			if j := strings.Index(head, " "+attr+"=\""); j >= 0 {
				k := strings.Index(head[j+len(attr)+3:], "\"")
				head = head[:j] + head[j+len(attr)+4+k:]
			}
		}
		s = head + fmt.Sprintf(` role="img" aria-label="%s"`, htmlAttr(c.Title)) + s[i:]
	}
	return s, nil
}

// numericValues returns the values as numbers when every one is a number
// and no two are equal, so that they can stand on a numeric axis.
func numericValues(vals []string) ([]float64, bool) {
	out := make([]float64, len(vals))
	seen := map[float64]bool{}
	for i, v := range vals {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || seen[x] {
			return nil, false
		}
		seen[x] = true
		out[i] = x
	}
	return out, true
}

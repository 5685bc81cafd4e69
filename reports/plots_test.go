package reports

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// fixture reads a result file from testdata: a Locus party fight and a
// Demon City fight (whose fighters fall and get up again), written by
// tpk run --format json.
func fixture(t *testing.T, name string) *sim.Result {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := sim.ReadResults(name, b)
	if err != nil {
		t.Fatal(err)
	}
	return rs[0]
}

// nonBlank checks that a PNG has drawn content: enough pixels that are not
// the background, in more than a couple of colours.
func nonBlank(t *testing.T, what string, data []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", what, err)
	}
	b := img.Bounds()
	inked, colours := 0, map[color.RGBA]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
			colours[c] = true
			if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				inked++
			}
		}
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	if inked < total/100 || len(colours) < 4 {
		t.Errorf("%s looks blank: %d of %d pixels drawn, %d colours", what, inked, total, len(colours))
	}
}

// validSVG checks that an SVG parses as XML, has text, and names its font
// with fallbacks instead of embedding it.
func validSVG(t *testing.T, what string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	texts := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not valid XML: %v", what, err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
			texts++
		}
	}
	if texts < 5 {
		t.Errorf("%s: %d text elements; the labels are missing", what, texts)
	}
	if bytes.Contains(data, []byte("@font-face")) {
		t.Errorf("%s: the font is embedded (%d bytes)", what, len(data))
	}
	if !bytes.Contains(data, []byte("font-family:"+svgFamilies+";")) {
		t.Errorf("%s: the text does not name the font and its fallbacks %s", what, svgFamilies)
	}
}

// Every plot kind renders, as PNG and as SVG naming its font with fallbacks, for
// both systems; and so do the sweep's line plot and heat map.
func TestEveryPlotKindRenders(t *testing.T) {
	for _, name := range []string{"locus-party.json", "demoncity-narth.json"} {
		r := fixture(t, name)
		charts, err := Charts(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(charts) != len(PlotKinds) {
			t.Errorf("%s: %d charts, want one of each of the %d kinds", name, len(charts), len(PlotKinds))
		}
		for _, c := range charts {
			var p, s bytes.Buffer
			if err := Render(&p, c, "png"); err != nil {
				t.Fatalf("%s %s png: %v", name, c.Name, err)
			}
			nonBlank(t, name+" "+c.Name, p.Bytes())
			if err := Render(&s, c, "svg"); err != nil {
				t.Fatalf("%s %s svg: %v", name, c.Name, err)
			}
			validSVG(t, name+" "+c.Name, s.Bytes())
		}
	}
	sw := testSweep(t)
	for _, metrics := range [][]string{{"victory", "tpk", "rounds"}} {
		charts, err := SweepCharts(sw, metrics)
		if err != nil || len(charts) != 2 {
			t.Fatalf("one parameter: %d charts, %v; want a line plot of probabilities and one of rounds", len(charts), err)
		}
		two := &Sweep{Params: []SweepParam{{Path: "a", Values: []string{"1", "2"}}, {Path: "b", Values: []string{"x", "y"}}},
			Results: sw.Results[:4]}
		heat, err := SweepCharts(two, metrics)
		if err != nil || len(heat) != 3 {
			t.Fatalf("two parameters: %d charts, %v; want a heat map per metric", len(heat), err)
		}
		for _, c := range append(charts, heat...) {
			var p, s bytes.Buffer
			if err := Render(&p, c, "png"); err != nil {
				t.Fatal(err)
			}
			nonBlank(t, c.Name, p.Bytes())
			if err := Render(&s, c, "svg"); err != nil {
				t.Fatal(err)
			}
			validSVG(t, c.Name, s.Bytes())
		}
	}
	if err := Render(io.Discard, &Chart{}, "gif"); err == nil {
		t.Error("an unknown image format gives no error")
	}
}

// testSweep makes a sweep of five variants from the Locus fixture with
// victory rising.
func testSweep(t *testing.T) *Sweep {
	base := fixture(t, "locus-party.json")
	sw := &Sweep{Params: []SweepParam{{Path: "foes[0].attack", Values: []string{"1", "2", "3", "4", "5"}}}}
	for i := range 5 {
		b, _ := base.MarshalJSON()
		rs, err := sim.ReadResults("x", b)
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		v := *r.Metrics["victory"].Proportion
		v.P = 0.2 + 0.15*float64(i)
		v.CI95 = [2]float64{v.P - 0.02, v.P + 0.02}
		r.Metrics["victory"] = sim.Figure{Proportion: &v}
		r.Variant = sw.Variant(i)
		sw.Results = append(sw.Results, r)
	}
	return sw
}

// A result without who-stands data, or without rounds and deaths, gets the
// plots its data allow and says what is missing.
func TestPlotsWithMissingData(t *testing.T) {
	r := fixture(t, "locus-party.json")
	for i := range r.Combatants {
		r.Combatants[i].Standing = nil
	}
	c, err := ResultChart(r, PlotSurvival)
	if err != nil || !strings.Contains(c.Plot.Title.Text, "does not report who stands") {
		t.Errorf("survival without standing data: %v, title %q", err, c.Plot.Title.Text)
	}
	delete(r.Metrics, "deaths")
	delete(r.Metrics, "rounds")
	charts, err := Charts(r)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, c := range charts {
		kinds = append(kinds, c.Name)
	}
	if strings.Join(kinds, ",") != "outcomes,combatants" {
		t.Errorf("charts %v, want outcomes and combatants", kinds)
	}
	if _, err := ResultChart(r, "pie"); err == nil {
		t.Error("an unknown plot kind gives no error")
	}
}

// The survival curves: fights still going from the rounds histogram, and
// each side's standing share from the per-combatant counts, every value
// inside its band.
func TestSurvivalCurves(t *testing.T) {
	r := fixture(t, "demoncity-narth.json")
	curves := SurvivalCurves(r)
	if len(curves) != 3 {
		t.Fatalf("%d curves, want fights, party and foes", len(curves))
	}
	going := curves[0]
	if going.Value[0] != 1 {
		t.Errorf("every fight is going before round 1: %v", going.Value[0])
	}
	for i := 1; i < len(going.Value); i++ {
		if going.Value[i] > going.Value[i-1] {
			t.Errorf("fights still going rises at round %d", i)
		}
	}
	// The Narth alone on its side: its standing share is its own count.
	foes := curves[2]
	narth := r.Combatants[4]
	for i, v := range foes.Value {
		if want := float64(narth.Standing[i]) / float64(r.Trials); v != want {
			t.Errorf("round %d: foes standing %v, want %v", i, v, want)
		}
	}
	for _, c := range curves {
		for i := range c.Value {
			if c.Lo[i] > c.Value[i] || c.Value[i] > c.Hi[i] {
				t.Errorf("%s round %d: %v outside [%v, %v]", c.Label, i, c.Value[i], c.Lo[i], c.Hi[i])
			}
		}
	}
	// Knock-outs and recoveries: Ann is back up in later rounds.
	ann := r.Combatants[0].Standing
	if !(ann[8] > ann[6]) {
		t.Errorf("Ann's standing count does not recover: %v", ann[:12])
	}
}

// The survival plot's share axis stops at 1: its legend stands beside the
// plot, not on an axis stretched past 1 to make room over the curves.
func TestSurvivalAxisStopsAtOne(t *testing.T) {
	c, err := survivalChart(fixture(t, "demoncity-narth.json"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Plot.Y.Max != 1 {
		t.Errorf("the share axis runs to %v, want 1", c.Plot.Y.Max)
	}
	var s bytes.Buffer
	if err := Render(&s, c, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, curve := range SurvivalCurves(fixture(t, "demoncity-narth.json")) {
		if !strings.Contains(s.String(), curve.Label) {
			t.Errorf("the legend lacks %q", curve.Label)
		}
	}
}

// Sweep plots name metrics in words (a legend "any death") and parameters
// as the tables and --vary do (an axis "foes[0].attack", not "foe 1"), and
// a heat map says which end of its colours is good for the party.
func TestSweepPlotsReadable(t *testing.T) {
	sw := testSweep(t)
	charts, err := SweepCharts(sw, []string{"victory", "any_death", "rounds"})
	if err != nil {
		t.Fatal(err)
	}
	var s bytes.Buffer
	if err := Render(&s, charts[0], "svg"); err != nil {
		t.Fatal(err)
	}
	if svg := s.String(); !strings.Contains(svg, "any death") || strings.Contains(svg, "any_death") || !strings.Contains(svg, "foes[0].attack") {
		t.Errorf("the line plot's legend or axis is not in words: %q", charts[0].Title)
	}
	two := &Sweep{Params: []SweepParam{{Path: "foes[0].attack", Values: []string{"1", "2"}}, {Path: "options.L-3", Values: []string{"dice", "ignore"}}},
		Results: sw.Results[:4]}
	heat, err := SweepCharts(two, []string{"victory", "any_death", "rounds"})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"blue: better for the party", "blue: better for the party", "red: higher"} {
		if !strings.Contains(heat[i].Title, want) {
			t.Errorf("heat map %s: title %q does not say %q", heat[i].Name, heat[i].Title, want)
		}
	}
	// Victory is good when high, any_death when low: the good end is blue
	// in both.
	for _, tc := range []struct {
		metric   string
		highGood bool
	}{{"victory", true}, {"any_death", false}} {
		t.Run(tc.metric, func(t *testing.T) {
			cm, _ := heatColours(tc.metric)
			cm.SetMin(0)
			cm.SetMax(1)
			cs := cm.Palette(255).Colors()
			low, high := cs[0], cs[len(cs)-1]
			good, bad := high, low
			if !tc.highGood {
				good, bad = low, high
			}
			if !bluer(good, bad) {
				t.Errorf("%s: the good end %v is not bluer than the bad end %v", tc.metric, good, bad)
			}
		})
	}
}

// bluer reports whether a has more blue than red, and b the other way.
func bluer(a, b color.Color) bool {
	ar, _, ab, _ := a.RGBA()
	br, _, bb, _ := b.RGBA()
	return ab > ar && br > bb
}

// A heat map of a probability colours on the fixed scale 0 to 1, whatever
// the data's range: 0.0074 and 0 are near colours, not the two ends of the
// scale; a count's colours run over its data. The scale is drawn beside
// the map.
func TestHeatMapFixedScale(t *testing.T) {
	sw := testSweep(t)
	two := &Sweep{Params: []SweepParam{{Path: "foes[0].attack", Values: []string{"1", "2"}}, {Path: "options.L-3", Values: []string{"dice", "ignore"}}},
		Results: sw.Results[:4]}
	for i, p := range []float64{0, 0.0074, 0, 0.0074} {
		v := *two.Results[i].Metrics["any_death"].Proportion
		v.P = p
		two.Results[i].Metrics["any_death"] = sim.Figure{Proportion: &v}
	}
	lo, hi := heatRange(grid{s: two, metric: "any_death"})
	if lo != 0 || hi != 1 {
		t.Errorf("a probability's colours run over %g to %g, want 0 to 1", lo, hi)
	}
	cm, _ := heatColours("any_death")
	cm.SetMin(lo)
	cm.SetMax(hi)
	a, _ := cm.At(0)
	b, _ := cm.At(0.0074)
	if d := colourDistance(a, b); d > 0.05 {
		t.Errorf("0 and 0.0074 differ by %.2f of the colour range", d)
	}
	if lo, hi := heatRange(grid{s: two, metric: "rounds"}); lo >= hi {
		t.Errorf("a count's colours run over %g to %g", lo, hi)
	}
	heat, err := SweepCharts(two, []string{"any_death"})
	if err != nil {
		t.Fatal(err)
	}
	if heat[0].Scale == nil || heat[0].ScaleWidth <= 0 {
		t.Fatal("the heat map has no colour scale")
	}
	var s bytes.Buffer
	if err := Render(&s, heat[0], "svg"); err != nil {
		t.Fatal(err)
	}
	for _, tick := range []string{">0.2<", ">0.8<", ">1<"} {
		if !strings.Contains(s.String(), tick) {
			t.Errorf("the colour scale lacks the tick %s", tick)
		}
	}
}

// colourDistance is the largest difference of two colours' channels, as a
// share of the channel's range.
func colourDistance(a, b color.Color) float64 {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := 0.0
	for _, p := range [][2]uint32{{ar, br}, {ag, bg}, {ab, bb}} {
		d = math.Max(d, math.Abs(float64(p[0])-float64(p[1]))/0xffff)
	}
	return d
}

// The legends stand under the plot, inside the picture: every key's label
// is drawn within the picture's width, and no probability axis runs past 1
// to make room for them.
func TestLegendsInsideThePicture(t *testing.T) {
	r := fixture(t, "locus-party.json")
	sw := testSweep(t)
	line, err := SweepCharts(sw, []string{"victory", "any_death"})
	if err != nil {
		t.Fatal(err)
	}
	surv, err := ResultChart(r, PlotSurvival)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Chart{surv, line[0]} {
		if len(c.Keys) == 0 {
			t.Errorf("%s: no keys", c.Name)
			continue
		}
		at, height := keyLayout(c.Keys, c.W-10)
		for i, k := range c.Keys {
			if end := at[i].X + 18 + textStyle(9).Width(k.Label); end > c.W {
				t.Errorf("%s: the key %q ends at %v, past the picture's %v", c.Name, k.Label, end, c.W)
			}
		}
		if height <= 0 || height > c.H/4 {
			t.Errorf("%s: the keys take %v of %v", c.Name, height, c.H)
		}
		if c.Plot.Y.Max > 1 && c.Name != "sweep-rounds" {
			t.Errorf("%s: the y axis runs to %g", c.Name, c.Plot.Y.Max)
		}
		var s bytes.Buffer
		if err := Render(&s, c, "svg"); err != nil {
			t.Fatal(err)
		}
		for _, k := range c.Keys {
			if !strings.Contains(s.String(), ">"+k.Label+"<") {
				t.Errorf("%s: the picture lacks the key %q", c.Name, k.Label)
			}
		}
	}
}

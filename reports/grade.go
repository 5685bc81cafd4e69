package reports

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ScorePoint is one foe on a calibration plot: its score by the game's own
// rule against its simulated deadliness.
type ScorePoint struct {
	Label  string  // the foe's name; written beside the point unless Faint
	Score  float64 // the rule's raw score (x)
	P      float64 // the simulated deadliness (y)
	Lo, Hi float64 // its 95% interval
	Grade  int     // the rule's grade, an index into the scale: the colour
	Faint  bool    // a random draw: a small point, no label
}

// CalibrationChart plots a rule's score against simulated deadliness, one
// point per foe coloured by the rule's grade, with 95% error bars and the
// lower bounds of the empirical grades as dashed lines (none when lower is
// empty). A rule that tracked deadliness would put its points on a rising
// curve, the colours in horizontal layers between the lines.
func CalibrationChart(title, scoreAxis, deadlinessAxis string, scale []string, pts []ScorePoint, lower []float64) (*Chart, error) {
	if len(pts) == 0 {
		return nil, errNoData
	}
	p := newPlot(title)
	p.X.Label.Text, p.Y.Label.Text = scoreAxis, deadlinessAxis
	p.X.Tick.Marker = intTicks{}
	p.Y.Min, p.Y.Max = 0, 1.3
	p.Y.Tick.Marker = unitTicks
	minX, maxX := math.Inf(1), math.Inf(-1)
	for _, pt := range pts {
		minX, maxX = math.Min(minX, pt.Score), math.Max(maxX, pt.Score)
	}
	pad := math.Max(1, 0.05*(maxX-minX))
	p.X.Min, p.X.Max = minX-pad, maxX+pad
	for i, lo := range lower {
		l, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: lo}, {X: p.X.Max, Y: lo}})
		if err != nil {
			return nil, err
		}
		l.Color, l.Width, l.Dashes = palette[6], vg.Points(0.8), []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
		if i+1 < len(scale) {
			lab, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: p.X.Min, Y: lo}},
				Labels: []string{scale[i+1] + " from here"}})
			if err != nil {
				return nil, err
			}
			lab.TextStyle[0] = textStyle(7)
			lab.TextStyle[0].Color = palette[6]
			p.Add(lab)
		}
	}
	// Faint points first, so that named foes stay on top.
	for _, faint := range []bool{true, false} {
		for g := range scale {
			var xy plotter.XYs
			var errs plotter.YErrors
			var labels []string
			for _, pt := range pts {
				if pt.Faint != faint || pt.Grade != g {
					continue
				}
				xy = append(xy, plotter.XY{X: pt.Score, Y: pt.P})
				errs = append(errs, struct{ Low, High float64 }{pt.P - pt.Lo, pt.Hi - pt.P})
				labels = append(labels, pt.Label)
			}
			if len(xy) == 0 {
				continue
			}
			col := palette[g%len(palette)]
			sc, err := plotter.NewScatter(xy)
			if err != nil {
				return nil, err
			}
			sc.Color, sc.Shape = col, draw.CircleGlyph{}
			sc.Radius = vg.Points(3.5)
			if faint {
				sc.Color, sc.Radius = translucent(col, 110), vg.Points(2)
			}
			p.Add(sc)
			if !faint {
				eb, err := plotter.NewYErrorBars(struct {
					plotter.XYer
					plotter.YErrorer
				}{xy, errs})
				if err != nil {
					return nil, err
				}
				eb.Color, eb.Width = col, vg.Points(1)
				lab, err := plotter.NewLabels(plotter.XYLabels{XYs: xy, Labels: labels})
				if err != nil {
					return nil, err
				}
				for i := range lab.TextStyle {
					lab.TextStyle[i] = textStyle(8)
				}
				lab.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(2)}
				p.Add(eb, lab)
			}
			if faint || !hasFaint(pts, g) {
				p.Legend.Add(scale[g], swatch{col})
			}
		}
	}
	return &Chart{Name: "calibration", Title: title, Plot: p, W: 7 * vg.Inch, H: 4.5 * vg.Inch}, nil
}

func hasFaint(pts []ScorePoint, g int) bool {
	for _, pt := range pts {
		if pt.Faint && pt.Grade == g {
			return true
		}
	}
	return false
}

// TacticRow is one foe's lethality under each tactic of a grid, with 95%
// intervals.
type TacticRow struct {
	Label     string
	P, Lo, Hi []float64
}

// maxTacticRows caps the foes of a tactics chart: more lines are unreadable.
const maxTacticRows = 8

// TacticsChart plots each foe's lethality under each tactic, one line per
// foe with 95% error bars, so that a reader sees how much the party's
// choice matters and whether the foes keep their order across tactics.
func TacticsChart(title, axis string, tactics []string, rows []TacticRow) (*Chart, error) {
	if len(rows) == 0 || len(tactics) == 0 {
		return nil, errNoData
	}
	if len(rows) > maxTacticRows {
		return nil, errors.New("reports: too many foes for a tactics chart")
	}
	p := newPlot(title)
	p.NominalX(tactics...)
	p.X.Min, p.X.Max = -0.6, float64(len(tactics))-0.4
	p.Y.Min, p.Y.Max = 0, 1.3
	p.Y.Tick.Marker = unitTicks
	p.Y.Label.Text = axis
	p.X.Label.Text = "party tactic"
	for j, r := range rows {
		if len(r.P) != len(tactics) {
			return nil, fmt.Errorf("reports: %s has %d figures for %d tactics", r.Label, len(r.P), len(tactics))
		}
		col := palette[j%len(palette)]
		// Spread the foes a little along x so that their bars do not hide
		// each other.
		shift := (float64(j) - float64(len(rows)-1)/2) * 0.06
		var xy plotter.XYs
		var errs plotter.YErrors
		for t := range tactics {
			xy = append(xy, plotter.XY{X: float64(t) + shift, Y: r.P[t]})
			errs = append(errs, struct{ Low, High float64 }{r.P[t] - r.Lo[t], r.Hi[t] - r.P[t]})
		}
		l, sc, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = col, vg.Points(1.2)
		if j > 0 {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(1.5 + float64(j))}
		}
		sc.Color, sc.Shape = col, draw.CircleGlyph{}
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{xy, errs})
		if err != nil {
			return nil, err
		}
		eb.Color = col
		p.Add(l, sc, eb)
		p.Legend.Add(r.Label, l, sc)
	}
	return &Chart{Name: "tactics", Title: title, Plot: p, W: 7 * vg.Inch, H: 4 * vg.Inch}, nil
}

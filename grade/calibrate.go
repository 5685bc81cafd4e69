package grade

import (
	"fmt"
	"math"
	"slices"
)

// Calibrate compares the rule with the simulation over gs (foes of one
// system, graded with the same tactics).
func Calibrate(scale []string, gs []*Graded) *Calibration {
	c := &Calibration{N: len(gs)}
	x, y := make([]float64, len(gs)), make([]float64, len(gs))
	for i, g := range gs {
		x[i], y[i] = g.Rule.Score, g.Deadliness.P
		if g.Sample {
			c.Samples++
		}
	}
	rho := Spearman(x, y)
	p, method := SpearmanP(x, y)
	c.Spearman, c.P, c.PMethod = Number(rho), Number(p), method
	if lo, hi, ok := SpearmanCI(rho, c.N); ok {
		c.CI95 = &[2]float64{lo, hi}
	}
	if len(gs) > 0 {
		for t := range gs[0].Tactics {
			ty := make([]float64, len(gs))
			for i, g := range gs {
				ty[i] = g.Tactics[t].Lethality.P
			}
			p, _ := SpearmanP(x, ty)
			c.ByTactic = append(c.ByTactic, TacticCorrelation{Tactic: gs[0].Tactics[t].Tactic, Spearman: Number(Spearman(x, ty)), P: Number(p)})
		}
	}
	byGrade(c, scale, gs)
	disagreements(c, scale, gs)
	agreement(c, scale, gs)
	prices(c, gs)
	notes(c)
	return c
}

func byGrade(c *Calibration, scale []string, gs []*Graded) {
	c.MediansRise = true
	last := math.Inf(-1)
	for r, name := range scale {
		var ys []float64
		for _, g := range gs {
			if g.Rule.Rank == r {
				ys = append(ys, g.Deadliness.P)
			}
		}
		s := GradeSummary{Grade: name, N: len(ys)}
		if len(ys) > 0 {
			s.Median, s.Q1, s.Q3 = Quantile7(ys, 0.5), Quantile7(ys, 0.25), Quantile7(ys, 0.75)
			s.Min, s.Max = slices.Min(ys), slices.Max(ys)
			if s.Median < last {
				c.MediansRise = false
			}
			last = s.Median
		}
		c.ByGrade = append(c.ByGrade, s)
	}
}

// disagreements finds, for every foe, the farthest grade whose median it
// passes the wrong way.
func disagreements(c *Calibration, scale []string, gs []*Graded) {
	for _, g := range gs {
		r := g.Rule.Rank
		var d *Disagreement
		for h := range scale {
			s := c.ByGrade[h]
			if s.N == 0 || h == r {
				continue
			}
			p := g.Deadliness
			switch {
			case h > r && p.P > s.Median:
				d = &Disagreement{Than: s.Grade, Median: s.Median, Steps: h - r, Deadlier: true, Clear: p.CI95[0] > s.Median}
			case h < r && p.P < s.Median && (d == nil || !d.Deadlier && r-h > d.Steps):
				d = &Disagreement{Than: s.Grade, Median: s.Median, Steps: r - h, Clear: p.CI95[1] < s.Median}
			}
		}
		if d == nil {
			continue
		}
		if g.Sample {
			c.SampleDisagreements++
			continue
		}
		d.ID, d.Name, d.Grade, d.Deadliness = g.ID, g.Name, g.Rule.Grade, g.Deadliness
		c.Disagreements = append(c.Disagreements, *d)
	}
}

func agreement(c *Calibration, scale []string, gs []*Graded) {
	if len(gs) == 0 || gs[0].EmpiricalRank < 0 {
		return
	}
	a := &Agreement{Table: make([][]int, len(scale))}
	for i := range a.Table {
		a.Table[i] = make([]int, len(scale))
	}
	for _, g := range gs {
		if g.Undetermined {
			a.Undetermined++
			continue
		}
		a.Table[g.Rule.Rank][g.EmpiricalRank]++
		switch d := abs(g.Rule.Rank - g.EmpiricalRank); {
		case d == 0:
			a.Same++
		case d == 1:
			a.OneStep++
		default:
			a.MoreSteps++
		}
	}
	c.Agreement = a
}

// prices fits the deadliness on the points of each part of the rule's
// score: if the rule priced its parts right, every part's point would buy
// the same deadliness.
func prices(c *Calibration, gs []*Graded) {
	if len(gs) == 0 || len(gs[0].Rule.Parts) == 0 {
		return
	}
	var names []string
	for _, p := range gs[0].Rule.Parts {
		names = append(names, p.Name)
	}
	xs := make([][]float64, len(gs))
	y := make([]float64, len(gs))
	for i, g := range gs {
		if len(g.Rule.Parts) != len(names) {
			return
		}
		for _, p := range g.Rule.Parts {
			xs[i] = append(xs[i], p.Points)
		}
		y[i] = g.Deadliness.P
	}
	if coefs, ok := OLS(names, xs, y); ok {
		c.Prices = coefs
	}
}

func notes(c *Calibration) {
	n := c.N
	switch {
	case n < 3:
		c.Notes = append(c.Notes, fmt.Sprintf("%d %s: too few for a rank correlation.", n, plural(n, "foe", "foes")))
	case n <= exactLimit:
		c.Notes = append(c.Notes, fmt.Sprintf(
			"Only %d foes: the rank correlation describes them and proves nothing. Even a perfect rho = ±1 "+
				"would have an exact two-sided p-value of %s; give more foes (a folder, or --sample) to test the rule.",
			n, fmtP(2/factorial(n))))
	case n < 30:
		c.Notes = append(c.Notes, fmt.Sprintf("%d foes: the interval of rho is wide; read its sign, not its size.", n))
	}
	if c.Samples > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf(
			"%d of the %d foes are random draws from the rule's space, kept in equal numbers per grade: the "+
				"correlation describes the rule across its grades, not across a typical bestiary.", c.Samples, n))
	}
	if n >= 3 && !c.MediansRise {
		c.Notes = append(c.Notes, "The median deadliness does not rise grade by grade.")
	}
}

func factorial(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func fmtP(p float64) string {
	if p < 0.001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.3f", p)
}

package grade

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/tpk-sim/tpk/sim"
)

// GradeSummary is the deadliness of the foes of one rule grade.
type GradeSummary struct {
	Grade string `json:"grade"`
	N     int    `json:"n"`
	// Median, Q1 and Q3 are type 7 quantiles (linear interpolation, R's
	// default) of the foes' deadliness; Min and Max its extremes.
	Median float64 `json:"median"`
	Q1     float64 `json:"q1"`
	Q3     float64 `json:"q3"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// Disagreement is a foe the rule places against the simulation: deadlier
// than the median foe of a higher grade, or less deadly than the median
// foe of a lower one.
type Disagreement struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Grade      string         `json:"grade"`
	Deadliness sim.Proportion `json:"deadliness"`
	// Than is the grade whose median the foe passes (the farthest one),
	// Median that median and Steps how many grades apart they are.
	Than     string  `json:"than"`
	Median   float64 `json:"median"`
	Steps    int     `json:"steps"`
	Deadlier bool    `json:"deadlier"`
	// Clear is set when the foe's whole 95% interval lies beyond the
	// median; otherwise the difference may be luck.
	Clear bool `json:"clear"`
}

// TacticCorrelation is the rank correlation of the rule's score with the
// lethality under one tactic.
type TacticCorrelation struct {
	Tactic   string `json:"tactic"`
	Spearman Number `json:"spearman"`
	P        Number `json:"p_value"`
}

// Number is a statistic that may be undefined (NaN): JSON writes it as
// null.
type Number float64

// MarshalJSON writes null for NaN.
func (x Number) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(x))
}

// Agreement compares the rule's grade with the empirical one.
type Agreement struct {
	Same      int `json:"same"`
	OneStep   int `json:"one_step"`
	MoreSteps int `json:"more_steps"`
	// Undetermined counts the foes left out: their empirical grade is
	// undetermined (the interval spans more than one band).
	Undetermined int `json:"undetermined,omitempty"`
	// Table[r][e] counts the foes of rule grade r and empirical grade e.
	Table [][]int `json:"table"`
}

// Calibration sets a rule against the simulation across a set of foes.
type Calibration struct {
	N       int `json:"n"`
	Samples int `json:"samples"` // of which drawn at random
	// Spearman is the rank correlation of the rule's score with the
	// deadliness; P its two-sided p-value by PMethod; CI95 an approximate
	// interval (Fisher's z), absent for fewer than 10 foes.
	Spearman Number              `json:"spearman"`
	P        Number              `json:"p_value"`
	PMethod  string              `json:"p_method"`
	CI95     *[2]float64         `json:"ci95,omitempty"`
	ByTactic []TacticCorrelation `json:"by_tactic"`
	ByGrade  []GradeSummary      `json:"by_grade"`
	// MediansRise is whether the median deadliness rises grade by grade
	// (over the grades that have foes).
	MediansRise bool `json:"medians_rise"`
	// Disagreements lists the foes that are not random samples; the
	// samples' disagreements are only counted.
	Disagreements       []Disagreement `json:"disagreements"`
	SampleDisagreements int            `json:"sample_disagreements"`
	Agreement           *Agreement     `json:"agreement,omitempty"`
	// Prices is the deadliness one point of each part of the rule's score
	// buys (least squares over the foes); absent for too few foes.
	Prices []Coefficient `json:"prices,omitempty"`
	Notes  []string      `json:"notes"`
}

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
	c.byGrade(scale, gs)
	c.disagreements(scale, gs)
	c.agreement(scale, gs)
	c.prices(gs)
	c.notes()
	return c
}

func (c *Calibration) byGrade(scale []string, gs []*Graded) {
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
func (c *Calibration) disagreements(scale []string, gs []*Graded) {
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

func (c *Calibration) agreement(scale []string, gs []*Graded) {
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
func (c *Calibration) prices(gs []*Graded) {
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

func (c *Calibration) notes() {
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

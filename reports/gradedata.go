package reports

import (
	"encoding/json"
	"math"

	"github.com/tpk-sim/tpk/sim"
)

// The figures of a threat grade (package grade computes them, the
// functions of gradetext.go, grademarkdown.go and gradecsv.go render them).

// Orders of the grade solver's results: which candidate is cheapest.
const (
	// GradeOrderTotal puts the lowest rule score first (the Locus calculator
	// total: the fewest threat points for the deadliness wanted), then the
	// smallest change.
	GradeOrderTotal = "total"
	// GradeOrderChange puts the smallest change from the file's values first
	// (steps along each --vary list), then the lowest score.
	GradeOrderChange = "change"
)

// GradeReport is the outcome of `tpk grade`: its JSON output, and the input of
// the text and Markdown output and the plots.
type GradeReport struct {
	Tool    string   `json:"tool"`
	Kind    string   `json:"kind"` // "grade"
	Version string   `json:"version"`
	System  string   `json:"system"`
	Scale   []string `json:"scale"`
	Party   string   `json:"party"`
	// Lethality is the metric each tactic's lethality counts.
	Lethality   string       `json:"lethality"`
	Injuries    string       `json:"injuries,omitempty"`
	InjuriesDoc string       `json:"injuries_doc,omitempty"`
	Seed        uint64       `json:"seed"`
	Precision   float64      `json:"precision,omitempty"`
	Trials      int          `json:"trials,omitempty"`
	Tactics     []TacticInfo `json:"tactics"`
	Bands       *sim.Bands   `json:"bands,omitempty"`
	// NoBands says why there is no empirical grade, when there is none.
	NoBands     string       `json:"no_bands,omitempty"`
	Foes        []*Graded    `json:"foes,omitempty"`
	Calibration *Calibration `json:"calibration,omitempty"`
	Derived     *Derived     `json:"derived_bands,omitempty"`
	Solution    *Solution    `json:"solution,omitempty"`
	Encounters  int64        `json:"encounters"`
	Workers     int          `json:"workers"`
	ElapsedS    float64      `json:"elapsed_s"`
	Warnings    []string     `json:"warnings,omitempty"`
}

// TacticInfo is a tactic as a report states it.
type TacticInfo struct {
	Name string           `json:"name"`
	Doc  string           `json:"doc"`
	Set  []sim.Assignment `json:"set"`
}

// Derived are bands derived from the foes of a run (DeriveBands).
type Derived struct {
	Lower    []float64 `json:"lower,omitempty"`
	N        int       `json:"n"`
	PerGrade []int     `json:"per_grade"`
	// Note says why no bands were derived, when there are too few foes.
	Note string `json:"note,omitempty"`
}

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

// Mean is the mean of a count over encounters with its 95% interval.
type Mean struct {
	Mean float64    `json:"mean"`
	CI95 [2]float64 `json:"ci95"`
	SD   float64    `json:"sd"`
}

// TacticFigures are one foe's figures under one tactic.
type TacticFigures struct {
	Tactic    string         `json:"tactic"`
	Lethality sim.Proportion `json:"lethality"`
	// Near is the system's metric of coming close to death (Grading.Near).
	Near     *sim.Proportion `json:"near,omitempty"`
	Victory  sim.Proportion  `json:"victory"` // every foe defeated
	Injuries *Mean           `json:"injuries,omitempty"`
	Rounds   Mean            `json:"rounds"`
}

// Graded is one foe's grade by the rule and by simulation.
type Graded struct {
	ID     string        `json:"id"`
	Name   string        `json:"name"`
	File   string        `json:"file,omitempty"`
	Sample bool          `json:"sample,omitempty"`
	Rule   sim.RuleGrade `json:"rule"`
	// Trials is the number of encounters under each tactic.
	Trials int64 `json:"trials_per_tactic"`
	// Deadliness is the lethality pooled over the tactics (each tactic
	// played equally often): the chance that the foe kills when the tactic
	// is drawn at random from the grid. Its Wilson interval treats the
	// pooled encounters as one sample, which is conservative for tactics
	// sampled independently in equal numbers.
	Deadliness sim.Proportion `json:"deadliness"`
	// Near is the system's metric of coming close to death (Grading.Near,
	// named in NearMetric), pooled as Deadliness is; nil without one.
	Near       *sim.Proportion `json:"near,omitempty"`
	NearMetric string          `json:"near_metric,omitempty"`
	// Injuries and Rounds are averaged over the tactics.
	Injuries *Mean `json:"injuries,omitempty"`
	Rounds   Mean  `json:"rounds"`
	// Empirical is the grade of the system's bands that Deadliness falls
	// in; EmpiricalRank its index in the scale, -1 without bands. When
	// the 95% interval of Deadliness reaches into another band, the grade
	// is Undetermined (Empirical says "undetermined", EmpiricalRank stays
	// the band of the estimate): not a label on noise.
	Empirical     string          `json:"empirical_grade,omitempty"`
	EmpiricalRank int             `json:"empirical_rank"`
	Undetermined  bool            `json:"undetermined,omitempty"`
	Tactics       []TacticFigures `json:"tactics"`
	// Best and Worst name the tactics with the lowest and the highest
	// lethality: the party's best and worst choice against this foe.
	Best     string   `json:"best_tactic"`
	Worst    string   `json:"worst_tactic"`
	Warnings []string `json:"warnings,omitempty"`
}

// Lethality is the foe's lethality under tactic (NaN for a tactic it was
// not played under).
func (g *Graded) Lethality(tactic string) float64 {
	for _, t := range g.Tactics {
		if t.Tactic == tactic {
			return t.Lethality.P
		}
	}
	return math.NaN()
}

// Param is one stat to vary: a scenario path and the values to try.
type Param struct {
	Path   string   `json:"path"`
	Values []string `json:"values"`
	// Start is the file's own value (or, for a foe written from a
	// template, the rule's reading of it); "" when unknown.
	Start string `json:"start,omitempty"`
}

// Band is a target range of deadliness: from Lo up to, not including, Hi
// (Hi 1 includes 1).
type Band struct {
	Name string  `json:"name"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Contains reports whether p lies in the band.
func (b Band) Contains(p float64) bool { return p >= b.Lo && (p < b.Hi || b.Hi >= 1 && p <= 1) }

// Candidate is one combination of the varied values.
type Candidate struct {
	Values []sim.Assignment `json:"values"`
	Rule   sim.RuleGrade    `json:"rule"`
	Change int              `json:"change"` // steps from the start; -1 when a start is unknown
	Figure sim.Proportion   `json:"deadliness"`
	Trials int64            `json:"trials_per_tactic"`
	Sure   bool             `json:"sure"` // the whole 95% interval lies in the band
	Graded *Graded          `json:"figures,omitempty"`
}

// Stage says how many candidates were dropped early after how many
// encounters per tactic.
type Stage struct {
	Trials  int64 `json:"trials_per_tactic"`
	Dropped int   `json:"dropped"`
}

// Solution is the outcome of a search.
type Solution struct {
	Target     Band        `json:"target"`
	Order      string      `json:"order"`
	Params     []Param     `json:"params"`
	Start      *Candidate  `json:"start"`
	Candidates int         `json:"candidates"`
	Found      []Candidate `json:"found"`
	// Near counts the candidates played to the end whose interval touches
	// the band while their estimate lies outside it; Outside those whose
	// interval ended wholly outside without being dropped early.
	Near       int     `json:"near"`
	Outside    int     `json:"outside"`
	Dropped    []Stage `json:"dropped_early"`
	Encounters int64   `json:"encounters"`
	// Steer, when no candidate lands in the band, names the nearest and
	// the way to move each varied stat.
	Steer *Steer `json:"steer,omitempty"`
}

// Coefficient is one term of a least-squares fit with its 95% interval.
type Coefficient struct {
	Name     string     `json:"name"`
	Estimate float64    `json:"estimate"`
	CI95     [2]float64 `json:"ci95"`
}

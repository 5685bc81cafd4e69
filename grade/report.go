package grade

import (
	"fmt"

	"github.com/tpk-sim/tpk/reports"
)

// MinPerGrade is the fewest foes of every grade bands are derived from.
const MinPerGrade = 10

// NewReport starts a report of the setup and settings.
func (s *Setup) NewReport(version string, set Settings) *Report {
	if set.Lethality == "" {
		set.Lethality = LethalityMetrics[0]
	}
	r := &Report{Tool: "tpk", Kind: "grade", Version: version, System: s.Sys.ID(), Scale: s.Scale, Party: s.PartyDoc,
		Lethality: set.Lethality, Injuries: s.Grading.Injuries, InjuriesDoc: s.Grading.InjuriesDoc, Seed: set.Seed,
		Workers: set.Workers}
	var why string
	if r.Bands, why = s.Bands(set.Lethality); r.Bands == nil {
		r.NoBands = why
	}
	if set.Precision <= 0 && set.Trials <= 0 {
		set.Precision = DefaultPrecision
	}
	if set.Precision > 0 {
		r.Precision = set.Precision
	} else {
		r.Trials = set.Trials
	}
	for _, t := range s.Tactics {
		r.Tactics = append(r.Tactics, TacticInfo{Name: t.Name, Doc: t.Doc, Set: t.Set})
	}
	return r
}

// AddFoes sets r's graded foes, calibrates the rule over them and derives
// bands from them when every grade has MinPerGrade foes.
func AddFoes(r *Report, gs []*Graded) {
	r.Foes = gs
	sampled := 0
	for _, g := range gs {
		switch {
		case !g.Sample:
			r.Warnings = append(r.Warnings, g.Warnings...)
		case len(g.Warnings) > 0:
			sampled++
		}
	}
	if sampled > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf(
			"%d of the random draws have figures that rest on few events or missed the precision target (each foe's warnings are in the JSON output)", sampled))
	}
	r.Calibration = Calibrate(r.Scale, gs)
	d := &Derived{N: len(gs), PerGrade: make([]int, len(r.Scale))}
	ps, ranks := make([]float64, len(gs)), make([]int, len(gs))
	for i, g := range gs {
		ps[i], ranks[i] = g.Deadliness.P, g.Rule.Rank
		d.PerGrade[g.Rule.Rank]++
	}
	few := false
	for _, k := range d.PerGrade {
		few = few || k < MinPerGrade
	}
	if few {
		d.Note = fmt.Sprintf("too few foes to derive bands: every grade needs at least %d (add --sample N to draw N foes per grade from the rule's space)", MinPerGrade)
	} else {
		d.Lower = DeriveBands(ps, ranks, len(r.Scale))
	}
	r.Derived = d
}

// The figures of a grade live in package reports, which renders them.
type (
	Report            = reports.GradeReport
	TacticInfo        = reports.TacticInfo
	Derived           = reports.Derived
	Mean              = reports.Mean
	TacticFigures     = reports.TacticFigures
	Graded            = reports.Graded
	GradeSummary      = reports.GradeSummary
	Disagreement      = reports.Disagreement
	TacticCorrelation = reports.TacticCorrelation
	Number            = reports.Number
	Agreement         = reports.Agreement
	Calibration       = reports.Calibration
	Coefficient       = reports.Coefficient
	Param             = reports.Param
	Band              = reports.Band
	Candidate         = reports.Candidate
	Stage             = reports.Stage
	Solution          = reports.Solution
)

package reports

import (
	"encoding/csv"
	"io"
	"strconv"
)

// GradeCSVHeader is the header of the CSV output: one row per foe and tactic,
// and one "pooled" row per foe.
var GradeCSVHeader = []string{"foe", "id", "file", "sample", "score", "rule_grade", "flags", "empirical_grade", "tactic",
	"trials", "lethality", "lethality_lo", "lethality_hi", "victory", "injuries_mean", "injuries_lo", "injuries_hi",
	"rounds_mean", "rounds_lo", "rounds_hi"}

// GradeCSV writes the foes' figures as CSV (the calibration and a search are
// in the text, Markdown and JSON outputs).
func GradeCSV(w io.Writer, r *GradeReport) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(GradeCSVHeader); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, g := range r.Foes {
		head := []string{g.Name, g.ID, g.File, strconv.FormatBool(g.Sample), f(g.Rule.Score), g.Rule.Grade,
			joinFlags(g.Rule.Flags), g.Empirical}
		row := func(tactic string, p [3]float64, victory string, inj *Mean, rounds Mean) error {
			rec := append(append([]string{}, head...), tactic, strconv.FormatInt(g.Trials, 10), f(p[0]), f(p[1]), f(p[2]), victory)
			if inj != nil {
				rec = append(rec, f(inj.Mean), f(inj.CI95[0]), f(inj.CI95[1]))
			} else {
				rec = append(rec, "", "", "")
			}
			rec = append(rec, f(rounds.Mean), f(rounds.CI95[0]), f(rounds.CI95[1]))
			return cw.Write(rec)
		}
		for _, t := range g.Tactics {
			if err := row(t.Tactic, [3]float64{t.Lethality.P, t.Lethality.CI95[0], t.Lethality.CI95[1]}, f(t.Victory.P),
				t.Injuries, t.Rounds); err != nil {
				return err
			}
		}
		d := g.Deadliness
		if err := row("pooled", [3]float64{d.P, d.CI95[0], d.CI95[1]}, "", g.Injuries, g.Rounds); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func joinFlags(fl []string) string {
	out := ""
	for i, x := range fl {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

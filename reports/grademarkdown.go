package reports

import (
	"fmt"
	"io"
	"strings"
)

// md escapes the characters that would break a Markdown table cell.
func gradeMD(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "<", "&lt;").Replace(s)
}

// GradeMarkdown writes a grade report as GitHub Markdown.
func GradeMarkdown(w io.Writer, r *GradeReport) error {
	ew := &gradeWriter{w: w}
	ew.printf("# Threat grades of %s foes\n\n", r.System)
	ew.printf("- Against: %s\n", gradeMD(r.Party))
	ew.printf("- Lethality: %s; deadliness: lethality pooled over the %d tactics below\n", gradeMD(lethalityDoc(r.Lethality)), len(r.Tactics))
	ew.printf("- Played: %s; seed %d, the same random numbers for every foe under a tactic\n", gradeMD(r.howMany()), r.Seed)
	if r.Bands != nil {
		ew.printf("- Empirical grade: %s\n", gradeMD(bandsLine(r.Scale, r.Bands.Lower)))
	} else {
		ew.printf("- Empirical grade: none; %s\n", gradeMD(r.NoBands))
	}
	ew.printf("\n| tactic | what the party does |\n|---|---|\n")
	for _, t := range r.Tactics {
		ew.printf("| %s | %s |\n", gradeMD(t.Name), gradeMD(t.Doc))
	}
	if len(r.Foes) > 0 {
		r.markdownFoes(ew)
	}
	if r.Calibration != nil {
		r.markdownCalibration(ew)
	}
	if r.Solution != nil {
		r.markdownSolution(ew)
	}
	if len(r.Warnings) > 0 {
		ew.printf("\n## Warnings\n\n")
		for _, x := range r.Warnings {
			ew.printf("- %s\n", gradeMD(x))
		}
	}
	ew.printf("\n%d encounters in %.1f s on %d %s.\n", r.Encounters, r.ElapsedS, r.Workers, pluralWord(r.Workers, "worker", "workers"))
	return ew.err
}

func (r *GradeReport) markdownFoes(ew *gradeWriter) {
	named := r.named()
	near := nearMetric(named)
	nearHead, nearRule := "", ""
	if near != "" {
		nearHead, nearRule = " | "+gradeMD(near)+" (95% interval)", "---|"
	}
	ew.printf("\n## Foes\n\n| foe | score | rule grade | deadliness (95%% interval)%s | empirical grade | best tactic | worst tactic |\n|---|--:|---|---|%s---|---|---|\n", nearHead, nearRule)
	for _, g := range named {
		ew.printf("| %s | %s | %s | %s%s | %s | %s %s | %s %s |\n", gradeMD(g.Name), score(g.Rule.Score), gradeMD(ruleGrade(g.Rule)),
			GradePCI(g.Deadliness), nearCell(" | ", g.Near), orDash(g.Empirical), gradeMD(g.Best), gradeP(g.Lethality(g.Best)), gradeMD(g.Worst), gradeP(g.Lethality(g.Worst)))
	}
	if k := len(r.Foes) - len(named); k > 0 {
		ew.printf("\nAnd %d random draws from the rule's space, in the calibration below and in the JSON output.\n", k)
	}
	for _, g := range named {
		ew.printf("\n### %s\n\nScore %s = %s: %s.", gradeMD(g.Name), score(g.Rule.Score), gradeMD(parts(g.Rule)), gradeMD(ruleGrade(g.Rule)))
		if g.File != "" {
			ew.printf(" From `%s`.", g.File)
		}
		ew.printf(" %d encounters per tactic.\n\n", g.Trials)
		inj, sep := "", ""
		if g.Injuries != nil {
			inj, sep = " "+gradeMD(r.Injuries)+" (mean) |", "---|"
		}
		ew.printf("| tactic | lethality%s | victory |%s rounds (mean) |\n|---|---|%s---|%s---|\n", nearHead, inj, nearRule, sep)
		for _, t := range g.Tactics {
			cell := ""
			if t.Injuries != nil {
				cell = " " + meanCI(*t.Injuries) + " |"
			}
			ew.printf("| %s | %s%s | %s |%s %s |\n", gradeMD(t.Tactic), GradePCI(t.Lethality), nearCell(" | ", t.Near), GradePCI(t.Victory), cell, meanCI(t.Rounds))
		}
		cell := ""
		if g.Injuries != nil {
			cell = " " + meanCI(*g.Injuries) + " |"
		}
		ew.printf("| **pooled** | %s%s | |%s %s |\n", GradePCI(g.Deadliness), nearCell(" | ", g.Near), cell, meanCI(g.Rounds))
	}
}

func (r *GradeReport) markdownCalibration(ew *gradeWriter) {
	c := r.Calibration
	if c.N < 3 {
		ew.printf("\n## Calibration\n\n%d %s; a rank correlation needs at least 3.\n", c.N, pluralWord(c.N, "foe", "foes"))
		return
	}
	ew.printf("\n## Calibration over %d foes\n\n", c.N)
	ew.printf("Spearman's rho, rule score against deadliness: **%s**", rho(float64(c.Spearman)))
	if c.CI95 != nil {
		ew.printf(" [%s, %s]", rho(c.CI95[0]), rho(c.CI95[1]))
	}
	if p := float64(c.P); p == p {
		ew.printf("; two-sided p = %s, %s", gradePValue(p), c.PMethod)
	}
	ew.printf(". By tactic:")
	for i, t := range c.ByTactic {
		sep := ","
		if i == 0 {
			sep = ""
		}
		ew.printf("%s %s %s", sep, gradeMD(t.Tactic), rho(float64(t.Spearman)))
	}
	ew.printf(".\n\n| rule grade | foes | median deadliness | quartiles (type 7) | range |\n|---|--:|---|---|---|\n")
	for _, s := range c.ByGrade {
		if s.N == 0 {
			ew.printf("| %s | 0 | | | |\n", s.Grade)
			continue
		}
		ew.printf("| %s | %d | %s | %s to %s | %s to %s |\n", s.Grade, s.N, gradeP(s.Median), gradeP(s.Q1), gradeP(s.Q3), gradeP(s.Min), gradeP(s.Max))
	}
	if len(c.Disagreements) > 0 || c.SampleDisagreements > 0 {
		ew.printf("\nWhere the rule disagrees with the simulation:\n\n")
		for _, d := range c.Disagreements {
			ew.printf("- %s\n", gradeMD(disagreement(d)))
		}
		if c.SampleDisagreements > 0 {
			ew.printf("- and %d of the random draws\n", c.SampleDisagreements)
		}
	}
	if a := c.Agreement; a != nil {
		ew.printf("\nRule grade against empirical grade: %d the same, %d one grade apart, %d further apart%s.\n\n", a.Same, a.OneStep, a.MoreSteps, undeterminedNote(a))
		ew.printf("| rule \\ empirical | %s |\n|---|%s\n", strings.Join(r.Scale, " | "), strings.Repeat("--:|", len(r.Scale)))
		for i, row := range a.Table {
			cells := make([]string, len(row))
			for j, k := range row {
				cells[j] = fmt.Sprint(k)
			}
			ew.printf("| %s | %s |\n", r.Scale[i], strings.Join(cells, " | "))
		}
	}
	if len(c.Prices) > 0 {
		ew.printf("\nDeadliness one point of each part of the score buys (least squares, 95%% intervals):\n\n| part | per point |\n|---|---|\n")
		for _, p := range c.Prices {
			ew.printf("| %s | %+.3f [%+.3f, %+.3f] |\n", gradeMD(p.Name), p.Estimate, p.CI95[0], p.CI95[1])
		}
	}
	if len(c.Notes) > 0 {
		ew.printf("\n")
		for _, n := range c.Notes {
			ew.printf("> %s\n>\n", gradeMD(n))
		}
	}
	if d := r.Derived; d != nil {
		if d.Lower != nil {
			ew.printf("\nBands derived from these %d foes (equipercentile): %s\n", d.N, gradeMD(bandsLine(r.Scale, d.Lower)))
		} else {
			ew.printf("\nBands: %s\n", gradeMD(d.Note))
		}
	}
}

func (r *GradeReport) markdownSolution(ew *gradeWriter) {
	s := r.Solution
	ew.printf("\n## Search for deadliness in %s\n\n%d candidates:\n\n", gradeMD(bandText(s.Target)), s.Candidates)
	for _, p := range s.Params {
		ew.printf("- `%s`\n", paramText(p))
	}
	ew.printf("\nStart (the file's foe): score %s, %s; deadliness %s.\n", score(s.Start.Rule.Score), gradeMD(ruleGrade(s.Start.Rule)), GradePCI(s.Start.Figure))
	for _, st := range s.Dropped {
		ew.printf("Dropped early: %d after %d encounters per tactic.\n", st.Dropped, st.Trials)
	}
	if len(s.Found) == 0 {
		ew.printf("\nNo candidate lands in the band (%d near it, %d outside).\n", s.Near, s.Outside)
		if s.Steer != nil {
			ew.printf("\n")
			for _, l := range s.Steer.Lines(s.Target) {
				ew.printf("- %s\n", gradeMD(l))
			}
		}
		return
	}
	ew.printf("\nFound %d, cheapest first (%s):\n\n|", len(s.Found), s.orderDoc())
	for _, p := range s.Params {
		ew.printf(" `%s` |", p.Path)
	}
	ew.printf(" score | rule grade | deadliness | sure | steps |\n|%s--:|---|---|---|--:|\n", strings.Repeat("---|", len(s.Params)))
	for _, c := range s.Found {
		ew.printf("|")
		for _, a := range c.Values {
			ew.printf(" %s |", gradeMD(a.Value))
		}
		ew.printf(" %s | %s | %s | %s | %s |\n", score(c.Rule.Score), gradeMD(ruleGrade(c.Rule)), GradePCI(c.Figure), yesNo(c.Sure), changeSteps(c.Change))
	}
	ew.printf("\nSure: the whole 95%% interval lies in the band. Also %d near the band, %d outside.\n", s.Near, s.Outside)
}

package reports

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/tpk-sim/tpk/sim"
)

// lethalityDocs say what each lethality metric counts.
var lethalityDocs = map[string]string{
	sim.MetricAnyDeath: "any_death, P(at least one party member dead)",
	sim.MetricTPK:      "tpk, P(every party member dead)",
}

// lethalityDoc says what lethality metric m counts; a system's near miss
// is named as its own.
func lethalityDoc(m string) string {
	if d, ok := lethalityDocs[m]; ok {
		return d
	}
	return m + ", the system's near miss (how close the party came to death)"
}

// GradeJSON writes a grade report as indented JSON.
func GradeJSON(w io.Writer, r *GradeReport) error { return indentJSON(w, r) }

// GradeCharts are a grade report's plots: the rule's score against deadliness, and
// the lethality of the named foes by tactic (at most eight).
func GradeCharts(r *GradeReport) ([]*Chart, error) {
	var out []*Chart
	if len(r.Foes) > 0 {
		var pts []ScorePoint
		for _, g := range r.Foes {
			pts = append(pts, ScorePoint{Label: g.Name, Score: g.Rule.Score, P: g.Deadliness.P,
				Lo: g.Deadliness.CI95[0], Hi: g.Deadliness.CI95[1], Grade: g.Rule.Rank, Faint: g.Sample})
		}
		var lower []float64
		if r.Bands != nil {
			lower = r.Bands.Lower
		}
		c, err := CalibrationChart(fmt.Sprintf("%s: rule score against simulated deadliness", r.System),
			"score by the rule (Locus: calculator total)", "deadliness: "+r.Lethality+", pooled over tactics", r.Scale, pts, lower)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
		var rows []TacticRow
		for _, g := range r.named() {
			row := TacticRow{Label: g.Name}
			for _, t := range g.Tactics {
				row.P = append(row.P, t.Lethality.P)
				row.Lo = append(row.Lo, t.Lethality.CI95[0])
				row.Hi = append(row.Hi, t.Lethality.CI95[1])
			}
			rows = append(rows, row)
		}
		if len(rows) > 0 && len(rows) <= 8 {
			c, err := TacticsChart(fmt.Sprintf("%s: lethality by party tactic", r.System), r.Lethality+" (95% interval)",
				tacticNames(r.Tactics), rows)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// tacticNames lists the names of a report's tactics.
func tacticNames(ts []TacticInfo) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

// named are the foes that are not random draws.
func (r *GradeReport) named() []*Graded {
	var out []*Graded
	for _, g := range r.Foes {
		if !g.Sample {
			out = append(out, g)
		}
	}
	return out
}

// gradeP writes a probability: three decimals, or four near 0 and 1 so that a
// rare event does not read as impossible or certain.
func gradeP(p float64) string {
	if p != 0 && p != 1 && (p < 0.01 || p > 0.99) {
		return strconv.FormatFloat(p, 'f', 4, 64)
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}

// GradePCI writes a proportion with its interval: 0.523 [0.513, 0.533].
func GradePCI(p sim.Proportion) string {
	return fmt.Sprintf("%s [%s, %s]", gradeP(p.P), gradeP(p.CI95[0]), gradeP(p.CI95[1]))
}

// meanCI writes a mean with its interval: 12.3 [12.1, 12.5].
func meanCI(m Mean) string {
	d := 2
	if math.Abs(m.Mean) >= 100 {
		d = 1
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', d, 64) }
	return fmt.Sprintf("%s [%s, %s]", f(m.Mean), f(m.CI95[0]), f(m.CI95[1]))
}

func score(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func ruleGrade(g sim.RuleGrade) string {
	if len(g.Flags) == 0 {
		return g.Grade
	}
	return g.Grade + " (" + strings.Join(g.Flags, ", ") + ")"
}

func parts(g sim.RuleGrade) string {
	var out []string
	for _, p := range g.Parts {
		out = append(out, fmt.Sprintf("%s %s %+g", p.Name, p.Value, p.Points))
	}
	return strings.Join(out, "; ")
}

func (r *GradeReport) howMany() string {
	if r.Precision > 0 {
		return fmt.Sprintf("until every tactic's 95%% interval of lethality is at most ±%g", r.Precision)
	}
	return fmt.Sprintf("%d encounters per foe and tactic", r.Trials)
}

// bandsLine writes the bands: Very Weak < 0.21 <= Weak < 0.33 ... A band
// whose bounds meet (Lo >= Hi) holds no deadliness at all: it is left out
// of the chain and named as empty after it, never printed as if a foe
// could land in it.
func bandsLine(scale []string, lower []float64) string {
	var b strings.Builder
	var empty []string
	first := true
	for i, g := range scale {
		if EmptyBand(lower, i) {
			at := 0.0
			if i > 0 {
				at = lower[i-1]
			} else if len(lower) > 0 {
				at = lower[0]
			}
			empty = append(empty, fmt.Sprintf("%s (its bounds meet at %s)", g, gradeP(at)))
			continue
		}
		if !first {
			fmt.Fprintf(&b, " <= ")
		}
		first = false
		b.WriteString(g)
		if i < len(lower) {
			fmt.Fprintf(&b, " < %s", gradeP(lower[i]))
		}
	}
	if len(empty) > 0 {
		fmt.Fprintf(&b, "; empty, so no foe grades there: %s", strings.Join(empty, ", "))
	}
	return b.String()
}

// EmptyBand reports whether grade i of a scale with the lower bounds
// lower has an empty band: its lower bound reaches its upper one.
func EmptyBand(lower []float64, i int) bool {
	lo, hi := 0.0, 1.0
	if i > 0 && i-1 < len(lower) {
		lo = lower[i-1]
	}
	if i < len(lower) {
		hi = lower[i]
	}
	return lo >= hi && hi < 1
}

// GradeText writes a grade report for a terminal.
func GradeText(w io.Writer, r *GradeReport) error {
	ew := &gradeWriter{w: w}
	ew.printf("Threat grades of %s foes, by the rule and by simulation\n", r.System)
	ew.printf("Against: %s\n", r.Party)
	ew.printf("Lethality: %s; deadliness: lethality pooled over the %d tactics below\n", lethalityDoc(r.Lethality), len(r.Tactics))
	ew.printf("Played: %s; seed %d, the same random numbers for every foe under a tactic\n", r.howMany(), r.Seed)
	ew.printf("Tactics:\n")
	for _, t := range r.Tactics {
		ew.printf("  %-14s %s\n", t.Name, t.Doc)
	}
	if r.Bands != nil {
		ew.printf("Empirical grade: %s\n", bandsLine(r.Scale, r.Bands.Lower))
	} else {
		ew.printf("Empirical grade: none; %s\n", r.NoBands)
	}
	if len(r.Foes) > 0 {
		r.textFoes(ew)
	}
	if r.Calibration != nil {
		r.textCalibration(ew)
	}
	if r.Solution != nil {
		r.textSolution(ew)
	}
	if len(r.Warnings) > 0 {
		ew.printf("\nWarnings:\n")
		for _, x := range r.Warnings {
			ew.printf("  - %s\n", x)
		}
	}
	ew.printf("\n%d encounters in %.1f s on %d %s\n", r.Encounters, r.ElapsedS, r.Workers, pluralWord(r.Workers, "worker", "workers"))
	return ew.err
}

func (r *GradeReport) textFoes(ew *gradeWriter) {
	named := r.named()
	ew.printf("\n")
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	near := nearMetric(named)
	nearHead := ""
	if near != "" {
		nearHead = "\t" + near
	}
	fmt.Fprintf(tw, "Foe\tScore\tRule grade\tDeadliness%s\tEmpirical\tBest tactic\tWorst tactic\n", nearHead)
	for _, g := range named {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s%s\t%s\t%s %s\t%s %s\n", g.Name, score(g.Rule.Score), ruleGrade(g.Rule), GradePCI(g.Deadliness),
			nearCell("\t", g.Near), orDash(g.Empirical), g.Best, gradeP(g.Lethality(g.Best)), g.Worst, gradeP(g.Lethality(g.Worst)))
	}
	tw.Flush()
	if k := len(r.Foes) - len(named); k > 0 {
		ew.printf("(and %d random draws from the rule's space, in the calibration below and in the JSON output)\n", k)
	}
	for _, g := range named {
		ew.printf("\n%s: score %s = %s; %s\n", g.Name, score(g.Rule.Score), parts(g.Rule), ruleGrade(g.Rule))
		if g.File != "" {
			ew.printf("  from %s\n", g.File)
		}
		tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
		inj := ""
		if g.Injuries != nil {
			inj = "\t" + r.Injuries + " (mean)"
		}
		fmt.Fprintf(tw, "  tactic\tlethality%s\tvictory%s\trounds (mean)\n", nearHead, inj)
		for _, t := range g.Tactics {
			inj := ""
			if t.Injuries != nil {
				inj = "\t" + meanCI(*t.Injuries)
			}
			fmt.Fprintf(tw, "  %s\t%s%s\t%s%s\t%s\n", t.Tactic, GradePCI(t.Lethality), nearCell("\t", t.Near), GradePCI(t.Victory), inj, meanCI(t.Rounds))
		}
		inj = ""
		if g.Injuries != nil {
			inj = "\t" + meanCI(*g.Injuries)
		}
		fmt.Fprintf(tw, "  pooled\t%s%s\t\t%s\t%s\n", GradePCI(g.Deadliness), nearCell("\t", g.Near), strings.TrimPrefix(inj, "\t"), meanCI(g.Rounds))
		tw.Flush()
		ew.printf("  %d encounters per tactic\n", g.Trials)
	}
}

// nearMetric is the name of the metric of coming close to death the foes
// report beside their lethality, or "".
func nearMetric(gs []*Graded) string {
	for _, g := range gs {
		if g.Near != nil {
			return g.NearMetric
		}
	}
	return ""
}

// nearCell is sep and p's estimate with its interval, or "" without p.
func nearCell(sep string, p *sim.Proportion) string {
	if p == nil {
		return ""
	}
	return sep + GradePCI(*p)
}

// undeterminedNote is the agreement line's note of the foes left out.
func undeterminedNote(a *Agreement) string {
	if a.Undetermined == 0 {
		return ""
	}
	return fmt.Sprintf("; %d undetermined (the interval spans more than one band), left out", a.Undetermined)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (r *GradeReport) textCalibration(ew *gradeWriter) {
	c := r.Calibration
	if c.N < 3 {
		ew.printf("\nCalibration: %d %s; a rank correlation needs at least 3.\n", c.N, pluralWord(c.N, "foe", "foes"))
		return
	}
	ew.printf("\nCalibration over %d foes\n", c.N)
	ew.printf("  Spearman's rho, rule score against deadliness: %s", rho(float64(c.Spearman)))
	if c.CI95 != nil {
		ew.printf(" [%s, %s]", rho(c.CI95[0]), rho(c.CI95[1]))
	}
	if p := float64(c.P); !math.IsNaN(p) {
		ew.printf("; two-sided p = %s, %s", gradePValue(p), c.PMethod)
	}
	ew.printf("\n  By tactic:")
	for i, t := range c.ByTactic {
		sep := ","
		if i == 0 {
			sep = ""
		}
		ew.printf("%s %s %s", sep, t.Tactic, rho(float64(t.Spearman)))
	}
	ew.printf("\n  Deadliness by rule grade (median, quartiles; type 7):\n")
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "    grade\tfoes\tmedian\tquartiles\trange\n")
	for _, s := range c.ByGrade {
		if s.N == 0 {
			fmt.Fprintf(tw, "    %s\t0\t-\t-\t-\n", s.Grade)
			continue
		}
		fmt.Fprintf(tw, "    %s\t%d\t%s\t%s to %s\t%s to %s\n", s.Grade, s.N, gradeP(s.Median), gradeP(s.Q1), gradeP(s.Q3), gradeP(s.Min), gradeP(s.Max))
	}
	tw.Flush()
	if len(c.Disagreements) > 0 || c.SampleDisagreements > 0 {
		ew.printf("  Where the rule disagrees with the simulation:\n")
		for _, d := range c.Disagreements {
			ew.printf("    - %s\n", disagreement(d))
		}
		if c.SampleDisagreements > 0 {
			ew.printf("    - and %d of the random draws\n", c.SampleDisagreements)
		}
	} else if c.N > 1 {
		ew.printf("  No foe is deadlier than the median foe of a higher grade, or less deadly than that of a lower one.\n")
	}
	if a := c.Agreement; a != nil {
		ew.printf("  Rule grade against empirical grade: %d the same, %d one grade apart, %d further apart%s\n", a.Same, a.OneStep, a.MoreSteps, undeterminedNote(a))
	}
	if len(c.Prices) > 0 {
		ew.printf("  Deadliness one point of each part of the score buys (least squares, 95%% intervals):\n")
		for _, p := range c.Prices {
			ew.printf("    %-12s %+.3f [%+.3f, %+.3f]\n", p.Name, p.Estimate, p.CI95[0], p.CI95[1])
		}
	}
	for _, n := range c.Notes {
		ew.printf("  Note: %s\n", n)
	}
	if d := r.Derived; d != nil {
		if d.Lower != nil {
			ew.printf("  Bands derived from these %d foes (equipercentile: each grade as many foes by deadliness as by the rule):\n    %s\n",
				d.N, bandsLine(r.Scale, d.Lower))
		} else {
			ew.printf("  Bands: %s\n", d.Note)
		}
	}
}

func rho(x float64) string {
	if math.IsNaN(x) {
		return "undefined"
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

func disagreement(d Disagreement) string {
	how := "within the noise: its interval reaches the median"
	if d.Clear {
		how = "clearly: its whole interval lies beyond"
	}
	if d.Deadlier {
		return fmt.Sprintf("%s (%s, deadliness %s) is deadlier than the median %s foe (%s), %d %s up; %s",
			d.Name, d.Grade, GradePCI(d.Deadliness), d.Than, gradeP(d.Median), d.Steps, pluralWord(d.Steps, "grade", "grades"), how)
	}
	return fmt.Sprintf("%s (%s, deadliness %s) is less deadly than the median %s foe (%s), %d %s down; %s",
		d.Name, d.Grade, GradePCI(d.Deadliness), d.Than, gradeP(d.Median), d.Steps, pluralWord(d.Steps, "grade", "grades"), how)
}

func (s *Solution) orderDoc() string {
	if s.Order == GradeOrderChange {
		return "fewest steps from the file's values first, then the lowest score"
	}
	return "lowest score by the rule first, then the fewest steps from the file's values"
}

func bandText(b Band) string {
	name := ""
	if b.Name != "" {
		name = b.Name + " "
	}
	if b.Hi >= 1 {
		return fmt.Sprintf("%s[%s, 1]", name, gradeP(b.Lo))
	}
	return fmt.Sprintf("%s[%s, %s)", name, gradeP(b.Lo), gradeP(b.Hi))
}

func paramText(p Param) string {
	start := p.Start
	if start == "" {
		start = "unknown"
	}
	return fmt.Sprintf("%s = %s (start %s)", p.Path, strings.Join(p.Values, ","), start)
}

func (r *GradeReport) textSolution(ew *gradeWriter) {
	s := r.Solution
	ew.printf("\nSearch for deadliness in %s over %d %s:\n", bandText(s.Target), s.Candidates, pluralWord(s.Candidates, "candidate", "candidates"))
	for _, p := range s.Params {
		ew.printf("  %s\n", paramText(p))
	}
	ew.printf("Start (the file's foe): score %s, %s; deadliness %s\n", score(s.Start.Rule.Score), ruleGrade(s.Start.Rule), GradePCI(s.Start.Figure))
	for _, st := range s.Dropped {
		ew.printf("Dropped early: %d after %d encounters per tactic (interval wholly outside the band)\n", st.Dropped, st.Trials)
	}
	if len(s.Found) == 0 {
		ew.printf("No candidate lands in the band (%d near it, %d outside).\n", s.Near, s.Outside)
		if s.Steer != nil {
			for _, l := range s.Steer.Lines(s.Target) {
				ew.printf("  %s\n", l)
			}
		}
		return
	}
	ew.printf("Found %d, cheapest first (%s):\n", len(s.Found), s.orderDoc())
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	head := "  "
	for _, p := range s.Params {
		head += p.Path + "\t"
	}
	fmt.Fprintf(tw, "%sscore\trule grade\tdeadliness\tsure\tsteps\n", head)
	for _, c := range s.Found {
		line := "  "
		for _, a := range c.Values {
			line += a.Value + "\t"
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%s\t%s\t%s\n", line, score(c.Rule.Score), ruleGrade(c.Rule), GradePCI(c.Figure), yesNo(c.Sure), changeSteps(c.Change))
	}
	tw.Flush()
	ew.printf("sure: the whole 95%% interval lies in the band. Also %d near the band (interval touches it, estimate outside), %d outside.\n",
		s.Near, s.Outside)
}

func changeSteps(n int) string {
	if n < 0 {
		return "?"
	}
	return strconv.Itoa(n)
}

// gradeWriter keeps the first write error.
type gradeWriter struct {
	w   io.Writer
	err error
}

func (e *gradeWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	e.err = err
	return n, err
}

func (e *gradeWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func gradePValue(p float64) string {
	if p < 0.001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.3f", p)
}

package reports

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"html/template"

	"gonum.org/v1/plot/vg"

	"github.com/tpk-sim/tpk/sim"
)

// Explanation is what `tpk explain` found for one scenario: the result of
// the scenario as written, then each single change (another value of an
// option the file leaves at its default, another strategy) with its effect
// on the headline figures, on common random numbers.
type Explanation struct {
	Kind      string          `json:"kind"` // "explain"
	Result    *sim.Result     `json:"result"`
	Metric    string          `json:"metric"`    // the figure the changes are ranked by
	Precision float64         `json:"precision"` // the half-width each effect on Metric is measured to
	Tests     int             `json:"tests"`     // the family of Holm's correction: every effect measured
	Changes   []ChangeEffects `json:"changes"`   // ranked: measured by the size of the effect, then dropped, then n/a
}

// ChangeEffects is one change and what it did.
type ChangeEffects struct {
	Kind    string                `json:"kind"`   // "option" or "strategy"
	Change  string                `json:"change"` // "options.L-3=dice", "strategies.party=defend", "party[1].strategy=flee"
	ID      string                `json:"id"`     // "L-3", "party", "party[1]"
	Value   string                `json:"value"`
	Doc     string                `json:"doc,omitempty"` // what the option decides
	Trials  int64                 `json:"trials"`
	Status  string                `json:"status"`           // sim.StatusMeasured, StatusDropped, StatusCapped or StatusNA
	Reason  string                `json:"reason,omitempty"` // why an n/a change was not compared
	Effects map[string]sim.Effect `json:"effects,omitempty"`
}

// Effect returns the change's effect on metric, and whether it has one.
func (c ChangeEffects) Effect(metric string) (sim.Effect, bool) {
	e, ok := c.Effects[metric]
	return e, ok
}

// kept reports whether a change was played to the end (not dropped, not n/a).
func (c ChangeEffects) kept() bool {
	return c.Status == sim.StatusMeasured || c.Status == sim.StatusCapped
}

// ExplainJSON writes explanations: one object, or an array of several.
func ExplainJSON(w io.Writer, xs []*Explanation) error { return oneOrMany(w, xs) }

// ExplainText writes each explanation as aligned tables: the changes that
// matter ranked by their effect on the chosen figure, their effects on the
// other headline figures, then the changes dropped.
func ExplainText(w io.Writer, xs []*Explanation) error {
	for i, x := range xs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := explainText(w, x); err != nil {
			return err
		}
	}
	return nil
}

func explainText(w io.Writer, x *Explanation) error {
	r := x.Result
	fmt.Fprintf(w, "What the answer depends on: %s · %s · %s\n", r.Scenario.Name, r.Scenario.System, r.Scenario.File)
	if r.Verdict != "" {
		fmt.Fprintln(w, wrap(r.Verdict, 100))
	}
	for _, line := range explainIntro(x) {
		fmt.Fprintln(w, wrap(line, 100))
	}
	kept, dropped, na := splitChanges(x)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if len(kept) > 0 {
		fmt.Fprintf(tw, "\nrank\tchange\t%s with the change\tdifference [95%%]\tHolm\tencounters\n", x.Metric)
		for i, c := range kept {
			e, _ := c.Effect(x.Metric)
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s [%s, %s]\t%s\t%d%s\n", i+1, c.Change, num(withChange(x, e)),
				signed(e.Diff), signed(e.CI95[0]), signed(e.CI95[1]), yesNo(e.Holm), c.Trials, cappedNote(c))
		}
		if others := otherMetrics(x); len(others) > 0 {
			fmt.Fprintf(tw, "\nchange\t%s\n", strings.Join(others, "\t"))
			for _, c := range kept {
				row := []string{c.Change}
				for _, m := range others {
					row = append(row, effectCell(c, m))
				}
				fmt.Fprintln(tw, strings.Join(row, "\t"))
			}
		}
	} else {
		fmt.Fprintf(tw, "\nNo change moves %s by more than ±%g.\n", x.Metric, x.Precision)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(dropped) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, wrap(droppedLine(x, dropped), 100))
	}
	if len(na) > 0 {
		fmt.Fprintln(w, wrap(fmt.Sprintf("Not compared: %s.", strings.Join(na, ", ")), 100))
	}
	if g := explainGlossary(x); len(g) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, wrap(glossaryHead(x), 100))
		for _, line := range g {
			fmt.Fprintln(w, "  "+line)
		}
	}
	return nil
}

// explainIntro says what was played and how to read it.
func explainIntro(x *Explanation) []string {
	r := x.Result
	return []string{
		fmt.Sprintf("Played as written: %d encounters, seed %d; then each of %d single changes on the same random numbers "+
			"(encounter k of every change draws what encounter k of the scenario drew).", r.Trials, r.Seed, len(x.Changes)),
		fmt.Sprintf("Ranked by the effect on %s, each measured to ±%g; \"Holm\" says whether the effect survives Holm's correction "+
			"over all %d effects measured (level 0.05).", x.Metric, x.Precision, x.Tests),
		asWrittenLine(x),
	}
}

// asWrittenLine gives the ranking figure as written, once for every row.
func asWrittenLine(x *Explanation) string {
	f := x.Result.Metrics[x.Metric]
	v, ci := f.Value()
	return fmt.Sprintf("As written, %s is %s [%s, %s] over %d encounters; \"with the change\" is that figure plus the change's difference "+
		"(measured on the change's encounters, each paired with the same encounter as written).",
		x.Metric, num(v), num(ci[0]), num(ci[1]), x.Result.Trials)
}

// withChange is the ranking figure with a change: the figure as written
// (the whole run's) plus the change's paired difference, within 0 to 1 for
// a probability. Each change is measured on its own number of encounters,
// so the figure as written over its pairs differs from row to row; the
// tables show the whole run's once instead.
func withChange(x *Explanation, e sim.Effect) float64 {
	v := baseOf(x) + e.Diff
	if x.Result.Metrics[x.Metric].Proportion != nil {
		v = math.Min(1, math.Max(0, v))
	}
	return v
}

// OptionQuestion is an option's question cut at its first colon, as a
// glossary gives it: "injury floors and Blinded in contested checks".
func OptionQuestion(doc string) string {
	if i := strings.Index(doc, ":"); i > 0 {
		return doc[:i]
	}
	return doc
}

// explainGlossary says what each option the changes name means, from the
// system's options table, with its value as written: "L-3: injury floors
// and Blinded in contested checks (as written: ignore)". The options of
// the ranked changes come first, then those of the dropped ones.
func explainGlossary(x *Explanation) []string {
	var out []string
	seen := map[string]bool{}
	add := func(c ChangeEffects) {
		if c.Kind != "option" || c.Doc == "" || seen[c.ID] {
			return
		}
		seen[c.ID] = true
		line := c.ID + ": " + OptionQuestion(c.Doc)
		if v, ok := x.Result.Options[c.ID]; ok {
			line += " (as written: " + v + ")"
		}
		out = append(out, line)
	}
	for _, c := range x.Changes {
		if c.kept() {
			add(c)
		}
	}
	for _, c := range x.Changes {
		if c.Status == sim.StatusDropped {
			add(c)
		}
	}
	return out
}

// glossaryHead introduces the glossary of options.
func glossaryHead(x *Explanation) string {
	return fmt.Sprintf("What the options mean (from %s's options table; tpk systems %s lists every value):", x.Result.Scenario.System, x.Result.Scenario.System)
}

// splitChanges sorts the changes into those kept (ranked as given), the
// dropped ones and the n/a ones, by name.
func splitChanges(x *Explanation) (kept []ChangeEffects, dropped, na []string) {
	for _, c := range x.Changes {
		switch {
		case c.kept():
			kept = append(kept, c)
		case c.Status == sim.StatusDropped:
			dropped = append(dropped, c.Change)
		case c.Reason != "":
			na = append(na, c.Change+" ("+c.Reason+")")
		default:
			na = append(na, c.Change)
		}
	}
	return kept, dropped, na
}

func droppedLine(x *Explanation, dropped []string) string {
	return fmt.Sprintf("Dropped early, their effect on %s shown to lie within ±%g (%d): %s.", x.Metric, x.Precision,
		len(dropped), strings.Join(dropped, ", "))
}

func cappedNote(c ChangeEffects) string {
	if c.Status == sim.StatusCapped {
		return " (cap reached)"
	}
	return ""
}

// otherMetrics are the tracked figures besides the ranking one, in the
// result's order.
func otherMetrics(x *Explanation) []string {
	var out []string
	for _, m := range metricOrder(x.Result) {
		if m == x.Metric {
			continue
		}
		for _, c := range x.Changes {
			if _, ok := c.Effects[m]; ok {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// effectCell writes an effect in one cell, starred when it survives Holm.
func effectCell(c ChangeEffects, metric string) string {
	e, ok := c.Effect(metric)
	if !ok {
		return "n/a"
	}
	s := signed(e.Diff) + " ±" + num(e.HalfWidth())
	if e.Holm {
		s += " *"
	}
	return s
}

// ExplainMarkdown writes each explanation for a pull request or a job
// summary.
func ExplainMarkdown(w io.Writer, xs []*Explanation) error {
	ew := &errWriter{w: w}
	for i, x := range xs {
		if i > 0 {
			ew.printf("\n")
		}
		r := x.Result
		ew.printf("### What the answer depends on: %s\n\n", mdText(r.Scenario.Name))
		if r.Verdict != "" {
			ew.printf("**%s**\n\n", mdText(r.Verdict))
		}
		for _, line := range explainIntro(x) {
			ew.printf("%s\n", mdText(line))
		}
		kept, dropped, na := splitChanges(x)
		if len(kept) > 0 {
			ew.printf("\n| rank | change | %s with the change | difference [95%%] | Holm | encounters |\n|--:|---|--:|---|---|--:|\n", mdText(x.Metric))
			for i, c := range kept {
				e, _ := c.Effect(x.Metric)
				ew.printf("| %d | `%s` | %s | %s [%s, %s] | %s | %d%s |\n", i+1, mdCode(c.Change), num(withChange(x, e)),
					signed(e.Diff), signed(e.CI95[0]), signed(e.CI95[1]), yesNo(e.Holm), c.Trials, cappedNote(c))
			}
			if others := otherMetrics(x); len(others) > 0 {
				ew.printf("\n<details><summary>Effects on the other headline figures (* survives Holm)</summary>\n\n| change | %s |\n|---|%s\n",
					strings.Join(others, " | "), strings.Repeat("---|", len(others)))
				for _, c := range kept {
					cells := make([]string, len(others))
					for j, m := range others {
						cells[j] = effectCell(c, m)
					}
					ew.printf("| `%s` | %s |\n", mdCode(c.Change), strings.Join(cells, " | "))
				}
				ew.printf("\n</details>\n")
			}
		} else {
			ew.printf("\nNo change moves %s by more than ±%g.\n", mdText(x.Metric), x.Precision)
		}
		if len(dropped) > 0 {
			ew.printf("\n%s\n", mdText(droppedLine(x, dropped)))
		}
		if len(na) > 0 {
			ew.printf("\nNot compared: %s.\n", mdText(strings.Join(na, ", ")))
		}
		if g := explainGlossary(x); len(g) > 0 {
			ew.printf("\n%s\n\n", mdText(glossaryHead(x)))
			for _, line := range g {
				ew.printf("- %s\n", mdText(line))
			}
		}
	}
	return ew.err
}

// tornadoMax is the number of changes a tornado plot shows.
const tornadoMax = 20

// TornadoChart plots the largest effects on the ranking figure as bars from
// zero with their 95% intervals, the largest on top.
func TornadoChart(x *Explanation) (*Chart, error) {
	kept, _, _ := splitChanges(x)
	if len(kept) > tornadoMax {
		kept = kept[:tornadoMax]
	}
	if len(kept) == 0 {
		return nil, errNoData
	}
	title := fmt.Sprintf("What %s depends on: %s", x.Metric, x.Result.Scenario.Name)
	p := newPlot(title)
	n := len(kept)
	b := &bars{horizontal: true, width: 0.7}
	labels := make([]string, n)
	lo, hi := 0.0, 0.0
	for i, c := range kept {
		e, _ := c.Effect(x.Metric)
		pos := float64(n - 1 - i)
		labels[n-1-i] = c.Change
		col := palette[0]
		if e.Diff < 0 {
			col = palette[1]
		}
		b.bars = append(b.bars, bar{pos: pos, val: e.Diff, lo: e.CI95[0], hi: e.CI95[1], color: col, label: signed(e.Diff)})
		lo, hi = math.Min(lo, e.CI95[0]), math.Max(hi, e.CI95[1])
	}
	p.Add(b)
	p.NominalY(labels...)
	pad := 0.15 * (hi - lo)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.X.Label.Text = fmt.Sprintf("change in %s from %s as written, with 95%% intervals", x.Metric, num(baseOf(x)))
	return &Chart{Name: "explain-" + x.Metric, Title: title, Plot: p, W: 7.5 * vg.Inch, H: vg.Length(1.2+0.3*float64(n)) * vg.Inch}, nil
}

// baseOf is the ranking figure as written.
func baseOf(x *Explanation) float64 {
	v, _ := x.Result.Metrics[x.Metric].Value()
	return v
}

type htmlExplain struct {
	ID, Title, Verdict string
	Intro, Head, Notes []string
	Rows               [][]string
	Plot               *htmlPlot
}

// ExplainHTML writes one self-contained page: each explanation (its ranked
// table, what was dropped and the tornado plot), then the full result of
// each scenario as written.
func ExplainHTML(w io.Writer, xs []*Explanation) error {
	results := make([]*sim.Result, len(xs))
	for i, x := range xs {
		results[i] = x.Result
	}
	page, err := newHTMLPage(results, nil)
	if err != nil {
		return err
	}
	for i, x := range xs {
		sec := htmlExplain{ID: fmt.Sprintf("explain%d-%s", i+1, Slug(x.Result.Scenario.Name)),
			Title: "What the answer depends on: " + x.Result.Scenario.Name, Verdict: x.Result.Verdict, Intro: explainIntro(x),
			Head: []string{"rank", "change", x.Metric + " with the change", "difference [95%]", "Holm", "encounters"}}
		kept, dropped, na := splitChanges(x)
		for k, c := range kept {
			e, _ := c.Effect(x.Metric)
			sec.Rows = append(sec.Rows, []string{fmt.Sprint(k + 1), c.Change, num(withChange(x, e)),
				fmt.Sprintf("%s [%s, %s]", signed(e.Diff), signed(e.CI95[0]), signed(e.CI95[1])), yesNo(e.Holm), fmt.Sprint(c.Trials) + cappedNote(c)})
		}
		if len(kept) == 0 {
			sec.Notes = append(sec.Notes, fmt.Sprintf("No change moves %s by more than ±%g.", x.Metric, x.Precision))
		}
		if len(dropped) > 0 {
			sec.Notes = append(sec.Notes, droppedLine(x, dropped))
		}
		if len(na) > 0 {
			sec.Notes = append(sec.Notes, "Not compared: "+strings.Join(na, ", ")+".")
		}
		if g := explainGlossary(x); len(g) > 0 {
			sec.Notes = append(sec.Notes, glossaryHead(x)+" "+strings.Join(g, "; ")+".")
		}
		if c, err := TornadoChart(x); err == nil {
			svg, err := inlineSVG(c)
			if err != nil {
				return err
			}
			sec.Plot = &htmlPlot{Title: c.Title, SVG: template.HTML(svg)}
		}
		page.Explains = append(page.Explains, sec)
	}
	return pageTemplate.Execute(w, page)
}

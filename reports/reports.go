// Package reports turns results into what people and CI read: an aligned
// text summary, Markdown for pull requests and job summaries, CSV, the JSON
// result file (schema 1), JUnit XML for check, plots (PNG and SVG, with
// gonum/plot) and a self-contained HTML page. It knows no game: every
// system's metrics are laid out from the result itself, so a system added
// later is reported without change here.
package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/tpk-sim/tpk/sim"
)

// JSON writes one result as an object, several as an array.
func JSON(w io.Writer, results []*sim.Result) error { return oneOrMany(w, results) }

// oneOrMany writes one value as an indented JSON object, several as an
// array.
func oneOrMany[T any](w io.Writer, xs []T) error {
	if len(xs) == 1 {
		return indentJSON(w, xs[0])
	}
	return indentJSON(w, xs)
}

// indentJSON writes v as indented JSON.
func indentJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Text writes each result as an aligned table: every figure with its 95%
// interval, the per-combatant figures, expectations and warnings.
func Text(w io.Writer, results []*sim.Result) error {
	for i, r := range results {
		if i > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		if err := textResult(w, r); err != nil {
			return err
		}
	}
	return nil
}

func textResult(w io.Writer, r *sim.Result) error {
	partial := ""
	if r.Partial {
		partial = " (PARTIAL: interrupted)"
	}
	fmt.Fprintf(w, "%s · %s · %s%s\n", r.Scenario.Name, r.Scenario.System, r.Scenario.File, partial)
	if r.Verdict != "" {
		fmt.Fprintln(w, wrap(r.Verdict, 100))
	}
	fmt.Fprintf(w, "%d encounters, seed %d, %d workers, %.2f s\n", r.Trials, r.Seed, r.Workers, r.ElapsedS)
	fmt.Fprintf(w, "strategies: party %s, foes %s; %s\n", r.Strategies["party"], r.Strategies["foes"], optionsLine(r))
	if len(r.Variant) > 0 {
		fmt.Fprintf(w, "variant: %s\n", sim.VariantLabel(r.Variant))
	}
	fmt.Fprintln(w)

	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\testimate\t95% interval")
	for _, name := range r.MetricOrder {
		fmt.Fprintf(tw, "%s\t%s\n", name, figure(r.Metrics[name]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Combatants) > 0 {
		fmt.Fprintln(w)
		header := []string{"combatant", "side"}
		header = append(header, r.Combatants[0].MetricOrder...)
		fmt.Fprintln(tw, strings.Join(header, "\t"))
		for _, c := range r.Combatants {
			row := []string{c.Name, string(c.Side)}
			for _, m := range c.MetricOrder {
				row = append(row, short(c.Metrics[m]))
			}
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(r.Expectations) > 0 {
		fmt.Fprintln(w, "\nexpectations")
		for _, x := range r.Expectations {
			v := Verdict(x)
			fmt.Fprintf(tw, "  %s\t%s\tobserved %s [%s, %s]%s\n", strings.ToUpper(v), expectation(x),
				num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), verdictNote(x))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if r.Baseline != nil {
		if err := textBaseline(w, r.Baseline); err != nil {
			return err
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w, "\nnotes")
		for _, s := range r.Notes {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintln(w, "\nwarnings")
		for _, s := range r.Warnings {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	return nil
}

// Verdict returns an expectation's verdict: sim.VerdictPass, VerdictFail or
// VerdictUndecided (from the observed figure alone for a result file
// without verdicts).
func Verdict(x sim.ExpectationResult) string {
	switch x.Verdict {
	case sim.VerdictPass, sim.VerdictFail, sim.VerdictUndecided:
		return x.Verdict
	}
	if x.Pass {
		return sim.VerdictPass
	}
	return sim.VerdictFail
}

// verdictNote says, when check judged the expectation by a wider interval
// than the 95% one (its looks share the error rate), which interval that
// was; and for an undecided expectation, that the interval straddles the
// bound and on which side the observed figure is.
func verdictNote(x sim.ExpectationResult) string {
	note := ""
	if x.Interval != nil {
		note = fmt.Sprintf("; judged by its %s%% interval [%s, %s]", num(100*x.Confidence), num(x.Interval[0]), num(x.Interval[1]))
	}
	if Verdict(x) != sim.VerdictUndecided {
		return note
	}
	side := "outside"
	if x.Pass {
		side = "inside"
	}
	return note + "; the interval straddles the bound (the estimate is " + side + ")"
}

// textBaseline writes the comparison with a baseline: the figures that
// changed significantly, then the others, then the note on many tests.
func textBaseline(w io.Writer, c *sim.Comparison) error {
	fmt.Fprintf(w, "\nbaseline %s (seed %d, %d encounters): two-sided tests at level %g\n", c.File, c.Seed, c.Trials, c.Level)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	var same []string
	changed := 0
	for _, ch := range c.Changes {
		if !ch.Significant {
			same = append(same, changeName(ch))
			continue
		}
		if changed == 0 {
			fmt.Fprintln(tw, "  changed\tbaseline\tnow\tdifference [95%]\ttest\tp\tHolm")
		}
		changed++
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s [%s, %s]\t%s %s\t%s\t%s\n", changeName(ch), num(ch.Old), num(ch.New),
			signed(ch.Diff), signed(ch.CI95[0]), signed(ch.CI95[1]), testName(ch), num(ch.Stat), pValue(ch.P), yesNo(ch.Holm))
	}
	if changed == 0 {
		fmt.Fprintln(tw, "  no figure changed significantly")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(same) > 0 {
		fmt.Fprintf(w, "  not changed significantly (%d): %s\n", len(same), strings.Join(same, ", "))
	}
	if len(c.Missing) > 0 {
		fmt.Fprintf(w, "  not compared: %s\n", strings.Join(c.Missing, "; "))
	}
	if len(c.Removed) > 0 {
		fmt.Fprintf(w, "  removed since the baseline: %s\n", strings.Join(c.Removed, ", "))
	}
	if len(c.Added) > 0 {
		fmt.Fprintf(w, "  added since the baseline: %s\n", strings.Join(c.Added, ", "))
	}
	fmt.Fprintf(w, "  %s\n", c.Note)
	return nil
}

// changeName names a compared figure: "tpk", or "Brannoc death".
func changeName(ch sim.Change) string {
	if ch.Combatant != "" {
		return ch.Combatant + " " + ch.Metric
	}
	return ch.Metric
}

func testName(ch sim.Change) string {
	if ch.Test == sim.MethodWelch {
		return "t"
	}
	return "z"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// signed writes a difference with its sign.
func signed(x float64) string {
	if x >= 0 {
		return "+" + num(x)
	}
	return num(x)
}

// pValue writes a p-value: "< 0.0001" below that.
func pValue(p float64) string {
	if p < 0.0001 {
		return "< 0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

func optionsLine(r *sim.Result) string {
	if len(r.OptionsSet) == 0 {
		return "options: all defaults"
	}
	parts := make([]string, len(r.OptionsSet))
	for i, id := range r.OptionsSet {
		parts[i] = id + "=" + r.Options[id]
	}
	return "options: " + strings.Join(parts, ", ") + " (the rest default)"
}

func expectation(x sim.ExpectationResult) string {
	if x.Op == ".." && x.Hi != nil {
		return fmt.Sprintf("%s in %s .. %s", x.Metric, num(x.Value), num(*x.Hi))
	}
	return fmt.Sprintf("%s %s %s", x.Metric, x.Op, num(x.Value))
}

// figure writes a metric's estimate, interval and, for counts, the spread.
func figure(f sim.Figure) string {
	if p := f.Proportion; p != nil {
		return fmt.Sprintf("%s\t[%s, %s]", prob(p.P), prob(p.CI95[0]), prob(p.CI95[1]))
	}
	d := f.Distribution
	if d == nil {
		if f.NA != "" { // the reason in the last cell, which no column aligns
			return "n/a\t(" + f.NA + ")"
		}
		return "\t"
	}
	q := d.Quantiles
	return fmt.Sprintf("mean %s\t[%s, %s]\tsd %s  p05 %d  p25 %d  p50 %d  p75 %d  p95 %d",
		num(d.Mean), num(d.CI95[0]), num(d.CI95[1]), num(d.SD), q["p05"], q["p25"], q["p50"], q["p75"], q["p95"])
}

// short writes a figure in one cell: "p [lo, hi]" or "mean m [lo, hi]".
func short(f sim.Figure) string {
	if p := f.Proportion; p != nil {
		return fmt.Sprintf("%s [%s, %s]", prob(p.P), prob(p.CI95[0]), prob(p.CI95[1]))
	}
	if d := f.Distribution; d != nil {
		return fmt.Sprintf("mean %s [%s, %s]", num(d.Mean), num(d.CI95[0]), num(d.CI95[1]))
	}
	if f.NA != "" {
		return "n/a"
	}
	return ""
}

// prob writes a probability with four decimals, or six when it is small
// enough that four would round it away.
func prob(p float64) string {
	if p > 0 && p < 0.001 {
		return fmt.Sprintf("%.6f", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// num writes a mean or bound with enough digits to compare.
func num(x float64) string {
	return fmt.Sprintf("%.4g", x)
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// sortedNames lists a map's figure names in order.
func sortedNames(m map[string]sim.Figure) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// Slug turns a scenario name into a file name: lower case, words joined by
// hyphens ("Duel with the Faced Flock" gives duel-with-the-faced-flock).
func Slug(name string) string {
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
	if s == "" {
		s = "scenario"
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

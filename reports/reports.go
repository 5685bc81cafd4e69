// Package reports turns results into what people and CI read: an aligned
// text summary and the JSON result file (schema 1). It knows no game: every
// system's metrics are laid out from the result itself.
package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tpk/sim"
)

// JSON writes one result as an object, several as an array.
func JSON(w io.Writer, results []*sim.Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if len(results) == 1 {
		return enc.Encode(results[0])
	}
	return enc.Encode(results)
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
		if err := text(w, r); err != nil {
			return err
		}
	}
	return nil
}

func text(w io.Writer, r *sim.Result) error {
	partial := ""
	if r.Partial {
		partial = " (PARTIAL: interrupted)"
	}
	fmt.Fprintf(w, "%s · %s · %s%s\n", r.Scenario.Name, r.Scenario.System, r.Scenario.File, partial)
	fmt.Fprintf(w, "%d encounters, seed %d, %d workers, %.2f s\n", r.Trials, r.Seed, r.Workers, r.ElapsedS)
	fmt.Fprintf(w, "strategies: party %s, foes %s; %s\n\n", r.Strategies["party"], r.Strategies["foes"], optionsLine(r))

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
			verdict := "PASS"
			if !x.Pass {
				verdict = "FAIL"
			}
			fmt.Fprintf(tw, "  %s\t%s\tobserved %s [%s, %s]\n", verdict, expectation(x), num(x.Observed), num(x.CI95[0]), num(x.CI95[1]))
		}
		if err := tw.Flush(); err != nil {
			return err
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

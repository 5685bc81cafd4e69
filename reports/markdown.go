package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// Markdown writes each result as GitHub-flavoured Markdown that fits a
// pull-request comment or a CI job summary: a heading, the run, every
// figure with its interval, expectations, the comparison with a baseline,
// the per-combatant figures (folded), notes and warnings.
func Markdown(w io.Writer, results []*sim.Result) error {
	ew := &errWriter{w: w}
	for i, r := range results {
		if i > 0 {
			ew.printf("\n")
		}
		markdown(ew, r)
	}
	return ew.err
}

func markdown(w *errWriter, r *sim.Result) {
	partial := ""
	if r.Partial {
		partial = " (partial: interrupted)"
	}
	w.printf("### %s%s\n\n", mdText(r.Scenario.Name), partial)
	if r.Verdict != "" {
		w.printf("**%s**\n\n", mdText(r.Verdict))
	}
	w.printf("`%s` · `%s` · %d encounters · seed %d · strategies: party %s, foes %s · %s\n",
		mdCode(r.Scenario.System), mdCode(r.Scenario.File), r.Trials, r.Seed,
		mdText(r.Strategies["party"]), mdText(r.Strategies["foes"]), mdText(optionsLine(r)))
	if len(r.Variant) > 0 {
		w.printf("· variant: `%s`\n", mdCode(sim.VariantLabel(r.Variant)))
	}
	if len(r.Expectations) > 0 {
		w.printf("\n**Expectations**\n\n| | expectation | observed | 95%% interval |\n|---|---|--:|---|\n")
		for _, x := range r.Expectations {
			w.printf("| %s | %s | %s | %s – %s%s |\n", verdictMark(Verdict(x)), mdText(expectation(x)),
				num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), mdText(verdictNote(x)))
		}
	}
	var head, rest []string
	for _, name := range metricOrder(r) {
		if sim.IsStandard(name) {
			head = append(head, name)
		} else {
			rest = append(rest, name)
		}
	}
	mdFigures(w, r, head)
	if len(rest) > 0 {
		w.printf("\n<details><summary>%s's own figures (%d)</summary>\n", mdText(r.Scenario.System), len(rest))
		mdFigures(w, r, rest)
		w.printf("\n</details>\n")
	}
	mdGlossary(w, r)
	if r.Baseline != nil {
		markdownBaseline(w, r.Baseline)
	}
	if len(r.Combatants) > 0 {
		w.printf("\n<details><summary>Combatants</summary>\n\n")
		order := r.Combatants[0].MetricOrder
		if len(order) == 0 {
			order = sortedNames(r.Combatants[0].Metrics)
		}
		w.printf("| combatant | side |")
		for _, m := range order {
			w.printf(" %s |", mdText(m))
		}
		w.printf("\n|---|---|%s\n", strings.Repeat("--:|", len(order)))
		for _, c := range r.Combatants {
			w.printf("| %s | %s |", mdText(c.Name), c.Side)
			for _, m := range order {
				w.printf(" %s |", mdText(short(c.Metrics[m])))
			}
			w.printf("\n")
		}
		w.printf("\n</details>\n")
	}
	if len(r.Notes) > 0 {
		w.printf("\n")
		for _, s := range r.Notes {
			w.printf("> ℹ️ %s\n", mdText(s))
		}
	}
	if len(r.Warnings) > 0 {
		w.printf("\n")
		for _, s := range r.Warnings {
			w.printf("> ⚠️ %s\n>\n", mdText(s))
		}
	}
}

// markdownBaseline writes the comparison with a baseline.
func markdownBaseline(w *errWriter, c *sim.Comparison) {
	w.printf("\n**Against the baseline** `%s` (seed %d, %d encounters), two-sided tests at level %g\n\n",
		mdCode(c.File), c.Seed, c.Trials, c.Level)
	var same []string
	changed := 0
	for _, ch := range c.Changes {
		if !ch.Significant {
			same = append(same, mdText(changeName(ch)))
			continue
		}
		if changed == 0 {
			w.printf("| changed | baseline | now | difference | 95%% interval | test | p | Holm |\n|---|--:|--:|--:|---|---|--:|---|\n")
		}
		changed++
		w.printf("| %s | %s | %s | %s | %s – %s | %s %s | %s | %s |\n", mdText(changeName(ch)), num(ch.Old), num(ch.New),
			signed(ch.Diff), signed(ch.CI95[0]), signed(ch.CI95[1]), testName(ch), num(ch.Stat), pValue(ch.P), yesNo(ch.Holm))
	}
	if changed == 0 {
		w.printf("No figure changed significantly.\n")
	}
	if len(same) > 0 {
		w.printf("\nNot changed significantly (%d): %s.\n", len(same), strings.Join(same, ", "))
	}
	if len(c.Missing) > 0 {
		w.printf("\nNot compared: %s.\n", mdText(strings.Join(c.Missing, "; ")))
	}
	if len(c.Removed) > 0 {
		w.printf("\nRemoved since the baseline: %s.\n", mdText(strings.Join(c.Removed, ", ")))
	}
	if len(c.Added) > 0 {
		w.printf("\nAdded since the baseline: %s.\n", mdText(strings.Join(c.Added, ", ")))
	}
	w.printf("\n%s\n", mdText(c.Note))
}

// verdictMark writes a verdict with a symbol that reads at a glance.
func verdictMark(v string) string {
	switch v {
	case sim.VerdictPass:
		return "✅ pass"
	case sim.VerdictFail:
		return "❌ fail"
	}
	return "❔ undecided"
}

// mdText escapes text for a Markdown table cell or line.
func mdText(s string) string {
	r := strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;", "*", `\*`, "`", "'")
	return r.Replace(s)
}

// mdCode prepares text for inline code: no backticks, no pipes, no newlines.
func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "|", "/", "\n", " ").Replace(s)
}

// metricOrder is the order of a result's metrics: the schema's, or sorted.
func metricOrder(r *sim.Result) []string {
	if len(r.MetricOrder) > 0 {
		return r.MetricOrder
	}
	return sortedNames(r.Metrics)
}

// errWriter keeps the first write error, so that report code reads plainly.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// mdGlossary writes, folded, what every figure of the result means.
func mdGlossary(w *errWriter, r *sim.Result) {
	if len(r.Glossary) == 0 {
		return
	}
	w.printf("\n<details><summary>What the figures mean</summary>\n\n")
	for _, name := range metricOrder(r) {
		if doc := r.Glossary[name]; doc != "" {
			w.printf("- **%s**: %s\n", mdText(name), mdText(doc))
		}
	}
	if len(r.Combatants) > 0 {
		for _, name := range r.Combatants[0].MetricOrder {
			if doc := r.CombatantGlossary[name]; doc != "" {
				w.printf("- **%s** (each combatant): %s\n", mdText(name), mdText(doc))
			}
		}
	}
	w.printf("\n</details>\n")
}

// mdFigures writes a table of the named figures.
func mdFigures(w *errWriter, r *sim.Result, names []string) {
	if len(names) == 0 {
		return
	}
	w.printf("\n| metric | estimate | 95%% interval | spread |\n|---|--:|---|---|\n")
	for _, name := range names {
		f := r.Metrics[name]
		if p := f.Proportion; p != nil {
			few := ""
			if p.FewEvents() {
				few = " ⚠️"
			}
			w.printf("| %s%s | %s | %s – %s | |\n", mdText(name), few, prob(p.P), prob(p.CI95[0]), prob(p.CI95[1]))
		} else if d := f.Distribution; d != nil {
			q := d.Quantiles
			w.printf("| %s | mean %s | %s – %s | sd %s · p05 %d · p25 %d · p50 %d · p75 %d · p95 %d |\n", mdText(name),
				num(d.Mean), num(d.CI95[0]), num(d.CI95[1]), num(d.SD), q["p05"], q["p25"], q["p50"], q["p75"], q["p95"])
		} else if f.NA != "" {
			w.printf("| %s | n/a | | %s |\n", mdText(name), mdText(f.NA))
		}
	}
}

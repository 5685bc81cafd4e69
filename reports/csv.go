package reports

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/tpk-sim/tpk/sim"
)

// CSVHeader is the header row of CSV: one row follows per scenario and
// metric, the encounter metrics first (combatant empty), then each
// combatant's. Probabilities fill estimate, the interval, n and events;
// counts fill estimate (the mean), the interval of the mean, n, sd and the
// quantiles. few_events is true when a probability rests on 1 to 9 events
// or non-events. A figure the options make impossible has kind "n/a", no
// numbers and its reason in na. A sweep's settings come in variant.
var CSVHeader = []string{"scenario", "file", "system", "seed", "trials", "variant", "combatant", "side", "metric", "kind",
	"estimate", "ci95_low", "ci95_high", "n", "events", "sd", "p05", "p25", "p50", "p75", "p95", "few_events", "na"}

// CSV writes every figure of every result as one row under CSVHeader.
func CSV(w io.Writer, results []*sim.Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, r := range results {
		head := []string{r.Scenario.Name, r.Scenario.File, r.Scenario.System, strconv.FormatUint(r.Seed, 10),
			strconv.FormatInt(r.Trials, 10), sim.VariantLabel(r.Variant)}
		for _, name := range metricOrder(r) {
			if err := cw.Write(csvRow(head, "", "", name, r.Metrics[name])); err != nil {
				return err
			}
		}
		for _, c := range r.Combatants {
			order := c.MetricOrder
			if len(order) == 0 {
				order = sortedNames(c.Metrics)
			}
			for _, name := range order {
				if err := cw.Write(csvRow(head, c.Name, string(c.Side), name, c.Metrics[name])); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvRow(head []string, combatant, side, metric string, f sim.Figure) []string {
	row := append(append([]string(nil), head...), combatant, side, metric)
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	i := func(x int64) string { return strconv.FormatInt(x, 10) }
	switch {
	case f.Proportion != nil:
		p := f.Proportion
		return append(row, "probability", g(p.P), g(p.CI95[0]), g(p.CI95[1]), i(p.N), i(p.Events),
			"", "", "", "", "", "", strconv.FormatBool(p.FewEvents()), "")
	case f.Distribution != nil:
		d := f.Distribution
		q := func(name string) string { return strconv.Itoa(d.Quantiles[name]) }
		return append(row, "count", g(d.Mean), g(d.CI95[0]), g(d.CI95[1]), i(d.N), "", g(d.SD),
			q("p05"), q("p25"), q("p50"), q("p75"), q("p95"), "false", "")
	}
	kind := ""
	if f.NA != "" {
		kind = "n/a"
	}
	return append(row, kind, "", "", "", "", "", "", "", "", "", "", "", "", f.NA)
}

package reports

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// NewExplanation is what tpk explain found for one scenario: res, the
// scenario as written; ex, the run of the changes played on common random
// numbers (sim.Explain), played[i] being ex's variant i with its Kind,
// Change, ID, Value and Doc filled; refused, the changes the scenario could
// not take, with their reason. The effects of each change on every tracked
// figure are corrected together for multiple testing (Holm, at 0.05), and
// the changes ranked: those played to the end by the size of their effect
// on metric, then the dropped ones, then the n/a ones, then refused; ties
// keep the order given.
func NewExplanation(res *sim.Result, metric string, precision float64, tracked []string, ex *sim.Explanation, played, refused []ChangeEffects) *Explanation {
	x := &Explanation{Kind: "explain", Result: res, Metric: metric, Precision: precision}
	var ps []float64
	var where [][2]int
	for i, ce := range played {
		ce.Trials, ce.Status = ex.Pairs[i].N, ex.Status[i]
		if ce.Status == sim.StatusNA {
			ce.Reason = metric + " is n/a under it"
		} else {
			ce.Effects = map[string]sim.Effect{}
			for j, m := range tracked {
				if st := ex.Pairs[i].Stats[j]; !st.Missing {
					ce.Effects[m] = st.Effect(ex.Pairs[i].N)
					ps = append(ps, ce.Effects[m].P)
					where = append(where, [2]int{len(x.Changes), j})
				}
			}
		}
		x.Changes = append(x.Changes, ce)
	}
	for k, ok := range sim.Holm(ps, 0.05) {
		c, m := &x.Changes[where[k][0]], tracked[where[k][1]]
		e := c.Effects[m]
		e.Holm = ok
		c.Effects[m] = e
	}
	x.Tests = len(ps)
	x.rank()
	x.Changes = append(x.Changes, refused...)
	return x
}

// rank orders the changes: those played to the end by the size of their
// effect on the ranking figure, then the dropped ones, then the n/a ones;
// ties keep their order.
func (x *Explanation) rank() {
	group := func(c ChangeEffects) int {
		switch {
		case c.kept():
			return 0
		case c.Status == sim.StatusDropped:
			return 1
		}
		return 2
	}
	size := func(c ChangeEffects) float64 {
		e, _ := c.Effect(x.Metric)
		return math.Abs(e.Diff)
	}
	sort.SliceStable(x.Changes, func(a, b int) bool {
		ca, cb := x.Changes[a], x.Changes[b]
		if ga, gb := group(ca), group(cb); ga != gb {
			return ga < gb
		}
		return group(ca) == 0 && size(ca) > size(cb)
	})
}

// DependsOn is the sentence `tpk run --explain` adds to the verdict of
// result r: the changes (at most three, in rank order) that move the
// ranking figure by more than r's interval of it and survive Holm.
func (x *Explanation) DependsOn(r *sim.Result) string {
	f := r.Metrics[x.Metric]
	_, ci := f.Value()
	hw := (ci[1] - ci[0]) / 2
	var parts []string
	for _, c := range x.Changes {
		e, ok := c.Effect(x.Metric)
		if !ok || !e.Holm || math.Abs(e.Diff) <= hw || !c.kept() {
			continue
		}
		what := c.ID + " = " + c.Value
		if c.Kind == "strategy" {
			what = c.ID + " strategy " + c.Value
		}
		if c.Doc != "" {
			what += " (" + OptionQuestion(c.Doc) + ")"
		}
		parts = append(parts, fmt.Sprintf("with %s, %s becomes %.4g", what, x.Metric, e.Variant))
		if len(parts) == 3 {
			break
		}
	}
	if len(parts) == 0 {
		return fmt.Sprintf("No single reading or tactic moves %s by more than its interval (tpk explain measured each to ±%g).", x.Metric, x.Precision)
	}
	return "This answer depends on the reading and the tactics: " + strings.Join(parts, "; ") + " (tpk explain for the whole list)."
}

package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func sampleExplanation(t *testing.T) *Explanation {
	r := fixture(t, "locus-party.json")
	eff := func(d float64) map[string]sim.Effect {
		return map[string]sim.Effect{"any_death": {Base: 0.2, Variant: 0.2 + d, Diff: d, CI95: [2]float64{d - 0.01, d + 0.01}, P: 0.001, Holm: true}}
	}
	return &Explanation{Kind: "explain", Result: r, Metric: "any_death", Precision: 0.01, Tests: 3, Changes: []ChangeEffects{
		{Kind: "option", Change: "options.L-3=dice", ID: "L-3", Value: "dice", Doc: "what a Condition costs: nothing, dice or points", Trials: 8000, Status: sim.StatusMeasured, Effects: eff(0.3)},
		{Kind: "strategy", Change: "strategies.party=flee", ID: "party", Value: "flee", Trials: 4000, Status: sim.StatusMeasured, Effects: eff(-0.15)},
		{Kind: "option", Change: "options.L-27=boundary-lower", ID: "L-27", Value: "boundary-lower", Trials: 2000, Status: sim.StatusDropped, Effects: eff(0)},
		{Kind: "strategy", Change: "party[0].strategy=hide", ID: "party[0]", Value: "hide", Status: sim.StatusNA, Reason: "the scenario cannot take it"},
	}}
}

// The tornado plot renders the changes kept, largest on top, and the
// reports name what was dropped and what could not be compared.
func TestExplainReports(t *testing.T) {
	x := sampleExplanation(t)
	c, err := TornadoChart(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"png", "svg"} {
		var b bytes.Buffer
		if err := Render(&b, c, format); err != nil {
			t.Fatal(err)
		}
		if format == "png" {
			nonBlank(t, "tornado", b.Bytes())
		} else {
			validSVG(t, "tornado", b.Bytes())
		}
	}
	var text, md, html bytes.Buffer
	if err := ExplainText(&text, []*Explanation{x}); err != nil {
		t.Fatal(err)
	}
	if err := ExplainMarkdown(&md, []*Explanation{x}); err != nil {
		t.Fatal(err)
	}
	if err := ExplainHTML(&html, []*Explanation{x}); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "markdown": md.String(), "html": html.String()} {
		for _, want := range []string{"options.L-3=dice", "Dropped early", "options.L-27=boundary-lower",
			"Not compared: party[0].strategy=hide (the scenario cannot take it)"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		// One figure as written, the whole run's, and each change's figure
		// as that plus its difference.
		v, _ := x.Result.Metrics["any_death"].Value()
		asWritten := "As written, any_death is " + num(v)
		if n := strings.Count(out, asWritten); n != 1 {
			t.Errorf("%s: %q appears %d times, want once", name, asWritten, n)
		}
		if !strings.Contains(out, num(v+0.3)) || strings.Contains(out, "0.2 →") {
			t.Errorf("%s: the change's figure is not the figure as written plus its difference", name)
		}
		if want := "L-3: what a Condition costs (as written: " + x.Result.Options["L-3"] + ")"; !strings.Contains(out, want) {
			t.Errorf("%s: the glossary lacks %q", name, want)
		}
		if i, j := strings.Index(out, "L-3=dice"), strings.Index(out, "party=flee"); i > j {
			t.Errorf("%s: the larger effect is not first", name)
		}
	}
}

// NewExplanation ranks the changes played to the end by the size of their
// effect on the ranking figure, then the dropped, then the n/a, then those
// the scenario refused; DependsOn names only effects that survive Holm
// and exceed the result's interval.
func TestNewExplanationRanks(t *testing.T) {
	prob := func(base, variant, baseOnly, varOnly int64) sim.PairStat {
		return sim.PairStat{Kind: sim.Prob, Base: base, Variant: variant, BaseOnly: baseOnly, VarOnly: varOnly}
	}
	const n = 10_000
	ex := &sim.Explanation{
		Pairs: []*sim.Pairs{
			{N: n, Stats: []sim.PairStat{prob(5000, 5050, 50, 100)}},    // small: within the interval
			{N: n, Stats: []sim.PairStat{prob(5000, 5000, 0, 0)}},       // dropped
			{N: n, Stats: []sim.PairStat{prob(5000, 7000, 0, 2000)}},    // large
			{N: n, Stats: []sim.PairStat{{Missing: true}}},              // n/a
			{N: n, Stats: []sim.PairStat{prob(5000, 5150, 2425, 2575)}}, // noisy: past the interval, not past Holm
		},
		Status: []string{sim.StatusMeasured, sim.StatusDropped, sim.StatusMeasured, sim.StatusNA, sim.StatusMeasured},
	}
	played := []ChangeEffects{{ID: "small", Value: "1"}, {ID: "dropped", Value: "1"}, {ID: "large", Value: "1"}, {ID: "na", Value: "1"},
		{ID: "noisy", Value: "1"}}
	refused := []ChangeEffects{{ID: "refused", Status: sim.StatusNA, Reason: "the scenario cannot take it"}}
	res := &sim.Result{Metrics: map[string]sim.Figure{"defeat": {Proportion: &sim.Proportion{P: 0.5, CI95: [2]float64{0.49, 0.51}}}}}
	x := NewExplanation(res, "defeat", 0.01, []string{"defeat"}, ex, played, refused)
	var order []string
	for _, c := range x.Changes {
		order = append(order, c.ID)
	}
	if want := "large noisy small dropped na refused"; strings.Join(order, " ") != want {
		t.Errorf("ranked %v, want %s", order, want)
	}
	if x.Tests != 4 || x.Changes[4].Reason != "defeat is n/a under it" {
		t.Errorf("tests %d, n/a reason %q", x.Tests, x.Changes[4].Reason)
	}
	if e, _ := x.Changes[1].Effect("defeat"); e.Holm {
		t.Errorf("noisy: %+v survives Holm; the case shows nothing", e)
	}
	if got := x.DependsOn(res); !strings.Contains(got, "with large = 1, defeat becomes 0.7") || strings.Contains(got, "small") || strings.Contains(got, "noisy") {
		t.Errorf("DependsOn: %s", got)
	}
}

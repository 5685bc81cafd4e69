package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestResultFields(t *testing.T) {
	m := newToy()
	s := m.Schema()
	out := mustRun(t, m, RunConfig{Seed: 8, Trials: 3000, Workers: 2})
	out.Elapsed = 1500 * time.Millisecond
	info := RunInfo{Name: "Ogre at the ford", File: "ford.yaml", System: "toy", Version: "v1.2", Seed: 8,
		Strategies: map[string]string{"party": "focus-weakest"}}
	res := out.Result(s, info)

	if res.Tool != "tpk" || res.Schema != 1 || res.Version != "v1.2" || res.Seed != 8 || res.Trials != 3000 ||
		res.Workers != 2 || res.ElapsedS != 1.5 || res.Partial {
		t.Errorf("header = %+v", res)
	}
	if res.Scenario != (ScenarioInfo{Name: "Ogre at the ford", File: "ford.yaml", System: "toy"}) {
		t.Errorf("scenario = %+v", res.Scenario)
	}
	if !reflect.DeepEqual(res.Strategies, info.Strategies) || res.Options == nil || len(res.Options) != 0 {
		t.Errorf("strategies %v, options %v", res.Strategies, res.Options)
	}
	info.Strategies["party"] = "changed"
	if res.Strategies["party"] != "focus-weakest" {
		t.Error("the result shares its strategies map with the caller")
	}
	wantOrder := []string{"victory", "defeat", "tpk", "any_death", "stalemate", "rounds", "deaths", "draw"}
	if !reflect.DeepEqual(res.MetricOrder, wantOrder) || len(res.Metrics) != len(wantOrder) {
		t.Errorf("metric order %v, %d metrics", res.MetricOrder, len(res.Metrics))
	}
	checkMetricFigures(t, res, s, out)
	checkCombatantFigures(t, res, s, out)
	checkResultJSON(t, res)
}

// checkMetricFigures: each metric's figure is the accumulator's, of its
// kind.
func checkMetricFigures(t *testing.T, res *Result, s *Schema, out *Outcome) {
	t.Helper()
	for i, name := range res.MetricOrder {
		f := res.Metrics[name]
		switch s.Metrics[i].Kind {
		case Prob:
			if f.Proportion == nil || f.Distribution != nil || f.Proportion.N != 3000 ||
				*f.Proportion != out.Acc.Proportion(i) {
				t.Errorf("%s = %+v, want the Acc's proportion", name, f.Proportion)
			}
		case Count:
			if f.Distribution == nil || f.Proportion != nil || f.Distribution.N != 3000 ||
				!reflect.DeepEqual(*f.Distribution, out.Acc.Distribution(i)) {
				t.Errorf("%s = %+v, want the Acc's distribution", name, f.Distribution)
			}
		}
	}
}

// checkCombatantFigures: each combatant's name, side and figures.
func checkCombatantFigures(t *testing.T, res *Result, s *Schema, out *Outcome) {
	t.Helper()
	if len(res.Combatants) != 3 {
		t.Fatalf("%d combatants, want 3", len(res.Combatants))
	}
	for c, cr := range res.Combatants {
		if cr.Name != s.Combatants[c].Name || cr.Side != s.Combatants[c].Side ||
			!reflect.DeepEqual(cr.MetricOrder, []string{"death", "wounds"}) {
			t.Errorf("combatant %d = %s %s %v", c, cr.Name, cr.Side, cr.MetricOrder)
		}
		if d := cr.Metrics["death"].Proportion; d == nil || *d != *out.Acc.CombatantFigure(c, toyDeath).Proportion {
			t.Errorf("%s death = %+v", cr.Name, d)
		}
		if w := cr.Metrics["wounds"].Distribution; w == nil || w.N != 3000 || len(w.Histogram) != 4 {
			t.Errorf("%s wounds = %+v, want 4 values over 3000", cr.Name, w)
		}
	}
}

// checkResultJSON: the result's JSON has its fields by their JSON names,
// and nothing internal.
func checkResultJSON(t *testing.T, res *Result) {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{`"tool":"tpk","schema":1,"version":"v1.2"`, `"options":{}`,
		`"victory":{"p":`, `"combatants":[{"name":"Ann","side":"party","metrics":{`} {
		if !strings.Contains(string(b), part) {
			t.Errorf("result JSON lacks %s:\n%s", part, b)
		}
	}
	for _, absent := range []string{"MetricOrder", "partial", "expectations", "Proportion", "Distribution"} {
		if strings.Contains(string(b), absent) {
			t.Errorf("result JSON has %s:\n%s", absent, b)
		}
	}
}

func TestResultWarnings(t *testing.T) {
	s := &Schema{
		Metrics: []Metric{
			{Name: "victory", Kind: Prob, Headline: true},
			{Name: "tpk", Kind: Prob, Headline: true},
			{Name: "any_death", Kind: Prob, Headline: true},
			{Name: "stalemate", Kind: Prob, Headline: true},
			{Name: "rounds", Kind: Count, Max: 5},
		},
		Combatants:       []Combatant{{"Brannoc", Party}},
		CombatantMetrics: []Metric{{Name: "death", Kind: Prob}},
	}
	a := NewAcc(s)
	// 100000 encounters: tpk 4 times, victory all but 3, any_death once,
	// stalemate 10 times (enough: no warning); Brannoc dies 9 times; every
	// fight lasts 2 rounds (a count without spread).
	const n = 100000
	a.n = n
	a.events = []int64{n - 3, 4, 1, 10, 0, 9}
	a.hists[4][2] = n
	res := (&Outcome{Acc: a, Trials: n}).Result(s, RunInfo{})
	want := []string{
		"victory: p = 0.99997 rests on 3 encounters without the event; the interval is wide",
		"tpk: p = 0.00004 rests on 4 events; the interval is wide",
		"any_death: p = 0.00001 rests on 1 event; the interval is wide",
		"rounds: every encounter gave 2; the mean's interval allows for values one step away that the run did not meet",
		"Brannoc death: p = 0.00009 rests on 9 events; the interval is wide",
	}
	if !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings:\n%q\nwant\n%q", res.Warnings, want)
	}
	res = (&Outcome{Acc: a, Trials: n, Partial: true}).Result(s, RunInfo{})
	if len(res.Warnings) != 6 || !strings.Contains(res.Warnings[0], "interrupted after 100000 encounters") || !res.Partial {
		t.Errorf("partial run warnings: %q", res.Warnings)
	}
}

func TestFormatP(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		want string
	}{
		{0.00004, "0.00004"}, {0.99996, "0.99996"}, {0.3, "0.3"}, {0.31234, "0.31"},
		{0.5, "0.5"}, {0.012345, "0.012"}, {0, "0"}, {1, "1"}, {1.0 / 3, "0.33"},
	} {
		t.Run(fmt.Sprint(tc.p), func(t *testing.T) {
			if got := formatP(tc.p); got != tc.want {
				t.Errorf("formatP(%v) = %q, want %q", tc.p, got, tc.want)
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	res := &Result{
		Scenario: ScenarioInfo{Name: "ford", File: "ford.yaml"},
		Metrics: map[string]Figure{
			"tpk":    {Proportion: &Proportion{P: 0.021, CI95: [2]float64{0.020, 0.022}, N: 1000, Events: 21}},
			"rounds": {Distribution: &Distribution{Mean: 4.2, CI95: [2]float64{4.1, 4.3}, N: 1000}},
		},
		MetricOrder: []string{"tpk", "rounds"},
	}
	f := func(x float64) *float64 { return &x }
	for _, tc := range []struct {
		name string
		exp  string
		want ExpectationResult
	}{
		{"pass", "tpk:< 0.05", ExpectationResult{Metric: "tpk", Op: "<", Value: 0.05, Observed: 0.021, CI95: [2]float64{0.020, 0.022}, Pass: true, Verdict: VerdictPass}},
		{"fail", "tpk:>= 0.05", ExpectationResult{Metric: "tpk", Op: ">=", Value: 0.05, Observed: 0.021, CI95: [2]float64{0.020, 0.022}, Verdict: VerdictFail}},
		{"band pass", "tpk:0.01 .. 0.03", ExpectationResult{Metric: "tpk", Op: "..", Value: 0.01, Hi: f(0.03), Observed: 0.021, CI95: [2]float64{0.020, 0.022}, Pass: true, Verdict: VerdictPass}},
		{"band fail", "tpk:0.03 .. 0.5", ExpectationResult{Metric: "tpk", Op: "..", Value: 0.03, Hi: f(0.5), Observed: 0.021, CI95: [2]float64{0.020, 0.022}, Verdict: VerdictFail}},
		{"count mean", "rounds:> 4", ExpectationResult{Metric: "rounds", Op: ">", Value: 4, Observed: 4.2, CI95: [2]float64{4.1, 4.3}, Pass: true, Verdict: VerdictPass}},
		{"count fail", "rounds:<= 4", ExpectationResult{Metric: "rounds", Op: "<=", Value: 4, Observed: 4.2, CI95: [2]float64{4.1, 4.3}, Verdict: VerdictFail}},
		{"undecided", "rounds:< 4.25", ExpectationResult{Metric: "rounds", Op: "<", Value: 4.25, Observed: 4.2, CI95: [2]float64{4.1, 4.3}, Pass: true, Verdict: VerdictUndecided}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			metric, text, _ := strings.Cut(tc.exp, ":")
			e, err := ParseExpectation(metric, text)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Evaluate(res, []Expectation{e})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
				t.Errorf("Evaluate(%s) = %+v, want %+v", tc.exp, got, tc.want)
			}
		})
	}

	_, err := Evaluate(res, []Expectation{{Metric: "tpk", Op: "<", Value: 1}, {Metric: "tkp", Op: "<", Value: 0.05, Line: 12}})
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("unknown metric: error %v, want an *InputError", err)
	}
	if want := `ford.yaml:12: expect: unknown metric "tkp"; allowed: tpk, rounds`; err.Error() != want {
		t.Errorf("unknown metric: %q, want %q", err, want)
	}
	// A result read back from JSON has no order: the names come sorted.
	res.MetricOrder = nil
	if _, err := Evaluate(res, []Expectation{{Metric: "x", Op: "<"}}); err == nil || !strings.Contains(err.Error(), "allowed: rounds, tpk") {
		t.Errorf("unknown metric without order: %v", err)
	}
}

func TestFigureJSON(t *testing.T) {
	h := Histogram{10: 4, 2: 7, 1: 1, 100: 2, 3: 0}
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"1":1,"2":7,"10":4,"100":2}`; string(b) != want {
		t.Errorf("histogram JSON %s, want %s (numeric order, no empty bins)", b, want)
	}

	p := Figure{Proportion: &Proportion{P: 0.5, CI95: [2]float64{0.25, 0.75}, N: 10, Events: 5}}
	b, _ = json.Marshal(p)
	if want := `{"p":0.5,"ci95":[0.25,0.75],"n":10,"events":5}`; string(b) != want {
		t.Errorf("proportion figure JSON %s, want %s", b, want)
	}
	d := Figure{Distribution: &Distribution{Mean: 2, CI95: [2]float64{1, 3}, SD: 1,
		Quantiles: map[string]int{"p50": 2, "p05": 1}, Histogram: Histogram{3: 1, 1: 1, 2: 2}, N: 4}}
	b, _ = json.Marshal(d)
	if want := `{"mean":2,"ci95":[1,3],"sd":1,"quantiles":{"p05":1,"p50":2},"histogram":{"1":1,"2":2,"3":1},"n":4}`; string(b) != want {
		t.Errorf("distribution figure JSON %s, want %s", b, want)
	}
}

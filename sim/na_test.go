package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// naToy is the toy with tpk, any_death and the per-combatant death made
// impossible by an option, as a system would declare them.
func naToy() *toyModel {
	m := newToy()
	const why = "not applicable under X-1 none: the rules leave death to the GM"
	for _, i := range []int{TPK, AnyDeath, Deaths} {
		m.schema.Metrics[i].NA = why
	}
	m.schema.CombatantMetrics[toyDeath].NA = why
	return m
}

// A metric the options make impossible is reported as n/a with its reason,
// never as a measured zero: in the result, in JSON ({"na": ...}), read back,
// and in neither the warnings nor the precision rule.
func TestNotApplicableMetrics(t *testing.T) {
	m := naToy()
	out := mustRun(t, m, RunConfig{Seed: 3, Precision: 0.02, Workers: 2})
	res := out.Result(m.Schema(), RunInfo{Name: "toy"})
	for _, name := range []string{"tpk", "any_death", "deaths"} {
		f := res.Metrics[name]
		if f.Applicable() || !strings.Contains(f.NA, "X-1") {
			t.Errorf("%s = %+v, want n/a naming X-1", name, f)
		}
	}
	if !res.Metrics["victory"].Applicable() {
		t.Error("victory is measured")
	}
	if f := res.Combatants[0].Metrics["death"]; f.Applicable() || f.NA == "" {
		t.Errorf("Ann death = %+v, want n/a", f)
	}
	// Limited to the party, the ogre's death is measured.
	m.schema.CombatantMetrics[toyDeath].NASide = Party
	res = out.Result(m.Schema(), RunInfo{Name: "toy"})
	if ann, ogre := res.Combatants[0].Metrics["death"], res.Combatants[2].Metrics["death"]; ann.Applicable() || !ogre.Applicable() {
		t.Errorf("NASide party: Ann %+v, the ogre %+v", ann, ogre)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "tpk") || strings.Contains(w, "death") {
			t.Errorf("warning about an n/a figure: %s", w)
		}
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"tpk":{"na":"not applicable under X-1 none`) {
		t.Errorf("JSON does not carry tpk as {\"na\": ...}: %s", b)
	}
	back, err := ReadResults("toy.json", b)
	if err != nil {
		t.Fatal(err)
	}
	if back[0].Metrics["tpk"].NA != res.Metrics["tpk"].NA {
		t.Errorf("read back: %+v", back[0].Metrics["tpk"])
	}
	if _, err := ReadResults("x.json", []byte(`{"tool":"tpk","schema":1,"metrics":{"tpk":{"na":""}}}`)); err == nil {
		t.Error("an empty n/a reason was accepted")
	}
}

// Where every headline probability is n/a, a precision run has nothing to
// aim at and says so.
func TestPrecisionNeedsAnApplicableHeadline(t *testing.T) {
	m := newToy()
	for i := range m.schema.Metrics {
		m.schema.Metrics[i].NA = "n/a by an option"
	}
	if _, err := newPlan(m, RunConfig{Precision: 0.01}); err == nil {
		t.Error("a precision run with every headline n/a was accepted")
	}
}

// Expectations are judged against the schema before anything is played: an
// unknown metric, an n/a one, and bounds the metric cannot take are input
// errors naming the line.
func TestCheckExpectations(t *testing.T) {
	s := naToy().schema
	for _, tc := range []struct {
		exp  Expectation
		want string // "" = accepted
	}{
		{Expectation{Metric: "victory", Op: ">", Value: 0.2, Line: 3}, ""},
		{Expectation{Metric: "victory", Op: "..", Value: 0, Hi: 1, Line: 3}, ""},
		{Expectation{Metric: "rounds", Op: "<", Value: 40, Line: 3}, ""},
		{Expectation{Metric: "wipeout", Op: "<", Value: 0.1, Line: 4}, "f.yaml:4: expect: unknown metric wipeout; allowed: victory, defeat, stalemate, rounds, draw"},
		{Expectation{Metric: "tpk", Op: "<", Value: 0.1, Line: 5}, `f.yaml:5: expect: metric "tpk" is not applicable here (not applicable under X-1 none`},
		{Expectation{Metric: "victory", Op: ">", Value: 1.5, Line: 6}, "f.yaml:6: expect: victory is a probability; its bounds must lie within 0 .. 1, not > 1.5"},
		{Expectation{Metric: "defeat", Op: "..", Value: -0.1, Hi: 0.2, Line: 7}, "within 0 .. 1"},
		{Expectation{Metric: "rounds", Op: ">", Value: -1, Line: 8}, "f.yaml:8: expect: rounds is a count (0 or more); a negative bound -1 is not allowed"},
	} {
		t.Run(fmt.Sprint(tc.exp), func(t *testing.T) { checkExpectationError(t, s, tc.exp, tc.want) })
	}
}

// Evaluate refuses an expectation on an n/a figure of a result read back.
func TestEvaluateNotApplicable(t *testing.T) {
	m := naToy()
	res := mustRun(t, m, RunConfig{Seed: 1, Trials: 500, Workers: 1}).Result(m.Schema(), RunInfo{File: "f.yaml"})
	_, err := Evaluate(res, []Expectation{{Metric: "any_death", Op: "<", Value: 0.1, Line: 9}})
	if err == nil || !strings.Contains(err.Error(), "f.yaml:9") || !strings.Contains(err.Error(), "not applicable") {
		t.Errorf("error %v", err)
	}
}

// A baseline comparison skips a figure n/a in both results and names one
// n/a in only one of them.
func TestCompareNotApplicable(t *testing.T) {
	m, na := newToy(), naToy()
	cfg := RunConfig{Seed: 1, Trials: 500, Workers: 1}
	a := mustRun(t, m, cfg).Result(m.Schema(), RunInfo{})
	b := mustRun(t, na, cfg).Result(na.Schema(), RunInfo{})
	c := Compare(a, b, "base.json", 0.05)
	if !strings.Contains(strings.Join(c.Missing, "; "), "tpk (not applicable in one of the two results)") {
		t.Errorf("missing: %v", c.Missing)
	}
	c = Compare(b, b, "base.json", 0.05)
	for _, ch := range c.Changes {
		if ch.Metric == "tpk" {
			t.Error("an n/a figure was compared")
		}
	}
	if len(c.Missing) != 0 {
		t.Errorf("n/a in both is not missing: %v", c.Missing)
	}
}

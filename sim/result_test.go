package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A result written and read back is the same result, with its metrics in
// the schema's order, and writes back to the same bytes.
func TestResultJSONRoundTrip(t *testing.T) {
	m := newToy()
	res := mustRun(t, m, RunConfig{Seed: 3, Trials: 2000, Workers: 2}).Result(m.Schema(), RunInfo{Name: "toy", File: "toy.yaml", System: "toy"})
	res.Expectations, _ = Evaluate(res, []Expectation{{Metric: "tpk", Op: "<", Value: 0.5}})
	res.Variant = []Assignment{{Path: "foes[0].attack", Value: "3"}}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if i, j := strings.Index(string(b), `"victory"`), strings.Index(string(b), `"any_death"`); i < 0 || j < i {
		t.Errorf("metrics are not in schema order: %s", b)
	}
	back, err := ReadResults("toy.json", b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back[0].MetricOrder, res.MetricOrder) || !reflect.DeepEqual(back[0].Metrics, res.Metrics) ||
		!reflect.DeepEqual(back[0].Combatants, res.Combatants) {
		t.Errorf("read back differs:\n%+v\nwant\n%+v", back[0], res)
	}
	b2, _ := json.Marshal(back[0])
	if string(b2) != string(b) {
		t.Errorf("written again differs:\n%s\nwant\n%s", b2, b)
	}
	arr, _ := json.Marshal([]*Result{res, res})
	if two, err := ReadResults("two.json", arr); err != nil || len(two) != 2 {
		t.Errorf("array: %d results, %v", len(two), err)
	}
}

func TestReadResultsBadInput(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"", "x.json: the file is empty"},
		{"hello", "not a tpk result file"},
		{"{\n\"tool\": \"tpk\",\n\"schema\": 1,,}", "x.json:3: not a valid tpk result file"},
		{`{"tool": "other", "schema": 1}`, `not a tpk result (tool "other"`},
		{`{"tool": "tpk", "schema": 2}`, "result schema 2 is not supported"},
		{`{"tool": "tpk", "schema": 1, "trials": 5}`, "the result has no metrics"},
		{`{"tool": "tpk", "schema": 1, "trials": 5, "metrics": {"x": {"q": 1}}}`, `metric x: a figure needs "p"`},
		{`{"tool": "tpk", "schema": 1, "trials": 5, "metrics": {"x": {"mean": 1, "histogram": {"a": 1}}}}`, `"a" is not a value`},
		{`[]`, "holds no results"},
		{`[null]`, "found null"},
	} {
		t.Run(fmt.Sprintf("%q", tc.data), func(t *testing.T) {
			_, err := ReadResults("x.json", []byte(tc.data))
			var ie *InputError
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &ie) {
				t.Errorf("%q: error %v, want an InputError with %q", tc.data, err, tc.want)
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	for _, tc := range []struct {
		op     string
		v, hi  float64
		lo, up float64
		want   string
	}{
		{"<", 0.5, 0, 0.1, 0.4, VerdictPass},
		{"<", 0.5, 0, 0.4, 0.6, VerdictUndecided},
		{"<", 0.5, 0, 0.5, 0.6, VerdictFail},
		{"<=", 0.5, 0, 0.4, 0.5, VerdictPass},
		{">", 0.5, 0, 0.5, 0.6, VerdictUndecided},
		{">", 0.5, 0, 0.51, 0.6, VerdictPass},
		{">=", 0.5, 0, 0.3, 0.49, VerdictFail},
		{"..", 0.1, 0.4, 0.2, 0.3, VerdictPass},
		{"..", 0.1, 0.4, 0.05, 0.2, VerdictUndecided},
		{"..", 0.1, 0.4, 0.35, 0.45, VerdictUndecided},
		{"..", 0.1, 0.4, 0.41, 0.5, VerdictFail},
		{"..", 0.1, 0.4, 0.01, 0.09, VerdictFail},
	} {
		t.Run(fmt.Sprintf("%s %v hi=%v on [%v, %v]", tc.op, tc.v, tc.hi, tc.lo, tc.up), func(t *testing.T) {
			e := Expectation{Metric: "m", Op: tc.op, Value: tc.v, Hi: tc.hi}
			if got := e.Verdict(tc.lo, tc.up); got != tc.want {
				t.Errorf("%s on [%v, %v]: %s, want %s", e, tc.lo, tc.up, got, tc.want)
			}
		})
	}
}

// Result and resultFile (the same result as written, metrics in schema
// order) list the same JSON fields, and so do CombatantResult and
// combatantFile: a field added to one and not the other would vanish from
// result files, or from results read back.
func TestResultFileMirrorsResult(t *testing.T) {
	for _, c := range []struct {
		name        string
		inMem, file reflect.Type
	}{
		{"Result", reflect.TypeFor[Result](), reflect.TypeFor[resultFile]()},
		{"CombatantResult", reflect.TypeFor[CombatantResult](), reflect.TypeFor[combatantFile]()},
	} {
		t.Run(c.name, func(t *testing.T) {
			if a, b := jsonFields(c.inMem), jsonFields(c.file); !reflect.DeepEqual(a, b) {
				t.Errorf("JSON fields differ:\n%s: %v\nits file form: %v", c.name, a, b)
			}
		})
	}
}

// jsonFields is the set of JSON names of a struct's fields, "-" left out.
func jsonFields(ty reflect.Type) map[string]bool {
	out := map[string]bool{}
	for f := range ty.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" {
			out[name] = true
		}
	}
	return out
}

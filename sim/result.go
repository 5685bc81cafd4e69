package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// SchemaVersion is the version of the result file format.
const SchemaVersion = 1

// Result is one scenario's outcome: the result file (JSON, schema 1) and the
// input of every report.
type Result struct {
	Tool              string              `json:"tool"`
	Schema            int                 `json:"schema"`
	Version           string              `json:"version"`
	Scenario          ScenarioInfo        `json:"scenario"`
	Verdict           string              `json:"verdict,omitempty"` // one plain sentence a game master can act on
	Seed              uint64              `json:"seed"`
	Trials            int64               `json:"trials"`
	Workers           int                 `json:"workers"`
	ElapsedS          float64             `json:"elapsed_s"`
	Partial           bool                `json:"partial,omitempty"`
	Strategies        map[string]string   `json:"strategies"`
	Options           map[string]string   `json:"options"`
	OptionsSet        []string            `json:"options_set,omitempty"` // ids the scenario set; the others are defaults
	Metrics           map[string]Figure   `json:"metrics"`
	MetricOrder       []string            `json:"-"` // the schema's order, for reports
	Combatants        []CombatantResult   `json:"combatants"`
	Expectations      []ExpectationResult `json:"expectations,omitempty"`
	Warnings          []string            `json:"warnings,omitempty"`
	Glossary          map[string]string   `json:"glossary,omitempty"`           // what each encounter metric means
	CombatantGlossary map[string]string   `json:"combatant_glossary,omitempty"` // what each per-combatant metric means
	Notes             []string            `json:"notes,omitempty"`              // how the run went, when that is worth saying (check's running on)
	Variant           []Assignment        `json:"variant,omitempty"`            // the parameters a sweep set for this result
	Baseline          *Comparison         `json:"baseline,omitempty"`           // the comparison with a baseline result (check --baseline)
}

// Assignment is one parameter of a sweep set to one value.
type Assignment struct {
	Path  string `json:"path"`
	Value string `json:"value"`
}

// VariantLabel writes a sweep's settings: "foes[0].attack=3, party.size=2".
func VariantLabel(v []Assignment) string {
	parts := make([]string, len(v))
	for i, a := range v {
		parts[i] = a.Path + "=" + a.Value
	}
	return strings.Join(parts, ", ")
}

// ScenarioInfo identifies the scenario a result came from.
type ScenarioInfo struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	System string `json:"system"`
}

// CombatantResult holds the per-combatant figures.
type CombatantResult struct {
	Name        string            `json:"name"`
	Side        Side              `json:"side"`
	Metrics     map[string]Figure `json:"metrics"`
	MetricOrder []string          `json:"-"`
	// Standing[r] is the number of encounters in which the combatant was
	// still in the fight at the end of round r (0: before the first round),
	// up to the last round any encounter reached; a fight that ended earlier
	// counts with its final state. Empty when the system does not report it.
	Standing []int64 `json:"standing_by_round,omitempty"`
}

// ExpectationResult is an expectation checked against a result.
type ExpectationResult struct {
	Metric   string     `json:"metric"`
	Op       string     `json:"op"`
	Value    float64    `json:"value"`
	Hi       *float64   `json:"hi,omitempty"`
	Observed float64    `json:"observed"`
	CI95     [2]float64 `json:"ci95"`
	Pass     bool       `json:"pass"` // the observed figure satisfies the expectation
	// Verdict is "pass" or "fail" when the 95% interval lies wholly on one
	// side of the bound (or inside or outside the band), "undecided" when it
	// straddles it.
	Verdict string `json:"verdict,omitempty"`
	// Confidence and Interval, set when check spread its error rate over
	// several looks (Looks), are the level and the interval the verdict was
	// judged by: wider than the 95% one.
	Confidence float64     `json:"confidence,omitempty"`
	Interval   *[2]float64 `json:"interval,omitempty"`
}

// The verdicts of an expectation.
const (
	VerdictPass      = "pass"
	VerdictFail      = "fail"
	VerdictUndecided = "undecided"
)

// Figure is one metric's statistics: a Proportion for yes/no events, a
// Distribution for counts, or, when the options make the metric impossible,
// NA saying why. Exactly one is set.
type Figure struct {
	*Proportion
	*Distribution
	NA string
}

// Applicable reports whether the figure was measured (it is not n/a).
func (f Figure) Applicable() bool { return f.Proportion != nil || f.Distribution != nil }

// Proportion is an estimated probability with its Wilson 95% interval.
type Proportion struct {
	P      float64    `json:"p"`
	CI95   [2]float64 `json:"ci95"`
	N      int64      `json:"n"`
	Events int64      `json:"events"`
}

// FewEvents reports whether the proportion rests on 1 to 9 events or 1 to 9
// encounters without the event: its interval is honest but wide, and reports
// flag it.
func (p *Proportion) FewEvents() bool {
	non := p.N - p.Events
	return (p.Events >= 1 && p.Events < fewEvents) || (non >= 1 && non < fewEvents)
}

// Distribution summarises an integer count over encounters. Quantiles are
// the inverse of the empirical distribution function (Hyndman and Fan type
// 1): the smallest value v with at least the fraction p of encounters at or
// below v.
type Distribution struct {
	Mean      float64        `json:"mean"`
	CI95      [2]float64     `json:"ci95"`
	SD        float64        `json:"sd"`
	Quantiles map[string]int `json:"quantiles"`
	Histogram Histogram      `json:"histogram"`
	N         int64          `json:"n"`
}

// Histogram counts encounters by value.
type Histogram map[int]int64

// MarshalJSON writes the histogram as an object in increasing numeric order
// of its values, skipping empty bins.
func (h Histogram) MarshalJSON() ([]byte, error) {
	keys := make([]int, 0, len(h))
	for k, v := range h {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	sort.Ints(keys)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(strconv.Itoa(k)))
		b.WriteByte(':')
		b.WriteString(strconv.FormatInt(h[k], 10))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Value returns the headline number of a figure (p, or the mean) and its
// 95% interval.
func (f Figure) Value() (float64, [2]float64) {
	if f.Proportion != nil {
		return f.P, f.Proportion.CI95
	}
	if f.Distribution != nil {
		return f.Mean, f.Distribution.CI95
	}
	return 0, [2]float64{}
}

// MarshalJSON keeps a figure flat: {"p":...}, {"mean":...} or {"na":"why"}.
func (f Figure) MarshalJSON() ([]byte, error) {
	switch {
	case f.Proportion != nil:
		return json.Marshal(f.Proportion)
	case f.Distribution != nil:
		return json.Marshal(f.Distribution)
	}
	return json.Marshal(struct {
		NA string `json:"na"`
	}{f.NA})
}

// UnmarshalJSON reads a histogram written by MarshalJSON: an object from
// values (as strings) to counts.
func (h *Histogram) UnmarshalJSON(b []byte) error {
	var raw map[string]int64
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(Histogram, len(raw))
	for k, v := range raw {
		x, err := strconv.Atoi(k)
		if err != nil || x < 0 {
			return fmt.Errorf("histogram: %q is not a value (a whole number 0 or more)", k)
		}
		if v < 0 {
			return fmt.Errorf("histogram: value %s has a negative count %d", k, v)
		}
		out[x] = v
	}
	*h = out
	return nil
}

// UnmarshalJSON reads a figure written by MarshalJSON: a Proportion when the
// object has "p", a Distribution when it has "mean".
func (f *Figure) UnmarshalJSON(b []byte) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return err
	}
	*f = Figure{}
	switch {
	case keys["p"] != nil:
		f.Proportion = new(Proportion)
		return json.Unmarshal(b, f.Proportion)
	case keys["mean"] != nil:
		f.Distribution = new(Distribution)
		return json.Unmarshal(b, f.Distribution)
	case keys["na"] != nil:
		if err := json.Unmarshal(keys["na"], &f.NA); err != nil || f.NA == "" {
			return errors.New(`"na" needs the reason the figure is not applicable`)
		}
		return nil
	}
	return errors.New(`a figure needs "p" (a probability), "mean" (a count) or "na" (why it is not applicable)`)
}

// figures is a map of figures with its order, written and read in that
// order so that a result file keeps the schema's order of metrics.
type figures struct {
	order []string
	m     map[string]Figure
}

func (fs figures) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	write := func(k string) error {
		f, ok := fs.m[k]
		if !ok {
			return nil
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString(strconv.Quote(k))
		b.WriteByte(':')
		v, err := json.Marshal(f)
		b.Write(v)
		return err
	}
	seen := make(map[string]bool, len(fs.order))
	for _, k := range fs.order {
		if !seen[k] {
			seen[k] = true
			if err := write(k); err != nil {
				return nil, err
			}
		}
	}
	rest := make([]string, 0, len(fs.m))
	for k := range fs.m {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		if err := write(k); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (fs *figures) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil {
		return err
	} else if t != json.Delim('{') {
		return errors.New("metrics: expected an object of figures")
	}
	fs.m = map[string]Figure{}
	fs.order = nil
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		k := t.(string)
		var f Figure
		if err := dec.Decode(&f); err != nil {
			return fmt.Errorf("metric %s: %w", k, err)
		}
		if _, dup := fs.m[k]; dup {
			return fmt.Errorf("metric %s appears twice", k)
		}
		fs.m[k] = f
		fs.order = append(fs.order, k)
	}
	_, err := dec.Token()
	return err
}

// resultFile is Result as written: its metrics in schema order.
type resultFile struct {
	Tool              string              `json:"tool"`
	Schema            int                 `json:"schema"`
	Version           string              `json:"version"`
	Scenario          ScenarioInfo        `json:"scenario"`
	Verdict           string              `json:"verdict,omitempty"` // one plain sentence a game master can act on
	Seed              uint64              `json:"seed"`
	Trials            int64               `json:"trials"`
	Workers           int                 `json:"workers"`
	ElapsedS          float64             `json:"elapsed_s"`
	Partial           bool                `json:"partial,omitempty"`
	Strategies        map[string]string   `json:"strategies"`
	Options           map[string]string   `json:"options"`
	OptionsSet        []string            `json:"options_set,omitempty"`
	Metrics           figures             `json:"metrics"`
	Combatants        []combatantFile     `json:"combatants"`
	Expectations      []ExpectationResult `json:"expectations,omitempty"`
	Warnings          []string            `json:"warnings,omitempty"`
	Notes             []string            `json:"notes,omitempty"`
	Variant           []Assignment        `json:"variant,omitempty"`
	Baseline          *Comparison         `json:"baseline,omitempty"`
	Glossary          map[string]string   `json:"glossary,omitempty"`
	CombatantGlossary map[string]string   `json:"combatant_glossary,omitempty"`
}

type combatantFile struct {
	Name     string  `json:"name"`
	Side     Side    `json:"side"`
	Metrics  figures `json:"metrics"`
	Standing []int64 `json:"standing_by_round,omitempty"`
}

// MarshalJSON writes the result file (schema 1) with the metrics in the
// schema's order.
func (r Result) MarshalJSON() ([]byte, error) {
	w := resultFile{
		Tool: r.Tool, Schema: r.Schema, Version: r.Version, Scenario: r.Scenario, Verdict: r.Verdict, Seed: r.Seed,
		Trials: r.Trials, Workers: r.Workers, ElapsedS: r.ElapsedS, Partial: r.Partial,
		Strategies: r.Strategies, Options: r.Options, OptionsSet: r.OptionsSet,
		Glossary: r.Glossary, CombatantGlossary: r.CombatantGlossary,
		Metrics:      figures{r.MetricOrder, r.Metrics},
		Combatants:   make([]combatantFile, len(r.Combatants)),
		Expectations: r.Expectations, Warnings: r.Warnings, Notes: r.Notes, Variant: r.Variant, Baseline: r.Baseline,
	}
	for i, c := range r.Combatants {
		w.Combatants[i] = combatantFile{Name: c.Name, Side: c.Side, Metrics: figures{c.MetricOrder, c.Metrics}, Standing: c.Standing}
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a result file, keeping the order of its metrics in
// MetricOrder.
func (r *Result) UnmarshalJSON(b []byte) error {
	var w resultFile
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Result{
		Tool: w.Tool, Schema: w.Schema, Version: w.Version, Scenario: w.Scenario, Verdict: w.Verdict, Seed: w.Seed,
		Trials: w.Trials, Workers: w.Workers, ElapsedS: w.ElapsedS, Partial: w.Partial,
		Strategies: w.Strategies, Options: w.Options, OptionsSet: w.OptionsSet,
		Glossary: w.Glossary, CombatantGlossary: w.CombatantGlossary,
		Metrics: w.Metrics.m, MetricOrder: w.Metrics.order,
		Expectations: w.Expectations, Warnings: w.Warnings, Notes: w.Notes, Variant: w.Variant, Baseline: w.Baseline,
	}
	for _, c := range w.Combatants {
		r.Combatants = append(r.Combatants, CombatantResult{Name: c.Name, Side: c.Side,
			Metrics: c.Metrics.m, MetricOrder: c.Metrics.order, Standing: c.Standing})
	}
	return nil
}

// ReadResults reads a result file: one result (an object) or several (an
// array), as `tpk run --format json` writes them. Anything else, a result of
// another tool or of another schema version, is an *InputError naming file.
func ReadResults(file string, data []byte) ([]*Result, error) {
	data = bytes.TrimSpace(data)
	bad := func(format string, args ...any) error {
		return &InputError{File: file, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) == 0 {
		return nil, bad("the file is empty; expected a tpk result file (JSON, as written by tpk run --format json)")
	}
	var results []*Result
	var err error
	switch data[0] {
	case '{':
		var r Result
		err = json.Unmarshal(data, &r)
		results = []*Result{&r}
	case '[':
		err = json.Unmarshal(data, &results)
	default:
		return nil, bad("not a tpk result file: expected a JSON object or an array of them, as written by tpk run --format json")
	}
	if err != nil {
		line := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line = 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte{'\n'})
		case errors.As(err, &te):
			line = 1 + bytes.Count(data[:min(int(te.Offset), len(data))], []byte{'\n'})
		}
		return nil, &InputError{File: file, Line: line, Msg: "not a valid tpk result file: " + err.Error()}
	}
	if len(results) == 0 {
		return nil, bad("the file holds no results (an empty array)")
	}
	for i, r := range results {
		which := ""
		if len(results) > 1 {
			which = fmt.Sprintf("result %d: ", i+1)
		}
		switch {
		case r == nil:
			return nil, bad("%sexpected a result object, found null", which)
		case r.Tool != "tpk":
			return nil, bad("%snot a tpk result (tool %q, expected \"tpk\")", which, r.Tool)
		case r.Schema != SchemaVersion:
			return nil, bad("%sresult schema %d is not supported; this tpk reads schema %d", which, r.Schema, SchemaVersion)
		case len(r.Metrics) == 0:
			return nil, bad("%sthe result has no metrics", which)
		case r.Trials <= 0:
			return nil, bad("%sthe result has no encounters (trials %d)", which, r.Trials)
		}
	}
	return results, nil
}

package sim

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
)

// SchemaVersion is the version of the result file format.
const SchemaVersion = 1

// Result is one scenario's outcome: the result file (JSON, schema 1) and the
// input of every report.
type Result struct {
	Tool         string              `json:"tool"`
	Schema       int                 `json:"schema"`
	Version      string              `json:"version"`
	Scenario     ScenarioInfo        `json:"scenario"`
	Seed         uint64              `json:"seed"`
	Trials       int64               `json:"trials"`
	Workers      int                 `json:"workers"`
	ElapsedS     float64             `json:"elapsed_s"`
	Partial      bool                `json:"partial,omitempty"`
	Strategies   map[string]string   `json:"strategies"`
	Options      map[string]string   `json:"options"`
	OptionsSet   []string            `json:"options_set,omitempty"` // ids the scenario set; the others are defaults
	Metrics      map[string]Figure   `json:"metrics"`
	MetricOrder  []string            `json:"-"` // the schema's order, for reports
	Combatants   []CombatantResult   `json:"combatants"`
	Expectations []ExpectationResult `json:"expectations,omitempty"`
	Warnings     []string            `json:"warnings,omitempty"`
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
}

// ExpectationResult is an expectation checked against a result.
type ExpectationResult struct {
	Metric   string     `json:"metric"`
	Op       string     `json:"op"`
	Value    float64    `json:"value"`
	Hi       *float64   `json:"hi,omitempty"`
	Observed float64    `json:"observed"`
	CI95     [2]float64 `json:"ci95"`
	Pass     bool       `json:"pass"`
}

// Figure is one metric's statistics: a Proportion for yes/no events, a
// Distribution for counts. Exactly one is set.
type Figure struct {
	*Proportion
	*Distribution
}

// Proportion is an estimated probability with its Wilson 95% interval.
type Proportion struct {
	P      float64    `json:"p"`
	CI95   [2]float64 `json:"ci95"`
	N      int64      `json:"n"`
	Events int64      `json:"events"`
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

// MarshalJSON keeps a figure flat: {"p":...} or {"mean":...}.
func (f Figure) MarshalJSON() ([]byte, error) {
	if f.Proportion != nil {
		return json.Marshal(f.Proportion)
	}
	return json.Marshal(f.Distribution)
}

package systemtest

import (
	"cmp"
	"io/fs"
	"slices"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// MetricIndex ties one of a system's metric index constants (the position
// its kernel writes with Record.Set or Flag) to the name of the metric
// declared at that position of its schema.
type MetricIndex struct {
	Index int
	Name  string
}

// Indices maps metric names to a system's index constants, as its test
// writes them ({"escape": mEscape}); MetricIndices checks them.
type Indices map[string]int

// sorted lists the entries in index order, then by name.
func (ix Indices) sorted() []MetricIndex {
	out := make([]MetricIndex, 0, len(ix))
	for name, i := range ix {
		out = append(out, MetricIndex{Index: i, Name: name})
	}
	slices.SortFunc(out, func(a, b MetricIndex) int {
		return cmp.Or(cmp.Compare(a.Index, b.Index), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// MetricIndices checks that a system's index constants and its metric
// declarations agree, on the schema of every embedded example of sys: the
// encounter metrics are the standard ones at sim's indices, then exactly
// the metrics listed, each at its Index; the per-combatant metrics are
// exactly those listed in combatant, each at its Index. A metric declared,
// moved or removed in one list and not the other fails here, by name.
func MetricIndices(t *testing.T, sys systems.System, metrics, combatant Indices) {
	t.Helper()
	schemas := exampleSchemas(t, sys)
	standard := sim.StandardMetrics(0, 0)
	all := make([]MetricIndex, 0, len(standard)+len(metrics))
	for i, m := range standard {
		all = append(all, MetricIndex{Index: i, Name: m.Name})
	}
	all = append(all, metrics.sorted()...)
	for _, e := range schemas {
		s := e.schema
		t.Run(e.file, func(t *testing.T) {
			t.Run("encounter", func(t *testing.T) { indicesMatch(t, "metric", s.Metrics, all) })
			t.Run("per-combatant", func(t *testing.T) {
				indicesMatch(t, "per-combatant metric", s.CombatantMetrics, combatant.sorted())
			})
		})
	}
}

// indicesMatch checks that want names every metric of ms once, each at its
// index, with one subtest per name.
func indicesMatch(t *testing.T, what string, ms []sim.Metric, want []MetricIndex) {
	t.Helper()
	seen := make([]bool, len(ms))
	for _, w := range want {
		t.Run(w.Name, func(t *testing.T) {
			switch {
			case w.Index < 0 || w.Index >= len(ms):
				t.Errorf("%s %q: index %d, but the schema declares %d", what, w.Name, w.Index, len(ms))
			case ms[w.Index].Name != w.Name:
				t.Errorf("%s index %d stands for %q, but the schema declares %q there", what, w.Index, w.Name, ms[w.Index].Name)
			case seen[w.Index]:
				t.Errorf("%s index %d given twice", what, w.Index)
			}
		})
		if w.Index >= 0 && w.Index < len(ms) {
			seen[w.Index] = true
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Errorf("%s %q (index %d) is declared but has no index constant in the table", what, ms[i].Name, i)
		}
	}
}

// exampleSchema is the schema of one embedded example.
type exampleSchema struct {
	file   string
	schema *sim.Schema
}

// exampleSchemas compiles every embedded example of sys, in file order, and
// returns their schemas.
func exampleSchemas(t *testing.T, sys systems.System) []exampleSchema {
	t.Helper()
	files, err := fs.Glob(examples.FS, sys.ID()+"/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no embedded examples of %s", sys.ID())
	}
	out := make([]exampleSchema, 0, len(files))
	for _, f := range files {
		_, b := compileFile(t, examples.FS, f, sys)
		out = append(out, exampleSchema{f, b.Model.Schema()})
	}
	return out
}

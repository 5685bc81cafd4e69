// Package systemtest holds what the tests of every game system share:
// compiling a scenario from YAML text, playing encounters at fixed seeds
// exactly as a worker does, narrating one encounter, and checking the
// system's embedded examples.
package systemtest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Compile decodes YAML text as a scenario file and compiles it with sys.
func Compile(sys systems.System, src string) (*systems.Build, error) {
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		return nil, err
	}
	return sys.Compile(sc)
}

// MustCompile compiles YAML text with sys; the test fails on an error,
// showing the text.
func MustCompile(t testing.TB, sys systems.System, src string) *systems.Build {
	t.Helper()
	b, err := Compile(sys, src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

// Model compiles YAML text with sys and returns the model; the test fails
// on an error.
func Model(t testing.TB, sys systems.System, src string) sim.Model {
	t.Helper()
	return MustCompile(t, sys, src).Model
}

// Scenario writes a small scenario file: head (the lines above the party,
// such as "system: locus"), the party's and the foes' list items, then
// each extra line.
func Scenario(head, party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nparty:\n%s\nfoes:\n%s\n", head, party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

// Trace narrates encounter k of a run with seed; the test fails on an
// error.
func Trace(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	text, err := Narrate(b, seed, k)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// Events plays encounter k of a run with seed, narrated, and returns what
// was narrated.
func Events(m sim.Model, seed, k uint64) []sim.Event {
	var r sim.Rand
	r.Seed(seed, k)
	tr := &sim.Trace{}
	m.NewKernel().Play(&r, sim.NewRecord(m.Schema()), tr)
	return tr.Events
}

// Rate is the mean of encounter metric name over encounters 0..n-1 of a
// run with seed (a proportion for a yes/no metric).
func Rate(m sim.Model, name string, n int, seed uint64) float64 {
	return Run(&systems.Build{Model: m}, n, seed).Mean(name)
}

// Stats are the sums of a run's metrics.
type Stats struct {
	N      int
	Sum    []float64 // by encounter metric
	Per    []float64 // by per-combatant slot, as in sim.Record
	Schema *sim.Schema
}

// Mean is the mean of encounter metric name over the run (a proportion for
// a yes/no metric).
func (s *Stats) Mean(name string) float64 {
	i := s.Schema.Index(name)
	if i < 0 {
		panic("no metric " + name)
	}
	return s.Sum[i] / float64(s.N)
}

// Run plays encounters 0..n-1 of a run with seed, as a worker does.
func Run(b *systems.Build, n int, seed uint64) *Stats {
	m := b.Model
	s := m.Schema()
	k := m.NewKernel()
	rec := sim.NewRecord(s)
	var r sim.Rand
	st := &Stats{N: n, Sum: make([]float64, len(s.Metrics)), Per: make([]float64, len(rec.PerCombatant)), Schema: s}
	for i := 0; i < n; i++ {
		r.Seed(seed, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		for j, v := range rec.Values {
			st.Sum[j] += float64(v)
		}
		for j, v := range rec.PerCombatant {
			st.Per[j] += float64(v)
		}
	}
	return st
}

// Narrate plays encounter k of a run with seed and returns its narration.
func Narrate(b *systems.Build, seed, k uint64) (string, error) {
	m := b.Model
	rec := sim.NewRecord(m.Schema())
	var r sim.Rand
	r.Seed(seed, k)
	tr := &sim.Trace{}
	m.NewKernel().Play(&r, rec, tr)
	var sb strings.Builder
	err := tr.WriteText(&sb)
	return sb.String(), err
}

// InputError checks that err is a *sim.InputError at file:line whose
// message holds every string of want (the allowed values, say).
func InputError(t testing.TB, err error, file string, line int, want ...string) {
	t.Helper()
	var ie *sim.InputError
	if !errors.As(err, &ie) {
		t.Errorf("want an InputError at %s:%d, got %v", file, line, err)
		return
	}
	if ie.File != file || ie.Line != line {
		t.Errorf("at %s:%d, want %s:%d: %v", ie.File, ie.Line, file, line, err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("message %q lacks %q", err, w)
		}
	}
}

// SamePlay plays n encounters of a and b on the same random streams and
// fails at the first whose records differ, or (for the first 50) whose
// narrations do: two models of one scenario that must play alike, such as
// a kernel's direct call of a default strategy against the same strategy
// called through the policy interface.
func SamePlay(t testing.TB, what string, a, b sim.Model, n int) {
	t.Helper()
	ka, kb := a.NewKernel(), b.NewKernel()
	ra, rb := sim.NewRecord(a.Schema()), sim.NewRecord(b.Schema())
	var ga, gb sim.Rand
	for i := 0; i < n; i++ {
		ga.Seed(31, uint64(i))
		gb.Seed(31, uint64(i))
		ra.Reset()
		rb.Reset()
		var ta, tb *sim.Trace
		if i < 50 {
			ta, tb = &sim.Trace{}, &sim.Trace{}
		}
		ka.Play(&ga, ra, ta)
		kb.Play(&gb, rb, tb)
		if !reflect.DeepEqual(ra.Values, rb.Values) || !reflect.DeepEqual(ra.PerCombatant, rb.PerCombatant) {
			t.Fatalf("%s, encounter %d: records differ\nfirst: %v %v\nsecond: %v %v", what, i,
				ra.Values, ra.PerCombatant, rb.Values, rb.PerCombatant)
		}
		if ta != nil && !reflect.DeepEqual(ta.Events, tb.Events) {
			t.Fatalf("%s, encounter %d: narrations differ", what, i)
		}
	}
}

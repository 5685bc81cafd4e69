package battleclock_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"tpk/sim"
	_ "tpk/strategies/battleclock"
	"tpk/systems"
	bc "tpk/systems/battleclock"
)

// compileYAML compiles a battle-clock scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	b, err := tryCompile(src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

func tryCompile(src string) (*systems.Build, error) {
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		return nil, err
	}
	return bc.System{}.Compile(sc)
}

// stats are the sums of a run's metrics.
type stats struct {
	n      int
	sum    []float64
	per    []float64
	schema *sim.Schema
}

func (s *stats) mean(name string) float64 {
	i := s.schema.Index(name)
	if i < 0 {
		panic("no metric " + name)
	}
	return s.sum[i] / float64(s.n)
}

// se is the standard error of a proportion metric's mean.
func (s *stats) se(name string) float64 {
	p := s.mean(name)
	return math.Sqrt(p * (1 - p) / float64(s.n))
}

// run plays n encounters with fixed seeds.
func run(t testing.TB, b *systems.Build, n int, seed uint64) *stats {
	t.Helper()
	m := b.Model
	s := m.Schema()
	k := m.NewKernel()
	rec := sim.NewRecord(s)
	var r sim.Rand
	st := &stats{n: n, sum: make([]float64, len(s.Metrics)), per: make([]float64, len(rec.PerCombatant)), schema: s}
	for i := 0; i < n; i++ {
		r.Seed(seed, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		for j, v := range rec.Values {
			st.sum[j] += float64(v)
		}
		for j, v := range rec.PerCombatant {
			st.per[j] += float64(v)
		}
	}
	return st
}

func runYAML(t testing.TB, src string, n int, seed uint64) *stats {
	t.Helper()
	return run(t, compileYAML(t, src), n, seed)
}

// traceOf narrates encounter k.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	m := b.Model
	rec := sim.NewRecord(m.Schema())
	var r sim.Rand
	r.Seed(seed, k)
	tr := &sim.Trace{}
	m.NewKernel().Play(&r, rec, tr)
	var sb strings.Builder
	if err := tr.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// scenario builds a small scenario from party and foe list items.
func scenario(party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: battleclock\nparty:\n%s\nfoes:\n%s\n", party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

package hmtw_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"tpk/sim"
	_ "tpk/strategies/hmtw"
	"tpk/systems"
	"tpk/systems/hmtw"
)

// compileYAML compiles an HMTW scenario from YAML text.
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
	return hmtw.System{}.Compile(sc)
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

// se is the standard error of a proportion estimated from this run.
func (s *stats) se(name string) float64 {
	p := s.mean(name)
	return math.Sqrt(p * (1 - p) / float64(s.n))
}

// combatant is the mean of per-combatant metric j of combatant c.
func (s *stats) combatant(c, j int) float64 {
	return s.per[c*len(s.schema.CombatantMetrics)+j] / float64(s.n)
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
	_, tr := sim.Replay(b.Model, seed, int64(k))
	var sb strings.Builder
	if err := tr.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// scenario builds a small scenario: party and foes are YAML list items.
func scenario(party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: hmtw\nmax_rounds: 30\nparty:\n%s\nfoes:\n%s\n", party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

// fourAdventurers is the spec's default party of four.
const fourAdventurers = `  - {archetype: swords_shieldbearer, name: Brannoc}
  - {archetype: pentacles_skirmisher, name: Ilse}
  - {archetype: wands_sorcerer, name: Mord}
  - {archetype: cups_chirurgeon, name: Cato}`

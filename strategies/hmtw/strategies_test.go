package hmtwstrat_test

import (
	"testing"

	"tpk/sim"
	_ "tpk/strategies/hmtw"
	"tpk/systems"
	"tpk/systems/hmtw"
)

// compile compiles a scenario.
func compile(t testing.TB, src string) sim.Model {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := hmtw.System{}.Compile(sc)
	if err != nil {
		t.Fatal(err)
	}
	return b.Model
}

// mean plays n encounters and returns the mean of each metric by name.
func mean(t testing.TB, src string, n int) map[string]float64 {
	t.Helper()
	m := compile(t, src)
	k := m.NewKernel()
	rec := sim.NewRecord(m.Schema())
	sum := make([]float64, len(rec.Values))
	var r sim.Rand
	for i := 0; i < n; i++ {
		r.Seed(3, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		for j, v := range rec.Values {
			sum[j] += float64(v)
		}
	}
	out := map[string]float64{}
	for j, x := range m.Schema().Metrics {
		out[x.Name] = sum[j] / float64(n)
	}
	return out
}

const party = `party:
  - {archetype: swords_shieldbearer}
  - {archetype: pentacles_skirmisher}
  - {archetype: wands_sorcerer}
  - {archetype: cups_chirurgeon}
`

// The built-in strategies are registered with their docs, competent and
// fair-but-smart the defaults.
func TestRegistered(t *testing.T) {
	want := map[string]sim.Side{"competent": sim.Party, "reckless": sim.Party, "focus-weakest": sim.Party,
		"fair-but-smart": sim.Foes, "brutal": sim.Foes}
	got := map[string]bool{}
	for _, s := range (hmtw.System{}).Strategies() {
		if side, ok := want[s.Name]; ok {
			got[s.Name] = true
			if s.Side != side || s.Doc == "" {
				t.Errorf("%s: side %s doc %q", s.Name, s.Side, s.Doc)
			}
			if s.Default != (s.Name == "competent" || s.Name == "fair-but-smart") {
				t.Errorf("%s: default %v", s.Name, s.Default)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("registered %v", got)
	}
}

// Against a bloodybones, which nothing harms, a competent guild retreats
// and a reckless one fights to the round cap.
func TestRetreatFromTheUnkillable(t *testing.T) {
	src := "system: hmtw\nmax_rounds: 10\n" + party + "foes:\n  - {creature: bloodybones}\n"
	c := mean(t, src+"strategies: {party: competent}\n", 300)
	if c["retreat"] != 1 {
		t.Errorf("competent: retreat %v", c["retreat"])
	}
	r := mean(t, src+"strategies: {party: reckless}\n", 300)
	if r["stalemate"] != 1 || r["retreat"] != 0 {
		t.Errorf("reckless: stalemate %v retreat %v", r["stalemate"], r["retreat"])
	}
}

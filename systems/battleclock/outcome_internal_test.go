package battleclock

import (
	"strings"
	"testing"

	"tpk/sim"
	"tpk/systems"
)

// playOne compiles src and plays one battle with seed, returning the
// schema, the record and the narration.
func playOne(t *testing.T, src string, seed uint64) (*sim.Schema, *sim.Record, string) {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := compile(sc)
	if err != nil {
		t.Fatal(err)
	}
	s := b.Model.Schema()
	rec := sim.NewRecord(s)
	var r sim.Rand
	r.Seed(seed, 0)
	tr := &sim.Trace{}
	b.Model.NewKernel().Play(&r, rec, tr)
	var sb strings.Builder
	_ = tr.WriteText(&sb)
	return s, rec, sb.String()
}

// E-B3: a battle that runs its clock to midnight is its own outcome,
// saying who still stands; stalemate keeps meaning max_rounds ran out.
func TestMidnightIsItsOwnOutcome(t *testing.T) {
	const wall = "system: battleclock\nmax_rounds: 10\nparty:\n  - {name: Ann, stats: {}, armor: 3}\nfoes:\n  - {name: Wall, harm: 0}\nstrategies: {party: test-idle}\n"
	for _, c := range []struct {
		opt                 string
		midnight, stalemate int32
		standing            int32 // per combatant at_midnight
	}{{"midnight", 1, 0, 1}, {"extend", 0, 1, 0}} {
		s, rec, text := playOne(t, wall+"options: {S15: "+c.opt+"}\n", 1)
		if got := rec.Values[s.Index("midnight")]; got != c.midnight {
			t.Errorf("S15 %s: midnight %d, want %d", c.opt, got, c.midnight)
		}
		if got := rec.Values[sim.Stalemate]; got != c.stalemate {
			t.Errorf("S15 %s: stalemate %d, want %d", c.opt, got, c.stalemate)
		}
		for ci := range s.Combatants {
			if got := rec.PerCombatant[ci*len(s.CombatantMetrics)+cmAtMidnight]; got != c.standing {
				t.Errorf("S15 %s: %s at_midnight %d, want %d", c.opt, s.Combatants[ci].Name, got, c.standing)
			}
		}
		if c.midnight == 1 && !strings.Contains(text, "midnight: Ann still stands against Wall") {
			t.Errorf("the narration does not say who still stands at midnight:\n%s", text)
		}
	}
}

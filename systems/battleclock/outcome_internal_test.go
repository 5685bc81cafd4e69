package battleclock

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
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
		t.Run(c.opt, func(t *testing.T) {
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
		})
	}
}

// A metric the options make impossible is not applicable, naming the
// option, for encounter and per-combatant metrics alike; the defaults
// leave every other metric measurable.
func TestNotApplicable(t *testing.T) {
	const base = "system: battleclock\nparty:\n  - {name: Ann, stats: {}}\nfoes:\n  - {enemy: merc}\n"
	for _, c := range []struct {
		extra   string
		na      []string // metrics not applicable ("c:" per combatant)
		applies []string // metrics that must stay measurable
		option  string   // the option the reason names
	}{
		{"", []string{"stalemate"}, []string{"midnight", "c:at_midnight", "jumped", "debilities", "any_out", "tpk", "any_death", "deaths", "harm_incidental"}, "S15"},
		{"max_rounds: 4\n", nil, []string{"stalemate", "midnight"}, ""},
		{"max_rounds: 12\noptions: {S15: extend}\n", []string{"midnight", "c:at_midnight"}, []string{"stalemate"}, "S15"},
		{"options: {S13: never}\n", []string{"jumped"}, nil, "S13"},
		{"options: {S13: \"0\"}\n", []string{"jumped"}, nil, "S13"},
		{"options: {S8: never}\n", []string{"debilities"}, nil, "S8"},
		{"options: {S2: always-dead}\n", []string{"any_out"}, []string{"tpk", "any_death"}, "S2"},
		{"options: {S2: life-untenable, S21: none}\n", []string{"tpk", "any_death", "deaths"}, []string{"any_out"}, "S2"},
		{"options: {S2: life-untenable}\n", nil, []string{"tpk", "any_death", "deaths"}, ""},
		{"options: {S11: \"0\"}\n", []string{"harm_incidental"}, nil, "S11"},
	} {
		t.Run(fmt.Sprintf("%q", c.extra), func(t *testing.T) {
			s, _, _ := playOne(t, base+c.extra, 1)
			reason := func(name string) string {
				list := s.Metrics
				if strings.HasPrefix(name, "c:") {
					list, name = s.CombatantMetrics, name[2:]
				}
				for _, m := range list {
					if m.Name == name {
						return m.NA
					}
				}
				t.Fatalf("no metric %s", name)
				return ""
			}
			for _, name := range c.na {
				if r := reason(name); !strings.Contains(r, "not applicable under "+c.option) {
					t.Errorf("%q: %s NA %q, want a reason naming %s", c.extra, name, r, c.option)
				}
			}
			for _, name := range c.applies {
				if r := reason(name); r != "" {
					t.Errorf("%q: %s is marked not applicable: %q", c.extra, name, r)
				}
			}
		})
	}
}

// The narration counts ticks played, and says so: a battle the GM jumps to
// 9:00 at once strikes midnight after three ticks played, which is not the
// battle clock's third tick (6:00 to 9:00).
func TestEndNarrationCountsTicksPlayed(t *testing.T) {
	const src = "system: battleclock\nparty:\n  - {name: Ann, stats: {}, armor: 3}\nfoes:\n  - {name: Wall, harm: 0}\nstrategies: {party: test-idle}\noptions: {S13: at-start}\n"
	s, rec, text := playOne(t, src, 1)
	if rec.Values[s.Index("midnight")] != 1 || rec.Values[sim.Rounds] != 3 {
		t.Fatalf("midnight %d after %d ticks, want midnight after 3", rec.Values[s.Index("midnight")], rec.Values[sim.Rounds])
	}
	if !strings.Contains(text, "the battle ends after 3 ticks played, the battle clock at midnight") || strings.Contains(text, "in tick 3") {
		t.Errorf("the narration does not count ticks played:\n%s", text)
	}
}

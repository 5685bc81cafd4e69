package hmtw_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// Every creature of the bestiary, the book's other antagonists and a
// template creature play through encounters against the default party of
// four: each encounter ends one way only, in rounds within the cap, with
// its counts in range.
func TestEveryCreatureRuns(t *testing.T) {
	var foes []string
	for _, c := range (hmtw.System).Bestiary() {
		switch c.Kind {
		case "monster", "antagonist":
			n := 1
			if c.ID != "lich_yellow_king" && c.ID != "sporehulk" && c.ID != "bloodybones" {
				n = 3
			}
			foes = append(foes, fmt.Sprintf("  - {creature: %s, count: %d}", c.ID, n))
		}
	}
	foes = append(foes, "  - {theme: undead, threat: brute, abilities: [deadly_attack]}",
		"  - {theme: beast, threat: elite, abilities: [claw, regenerate], attributes: {swords: 5}}",
		"  - {theme: man, threat: minion, count: 5, path: swords, armor: light_armor}",
		"  - {theme: elemental, threat: dungeon_lord, pools: [{id: core, health: 4, defense: 4, core: true}, {id: arm, health: 3, abilities: [smash]}]}")
	if len(foes) != 27+6+4 {
		t.Fatalf("%d foes", len(foes))
	}
	for _, f := range foes {
		for _, strat := range []string{"competent/fair-but-smart", "reckless/brutal"} {
			p, g, _ := strings.Cut(strat, "/")
			b := compileYAML(t, scenario(fourAdventurers, f, "strategies: {party: "+p+", foes: "+g+"}"))
			m := b.Model
			k := m.NewKernel()
			rec := sim.NewRecord(m.Schema())
			s := m.Schema()
			var r sim.Rand
			for i := 0; i < 150; i++ {
				r.Seed(9, uint64(i))
				rec.Reset()
				k.Play(&r, rec, nil)
				ends := rec.Values[sim.Victory] + rec.Values[sim.Defeat] + rec.Values[s.Index("retreat")] + rec.Values[sim.Stalemate]
				if ends != 1 {
					t.Fatalf("%s (%s) encounter %d ended %d ways: %v", f, strat, i, ends, rec.Values)
				}
				if n := rec.Values[sim.Rounds]; n < 1 || int(n) > m.MaxRounds() {
					t.Fatalf("%s: %d rounds", f, n)
				}
				if d := rec.Values[sim.Deaths]; d < 0 || d > 4 || (d == 4) != (rec.Values[sim.TPK] == 1) || (d > 0) != (rec.Values[sim.AnyDeath] == 1) {
					t.Fatalf("%s: deaths %d tpk %d any %d", f, d, rec.Values[sim.TPK], rec.Values[sim.AnyDeath])
				}
				if rec.Values[sim.TPK] == 1 && rec.Values[sim.Victory] == 1 {
					t.Fatalf("%s: a victory with everyone dead", f)
				}
				for j, v := range rec.Values {
					if v < 0 {
						t.Fatalf("%s: metric %s is %d", f, s.Metrics[j].Name, v)
					}
				}
			}
		}
	}
}

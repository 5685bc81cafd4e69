package catchthedevil_test

import (
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
)

// Errata E-C8, over many encounters of every example and every reading of
// option C14 (so that tpk is measured where the example leaves it n/a):
// each encounter ends one way only (victory, defeat, escape or stalemate),
// a tpk is always a defeat, and a victory always leaves a PC up and
// present (neither down nor fled).
func TestOutcomesPartitionAndTPKIsADefeat(t *testing.T) {
	const trials = 4000
	files, err := fs.Glob(examples.FS, "catchthedevil/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		data, err := fs.ReadFile(examples.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c14 := range []string{"dying", "at-once", "unless-won", "untended"} {
			sc, err := sim.LoadScenario(f, data, systems.IDs())
			if err != nil {
				t.Fatal(err)
			}
			sc.Options["C14"] = sim.Setting{Value: c14}
			b, err := ctd.System.Compile(sc)
			if err != nil {
				t.Fatal(err)
			}
			m := b.Model
			s := m.Schema()
			idx := func(name string) int {
				i := s.Index(name)
				if i < 0 {
					t.Fatalf("no metric %s", name)
				}
				return i
			}
			vic, def, esc, sta, tpk := idx("victory"), idx("defeat"), idx("escape"), idx("stalemate"), idx("tpk")
			per := len(s.CombatantMetrics)
			down, fled := perIndex(t, s, "down"), perIndex(t, s, "fled")
			k := m.NewKernel()
			rec := sim.NewRecord(s)
			var r sim.Rand
			var counts [4]int
			tpks := 0
			for e := 0; e < trials; e++ {
				r.Seed(11, uint64(e))
				rec.Reset()
				k.Play(&r, rec, nil)
				v := rec.Values
				n := 0
				for o, i := range []int{vic, def, esc, sta} {
					if v[i] != 0 {
						counts[o]++
						n++
					}
				}
				if n != 1 {
					t.Fatalf("%s, C14 %s, encounter %d: %d of victory, defeat, escape, stalemate", f, c14, e, n)
				}
				if v[tpk] != 0 {
					tpks++
					if v[def] == 0 {
						t.Fatalf("%s, C14 %s, encounter %d: a tpk that is not a defeat", f, c14, e)
					}
				}
				if v[vic] != 0 {
					present := false
					for c := range s.Combatants {
						if s.Combatants[c].Side == sim.Party && rec.PerCombatant[c*per+down] == 0 && rec.PerCombatant[c*per+fled] == 0 {
							present = true
						}
					}
					if !present {
						t.Fatalf("%s, C14 %s, encounter %d: a victory with no PC up and present", f, c14, e)
					}
				}
			}
			if tpks > counts[1] {
				t.Errorf("%s, C14 %s: tpk %d > defeat %d", f, c14, tpks, counts[1])
			}
			if sum := counts[0] + counts[1] + counts[2] + counts[3]; sum != trials {
				t.Errorf("%s, C14 %s: victory+defeat+escape+stalemate = %d of %d", f, c14, sum, trials)
			}
		}
	}
}

// perIndex is the position of a per-combatant metric in a record's block.
func perIndex(t *testing.T, s *sim.Schema, name string) int {
	t.Helper()
	for i, m := range s.CombatantMetrics {
		if m.Name == name {
			return i
		}
	}
	t.Fatalf("no per-combatant metric %s", name)
	return -1
}

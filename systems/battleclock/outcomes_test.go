package battleclock_test

import (
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Every battle of every example ends one way only: victory, defeat,
// withdrawal, midnight and stalemate add up to 1 battle by battle; tpk
// never happens without defeat; and a victory always leaves a PC up and
// present (errata E-C8's reading, which the battle clock shares: the PCs
// hold the field).
func TestOneOutcomeEveryBattle(t *testing.T) {
	files, err := fs.Glob(examples.FS, "battleclock/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	const battles = 4000
	for _, f := range files {
		data, err := fs.ReadFile(examples.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		m := systemtest.Model(t, bc.System, string(data))
		s := m.Schema()
		withdrawal, midnight := s.Index("withdrawal"), s.Index("midnight")
		rec := sim.NewRecord(s)
		counts := map[string]int{}
		for n := uint64(0); n < battles; n++ {
			rec.Reset()
			var r sim.Rand
			r.Seed(7, n)
			st := bc.PlayForStatuses(m, &r, rec)
			v := rec.Values
			sum := v[sim.Victory] + v[sim.Defeat] + v[withdrawal] + v[midnight] + v[sim.Stalemate]
			if sum != 1 {
				t.Fatalf("%s battle %d: victory %d defeat %d withdrawal %d midnight %d stalemate %d",
					f, n, v[sim.Victory], v[sim.Defeat], v[withdrawal], v[midnight], v[sim.Stalemate])
			}
			if v[sim.TPK] == 1 && v[sim.Defeat] != 1 {
				t.Fatalf("%s battle %d: tpk without defeat", f, n)
			}
			up := false
			for _, x := range st {
				up = up || x == bc.Active
			}
			if v[sim.Victory] == 1 && !up {
				t.Fatalf("%s battle %d: a victory with no PC up and present (%v)", f, n, st)
			}
			for _, name := range []string{"victory", "defeat", "withdrawal", "midnight", "stalemate"} {
				counts[name] += int(v[s.Index(name)])
			}
		}
		t.Logf("%s: %v", f, counts)
	}
}

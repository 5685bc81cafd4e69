package hmtw_test

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// FuzzScenario decodes arbitrary scenarios and plays what compiles: bad
// input must be an *sim.InputError, never a panic, and a compiled scenario
// must play.
func FuzzScenario(f *testing.F) {
	files, _ := fs.Glob(examples.FS, "hmtw/*.yaml")
	for _, name := range files {
		data, _ := examples.FS.ReadFile(name)
		f.Add(data)
	}
	f.Add([]byte(scenario(fourAdventurers, "  - {theme: undead, threat: dungeon_lord, pools: [{id: a, health: 2, core: true}]}")))
	f.Add([]byte(scenario("  - {path: wands, attributes: {wands: 4, cups: 3, pentacles: 2, swords: 1}, spells: [life], training: [magic_of_the_welkin]}",
		"  - {creature: zombie, count: 24}", "options: {H-2: lethal, H-5: simultaneous}")))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := sim.LoadScenario("fuzz.yaml", data, systems.IDs())
		if err != nil || sc.System != "hmtw" {
			return
		}
		b, err := hmtw.System.Compile(sc)
		if err != nil {
			var ie *sim.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		m := b.Model
		k := m.NewKernel()
		rec := sim.NewRecord(m.Schema())
		var r sim.Rand
		for i := uint64(0); i < 3; i++ {
			r.Seed(1, i)
			rec.Reset()
			k.Play(&r, rec, nil)
		}
		sim.Replay(m, 1, 0)
	})
}

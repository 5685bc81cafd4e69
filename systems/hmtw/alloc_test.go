package hmtw_test

import (
	"testing"

	"tpk/sim"
)

// Play allocates nothing with tracing off.
func TestPlayAllocatesNothing(t *testing.T) {
	for name, foes := range map[string]string{
		"elite":      "  - {creature: vampire}",
		"minions":    "  - {creature: goblin_raider, count: 6}",
		"brutes":     "  - {creature: ogre}\n  - {creature: skeleton, count: 3}",
		"lord":       "  - {creature: lich_yellow_king}",
		"sporehulk":  "  - {creature: sporehulk}",
		"slime":      "  - {creature: slime}",
		"zombies":    "  - {creature: zombie, count: 8}",
		"dragon":     "  - {creature: dragon}",
		"jinn":       "  - {creature: jinn}",
		"devil":      "  - {creature: devil_gluttony}\n  - {creature: imp, count: 6}",
		"cockatrice": "  - {creature: cockatrice}\n  - {creature: brain_spider}",
		"wraith":     "  - {creature: wraith}\n  - {creature: winter_wolf, count: 3}",
	} {
		for _, strat := range []string{"strategies: {party: competent, foes: fair-but-smart}", "strategies: {party: reckless, foes: brutal}"} {
			party := fourAdventurers
			if name == "sorcery" {
				party += "\n  - {archetype: wands_sorcerer, name: Sorcerer, spells: [heavenfire, life, withering, sleep]}"
			}
			b := compileYAML(t, scenario(party, foes, strat))
			k := b.Model.NewKernel()
			rec := sim.NewRecord(b.Model.Schema())
			var r sim.Rand
			i := uint64(0)
			allocs := testing.AllocsPerRun(500, func() {
				r.Seed(5, i)
				i++
				rec.Reset()
				k.Play(&r, rec, nil)
			})
			if allocs != 0 {
				t.Errorf("%s (%s): Play allocates %.2f times per encounter", name, strat, allocs)
			}
		}
	}
}

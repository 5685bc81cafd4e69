package battleclock_test

import (
	"testing"

	"tpk/sim"
)

// Play allocates nothing with tracing off, whatever the options.
func TestPlayAllocatesNothing(t *testing.T) {
	squad := "  - {character: soldier}\n  - {character: adept, strategy: cover-each-other}\n  - {character: engineer, strategy: hold-position}"
	gang := "  - {enemy: merc, count: 3}\n  - {enemy: stunner, count: 2}\n  - {enemy: captain}"
	for name, src := range map[string]string{
		"default":     scenario(squad, gang),
		"concentrate": scenario(squad, gang, "strategies: {foes: concentrate-fire}", "options: {S13: at-start, S15: extend}", "max_rounds: 12"),
		"options":     scenario(squad, gang, "options: {S1: twelve, S2: overflow, S3: any, S4: shock, S5: before-shields, S6: batch, S7: soak-harm, S8: early, S10: targeted, S11: 0.5, S12: per-group, S14: random-table, S16: harm-clock, S17: two, S19: no-stacking, S20: per-tick, S21: none, S22: random, S23: always, S24: none}"),
		"harsh":       scenario(squad, gang, "options: {S2: once, S8: never, S9: crossing-only, S11: aw-0-1, S12: every-pc, S13: 0.3, S18: none, S20: end}"),
		"lifeless":    scenario(squad, gang, "options: {S2: life-untenable, S7: regen-covered, S11: one-random, S22: lowest-stat}"),
	} {
		b := compileYAML(t, src)
		k := b.Model.NewKernel()
		rec := sim.NewRecord(b.Model.Schema())
		var r sim.Rand
		i := uint64(0)
		allocs := testing.AllocsPerRun(2000, func() {
			r.Seed(5, i)
			i++
			rec.Reset()
			k.Play(&r, rec, nil)
		})
		if allocs != 0 {
			t.Errorf("%s: Play allocates %.2f times per battle", name, allocs)
		}
	}
}

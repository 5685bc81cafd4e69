package locus_test

import (
	"testing"

	"tpk/sim"
)

// Play allocates nothing with tracing off.
func TestPlayAllocatesNothing(t *testing.T) {
	for name, src := range map[string]string{
		"1v1":  scenario("  - {character: reference}", "  - {monster: faced-flock}"),
		"4v2":  scenario("  - {character: reference, count: 4}", "  - {monster: faced-flock}\n  - {monster: tar-wing}"),
		"hide": scenario("  - {character: reference, strategy: hide}\n  - {character: reference, strategy: flee}", "  - {monster: tar-wing, strategy: relentless}", "scene: {cover: true, distance: 10}"),
		"options": scenario("  - {character: reference, count: 2, strategy: defend}", "  - {monster: mouth-tower}",
			"options: {L-8: aligned, L-11: misc-check, L-17: literal, L-18: breakdown, L-19: all-dice, L-22: 0.5, L-16: out-of-reach}"),
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
			t.Errorf("%s: Play allocates %.2f times per encounter", name, allocs)
		}
	}
}

package catchthedevil_test

import (
	"testing"

	"tpk/sim"
)

// Play allocates nothing with tracing off, whatever the options.
func TestPlayAllocatesNothing(t *testing.T) {
	gang := "  - {npc: thug, count: 3}\n  - {npc: gunman}\n  - {npc: rot-hound}"
	for name, src := range map[string]string{
		"gang": scenario("  - {character: police-officer}\n  - {character: security-guard}\n  - {character: nurse, strategy: protect}", gang),
		"flee": scenario("  - {character: accountant, strategy: flee, count: 3}", gang, "strategies: {foes: focus}"),
		"options": scenario("  - {character: police-officer, questions: {horrendous: true, injury: true}}\n  - {character: nurse, strategy: protect, count: 2}", gang,
			"options: {C1: physical, C2: random, C3: best, C7: merged, C8: encounter, C9: ally-dying, C12: minus-all, C13: targetable, C14: untended, C15: wounded, C16: meets, C18: half, C19: finish-off, C20: random, C21: random, C29: flat, C30: one-lands, C33: ally, C34: random, C36: spared, C37: preferred-target}"),
		"strict":  scenario("  - {character: police-officer, count: 3}", gang, "options: {C4: strict, C14: at-once, C11: plus}"),
		"wargame": scenario("  - {character: mechanic, count: 3}", gang, "options: {C4: wargame, C14: unless-won, C13: captured}"),
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

package catchthedevil

import (
	"fmt"
	"testing"
)

// Errata E-C5: when several PCs shield one ally, every shield roll applies
// on its own: any 10+ keeps the attack off the ally, each 7-9 protector
// takes the attack, each 6- protector gets in the way and is hit too; the
// ally is hit only when no protector rolled 7+. No roll overwrites another.
func TestEveryProtectorCounts(t *testing.T) {
	src := yamlOf("  - {name: Ada, stats: {quick: 1}}\n  - {name: Bea, stats: {sharp: 1}}\n  - {name: Cal, stats: {quick: 1}}", plainNPC)
	for _, c := range []struct {
		ada, cal         int // the shield rolls (totals less Quick +1)
		adaH, beaH, calH int16
	}{
		{9, 5, 0, 0, 1}, // 10+ and 6-: Bea is safe, Cal is hit
		{5, 9, 1, 0, 0}, // 6- and 10+, the other way round
		{7, 7, 1, 0, 1}, // two 7-9s: each takes the attack
		{9, 7, 0, 0, 1}, // 10+ and 7-9: Bea safe, Cal pays the 7-9's cost
		{7, 5, 1, 0, 1}, // 7-9 and 6-: Ada takes it, Cal is hit too
		{5, 5, 1, 1, 1}, // two misses: everyone is hit
		{9, 9, 0, 0, 0}, // two 10+s
	} {
		t.Run(fmt.Sprintf("ada %d/cal %d", c.ada, c.cal), func(t *testing.T) {
			k := testKernel(t, src, 7)
			k.aim(0, 1)
			k.act[0] = Action{Kind: Protect, Target: 1}
			k.act[1] = Action{Kind: Idle, Target: -1}
			k.act[2] = Action{Kind: Protect, Target: 1}
			k.order[0], k.order[1], k.order[2] = 0, 1, 2
			k.protecting = true
			force(k, c.ada, c.cal, 12, 12, 12)
			tr := narrate(k)
			k.protects()
			for i := 0; i < 3; i++ {
				k.resolve(i)
			}
			if k.pc[0].shRolls != c.adaH || k.pc[1].shRolls != c.beaH || k.pc[2].shRolls != c.calH {
				t.Errorf("shields %d and %d: Suffer Harm rolls Ada %d Bea %d Cal %d, want %d %d %d\n%s",
					c.ada+1, c.cal+1, k.pc[0].shRolls, k.pc[1].shRolls, k.pc[2].shRolls, c.adaH, c.beaH, c.calH, tr())
			}
		})
	}
}

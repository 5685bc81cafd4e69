package catchthedevil

import (
	"reflect"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// strongKernel is a kernel of src whose PCs and NPCs play strong, with the
// test policies test-attack and test-first as the defaults strong play
// starts from.
func strongKernel(t *testing.T, src string) *kernel {
	t.Helper()
	m := testKernel(t, src, 1).m
	for i := range m.pcs {
		m.pcs[i].policy = StrongPC
	}
	for j := range m.npcs {
		m.npcs[j].policy = StrongNPC
	}
	m.Strong = m.usesStrong()
	m.defPC, m.defNPC = scriptPC{kind: Attack, react: LashOut}, firstTarget{}
	return newKernel(m, false)
}

// The fork makes every later die come from the stream it is given and
// changes nothing else: Catch the Devil hides nothing from either side but
// the dice (wounds, versions known, declared attacks are on the table), so
// there is nothing to reshuffle. Two forks from equal streams throw the
// same dice, from different streams different ones.
func TestForkReseedsOnlyTheDice(t *testing.T) {
	k := strongKernel(t, yamlOf(plainPC+"\n"+plainPC, plainNPC+"\n"+plainNPC))
	var r sim.Rand
	r.Seed(3, 1)
	k.Play(&r, sim.NewRecord(k.m.schema), nil) // leave some state behind
	k.round = 2
	k.declare()
	for _, side := range []sim.Side{sim.Party, sim.Foes} {
		before := *k
		var s1, s2, s3 sim.Rand
		s1.Seed(9, 9)
		s2.Seed(9, 9)
		s3.Seed(9, 10)
		k.fork(side, &s1)
		after := *k
		after.g = before.g
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("%s fork changed more than the dice", side)
		}
		var want sim.Fast
		want.SeedFrom(&s2)
		for n := 0; n < 20; n++ {
			if got, w := k.intN(36), want.IntN(36); got != w {
				t.Fatalf("%s fork: throw %d is %d, want %d from the fork's stream", side, n, got, w)
			}
		}
		k.fork(side, &s3)
		same := true
		for n := 0; n < 20; n++ {
			if k.intN(36) != want.IntN(36) {
				same = false
			}
		}
		if same {
			t.Fatalf("%s fork: another stream throws the same dice", side)
		}
	}
}

// A rollout replays the encounter it searches: the live kernel's searched
// decisions are forced in the rollout kernel, so every encounter reaches
// each decision it searches (search panics otherwise), and strong play
// allocates nothing.
func TestStrongPlaysWithoutAllocating(t *testing.T) {
	k := strongKernel(t, yamlOf(plainPC+"\n"+plainPC, plainNPC+"\n"+plainNPC, "C14: untended"))
	if allocs := systemtest.Allocations(k, k.m.schema, 4, 5); allocs != 0 {
		t.Errorf("strong play allocated %d times in 5 encounters", allocs)
	}
}

package hmtw

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// A retreat carries the downed only in the arms of those who get away, one
// each: a guild of one able adventurer and two at Death's Door carries one
// off and leaves the other; one caught by the pursuers carries no one.
func TestRetreatCarriesOnlyWhatItsArmsCan(t *testing.T) {
	const three = "  - {archetype: swords_shieldbearer}\n  - {archetype: cups_chirurgeon}\n  - {archetype: wands_sorcerer}"
	for _, c := range []struct {
		name   string
		caught int
		gone   [3]bool
	}{
		{"one carrier, two downed", -1, [3]bool{true, true, false}},
		{"the only carrier caught", 0, [3]bool{false, false, false}},
	} {
		k := optKernel(t, three, "  - {creature: ogre}")
		for _, i := range []int{1, 2} {
			k.adv[i].door, k.adv[i].reachedDoor = true, true
		}
		k.escape(c.caught, false)
		for i, want := range c.gone {
			if k.adv[i].gone != want {
				t.Errorf("%s: adventurer %d gone %v, want %v", c.name, i, k.adv[i].gone, want)
			}
		}
	}
}

// Every encounter in which every adventurer dies is a defeat, however it
// ended (a retreat whose dying were left behind, or that got nobody away).
func TestEveryoneDeadIsADefeat(t *testing.T) {
	b := mustDecode(t, "system: hmtw\nmax_rounds: 30\nparty:\n  - {archetype: wands_sorcerer}\n  - {archetype: cups_chirurgeon, gear: []}\n"+
		"foes:\n  - {creature: goblin_raider, count: 6}\nstrategies: {party: competent, foes: brutal}\noptions: {H-29: off, H-11: kills}\n")
	k := newKernel(b)
	rec := sim.NewRecord(b.Schema())
	var r sim.Rand
	tpk := 0
	for e := uint64(0); e < 3000; e++ {
		r.Seed(11, e)
		rec.Reset()
		k.Play(&r, rec, nil)
		if rec.Values[sim.TPK] == 1 {
			tpk++
			if rec.Values[sim.Defeat] != 1 || rec.Values[mRetreat] == 1 || rec.Values[sim.Victory] == 1 {
				t.Fatalf("encounter %d: everyone died, but defeat %d, retreat %d, victory %d", e, rec.Values[sim.Defeat],
					rec.Values[mRetreat], rec.Values[sim.Victory])
			}
		}
	}
	if tpk == 0 {
		t.Fatal("no encounter killed everyone: the test shows nothing")
	}
}

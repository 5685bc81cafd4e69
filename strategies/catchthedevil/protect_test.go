package catchthedevilstrat_test

import (
	"strings"
	"testing"

	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
)

// byIndex is a scripted GM for these tests: NPC j goes for PC at[j] when it
// may, else the first PC it may attack.
type byIndex struct{ at []int }

func (b byIndex) Target(v *ctd.View, self int) int {
	if self < len(b.at) && v.CanTarget(self, b.at[self]) {
		return b.at[self]
	}
	for i := 0; i < v.PCs(); i++ {
		if v.CanTarget(self, i) {
			return i
		}
	}
	return -1
}

func init() {
	// Two NPCs on the first PC, the third on the second.
	ctd.Policies.Foes.Register("test-two-on-first", "two NPCs on PC 0, the third on PC 1 (test)", byIndex{at: []int{0, 0, 1}})
	// Every NPC on the second PC.
	ctd.Policies.Foes.Register("test-on-second", "every NPC on PC 1 (test)", byIndex{at: []int{1, 1, 1, 1}})
}

// roundOne is what actor rolled for in round 1 of encounters 0..n-1.
func roundOne(t *testing.T, src, actor string, n int) []string {
	t.Helper()
	m := build(t, src)
	var got []string
	for k := uint64(0); k < uint64(n); k++ {
		got = append(got, firstRoll(replay(m, k), actor))
	}
	return got
}

// protect shields an ally only when the shield is worth it: the ally is
// worse off than the protector, the protector is not itself under heavier
// attack, and the shield roll has a fair chance (a Take a Risk + Quick at
// -2 misses 72% of the time, and a miss puts both in the way). Before, it
// shielded a friend no worse off while two NPCs went for the protector, and
// kept shielding at Quick -2.
func TestProtectShieldsOnlyWhenItHelps(t *testing.T) {
	for _, c := range []struct {
		name, guard, ally, foes string
		shields                 bool
	}{
		{"a friend at risk", "{name: Guard, character: security-guard, strategy: protect}",
			"{name: Ally, character: accountant, wounded: [study, keep-it-together]}", "  - {npc: thug, count: 3, strategy: test-on-second}\n", true},
		{"a friend no worse off", "{name: Guard, character: security-guard, strategy: protect}",
			"{name: Ally, character: security-guard}", "  - {npc: thug, count: 2, strategy: test-on-second}\n", false},
		{"itself under heavier attack", "{name: Guard, character: security-guard, strategy: protect}",
			"{name: Ally, character: accountant, wounded: [study, keep-it-together]}", "  - {npc: bystander, count: 3, strategy: test-two-on-first}\n", false},
		{"at Quick -2", "{name: Guard, stats: {tough: 2, quick: -2, sharp: 1}, in_play: true, strategy: protect}",
			"{name: Ally, character: accountant, wounded: [study, keep-it-together]}", "  - {npc: thug, count: 3, strategy: test-on-second}\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := head + "party:\n  - " + c.guard + "\n  - " + c.ally + "\n  - {name: Cy, character: police-officer}\nfoes:\n" + c.foes + "options: {C29: disabled}\n"
			for k, got := range roundOne(t, src, "Guard", 20) {
				if shield := got == "shield Ally"; shield != c.shields {
					t.Errorf("%s, encounter %d: the protector's first roll is %q (shield wanted: %v)", c.name, k, got, c.shields)
				}
			}
		})
	}
}

// A PC with Sharp -1 and a gun, whom nobody attacks, shoots rather than
// Study: its Study misses 58% of the time and a miss brings an attack, for
// at best a +1 forward, where the shot runs a like risk and deals damage.
func TestSharpMinusOneShootsRatherThanStudy(t *testing.T) {
	for _, strat := range []string{"fight", "protect"} {
		src := head + "party:\n  - {name: Reyes, character: police-officer, strategy: " + strat + "}\n  - {name: Bo, character: security-guard}\n  - {name: Cy, character: security-guard}\nfoes:\n  - {npc: thug, count: 2, strategy: test-on-second}\n"
		for k, got := range roundOne(t, src, "Reyes", 20) {
			if !strings.HasPrefix(got, "attack") {
				t.Errorf("%s, encounter %d: Reyes (Sharp -1, pistol) rolls %q, want an attack", strat, k, got)
			}
		}
	}
}

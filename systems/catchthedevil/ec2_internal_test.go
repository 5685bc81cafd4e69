package catchthedevil

import (
	"fmt"
	"testing"
)

// E-C2: "reduce a stat by 1" (C20 policy) never lowers Tough, the Suffer
// Harm stat, while another stat can go.
func TestReduceStatSparesTough(t *testing.T) {
	for _, c := range []struct {
		name, pc string
		want     Stat
	}{
		{"fighter", "  - {name: F, stats: {tough: 1}}", Sharp},
		{"not a fighter", "  - {name: N, stats: {sharp: 1}}", Sharp},
		{"not a fighter, Sharp at the floor", "  - {name: N, stats: {sharp: -3}, in_play: true}", Steady},
		{"only Tough left", "  - {name: N, stats: {sharp: -3, steady: -3, quick: -3}, in_play: true}", Tough},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, yamlOf(c.pc, plainNPC), 30)
			before := k.pc[0].stat
			if !k.reduceStat(0, allStats) {
				t.Fatal("no stat lowered")
			}
			for s := Stat(0); s < NumStats; s++ {
				want := before[s]
				if s == c.want {
					want--
				}
				if k.pc[0].stat[s] != want {
					t.Errorf("%s: %+d, want %+d (stats %v from %v)", s.Title(), k.pc[0].stat[s], want, k.pc[0].stat, before)
				}
			}
		})
	}
}

// E-C2: on wounded Suffer Harm 3's 7-9 the player takes the cheaper of
// "wound a move" and "reduce a stat by 1": the wound (it heals with a
// week's rest) while two moves stay unwounded after it, or when only Tough
// could be lowered; else the stat.
func TestSH3PartialTakesTheCheaper(t *testing.T) {
	for _, c := range []struct {
		name, pc  string
		wounded   []int // more moves wounded (move, version pairs)
		wantWound bool
	}{
		{"three moves unwounded", zeroPC, nil, true},
		{"two moves unwounded", zeroPC, []int{int(Study), 1}, false},
		{"two unwounded, only Tough can go", "  - {name: N, stats: {sharp: -3, steady: -3, quick: -3}, in_play: true}", []int{int(Study), 1}, true},
		{"none unwounded", zeroPC, []int{int(Study), 1, int(KeepItTogether), 1, int(TakeARisk), 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, yamlOf(c.pc, plainNPC), 1)
			setWounded(k, 0, append([]int{int(SufferHarm), 3}, c.wounded...)...)
			before := k.pc[0].unwounded()
			force(k, 8)
			k.sufferHarm(0, 0, 0)
			p := &k.pc[0]
			wounded := p.unwounded() < before
			if wounded != c.wantWound || wounded == (p.statLoss == 1) || p.status != Active {
				t.Errorf("wound %v (want %v), stat loss %d, %s", wounded, c.wantWound, p.statLoss, p.status)
			}
		})
	}
}

// E-C4: a stat changed "until you leave here" (wounded Keep It Together 2
// and 3) stays within -3..+3 like every other change (C27 clamp), and a
// later permanent reduction does not take it below; C27 "none" has no floor.
func TestUntilLeavingClamps(t *testing.T) {
	for _, c := range []struct {
		c27     string
		version int
		stat    Stat
		want    int // the stat's value on a roll after two 7-9s and a reduction
	}{
		{"clamp", 2, Sharp, -3},
		{"clamp", 3, Steady, -3},
		{"none", 2, Sharp, -5},
		{"none", 3, Steady, -5},
	} {
		t.Run(fmt.Sprintf("C27 %s, version %d", c.c27, c.version), func(t *testing.T) {
			pc := "  - {name: Low, stats: {sharp: -2, steady: -2, quick: 3, tough: 3}, in_play: true}"
			k := testKernel(t, yamlOf(pc, plainNPC, "C27: "+c.c27), 1)
			setWounded(k, 0, int(KeepItTogether), c.version)
			// Dice of 10 with Steady -2, then -3: two 7-9s.
			force(k, 10, 10)
			k.keepItTogether(0, 0)
			k.keepItTogether(0, 0)
			k.reduceStat(0, 1<<c.stat)
			for _, mv := range []Move{TakeARisk, KeepItTogether, Study} {
				if got := k.statValue(0, c.stat, mv); got != c.want {
					t.Errorf("%s on %s: %+d, want %+d (stat %+d, until leaving %+d)", c.stat.Title(), mv.Title(), got, c.want, k.pc[0].stat[c.stat], k.pc[0].temp[c.stat])
				}
			}
		})
	}
}

// A PC does not attack an NPC its weapon cannot hurt (armor takes all of
// it) while one it can hurt stands, even one closer to going down or
// attacking it; with none it can hurt, the old choice stands.
func TestTargetOneItCanHurt(t *testing.T) {
	const pc = "  - {name: Nur, character: nurse}" // fists: 1 damage
	for _, c := range []struct {
		name, foes string
		want       int
	}{
		{"armored one attacking it", "  - {npc: riot-cop}\n  - {npc: bystander, threshold: 4}", 1},
		{"armored one closer to down", "  - {npc: riot-cop, threshold: 2}\n  - {npc: bystander, threshold: 4}", 1},
		{"none it can hurt", "  - {npc: riot-cop, threshold: 4}\n  - {npc: riot-cop, threshold: 2}", 0},
		{"both hurtable", "  - {npc: thug}\n  - {npc: bystander, threshold: 4}", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, yamlOf(pc, c.foes), 1)
			k.aim(0, 0)
			if got := k.retarget(0); got != c.want {
				t.Errorf("targets NPC %d, want %d", got, c.want)
			}
		})
	}
}

// ExactMove's table agrees with counting the throws, beyond its ends too.
func TestExactMoveTable(t *testing.T) {
	for m := ModMin - 3; m <= ModMax+3; m++ {
		if got, want := ExactMove(m), exactMove(m); got != want {
			t.Errorf("modifier %+d: %v, counted %v", m, got, want)
		}
	}
}

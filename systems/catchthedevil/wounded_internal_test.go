package catchthedevil

import (
	"fmt"
	"strings"
	"testing"
)

// One test per wounded version of each move (section 1.4), each showing
// its effect with imposed dice.

// zeroPC has every stat 0 (changed in play) and fists.
const zeroPC = "  - {name: Zed, stats: {}, in_play: true}"

// Wounded Take a Risk: a fixed adjustment to the stat, on Take a Risk rolls.
func TestWoundedTakeARisk(t *testing.T) {
	want := [7][NumStats]int{
		1: {Tough: -1}, 2: {Quick: -1}, 3: {Sharp: -1}, 4: {Steady: -1}, 5: {Quick: -1, Sharp: -1}, 6: {Quick: +1},
	}
	for v := 1; v <= 6; v++ {
		t.Run(fmt.Sprint("version ", v), func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC), 1)
			setWounded(k, 0, int(TakeARisk), v)
			for s := Stat(0); s < NumStats; s++ {
				force(k, 10)
				full10 := k.takeARisk(0, s, forOther, 0, about{}) == Full
				force(k, 9)
				full9 := k.takeARisk(0, s, forOther, 0, about{}) == Full
				adj := 0
				switch {
				case full9:
					adj = 1
				case !full10:
					adj = -1
				}
				if adj != want[v][s] {
					t.Errorf("version %d, %s: adjustment %+d, want %+d", v, s.Title(), adj, want[v][s])
				}
			}
		})
	}
}

// shCase is the state after one wounded Suffer Harm roll.
type shCase struct {
	sum                   int
	shPen, shNext, fwd    int8
	newWounds, statLoss   int
	limb, dying, tarBonus bool
}

// Wounded Suffer Harm: every 6- is dying; 10+ and 7-9 by version.
func TestWoundedSufferHarm(t *testing.T) {
	cases := map[int][]shCase{
		1: {{sum: 10, shNext: -1}, {sum: 8, newWounds: 1, limb: true}, {sum: 6, dying: true}},
		2: {{sum: 10, shPen: -1}, {sum: 8, newWounds: 1, fwd: -1}, {sum: 6, dying: true}},
		3: {{sum: 10, shPen: -1}, {sum: 8, newWounds: 1}, {sum: 6, dying: true}}, // E-C2: the wound is the cheaper
		4: {{sum: 10, shNext: -1}, {sum: 8, newWounds: 1, tarBonus: true}, {sum: 6, dying: true}},
		5: {{sum: 10}, {sum: 8, newWounds: 2}, {sum: 6, dying: true}},
		6: {{sum: 10, shNext: -1}, {sum: 8, newWounds: 1, shNext: +1}, {sum: 6, dying: true}},
	}
	for v := 1; v <= 6; v++ {
		t.Run(fmt.Sprint("version ", v), func(t *testing.T) {
			for _, c := range cases[v] {
				t.Run(fmt.Sprint(c.sum), func(t *testing.T) {
					k := testKernel(t, yamlOf(zeroPC, plainNPC), 1)
					setWounded(k, 0, int(SufferHarm), v)
					force(k, c.sum)
					k.sufferHarm(0, 0, 0)
					p := &k.pc[0]
					got := shCase{sum: c.sum, shPen: p.shPen, shNext: p.shNext, fwd: p.forward,
						newWounds: 3 - p.unwounded(), statLoss: int(p.statLoss), limb: p.limb,
						dying: p.status == Dying, tarBonus: p.bonus&(1<<TakeARisk) != 0 && p.isWounded(TakeARisk)}
					if got != c {
						t.Errorf("version %d, total %d: got %+v, want %+v", v, c.sum, got, c)
					}
				})
			}
		})
	}
	// Version 5's two wounds with one move left: dying.
	k := testKernel(t, yamlOf(zeroPC, plainNPC), 1)
	setWounded(k, 0, int(SufferHarm), 5, int(TakeARisk), 1, int(Study), 1)
	force(k, 8)
	k.sufferHarm(0, 0, 0)
	if k.pc[0].status != Dying {
		t.Errorf("version 5, 7-9 with one move left: %s", k.pc[0].status)
	}
	// Version 4's +1 helps the wounded move's rolls.
	k = testKernel(t, yamlOf(zeroPC, plainNPC), 1)
	setWounded(k, 0, int(SufferHarm), 4)
	k.pc[0].version[TakeARisk] = 2 // known, and no change to Tough
	force(k, 8, 9)
	k.sufferHarm(0, 0, 0)
	if b := k.takeARisk(0, Tough, forOther, 0, about{}); b != Full {
		t.Errorf("version 4: Take a Risk with its +1 on a 9: %s, want 10+", b.Name3())
	}
}

// Wounded Keep It Together: every 6- blacks out; no new -1 until calm.
func TestWoundedKeepItTogether(t *testing.T) {
	type state struct {
		kitNext, allRolls, sharp, steady int8
		fled, mustFlee, blackedOut       bool
		wounds, statLoss, breaks, lost   int
	}
	cases := map[int][]struct {
		sum  int
		want state
		text string
	}{
		1: {{10, state{}, "hurts what triggered it: Thug"}, {8, state{}, "hurts the one closest: Thug"}, {6, state{blackedOut: true}, ""}},
		2: {{10, state{kitNext: -1}, ""}, {8, state{sharp: -1}, ""}, {6, state{blackedOut: true}, ""}},
		3: {{10, state{kitNext: +1}, ""}, {8, state{steady: -1}, ""}, {6, state{blackedOut: true}, ""}},
		4: {{10, state{mustFlee: true, allRolls: -1}, ""}, {8, state{fled: true}, ""}, {6, state{blackedOut: true}, ""}},
		5: {{10, state{kitNext: -1}, ""}, {8, state{wounds: 1}, ""}, {6, state{blackedOut: true}, ""}},
		6: {{10, state{kitNext: -1}, ""}, {8, state{breaks: 1, lost: 1}, ""}, {6, state{blackedOut: true}, ""}},
	}
	for v := 1; v <= 6; v++ {
		t.Run(fmt.Sprint("version ", v), func(t *testing.T) {
			for _, c := range cases[v] {
				t.Run(fmt.Sprint(c.sum), func(t *testing.T) {
					k := testKernel(t, yamlOf(zeroPC, plainNPC), 1)
					setWounded(k, 0, int(KeepItTogether), v)
					tr := narrate(k)
					force(k, c.sum)
					k.keepItTogether(0, 0)
					p := &k.pc[0]
					got := state{kitNext: p.kitNext, allRolls: p.allRolls, sharp: p.temp[Sharp], steady: p.temp[Steady],
						fled: p.status == Fled, mustFlee: p.mustFlee, blackedOut: p.status == BlackedOut,
						wounds: int(p.wounds), statLoss: int(p.statLoss), breaks: int(p.breaks), lost: int(p.lost)}
					if got != c.want {
						t.Errorf("version %d, total %d: got %+v, want %+v", v, c.sum, got, c.want)
					}
					if p.kitPen != 0 {
						t.Errorf("version %d: a wounded version took -1 until calm (option C28 default no)", v)
					}
					if c.text != "" && !strings.Contains(tr(), c.text) {
						t.Errorf("version %d, total %d: no %q in\n%s", v, c.sum, c.text, tr())
					}
				})
			}
		})
	}
	// Version 4 rolls without Steady.
	k := testKernel(t, yamlOf("  - {name: Cal, stats: {steady: 2, quick: -1}}", plainNPC), 1)
	setWounded(k, 0, int(KeepItTogether), 4)
	force(k, 8)
	k.keepItTogether(0, 0)
	if k.pc[0].status != Fled {
		t.Errorf("version 4 with Steady +2 on an 8: %s (Steady must not count)", k.pc[0].status)
	}
	// Version 5's 7-9 with no move left to wound lowers a stat instead of dying.
	k = testKernel(t, yamlOf(zeroPC, plainNPC), 1)
	setWounded(k, 0, int(KeepItTogether), 5, int(TakeARisk), 1, int(SufferHarm), 1, int(Study), 1)
	force(k, 8)
	k.keepItTogether(0, 0)
	if p := &k.pc[0]; p.status != Active || p.statLoss != 1 {
		t.Errorf("version 5 with no move left: %s, %d stat lost", p.status, p.statLoss)
	}
}

// Wounded Study: the information-token stand-in by version (q = chance of
// +1 forward), complications, version 3's wound and version 6's forward to
// get away.
func TestWoundedStudy(t *testing.T) {
	type row struct {
		q      [3]float64 // 10+, 7-9, 6-
		comp   [3]bool
		escape [3]bool // +1 forward to evade or flee
		wound6 bool
	}
	rows := [7]row{
		{q: [3]float64{1, 1, 1}, comp: [3]bool{false, false, true}},
		{q: [3]float64{1. / 2, 1. / 3, 1. / 3}, comp: [3]bool{false, false, true}},
		{q: [3]float64{2. / 3, 1. / 3, 1. / 3}, comp: [3]bool{false, false, true}},
		{q: [3]float64{1, 1, 0}, comp: [3]bool{false, true, false}, wound6: true},
		{q: [3]float64{1, 1. / 3, 1. / 3}, comp: [3]bool{false, false, true}},
		{q: [3]float64{1, 1. / 3, 1. / 3}, comp: [3]bool{false, false, true}},
		{q: [3]float64{1, 0, 0}, comp: [3]bool{false, false, true}, escape: [3]bool{false, true, true}},
	}
	sums := [3]int{10, 8, 5}
	const n = 6000
	for v := 0; v <= 6; v++ {
		name := fmt.Sprint("version ", v)
		if v == 0 {
			name = "normal"
		}
		t.Run(name, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC), uint64(v))
			for b := 0; b < 3; b++ {
				gained := 0
				for i := 0; i < n; i++ {
					k.reset()
					if v > 0 {
						setWounded(k, 0, int(Study), v)
					}
					force(k, sums[b])
					comp := k.study(0)
					p := &k.pc[0]
					if p.forward > 0 {
						gained++
					}
					if comp != rows[v].comp[b] {
						t.Fatalf("band %d: complication %v, want %v", b, comp, rows[v].comp[b])
					}
					if (p.fwdEsc > 0) != rows[v].escape[b] {
						t.Fatalf("band %d: forward to get away %d", b, p.fwdEsc)
					}
					if b == 2 && rows[v].wound6 && p.unwounded() != 2 {
						t.Fatalf("6-: %d moves unwounded, want a new wound", p.unwounded())
					}
				}
				proportion(t, fmt.Sprintf("%s band %d: +1 forward", name, b), gained, n, rows[v].q[b])
			}
		})
	}
}

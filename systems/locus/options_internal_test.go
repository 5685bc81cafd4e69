package locus

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// One test (at least) per option L-1..L-29, each showing that the option
// changes what it should. Most call a single mechanic on a scripted kernel;
// where an option changes a probability the sample is compared with the
// exact value within 5 standard errors.

// proportion checks a sampled proportion against p within 5 standard errors.
func proportion(t *testing.T, what string, hits, n int, p float64) {
	t.Helper()
	got := float64(hits) / float64(n)
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 5*se+1e-12 {
		t.Errorf("%s: sampled %.5f, exact %.5f (5 SE = %.5f)", what, got, p, 5*se)
	}
}

// hitRate is the share of the character's attacks that land.
func hitRate(k *kernel, item, n int, prep func()) int {
	hits := 0
	for i := 0; i < n; i++ {
		k.reset()
		if prep != nil {
			prep()
		}
		if k.charAttack(0, 0, item) != Miss {
			hits++
		}
	}
	return hits
}

// L-1: the per-weapon attribute replaces Clumsiness in attacks.
func TestOptionL1AttackAttribute(t *testing.T) {
	src := func(opt string) string {
		return fmt.Sprintf(`system: locus
party:
  - name: Tester
    attributes: %s
    willpower: 0
    strategy: test-idle
    items: [{name: maul, weapon: true, quality: 3, durability: 99, attribute: frailty}]
foes:
  - {name: Thing, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, strategy: test-idle}
options: {L-1: %s}
`, attrs(3, map[string]int{"clumsiness": 5, "frailty": 1}), opt)
	}
	for _, c := range []struct {
		opt  string
		attr int
	}{{"clumsiness", 5}, {"per-weapon", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, src(c.opt), 21)
			if got := k.attackAttr(&k.m.chars[0].items[0]); (got == Frailty) != (c.opt == "per-weapon") {
				t.Errorf("L-1 %s: attacks with %s", c.opt, got)
			}
			p := ExactContest(c.attr, 3, 0, 0)
			proportion(t, "L-1 "+c.opt+" hit rate", hitRate(k, 0, draws/4, nil), draws/4, 1-p[Miss])
		})
	}
}

// L-2: the defence attribute.
func TestOptionL2DefenceAttribute(t *testing.T) {
	want := map[string]Attr{"clumsiness": Clumsiness, "frailty": Frailty, "better": Clumsiness, "worse": Frailty}
	for opt, a := range want {
		k, _, _ := testKernel(t, duelYAML(map[string]int{"clumsiness": 2, "frailty": 4}, "3", "3", "L-2: "+opt), 22)
		if got := k.defenceAttr(0); got != a {
			t.Errorf("L-2 %s: defends with %s, want %s", opt, got, a)
		}
		// Nauseated makes Clumsiness 5, so "better" switches to Frailty.
		k.ch[0].cond = Nauseated
		if got := k.defenceAttr(0); opt == "better" && got != Frailty || opt == "worse" && got != Clumsiness {
			t.Errorf("L-2 %s while Nauseated: defends with %s", opt, got)
		}
	}
}

// L-3: injury floors in contested checks count fewer dice, nothing, or cost
// points; a wounded character's hit chance changes accordingly.
func TestOptionL3ContestFloors(t *testing.T) {
	x := RollOf(6, 6, 1)
	want := map[string][3]int{ // Easy, Medium, Hard against attribute 3
		"dice":        {2, 1, 0},
		"ignore":      {2, 2, 2},
		"minus-point": {2, 1, 0},
	}
	y := RollOf(5, 4, 4) // all above 3: minus-point differs from dice only in the sign of nothing counted
	wantY := map[string][3]int{"dice": {3, 2, 1}, "ignore": {3, 3, 3}, "minus-point": {3, 2, 1}}
	z := RollOf(2, 2, 1) // nothing above 3: minus-point goes negative
	wantZ := map[string][3]int{"dice": {0, 0, 0}, "ignore": {0, 0, 0}, "minus-point": {0, -1, -2}}
	for opt := range want {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-3: "+opt), 23)
		for tier := Easy; tier <= Hard; tier++ {
			if got := k.pts(x, 3, tier); got != want[opt][tier] {
				t.Errorf("L-3 %s: %v at %s = %d points, want %d", opt, x.Dice(), tier, got, want[opt][tier])
			}
			if got := k.pts(y, 3, tier); got != wantY[opt][tier] {
				t.Errorf("L-3 %s: %v at %s = %d points, want %d", opt, y.Dice(), tier, got, wantY[opt][tier])
			}
			if got := k.pts(z, 3, tier); got != wantZ[opt][tier] {
				t.Errorf("L-3 %s: %v at %s = %d points, want %d", opt, z.Dice(), tier, got, wantZ[opt][tier])
			}
		}
		// A character with a Major injury attacking.
		p := ExactContestTiers(3, Medium, 3, Easy, 0, 0)
		if opt == "ignore" {
			p = ExactContest(3, 3, 0, 0)
		}
		if opt != "minus-point" {
			proportion(t, "L-3 "+opt+" wounded hit rate", hitRate(k, 0, draws/4, func() { k.ch[0].worst = Major }), draws/4, 1-p[Miss])
		}
	}
}

// L-4: whose miss gives the monster +1 on its next attack on that target.
func TestOptionL4MissBonus(t *testing.T) {
	for _, opt := range []string{"monster", "character", "both"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-4: "+opt), 24)
		// A monster's miss.
		for n := 0; ; n++ {
			k.reset()
			if k.monAttack(0, 0) == Miss {
				break
			}
			if n > 1000 {
				t.Fatal("no miss")
			}
		}
		if got, want := k.mo[0].bonus&1 != 0, opt != "character"; got != want {
			t.Errorf("L-4 %s: bonus after the monster's miss = %v, want %v", opt, got, want)
		}
		// The bonus is spent by the next attack, hit or miss.
		k.mo[0].bonus = 1
		if k.monAttack(0, 0) != Miss && k.mo[0].bonus != 0 {
			t.Errorf("L-4 %s: the bonus survived a hit", opt)
		}
		// A character's miss.
		k.reset()
		for n := 0; k.charAttack(0, 0, 0) != Miss; n++ {
			k.reset()
			if n > 1000 {
				t.Fatal("no miss")
			}
		}
		if got, want := k.mo[0].bonus&1 != 0, opt != "monster"; got != want {
			t.Errorf("L-4 %s: bonus after the character's miss = %v, want %v", opt, got, want)
		}
	}
}

// initiativeFirst samples how often the character acts before the monster.
func initiativeFirst(t *testing.T, opts string, chase int) (int, int) {
	src := strings.Replace(duelYAML(nil, "3", "3", opts), "chase: 2", fmt.Sprintf("chase: %d", chase), 1)
	k, _, _ := testKernel(t, src, 25)
	first := 0
	const n = draws / 2
	for i := 0; i < n; i++ {
		k.initiative()
		if k.order[0] == 0 {
			first++
		}
	}
	return first, n
}

// L-5: the monster's initiative modifier.
func TestOptionL5MonsterInitiative(t *testing.T) {
	for _, c := range []struct {
		opt   string
		chase int
		p     float64
	}{
		{"zero", 2, ExactInitiative(3, 0)[0]},
		{"minus3", 2, ExactInitiative(3, 3)[0]},
		{"minus-chase", 2, ExactInitiative(3, 2)[0]},
		{"minus-chase", 5, ExactInitiative(3, 5)[0]},
		{"last", 2, 1},
	} {
		t.Run(fmt.Sprintf("%s/chase%d", c.opt, c.chase), func(t *testing.T) {
			hits, n := initiativeFirst(t, "L-5: "+c.opt, c.chase)
			proportion(t, fmt.Sprintf("L-5 %s (Chase %d): character first", c.opt, c.chase), hits, n, c.p)
		})
	}
}

// L-6: initiative ties.
func TestOptionL6InitiativeTies(t *testing.T) {
	roll := ExactInitiativeRoll(3, 0) // win, tie, lose
	for _, c := range []struct {
		opt string
		p   float64
	}{{"reroll", ExactInitiative(3, 0)[0]}, {"characters-first", roll[0] + roll[1]}, {"monsters-first", roll[0]}} {
		t.Run(c.opt, func(t *testing.T) {
			hits, n := initiativeFirst(t, "L-6: "+c.opt, 2)
			proportion(t, "L-6 "+c.opt+": character first", hits, n, c.p)
		})
	}
}

// L-7: what a hit fills on a monster's Death's Door.
func TestOptionL7MonsterDeathsDoor(t *testing.T) {
	want := map[string][4]int32{ // after Minor, Major, Grievous in turn on a 60-segment door: running totals
		"segments":    {1, 4, 13},
		"hits":        {1, 2, 3},
		"no-grievous": {1, 4, 7},
	}
	for opt, w := range want {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-7: "+opt), 27)
		for i, inj := range []Injury{Minor, Major, Grievous} {
			k.wound(0, inj)
			if k.mo[0].segs != w[i] {
				t.Errorf("L-7 %s: after %s the door has %d segments, want %d", opt, inj, k.mo[0].segs, w[i])
			}
		}
		if opt == "no-grievous" && k.mo[0].worst != Major {
			t.Errorf("L-7 no-grievous: worst injury %s, want major", k.mo[0].worst)
		}
	}
}

// L-8: running total or aligned geometry.
func TestOptionL8Geometry(t *testing.T) {
	// A 15-segment monster door: symbols [0,9) and [9,15).
	for _, c := range []struct {
		opt  string
		segs int32
		mask uint64
	}{
		{"running", 10, 0},              // 1 + 9
		{"aligned", 7, 1 | (1<<6-1)<<9}, // the Minor at 0, the Grievous fills the untouched symbol [9,15)
	} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, strings.Replace(duelYAML(nil, "3", "3", "L-8: "+c.opt), "deaths_door: 60", "deaths_door: 15", 1), 28)
			k.wound(0, Minor)
			k.wound(0, Grievous)
			if k.mo[0].segs != c.segs || k.mo[0].mask != c.mask {
				t.Errorf("L-8 %s: %d segments (mask %b), want %d (%b)", c.opt, k.mo[0].segs, k.mo[0].mask, c.segs, c.mask)
			}
		})
	}
	// Characters: a Minor then a Major leaves a gap under aligned geometry
	// that a later Minor fills.
	var segs int32
	var mask uint64
	fill(&segs, &mask, 27, 1, true)
	fill(&segs, &mask, 27, 3, true)
	if mask != 0b111001 || segs != 4 {
		t.Errorf("aligned Minor+Major: mask %b", mask)
	}
	fill(&segs, &mask, 27, 1, true)
	if mask != 0b111011 {
		t.Errorf("aligned Minor fills the gap: mask %b", mask)
	}
	// No untouched symbol left: the next empty segments fill up.
	segs, mask = 0, 0
	for _, n := range []int{1, 9, 9, 9} {
		fill(&segs, &mask, 27, n, true)
	}
	if segs != 27 {
		t.Errorf("aligned Minor and three Grievous: %d segments, want 27 (dead)", segs)
	}
}

// L-9: attacking and inflicting.
func TestOptionL9Inflict(t *testing.T) {
	src := func(opt string) string {
		return fmt.Sprintf(`system: locus
party:
  - {name: Tester, attributes: %s, willpower: 0, strategy: test-idle}
foes:
  - name: Thing
    attack: 5
    chase: 2
    search: 3
    resist: 3
    strategy: test-idle
    inflictions: [{name: Slime, attribute: frailty, difficulty: hard, condition: heavy}]
options: {L-9: %s}
`, attrs(3, map[string]int{"frailty": 5, "clumsiness": 1}), opt)
	}
	want := map[string][2]int{ // attacks, inflictions over 10 turns
		"attack-and-inflict": {10, 10},
		"inflict-instead":    {0, 10},
		"alternate":          {5, 5},
		"once":               {10, 1},
	}
	for opt, w := range want {
		k, _, mp := testKernel(t, src(opt), 29)
		mp.act = MonsterAction{Kind: MonsterAttack, Target: 0}
		k.tr = &sim.Trace{}
		for i := 0; i < 10; i++ {
			k.ch[0].cond, k.ch[0].segs = 0, 0
			k.ch[0].st &^= chDead
			k.monTurn(0)
		}
		var atk, inf int
		for _, e := range k.tr.Events {
			if strings.HasPrefix(e.Text, "attacks Tester") {
				atk++
			}
			if strings.HasPrefix(e.Text, "inflicts Slime") {
				inf++
			}
		}
		if atk != w[0] || inf != w[1] {
			t.Errorf("L-9 %s: %d attacks and %d inflictions in 10 turns, want %d and %d", opt, atk, inf, w[0], w[1])
		}
	}
}

// L-10: the checks of Terrified and Restrained.
func TestOptionL10ConditionChecks(t *testing.T) {
	for _, c := range []struct {
		opt          string
		terr, restr  Attr
		terrT, restT Tier
	}{
		{"fixed", Cowardice, Frailty, Medium, Medium},
		{"infliction", Ignorance, Clumsiness, Hard, Easy},
	} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-10: "+c.opt), 30)
			k.gain(0, Terrified, 0, Ignorance, Hard)
			k.gain(0, Restrained, 0, Clumsiness, Easy)
			if a, tier := k.condCheck(0, Terrified); a != c.terr || tier != c.terrT {
				t.Errorf("L-10 %s: Terrified check %s %s", c.opt, a, tier)
			}
			if a, tier := k.condCheck(0, Restrained); a != c.restr || tier != c.restT {
				t.Errorf("L-10 %s: Restrained check %s %s", c.opt, a, tier)
			}
		})
	}
}

// L-11: Condition durations.
func TestOptionL11Durations(t *testing.T) {
	for _, opt := range []string{"conflict", "rounds", "misc-check"} {
		k, cp, _ := testKernel(t, duelYAML(nil, "3", "3", "L-11: "+opt), 31)
		k.gain(0, Blinded, 0, Clumsiness, Easy)
		k.gain(0, Restrained, 0, Frailty, Easy)
		for k.round = 1; k.round <= 4; k.round++ {
			k.endOfRound()
		}
		if got, want := k.ch[0].cond&Blinded == 0, opt == "rounds"; got != want {
			t.Errorf("L-11 %s: Blinded worn off after 4 rounds = %v, want %v", opt, got, want)
		}
		if k.ch[0].cond&Restrained == 0 {
			t.Errorf("L-11 %s: Restrained wore off", opt)
		}
		// A Misc action against Blindness is allowed only under misc-check,
		// and removes it once its check succeeds.
		k.ch[0].cond = Blinded
		a := k.validate(0, Action{Kind: Misc, Cond: Blinded})
		if (a.Kind == Misc) != (opt == "misc-check") {
			t.Errorf("L-11 %s: Misc against Blinded validated as %s", opt, a.Kind)
		}
		if opt == "misc-check" {
			cp.act = Action{Kind: Misc, Cond: Blinded}
			for n := 0; k.ch[0].cond&Blinded != 0; n++ {
				k.charTurn(0)
				if n > 100 {
					t.Fatal("L-11 misc-check: Blinded never shaken off")
				}
			}
		}
	}
}

// L-12: Unstable knocks down on every attack, or only on hits.
func TestOptionL12Unstable(t *testing.T) {
	for _, opt := range []string{"all-attacks", "hits"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-12: "+opt), 32)
		for n := 0; ; n++ {
			k.reset()
			k.ch[0].cond = Unstable
			if k.monAttack(0, 0) == Miss {
				break
			}
			if n > 1000 {
				t.Fatal("no miss")
			}
		}
		if got, want := k.ch[0].cond&Prone != 0, opt == "all-attacks"; got != want {
			t.Errorf("L-12 %s: Prone after a miss = %v, want %v", opt, got, want)
		}
	}
}

// L-13: Prone's -1 when defending with Frailty applies always, or only to
// dodges (Clumsiness).
func TestOptionL13Prone(t *testing.T) {
	for _, c := range []struct {
		opt string
		db  int
	}{{"always", -1}, {"dodge-only", 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-13: "+c.opt+", L-2: frailty"), 33)
			hits := 0
			const n = draws / 4
			for i := 0; i < n; i++ {
				k.reset()
				k.ch[0].cond = Prone
				if k.monAttack(0, 0) != Miss {
					hits++
				}
			}
			p := ExactContest(3, 3, 0, c.db)
			proportion(t, "L-13 "+c.opt+": Prone Frailty defence hit", hits, n, 1-p[Miss])
		})
	}
}

// L-14: the hiding attribute.
func TestOptionL14HideAttribute(t *testing.T) {
	for _, c := range []struct {
		opt  string
		attr int
	}{{"clumsiness", 1}, {"carelessness", 5}} {
		t.Run(c.opt, func(t *testing.T) {
			src := strings.Replace(duelYAML(map[string]int{"clumsiness": 1, "carelessness": 5}, "3", "3", "L-14: "+c.opt),
				"options:", "scene: {cover: true}\noptions:", 1)
			k, _, _ := testKernel(t, src, 34)
			hidden := 0
			const n = draws / 4
			for i := 0; i < n; i++ {
				k.reset()
				k.hide(0)
				if k.ch[0].isHidden() {
					hidden++
				}
			}
			// Hiding beats the Search 3 roll strictly (ties to the monster).
			p := ExactContest(c.attr, 3, 0, 0)
			proportion(t, "L-14 "+c.opt+": hidden", hidden, n, 1-p[Miss])
		})
	}
}

// L-15: the search window.
func TestOptionL15SearchWindow(t *testing.T) {
	for _, opt := range []string{"three-rounds", "unlimited", "resume-on-move"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-15: "+opt), 35)
		for i := 0; i < 3; i++ {
			k.search(0) // nobody hidden: a fruitless round
		}
		if got, want := k.canSearch(0, false), opt == "unlimited"; got != want {
			t.Errorf("L-15 %s: can search after 3 fruitless rounds = %v, want %v", opt, got, want)
		}
		// A hidden character moves.
		k.ch[0].st |= chHidden
		k.ch[0].pos = 10
		for k.ch[0].pos == 10 {
			k.move(0, -1)
		}
		if got, want := k.canSearch(0, false), opt != "three-rounds"; got != want {
			t.Errorf("L-15 %s: can search after a hidden character moved = %v, want %v", opt, got, want)
		}
	}
}

// L-16: escape by distance or by rounds out of reach.
func TestOptionL16Escape(t *testing.T) {
	for _, opt := range []string{"line", "out-of-reach"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-16: "+opt), 36)
		k.ch[0].pos = 10
		for k.round = 1; k.round <= 3; k.round++ {
			k.ch[0].fleeing = true
			k.endOfRound()
		}
		if got, want := k.ch[0].isEscaped(), opt == "out-of-reach"; got != want {
			t.Errorf("L-16 %s: escaped at 10 m after 3 rounds fleeing = %v, want %v", opt, got, want)
		}
		k.reset()
		k.ch[0].pos, k.ch[0].fleeing = 30, true
		k.endOfRound()
		if got, want := k.ch[0].isEscaped(), opt == "line"; got != want {
			t.Errorf("L-16 %s: escaped at 30 m after one round = %v, want %v", opt, got, want)
		}
	}
}

// countChecks counts the Stress checks narrated.
func countChecks(tr *sim.Trace) int {
	n := 0
	for _, e := range tr.Events {
		if strings.HasPrefix(e.Text, "Stress check") {
			n++
		}
	}
	return n
}

// L-17: a failed Stress check triggers another under "literal".
func TestOptionL17StressChain(t *testing.T) {
	for _, c := range []struct {
		opt string
		max int
	}{{"per-event", 1}, {"literal", 3}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(map[string]int{"cowardice": 5, "impatience": 5}, "3", "3", "L-17: "+c.opt), 37)
			most := 0
			for i := 0; i < 200; i++ {
				k.reset()
				k.tr = &sim.Trace{}
				k.stressCheck(0, Cowardice, Medium, "Stress check (test)", 0)
				most = max(most, countChecks(k.tr))
			}
			if most != c.max {
				t.Errorf("L-17 %s: longest chain %d checks, want %d", c.opt, most, c.max)
			}
		})
	}
}

// L-18: past Stressed.
func TestOptionL18PastStressed(t *testing.T) {
	for _, opt := range []string{"stay", "breakdown"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-18: "+opt), 38)
		k.ch[0].stress = Stressed
		k.raise(0)
		if k.ch[0].stress != Stressed || k.t.overflow != 1 {
			t.Errorf("L-18 %s: stress %s, overflow %d", opt, k.ch[0].stress, k.t.overflow)
		}
		if got, want := k.ch[0].cond&Terrified != 0, opt == "breakdown"; got != want {
			t.Errorf("L-18 %s: Terrified = %v, want %v", opt, got, want)
		}
	}
}

// L-19: the price and the reach of a Willpower re-roll.
func TestOptionL19Reroll(t *testing.T) {
	for _, c := range []struct {
		opt  string
		cost [3]int // by Stress level
		all  bool
	}{{"one-die", [3]int{1, 2, 3}, false}, {"all-dice", [3]int{1, 2, 3}, true}, {"flat", [3]int{1, 1, 1}, false}} {
		t.Run(c.opt, func(t *testing.T) {
			k, cp, _ := testKernel(t, duelYAML(nil, "3", "3", "L-19: "+c.opt), 39)
			cp.reroll = true
			for s := Uneasy; s <= Stressed; s++ {
				k.ch[0].stress = s
				if got := k.rerollCost(0); got != c.cost[s] {
					t.Errorf("L-19 %s: cost at %s = %d, want %d", c.opt, s, got, c.cost[s])
				}
			}
			k.ch[0].stress = Uneasy
			x := RollOf(1, 2, 3)
			changedOthers := false
			for i := 0; i < 200; i++ {
				k.ch[0].wp = 10
				y := k.offerReroll(0, RerollOutcome, Frailty, x, 0)
				if k.ch[0].wp != 10-int32(c.cost[0]) {
					t.Fatalf("L-19 %s: WP %d after a re-roll", c.opt, k.ch[0].wp)
				}
				if y.Dice()[1] != 2 || y.Dice()[2] != 3 {
					changedOthers = true
				}
			}
			if changedOthers != c.all {
				t.Errorf("L-19 %s: other dice changed = %v, want %v", c.opt, changedOthers, c.all)
			}
		})
	}
}

// L-20: success with consequences triggers a Stress check, or not.
func TestOptionL20Consequences(t *testing.T) {
	for _, opt := range []string{"failure", "success"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-20: "+opt), 40)
		k.tr = &sim.Trace{}
		k.failed(0, true) // a failed outcome check
		if got, want := countChecks(k.tr), map[string]int{"failure": 1, "success": 0}[opt]; got != want {
			t.Errorf("L-20 %s: %d Stress checks after a failed outcome check, want %d", opt, got, want)
		}
		k.tr = &sim.Trace{}
		k.failed(0, false) // a lost contested check is a failure either way
		if got := countChecks(k.tr); got != 1 {
			t.Errorf("L-20 %s: %d Stress checks after a lost contest, want 1", opt, got)
		}
	}
}

// L-21: stacking of point modifiers.
func TestOptionL21Stacking(t *testing.T) {
	for _, c := range []struct {
		opt   string
		bonus int
	}{{"additive", 3}, {"cap2", 2}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-21: "+c.opt+", L-22: always"), 41)
			if got := k.capBonus(3); got != c.bonus {
				t.Errorf("L-21 %s: +3 capped to %d", c.opt, got)
			}
			// The torch (+2: effective type and Weakness) plus the Director's award.
			p := ExactContest(3, 3, c.bonus, 0)
			proportion(t, "L-21 "+c.opt+": hit with +3", hitRate(k, 3, draws/4, nil), draws/4, 1-p[Miss])
		})
	}
}

// L-22: the Director's award.
func TestOptionL22Award(t *testing.T) {
	for _, c := range []struct {
		opt string
		p   float64
	}{{"off", 0}, {"always", 1}, {"0.3", 0.3}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-22: "+c.opt), 42)
			n, got := 100_000, 0
			for i := 0; i < n; i++ {
				got += k.award()
			}
			proportion(t, "L-22 "+c.opt, got, n, c.p)
		})
	}
}

// L-23: injury floors on Infliction checks.
func TestOptionL23InflictionFloor(t *testing.T) {
	src := func(opt string) string {
		return fmt.Sprintf(`system: locus
party:
  - {name: Tester, attributes: %s, willpower: 0, strategy: test-idle}
foes:
  - {name: Thing, attack: 3, chase: 2, search: 3, resist: 3, strategy: test-idle,
     inflictions: [{name: Slime, attribute: frailty, difficulty: easy, condition: heavy}]}
options: {L-23: %s}
`, attrs(3, nil), opt)
	}
	for _, c := range []struct {
		opt  string
		tier Tier
	}{{"floor", Hard}, {"ignore", Easy}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, src(c.opt), 43)
			avoided := 0
			const n = draws / 4
			for i := 0; i < n; i++ {
				k.reset()
				k.ch[0].worst = Grievous
				k.inflict(0, 0, 0)
				if k.ch[0].cond&Heavy == 0 {
					avoided++
				}
			}
			proportion(t, "L-23 "+c.opt+": avoided", avoided, n, ExactOutcome(3, c.tier))
		})
	}
}

// L-24: Item relief and the injury floor.
func TestOptionL24ReliefOrder(t *testing.T) {
	src := func(opt string) string {
		return fmt.Sprintf(`system: locus
party:
  - name: Tester
    attributes: %s
    strategy: test-idle
    items: [{name: charm, quality: 3, durability: 99, helps: [cowardice]}]
foes:
  - {name: Thing, attack: 3, chase: 2, search: 3, resist: 3, strategy: test-idle}
options: {L-24: %s}
`, attrs(3, nil), opt)
	}
	for _, c := range []struct {
		opt  string
		tier Tier
		item int
	}{{"relief-first", Medium, -1}, {"floor-first", Easy, 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, src(c.opt), 44)
			tier, item := k.tierFor(0, Cowardice, Medium, Medium)
			if tier != c.tier || item != c.item {
				t.Errorf("L-24 %s: Medium check under a Medium floor with a helping Item: %s (item %d), want %s (item %d)",
					c.opt, tier, item, c.tier, c.item)
			}
			// Without a floor both orders give relief.
			if tier, item := k.tierFor(0, Cowardice, Medium, Easy); tier != Easy || item != 0 {
				t.Errorf("L-24 %s: no relief without a floor", c.opt)
			}
		})
	}
}

// L-25: monsters' injury floors.
func TestOptionL25MonsterFloors(t *testing.T) {
	for _, c := range []struct {
		opt  string
		tier Tier
	}{{"no", Easy}, {"yes", Medium}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-25: "+c.opt), 45)
			k.wound(0, Major)
			if got := k.monTier(0); got != c.tier {
				t.Errorf("L-25 %s: a wounded monster's tier %s, want %s", c.opt, got, c.tier)
			}
		})
	}
}

// L-26: when Durability checks start.
func TestOptionL26Durability(t *testing.T) {
	src := func(opt string) string {
		return fmt.Sprintf(`system: locus
party:
  - {name: Tester, attributes: %s, strategy: test-idle, items: [{name: twig, weapon: true, quality: 1, durability: 1}]}
foes:
  - {name: Thing, attack: 3, chase: 2, search: 3, resist: 3, strategy: test-idle}
options: {L-26: %s}
`, attrs(3, nil), opt)
	}
	for _, c := range []struct {
		opt  string
		p    float64 // destroyed by the use that marks the Damaged box
		next float64 // destroyed by the use after it
	}{{"after", 0, 1 - ExactOutcome(3, Hard)}, {"on-mark", 1 - ExactOutcome(3, Hard), 1 - ExactOutcome(3, Hard)}} {
		t.Run(c.opt, func(t *testing.T) {
			k, _, _ := testKernel(t, src(c.opt), 46)
			first, second := 0, 0
			const n = draws / 4
			for i := 0; i < n; i++ {
				k.reset()
				k.useItem(0, 0)
				if k.ch[0].broken != 0 {
					first++
					continue
				}
				k.useItem(0, 0)
				if k.ch[0].broken != 0 {
					second++
				}
			}
			proportion(t, "L-26 "+c.opt+": destroyed on marking", first, n, c.p)
			proportion(t, "L-26 "+c.opt+": destroyed on the next use", second, n, (1-c.p)*c.next)
		})
	}
}

// L-27: the threat grade of boundary totals (Bestiary and the threat
// output; the kernel narrates it at the start).
func TestOptionL27ThreatBoundary(t *testing.T) {
	for _, c := range []struct {
		opt, grade string
	}{{"lower-inclusive", "Strong"}, {"boundary-lower", "Balanced"}} {
		t.Run(c.opt, func(t *testing.T) {
			// Attack 1, Chase 1, Search 1, Resist 1 (16), definite (18), 6 segments (19), an Easy Infliction: 20.
			src := fmt.Sprintf(`system: locus
party:
  - {name: Tester, attributes: %s, strategy: test-idle}
foes:
  - {name: Thing, attack: 1, chase: 1, search: 1, resist: 1, chases: definite, deaths_door: 6, strategy: test-idle,
     inflictions: [{attribute: frailty, difficulty: easy, condition: heavy}]}
options: {L-27: %s}
`, attrs(3, nil), c.opt)
			k, _, _ := testKernel(t, src, 47)
			if g := k.m.grades[0]; g.Total != 20 || g.Grade != c.grade {
				t.Errorf("L-27 %s: threat %d %s, want 20 %s", c.opt, g.Total, g.Grade, c.grade)
			}
			rec := sim.NewRecord(k.m.schema)
			tr := &sim.Trace{}
			k.Play(sim.NewRand(1, 0), rec, tr)
			if !strings.Contains(tr.Events[0].Text, "threat 20: "+c.grade) {
				t.Errorf("L-27 %s: the trace opens with %q", c.opt, tr.Events[0].Text)
			}
		})
	}
}

// L-28: Defend's +1 once or on every defence until the next turn.
func TestOptionL28Defend(t *testing.T) {
	for _, opt := range []string{"first", "all"} {
		k, _, _ := testKernel(t, duelYAML(nil, "3", "3", "L-28: "+opt), 48)
		k.ch[0].defend = true
		k.monAttack(0, 0)
		if got, want := k.ch[0].defend, opt == "all"; got != want {
			t.Errorf("L-28 %s: Defend still up after one attack = %v, want %v", opt, got, want)
		}
	}
}

// L-29: null attributes make actions unavailable.
func TestOptionL29Null(t *testing.T) {
	k, _, mp := testKernel(t, strings.Replace(duelYAML(nil, `"-"`, "null", "L-29: unavailable"), "chase: 2", "chase: ~", 1), 49)
	k.ch[0].pos = 10
	// Chase: null, so a chase order leaves it where it is.
	mp.act = MonsterAction{Kind: Chase, Target: 0}
	k.monTurn(0)
	if k.mo[0].pos != 0 {
		t.Errorf("L-29: a null-Chase monster moved to %d", k.mo[0].pos)
	}
	// Attack: null, so an attack order does nothing.
	k.ch[0].pos = 0
	mp.act = MonsterAction{Kind: MonsterAttack, Target: 0}
	k.tr = &sim.Trace{}
	k.monTurn(0)
	for _, e := range k.tr.Events {
		if strings.HasPrefix(e.Text, "attacks") {
			t.Errorf("L-29: a null-Attack monster attacked: %s", e.Text)
		}
	}
	// Resist: null, so the character's points all count (no defence roll).
	p := ExactPoints(3, Easy)
	proportion(t, "L-29: hit a null-Resist monster", hitRate(k, 0, draws/4, nil), draws/4, 1-p[0])
}

// E-L1: with no options at all, a contested check counts all three dice
// whatever the roller's injury floor or Blindness ("No difficulty level —
// all three dice are considered"); `dice` is the alternative.
func TestDefaultL3CountsAllDice(t *testing.T) {
	if got := OptionTable.Defaults().L3; got != L3Ignore {
		t.Errorf("L-3 default is reading %d, want L3Ignore", got)
	}
	k, _, _ := testKernel(t, duelYAML(nil, "3", "3", ""), 23)
	x := RollOf(6, 6, 1)
	for tier := Easy; tier <= Hard; tier++ {
		if got := k.pts(x, 3, tier); got != 2 {
			t.Errorf("default L-3: %v at %s = %d points, want 2 (all three dice)", x.Dice(), tier, got)
		}
	}
	p := ExactContest(3, 3, 0, 0)
	proportion(t, "default L-3 wounded, blinded hit rate", hitRate(k, 0, draws/4, func() {
		k.ch[0].worst = Grievous
		k.ch[0].cond |= Blinded
	}), draws/4, 1-p[Miss])
}

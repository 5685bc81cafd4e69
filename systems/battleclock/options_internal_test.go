package battleclock

import (
	"fmt"
	"strings"
	"testing"
)

// One test (at least) per option S1..S26, each showing what it changes
// (S26, what frighten does, in TestSeizeByForce).

func TestOptionS1ClockSize(t *testing.T) {
	for _, c := range []struct {
		opt        string
		full, nine int
		calls      int8
	}{{"six", 6, 3, 1}, {"twelve", 12, 9, 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S1: "+c.opt, "S8: never"), 1)
			force(k, 12)
			k.addHarm(0, 6, srcMove)
			if k.full != c.full || k.nine != c.nine || k.pc[0].calls != c.calls {
				t.Errorf("S1 %s: 12:00 at %d, 9:00 at %d; 6 harm calls %d", c.opt, k.full, k.nine, k.pc[0].calls)
			}
		})
	}
}

func TestOptionS2Call(t *testing.T) {
	for _, c := range []struct {
		opt    string
		first  Status
		second Status
		hard   int
	}{
		{"stand-in", Active, Active, 0},
		{"overflow", OutOfAction, OutOfAction, 0},
		{"once", Active, Dead, 0},
		{"always-dead", Dead, Dead, 0},
		{"life-untenable", OutOfAction, OutOfAction, -1},
	} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S2: "+c.opt, "S8: never"), 2)
			p := &k.pc[0]
			force(k, 10, 10)
			k.addHarm(0, 8, srcMove) // 2 beyond 12:00: overflow -2
			if p.status != c.first || k.stat(0, Hard) != c.hard {
				t.Errorf("S2 %s: first call %s, Hard %d", c.opt, p.status, k.stat(0, Hard))
			}
			if p.status == Active {
				k.addHarm(0, 1, srcMove)
				if p.status != c.second {
					t.Errorf("S2 %s: second call %s", c.opt, p.status)
				}
			}
		})
	}
}

func TestOptionS3PartialAbsorption(t *testing.T) {
	for _, c := range []struct {
		opt   string
		shock int8
	}{{"whole", 0}, {"any", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S3: "+c.opt), 3)
			k.takeHit(0, 2, 0, srcMove)
			if k.pc[0].harm != 1 || k.pc[0].shock != c.shock {
				t.Errorf("S3 %s: 2-harm on 1-armor: harm %d shock %d", c.opt, k.pc[0].harm, k.pc[0].shock)
			}
		})
	}
}

func TestOptionS4ZeroHarm(t *testing.T) {
	for _, c := range []struct {
		opt   string
		shock int8
	}{{"none", 0}, {"shock", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S4: "+c.opt), 4)
			k.takeHit(0, 0, 0, srcIncidental)
			if k.pc[0].shock != c.shock {
				t.Errorf("S4 %s: a 0-harm hit gives %d shock", c.opt, k.pc[0].shock)
			}
		})
	}
}

func TestOptionS5GlitchCount(t *testing.T) {
	for _, c := range []struct {
		opt    string
		glitch bool
	}{{"after-shields", false}, {"before-shields", true}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 1, shields: 1}", merc, "S5: "+c.opt), 5)
			k.takeHit(0, 1, 1, srcMove) // absorbed + 1 explicit = 2 shock, one soaked
			if k.pc[0].glitchNext != c.glitch || k.pc[0].shock != 1 {
				t.Errorf("S5 %s: glitched %v, shock %d", c.opt, k.pc[0].glitchNext, k.pc[0].shock)
			}
		})
	}
}

func TestOptionS6Spill(t *testing.T) {
	for _, c := range []struct {
		opt  string
		debs int8
	}{{"per-point", 2}, {"batch", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 0}", merc, "S6: "+c.opt, "S8: early", "S10: targeted"), 6)
			p := &k.pc[0]
			p.harm, p.shock, p.status = 3, 6, Unconscious
			k.takeHit(0, 1, 1, srcMove) // 1 harm and 1 shock spilling
			if p.debs != c.debs {
				t.Errorf("S6 %s: %d debilities from 1 harm + 1 spilled shock past 9:00", c.opt, p.debs)
			}
		})
	}
}

func TestOptionS7Shields(t *testing.T) {
	for _, c := range []struct {
		opt         string
		harm, shock int8
	}{{"shock-only", 2, 0}, {"soak-harm", 0, 1}, {"regen-covered", 2, 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 1, shields: 2}", merc, "S7: "+c.opt), 7)
			k.takeHit(0, 3, 0, srcMove)
			if k.pc[0].harm != c.harm || k.pc[0].shock != c.shock {
				t.Errorf("S7 %s: 3-harm on 2 shields, 1-armor: harm %d shock %d", c.opt, k.pc[0].harm, k.pc[0].shock)
			}
			k.reset()
			k.pc[0].shields = 0
			k.pc[0].covered = true
			k.clock = 1
			k.endOfTick()
			if (k.pc[0].shields == 1) != (c.opt == "regen-covered") {
				t.Errorf("S7 %s: a covered tick gives back %d shields", c.opt, k.pc[0].shields)
			}
		})
	}
}

func TestOptionS8DebilityPolicy(t *testing.T) {
	for _, c := range []struct {
		opt string
		at  [3]int8 // harm after adding 1 from 9:00, 10:00, 11:00
	}{
		{"lifesaver", [3]int8{4, 5, 3}},
		{"early", [3]int8{3, 3, 3}},
		{"threshold-11", [3]int8{4, 3, 3}},
		{"never", [3]int8{4, 5, 5}}, // 12:00: the call holds on at 11:00 (a 12 is forced)
	} {
		t.Run(c.opt, func(t *testing.T) {
			for n, from := range []int8{3, 4, 5} {
				k := testKernel(t, yamlOf(plainPC, merc, "S8: "+c.opt), 8)
				k.pc[0].harm = from
				force(k, 12)
				k.addHarm(0, 1, srcMove)
				if k.pc[0].harm != c.at[n] {
					t.Errorf("S8 %s: from %s, 1 harm leaves the clock at %d, want %d", c.opt, k.timeOf(int(from)), k.pc[0].harm, c.at[n])
				}
			}
		})
	}
}

func TestOptionS9PastNine(t *testing.T) {
	for _, c := range []struct {
		opt  string
		harm int8
		debs int8
	}{{"allowed", 3, 1}, {"crossing-only", 6, 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S9: "+c.opt), 9)
			k.pc[0].harm = 4
			force(k, 12)
			k.addHarm(0, 2, srcMove)
			if k.pc[0].debs != c.debs || k.pc[0].harm < c.harm-1 {
				t.Errorf("S9 %s: from 10:00, 2 harm: %d debilities, harm %d", c.opt, k.pc[0].debs, k.pc[0].harm)
			}
		})
	}
}

func TestOptionS10Unconscious(t *testing.T) {
	for _, opt := range []string{"not-targeted", "targeted"} {
		k := testKernel(t, yamlOf(plainPC, merc, "S10: "+opt), 10)
		k.pc[0].status = Unconscious
		if k.exposed(0, true) != (opt == "targeted") {
			t.Errorf("S10 %s: an unconscious PC exposed %v", opt, k.exposed(0, true))
		}
	}
}

// incidentalHits runs incidental fire n times on three PCs and returns the
// hits and the harm given.
func incidentalHits(t *testing.T, opt string, n int) (hits, harm int) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 0, count: 3}", merc, "S11: "+opt, "S8: never"), 11)
	tr := narrate(k)
	for i := 0; i < n; i++ {
		k.reset()
		k.incidental(false)
		for q := 0; q < 3; q++ {
			harm += int(k.pc[q].harm)
		}
	}
	return strings.Count(tr(), "incidental fire"), harm
}

func TestOptionS11Incidental(t *testing.T) {
	const n = 2000
	for _, c := range []struct {
		opt         string
		hitsPerTick float64
		harmPerHit  float64
	}{{"each-exposed", 3, 1.5}, {"one-random", 1, 1.5}, {"aw-0-1", 3, .5}, {"0.25", .75, 1.5}} {
		t.Run(c.opt, func(t *testing.T) {
			hits, harm := incidentalHits(t, c.opt, n)
			if c.opt == "0.25" {
				proportion(t, "S11 0.25: ticks with fire", hits/3, n, .25)
			} else if hits != int(c.hitsPerTick*n) {
				t.Errorf("S11 %s: %d hits in %d ticks", c.opt, hits, n)
			}
			if mean := float64(harm) / float64(hits); mean < c.harmPerHit-.1 || mean > c.harmPerHit+.1 {
				t.Errorf("S11 %s: %.3f harm per hit, want %.1f", c.opt, mean, c.harmPerHit)
			}
		})
	}
}

func TestOptionS12Concentrated(t *testing.T) {
	for _, c := range []struct {
		opt  string
		hits int
	}{{"per-enemy", 3}, {"per-group", 1}, {"every-pc", 6}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 3, count: 2}", "  - {enemy: merc, count: 3}", "S12: "+c.opt), 12)
			tr := narrate(k)
			k.concentrated()
			if n := strings.Count(tr(), "fires at"); n != c.hits {
				t.Errorf("S12 %s: %d hits from a group of 3 on 2 PCs", c.opt, n)
			}
		})
	}
}

// Spending 1 hold halts the assault on a PC for the tick (defend a secure
// position): the rest of the gang's concentrated fire this tick goes to
// another PC, and no more hold is spent.
func TestHoldHaltsTheAssaultForTheTick(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 3}\n  - {name: Bob, stats: {}, armor: 3}", "  - {enemy: merc, count: 3}"), 12)
	k.pc[0].hold = 2
	tr := narrate(k)
	k.concentrated()
	text := tr()
	if a, b := strings.Count(text, "fires at Ann"), strings.Count(text, "fires at Bob"); a != 0 || b != 2 || k.pc[0].hold != 1 {
		t.Errorf("Ann halts the assault: %d shots at Ann, %d at Bob, hold left %d\n%s", a, b, k.pc[0].hold, text)
	}
	k.startTick()
	tr = narrate(k)
	k.concentrated()
	if n := strings.Count(tr(), "spends 1 hold"); n != 1 || k.pc[0].hold != 0 {
		t.Errorf("next tick: %d holds spent, hold left %d; want the assault halted again with the last hold", n, k.pc[0].hold)
	}
}

// Under S12's default, the rest of a gang fires at another PC once its
// target drops, as a GM would.
func TestConcentratedFireMovesOn(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 3, shock_clock: 5}\n  - {name: Bob, stats: {}, armor: 3}", "  - {enemy: merc, count: 3}"), 12)
	tr := narrate(k)
	k.concentrated()
	text := tr()
	if a, b := strings.Count(text, "fires at Ann"), strings.Count(text, "fires at Bob"); a != 1 || b != 2 || k.pc[0].status != Unconscious {
		t.Errorf("Ann knocked out by the first shot: %d shots at Ann, %d at Bob, Ann %s\n%s", a, b, k.pc[0].status, text)
	}
}

func TestOptionS13Jump(t *testing.T) {
	for _, c := range []struct {
		opt    string
		jumped bool
		ticks  int
	}{{"after-seize", true, 4}, {"never", false, 6}, {"at-start", true, 3}, {"1", true, 4}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, harm: 0, armor: 3, strategy: test-seize}", "  - {name: Wall, harm: 0, armor: 3}", "S13: \""+c.opt+"\""), 13)
			k.ticks = 0
			if end := k.battle(); k.jumped != c.jumped || k.ticks != c.ticks || end != midnight {
				t.Errorf("S13 %s: jumped %v, %s after %d ticks", c.opt, k.jumped, endNames[end], k.ticks)
			}
		})
	}
}

func TestOptionS14Misses(t *testing.T) {
	const n = 3000
	for _, opt := range []string{"engaged-harm", "random-table"} {
		k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 0}", "  - {name: E, harm: 2}", "S14: "+opt), 14)
		var harmed, shocked, glitched int
		for i := 0; i < n; i++ {
			k.reset()
			k.gmMiss(0, 0)
			p := &k.pc[0]
			switch {
			case p.harm > 0:
				harmed++
			case p.shock > 0:
				shocked++
			case p.glitchNext:
				glitched++
			}
		}
		if opt == "engaged-harm" {
			if harmed != n {
				t.Errorf("S14 %s: %d of %d misses took the enemy's harm", opt, harmed, n)
			}
			continue
		}
		for what, got := range map[string]int{"harm": harmed, "1-shock": shocked, "glitched": glitched} {
			proportion(t, "S14 random-table "+what, got, n, 1./3)
		}
	}
}

func TestOptionS15End(t *testing.T) {
	for _, c := range []struct {
		opt   string
		end   int
		ticks int
	}{{"midnight", midnight, 6}, {"extend", stalemate, 10}} {
		t.Run(c.opt, func(t *testing.T) {
			src := "system: battleclock\nmax_rounds: 10\nparty:\n  - {name: Ann, stats: {}, armor: 3}\nfoes:\n  - {name: Wall, harm: 0}\nstrategies: {party: test-idle}\noptions: {S15: " + c.opt + "}\n"
			k := testKernel(t, src, 15)
			k.ticks = 0
			if end := k.battle(); end != c.end || k.ticks != c.ticks {
				t.Errorf("S15 %s: %s after %d ticks", c.opt, endNames[end], k.ticks)
			}
		})
	}
}

func TestOptionS16Enemies(t *testing.T) {
	for _, c := range []struct {
		opt       string
		harm      int
		out, dead bool
	}{{"rpol-scale", 2, true, false}, {"harm-clock", 2, false, false}, {"harm-clock", 6, true, true}} {
		t.Run(fmt.Sprintf("%s/%d", c.opt, c.harm), func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, "  - {name: E, harm: 1}", "S16: "+c.opt), 16)
			k.harmEnemy(0, 0, c.harm)
			if (k.en[0].status != Active) != c.out || (k.en[0].status == Dead) != c.dead {
				t.Errorf("S16 %s: %d harm leaves the enemy %s", c.opt, c.harm, k.en[0].status)
			}
		})
	}
}

type countSlots struct{ scriptPC }

func (countSlots) Act(v *View, self, slot int) Action {
	return Action{Kind: HitDeck, Target: -1}
}

func init() { Policies.Party.Register("test-two", "", countSlots{}) }

func TestOptionS17TwoMoves(t *testing.T) {
	for _, c := range []struct {
		opt   string
		rolls int
	}{{"one", 1}, {"two", 2}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, strategy: test-two}", merc, "S17: "+c.opt), 17)
			k.ticks = 0
			tr := narrate(k)
			k.battle()
			first := strings.Split(tr(), "Round 2")[0]
			if n := strings.Count(first, "hits the deck"); n != c.rolls {
				t.Errorf("S17 %s: %d moves in the first tick", c.opt, n)
			}
		})
	}
}

func TestOptionS18BattleMoves(t *testing.T) {
	for _, opt := range []string{"sister-hack", "none"} {
		k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, strategy: test-defend}", merc, "S18: "+opt), 18)
		tr := narrate(k)
		force(k, 10)
		k.act(0, 0)
		if seized := strings.Contains(tr(), "seizes by force"); seized != (opt == "none") {
			t.Errorf("S18 %s: defending became seizing %v\n%s", opt, seized, tr())
		}
	}
}

func TestOptionS19Forward(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int8
	}{{"sum", 2}, {"no-stacking", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, forward: 1}", merc, "S19: "+c.opt), 19)
			k.addForward(0, 1)
			if k.pc[0].forward != c.want {
				t.Errorf("S19 %s: +1 forward twice is %+d", c.opt, k.pc[0].forward)
			}
		})
	}
}

func TestOptionS20Worsening(t *testing.T) {
	for _, c := range []struct {
		opt       string
		tick, end int8
	}{{"ignored", 4, 4}, {"end", 4, 5}, {"per-tick", 5, 4}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, merc, "S20: "+c.opt), 20)
			k.pc[0].harm = 4
			k.clock = 5
			k.endOfTick()
			if k.pc[0].harm != c.tick {
				t.Errorf("S20 %s: after a tick at 10:00 the clock is at %d", c.opt, k.pc[0].harm)
			}
			k.pc[0].harm = 4
			k.finish(midnight)
			if k.pc[0].harm != c.end {
				t.Errorf("S20 %s: after the battle at 10:00 the clock is at %d", c.opt, k.pc[0].harm)
			}
		})
	}
}

func TestOptionS21Clamp(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int
	}{{"clamp", -3}, {"none", -4}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {hot: -3}, in_play: true}", merc, "S21: "+c.opt), 21)
			k.pc[0].debilities = 1 << Disfigured
			if got := k.stat(0, Hot); got != c.want {
				t.Errorf("S21 %s: Hot -3 disfigured is %d", c.opt, got)
			}
		})
	}
}

func TestOptionS22WhichDebility(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {hot: 2, sharp: 1, cool: 0, hard: -1}}", merc, "S22: lowest-stat"), 22)
	if d := k.chooseDebility(0); d != Crippled {
		t.Errorf("S22 lowest-stat: %s, want crippled (Hard -1)", d)
	}
	k = testKernel(t, yamlOf("  - {name: Ann, stats: {hot: 2, sharp: 1, cool: 0, hard: -1}}", merc), 22)
	if d := k.chooseDebility(0); d != Disfigured {
		t.Errorf("S22 order: %s, want disfigured", d)
	}
	const n = 4000
	k = testKernel(t, yamlOf(plainPC, merc, "S22: random"), 22)
	var got [NumDebilities]int
	for i := 0; i < n; i++ {
		got[k.chooseDebility(0)]++
	}
	for d := Debility(0); d < NumDebilities; d++ {
		proportion(t, fmt.Sprint("S22 random ", d), got[d], n, .25)
	}
}

func TestOptionS23Shields(t *testing.T) {
	for _, c := range []struct {
		opt     string
		shields int8
	}{{"when-needed", 2}, {"always", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 1, shields: 2}", merc, "S23: "+c.opt), 23)
			k.takeHit(0, 1, 0, srcIncidental)
			if k.pc[0].shields != c.shields {
				t.Errorf("S23 %s: one shock leaves %d shields", c.opt, k.pc[0].shields)
			}
		})
	}
}

// Option S24, errata E-B2 and E-B5: by default (none) an enemy's shields
// soak nothing, as a PC's soak only shock and enemies keep no shock clock;
// under harm they soak harm before its armor (once a battle), and the
// narration says so.
func TestOptionS24EnemyShields(t *testing.T) {
	for _, c := range []struct {
		opt     string
		harm    int8
		shields int8
		text    string
	}{{"", 2, 1, "deals 3-harm to E (1-armor): 2"}, {"harm", 1, 0, "deals 3-harm to E (1-armor), 1 soaked by shields: 1"}, {"none", 2, 1, "deals 3-harm to E (1-armor): 2"}} {
		t.Run(fmt.Sprintf("%q", c.opt), func(t *testing.T) {
			var opts []string
			if c.opt != "" {
				opts = append(opts, "S24: "+c.opt)
			}
			k := testKernel(t, yamlOf(plainPC, "  - {name: E, harm: 1, armor: 1, shields: 1}", opts...), 24)
			tr := narrate(k)
			k.harmEnemy(0, 0, 3)
			if k.en[0].harm != c.harm || k.en[0].shields != c.shields {
				t.Errorf("S24 %s: 3-harm on 1 shield, 1-armor: harm %d, shields left %d", c.opt, k.en[0].harm, k.en[0].shields)
			}
			if text := tr(); !strings.Contains(text, c.text) {
				t.Errorf("S24 %s: no %q in\n%s", c.opt, c.text, text)
			}
		})
	}
}

// The fire a miss on covering fire brings (and an untenable position, and
// a 7-9 on getting out) comes from a random active enemy, so a gang of 3
// beside a captain fires 3 times in 4, as it would written as 4 entries.
func TestFireFromARandomEnemy(t *testing.T) {
	const n = 4000
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 3}\n  - {name: Bob, stats: {}, armor: 3}", "  - {enemy: merc, count: 3}\n  - {enemy: captain}"), 31)
	mercs := 0
	for i := 0; i < n; i++ {
		k.reset()
		force(k, 2)
		tr := narrate(k)
		k.coverFire(0, 1)
		text := tr()
		if strings.Contains(text, "Merc") && strings.Contains(text, "fires at Bob") {
			mercs++
		}
	}
	proportion(t, "a merc fires on a covering-fire miss", mercs, n, 0.75)
}

// Option S25, errata E-B4: the cost the GM picks on a 7-9 to hit the deck,
// which leaves the PC safe for the rest of the tick whichever it is: 1-shock
// (the default), pinned (glitched until it relocates), or one of pinned,
// losing a shield point and 1-shock at even chances.
func TestOptionS25HitTheDeckCost(t *testing.T) {
	for _, c := range []struct {
		opt            string
		shock, shields int8
		pinned         bool
	}{{"", 1, 2, false}, {"shock", 1, 2, false}, {"pinned", 0, 2, true}} {
		t.Run(fmt.Sprintf("%q", c.opt), func(t *testing.T) {
			var opts []string
			if c.opt != "" {
				opts = append(opts, "S25: "+c.opt)
			}
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 1, shields: 2}", merc, opts...), 25)
			force(k, 8)
			k.hitDeck(0)
			p := &k.pc[0]
			if !p.covered || p.shock != c.shock || p.shields != c.shields || p.glitchPos != c.pinned {
				t.Errorf("S25 %q: covered %v, shock %d, shields %d, pinned %v", c.opt, p.covered, p.shock, p.shields, p.glitchPos)
			}
		})
	}
	const n = 6000
	var shock, lost, pinned int
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 1, shields: 2}", merc, "S25: random"), 25)
	for i := 0; i < n; i++ {
		k.reset()
		force(k, 8)
		k.hitDeck(0)
		p := &k.pc[0]
		if !p.covered {
			t.Fatal("S25 random: a 7-9 left the PC exposed")
		}
		switch {
		case p.shock == 1 && p.shields == 2 && !p.glitchPos:
			shock++
		case p.shock == 0 && p.shields == 1 && !p.glitchPos:
			lost++
		case p.shock == 0 && p.shields == 2 && p.glitchPos:
			pinned++
		default:
			t.Fatalf("S25 random: shock %d, shields %d, pinned %v: not one cost", p.shock, p.shields, p.glitchPos)
		}
	}
	proportion(t, "S25 random 1-shock", shock, n, 1.0/3)
	proportion(t, "S25 random lose a shield point", lost, n, 1.0/3)
	proportion(t, "S25 random pinned", pinned, n, 1.0/3)
}

// Concentrated fire comes in a random order each tick, not the order the
// scenario lists foes: Ann (first exposed, so every shot's target while she
// stands) goes down to the first shot, and the second enemy's shot goes to
// Bob; which of a merc and a sniper fires first is a coin flip.
func TestConcentratedFireOrderIsDrawn(t *testing.T) {
	const n = 4000
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, harm_clock: 5}\n  - {name: Bob, stats: {}, armor: 3}",
		"  - {enemy: merc}\n  - {name: Sniper, harm: 3}", "S2: always-dead", "S8: never"), 41)
	sniperOnBob := 0
	for i := 0; i < n; i++ {
		k.reset()
		k.clock = 4
		tr := narrate(k)
		k.concentrated()
		if k.pc[0].status != Dead {
			t.Fatalf("Ann still %s after the volley", k.pc[0].status)
		}
		if strings.Contains(tr(), "Sniper: fires at Bob") {
			sniperOnBob++
		}
	}
	proportion(t, "the sniper fires second (at Bob)", sniperOnBob, n, 0.5)
}

// A seize by force whose target is gone goes to the enemy closest to
// breaking; equals are drawn at random, not the first listed.
func TestDefaultTargetTiesAreDrawn(t *testing.T) {
	const n = 4000
	k := testKernel(t, yamlOf(plainPC, "  - {enemy: merc, count: 2}"), 43)
	first := 0
	for i := 0; i < n; i++ {
		if k.defaultTarget() == 0 {
			first++
		}
	}
	proportion(t, "the first of two equal mercs", first, n, 0.5)
}

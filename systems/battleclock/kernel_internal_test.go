package battleclock

import (
	"fmt"
	"strings"
	"testing"
)

// Table F: segments and shock per hit and hits to 12:00 (no debilities, no
// shields; an unconscious PC still hit, so absorbed hits spill over).
func TestTableF(t *testing.T) {
	rows := [][5]int{
		{1, 0, 1, 0, 6}, {1, 1, 0, 1, 12}, {1, 2, 0, 1, 12}, {1, 3, 0, 1, 12},
		{2, 0, 2, 0, 3}, {2, 1, 1, 0, 6}, {2, 2, 0, 1, 12}, {2, 3, 0, 1, 12},
		{3, 0, 3, 0, 2}, {3, 1, 2, 0, 3}, {3, 2, 1, 0, 6}, {3, 3, 0, 1, 12},
		{4, 0, 4, 0, 2}, {4, 1, 3, 0, 2}, {4, 2, 2, 0, 3}, {4, 3, 1, 0, 6},
		{5, 0, 5, 0, 2}, {5, 1, 4, 0, 2}, {5, 2, 3, 0, 2}, {5, 3, 2, 0, 3},
	}
	for _, r := range rows {
		h, a := r[0], r[1]
		k := testKernel(t, yamlOf(fmt.Sprintf("  - {name: Ann, stats: {}, armor: %d}", a), merc, "S8: never", "S10: targeted"), 1)
		p := &k.pc[0]
		k.takeHit(0, h, 0, srcConcentrated)
		if int(p.harm) != r[2] || int(p.shock) != r[3] {
			t.Errorf("harm %d armor %d: first hit %d harm, %d shock; table F %d, %d", h, a, p.harm, p.shock, r[2], r[3])
		}
		hits := 1
		for p.calls == 0 && hits < 20 {
			k.takeHit(0, h, 0, srcConcentrated)
			hits++
		}
		if hits != r[4] {
			t.Errorf("harm %d armor %d: 12:00 after %d hits, table F %d", h, a, hits, r[4])
		}
		if r[3] == 1 && !p.everUnconscious {
			t.Errorf("harm %d armor %d: never unconscious", h, a)
		}
	}
}

// A roll adds the stat, forward (used up) and ongoing (kept); boosted and
// glitched move the bands.
func TestRollModifiers(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {hard: 1}, forward: 1, ongoing: 1}", merc), 1)
	force(k, 7, 7)
	if b := k.roll(0, Hard, 0, about{}); b != Full {
		t.Errorf("7 + Hard 1 + forward 1 + ongoing 1: %s", b)
	}
	if b := k.roll(0, Hard, 0, about{}); b != Partial {
		t.Errorf("forward was not used up: %s", b)
	}
	k.pc[0].boosted = true
	force(k, 2)
	if b := k.roll(0, Hard, 0, about{}); b != Partial {
		t.Errorf("boosted 2+2: %s", b)
	}
	k.pc[0].boosted = false
	k.pc[0].glitchNext = true
	force(k, 12, 12)
	if b := k.roll(0, Hard, 0, about{}); b != Partial {
		t.Errorf("glitched 12: %s", b)
	}
	if b := k.roll(0, Hard, 0, about{}); b != Full {
		t.Errorf("glitched on the next roll only: %s", b)
	}
	k.pc[0].glitchPos = true
	force(k, 12, 12)
	k.roll(0, Hard, 0, about{})
	if b := k.roll(0, Hard, 0, about{}); b != Partial {
		t.Errorf("glitched until relocating lasts: %s", b)
	}
}

// Shock (section 2.4): a hit armor absorbs whole is one shock; more than
// one shock from a source glitches the next roll; at 12:00 the PC is
// unconscious and more shock spills onto the harm clock.
func TestShock(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 2}", "  - {name: Stunner, harm: 2, shock: 1}", "S10: targeted"), 1)
	p := &k.pc[0]
	k.takeHit(0, 2, 1, srcMove) // absorbed: 1 + 1 explicit
	if p.shock != 2 || p.harm != 0 || !p.glitchNext {
		t.Fatalf("2-harm s1 on 2-armor: shock %d harm %d glitched %v", p.shock, p.harm, p.glitchNext)
	}
	for p.shock < 6 {
		k.takeHit(0, 1, 0, srcIncidental)
	}
	if p.status != Unconscious || !p.everUnconscious {
		t.Fatalf("shock at 12:00: %s", p.status)
	}
	k.takeHit(0, 1, 0, srcIncidental)
	if p.harm != 1 {
		t.Errorf("shock past 12:00 spills: harm %d", p.harm)
	}
}

// Shields soak shock when it would reach 12:00 or glitch (option S23's
// default).
func TestShields(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, armor: 2, shields: 2}", merc), 1)
	p := &k.pc[0]
	k.takeHit(0, 1, 0, srcIncidental)
	if p.shock != 1 || p.shields != 2 {
		t.Errorf("one shock: shock %d, shields %d (kept)", p.shock, p.shields)
	}
	k.takeHit(0, 1, 1, srcIncidental) // two shock from one source
	if p.shock != 2 || p.shields != 1 || p.glitchNext {
		t.Errorf("two shock: shock %d, shields %d, glitched %v", p.shock, p.shields, p.glitchNext)
	}
	p.shock = 5
	k.takeHit(0, 1, 0, srcIncidental)
	if p.shock != 5 || p.shields != 0 || p.status != Active {
		t.Errorf("shock to 12:00: shock %d, shields %d, %s", p.shock, p.shields, p.status)
	}
}

// Debilities (section 2.6): the lifesaver policy takes one instead of harm
// reaching 12:00, in the order Hot, Sharp, Cool, Hard; each lowers its
// stat; with all four taken, 12:00 calls on inner strength.
func TestDebilities(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ann, stats: {hot: 1, sharp: 1, cool: 1, hard: 1}}", merc), 1)
	p := &k.pc[0]
	k.addHarm(0, 5, srcMove)
	if p.harm != 5 || p.debilities != 0 {
		t.Fatalf("to 11:00: harm %d, debilities %04b", p.harm, p.debilities)
	}
	want := []Debility{Disfigured, Broken, Shattered, Crippled}
	for n, d := range want {
		k.addHarm(0, 3, srcMove)
		if p.harm != 3 || p.debilities&(1<<d) == 0 {
			t.Fatalf("debility %d: harm %d, debilities %04b, want %s", n+1, p.harm, p.debilities, d)
		}
		if k.stat(0, debilityStat[d]) != 0 {
			t.Errorf("%s leaves %s at %d", d, debilityStat[d].Title(), k.stat(0, debilityStat[d]))
		}
	}
	force(k, 12)
	k.addHarm(0, 3, srcMove)
	if p.calls != 1 || p.harm != 5 || p.status != Active {
		t.Errorf("no debility left: calls %d, harm %d, %s", p.calls, p.harm, p.status)
	}
}

// The call on inner strength (stand-in, option S2's default): +Will, 10+
// holds on at 11:00, 7-9 out of action, 6- dead.
func TestCallOnInnerStrength(t *testing.T) {
	for _, c := range []struct {
		sum  int
		want Status
		harm int8
	}{{9, Active, 5}, {7, OutOfAction, 6}, {5, Dead, 6}} {
		t.Run(fmt.Sprint(c.sum), func(t *testing.T) {
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {will: 1}}", merc, "S8: never"), 1)
			force(k, c.sum)
			k.addHarm(0, 6, srcMove)
			if p := &k.pc[0]; p.status != c.want || p.harm != c.harm {
				t.Errorf("call at %d+1: %s at harm %d", c.sum, p.status, p.harm)
			}
		})
	}
}

// Enemies on the harm scale (section 2.9): harm less grade 2 out, 3 dead
// half the time, 4 dead.
func TestEnemyScale(t *testing.T) {
	const n = 4000
	for _, c := range []struct {
		grade     string
		harm      int
		out, dead float64
	}{
		{"ordinary", 1, 0, 0}, {"ordinary", 2, 1, 0}, {"ordinary", 3, 1, .5}, {"ordinary", 4, 1, 1},
		{"lieutenant", 3, 1, 0}, {"captain", 4, 1, 0}, {"captain", 5, 1, .5}, {"captain", 6, 1, 1},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.grade, c.harm), func(t *testing.T) {
			k := testKernel(t, yamlOf(plainPC, "  - {name: E, harm: 1, grade: "+c.grade+"}"), 3)
			out, dead := 0, 0
			for i := 0; i < n; i++ {
				k.reset()
				k.harmEnemy(0, 0, c.harm)
				if k.en[0].status != Active {
					out++
				}
				if k.en[0].status == Dead {
					dead++
				}
			}
			proportion(t, fmt.Sprintf("%s harm %d out", c.grade, c.harm), out, n, c.out)
			proportion(t, fmt.Sprintf("%s harm %d dead", c.grade, c.harm), dead, n, c.dead)
		})
	}
	k := testKernel(t, yamlOf(plainPC, "  - {name: E, harm: 1, armor: 1, shields: 1}", "S24: harm"), 3)
	k.harmEnemy(0, 0, 3) // 1 soaked by shields (option S24 harm), 1 by armor
	if k.en[0].harm != 1 || k.en[0].shields != 0 {
		t.Errorf("3-harm on 1 shield, 1-armor: harm %d", k.en[0].harm)
	}
}

// Seize by force exchanges harm on a hit with the picks (10+ three, 7-9
// two); on a miss the PC takes the enemy's harm.
//
// Frighten carries no number in the source (option S26): by default it
// gives nothing the kernel counts; under S26 forward it is +1 forward.
func TestSeizeByForce(t *testing.T) {
	for _, c := range []struct {
		strat                 string
		sum                   int
		dealt, taken, forward int8
		s26                   string
	}{
		{"test-seize", 10, 3, 1, 0, ""},        // terrible, little, frighten
		{"test-seize", 10, 3, 1, 1, "forward"}, // terrible, little, frighten: +1 forward
		{"test-seize", 8, 3, 1, 0, "forward"},  // terrible, little
		{"test-take", 8, 2, 2, 0, "none"},      // take it, frighten
		{"test-take", 8, 2, 2, 1, "forward"},   // take it, frighten: +1 forward
		{"test-seize", 5, 0, 2, 0, "forward"},  // miss
	} {
		t.Run(fmt.Sprintf("%s/%d/S26=%q", c.strat, c.sum, c.s26), func(t *testing.T) {
			var opts []string
			if c.s26 != "" {
				opts = append(opts, "S26: "+c.s26)
			}
			k := testKernel(t, yamlOf("  - {name: Ann, stats: {}, harm: 2, armor: 0, strategy: "+c.strat+"}", "  - {name: E, harm: 2, grade: captain}", opts...), 1)
			force(k, c.sum)
			k.act(0, 0)
			p := &k.pc[0]
			if k.en[0].harm != c.dealt || p.harm != c.taken || p.forward != c.forward {
				t.Errorf("%s on %d, S26 %q: dealt %d, took %d, forward %d; want %d, %d, %d", c.strat, c.sum, c.s26, k.en[0].harm, p.harm, p.forward, c.dealt, c.taken, c.forward)
			}
		})
	}
}

// The battle moves (option S18's default).
func TestBattleMoves(t *testing.T) {
	src := func(strat string) string {
		return yamlOf("  - {name: Ann, stats: {}, armor: 3, strategy: "+strat+"}\n  - {name: Bob, stats: {}, armor: 3}", merc)
	}
	// Defend a secure position: hold 3 / 1 / untenable.
	for _, c := range []struct {
		sum       int
		hold      int8
		untenable bool
	}{{10, 3, false}, {8, 1, false}, {5, 0, true}} {
		t.Run(fmt.Sprintf("defend/%d", c.sum), func(t *testing.T) {
			k := testKernel(t, src("test-defend"), 1)
			force(k, c.sum)
			k.act(0, 0)
			if k.pc[0].hold != c.hold || k.pc[0].untenable != c.untenable {
				t.Errorf("defend %d: hold %d, untenable %v", c.sum, k.pc[0].hold, k.pc[0].untenable)
			}
		})
	}
	// Covering fire: the ally is not under fire; 7-9 its position is
	// untenable; a miss brings concentrated fire on it now.
	for _, c := range []struct {
		sum                int
		covered, untenable bool
		shock              int8
	}{{10, true, false, 0}, {8, true, true, 0}, {5, false, false, 1}} {
		t.Run(fmt.Sprintf("cover/%d", c.sum), func(t *testing.T) {
			k := testKernel(t, src("test-cover"), 1)
			force(k, c.sum)
			k.act(0, 0)
			q := &k.pc[1]
			if q.covered != c.covered || q.untenable != c.untenable || q.shock != c.shock {
				t.Errorf("cover %d: covered %v untenable %v shock %d", c.sum, q.covered, q.untenable, q.shock)
			}
		})
	}
	// Maintain an untenable position: only incidental fire; 7-9 glitched
	// until relocating; a miss abandons it.
	for _, c := range []struct {
		sum         int
		inc, glitch bool
	}{{10, true, false}, {8, true, true}, {5, false, false}} {
		t.Run(fmt.Sprintf("maintain/%d", c.sum), func(t *testing.T) {
			k := testKernel(t, src("test-maintain"), 1)
			k.pc[0].untenable = true
			force(k, c.sum)
			k.act(0, 0)
			if p := &k.pc[0]; p.incOnly != c.inc || p.glitchPos != c.glitch || p.untenable {
				t.Errorf("maintain %d: incidental only %v, glitched %v, untenable %v", c.sum, p.incOnly, p.glitchPos, p.untenable)
			}
		})
	}
	// Hit the deck (errata E-B4): on a hit safe from fire for the rest of
	// the tick, incidental and concentrated alike; 7-9 also the GM's cost
	// (option S25's default: 1-shock); a miss leaves the PC exposed.
	for _, c := range []struct {
		sum     int
		covered bool
		shock   int8
	}{{10, true, 0}, {8, true, 1}, {7, true, 1}, {5, false, 0}} {
		t.Run(fmt.Sprintf("deck/%d", c.sum), func(t *testing.T) {
			k := testKernel(t, src("test-deck"), 1)
			force(k, c.sum)
			k.act(0, 0)
			p := &k.pc[0]
			if p.covered != c.covered || p.shock != c.shock {
				t.Errorf("hit the deck %d: covered %v shock %d", c.sum, p.covered, p.shock)
			}
			if k.exposed(0, true) == c.covered || k.exposed(0, false) == c.covered {
				t.Errorf("hit the deck %d: exposed to concentrated fire %v, to incidental %v", c.sum, k.exposed(0, true), k.exposed(0, false))
			}
		})
	}
	// Act under fire to withdraw: 10+ out; 7-9 out after a hit; miss hit.
	for _, c := range []struct {
		sum   int
		out   bool
		shock int8
	}{{10, true, 0}, {8, true, 1}, {5, false, 1}} {
		t.Run(fmt.Sprintf("withdraw/%d", c.sum), func(t *testing.T) {
			k := testKernel(t, src("test-withdraw"), 1)
			force(k, c.sum)
			k.act(0, 0)
			if p := &k.pc[0]; (p.status == Withdrawn) != c.out || p.shock != c.shock {
				t.Errorf("withdraw %d: %s, shock %d", c.sum, p.status, p.shock)
			}
		})
	}
}

// The Battle Clock (section 2.8): incidental fire after ticks 1-3 on every
// exposed PC, concentrated fire after 4-6 from each group; the GM jumps to
// 9:00 after a tick with a seize by force; at midnight with both sides
// standing the battle is a stalemate.
func TestBattleClock(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC+"\n  - {name: Bob, stats: {}, armor: 1}", merc+"\n  - {name: Sniper, harm: 3}"), 1)
	k.ticks, k.clock = 0, 0
	tr := narrate(k)
	end := k.battle()
	text := tr()
	if end != midnight || k.ticks != 6 || k.jumped {
		t.Errorf("idle PCs: %s after %d ticks, jumped %v", endNames[end], k.ticks, k.jumped)
	}
	if n := strings.Count(text, "incidental fire"); n != 6 {
		t.Errorf("%d incidental hits, want 3 ticks x 2 PCs\n%s", n, text)
	}
	if n := strings.Count(text, "fires at"); n != 6 {
		t.Errorf("%d concentrated hits, want 3 ticks x 2 groups\n%s", n, text)
	}
	k = testKernel(t, yamlOf("  - {name: Ann, stats: {hard: 3}, in_play: true, harm: 0, armor: 3, strategy: test-seize}", "  - {name: Wall, harm: 0, armor: 3}"), 1)
	k.ticks = 0
	if end := k.battle(); !k.jumped || k.ticks != 4 || end != midnight {
		t.Errorf("seizing: jumped %v, %s after %d ticks", k.jumped, endNames[end], k.ticks)
	}
}

// Hold halts concentrated fire on the holder, or gives 2-cover.
func TestHold(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, merc), 1)
	k.pc[0].hold = 1
	k.groupFires(0, 0, srcConcentrated)
	if k.pc[0].hold != 0 || k.pc[0].harm != 0 || k.pc[0].shock != 0 {
		t.Errorf("hold spent: hold %d, harm %d", k.pc[0].hold, k.pc[0].harm)
	}
	k = testKernel(t, yamlOf("  - {name: Ann, stats: {}, strategy: test-defend}\n  - {name: Bob, stats: {}, armor: 0}", merc), 1)
	k.pc[0].hold = 2
	k.startTick()
	k.takeHit(1, 3, 0, srcConcentrated)
	if k.pc[0].hold != 1 || k.pc[1].harm != 1 || k.pc[1].cover != 0 {
		t.Errorf("2-cover: hold %d, ally harm %d, cover left %d", k.pc[0].hold, k.pc[1].harm, k.pc[1].cover)
	}
}

// Endings: victory, defeat, withdrawal.
func TestEndings(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, merc), 1)
	k.en[0].status = Out
	if e := k.settled(); e != victory {
		t.Errorf("no enemy: %s", endNames[e])
	}
	k.reset()
	k.pc[0].status = Unconscious
	if e := k.settled(); e != defeat {
		t.Errorf("the PC unconscious: %s", endNames[e])
	}
	k.pc[0].status = Withdrawn
	if e := k.settled(); e != withdrawal {
		t.Errorf("the PC withdrawn: %s", endNames[e])
	}
	// Victory needs a PC still up and present (the PCs hold the field): the
	// last enemy falling as the last PC drops is a defeat, or a withdrawal
	// when a PC got out.
	for _, c := range []struct {
		status Status
		want   int
	}{{Unconscious, defeat}, {Dead, defeat}, {OutOfAction, defeat}, {Withdrawn, withdrawal}, {Active, victory}} {
		t.Run(fmt.Sprint(c.status), func(t *testing.T) {
			k.reset()
			k.en[0].status = Dead
			k.pc[0].status = c.status
			if e := k.settled(); e != c.want {
				t.Errorf("the last enemy down, the PC %s: %s, want %s", c.status, endNames[e], endNames[c.want])
			}
		})
	}
}

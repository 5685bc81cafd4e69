package battleclockstrat_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/battleclock"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// build compiles a scenario from YAML text.
func build(t *testing.T, src string) sim.Model { return systemtest.Model(t, bc.System, src) }

// replay narrates encounter k.
func replay(m sim.Model, k uint64) []sim.Event { return systemtest.Events(m, 17, k) }

// moves lists actor's moves (the text before the colon of each roll).
func moves(ev []sim.Event, actor string, tick int) []string {
	var out []string
	for _, e := range ev {
		if e.Actor == actor && (tick == 0 || e.Round == tick) && strings.Contains(e.Text, ": 2d6 (") {
			out = append(out, e.Text[:strings.Index(e.Text, ": 2d6")])
		}
	}
	return out
}

const head = "system: battleclock\n"

// aggressive seizes by force, against the enemy closest to breaking.
func TestAggressive(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Vega, character: soldier}\nfoes:\n  - {enemy: merc}\n  - {enemy: thug, name: Weak}\n")
	for k := uint64(0); k < 20; k++ {
		ms := moves(replay(m, k), "Vega", 0)
		if len(ms) == 0 {
			t.Fatalf("no moves in battle %d", k)
		}
		for _, mv := range ms {
			if !strings.HasPrefix(mv, "seizes by force") && !strings.HasPrefix(mv, "calls on inner strength") {
				t.Errorf("aggressive makes %q", mv)
			}
		}
	}
	m = build(t, head+"party:\n  - {name: Vega, character: soldier}\nfoes:\n  - {enemy: captain}\n  - {enemy: thug, name: Weak}\n")
	if got := moves(replay(m, 0), "Vega", 1); len(got) == 0 || got[0] != "seizes by force against Weak (+Hard)" {
		t.Errorf("first move %v, want the enemy closest to breaking (the thug)", got)
	}
}

// hold-position defends a secure position first and maintains an
// untenable one.
func TestHoldPosition(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Tali, character: engineer, strategy: hold-position}\nfoes:\n  - {enemy: rifleman, count: 2}\n")
	defended, maintained := 0, 0
	for k := uint64(0); k < 40; k++ {
		ev := replay(m, k)
		ms := moves(ev, "Tali", 1)
		if len(ms) == 0 || ms[0] != "defends a secure position (+Hard)" {
			t.Fatalf("battle %d: first move %v", k, ms)
		}
		defended++
		untenable := false
		for _, e := range ev {
			if e.Actor == "Tali" && e.Text == "the position is untenable" && e.Round == 1 {
				untenable = true
			}
		}
		if untenable {
			if next := moves(ev, "Tali", 2); len(next) > 0 && next[0] == "maintains an untenable position (+Hard)" {
				maintained++
			} else if len(next) > 0 {
				t.Errorf("battle %d: after an untenable position, %v", k, next)
			}
		}
	}
	if maintained == 0 {
		t.Errorf("never maintained an untenable position in %d battles", defended)
	}
}

// cover-each-other covers the most hurt ally in danger.
func TestCoverEachOther(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Liara, character: adept, strategy: cover-each-other}\n  - {name: Vega, character: soldier, harm_clock: 3, strategy: hold-position}\n  - {name: Tali, character: engineer, harm_clock: 2, strategy: hold-position}\nfoes:\n  - {enemy: rifleman, count: 3}\noptions: {S13: at-start}\nstrategies: {foes: concentrate-fire}\n")
	for k := uint64(0); k < 10; k++ {
		if got := moves(replay(m, k), "Liara", 1); len(got) == 0 || got[0] != "provides covering fire for Vega (+Cool)" {
			t.Errorf("battle %d: first move %v, want cover for the most hurt (Vega)", k, got)
		}
	}
}

// concentrate-fire puts every group on the most hurt exposed PC; default
// spreads at random.
func TestGMPolicies(t *testing.T) {
	src := head + "party:\n  - {name: Ann, character: soldier, strategy: hold-position, harm_clock: 2}\n  - {name: Bob, character: soldier, strategy: hold-position}\nfoes:\n  - {enemy: thug}\n  - {enemy: thug}\noptions: {S13: at-start, S18: none}\nstrategies: {foes: STRAT}\n"
	m := build(t, strings.ReplaceAll(src, "STRAT", "concentrate-fire"))
	for k := uint64(0); k < 20; k++ {
		for _, e := range replay(m, k) {
			if e.Round == 1 && strings.HasPrefix(e.Text, "fires at ") && e.Text != "fires at Ann" {
				t.Errorf("concentrate-fire: %s %s", e.Actor, e.Text)
			}
		}
	}
	m = build(t, strings.ReplaceAll(src, "STRAT", "default"))
	n, onAnn := 0, 0
	for k := uint64(0); k < 1000; k++ {
		for _, e := range replay(m, k) {
			if e.Round == 1 && strings.HasPrefix(e.Text, "fires at ") {
				n++
				if e.Text == "fires at Ann" {
					onAnn++
				}
			}
		}
	}
	if n == 0 || math.Abs(float64(onAnn)/float64(n)-.5) > 5*math.Sqrt(.25/float64(n)) {
		t.Errorf("default: %d of %d first-tick shots on Ann, want half", onAnn, n)
	}
}

// picksOf lists actor's seize by force picks on a 7-9 (two picks) against
// the enemy named in the roll before.
func picksOf(ev []sim.Event, actor string) []string {
	var out []string
	for n, e := range ev {
		if e.Actor == actor && strings.HasPrefix(e.Text, "picks ") && n > 0 && strings.HasSuffix(ev[n-1].Text, ": 7-9") {
			out = append(out, strings.TrimPrefix(e.Text, "picks "))
		}
	}
	return out
}

// No default strategy spends a 7-9 pick on something that changes nothing
// while a pick that helps is left: not little harm when armor soaks the
// enemy's harm either way, not terrible harm when the blow already takes
// the enemy out of the fight.
func TestPicksThatDoSomething(t *testing.T) {
	for _, c := range []struct {
		pc, enemy, strategy, s26, want string
	}{
		// 3-harm on a 1-armor merc already takes it out; 2-harm or 1-harm
		// on 2-armor is one shock either way: only frighten's +1 forward
		// (option S26 forward) does anything.
		{"soldier", "merc", "aggressive", "forward", "terrible harm, frighten"},
		{"soldier", "merc", "hold-position", "forward", "little harm, frighten"},
		{"soldier", "merc", "cover-each-other", "forward", "terrible harm, frighten"},
		// By default frighten carries no number: nothing helps, and the
		// picks follow the strategy's order.
		{"soldier", "merc", "aggressive", "none", "terrible harm, little harm"},
		{"soldier", "merc", "hold-position", "none", "terrible harm, little harm"},
		// 3-harm takes out a thug; little harm turns its 1-harm into none.
		{"infiltrator", "thug", "aggressive", "forward", "little harm, frighten"},
		{"infiltrator", "thug", "aggressive", "none", "terrible harm, little harm"},
		// 2-harm on a merc's 1-armor does not take it out; little harm
		// turns a harm segment into shock: both count.
		{"engineer", "merc", "aggressive", "forward", "terrible harm, little harm"},
		{"engineer", "merc", "hold-position", "none", "terrible harm, little harm"},
	} {
		t.Run(fmt.Sprintf("%s/%s/%s/S26 %s", c.pc, c.strategy, c.enemy, c.s26), func(t *testing.T) {
			m := build(t, head+"party:\n  - {name: P, character: "+c.pc+", strategy: "+c.strategy+"}\nfoes:\n  - {enemy: "+c.enemy+", count: 3}\noptions: {S18: none, S26: "+c.s26+"}\n")
			seen := 0
			for k := uint64(0); k < 60; k++ {
				for _, got := range picksOf(replay(m, k), "P") {
					seen++
					if got != c.want {
						t.Errorf("%s (%s) against a %s on a 7-9 picks %q, want %q", c.pc, c.strategy, c.enemy, got, c.want)
					}
				}
			}
			if seen == 0 {
				t.Errorf("%s against a %s: no 7-9 in 60 battles; the test shows nothing", c.pc, c.enemy)
			}
		})
	}
}

// A PC does not seize by force against an enemy it cannot hurt while one
// it can hurt stands, and goes for the one its blows break soonest.
func TestSeizeWhatYouCanHurt(t *testing.T) {
	for _, strat := range []string{"aggressive", "cover-each-other"} {
		// Tali's 2-harm, even with terrible harm, does nothing to 3-armor.
		m := build(t, head+"party:\n  - {name: Tali, character: engineer, strategy: "+strat+"}\nfoes:\n  - {name: Tank, harm: 1, armor: 3}\n  - {enemy: rifleman}\n")
		for k := uint64(0); k < 10; k++ {
			if got := moves(replay(m, k), "Tali", 1); len(got) == 0 || got[0] != "seizes by force against Rifleman (+Hard)" {
				t.Errorf("%s battle %d: first move %v, want the rifleman she can hurt", strat, k, got)
			}
		}
	}
}

// A PC whose next harm segment reaches 12:00 with no debility to take it
// (it would call on inner strength, which may kill it, or die outright)
// does not trade blows that can give it harm: it hits the deck (no harm in
// the move, and safe on a hit), or without battle moves acts under fire to
// get out when even a hit would harm it. A player at 11:00 takes no
// needless risk: before, only certain death stopped it, and a PC at 11:00
// with its debilities spent seized by force and called on inner strength
// (6-: dead). With a debility left it is at the edge of death but not at
// its door: beside a fit ally it digs in (TestHurtPCLetsAFitAllyFight),
// and without battle moves it fights on.
func TestNoFatalExchange(t *testing.T) {
	for _, c := range []struct {
		strategy, enemy, opts, want string
	}{
		{"aggressive", "rifleman", "{S2: always-dead, S8: never}", "hits the deck (+Sharp)"},
		{"cover-each-other", "rifleman", "{S2: always-dead, S8: never}", "hits the deck (+Sharp)"},
		{"aggressive", "rifleman", "{S2: always-dead, S8: never, S18: none}", "acts under fire to withdraw (+Cool)"},
		{"hold-position", "rifleman", "{S2: always-dead, S8: never, S18: none}", "acts under fire to withdraw (+Cool)"},
		// A hit with little harm on a merc's 2-harm is soaked by 1-armor.
		{"aggressive", "merc", "{S2: always-dead, S8: never, S18: none}", "seizes by force against Merc"},
		{"aggressive", "rifleman", "{S2: always-dead}", "defends a secure position"},
		{"aggressive", "rifleman", "{S2: always-dead, S18: none}", "seizes by force against Rifleman"},
		// No debility to take it: the call on inner strength, not certain
		// death, is reason enough.
		{"aggressive", "rifleman", "{S8: never}", "hits the deck (+Sharp)"},
		{"aggressive", "rifleman", "{S8: never, S18: none}", "acts under fire to withdraw (+Cool)"},
		{"aggressive", "rifleman", "{S2: once, S8: never}", "hits the deck (+Sharp)"},
		{"hold-position", "rifleman", "{S8: never}", "hits the deck (+Sharp)"},
		{"cover-each-other", "merc", "{S8: never}", "hits the deck (+Sharp)"},
	} {
		t.Run(fmt.Sprintf("%s/%s/%s", c.strategy, c.enemy, c.opts), func(t *testing.T) {
			m := build(t, head+"party:\n  - {name: Liara, character: adept, harm_clock: 5, strategy: "+c.strategy+"}\n  - {name: Vega, character: soldier}\nfoes:\n  - {enemy: "+c.enemy+", count: 3}\noptions: "+c.opts+"\n")
			for k := uint64(0); k < 10; k++ {
				if got := moves(replay(m, k), "Liara", 1); len(got) == 0 || !strings.HasPrefix(got[0], c.want) {
					t.Errorf("%s %s %s battle %d: Liara at 11:00 first %v, want %q", c.strategy, c.enemy, c.opts, k, got, c.want)
				}
			}
		})
	}
}

// The same at 11:00 with all four debilities taken, under the default
// options: a PC of every default strategy, alone or beside a fit ally,
// does not seize by force against a rifleman.
func TestNoNeedlessRiskAtEleven(t *testing.T) {
	deb := "debilities: [shattered, crippled, disfigured, broken]"
	for _, strat := range []string{"aggressive", "hold-position", "cover-each-other"} {
		for _, party := range []string{
			"  - {name: Liara, character: adept, harm_clock: 5, " + deb + ", strategy: " + strat + "}",
			"  - {name: Liara, character: adept, harm_clock: 5, " + deb + ", strategy: " + strat + "}\n  - {name: Vega, character: soldier}",
		} {
			m := build(t, head+"party:\n"+party+"\nfoes:\n  - {enemy: rifleman, count: 2}\n")
			for k := uint64(0); k < 20; k++ {
				for _, mv := range moves(replay(m, k), "Liara", 0) {
					if strings.HasPrefix(mv, "seizes by force") {
						t.Fatalf("%s, battle %d: Liara at 11:00 with no debility left %s", strat, k, mv)
					}
				}
			}
		}
	}
}

// A PC whose blows cannot get through an enemy's armor (its harm, with
// terrible harm, no more than the armor) does not seize by force against
// it: each exchange and each miss hurts the PC and never the enemy. Two
// PCs with 2-harm against a 3-armor mech seized by force every tick, took
// three debilities a battle between them, and never won.
func TestAggressiveLeavesWhatItCannotHurt(t *testing.T) {
	m := build(t, head+strings.ReplaceAll(mech, "STRAT", "aggressive"))
	for k := uint64(0); k < 50; k++ {
		for _, e := range replay(m, k) {
			if strings.HasPrefix(e.Text, "seizes by force against Mech") {
				t.Fatalf("battle %d tick %d: %s %s", k, e.Round, e.Actor, e.Text)
			}
		}
	}
}

// Every default strategy gets out of a battle against what it cannot hurt,
// at once: hold-position dug in and cover-each-other covered each other
// against the mech until midnight (victory 0, debilities burned for
// nothing, and debilities are for good). Each PC's first move is to act
// under fire to get out.
func TestEveryStrategyLeavesWhatItCannotHurt(t *testing.T) {
	for _, strat := range []string{"aggressive", "hold-position", "cover-each-other"} {
		m := build(t, head+strings.ReplaceAll(mech, "STRAT", strat))
		for k := uint64(0); k < 30; k++ {
			ev := replay(m, k)
			for _, pc := range []string{"Liara", "Tali"} {
				if got := moves(ev, pc, 1); len(got) > 0 && got[0] != "acts under fire to withdraw (+Cool)" {
					t.Errorf("%s, battle %d: %s's first move %q", strat, k, pc, got[0])
				}
			}
		}
	}
}

// A PC whom the exchange would leave at the edge of death (its harm clock
// at 11:00 or beyond, or a debility paid instead, if the enemy's blow
// lands whole) defends a secure position while an ally who can take the
// enemy on without coming to that edge fights on. Liara at 9:00 seized by
// force against the captain (3-harm through her 1-armor: 11:00 on a miss);
// strong play lets the soldier trade blows with it and digs in.
func TestHurtPCLetsAFitAllyFight(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Liara, character: adept, harm_clock: 3}\n  - {name: Vega, character: soldier}\nfoes:\n  - {enemy: captain}\n")
	for k := uint64(0); k < 10; k++ {
		ev := replay(m, k)
		if got := moves(ev, "Liara", 1); len(got) == 0 || got[0] != "defends a secure position (+Hard)" {
			t.Errorf("battle %d: Liara's first move %v", k, got)
		}
		if got := moves(ev, "Vega", 1); len(got) == 0 || !strings.HasPrefix(got[0], "seizes by force against Captain") {
			t.Errorf("battle %d: Vega's first move %v", k, got)
		}
	}
	// Alone, nobody else fights: it seizes by force.
	m = build(t, head+"party:\n  - {name: Liara, character: adept, harm_clock: 3}\nfoes:\n  - {enemy: captain}\n")
	if got := moves(replay(m, 0), "Liara", 1); len(got) == 0 || !strings.HasPrefix(got[0], "seizes by force") {
		t.Errorf("alone: Liara's first move %v", got)
	}
}

// Ties are drawn at random, not taken in the order the scenario lists
// people: the first seize by force against two equal mercs, the
// harsher GM's first shot at two equally hurt PCs, and the covering fire
// for two equally hurt allies each go either way about half the time.
func TestTiesAreDrawn(t *testing.T) {
	const n = 400
	count := func(t *testing.T, src, actor, prefix, want string) (hits, seen int) {
		m := build(t, head+src)
		for k := uint64(0); k < n; k++ {
			for _, e := range replay(m, k) {
				if e.Round == 1 && (actor == "" || e.Actor == actor) && strings.HasPrefix(e.Text, prefix) {
					seen++
					if strings.HasPrefix(e.Text, want) {
						hits++
					}
					break
				}
			}
		}
		return hits, seen
	}
	for _, c := range []struct {
		what, src, actor, prefix, want string
	}{
		{"aggressive's first target of two equal mercs",
			"party:\n  - {name: Vega, character: soldier}\nfoes:\n  - {enemy: merc, count: 2}\n",
			"Vega", "seizes by force against ", "seizes by force against Merc 1"},
		{"concentrate-fire's first shot at two equal PCs",
			"party:\n  - {name: Ann, character: adept}\n  - {name: Bob, character: adept}\nfoes:\n  - {name: Wall, harm: 0, armor: 3}\noptions: {S13: at-start}\nstrategies: {party: charge, foes: concentrate-fire}\n",
			"", "fires at ", "fires at Ann"},
		{"cover-each-other's cover for two equally hurt allies",
			"party:\n  - {name: Liara, character: adept, strategy: cover-each-other}\n  - {name: Vega, character: soldier, harm_clock: 2, strategy: hold-position}\n  - {name: Tali, character: engineer, harm_clock: 2, strategy: hold-position}\nfoes:\n  - {enemy: rifleman, count: 3}\noptions: {S13: at-start}\n",
			"Liara", "provides covering fire for ", "provides covering fire for Vega"},
	} {
		t.Run(c.what, func(t *testing.T) {
			hits, seen := count(t, c.src, c.actor, c.prefix, c.want)
			if seen < n/2 {
				t.Fatalf("%s: seen in %d battles of %d; the test shows nothing", c.what, seen, n)
			}
			if p := float64(hits) / float64(seen); math.Abs(p-.5) > 5*math.Sqrt(.25/float64(seen)) {
				t.Errorf("%s: the first listed %d times in %d, want about half", c.what, hits, seen)
			}
		})
	}
}

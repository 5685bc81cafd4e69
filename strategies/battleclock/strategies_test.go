package battleclockstrat_test

import (
	"math"
	"strings"
	"testing"

	"tpk/sim"
	_ "tpk/strategies/battleclock"
	"tpk/systems"
	bc "tpk/systems/battleclock"
)

func build(t *testing.T, src string) sim.Model {
	t.Helper()
	sc, err := sim.LoadScenario("strategy.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := bc.System{}.Compile(sc)
	if err != nil {
		t.Fatal(err)
	}
	return b.Model
}

func replay(m sim.Model, k uint64) []sim.Event {
	var r sim.Rand
	r.Seed(17, k)
	tr := &sim.Trace{}
	m.NewKernel().Play(&r, sim.NewRecord(m.Schema()), tr)
	return tr.Events
}

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

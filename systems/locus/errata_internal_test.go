package locus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// moderateYAML is the tester 20 m from a monster moderately likely to
// chase, under options.
func moderateYAML(options string) string {
	return strings.Replace(duelYAML(nil, "3", "3", options), "chase: 2,", "chase: 2, chases: moderate,", 1)
}

// Errata E-L2, option L-30: a moderately likely monster decides once per
// pursuit whether to chase a character out of its reach, and holds to it
// until the character is back in reach, hides or escapes; under
// "per-turn" it draws afresh each turn.
func TestOptionL30ChaseLikelihood(t *testing.T) {
	if got := OptionTable.Defaults().L30; got != L30PerPursuit {
		t.Fatalf("L-30 default is reading %d, want per-pursuit", got)
	}
	const pursuits, turns = 400, 12
	chases := func(k *kernel) int {
		n := 0
		for range turns {
			if k.hunt(0, false).Kind == Chase {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		name    string
		options string
		held    bool
	}{
		{"per-pursuit", "", true},
		{"per-pursuit", "L-30: per-pursuit", true},
		{"per-turn", "L-30: per-turn", false},
	} {
		t.Run(fmt.Sprintf("%s %q", c.name, c.options), func(t *testing.T) {
			k, _, _ := testKernel(t, moderateYAML(c.options), 61)
			all, none, mixed := 0, 0, 0
			for p := range pursuits {
				// The character comes back into reach, then breaks away again;
				// every third pursuit it hides in between instead.
				k.ch[0].pos = 0
				if p%3 == 2 {
					k.ch[0].pos = 20
					k.ch[0].st |= chHidden
				}
				k.hunt(0, false)
				k.ch[0].st &^= chHidden
				k.ch[0].pos = 20
				switch chases(k) {
				case turns:
					all++
				case 0:
					none++
				default:
					mixed++
				}
			}
			if c.held {
				if mixed != 0 || all < pursuits*2/5 || none < pursuits*2/5 {
					t.Errorf("%s: pursuits chased every turn %d, never %d, some turns %d; want about half each way, none mixed",
						c.options, all, none, mixed)
				}
			} else if mixed < pursuits*9/10 {
				t.Errorf("%s: %d of %d pursuits chased in some turns only; want nearly all", c.options, mixed, pursuits)
			}
		})
	}
	// A definite monster chases every turn, a never one not at all, under
	// either reading.
	for _, o := range []string{"L-30: per-pursuit", "L-30: per-turn"} {
		for likelihood, want := range map[string]int{"definite": turns, "never": 0} {
			src := strings.Replace(duelYAML(nil, "3", "3", o), "chase: 2,", "chase: 2, chases: "+likelihood+",", 1)
			k, _, _ := testKernel(t, src, 67)
			k.ch[0].pos = 20
			if got := chases(k); got != want {
				t.Errorf("%s, %s: chased %d of %d turns, want %d", o, likelihood, got, turns, want)
			}
		}
	}
}

// Errata E-L4: a monster whose Attack is null still Inflicts on another
// character in its reach when its first choice already has the Condition,
// whatever its Behaviour prefers; it waits only when its Infliction can
// change nothing for anyone in reach.
func TestNullAttackInflictsOnAnother(t *testing.T) {
	for _, behaviour := range []string{"plain", "opportunistic", "stalking", "insidious"} {
		for hurt := range 2 {
			src := strings.Replace(twoTesters("", ""), "{name: Thing, attack: 3,",
				"{name: Thing, attack: \"-\", behaviour: "+behaviour+", inflictions: [{name: Stare, attribute: cowardice, difficulty: hard, condition: terrified}],", 1)
			k, _, _ := testKernel(t, src, 71)
			// The afflicted one is the Behaviour's favourite: more hurt.
			k.ch[hurt].cond |= Terrified
			k.ch[hurt].segs = 9
			for range 50 {
				a := k.hunt(0, false)
				if a.Kind != MonsterAttack || a.Target != 1-hurt {
					t.Fatalf("%s, %s already Terrified: %+v, want an Infliction on %s", behaviour, k.cname(hurt), a, k.cname(1-hurt))
				}
			}
			// Both afflicted: nothing it can do in reach.
			k.ch[1-hurt].cond |= Terrified
			if a := k.hunt(0, false); a.Kind == MonsterAttack {
				t.Errorf("%s, both Terrified: %+v, want no attack", behaviour, a)
			}
			// Played out, the turn inflicts on the other character.
			k.ch[1-hurt].cond &^= Terrified
			k.defaultPolicy[0] = true
			k.tr = &sim.Trace{}
			k.monTurn(0)
			if text := traceText(k.tr); !strings.Contains(text, "on "+k.cname(1-hurt)) {
				t.Errorf("%s: the turn played\n%s", behaviour, text)
			}
		}
	}
}

// traceText is a trace's events, one a line.
func traceText(tr *sim.Trace) string {
	var b strings.Builder
	for _, e := range tr.Events {
		b.WriteString(e.Actor + ": " + e.Text + "\n")
	}
	return b.String()
}

// Errata E-L5: under L-11 "misc-check" a character shakes off only a
// Condition that does something under the options in force: Blinded only
// where L-3 lets it cost dice or points (and the injury floor is not
// already Hard), Nauseated only when Clumsiness is not already 5.
func TestShakeOffOnlyWhatHinders(t *testing.T) {
	for _, c := range []struct {
		name      string
		options   string
		over      map[string]int
		cond      Cond
		worst     Injury
		shakesOff bool
	}{
		{"Blinded, L-3 ignore", "L-11: misc-check", nil, Blinded, Miss, false},
		{"Blinded, L-3 dice", "L-11: misc-check, L-3: dice", nil, Blinded, Miss, true},
		{"Blinded, L-3 minus-point", "L-11: misc-check, L-3: minus-point", nil, Blinded, Miss, true},
		{"Blinded, L-3 dice, Grievous floor", "L-11: misc-check, L-3: dice", nil, Blinded, Grievous, false},
		{"Nauseated", "L-11: misc-check", nil, Nauseated, Miss, true},
		{"Nauseated, Clumsiness 5", "L-11: misc-check", map[string]int{"clumsiness": 5}, Nauseated, Miss, false},
		{"Unstable", "L-11: misc-check", nil, Unstable, Miss, true},
		{"Blinded, L-11 conflict", "L-11: conflict, L-3: dice", nil, Blinded, Miss, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(c.over, "3", "3", c.options), 73)
			k.ch[0].cond |= c.cond
			k.ch[0].worst = c.worst
			a := k.fightOrStand(0, true)
			if got := a.Kind == Misc; got != c.shakesOff {
				t.Errorf("%s: fight chose %+v; shakes off %v, want %v", c.name, a, got, c.shakesOff)
			}
			if _, got := ShakeOff(&k.view, 0, true); got != c.shakesOff {
				t.Errorf("%s: ShakeOff %v, want %v", c.name, got, c.shakesOff)
			}
		})
	}
}

// The pursuit decision of L-30 is narrated once, when it is drawn, so that
// a replay shows why a monster then chases or waits turn after turn.
func TestPursuitDecisionNarrated(t *testing.T) {
	k, _, _ := testKernel(t, moderateYAML(""), 79)
	k.ch[0].pos = 20
	k.tr = &sim.Trace{}
	for range 5 {
		k.hunt(0, false)
	}
	if n := strings.Count(traceText(k.tr), "decides once for this pursuit"); n != 1 {
		t.Errorf("the decision narrated %d times in 5 turns:\n%s", n, traceText(k.tr))
	}
}

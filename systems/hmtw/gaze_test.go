package hmtw_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// The cockatrice's gaze costs no card and comes "once per round, at any
// point" (its sim reading in the spec's bestiary, p.257): the GM uses it
// before anyone acts, so that a cockatrice struck down before its own count
// has still stared, and a Rooted adventurer is petrified before it can
// Recover on its turn.
func TestGazeBeforeTheFirstTurn(t *testing.T) {
	cases := []struct{ name, foes string }{
		{"a lone cockatrice", "  - {creature: cockatrice}"},
		{"a cockatrice among goblins", "  - {creature: cockatrice}\n  - {creature: goblin_raider, count: 3}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := compileYAML(t, scenario(fourAdventurers, c.foes))
			rounds := 0
			for e := int64(0); e < 30; e++ {
				_, tr := sim.Replay(b.Model, 1, e)
				round, acted := 0, false
				for _, ev := range tr.Events {
					if ev.Round != round {
						round, acted = ev.Round, false
					}
					switch {
					case ev.Actor == "Cockatrice" && strings.HasPrefix(ev.Text, "gazes at"):
						if acted {
							t.Fatalf("encounter %d, round %d: the gaze came after a turn", e, round)
						}
						rounds++
					case strings.Contains(ev.Text, "on its turn") || strings.Contains(ev.Text, ": turn at "):
						acted = true
					}
				}
			}
			if rounds == 0 {
				t.Fatal("the cockatrice never stared")
			}
		})
	}
}

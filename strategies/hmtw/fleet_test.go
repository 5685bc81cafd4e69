package hmtwstrat_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// Fleet is a free action (spec 6.9.4: "Free actions happen without a
// card"): the GM takes the free move first when it brings a target into
// reach, then acts in the same turn. A griffin (Fleet (2)) never more
// than two zones from the guild flies straight to it, never a zone short
// and then on with a card, and Attacks or Grabs there in that turn.
func TestFleetMovesThenActs(t *testing.T) {
	for _, gm := range []string{"fair-but-smart", "brutal"} {
		m := compile(t, "system: hmtw\nparty:\n  - {archetype: swords_shieldbearer, zone: c}\n  - {archetype: wands_sorcerer, zone: c}\n"+
			"foes:\n  - {creature: griffin, zone: a, name: Gr}\nscene: {zones: [a, b, c]}\n"+
			"strategies: {party: competent, foes: "+gm+"}\n")
		acted := 0
		for e := int64(0); e < 20; e++ {
			_, tr := sim.Replay(m, 5, e)
			moved := false
			for _, ev := range tr.Events {
				if ev.Actor != "Gr" {
					continue
				}
				switch {
				case strings.HasPrefix(ev.Text, "turn at "):
					moved = false
				case strings.HasPrefix(ev.Text, "free (Fleet): moves to the "):
					moved = true
				case moved && strings.HasPrefix(ev.Text, "plays ") && strings.Contains(ev.Text, ": moves to the "):
					t.Errorf("%s, encounter %d: moved on with a card after its free move: %q", gm, e, ev.Text)
					moved = false
				case moved && strings.HasPrefix(ev.Text, "plays ") && strings.Contains(ev.Text, " on its turn: "):
					acted++
					moved = false
				}
			}
		}
		if acted == 0 {
			t.Errorf("%s: in 20 encounters the griffin never acted after a free move", gm)
		}
	}
}

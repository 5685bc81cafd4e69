package hmtwstrat_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
)

// The replays say why the kernel refuses a play; a refusal is a play no one
// at the table would have tried. These tests read the first 150 encounters
// of every hmtw example (1,050 in all).

// refusals counts, in the first n encounters of every hmtw example, the
// events whose text contains text.
func refusals(t *testing.T, n int, text string) (count, encounters int) {
	t.Helper()
	files, err := fs.Glob(examples.FS, "hmtw/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no hmtw examples: %v", err)
	}
	for _, f := range files {
		src, err := fs.ReadFile(examples.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		m := compile(t, string(src))
		for e := int64(0); e < int64(n); e++ {
			_, tr := sim.Replay(m, 5, e)
			for _, ev := range tr.Events {
				if strings.Contains(ev.Text, text) {
					count++
				}
			}
			encounters++
		}
	}
	return count, encounters
}

// TestNoRefusedPlays: offered the Fool or Quick! against an attack, the
// competent guild Dodges only where the rules let it (not while Berserk or
// Rooted, only for an ally within reach), and it plays nothing on its turn
// without a card in hand to pay for it (View.Legal asks for the card).
func TestNoRefusedPlays(t *testing.T) {
	for _, refusal := range []string{"refused: Dodge: Berserk", "refused: Dodge: Rooted or Tripped",
		"refused: Dodge: no such ally within reach", ": no such card in hand"} {
		if n, of := refusals(t, 150, refusal); n > 0 {
			t.Errorf("%d events in %d encounters' replays say %q", n, of, refusal)
		}
	}
}

// TestGuildHearsWhoStrikesWhom: in a minor-action window the guild hears
// the Attacks declared before its own, and does not pile onto a foe that
// those are sure to take out; the second Attack would find no one there.
// Before, 323 Attacks in 1,050 encounters were refused so (21 now); what is left
// comes from Attacks that were not sure to hit, hits that did more than one
// Wound, and foes taken out by something else first (fewer than 1
// encounter in 25).
func TestGuildHearsWhoStrikesWhom(t *testing.T) {
	n, of := refusals(t, 150, "refused: Attack: no such foe in the fight")
	if n*25 > of {
		t.Errorf("%d minor Attacks in %d encounters found their foe gone, more than 1 an encounter in 25", n, of)
	}
}

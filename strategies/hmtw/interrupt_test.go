package hmtwstrat_test

import (
	"io/fs"
	"testing"

	"github.com/tpk-sim/tpk/examples"
)

// TestInterruptDodgesOnlyWhereAllowed: offered the Fool or Quick! against
// an attack, the competent guild Dodges only where the rules let it: not
// while Berserk or Rooted, and only for an ally within reach. The kernel
// refuses anything else, and a replay that says "refused" shows a play no
// player at the table would make. Every hmtw example, 150 encounters each.
func TestInterruptDodgesOnlyWhereAllowed(t *testing.T) {
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
		for _, refusal := range []string{"refused: Dodge: Berserk", "refused: Dodge: Rooted or Tripped", "refused: Dodge: no such ally within reach"} {
			if mentioned(m, 150, refusal) {
				t.Errorf("%s: a replay says %q", f, refusal)
			}
		}
	}
}

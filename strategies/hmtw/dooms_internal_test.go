package hmtwstrat

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/hmtw"
)

// The GM strategies choose among exactly the played dooms that the kernel
// makes a group weigh (View.HasPlayed), each once.
func TestPlayedDoomsMatchTheKernel(t *testing.T) {
	seen := map[hmtw.Ability]bool{}
	for _, c := range playedDooms {
		if seen[c.ab] {
			t.Errorf("ability %d chosen twice", c.ab)
		}
		seen[c.ab] = true
		if !hmtw.WeighedDoom(c.ab) {
			t.Errorf("ability %d: chosen, but the kernel does not weigh it", c.ab)
		}
	}
	for ab := hmtw.Ability(1); ab < 255; ab++ {
		if hmtw.WeighedDoom(ab) && !seen[ab] {
			t.Errorf("ability %d: weighed by the kernel, never chosen", ab)
		}
	}
}

package coinflip

import (
	"fmt"
	"math"
	"testing"

	"github.com/tpk-sim/tpk/systems"
)

// TestFlipsExact checks the check's odds against counts worked by hand.
func TestFlipsExact(t *testing.T) {
	for _, c := range []struct {
		coins, heads int
		made         float64
	}{
		{1, 0, 1}, {1, 1, 0.5}, {2, 1, 0.75}, {3, 2, 0.5}, {4, 4, 1.0 / 16}, {4, 2, 11.0 / 16}, {10, 6, 386.0 / 1024},
	} {
		t.Run(fmt.Sprintf("%d of %d", c.heads, c.coins), func(t *testing.T) {
			p, err := System.Checks()[0].Exact(systems.Args{"coins": c.coins, "heads": c.heads})
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(p[0]-c.made) > 1e-12 || math.Abs(p[0]+p[1]-1) > 1e-12 {
				t.Errorf("%d heads in %d coins: %v, want made %v", c.heads, c.coins, p, c.made)
			}
		})
	}
}

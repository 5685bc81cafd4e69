package catchthedevil

import (
	"strings"
	"testing"
)

// Attacks that land together are rolled in a random order, not in the
// order the scenario lists the NPCs: the order matters (a 7-9's penalty
// and a wound weigh on the next roll), and listing the Grey Man after his
// cultists moved the defeat rate from 0.061 to 0.055 over 100,000 fights.
func TestLandedAttacksRollInRandomOrder(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, "  - {name: Fist, threshold: 2}\n  - {name: Gun, threshold: 3, weapon: rifle}"), 5)
	const n = 2000
	gunFirst := 0
	for e := 0; e < n; e++ {
		k.reset()
		k.round = 1
		tr := narrate(k)
		k.aim(0, 0)
		k.aim(1, 0)
		k.land(0, 0)
		k.land(0, 1)
		k.flush()
		text := tr()
		if strings.Index(text, "Gun: hits Ada") < strings.Index(text, "Fist: hits Ada") {
			gunFirst++
		}
	}
	proportion(t, "the rifle's hit rolled first", gunFirst, n, 0.5)
}

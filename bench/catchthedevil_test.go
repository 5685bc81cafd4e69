package bench

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/catchthedevil"
	_ "github.com/tpk-sim/tpk/systems/catchthedevil"
)

// BenchmarkCatchTheDevilGang is three PCs cornered by a gang of four
// (examples/catchthedevil/alley.yaml): the Catch the Devil kernel's figure,
// target under 2 µs per encounter on one core.
func BenchmarkCatchTheDevilGang(b *testing.B) { benchKernel(b, "catchthedevil/alley.yaml") }

// BenchmarkCatchTheDevilHorror is four PCs with pre-rolled versions against
// the Grey Man and his cultists: Keep It Together at first sight and
// protect (examples/catchthedevil/grey-man.yaml).
func BenchmarkCatchTheDevilHorror(b *testing.B) { benchKernel(b, "catchthedevil/grey-man.yaml") }

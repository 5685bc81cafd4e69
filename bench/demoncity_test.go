package bench

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	_ "github.com/tpk-sim/tpk/systems/demoncity"
)

// BenchmarkDemonCityFour is four ordinary people against a Narth, fought to
// the end (examples/demoncity/four-vs-narth.yaml): the Demon City kernel's
// figure, target under 3 µs per encounter on one core.
func BenchmarkDemonCityFour(b *testing.B) { benchKernel(b, "demoncity/four-vs-narth.yaml") }

// BenchmarkDemonCityD10 is a three-against-one fight under Randomizer B and
// the 2017 rules (examples/demoncity/ghoul-legacy.yaml).
func BenchmarkDemonCityD10(b *testing.B) { benchKernel(b, "demoncity/ghoul-legacy.yaml") }

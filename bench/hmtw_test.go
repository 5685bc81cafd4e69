package bench

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/hmtw"
	_ "github.com/tpk-sim/tpk/systems/hmtw"
)

// BenchmarkHMTWElite is the default guild of four against one elite, a
// vampire that only the sorcerer's wand can hurt, fought to the end
// (examples/hmtw/vampire-elite.yaml): target under 5 µs per encounter on
// one core.
func BenchmarkHMTWElite(b *testing.B) { benchKernel(b, "hmtw/vampire-elite.yaml") }

// BenchmarkHMTWMinions is the default guild of four against six goblin
// raiders (examples/hmtw/goblin-mob.yaml).
func BenchmarkHMTWMinions(b *testing.B) { benchKernel(b, "hmtw/goblin-mob.yaml") }

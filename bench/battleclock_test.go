package bench

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/battleclock"
	_ "github.com/tpk-sim/tpk/systems/battleclock"
)

// BenchmarkBattleClockGang is a squad of three against a gang of four
// mercs (examples/battleclock/firefight.yaml): the battle-clock kernel's
// figure, target under 2 µs per battle on one core.
func BenchmarkBattleClockGang(b *testing.B) { benchKernel(b, "battleclock/firefight.yaml") }

// BenchmarkBattleClockCaptain is four PCs digging in against a squad with
// a lieutenant and a captain under concentrated fire, to midnight
// (examples/battleclock/captain.yaml).
func BenchmarkBattleClockCaptain(b *testing.B) { benchKernel(b, "battleclock/captain.yaml") }

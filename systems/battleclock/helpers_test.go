package battleclock_test

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/battleclock"
	"github.com/tpk-sim/tpk/systems"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// compileYAML compiles a scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	return systemtest.MustCompile(t, bc.System, src)
}

func tryCompile(src string) (*systems.Build, error) { return systemtest.Compile(bc.System, src) }

// traceOf narrates encounter k.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	return systemtest.Trace(t, b, seed, k)
}

// scenario builds a small scenario from party and foe list items, then
// extra top-level lines.
func scenario(party, foes string, extra ...string) string {
	return systemtest.Scenario("system: battleclock", party, foes, extra...)
}

package locus_test

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/locus"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/locus"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// compileYAML compiles a Locus scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	return systemtest.MustCompile(t, locus.System, src)
}

func tryCompile(src string) (*systems.Build, error) { return systemtest.Compile(locus.System, src) }

// traceOf narrates encounter k.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	return systemtest.Trace(t, b, seed, k)
}

// scenario builds a small scenario: party lines and foe lines are YAML list
// items; options as "L-3: ignore" lines.
func scenario(party, foes string, extra ...string) string {
	return systemtest.Scenario("system: locus\nmax_rounds: 100", party, foes, extra...)
}

// stats are the sums of a run's metrics.
type stats = systemtest.Stats

// run plays n encounters of a compiled scenario with fixed seeds.
func run(t testing.TB, b *systems.Build, n int, seed uint64) *stats {
	t.Helper()
	return systemtest.Run(b, n, seed)
}

// runYAML compiles and runs.
func runYAML(t testing.TB, src string, n int, seed uint64) *stats {
	t.Helper()
	return run(t, compileYAML(t, src), n, seed)
}

package locus_test

import (
	"fmt"
	"strings"
	"testing"

	_ "tpk/strategies/locus"
	"tpk/systems"
	"tpk/systems/locus"
	"tpk/systems/systemtest"
)

// compileYAML compiles a Locus scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	b, err := tryCompile(src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

func tryCompile(src string) (*systems.Build, error) { return systemtest.Compile(locus.System{}, src) }

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

// traceOf narrates encounter k of a scenario.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	text, err := systemtest.Narrate(b, seed, k)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// scenario builds a small scenario: party lines and foe lines are YAML list
// items; options as "L-3: ignore" lines.
func scenario(party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: locus\nmax_rounds: 100\nparty:\n%s\nfoes:\n%s\n", party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

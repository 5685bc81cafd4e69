package battleclock_test

import (
	"fmt"
	"strings"
	"testing"

	_ "tpk/strategies/battleclock"
	"tpk/systems"
	bc "tpk/systems/battleclock"
	"tpk/systems/systemtest"
)

// compileYAML compiles a battle-clock scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	b, err := tryCompile(src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

func tryCompile(src string) (*systems.Build, error) {
	return systemtest.Compile(bc.System{}, src)
}

// traceOf narrates encounter k.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	s, err := systemtest.Narrate(b, seed, k)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// scenario builds a small scenario from party and foe list items.
func scenario(party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: battleclock\nparty:\n%s\nfoes:\n%s\n", party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

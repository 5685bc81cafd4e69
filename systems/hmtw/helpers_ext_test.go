package hmtw_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/hmtw"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// compileYAML compiles an HMTW scenario from YAML text.
func compileYAML(t testing.TB, src string) *systems.Build {
	t.Helper()
	b, err := tryCompile(src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

func tryCompile(src string) (*systems.Build, error) {
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		return nil, err
	}
	return hmtw.System.Compile(sc)
}

// traceOf narrates encounter k.
func traceOf(t testing.TB, b *systems.Build, seed, k uint64) string {
	t.Helper()
	_, tr := sim.Replay(b.Model, seed, int64(k))
	var sb strings.Builder
	if err := tr.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// scenario builds a small scenario: party and foes are YAML list items.
func scenario(party, foes string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: hmtw\nmax_rounds: 30\nparty:\n%s\nfoes:\n%s\n", party, foes)
	for _, e := range extra {
		b.WriteString(e)
		b.WriteString("\n")
	}
	return b.String()
}

// fourAdventurers is the spec's default party of four.
const fourAdventurers = `  - {archetype: swords_shieldbearer, name: Brannoc}
  - {archetype: pentacles_skirmisher, name: Ilse}
  - {archetype: wands_sorcerer, name: Mord}
  - {archetype: cups_chirurgeon, name: Cato}`

package demoncitystrat_test

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	"github.com/tpk-sim/tpk/systems"
	_ "github.com/tpk-sim/tpk/systems/demoncity"
)

// compile builds a scenario from YAML text.
func compile(t testing.TB, src string) *systems.Build {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	sys, err := systems.Get("demoncity")
	if err != nil {
		t.Fatal(err)
	}
	b, err := sys.Compile(sc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

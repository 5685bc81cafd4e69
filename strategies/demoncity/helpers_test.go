package demoncitystrat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tpk/examples"
	"tpk/sim"
	_ "tpk/strategies/demoncity"
	"tpk/systems"
	_ "tpk/systems/demoncity"
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

// example reads an embedded example.
func example(t testing.TB, name string) string {
	t.Helper()
	data, err := examples.FS.ReadFile("demoncity/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// run plays n encounters with seed and returns the accumulator.
func run(t testing.TB, b *systems.Build, seed uint64, n int) *sim.Acc {
	t.Helper()
	out, err := sim.Run(context.Background(), b.Model, sim.RunConfig{Seed: seed, Trials: n, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return out.Acc
}

// summary prints the headline figures (for -v).
func summary(b *systems.Build, a *sim.Acc) string {
	var parts []string
	s := b.Model.Schema()
	for i, m := range s.Metrics {
		if m.Kind == sim.Prob {
			parts = append(parts, fmt.Sprintf("%s=%.4f", m.Name, a.Proportion(i).P))
		} else {
			parts = append(parts, fmt.Sprintf("%s=%.3f", m.Name, a.Distribution(i).Mean))
		}
	}
	return strings.Join(parts, " ")
}

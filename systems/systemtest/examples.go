package systemtest

import (
	"context"
	"io/fs"
	"runtime"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// examplesIn checks sys's examples in fsys as `tpk check` runs them: there
// are at least min, each compiles and plays, and each meets its own
// expectations with its own seed and number of encounters (2,000 encounters
// when it has none).
func examplesIn(t *testing.T, fsys fs.FS, sys systems.System, min int) {
	t.Helper()
	files, err := fs.Glob(fsys, sys.ID()+"/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < min {
		t.Fatalf("%d examples, want at least %d", len(files), min)
	}
	for _, f := range files {
		sc, b := compileFile(t, fsys, f, sys)
		trials := 2000
		if len(sc.Expect) > 0 {
			trials = sc.Trials
		}
		out, err := sim.Run(context.Background(), b.Model, sim.RunConfig{Seed: sc.Seed, Trials: trials, Workers: runtime.GOMAXPROCS(0)})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		res := out.Result(b.Model.Schema(), sim.RunInfo{Name: sc.Name, File: f, System: sc.System, Seed: sc.Seed})
		evals, err := sim.Evaluate(res, sc.Expect)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range evals {
			if !e.Pass {
				t.Errorf("%s: expectation %s %s %v fails: observed %v", f, e.Metric, e.Op, e.Value, e.Observed)
			}
		}
	}
}

// ExampleResult runs n encounters of the embedded example file (such as
// "battleclock/captain.yaml") through the engine with seed and returns the
// result, as `tpk run` would write it.
func ExampleResult(t *testing.T, sys systems.System, file string, n int, seed uint64) *sim.Result {
	t.Helper()
	data, err := fs.ReadFile(examples.FS, file)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := sim.LoadScenario(file, data, systems.IDs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := sys.Compile(sc)
	if err != nil {
		t.Fatal(err)
	}
	out, err := sim.Run(context.Background(), b.Model, sim.RunConfig{Seed: seed, Trials: n, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return out.Result(b.Model.Schema(), sim.RunInfo{Name: sc.Name, File: file, System: sc.System, Seed: seed})
}

// compileFile loads scenario file f of fsys and compiles it for sys,
// failing t on any error.
func compileFile(t *testing.T, fsys fs.FS, f string, sys systems.System) (*sim.Scenario, *systems.Build) {
	t.Helper()
	data, err := fs.ReadFile(fsys, f)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := sim.LoadScenario(f, data, systems.IDs())
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	b, err := sys.Compile(sc)
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return sc, b
}

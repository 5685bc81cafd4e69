package catchthedevil_test

import (
	"context"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"tpk/examples"
	"tpk/sim"
	"tpk/systems"
	ctd "tpk/systems/catchthedevil"
)

// The embedded examples compile, play, and meet their own expectations
// with their own seed and number of trials (as `tpk check` runs them).
func TestExamples(t *testing.T) {
	files, err := fs.Glob(examples.FS, "catchthedevil/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Fatalf("%d examples, want at least 4", len(files))
	}
	for _, f := range files {
		data, err := fs.ReadFile(examples.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := sim.LoadScenario(f, data, systems.IDs())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		b, err := ctd.System{}.Compile(sc)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		trials := 2000
		if len(sc.Expect) > 0 {
			trials = sc.Trials
		}
		out, err := sim.Run(context.Background(), b.Model, sim.RunConfig{Seed: sc.Seed, Trials: trials, Workers: 1})
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

// Narrating changes nothing: every example, and each with the options
// that take the kernel off its fast paths, gives the same record for each
// encounter whether or not it is narrated (the kernel has paths that run
// only when nothing is narrated).
func TestTracedPlayMatches(t *testing.T) {
	files, err := fs.Glob(examples.FS, "catchthedevil/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	extra := []string{"", "options: {C36: spared, C37: preferred-target, C8: encounter}\n", "strategies: {party: protect, foes: focus}\n"}
	for _, f := range files {
		data, err := fs.ReadFile(examples.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range extra {
			src := string(data)
			if x != "" && (strings.Contains(src, "\noptions:") && strings.HasPrefix(x, "options") ||
				strings.Contains(src, "\nstrategies:") && strings.HasPrefix(x, "strategies")) {
				continue // the example sets it already
			}
			sc, err := sim.LoadScenario(f, []byte(src+x), systems.IDs())
			if err != nil {
				t.Fatalf("%s %s: %v", f, x, err)
			}
			b, err := ctd.System{}.Compile(sc)
			if err != nil {
				t.Fatalf("%s %s: %v", f, x, err)
			}
			m := b.Model
			silent, told := sim.NewRecord(m.Schema()), sim.NewRecord(m.Schema())
			k1, k2 := m.NewKernel(), m.NewKernel()
			var r sim.Rand
			for e := uint64(0); e < 300; e++ {
				silent.Reset()
				r.Seed(3, e)
				k1.Play(&r, silent, nil)
				told.Reset()
				r.Seed(3, e)
				k2.Play(&r, told, &sim.Trace{})
				if !slices.Equal(silent.Values, told.Values) || !slices.Equal(silent.PerCombatant, told.PerCombatant) {
					t.Fatalf("%s %s encounter %d: silent %v %v, narrated %v %v", f, x, e,
						silent.Values, silent.PerCombatant, told.Values, told.PerCombatant)
				}
			}
		}
	}
}

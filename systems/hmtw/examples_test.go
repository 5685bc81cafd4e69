package hmtw_test

import (
	"io/fs"
	"testing"

	"tpk/examples"
	"tpk/sim"
	"tpk/systems"
	"tpk/systems/hmtw"
)

// The example scenarios compile and play.
func TestExamples(t *testing.T) {
	files, err := fs.Glob(examples.FS, "hmtw/*.yaml")
	if err != nil || len(files) < 6 {
		t.Fatalf("%d examples (%v)", len(files), err)
	}
	for _, f := range files {
		data, err := examples.FS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := sim.LoadScenario(f, data, systems.IDs())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		b, err := hmtw.System{}.Compile(sc)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		s := run(t, b, 2000, 1)
		t.Logf("%-28s victory %.3f defeat %.3f retreat %.3f stalemate %.3f any_death %.3f rounds %.2f", f,
			s.mean("victory"), s.mean("defeat"), s.mean("retreat"), s.mean("stalemate"), s.mean("any_death"), s.mean("rounds"))
	}
}

package catchthedevil_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"tpk/examples"
	"tpk/sim"
	"tpk/systems"
	ctd "tpk/systems/catchthedevil"
	"tpk/systems/systemtest"
)

// The embedded examples compile, play, and meet their own expectations
// with their own seed and number of trials (as `tpk check` runs them).
func TestExamples(t *testing.T) { systemtest.Examples(t, ctd.System{}, 4) }

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

// Every combatant's standing-by-round series (the survival plot) counts
// every encounter at the start, never grows (nobody comes back), and ends
// with the encounters in which the combatant was neither down nor fled:
// the kernel reports Standing after step 0 and at the end of every round.
func TestStandingByRound(t *testing.T) {
	const trials = 3000
	files, err := fs.Glob(examples.FS, "catchthedevil/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fell := map[sim.Side]bool{}
	for _, f := range files {
		res := systemtest.ExampleResult(t, ctd.System{}, f, trials, 1)
		for _, c := range res.Combatants {
			s := c.Standing
			if len(s) < 2 || s[0] > trials {
				t.Fatalf("%s, %s: standing by round %v, want at most %d at round 0 and later rounds", f, c.Name, s, trials)
			}
			for r := 1; r < len(s); r++ {
				if s[r] > s[r-1] {
					t.Fatalf("%s, %s: %d standing in round %d, more than the %d of round %d", f, c.Name, s[r], r, s[r-1], r-1)
				}
			}
			out := c.Metrics["down"].Proportion.Events + c.Metrics["fled"].Proportion.Events
			if last := s[len(s)-1]; last != trials-out {
				t.Errorf("%s, %s: %d standing after the last round, want %d less %d down or fled", f, c.Name, last, trials, out)
			}
			fell[c.Side] = fell[c.Side] || out > 0
		}
	}
	if !fell[sim.Party] || !fell[sim.Foes] {
		t.Errorf("some side never went down (%v): the test shows too little", fell)
	}
}

package hmtw_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/hmtw"
)

// viewCheck plays as the competent party and checks the View's sets
// against the kernel at every question.
type viewCheck struct {
	hmtw.PartyPolicy
}

var (
	viewCheckErr   error
	viewCheckCalls int
)

func (p viewCheck) check(v *hmtw.View) {
	viewCheckCalls++
	if err := hmtw.CheckViewSets(v); err != nil && viewCheckErr == nil {
		viewCheckErr = err
	}
}

func (p viewCheck) Minor(v *hmtw.View, self int, a *hmtw.Action) {
	p.check(v)
	if err := hmtw.CheckDeclared(v, self); err != nil && viewCheckErr == nil {
		viewCheckErr = err
	}
	p.PartyPolicy.Minor(v, self, a)
}

func (p viewCheck) Turn(v *hmtw.View, self int, a *hmtw.Action) {
	p.check(v)
	p.PartyPolicy.Turn(v, self, a)
}

func init() {
	p, err := hmtw.PartyPolicyNamed("competent")
	if err != nil {
		panic(err)
	}
	hmtw.Policies.Party.Register("test-view-check", "competent, checking the View's sets", viewCheck{p})
}

// The View's sets and the facts it keeps (ReachSet, MinorSuits, Live,
// InFight, Morale, DeclaredSet), which the strategies use for speed, give
// the kernel's answers in every state the examples reach, inside a
// minor-action window's declarations and out of them, with both foe
// strategies.
func TestViewSetsMatchKernel(t *testing.T) {
	files, err := examples.FS.ReadDir("hmtw")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := examples.FS.ReadFile("hmtw/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, foes := range []string{"fair-but-smart", "brutal"} {
			src := strings.Replace(string(data), "strategies: {party: competent, foes: fair-but-smart}",
				"strategies: {party: test-view-check, foes: "+foes+"}", 1)
			if src == string(data) {
				t.Fatalf("%s: no strategies line to replace", f.Name())
			}
			m := compileYAML(t, src).Model
			k := m.NewKernel()
			rec := sim.NewRecord(m.Schema())
			var r sim.Rand
			viewCheckErr, viewCheckCalls = nil, 0
			for s := 0; s < 200; s++ {
				r.Seed(3, uint64(s))
				rec.Reset()
				k.Play(&r, rec, nil)
			}
			if viewCheckErr != nil {
				t.Errorf("%s, %s: %v", f.Name(), foes, viewCheckErr)
			}
			if viewCheckCalls == 0 {
				t.Errorf("%s: the policy was never asked", f.Name())
			}
		}
	}
}

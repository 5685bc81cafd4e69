package catchthedevilstrat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// npcViaView hides the UniformTargeter mark of a policy, so that the kernel
// calls its Target through the interface, as for any other policy.
type npcViaView struct{ ctd.NPCPolicy }

func init() {
	ctd.Policies.Foes.Register("default-via-view", "default, called through the interface (test)", npcViaView{&random{}})
}

// The kernel's own uniform choice for the default foe strategy (every NPC
// whose policy is a UniformTargeter) decides as the policy's Target called
// through the interface: every example playing default, under option sets
// that change who may be targeted (C36 spared, C37 preferred target), gives
// the same records and the same narration (first 50 encounters), encounter
// by encounter.
func TestUniformTargetsAsThePolicy(t *testing.T) {
	optionSets := []string{
		"",
		"options: {C36: spared, C37: preferred-target}",
		"options: {C37: preferred-target, C35: enemy}",
	}
	n := 0
	for _, name := range []string{"alley", "bar-fight", "lethal-gm", "run-for-it"} {
		data, err := examples.FS.ReadFile("catchthedevil/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		general := strings.Replace(src, "foes: default}", "foes: default-via-view}", 1)
		if general == src {
			t.Fatalf("%s: does not play foes default", name)
		}
		for o, opts := range optionSets {
			if strings.Contains(src, "\noptions:") && opts != "" {
				continue // the example sets its own options
			}
			n++
			systemtest.SamePlay(t, fmt.Sprintf("%s, options %d", name, o),
				systemtest.Model(t, ctd.System, src+"\n"+opts+"\n"), systemtest.Model(t, ctd.System, general+"\n"+opts+"\n"), 3000)
		}
	}
	if n < 7 {
		t.Fatalf("only %d comparisons", n)
	}
}

// The test's copy really is called through the interface, and default is
// marked for the kernel's direct choice.
func TestViaViewHidesUniform(t *testing.T) {
	var p ctd.NPCPolicy = npcViaView{&random{}}
	if _, ok := p.(ctd.UniformTargeter); ok {
		t.Error("default-via-view is a UniformTargeter")
	}
	var d any = &random{}
	if _, ok := d.(ctd.UniformTargeter); !ok {
		t.Error("default is no UniformTargeter")
	}
}

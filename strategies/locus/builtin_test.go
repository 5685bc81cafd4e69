package locusstrat

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/locus"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// viaView hides a policy's Builtin method, so that the kernel calls its Act
// (and Reroll) through the interface with a View, as for any other policy.
type (
	charViaView struct{ locus.CharacterPolicy }
	monViaView  struct{ locus.MonsterPolicy }
)

func init() {
	locus.Policies.Party.Register("fight-via-view", "fight, called through the interface (test)", charViaView{&fight{}})
	locus.Policies.Foes.Register("default-via-view", "default, called through the interface (test)", monViaView{&byBehaviour{}})
}

var (
	partyFight  = regexp.MustCompile(`(party|strategy): fight\b`)
	foesDefault = regexp.MustCompile(`foes: default\b`)
)

// viaView rewrites a scenario to use the interface-called copies of fight
// and default.
func viaView(src string) string {
	src = partyFight.ReplaceAllString(src, "$1: fight-via-view")
	return foesDefault.ReplaceAllString(src, "foes: default-via-view")
}

// The kernel's direct calls of locus.Fight and locus.ByBehaviour, without
// the interface and without validating the action, decide as the policies
// called through the interface: every example, under several option sets,
// gives the same records and the same narration (every roll of the first
// 50 encounters), encounter by encounter.
func TestBuiltinsDecideAsThePolicies(t *testing.T) {
	const mixed = `system: locus
name: mixed
max_rounds: 60
party:
  - {character: reference, count: 2}
  - {character: reference, strategy: defend, distance: 6}
  - {character: reference, distance: 12}
  - {character: reference, items: [{name: club, weapon: true, quality: 1, durability: 3},
      {name: torch, weapon: true, quality: 3, durability: 2, types: [fire], helps: [cowardice]}]}
foes:
  - {monster: tar-wing, weakness: [fire]}
  - {monster: mouth-tower}
  - {monster: faced-flock}
  - {monster: spore-vine-core}
scene: {cover: true, distance: 3}
strategies: {party: fight, foes: default}
`
	srcs := map[string]string{"mixed": mixed}
	for _, n := range []string{"duel", "escape", "hiding", "party-fight", "party-vs-locus-monster"} {
		data, err := examples.FS.ReadFile("locus/" + n + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		srcs[n] = string(data)
	}
	optionSets := []string{
		"",
		"options: {L-11: misc-check, L-9: alternate, L-19: all-dice, L-22: 0.5}",
		"options: {L-11: rounds, L-8: aligned, L-15: unlimited, L-16: out-of-reach, L-3: ignore}",
	}
	for name, src := range srcs {
		for o, opts := range optionSets {
			fast := compile(t, src+"\n"+opts+"\n")
			general := compile(t, viaView(src)+"\n"+opts+"\n")
			if viaView(src) == src {
				t.Fatalf("%s: plays neither fight nor default", name)
			}
			systemtest.SamePlay(t, fmt.Sprintf("%s, options %d", name, o), fast, general, 3000)
		}
	}
}

// The test's copies really are called through the interface.
func TestViaViewHidesBuiltin(t *testing.T) {
	var c locus.CharacterPolicy = charViaView{&fight{}}
	var m locus.MonsterPolicy = monViaView{&byBehaviour{}}
	if _, ok := c.(locus.BuiltinPolicy); ok {
		t.Error("fight-via-view declares a built-in")
	}
	if _, ok := m.(locus.BuiltinPolicy); ok {
		t.Error("default-via-view declares a built-in")
	}
	var f any = &fight{}
	var d any = &byBehaviour{}
	if _, ok := f.(locus.BuiltinPolicy); !ok {
		t.Error("fight declares no built-in")
	}
	if _, ok := d.(locus.BuiltinPolicy); !ok {
		t.Error("default declares no built-in")
	}
}

// compile builds a Locus scenario.
func compile(t *testing.T, src string) sim.Model {
	t.Helper()
	b, err := systemtest.Compile(locus.System, src)
	if err != nil {
		t.Fatal(err)
	}
	return b.Model
}

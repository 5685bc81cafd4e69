package hmtw_test

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"

	"strings"
	"testing"
)

// E-H4: scene.dark applies from the first round. A guild that holds no
// light (and has no lantern on a belt) fights Blind from the start; one
// with a held torch is not in the dark while the torch lasts (H-19 ignore:
// it never breaks).
func TestDarkFromTheFirstRound(t *testing.T) {
	for _, c := range []struct {
		name  string
		party string
		dark  bool
	}{
		{"no light", fourAdventurers, true},
		{"a torch held", strings.Replace(fourAdventurers, "name: Ilse}", "name: Ilse, hands: [blade, torch]}", 1), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := compileYAML(t, scenario(c.party, "  - {creature: ogre}", "scene: {dark: true}", "options: {H-19: ignore}"))
			for k := uint64(0); k < 5; k++ {
				tr := traceOf(t, b, 1, k)
				first, _, _ := strings.Cut(tr, "Round 2")
				if got := strings.Contains(first, "is in darkness: Blind"); got != c.dark {
					t.Errorf("%s, encounter %d: Blind in the dark in round 1 %v, want %v", c.name, k, got, c.dark)
				}
				if !c.dark && strings.Contains(tr, "is in darkness") {
					t.Errorf("%s, encounter %d: in darkness with a torch that never breaks", c.name, k)
				}
			}
		})
	}
}

// E-H4: a scene key that changes nothing is a warning, not a silent
// wrong answer; one that changes something is not.
func TestSceneKeysWithoutEffectWarn(t *testing.T) {
	for _, c := range []struct {
		scene string
		warn  string
	}{
		{"scene: {cover: [field]}", "scene cover has no effect in a scene of one zone"},
		{"scene: {zones: [{name: hall, cover: true}]}", "scene cover has no effect in a scene of one zone"},
		{"scene: {protect_across_zones: true}", "scene.protect_across_zones has no effect in a scene of one zone"},
		{"scene: {zones: [room, hall], cover: [hall], protect_across_zones: true}", ""},
		{"scene: {dark: true}", ""},
		{"scene: {protect_across_zones: true, cover: [hall], zones: [room, hall]}", ""},
	} {
		t.Run(c.scene, func(t *testing.T) {
			sc, err := sim.LoadScenario("test.yaml", []byte(scenario(fourAdventurers, "  - {creature: ogre}", c.scene)), systems.IDs())
			if err != nil {
				t.Fatal(err)
			}
			b, err := hmtw.System.Compile(sc)
			if err != nil {
				t.Fatalf("%s: %v", c.scene, err)
			}
			got := strings.Join(b.Warnings, "\n")
			if c.warn == "" && got != "" || c.warn != "" && !strings.Contains(got, c.warn) {
				t.Errorf("%s: warnings %q, want %q", c.scene, got, c.warn)
			}
		})
	}
}

package battleclock_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Bad input is a *sim.InputError naming the file and the line, with what
// was expected and the allowed values.
func TestBadInput(t *testing.T) {
	const head = "system: battleclock\n"
	const foes = "foes:\n  - {enemy: merc}\n"
	for _, c := range []struct {
		name, src string
		line      int
		want      []string
	}{
		{"unknown key", head + "party:\n  - {character: soldier, weapon: rifle}\n" + foes, 3,
			[]string{`unknown key "weapon"`, "allowed keys: name, character, stats"}},
		{"near-miss stat", head + "party:\n  - character: soldier\n    stats: {wil: 1}\n" + foes, 4,
			[]string{`unknown key "wil"`, "cool, hard, hot, sharp, will", `did you mean "will"?`}},
		{"near-miss enemy", head + "party:\n  - {character: soldier}\nfoes:\n  - {enemy: mercs}\n", 5,
			[]string{`"mercs"`, "thug, merc", `did you mean "merc"?`}},
		{"unknown character", head + "party:\n  - {character: vanguard}\n" + foes, 3,
			[]string{`"vanguard"`, "soldier, adept, engineer, infiltrator"}},
		{"stat range", head + "party:\n  - character: soldier\n    stats: {hard: 4}\n" + foes, 4,
			[]string{"stat hard", "allowed: -2 to 3"}},
		{"stat -3 at creation", head + "party:\n  - character: soldier\n    stats: {hot: -3}\n" + foes, 4,
			[]string{"stat hot", "in_play: true allows -3", "allowed: -2 to 3"}},
		{"unknown stat", head + "party:\n  - character: soldier\n    stats: {tough: 1}\n" + foes, 4,
			[]string{`unknown key "tough"`, "cool, hard, hot, sharp, will"}},
		{"armor", head + "party:\n  - {character: soldier, armor: 4}\n" + foes, 3,
			[]string{"armor", "allowed: 0 to 3"}},
		{"harm clock", head + "party:\n  - {character: soldier, harm_clock: 6}\n" + foes, 3,
			[]string{"harm_clock", "allowed: 0 to 5"}},
		{"debility", head + "party:\n  - {character: soldier, debilities: [maimed]}\n" + foes, 3,
			[]string{`"maimed"`, "shattered, crippled, disfigured, broken"}},
		{"debility twice", head + "party:\n  - character: soldier\n    debilities:\n      - broken\n      - broken\n" + foes, 6,
			[]string{`debility "broken" is marked twice`, "each debility can be marked once"}},
		{"unknown enemy", head + "party:\n  - {character: soldier}\nfoes:\n  - {enemy: reaper}\n", 5,
			[]string{`"reaper"`, "thug, merc, trooper, rifleman"}},
		{"grade", head + "party:\n  - {character: soldier}\nfoes:\n  - {enemy: merc, grade: major}\n", 5,
			[]string{`"major"`, "ordinary, lieutenant, captain"}},
		{"written-out enemy", head + "party:\n  - {character: soldier}\nfoes:\n  - {name: Drone, armor: 1}\n", 5,
			[]string{"give `enemy:`", "harm"}},
		{"enemy harm", head + "party:\n  - {character: soldier}\nfoes:\n  - {enemy: merc, harm: 6}\n", 5,
			[]string{"harm", "allowed: 0 to 5"}},
		{"unknown strategy", head + "party:\n  - {character: soldier, strategy: rambo}\n" + foes, 3,
			[]string{`unknown party strategy "rambo"`, "aggressive", "hold-position", "cover-each-other"}},
		{"unknown foe strategy", head + "party:\n  - {character: soldier}\n" + foes + "strategies: {foes: flank}\n", 6,
			[]string{`unknown foe strategy "flank"`, "default", "concentrate-fire"}},
		{"option value", head + "party:\n  - {character: soldier}\n" + foes + "options:\n  S2: maybe\n", 7,
			[]string{"option S2", `"maybe"`, "allowed: stand-in, overflow, once, always-dead, life-untenable"}},
		{"option probability", head + "party:\n  - {character: soldier}\n" + foes + "options: {S11: 1.5}\n", 6,
			[]string{"option S11", "or a probability from 0 to 1"}},
		{"unknown option", head + "party:\n  - {character: soldier}\n" + foes + "options: {S99: yes}\n", 6,
			[]string{`unknown option "S99"`, "S1, S2"}},
		{"scene", head + "scene: {cover: true}\nparty:\n  - {character: soldier}\n" + foes, 2,
			[]string{"no scene settings"}},
		{"too many groups", head + "party:\n  - {character: soldier}\nfoes:\n" + strings.Repeat("  - {enemy: thug}\n", 9), 13,
			[]string{"more than 8 enemy groups", "count:"}},
		{"too many enemies", head + "party:\n  - {character: soldier}\nfoes:\n  - {enemy: thug, count: 20}\n  - {enemy: thug, count: 5}\n", 6,
			[]string{"more than 24 enemies", "allowed: 1 to 24"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tryCompile(c.src)
			systemtest.InputError(t, err, "test.yaml", c.line, c.want...)
		})
	}
}

// Good input: templates, overrides, groups.
func TestGoodInput(t *testing.T) {
	b := compileYAML(t, `system: battleclock
party:
  - name: Shepard
    stats: {cool: 2, hard: 2, hot: -2, sharp: 0, will: 1}
    harm: 3
    armor: 2
    shields: 2
    harm_clock: 2
    debilities: [broken]
    forward: 1
    ongoing: 1
    boosted: true
  - {character: adept, stats: {hard: -3}, in_play: true, count: 2}
foes:
  - {enemy: merc, count: 3}
  - {name: Drone, harm: 1, armor: 2, shock: 2, strategy: concentrate-fire}
options: {S11: 0.5, S13: never}
`)
	var names []string
	for _, c := range b.Model.Schema().Combatants {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "Shepard,Adept 1,Adept 2,Merc 1,Merc 2,Merc 3,Drone" {
		t.Errorf("combatants %s", got)
	}
	if b.Options["S11"] != "0.5" || b.Options["S13"] != "never" {
		t.Errorf("options %v", b.Options)
	}
	tr := traceOf(t, b, 1, 0)
	for _, w := range []string{"Shepard: Cool +2, Hard +2, Hot -2, Sharp 0, Will +1; 3-harm, 2-armor, 2 shields; strategy aggressive",
		"Merc: a group of 3: 2-harm, 1-armor", "Drone: 1-harm, 2-armor, 2-shock", "+1 ongoing", "boosted"} {
		if !strings.Contains(tr, w) {
			t.Errorf("trace lacks %q:\n%s", w, tr)
		}
	}
}

package catchthedevil_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Bad input is a *sim.InputError naming the file and the line, with what
// was expected and the allowed values.
func TestBadInput(t *testing.T) {
	const head = "system: catchthedevil\n"
	const foes = "foes:\n  - {npc: thug}\n"
	for _, c := range []struct {
		name, src string
		line      int
		want      []string
	}{
		{"unknown key", head + "party:\n  - {character: nurse, armour: true}\n" + foes, 3,
			[]string{`unknown key "armour"`, "allowed keys: name, character, stats"}},
		{"near-miss key", head + "party:\n  - {charcter: nurse}\n" + foes, 3,
			[]string{`unknown key "charcter"`, `did you mean "character"?`}},
		{"near-miss npc", head + "party:\n  - {character: nurse}\nfoes:\n  - {npc: thugg}\n", 5,
			[]string{`"thugg"`, "bystander, cultist", `did you mean "thug"?`}},
		{"near-miss strategy", head + "party:\n  - {character: nurse, strategy: fihgt}\n" + foes, 3,
			[]string{`unknown party strategy "fihgt"`, `did you mean "fight"?`}},
		{"unknown character", head + "party:\n  - {character: hero}\n" + foes, 3,
			[]string{`"hero"`, "police-officer, security-guard, delivery-driver, nurse, mechanic, accountant"}},
		{"stat out of range", head + "party:\n  - character: nurse\n    stats: {tough: 4}\n" + foes, 4,
			[]string{"stat tough", "allowed: -3 to 3"}},
		{"unknown stat", head + "party:\n  - character: nurse\n    stats: {cool: 1}\n" + foes, 4,
			[]string{`unknown key "cool"`, "quick, steady, sharp, tough"}},
		{"not a starting array", head + "party:\n  - name: Ada\n    stats:\n      quick: 2\n      tough: 1\n" + foes, 4,
			[]string{"not a starting array", "+1/0/0/0, +2/0/0/-1 or +1/+1/0/-1", "in_play: true"}},
		{"no stats", head + "party:\n  - name: Ada\n" + foes, 3,
			[]string{"not a starting array"}},
		{"weapon", head + "party:\n  - {character: nurse, weapon: sword}\n" + foes, 3,
			[]string{`"sword"`, "fists, knuckles, baton, knife, pistol, rifle, explosives"}},
		{"damage 4", head + "party:\n  - {character: nurse, damage: 4}\n" + foes, 3,
			[]string{"damage", "no PC starts skilled", "allowed: 1 to 3"}},
		{"version 7", head + "party:\n  - character: nurse\n    versions: {study: 7}\n" + foes, 4,
			[]string{"versions.study", "allowed: 1 to 6"}},
		{"unknown move", head + "party:\n  - character: nurse\n    wounded: [running]\n" + foes, 4,
			[]string{`"running"`, "take-a-risk, suffer-harm, keep-it-together, study"}},
		{"move wounded twice", head + "party:\n  - character: nurse\n    wounded:\n      - study\n      - study\n" + foes, 6,
			[]string{"wounded", `"study" is listed twice`, "a move is wounded or not"}},
		{"bonus twice", head + "party:\n  - character: nurse\n    wounded: [study]\n    bonus: [study, study]\n" + foes, 5,
			[]string{"bonus", `"study" is listed twice`}},
		{"question", head + "party:\n  - character: nurse\n    questions: {war: true}\n" + foes, 4,
			[]string{`unknown key "war"`, "life_or_death, injury, horrendous"}},
		{"question value", head + "party:\n  - character: nurse\n    questions: {injury: maybe}\n" + foes, 4,
			[]string{"questions.injury", "expected true or false"}},
		{"penalty", head + "party:\n  - {character: nurse, sh_penalty: 1}\n" + foes, 3,
			[]string{"sh_penalty", "allowed: -10 to 0"}},
		{"unknown npc", head + "party:\n  - {character: nurse}\nfoes:\n  - {npc: dragon}\n", 5,
			[]string{`"dragon"`, "bystander, cultist, thug, gunman"}},
		{"threshold", head + "party:\n  - {character: nurse}\nfoes:\n  - {npc: thug, threshold: 5}\n", 5,
			[]string{"threshold", "allowed: 2 to 4"}},
		{"written-out npc", head + "party:\n  - {character: nurse}\nfoes:\n  - {name: Stranger, weapon: knife}\n", 5,
			[]string{"give `npc:`", "threshold"}},
		{"npc key", head + "party:\n  - {character: nurse}\nfoes:\n  - {npc: thug, ranged: true}\n", 5,
			[]string{`unknown key "ranged"`, "npc, name, threshold"}},
		{"unknown strategy", head + "party:\n  - {character: nurse, strategy: berserk}\n" + foes, 3,
			[]string{`unknown party strategy "berserk"`, "fight", "flee", "protect"}},
		{"unknown foe strategy", head + "party:\n  - {character: nurse}\n" + foes + "strategies: {foes: sneaky}\n", 6,
			[]string{`unknown foe strategy "sneaky"`, "default", "focus"}},
		{"option value", head + "party:\n  - {character: nurse}\n" + foes + "options:\n  C14: later\n", 7,
			[]string{"option C14", `"later"`, "allowed: dying, at-once, unless-won, untended"}},
		{"unknown option", head + "party:\n  - {character: nurse}\n" + foes + "options: {C99: yes}\n", 6,
			[]string{`unknown option "C99"`, "C1, C2"}},
		{"scene key", head + "scene: {fog: true}\nparty:\n  - {character: nurse}\n" + foes, 2,
			[]string{`unknown key "fog"`, "dying_rounds"}},
		{"dying_rounds", head + "scene: {dying_rounds: 0}\nparty:\n  - {character: nurse}\n" + foes, 2,
			[]string{"scene.dying_rounds", "allowed: 1 to 100"}},
		{"too many PCs", head + "party:\n  - {character: nurse, count: 8}\n  - {character: nurse}\n" + foes, 4,
			[]string{"more than 8", "allowed: 1 to 8"}},
		{"too many NPCs", head + "party:\n  - {character: nurse}\nfoes:\n  - {npc: thug, count: 16}\n  - {npc: thug}\n", 6,
			[]string{"more than 16", "allowed: 1 to 16"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tryCompile(c.src)
			systemtest.InputError(t, err, "test.yaml", c.line, c.want...)
		})
	}
}

// Good input: templates, overrides and every field decode.
func TestGoodInput(t *testing.T) {
	b := compileYAML(t, `system: catchthedevil
scene: {dying_rounds: 2}
party:
  - name: Ada
    stats: {quick: 1, sharp: 1, steady: -1}
    weapon: pistol
    armor: true
    questions: {life_or_death: true, injury: false, horrendous: true}
    versions: {take-a-risk: 6}
    wounded: [study]
    bonus: [study]
    sh_penalty: -1
    kit_penalty: -1
    strategy: protect
  - {character: police-officer, stats: {tough: -3, quick: 3}, in_play: true, count: 2}
foes:
  - {npc: thug, count: 2}
  - {name: Stranger, threshold: 4, weapon: knife, damage: 3, skilled: true, horrendous: true, person: false}
options: {C14: untended}
`)
	s := b.Model.Schema()
	var names []string
	for _, c := range s.Combatants {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "Ada,Police Officer 1,Police Officer 2,Thug 1,Thug 2,Stranger" {
		t.Errorf("combatants %s", got)
	}
	if b.Strategies["party"] != "fight" || b.Options["C14"] != "untended" || b.Options["C1"] != "random" {
		t.Errorf("strategies %v, options %v", b.Strategies, b.Options)
	}
	tr := traceOf(t, b, 1, 0)
	for _, w := range []string{"Ada: Quick +1, Steady -1, Sharp +1, Tough 0; pistol (2 damage, ranged); armor; life_or_death: yes; horrendous: yes; strategy protect",
		"Take a Risk version 6", "Study version", "(wounded)",
		"Stranger: threshold 4; knife (3 damage, melee), skilled (4 damage); horrendous"} {
		if !strings.Contains(tr, w) {
			t.Errorf("trace lacks %q:\n%s", w, tr)
		}
	}
}

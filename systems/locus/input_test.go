package locus_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Bad input is a *sim.InputError naming the file and the line, with what
// was expected and the allowed values.
func TestBadInput(t *testing.T) {
	const head = "system: locus\n"
	for _, c := range []struct {
		name, src string
		line      int
		want      []string
	}{
		{"unknown key", head + "party:\n  - {character: reference, armour: 2}\nfoes:\n  - {monster: tar-wing}\n", 3,
			[]string{`unknown key "armour"`, "allowed keys: name, character, attributes"}},
		{"near-miss monster", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wnig}\n", 5,
			[]string{`"tar-wnig"`, "tar-wing, mouth-tower", `did you mean "tar-wing"?`}},
		{"near-miss item key", head + "party:\n  - character: reference\n    items: [{name: rod, qualty: 2}]\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{`item: unknown key "qualty"`, `did you mean "quality"?`}},
		{"unknown monster", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: dragon}\n", 5,
			[]string{`"dragon"`, "tar-wing, mouth-tower, faced-flock, spore-vine-core"}},
		{"attribute 0", head + "party:\n  - character: reference\n    attributes: {clumsiness: 0}\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{"attribute clumsiness", "allowed: 1 to 5"}},
		{"attribute 6", head + "party:\n  - character: reference\n    attributes:\n      temper: 6\nfoes:\n  - {monster: tar-wing}\n", 5,
			[]string{"attribute temper", "allowed: 1 to 5"}},
		{"unknown attribute", head + "party:\n  - character: reference\n    attributes: {strength: 2}\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{`unknown key "strength"`, "frailty, clumsiness, carelessness, impatience, cowardice, ignorance, repulsion, temper"}},
		{"missing attributes", head + "party:\n  - name: Ada\n    attributes: {clumsiness: 2}\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{"all eight attributes are required", "missing: frailty, carelessness"}},
		{"unknown strategy", head + "party:\n  - {character: reference, strategy: berserk}\nfoes:\n  - {monster: tar-wing}\n", 3,
			[]string{`unknown party strategy "berserk"`, "fight", "defend", "hide", "flee"}},
		{"unknown foe strategy", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\nstrategies: {foes: sneaky}\n", 6,
			[]string{`unknown foe strategy "sneaky"`, "default", "relentless"}},
		{"unknown option value", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\noptions:\n  L-3: sometimes\n", 7,
			[]string{"option L-3", `"sometimes"`, "allowed: ignore, dice, minus-point"}},
		{"unknown option", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\noptions: {L-31: yes}\n", 6,
			[]string{`unknown option "L-31"`, "L-1, L-2"}},
		{"award out of range", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\noptions: {L-22: 1.5}\n", 6,
			[]string{"option L-22", "off, always, or a probability from 0 to 1"}},
		{"deaths_door 4", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, deaths_door: 4}\n", 5,
			[]string{"deaths_door: 4 is not a multiple of 3", "allowed: 3, 6, 9"}},
		{"deaths_door 0", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, deaths_door: 0}\n", 5,
			[]string{"deaths_door", "allowed: 3 to 60"}},
		{"monster attribute", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, chase: fast}\n", 5,
			[]string{"chase", "1 to 5, or null or -"}},
		{"monster attribute 6", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, attack: 6}\n", 5,
			[]string{"attack", "allowed: 1 to 5"}},
		{"behaviour", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, behaviour: sly}\n", 5,
			[]string{`"sly"`, "plain, stalking, opportunistic, insidious"}},
		{"chases", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, chases: always}\n", 5,
			[]string{`"always"`, "never, moderate, definite"}},
		{"condition", head + "party:\n  - {character: reference}\nfoes:\n  - name: X\n    attack: 2\n    chase: 2\n    search: 2\n    resist: 2\n    inflictions: [{attribute: frailty, difficulty: easy, condition: on-fire}]\n", 10,
			[]string{`"on-fire"`, "blinded, prone, restrained, nauseated, heavy, terrified, unstable"}},
		{"written-out monster", head + "party:\n  - {character: reference}\nfoes:\n  - {name: X, attack: 2}\n", 5,
			[]string{"tar-wing, mouth-tower", "missing: chase, search, resist"}},
		{"item quality", head + "party:\n  - character: reference\n    items: [{name: rod, quality: 4}]\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{"item quality", "allowed: 1 to 3"}},
		{"unknown character", head + "party:\n  - {character: hero}\nfoes:\n  - {monster: tar-wing}\n", 3,
			[]string{`"hero"`, "allowed: reference"}},
		{"scene key", head + "scene: {fog: true}\nparty:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\n", 2,
			[]string{`unknown key "fog"`, "cover, distance, escape"}},
		{"too many", head + "party:\n  - {character: reference, count: 16}\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\n", 4,
			[]string{"more than 16", "allowed: 1 to 16"}},
		{"count", head + "party:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing, count: 0}\n", 5,
			[]string{"count", "allowed: 1 to 16"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tryCompile(c.src)
			systemtest.InputError(t, err, "test.yaml", c.line, c.want...)
		})
	}
}

// Written-out and overridden monsters and characters decode as the format
// says.
func TestGoodInput(t *testing.T) {
	b := compileYAML(t, `system: locus
name: The Hollow Man
scene: {cover: true, distance: 10, escape: 40}
party:
  - name: Ada
    character: reference
    attributes: {clumsiness: 2, cowardice: 4}
    stress: tense
    items:
      - {name: crowbar, weapon: true, quality: 2, durability: 3, types: [blunt], attribute: frailty, helps: [frailty]}
    distance: 5
    strategy: defend
  - name: Bo
    attributes: {frailty: 1, clumsiness: 5, carelessness: 1, impatience: 5, cowardice: 1, ignorance: 5, repulsion: 1, temper: 5}
    willpower: 7
    count: 2
foes:
  - monster: faced-flock
    count: 2
  - name: The Hollow Man
    attack: 2
    chase: null
    search: 3
    resist: "-"
    behaviour: stalking
    chases: definite
    deaths_door: 9
    weakness: [fire]
    effective: [salt]
    senses_motion: true
    inflictions:
      - {name: Spore cloud, attribute: frailty, difficulty: medium, condition: nauseated}
    strategy: relentless
strategies: {party: hide, foes: default}
options: {L-22: "0.25", l-3: ignore}
`)
	s := b.Model.Schema()
	var names []string
	for _, c := range s.Combatants {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ", "); got != "Ada, Bo 1, Bo 2, Faced Flock 1, Faced Flock 2, The Hollow Man" {
		t.Errorf("combatants: %s", got)
	}
	if b.Options["L-22"] != "0.25" || b.Options["L-3"] != "ignore" || b.Strategies["party"] != "hide" {
		t.Errorf("options %v strategies %v", b.Options, b.Strategies)
	}
	// It plays.
	st := run(t, b, 2000, 1)
	if st.Mean("rounds") <= 0 {
		t.Error("no rounds played")
	}
}

// FuzzCompile: no input makes Compile panic; bad input is an InputError.
func FuzzCompile(f *testing.F) {
	f.Add("system: locus\nparty:\n  - {character: reference}\nfoes:\n  - {monster: tar-wing}\n")
	f.Add("system: locus\nscene: {cover: true}\nparty:\n  - {name: A, attributes: {frailty: 1}}\nfoes:\n  - {name: X, attack: 1, chase: -, search: ~, resist: 5, inflictions: [{attribute: temper, difficulty: hard, condition: prone}]}\n")
	f.Fuzz(func(t *testing.T, src string) {
		b, err := tryCompile(src)
		if err != nil {
			var ie *sim.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("not an InputError: %v", err)
			}
			return
		}
		k := b.Model.NewKernel()
		rec := sim.NewRecord(b.Model.Schema())
		var r sim.Rand
		r.Seed(1, 1)
		k.Play(&r, rec, &sim.Trace{})
	})
}

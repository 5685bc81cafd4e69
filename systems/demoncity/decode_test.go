package demoncity_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/demoncity"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

func compile(src string) (*systems.Build, error) {
	sc, err := sim.LoadScenario("s.yaml", []byte(src), systems.IDs())
	if err != nil {
		return nil, err
	}
	return demoncity.System.Compile(sc)
}

const okScenario = `system: demoncity
party:
  - name: Marty
    character: bartender
    significator: the-hierophant
    weapon: {weapon: bat, name: tire iron}
  - {name: Nena, agility: 3, toughness: 2, calm: 4, weapon: pistol, firearms: 3}
foes:
  - horror: hungry-ghost
    count: 2
  - {name: Thing, agility: 4, toughness: 5, calm_check: 6, cards: [the-tower, 7-of-swords], supernatural: true}
  - {character: bully, name: Rocco, strategy: pick-off-the-weak}
scene: {range: contact, escape: 3, flee_intensity: 2, horror_deck: [queen-of-pentacles, 8-of-cups]}
strategies: {party: dodge-and-strike, foes: default}
options: {DC-21: "on", DC-14: numbered}
`

func TestCompileOK(t *testing.T) {
	b, err := compile(okScenario)
	if err != nil {
		t.Fatal(err)
	}
	s := b.Model.Schema()
	var names []string
	for _, c := range s.Combatants {
		names = append(names, c.Name+"/"+string(c.Side))
	}
	want := "Marty/party Nena/party Hungry Ghost 1/foes Hungry Ghost 2/foes Thing/foes Rocco/foes"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("combatants %s", got)
	}
	if b.Strategies[sim.Party] != "dodge-and-strike" || b.Strategies[sim.Foes] != "default" {
		t.Errorf("strategies %v", b.Strategies)
	}
	if b.Options["DC-21"] != "on" || b.Options["DC-1"] != "lowest-of-t" {
		t.Errorf("options %v", b.Options)
	}
	for _, name := range []string{"victory", "defeat", "tpk", "any_death", "stalemate", "rounds", "deaths"} {
		if i := s.Index(name); i < 0 || i >= sim.NumStandard {
			t.Errorf("headline metric %s at %d", name, i)
		}
	}
	// It plays.
	rec, tr := sim.Replay(b.Model, 1, 0)
	if rec.Values[sim.Rounds] < 1 || len(tr.Events) == 0 {
		t.Errorf("replay: rounds %d, %d events", rec.Values[sim.Rounds], len(tr.Events))
	}
}

// TestBadInput: every bad input is an InputError naming the file, the line
// and what is allowed.
func TestBadInput(t *testing.T) {
	base := "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - horror: narth\n"
	cases := []struct {
		name, src string
		line      int
		want      []string
	}{
		{"unknown party key", "system: demoncity\nparty:\n  - {name: A, character: student, strenght: 3}\nfoes:\n  - horror: narth\n",
			3, []string{`unknown key "strenght"`, "allowed keys:", "agility"}},
		{"unknown character", "system: demoncity\nparty:\n  - {name: A, character: wizard}\nfoes:\n  - horror: narth\n",
			3, []string{`unknown value "wizard"`, "bartender", "student"}},
		{"unknown horror", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - horror: dracula\n",
			5, []string{`unknown value "dracula"`, "narth", "hungry-ghost", "werewolf"}},
		{"stat out of range", "system: demoncity\nparty:\n  - {name: A, character: student, agility: 11}\nfoes:\n  - horror: narth\n",
			3, []string{"agility", "out of range", "0 to 10"}},
		{"stat wrong type", "system: demoncity\nparty:\n  - {name: A, character: student, calm: high}\nfoes:\n  - horror: narth\n",
			3, []string{"calm", "whole number from 0 to 10"}},
		{"missing stats", "system: demoncity\nparty:\n  - {name: A, calm: 3}\nfoes:\n  - horror: narth\n",
			3, []string{"missing `agility:`", "character:"}},
		{"missing name", "system: demoncity\nparty:\n  - {agility: 2, toughness: 2}\nfoes:\n  - horror: narth\n",
			3, []string{"missing `name:`"}},
		{"unknown weapon", "system: demoncity\nparty:\n  - {name: A, character: student, weapon: chainsaw}\nfoes:\n  - horror: narth\n",
			3, []string{`unknown value "chainsaw"`, "knife", "pistol"}},
		{"bad band", "system: demoncity\nparty:\n  - {name: A, character: student, weapon: {name: spear, suits: [reach]}}\nfoes:\n  - horror: narth\n",
			3, []string{`unknown value "reach"`, "contact, close, near, far, distant"}},
		{"bad card", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, cards: [the-joker]}\n",
			5, []string{`unknown card "the-joker"`, "the-moon"}},
		{"bad significator", "system: demoncity\nparty:\n  - {name: A, character: student, significator: 12}\nfoes:\n  - horror: narth\n",
			3, []string{"plain number must be 1..10"}},
		{"duplicate card", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth}\nscene: {horror_deck: [the-star]}\n",
			6, []string{"the-star is already in play", "each card once"}},
		{"fool twice", "system: demoncity\nparty:\n  - {name: A, character: student, significator: the-fool}\nfoes:\n  - {horror: narth, cards: [the-fool]}\noptions: {DC-21: \"on\"}\n",
			3, []string{"The Fool is in the Horror's Deck"}},
		{"bad scene key", base + "scene: {distance: 10}\n", 6, []string{`unknown key "distance"`, "range, escape, flee_intensity, horror_deck"}},
		{"bad range", base + "scene: {range: melee}\n", 6, []string{`unknown value "melee"`, "contact"}},
		{"bad escape", base + "scene: {escape: 0}\n", 6, []string{"escape", "1 to 10"}},
		{"unknown option", base + "options: {DC-99: x}\n", 6, []string{`unknown option "DC-99"`, "DC-1", "DC-24"}},
		{"bad option value", base + "options: {DC-6: loose}\n", 6, []string{"DC-6", `unknown value "loose"`, "strict, highest-successful"}},
		{"unknown strategy", base + "strategies: {party: berserk}\n", 6, []string{`unknown party strategy "berserk"`, "gang-up", "flee"}},
		{"unknown own strategy", "system: demoncity\nparty:\n  - {name: A, character: student, strategy: hide}\nfoes:\n  - horror: narth\n",
			3, []string{`unknown party strategy "hide"`, "dodge-and-strike"}},
		{"both templates", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, character: bully}\n",
			5, []string{"either `horror:` or `character:`"}},
		{"count", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, count: 17}\n",
			5, []string{"count", "1 to 16"}},
		{"too many", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, count: 16}\n",
			5, []string{"17 combatants", "at most 16"}},
		{"same names", "system: demoncity\nparty:\n  - {name: A, character: student}\n  - {name: A, character: cop}\nfoes:\n  - horror: narth\n",
			4, []string{`two combatants are called "A"`}},
		{"misspelled foe key", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - horor: narth\n",
			5, []string{`foe: unknown key "horor"`, "calm_check, cards, name", `did you mean "horror"?`}},
		{"foe stat out of range", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, toughness: 11}\n",
			5, []string{"foe toughness: 11 is out of range; allowed: 0 to 10"}},
		{"calm_check wrong type", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {horror: narth, calm_check: [1]}\n",
			5, []string{"calm_check: expected a whole number from 0 to 10, found a list"}},
		{"own strategy wrong type", "system: demoncity\nparty:\n  - {name: A, character: student, strategy: [flee]}\nfoes:\n  - horror: narth\n",
			3, []string{"party member strategy: expected a word or text, found a list"}},
		{"strategy misspelt", "system: demoncity\nparty:\n  - {name: A, character: student, strategy: Fleee}\nfoes:\n  - horror: narth\n",
			3, []string{`strategy: unknown party strategy "fleee"`, `did you mean "flee"?`}},
		{"horror deck not a card", base + "scene: {horror_deck: [{a: 1}]}\n", 6, []string{"scene horror_deck: expected a card, found a mapping"}},
		{"foe armor", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {name: B, agility: 1, toughness: 1, armor: 6}\n",
			5, []string{"foe armor: 6 is out of range; allowed: 0 to 5"}},
		{"foe missing stats", "system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - {name: B, agility: 1}\n",
			5, []string{"foe: missing `toughness:` (0..10)"}},
		{"party member not a mapping", "system: demoncity\nparty:\n  - Marty\nfoes:\n  - horror: narth\n",
			3, []string{"expected a mapping"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := compile(c.src)
			systemtest.InputError(t, err, "s.yaml", c.line, c.want...)
		})
	}
}

// FuzzCompile: no input makes the decoder or the compiler panic.
func FuzzCompile(f *testing.F) {
	f.Add(okScenario)
	f.Add("system: demoncity\nparty:\n  - {name: A, character: student}\nfoes:\n  - horror: narth\n")
	f.Fuzz(func(t *testing.T, src string) {
		b, err := compile(src)
		if err == nil && b.Model.Schema() == nil {
			t.Fatal("no schema")
		}
	})
}

// TestSystem: the registry entry, the notes and the listings.
func TestSystem(t *testing.T) {
	s, err := systems.Get("demoncity")
	if err != nil {
		t.Fatal(err)
	}
	notes := s.Notes()
	for _, w := range []string{"Dead:", "Out of action", "[inferred]", "down_at_end", "DC-4"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q", w)
		}
	}
	if len(s.Options()) != 26 {
		t.Errorf("%d options", len(s.Options()))
	}
	for _, o := range s.Options() {
		if strings.Contains(o.ID, "DC-1") && o.ID == "DC-1" && !strings.Contains(o.Doc, "[inferred]") {
			t.Error("DC-1 is not labelled inferred")
		}
	}
	var strat []string
	for _, st := range s.Strategies() {
		strat = append(strat, string(st.Side)+"/"+st.Name)
	}
	want := "party/gang-up party/dodge-and-strike party/all-in party/flee party/strong foes/default foes/pick-off-the-weak foes/strong"
	if got := strings.Join(strat, " "); got != want {
		t.Errorf("strategies %s, want %s", got, want)
	}
	kinds := map[string]int{}
	for _, c := range s.Bestiary() {
		kinds[c.Kind]++
		if c.Summary == "" {
			t.Errorf("%s has no summary", c.ID)
		}
	}
	if kinds["horror"] < 4 || kinds["character"] < 4 {
		t.Errorf("bestiary %v", kinds)
	}
	var checks []string
	for _, c := range s.Checks() {
		checks = append(checks, c.Name)
	}
	if got := strings.Join(checks, " "); got != "clash static damage" {
		t.Errorf("checks %s", got)
	}
}

package hmtw

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// idleParty and idleGM are test policies that do nothing; the built-in
// ones live in strategies/hmtw, which this package's own tests cannot
// import.
type idleParty struct{}

func (idleParty) Initiative(v *View, self int) int                  { return 0 }
func (idleParty) Turn(v *View, self int, a *Action)                 {}
func (idleParty) Minor(v *View, self int, a *Action)                {}
func (idleParty) Interrupt(v *View, self int, t *Threat, a *Action) {}
func (idleParty) Absorb(v *View, self int, w Wound) Absorber        { return DefaultAbsorb(v, self, w) }
func (idleParty) FateResolve(v *View, self int, t FateTest) bool    { return false }
func (idleParty) Push(v *View, self int, p FatePush) bool           { return false }
func (idleParty) Retreat(v *View) bool                              { return false }

type idleGM struct{}

func (idleGM) Initiative(v *View, g int) int     { return -1 }
func (idleGM) Turn(v *View, g int, a *GMAction)  {}
func (idleGM) Minor(v *View, g int, a *GMAction) {}

func init() {
	Policies.Party.Register("test-idle", "test only: does nothing", idleParty{})
	Policies.Foes.Register("test-idle", "test only: does nothing", idleGM{})
}

// testScenario builds a scenario with test policies; party and foes are
// YAML list items.
func testScenario(party, foes string, extra ...string) string {
	s := "system: hmtw\nstrategies: {party: test-idle, foes: test-idle}\nparty:\n" + party + "\nfoes:\n" + foes + "\n"
	for _, e := range extra {
		s += e + "\n"
	}
	return s
}

func decode(t testing.TB, src string) (*model, error) {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), []string{"hmtw"})
	if err != nil {
		return nil, err
	}
	m, _, err := compileModel(sc)
	return m, err
}

func mustDecode(t testing.TB, src string) *model {
	t.Helper()
	m, err := decode(t, src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return m
}

func TestDecodeArchetypes(t *testing.T) {
	for _, id := range archetypeList.IDs() {
		m := mustDecode(t, testScenario("  - {archetype: "+id+"}", "  - {creature: ogre}"))
		a := m.party[0]
		if a.attr[a.path] != 4 {
			t.Errorf("%s: path %s rated %d", id, a.path, a.attr[a.path])
		}
		if a.hands[0] == NoItem {
			t.Errorf("%s: holds nothing", id)
		}
	}
	m := mustDecode(t, testScenario("  - {archetype: swords_shieldbearer, name: Brannoc}", "  - {creature: ogre}"))
	a := m.party[0]
	if a.name != "Brannoc" || a.kin != Human || !a.mastered.Has(TProudAndAncient) || !a.mastered.Has(THeavyMetalMachine) ||
		!a.training.Has(TAegis) || a.resolve != 4 || a.xp != 3 {
		t.Errorf("shieldbearer: %+v", a)
	}
	if a.hands != [2]Item{Blade, HeavyShield} || a.body != SteelArmor || !a.helm {
		t.Errorf("shieldbearer holds %v, wears %v helm %v", a.hands, a.body, a.helm)
	}
	// Steel armor and helm fill the belt: everything else is packed.
	if len(a.belt) != 0 || len(a.pack) != 4 {
		t.Errorf("belt %v pack %v", a.belt, a.pack)
	}
	m = mustDecode(t, testScenario("  - {archetype: swords_two_hander}", "  - {creature: ogre}"))
	if a := m.party[0]; a.hands != [2]Item{Polearm, Polearm} || !a.twoHand || a.kin != FirebloodedOrc || !a.mastered.Has(TBerserkergang) {
		t.Errorf("two-hander: %+v", a)
	}
}

func TestDecodeAdventurer(t *testing.T) {
	m := mustDecode(t, testScenario(`  - name: Daria
    path: wands
    kin: orc
    attributes: {swords: 1, pentacles: 2, cups: 3, wands: 4}
    talents: [gramarye]
    gear: [archwood_wand, stiletto, light_shield, light_armor, poultice]
    conditions: [staggered]
    wounded_talents: 1
    resolve: 2`, "  - {creature: goblin_raider, count: 6}"))
	a := m.party[0]
	if a.hands != [2]Item{ArchwoodWand, LightShield} || a.body != LightArmor || len(a.belt) != 2 || a.belt[0] != Dagger {
		t.Errorf("Daria's gear: hands %v body %v belt %v pack %v", a.hands, a.body, a.belt, a.pack)
	}
	if !a.staggered || a.woundedTalents != 1 || a.resolve != 2 || !a.mastered.Has(TGramarye) || a.mastered.Has(TProudAndAncient) {
		t.Errorf("Daria: %+v", a)
	}
	g := m.groups[0]
	if len(g.members) != 6 || g.ranged != 3 || g.members[0].health != 2 || g.members[0].defense != 1 || !g.abil.has(AbPoison) {
		t.Errorf("goblins: %d members, %d ranged, HD %d/%d", len(g.members), g.ranged, g.members[0].health, g.members[0].defense)
	}
	// Explicit hands, a count, numbered names.
	m = mustDecode(t, testScenario("  - {archetype: pentacles_skirmisher, name: Elf, count: 2, hands: [dagger, torch]}", "  - {creature: imp, count: 12}"))
	if len(m.party) != 2 || m.party[0].name != "Elf 1" || m.party[1].name != "Elf 2" || m.party[0].hands != [2]Item{Dagger, Torch} {
		t.Errorf("copies: %q %q %v", m.party[0].name, m.party[1].name, m.party[0].hands)
	}
}

func TestDecodeFoes(t *testing.T) {
	// A template creature: Undead Brute with a chosen doom.
	m := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undead, threat: brute, abilities: [deadly_attack]}"))
	g := m.groups[0]
	if g.name != "Undead Brute" || g.attr != (Attributes{6, 4, 1, 1}) || g.members[0].health != 2 || g.members[0].defense != 6 {
		t.Errorf("undead brute: %q %v HD %d/%d", g.name, g.attr, g.members[0].health, g.members[0].defense)
	}
	for _, a := range []Ability{AbTough, AbBreathless, AbRottingBrains, AbDevourTheLiving, AbFear, AbDeadlyAttack} {
		if !g.abil.has(a) {
			t.Errorf("undead brute lacks %s", abilityTable[a].id)
		}
	}
	if !g.mindless || g.living {
		t.Errorf("undead brute: mindless %v living %v", g.mindless, g.living)
	}
	// Beyond Banter: undead, constructs, the spectral; not the bloodybones,
	// which cannot be hurt but has likes and hates.
	for _, c := range []struct {
		creature string
		mindless bool
	}{{"skeleton", true}, {"animate_statue", true}, {"wraith", true}, {"bloodybones", false}, {"ogre", false}} {
		t.Run(c.creature, func(t *testing.T) {
			if g := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.creature+"}")).groups[0]; g.mindless != c.mindless {
				t.Errorf("%s: mindless %v, want %v", c.creature, g.mindless, c.mindless)
			}
		})
	}
	// A person: 4 on the path, HD 5 / armor Notches.
	m = mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: man, name: Sellsword, path: pentacles, armor: iron_armor}"))
	g = m.groups[0]
	if !g.man || g.attr != (Attributes{3, 4, 2, 1}) || g.members[0].health != 5 || g.members[0].defense != 2 || !g.armed {
		t.Errorf("sellsword: man %v %v HD %d/%d", g.man, g.attr, g.members[0].health, g.members[0].defense)
	}
	// A dungeon lord: the phylactery stays home.
	m = mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: lich_yellow_king}"))
	g = m.groups[0]
	if !g.lord || len(g.members) != 2 || g.members[g.core].pool != "body" || g.extra != 3 {
		t.Errorf("lich: lord %v %d pools core %d", g.lord, len(g.members), g.core)
	}
	// Last Grasp reserves a limb per zombie; the vampire's bats, the
	// Yellow King's clones and, for a guild that carries a poultice, its
	// risen dead (errata E-H11) wait hidden.
	m = mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: zombie, count: 3}\n  - {creature: vampire}\n  - {creature: lich_yellow_king}"))
	if len(m.groups) != 6 || len(m.groups[0].members) != 6 || !m.groups[0].members[3].spare || !m.groups[2].hidden ||
		m.groups[2].name != "Bat cloud" || !m.groups[4].hidden || len(m.groups[4].members) != maxClones ||
		m.risen != 5 || !m.groups[5].hidden || m.groups[5].summoner != -1 || len(m.groups[5].members) != 1 {
		t.Errorf("summons: %d groups", len(m.groups))
	}
	// Overrides.
	m = mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}",
		"  - {creature: skeleton, hd: {health: 6, defense: 2}, larger_than_human: true, disposition: fear, zone: field}\n  - {creature: bloodybones}\n  - {creature: slime, hd: {health: 4}}"))
	if g := m.groups[0]; g.members[0].defense != 2 || !g.larger || g.emotion != Fear {
		t.Errorf("skeleton overrides: %+v", g.members[0])
	}
	if m.groups[1].members[0].health != Infinite {
		t.Error("the bloodybones is not infinite")
	}
	if g := m.groups[2]; g.attr[Swords] != 4 || g.attr[Pentacles] != 4 {
		t.Errorf("slime X: %v", g.attr)
	}
	// Option H-20 for creatures of unknown size.
	big := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: lion}", "options: {H-20: unknown-larger}"))
	small := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: lion}"))
	never := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "options: {H-20: never}"))
	if !big.groups[0].larger || small.groups[0].larger || never.groups[0].larger {
		t.Error("H-20: a lion counts as larger only under unknown-larger; never means never")
	}
}

func TestDecodeScene(t *testing.T) {
	m := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon, zone: room}", "  - {creature: goblin_raider, count: 6, zone: foyer}",
		`scene:
  zones: [room, {name: foyer, cover: true}]
  exits: [room]
  cover: [room]
  hazards: [{name: Pendulum blade, between: [room, foyer], wounds: 2, piercing: true}]
  protect_across_zones: true`))
	s := m.scene
	if len(s.zones) != 2 || s.adj[0] != 2 || s.adj[1] != 1 || s.exits != 1 || s.cover != 3 || !s.acrossZones || len(s.hazards) != 1 {
		t.Errorf("scene: %+v", s)
	}
	if h := s.hazards[0]; h.name != "Pendulum blade" || h.wounds != 2 || !h.piercing || h.a != 0 || h.b != 1 {
		t.Errorf("hazard %+v", h)
	}
	if m.party[0].zone != 0 || m.groups[0].zone != 1 {
		t.Errorf("zones: party %d goblins %d", m.party[0].zone, m.groups[0].zone)
	}
	// The keys that name zones may come before `zones:`.
	m2 := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon, zone: room}", "  - {creature: goblin_raider, count: 6, zone: foyer}",
		`scene:
  protect_across_zones: true
  hazards: [{name: Pendulum blade, between: [room, foyer], wounds: 2, piercing: true}]
  cover: [room]
  exits: [room]
  zones: [room, {name: foyer, cover: true}]`))
	if s2 := m2.scene; s2.adj != s.adj || s2.exits != s.exits || s2.cover != s.cover || !s2.acrossZones || len(s2.hazards) != 1 || s2.hazards[0] != s.hazards[0] {
		t.Errorf("keys before zones: %+v, want %+v", s2, s)
	}
	// Default: one zone, an exit; a chain of zones.
	m = mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "scene: {zones: [a, b, c]}"))
	if m.scene.adj[0] != 2 || m.scene.adj[1] != 5 || m.scene.adj[2] != 2 || m.scene.exits != 7 {
		t.Errorf("chain %v exits %b", m.scene.adj, m.scene.exits)
	}
}

// Bad input is an error with the file, the line, what was expected and
// the allowed values.
func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		want      []string
	}{
		{"unknown creature", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: beholder}"), 6,
			[]string{"unknown value \"beholder\"", "allowed:", "animate_statue", "zombie", "goblin_raider"}},
		{"a fifth attribute", testScenario("  - name: X\n    path: swords\n    attributes: {swords: 4, pentacles: 3, cups: 2, wands: 1, might: 2}", "  - {creature: ogre}"), 6,
			[]string{"unknown key \"might\"", "allowed keys: swords, pentacles, cups, wands"}},
		{"an attribute of 9", testScenario("  - name: X\n    path: swords\n    attributes: {swords: 9, pentacles: 3, cups: 2, wands: 1}", "  - {creature: ogre}"), 6,
			[]string{"attribute swords: 9 is out of range; allowed: 1 to 4"}},
		{"a weapon the game lacks", testScenario("  - {archetype: swords_shieldbearer, hands: [chainsaw]}", "  - {creature: ogre}"), 4,
			[]string{"the game has no item \"chainsaw\"", "allowed:", "axe, blade, bow", "longsword"}},
		{"not 4-3-2-1", testScenario("  - name: X\n    path: swords\n    attributes: {swords: 4, pentacles: 4, cups: 2, wands: 1}", "  - {creature: ogre}"), 6,
			[]string{"4, 3, 2 and 1, one each"}},
		{"4 off the path", testScenario("  - name: X\n    path: cups\n    attributes: {swords: 4, pentacles: 3, cups: 2, wands: 1}", "  - {creature: ogre}"), 6,
			[]string{"so cups must be 4"}},
		{"missing attributes", testScenario("  - name: X\n    path: cups\n    attributes: {cups: 4}", "  - {creature: ogre}"), 6,
			[]string{"all four attributes are required; missing: swords, pentacles, wands"}},
		{"no path", testScenario("  - {name: X}", "  - {creature: ogre}"), 4,
			[]string{"give `archetype:`", "or `path:`"}},
		{"unknown archetype", testScenario("  - {archetype: paladin}", "  - {creature: ogre}"), 4,
			[]string{"unknown value \"paladin\"", "swords_shieldbearer"}},
		{"two armors", testScenario("  - {archetype: cups_chirurgeon, gear: [light_armor, iron_armor]}", "  - {creature: ogre}"), 4,
			[]string{"two body armors"}},
		{"three hands", testScenario("  - {archetype: cups_chirurgeon, hands: [polearm, light_shield]}", "  - {creature: ogre}"), 4,
			[]string{"need 3 hands"}},
		{"armor in hand", testScenario("  - {archetype: cups_chirurgeon, hands: [helm]}", "  - {creature: ogre}"), 4,
			[]string{"helm is worn, not held"}},
		{"kin talent", testScenario("  - {archetype: cups_chirurgeon, talents: [berserkergang]}", "  - {creature: ogre}"), 4,
			[]string{"berserkergang is a kin talent"}},
		{"unknown talent", testScenario("  - {archetype: cups_chirurgeon, talents: [fireball]}", "  - {creature: ogre}"), 4,
			[]string{"unknown value \"fireball\"", "heavy_metal_machine"}},
		{"unknown zone", testScenario("  - {archetype: cups_chirurgeon, zone: moon}", "  - {creature: ogre}"), 4,
			[]string{"unknown zone \"moon\"; allowed: field"}},
		{"half a template", testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undead}"), 6,
			[]string{"needs both `theme:`", "minion, brute, strategist, elite, dungeon_lord"}},
		{"creature and template", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, theme: undead}"), 6,
			[]string{"not both"}},
		{"lord without pools", testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undead, threat: dungeon_lord}"), 6,
			[]string{"needs `pools:`"}},
		{"unknown ability", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, abilities: [laser_eyes]}"), 6,
			[]string{"unknown ability \"laser_eyes\"", "deadly_attack"}},
		{"foe attribute 8", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, attributes: {swords: 8}}"), 6,
			[]string{"allowed: 0 to 7"}},
		{"bad hd", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, hd: {health: lots}}"), 6,
			[]string{"or inf"}},
		{"too many", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: imp, count: 25}"), 6,
			[]string{"allowed: 1 to 24"}},
		{"unknown option value", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "options: {H-2: everyone}"), 7,
			[]string{"option H-2", "allowed: per-target, lethal, zone"}},
		{"unknown strategy", testScenario("  - {archetype: cups_chirurgeon, strategy: cowardly}", "  - {creature: ogre}"), 4,
			[]string{"unknown party strategy \"cowardly\"", "test-idle"}},
		{"man key on a beast", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: lion, armor: iron_armor}"), 6,
			[]string{"theme: man"}},
		{"resolve not a number", testScenario("  - {archetype: cups_chirurgeon, resolve: lots}", "  - {creature: ogre}"), 4,
			[]string{"resolve: expected a whole number from 0 to 5, found \"lots\""}},
		{"no copies", testScenario("  - {archetype: cups_chirurgeon, count: 0}", "  - {creature: ogre}"), 4,
			[]string{"count: 0 is out of range; allowed: 1 to 8"}},
		{"misspelled party key", testScenario("  - {archetype: cups_chirurgeon, atributes: {cups: 4}}", "  - {creature: ogre}"), 4,
			[]string{"party member: unknown key \"atributes\"", "did you mean \"attributes\"?"}},
		{"monster_hunter near miss", testScenario("  - {archetype: cups_chirurgeon, monster_hunter: ogr}", "  - {creature: ogre}"), 4,
			[]string{"unknown value \"ogr\"", "did you mean \"ogre\"?"}},
		{"too many adventurers", testScenario("  - {archetype: cups_chirurgeon, count: 8}\n  - {archetype: cups_chirurgeon}", "  - {creature: ogre}"), 5,
			[]string{"the party has more than 8 adventurers; allowed: 1 to 8"}},
		{"misspelled foe key", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, abilites: [deadly_attack]}"), 6,
			[]string{"foe: unknown key \"abilites\"", "did you mean \"abilities\"?"}},
		{"theme near miss", testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undaed, threat: brute}"), 6,
			[]string{"theme: unknown value \"undaed\"", "did you mean \"undead\"?"}},
		{"disposition near miss", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, disposition: angry}"), 6,
			[]string{"disposition: unknown value \"angry\"", "did you mean \"anger\"?"}},
		{"no creature", testScenario("  - {archetype: cups_chirurgeon}", "  - {name: Grum}"), 6,
			[]string{"foe: give `creature:`", "or `theme:` and `threat:` (templates)"}},
		{"unknown foe strategy", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, strategy: sly}"), 6,
			[]string{"strategy: unknown foe strategy \"sly\""}},
		{"misspelled pool key", testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undead, threat: dungeon_lord, pools: [{id: body, helth: 5, core: true}]}"), 6,
			[]string{"pool: unknown key \"helth\"", "did you mean \"health\"?"}},
		{"pool without health", testScenario("  - {archetype: cups_chirurgeon}", "  - {theme: undead, threat: dungeon_lord, pools: [{id: body, core: true}]}"), 6,
			[]string{"pool: `id:` and `health:` are required"}},
		{"hd without health", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre, hd: {defense: 2}}"), 6,
			[]string{"hd: `health:` is required"}},
		{"hazard wounds 10", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "scene: {zones: [a, b], hazards: [{between: [a, b], wounds: 10}]}"), 7,
			[]string{"hazard wounds: 10 is out of range; allowed: 1 to 9"}},
		{"zone without name", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "scene: {zones: [a, {cover: true}]}"), 7,
			[]string{"zone: `name:` is required"}},
		{"misspelled zone key", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "scene: {zones: [a, {name: b, exits: true}]}"), 7,
			[]string{"zone: unknown key \"exits\"", "did you mean \"exit\"?"}},
		{"hazard without zones", testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}", "scene: {zones: [a, b], hazards: [{name: pit}]}"), 7,
			[]string{"`between:`"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := decode(t, c.src)
			systemtest.InputError(t, err, "test.yaml", c.line, c.want...)
		})
	}
}

// The bestiary lists all 27 creatures of Appendix C with their stats, and
// the JSON carries each ability's status.
func TestBestiaryListing(t *testing.T) {
	list := bestiary()
	monsters := 0
	kinds := map[string]int{}
	for _, c := range list {
		kinds[c.Kind]++
		if c.Kind == "monster" {
			monsters++
		}
		if c.Summary == "" {
			t.Errorf("%s has no summary", c.ID)
		}
	}
	if monsters != 27 || kinds["archetype"] != 7 || kinds["threat template"] != 5 || kinds["theme template"] != 6 {
		t.Errorf("kinds %v", kinds)
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	var back []systems.Creature
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, w := range []string{`"id":"ogre"`, `"health":3`, `"defense":5`, `"swords":6`, `"id":"sweeping_club"`,
		`"simulated":"not simulated"`, `"health":"inf"`, `"X (current Health)"`, `"id":"torso"`, `"core":"body"`} {
		if !strings.Contains(text, w) {
			t.Errorf("the JSON lacks %s", w)
		}
	}
	for _, c := range bestiaryCreatures() {
		for _, a := range c.Abilities {
			if abilityTable[a].id == "" {
				t.Errorf("%s: ability %d has no catalog entry", c.ID, a)
			}
		}
	}
	for a := Ability(1); a < numAbilities; a++ {
		if abilityTable[a].id == "" || abilityTable[a].doc == "" {
			t.Errorf("ability %d is missing from the catalog", a)
		}
	}
}

// Every option has its default first and converts to Rules.
func TestOptionsResolve(t *testing.T) {
	if len(options()) != 36 {
		t.Fatalf("%d options, the spec has H-1..H-32, the bestiary two and the errata two (H-35, H-36)", len(options()))
	}
	for i, o := range options() {
		if o.ID != "H-"+itoa(i+1) || o.Default != o.Values[0] || o.Doc == "" {
			t.Errorf("option %d: %+v", i, o)
		}
	}
	if DefaultRules() != (Rules{}) {
		t.Errorf("the defaults are not all zero: %+v", DefaultRules())
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// A foe entry's keys override its creature's stat block, whatever their
// order; what the entry leaves out comes from the creature.
func TestDecodeFoeOverrides(t *testing.T) {
	ogre, _ := findCreature("ogre")
	for _, foe := range []string{
		"  - {name: Grum, hd: {health: 7, defense: 2}, attributes: {cups: 5}, armed: false, creature: ogre}",
		"  - {creature: ogre, armed: false, attributes: {cups: 5}, hd: {health: 7, defense: 2}, name: Grum}",
	} {
		g := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", foe)).groups[0]
		want := ogre.Attributes
		want[Cups] = 5
		if g.name != "Grum" || g.armed || g.members[0].health != 7 || g.members[0].defense != 2 || g.attr != Attributes(want) {
			t.Errorf("%s: name %q armed %v HD %d/%d attributes %v", foe, g.name, g.armed, g.members[0].health, g.members[0].defense, g.attr)
		}
		if g.pursuit != ogre.Pursuit || !g.abil.has(ogre.Abilities[0]) || g.cr.ID != "ogre" {
			t.Errorf("%s: lost the ogre's pursuit or abilities: %v", foe, g.pursuit)
		}
	}
}

package sim_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// beast is the value type of a toy system's foe entry.
type beast struct {
	Name     string
	HP       int
	Armor    int
	Tough    bool
	Size     uint8
	Weapon   string
	Damage   int
	Veteran  bool
	Stats    [3]int
	Senses   [2]bool
	Wounds   [3]bool
	Scale    int
	Hoard    int
	Template string
}

var beastStats = []string{"might", "speed", "wits"}

// beastEntry declares the toy foe: a template, every kind of key, a Late
// key and a key whose range depends on another.
var beastEntry = sim.Entry[beast]{
	What:  "foe",
	Blank: func() beast { return beast{Name: "Beast", HP: 3, Weapon: "claws", Damage: 1} },
	Keys: []sim.Key[beast]{
		sim.TemplateKey("creature", "creature (a built-in creature)", []string{"goblin", "ogre"},
			func(id string) beast {
				if id == "ogre" {
					return beast{Name: "Ogre", HP: 9, Weapon: "club", Damage: 3, Template: id}
				}
				return beast{Name: "Goblin", HP: 2, Weapon: "knife", Damage: 2, Template: id}
			}),
		sim.TextKey("name", "name", func(b *beast) *string { return &b.Name }),
		sim.IntKey("hp", "hp (hit points)", 1, 20, func(b *beast) *int { return &b.HP }),
		sim.IntKey("armor", "armor", 0, 3, func(b *beast) *int { return &b.Armor }).Late().
			Bounds(func(b *beast) (int, int) {
				if b.Tough {
					return 0, 5
				}
				return 0, 3
			}),
		sim.BoolKey("tough", "tough", func(b *beast) *bool { return &b.Tough }),
		sim.EnumKey("size", "size", []string{"small", "medium", "large"}, func(b *beast) *uint8 { return &b.Size }),
		sim.ChoiceKey("weapon", "weapon", []string{"claws", "knife", "club"}, func(b *beast, v string) {
			b.Weapon, b.Damage = v, map[string]int{"claws": 1, "knife": 2, "club": 3}[v]
		}),
		sim.IntKey("damage", "damage", 1, 3, func(b *beast) *int { return &b.Damage }).Late(),
		sim.IntsKey("stats", "stats", beastStats, func(s string) string { return "stat " + s }, -3, 3,
			func(b *beast) []int { return b.Stats[:] }),
		sim.BoolsKey("senses", "senses", []string{"sight", "smell"}, func(s string) string { return "senses." + s },
			func(b *beast) []bool { return b.Senses[:] }),
		sim.FlagsKey("wounds", "wounds", beastStats, "wounds: %q is listed twice", func(b *beast) []bool { return b.Wounds[:] }),
		sim.CustomKey("scale", "scale (a multiple of 10)", func(d *sim.Doc, n *yaml.Node, b *beast) (err error) {
			if b.Scale, err = d.Int(n, "scale", 10, 100); err == nil && b.Scale%10 != 0 {
				err = d.Errorf(n, "scale: %d is not a multiple of 10", b.Scale)
			}
			return err
		}),
		sim.IntKey("hoard", "hoard (gold)", 0, 1000, func(b *beast) *int { return &b.Hoard }).
			Then(func(d *sim.Doc, n *yaml.Node, b *beast) error {
				if b.Hoard > 100 && !b.Tough {
					return d.Errorf(n, "hoard: %d gold wants a tough beast", b.Hoard)
				}
				return nil
			}).Late(),
		sim.StrategyKey[beast](),
		sim.CountKey[beast]("count", 8),
	},
}

// decodeBeast decodes the foe written in src (flow or block YAML).
func decodeBeast(t *testing.T, src string) (beast, *sim.Decoded, error) {
	t.Helper()
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(src), &root); err != nil {
		t.Fatalf("test YAML %q: %v", src, err)
	}
	return beastEntry.Decode(doc, root.Content[0], "Default")
}

// Every kind of bad input is an InputError at its line with what was
// expected, the allowed values and, for a near miss, a suggestion.
func TestEntryErrors(t *testing.T) {
	for _, c := range []struct {
		name, src string
		line      int
		want      []string
	}{
		{"not a mapping", "goblin", 1, []string{"foe: expected a mapping", `found "goblin"`}},
		{"unknown key", "name: A\nhitpoints: 3", 2,
			[]string{`foe: unknown key "hitpoints"`, "allowed keys: creature, name, hp, armor, tough, size, weapon, damage, stats, senses, wounds, scale, hoard, strategy, count"}},
		{"unknown key, near miss", "{creatur: ogre}", 1, []string{`unknown key "creatur"`, `; did you mean "creature"?`}},
		{"key twice", "{hp: 3, hp: 4}", 1, []string{`key "hp" appears twice`}},
		{"wrong type", "hp: lots", 1, []string{"hp (hit points): expected a whole number from 1 to 20", `found "lots"`}},
		{"out of range", "\nhp: 21", 2, []string{"hp (hit points): 21 is out of range; allowed: 1 to 20"}},
		{"not a bool", "tough: 1", 1, []string{"tough: expected true or false, found the number 1"}},
		{"text is a list", "name: [a]", 1, []string{"name: expected a word or text, found a list"}},
		{"unknown template", "creature: dragon", 1, []string{`creature (a built-in creature): unknown value "dragon"; allowed: goblin, ogre`}},
		{"template, near miss", "creature: ogr", 1, []string{`unknown value "ogr"`, `did you mean "ogre"?`}},
		{"template, nothing", "creature:", 1, []string{"expected one of goblin, ogre, found nothing"}},
		{"enum", "size: huge", 1, []string{`size: unknown value "huge"; allowed: small, medium, large`}},
		{"enum, near miss", "size: larg", 1, []string{`did you mean "large"?`}},
		{"choice", "weapon: sword", 1, []string{`weapon: unknown value "sword"; allowed: claws, knife, club`}},
		{"ints: unknown name", "stats: {migth: 1}", 1, []string{`stats: unknown key "migth"; allowed keys: might, speed, wits; did you mean "might"?`}},
		{"ints: range", "stats:\n  speed: 4", 2, []string{"stat speed: 4 is out of range; allowed: -3 to 3"}},
		{"ints: not a mapping", "stats: 3", 1, []string{"stats: expected a mapping", "found the number 3"}},
		{"bools: value", "senses: {smell: maybe}", 1, []string{"senses.smell: expected true or false"}},
		{"flags: not a list", "wounds: wits", 1, []string{"wounds: expected a list", `found "wits"`}},
		{"flags: unknown", "wounds: [wit]", 1, []string{`wounds: unknown value "wit"; allowed: might, speed, wits; did you mean "wits"?`}},
		{"flags: twice", "wounds:\n  - wits\n  - wits", 3, []string{`wounds: "wits" is listed twice`}},
		{"custom", "scale: 15", 1, []string{"scale: 15 is not a multiple of 10"}},
		{"then: range first", "hoard: 2000", 1, []string{"hoard (gold): 2000 is out of range; allowed: 0 to 1000"}},
		{"then: the check", "hoard: 200\ntough: false", 1, []string{"hoard: 200 gold wants a tough beast"}},
		{"strategy type", "strategy: {a: 1}", 1, []string{"strategy: expected a word or text, found a mapping"}},
		{"count 0", "count: 0", 1, []string{"count: 0 is out of range; allowed: 1 to 8"}},
		{"count type", "count: 1.5", 1, []string{"count: expected a whole number from 1 to 8, found the number 1.5"}},
		{"bounds from another key", "{armor: 4, tough: false}", 1, []string{"armor: 4 is out of range; allowed: 0 to 3"}},
		// A Late key is read after the others, whatever the key order.
		{"late after the rest", "damage: 9\nhp: 0", 2, []string{"hp (hit points): 0 is out of range"}},
		// The template is read first, whatever the key order.
		{"template first", "hp: 0\ncreature: dragon", 2, []string{`unknown value "dragon"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := decodeBeast(t, c.src)
			wantErr(t, c.name, err, c.line, c.want...)
		})
	}
}

// Good entries: a template or the blank, then the keys in file order, then
// the Late keys, whatever the order they are written in.
func TestEntryDecode(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      beast
		template  string
		count     int
		strategy  string
	}{
		{"blank", "{}", beast{Name: "Beast", HP: 3, Weapon: "claws", Damage: 1}, "", 1, "default"},
		{"template", "{creature: Ogre, count: 3}", beast{Name: "Ogre", HP: 9, Weapon: "club", Damage: 3, Template: "ogre"}, "ogre", 3, "default"},
		{"template after keys", "{hp: 4, name: Grub, creature: goblin, strategy: Sneaky}",
			beast{Name: "Grub", HP: 4, Weapon: "knife", Damage: 2, Template: "goblin"}, "goblin", 1, "sneaky"},
		{"late damage before weapon", "{damage: 1, weapon: club}", beast{Name: "Beast", HP: 3, Weapon: "club", Damage: 1}, "", 1, "default"},
		{"then after tough", "{hoard: 200, tough: true}", beast{Name: "Beast", HP: 3, Weapon: "claws", Damage: 1, Tough: true, Hoard: 200}, "", 1, "default"},
		{"bounds after tough", "{armor: 5, tough: true, size: large}", beast{Name: "Beast", HP: 3, Weapon: "claws", Damage: 1, Armor: 5, Tough: true, Size: 2}, "", 1, "default"},
		{"maps and lists", "{stats: {wits: 2, might: -1}, senses: {smell: true}, wounds: [speed], scale: 30}",
			beast{Name: "Beast", HP: 3, Weapon: "claws", Damage: 1, Stats: [3]int{-1, 0, 2}, Senses: [2]bool{false, true},
				Wounds: [3]bool{false, true, false}, Scale: 30}, "", 1, "default"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, got, err := decodeBeast(t, c.src)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(b, c.want) {
				t.Errorf("decoded %+v\nwant    %+v", b, c.want)
			}
			if got.Template != c.template || got.Count != c.count || got.Strategy != c.strategy {
				t.Errorf("template %q count %d strategy %q; want %q %d %q", got.Template, got.Count, got.Strategy, c.template, c.count, c.strategy)
			}
		})
	}
}

// Decoded says which keys an entry gives and where, for the checks a
// system makes across keys.
func TestDecodedLookups(t *testing.T) {
	_, got, err := decodeBeast(t, "name: A\nstrategy: sly\nstats:\n  wits: 1\n")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Has("stats") || got.Has("hp") || got.Value("hp") != nil || got.KeyAt("hp") != nil {
		t.Errorf("Has/Value/KeyAt of absent or present keys wrong: %+v", got.Fields)
	}
	if got.KeyAt("stats").Line != 3 || got.Value("stats").Line != 4 || got.StrategyAt.Line != 2 {
		t.Errorf("lines: stats key %d, value %d, strategy %d; want 3, 4, 2",
			got.KeyAt("stats").Line, got.Value("stats").Line, got.StrategyAt.Line)
	}
	if got.StrategyAt.Value != "sly" || got.Strategy != "sly" {
		t.Errorf("strategy %q at %q", got.Strategy, got.StrategyAt.Value)
	}
}

// A Late mapping checks its keys in file order, then reads its numbers in
// the declared order of its names.
func TestLateInts(t *testing.T) {
	e := sim.Entry[beast]{What: "foe", Keys: []sim.Key[beast]{
		sim.IntsKey("stats", "stats", beastStats, func(s string) string { return "stat " + s }, -3, 3,
			func(b *beast) []int { return b.Stats[:] }).Late(),
		sim.IntKey("hp", "hp", 1, 20, func(b *beast) *int { return &b.HP }),
	}}
	for _, c := range []struct {
		src  string
		line int
		want string
	}{
		{"stats: {wits: 9, might: 9}\nhp: 1", 1, "stat might: 9"},            // might before wits
		{"stats: {woo: 1}\nhp: 0", 1, `unknown key "woo"`},                   // the shape in file order
		{"stats: {wits: 9}\nhp: 0", 2, "hp: 0 is out of range"},              // the numbers after
		{"stats:\n  speed: 1\n  might: 5\nhp: 2", 3, "stat might: 5 is out"}, // at its line
	} {
		t.Run(c.src, func(t *testing.T) {
			var root yaml.Node
			if err := yaml.Unmarshal([]byte(c.src), &root); err != nil {
				t.Fatal(err)
			}
			_, _, err := e.Decode(doc, root.Content[0], "")
			wantErr(t, c.src, err, c.line, c.want)
		})
	}
}

// Nearest suggests only likely typos, in any case.
func TestNearest(t *testing.T) {
	names := []string{"character", "stress", "fight", "tar-wing", "thug"}
	for _, c := range []struct{ s, want string }{
		{"charcter", "character"}, {"CHARACTR", "character"}, {"fihgt", "fight"}, {"tar-wnig", "tar-wing"},
		{"thugg", "thug"}, {"strength", ""}, {"dragon", ""}, {"", ""}, {"fight", ""},
	} {
		t.Run(fmt.Sprintf("%q", c.s), func(t *testing.T) {
			if got := sim.Nearest(c.s, names); got != c.want {
				t.Errorf("Nearest(%q) = %q, want %q", c.s, got, c.want)
			}
		})
	}
	if got := sim.DidYouMean("thugg", names); got != `; did you mean "thug"?` {
		t.Errorf("DidYouMean: %q", got)
	}
	if got := sim.DidYouMean("dragon", names); got != "" {
		t.Errorf("DidYouMean far: %q", got)
	}
}

// Repeat expands a count.
func TestRepeat(t *testing.T) {
	if got := sim.Repeat("x", 3); !reflect.DeepEqual(got, []string{"x", "x", "x"}) {
		t.Errorf("Repeat: %v", got)
	}
}

// Collect decodes a side's entries in order and refuses more combatants
// than the kernel holds, at the entry that passes the limit.
func TestCollect(t *testing.T) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte("- {count: 2}\n- {count: 3}\n- {count: 1}\n"), &root); err != nil {
		t.Fatal(err)
	}
	list := root.Content[0].Content
	one := func(_ int, n *yaml.Node) ([]string, error) {
		_, got, err := beastEntry.Decode(doc, n, "")
		if err != nil {
			return nil, err
		}
		return sim.Repeat(n.Content[1].Value, got.Count), nil
	}
	all, err := sim.Collect(doc, list, 6, "the party has more than %d beasts", one)
	if err != nil || !reflect.DeepEqual(all, []string{"2", "2", "3", "3", "3", "1"}) {
		t.Errorf("Collect = %v, %v", all, err)
	}
	_, err = sim.Collect(doc, list, 4, "the party has more than %d beasts", one)
	wantErr(t, "over the limit", err, 2, "the party has more than 4 beasts; allowed: 1 to 4")
	_, err = sim.Collect(doc, list, 6, "the party has more than %d beasts", func(i int, n *yaml.Node) ([]string, error) {
		if i == 1 {
			return nil, doc.Errorf(n, "bad entry %d", i)
		}
		return []string{"x"}, nil
	})
	wantErr(t, "an entry's error", err, 2, "bad entry 1")
}

// An entry with no keys refuses every key rather than failing.
func TestEntryWithoutKeys(t *testing.T) {
	e := sim.Entry[beast]{What: "scene"}
	_, _, err := e.Decode(doc, valueNode(t, "{fog: true}"), "")
	wantErr(t, "no keys", err, 1, `scene: unknown key "fog"`)
	if _, got, err := e.Decode(doc, valueNode(t, "{}"), ""); err != nil || got.Count != 1 {
		t.Errorf("empty mapping: %v, %+v", err, got)
	}
}

// FuzzEntry: no YAML makes Decode panic, and every failure is an
// InputError.
func FuzzEntry(f *testing.F) {
	for _, s := range []string{"{creature: ogre, hp: 4, count: 2}", "stats: {wits: 2}\nwounds: [might]\narmor: 5\ntough: true",
		"senses: {smell: true}\nscale: 20\nstrategy: x", "[1, 2]", "creature: ~", "damage: !!int 0x3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var root yaml.Node
		if yaml.Unmarshal([]byte(src), &root) != nil || len(root.Content) == 0 {
			return
		}
		if _, _, err := beastEntry.Decode(doc, root.Content[0], "x"); err != nil {
			var ie *sim.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("not an InputError: %v", err)
			}
		}
	})
}

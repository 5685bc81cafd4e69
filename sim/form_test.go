package sim_test

import (
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// An entry's Form says, key by key, what the decoder reads: the kind, the
// range or the allowed words, and the blank entry's value as the default;
// a custom key says what its own function reads with Shaped, and Shows
// replaces the value a template shows.
func TestEntryForm(t *testing.T) {
	entry := beastEntry
	entry.Keys = append(entry.Keys,
		sim.CustomKey("lair", "lair", func(*sim.Doc, *yaml.Node, *beast) error { return nil }).
			Shaped(sim.ListOf(sim.TextOf("cave", "ruin")).AtMost(2)).Shows("[cave]"))
	form := entry.Form()
	if form.What != "foe" || len(form.Keys) != len(entry.Keys) {
		t.Fatalf("form of %q with %d keys, want foe with %d", form.What, len(form.Keys), len(entry.Keys))
	}
	cases := []struct {
		key, words, def string
		kind            sim.ValueKind
	}{
		{"creature", "one of goblin, ogre", "", sim.TemplateKind},
		{"name", "text", `"Beast"`, sim.TextKind},
		{"hp", "1 to 20", "3", sim.IntKind},
		{"tough", "true or false", "false", sim.BoolKind},
		{"size", "one of small, medium, large", "small", sim.EnumKind},
		{"weapon", "one of claws, knife, club", "", sim.EnumKind},
		{"stats", "-3 to 3 each, a mapping of might, speed, wits", "{might: 0, speed: 0, wits: 0}", sim.IntsKind},
		{"senses", "true or false each, a mapping of sight, smell", "{sight: false, smell: false}", sim.BoolsKind},
		{"wounds", "a list (each at most once) of might, speed, wits", "[]", sim.FlagsKind},
		{"scale", "scale (a multiple of 10)", "", sim.CustomKind},
		{"count", "1 to 8", "1", sim.CountKind},
		{"lair", "a list of cave, ruin", "", sim.CustomKind},
	}
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			k := form.Key(c.key)
			if k == nil {
				t.Errorf("no key %s", c.key)
				return
			}
			if got := k.Shape.Words(); got != c.words || k.Default != c.def || k.Kind != c.kind {
				t.Errorf("%s: %q, default %q, kind %d; want %q, %q, %d", c.key, got, k.Default, k.Kind, c.words, c.def, c.kind)
			}
		})
	}
	if s := form.Key("scale").Shape; s.Type != sim.AnyShape {
		t.Errorf("a custom key without Shaped has shape type %d, want AnyShape", s.Type)
	}
	if k := form.Key("lair"); k.Shape.MaxItems != 2 || k.Example != "[cave]" {
		t.Errorf("lair: at most %d items, example %q", k.Shape.MaxItems, k.Example)
	}
}

// TopForm names the keys the scenario decoder allows, in its order, and a
// system without a scene has no `scene:` key.
func TestTopForm(t *testing.T) {
	foe := beastEntry.Form()
	scene := sim.Form{What: "scene"}
	with := sim.TopForm([]string{"toy"}, foe, foe, &scene, nil, nil, nil, 0)
	names := with.Names()
	if len(names) != len(sim.ScenarioKeys) {
		t.Fatalf("TopForm keys %v, ScenarioKeys %v", names, sim.ScenarioKeys)
	}
	for i := range names {
		if names[i] != sim.ScenarioKeys[i] {
			t.Errorf("TopForm key %d is %s, the decoder's %s", i, names[i], sim.ScenarioKeys[i])
		}
	}
	without := sim.TopForm([]string{"toy"}, foe, foe, nil, nil, nil, []sim.Option{{ID: "T-1", Values: []string{"a", "b"},
		Default: "a", Probability: true}}, 20)
	if without.Key("scene") != nil {
		t.Error("a system without a scene has a scene key")
	}
	if got := without.Key("max_rounds").Shape.Words(); got != "1 to 20" {
		t.Errorf("max_rounds under a system's cap of 20: %q", got)
	}
	if got := without.Key("options").Shape.Keys[0].Shape.Words(); got != "one of a, b, or a number from 0 to 1" {
		t.Errorf("a probability option: %q", got)
	}
}

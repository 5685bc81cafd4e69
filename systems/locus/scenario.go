package locus

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Defaults of the scenario format.
const (
	defaultEscape     = 30
	defaultWillpower  = 5
	defaultQuality    = 2
	defaultDurability = 5
	defaultDeathsDoor = 3
)

// compiler decodes one scenario.
type compiler struct {
	rules  Rules
	grades []Grade
	d      *sim.Doc
	types  map[string]int // damage type -> bit
}

func (cp *compiler) errorf(n *yaml.Node, format string, args ...any) error {
	return cp.d.Errorf(n, format, args...)
}

// compile decodes the scenario and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	cp := &compiler{d: &sc.Doc, types: map[string]int{}}
	ru, opts, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	cp.rules = ru
	m := &model{rules: ru, escape: defaultEscape}
	if m.maxRounds, err = sim.RoundCap(sc, 0, ID, ""); err != nil {
		return nil, err
	}
	sn := sceneEntry.Blank()
	if sc.Scene != nil {
		if sn, _, err = sceneEntry.Decode(cp.d, sc.Scene, ""); err != nil {
			return nil, err
		}
	}
	m.cover, m.escape = sn.cover, sn.escape
	partyDefault, foeDefault, err := Policies.Sides(sc)
	if err != nil {
		return nil, err
	}
	party := cp.partyEntry(sn.distance)
	m.chars, err = sim.Collect(cp.d, sc.Party, MaxSide, "the party has more than %d members",
		func(_ int, n *yaml.Node) ([]charSpec, error) { return cp.character(&party, n, partyDefault) })
	if err != nil {
		return nil, err
	}
	m.mons, err = sim.Collect(cp.d, sc.Foes, MaxSide, "there are more than %d foes",
		func(_ int, n *yaml.Node) ([]monSpec, error) { return cp.monster(n, foeDefault) })
	if err != nil {
		return nil, err
	}
	sim.NumberNames(len(m.chars), func(i int) *string { return &m.chars[i].name })
	sim.NumberNames(len(m.mons), func(i int) *string { return &m.mons[i].name })
	for i := range m.mons {
		m.mons[i].stats.Name = m.mons[i].name
	}
	m.grades = cp.grades
	m.schema = schemaOf(m)
	m.Strong = m.usesStrong()
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// scene is what a scenario's `scene:` sets.
type scene struct {
	cover            bool
	distance, escape int
}

// sceneEntry declares the keys of `scene:`.
var sceneEntry = sim.Entry[scene]{
	What:  "scene",
	Blank: func() scene { return scene{escape: defaultEscape} },
	Keys: []sim.Key[scene]{
		sim.BoolKey("cover", "scene.cover", func(s *scene) *bool { return &s.cover }),
		sim.IntKey("distance", "scene.distance (metres)", 0, MaxDistance, func(s *scene) *int { return &s.distance }),
		sim.IntKey("escape", "scene.escape (metres)", 1, MaxDistance, func(s *scene) *int { return &s.escape }),
	},
}

// member is a party entry: a character and its distance from the foes.
type member struct {
	Character
	distance int
}

// partyEntry declares the keys of a party entry, whose distance is the
// scene's unless it says.
func (cp *compiler) partyEntry(distance int) sim.Entry[member] {
	return sim.Entry[member]{
		What:  "party member",
		Blank: func() member { return member{Character{Name: "Character", Willpower: defaultWillpower}, distance} },
		Keys: []sim.Key[member]{
			sim.TextKey("name", "name", func(c *member) *string { return &c.Name }),
			sim.TemplateKey("character", "character (a built-in character)", characters.IDs(),
				func(id string) member { return member{characters.Get(id), distance} }),
			sim.IntsKey("attributes", "attributes", attrNames[:], func(a string) string { return "attribute " + a }, 1, 5,
				func(c *member) []int { return c.Attributes[:] }),
			sim.IntKey("willpower", "willpower", 0, 99, func(c *member) *int { return &c.Willpower }),
			sim.EnumKey("stress", "stress", stressNames[:], func(c *member) *Stress { return &c.Stress }),
			sim.CustomKey("items", "items", func(d *sim.Doc, n *yaml.Node, c *member) (err error) {
				c.Items, err = cp.items(n)
				return err
			}).Shaped(sim.ListOf(sim.MapOf(cp.itemEntry().Form())).AtMost(MaxItems)),
			sim.IntKey("distance", "distance (metres)", 0, MaxDistance, func(c *member) *int { return &c.distance }),
			sim.StrategyKey[member](),
			sim.CountKey[member]("count", MaxSide),
		},
	}
}

// character decodes one party entry (count copies).
func (cp *compiler) character(party *sim.Entry[member], n *yaml.Node, strategy string) ([]charSpec, error) {
	ch, got, err := party.Decode(cp.d, n, strategy)
	if err != nil {
		return nil, err
	}
	if got.Template == "" {
		given := map[string]bool{}
		if v := got.Value("attributes"); v != nil {
			for i := 0; i < len(v.Content); i += 2 {
				given[v.Content[i].Value] = true
			}
		}
		var missing []string
		for _, a := range attrNames {
			if !given[a] {
				missing = append(missing, a)
			}
		}
		if len(missing) > 0 {
			at := got.Value("attributes")
			if at == nil {
				at = n
			}
			return nil, cp.errorf(at, "party member %s: without `character:` (one of %s) all eight attributes are required; missing: %s",
				ch.Name, strings.Join(characters.IDs(), ", "), strings.Join(missing, ", "))
		}
	}
	pol, err := Policies.Party.Of(cp.d, got)
	if err != nil {
		return nil, err
	}
	spec := charSpec{name: ch.Name, wp: ch.Willpower, stress: ch.Stress, dist: ch.distance, policy: pol}
	for a, v := range ch.Attributes {
		spec.attr[a] = int8(v)
	}
	for _, it := range ch.Items {
		spec.items = append(spec.items, cp.itemSpec(it))
		spec.helps |= spec.items[len(spec.items)-1].helps
	}
	return sim.Repeat(spec, got.Count), nil
}

// itemEntry declares the keys of an Item.
func (cp *compiler) itemEntry() sim.Entry[Item] {
	return sim.Entry[Item]{
		What: "item",
		Blank: func() Item {
			return Item{Quality: defaultQuality, Durability: defaultDurability, Attribute: Clumsiness}
		},
		Keys: []sim.Key[Item]{
			sim.TextKey("name", "item name", func(it *Item) *string { return &it.Name }),
			sim.BoolKey("weapon", "item weapon", func(it *Item) *bool { return &it.Weapon }),
			sim.IntKey("quality", "item quality", 1, 3, func(it *Item) *int { return &it.Quality }),
			sim.IntKey("durability", "item durability (boxes)", 1, 99, func(it *Item) *int { return &it.Durability }),
			wordsKey(cp, "types", "item types (damage types)", func(it *Item) *[]string { return &it.Types }),
			sim.EnumKey("attribute", "item attribute", attrNames[:], func(it *Item) *Attr { return &it.Attribute }),
			sim.CustomKey("helps", "item helps", func(d *sim.Doc, n *yaml.Node, it *Item) error {
				list, err := d.Seq(n, "item helps")
				for i := 0; err == nil && i < len(list); i++ {
					var s string
					if s, err = d.Enum(list[i], "item helps (attributes)", attrNames[:]); err == nil {
						it.Helps = append(it.Helps, Attr(slices.Index(attrNames[:], s)))
					}
				}
				return err
			}).Shaped(sim.ListOf(sim.TextOf(attrNames[:]...))),
		},
	}
}

// items decodes a list of Items.
func (cp *compiler) items(n *yaml.Node) ([]Item, error) {
	list, err := cp.d.Seq(n, "items")
	if err != nil {
		return nil, err
	}
	if len(list) > MaxItems {
		return nil, cp.errorf(n, "items: %d Items; allowed: at most %d per character", len(list), MaxItems)
	}
	entry := cp.itemEntry()
	out := []Item{}
	for _, in := range list {
		it, got, err := entry.Decode(cp.d, in, "")
		if err != nil {
			return nil, err
		}
		if !got.Has("name") {
			return nil, cp.errorf(in, "item: `name:` is required")
		}
		out = append(out, it)
	}
	return out, nil
}

// wordsKey is a list of words (damage types), lower-cased.
func wordsKey[T any](cp *compiler, name, what string, at func(t *T) *[]string) sim.Key[T] {
	return sim.CustomKey(name, what, func(_ *sim.Doc, n *yaml.Node, t *T) (err error) {
		*at(t), err = cp.words(n, what)
		return err
	}).Shaped(sim.ListOf(sim.TextOf()).Says("a list of damage types (any words: fire, silver...)"))
}

// words decodes a list of words (damage types), lower-cased.
func (cp *compiler) words(n *yaml.Node, what string) ([]string, error) {
	return sim.List(cp.d, n, what, func(x *yaml.Node) (string, error) {
		s, err := cp.d.Str(x, what)
		if err != nil {
			return "", err
		}
		s = strings.ToLower(strings.TrimSpace(s))
		if _, ok := cp.types[s]; !ok {
			if len(cp.types) >= 64 {
				return "", cp.errorf(x, "%s: more than 64 different damage types in one scenario", what)
			}
			cp.types[s] = len(cp.types)
		}
		return s, nil
	})
}

// mask turns damage type names into bits.
func (cp *compiler) mask(names []string) uint64 {
	var m uint64
	for _, s := range names {
		b, ok := cp.types[s]
		if !ok {
			b = len(cp.types)
			cp.types[s] = b
		}
		m |= 1 << b
	}
	return m
}

func (cp *compiler) itemSpec(it Item) itemSpec {
	s := itemSpec{name: it.Name, weapon: it.Weapon, keep: Tier(3 - it.Quality), durability: it.Durability,
		types: cp.mask(it.Types), attr: it.Attribute}
	for _, h := range it.Helps {
		s.helps |= 1 << h
	}
	return s
}

// monsterAttrKey is a monster attribute: 1..5, or null / "-" for none.
func monsterAttrKey(name string, at func(m *Monster) *int) sim.Key[Monster] {
	k := sim.CustomKey(name, name, func(d *sim.Doc, n *yaml.Node, m *Monster) (err error) {
		if n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || strings.TrimSpace(n.Value) == "-") {
			*at(m) = 0
			return nil
		}
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
			return d.Errorf(n, "%s: expected a whole number from 1 to 5, or null or - (the monster cannot do it); found %q", name, n.Value)
		}
		*at(m), err = d.Int(n, name, 1, 5)
		return err
	})
	k.Min, k.Max = 1, 5
	return k.Shaped(sim.OneOf(sim.IntOf(1, 5), sim.NullOf(), sim.TextOf("-")).
		Says("1 to 5, or null or - (the monster cannot do it)"))
}

// foeEntry declares the keys of a foe entry.
func (cp *compiler) foeEntry() sim.Entry[Monster] {
	return sim.Entry[Monster]{
		What:  "foe",
		Blank: func() Monster { return Monster{DeathsDoor: defaultDeathsDoor} },
		Keys: []sim.Key[Monster]{
			sim.TemplateKey("monster", "monster (a built-in monster)", monsters.IDs(), monsters.Get),
			sim.TextKey("name", "name", func(m *Monster) *string { return &m.Name }),
			monsterAttrKey("attack", func(m *Monster) *int { return &m.Attack }),
			monsterAttrKey("chase", func(m *Monster) *int { return &m.Chase }),
			monsterAttrKey("search", func(m *Monster) *int { return &m.Search }),
			monsterAttrKey("resist", func(m *Monster) *int { return &m.Resist }),
			sim.EnumKey("behaviour", "behaviour", behaviourNames[:], func(m *Monster) *Behaviour { return &m.Behaviour }),
			sim.EnumKey("chases", "chases (chase likelihood)", chaseNames[:], func(m *Monster) *int { return &m.Chases }),
			sim.IntKey("deaths_door", "deaths_door (segments)", 3, MaxDeathsDoor, func(m *Monster) *int { return &m.DeathsDoor }).
				Then(func(d *sim.Doc, n *yaml.Node, m *Monster) error {
					if m.DeathsDoor%3 != 0 {
						return d.Errorf(n, "deaths_door: %d is not a multiple of 3; allowed: 3, 6, 9 ... %d", m.DeathsDoor, MaxDeathsDoor)
					}
					return nil
				}),
			wordsKey(cp, "weakness", "weakness (damage types)", func(m *Monster) *[]string { return &m.Weakness }),
			wordsKey(cp, "effective", "effective (damage types)", func(m *Monster) *[]string { return &m.Effective }),
			sim.BoolKey("senses_motion", "senses_motion", func(m *Monster) *bool { return &m.SensesMotion }),
			sim.CustomKey("inflictions", "inflictions", func(d *sim.Doc, n *yaml.Node, m *Monster) (err error) {
				m.Inflictions, err = inflictions(d, n)
				return err
			}).Shaped(sim.ListOf(sim.MapOf(inflictionEntry.Form())).AtMost(MaxInflictions)),
			sim.StrategyKey[Monster](),
			sim.CountKey[Monster]("count", MaxSide),
		},
	}
}

// monster decodes one foe entry (count copies).
func (cp *compiler) monster(n *yaml.Node, strategy string) ([]monSpec, error) {
	entry := cp.foeEntry()
	m, got, err := entry.Decode(cp.d, n, strategy)
	if err != nil {
		return nil, err
	}
	if got.Template == "" {
		var missing []string
		for _, k := range []string{"name", "attack", "chase", "search", "resist"} {
			if !got.Has(k) {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return nil, cp.errorf(n, "foe: give `monster:` (a built-in: %s) or write the monster out; missing: %s",
				strings.Join(monsters.IDs(), ", "), strings.Join(missing, ", "))
		}
	}
	pol, err := Policies.Foes.Of(cp.d, got)
	if err != nil {
		return nil, err
	}
	count := got.Count
	spec := monSpec{name: m.Name, attack: m.Attack, chase: m.Chase, search: m.Search, resist: m.Resist,
		behaviour: m.Behaviour, chases: m.Chases, door: m.DeathsDoor, weakness: cp.mask(m.Weakness),
		effective: cp.mask(m.Effective), sensesMotion: m.SensesMotion, policy: pol, persistent: pol.Persistent()}
	spec.card = m.Summary(cp.rules.L27 == L27BoundaryLower)
	cp.grades = append(cp.grades, make([]Grade, count)...)
	for i := len(cp.grades) - count; i < len(cp.grades); i++ {
		cp.grades[i] = Threat(m.ThreatInput(), cp.rules.L27 == L27BoundaryLower)
	}
	spec.stats = MonsterStats{Name: m.Name, DeathsDoor: m.DeathsDoor, Attack: m.Attack, Chase: m.Chase,
		Search: m.Search, Resist: m.Resist, Behaviour: m.Behaviour, Chases: m.Chases,
		ChaseChance: chaseChance[m.Chases], SensesMotion: m.SensesMotion, Inflictions: len(m.Inflictions)}
	for _, f := range m.Inflictions {
		spec.infl = append(spec.infl, inflSpec{name: f.Name, attr: f.Attribute, tier: f.Difficulty, cond: f.Condition})
	}
	return sim.Repeat(spec, count), nil
}

// inflictionEntry declares the keys of an Infliction.
var inflictionEntry = sim.Entry[Infliction]{
	What: "infliction",
	Keys: []sim.Key[Infliction]{
		sim.TextKey("name", "infliction name", func(f *Infliction) *string { return &f.Name }),
		sim.EnumKey("attribute", "infliction attribute", attrNames[:], func(f *Infliction) *Attr { return &f.Attribute }),
		sim.EnumKey("difficulty", "infliction difficulty", tierNames[:], func(f *Infliction) *Tier { return &f.Difficulty }),
		sim.ChoiceKey("condition", "infliction condition", condNames[:], func(f *Infliction, c string) {
			f.Condition = Cond(1) << slices.Index(condNames[:], c)
		}),
	},
}

// inflictions decodes a monster's Inflictions.
func inflictions(d *sim.Doc, n *yaml.Node) ([]Infliction, error) {
	list, err := d.Seq(n, "inflictions")
	if err != nil {
		return nil, err
	}
	if len(list) > MaxInflictions {
		return nil, d.Errorf(n, "inflictions: %d; allowed: at most %d per monster", len(list), MaxInflictions)
	}
	out := []Infliction{}
	for i, in := range list {
		f, got, err := inflictionEntry.Decode(d, in, "")
		if err != nil {
			return nil, err
		}
		if !got.Has("name") {
			f.Name = fmt.Sprintf("Infliction %d", i+1)
		}
		for _, k := range []string{"attribute", "difficulty", "condition"} {
			if !got.Has(k) {
				return nil, d.Errorf(in, "infliction: `%s:` is required", k)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// scenarioForm describes a scenario's party, foes and scene from the
// Entries compile decodes them with.
func scenarioForm() systems.ScenarioForm {
	cp := &compiler{types: map[string]int{}}
	scene := sceneEntry.Form()
	return systems.ScenarioForm{Party: cp.partyEntry(0).Form(), Foes: cp.foeEntry().Form(), Scene: &scene}
}

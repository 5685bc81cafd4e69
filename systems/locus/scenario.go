package locus

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Keys of the Locus parts of a scenario.
var (
	sceneKeys      = []string{"cover", "distance", "escape"}
	partyKeys      = []string{"name", "character", "attributes", "willpower", "stress", "items", "distance", "strategy", "count"}
	itemKeys       = []string{"name", "weapon", "quality", "durability", "types", "attribute", "helps"}
	foeKeys        = []string{"monster", "name", "attack", "chase", "search", "resist", "behaviour", "chases", "deaths_door", "weakness", "effective", "senses_motion", "inflictions", "strategy", "count"}
	inflictionKeys = []string{"name", "attribute", "difficulty", "condition"}
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
	sc     *sim.Scenario
	d      *sim.Doc
	types  map[string]int // damage type -> bit
}

func (cp *compiler) errorf(n *yaml.Node, format string, args ...any) error {
	return cp.d.Errorf(n, format, args...)
}

// compile decodes the scenario and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	cp := &compiler{sc: sc, d: &sc.Doc, types: map[string]int{}}
	opts, err := sim.ResolveOptions(options(), sc)
	if err != nil {
		return nil, err
	}
	ru, err := RulesOf(opts)
	if err != nil {
		return nil, &sim.InputError{File: sc.Doc.File, Msg: err.Error()}
	}
	cp.rules = ru
	m := &model{rules: ru, maxRounds: sc.MaxRounds, escape: defaultEscape}
	if m.maxRounds <= 0 {
		m.maxRounds = sim.DefaultMaxRounds
	}
	dist := 0
	if sc.Scene != nil {
		fields, err := cp.d.Map(sc.Scene, "scene", sceneKeys...)
		if err != nil {
			return nil, err
		}
		for _, f := range fields {
			switch f.Key {
			case "cover":
				m.cover, err = cp.d.Bool(f.Node, "scene.cover")
			case "distance":
				dist, err = cp.d.Int(f.Node, "scene.distance (metres)", 0, MaxDistance)
			case "escape":
				m.escape, err = cp.d.Int(f.Node, "scene.escape (metres)", 1, MaxDistance)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	partyDefault, partyAt := DefaultPartyStrategy, (*yaml.Node)(nil)
	if s, ok := sc.Strategies[sim.Party]; ok {
		partyDefault, partyAt = s.Value, s.Node
	}
	foeDefault, foeAt := DefaultFoeStrategy, (*yaml.Node)(nil)
	if s, ok := sc.Strategies[sim.Foes]; ok {
		foeDefault, foeAt = s.Value, s.Node
	}
	if _, err := charPolicies.Get(partyDefault); err != nil {
		return nil, cp.errorf(partyAt, "strategies.party: %v", err)
	}
	if _, err := monsterPolicies.Get(foeDefault); err != nil {
		return nil, cp.errorf(foeAt, "strategies.foes: %v", err)
	}
	for _, n := range sc.Party {
		cs, err := cp.character(n, dist, strings.ToLower(partyDefault))
		if err != nil {
			return nil, err
		}
		m.chars = append(m.chars, cs...)
		if len(m.chars) > MaxSide {
			return nil, cp.errorf(n, "the party has more than %d members; allowed: 1 to %d", MaxSide, MaxSide)
		}
	}
	for _, n := range sc.Foes {
		ms, err := cp.monster(n, strings.ToLower(foeDefault))
		if err != nil {
			return nil, err
		}
		m.mons = append(m.mons, ms...)
		if len(m.mons) > MaxSide {
			return nil, cp.errorf(n, "there are more than %d foes; allowed: 1 to %d", MaxSide, MaxSide)
		}
	}
	sim.NumberNames(len(m.chars), func(i int) *string { return &m.chars[i].name })
	sim.NumberNames(len(m.mons), func(i int) *string { return &m.mons[i].name })
	for i := range m.mons {
		m.mons[i].stats.Name = m.mons[i].name
	}
	m.grades = cp.grades
	m.schema = schemaOf(m)
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: strings.ToLower(partyDefault), sim.Foes: strings.ToLower(foeDefault)}}, nil
}

// character decodes one party entry (count copies).
func (cp *compiler) character(n *yaml.Node, sceneDist int, strategy string) ([]charSpec, error) {
	fields, err := cp.d.Map(n, "party member", partyKeys...)
	if err != nil {
		return nil, err
	}
	var ch Character
	hasTemplate := false
	for _, f := range fields {
		if f.Key != "character" {
			continue
		}
		id, err := cp.d.Enum(f.Node, "character (a built-in character)", characterIDs())
		if err != nil {
			return nil, err
		}
		ch = characterTemplates()[id]
		hasTemplate = true
	}
	if !hasTemplate {
		ch = Character{Name: "Character", Willpower: defaultWillpower}
	}
	dist, count := sceneDist, 1
	var stratAt *yaml.Node
	var attrsAt *yaml.Node
	seenAttr := map[Attr]bool{}
	for _, f := range fields {
		switch f.Key {
		case "name":
			ch.Name, err = cp.d.Str(f.Node, "name")
		case "attributes":
			attrsAt = f.Node
			err = cp.attributes(f.Node, &ch.Attributes, seenAttr)
		case "willpower":
			ch.Willpower, err = cp.d.Int(f.Node, "willpower", 0, 99)
		case "stress":
			var s string
			s, err = cp.d.Enum(f.Node, "stress", stressNames[:])
			if err == nil {
				ch.Stress = Stress(slices.Index(stressNames[:], s))
			}
		case "items":
			ch.Items, err = cp.items(f.Node)
		case "distance":
			dist, err = cp.d.Int(f.Node, "distance (metres)", 0, MaxDistance)
		case "strategy":
			strategy, err = cp.d.Str(f.Node, "strategy")
			strategy = strings.ToLower(strategy)
			stratAt = f.Node
		case "count":
			count, err = cp.d.Int(f.Node, "count", 1, MaxSide)
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasTemplate {
		var missing []string
		for a := Attr(0); a < NumAttrs; a++ {
			if !seenAttr[a] {
				missing = append(missing, a.String())
			}
		}
		if len(missing) > 0 {
			at := attrsAt
			if at == nil {
				at = n
			}
			return nil, cp.errorf(at, "party member %s: without `character:` (one of %s) all eight attributes are required; missing: %s",
				ch.Name, strings.Join(characterIDs(), ", "), strings.Join(missing, ", "))
		}
	}
	pol, err := charPolicies.Get(strategy)
	if err != nil {
		return nil, cp.errorf(stratAt, "strategy: %v", err)
	}
	spec := charSpec{name: ch.Name, wp: ch.Willpower, stress: ch.Stress, dist: dist, policy: pol}
	for a, v := range ch.Attributes {
		spec.attr[a] = int8(v)
	}
	for _, it := range ch.Items {
		spec.items = append(spec.items, cp.itemSpec(it))
		spec.helps |= spec.items[len(spec.items)-1].helps
	}
	out := make([]charSpec, count)
	for i := range out {
		out[i] = spec
	}
	return out, nil
}

// attributes decodes {name: 1..5, ...} into a.
func (cp *compiler) attributes(n *yaml.Node, a *Attributes, seen map[Attr]bool) error {
	fields, err := cp.d.Map(n, "attributes", attrNames[:]...)
	if err != nil {
		return err
	}
	for _, f := range fields {
		i := Attr(slices.Index(attrNames[:], f.Key))
		v, err := cp.d.Int(f.Node, "attribute "+f.Key, 1, 5)
		if err != nil {
			return err
		}
		a[i] = v
		seen[i] = true
	}
	return nil
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
	out := []Item{}
	for _, in := range list {
		fields, err := cp.d.Map(in, "item", itemKeys...)
		if err != nil {
			return nil, err
		}
		it := Item{Quality: defaultQuality, Durability: defaultDurability, Attribute: Clumsiness}
		hasName := false
		for _, f := range fields {
			switch f.Key {
			case "name":
				it.Name, err = cp.d.Str(f.Node, "item name")
				hasName = true
			case "weapon":
				it.Weapon, err = cp.d.Bool(f.Node, "item weapon")
			case "quality":
				it.Quality, err = cp.d.Int(f.Node, "item quality", 1, 3)
			case "durability":
				it.Durability, err = cp.d.Int(f.Node, "item durability (boxes)", 1, 99)
			case "types":
				it.Types, err = cp.words(f.Node, "item types (damage types)")
			case "attribute":
				var s string
				s, err = cp.d.Enum(f.Node, "item attribute", attrNames[:])
				if err == nil {
					it.Attribute = Attr(slices.Index(attrNames[:], s))
				}
			case "helps":
				var list []*yaml.Node
				if list, err = cp.d.Seq(f.Node, "item helps"); err == nil {
					for _, h := range list {
						var s string
						if s, err = cp.d.Enum(h, "item helps (attributes)", attrNames[:]); err != nil {
							break
						}
						it.Helps = append(it.Helps, Attr(slices.Index(attrNames[:], s)))
					}
				}
			}
			if err != nil {
				return nil, err
			}
		}
		if !hasName {
			return nil, cp.errorf(in, "item: `name:` is required")
		}
		out = append(out, it)
	}
	return out, nil
}

// words decodes a list of words (damage types), lower-cased.
func (cp *compiler) words(n *yaml.Node, what string) ([]string, error) {
	list, err := cp.d.Seq(n, what)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, x := range list {
		s, err := cp.d.Str(x, what)
		if err != nil {
			return nil, err
		}
		s = strings.ToLower(strings.TrimSpace(s))
		if _, ok := cp.types[s]; !ok {
			if len(cp.types) >= 64 {
				return nil, cp.errorf(x, "%s: more than 64 different damage types in one scenario", what)
			}
			cp.types[s] = len(cp.types)
		}
		out = append(out, s)
	}
	return out, nil
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

// monsterAttr decodes a monster attribute: 1..5, or null / "-" for none.
func (cp *compiler) monsterAttr(n *yaml.Node, what string) (int, error) {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || strings.TrimSpace(n.Value) == "-") {
		return 0, nil
	}
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, cp.errorf(n, "%s: expected a whole number from 1 to 5, or null or - (the monster cannot do it); found %q", what, n.Value)
	}
	return cp.d.Int(n, what, 1, 5)
}

// monster decodes one foe entry (count copies).
func (cp *compiler) monster(n *yaml.Node, strategy string) ([]monSpec, error) {
	fields, err := cp.d.Map(n, "foe", foeKeys...)
	if err != nil {
		return nil, err
	}
	var m Monster
	hasTemplate := false
	for _, f := range fields {
		if f.Key != "monster" {
			continue
		}
		id, err := cp.d.Enum(f.Node, "monster (a built-in monster)", monsterIDs())
		if err != nil {
			return nil, err
		}
		m = monsterTemplates()[id]
		hasTemplate = true
	}
	if !hasTemplate {
		m = Monster{DeathsDoor: defaultDeathsDoor}
	}
	seen := map[string]bool{}
	count := 1
	var stratAt *yaml.Node
	for _, f := range fields {
		seen[f.Key] = true
		switch f.Key {
		case "name":
			m.Name, err = cp.d.Str(f.Node, "name")
		case "attack":
			m.Attack, err = cp.monsterAttr(f.Node, "attack")
		case "chase":
			m.Chase, err = cp.monsterAttr(f.Node, "chase")
		case "search":
			m.Search, err = cp.monsterAttr(f.Node, "search")
		case "resist":
			m.Resist, err = cp.monsterAttr(f.Node, "resist")
		case "behaviour":
			var s string
			s, err = cp.d.Enum(f.Node, "behaviour", behaviourNames[:])
			if err == nil {
				m.Behaviour = Behaviour(slices.Index(behaviourNames[:], s))
			}
		case "chases":
			var s string
			s, err = cp.d.Enum(f.Node, "chases (chase likelihood)", chaseNames[:])
			if err == nil {
				m.Chases = slices.Index(chaseNames[:], s)
			}
		case "deaths_door":
			m.DeathsDoor, err = cp.d.Int(f.Node, "deaths_door (segments)", 3, MaxDeathsDoor)
			if err == nil && m.DeathsDoor%3 != 0 {
				err = cp.errorf(f.Node, "deaths_door: %d is not a multiple of 3; allowed: 3, 6, 9 ... %d", m.DeathsDoor, MaxDeathsDoor)
			}
		case "weakness":
			m.Weakness, err = cp.words(f.Node, "weakness (damage types)")
		case "effective":
			m.Effective, err = cp.words(f.Node, "effective (damage types)")
		case "senses_motion":
			m.SensesMotion, err = cp.d.Bool(f.Node, "senses_motion")
		case "inflictions":
			m.Inflictions, err = cp.inflictions(f.Node)
		case "strategy":
			strategy, err = cp.d.Str(f.Node, "strategy")
			strategy = strings.ToLower(strategy)
			stratAt = f.Node
		case "count":
			count, err = cp.d.Int(f.Node, "count", 1, MaxSide)
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasTemplate {
		var missing []string
		for _, k := range []string{"name", "attack", "chase", "search", "resist"} {
			if !seen[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return nil, cp.errorf(n, "foe: give `monster:` (a built-in: %s) or write the monster out; missing: %s",
				strings.Join(monsterIDs(), ", "), strings.Join(missing, ", "))
		}
	}
	pol, err := monsterPolicies.Get(strategy)
	if err != nil {
		return nil, cp.errorf(stratAt, "strategy: %v", err)
	}
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
	out := make([]monSpec, count)
	for i := range out {
		out[i] = spec
	}
	return out, nil
}

// inflictions decodes a monster's Inflictions.
func (cp *compiler) inflictions(n *yaml.Node) ([]Infliction, error) {
	list, err := cp.d.Seq(n, "inflictions")
	if err != nil {
		return nil, err
	}
	if len(list) > MaxInflictions {
		return nil, cp.errorf(n, "inflictions: %d; allowed: at most %d per monster", len(list), MaxInflictions)
	}
	out := []Infliction{}
	for i, in := range list {
		fields, err := cp.d.Map(in, "infliction", inflictionKeys...)
		if err != nil {
			return nil, err
		}
		f := Infliction{Name: fmt.Sprintf("Infliction %d", i+1)}
		seen := map[string]bool{}
		for _, x := range fields {
			seen[x.Key] = true
			var s string
			switch x.Key {
			case "name":
				f.Name, err = cp.d.Str(x.Node, "infliction name")
			case "attribute":
				s, err = cp.d.Enum(x.Node, "infliction attribute", attrNames[:])
				if err == nil {
					f.Attribute = Attr(slices.Index(attrNames[:], s))
				}
			case "difficulty":
				s, err = cp.d.Enum(x.Node, "infliction difficulty", tierNames[:])
				if err == nil {
					f.Difficulty = Tier(slices.Index(tierNames[:], s))
				}
			case "condition":
				s, err = cp.d.Enum(x.Node, "infliction condition", condNames[:])
				if err == nil {
					f.Condition = Cond(1) << slices.Index(condNames[:], s)
				}
			}
			if err != nil {
				return nil, err
			}
		}
		for _, k := range []string{"attribute", "difficulty", "condition"} {
			if !seen[k] {
				return nil, cp.errorf(in, "infliction: `%s:` is required", k)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

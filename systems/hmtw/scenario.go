package hmtw

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Scenario format (the system's part):
//
//	party:
//	  - name: Brannoc
//	    archetype: swords_shieldbearer   # built-in defaults; the keys below override them
//	    path: swords                     # required without an archetype
//	    kin: human                       # or fireblooded_orc, wood_elf ...
//	    attributes: {swords: 4, pentacles: 3, cups: 2, wands: 1}   # 4, 3, 2, 1, the 4 on the path
//	    talents: [heavy_metal_machine]   # mastered path talents (the kin talent comes with the kin)
//	    training: [aegis, reaver]        # in training: 1 XP per use
//	    monster_hunter: skeleton         # Monster Hunter's specialization: a creature id
//	    hands: [blade, heavy_shield]     # held; by default the first weapon (and a shield) of the gear
//	    gear: [steel_armor, helm, poultice, poultice]   # worn armor, then belt (4 slots), then pack
//	    two_handed: false                # wields the melee weapon two-handed
//	    medical_motif: false             # favor on the poultice test of whoever it treats
//	    resolve: 4
//	    xp: 3
//	    conditions: [staggered]          # pre-state: staggered, injured, stressed
//	    wounded_talents: 0
//	    spells: [heavenfire, life]       # sorcery, opt-in: withering, heavenfire, life, sleep (needs the realm's talent)
//	    zone: hall
//	    strategy: reckless
//	    count: 1                         # copies, numbered
//	foes:
//	  - creature: ogre                   # a bestiary id; or theme: + threat: (templates)
//	    name: Grum
//	    count: 2                         # a group sharing one Initiative card
//	    attributes: {swords: 6, pentacles: 4, cups: 1, wands: 1}
//	    hd: {health: 3, defense: 5}      # health: inf for the bloodybones
//	    abilities: [deadly_attack]       # added (a template's chosen dooms)
//	    pools: [{id: body, health: 5, defense: 9, abilities: [...], core: true}]   # dungeon lords
//	    larger_than_human: true          # option H-20 per creature
//	    disposition: anger               # anger distaste sadness joy surprise trust fear
//	    pursuit: equal                   # equal, fast, slow (section 6.11.1)
//	    ranged: 3                        # members with missile weapons
//	    armed: true                      # fights with weapons (can be Disarmed)
//	    shield: false
//	    path: swords                     # theme man only: the role that gets the 4
//	    armor: iron_armor                # theme man only: HD 5 / armor Notches (option H-21)
//	    zone: hall
//	    strategy: brutal
//	scene:
//	  zones: [room, hall]                # or mappings {name, cover, exit}; default one zone, "field"
//	  links: [[room, hall]]              # adjacency; default a chain in the order given
//	  exits: [room]                      # zones a fleeing side leaves from; default every zone
//	  cover: [hall]                      # missile attacks into these zones from elsewhere have disfavor
//	  hazards: [{name: Pendulum blade, between: [room, hall], wounds: 2, piercing: true}]
//	  dark: false                        # darkness: no held light in the guild makes it Blind (H-19)
//	  protect_across_zones: false        # defensive cards protect allies in any zone (a GM ruling)
//	  carry_downed: true                 # a retreating guild carries its downed

// Keys of the HMTW parts of a scenario.
var (
	attrKeys  = suitNames[:NumSuits]
	condNames = []string{"staggered", "injured", "stressed"}
	themeIDs  = []string{"beast", "elemental", "man", "sorcerous", "spirit", "undead"}
	threatIDs = []string{"minion", "brute", "strategist", "elite", "dungeon_lord"}
)

// Defaults of the scenario format.
const (
	defaultResolve = 4
	maxResolve     = 5 // War Stories raises it to 5
	defaultXP      = 3
	maxAttr        = 7 // creatures
	maxHD          = 99
	defaultZone    = "field"
)

// compiler decodes one scenario.
type compiler struct {
	sc       *sim.Scenario
	d        *sim.Doc
	rules    Rules
	scene    sceneSpec
	warnings []string // scene keys that change nothing
}

// warnf notes a setting at node n that changes nothing.
func (cp *compiler) warnf(n *yaml.Node, format string, args ...any) {
	cp.warnings = append(cp.warnings, fmt.Sprintf("%s:%d: ", cp.d.File, n.Line)+fmt.Sprintf(format, args...))
}

func (cp *compiler) errorf(n *yaml.Node, format string, args ...any) error {
	return cp.d.Errorf(n, format, args...)
}

// compileModel decodes the scenario into a model and the options in force.
func compileModel(sc *sim.Scenario) (*model, sim.Options, error) {
	cp := &compiler{sc: sc, d: &sc.Doc}
	opts, err := sim.ResolveOptions(options(), sc)
	if err != nil {
		return nil, nil, err
	}
	if cp.rules, err = RulesOf(opts); err != nil {
		return nil, nil, &sim.InputError{File: sc.Doc.File, Msg: err.Error()}
	}
	m := &model{rules: cp.rules, maxRounds: sc.MaxRounds}
	if m.maxRounds <= 0 {
		m.maxRounds = sim.DefaultMaxRounds
	}
	if err := cp.decodeScene(sc.Scene); err != nil {
		return nil, nil, err
	}
	m.scene = cp.scene
	partyDefault, foeDefault, err := systems.Sides(sc, Policies.Party, Policies.Foes)
	if err != nil {
		return nil, nil, err
	}
	party := cp.partyEntry()
	m.party, err = sim.Collect(cp.d, sc.Party, MaxParty, "the party has more than %d adventurers",
		func(_ int, n *yaml.Node) ([]advSpec, error) { return cp.adventurer(&party, n, partyDefault) })
	if err != nil {
		return nil, nil, err
	}
	foes := cp.foeEntry()
	for _, n := range sc.Foes {
		gs, err := cp.foe(&foes, n, foeDefault)
		if err != nil {
			return nil, nil, err
		}
		parent := len(m.groups)
		for _, g := range gs {
			if g.hidden {
				g.summoner = parent
			}
			m.groups = append(m.groups, g)
			if len(m.groups) > MaxGroups {
				return nil, nil, cp.errorf(n, "more than %d groups of foes (summoned bats and clones count); allowed: 1 to %d", MaxGroups, MaxGroups)
			}
		}
		members := 0
		for _, g := range m.groups {
			members += len(g.members)
		}
		if members > MaxMembers {
			return nil, nil, cp.errorf(n, "more than %d GM characters in all (a dungeon lord's pools, severed limbs and summons count); allowed: 1 to %d", MaxMembers, MaxMembers)
		}
	}
	m.risen = -1
	if rg, ok := cp.risenGroup(m); ok {
		m.risen = len(m.groups)
		m.groups = append(m.groups, rg)
	}
	sim.NumberNames(len(m.party), func(i int) *string { return &m.party[i].name })
	sim.NumberNames(len(m.groups), func(i int) *string { return &m.groups[i].name })
	m.partyStrategy, m.foeStrategy = partyDefault, foeDefault
	if m.Strong = m.usesStrong(); m.Strong {
		if err := m.defaults(); err != nil {
			return nil, nil, &sim.InputError{File: sc.Doc.File, Msg: "strong play: " + err.Error()}
		}
	}
	m.schema = schemaOf(m)
	m.warnings = cp.warnings
	return m, opts, nil
}

// zoneIndex finds a zone by name.
func (cp *compiler) zoneIndex(n *yaml.Node, what string) (int8, error) {
	s, err := cp.d.Str(n, what)
	if err != nil {
		return 0, err
	}
	for i, z := range cp.scene.zones {
		if z == s {
			return int8(i), nil
		}
	}
	return 0, cp.errorf(n, "%s: unknown zone %q; allowed: %s", what, s, strings.Join(cp.scene.zones, ", "))
}

// decodeScene decodes `scene:` (nil: one zone).
func (cp *compiler) decodeScene(n *yaml.Node) error {
	s := &cp.scene
	cp.blankScene()
	if n == nil {
		s.exits = 1
		return nil
	}
	scene := cp.sceneEntry()
	p, _, err := scene.Decode(cp.d, n, "")
	if err != nil {
		return err
	}
	if !p.linksGiven {
		for i := 1; i < len(s.zones); i++ {
			s.adj[i-1] |= 1 << i
			s.adj[i] |= 1 << (i - 1)
		}
	}
	for _, h := range s.hazards {
		s.adj[h.a] |= 1 << h.b
		s.adj[h.b] |= 1 << h.a
	}
	if !p.exitsGiven {
		p.exitZones = uint8(1<<len(s.zones) - 1)
	}
	s.exits, s.cover = p.exitZones, p.coverZones
	if p.coverZones != 0 && len(s.zones) == 1 {
		cp.warnf(n, "scene cover has no effect in a scene of one zone: only a missile from another zone is hindered by it")
	}
	return nil
}

// blankScene sets the scene a scenario's `scene:` starts from: one zone,
// the downed carried.
func (cp *compiler) blankScene() {
	cp.scene.carryDowned = true
	cp.scene.zones = []string{defaultZone}
}

// sceneDraft is what the scene's keys say beyond the sceneSpec they fill
// (cp.scene): whether links and exits were given, and the cover and exit
// zones.
type sceneDraft struct {
	linksGiven, exitsGiven bool
	coverZones, exitZones  uint8
}

// sceneEntry declares the keys of `scene:`. Those that name zones are read
// after the others, `zones:` first.
func (cp *compiler) sceneEntry() sim.Entry[sceneDraft] {
	s := &cp.scene
	key := func(name string, read func(n *yaml.Node, p *sceneDraft) error) sim.Key[sceneDraft] {
		return sim.CustomKey(name, "scene."+name, func(_ *sim.Doc, n *yaml.Node, p *sceneDraft) error { return read(n, p) }).
			Shaped(sceneShapes[name])
	}
	flag := func(name string, at *bool) sim.Key[sceneDraft] {
		return sim.BoolKey(name, "scene."+name, func(*sceneDraft) *bool { return at })
	}
	return sim.Entry[sceneDraft]{
		What: "scene",
		Keys: []sim.Key[sceneDraft]{
			key("zones", func(n *yaml.Node, p *sceneDraft) error {
				s.zones = nil
				return cp.sceneZones(n, p)
			}).Late(),
			key("links", func(n *yaml.Node, p *sceneDraft) error {
				p.linksGiven = true
				list, err := cp.d.Seq(n, "scene.links")
				for i := 0; err == nil && i < len(list); i++ {
					var a, b int8
					if a, b, err = cp.zonePair(list[i], "scene.links (pairs of zones)"); err == nil {
						s.adj[a] |= 1 << b
						s.adj[b] |= 1 << a
					}
				}
				return err
			}).Late(),
			key("exits", func(n *yaml.Node, p *sceneDraft) error {
				p.exitsGiven = true
				m, err := cp.zoneSet(n, "scene.exits")
				p.exitZones |= m
				return err
			}).Late(),
			key("cover", func(n *yaml.Node, p *sceneDraft) error {
				m, err := cp.zoneSet(n, "scene.cover")
				p.coverZones |= m
				return err
			}).Late(),
			key("hazards", func(n *yaml.Node, _ *sceneDraft) error {
				list, err := cp.d.Seq(n, "scene.hazards")
				if err == nil && len(list) > MaxHazards {
					err = cp.errorf(n, "scene.hazards: %d hazards; allowed: at most %d", len(list), MaxHazards)
				}
				hazards := cp.hazardEntry()
				for i := 0; err == nil && i < len(list); i++ {
					var h hazardSpec
					if h, err = cp.hazard(&hazards, list[i]); err == nil {
						s.hazards = append(s.hazards, h)
					}
				}
				return err
			}).Late(),
			flag("dark", &s.dark),
			flag("protect_across_zones", &s.acrossZones).Late().Then(func(_ *sim.Doc, n *yaml.Node, _ *sceneDraft) error {
				if s.acrossZones && len(s.zones) == 1 {
					cp.warnf(n, "scene.protect_across_zones has no effect in a scene of one zone")
				}
				return nil
			}),
			flag("carry_downed", &s.carryDowned),
		},
	}
}

// sceneZones decodes scene.zones: names, or {name, cover, exit} maps.
func (cp *compiler) sceneZones(zonesNode *yaml.Node, p *sceneDraft) error {
	s := &cp.scene
	list, err := cp.d.Seq(zonesNode, "scene.zones")
	if err != nil {
		return err
	}
	if len(list) == 0 || len(list) > MaxZones {
		return cp.errorf(zonesNode, "scene.zones: %d zones; allowed: 1 to %d", len(list), MaxZones)
	}
	for i, z := range list {
		name, err := cp.sceneZone(i, z, p)
		if err != nil {
			return err
		}
		for _, o := range s.zones {
			if o == name {
				return cp.errorf(z, "scene.zones: zone %q appears twice", name)
			}
		}
		s.zones = append(s.zones, name)
	}
	return nil
}

// zoneDraft is a zone given as a mapping, as its keys are decoded.
type zoneDraft struct {
	name        string
	cover, exit bool
}

// zoneEntry declares the keys of a zone given as a mapping.
var zoneEntry = sim.Entry[zoneDraft]{
	What: "zone",
	Keys: []sim.Key[zoneDraft]{
		sim.TextKey("name", "zone name", func(z *zoneDraft) *string { return &z.name }),
		sim.BoolKey("cover", "zone cover", func(z *zoneDraft) *bool { return &z.cover }),
		sim.BoolKey("exit", "zone exit", func(z *zoneDraft) *bool { return &z.exit }),
	},
}

// sceneZone decodes zone i: its name, and whether it gives cover or is an
// exit.
func (cp *compiler) sceneZone(i int, z *yaml.Node, p *sceneDraft) (string, error) {
	if z.Kind != yaml.MappingNode {
		return cp.d.Str(z, "zone name")
	}
	zd, got, err := zoneEntry.Decode(cp.d, z, "")
	if err != nil {
		return "", err
	}
	if zd.cover {
		p.coverZones |= 1 << i
	}
	if zd.exit {
		p.exitZones |= 1 << i
	}
	p.exitsGiven = p.exitsGiven || got.Has("exit")
	if zd.name == "" {
		return "", cp.errorf(z, "zone: `name:` is required")
	}
	return zd.name, nil
}

// zonePair decodes [a, b].
func (cp *compiler) zonePair(n *yaml.Node, what string) (int8, int8, error) {
	list, err := cp.d.Seq(n, what)
	if err != nil {
		return 0, 0, err
	}
	if len(list) != 2 {
		return 0, 0, cp.errorf(n, "%s: expected two zones, found %d", what, len(list))
	}
	a, err := cp.zoneIndex(list[0], what)
	if err != nil {
		return 0, 0, err
	}
	b, err := cp.zoneIndex(list[1], what)
	if err != nil {
		return 0, 0, err
	}
	if a == b {
		return 0, 0, cp.errorf(n, "%s: a zone cannot link to itself", what)
	}
	return a, b, nil
}

// zoneSet decodes a list of zones as bits.
func (cp *compiler) zoneSet(n *yaml.Node, what string) (uint8, error) {
	list, err := cp.d.Seq(n, what)
	if err != nil {
		return 0, err
	}
	var m uint8
	for _, z := range list {
		i, err := cp.zoneIndex(z, what)
		if err != nil {
			return 0, err
		}
		m |= 1 << i
	}
	return m, nil
}

// hazardEntry declares the keys of a hazard of the scene.
func (cp *compiler) hazardEntry() sim.Entry[hazardSpec] {
	return sim.Entry[hazardSpec]{
		What:  "hazard",
		Blank: func() hazardSpec { return hazardSpec{name: "hazard", wounds: 1, a: -1} },
		Keys: []sim.Key[hazardSpec]{
			sim.TextKey("name", "hazard name", func(h *hazardSpec) *string { return &h.name }),
			sim.CustomKey("between", "hazard between (two zones)", func(_ *sim.Doc, n *yaml.Node, h *hazardSpec) (err error) {
				h.a, h.b, err = cp.zonePair(n, "hazard between (two zones)")
				return err
			}).Shaped(zonePairShape),
			sim.IntKey("wounds", "hazard wounds", 1, 9, func(h *hazardSpec) *int { return &h.wounds }),
			sim.BoolKey("piercing", "hazard piercing", func(h *hazardSpec) *bool { return &h.piercing }),
		},
	}
}

// hazard decodes one hazard of the scene.
func (cp *compiler) hazard(hazards *sim.Entry[hazardSpec], n *yaml.Node) (hazardSpec, error) {
	h, _, err := hazards.Decode(cp.d, n, "")
	if err != nil {
		return h, err
	}
	if h.a < 0 {
		return h, cp.errorf(n, "hazard %s: `between:` (the two zones it separates) is required", h.name)
	}
	return h, nil
}

// suitsGiven says which attributes the entry's `attributes:` names.
func suitsGiven(got *sim.Decoded) (seen [NumSuits]bool) {
	if v := got.Value("attributes"); v != nil {
		for i := 0; i+1 < len(v.Content); i += 2 {
			seen[lookup(attrKeys, v.Content[i].Value)] = true
		}
	}
	return seen
}

// zoneShape is a zone named by a scenario (one of scene.zones).
var zoneShape = sim.TextOf().Says("a zone of scene.zones (without them, the one zone " + defaultZone + ")")

// zonePairShape is two zones.
var zonePairShape = sim.ListOf(zoneShape).Between(2, 2).Says("two zones: [a, b]")

// sceneShapes are the values of the scene's keys that name zones.
var sceneShapes = map[string]sim.Shape{
	"zones": sim.ListOf(sim.OneOf(sim.TextOf(), sim.MapOf(zoneEntry.Form()))).Between(1, MaxZones).
		Says(fmt.Sprintf("a list of 1 to %d zones: names, or mappings {name:, cover:, exit:}", MaxZones)),
	"links":   sim.ListOf(zonePairShape).Says("a list of pairs of zones, [a, b] (default: each zone linked to the next)"),
	"exits":   sim.ListOf(zoneShape).Says("a list of zones (default: every zone)"),
	"cover":   sim.ListOf(zoneShape).Says("a list of zones"),
	"hazards": sim.ListOf(sim.MapOf((&compiler{}).hazardEntry().Form())).AtMost(MaxHazards),
}

// itemShape is an item named by a scenario: the game's items and the book's
// names for them.
func itemShape() sim.Shape {
	names := slices.Clone(itemNames[1:])
	for a := range itemAliases {
		names = append(names, a)
	}
	slices.Sort(names[len(itemNames)-1:])
	return sim.TextOf(names...)
}

// scenarioForm describes a scenario's party, foes and scene from the
// Entries compile decodes them with.
func scenarioForm() systems.ScenarioForm {
	cp := &compiler{}
	cp.blankScene()
	scene := cp.sceneEntry().Form()
	return systems.ScenarioForm{Party: cp.partyEntry().Form(), Foes: cp.foeEntry().Form(), Scene: &scene}
}

package hmtw

import (
	"fmt"
	"slices"
	"sort"
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

// talentList decodes a list of talents.
func (cp *compiler) talentList(n *yaml.Node, what string) ([]Talent, error) {
	return sim.List(cp.d, n, what, func(x *yaml.Node) (Talent, error) {
		s, err := cp.d.Enum(x, what, talentNames[:])
		return Talent(lookup(talentNames[:], s)), err
	})
}

// item decodes one item name (the book's synonyms accepted).
func (cp *compiler) item(n *yaml.Node, what string) (Item, error) {
	s, err := cp.d.Str(n, what)
	if err != nil {
		return NoItem, err
	}
	v := strings.ToLower(strings.TrimSpace(s))
	if i := lookup(itemNames[1:], v); i >= 0 {
		return Item(i + 1), nil
	}
	if it, ok := itemAliases[v]; ok {
		return it, nil
	}
	var aliases []string
	for a := range itemAliases {
		aliases = append(aliases, a)
	}
	sort.Strings(aliases)
	return NoItem, cp.errorf(n, "%s: the game has no item %q; allowed: %s (and the book's names %s)", what, s,
		strings.Join(itemNames[1:], ", "), strings.Join(aliases, ", "))
}

func (cp *compiler) itemList(n *yaml.Node, what string) ([]Item, error) {
	return sim.List(cp.d, n, what, func(x *yaml.Node) (Item, error) { return cp.item(x, what) })
}

// adventurer decodes one party entry (count copies).
func (cp *compiler) adventurer(party *sim.Entry[advDraft], n *yaml.Node, strategy string) ([]advSpec, error) {
	p, got, err := party.Decode(cp.d, n, strategy)
	if err != nil {
		return nil, err
	}
	p.seen = suitsGiven(got)
	if err := cp.advAttributes(n, &p, got); err != nil {
		return nil, err
	}
	if err := cp.advTalents(n, &p, got); err != nil {
		return nil, err
	}
	a := &p.a
	if err := cp.placeGear(a, p.hands, p.gear, orNode(got.Value("hands"), n), orNode(got.Value("gear"), n)); err != nil {
		return nil, err
	}
	pol, err := Policies.Party.Of(cp.d, got)
	if err != nil {
		return nil, err
	}
	a.policy, a.policyName = pol, got.Strategy
	return sim.Repeat(*a, got.Count), nil
}

// advDraft is a party entry as its keys are decoded.
type advDraft struct {
	a            advSpec
	hands, gear  []Item
	hasArchetype bool
	seen         [NumSuits]bool
}

// newAdventurer is a party entry that names no archetype.
func newAdventurer() advDraft {
	return advDraft{a: advSpec{name: "Adventurer", resolve: defaultResolve, xp: defaultXP, path: NoSuit}}
}

// fromArchetype is a party entry that starts from archetype id.
func fromArchetype(id string) advDraft {
	p := newAdventurer()
	a := &p.a
	ar, _ := archetypeList.Lookup(id)
	p.hasArchetype = true
	a.name, a.path, a.kin = title(ar.ID), ar.Path, ar.Kin
	for s := range ar.Attributes {
		a.attr[s] = ar.Attributes[s]
	}
	for _, t := range ar.Mastered {
		a.mastered = a.mastered.With(t)
	}
	for _, t := range ar.Training {
		a.training = a.training.With(t)
	}
	p.hands, p.gear = append([]Item(nil), ar.Hands...), append([]Item(nil), ar.Gear...)
	a.twoHand, a.medical = ar.TwoHanded, ar.Medical
	return p
}

// partyEntry declares the keys of a party entry: the archetype first, the
// others in the order given.
func (cp *compiler) partyEntry() sim.Entry[advDraft] {
	type key = sim.Key[advDraft]
	items := func(name string, at func(p *advDraft) *[]Item) key {
		return sim.CustomKey(name, name, func(d *sim.Doc, n *yaml.Node, p *advDraft) (err error) {
			*at(p), err = cp.itemList(n, name)
			return err
		}).Shaped(sim.ListOf(itemShape()))
	}
	talents := func(name, what string, at func(p *advDraft) *Talents) key {
		return sim.CustomKey(name, what, func(d *sim.Doc, n *yaml.Node, p *advDraft) error {
			return cp.talentSet(n, what, at(p))
		}).Shaped(sim.ListOf(sim.TextOf(talentNames[:]...)))
	}
	return sim.Entry[advDraft]{
		What:  "party member",
		Blank: newAdventurer,
		Keys: []key{
			sim.TextKey("name", "name", func(p *advDraft) *string { return &p.a.name }),
			sim.TemplateKey("archetype", "archetype", archetypeList.IDs(), fromArchetype),
			sim.EnumKey("path", "path", attrKeys, func(p *advDraft) *Suit { return &p.a.path }),
			sim.EnumKey("kin", "kin", kinNames[:], func(p *advDraft) *Kin { return &p.a.kin }),
			sim.IntsKey("attributes", "attributes", attrKeys, func(s string) string { return "attribute " + s }, 1, 4,
				func(p *advDraft) []int { return p.a.attr[:] }).
				Shows(fmt.Sprintf("{%s: 4, %s: 3, %s: 2, %s: 1}", attrKeys[0], attrKeys[1], attrKeys[2], attrKeys[3])),
			talents("talents", "talents (mastered)", func(p *advDraft) *Talents { return &p.a.mastered }),
			talents("training", "training (talents in training)", func(p *advDraft) *Talents { return &p.a.training }),
			sim.ChoiceKey("monster_hunter", "monster_hunter (its specialization: a creature)", creatureIDs(),
				func(p *advDraft, v string) { p.a.hunter = v }),
			items("hands", func(p *advDraft) *[]Item { return &p.hands }),
			items("gear", func(p *advDraft) *[]Item { return &p.gear }),
			sim.BoolKey("two_handed", "two_handed", func(p *advDraft) *bool { return &p.a.twoHand }),
			sim.BoolKey("medical_motif", "medical_motif", func(p *advDraft) *bool { return &p.a.medical }),
			sim.IntKey("resolve", "resolve", 0, maxResolve, func(p *advDraft) *int { return &p.a.resolve }),
			sim.IntKey("xp", "xp", 0, 99, func(p *advDraft) *int { return &p.a.xp }),
			sim.CustomKey("conditions", "conditions", decodeConditions).Shaped(sim.ListOf(sim.TextOf(condNames...))),
			sim.IntKey("wounded_talents", "wounded_talents", 0, 2, func(p *advDraft) *int { return &p.a.woundedTalents }),
			sim.CustomKey("spells", "spells", decodeSpells).Shaped(sim.ListOf(sim.TextOf(spellNames[1:]...))),
			sim.CustomKey("zone", "zone", func(d *sim.Doc, n *yaml.Node, p *advDraft) (err error) {
				p.a.zone, err = cp.zoneIndex(n, "zone")
				return err
			}).Shaped(zoneShape).Shows(defaultZone),
			sim.StrategyKey[advDraft](),
			sim.CountKey[advDraft]("count", MaxParty),
		},
	}
}

// condFlags are the pre-state conditions in the order of condNames.
var condFlags = [...]func(a *advSpec) *bool{
	func(a *advSpec) *bool { return &a.staggered },
	func(a *advSpec) *bool { return &a.injured },
	func(a *advSpec) *bool { return &a.stressed },
}

// decodeConditions reads `conditions:`, adding each condition listed.
func decodeConditions(d *sim.Doc, n *yaml.Node, p *advDraft) error {
	list, err := d.Seq(n, "conditions")
	if err != nil {
		return err
	}
	for _, c := range list {
		s, err := d.Enum(c, "condition", condNames)
		if err != nil {
			return err
		}
		*condFlags[lookup(condNames, s)](&p.a) = true
	}
	return nil
}

// decodeSpells reads `spells:`, adding each spell listed.
func decodeSpells(d *sim.Doc, n *yaml.Node, p *advDraft) error {
	list, err := d.Seq(n, "spells")
	if err != nil {
		return err
	}
	for _, x := range list {
		sp, err := d.Enum(x, "spell (sorcery with a combat reading)", spellNames[1:])
		if err != nil {
			return err
		}
		p.a.spells |= 1 << lookup(spellNames[:], sp)
	}
	return nil
}

// talentSet decodes a list of talents into set, replacing what it held.
func (cp *compiler) talentSet(n *yaml.Node, what string, set *Talents) error {
	ts, err := cp.talentList(n, what)
	if err != nil {
		return err
	}
	*set = 0
	for _, t := range ts {
		*set = set.With(t)
	}
	return nil
}

// advAttributes checks the path and the attributes: all four without an
// archetype; 4, 3, 2 and 1, the 4 on the path's (p.20).
func (cp *compiler) advAttributes(n *yaml.Node, p *advDraft, got *sim.Decoded) error {
	a := &p.a
	if a.path == NoSuit {
		return cp.errorf(n, "party member %s: give `archetype:` (one of %s) or `path:` (one of %s)",
			a.name, strings.Join(archetypeList.IDs(), ", "), strings.Join(attrKeys, ", "))
	}
	at := orNode(got.Value("attributes"), n)
	if !p.hasArchetype {
		var missing []string
		for s, ok := range p.seen {
			if !ok {
				missing = append(missing, attrKeys[s])
			}
		}
		if len(missing) > 0 {
			return cp.errorf(at, "party member %s: without `archetype:` all four attributes are required; missing: %s",
				a.name, strings.Join(missing, ", "))
		}
	}
	var used [5]int
	for s := range a.attr {
		used[a.attr[s]]++
	}
	if used[1] != 1 || used[2] != 1 || used[3] != 1 || used[4] != 1 {
		return cp.errorf(at, "party member %s: attributes %s; the four attributes are 4, 3, 2 and 1, one each (p.20)",
			a.name, attrString(a.attr))
	}
	if a.attr[a.path] != 4 {
		return cp.errorf(at, "party member %s: the path is %s, so %s must be 4 (p.20); found %s",
			a.name, a.path, a.path, attrString(a.attr))
	}
	return nil
}

// advTalents checks the talents (Monster Hunter's, no kin talent by hand,
// each spell's realm) and adds the kin's own.
func (cp *compiler) advTalents(n *yaml.Node, p *advDraft, got *sim.Decoded) error {
	a := &p.a
	if a.hunter != "" && !a.mastered.Has(TMonsterHunter) && !a.training.Has(TMonsterHunter) {
		return cp.errorf(got.Value("monster_hunter"), "party member %s: monster_hunter needs the monster_hunter talent (talents: or training:)", a.name)
	}
	for t := Talent(0); t < numTalents; t++ {
		if (a.mastered.Has(t) || a.training.Has(t)) && talentPaths[t] == NoSuit {
			return cp.errorf(n, "party member %s: %s is a kin talent; it comes with `kin:`", a.name, t)
		}
	}
	for sp := Spell(1); sp < numSpells; sp++ {
		if r := spellRealm[sp]; a.spells&(1<<sp) != 0 && !a.mastered.Has(r) && !a.training.Has(r) {
			return cp.errorf(got.Value("spells"), "party member %s: %s needs the %s talent (talents: or training:)", a.name, sp, r)
		}
	}
	if t, ok := kinTalent(a.kin); ok {
		a.mastered = a.mastered.With(t)
	}
	return nil
}

func attrString(a Attributes) string {
	return fmt.Sprintf("swords %d, pentacles %d, cups %d, wands %d", a[Swords], a[Pentacles], a[Cups], a[Wands])
}

// placeGear puts the adventurer's items where they go (p.37): armor worn,
// the hands as given (or the first weapon, then a shield or a light), the
// rest on the belt (4 slots, less the worn armor's) and then in the pack.
func (cp *compiler) placeGear(a *advSpec, hands, gear []Item, handsAt, gearAt *yaml.Node) error {
	belt := maxBelt
	var rest []Item
	for _, it := range gear {
		info := it.info()
		switch info.class {
		case clsArmor:
			if a.body != NoItem {
				return cp.errorf(gearAt, "party member %s: two body armors (%s and %s); allowed: one", a.name, a.body, it)
			}
			a.body = it
			belt -= int(info.slots)
		case clsHelm:
			if a.helm {
				return cp.errorf(gearAt, "party member %s: two helms; allowed: one", a.name)
			}
			a.helm = true
			belt -= int(info.slots)
		default:
			rest = append(rest, it)
		}
	}
	if belt < 0 {
		return cp.errorf(gearAt, "party member %s: worn armor takes %d belt slots; the belt has %d", a.name, maxBelt-belt, maxBelt)
	}
	hand := 0
	hold := func(it Item) {
		h := int(it.info().hands)
		if it.Melee() && a.twoHand && it.info().twoHand {
			h = 2
		}
		if h == 2 {
			a.hands[0], a.hands[1] = it, it
		} else {
			a.hands[hand] = it
		}
		hand += h
	}
	if hands != nil {
		need := 0
		for _, it := range hands {
			switch it.info().class {
			case clsArmor, clsHelm:
				return cp.errorf(handsAt, "party member %s: %s is worn, not held; list it under gear", a.name, it)
			}
			h := int(it.info().hands)
			if it.Melee() && a.twoHand && it.info().twoHand {
				h = 2
			}
			need += h
		}
		if need > 2 {
			return cp.errorf(handsAt, "party member %s: %s need %d hands; an adventurer has 2", a.name, itemsString(hands), need)
		}
		for _, it := range hands {
			hold(it)
		}
	} else {
		// The first weapon, then a shield or a light in a free hand.
		var left []Item
		for _, it := range rest {
			switch {
			case hand == 0 && (it.info().class == clsMelee || it.info().class == clsMissile):
				hold(it)
			case hand == 1 && (it.info().class == clsShield || it.info().class == clsLight):
				hold(it)
			default:
				left = append(left, it)
			}
		}
		// A shield listed before the weapon.
		rest = left
		if hand == 1 {
			for i, it := range rest {
				if it.info().class == clsShield {
					hold(it)
					rest = append(rest[:i:i], rest[i+1:]...)
					break
				}
			}
		}
	}
	if a.twoHand {
		if !(a.hands[0].Melee() && a.hands[0] == a.hands[1] && a.hands[0].info().twoHand) {
			return cp.errorf(handsAt, "party member %s: two_handed needs a melee weapon other than a dagger held in both hands; holds %s",
				a.name, itemsString(a.hands[:]))
		}
	}
	used := 0
	for _, it := range rest {
		s := int(it.info().slots)
		if used+s <= belt {
			a.belt = append(a.belt, it)
			used += s
			continue
		}
		a.pack = append(a.pack, it)
	}
	packSlots := 0
	for _, it := range a.pack {
		packSlots += int(it.info().slots)
	}
	if packSlots > maxPack {
		return cp.errorf(gearAt, "party member %s: the gear needs %d pack slots after the belt; the pack has %d", a.name, packSlots, maxPack)
	}
	if len(a.belt) > maxBelt {
		a.pack = append(a.belt[maxBelt:], a.pack...)
		a.belt = a.belt[:maxBelt]
	}
	return nil
}

func itemsString(items []Item) string {
	var s []string
	for i, it := range items {
		if it != NoItem && !(i == 1 && items[0] == it && it.info().hands == 2) {
			s = append(s, it.String())
		}
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// foe decodes one foe entry: one group (its members sharing an Initiative
// card), plus the hidden groups it may summon.
func (cp *compiler) foe(foes *sim.Entry[foeDraft], n *yaml.Node, strategy string) ([]groupSpec, error) {
	f, got, err := foes.Decode(cp.d, n, strategy)
	if err != nil {
		return nil, err
	}
	cr, err := cp.foeCreature(n, &f, got)
	if err != nil {
		return nil, err
	}
	f.fromCreature(cr, got)
	for _, step := range [...]func(cp *compiler, n *yaml.Node, f *foeDraft) error{
		(*compiler).foeMan, (*compiler).foeSize, (*compiler).foeTraits, (*compiler).foeMembers} {
		if err := step(cp, n, &f); err != nil {
			return nil, err
		}
	}
	g := &f.g
	// Beyond Banter and Morale (6.11.2): undead minds, constructs, the
	// spectral. The bloodybones cannot be hurt but has likes and hates: it
	// can be talked to.
	g.mindless = g.abil.hasAny(AbRottingBrains, AbEmptySkulls, AbSpectral, AbMarionette, AbConstruct)
	g.plays = g.abil.hasAny(weighedDooms()...)
	pol, err := Policies.Foes.Of(cp.d, got)
	if err != nil {
		return nil, err
	}
	g.policy, g.policyStr = pol, got.Strategy
	out := []groupSpec{*g}
	// Hidden groups the creature may call into the fight.
	if g.abil.has(AbCallBats) {
		bc, _ := findCreature("bat_cloud")
		bats := cp.hiddenGroup(bc, *g, pol, got.Strategy, 1)
		out = append(out, bats)
	}
	if g.abil.has(AbFaithfulServant) {
		cl, _ := findCreature("yellow_king_clone")
		out = append(out, cp.hiddenGroup(cl, *g, pol, got.Strategy, maxClones))
	}
	return out, nil
}

// foeDraft is a foe entry as its keys are decoded, before its members are
// built; what the entry leaves unsaid comes from its creature
// (fromCreature).
type foeDraft struct {
	g               groupSpec
	cr              Creature
	creature        string // `creature:`, "" for a template
	theme, threat   string
	health, defense int
	abil            []Ability // the entry's own, then (fromCreature) with the creature's first
	pools           []Pool
	core            string
	count           int
	ranged          int // -2: not given
	larger          *bool
	seen            [NumSuits]bool
	manPath         Suit
	manArmor        Item
	got             *sim.Decoded
}

// newFoe is a foe entry before its keys.
func newFoe() foeDraft {
	return foeDraft{ranged: -2, manPath: NoSuit, manArmor: NoItem}
}

// foeEntry declares the keys of a foe entry: `creature:` first, the others
// in the order given.
func (cp *compiler) foeEntry() sim.Entry[foeDraft] {
	type key = sim.Key[foeDraft]
	return sim.Entry[foeDraft]{
		What:  "foe",
		Blank: newFoe,
		Keys: []key{
			sim.TemplateKey("creature", "creature (a built-in creature)", creatureIDs(),
				func(id string) foeDraft { f := newFoe(); f.creature = id; return f }),
			sim.ChoiceKey("theme", "theme", themeIDs, func(f *foeDraft, v string) { f.theme = v }),
			sim.ChoiceKey("threat", "threat", threatIDs, func(f *foeDraft, v string) { f.threat = v }),
			sim.TextKey("name", "name", func(f *foeDraft) *string { return &f.g.name }),
			sim.CountKey[foeDraft]("count", MaxCount),
			sim.IntsKey("attributes", "attributes", attrKeys, func(s string) string { return "attribute " + s }, 0, maxAttr,
				func(f *foeDraft) []int { return f.g.attr[:] }),
			sim.CustomKey("hd", "hd", func(d *sim.Doc, n *yaml.Node, f *foeDraft) (err error) {
				f.health, f.defense, err = cp.hd(n)
				return err
			}).Shaped(sim.MapOf(hdEntry.Form())),
			sim.CustomKey("abilities", "abilities", func(d *sim.Doc, n *yaml.Node, f *foeDraft) (err error) {
				f.abil, err = abilityList(d, n, "abilities")
				return err
			}).Shaped(sim.ListOf(sim.TextOf(abilityIDs()...))),
			sim.CustomKey("pools", "pools", func(d *sim.Doc, n *yaml.Node, f *foeDraft) (err error) {
				f.pools, f.core, err = cp.pools(n)
				return err
			}).Shaped(sim.ListOf(sim.MapOf(poolEntry.Form())).Between(1, MaxCount)),
			sim.CustomKey("larger_than_human", "larger_than_human", func(d *sim.Doc, n *yaml.Node, f *foeDraft) error {
				b, err := d.Bool(n, "larger_than_human")
				f.larger = &b
				return err
			}).Shaped(sim.BoolOf()),
			sim.EnumKey("disposition", "disposition", emotionNames[:], func(f *foeDraft) *Emotion { return &f.g.emotion }),
			sim.EnumKey("pursuit", "pursuit", pursuitNames[:], func(f *foeDraft) *Pursuit { return &f.g.pursuit }),
			sim.IntKey("ranged", "ranged (members with missile weapons)", 0, MaxCount, func(f *foeDraft) *int { return &f.ranged }),
			sim.BoolKey("armed", "armed", func(f *foeDraft) *bool { return &f.g.armed }),
			sim.BoolKey("shield", "shield", func(f *foeDraft) *bool { return &f.g.shield }),
			sim.EnumKey("path", "path", attrKeys, func(f *foeDraft) *Suit { return &f.manPath }),
			sim.CustomKey("armor", "armor", func(d *sim.Doc, n *yaml.Node, f *foeDraft) (err error) {
				f.manArmor, err = cp.item(n, "armor")
				if err == nil && f.manArmor.info().class != clsArmor {
					err = cp.errorf(n, "armor: %s is not body armor; allowed: light_armor, iron_armor, steel_armor", f.manArmor)
				}
				return err
			}).Shaped(sim.TextOf(LightArmor.String(), IronArmor.String(), SteelArmor.String()).Says("body armor: light_armor, iron_armor or steel_armor")),
			sim.CustomKey("zone", "zone", func(d *sim.Doc, n *yaml.Node, f *foeDraft) (err error) {
				f.g.zone, err = cp.zoneIndex(n, "zone")
				return err
			}).Shaped(zoneShape).Shows(defaultZone),
			sim.StrategyKey[foeDraft](),
		},
	}
}

// creatureDefaults gives, for each key of a foe entry that overrides its
// creature's stat block, the creature's value when the entry leaves the
// key out.
var creatureDefaults = [...]struct {
	key  string
	fill func(f *foeDraft, cr *Creature)
}{
	{"name", func(f *foeDraft, cr *Creature) { f.g.name = cr.Name }},
	{"hd", func(f *foeDraft, cr *Creature) { f.health, f.defense = cr.Health, cr.Defense }},
	{"pools", func(f *foeDraft, cr *Creature) { f.pools, f.core = append([]Pool(nil), cr.Pools...), cr.Core }},
	{"larger_than_human", func(f *foeDraft, cr *Creature) { f.larger = cr.LargerThanHuman }},
	{"pursuit", func(f *foeDraft, cr *Creature) { f.g.pursuit = cr.Pursuit }},
	{"armed", func(f *foeDraft, cr *Creature) { f.g.armed = cr.Armed }},
}

// fromCreature completes the draft with creature cr: its stat block where
// the entry is silent, its abilities before the entry's own.
func (f *foeDraft) fromCreature(cr Creature, got *sim.Decoded) {
	f.cr, f.got, f.count = cr, got, got.Count
	for _, d := range creatureDefaults {
		if !got.Has(d.key) {
			d.fill(f, &cr)
		}
	}
	f.seen = suitsGiven(got)
	for s := range cr.Attributes {
		if !f.seen[s] {
			f.g.attr[s] = cr.Attributes[s]
		}
	}
	f.abil = append(append([]Ability(nil), cr.Abilities...), f.abil...)
	f.g.cr, f.g.typeKey, f.g.slimeX, f.g.extra = cr, cr.ID, cr.SlimeX, cr.GMExtraCards
	f.g.core, f.g.summoner = -1, -1
}

// foeCreature is the stat block a foe entry starts from: a built-in
// creature, or a template of a theme and a threat.
func (cp *compiler) foeCreature(n *yaml.Node, f *foeDraft, got *sim.Decoded) (Creature, error) {
	var cr Creature
	hasTheme, hasThreat := got.Has("theme"), got.Has("threat")
	switch {
	case f.creature != "" && (hasTheme || hasThreat):
		return cr, cp.errorf(n, "foe: give `creature:` or `theme:` and `threat:`, not both")
	case f.creature != "":
		cr, _ = findCreature(f.creature)
	case !hasTheme && !hasThreat:
		return cr, cp.errorf(n, "foe: give `creature:` (one of %s) or `theme:` and `threat:` (templates)", strings.Join(creatureIDs(), ", "))
	case f.theme == "man":
		cr = Creature{ID: "man", Name: "Man", Source: "template", Theme: "man", Threat: f.threat, Armed: true, LargerThanHuman: no()}
	case !hasTheme || !hasThreat:
		return cr, cp.errorf(n, "foe: a template needs both `theme:` (one of %s) and `threat:` (one of %s)",
			strings.Join(themeIDs, ", "), strings.Join(threatIDs, ", "))
	default:
		cr = fromTemplates(findTheme(f.theme), findThreat(f.threat))
	}
	return cr, nil
}

// foeMan checks `path:` and `armor:` (people only) and gives a foe built
// as a person (option H-21) an adventurer-style stat line: HD 5, armor
// Notches.
func (cp *compiler) foeMan(n *yaml.Node, f *foeDraft) error {
	g := &f.g
	pathAt, armorAt := f.got.Value("path"), f.got.Value("armor")
	if (pathAt != nil || armorAt != nil) && f.cr.Theme != "man" {
		return cp.errorf(orNode(pathAt, armorAt), "foe %s: `path:` and `armor:` are for foes built as people (theme: man)", g.name)
	}
	if f.cr.ID != "man" {
		return nil
	}
	g.man = true
	g.typeKey = "man:" + g.name
	if f.manPath == NoSuit {
		f.manPath = Swords
	}
	if !(f.seen[0] || f.seen[1] || f.seen[2] || f.seen[3]) {
		order := []Suit{f.manPath}
		for s := Swords; s <= Wands; s++ {
			if s != f.manPath {
				order = append(order, s)
			}
		}
		for i, s := range order {
			g.attr[s] = 4 - i
		}
	}
	if !f.got.Has("hd") {
		f.health, f.defense = 5, 0
		if f.manArmor != NoItem {
			f.defense = int(f.manArmor.info().notches)
		}
	}
	return nil
}

// foeSize checks a dungeon lord's pools, and the foe's count and Health.
func (cp *compiler) foeSize(n *yaml.Node, f *foeDraft) error {
	name := f.g.name
	if f.cr.Threat == "dungeon_lord" && len(f.pools) == 0 {
		return cp.errorf(orNode(f.got.Value("pools"), n), "foe %s: a dungeon lord needs `pools:` (its named HD pools)", name)
	}
	if len(f.pools) > 0 && f.count != 1 {
		return cp.errorf(n, "foe %s: a dungeon lord fights alone; count must be 1", name)
	}
	if f.health == 0 && len(f.pools) == 0 {
		return cp.errorf(orNode(f.got.Value("hd"), n), "foe %s: Health must be at least 1 (hd: {health: N, defense: N}, or health: inf)", name)
	}
	return nil
}

// foeTraits sets what the group is from its creature and keys: threat,
// theme, abilities, size and missile weapons.
func (cp *compiler) foeTraits(n *yaml.Node, f *foeDraft) error {
	g, cr := &f.g, &f.cr
	if g.slimeX {
		g.attr[Swords], g.attr[Pentacles] = f.health, f.health
	}
	g.elite = cr.Threat == "elite"
	g.lord = cr.Threat == "dungeon_lord"
	g.minion = cr.Threat == "minion"
	g.beast = cr.Theme == "beast"
	g.living = cr.Theme != "undead"
	for _, a := range f.abil {
		g.abil.add(a)
	}
	if g.abil.has(AbConstruct) || cr.Theme == "none" {
		g.living = false
	}
	switch {
	case f.larger == nil:
		g.larger = cp.rules.H20 == H20UnknownLarger
	case cp.rules.H20 == H20Never:
		g.larger = false
	default:
		g.larger = *f.larger
	}
	switch {
	case f.ranged >= 0:
		g.ranged = min(f.ranged, f.count)
	case cr.Ranged == -1:
		g.ranged = f.count
	case cr.Ranged > 0:
		g.ranged = f.count * cr.Ranged / 100
	}
	return nil
}

// foeMembers builds the group's members: a dungeon lord's pools, else
// count members (and the spare limbs of Last Grasp).
func (cp *compiler) foeMembers(n *yaml.Node, f *foeDraft) error {
	g := &f.g
	if len(f.pools) == 0 {
		for i := 0; i < f.count; i++ {
			ms := memberSpec{health: f.health, defense: f.defense}
			ms.abil = g.abil
			g.members = append(g.members, ms)
		}
		if g.abil.has(AbLastGrasp) {
			for i := 0; i < f.count; i++ {
				g.members = append(g.members, memberSpec{health: 1, spare: true})
			}
		}
		return nil
	}
	for _, p := range f.pools {
		if p.Absent {
			continue
		}
		ms := memberSpec{health: p.Health, defense: p.Defense, pool: p.ID, late: p.Late, object: p.Object}
		for _, a := range p.Abilities {
			ms.abil.add(a)
			g.abil.add(a)
		}
		for _, a := range f.abil {
			ms.abil.add(a)
		}
		if p.ID == f.core {
			g.core = len(g.members)
		}
		g.members = append(g.members, ms)
	}
	if g.core < 0 {
		return cp.errorf(orNode(f.got.Value("pools"), n), "foe %s: the core pool %q is not among the pools in the fight", g.name, f.core)
	}
	return nil
}

// risenGroup is the hidden group of zombies the guild's dead may rise as
// during the fight: "you die and instantly rise as a zombie" on a
// poultice's great failure (errata E-H11), so only for a guild that
// carries a poultice. One zombie per adventurer, playing the first foe's
// strategy; none where the fight has no room left for it (MaxGroups,
// MaxMembers), and then a risen zombie is only counted.
func (cp *compiler) risenGroup(m *model) (groupSpec, bool) {
	carries := false
	for i := range m.party {
		s := &m.party[i]
		for _, it := range append(append(s.hands[:], s.belt...), s.pack...) {
			carries = carries || it == Poultice
		}
	}
	members := 0
	for _, g := range m.groups {
		members += len(g.members)
	}
	if !carries || len(m.groups) == 0 || len(m.groups) >= MaxGroups || members+len(m.party) > MaxMembers {
		return groupSpec{}, false
	}
	zc, ok := findCreature("zombie")
	if !ok {
		return groupSpec{}, false
	}
	first := m.groups[0]
	h := cp.hiddenGroup(zc, first, first.policy, first.policyStr, len(m.party))
	h.name = "Risen " + zc.Name
	h.summoner = -1
	h.mindless = true // Rotting Brains
	h.plays = h.abil.hasAny(weighedDooms()...)
	h.emotion = Distaste
	return h, true
}

// hiddenGroup is a group a creature can summon during the fight.
func (cp *compiler) hiddenGroup(cr Creature, parent groupSpec, pol GMPolicy, strategy string, n int) groupSpec {
	h := groupSpec{name: cr.Name, cr: cr, typeKey: cr.ID, extra: cr.GMExtraCards, core: -1, hidden: true,
		zone: parent.zone, policy: pol, policyStr: strategy, living: cr.Theme != "undead", beast: cr.Theme == "beast",
		armed: cr.Armed, emotion: parent.emotion, man: cr.Theme == "man"}
	for s := range cr.Attributes {
		h.attr[s] = cr.Attributes[s]
	}
	for _, a := range cr.Abilities {
		h.abil.add(a)
	}
	h.mindless = parent.mindless
	for i := 0; i < n; i++ {
		h.members = append(h.members, memberSpec{health: cr.Health, defense: cr.Defense, abil: h.abil})
	}
	return h
}

func orNode(a, b *yaml.Node) *yaml.Node {
	if a != nil {
		return a
	}
	return b
}

// hdEntry declares the keys of `hd:`, {health: N|inf, defense: N}.
var hdEntry = sim.Entry[hdDraft]{
	What:  "hd",
	Blank: func() hdDraft { return hdDraft{health: -2} },
	Keys: []sim.Key[hdDraft]{
		sim.CustomKey("health", "hd health", func(d *sim.Doc, n *yaml.Node, h *hdDraft) (err error) {
			if n.Kind == yaml.ScalarNode && (n.Value == "inf" || n.Value == "∞") {
				h.health = Infinite
				return nil
			}
			if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
				return d.Errorf(n, "hd health: expected a whole number from 1 to %d, or inf", maxHD)
			}
			h.health, err = d.Int(n, "hd health", 1, maxHD)
			return err
		}).Shaped(sim.OneOf(sim.IntOf(1, maxHD), sim.TextOf("inf", "∞")).Says(fmt.Sprintf("1 to %d, or inf", maxHD))),
		sim.IntKey("defense", "hd defense", 0, maxHD, func(h *hdDraft) *int { return &h.defense }),
	},
}

// hdDraft is `hd:` as its keys are decoded (health -2: not given).
type hdDraft struct{ health, defense int }

// hd decodes {health: N|inf, defense: N}.
func (cp *compiler) hd(n *yaml.Node) (int, int, error) {
	h, _, err := hdEntry.Decode(cp.d, n, "")
	if err != nil {
		return 0, 0, err
	}
	if h.health == -2 {
		return 0, 0, cp.errorf(n, "hd: `health:` is required")
	}
	return h.health, h.defense, nil
}

// abilityList decodes a list of ability ids.
func abilityList(d *sim.Doc, n *yaml.Node, what string) ([]Ability, error) {
	return sim.List(d, n, what, func(x *yaml.Node) (Ability, error) {
		s, err := d.Str(x, what)
		if err != nil {
			return 0, err
		}
		a, ok := abilityByID(strings.ToLower(strings.TrimSpace(s)))
		if !ok {
			return 0, d.Errorf(x, "%s: unknown ability %q; allowed: %s", what, s, strings.Join(abilityIDs(), ", "))
		}
		return a, nil
	})
}

// poolDraft is a dungeon lord's pool as its keys are decoded.
type poolDraft struct {
	Pool
	core bool
}

// poolEntry declares the keys of one of a dungeon lord's pools.
var poolEntry = sim.Entry[poolDraft]{
	What: "pool",
	Keys: []sim.Key[poolDraft]{
		sim.TextKey("id", "pool id", func(p *poolDraft) *string { return &p.ID }),
		sim.IntKey("health", "pool health", 1, maxHD, func(p *poolDraft) *int { return &p.Health }),
		sim.IntKey("defense", "pool defense", 0, maxHD, func(p *poolDraft) *int { return &p.Defense }),
		sim.CustomKey("abilities", "pool abilities", func(d *sim.Doc, n *yaml.Node, p *poolDraft) (err error) {
			p.Abilities, err = abilityList(d, n, "pool abilities")
			return err
		}).Shaped(sim.ListOf(sim.TextOf(abilityIDs()...))),
		sim.BoolKey("core", "pool core", func(p *poolDraft) *bool { return &p.core }),
		sim.BoolKey("late", "pool late", func(p *poolDraft) *bool { return &p.Late }),
	},
}

// pools decodes a dungeon lord's pools.
func (cp *compiler) pools(n *yaml.Node) ([]Pool, string, error) {
	list, err := cp.d.Seq(n, "pools")
	if err != nil {
		return nil, "", err
	}
	if len(list) == 0 || len(list) > MaxCount {
		return nil, "", cp.errorf(n, "pools: %d pools; allowed: 1 to %d", len(list), MaxCount)
	}
	var out []Pool
	core := ""
	for _, pn := range list {
		p, got, err := poolEntry.Decode(cp.d, pn, "")
		if err != nil {
			return nil, "", err
		}
		if p.ID == "" || !got.Has("health") {
			return nil, "", cp.errorf(pn, "pool: `id:` and `health:` are required")
		}
		if p.core {
			if core != "" {
				return nil, "", cp.errorf(pn, "pools: two core pools (%s and %s); allowed: one", core, p.ID)
			}
			core = p.ID
		}
		out = append(out, p.Pool)
	}
	if core == "" {
		return nil, "", cp.errorf(n, "pools: mark the pool whose fall ends the fight with `core: true`")
	}
	return out, core, nil
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

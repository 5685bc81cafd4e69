package hmtw

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// This file holds the foes: entries of the scenario's foes list, built from
// a creature of the bestiary, the man theme or stats given in full.

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

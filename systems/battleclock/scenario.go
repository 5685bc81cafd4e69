package battleclock

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// partyEntry declares the keys of a party entry; full is the number of
// segments of a clock (option S1).
func partyEntry(full int) sim.Entry[Character] {
	return sim.Entry[Character]{
		What:  "party member",
		Blank: func() Character { return Character{Name: "PC", Harm: 2, Armor: 1} },
		Keys: []sim.Key[Character]{
			sim.TextKey("name", "name", func(c *Character) *string { return &c.Name }),
			sim.TemplateKey("character", "character (a built-in character)", characters.IDs(), characters.Get),
			// Stats after in_play, whatever the key order: -2..+3 at creation
			// (the sister hack's point buy), -3..+3 in play. statBounds
			// gives the range; -3..3 is the widest, which a template and a
			// JSON Schema show.
			sim.IntsKey("stats", "stats", statNames[:], func(s string) string { return "stat " + s + " (in_play: true allows -3)" }, -3, 3,
				func(c *Character) []int { return c.Stats[:] }).Late().Bounds(statBounds),
			sim.BoolKey("in_play", "in_play (stats changed in play: each -3 to +3)", func(c *Character) *bool { return &c.InPlay }),
			sim.IntKey("harm", "harm (the harm the PC inflicts)", 0, 5, func(c *Character) *int { return &c.Harm }),
			sim.IntKey("armor", "armor", 0, 3, func(c *Character) *int { return &c.Armor }),
			sim.IntKey("shields", "shields (shield and barrier points)", 0, 6, func(c *Character) *int { return &c.Shields }),
			sim.IntKey("harm_clock", "harm_clock (segments already marked)", 0, full-1, func(c *Character) *int { return &c.HarmClock }),
			sim.IntKey("shock_clock", "shock_clock (segments already marked)", 0, full-1, func(c *Character) *int { return &c.ShockClock }),
			sim.FlagsKey("debilities", "debilities", debilityNames[:], "debility %q is marked twice; each debility can be marked once (allowed: "+
				strings.Join(debilityNames[:], ", ")+")", func(c *Character) []bool { return c.Debilities[:] }),
			sim.IntKey("forward", "forward", -3, 3, func(c *Character) *int { return &c.Forward }),
			sim.IntKey("ongoing", "ongoing", -3, 3, func(c *Character) *int { return &c.Ongoing }),
			sim.BoolKey("boosted", "boosted (for the whole battle)", func(c *Character) *bool { return &c.Boosted }),
			sim.StrategyKey[Character](),
			sim.CountKey[Character]("count", MaxPCs),
		},
	}
}

// statBounds is the range of a stat: -3 in play, -2 at creation.
func statBounds(c *Character) (int, int) {
	if c.InPlay {
		return -3, 3
	}
	return -2, 3
}

// foeEntry declares the keys of a foe entry: an enemy group.
var foeEntry = sim.Entry[Enemy]{
	What:  "foe",
	Blank: func() Enemy { return Enemy{Name: "Enemy"} },
	Keys: []sim.Key[Enemy]{
		sim.TemplateKey("enemy", "enemy (a built-in enemy)", enemies.IDs(), enemies.Get),
		sim.TextKey("name", "name", func(e *Enemy) *string { return &e.Name }),
		sim.IntKey("harm", "harm (the harm it inflicts)", 0, 5, func(e *Enemy) *int { return &e.Harm }),
		sim.IntKey("armor", "armor", 0, 3, func(e *Enemy) *int { return &e.Armor }),
		sim.IntKey("shields", "shields", 0, 6, func(e *Enemy) *int { return &e.Shields }),
		sim.IntKey("shock", "shock (explicit shock its hits carry)", 0, 3, func(e *Enemy) *int { return &e.Shock }),
		sim.EnumKey("grade", "grade", gradeNames[:], func(e *Enemy) *Grade { return &e.Grade }),
		sim.StrategyKey[Enemy](),
		sim.CountKey[Enemy]("count (members of the group)", MaxEnemies),
	},
}

func compile(sc *sim.Scenario) (*systems.Build, error) {
	d := &sc.Doc
	ru, opts, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	m := &model{rules: ru}
	if m.maxRounds, err = sim.RoundCap(sc, MaxRoundsCap, ID, "ticks of the battle clock"); err != nil {
		return nil, err
	}
	if sc.Scene != nil {
		return nil, d.Errorf(sc.Scene, "scene: %s has no scene settings; remove `scene:`", ID)
	}
	partyDefault, foeDefault, err := Policies.Sides(sc)
	if err != nil {
		return nil, err
	}
	full := 6
	if ru.S1 == S1Twelve {
		full = 12
	}
	party := partyEntry(full)
	m.pcs, err = sim.Collect(d, sc.Party, MaxPCs, "the party has more than %d PCs",
		func(_ int, n *yaml.Node) ([]pcSpec, error) { return pc(d, &party, n, partyDefault) })
	if err != nil {
		return nil, err
	}
	if len(sc.Foes) > MaxGroups {
		return nil, d.Errorf(sc.Foes[MaxGroups], "more than %d enemy groups (foe entries); allowed: 1 to %d (use count: for a gang)", MaxGroups, MaxGroups)
	}
	for _, n := range sc.Foes {
		if err := group(d, m, n, foeDefault); err != nil {
			return nil, err
		}
		if len(m.enemies) > MaxEnemies {
			return nil, d.Errorf(n, "there are more than %d enemies; allowed: 1 to %d", MaxEnemies, MaxEnemies)
		}
	}
	sim.NumberNames(len(m.pcs), func(i int) *string { return &m.pcs[i].name })
	sim.NumberNames(len(m.enemies), func(i int) *string { return &m.enemies[i].name })
	m.schema = schemaOf(m)
	if m.Strong = m.usesStrong(); m.Strong {
		if m.defPC, err = Policies.Party.Get(Policies.Party.Default()); err != nil {
			return nil, err
		}
		if m.defGM, err = Policies.Foes.Get(Policies.Foes.Default()); err != nil {
			return nil, err
		}
	}
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// pc decodes one party entry (count copies).
func pc(d *sim.Doc, party *sim.Entry[Character], n *yaml.Node, strategy string) ([]pcSpec, error) {
	ch, got, err := party.Decode(d, n, strategy)
	if err != nil {
		return nil, err
	}
	// A template's stats not overridden must suit in_play too.
	lo, _ := statBounds(&ch)
	for s, v := range ch.Stats {
		if v < lo {
			return nil, d.Errorf(got.KeyAt("stats"), "stat %s %d is below %d; set `in_play: true` for a PC changed in play", statNames[s], v, lo)
		}
	}
	pol, err := Policies.Party.Of(d, got)
	if err != nil {
		return nil, err
	}
	spec := pcSpec{name: ch.Name, harm: ch.Harm, armor: ch.Armor, shields: ch.Shields,
		harmClock: int8(ch.HarmClock), shockClock: int8(ch.ShockClock), forward: int8(ch.Forward),
		ongoing: int8(ch.Ongoing), boosted: ch.Boosted, policy: pol}
	for s, v := range ch.Stats {
		spec.stats[s] = int8(v)
	}
	for i, on := range ch.Debilities {
		if on {
			spec.debilities |= 1 << i
		}
	}
	spec.card = ch.Summary() + "; strategy " + got.Strategy
	return sim.Repeat(spec, got.Count), nil
}

// group decodes one foe entry: an enemy group of count members sharing
// one target choice.
func group(d *sim.Doc, m *model, n *yaml.Node, strategy string) error {
	e, got, err := foeEntry.Decode(d, n, strategy)
	if err != nil {
		return err
	}
	if got.Template == "" && !got.Has("harm") {
		return d.Errorf(n, "foe: give `enemy:` (a built-in: %s) or at least `harm:`", strings.Join(enemies.IDs(), ", "))
	}
	pol, err := Policies.Foes.Of(d, got)
	if err != nil {
		return err
	}
	count := got.Count
	g := groupSpec{name: e.Name, first: len(m.enemies), harm: e.Harm, shock: e.Shock, policy: pol, card: e.Summary()}
	if count > 1 {
		g.card = fmt.Sprintf("a group of %d: %s", count, g.card)
	}
	for i := 0; i < count; i++ {
		m.enemies = append(m.enemies, enemySpec{name: e.Name, harm: e.Harm, armor: e.Armor, shields: e.Shields,
			shock: e.Shock, grade: int(e.Grade), group: len(m.groups)})
	}
	g.last = len(m.enemies)
	m.groups = append(m.groups, g)
	return nil
}

// scenarioForm describes a scenario's party and foes from the Entries
// compile decodes them with; the clocks are shown at their widest, twelve
// segments (option S1).
func scenarioForm() systems.ScenarioForm {
	return systems.ScenarioForm{Party: partyEntry(12).Form(), Foes: foeEntry.Form(), MaxRounds: MaxRoundsCap}
}

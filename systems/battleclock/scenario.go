package battleclock

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Keys of the battle-clock parts of a scenario.
var (
	partyKeys = []string{"name", "character", "stats", "in_play", "harm", "armor", "shields", "harm_clock",
		"shock_clock", "debilities", "forward", "ongoing", "boosted", "strategy", "count"}
	foeKeys = []string{"enemy", "name", "harm", "armor", "shields", "shock", "grade", "strategy", "count"}
)

type compiler struct {
	sc *sim.Scenario
	d  *sim.Doc
}

func (cp *compiler) errorf(n *yaml.Node, format string, args ...any) error {
	return cp.d.Errorf(n, format, args...)
}

func compile(sc *sim.Scenario) (*systems.Build, error) {
	cp := &compiler{sc: sc, d: &sc.Doc}
	opts, err := sim.ResolveOptions(options(), sc)
	if err != nil {
		return nil, err
	}
	ru, err := RulesOf(opts)
	if err != nil {
		return nil, &sim.InputError{File: sc.Doc.File, Msg: err.Error()}
	}
	m := &model{rules: ru, maxRounds: sc.MaxRounds}
	if m.maxRounds <= 0 {
		m.maxRounds = sim.DefaultMaxRounds
	}
	if m.maxRounds > MaxRoundsCap {
		return nil, &sim.InputError{File: sc.Doc.File,
			Msg: fmt.Sprintf("max_rounds %d: allowed: 1 to %d for %s (ticks of the battle clock)", m.maxRounds, MaxRoundsCap, ID)}
	}
	if sc.Scene != nil {
		return nil, cp.errorf(sc.Scene, "scene: %s has no scene settings; remove `scene:`", ID)
	}
	partyDefault, partyAt := DefaultPartyStrategy, (*yaml.Node)(nil)
	if s, ok := sc.Strategies[sim.Party]; ok {
		partyDefault, partyAt = strings.ToLower(s.Value), s.Node
	}
	foeDefault, foeAt := DefaultFoeStrategy, (*yaml.Node)(nil)
	if s, ok := sc.Strategies[sim.Foes]; ok {
		foeDefault, foeAt = strings.ToLower(s.Value), s.Node
	}
	if _, err := pcPolicies.Get(partyDefault); err != nil {
		return nil, cp.errorf(partyAt, "strategies.party: %v", err)
	}
	if _, err := gmPolicies.Get(foeDefault); err != nil {
		return nil, cp.errorf(foeAt, "strategies.foes: %v", err)
	}
	full := 6
	if ru.S1 == S1Twelve {
		full = 12
	}
	for _, n := range sc.Party {
		ps, err := cp.pc(n, partyDefault, full)
		if err != nil {
			return nil, err
		}
		m.pcs = append(m.pcs, ps...)
		if len(m.pcs) > MaxPCs {
			return nil, cp.errorf(n, "the party has more than %d PCs; allowed: 1 to %d", MaxPCs, MaxPCs)
		}
	}
	if len(sc.Foes) > MaxGroups {
		return nil, cp.errorf(sc.Foes[MaxGroups], "more than %d enemy groups (foe entries); allowed: 1 to %d (use count: for a gang)", MaxGroups, MaxGroups)
	}
	for _, n := range sc.Foes {
		if err := cp.group(m, n, foeDefault); err != nil {
			return nil, err
		}
		if len(m.enemies) > MaxEnemies {
			return nil, cp.errorf(n, "there are more than %d enemies; allowed: 1 to %d", MaxEnemies, MaxEnemies)
		}
	}
	sim.NumberNames(len(m.pcs), func(i int) *string { return &m.pcs[i].name })
	sim.NumberNames(len(m.enemies), func(i int) *string { return &m.enemies[i].name })
	m.schema = schemaOf(m)
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// pc decodes one party entry (count copies).
func (cp *compiler) pc(n *yaml.Node, strategy string, full int) ([]pcSpec, error) {
	fields, err := cp.d.Map(n, "party member", partyKeys...)
	if err != nil {
		return nil, err
	}
	var ch Character
	for _, f := range fields {
		if f.Key == "character" {
			id, err := cp.d.Enum(f.Node, "character (a built-in character)", characterIDs())
			if err != nil {
				return nil, err
			}
			ch = characterTemplates()[id]
		}
	}
	if ch.ID == "" {
		ch = Character{Name: "PC", Harm: 2, Armor: 1}
	}
	count := 1
	var stratAt, statsAt *yaml.Node
	var statNodes [NumStats]*yaml.Node
	for _, f := range fields {
		switch f.Key {
		case "name":
			ch.Name, err = cp.d.Str(f.Node, "name")
		case "stats":
			statsAt = f.KeyAt
			var sf []sim.Field
			if sf, err = cp.d.Map(f.Node, "stats", statNames[:]...); err == nil {
				for _, x := range sf {
					statNodes[slices.Index(statNames[:], x.Key)] = x.Node
				}
			}
		case "in_play":
			ch.InPlay, err = cp.d.Bool(f.Node, "in_play (stats changed in play: each -3 to +3)")
		case "harm":
			ch.Harm, err = cp.d.Int(f.Node, "harm (the harm the PC inflicts)", 0, 5)
		case "armor":
			ch.Armor, err = cp.d.Int(f.Node, "armor", 0, 3)
		case "shields":
			ch.Shields, err = cp.d.Int(f.Node, "shields (shield and barrier points)", 0, 6)
		case "harm_clock":
			ch.HarmClock, err = cp.d.Int(f.Node, "harm_clock (segments already marked)", 0, full-1)
		case "shock_clock":
			ch.ShockClock, err = cp.d.Int(f.Node, "shock_clock (segments already marked)", 0, full-1)
		case "debilities":
			err = cp.debilities(f.Node, &ch.Debilities)
		case "forward":
			ch.Forward, err = cp.d.Int(f.Node, "forward", -3, 3)
		case "ongoing":
			ch.Ongoing, err = cp.d.Int(f.Node, "ongoing", -3, 3)
		case "boosted":
			ch.Boosted, err = cp.d.Bool(f.Node, "boosted (for the whole battle)")
		case "strategy":
			strategy, err = cp.d.Str(f.Node, "strategy")
			strategy = strings.ToLower(strategy)
			stratAt = f.Node
		case "count":
			count, err = cp.d.Int(f.Node, "count", 1, MaxPCs)
		}
		if err != nil {
			return nil, err
		}
	}
	// Stats after in_play, whatever the key order: -2..+3 at creation (the
	// sister hack's point buy), -3..+3 in play.
	lo := -2
	if ch.InPlay {
		lo = -3
	}
	for s, node := range statNodes {
		if node == nil {
			if ch.Stats[s] < lo {
				return nil, cp.errorf(statsAt, "stat %s %d is below %d; set `in_play: true` for a PC changed in play", statNames[s], ch.Stats[s], lo)
			}
			continue
		}
		if ch.Stats[s], err = cp.d.Int(node, "stat "+statNames[s]+" (in_play: true allows -3)", lo, 3); err != nil {
			return nil, err
		}
	}
	pol, err := pcPolicies.Get(strategy)
	if err != nil {
		return nil, cp.errorf(stratAt, "strategy: %v", err)
	}
	spec := pcSpec{name: ch.Name, harm: ch.Harm, armor: ch.Armor, shields: ch.Shields,
		harmClock: int8(ch.HarmClock), shockClock: int8(ch.ShockClock), forward: int8(ch.Forward),
		ongoing: int8(ch.Ongoing), boosted: ch.Boosted, policy: pol}
	for s, v := range ch.Stats {
		spec.stats[s] = int8(v)
	}
	for d, on := range ch.Debilities {
		if on {
			spec.debilities |= 1 << d
		}
	}
	spec.card = ch.Summary() + "; strategy " + strategy
	out := make([]pcSpec, count)
	for i := range out {
		out[i] = spec
	}
	return out, nil
}

// debilities decodes a list of debility names.
func (cp *compiler) debilities(n *yaml.Node, set *[NumDebilities]bool) error {
	list, err := cp.d.Seq(n, "debilities")
	if err != nil {
		return err
	}
	for _, x := range list {
		s, err := cp.d.Enum(x, "debilities", debilityNames[:])
		if err != nil {
			return err
		}
		d := slices.Index(debilityNames[:], s)
		if set[d] {
			return cp.errorf(x, "debility %q is marked twice; each debility can be marked once (allowed: %s)", s, strings.Join(debilityNames[:], ", "))
		}
		set[d] = true
	}
	return nil
}

// group decodes one foe entry: an enemy group of count members sharing
// one target choice.
func (cp *compiler) group(m *model, n *yaml.Node, strategy string) error {
	fields, err := cp.d.Map(n, "foe", foeKeys...)
	if err != nil {
		return err
	}
	var e Enemy
	hasTemplate := false
	for _, f := range fields {
		if f.Key == "enemy" {
			id, err := cp.d.Enum(f.Node, "enemy (a built-in enemy)", enemyIDs())
			if err != nil {
				return err
			}
			e = enemyTemplates()[id]
			hasTemplate = true
		}
	}
	if !hasTemplate {
		e = Enemy{Name: "Enemy"}
	}
	seen := map[string]bool{}
	count := 1
	var stratAt *yaml.Node
	for _, f := range fields {
		seen[f.Key] = true
		switch f.Key {
		case "name":
			e.Name, err = cp.d.Str(f.Node, "name")
		case "harm":
			e.Harm, err = cp.d.Int(f.Node, "harm (the harm it inflicts)", 0, 5)
		case "armor":
			e.Armor, err = cp.d.Int(f.Node, "armor", 0, 3)
		case "shields":
			e.Shields, err = cp.d.Int(f.Node, "shields", 0, 6)
		case "shock":
			e.Shock, err = cp.d.Int(f.Node, "shock (explicit shock its hits carry)", 0, 3)
		case "grade":
			var s string
			if s, err = cp.d.Enum(f.Node, "grade", gradeNames[:]); err == nil {
				e.Grade = Grade(slices.Index(gradeNames[:], s))
			}
		case "strategy":
			strategy, err = cp.d.Str(f.Node, "strategy")
			strategy = strings.ToLower(strategy)
			stratAt = f.Node
		case "count":
			count, err = cp.d.Int(f.Node, "count (members of the group)", 1, MaxEnemies)
		}
		if err != nil {
			return err
		}
	}
	if !hasTemplate && !seen["harm"] {
		return cp.errorf(n, "foe: give `enemy:` (a built-in: %s) or at least `harm:`", strings.Join(enemyIDs(), ", "))
	}
	pol, err := gmPolicies.Get(strategy)
	if err != nil {
		return cp.errorf(stratAt, "strategy: %v", err)
	}
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

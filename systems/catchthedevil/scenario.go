package catchthedevil

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Keys of the Catch the Devil parts of a scenario.
var (
	sceneKeys = []string{"dying_rounds"}
	partyKeys = []string{"name", "character", "stats", "in_play", "weapon", "damage", "ranged", "armor",
		"questions", "versions", "wounded", "bonus", "sh_penalty", "kit_penalty", "strategy", "count"}
	foeKeys = []string{"npc", "name", "threshold", "weapon", "damage", "skilled", "armor", "horrendous",
		"person", "strategy", "count"}
)

// starting arrays: the stats sorted from highest to lowest.
var startingShapes = [][NumStats]int{{1, 0, 0, 0}, {2, 0, 0, -1}, {1, 1, 0, -1}}

const shapesText = "all 0, +1 to one stat, then optionally -1 to one and +1 to one: " +
	"+1/0/0/0, +2/0/0/-1 or +1/+1/0/-1 in any order"

type compiler struct {
	sc *sim.Scenario
	d  *sim.Doc
}

func (cp *compiler) errorf(n *yaml.Node, format string, args ...any) error {
	return cp.d.Errorf(n, format, args...)
}

// compile decodes the scenario and builds the model.
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
	m := &model{rules: ru, maxRounds: sc.MaxRounds, dyingRds: defaultDyingRds}
	if m.maxRounds <= 0 {
		m.maxRounds = sim.DefaultMaxRounds
	}
	if m.maxRounds > MaxRoundsCap {
		return nil, &sim.InputError{File: sc.Doc.File,
			Msg: fmt.Sprintf("max_rounds %d: allowed: 1 to %d for %s", m.maxRounds, MaxRoundsCap, ID)}
	}
	if sc.Scene != nil {
		fields, err := cp.d.Map(sc.Scene, "scene", sceneKeys...)
		if err != nil {
			return nil, err
		}
		for _, f := range fields {
			if f.Key == "dying_rounds" {
				if m.dyingRds, err = cp.d.Int(f.Node, "scene.dying_rounds (rounds a dying PC lasts untended, option C14 untended)", 1, 100); err != nil {
					return nil, err
				}
			}
		}
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
	if _, err := npcPolicies.Get(foeDefault); err != nil {
		return nil, cp.errorf(foeAt, "strategies.foes: %v", err)
	}
	for _, n := range sc.Party {
		ps, err := cp.pc(n, partyDefault)
		if err != nil {
			return nil, err
		}
		m.pcs = append(m.pcs, ps...)
		if len(m.pcs) > MaxPCs {
			return nil, cp.errorf(n, "the party has more than %d PCs; allowed: 1 to %d", MaxPCs, MaxPCs)
		}
	}
	for src, n := range sc.Foes {
		ns, err := cp.npc(n, foeDefault, src)
		if err != nil {
			return nil, err
		}
		m.npcs = append(m.npcs, ns...)
		if len(m.npcs) > MaxNPCs {
			return nil, cp.errorf(n, "there are more than %d NPCs; allowed: 1 to %d", MaxNPCs, MaxNPCs)
		}
	}
	m.sources = len(sc.Foes)
	sim.NumberNames(len(m.pcs), func(i int) *string { return &m.pcs[i].name })
	sim.NumberNames(len(m.npcs), func(i int) *string { return &m.npcs[i].name })
	m.schema = schemaOf(m)
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// pc decodes one party entry (count copies).
func (cp *compiler) pc(n *yaml.Node, strategy string) ([]pcSpec, error) {
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
		ch = Character{Name: "PC", Weapon: weapon("fists")}
	}
	count := 1
	var stratAt, statsAt *yaml.Node
	var dmg, ranged *yaml.Node
	for _, f := range fields {
		switch f.Key {
		case "name":
			ch.Name, err = cp.d.Str(f.Node, "name")
		case "stats":
			statsAt = f.KeyAt
			err = cp.stats(f.Node, &ch.Stats)
		case "in_play":
			ch.InPlay, err = cp.d.Bool(f.Node, "in_play (stats changed in play: each -3 to +3)")
		case "weapon":
			var s string
			if s, err = cp.d.Enum(f.Node, "weapon", weaponNames()); err == nil {
				ch.Weapon = weapon(s)
			}
		case "damage":
			dmg = f.Node
		case "ranged":
			ranged = f.Node
		case "armor":
			ch.Armor, err = cp.d.Bool(f.Node, "armor")
		case "questions":
			err = cp.questions(f.Node, &ch.Questions)
		case "versions":
			err = cp.versions(f.Node, &ch.Versions)
		case "wounded":
			err = cp.moves(f.Node, "wounded (moves wounded at the start)", &ch.Wounded)
		case "bonus":
			err = cp.moves(f.Node, "bonus (moves with Suffer Harm 4's +1 from an earlier scene)", &ch.Bonus)
		case "sh_penalty":
			ch.SHPenalty, err = cp.d.Int(f.Node, "sh_penalty (Suffer Harm penalty carried in)", -10, 0)
		case "kit_penalty":
			ch.KITPenalty, err = cp.d.Int(f.Node, "kit_penalty (Keep It Together penalty carried in)", -10, 0)
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
	// Weapon overrides come after the weapon class, whatever the key order.
	if dmg != nil {
		if ch.Weapon.Damage, err = cp.d.Int(dmg, "damage (1 fists and batons, 2 pistols and knives, 3 rifles; no PC starts skilled)", 1, 3); err != nil {
			return nil, err
		}
	}
	if ranged != nil {
		if ch.Weapon.Ranged, err = cp.d.Bool(ranged, "ranged"); err != nil {
			return nil, err
		}
	}
	at := statsAt
	if at == nil {
		at = n
	}
	if err := cp.checkStats(at, ch); err != nil {
		return nil, err
	}
	pol, err := pcPolicies.Get(strategy)
	if err != nil {
		return nil, cp.errorf(stratAt, "strategy: %v", err)
	}
	spec := pcSpec{name: ch.Name, damage: ch.Weapon.Damage, ranged: ch.Weapon.Ranged, armor: ch.Armor,
		shPen: int8(ch.SHPenalty), kitPen: int8(ch.KITPenalty), weapon: ch.Weapon.Name, policy: pol}
	for s, v := range ch.Stats {
		spec.stats[s] = int8(v)
	}
	spec.fighter = ch.Weapon.Damage >= 2 || ch.Stats[Tough] >= 1
	for q := Question(0); q < NumQuestions; q++ {
		if ch.Questions[q] {
			spec.preroll |= 1 << questionMoves[q]
		}
	}
	for mv := Move(0); mv < NumMoves; mv++ {
		spec.versions[mv] = uint8(ch.Versions[mv])
		if ch.Wounded[mv] {
			spec.wounded |= 1 << mv
		}
		if ch.Bonus[mv] {
			spec.bonus |= 1 << mv
		}
	}
	spec.card = ch.Summary() + "; strategy " + strategy
	out := make([]pcSpec, count)
	for i := range out {
		out[i] = spec
	}
	return out, nil
}

// stats decodes {quick: N, ...} over s (keys not given keep their value).
func (cp *compiler) stats(n *yaml.Node, s *Stats) error {
	fields, err := cp.d.Map(n, "stats", statNames[:]...)
	if err != nil {
		return err
	}
	for _, f := range fields {
		v, err := cp.d.Int(f.Node, "stat "+f.Key, -3, 3)
		if err != nil {
			return err
		}
		s[slices.Index(statNames[:], f.Key)] = v
	}
	return nil
}

// checkStats: a starting array unless in_play.
func (cp *compiler) checkStats(at *yaml.Node, ch Character) error {
	if ch.InPlay {
		return nil
	}
	sorted := ch.Stats
	sort.Sort(sort.Reverse(sort.IntSlice(sorted[:])))
	for _, s := range startingShapes {
		if sorted == s {
			return nil
		}
	}
	return cp.errorf(at, "party member %s: stats %s are not a starting array (%s); for a PC changed in play set `in_play: true` (each stat -3 to +3)",
		ch.Name, ch.Stats, shapesText)
}

// questions decodes {life_or_death: bool, injury: bool, horrendous: bool}.
func (cp *compiler) questions(n *yaml.Node, q *[NumQuestions]bool) error {
	fields, err := cp.d.Map(n, "questions (the GM's questions answered yes pre-roll a wounded version)", questionNames[:]...)
	if err != nil {
		return err
	}
	for _, f := range fields {
		v, err := cp.d.Bool(f.Node, "questions."+f.Key)
		if err != nil {
			return err
		}
		q[slices.Index(questionNames[:], f.Key)] = v
	}
	return nil
}

// versions decodes {move: 1..6}.
func (cp *compiler) versions(n *yaml.Node, v *[NumMoves]int) error {
	fields, err := cp.d.Map(n, "versions (known wounded versions)", moveNames[:]...)
	if err != nil {
		return err
	}
	for _, f := range fields {
		x, err := cp.d.Int(f.Node, "versions."+f.Key, 1, 6)
		if err != nil {
			return err
		}
		v[slices.Index(moveNames[:], f.Key)] = x
	}
	return nil
}

// moves decodes a list of move names.
func (cp *compiler) moves(n *yaml.Node, what string, set *[NumMoves]bool) error {
	list, err := cp.d.Seq(n, what)
	if err != nil {
		return err
	}
	*set = [NumMoves]bool{}
	for _, x := range list {
		s, err := cp.d.Enum(x, what, moveNames[:])
		if err != nil {
			return err
		}
		m := slices.Index(moveNames[:], s)
		if set[m] {
			return cp.errorf(x, "%s: %q is listed twice (a move is wounded or not; allowed: each of %s at most once)",
				what, s, strings.Join(moveNames[:], ", "))
		}
		set[m] = true
	}
	return nil
}

// npc decodes one foe entry (count copies); src is the entry's index (one
// Keep It Together per horrendous source).
func (cp *compiler) npc(n *yaml.Node, strategy string, src int) ([]npcSpec, error) {
	fields, err := cp.d.Map(n, "foe", foeKeys...)
	if err != nil {
		return nil, err
	}
	var x NPC
	hasTemplate := false
	for _, f := range fields {
		if f.Key != "npc" {
			continue
		}
		id, err := cp.d.Enum(f.Node, "npc (a built-in NPC)", npcIDs())
		if err != nil {
			return nil, err
		}
		x = npcTemplates()[id]
		hasTemplate = true
	}
	if !hasTemplate {
		x = NPC{Name: "NPC", Weapon: weapon("fists"), Person: true}
	}
	seen := map[string]bool{}
	count := 1
	var stratAt, dmg *yaml.Node
	for _, f := range fields {
		seen[f.Key] = true
		switch f.Key {
		case "name":
			x.Name, err = cp.d.Str(f.Node, "name")
		case "threshold":
			x.Threshold, err = cp.d.Int(f.Node, "threshold (2 untrained or prey, 3 fighters and predators, 4 augmented or unnatural)", 2, 4)
		case "weapon":
			var s string
			if s, err = cp.d.Enum(f.Node, "weapon", weaponNames()); err == nil {
				x.Weapon = weapon(s)
			}
		case "damage":
			dmg = f.Node
		case "skilled":
			x.Skilled, err = cp.d.Bool(f.Node, "skilled (+1 damage)")
		case "armor":
			x.Armor, err = cp.d.Bool(f.Node, "armor")
		case "horrendous":
			x.Horrendous, err = cp.d.Bool(f.Node, "horrendous")
		case "person":
			x.Person, err = cp.d.Bool(f.Node, "person")
		case "strategy":
			strategy, err = cp.d.Str(f.Node, "strategy")
			strategy = strings.ToLower(strategy)
			stratAt = f.Node
		case "count":
			count, err = cp.d.Int(f.Node, "count", 1, MaxNPCs)
		}
		if err != nil {
			return nil, err
		}
	}
	if dmg != nil {
		if x.Weapon.Damage, err = cp.d.Int(dmg, "damage (1 fists and batons, 2 pistols and knives, 3 rifles; skilled adds 1)", 1, 3); err != nil {
			return nil, err
		}
	}
	if !hasTemplate && !seen["threshold"] {
		return nil, cp.errorf(n, "foe: give `npc:` (a built-in: %s) or at least `threshold:` (2, 3 or 4)",
			strings.Join(npcIDs(), ", "))
	}
	pol, err := npcPolicies.Get(strategy)
	if err != nil {
		return nil, cp.errorf(stratAt, "strategy: %v", err)
	}
	spec := npcSpec{name: x.Name, threshold: x.Threshold, damage: x.Damage(), armor: x.Armor,
		horrendous: x.Horrendous, person: x.Person, source: src, policy: pol, card: x.Summary()}
	out := make([]npcSpec, count)
	for i := range out {
		out[i] = spec
	}
	return out, nil
}

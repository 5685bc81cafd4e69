package catchthedevil

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// scene is what a scenario's `scene:` sets.
type scene struct{ dyingRounds int }

// sceneEntry declares the keys of `scene:`.
var sceneEntry = sim.Entry[scene]{
	What:  "scene",
	Blank: func() scene { return scene{dyingRounds: defaultDyingRds} },
	Keys: []sim.Key[scene]{
		sim.IntKey("dying_rounds", "scene.dying_rounds (rounds a dying PC lasts untended, option C14 untended)", 1, 100,
			func(s *scene) *int { return &s.dyingRounds }),
	},
}

// partyEntry declares the keys of a party entry.
var partyEntry = sim.Entry[Character]{
	What:  "party member",
	Blank: func() Character { return Character{Name: "PC", Weapon: weaponList.Must("fists")} },
	Keys: []sim.Key[Character]{
		sim.TextKey("name", "name", func(c *Character) *string { return &c.Name }),
		sim.TemplateKey("character", "character (a built-in character)", characters.IDs(), characters.Get),
		sim.IntsKey("stats", "stats", statNames[:], func(s string) string { return "stat " + s }, -3, 3,
			func(c *Character) []int { return c.Stats[:] }).
			Shows(fmt.Sprintf("{%s: 1, %s: 0, %s: 0, %s: 0}", statNames[0], statNames[1], statNames[2], statNames[3])),
		sim.BoolKey("in_play", "in_play (stats changed in play: each -3 to +3)", func(c *Character) *bool { return &c.InPlay }),
		sim.ChoiceKey("weapon", "weapon", weaponList.IDs(), func(c *Character, w string) { c.Weapon = weaponList.Must(w) }),
		// Weapon overrides come after the weapon class, whatever the key order.
		sim.IntKey("damage", "damage (1 fists and batons, 2 pistols and knives, 3 rifles; no PC starts skilled)", 1, 3,
			func(c *Character) *int { return &c.Weapon.Damage }).Late(),
		sim.BoolKey("ranged", "ranged", func(c *Character) *bool { return &c.Weapon.Ranged }).Late(),
		sim.BoolKey("armor", "armor", func(c *Character) *bool { return &c.Armor }),
		sim.BoolsKey("questions", "questions (the GM's questions answered yes pre-roll a wounded version)", questionNames[:],
			func(q string) string { return "questions." + q }, func(c *Character) []bool { return c.Questions[:] }),
		sim.IntsKey("versions", "versions (known wounded versions)", moveNames[:], func(m string) string { return "versions." + m }, 1, 6,
			func(c *Character) []int { return c.Versions[:] }),
		movesKey("wounded", "wounded (moves wounded at the start)", func(c *Character) []bool { return c.Wounded[:] }),
		movesKey("bonus", "bonus (moves with Suffer Harm 4's +1 from an earlier scene)", func(c *Character) []bool { return c.Bonus[:] }),
		sim.IntKey("sh_penalty", "sh_penalty (Suffer Harm penalty carried in)", -10, 0, func(c *Character) *int { return &c.SHPenalty }),
		sim.IntKey("kit_penalty", "kit_penalty (Keep It Together penalty carried in)", -10, 0, func(c *Character) *int { return &c.KITPenalty }),
		sim.StrategyKey[Character](),
		sim.CountKey[Character]("count", MaxPCs),
	},
}

// movesKey is a list of moves, each at most once.
func movesKey(name, what string, at func(c *Character) []bool) sim.Key[Character] {
	return sim.FlagsKey(name, what, moveNames[:], what+": %q is listed twice (a move is wounded or not; allowed: each of "+
		strings.Join(moveNames[:], ", ")+" at most once)", at)
}

// foeEntry declares the keys of a foe entry.
var foeEntry = sim.Entry[NPC]{
	What:  "foe",
	Blank: func() NPC { return NPC{Name: "NPC", Weapon: weaponList.Must("fists"), Person: true} },
	Keys: []sim.Key[NPC]{
		sim.TemplateKey("npc", "npc (a built-in NPC)", npcs.IDs(), npcs.Get),
		sim.TextKey("name", "name", func(x *NPC) *string { return &x.Name }),
		sim.IntKey("threshold", "threshold (2 untrained or prey, 3 fighters and predators, 4 augmented or unnatural)", 2, 4,
			func(x *NPC) *int { return &x.Threshold }),
		sim.ChoiceKey("weapon", "weapon", weaponList.IDs(), func(x *NPC, w string) { x.Weapon = weaponList.Must(w) }),
		sim.IntKey("damage", "damage (1 fists and batons, 2 pistols and knives, 3 rifles; skilled adds 1)", 1, 3,
			func(x *NPC) *int { return &x.Weapon.Damage }).Late(),
		sim.BoolKey("skilled", "skilled (+1 damage)", func(x *NPC) *bool { return &x.Skilled }),
		sim.BoolKey("armor", "armor", func(x *NPC) *bool { return &x.Armor }),
		sim.BoolKey("horrendous", "horrendous", func(x *NPC) *bool { return &x.Horrendous }),
		sim.BoolKey("person", "person", func(x *NPC) *bool { return &x.Person }),
		sim.StrategyKey[NPC](),
		sim.CountKey[NPC]("count", MaxNPCs),
	},
}

// starting arrays: the stats sorted from highest to lowest.
var startingShapes = [][NumStats]int{{1, 0, 0, 0}, {2, 0, 0, -1}, {1, 1, 0, -1}}

const shapesText = "all 0, +1 to one stat, then optionally -1 to one and +1 to one: " +
	"+1/0/0/0, +2/0/0/-1 or +1/+1/0/-1 in any order"

// compile decodes the scenario and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	d := &sc.Doc
	ru, opts, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	m := &model{rules: ru, dyingRds: defaultDyingRds}
	if m.maxRounds, err = sim.RoundCap(sc, MaxRoundsCap, ID, ""); err != nil {
		return nil, err
	}
	if sc.Scene != nil {
		sn, _, err := sceneEntry.Decode(d, sc.Scene, "")
		if err != nil {
			return nil, err
		}
		m.dyingRds = sn.dyingRounds
	}
	partyDefault, foeDefault, err := Policies.Sides(sc)
	if err != nil {
		return nil, err
	}
	m.pcs, err = sim.Collect(d, sc.Party, MaxPCs, "the party has more than %d PCs",
		func(_ int, n *yaml.Node) ([]pcSpec, error) { return pc(d, n, partyDefault) })
	if err != nil {
		return nil, err
	}
	m.npcs, err = sim.Collect(d, sc.Foes, MaxNPCs, "there are more than %d NPCs",
		func(src int, n *yaml.Node) ([]npcSpec, error) { return npc(d, n, foeDefault, src) })
	if err != nil {
		return nil, err
	}
	m.sources = len(sc.Foes)
	sim.NumberNames(len(m.pcs), func(i int) *string { return &m.pcs[i].name })
	sim.NumberNames(len(m.npcs), func(i int) *string { return &m.npcs[i].name })
	m.schema = schemaOf(m)
	if m.Strong = m.usesStrong(); m.Strong {
		if m.defPC, err = Policies.Party.Get(Policies.Party.Default()); err != nil {
			return nil, err
		}
		if m.defNPC, err = Policies.Foes.Get(Policies.Foes.Default()); err != nil {
			return nil, err
		}
		_, m.defUniform = m.defNPC.(UniformTargeter)
	}
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// pc decodes one party entry (count copies).
func pc(d *sim.Doc, n *yaml.Node, strategy string) ([]pcSpec, error) {
	ch, got, err := partyEntry.Decode(d, n, strategy)
	if err != nil {
		return nil, err
	}
	at := got.KeyAt("stats")
	if at == nil {
		at = n
	}
	if err := checkStats(d, at, ch); err != nil {
		return nil, err
	}
	pol, err := Policies.Party.Of(d, got)
	if err != nil {
		return nil, err
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
	spec.card = ch.Summary() + "; strategy " + got.Strategy
	return sim.Repeat(spec, got.Count), nil
}

// checkStats: a starting array unless in_play.
func checkStats(d *sim.Doc, at *yaml.Node, ch Character) error {
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
	return d.Errorf(at, "party member %s: stats %s are not a starting array (%s); for a PC changed in play set `in_play: true` (each stat -3 to +3)",
		ch.Name, ch.Stats, shapesText)
}

// npc decodes one foe entry (count copies); src is the entry's index (one
// Keep It Together per horrendous source).
func npc(d *sim.Doc, n *yaml.Node, strategy string, src int) ([]npcSpec, error) {
	x, got, err := foeEntry.Decode(d, n, strategy)
	if err != nil {
		return nil, err
	}
	if got.Template == "" && !got.Has("threshold") {
		return nil, d.Errorf(n, "foe: give `npc:` (a built-in: %s) or at least `threshold:` (2, 3 or 4)",
			strings.Join(npcs.IDs(), ", "))
	}
	pol, err := Policies.Foes.Of(d, got)
	if err != nil {
		return nil, err
	}
	spec := npcSpec{name: x.Name, threshold: x.Threshold, damage: x.Damage(), armor: x.Armor,
		horrendous: x.Horrendous, person: x.Person, source: src, policy: pol, card: x.Summary()}
	return sim.Repeat(spec, got.Count), nil
}

// scenarioForm describes a scenario's party, foes and scene from the
// Entries compile decodes them with.
func scenarioForm() systems.ScenarioForm {
	scene := sceneEntry.Form()
	return systems.ScenarioForm{Party: partyEntry.Form(), Foes: foeEntry.Form(), Scene: &scene, MaxRounds: MaxRoundsCap}
}

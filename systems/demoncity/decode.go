package demoncity

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Scenario format (the system's part):
//
//	party:
//	  - name: Marty
//	    character: bartender        # optional built-in person; fields below override it
//	    agility: 3                  # stats 0..10: calm, agility, toughness, perception,
//	    toughness: 2                #   appeal, cash, knowledge, hand_to_hand, firearms,
//	    calm: 2                     #   exotic_weapons (agility and toughness required
//	    weapon: pistol              #   without a character); a weapon id or a mapping
//	    armor: 0                    # DC-17
//	    significator: the-hierophant  # DC-21
//	    advantages: 1               # distinct situational advantages (extra throws)
//	    disadvantages: 0            # DC-23
//	    called_shot: false          # every attack a called shot
//	    strategy: flee              # overrides strategies.party for this PC
//	foes:
//	  - horror: narth               # or character: bully (a human NPC), or a full sheet
//	    count: 2
//	    calm_check: 8               # horrors: Intensity of the PCs' Calm check
//	    cards: [the-star]           # horrors: signature cards for the Horror's Deck
//	    supernatural: false         # attacks are supernatural abilities
//	scene:
//	  range: close                  # contact, close, near, far, distant
//	  escape: 2                     # successful flights needed to get away (1..10)
//	  flee_intensity: 0             # Intensity of an unopposed flight (0..10)
//	  horror_deck: [queen-of-pentacles, 8-of-cups]   # place and NPC cards
//
// A weapon mapping: {weapon: base-id, name: text, kind: melee|firearm|exotic,
// suits: [bands], cumbersome: [bands], massive: bool, unarmed: bool}.

// Ranges of sheet values.
const (
	maxStat  = 10
	maxArmor = 5
	maxMods  = 5
	maxCount = MaxCombatants
)

// entry is one decoded combatant before compilation.
type entry struct {
	sheet      Sheet
	strategy   sim.Setting // empty Value: the side's strategy
	policy     Policy      // resolved by Compile
	policyName string
	group      string // foes of one kind share one Calm check and one set of cards
	line       int
	sigNode    *yaml.Node
}

// scene is the decoded `scene:`.
type scene struct {
	band          Band
	escape        int
	fleeIntensity int
	extra         []Card
	extraNodes    []*yaml.Node
}

// statKeys are the ten stats of a sheet, in the order messages list them.
var statKeys = []struct {
	name string
	at   func(s *Sheet) *int
}{
	{"calm", func(s *Sheet) *int { return &s.Calm }},
	{"agility", func(s *Sheet) *int { return &s.Agility }},
	{"toughness", func(s *Sheet) *int { return &s.Toughness }},
	{"perception", func(s *Sheet) *int { return &s.Perception }},
	{"appeal", func(s *Sheet) *int { return &s.Appeal }},
	{"cash", func(s *Sheet) *int { return &s.Cash }},
	{"knowledge", func(s *Sheet) *int { return &s.Knowledge }},
	{"hand_to_hand", func(s *Sheet) *int { return &s.HandToHand }},
	{"firearms", func(s *Sheet) *int { return &s.Firearms }},
	{"exotic_weapons", func(s *Sheet) *int { return &s.ExoticWeapons }},
}

// sheetKeys declares the stat and gear keys of a combatant; what ("party
// member", "foe") begins their messages.
func sheetKeys(what string) []sim.Key[entry] {
	keys := []sim.Key[entry]{sim.TextKey("name", what+" name", func(e *entry) *string { return &e.sheet.Name })}
	for _, st := range statKeys {
		keys = append(keys, sim.IntKey(st.name, what+" "+st.name, 0, maxStat, func(e *entry) *int { return st.at(&e.sheet) }))
	}
	return append(keys,
		sim.CustomKey("weapon", "weapon", func(d *sim.Doc, n *yaml.Node, e *entry) (err error) {
			e.sheet.Weapon, err = decodeWeapon(d, n)
			return err
		}).Shaped(sim.OneOf(sim.TextOf(weapons.IDs()...), sim.MapOf(weaponEntry.Form())).
			Says("a built-in weapon ("+strings.Join(weapons.IDs(), ", ")+"), or a mapping (weapon:, name:, kind:...)")),
		sim.IntKey("armor", what+" armor", 0, maxArmor, func(e *entry) *int { return &e.sheet.Armor }),
		sim.BoolKey("supernatural", what+" supernatural", func(e *entry) *bool { return &e.sheet.Supernatural }),
		sim.IntKey("advantages", what+" advantages", 0, maxMods, func(e *entry) *int { return &e.sheet.Advantages }),
		sim.IntKey("disadvantages", what+" disadvantages", 0, maxMods, func(e *entry) *int { return &e.sheet.Disadvantages }),
		sim.BoolKey("called_shot", what+" called_shot", func(e *entry) *bool { return &e.sheet.CalledShot }),
		// The entry keeps the name and its node; compile looks it up in any
		// case, as every system does.
		strategyKey(what),
	)
}

// template returns a built-in sheet of list as an entry, unarmed unless it
// has a weapon.
func template(list func() []Sheet) func(id string) entry {
	return func(id string) entry {
		s, _ := sheetByID(list(), id)
		if s.Weapon.Name == "" {
			s.Weapon = weapons.Must("unarmed")
		}
		return entry{sheet: s}
	}
}

// partyEntry declares the keys of a party member.
var partyEntry = sim.Entry[entry]{
	What:  "party member",
	Blank: func() entry { return entry{sheet: Sheet{Weapon: weapons.Must("unarmed")}} },
	Keys: append([]sim.Key[entry]{
		sim.TemplateKey("character", "character", sheetIDs(builtinPeople()), template(builtinPeople)),
		sim.CustomKey("significator", "significator", func(d *sim.Doc, n *yaml.Node, e *entry) error {
			c, err := decodeCard(d, n, "significator")
			e.sheet.Significator, e.sigNode = &c, n
			return err
		}).Late().Shaped(cardShape),
	}, sheetKeys("party member")...),
}

// foeEntry declares the keys of a foe.
var foeEntry = sim.Entry[entry]{
	What:  "foe",
	Blank: func() entry { return entry{sheet: Sheet{Horror: true, Weapon: weapons.Must("unarmed")}} },
	Keys: append([]sim.Key[entry]{
		sim.TemplateKey("horror", "horror", sheetIDs(builtinHorrors()), template(builtinHorrors)),
		sim.TemplateKey("character", "character", sheetIDs(builtinPeople()), template(builtinPeople)),
		sim.CountKey[entry]("count", maxCount),
		sim.IntKey("calm_check", "calm_check", 0, maxStat, func(e *entry) *int { return &e.sheet.CalmCheck }),
		sim.CustomKey("cards", "cards", func(d *sim.Doc, n *yaml.Node, e *entry) (err error) {
			e.sheet.Cards, err = decodeCards(d, n, "cards")
			return err
		}).Shaped(sim.ListOf(cardShape)),
	}, sheetKeys("foe")...),
}

// sceneEntry declares the keys of `scene:`.
var sceneEntry = sim.Entry[scene]{
	What:  "scene",
	Blank: func() scene { return scene{band: Close, escape: 2} },
	Keys: []sim.Key[scene]{
		sim.EnumKey("range", "scene range", bandNames[:], func(s *scene) *Band { return &s.band }),
		sim.IntKey("escape", "scene escape", 1, 10, func(s *scene) *int { return &s.escape }),
		sim.IntKey("flee_intensity", "scene flee_intensity", 0, 10, func(s *scene) *int { return &s.fleeIntensity }),
		sim.CustomKey("horror_deck", "scene horror_deck", func(d *sim.Doc, n *yaml.Node, s *scene) error {
			items, err := d.Seq(n, "scene horror_deck")
			for i := 0; err == nil && i < len(items); i++ {
				var c Card
				if c, err = decodeCard(d, items[i], "scene horror_deck"); err == nil {
					s.extra = append(s.extra, c)
					s.extraNodes = append(s.extraNodes, items[i])
				}
			}
			return err
		}).Shaped(sim.ListOf(cardShape)),
	},
}

func decodeParty(d *sim.Doc, nodes []*yaml.Node) ([]entry, error) {
	var out []entry
	for _, n := range nodes {
		e, got, err := partyEntry.Decode(d, n, "")
		if err != nil {
			return nil, err
		}
		if got.Template == "" {
			if err := requireStats(d, n, got, "party member"); err != nil {
				return nil, err
			}
		}
		if e.sheet.Name == "" {
			return nil, d.Errorf(n, "party member: missing `name:`")
		}
		e.line = n.Line
		out = append(out, e)
	}
	return out, nil
}

func decodeFoes(d *sim.Doc, nodes []*yaml.Node) ([]entry, error) {
	var out []entry
	for _, n := range nodes {
		e, got, err := foeEntry.Decode(d, n, "")
		if err != nil {
			return nil, err
		}
		switch {
		case got.Has("horror") && got.Has("character"):
			return nil, d.Errorf(got.KeyAt("character"), "foe: give either `horror:` or `character:`, not both")
		case got.Has("horror"):
			e.group = "horror:" + got.Template
		case got.Has("character"):
			e.group = "character:" + got.Template
		default:
			if err := requireStats(d, n, got, "foe"); err != nil {
				return nil, err
			}
		}
		if e.sheet.Name == "" {
			return nil, d.Errorf(n, "foe: missing `name:` (or `horror:` / `character:` for a built-in one)")
		}
		if e.group == "" || got.Has("name") {
			e.group = "name:" + e.sheet.Name
		}
		e.line = n.Line
		base := e.sheet.Name
		for c := 1; c <= got.Count; c++ {
			x := e
			if got.Count > 1 {
				x.sheet.Name = fmt.Sprintf("%s %d", base, c)
			}
			out = append(out, x)
		}
	}
	return out, nil
}

// requireStats asks for agility and toughness in a sheet with no template.
func requireStats(d *sim.Doc, n *yaml.Node, got *sim.Decoded, what string) error {
	for _, k := range []string{"agility", "toughness"} {
		if !got.Has(k) {
			return d.Errorf(n, "%s: missing `%s:` (0..%d); give every stat, or a built-in `character:` (%s) or `horror:` (%s) to start from",
				what, k, maxStat, strings.Join(sheetIDs(builtinPeople()), ", "), strings.Join(sheetIDs(builtinHorrors()), ", "))
		}
	}
	return nil
}

// weaponEntry declares the keys of a weapon mapping.
var weaponEntry = sim.Entry[Weapon]{
	What: "weapon",
	Keys: []sim.Key[Weapon]{
		sim.TemplateKey("weapon", "weapon", weapons.IDs(), weapons.Must),
		sim.TextKey("name", "weapon name", func(w *Weapon) *string { return &w.Name }),
		sim.EnumKey("kind", "weapon kind", weaponKindNames[:], func(w *Weapon) *WeaponKind { return &w.Kind }),
		bandsKey("suits", "weapon suits", func(w *Weapon) *[]Band { return &w.Suits }),
		bandsKey("cumbersome", "weapon cumbersome", func(w *Weapon) *[]Band { return &w.Cumbersome }),
		sim.BoolKey("massive", "weapon massive", func(w *Weapon) *bool { return &w.Massive }),
		sim.BoolKey("unarmed", "weapon unarmed", func(w *Weapon) *bool { return &w.Unarmed }),
	},
}

// bandsKey is a list of range bands, in the order given (repeats allowed).
func bandsKey(name, what string, at func(w *Weapon) *[]Band) sim.Key[Weapon] {
	return sim.CustomKey(name, what, func(d *sim.Doc, n *yaml.Node, w *Weapon) (err error) {
		*at(w), err = decodeBands(d, n, what)
		return err
	}).Shaped(sim.ListOf(sim.TextOf(bandNames[:]...)))
}

// decodeWeapon reads a built-in weapon's id or a weapon mapping, which
// starts from a built-in `weapon:` or gives its `name:`.
func decodeWeapon(d *sim.Doc, n *yaml.Node) (Weapon, error) {
	if n.Kind == yaml.ScalarNode {
		id, err := d.Enum(n, "weapon", weapons.IDs())
		if err != nil {
			return Weapon{}, err
		}
		return weapons.Must(id), nil
	}
	w, got, err := weaponEntry.Decode(d, n, "")
	if err != nil {
		return Weapon{}, err
	}
	if got.Template == "" && !got.Has("name") {
		return Weapon{}, d.Errorf(n, "weapon: give `name:` or a built-in `weapon:` to start from (%s)", strings.Join(weapons.IDs(), ", "))
	}
	w.ID = ""
	return w, nil
}

func decodeBands(d *sim.Doc, n *yaml.Node, what string) ([]Band, error) {
	return sim.List(d, n, what, func(it *yaml.Node) (Band, error) { return decodeBand(d, it, what) })
}

func decodeBand(d *sim.Doc, n *yaml.Node, what string) (Band, error) {
	s, err := d.Enum(n, what, bandNames[:])
	if err != nil {
		return 0, err
	}
	for i, x := range bandNames {
		if x == s {
			return Band(i), nil
		}
	}
	return 0, nil
}

func decodeCard(d *sim.Doc, n *yaml.Node, what string) (Card, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return Card{}, d.Errorf(n, "%s: expected a card, found a %s; a card is %s", what, kindWord(n), CardSyntax)
	}
	c, err := ParseCard(n.Value)
	if err != nil {
		return Card{}, d.Errorf(n, "%s: %v", what, err)
	}
	return c, nil
}

func kindWord(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "blank"
}

func decodeCards(d *sim.Doc, n *yaml.Node, what string) ([]Card, error) {
	return sim.List(d, n, what, func(it *yaml.Node) (Card, error) { return decodeCard(d, it, what) })
}

func decodeScene(d *sim.Doc, n *yaml.Node) (scene, error) {
	if n == nil {
		return sceneEntry.Blank(), nil
	}
	sc, _, err := sceneEntry.Decode(d, n, "")
	return sc, err
}

// strategyKey is an entry's own strategy, kept with its node; compile looks
// it up in any case, as every system does. It is a StrategyKind key, so
// that a scenario's form lists the side's strategies for it.
func strategyKey(what string) sim.Key[entry] {
	k := sim.CustomKey("strategy", what+" strategy", func(d *sim.Doc, n *yaml.Node, e *entry) error {
		v, err := d.Str(n, what+" strategy")
		e.strategy = sim.Setting{Value: v, Node: n}
		return err
	})
	k.Kind = sim.StrategyKind
	return k
}

// cardShape is what a card is in a scenario (CardSyntax).
var cardShape = sim.OneOf(sim.IntOf(1, 10), sim.TextOf()).Says("a card: " + CardSyntax)

// scenarioForm describes a scenario's party, foes and scene from the
// Entries compile decodes them with.
func scenarioForm() systems.ScenarioForm {
	scene := sceneEntry.Form()
	return systems.ScenarioForm{Party: partyEntry.Form(), Foes: foeEntry.Form(), Scene: &scene}
}

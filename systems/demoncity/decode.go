package demoncity

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
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

// sheetKeys are the stat and gear keys of a combatant.
var sheetKeys = []string{"name", "calm", "agility", "toughness", "perception", "appeal", "cash", "knowledge",
	"hand_to_hand", "firearms", "exotic_weapons", "weapon", "armor", "supernatural", "advantages",
	"disadvantages", "called_shot", "strategy"}

var (
	partyKeys = append([]string{"character", "significator"}, sheetKeys...)
	foeKeys   = append([]string{"horror", "character", "count", "calm_check", "cards"}, sheetKeys...)
	sceneKeys = []string{"range", "escape", "flee_intensity", "horror_deck"}
)

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

func decodeParty(d *sim.Doc, nodes []*yaml.Node) ([]entry, error) {
	var out []entry
	for _, n := range nodes {
		fields, err := d.Map(n, "party member", partyKeys...)
		if err != nil {
			return nil, err
		}
		e := entry{line: n.Line}
		if f := find(fields, "character"); f != nil {
			id, err := d.Enum(f.Node, "character", sheetIDs(builtinPeople()))
			if err != nil {
				return nil, err
			}
			e.sheet, _ = sheetByID(builtinPeople(), id)
		} else if err := requireStats(d, n, fields, "party member"); err != nil {
			return nil, err
		}
		if err := decodeSheet(d, fields, &e, "party member"); err != nil {
			return nil, err
		}
		if f := find(fields, "significator"); f != nil {
			c, err := decodeCard(d, f.Node, "significator")
			if err != nil {
				return nil, err
			}
			e.sheet.Significator = &c
			e.sigNode = f.Node
		}
		if e.sheet.Name == "" {
			return nil, d.Errorf(n, "party member: missing `name:`")
		}
		out = append(out, e)
	}
	return out, nil
}

func decodeFoes(d *sim.Doc, nodes []*yaml.Node) ([]entry, error) {
	var out []entry
	for _, n := range nodes {
		fields, err := d.Map(n, "foe", foeKeys...)
		if err != nil {
			return nil, err
		}
		e := entry{line: n.Line}
		fh, fc := find(fields, "horror"), find(fields, "character")
		switch {
		case fh != nil && fc != nil:
			return nil, d.Errorf(fc.KeyAt, "foe: give either `horror:` or `character:`, not both")
		case fh != nil:
			id, err := d.Enum(fh.Node, "horror", sheetIDs(builtinHorrors()))
			if err != nil {
				return nil, err
			}
			e.sheet, _ = sheetByID(builtinHorrors(), id)
			e.group = "horror:" + id
		case fc != nil:
			id, err := d.Enum(fc.Node, "character", sheetIDs(builtinPeople()))
			if err != nil {
				return nil, err
			}
			e.sheet, _ = sheetByID(builtinPeople(), id)
			e.group = "character:" + id
		default:
			if err := requireStats(d, n, fields, "foe"); err != nil {
				return nil, err
			}
			e.sheet.Horror = true
		}
		if err := decodeSheet(d, fields, &e, "foe"); err != nil {
			return nil, err
		}
		if e.sheet.Name == "" {
			return nil, d.Errorf(n, "foe: missing `name:` (or `horror:` / `character:` for a built-in one)")
		}
		if e.group == "" || find(fields, "name") != nil {
			e.group = "name:" + e.sheet.Name
		}
		count := 1
		for _, f := range fields {
			var err error
			switch f.Key {
			case "count":
				count, err = d.Int(f.Node, "count", 1, maxCount)
			case "calm_check":
				e.sheet.CalmCheck, err = d.Int(f.Node, "calm_check", 0, maxStat)
			case "cards":
				e.sheet.Cards, err = decodeCards(d, f.Node, "cards")
			}
			if err != nil {
				return nil, err
			}
		}
		base := e.sheet.Name
		for c := 1; c <= count; c++ {
			x := e
			if count > 1 {
				x.sheet.Name = fmt.Sprintf("%s %d", base, c)
			}
			out = append(out, x)
		}
	}
	return out, nil
}

// requireStats asks for agility and toughness in a sheet with no template.
func requireStats(d *sim.Doc, n *yaml.Node, fields []sim.Field, what string) error {
	for _, k := range []string{"agility", "toughness"} {
		if find(fields, k) == nil {
			return d.Errorf(n, "%s: missing `%s:` (0..%d); give every stat, or a built-in `character:` (%s) or `horror:` (%s) to start from",
				what, k, maxStat, strings.Join(sheetIDs(builtinPeople()), ", "), strings.Join(sheetIDs(builtinHorrors()), ", "))
		}
	}
	return nil
}

func find(fields []sim.Field, key string) *sim.Field {
	for i := range fields {
		if fields[i].Key == key {
			return &fields[i]
		}
	}
	return nil
}

// decodeSheet reads the keys common to PCs and foes into e.
func decodeSheet(d *sim.Doc, fields []sim.Field, e *entry, what string) error {
	s := &e.sheet
	stats := map[string]*int{"calm": &s.Calm, "agility": &s.Agility, "toughness": &s.Toughness,
		"perception": &s.Perception, "appeal": &s.Appeal, "cash": &s.Cash, "knowledge": &s.Knowledge,
		"hand_to_hand": &s.HandToHand, "firearms": &s.Firearms, "exotic_weapons": &s.ExoticWeapons}
	if s.Weapon.Name == "" {
		s.Weapon = mustWeapon("unarmed")
	}
	for _, f := range fields {
		var err error
		if p, ok := stats[f.Key]; ok {
			*p, err = d.Int(f.Node, what+" "+f.Key, 0, maxStat)
			if err != nil {
				return err
			}
			continue
		}
		switch f.Key {
		case "name":
			s.Name, err = d.Str(f.Node, what+" name")
		case "weapon":
			s.Weapon, err = decodeWeapon(d, f.Node)
		case "armor":
			s.Armor, err = d.Int(f.Node, what+" armor", 0, maxArmor)
		case "supernatural":
			s.Supernatural, err = d.Bool(f.Node, what+" supernatural")
		case "advantages":
			s.Advantages, err = d.Int(f.Node, what+" advantages", 0, maxMods)
		case "disadvantages":
			s.Disadvantages, err = d.Int(f.Node, what+" disadvantages", 0, maxMods)
		case "called_shot":
			s.CalledShot, err = d.Bool(f.Node, what+" called_shot")
		case "strategy":
			var v string
			v, err = d.Str(f.Node, what+" strategy")
			e.strategy = sim.Setting{Value: v, Node: f.Node}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func decodeWeapon(d *sim.Doc, n *yaml.Node) (Weapon, error) {
	if n.Kind == yaml.ScalarNode {
		id, err := d.Enum(n, "weapon", weaponIDs())
		if err != nil {
			return Weapon{}, err
		}
		return mustWeapon(id), nil
	}
	fields, err := d.Map(n, "weapon", "weapon", "name", "kind", "suits", "cumbersome", "massive", "unarmed")
	if err != nil {
		return Weapon{}, err
	}
	var w Weapon
	if f := find(fields, "weapon"); f != nil {
		id, err := d.Enum(f.Node, "weapon", weaponIDs())
		if err != nil {
			return Weapon{}, err
		}
		w = mustWeapon(id)
	} else if find(fields, "name") == nil {
		return Weapon{}, d.Errorf(n, "weapon: give `name:` or a built-in `weapon:` to start from (%s)", strings.Join(weaponIDs(), ", "))
	}
	w.ID = ""
	for _, f := range fields {
		var err error
		switch f.Key {
		case "name":
			w.Name, err = d.Str(f.Node, "weapon name")
		case "kind":
			var k string
			k, err = d.Enum(f.Node, "weapon kind", weaponKindNames[:])
			for i, x := range weaponKindNames {
				if x == k {
					w.Kind = WeaponKind(i)
				}
			}
		case "suits":
			w.Suits, err = decodeBands(d, f.Node, "weapon suits")
		case "cumbersome":
			w.Cumbersome, err = decodeBands(d, f.Node, "weapon cumbersome")
		case "massive":
			w.Massive, err = d.Bool(f.Node, "weapon massive")
		case "unarmed":
			w.Unarmed, err = d.Bool(f.Node, "weapon unarmed")
		}
		if err != nil {
			return Weapon{}, err
		}
	}
	return w, nil
}

func decodeBands(d *sim.Doc, n *yaml.Node, what string) ([]Band, error) {
	items, err := d.Seq(n, what)
	if err != nil {
		return nil, err
	}
	out := []Band{}
	for _, it := range items {
		b, err := decodeBand(d, it, what)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
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
	items, err := d.Seq(n, what)
	if err != nil {
		return nil, err
	}
	out := []Card{}
	for _, it := range items {
		c, err := decodeCard(d, it, what)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func decodeScene(d *sim.Doc, n *yaml.Node) (scene, error) {
	sc := scene{band: Close, escape: 2}
	if n == nil {
		return sc, nil
	}
	fields, err := d.Map(n, "scene", sceneKeys...)
	if err != nil {
		return sc, err
	}
	for _, f := range fields {
		var err error
		switch f.Key {
		case "range":
			sc.band, err = decodeBand(d, f.Node, "scene range")
		case "escape":
			sc.escape, err = d.Int(f.Node, "scene escape", 1, 10)
		case "flee_intensity":
			sc.fleeIntensity, err = d.Int(f.Node, "scene flee_intensity", 0, 10)
		case "horror_deck":
			items, serr := d.Seq(f.Node, "scene horror_deck")
			if serr != nil {
				return sc, serr
			}
			for _, it := range items {
				c, cerr := decodeCard(d, it, "scene horror_deck")
				if cerr != nil {
					return sc, cerr
				}
				sc.extra = append(sc.extra, c)
				sc.extraNodes = append(sc.extraNodes, it)
			}
		}
		if err != nil {
			return sc, err
		}
	}
	return sc, nil
}

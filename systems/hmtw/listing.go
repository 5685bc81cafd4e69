package hmtw

import (
	"fmt"
	"strings"

	"github.com/tpk-sim/tpk/systems"
)

// AbilityCard is an ability as `tpk bestiary hmtw` lists it.
type AbilityCard struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Kind      string `json:"kind"`      // note, lesser doom, greater doom
	Simulated string `json:"simulated"` // simulated, no effect in a Challenge, not simulated
	Sim       string `json:"sim"`       // how tpk plays it, or why not
}

func abilityCard(a Ability) AbilityCard {
	in := &abilityTable[a]
	return AbilityCard{ID: in.id, Name: in.name, Kind: abilityKindNames[in.kind], Simulated: simStatusNames[in.status], Sim: in.doc}
}

// PoolCard is a dungeon lord's pool as listed.
type PoolCard struct {
	ID        string        `json:"id"`
	Health    int           `json:"health"`
	Defense   int           `json:"defense"`
	Absent    bool          `json:"absent,omitempty"`
	Late      bool          `json:"late,omitempty"`
	Abilities []AbilityCard `json:"abilities"`
}

// CreatureCard is a creature as `tpk bestiary hmtw` lists it: its stat block
// and what tpk makes of each ability.
type CreatureCard struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	Page            int            `json:"page,omitempty"`
	Source          string         `json:"source"`
	Theme           string         `json:"theme"`
	Threat          string         `json:"threat"`
	Attributes      map[string]any `json:"attributes"`
	Health          any            `json:"health"` // a number, "inf", or omitted for pools
	Defense         int            `json:"defense"`
	Pools           []PoolCard     `json:"pools,omitempty"`
	Core            string         `json:"core,omitempty"`
	LargerThanHuman *bool          `json:"larger_than_human"`
	GMExtraCards    int            `json:"gm_extra_cards"`
	Pursuit         string         `json:"pursuit"`
	Armed           bool           `json:"armed,omitempty"`
	HatesFirst      string         `json:"hates_first,omitempty"`
	Abilities       []AbilityCard  `json:"abilities"`
	NotSimulated    []string       `json:"not_simulated"`
	Notes           string         `json:"notes,omitempty"`
}

func creatureCard(c Creature) CreatureCard {
	cc := CreatureCard{ID: c.ID, Name: c.Name, Page: c.Page, Source: c.Source, Theme: c.Theme, Threat: c.Threat,
		Attributes: map[string]any{}, Defense: c.Defense, Core: c.Core, LargerThanHuman: c.LargerThanHuman,
		GMExtraCards: c.GMExtraCards, Pursuit: c.Pursuit.String(), Armed: c.Armed, HatesFirst: c.Hates, Notes: c.Notes,
		Abilities: []AbilityCard{}, NotSimulated: []string{}}
	for s := Swords; s <= Wands; s++ {
		if c.SlimeX && (s == Swords || s == Pentacles) {
			cc.Attributes[s.String()] = "X (current Health)"
		} else {
			cc.Attributes[s.String()] = c.Attributes[s]
		}
	}
	switch {
	case len(c.Pools) > 0:
		cc.Health = nil
	case c.Health == Infinite:
		cc.Health = "inf"
	default:
		cc.Health = c.Health
	}
	add := func(list *[]AbilityCard, a Ability) {
		*list = append(*list, abilityCard(a))
		if abilityTable[a].status == notSimulated {
			cc.NotSimulated = append(cc.NotSimulated, abilityTable[a].id)
		}
	}
	for _, a := range c.Abilities {
		add(&cc.Abilities, a)
	}
	for _, p := range c.Pools {
		pc := PoolCard{ID: p.ID, Health: p.Health, Defense: p.Defense, Absent: p.Absent, Late: p.Late, Abilities: []AbilityCard{}}
		for _, a := range p.Abilities {
			add(&pc.Abilities, a)
		}
		cc.Pools = append(cc.Pools, pc)
	}
	return cc
}

// summary is a creature's stat block on one line.
func (c *Creature) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s; ", title(c.Theme), title(c.Threat))
	if c.SlimeX {
		fmt.Fprintf(&b, "S X, P X, C %d, W %d", c.Attributes[Cups], c.Attributes[Wands])
	} else {
		fmt.Fprintf(&b, "S %d, P %d, C %d, W %d", c.Attributes[Swords], c.Attributes[Pentacles], c.Attributes[Cups], c.Attributes[Wands])
	}
	switch {
	case len(c.Pools) > 0:
		var ps []string
		for _, p := range c.Pools {
			ps = append(ps, fmt.Sprintf("%s %d/%d", p.ID, p.Health, p.Defense))
		}
		fmt.Fprintf(&b, "; pools %s (core %s)", strings.Join(ps, ", "), c.Core)
	case c.Health == Infinite:
		fmt.Fprintf(&b, "; HD inf/%d", c.Defense)
	default:
		fmt.Fprintf(&b, "; HD %d/%d", c.Health, c.Defense)
	}
	if c.GMExtraCards > 0 {
		fmt.Fprintf(&b, "; GM +%d", c.GMExtraCards)
	}
	var names, off []string
	all := append([]Ability(nil), c.Abilities...)
	for _, p := range c.Pools {
		all = append(all, p.Abilities...)
	}
	for _, a := range all {
		names = append(names, abilityTable[a].name)
		if abilityTable[a].status == notSimulated {
			off = append(off, abilityTable[a].name)
		}
	}
	if len(names) > 0 {
		fmt.Fprintf(&b, "; %s", strings.Join(dedupe(names), ", "))
	}
	if len(off) > 0 {
		fmt.Fprintf(&b, "; not simulated: %s", strings.Join(dedupe(off), ", "))
	}
	return b.String()
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// ArchetypeCard is an archetype as listed.
type ArchetypeCard struct {
	ID         string         `json:"id"`
	Path       string         `json:"path"`
	Kin        string         `json:"kin"`
	Attributes map[string]int `json:"attributes"`
	Talents    []string       `json:"talents"`
	Training   []string       `json:"training"`
	Hands      []string       `json:"hands"`
	Gear       []string       `json:"gear"`
	TwoHanded  bool           `json:"two_handed,omitempty"`
	Medical    bool           `json:"medical_motif,omitempty"`
	Resolve    int            `json:"resolve"`
	XP         int            `json:"xp"`
	Profile    string         `json:"profile"`
}

func archetypeCard(a Archetype) ArchetypeCard {
	ac := ArchetypeCard{ID: a.ID, Path: a.Path.String(), Kin: a.Kin.String(), Attributes: map[string]int{},
		TwoHanded: a.TwoHanded, Medical: a.Medical, Resolve: defaultResolve, XP: defaultXP, Profile: a.Profile}
	for s := Swords; s <= Wands; s++ {
		ac.Attributes[s.String()] = a.Attributes[s]
	}
	if t, ok := kinTalent(a.Kin); ok {
		ac.Talents = append(ac.Talents, t.String())
	}
	for _, t := range a.Mastered {
		ac.Talents = append(ac.Talents, t.String())
	}
	for _, t := range a.Training {
		ac.Training = append(ac.Training, t.String())
	}
	for _, it := range a.Hands {
		ac.Hands = append(ac.Hands, it.String())
	}
	for _, it := range a.Gear {
		ac.Gear = append(ac.Gear, it.String())
	}
	return ac
}

// TemplateCard is a theme or threat template as listed.
type TemplateCard struct {
	ID         string         `json:"id"`
	Attributes map[string]int `json:"attributes,omitempty"`
	Health     int            `json:"health,omitempty"`
	Defense    int            `json:"defense,omitempty"`
	Extra      int            `json:"gm_extra_cards,omitempty"`
	Abilities  []AbilityCard  `json:"abilities"`
	Choose     []AbilityCard  `json:"choose_from,omitempty"`
	Optional   []AbilityCard  `json:"optional,omitempty"`
	Behaviour  string         `json:"behaviour,omitempty"`
}

// bestiary lists the 27 creatures of Appendix C, the book's other
// antagonists, the theme and threat templates and the adventurer
// archetypes.
func bestiary() []systems.Creature {
	var out []systems.Creature
	for _, c := range bestiaryCreatures() {
		out = append(out, systems.Creature{ID: c.ID, Name: c.Name, Kind: "monster", Summary: c.summary(), Stats: creatureCard(c)})
	}
	for _, c := range otherAntagonists() {
		out = append(out, systems.Creature{ID: c.ID, Name: c.Name, Kind: "antagonist", Summary: c.summary(), Stats: creatureCard(c)})
	}
	cards := func(as []Ability) []AbilityCard {
		out := []AbilityCard{}
		for _, a := range as {
			out = append(out, abilityCard(a))
		}
		return out
	}
	for _, t := range threatTemplates {
		tc := TemplateCard{ID: t.id, Attributes: map[string]int{}, Health: t.health, Defense: t.defense, Extra: t.extra,
			Abilities: cards(t.notes), Choose: cards(t.choices), Optional: cards(t.optional), Behaviour: t.behaviour}
		for s := Swords; s <= Wands; s++ {
			tc.Attributes[s.String()] = t.attrs[s]
		}
		out = append(out, systems.Creature{ID: t.id, Name: title(t.id), Kind: "threat template",
			Summary: fmt.Sprintf("S %d, P %d, C %d, W %d; HD %d/%d; GM +%d; %s", t.attrs[0], t.attrs[1], t.attrs[2], t.attrs[3],
				t.health, t.defense, t.extra, t.behaviour), Stats: tc})
	}
	for _, t := range themeTemplates {
		tc := TemplateCard{ID: t.id, Abilities: cards(append(append([]Ability(nil), t.notes...), t.lesser...)), Choose: cards(t.choices)}
		var names []string
		for _, a := range tc.Abilities {
			names = append(names, a.Name)
		}
		sum := "no template: build people as characters (option H-21)"
		if t.id != "man" {
			sum = strings.Join(names, ", ")
		}
		out = append(out, systems.Creature{ID: t.id, Name: title(t.id), Kind: "theme template", Summary: sum, Stats: tc})
	}
	for _, a := range archetypes() {
		ac := archetypeCard(a)
		out = append(out, systems.Creature{ID: a.ID, Name: title(a.ID), Kind: "archetype",
			Summary: fmt.Sprintf("%s path, %s; S %d, P %d, C %d, W %d; %s", a.Path.Title(), a.Kin, a.Attributes[0],
				a.Attributes[1], a.Attributes[2], a.Attributes[3], a.Profile), Stats: ac})
	}
	return out
}

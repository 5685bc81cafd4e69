package locus

import (
	"fmt"
	"strings"

	"github.com/tpk-sim/tpk/systems"
)

// referenceCharacter is section 4.3's reference character: every attribute
// 3, Willpower 5 and one weapon Item.
func referenceCharacter() Character {
	var a Attributes
	for i := range a {
		a[i] = 3
	}
	return Character{ID: "reference", Name: "Reference", Attributes: a, Willpower: 5, Stress: Uneasy,
		Items: []Item{{Name: "weapon", Weapon: true, Quality: 2, Durability: 5, Attribute: Clumsiness}}}
}

// characters and monsters are the built-ins as templates and bestiary
// entries; a monster's record carries its Threat grade.
var (
	characters = systems.Builtin[Character]{List: func() []Character { return []Character{referenceCharacter()} },
		ID: func(c Character) string { return c.ID }, Name: func(c Character) string { return c.Name },
		Summary: func(c Character) string { return c.Summary() }}
	monsters = systems.Builtin[Monster]{List: builtinMonsters,
		ID: func(m Monster) string { return m.ID }, Name: func(m Monster) string { return m.Name },
		Summary: func(m Monster) string { return m.Summary(false) },
		Stats:   func(m Monster) any { return MonsterCard{Monster: m, Threat: Threat(m.ThreatInput(), false)} }}
)

// builtinMonsters are the four sample monsters of section 4.3 (the file
// describes them in prose; the spec invented the numbers). Their Threat
// totals are 21, 17, 11 and 9.
func builtinMonsters() []Monster {
	return []Monster{
		{ID: "tar-wing", Name: "Tar-Wing",
			Description: "pterodactyl-like, arm-wings, caustic tar, paint-thinner smell",
			Attack:      2, Chase: 1, Search: 2, Resist: 3, Behaviour: Stalking, Chases: 2, DeathsDoor: 15,
			Inflictions: []Infliction{
				{Name: "Tar spatter", Attribute: Clumsiness, Difficulty: Medium, Condition: Heavy},
				{Name: "Thinner fumes", Attribute: Frailty, Difficulty: Easy, Condition: Nauseated},
			}},
		{ID: "mouth-tower", Name: "Mouth Tower",
			Description: "a tower of rotting flesh with many mouths whispering betrayal",
			Attack:      2, Chase: 4, Search: 2, Resist: 2, Behaviour: Insidious, Chases: 1, DeathsDoor: 12,
			Inflictions: []Infliction{
				{Name: "Whispered betrayal", Attribute: Ignorance, Difficulty: Hard, Condition: Terrified},
			}},
		{ID: "faced-flock", Name: "Faced Flock",
			Description: "corvids with human faces that strike the isolated",
			Attack:      3, Chase: 2, Search: 3, Resist: 3, Behaviour: Opportunistic, Chases: 1, DeathsDoor: 3,
			Inflictions: []Infliction{
				{Name: "Swarming faces", Attribute: Clumsiness, Difficulty: Easy, Condition: Blinded},
			}},
		{ID: "spore-vine-core", Name: "Spore-vine Core",
			Description: "a stationary vine-plant with an acid core that fills the area with spores; feels vibration",
			Attack:      2, Chase: 0, Search: 4, Resist: 2, Behaviour: Plain, Chases: 0, DeathsDoor: 6,
			SensesMotion: true,
			Inflictions: []Infliction{
				{Name: "Spore cloud", Attribute: Frailty, Difficulty: Medium, Condition: Nauseated},
			}},
	}
}

// MonsterCard is a built-in monster as `tpk bestiary` lists it: the card and
// its Threat grade (option L-27 default).
type MonsterCard struct {
	Monster
	Threat Grade `json:"threat"`
}

// bestiary lists the reference character and the sample monsters.
func bestiary() []systems.Creature {
	return append(characters.Creatures("character", characters.List()), monsters.Creatures("monster", builtinMonsters())...)
}

// Summary is the character's sheet on one line.
func (c *Character) Summary() string {
	var b strings.Builder
	for i, v := range c.Attributes {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", Attr(i).Title(), v)
	}
	fmt.Fprintf(&b, "; WP %d; %s", c.Willpower, c.Stress)
	for _, it := range c.Items {
		kind := "Item"
		if it.Weapon {
			kind = "weapon Item"
		}
		fmt.Fprintf(&b, "; %s (%s, quality %d, durability %d", it.Name, kind, it.Quality, it.Durability)
		if len(it.Types) > 0 {
			fmt.Fprintf(&b, ", %s", strings.Join(it.Types, "/"))
		}
		b.WriteString(")")
	}
	return b.String()
}

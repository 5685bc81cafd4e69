package battleclock

import "github.com/tpk-sim/tpk/systems"

// builtinCharacters are four archetypes of the Mass Effect hack the seed
// most likely comes from (section 0.2); stats within its point-buy range
// -2..+3, armor on Apocalypse World's 1 (light) to 3 (heavy) convention.
func builtinCharacters() []Character {
	return []Character{
		{ID: "soldier", Name: "Soldier", Stats: Stats{Cool: 1, Hard: 2, Hot: -1, Sharp: 0, Will: 0}, Harm: 3, Armor: 2, Shields: 1},
		{ID: "adept", Name: "Adept", Stats: Stats{Cool: 1, Hard: -1, Hot: 0, Sharp: 1, Will: 2}, Harm: 2, Armor: 1, Shields: 2},
		{ID: "engineer", Name: "Engineer", Stats: Stats{Cool: 1, Hard: 0, Hot: 0, Sharp: 2, Will: 0}, Harm: 2, Armor: 1, Shields: 2},
		{ID: "infiltrator", Name: "Infiltrator", Stats: Stats{Cool: 2, Hard: 1, Hot: -1, Sharp: 1, Will: 0}, Harm: 3, Armor: 1, Shields: 1},
	}
}

// builtinEnemies span section 2.9's harm scale, from a lone thug to a
// captain.
func builtinEnemies() []Enemy {
	return []Enemy{
		{ID: "thug", Name: "Thug", Harm: 1},
		{ID: "merc", Name: "Merc", Harm: 2, Armor: 1},
		{ID: "trooper", Name: "Trooper", Harm: 2, Armor: 1, Shields: 1},
		{ID: "rifleman", Name: "Rifleman", Harm: 3, Armor: 1},
		{ID: "stunner", Name: "Stun Trooper", Harm: 2, Armor: 1, Shock: 1},
		{ID: "lieutenant", Name: "Lieutenant", Harm: 3, Armor: 1, Shields: 1, Grade: Lieutenant},
		{ID: "captain", Name: "Captain", Harm: 3, Armor: 2, Shields: 2, Grade: Captain},
	}
}

// characters and enemies are the built-ins as templates and bestiary entries.
var (
	characters = systems.Builtin[Character]{List: builtinCharacters,
		ID: func(c Character) string { return c.ID }, Name: func(c Character) string { return c.Name },
		Summary: func(c Character) string { return c.Summary() }}
	enemies = systems.Builtin[Enemy]{List: builtinEnemies,
		ID: func(e Enemy) string { return e.ID }, Name: func(e Enemy) string { return e.Name },
		Summary: func(e Enemy) string { return e.Summary() }}
)

func bestiary() []systems.Creature {
	return append(characters.Creatures("character", builtinCharacters()), enemies.Creatures("enemy", builtinEnemies())...)
}

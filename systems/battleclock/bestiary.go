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

func characterTemplates() map[string]Character {
	out := map[string]Character{}
	for _, c := range builtinCharacters() {
		out[c.ID] = c
	}
	return out
}

func enemyTemplates() map[string]Enemy {
	out := map[string]Enemy{}
	for _, e := range builtinEnemies() {
		out[e.ID] = e
	}
	return out
}

func characterIDs() []string {
	var ids []string
	for _, c := range builtinCharacters() {
		ids = append(ids, c.ID)
	}
	return ids
}

func enemyIDs() []string {
	var ids []string
	for _, e := range builtinEnemies() {
		ids = append(ids, e.ID)
	}
	return ids
}

func bestiary() []systems.Creature {
	var out []systems.Creature
	for _, c := range builtinCharacters() {
		c := c
		out = append(out, systems.Creature{ID: c.ID, Name: c.Name, Kind: "character", Summary: c.Summary(), Stats: c})
	}
	for _, e := range builtinEnemies() {
		e := e
		out = append(out, systems.Creature{ID: e.ID, Name: e.Name, Kind: "enemy", Summary: e.Summary(), Stats: e})
	}
	return out
}

package catchthedevil

import (
	"sort"

	"github.com/tpk-sim/tpk/systems"
)

// stats builds a stat array from name/value pairs.
func stats(kv map[Stat]int) Stats {
	var s Stats
	for k, v := range kv {
		s[k] = v
	}
	return s
}

// builtinCharacters are ordinary people from the text's job table, each
// with a legal starting array (all 0, +1 to one stat, then optionally -1
// to one and +1 to one).
func builtinCharacters() []Character {
	return []Character{
		{ID: "police-officer", Name: "Police Officer", Stats: stats(map[Stat]int{Quick: 1, Tough: 1, Sharp: -1}),
			Weapon: weaponList.Must("pistol"), Armor: true},
		{ID: "security-guard", Name: "Security Guard", Stats: stats(map[Stat]int{Tough: 2, Sharp: -1}),
			Weapon: weaponList.Must("baton")},
		{ID: "delivery-driver", Name: "Delivery Driver", Stats: stats(map[Stat]int{Quick: 2, Steady: -1}),
			Weapon: weaponList.Must("knife")},
		{ID: "nurse", Name: "Nurse", Stats: stats(map[Stat]int{Steady: 1, Sharp: 1, Quick: -1}),
			Weapon: weaponList.Must("fists")},
		{ID: "mechanic", Name: "Mechanic", Stats: stats(map[Stat]int{Tough: 1, Sharp: 1, Steady: -1}),
			Weapon: weaponList.Must("baton")},
		{ID: "accountant", Name: "Accountant", Stats: stats(map[Stat]int{Sharp: 1}),
			Weapon: weaponList.Must("fists")},
	}
}

// builtinNPCs span the three thresholds of section 1.7.
func builtinNPCs() []NPC {
	return []NPC{
		{ID: "bystander", Name: "Bystander", Threshold: 2, Weapon: weaponList.Must("fists"), Person: true},
		{ID: "cultist", Name: "Cultist", Threshold: 2, Weapon: weaponList.Must("knife"), Person: true},
		{ID: "thug", Name: "Thug", Threshold: 3, Weapon: weaponList.Must("knife"), Person: true},
		{ID: "gunman", Name: "Gunman", Threshold: 3, Weapon: weaponList.Must("pistol"), Person: true},
		{ID: "riot-cop", Name: "Riot Cop", Threshold: 3, Weapon: weaponList.Must("baton"), Armor: true, Person: true},
		{ID: "guard-dog", Name: "Guard Dog", Threshold: 3, Weapon: weaponList.Must("claws")},
		{ID: "enforcer", Name: "Augmented Enforcer", Threshold: 4, Weapon: weaponList.Must("rifle"), Armor: true, Person: true},
		{ID: "rot-hound", Name: "Rot Hound", Threshold: 4, Weapon: weaponList.Must("claws"), Horrendous: true},
		{ID: "grey-man", Name: "The Grey Man", Threshold: 4, Weapon: weaponList.Must("maw"), Skilled: true,
			Horrendous: true, Person: true},
	}
}

// characters and npcs are the built-ins as templates and bestiary entries.
var (
	characters = systems.Builtin[Character]{List: builtinCharacters,
		ID: func(c Character) string { return c.ID }, Name: func(c Character) string { return c.Name },
		Summary: func(c Character) string { return c.Summary() }}
	npcs = systems.Builtin[NPC]{List: builtinNPCs,
		ID: func(n NPC) string { return n.ID }, Name: func(n NPC) string { return n.Name },
		Summary: func(n NPC) string { return n.Summary() }}
)

// bestiary lists the characters, then the NPCs by threshold.
func bestiary() []systems.Creature {
	byThreshold := builtinNPCs()
	sort.SliceStable(byThreshold, func(i, j int) bool { return byThreshold[i].Threshold < byThreshold[j].Threshold })
	return append(characters.Creatures("character", builtinCharacters()), npcs.Creatures("npc", byThreshold)...)
}

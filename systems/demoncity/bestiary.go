package demoncity

import "github.com/tpk-sim/tpk/systems"

func bands(b ...Band) []Band { return b }

// builtinWeapons are the weapons scenarios can name by id. Which bands each
// suits is [proposed]: the source only says that the better-suited weapon
// gets one throw and that armed beats unarmed unless the weapon is badly
// cumbersome there.
func builtinWeapons() []Weapon {
	return []Weapon{
		{ID: "unarmed", Name: "bare hands", Kind: Melee, Unarmed: true},
		{ID: "knife", Name: "knife", Kind: Melee, Suits: bands(Contact)},
		{ID: "broken-bottle", Name: "broken bottle", Kind: Melee, Suits: bands(Contact)},
		{ID: "bat", Name: "baseball bat", Kind: Melee, Suits: bands(Close)},
		{ID: "sword", Name: "sword", Kind: Melee, Suits: bands(Close), Cumbersome: bands(Contact)},
		{ID: "pistol", Name: "pistol", Kind: Firearm, Suits: bands(Close, Near)},
		{ID: "shotgun", Name: "shotgun", Kind: Firearm, Suits: bands(Close, Near), Cumbersome: bands(Contact), Massive: true},
		{ID: "rifle", Name: "rifle", Kind: Firearm, Suits: bands(Near, Far, Distant), Cumbersome: bands(Contact)},
		{ID: "bow", Name: "bow", Kind: Exotic, Suits: bands(Near, Far), Cumbersome: bands(Contact)},
		{ID: "claws", Name: "claws and teeth", Kind: Melee, Suits: bands(Contact, Close)},
		{ID: "tendrils", Name: "tendrils", Kind: Melee, Suits: bands(Contact, Close, Near)},
		{ID: "grasp", Name: "grasping hands", Kind: Melee, Suits: bands(Contact)},
		{ID: "scalding-gaze", Name: "scalding gaze", Kind: Exotic, Suits: bands(Close, Near)},
	}
}

func mustCards(names ...string) []Card {
	out := make([]Card, len(names))
	for i, n := range names {
		c, err := ParseCard(n)
		if err != nil {
			panic(err)
		}
		out[i] = c
	}
	return out
}

// weapons are the built-in weapons, by id.
var weapons = systems.Builtin[Weapon]{List: builtinWeapons, ID: func(w Weapon) string { return w.ID }}

// builtinHorrors are the example horrors. The Narth and the Hungry Ghost are
// published stat blocks (Calm/Agility/Toughness/Perception/Appeal/Cash/
// Knowledge, Calm check and cards, section 0.2 [ext]); their attacks are
// [proposed]. The werewolf's cards are from the author's Horror's Deck
// example [ext] and its stats [proposed]; the other two are horrors the
// source text mentions by name, with [proposed] numbers.
func builtinHorrors() []Sheet {
	return []Sheet{
		{ID: "narth", Name: "Narth", Horror: true, Source: "[ext] stat block; attack [proposed]",
			Description: "published 2017 horror; reaches with tendrils",
			Calm:        9, Agility: 7, Toughness: 4, Perception: 3, Appeal: 0, Cash: 0, Knowledge: 7,
			Weapon: weapons.Must("tendrils"), CalmCheck: 8, Cards: mustCards("the-star")},
		{ID: "hungry-ghost", Name: "Hungry Ghost", Horror: true, Source: "[ext] stat block; attack [proposed]",
			Description: "published 2018 horror; keeps its maimed victims alive at 0 Toughness",
			Calm:        0, Agility: 2, Toughness: 4, Perception: 2, Appeal: 0, Cash: 0, Knowledge: 1,
			Weapon: weapons.Must("grasp"), CalmCheck: 7, Cards: mustCards("king-of-cups", "queen-of-cups")},
		{ID: "werewolf", Name: "Werewolf", Horror: true, Source: "[ext] cards; stats [proposed]",
			Description: "the author's Horror's Deck example: The Moon and Strength",
			Calm:        6, Agility: 6, Toughness: 6, Perception: 7, Appeal: 1, Cash: 0, Knowledge: 1, HandToHand: 7,
			Weapon: weapons.Must("claws"), CalmCheck: 7, Cards: mustCards("the-moon", "strength")},
		{ID: "cannibal-ghoul", Name: "Cannibal Ghoul", Horror: true, Source: "[proposed]",
			Description: "named in the source's Clash example; a hungry, clumsy brute",
			Calm:        4, Agility: 3, Toughness: 5, Perception: 4, Appeal: 0, Cash: 0, Knowledge: 0, HandToHand: 4,
			Weapon: weapons.Must("claws"), CalmCheck: 5, Cards: mustCards("death")},
		{ID: "burning-fiend", Name: "Burning Fiend", Horror: true, Source: "[proposed]",
			Description: "named in the source's Action Round example: glass eyes, scalds faces",
			Calm:        7, Agility: 5, Toughness: 3, Perception: 5, Appeal: 0, Cash: 0, Knowledge: 4,
			Weapon: weapons.Must("scalding-gaze"), Supernatural: true, CalmCheck: 6, Cards: mustCards("the-sun")},
	}
}

// builtinPeople are ordinary people ([proposed] numbers in the published
// human range 0..5), usable as PCs or as NPC foes.
func builtinPeople() []Sheet {
	return []Sheet{
		{ID: "bartender", Name: "Bartender", Source: "[proposed]", Description: "knows how a bar fight goes",
			Calm: 3, Agility: 2, Toughness: 3, Perception: 2, Appeal: 2, Cash: 1, Knowledge: 1, HandToHand: 2,
			Weapon: weapons.Must("broken-bottle")},
		{ID: "student", Name: "Student", Source: "[proposed]", Description: "quick and curious, not tough",
			Calm: 2, Agility: 3, Toughness: 1, Perception: 3, Appeal: 2, Cash: 0, Knowledge: 3,
			Weapon: weapons.Must("unarmed")},
		{ID: "cop", Name: "Off-duty Cop", Source: "[proposed]", Description: "carries a pistol",
			Calm: 3, Agility: 2, Toughness: 2, Perception: 3, Appeal: 1, Cash: 1, Knowledge: 1, Firearms: 3,
			Weapon: weapons.Must("pistol")},
		{ID: "nurse", Name: "Night Nurse", Source: "[proposed]", Description: "steady under pressure",
			Calm: 4, Agility: 2, Toughness: 2, Perception: 3, Appeal: 2, Cash: 1, Knowledge: 3,
			Weapon: weapons.Must("knife")},
		{ID: "bully", Name: "School Bully", Source: "[proposed]", Description: "big, mean, brings a bat",
			Calm: 1, Agility: 2, Toughness: 4, Perception: 1, Appeal: 1, Cash: 1, Knowledge: 0, HandToHand: 3,
			Weapon: weapons.Must("bat")},
		{ID: "invalid", Name: "Invalid", Source: "[proposed]", Description: "Base Toughness 0: any hit is the Injured box",
			Calm: 2, Agility: 1, Toughness: 0, Perception: 3, Appeal: 2, Cash: 2, Knowledge: 4,
			Weapon: weapons.Must("unarmed")},
	}
}

func sheetByID(list []Sheet, id string) (Sheet, bool) {
	for _, s := range list {
		if s.ID == id {
			return s, true
		}
	}
	return Sheet{}, false
}

func sheetIDs(list []Sheet) []string {
	ids := make([]string, len(list))
	for i, s := range list {
		ids[i] = s.ID
	}
	return ids
}

// bestiary lists the built-in horrors, people and weapons for `tpk
// bestiary demoncity`.
func bestiary() []systems.Creature {
	var out []systems.Creature
	for _, h := range builtinHorrors() {
		out = append(out, systems.Creature{ID: h.ID, Name: h.Name, Kind: "horror", Summary: h.Summary(), Stats: h})
	}
	for _, p := range builtinPeople() {
		out = append(out, systems.Creature{ID: p.ID, Name: p.Name, Kind: "character", Summary: p.Summary(), Stats: p})
	}
	for _, w := range builtinWeapons() {
		out = append(out, systems.Creature{ID: w.ID, Name: w.Name, Kind: "weapon", Summary: weaponSummary(w), Stats: w})
	}
	return out
}

func weaponSummary(w Weapon) string {
	s := w.Kind.String()
	if w.Unarmed {
		return s + "; unarmed"
	}
	if len(w.Suits) > 0 {
		s += "; suits"
		for _, b := range w.Suits {
			s += " " + b.String()
		}
	}
	if len(w.Cumbersome) > 0 {
		s += "; cumbersome at"
		for _, b := range w.Cumbersome {
			s += " " + b.String()
		}
	}
	if w.Massive {
		s += "; massive damage"
	}
	return s
}

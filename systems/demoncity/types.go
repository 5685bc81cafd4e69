package demoncity

import (
	"fmt"
	"strings"
)

// Band is a range band between two combatants ([proposed] in 1.8): the
// weapon throw compares how well two weapons suit the band the round started
// in.
type Band uint8

// The range bands, nearest first.
const (
	Contact Band = iota // grappling, under a bed
	Close               // up to 10 ft
	Near                // up to 30 ft
	Far                 // up to 60 ft
	Distant             // beyond 60 ft
	numBands
)

var bandNames = [numBands]string{"contact", "close", "near", "far", "distant"}

// String names the band.
func (b Band) String() string { return bandNames[b] }

// MarshalText writes the band's name.
func (b Band) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// WeaponKind says which stat a weapon attacks with.
type WeaponKind uint8

// The kinds of weapon.
const (
	// Melee: close combat (kick, punch, knife): the attacker's Toughness or
	// Hand-to-Hand, against the target's Agility or Hand-to-Hand.
	Melee WeaponKind = iota
	// Firearm: shooting with Agility or Firearms, against Agility.
	Firearm
	// Exotic: bows, thrown weapons: Agility or Exotic Weapons, against Agility.
	Exotic
)

var weaponKindNames = [...]string{"melee", "firearm", "exotic"}

// String names the kind.
func (w WeaponKind) String() string { return weaponKindNames[w] }

// MarshalText writes the kind's name.
func (w WeaponKind) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// Weapon is what a combatant attacks and parries with. The weapon throw goes
// to the better-suited weapon at the round's starting band: a weapon that
// suits the band scores 3, one usable there 2, bare hands 1, a weapon badly
// cumbersome there 0 (a bow at three inches).
type Weapon struct {
	ID         string     `json:"id,omitempty"`
	Name       string     `json:"name"`
	Kind       WeaponKind `json:"kind"`
	Unarmed    bool       `json:"unarmed,omitempty"`
	Suits      []Band     `json:"suits,omitempty"`
	Cumbersome []Band     `json:"cumbersome,omitempty"`
	// Massive marks a damage class above standard (option DC-2
	// "stat-or-class" and "damage-class": recovery against 7 instead of 4).
	Massive bool `json:"massive,omitempty"`
}

// Score is how well the weapon suits band b (see Weapon).
func (w *Weapon) Score(b Band) int {
	if w.Unarmed {
		return 1
	}
	for _, c := range w.Cumbersome {
		if c == b {
			return 0
		}
	}
	for _, s := range w.Suits {
		if s == b {
			return 3
		}
	}
	return 2
}

// Sheet is one combatant as built in or written in a scenario: a PC or NPC
// person, or a horror. Stats are 0..10 (people normally 0..5).
type Sheet struct {
	ID          string `json:"id,omitempty"`
	Name        string `json:"name"`
	Horror      bool   `json:"horror"`
	Description string `json:"description,omitempty"`
	// Source says where the numbers come from: [ext] a published stat
	// block, [proposed] made up here.
	Source string `json:"source,omitempty"`

	Calm          int `json:"calm"`
	Agility       int `json:"agility"`
	Toughness     int `json:"toughness"` // base Toughness
	Perception    int `json:"perception"`
	Appeal        int `json:"appeal"`
	Cash          int `json:"cash"`
	Knowledge     int `json:"knowledge"`
	HandToHand    int `json:"hand_to_hand"`
	Firearms      int `json:"firearms"`
	ExoticWeapons int `json:"exotic_weapons"`

	Weapon Weapon `json:"weapon"`
	Armor  int    `json:"armor,omitempty"` // option DC-17
	// Supernatural marks attacks that are supernatural abilities: they gain
	// the Supernatural throw against mundane opposition.
	Supernatural bool `json:"supernatural,omitempty"`
	// CalmCheck is a horror's Calm check number: the Intensity of the Calm
	// throw of a PC who sees it (option DC-16). 0: no check.
	CalmCheck int `json:"calm_check,omitempty"`
	// Cards are a horror's signature cards, shuffled into the Horror's Deck.
	Cards []Card `json:"cards,omitempty"`
	// Significator is a PC's Significator card (option DC-21), or nil.
	Significator *Card `json:"significator,omitempty"`

	// Scene modifiers: distinct situational advantages (one extra throw
	// each on every contested action) and disadvantages (option DC-23).
	Advantages    int `json:"advantages,omitempty"`
	Disadvantages int `json:"disadvantages,omitempty"`
	// CalledShot: every attack is a called shot (a voluntary lost throw;
	// at one throw, two cards and the lower kept).
	CalledShot bool `json:"called_shot,omitempty"`
}

// AttackStat is the stat the combatant attacks with: Toughness or
// Hand-to-Hand in close combat, Agility or the weapon's skill when shooting.
func (s *Sheet) AttackStat() int {
	switch s.Weapon.Kind {
	case Firearm:
		return max(s.Agility, s.Firearms)
	case Exotic:
		return max(s.Agility, s.ExoticWeapons)
	}
	return max(s.Toughness, s.HandToHand)
}

// ResistStat is the stat the combatant avoids an attack of kind k with:
// Agility, or Hand-to-Hand against close combat when that is higher.
func (s *Sheet) ResistStat(k WeaponKind) int {
	if k == Melee {
		return max(s.Agility, s.HandToHand)
	}
	return s.Agility
}

// Summary is the sheet on one line.
func (s *Sheet) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Calm %d, Agility %d, Toughness %d, Perception %d, Appeal %d, Cash %d, Knowledge %d",
		s.Calm, s.Agility, s.Toughness, s.Perception, s.Appeal, s.Cash, s.Knowledge)
	for _, sk := range []struct {
		n string
		v int
	}{{"Hand-to-Hand", s.HandToHand}, {"Firearms", s.Firearms}, {"Exotic Weapons", s.ExoticWeapons}} {
		if sk.v > 0 {
			fmt.Fprintf(&b, ", %s %d", sk.n, sk.v)
		}
	}
	fmt.Fprintf(&b, "; %s", s.Weapon.Name)
	if s.Supernatural {
		b.WriteString(" (supernatural)")
	}
	if s.CalmCheck > 0 {
		fmt.Fprintf(&b, "; Calm check %d", s.CalmCheck)
	}
	if len(s.Cards) > 0 {
		names := make([]string, len(s.Cards))
		for i, c := range s.Cards {
			names[i] = fmt.Sprintf("%s (%d)", c.Name, c.Value(false))
		}
		fmt.Fprintf(&b, "; cards %s", strings.Join(names, ", "))
	}
	if s.Source != "" {
		fmt.Fprintf(&b, "; %s", s.Source)
	}
	return b.String()
}

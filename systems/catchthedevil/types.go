package catchthedevil

import (
	"fmt"
	"strings"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Stat is one of a character's four stats.
type Stat uint8

// The stats, in the order the text lists them.
const (
	Quick Stat = iota
	Steady
	Sharp
	Tough
	NumStats
)

var statNames = [NumStats]string{"quick", "steady", "sharp", "tough"}
var statTitles = [NumStats]string{"Quick", "Steady", "Sharp", "Tough"}

// String is the stat's name.
func (s Stat) String() string { return statNames[s] }

// Title is the stat's name capitalised.
func (s Stat) Title() string { return statTitles[s] }

// MarshalText writes the stat's name.
func (s Stat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Move is one of the four moves every PC has.
type Move uint8

// The moves.
const (
	TakeARisk Move = iota
	SufferHarm
	KeepItTogether
	Study
	NumMoves
)

var moveNames = [NumMoves]string{"take-a-risk", "suffer-harm", "keep-it-together", "study"}
var moveTitles = [NumMoves]string{"Take a Risk", "Suffer Harm", "Keep It Together", "Study"}

// String is the move's name.
func (m Move) String() string { return moveNames[m] }

// Title is the move's name as the text writes it.
func (m Move) Title() string { return moveTitles[m] }

// MarshalText writes the move's name.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// Stats are a character's four stats, indexed by Stat.
type Stats [NumStats]int

// MarshalJSON writes the stats as a mapping by name.
func (s Stats) MarshalJSON() ([]byte, error) { return systems.StatsJSON(statNames[:], s[:]) }

// String lists the stats with signs: "Quick +1, Steady 0, Sharp 0, Tough 0".
func (s Stats) String() string { return pbta.StatsLine(statTitles[:], s[:]) }

// Weapon is a weapon class (section 1.6): its damage and whether it is
// used at range (Take a Risk + Quick) or in melee (+ Tough), option C3.
type Weapon struct {
	Name   string `json:"name"`
	Damage int    `json:"damage"`
	Ranged bool   `json:"ranged"`
}

// weapons are the built-in weapon classes: the text's examples (knuckles
// and batons 1, pistols and large knives 2, rifles and explosives 3), bare
// fists, and natural weapons for animals and unnatural beasts.
var weapons = []Weapon{
	{"fists", 1, false},
	{"knuckles", 1, false},
	{"baton", 1, false},
	{"knife", 2, false},
	{"pistol", 2, true},
	{"rifle", 3, true},
	{"explosives", 3, true},
	{"teeth", 1, false},
	{"claws", 2, false},
	{"maw", 3, false},
}

// weaponList is weapons as built-ins, by name.
var weaponList = systems.Builtin[Weapon]{List: func() []Weapon { return weapons }, ID: func(w Weapon) string { return w.Name }}

// String describes the weapon: "pistol (2 damage, ranged)".
func (w Weapon) String() string {
	kind := "melee"
	if w.Ranged {
		kind = "ranged"
	}
	return fmt.Sprintf("%s (%d damage, %s)", w.Name, w.Damage, kind)
}

// Question is one of the three GM questions of character creation; a yes
// pre-rolls the wounded version of a move (option C15: whether the move
// also starts wounded).
type Question uint8

// The GM questions.
const (
	LifeOrDeath Question = iota // Take a Risk
	Injury                      // Suffer Harm
	Horrendous                  // Keep It Together
	NumQuestions
)

var questionNames = [NumQuestions]string{"life_or_death", "injury", "horrendous"}
var questionMoves = [NumQuestions]Move{TakeARisk, SufferHarm, KeepItTogether}

// Character is a PC's sheet as built in or written in a scenario.
type Character struct {
	ID         string             `json:"id,omitempty"`
	Name       string             `json:"name"`
	Stats      Stats              `json:"stats"`
	InPlay     bool               `json:"in_play,omitempty"` // stats changed in play: each -3..+3 instead of a starting array
	Weapon     Weapon             `json:"weapon"`
	Armor      bool               `json:"armor"`
	Questions  [NumQuestions]bool `json:"questions"`   // GM questions answered yes
	Versions   [NumMoves]int      `json:"versions"`    // known wounded versions, 0 = not yet rolled
	Wounded    [NumMoves]bool     `json:"wounded"`     // moves wounded at the start (earlier scenes)
	Bonus      [NumMoves]bool     `json:"bonus"`       // Suffer Harm 4's +1 on a move from an earlier scene
	SHPenalty  int                `json:"sh_penalty"`  // Suffer Harm penalty carried in (<= 0)
	KITPenalty int                `json:"kit_penalty"` // Keep It Together penalty carried in (<= 0)
}

// Summary is the character on one line.
func (c *Character) Summary() string {
	var b strings.Builder
	b.WriteString(c.Stats.String())
	b.WriteString("; " + c.Weapon.String())
	if c.Armor {
		b.WriteString("; armor")
	}
	for q := Question(0); q < NumQuestions; q++ {
		if c.Questions[q] {
			fmt.Fprintf(&b, "; %s: yes", questionNames[q])
		}
	}
	return b.String()
}

// NPC is a non-player character as built in or written in a scenario
// (section 1.7).
type NPC struct {
	ID         string `json:"id,omitempty"`
	Name       string `json:"name"`
	Threshold  int    `json:"threshold"` // 2 untrained or prey, 3 fighters and predators, 4 augmented or unnatural
	Weapon     Weapon `json:"weapon"`
	Skilled    bool   `json:"skilled"`    // +1 damage
	Armor      bool   `json:"armor"`      // one damage die fewer
	Horrendous bool   `json:"horrendous"` // the PCs Keep It Together on first sight
	Person     bool   `json:"person"`     // beg & plead can work on it (option C36)
}

// Damage is the damage the NPC deals before the target's armor.
func (n *NPC) Damage() int {
	d := n.Weapon.Damage
	if n.Skilled {
		d++
	}
	return d
}

// Summary is the NPC on one line.
func (n *NPC) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "threshold %d; %s", n.Threshold, n.Weapon)
	if n.Skilled {
		fmt.Fprintf(&b, ", skilled (%d damage)", n.Damage())
	}
	if n.Armor {
		b.WriteString("; armor")
	}
	if n.Horrendous {
		b.WriteString("; horrendous")
	}
	if n.Person {
		b.WriteString("; a person")
	}
	return b.String()
}

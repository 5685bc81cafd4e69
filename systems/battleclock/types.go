package battleclock

import (
	"fmt"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Stat is one of a character's five stats.
type Stat uint8

// The stats, in the seed's order.
const (
	Cool Stat = iota
	Hard
	Hot
	Sharp
	Will
	NumStats
)

var statNames = [NumStats]string{"cool", "hard", "hot", "sharp", "will"}
var statTitles = [NumStats]string{"Cool", "Hard", "Hot", "Sharp", "Will"}

// String is the stat's name.
func (s Stat) String() string { return statNames[s] }

// Title is the stat's name capitalised.
func (s Stat) Title() string { return statTitles[s] }

// MarshalText writes the stat's name.
func (s Stat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Stats are a character's five stats, indexed by Stat.
type Stats [NumStats]int

// MarshalJSON writes the stats as a mapping by name.
func (s Stats) MarshalJSON() ([]byte, error) { return systems.StatsJSON(statNames[:], s[:]) }

// String lists the stats with signs.
func (s Stats) String() string { return pbta.StatsLine(statTitles[:], s[:]) }

// Debility is one of the four debilities; each lowers a stat by 1 and can
// be marked once. Will has none.
type Debility uint8

// The debilities.
const (
	Shattered  Debility = iota // -1 Cool
	Crippled                   // -1 Hard
	Disfigured                 // -1 Hot
	Broken                     // -1 Sharp
	NumDebilities
)

var debilityNames = [NumDebilities]string{"shattered", "crippled", "disfigured", "broken"}
var debilityStat = [NumDebilities]Stat{Cool, Hard, Hot, Sharp}

// String names the debility.
func (d Debility) String() string { return debilityNames[d] }

// Grade is an enemy's grade on the NPC harm scale (section 2.9): a
// lieutenant reads the scale one step lower, a captain two.
type Grade uint8

// The grades.
const (
	Ordinary Grade = iota
	Lieutenant
	Captain
)

var gradeNames = [...]string{"ordinary", "lieutenant", "captain"}

// String names the grade.
func (g Grade) String() string { return gradeNames[g] }

// MarshalText writes the grade's name.
func (g Grade) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// Character is a PC's sheet as built in or written in a scenario.
type Character struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name"`
	Stats   Stats  `json:"stats"`
	InPlay  bool   `json:"in_play,omitempty"` // stats changed in play: -3..+3 instead of -2..+3
	Harm    int    `json:"harm"`              // the harm the PC's weapon or power inflicts
	Armor   int    `json:"armor"`
	Shields int    `json:"shields"` // shield or barrier points, refilled at the start of a battle
	// Carried in from before the battle.
	HarmClock  int                 `json:"harm_clock"`
	ShockClock int                 `json:"shock_clock"`
	Debilities [NumDebilities]bool `json:"debilities"`
	Forward    int                 `json:"forward"` // +forward on the first roll
	Ongoing    int                 `json:"ongoing"` // +ongoing for the whole battle
	Boosted    bool                `json:"boosted"` // boosted for the whole battle
}

// Summary is the character on one line.
func (c *Character) Summary() string {
	s := fmt.Sprintf("%s; %d-harm, %d-armor", c.Stats, c.Harm, c.Armor)
	if c.Shields > 0 {
		s += fmt.Sprintf(", %d shields", c.Shields)
	}
	return s
}

// Enemy is a kind of enemy on the harm scale of section 2.9.
type Enemy struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name"`
	Harm    int    `json:"harm"` // the harm it inflicts (its concentrated fire)
	Armor   int    `json:"armor"`
	Shields int    `json:"shields"` // points soaking harm before armor, once per battle
	Shock   int    `json:"shock"`   // explicit shock its hits carry ("s+2-harm")
	Grade   Grade  `json:"grade"`
}

// Summary is the enemy on one line.
func (e *Enemy) Summary() string {
	s := fmt.Sprintf("%d-harm, %d-armor", e.Harm, e.Armor)
	if e.Shields > 0 {
		s += fmt.Sprintf(", %d shields", e.Shields)
	}
	if e.Shock > 0 {
		s += fmt.Sprintf(", %d-shock", e.Shock)
	}
	if e.Grade != Ordinary {
		s += "; " + e.Grade.String()
	}
	return s
}

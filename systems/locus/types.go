package locus

import (
	"fmt"
	"strings"

	"github.com/tpk-sim/tpk/systems"
)

// Attr is one of a character's eight negative attributes, rated 1 (best) to
// 5 (worst).
type Attr uint8

// The eight attributes, in the order the scenario format lists them.
const (
	Frailty Attr = iota
	Clumsiness
	Carelessness
	Impatience
	Cowardice
	Ignorance
	Repulsion
	Temper
	NumAttrs
)

var attrNames = [NumAttrs]string{"frailty", "clumsiness", "carelessness", "impatience", "cowardice",
	"ignorance", "repulsion", "temper"}

// String is the attribute's name.
func (a Attr) String() string { return attrNames[a] }

// Title is the attribute's name capitalised, as narration uses it.
func (a Attr) Title() string { return capital(attrNames[a]) }

// MarshalText writes the attribute's name.
func (a Attr) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// MarshalText writes the tier's name.
func (t Tier) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Title is the tier's name capitalised.
func (t Tier) Title() string { return capital(t.String()) }

// Cond is a set of Conditions (section 2.6) as a bit mask.
type Cond uint8

// The Conditions a character can suffer.
const (
	Blinded    Cond = 1 << iota // sight-dependent actions are Hard (attack and defence, option L-3)
	Prone                       // the next action is standing up; -1 when defending (L-13)
	Restrained                  // must break free (L-10) before acting
	Nauseated                   // Clumsiness counts as 5
	Heavy                       // climbing and lifting need a Frailty check: no effect in a conflict
	Terrified                   // a Cowardice check (L-10) before anything but fleeing
	Unstable                    // attacks knock the character Prone (L-12)
	numConds   = 7
)

var condNames = [numConds]string{"blinded", "prone", "restrained", "nauseated", "heavy", "terrified", "unstable"}

// String lists the Conditions in the set, comma separated.
func (c Cond) String() string {
	if c == 0 {
		return "none"
	}
	var parts []string
	for i := 0; i < numConds; i++ {
		if c&(1<<i) != 0 {
			parts = append(parts, capital(condNames[i]))
		}
	}
	return strings.Join(parts, ", ")
}

// MarshalText writes the Condition names.
func (c Cond) MarshalText() ([]byte, error) { return []byte(strings.ToLower(c.String())), nil }

// Has reports whether every Condition in x is in c.
func (c Cond) Has(x Cond) bool { return c&x == x && x != 0 }

// Stress is a character's Stress level.
type Stress uint8

// The Stress track.
const (
	Uneasy Stress = iota
	Tense
	Stressed
)

var stressNames = [...]string{"uneasy", "tense", "stressed"}

// String names the Stress level.
func (s Stress) String() string { return stressNames[s] }

// MarshalText writes the Stress level's name.
func (s Stress) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Behaviour is a monster's attack pattern (section 2.7's mapping).
type Behaviour uint8

// The behaviours the default monster policy knows.
const (
	Plain         Behaviour = iota // attacks the nearest
	Stalking                       // prefers a target with no ally within 2 m
	Opportunistic                  // prefers Prone, then injured, then isolated targets
	Insidious                      // inflicts before attacking
)

var behaviourNames = [...]string{"plain", "stalking", "opportunistic", "insidious"}

// String names the behaviour.
func (b Behaviour) String() string { return behaviourNames[b] }

// MarshalText writes the behaviour's name.
func (b Behaviour) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// chaseNames name the chase likelihoods 0, 1, 2.
var chaseNames = [...]string{"never", "moderate", "definite"}

// chaseChance is the probability of chasing by likelihood (once per pursuit
// or each turn, option L-30).
var chaseChance = [...]float64{0, 0.5, 1}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Item is a character's Item (section 2.4).
type Item struct {
	Name       string   `json:"name"`
	Weapon     bool     `json:"weapon"`          // a non-weapon Item attacks at -1
	Quality    int      `json:"quality"`         // 1..3: the Durability check keeps the lowest, middle, highest die
	Durability int      `json:"durability"`      // boxes; the last is the Damaged box
	Types      []string `json:"types,omitempty"` // damage types (Weakness, effective)
	Attribute  Attr     `json:"attribute"`       // the attack attribute under option L-1 "per-weapon"
	Helps      []Attr   `json:"helps,omitempty"` // outcome checks with these attributes are one tier easier
}

// Attributes are a character's eight attributes, indexed by Attr.
type Attributes [NumAttrs]int

// MarshalJSON writes the attributes as a mapping by name.
func (a Attributes) MarshalJSON() ([]byte, error) { return systems.StatsJSON(attrNames[:], a[:]) }

// Character is a party member's sheet, as built in or written in a scenario.
type Character struct {
	ID         string     `json:"id,omitempty"`
	Name       string     `json:"name"`
	Attributes Attributes `json:"attributes"`
	Willpower  int        `json:"willpower"`
	Stress     Stress     `json:"stress"`
	Items      []Item     `json:"items"`
}

// Infliction is a monster's Infliction: the character avoids the Condition
// with an outcome check of Attribute at Difficulty.
type Infliction struct {
	Name       string `json:"name"`
	Attribute  Attr   `json:"attribute"`
	Difficulty Tier   `json:"difficulty"`
	Condition  Cond   `json:"condition"`
}

// Monster is a monster's card, as built in or written in a scenario.
// Attack, Chase, Search and Resist are 1..5, or 0 for null ("-": the monster
// cannot do it, option L-29).
type Monster struct {
	ID           string       `json:"id,omitempty"`
	Name         string       `json:"name"`
	Description  string       `json:"description,omitempty"`
	Attack       int          `json:"attack"`
	Chase        int          `json:"chase"`
	Search       int          `json:"search"`
	Resist       int          `json:"resist"`
	Behaviour    Behaviour    `json:"behaviour"`
	Chases       int          `json:"chases"` // 0 never, 1 moderate, 2 definite
	DeathsDoor   int          `json:"deaths_door"`
	Weakness     []string     `json:"weakness,omitempty"`
	Effective    []string     `json:"effective,omitempty"`
	SensesMotion bool         `json:"senses_motion"`
	Inflictions  []Infliction `json:"inflictions,omitempty"`
}

// ThreatInput returns what the Threat Calculator looks at.
func (m *Monster) ThreatInput() ThreatInput {
	in := ThreatInput{Attack: m.Attack, Chase: m.Chase, Search: m.Search, Resist: m.Resist,
		ChaseLikelihood: m.Chases, DeathsDoor: m.DeathsDoor}
	for _, f := range m.Inflictions {
		in.Inflictions = append(in.Inflictions, f.Difficulty)
	}
	return in
}

// Summary is the monster's card on one line.
func (m *Monster) Summary(boundaryLower bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Attack %s, Chase %s, Search %s, Resist %s; %s, chases: %s; Death's Door %d",
		nullable(m.Attack), nullable(m.Chase), nullable(m.Search), nullable(m.Resist),
		m.Behaviour, chaseNames[m.Chases], m.DeathsDoor)
	for _, f := range m.Inflictions {
		fmt.Fprintf(&b, "; %s (%s %s -> %s)", f.Name, f.Attribute.Title(), f.Difficulty.Title(), f.Condition)
	}
	if len(m.Weakness) > 0 {
		fmt.Fprintf(&b, "; weakness %s", strings.Join(m.Weakness, ", "))
	}
	if len(m.Effective) > 0 {
		fmt.Fprintf(&b, "; effective %s", strings.Join(m.Effective, ", "))
	}
	if m.SensesMotion {
		b.WriteString("; senses motion")
	}
	g := Threat(m.ThreatInput(), boundaryLower)
	fmt.Fprintf(&b, "; threat %d: %s", g.Total, g.Grade)
	return b.String()
}

func nullable(v int) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprint(v)
}

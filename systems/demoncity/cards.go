package demoncity

import (
	"fmt"
	"strconv"
	"strings"
)

// CardKind is what sort of tarot card a card is.
type CardKind uint8

// The kinds of card (section 1.1).
const (
	Pip   CardKind = iota // Ace..10 of a suit: its number
	Court                 // Page, Knight, Queen, King: 10, or 11..14 under DC-14 "numbered"
	Major                 // a Major Arcana card: its printed number
	Fool                  // The Fool: 0 (22 for a PC whose Significator it is)
)

// Card is one tarot card as a scenario names it.
type Card struct {
	Name string   // canonical name: "the-moon", "queen-of-cups", "8-of-cups", "7"
	Kind CardKind //
	Num  int      // pip number 1..10, Major number 0..21, court rank 1..4 (page..king)
}

// majorNames are the Major Arcana in order of their numbers (Rider-Waite:
// Strength 8, Justice 11, as the spec lists them).
var majorNames = [...]string{"the-fool", "the-magician", "the-high-priestess", "the-empress", "the-emperor",
	"the-hierophant", "the-lovers", "the-chariot", "strength", "the-hermit", "wheel-of-fortune", "justice",
	"the-hanged-man", "death", "temperance", "the-devil", "the-tower", "the-star", "the-moon", "the-sun",
	"judgement", "the-world"}

var courtNames = [...]string{"page", "knight", "queen", "king"}

var suitNames = [...]string{"wands", "cups", "swords", "pentacles"}

var pipWords = [...]string{"ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// CardSyntax says how cards are written, for messages.
const CardSyntax = "a number 1..10 (a pip card), a Major Arcana name (the-fool, the-magician, ..., the-star, " +
	"the-moon, the-sun, judgement, the-world), a court card (page|knight|queen|king-of-wands|cups|swords|pentacles) " +
	"or a pip card (ace..ten or 1..10 -of- a suit)"

// ParseCard reads a card name. Case, spaces and a missing "the-" do not
// matter.
func ParseCard(s string) (Card, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.Join(strings.FieldsFunc(n, func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), "-")
	if v, err := strconv.Atoi(n); err == nil {
		if v < 1 || v > 10 {
			return Card{}, fmt.Errorf("card %q: a plain number must be 1..10 (a pip card); write the-fool or a Major Arcana name for others", s)
		}
		return Card{Name: n, Kind: Pip, Num: v}, nil
	}
	for i, m := range majorNames {
		if n == m || n == strings.TrimPrefix(m, "the-") || "the-"+n == m {
			if i == 0 {
				return Card{Name: m, Kind: Fool, Num: 0}, nil
			}
			return Card{Name: m, Kind: Major, Num: i}, nil
		}
	}
	if rank, suit, ok := strings.Cut(n, "-of-"); ok && validSuit(suit) {
		for i, c := range courtNames {
			if rank == c {
				return Card{Name: n, Kind: Court, Num: i + 1}, nil
			}
		}
		for i, w := range pipWords {
			if rank == w || rank == strconv.Itoa(i+1) {
				return Card{Name: strconv.Itoa(i+1) + "-of-" + suit, Kind: Pip, Num: i + 1}, nil
			}
		}
	}
	return Card{}, fmt.Errorf("unknown card %q; a card is %s", s, CardSyntax)
}

func validSuit(s string) bool {
	for _, x := range suitNames {
		if s == x {
			return true
		}
	}
	return false
}

// Value is the card's value in a throw. Court cards are worth 10, or 11..14
// (Page..King) when numbered is set (option DC-14). The Fool is 0 here; a PC
// whose Significator it is counts it as 22 (see cardInfo).
func (c Card) Value(numberedCourts bool) int {
	switch c.Kind {
	case Court:
		if numberedCourts {
			return 10 + c.Num
		}
		return 10
	case Fool:
		return 0
	}
	return c.Num
}

// String is the card's canonical name.
func (c Card) String() string { return c.Name }

// MarshalText writes the card's name.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.Name), nil }

// SignificatorFoolValue is what The Fool is worth to the PC whose
// Significator it is.
const SignificatorFoolValue = 22

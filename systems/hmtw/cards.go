package hmtw

// Suit is a suit of the players' deck, which is also the attribute it
// stands for (Swords, Pentacles, Cups, Wands); NoSuit is the Fool's.
type Suit uint8

// The suits, in the order of the rulebook (and of a belt's slots).
const (
	Swords Suit = iota
	Pentacles
	Cups
	Wands
	NoSuit
	NumSuits = 4
)

var suitNames = [...]string{"swords", "pentacles", "cups", "wands", "none"}
var suitTitles = [...]string{"Swords", "Pentacles", "Cups", "Wands", "no suit"}

// String is the suit's name in lower case, as scenarios write it.
func (s Suit) String() string { return suitNames[s] }

// Title is the suit's name as the book writes it.
func (s Suit) Title() string { return suitTitles[s] }

// Card is a card of the players' (minor arcana) deck: 0..55 are the 56
// minor arcana, suit*14 + value-1, and 56 is the Fool.
type Card uint8

// Cards of note.
const (
	Fool      Card = 56
	MinorSize      = 57 // the players' deck: 56 minor arcana and the Fool
	NoCard    Card = 255
)

// MakeCard returns the card of suit s and value v (1..14).
func MakeCard(s Suit, v int) Card { return Card(int(s)*14 + v - 1) }

// cardValues and cardSuits are the value and suit of every card, looked up
// instead of computed in the hot path.
var cardValues, cardSuits = func() (v [MinorSize]int8, s [MinorSize]Suit) {
	for c := 0; c < 56; c++ {
		v[c] = int8(c%14 + 1)
		s[c] = Suit(c / 14)
	}
	v[Fool], s[Fool] = 0, NoSuit
	return
}()

// Value is the card's value: Ace 1 .. X 10, Page 11, Knight 12, Queen 13,
// King 14; the Fool 0.
func (c Card) Value() int { return int(cardValues[c]) }

// Suit is the card's suit; NoSuit for the Fool.
func (c Card) Suit() Suit { return cardSuits[c] }

var rankNames = [...]string{"", "Ace", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "Page", "Knight", "Queen", "King"}

// String names the card as the book does: "VII of Wands", "the Fool".
func (c Card) String() string {
	switch {
	case c == Fool:
		return "the Fool"
	case c < Fool:
		return rankNames[c.Value()] + " of " + c.Suit().Title()
	}
	return "no card"
}

// Doom is a card of the GM's (major arcana) deck, by its value 1..21: I..XIV
// are lesser dooms, XV..XXI greater dooms. 0 is no card.
type Doom uint8

// The GM's deck.
const (
	MajorSize         = 21
	LesserMax    Doom = 14 // the highest lesser doom
	NoDoom       Doom = 0
	firstGreater      = LesserMax + 1
)

// Lesser reports whether the card is a lesser doom (I..XIV).
func (d Doom) Lesser() bool { return d >= 1 && d <= LesserMax }

// Greater reports whether the card is a greater doom (XV..XXI).
func (d Doom) Greater() bool { return d >= firstGreater && d <= MajorSize }

var arcanaNames = [...]string{"", "The Magician", "The High Priestess", "The Empress", "The Emperor",
	"The Hierophant", "The Lovers", "The Chariot", "Strength", "The Hermit", "Wheel of Fortune", "Justice",
	"The Hanged Man", "Death", "Temperance", "The Devil", "The Tower", "The Star", "The Moon", "The Sun",
	"Judgement", "The World"}

var romans = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
	"XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"}

// String names the card as the book does: "Justice [XI]".
func (d Doom) String() string {
	if d < 1 || d > MajorSize {
		return "no card"
	}
	return arcanaNames[d] + " [" + romans[d] + "]"
}

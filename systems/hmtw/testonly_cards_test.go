package hmtw

import "strconv"

// Test-only helpers: reading a card by name, the top of a discard pile,
// the default rules.

// parseCard reads a card name as tests and stacked decks write it: "7W",
// "KP", "AC", "10S", "PW" (Page), "NS" (Knight), "QC", "fool".
func parseCard(s string) (Card, bool) {
	if s == "fool" || s == "Fool" {
		return Fool, true
	}
	if len(s) < 2 {
		return NoCard, false
	}
	var suit Suit
	switch s[len(s)-1] {
	case 'S':
		suit = Swords
	case 'P':
		suit = Pentacles
	case 'C':
		suit = Cups
	case 'W':
		suit = Wands
	default:
		return NoCard, false
	}
	r := s[:len(s)-1]
	v := 0
	switch r {
	case "A":
		v = 1
	case "P":
		v = 11
	case "N":
		v = 12
	case "Q":
		v = 13
	case "K":
		v = 14
	default:
		n, err := strconv.Atoi(r)
		if err != nil || n < 2 || n > 10 {
			return NoCard, false
		}
		v = n
	}
	return MakeCard(suit, v), true
}

// topDiscard is the top card of the discard pile (the book's random oracle),
// or false when the pile is empty.
func (d *deck) topDiscard() (uint8, bool) {
	if d.nd == 0 {
		return 0, false
	}
	return d.disc[d.nd-1], true
}

// DefaultRules are the spec's defaults.
func DefaultRules() Rules { return OptionTable.Defaults() }

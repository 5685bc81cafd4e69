package demoncity

import (
	"fmt"
	"testing"
)

// TestTallyCount covers the throw rules of 1.5: one to start, extra and lost
// throws, the minimum of one with the excess given to the opponent, the
// voluntary lost throw (keep the lower of two at one throw), and the 2017
// caps of DC-18.
func TestTallyCount(t *testing.T) {
	cases := []struct {
		t          Tally
		capS, capC bool
		n          int
		low        bool
		opp        int
	}{
		{Tally{}, false, false, 1, false, 0},
		{Tally{Gains: 3, Situational: 2}, false, false, 6, false, 0},
		{Tally{Gains: 1, Lost: 1}, false, false, 1, false, 0},
		{Tally{Lost: 1}, false, false, 1, false, 1},
		{Tally{Lost: 3}, false, false, 1, false, 3},
		{Tally{Gains: 2, Voluntary: true}, false, false, 2, false, 0},
		{Tally{Voluntary: true}, false, false, 2, true, 0},
		{Tally{Lost: 2, Voluntary: true}, false, false, 2, true, 2},
		{Tally{Situational: 4}, true, false, 3, false, 0},
		{Tally{Gains: 4, Situational: 4}, false, true, 5, false, 0},
		{Tally{Gains: 4, Situational: 4}, true, true, 5, false, 0},
		{Tally{Gains: 40}, false, false, MaxThrow, false, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%+v caps=%v,%v", c.t, c.capS, c.capC), func(t *testing.T) {
			n, low, opp := c.t.Count(c.capS, c.capC)
			if n != c.n || low != c.low || opp != c.opp {
				t.Errorf("%+v caps %v/%v: (%d, %v, %d), want (%d, %v, %d)", c.t, c.capS, c.capC, n, low, opp, c.n, c.low, c.opp)
			}
		})
	}
}

// TestEvaluate: the highest card counts; keep-the-lower takes the lower of
// two; The Fool alone is a fumble, except for the PC whose Significator it is
// (worth 22 to them); an own Significator that sets the result is marked.
func TestEvaluate(t *testing.T) {
	tab := plainCards
	tab.value[11] = 5 // The Hierophant, PC 2's Significator
	tab.owner[11] = 2
	tab.sigs = true
	cases := []struct {
		cards []uint8
		low   bool
		self  int
		want  Result
	}{
		{[]uint8{3, 8, 5}, false, 0, Result{V: 8, Card: 8}},
		{[]uint8{3, 8}, true, 0, Result{V: 3, Card: 3}},
		{[]uint8{0}, false, 0, Result{V: 0, Card: 0, Fumble: true}},
		{[]uint8{0, 6}, true, 0, Result{V: 0, Card: 0, Fumble: true}},
		{[]uint8{0, 6}, false, 0, Result{V: 6, Card: 6}},
		{[]uint8{5, 11}, false, 2, Result{V: 5, Card: 11, Sig: true}},
		{[]uint8{5, 11}, false, 1, Result{V: 5, Card: 5}},
		{nil, false, 0, Result{V: -1}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v low=%v self=%d", c.cards, c.low, c.self), func(t *testing.T) {
			if got := tab.Evaluate(c.cards, c.low, c.self); got != c.want {
				t.Errorf("%v low=%v self=%d: %+v, want %+v", c.cards, c.low, c.self, got, c.want)
			}
		})
	}
	// The Fool as PC 1's Significator: 22 for PC 1 and no fumble; 0 and a
	// fumble for anyone else.
	tab.owner[foolID] = 1
	if got := tab.Evaluate([]uint8{0, 9}, false, 1); got != (Result{V: 22, Card: 0, Sig: true}) {
		t.Errorf("own Fool: %+v", got)
	}
	if got := tab.Evaluate([]uint8{0}, false, 0); got != (Result{V: 0, Card: 0, Fumble: true}) {
		t.Errorf("someone else's Fool: %+v", got)
	}
	// The fast path (no Significators) agrees with the general one.
	fast := plainCards
	slow := plainCards
	slow.sigs = true
	for a := uint8(0); a <= 10; a++ {
		for b := uint8(0); b <= 10; b++ {
			cs := []uint8{a, b}
			if f, s := fast.Evaluate(cs, false, 0), slow.Evaluate(cs, false, 0); f.V != s.V || f.Fumble != s.Fumble {
				t.Fatalf("%v: fast %+v slow %+v", cs, f, s)
			}
		}
	}
}

// TestCards: names, values, and DC-14's court values.
func TestCards(t *testing.T) {
	cases := []struct {
		in         string
		name       string
		ten, numbd int
	}{
		{"7", "7", 7, 7},
		{"The Moon", "the-moon", 18, 18},
		{"moon", "the-moon", 18, 18},
		{"strength", "strength", 8, 8},
		{"justice", "justice", 11, 11},
		{"the-fool", "the-fool", 0, 0},
		{"Queen of Cups", "queen-of-cups", 10, 13},
		{"king-of-swords", "king-of-swords", 10, 14},
		{"page-of-wands", "page-of-wands", 10, 11},
		{"ace-of-pentacles", "1-of-pentacles", 1, 1},
		{"8 of cups", "8-of-cups", 8, 8},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			card, err := ParseCard(c.in)
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
				return
			}
			if card.Name != c.name || card.Value(false) != c.ten || card.Value(true) != c.numbd {
				t.Errorf("%q: %s %d/%d, want %s %d/%d", c.in, card.Name, card.Value(false), card.Value(true), c.name, c.ten, c.numbd)
			}
		})
	}
	for _, bad := range []string{"0", "11", "knight-of-coins", "the-joker", ""} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

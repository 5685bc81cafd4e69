package hmtw

import "github.com/tpk-sim/tpk/sim"

// deck is one of the two decks with its draw and discard piles, in
// fixed-size arrays so that an encounter allocates nothing. Cards in hands,
// on the table as Initiative or facedown are in neither pile.
//
// Drawing takes a uniformly random card of the draw pile and swaps it out:
// Fisher-Yates done one step per card drawn, which gives exactly the card
// sequence of a deck shuffled in full at one random number per card drawn.
// A reshuffle therefore only moves the discard pile back into the draw pile.
type deck struct {
	pile [MinorSize]uint8 // pile[:n] is the draw pile
	n    int
	disc [MinorSize]uint8 // disc[:nd] is the discard pile
	nd   int
	// reshuffles counts the times the discard pile became the draw pile
	// (the Fool's double reshuffle and running out alike).
	reshuffles int
	// stack, in tests only, forces the order of the next draws: each draw
	// takes stack[si] out of the draw pile instead of a random card.
	stack []uint8
	si    int
}

// fill gathers the full deck into the draw pile: the players' deck (cards
// 0..56) when minor, the GM's (1..21) otherwise.
func (d *deck) fill(minor bool) {
	d.nd, d.si, d.reshuffles = 0, 0, 0
	if minor {
		d.n = MinorSize
		for i := 0; i < MinorSize; i++ {
			d.pile[i] = uint8(i)
		}
		return
	}
	d.n = MajorSize
	for i := 0; i < MajorSize; i++ {
		d.pile[i] = uint8(i + 1)
	}
}

// draw takes the top card. An empty draw pile is first refilled from the
// discard pile (p.121); ok is false only when both are empty (every card is
// in a hand or on the table).
func (d *deck) draw(r *sim.Rand) (c uint8, ok bool) {
	if d.n == 0 {
		if d.nd == 0 {
			return 0, false
		}
		d.reshuffle()
	}
	i := -1
	if d.si < len(d.stack) {
		want := d.stack[d.si]
		d.si++
		for j := 0; j < d.n; j++ {
			if d.pile[j] == want {
				i = j
				break
			}
		}
	}
	if i < 0 {
		i = r.IntN(d.n)
	}
	c = d.pile[i]
	d.n--
	d.pile[i] = d.pile[d.n]
	return c, true
}

// discard puts a card on the discard pile.
func (d *deck) discard(c uint8) {
	d.disc[d.nd] = c
	d.nd++
}

// reshuffle returns the discard pile to the draw pile.
func (d *deck) reshuffle() {
	if d.nd == 0 {
		return
	}
	copy(d.pile[d.n:], d.disc[:d.nd])
	d.n += d.nd
	d.nd = 0
	d.reshuffles++
}

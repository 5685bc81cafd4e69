package demoncity

import "tpk/sim"

// DeckCap is the most cards a deck can hold: the 31-card Players' Deck plus
// Significators, or a Horror's Deck of values 1..10 plus its horror and
// place cards.
const DeckCap = 64

// DeckMode is how a deck produces cards (option DC-13).
type DeckMode uint8

// The deck modes.
const (
	// Persistent is Randomizer A as written: the deck starts every encounter
	// freshly shuffled, and within the encounter the cards on the table go to
	// the discard pile at the deck's next throw and the discard pile is
	// reshuffled when the draw pile runs out.
	Persistent DeckMode = iota
	// FreshRound is like Persistent but every card returns to the deck, which
	// is reshuffled, at the start of every Action Round.
	FreshRound
	// D10 is Randomizer B: every card an independent uniform 1..10; no Fool,
	// no card above 10, no deck state.
	D10
	// Infinite is Randomizer B': each card drawn independently, with
	// replacement, from the deck's full composition (for the Players' Deck
	// P(0) = 1/31, P(v) = 3/31); it keeps fumbles without deck state.
	Infinite
)

// Card ids: every card in play has a small integer id in the model's card
// table. Ids 0..10 are always The Fool and one pip card of each value, so
// that decks built of plain values (the Players' Deck, Randomizer B) need no
// table of their own.
const (
	foolID    = 0  // The Fool
	firstFree = 11 // the first id for named cards (Significators, horror and place cards)
	maxCardID = 255
)

// plainValues gives ids 0..10 their values; the model extends it.
var plainValues = func() (v [maxCardID + 1]int8) {
	for i := 0; i <= 10; i++ {
		v[i] = int8(i)
	}
	return v
}()

// PlayersDeckIDs is the default Players' Deck: three cards of each value
// 1..10 and The Fool.
func PlayersDeckIDs(withFool bool) []uint8 {
	ids := make([]uint8, 0, 31)
	if withFool {
		ids = append(ids, foolID)
	}
	for v := uint8(1); v <= 10; v++ {
		ids = append(ids, v, v, v)
	}
	return ids
}

// Deck is one deck of cards with its draw pile, its table (the cards of its
// most recent throw, face up) and its discard pile, held in one fixed-size
// array so that an encounter allocates nothing and moving cards between
// piles rarely copies anything: cards[0:nDraw] is the draw pile,
// cards[nDraw:nDraw+nTab] the table (the current throw's cards first) and the
// rest of the deck the discard pile. Each deck has its own generator, seeded
// from the encounter's at Reset, so that what one deck draws does not depend
// on how often the other was drawn from.
//
// Drawing takes a uniformly random card from the draw pile and swaps it to
// the pile's end, where it becomes the table's first card: Fisher-Yates done
// one step per card drawn, which gives exactly the card sequence of a deck
// shuffled in full and costs one random number per card rather than one per
// card in the deck. A reshuffle therefore only makes the discard pile the
// draw pile again.
type Deck struct {
	rng   sim.Rand
	bits  uint64 // unused half of the last 64 random bits
	nbits bool
	mode  DeckMode
	vals  *[maxCardID + 1]int8
	full  [DeckCap]uint8
	cards [DeckCap]uint8
	nFull int
	nDraw int
	nTab  int
	mark  int // table cards of earlier throws of the same group (the last mark cards of the table)

	// Reshuffles counts the times the discard pile became the draw pile.
	Reshuffles int
	// Recycled counts the times a throw had to take back table cards of
	// earlier throws because the draw and discard piles were empty.
	Recycled int
	// Short counts cards a throw wanted but the deck could not give at all.
	Short int
}

// Init sets the deck's composition (card ids), the values of the ids and its
// mode. It allocates nothing and is done once per kernel.
func (d *Deck) Init(ids []uint8, vals *[maxCardID + 1]int8, mode DeckMode) {
	if len(ids) > DeckCap || len(ids) == 0 {
		panic("demoncity: a deck needs 1 to DeckCap cards")
	}
	d.nFull = copy(d.full[:], ids)
	d.vals = vals
	d.mode = mode
}

// Mode is the deck's mode.
func (d *Deck) Mode() DeckMode { return d.mode }

// Size is the number of cards in the full deck.
func (d *Deck) Size() int { return d.nFull }

// Reset starts an encounter: the deck's generator is seeded from r and all
// cards are gathered into the draw pile.
func (d *Deck) Reset(r *sim.Rand) {
	d.rng.Seed(r.Uint64(), 0)
	d.nbits = false
	d.Gather()
	d.Reshuffles, d.Recycled, d.Short = 0, 0, 0
}

// Gather puts every card back into the draw pile (a fresh deck).
func (d *Deck) Gather() {
	d.nDraw = copy(d.cards[:], d.full[:d.nFull])
	d.nTab, d.mark = 0, 0
}

// NewGroup begins a new throw: the cards on the table go to the discard
// pile. Throws of one group (all the cards taken in one Action Round's
// clashes) stay on the table together.
func (d *Deck) NewGroup() { d.nTab, d.mark = 0, 0 }

// intN returns a uniform integer in [0, n) for 0 < n <= DeckCap, by
// Lemire's multiply-and-reject method on 32 random bits, using each 64-bit
// output of the generator twice. It is exact: the rejection removes the
// bias. (Small enough to inline into the draw loops.)
func (d *Deck) intN(n int) int {
	x := uint32(d.bits)
	if d.nbits {
		d.nbits = false
	} else {
		x = d.fresh32()
	}
	m := uint64(x) * uint64(n)
	if uint32(m) < uint32(n) {
		return d.intNSlow(n, m)
	}
	return int(m >> 32)
}

// fresh32 draws 64 new bits, returns the high half and keeps the low half
// for the next intN.
func (d *Deck) fresh32() uint32 {
	d.bits = d.rng.Uint64()
	d.nbits = true
	return uint32(d.bits >> 32)
}

// intNSlow finishes intN when the low half of m may fall in the rejected
// zone.
func (d *Deck) intNSlow(n int, m uint64) int {
	thresh := -uint32(n) % uint32(n)
	for uint32(m) < thresh {
		x := uint32(d.bits)
		if d.nbits {
			d.nbits = false
		} else {
			x = d.fresh32()
		}
		m = uint64(x) * uint64(n)
	}
	return int(m >> 32)
}

// D10 is a uniform 1..10 from the deck's generator (Randomizer B).
func (d *Deck) D10() int { return 1 + d.intN(10) }

// Draw takes one card. ok is false when the deck cannot give one: the draw
// pile, the discard pile and the table cards of earlier throws are all
// empty.
func (d *Deck) Draw() (id uint8, ok bool) {
	switch d.mode {
	case D10:
		return uint8(d.D10()), true
	case Infinite:
		return d.full[d.intN(d.nFull)], true
	}
	if d.nDraw == 0 && !d.refill() {
		d.Short++
		return 0, false
	}
	j := d.intN(d.nDraw)
	d.nDraw--
	id = d.cards[j]
	d.cards[j] = d.cards[d.nDraw]
	d.cards[d.nDraw] = id
	d.nTab++
	return id, true
}

// refill makes a new draw pile from the discard pile or, failing that
// ([proposed] in 1.1), from table cards of earlier throws of this group.
// The draw pile is empty when it is called, so the table is cards[0:nTab].
func (d *Deck) refill() bool {
	if disc := d.nFull - d.nTab; disc > 0 {
		// The discard pile becomes the draw pile: move the table behind it.
		d.rotate(d.nTab)
		d.nDraw = disc
		d.Reshuffles++
		return true
	}
	if d.mark > 0 {
		// Take back the table cards of earlier throws (the table's last
		// mark cards): bring them to the front as the draw pile.
		d.rotate(d.nTab - d.mark)
		d.nDraw = d.mark
		d.nTab -= d.mark
		d.mark = 0
		d.Recycled++
		return true
	}
	return false
}

// rotate moves cards[0:k] behind cards[k:nFull].
func (d *Deck) rotate(k int) {
	var tmp [DeckCap]uint8
	copy(tmp[:], d.cards[:k])
	copy(d.cards[:], d.cards[k:d.nFull])
	copy(d.cards[d.nFull-k:], tmp[:k])
}

// Throw draws up to n cards into dst (n <= len(dst)) as one throw and returns
// how many it drew: fewer only when the deck runs dry.
func (d *Deck) Throw(n int, dst []uint8) int {
	d.mark = d.nTab
	dst = dst[:n]
	for i := range dst {
		if d.mode <= FreshRound && d.nDraw > 0 {
			// The common case, inline: a card from the draw pile.
			j := d.intN(d.nDraw)
			d.nDraw--
			id := d.cards[j]
			d.cards[j] = d.cards[d.nDraw]
			d.cards[d.nDraw] = id
			d.nTab++
			dst[i] = id
			continue
		}
		id, ok := d.Draw()
		if !ok {
			return i
		}
		dst[i] = id
	}
	return n
}

// ThrowMax is Throw that also finds the highest card as it draws (for
// decks whose cards are worth their value to everyone): the number of cards
// drawn, the highest value (-1 for none) and its card.
func (d *Deck) ThrowMax(n int, dst []uint8) (got int, best int, bestID uint8) {
	d.mark = d.nTab
	dst = dst[:n]
	best = -1
	if nd := d.nDraw; d.mode <= FreshRound && nd >= n {
		// The common case: the whole throw comes from the draw pile. The
		// same steps as Draw and intN, with the state in registers.
		vals := d.vals
		bits, have := d.bits, d.nbits
		for i := range dst {
			x := uint32(bits)
			if have {
				have = false
			} else {
				bits = d.rng.Uint64()
				x, have = uint32(bits>>32), true
			}
			m := uint64(x) * uint64(nd)
			if uint32(m) < uint32(nd) {
				d.bits, d.nbits = bits, have
				m = uint64(d.intNSlow(nd, m)) << 32
				bits, have = d.bits, d.nbits
			}
			j := int(m >> 32)
			nd--
			id := d.cards[j]
			d.cards[j] = d.cards[nd]
			d.cards[nd] = id
			dst[i] = id
			if v := int(vals[id]); v > best {
				best, bestID = v, id
			}
		}
		d.bits, d.nbits = bits, have
		d.nDraw = nd
		d.nTab += n
		return n, best, bestID
	}
	for i := range dst {
		var id uint8
		if d.mode <= FreshRound && d.nDraw > 0 {
			j := d.intN(d.nDraw)
			d.nDraw--
			id = d.cards[j]
			d.cards[j] = d.cards[d.nDraw]
			d.cards[d.nDraw] = id
			d.nTab++
		} else {
			var ok bool
			if id, ok = d.Draw(); !ok {
				return i, best, bestID
			}
		}
		dst[i] = id
		if v := int(d.vals[id]); v > best {
			best, bestID = v, id
		}
	}
	return n, best, bestID
}

// C10 draws one card worth 1..10: cards outside 1..10 (The Fool, anything
// above 10) are set aside on the table and replaced ([proposed] reading of
// "ignore"). ok is false when the deck runs dry.
func (d *Deck) C10() (v int, ok bool) {
	for range 4 * DeckCap {
		id, ok := d.Draw()
		if !ok {
			return 0, false
		}
		if v := int(d.vals[id]); v >= 1 && v <= 10 {
			return v, true
		}
	}
	return 0, false
}

// C100 throws two C10 cards, the first the units and the second the tens; a
// 10 reads as 0 except that (10, 10) is 100. The result is 1..100 (0 when
// the deck runs dry). Everyone throws C100 from the Players' Deck.
func (d *Deck) C100() int {
	u, ok1 := d.C10()
	t, ok2 := d.C10()
	if !ok1 || !ok2 {
		return 0
	}
	if u == 10 && t == 10 {
		return 100
	}
	return (t%10)*10 + u%10
}

// Counts returns the sizes of the draw pile, the table and the discard pile.
func (d *Deck) Counts() (draw, table, discard int) {
	if d.mode == D10 || d.mode == Infinite {
		return 0, 0, 0
	}
	return d.nDraw, d.nTab, d.nFull - d.nDraw - d.nTab
}

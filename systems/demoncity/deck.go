package demoncity

import "github.com/tpk-sim/tpk/sim"

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
// The draw pile is shuffled in full (Fisher-Yates) whenever it is made: at
// the start of an encounter, at every reshuffle and (DC-13 "fresh-round")
// every round; drawing then takes its last card, which becomes the table's
// first card. Read in order, a deck shuffled in full gives every sequence of
// cards with the same probability as taking a uniformly random card of the
// pile at each draw; the random numbers are all spent in one tight loop,
// and a draw costs none.
type Deck struct {
	rng   sim.Rand
	buf   uint64 // random bits not used yet by intN, taken 16 at a time
	nbuf  int    // 16-bit pieces left in buf
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
	d.buf, d.nbuf = 0, 0
	d.Gather()
	d.Reshuffles, d.Recycled, d.Short = 0, 0, 0
}

// Gather puts every card back into the draw pile and shuffles it (a fresh
// deck).
func (d *Deck) Gather() {
	d.nDraw = copy(d.cards[:], d.full[:d.nFull])
	d.nTab, d.mark = 0, 0
	if d.mode <= FreshRound {
		d.shuffle(d.nDraw)
	}
}

// NewGroup begins a new throw: the cards on the table go to the discard
// pile. Throws of one group (all the cards taken in one Action Round's
// clashes) stay on the table together.
func (d *Deck) NewGroup() { d.nTab, d.mark = 0, 0 }

// lemire16 maps 16 random bits x to [0, n), 0 < n <= 2^16, by Lemire's
// multiply-and-reject method: the high half of x*n, rejecting (ok false)
// the 2^16 mod n values of x whose low half falls below 2^16 mod n, which
// leaves exactly floor(2^16/n) values of x for each result. The remainder
// is worked out only when the low half is below n (probability n/2^16).
func lemire16(x uint16, n uint32) (j uint32, ok bool) {
	m := uint32(x) * n
	if uint16(m) < uint16(n) && uint16(m) < uint16((1<<16)%n) {
		return 0, false
	}
	return m >> 16, true
}

// intN returns a uniform integer in [0, n) for 0 < n <= DeckCap: lemire16
// on the next 16-bit piece of the deck's stream (one 64-bit output of the
// generator serves four), trying the next piece after a rejection.
func (d *Deck) intN(n int) int {
	for {
		if d.nbuf == 0 {
			d.buf, d.nbuf = d.rng.Uint64(), 4
		}
		x := uint16(d.buf)
		d.buf >>= 16
		d.nbuf--
		if j, ok := lemire16(x, uint32(n)); ok {
			return int(j)
		}
	}
}

// shuffle shuffles cards[0:n], a new draw pile, by Fisher-Yates: from the
// last card down, swap card i with a uniform j in [0, i], by lemire16 on
// the 16-bit pieces of fresh 64-bit outputs of the generator (a rejected
// piece is followed by the next one; pieces left over at the end are not
// used).
func (d *Deck) shuffle(n int) {
	c := d.cards[:n]
	for i := n - 1; i > 0; {
		bits := d.rng.Uint64()
		for p := 0; p < 4 && i > 0; p++ {
			j, ok := lemire16(uint16(bits), uint32(i+1))
			bits >>= 16
			if ok {
				c[i], c[j] = c[j], c[i]
				i--
			}
		}
	}
}

// take moves the top card of the draw pile, which must not be empty, to
// the table.
func (d *Deck) take() uint8 {
	d.nDraw--
	d.nTab++
	return d.cards[d.nDraw]
}

// fromPile reports whether the next n cards come straight from the draw
// pile (Randomizer A with enough cards left): the common case.
func (d *Deck) fromPile(n int) bool { return d.mode <= FreshRound && d.nDraw >= n }

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
	return d.take(), true
}

// refill makes a new draw pile from the discard pile or, failing that
// ([proposed] in 1.1), from table cards of earlier throws of this group.
// The draw pile is empty when it is called, so the table is cards[0:nTab].
func (d *Deck) refill() bool {
	if disc := d.nFull - d.nTab; disc > 0 {
		// The discard pile becomes the draw pile, shuffled: move the table
		// behind it. The pile's order before the shuffle does not matter,
		// so when the table is no bigger than the discard pile it is
		// enough to swap the table with the last cards of the deck,
		// keeping the table's own order.
		if t := d.nTab; t <= disc {
			for x := range t {
				y := disc + x
				d.cards[x], d.cards[y] = d.cards[y], d.cards[x]
			}
		} else {
			d.rotate(t)
		}
		d.nDraw = disc
		d.shuffle(disc)
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
		d.shuffle(d.nDraw)
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
		if d.fromPile(1) {
			dst[i] = d.take()
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
	if d.fromPile(n) {
		b, id := d.takeMax(dst[:n])
		return n, int(b), id
	}
	d.mark = d.nTab
	best = -1
	for i := range dst[:n] {
		id, ok := d.Draw()
		if !ok {
			return i, best, bestID
		}
		dst[i] = id
		if v := int(d.vals[id]); v > best {
			best, bestID = v, id
		}
	}
	return n, best, bestID
}

// takeMax is ThrowMax when the whole throw comes from the draw pile
// (fromPile(len(dst))): the highest value and a card of that value, found
// without a branch by packing value and id in one key.
func (d *Deck) takeMax(dst []uint8) (best int8, bestID uint8) {
	d.mark = d.nTab
	d.nTab += len(dst)
	nd := d.nDraw
	key := -1 << 8 // value<<8 | id
	for i := range dst {
		nd--
		id := d.cards[nd]
		dst[i] = id
		key = max(key, int(d.vals[id])<<8|int(id))
	}
	d.nDraw = nd
	return int8(key >> 8), uint8(key)
}

// lowestC10 is the lowest of n C10 cards thrown from the deck (11 when it
// can give none): C10 n times, with its common case (a card from the draw
// pile) inline.
func (d *Deck) lowestC10(n int) int {
	lo := 11
	for n > 0 {
		if d.fromPile(1) {
			if v := int(d.vals[d.take()]); v >= 1 && v <= 10 {
				lo = min(lo, v)
				n--
			} // else set aside on the table and replaced, as in C10
			continue
		}
		v, ok := d.C10()
		if !ok {
			break
		}
		lo = min(lo, v)
		n--
	}
	return lo
}

// lowestC10Seen is lowestC10 for the narration: it draws exactly the cards
// lowestC10 draws and also writes them, those set aside included, to seen
// (as many as fit), reporting how many it wrote.
func (d *Deck) lowestC10Seen(n int, seen []uint8) (lo, got int) {
	lo = 11
	for n > 0 {
		var id uint8
		if d.fromPile(1) {
			id = d.take()
		} else {
			var ok bool
			if id, ok = d.Draw(); !ok {
				break
			}
		}
		if got < len(seen) {
			seen[got] = id
			got++
		}
		if v := int(d.vals[id]); v >= 1 && v <= 10 {
			lo = min(lo, v)
			n--
		}
	}
	return lo, got
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

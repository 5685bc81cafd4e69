package hmtw

import "github.com/tpk-sim/tpk/sim"

// FateResult is the outcome of a test of fate (p.8-9).
type FateResult int8

// The outcomes, worst first.
const (
	GreatFailure FateResult = iota // only by pushing: a push that fails, or draws the Fool
	Failure                        // total 13 or less, not pushed
	Success                        // total 14 or more
	GreatSuccess                   // success on the first card, of the tested suit
)

var fateNames = [...]string{"great failure", "failure", "success", "great success"}

// String names the outcome.
func (f FateResult) String() string { return fateNames[f] }

// Hits is what the outcome counts in a group test (p.11): great success 2,
// success 1, failure 0, great failure -1.
func (f FateResult) Hits() int { return int(f) - 1 }

// OK reports a success or great success.
func (f FateResult) OK() bool { return f >= Success }

// Favor and disfavor (p.10): +3 or -3, never cumulative, and one cancels
// the other whatever the number of sources on each side.
const favorBonus = 3

// netMod is the modifier of an action or test with favor and/or disfavor.
func netMod(favor, disfavor bool) int {
	switch {
	case favor && !disfavor:
		return favorBonus
	case disfavor && !favor:
		return -favorBonus
	}
	return 0
}

// fateTarget is the total a test of fate must reach.
const fateTarget = 14

// fate is a test of fate in progress.
type fate struct {
	first Card // the first card drawn
	push  Card // the card drawn by pushing, or NoCard
	total int  // card(s) + attribute + modifier
	res   FateResult
	fool  bool // a Fool was drawn (both decks reshuffle at the end of the round)
}

// fateDraw draws the first card of a test of fate of an attribute rated
// attr (suit s) with net modifier mod. A deck that cannot give a card
// (every card in hands) fails the test.
func fateDraw(d *deck, r *sim.Rand, attr, mod int, s Suit) fate {
	f := fate{first: NoCard, push: NoCard, res: Failure}
	c, ok := d.draw(r)
	if !ok {
		return f
	}
	f.first = Card(c)
	d.discard(c)
	f.fool = f.first == Fool
	f.total = f.first.Value() + attr + mod
	if f.total >= fateTarget {
		f.res = Success
		if f.first.Suit() == s {
			f.res = GreatSuccess
		}
	}
	return f
}

// pushFate pushes a failed test (p.9): one more card, its value added; 14
// or more succeeds (never greatly), anything else is a great failure, and
// the Fool is a great failure whatever the total.
func (f *fate) pushFate(d *deck, r *sim.Rand) {
	if f.res != Failure {
		return
	}
	c, ok := d.draw(r)
	f.res = GreatFailure
	if !ok {
		return
	}
	f.push = Card(c)
	d.discard(c)
	if f.push == Fool {
		f.fool = true
		return
	}
	f.total += f.push.Value()
	if f.total >= fateTarget {
		f.res = Success
	}
}

// PushChance is the chance that pushing a failed test succeeds, after a
// first card first with total so far, counted on a fresh deck less that
// card (the spec's Table C): the second card must not be the Fool and must
// bring the total to 14.
func PushChance(first Card, total int) float64 {
	need := fateTarget - total
	n := 0
	for v := max(need, 1); v <= 14; v++ {
		n += NumSuits
	}
	if first != Fool && first != NoCard && first.Value() >= need {
		n--
	}
	return float64(n) / float64(MinorSize-1)
}

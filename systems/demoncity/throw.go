package demoncity

// MaxThrow is the most cards one throw keeps track of; a count above it is
// cut to it (no realistic action comes near: it would need a dozen distinct
// advantages).
const MaxThrow = 16

// Tally is what decides the number of cards of one throw (section 1.5).
type Tally struct {
	Gains       int  // extra throws: higher stat, distraction, defense, weapon, supernatural (at most one each)
	Situational int  // distinct situational advantages, one throw each
	Lost        int  // involuntary lost throws (injury, distinct disadvantages)
	Voluntary   bool // a voluntary lost throw (a called shot)
}

// Count applies the throw rules: one throw to start, plus extra throws,
// minus lost throws, with a minimum of one; lost throws that would take the
// count below one are given to the opponent instead (oppBonus); a voluntary
// lost throw at one throw means drawing two cards and keeping the lower
// (keepLowest). capSituational and capCards are the 2017 caps of option
// DC-18 (at most 2 situational throws, at most 5 cards).
func (t Tally) Count(capSituational, capCards bool) (n int, keepLowest bool, oppBonus int) {
	sit := t.Situational
	if capSituational && sit > legacySituationalCap {
		sit = legacySituationalCap
	}
	n = 1 + t.Gains + sit - t.Lost
	if n < 1 {
		oppBonus = 1 - n
		n = 1
	}
	if capCards && n > legacyCardCap {
		n = legacyCardCap
	}
	if t.Voluntary {
		if n >= 2 {
			n--
		} else {
			return 2, true, oppBonus
		}
	}
	return min(n, MaxThrow), false, oppBonus
}

// Result is an evaluated throw.
type Result struct {
	V      int   // the result: the highest card (the lower of two for keepLowest)
	Card   uint8 // the id of the card that set the result
	Fumble bool  // The Fool set the result and is not the thrower's Significator
	Sig    bool  // the thrower's own Significator set the result
}

// cardTable gives every card id its value and the combatant whose
// Significator it is (-1 for none).
type cardTable struct {
	value [maxCardID + 1]int8
	owner [maxCardID + 1]int8
	sigs  bool // some card is a Significator
}

// plainCards is the card table of decks made of plain values only.
var plainCards = func() (t cardTable) {
	t.value = plainValues
	for i := range t.owner {
		t.owner[i] = -1
	}
	return t
}()

// worth is what card id is worth to combatant self: its value, except that
// a PC's own Significator Fool is worth 22.
func (t *cardTable) worth(id uint8, self int) int {
	if id == foolID && self >= 0 && int(t.owner[id]) == self {
		return SignificatorFoolValue
	}
	return int(t.value[id])
}

// Evaluate reads a throw of cards for combatant self (-1 for nobody in
// particular): only the highest card counts, or the lower of two when
// keepLowest. An empty throw (a dry deck) is worth -1 and loses to anything.
func (t *cardTable) Evaluate(cards []uint8, keepLowest bool, self int) Result {
	if len(cards) == 0 {
		return Result{V: -1}
	}
	if !keepLowest && !t.sigs {
		// No Significators in play: the highest value, and The Fool (the
		// only card worth 0) sets the result only when it is alone.
		best, bestID := t.value[cards[0]], cards[0]
		for _, id := range cards[1:] {
			if v := t.value[id]; v > best {
				best, bestID = v, id
			}
		}
		return Result{V: int(best), Card: bestID, Fumble: bestID == foolID}
	}
	best, bestID := t.worth(cards[0], self), cards[0]
	for _, id := range cards[1:] {
		w := t.worth(id, self)
		better := w > best
		if keepLowest {
			better = w < best
		}
		// Between equal values the thrower's own Significator is the one
		// that sets the result.
		if better || (w == best && self >= 0 && int(t.owner[id]) == self) {
			best, bestID = w, id
		}
	}
	own := self >= 0 && int(t.owner[bestID]) == self
	return Result{V: best, Card: bestID, Fumble: bestID == foolID && !own, Sig: own}
}

package sim

import (
	"math/bits"
	"slices"
)

// Who is still standing, round by round.
//
// A kernel that can tell which combatants are still in the fight (not dead,
// not out of action, not fled) calls Record.Standing with a bit mask at the
// end of every round it plays, and once more when the encounter ends (a fight
// may end in the middle of a round). The Record keeps only the changes
// between calls, the Acc turns them into a difference array per combatant,
// and the Result carries, for every combatant and every round r, the number
// of encounters in which it was standing at the end of round r. A fight
// that ended earlier counts with its final state, so the figure for round r
// covers every encounter. Costs: one XOR per call in the kernel, and work in
// the accumulator proportional to the number of changes, not to the rounds.
// Combatants who fall and get up again (a knock-out, a recovery) are counted
// exactly, round by round.

// MaxStandingCombatants is the number of combatants Standing can follow:
// one bit each in a uint64 mask.
const MaxStandingCombatants = 64

// standing is the part of a Record that Standing fills.
type standing struct {
	all      uint64   // every combatant of the schema
	mask     uint64   // who was standing at the last call (all after Reset)
	last     int32    // the round of the last call
	reported bool     // Standing was called since Reset
	moves    []uint32 // changes since Reset: round<<7 | c<<1 | 1 if c got back up
}

// init lays the part out for s: room for a change of every combatant at
// every call of an encounter that reports each round (the rounds' cap, the
// start and the end), so that Standing, called as its doc asks, never
// allocates.
func (s *standing) init(sc *Schema) {
	combatants := min(len(sc.Combatants), MaxStandingCombatants)
	if combatants == MaxStandingCombatants {
		s.all = ^uint64(0)
	} else {
		s.all = 1<<combatants - 1
	}
	rounds := max(roundsCap(sc), 4)
	s.moves = make([]uint32, 0, combatants*min(rounds+2, maxStandingCalls))
	s.reset()
}

// maxStandingCalls bounds the room init makes for a schema whose rounds
// have no useful cap: past it, the room grows once and stays.
const maxStandingCalls = 1024

func (s *standing) reset() {
	s.mask, s.last, s.reported = s.all, 0, false
	s.moves = s.moves[:0]
}

// Standing records that the combatants whose bits are set in mask (bit c for
// Schema.Combatants[c]) are still in the fight at the end of round; round 0
// is before the first round. Call it at the end of every round played and
// when the encounter ends, with non-decreasing rounds; a round not reported
// keeps the state of the round before it. Only the first 64 combatants can
// be followed. It does not allocate (a schema whose rounds' cap is over a
// thousand can make it grow its room once, which then stays).
func (r *Record) Standing(round int, mask uint64) {
	s := &r.stand
	round = max(round, 0)
	mask &= s.all
	for d := s.mask ^ mask; d != 0; d &= d - 1 {
		c := bits.TrailingZeros64(d)
		s.moves = append(s.moves, uint32(round)<<7|uint32(c)<<1|uint32(mask>>c&1))
	}
	s.mask = mask
	s.last = max(s.last, int32(round))
	s.reported = true
}

// standAcc accumulates Standing reports: out[c][r] is the number of
// encounters in which combatant c went out in round r, less those in which
// it got back up in round r.
type standAcc struct {
	n   int64 // encounters that reported
	top int   // the largest round reported
	out [][]int64
}

// roundsCap is the most rounds an encounter of s can last, as its rounds
// metric declares it; 0 when it declares none.
func roundsCap(s *Schema) int {
	if i := s.Index(MetricRounds); i >= 0 {
		return max(s.Metrics[i].Max, 0)
	}
	return 0
}

func newStandAcc(s *Schema) standAcc {
	rounds := roundsCap(s)
	a := standAcc{out: make([][]int64, min(len(s.Combatants), MaxStandingCombatants))}
	for c := range a.out {
		a.out[c] = make([]int64, rounds+1)
	}
	return a
}

func (a *standAcc) add(s *standing) {
	if !s.reported {
		return
	}
	a.n++
	a.top = max(a.top, int(s.last))
	for _, m := range s.moves {
		c, round := int(m>>1&63), int(m>>7)
		if c >= len(a.out) {
			continue
		}
		h := a.out[c]
		if round >= len(h) {
			h = slices.Grow(h, round+1-len(h))[:round+1]
			a.out[c] = h
		}
		if m&1 == 1 {
			h[round]--
		} else {
			h[round]++
		}
	}
}

func (a *standAcc) merge(b *standAcc) {
	a.n += b.n
	a.top = max(a.top, b.top)
	for c, bh := range b.out {
		top := len(bh) - 1
		for top >= 0 && bh[top] == 0 {
			top--
		}
		ah := a.out[c]
		if top >= len(ah) {
			ah = slices.Grow(ah, top+1-len(ah))[:top+1]
			a.out[c] = ah
		}
		for r, v := range bh[:top+1] {
			ah[r] += v
		}
	}
}

func (a *standAcc) reset() {
	a.n, a.top = 0, 0
	for _, h := range a.out {
		clear(h)
	}
}

// counts returns, for combatant c, the number of encounters in which it was
// standing at the end of each round 0..top.
func (a *standAcc) counts(c int) []int64 {
	out := make([]int64, a.top+1)
	standing := a.n
	h := a.out[c]
	for r := range out {
		if r < len(h) {
			standing -= h[r]
		}
		out[r] = standing
	}
	return out
}

// StandingByRound returns, for combatant c, the number of encounters in
// which it was still standing at the end of each round 0, 1, ... up to the
// last round any encounter reached; nil unless every encounter accumulated
// reported Standing.
func (a *Acc) StandingByRound(c int) []int64 {
	s := &a.stand
	if s.n == 0 || s.n != a.n || c < 0 || c >= len(s.out) {
		return nil
	}
	return s.counts(c)
}

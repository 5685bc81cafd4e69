// Package pbta holds what the two 2d6 systems (the battle clock hack and
// Catch the Devil) share: one throw of 2d6 as one random number, the
// rulebooks' reading of a total into bands, and the exact odds of a band.
package pbta

import "github.com/tpk-sim/tpk/sim"

// Roll is one throw of 2d6 as an index in [0, 36): die 1 is Roll/6+1, die
// 2 Roll%6+1. A move is one random number and one lookup.
type Roll uint8

// NumRolls is the number of equally likely 2d6 outcomes.
const NumRolls = 36

// The net modifiers `tpk odds` takes for a move; far beyond them every
// throw reads the same band.
const (
	OddsModMin = -10
	OddsModMax = 10
)

// Roll2d6 throws 2d6 with one random number.
func Roll2d6(r *sim.Rand) Roll { return Roll(r.IntN(NumRolls)) }

// Dice returns the two dice.
func (x Roll) Dice() (int, int) { return int(x)/6 + 1, int(x)%6 + 1 }

// RollOf is a throw whose dice total sum (2..12), for scripted rolls.
func RollOf(sum int) Roll {
	a := max(1, sum-6)
	return Roll((a-1)*6 + (sum - a - 1))
}

// Sum is the total of the two dice.
func (x Roll) Sum() int { a, b := x.Dice(); return a + b }

// Band3 reads a total into the three usual bands: 0 for 10+, 1 for 7-9,
// 2 for 6-.
func Band3(t int) int {
	switch {
	case t >= 10:
		return 0
	case t >= 7:
		return 1
	}
	return 2
}

// Band4 reads a total into four bands, the miss split: 0 for 10+, 1 for
// 7-9, 2 for 4-6, 3 for 3-.
func Band4(t int) int {
	if t >= 4 && t <= 6 {
		return 2
	}
	if t <= 3 {
		return 3
	}
	return Band3(t)
}

// Odds sets out[i] to the share of the 36 throws of 2d6 whose total plus
// mod band reads as i (counted, then divided by 36).
func Odds(mod int, band func(total int) int, out []float64) {
	var n [8]int
	for x := Roll(0); x < NumRolls; x++ {
		n[band(x.Sum()+mod)]++
	}
	for i := range out {
		out[i] = float64(n[i]) / NumRolls
	}
}

package battleclock

import (
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Band is the result band of a roll.
type Band uint8

// The bands, best first.
const (
	Full    Band = iota // 10+
	Partial             // 7-9
	Miss                // 6-
)

var bandNames = [...]string{"10+", "7-9", "6-"}

// String names the band.
func (b Band) String() string { return bandNames[b] }

// Flags modify a roll: boosted (6- counts as 7) and glitched (10+ counts
// as 9).
type Flags uint8

// The roll flags.
const (
	Boosted Flags = 1 << iota
	Glitched
)

// The net modifiers the table covers; beyond them the band is the same.
const (
	ModMin = -10
	ModMax = 10
)

// bandTable[flags][mod-ModMin][roll] is the band of 2d6 + mod: a roll is
// one random number and one lookup, boosted and glitched included.
var bandTable [4][ModMax - ModMin + 1][pbta.NumRolls]Band

func init() {
	for f := Flags(0); f < 4; f++ {
		for m := ModMin; m <= ModMax; m++ {
			for x := pbta.Roll(0); x < pbta.NumRolls; x++ {
				bandTable[f][m-ModMin][x] = bandOfTotal(x.Sum()+m, f)
			}
		}
	}
}

// bandOfTotal reads a total: boosted, then glitched (section 2.2).
func bandOfTotal(t int, f Flags) Band {
	if f&Boosted != 0 && t <= 6 {
		t = 7
	}
	if f&Glitched != 0 && t >= 10 {
		t = 9
	}
	return Band(pbta.Band3(t))
}

// BandOf is the band of roll x with net modifier mod and flags f.
func BandOf(mod int, f Flags, x pbta.Roll) Band {
	mod = min(max(mod, ModMin), ModMax)
	return bandTable[f&3][mod-ModMin][x]
}

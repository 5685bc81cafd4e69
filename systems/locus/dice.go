package locus

import "github.com/tpk-sim/tpk/sim"

// Tier is the difficulty of a check: which die of 3d6 is kept in an outcome
// check (Easy the highest, Medium the middle, Hard the lowest) and, under
// option L-3 "dice", how many dice count in a contested check.
type Tier uint8

// The difficulty tiers, easiest first.
const (
	Easy Tier = iota
	Medium
	Hard
)

var tierNames = [...]string{"easy", "medium", "hard"}

func (t Tier) String() string { return tierNames[t] }

// Easier returns the tier one step easier (Easy stays Easy).
func (t Tier) Easier() Tier {
	if t == Easy {
		return Easy
	}
	return t - 1
}

// Roll is one throw of 3d6, encoded as an index in [0, 216): die 1 is
// Roll/36+1, die 2 (Roll/6)%6+1, die 3 Roll%6+1. Every question asked of a
// roll is a table lookup, so one random number serves a whole check and a
// willpower re-roll can replace a single die.
type Roll uint8

// NumRolls is the number of equally likely 3d6 outcomes.
const NumRolls = 216

// Roll3d6 throws 3d6 with one random number.
func Roll3d6(r *sim.Rand) Roll { return Roll(r.IntN(NumRolls)) }

// roll throws 3d6 on the kernel's generator.
func (k *kernel) roll() Roll { return Roll(k.g.IntN(NumRolls)) }

// RollOf encodes three dice (1..6 each).
func RollOf(a, b, c int) Roll { return Roll((a-1)*36 + (b-1)*6 + (c - 1)) }

// The tables indexed by tier, attribute and roll are padded to 4, 8 and 256
// entries, and indexed with t&3, attr&7 and a Roll (a byte), so that the
// kernel's lookups need no bounds checks.
var (
	rollSorted [NumRolls][3]uint8 // dice in increasing order
	rollPoints [4][8][256]uint8   // [count tier][attribute][roll] -> points
	rollKept   [4][256]uint8      // [tier][roll] -> kept die
	rollSum    [NumRolls]uint8    // sum of the three dice
)

func init() {
	for x := 0; x < NumRolls; x++ {
		d := Roll(x).Dice()
		s := d
		if s[0] > s[1] {
			s[0], s[1] = s[1], s[0]
		}
		if s[1] > s[2] {
			s[1], s[2] = s[2], s[1]
		}
		if s[0] > s[1] {
			s[0], s[1] = s[1], s[0]
		}
		rollSorted[x] = [3]uint8{uint8(s[0]), uint8(s[1]), uint8(s[2])}
		rollSum[x] = uint8(d[0] + d[1] + d[2])
		rollKept[Easy][x] = uint8(s[2])
		rollKept[Medium][x] = uint8(s[1])
		rollKept[Hard][x] = uint8(s[0])
		for attr := 0; attr <= 5; attr++ {
			for t := Easy; t <= Hard; t++ {
				// Easy counts all three dice, Medium the two lowest, Hard the lowest.
				n := 0
				for i := 0; i < 3-int(t); i++ {
					if s[i] > attr {
						n++
					}
				}
				rollPoints[t][attr][x] = uint8(n)
			}
		}
	}
}

// contestPoints[rule][t][attr][x] is what a contested roll x against attr
// scores, under option L-3 rule, for a roller whose checks are at least
// tier t: the points counted at tier t ("dice"), at Easy ("ignore"), or at
// Easy less one per step of t ("minus-point"). The kernel looks the points
// up in its rule's table rather than switching on the rule.
var contestPoints [L3MinusPoint + 1][4][8][256]int8

func init() {
	for x := 0; x < NumRolls; x++ {
		for attr := 0; attr <= 5; attr++ {
			for t := Easy; t <= Hard; t++ {
				contestPoints[L3Dice][t][attr][x] = int8(Roll(x).Points(attr, t))
				contestPoints[L3Ignore][t][attr][x] = int8(Roll(x).Points(attr, Easy))
				contestPoints[L3MinusPoint][t][attr][x] = int8(Roll(x).Points(attr, Easy) - int(t))
			}
		}
	}
}

// Dice returns the three dice in throw order.
func (x Roll) Dice() [3]int { return [3]int{int(x)/36 + 1, int(x)/6%6 + 1, int(x)%6 + 1} }

// Sorted returns the dice in increasing order.
func (x Roll) Sorted() [3]uint8 { return rollSorted[x] }

// Sum is the total of the three dice (initiative).
func (x Roll) Sum() int { return int(rollSum[x]) }

// Kept is the die an outcome check of tier t keeps.
func (x Roll) Kept(t Tier) int { return int(rollKept[t&3][x]) }

// Succeeds reports whether an outcome check of tier t against attr succeeds
// as intended: the kept die is above the attribute.
func (x Roll) Succeeds(attr int, t Tier) bool { return int(rollKept[t&3][x]) > attr }

// Points counts the dice above attr in a contested check. t is Easy for a
// plain contested check; under option L-3 "dice" an injury floor or
// Blindness makes it Medium (the two lowest dice count) or Hard (the lowest).
func (x Roll) Points(attr int, t Tier) int { return int(rollPoints[t&3][attr&7][x]) }

// Critical reports a critical success: all three dice show 6.
func (x Roll) Critical() bool { return x == NumRolls-1 }

// WithDie returns the roll with die i (0, 1 or 2, throw order) set to v.
func (x Roll) WithDie(i, v int) Roll {
	d := x.Dice()
	d[i] = v
	return RollOf(d[0], d[1], d[2])
}

// Injury is the result of a contested attack, by margin (attacker points
// minus defender points, after modifiers; ties go to the defender).
type Injury uint8

// The results of an attack.
const (
	Miss     Injury = iota // margin 0 or less
	Minor                  // margin 1: 1 segment
	Major                  // margin 2-3: 3 segments, checks at least Medium
	Grievous               // margin 4+: 9 segments, checks at least Hard
)

var injuryNames = [...]string{"miss", "minor", "major", "grievous"}

func (i Injury) String() string { return injuryNames[i] }

// InjuryOf maps a margin to its injury.
func InjuryOf(margin int) Injury {
	switch {
	case margin <= 0:
		return Miss
	case margin == 1:
		return Minor
	case margin <= 3:
		return Major
	}
	return Grievous
}

// injuryAt is InjuryOf as a lookup, without branches: the kernel's
// margins are random, so a switch on them would be mispredicted often.
func injuryAt(margin int) Injury { return injuryByMargin[minBF(maxBF(margin, 0), 4)&7] }

var injuryByMargin = [8]Injury{Miss, Minor, Major, Major, Grievous} // padded for a lookup without a bounds check

// injuryTop is the greatest margin of each injury below Grievous.
var injuryTop = [3]int{Miss: 0, Minor: 1, Major: 3}

// Segments is the number of Death's Door segments the injury fills.
func (i Injury) Segments() int { return int(injurySegments[i&3]) }

var injurySegments = [4]int8{0, 1, 3, 9}

// Floor is the least difficulty every check has after this injury.
func (i Injury) Floor() Tier { return injuryFloors[i&3] }

var injuryFloors = [4]Tier{Easy, Easy, Medium, Hard}

// maxBF and minBF are max and min computed without a branch. The compiler's
// min and max compile to branches here, and the kernel's tiers, injuries
// and margins are random, so those branches would often be mispredicted.
// Both are exact for operands within ±2^62.
func maxBF(a, b int) int {
	d := b - a
	return a + d&^(d>>63)
}

func minBF(a, b int) int {
	d := b - a
	return a + d&(d>>63)
}

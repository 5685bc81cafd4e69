package catchthedevil

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Band is the result band of a roll. Suffer Harm's normal version reads
// four bands; every other move reads three, with Wound1 and Wound2 both a
// miss (6-).
type Band uint8

// The bands, best first.
const (
	Full    Band = iota // 10+
	Partial             // 7-9
	Wound1              // 4-6 (a miss for every other move)
	Wound2              // 3-
)

// Miss reports a 6- (either of the two lowest bands).
func (b Band) Miss() bool { return b >= Wound1 }

// Name3 is the band's name on a three-band move: 10+, 7-9, 6-.
func (b Band) Name3() string { return [...]string{"10+", "7-9", "6-", "6-"}[b] }

// Name4 is the band's name on normal Suffer Harm: 10+, 7-9, 4-6, 3-.
func (b Band) Name4() string { return [...]string{"10+", "7-9", "4-6", "3-"}[b] }

// The net modifiers the band table covers; anything beyond reads as its
// end (at -12 every roll is 3-, at +10 every roll is 10+).
const (
	ModMin = -12
	ModMax = 10
)

// bandTable[mod-ModMin][roll] is the band of 2d6 + mod.
var bandTable [ModMax - ModMin + 1][pbta.NumRolls]Band

func init() {
	for m := ModMin; m <= ModMax; m++ {
		for x := pbta.Roll(0); x < pbta.NumRolls; x++ {
			bandTable[m-ModMin][x] = bandOfTotal(x.Sum() + m)
		}
	}
	for n := 0; n <= MaxDice; n++ {
		size, pow := 1, [MaxDice + 1]int{}
		for i := 0; i < n; i++ {
			pow[i] = size
			size *= 6
		}
		npcDice[n] = make([][7]uint8, size)
		for x := 0; x < size; x++ {
			for i := 0; i < n; i++ {
				die := x/pow[i]%6 + 1
				for t := 0; t <= 6; t++ {
					if die > t {
						npcDice[n][x][t]++
					}
				}
			}
		}
	}
}

// bandOfTotal reads a total.
func bandOfTotal(t int) Band { return Band(pbta.Band4(t)) }

// BandOf is the band of roll x with net modifier mod: one lookup.
func BandOf(mod int, x pbta.Roll) Band {
	mod = min(max(mod, ModMin), ModMax)
	return bandTable[mod-ModMin][x]
}

// MaxDice is the most damage dice one hit can roll against an NPC (a
// skilled combatant with a 3-damage weapon rolls 4; `tpk odds` goes to 5).
const MaxDice = 5

// npcDice[n][x][t] is the number of dice above t among n dice encoded as x
// in [0, 6^n): damage dice against an NPC are one random number and one
// lookup.
var npcDice [MaxDice + 1][][7]uint8

// dicePow[n] is 6^n.
var dicePow = [MaxDice + 1]int{1, 6, 36, 216, 1296, 7776}

// DamageDice rolls n damage dice (n <= MaxDice) against an NPC and returns
// how many show more than over, with the encoded dice for narration.
func DamageDice(r *sim.Rand, n, over int) (conds int, dice int) {
	if n <= 0 {
		return 0, 0
	}
	x := r.IntN(dicePow[n])
	return int(npcDice[n][x][over]), x
}

// diceOf decodes n dice rolled by DamageDice, for narration.
func diceOf(n, x int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = x%6 + 1
		x /= 6
	}
	return out
}

// The kernel throws its dice with sim.Fast (wyrand), seeded for each
// encounter from the engine's generator, so an encounter still depends on
// (run seed, encounter) alone and replays alone; sim's tests check the
// generator's exactness and quality.

// seedRand seeds the kernel's generator from the engine's.
func (k *kernel) seedRand() { k.g.SeedFrom(k.r) }

// intN returns a uniform integer in [0, n) from the kernel's generator.
func (k *kernel) intN(n int) int { return k.g.IntN(n) }

// damageDice is DamageDice on the kernel's generator.
func (k *kernel) damageDice(n, over int) (conds int, dice int) {
	if n <= 0 {
		return 0, 0
	}
	x := k.intN(dicePow[n])
	return int(npcDice[n][x][over]), x
}

package locus

// Lookup tables of the kernel, built once: the dice of a roll, a roll with
// one die replaced, and the die a Willpower re-roll should target. They keep
// the hot path free of divisions and loops over dice.

var (
	// rollDie[x][i] is die i (throw order) of roll x.
	rollDie [NumRolls][3]uint8
	// rollWith[x][i][v-1] is roll x with die i set to v.
	rollWith [NumRolls][3][6]Roll
	// flipOutcome[t][attr][x] is the die whose re-roll (at best a 6) turns a
	// failed outcome check of tier t against attr into a success: the lowest
	// such die; -1 when none can.
	// (Padded as dice.go's tables, for lookups without bounds checks.)
	flipOutcome [4][8][256]int8
	// upPoints[t][attr][x] is the die whose re-roll (at best a 6) raises the
	// points counted at tier t most (the lowest such die), and those points.
	upPoints [4][8][256]upPoint
)

type upPoint struct{ die, pts int8 }

// upByRule[rule][t][attr][x] is upPoints under option L-3 rule, the points
// counted as pts does, and pts noRaise when no die can raise them, so that
// the kernel asks one question (flipPoints).
var upByRule [L3MinusPoint + 1][4][8][256]upPoint

// noRaise is below any number of points a re-roll could be asked to reach.
const noRaise = -100

func init() {
	for x := 0; x < NumRolls; x++ {
		r := Roll(x)
		d := r.Dice()
		for i := 0; i < 3; i++ {
			rollDie[x][i] = uint8(d[i])
			for v := 1; v <= 6; v++ {
				rollWith[x][i][v-1] = r.WithDie(i, v)
			}
		}
		for t := Easy; t <= Hard; t++ {
			for attr := 0; attr <= 5; attr++ {
				flip := int8(-1)
				up := upPoint{-1, int8(r.Points(attr, t))}
				for i := 0; i < 3; i++ {
					six := r.WithDie(i, 6)
					if !r.Succeeds(attr, t) && six.Succeeds(attr, t) && (flip < 0 || d[i] < d[flip]) {
						flip = int8(i)
					}
					p := int8(six.Points(attr, t))
					if p > up.pts || up.die >= 0 && p == up.pts && d[i] < d[up.die] {
						up.die, up.pts = int8(i), p
					}
				}
				flipOutcome[t][attr][x] = flip
				upPoints[t][attr][x] = up
			}
		}
		for t := Easy; t <= Hard; t++ {
			for attr := 0; attr <= 5; attr++ {
				dice, easy := upPoints[t][attr][x], upPoints[Easy][attr][x]
				minus := upPoint{easy.die, easy.pts - int8(t)}
				for rule, up := range [...]upPoint{L3Dice: dice, L3Ignore: easy, L3MinusPoint: minus} {
					if up.die < 0 {
						up.pts = noRaise
					}
					upByRule[rule][t][attr][x] = up
				}
			}
		}
	}
}

// with returns x with die i set to v.
func with(x Roll, i, v int) Roll { return rollWith[x][i][v-1] }

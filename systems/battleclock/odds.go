package battleclock

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Range of the check's modifier.
const (
	oddsModMin = -10
	oddsModMax = 10
)

func checks() []systems.Check {
	flags := func(a systems.Args) Flags {
		var f Flags
		if a.Bool("boosted") {
			f |= Boosted
		}
		if a.Bool("glitched") {
			f |= Glitched
		}
		return f
	}
	return []systems.Check{{
		Name: "roll",
		Doc: "Any move: 2d6 + modifier (stat, forward, ongoing); 10+ total success, 7-9 partial, 6- failure. " +
			"Boosted: 6- counts as 7; glitched: 10+ counts as 9.",
		Params: []systems.Param{
			{Name: "modifier", Doc: "the net modifier", Kind: systems.IntParam, Min: oddsModMin, Max: oddsModMax},
			{Name: "boosted", Doc: "a 6- counts as 7 (cannot fail)", Kind: systems.BoolParam, Default: "false"},
			{Name: "glitched", Doc: "a 10+ counts as 9 (cannot fully succeed)", Kind: systems.BoolParam, Default: "false"},
		},
		Outcomes: []string{"10+", "7-9", "6-"},
		Exact: func(a systems.Args) ([]float64, error) {
			p := ExactRoll(a.Int("modifier"), a.Bool("boosted"), a.Bool("glitched"))
			return p[:], nil
		},
		Sample: func(a systems.Args, r *sim.Rand) int {
			return int(BandOf(a.Int("modifier"), flags(a), Roll2d6(r)))
		},
	}}
}

// ExactRoll is P(10+), P(7-9), P(6-) of 2d6 + mod, boosted and glitched as
// given, counted over the 36 throws.
func ExactRoll(mod int, boosted, glitched bool) [3]float64 {
	var n [3]int
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			t := a + b + mod
			if boosted && t <= 6 {
				t = 7
			}
			if glitched && t >= 10 {
				t = 9
			}
			switch {
			case t >= 10:
				n[0]++
			case t >= 7:
				n[1]++
			default:
				n[2]++
			}
		}
	}
	return [3]float64{float64(n[0]) / 36, float64(n[1]) / 36, float64(n[2]) / 36}
}

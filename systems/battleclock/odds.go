package battleclock

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
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
			{Name: "modifier", Doc: "the net modifier", Kind: systems.IntParam, Min: pbta.OddsModMin, Max: pbta.OddsModMax},
			{Name: "boosted", Doc: "a 6- counts as 7 (cannot fail)", Kind: systems.BoolParam, Default: "false"},
			{Name: "glitched", Doc: "a 10+ counts as 9 (cannot fully succeed)", Kind: systems.BoolParam, Default: "false"},
		},
		Outcomes: []string{"10+", "7-9", "6-"},
		Exact: func(a systems.Args) ([]float64, error) {
			p := ExactRoll(a.Int("modifier"), a.Bool("boosted"), a.Bool("glitched"))
			return p[:], nil
		},
		Sample: func(a systems.Args, r *sim.Rand) int {
			return int(BandOf(a.Int("modifier"), flags(a), pbta.Roll2d6(r)))
		},
	}}
}

// ExactRoll is P(10+), P(7-9), P(6-) of 2d6 + mod, boosted and glitched as
// given, counted over the 36 throws.
func ExactRoll(mod int, boosted, glitched bool) [3]float64 {
	var f Flags
	if boosted {
		f |= Boosted
	}
	if glitched {
		f |= Glitched
	}
	var p [3]float64
	pbta.Odds(mod, func(t int) int { return int(bandOfTotal(t, f)) }, p[:])
	return p
}

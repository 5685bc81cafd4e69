package catchthedevil

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// This file holds the exact odds of the primitive checks (`tpk odds
// catchthedevil ...`) and the samplers that draw the same checks with the
// kernel's own primitives (the band table and the damage-dice table). The
// exact functions walk the dice themselves and count with integers, so a
// test comparing a sampler with them checks the tables too.

// oddsPenaltyMin is the lowest Suffer Harm penalty `tpk odds` takes.
const oddsPenaltyMin = -10

func checks() []systems.Check {
	return []systems.Check{
		{
			Name: "move",
			Doc: "Any three-band move (Take a Risk, Keep It Together, Study, wounded Suffer Harm): 2d6 + modifier; " +
				"10+ full success, 7-9 success with a cost, 6- a miss.",
			Params: []systems.Param{
				{Name: "modifier", Doc: "the net modifier (stat, penalties, forward...)", Kind: systems.IntParam,
					Min: pbta.OddsModMin, Max: pbta.OddsModMax},
			},
			Outcomes: []string{"10+", "7-9", "6-"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactMove(a.Int("modifier"))
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				b := BandOf(a.Int("modifier"), pbta.Roll2d6(r))
				return min(int(b), 2)
			},
		},
		{
			Name: "harm",
			Doc: "Normal Suffer Harm: 2d6 + Tough - damage (1 less with armor, at least 0) + penalty; " +
				"10+ tough it out, 7-9 -1 more penalty, 4-6 the GM wounds a move, 3- two moves.",
			Params: []systems.Param{
				{Name: "tough", Doc: "the PC's Tough", Kind: systems.IntParam, Min: -3, Max: 3},
				{Name: "damage", Doc: "the damage: 1 fists and batons, 2 pistols and knives, 3 rifles, +1 skilled",
					Kind: systems.IntParam, Min: 0, Max: MaxDice},
				{Name: "armor", Doc: "appropriate armor (-1 damage)", Kind: systems.BoolParam, Default: "false"},
				{Name: "penalty", Doc: "the Suffer Harm penalty and one-shots (0 or less)", Kind: systems.IntParam,
					Min: oddsPenaltyMin, Max: 0, Default: "0"},
			},
			Outcomes: []string{"10+", "7-9", "4-6", "3-"},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactHarm(a.Int("tough"), a.Int("damage"), a.Bool("armor"), a.Int("penalty"))
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				return int(BandOf(harmMod(a.Int("tough"), a.Int("damage"), a.Bool("armor"), a.Int("penalty")), pbta.Roll2d6(r)))
			},
		},
		{
			Name: "npc-hit",
			Doc: "One hit on an NPC: a die per point of damage (1 fewer with armor); each die over the threshold " +
				"is a condition; conditions at least the threshold incapacitate, at least twice it kill.",
			Params: []systems.Param{
				{Name: "damage", Doc: "the damage: 1 fists and batons, 2 pistols and knives, 3 rifles, +1 skilled",
					Kind: systems.IntParam, Min: 0, Max: MaxDice},
				{Name: "threshold", Doc: "2 untrained people and prey, 3 fighters and predators, 4 augmented and unnatural",
					Kind: systems.IntParam, Min: 2, Max: 4},
				{Name: "armor", Doc: "the NPC wears armor (one die fewer)", Kind: systems.BoolParam, Default: "false"},
				{Name: "conditions", Doc: "conditions the NPC already has (less than twice the threshold)",
					Kind: systems.IntParam, Min: 0, Max: 7, Default: "0"},
				{Name: "meets", Doc: "option C16 \"meets\": a die meeting the threshold counts", Kind: systems.BoolParam, Default: "false"},
			},
			Outcomes: []string{"unharmed", "conditions", "incapacitated", "dead"},
			Valid: func(a systems.Args) error {
				if t, c := a.Int("threshold"), a.Int("conditions"); c >= 2*t {
					return fmt.Errorf("--conditions %d: an NPC with %d conditions at threshold %d is dead; allowed: 0 to %d", c, c, t, 2*t-1)
				}
				return nil
			},
			Exact: func(a systems.Args) ([]float64, error) {
				p := ExactNPCHit(a.Int("damage"), a.Int("threshold"), a.Bool("armor"), a.Int("conditions"), a.Bool("meets"))
				return p[:], nil
			},
			Sample: func(a systems.Args, r *sim.Rand) int {
				d, t, arm, c, meets := a.Int("damage"), a.Int("threshold"), a.Bool("armor"), a.Int("conditions"), a.Bool("meets")
				n := d
				if arm {
					n--
				}
				over := t
				if meets {
					over--
				}
				got, _ := DamageDice(r, max(n, 0), over)
				return npcOutcome(got, c, t)
			},
		},
	}
}

// harmMod is normal Suffer Harm's net modifier.
func harmMod(tough, dmg int, armor bool, pen int) int {
	if armor {
		dmg--
	}
	return tough - max(dmg, 0) + pen
}

// ExactMove is P(10+), P(7-9), P(6-) of 2d6 + mod: one lookup (the
// strategies weigh their choices with it every round).
func ExactMove(mod int) [3]float64 {
	mod = min(max(mod, ModMin), ModMax)
	return moveOdds[mod-ModMin]
}

// moveOdds[mod-ModMin] is exactMove(mod); beyond the ends every roll
// reads as at the end.
var moveOdds = func() (t [ModMax - ModMin + 1][3]float64) {
	for m := ModMin; m <= ModMax; m++ {
		t[m-ModMin] = exactMove(m)
	}
	return
}()

// exactMove counts the 36 throws of 2d6 + mod by band.
func exactMove(mod int) (p [3]float64) {
	pbta.Odds(mod, pbta.Band3, p[:])
	return p
}

// ExactHarm is P(10+), P(7-9), P(4-6), P(3-) of normal Suffer Harm.
func ExactHarm(tough, dmg int, armor bool, pen int) (p [4]float64) {
	pbta.Odds(harmMod(tough, dmg, armor, pen), pbta.Band4, p[:])
	return p
}

// npcOutcome classifies a hit that added got conditions to an NPC with c
// at threshold t: 0 unharmed, 1 conditions, 2 incapacitated, 3 dead.
func npcOutcome(got, c, t int) int {
	switch total := c + got; {
	case total >= 2*t:
		return 3
	case total >= t:
		return 2
	case got > 0:
		return 1
	}
	return 0
}

// ExactNPCHit is the distribution of one hit on an NPC: unharmed,
// conditions, incapacitated, dead (section 1.7; meets = option C16).
func ExactNPCHit(dmg, t int, armor bool, conds int, meets bool) [4]float64 {
	n := dmg
	if armor {
		n--
	}
	n = max(n, 0)
	over := t
	if meets {
		over--
	}
	var count [4]int
	total := 1
	for i := 0; i < n; i++ {
		total *= 6
	}
	for x := 0; x < total; x++ {
		got, y := 0, x
		for i := 0; i < n; i++ {
			if y%6+1 > over {
				got++
			}
			y /= 6
		}
		count[npcOutcome(got, conds, t)]++
	}
	var p [4]float64
	for i := range p {
		p[i] = float64(count[i]) / float64(total)
	}
	return p
}

package hmtw_test

import (
	"github.com/tpk-sim/tpk/sim"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/hmtw"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// His Majesty the Worm meets the contract every system owes the engine: its
// examples play and meet their expectations, no encounter allocates under
// any option value or strategy (on the foes below as well), narration
// changes nothing, results do not depend on the number of workers, and the
// kernel's samplers agree with the exact odds.
func TestConformance(t *testing.T) {
	scenarios := map[string]string{}
	for name, foes := range map[string]string{
		"elite":      "  - {creature: vampire}",
		"minions":    "  - {creature: goblin_raider, count: 6}",
		"brutes":     "  - {creature: ogre}\n  - {creature: skeleton, count: 3}",
		"lord":       "  - {creature: lich_yellow_king}",
		"sporehulk":  "  - {creature: sporehulk}",
		"slime":      "  - {creature: slime}",
		"zombies":    "  - {creature: zombie, count: 8}",
		"dragon":     "  - {creature: dragon}",
		"jinn":       "  - {creature: jinn}",
		"devil":      "  - {creature: devil_gluttony}\n  - {creature: imp, count: 6}",
		"cockatrice": "  - {creature: cockatrice}\n  - {creature: brain_spider}",
		"wraith":     "  - {creature: wraith}\n  - {creature: winter_wolf, count: 3}",
	} {
		scenarios[name] = scenario(fourAdventurers, foes)
	}
	systemtest.Conformance(t, hmtw.System, systemtest.Config{
		Endings:     []string{"retreat"},
		Ordered:     sim.Party, // the guild's marching order is a rule (README)
		MinExamples: 6,
		Scenarios:   scenarios,
		Odds: map[string][]systems.Args{
			"test": {
				{"attribute": 3},
				{"attribute": 1, "favor": true, "push": true},
				{"attribute": 4, "disfavor": true, "push": true},
				{"attribute": 7, "favor": true, "disfavor": true, "push": true},
			},
			"group": {
				{"attributes": []int{4, 1}},
				{"attributes": []int{2, 3, 1}, "push": true},
			},
		},
		Draws:   200_000,
		Options: hmtw.OptionTable,
	})
}

package locus_test

import (
	"testing"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/locus"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Locus meets the contract every system owes the engine: its examples
// play and meet their expectations, no encounter allocates, narration
// changes nothing, results do not depend on the number of workers, and
// the kernel's samplers agree with the exact odds, and each option sets
// only its own field of the rules, whatever the order of its table.
func TestConformance(t *testing.T) {
	systemtest.Conformance(t, locus.System, systemtest.Config{
		Endings:     []string{"escape"},
		MinExamples: 4,
		Scenarios: map[string]string{
			"4v2": scenario("  - {character: reference, count: 4}", "  - {monster: faced-flock}\n  - {monster: tar-wing}"),
			"hide": scenario("  - {character: reference, strategy: hide}\n  - {character: reference, strategy: flee}",
				"  - {monster: tar-wing, strategy: relentless}", "scene: {cover: true, distance: 10}"),
			"options": scenario("  - {character: reference, count: 2, strategy: defend}", "  - {monster: mouth-tower}",
				"options: {L-8: aligned, L-11: misc-check, L-17: literal, L-18: breakdown, L-19: all-dice, L-22: 0.5, L-16: out-of-reach}"),
		},
		Odds: map[string][]systems.Args{
			"outcome": {
				{"attribute": 1, "difficulty": "hard"},
				{"attribute": 3, "difficulty": "easy"},
				{"attribute": 3, "difficulty": "medium"},
				{"attribute": 4, "difficulty": "hard"},
				{"attribute": 5, "difficulty": "easy"},
			},
			"contest": {
				{"attacker": 3, "defender": 3},
				{"attacker": 1, "defender": 5},
				{"attacker": 5, "defender": 1},
				{"attacker": 2, "defender": 3, "defender-bonus": 1},
				{"attacker": 3, "defender": 2, "attacker-bonus": 1},
				{"attacker": 3, "defender": 2, "attacker-bonus": 2},
				{"attacker": 2, "defender": 4, "attacker-bonus": 3, "defender-bonus": 1},
				{"attacker": 4, "defender": 2, "attacker-bonus": -1, "defender-bonus": -1},
				{"attacker": 1, "defender": 1, "attacker-bonus": 6, "defender-bonus": -3},
			},
			"initiative": {
				{"carelessness": 3, "vs": 0},
				{"carelessness": 1, "vs": 0},
				{"carelessness": 5, "vs": 3},
				{"carelessness": 2, "vs": 2},
			},
		},
		Draws:   200_000,
		Options: locus.OptionTable,
	})
}

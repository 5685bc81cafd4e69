package catchthedevil_test

import (
	"testing"

	"github.com/tpk-sim/tpk/systems"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Catch the Devil meets the contract every system owes the engine: its
// examples play and meet their expectations, no encounter allocates,
// narration changes nothing (the kernel has paths that run only when
// nothing is narrated), results do not depend on the number of workers,
// the band and damage-dice tables agree with the exact odds, and each
// option sets only its own field of the rules, whatever the order of its
// table.
func TestConformance(t *testing.T) {
	gang := "  - {npc: thug, count: 3}\n  - {npc: gunman}\n  - {npc: rot-hound}"
	systemtest.Conformance(t, ctd.System, systemtest.Config{
		Endings:     []string{"escape"},
		MinExamples: 4,
		Scenarios: map[string]string{
			"gang": scenario("  - {character: police-officer}\n  - {character: security-guard}\n  - {character: nurse, strategy: protect}", gang),
			"flee": scenario("  - {character: accountant, strategy: flee, count: 3}", gang, "strategies: {foes: focus}"),
			"options": scenario("  - {character: police-officer, questions: {horrendous: true, injury: true}}\n  - {character: nurse, strategy: protect, count: 2}", gang,
				"options: {C1: physical, C2: random, C3: best, C7: merged, C8: encounter, C9: ally-dying, C12: minus-all, C13: targetable, C14: untended, C15: wounded, C16: meets, C18: half, C19: finish-off, C20: random, C21: random, C29: flat, C30: one-lands, C33: ally, C34: random, C36: spared, C37: preferred-target}"),
			"strict":  scenario("  - {character: police-officer, count: 3}", gang, "options: {C4: strict, C14: at-once, C11: plus}"),
			"wargame": scenario("  - {character: mechanic, count: 3}", gang, "options: {C4: wargame, C14: unless-won, C13: captured}"),
			"protect": scenario("  - {character: police-officer}\n  - {character: nurse}", gang,
				"strategies: {party: protect, foes: focus}", "options: {C36: spared, C37: preferred-target, C8: encounter}"),
		},
		Odds: map[string][]systems.Args{
			"move": {{"modifier": -2}, {"modifier": 1}, {"modifier": 4}},
			"harm": {
				{"tough": 0, "damage": 2, "armor": false, "penalty": 0},
				{"tough": 1, "damage": 3, "armor": true, "penalty": -1},
			},
			"npc-hit": {
				{"damage": 3, "threshold": 2, "armor": false, "conditions": 0, "meets": false},
				{"damage": 4, "threshold": 3, "armor": false, "conditions": 2, "meets": true},
				{"damage": 2, "threshold": 4, "armor": true, "conditions": 5, "meets": false},
			},
		},
		Draws:   200_000,
		Options: ctd.OptionTable,
	})
}

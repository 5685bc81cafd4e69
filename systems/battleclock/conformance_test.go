package battleclock_test

import (
	"testing"

	"github.com/tpk-sim/tpk/systems"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// The battle-clock hack meets the contract every system owes the engine:
// its examples play and meet their expectations, no battle allocates,
// narration changes nothing, results do not depend on the number of
// workers, the kernel's band table agrees with the exact odds, and each
// option sets only its own field of the rules, whatever the order of its
// table.
func TestConformance(t *testing.T) {
	squad := "  - {character: soldier}\n  - {character: adept, strategy: cover-each-other}\n  - {character: engineer, strategy: hold-position}"
	gang := "  - {enemy: merc, count: 3}\n  - {enemy: stunner, count: 2}\n  - {enemy: captain}"
	systemtest.Conformance(t, bc.System, systemtest.Config{
		Endings:     []string{"withdrawal", "midnight"},
		MinExamples: 4,
		Scenarios: map[string]string{
			"squad":       scenario(squad, gang),
			"concentrate": scenario(squad, gang, "strategies: {foes: concentrate-fire}", "options: {S13: at-start, S15: extend}", "max_rounds: 12"),
			"options":     scenario(squad, gang, "options: {S1: twelve, S2: overflow, S3: any, S4: shock, S5: before-shields, S6: batch, S7: soak-harm, S8: early, S10: targeted, S11: 0.5, S12: per-group, S14: random-table, S16: harm-clock, S17: two, S19: no-stacking, S20: per-tick, S21: none, S22: random, S23: always, S24: harm, S25: random, S26: forward}"),
			"harsh":       scenario(squad, gang, "options: {S2: once, S8: never, S9: crossing-only, S11: aw-0-1, S12: every-pc, S13: 0.3, S18: none, S20: end}"),
			"lifeless":    scenario(squad, gang, "options: {S2: life-untenable, S7: regen-covered, S11: one-random, S22: lowest-stat}"),
		},
		Odds: map[string][]systems.Args{"roll": {
			{"modifier": 1, "boosted": false, "glitched": false},
			{"modifier": -2, "boosted": true, "glitched": false},
			{"modifier": 2, "boosted": false, "glitched": true},
			{"modifier": 0, "boosted": true, "glitched": true},
		}},
		Draws:   200_000,
		Options: bc.OptionTable,
	})
}

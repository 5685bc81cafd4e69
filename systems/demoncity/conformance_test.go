package demoncity_test

import (
	"testing"

	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/demoncity"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Demon City meets the contract every system owes the engine: its
// examples play and meet their expectations, no encounter allocates under
// any option, narration changes nothing, results do not depend on the
// number of workers, the kernel's decks agree with the exact odds of every
// clash cell, static throw and damage draw, and each option sets only its
// own field of the rules, whatever the order of its table.
func TestConformance(t *testing.T) {
	var clash, static, damage []systems.Args
	for _, deck := range []string{"shared", "separate", "d10", "horror"} {
		for k := 1; k <= 5; k++ {
			for m := 1; m <= 5; m++ {
				clash = append(clash, systems.Args{"throws": k, "vs": m, "deck": deck})
			}
		}
	}
	for _, deck := range []string{"players", "d10"} {
		for k := 1; k <= 4; k++ {
			for in := 0; in <= 10; in++ {
				static = append(static, systems.Args{"throws": k, "intensity": in, "deck": deck})
			}
		}
		for T := 0; T <= 9; T++ {
			damage = append(damage, systems.Args{"toughness": T, "deck": deck})
		}
	}
	four := "system: demoncity\nmax_rounds: 30\nparty:\n  - {name: Ann, character: cop}\n  - {name: Bo, character: bartender}\n" +
		"  - {name: Cy, character: bully}\n  - {name: Di, character: student}\nfoes:\n  - horror: narth\n"
	systemtest.Conformance(t, demoncity.System, systemtest.Config{
		Endings:     []string{"escape"},
		MinExamples: 4,
		Scenarios: map[string]string{ // options that take other paths together
			"legacy": four + "options: {DC-13: d10, DC-19: legacy, DC-18: legacy, DC-24: first-knockdown}\n",
			"bleed":  four + "options: {DC-4: bleed, DC-5: coup-de-grace, DC-16: repeat, DC-11: hazard}\n",
			"random": four + "options: {DC-13: infinite, DC-12: random, DC-22: single, DC-15: fumble-loses-round, DC-25: guard}\n",
		},
		Odds:    map[string][]systems.Args{"clash": clash, "static": static, "damage": damage},
		Options: demoncity.OptionTable,
	})
}

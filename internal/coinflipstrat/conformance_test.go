package coinflipstrat_test

import (
	"testing"

	"github.com/tpk-sim/tpk/internal/coinflip"
	_ "github.com/tpk-sim/tpk/internal/coinflipstrat"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// TestConformance is the one call every system's tests make.
func TestConformance(t *testing.T) {
	systemtest.Conformance(t, coinflip.System, systemtest.Config{
		Examples: coinflip.Examples(),
		Options:  coinflip.OptionTable,
		Odds:     map[string][]systems.Args{"flips": {{"coins": 20, "heads": 10}}},
	})
}

package demoncity_test

import (
	"testing"

	_ "tpk/strategies/demoncity"
	"tpk/systems/demoncity"
	"tpk/systems/systemtest"
)

// The embedded examples compile, play, and meet their own expectations
// with their own seed and number of trials (as `tpk check` runs them).
func TestExamples(t *testing.T) { systemtest.Examples(t, demoncity.System{}, 4) }

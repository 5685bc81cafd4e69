package hmtw_test

import (
	"testing"

	"tpk/systems/hmtw"
	"tpk/systems/systemtest"
)

// The embedded examples compile, play, and meet their own expectations
// with their own seed and number of trials (as `tpk check` runs them).
func TestExamples(t *testing.T) { systemtest.Examples(t, hmtw.System{}, 6) }

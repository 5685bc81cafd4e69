package locus_test

import (
	"testing"

	"tpk/systems/locus"
	"tpk/systems/systemtest"
)

// The embedded examples compile, play, and meet their own expectations
// with their own seed and number of trials (as `tpk check` runs them).
func TestExamples(t *testing.T) { systemtest.Examples(t, locus.System{}, 4) }

package battleclock

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := systemtest.Indices{
		"withdrawal":        mWithdrawal,
		"midnight":          mMidnight,
		"jumped":            mJumped,
		"any_unconscious":   mAnyUnconscious,
		"any_out":           mAnyOut,
		"calls":             mCalls,
		"debilities":        mDebilities,
		"harm":              mHarm,
		"shock":             mShock,
		"glitches":          mGlitches,
		"shields_spent":     mShieldsSpent,
		"absorbed":          mAbsorbed,
		"harm_incidental":   mHarmIncidental,
		"harm_concentrated": mHarmConcentrated,
		"harm_moves":        mHarmMoves,
		"enemies_out":       mEnemiesOut,
		"enemies_dead":      mEnemiesDead,
	}
	combatant := systemtest.Indices{
		"death":       cmDeath,
		"out":         cmOut,
		"unconscious": cmUnconscious,
		"harm":        cmHarm,
		"at_midnight": cmAtMidnight,
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

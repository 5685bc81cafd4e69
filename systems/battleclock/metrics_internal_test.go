package battleclock

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := []systemtest.MetricIndex{
		{mWithdrawal, "withdrawal"},
		{mMidnight, "midnight"},
		{mJumped, "jumped"},
		{mAnyUnconscious, "any_unconscious"},
		{mAnyOut, "any_out"},
		{mCalls, "calls"},
		{mDebilities, "debilities"},
		{mHarm, "harm"},
		{mShock, "shock"},
		{mGlitches, "glitches"},
		{mShieldsSpent, "shields_spent"},
		{mAbsorbed, "absorbed"},
		{mHarmIncidental, "harm_incidental"},
		{mHarmConcentrated, "harm_concentrated"},
		{mHarmMoves, "harm_moves"},
		{mEnemiesOut, "enemies_out"},
		{mEnemiesDead, "enemies_dead"},
	}
	combatant := []systemtest.MetricIndex{
		{cmDeath, "death"},
		{cmOut, "out"},
		{cmUnconscious, "unconscious"},
		{cmHarm, "harm"},
		{cmAtMidnight, "at_midnight"},
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

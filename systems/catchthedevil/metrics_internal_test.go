package catchthedevil

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := []systemtest.MetricIndex{
		{mEscape, "escape"},
		{mAnyDying, "any_dying"},
		{mAnyBlackout, "any_blackout"},
		{mDying, "dying"},
		{mBlackouts, "blackouts"},
		{mFled, "fled"},
		{mCaptured, "captured"},
		{mWounds, "wounds"},
		{mSHRolls, "sh_rolls"},
		{mSHWounded, "sh_wounded"},
		{mKITRolls, "kit_rolls"},
		{mBreaks, "breaks"},
		{mStatLoss, "stat_loss"},
		{mNPCsDown, "npcs_down"},
		{mNPCsDead, "npcs_dead"},
		{mConditions, "conditions"},
	}
	combatant := []systemtest.MetricIndex{
		{cmDeath, "death"},
		{cmDying, "dying"},
		{cmDown, "down"},
		{cmFled, "fled"},
		{cmWounds, "wounds"},
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

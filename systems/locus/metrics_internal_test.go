package locus

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
		{mHid, "hid"},
		{mAnyMajor, "any_major"},
		{mAnyGrievous, "any_grievous"},
		{mDissipated, "dissipated"},
		{mSegments, "segments"},
		{mMinor, "minor"},
		{mMajor, "major"},
		{mGrievous, "grievous"},
		{mConditions, "conditions"},
		{mStressSteps, "stress_steps"},
		{mWPSpent, "wp_spent"},
		{mWPGained, "wp_gained"},
		{mItemsDestroyed, "items_destroyed"},
		{mOverflow, "stress_overflow"},
	}
	combatant := []systemtest.MetricIndex{
		{cmDeath, "death"},
		{cmEscaped, "escaped"},
		{cmSegments, "segments"},
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

package locus

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := systemtest.Indices{
		"escape":          mEscape,
		"hid":             mHid,
		"any_major":       mAnyMajor,
		"any_grievous":    mAnyGrievous,
		"dissipated":      mDissipated,
		"segments":        mSegments,
		"minor":           mMinor,
		"major":           mMajor,
		"grievous":        mGrievous,
		"conditions":      mConditions,
		"stress_steps":    mStressSteps,
		"wp_spent":        mWPSpent,
		"wp_gained":       mWPGained,
		"items_destroyed": mItemsDestroyed,
		"stress_overflow": mOverflow,
	}
	combatant := systemtest.Indices{
		"death":    cmDeath,
		"escaped":  cmEscaped,
		"segments": cmSegments,
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

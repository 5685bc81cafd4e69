package catchthedevil

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := systemtest.Indices{
		"escape":       mEscape,
		"any_dying":    mAnyDying,
		"any_blackout": mAnyBlackout,
		"dying":        mDying,
		"blackouts":    mBlackouts,
		"fled":         mFled,
		"captured":     mCaptured,
		"wounds":       mWounds,
		"sh_rolls":     mSHRolls,
		"sh_wounded":   mSHWounded,
		"kit_rolls":    mKITRolls,
		"breaks":       mBreaks,
		"stat_loss":    mStatLoss,
		"npcs_down":    mNPCsDown,
		"npcs_dead":    mNPCsDead,
		"conditions":   mConditions,
	}
	combatant := systemtest.Indices{
		"death":  cmDeath,
		"dying":  cmDying,
		"down":   cmDown,
		"fled":   cmFled,
		"wounds": cmWounds,
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

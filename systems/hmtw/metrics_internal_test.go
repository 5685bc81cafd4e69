package hmtw

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := systemtest.Indices{
		"retreat":          mRetreat,
		"cornered":         mCornered,
		"any_deaths_door":  mAnyDeathsDoor,
		"zombie":           mZombie,
		"deaths_door":      mDeathsDoor,
		"died_in_fight":    mDiedInFight,
		"died_after":       mDiedAfter,
		"petrified":        mPetrified,
		"wounds":           mWounds,
		"notches":          mNotches,
		"piercing":         mPiercing,
		"criticals":        mCriticals,
		"items_destroyed":  mItemsDestroyed,
		"bond_burns":       mBondBurns,
		"resolve_spent":    mResolveSpent,
		"poultices":        mPoultices,
		"foes_down":        mFoesDown,
		"foes_fled":        mFoesFled,
		"foes_surrendered": mFoesSurrendered,
		"first_down":       mFirstDown,
		"fools":            mFools,
		"reshuffles":       mReshuffles,
		"mulligans":        mMulligans,
		"skipped_turns":    mSkipped,
		"banter":           mBanter,
		"afflictions":      mAfflictions,
	}
	combatant := systemtest.Indices{
		"death":       cmDeath,
		"deaths_door": cmDeathsDoor,
		"down":        cmDown,
		"wounds":      cmWounds,
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
	if numMetrics != sim.NumStandard+len(metrics) {
		t.Errorf("numMetrics = %d, want %d", numMetrics, sim.NumStandard+len(metrics))
	}
}

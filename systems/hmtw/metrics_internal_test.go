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
	metrics := []systemtest.MetricIndex{
		{mRetreat, "retreat"},
		{mCornered, "cornered"},
		{mAnyDeathsDoor, "any_deaths_door"},
		{mZombie, "zombie"},
		{mDeathsDoor, "deaths_door"},
		{mDiedInFight, "died_in_fight"},
		{mDiedAfter, "died_after"},
		{mPetrified, "petrified"},
		{mWounds, "wounds"},
		{mNotches, "notches"},
		{mPiercing, "piercing"},
		{mCriticals, "criticals"},
		{mItemsDestroyed, "items_destroyed"},
		{mBondBurns, "bond_burns"},
		{mResolveSpent, "resolve_spent"},
		{mPoultices, "poultices"},
		{mFoesDown, "foes_down"},
		{mFoesFled, "foes_fled"},
		{mFoesSurrendered, "foes_surrendered"},
		{mFirstDown, "first_down"},
		{mFools, "fools"},
		{mReshuffles, "reshuffles"},
		{mMulligans, "mulligans"},
		{mSkipped, "skipped_turns"},
		{mBanter, "banter"},
		{mAfflictions, "afflictions"},
	}
	combatant := []systemtest.MetricIndex{
		{cmDeath, "death"},
		{cmDeathsDoor, "deaths_door"},
		{cmDown, "down"},
		{cmWounds, "wounds"},
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
	if numMetrics != sim.NumStandard+len(metrics) {
		t.Errorf("numMetrics = %d, want %d", numMetrics, sim.NumStandard+len(metrics))
	}
}

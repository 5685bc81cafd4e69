package demoncity

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
		{mKnockdowns, "knockdowns"},
		{mFoeKnockdowns, "foe_knockdowns"},
		{mClashes, "clashes"},
		{mClashTies, "clash_ties"},
		{mClashWins, "clash_wins"},
		{mWastedWins, "wasted_wins"},
		{mHits, "hits"},
		{mCriticals, "criticals"},
		{mSigCriticals, "significator_criticals"},
		{mFumbles, "fumbles"},
		{mPanics, "panics"},
		{mRecoveryThrows, "recovery_throws"},
		{mRecoveries, "recoveries"},
		{mReshufflesPlayers, "reshuffles_players"},
		{mReshufflesHorror, "reshuffles_horror"},
		{mAnyDown, "any_down"},
		{mLeftDown, "left_down"},
	}
	combatant := []systemtest.MetricIndex{
		{cDown, "down"},
		{cKnockdowns, "knockdowns"},
		{cRoundsDown, "rounds_down"},
		{cDownAtEnd, "down_at_end"},
		{cDeath, "death"},
		{cPanicked, "panicked"},
		{cFled, "fled"},
		{cHitsTaken, "hits_taken"},
		{cDamage, "damage_taken"},
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

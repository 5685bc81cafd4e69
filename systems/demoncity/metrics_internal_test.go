package demoncity

import (
	"testing"

	"github.com/tpk-sim/tpk/systems/systemtest"
)

// Each metric index constant names the metric the schema declares at its
// position, and every metric declared has one: the kernel writes each
// figure under the name a reader sees it by.
func TestMetricIndices(t *testing.T) {
	metrics := systemtest.Indices{
		"escape":                 mEscape,
		"knockdowns":             mKnockdowns,
		"foe_knockdowns":         mFoeKnockdowns,
		"clashes":                mClashes,
		"clash_ties":             mClashTies,
		"clash_wins":             mClashWins,
		"wasted_wins":            mWastedWins,
		"hits":                   mHits,
		"criticals":              mCriticals,
		"significator_criticals": mSigCriticals,
		"fumbles":                mFumbles,
		"panics":                 mPanics,
		"recovery_throws":        mRecoveryThrows,
		"recoveries":             mRecoveries,
		"reshuffles_players":     mReshufflesPlayers,
		"reshuffles_horror":      mReshufflesHorror,
		"any_down":               mAnyDown,
		"left_down":              mLeftDown,
	}
	combatant := systemtest.Indices{
		"down":         cDown,
		"knockdowns":   cKnockdowns,
		"rounds_down":  cRoundsDown,
		"down_at_end":  cDownAtEnd,
		"death":        cDeath,
		"panicked":     cPanicked,
		"fled":         cFled,
		"hits_taken":   cHitsTaken,
		"damage_taken": cDamage,
	}
	systemtest.MetricIndices(t, System, metrics, combatant)
	if numCombatantMetrics != len(combatant) {
		t.Errorf("numCombatantMetrics = %d, want %d", numCombatantMetrics, len(combatant))
	}
}

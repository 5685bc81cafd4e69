package locus

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// Indices of the Locus metrics in the schema, after the standard ones.
const (
	mEscape = sim.NumStandard + iota
	mHid
	mAnyMajor
	mAnyGrievous
	mDissipated
	mSegments
	mMinor
	mMajor
	mGrievous
	mConditions
	mStressSteps
	mWPSpent
	mWPGained
	mItemsDestroyed
	mOverflow
)

// Indices of the per-combatant metrics.
const (
	cmDeath = iota
	cmEscaped
	cmSegments
	numCombatantMetrics
)

// model is a compiled Locus scenario; read-only and shared by the workers.
type model struct {
	rules       Rules
	maxRounds   int
	cover       bool
	escape      int
	chars       []charSpec
	mons        []monSpec
	grades      []Grade // each monster's Threat grade (option L-27)
	schema      *sim.Schema
	search.Plug // strong play (strong.go)
}

// Schema lays out the Record of an encounter.
func (m *model) Schema() *sim.Schema { return m.schema }

// NewKernel returns a kernel with its own state.
func (m *model) NewKernel() sim.Kernel { return newKernel(m, false) }

// MaxRounds is the round cap.
func (m *model) MaxRounds() int { return m.maxRounds }

// schemaOf lays out the metrics: the standard seven, then Locus' own.
func schemaOf(m *model) *sim.Schema {
	nc := len(m.chars)
	items, door := 0, CharacterSegments
	for _, c := range m.chars {
		items += len(c.items)
	}
	for _, x := range m.mons {
		door = max(door, x.door)
	}
	metrics := sim.StandardMetrics(m.maxRounds, nc)
	metrics = append(metrics,
		sim.Metric{Name: "escape", Kind: sim.Prob, Doc: "the conflict ended by escape: every character dead, fled or hidden from a search given up, one alive"},
		sim.Metric{Name: "hid", Kind: sim.Prob, Doc: "at least one character ended hidden with the search given up"},
		sim.Metric{Name: "any_major", Kind: sim.Prob, Doc: "the party suffered at least one Major or Grievous injury"},
		sim.Metric{Name: "any_grievous", Kind: sim.Prob, Doc: "the party suffered at least one Grievous injury"},
		sim.Metric{Name: "dissipated", Kind: sim.Count, Max: len(m.mons), Doc: "monsters dissipated (Death's Door full)"},
		sim.Metric{Name: "segments", Kind: sim.Count, Max: CharacterSegments * nc, Doc: "Death's Door segments filled on the party at the end"},
		sim.Metric{Name: "minor", Kind: sim.Count, Max: 10 * nc, Doc: "Minor injuries suffered by the party"},
		sim.Metric{Name: "major", Kind: sim.Count, Max: 9 * nc, Doc: "Major injuries suffered by the party"},
		sim.Metric{Name: "grievous", Kind: sim.Count, Max: 3 * nc, Doc: "Grievous injuries suffered by the party"},
		sim.Metric{Name: "conditions", Kind: sim.Count, Max: 10 * nc, Doc: "Conditions gained by the party (Infliction, caught, knocked down, breakdown)"},
		sim.Metric{Name: "stress_steps", Kind: sim.Count, Max: 6 * nc, Doc: "steps up the Stress track taken by the party"},
		sim.Metric{Name: "wp_spent", Kind: sim.Count, Max: 15 * nc, Doc: "Willpower spent on re-rolls"},
		sim.Metric{Name: "wp_gained", Kind: sim.Count, Max: 15 * nc, Doc: "Willpower gained (critical successes, Stress falling to Uneasy)"},
		sim.Metric{Name: "items_destroyed", Kind: sim.Count, Max: max(1, items), Doc: "Items destroyed by failed Durability checks"},
		sim.Metric{Name: "stress_overflow", Kind: sim.Count, Max: 10 * nc, Doc: "failed Stress checks when already Stressed (option L-18)"},
	)
	s := &sim.Schema{
		Verdict: &sim.VerdictRule{Metric: "any_death", Event: "someone dies", Lone: "%s dies", Risk: "death", Fight: "conflict",
			Notes: []string{"A character suffers a Grievous injury {any_grievous}."}},
		Metrics: metrics,
		CombatantMetrics: []sim.Metric{
			{Name: "death", Kind: sim.Prob, Doc: "dead (a monster: dissipated)"},
			{Name: "escaped", Kind: sim.Prob, Doc: "left the conflict alive by running or by hiding from a search given up"},
			{Name: "segments", Kind: sim.Count, Max: door, Doc: "Death's Door segments filled at the end"},
		},
	}
	for _, c := range m.chars {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: c.name, Side: sim.Party})
	}
	for _, x := range m.mons {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: x.name, Side: sim.Foes})
	}
	return s
}

package hmtw

import "github.com/tpk-sim/tpk/sim"

// hmtwVerdict: death, with how close the guild came (most at Death's Door
// are rescued after the fight) and how often it had to retreat.
var hmtwVerdict = &sim.VerdictRule{Metric: "any_death", Event: "an adventurer dies", Lone: "%s dies", Risk: "death", Fight: "fight",
	Notes: []string{"An adventurer reaches Death's Door {any_deaths_door}.", "The guild retreats {retreat}."}}

// Indices of the HMTW metrics in the schema, after the standard ones.
const (
	mRetreat = sim.NumStandard + iota
	mCornered
	mAnyDeathsDoor
	mZombie
	mDeathsDoor
	mDiedInFight
	mDiedAfter
	mPetrified
	mWounds
	mNotches
	mPiercing
	mCriticals
	mItemsDestroyed
	mBondBurns
	mResolveSpent
	mPoultices
	mFoesDown
	mFoesFled
	mFoesSurrendered
	mFirstDown
	mFools
	mReshuffles
	mMulligans
	mSkipped
	mBanter
	mAfflictions
	numMetrics
)

// Indices of the per-combatant metrics.
const (
	cmDeath = iota
	cmDeathsDoor
	cmDown // a GM group: every member down (at 0 Health or destroyed)
	cmWounds
	numCombatantMetrics
)

// schemaOf lays out the metrics: the standard seven, then HMTW's own
// (section 10 of the spec).
func schemaOf(m *model) *sim.Schema {
	np := len(m.party)
	members, downs := 0, 0 // downs: also every limb a zombie can lose in its one spare slot
	for _, g := range m.groups {
		members += len(g.members)
		downs += len(g.members)
		for _, ms := range g.members {
			if ms.spare {
				downs += maxLimbs - 1
			}
		}
	}
	metrics := sim.StandardMetrics(m.maxRounds, np)
	metrics = append(metrics,
		sim.Metric{Name: "retreat", Kind: sim.Prob, Doc: "the guild got away by retreating (section 6.11.1)"},
		sim.Metric{Name: "cornered", Kind: sim.Prob, Doc: "a retreat failed: the guild was cornered at least once"},
		sim.Metric{Name: "any_deaths_door", Kind: sim.Prob, Doc: "at least one adventurer reached Death's Door"},
		sim.Metric{Name: "zombie", Kind: sim.Prob, Doc: "an adventurer rose as a zombie at once (great failure of the poultice test)"},
		sim.Metric{Name: "deaths_door", Kind: sim.Count, Max: np, Doc: "adventurers who reached Death's Door"},
		sim.Metric{Name: "died_in_fight", Kind: sim.Count, Max: np, Doc: "adventurers who died during the fight (Critical at Death's Door, devoured)"},
		sim.Metric{Name: "died_after", Kind: sim.Count, Max: np, Doc: "adventurers who died after the fight (no rescue, a failed poultice test)"},
		sim.Metric{Name: "petrified", Kind: sim.Count, Max: np, Doc: "adventurers petrified by a cockatrice (out of the fight, not dead)"},
		sim.Metric{Name: "wounds", Kind: sim.Count, Max: 12 * np, Doc: "Wounds the guild took (absorbed by anything)"},
		sim.Metric{Name: "notches", Kind: sim.Count, Max: 6 * np, Doc: "Notches taken by armor, helms and shields"},
		sim.Metric{Name: "piercing", Kind: sim.Count, Max: 8 * np, Doc: "Piercing Wounds the guild took"},
		sim.Metric{Name: "criticals", Kind: sim.Count, Max: 3 * np, Doc: "Critical hits the guild took"},
		sim.Metric{Name: "items_destroyed", Kind: sim.Count, Max: 4 * np, Doc: "items Destroyed (armor notched out, corroded, broken lights and weapons)"},
		sim.Metric{Name: "bond_burns", Kind: sim.Count, Max: 10 * np, Doc: "Bond burns to recover: Injured + Wounded talents + Resolve spent + Stressed (living adventurers)"},
		sim.Metric{Name: "resolve_spent", Kind: sim.Count, Max: 5 * np, Doc: "Resolve spent"},
		sim.Metric{Name: "poultices", Kind: sim.Count, Max: 4 * np, Doc: "poultices used"},
		sim.Metric{Name: "foes_down", Kind: sim.Count, Max: downs, Doc: "GM characters at 0 Health or destroyed (each severed limb counts)"},
		sim.Metric{Name: "foes_fled", Kind: sim.Count, Max: members, Doc: "GM characters that fled the scene"},
		sim.Metric{Name: "foes_surrendered", Kind: sim.Count, Max: members, Doc: "GM characters that surrendered"},
		sim.Metric{Name: "first_down", Kind: sim.Count, Max: m.maxRounds, Doc: "the round the first GM character went down (0: none did)"},
		sim.Metric{Name: "fools", Kind: sim.Count, Max: m.maxRounds, Doc: "times the Fool was drawn"},
		sim.Metric{Name: "reshuffles", Kind: sim.Count, Max: 2 * m.maxRounds, Doc: "deck reshuffles (the Fool's, and running out), both decks"},
		sim.Metric{Name: "mulligans", Kind: sim.Count, Max: m.maxRounds, Doc: "GM mulligans (option H-4)"},
		sim.Metric{Name: "skipped_turns", Kind: sim.Count, Max: 2 * np, Doc: "adventurers' turns skipped for want of a card or a use"},
		sim.Metric{Name: "banter", Kind: sim.Count, Max: 8, Doc: "successful Banters (a group moved toward fear)"},
		sim.Metric{Name: "afflictions", Kind: sim.Count, Max: 2 * np, Doc: "poison, disease and XP drained by riders"},
	)
	s := &sim.Schema{
		Verdict: hmtwVerdict,
		Metrics: metrics,
		CombatantMetrics: []sim.Metric{
			{Name: "death", Kind: sim.Prob, Doc: "an adventurer dead"},
			{Name: "deaths_door", Kind: sim.Prob, Doc: "an adventurer reached Death's Door"},
			{Name: "down", Kind: sim.Prob, Doc: "a GM group: every member down (0 Health or destroyed), fled or surrendered"},
			{Name: "wounds", Kind: sim.Count, Max: 12, Doc: "Wounds taken (an adventurer) or dealt to it (a group)"},
		},
	}
	for _, a := range m.party {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: a.name, Side: sim.Party})
	}
	for _, g := range m.groups {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: g.name, Side: sim.Foes})
	}
	return s
}

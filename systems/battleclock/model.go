package battleclock

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// Limits of a scenario, fixed so that the kernel's state is arrays.
const (
	MaxPCs       = 8
	MaxEnemies   = 24
	MaxGroups    = 8
	MaxRoundsCap = 1000
	ticksPerDay  = 6 // the battle clock's ticks, 12:00 to midnight
)

// Indices of the metrics, after the standard ones.
const (
	mWithdrawal = sim.NumStandard + iota
	mMidnight
	mJumped
	mAnyUnconscious
	mAnyOut
	mCalls
	mDebilities
	mHarm
	mShock
	mGlitches
	mShieldsSpent
	mAbsorbed
	mHarmIncidental
	mHarmConcentrated
	mHarmMoves
	mEnemiesOut
	mEnemiesDead
)

// Indices of the per-combatant metrics.
const (
	cmDeath = iota
	cmOut
	cmUnconscious
	cmHarm
	cmAtMidnight
	numCombatantMetrics
)

// pcSpec is a PC as compiled.
type pcSpec struct {
	name       string
	stats      [NumStats]int8
	harm       int
	armor      int
	shields    int
	harmClock  int8
	shockClock int8
	debilities uint8
	forward    int8
	ongoing    int8
	boosted    bool
	policy     PCPolicy
	card       string
}

// enemySpec is an enemy as compiled.
type enemySpec struct {
	name    string
	harm    int
	armor   int
	shields int
	shock   int // explicit shock its hits carry
	grade   int
	group   int
}

// groupSpec is a foe entry: enemies sharing one target choice.
type groupSpec struct {
	name        string
	first, last int // its enemies
	harm, shock int
	policy      GMPolicy
	card        string
}

// model is a compiled scenario; read-only and shared by the workers.
type model struct {
	rules     Rules
	maxRounds int
	pcs       []pcSpec
	enemies   []enemySpec
	groups    []groupSpec
	schema    *sim.Schema
	// Strong play (strong.go): whether some combatant plays strong, how
	// they search, and each side's default strategy, which strong play
	// plays after its fork and lists first.
	search.Plug // strong play (strong.go)
	defPC       PCPolicy
	defGM       GMPolicy
}

// Schema lays out the Record of a battle.
func (m *model) Schema() *sim.Schema { return m.schema }

// NewKernel returns a kernel with its own state.
func (m *model) NewKernel() sim.Kernel { return newKernel(m, false) }

// MaxRounds is the cap on battle-clock ticks.
func (m *model) MaxRounds() int { return m.maxRounds }

func schemaOf(m *model) *sim.Schema {
	np, ne := len(m.pcs), len(m.enemies)
	full := 6
	if m.rules.S1 == S1Twelve {
		full = 12
	}
	metrics := sim.StandardMetrics(m.maxRounds, np)
	metrics = append(metrics,
		sim.Metric{Name: "withdrawal", Kind: sim.Prob, Doc: "the battle ended with no PC in it and at least one withdrawn"},
		sim.Metric{Name: "midnight", Kind: sim.Prob, Doc: "the battle ran its clock: midnight struck with both sides still standing, and the battle ended there (option S15; who stood: per combatant at_midnight)"},
		sim.Metric{Name: "jumped", Kind: sim.Prob, Doc: "the GM jumped the battle clock to 9:00 (option S13)"},
		sim.Metric{Name: "any_unconscious", Kind: sim.Prob, Doc: "a PC's shock clock reached 12:00"},
		sim.Metric{Name: "any_out", Kind: sim.Prob, Doc: "a PC was put out of action by the call on inner strength (option S2)"},
		sim.Metric{Name: "calls", Kind: sim.Count, Max: 2 * np, Doc: "calls on inner strength (harm at 12:00)"},
		sim.Metric{Name: "debilities", Kind: sim.Count, Max: 4 * np, Doc: "debilities taken instead of harm"},
		sim.Metric{Name: "harm", Kind: sim.Count, Max: full * np, Doc: "harm segments on the party's clocks at the end"},
		sim.Metric{Name: "shock", Kind: sim.Count, Max: full * np, Doc: "shock segments on the party's clocks at the end of the battle (before shock falls back to 9:00)"},
		sim.Metric{Name: "glitches", Kind: sim.Count, Max: 4 * np, Doc: "times a PC was glitched by more than one shock from a source"},
		sim.Metric{Name: "shields_spent", Kind: sim.Count, Max: 4 * np, Doc: "shield and barrier points spent"},
		sim.Metric{Name: "absorbed", Kind: sim.Count, Max: 6 * np, Doc: "hits armor absorbed whole (shock instead of harm)"},
		sim.Metric{Name: "harm_incidental", Kind: sim.Count, Max: full * np, Doc: "harm segments from incidental fire"},
		sim.Metric{Name: "harm_concentrated", Kind: sim.Count, Max: full * np, Doc: "harm segments from concentrated fire"},
		sim.Metric{Name: "harm_moves", Kind: sim.Count, Max: full * np, Doc: "harm segments from exchanges and the GM's moves on misses"},
		sim.Metric{Name: "enemies_out", Kind: sim.Count, Max: ne, Doc: "enemies out of the fight (or dead) at the end"},
		sim.Metric{Name: "enemies_dead", Kind: sim.Count, Max: ne, Doc: "enemies dead at the end"},
	)
	s := &sim.Schema{
		Verdict: &sim.VerdictRule{Metric: sim.MetricAnyDeath, Event: "someone dies", Lone: "%s dies", Risk: "death", Fight: "battle",
			Notes: []string{"A PC is knocked unconscious {any_unconscious}.", "Midnight strikes with both sides standing {midnight}."}},
		Metrics: metrics,
		CombatantMetrics: []sim.Metric{
			{Name: "death", Kind: sim.Prob, Doc: "dead"},
			{Name: "out", Kind: sim.Prob, Doc: "out of action at the end: a PC unconscious, out of action or dead; an enemy out or dead"},
			{Name: "unconscious", Kind: sim.Prob, Doc: "a PC's shock clock reached 12:00"},
			{Name: "harm", Kind: sim.Count, Max: full, Doc: "a PC's harm clock at the end; the harm an enemy took"},
			{Name: "at_midnight", Kind: sim.Prob, Doc: "still standing in the fight when the battle ended at midnight"},
		},
	}
	markNA(s.Metrics, m)
	markNA(s.CombatantMetrics, m)
	for _, c := range m.pcs {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: c.name, Side: sim.Party})
	}
	for _, e := range m.enemies {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: e.name, Side: sim.Foes})
	}
	return s
}

// notApplicable lists the metrics that options make impossible: when
// applies holds for the model, metric (encounter or per-combatant) is
// reported as not applicable for the reason why.
var notApplicable = []struct {
	metric  string
	applies func(m *model) bool
	why     string
}{
	{sim.MetricStalemate, func(m *model) bool { return m.rules.S15 == S15Midnight && m.maxRounds >= ticksPerDay },
		"not applicable under S15 midnight: the battle ends at midnight, within max_rounds"},
	{"midnight", func(m *model) bool { return m.rules.S15 == S15Extend },
		"not applicable under S15 extend: the battle goes on past midnight until a side breaks"},
	{"at_midnight", func(m *model) bool { return m.rules.S15 == S15Extend },
		"not applicable under S15 extend: the battle goes on past midnight until a side breaks"},
	{"jumped", func(m *model) bool { return m.rules.S13 == S13Never || m.rules.S13 == S13Chance && m.rules.S13P == 0 },
		"not applicable under S13 never (or a probability of 0): the GM never jumps the clock to 9:00"},
	{"debilities", func(m *model) bool { return m.rules.S8 == S8Never },
		"not applicable under S8 never: no PC takes a debility instead of harm"},
	{"any_out", func(m *model) bool { return m.rules.S2 == S2AlwaysDead },
		"not applicable under S2 always-dead: the call on inner strength never leaves a PC out of action"},
	{"harm_incidental", func(m *model) bool { return m.rules.S11 == S11Chance && m.rules.S11P == 0 },
		"not applicable under S11 0: the GM never fires incidental fire"},
	{sim.MetricTPK, deathless, deathlessWhy},
	{sim.MetricAnyDeath, deathless, deathlessWhy},
	{sim.MetricDeaths, deathless, deathlessWhy},
}

// deathless: under S2 life-untenable with S21 none Hard can always drop,
// so the call never kills, and nothing else kills a PC.
func deathless(m *model) bool { return m.rules.S2 == S2LifeUntenable && m.rules.S21 == S21None }

const deathlessWhy = "not applicable under S2 life-untenable with S21 none: Hard can always drop, so no PC dies"

// markNA sets NA on the metrics the model's options make impossible.
func markNA(ms []sim.Metric, m *model) {
	for i := range ms {
		for _, na := range notApplicable {
			if na.metric == ms[i].Name && na.applies(m) {
				ms[i].NA = na.why
			}
		}
	}
}

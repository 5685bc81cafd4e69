package catchthedevil

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// Limits of a scenario, fixed so that the kernel's state is arrays.
const (
	MaxPCs          = 8
	MaxNPCs         = 16
	MaxRoundsCap    = 1000
	defaultDyingRds = 3
)

// Indices of the Catch the Devil metrics, after the standard ones.
const (
	mEscape = sim.NumStandard + iota
	mAnyDying
	mAnyBlackout
	mDying
	mBlackouts
	mFled
	mCaptured
	mWounds
	mSHRolls
	mSHWounded
	mKITRolls
	mBreaks
	mStatLoss
	mNPCsDown
	mNPCsDead
	mConditions
)

// Indices of the per-combatant metrics.
const (
	cmDeath = iota
	cmDying
	cmDown
	cmFled
	cmWounds
	numCombatantMetrics
)

// pcSpec is a PC as compiled.
type pcSpec struct {
	name     string
	stats    [NumStats]int8
	damage   int
	ranged   bool
	armor    bool
	fighter  bool
	preroll  uint8 // moves whose version a GM question pre-rolls (bits)
	versions [NumMoves]uint8
	wounded  uint8 // moves wounded at the start (bits), before option C15
	bonus    uint8 // Suffer Harm 4's +1 carried in (bits), before option C25
	shPen    int8
	kitPen   int8
	weapon   string
	policy   PCPolicy
	card     string
}

// npcSpec is an NPC as compiled.
type npcSpec struct {
	name       string
	threshold  int
	damage     int // dealt to PCs, before their armor
	armor      bool
	horrendous bool
	person     bool
	source     int // the foe entry it came from: one Keep It Together per source
	policy     NPCPolicy
	card       string
}

// model is a compiled scenario; read-only and shared by the workers.
type model struct {
	rules     Rules
	maxRounds int
	dyingRds  int
	pcs       []pcSpec
	npcs      []npcSpec
	sources   int
	schema    *sim.Schema
	// Strong play (strong.go): whether some combatant plays strong, how
	// they search, and each side's default strategy, which strong play
	// plays after its fork and lists first.
	search.Plug // strong play (strong.go)
	defPC       PCPolicy
	defNPC      NPCPolicy
	defUniform  bool // defNPC is a UniformTargeter
}

// Schema lays out the Record of an encounter.
// dyingVerdict is the verdict under C14 dying, where nobody dies within
// the fight: who is left dying, and what an escape hides.
var dyingVerdict = &sim.VerdictRule{Metric: "any_dying", Event: "someone is left dying", Lone: "%s is left dying",
	Risk: "dying", Fight: "fight",
	Notes: []string{"The fight ends in an escape {escape}, even when the ones who got away left others lying dying: any_dying and each PC's dying say who was left behind."}}

func (m *model) Schema() *sim.Schema { return m.schema }

// NewKernel returns a kernel with its own state.
func (m *model) NewKernel() sim.Kernel { return newKernel(m, false) }

// MaxRounds is the round cap.
func (m *model) MaxRounds() int { return m.maxRounds }

// naDeath says why death figures are not applicable under option C14
// "dying".
const naDeath = "not applicable under C14 dying: the rules leave a PC's death to the GM; read any_dying and dying"

// schemaOf lays out the metrics: the standard seven, then the system's own.
func schemaOf(m *model) *sim.Schema {
	np, nn := len(m.pcs), len(m.npcs)
	metrics := sim.StandardMetrics(m.maxRounds, np)
	metrics = append(metrics,
		sim.Metric{Name: "escape", Kind: sim.Prob, Doc: "the fight ended with no PC in it and at least one PC fled"},
		sim.Metric{Name: "any_dying", Kind: sim.Prob, Doc: "at least one PC became dying (dead or not, option C14)"},
		sim.Metric{Name: "any_blackout", Kind: sim.Prob, Doc: "at least one PC blacked out (wounded Keep It Together 6-)"},
		sim.Metric{Name: "dying", Kind: sim.Count, Max: np, Doc: "PCs who became dying (including those then dead)"},
		sim.Metric{Name: "blackouts", Kind: sim.Count, Max: np, Doc: "PCs who blacked out"},
		sim.Metric{Name: "fled", Kind: sim.Count, Max: np, Doc: "PCs who got out"},
		sim.Metric{Name: "captured", Kind: sim.Count, Max: np, Doc: "blacked-out PCs captured (option C13 \"captured\")"},
		sim.Metric{Name: "wounds", Kind: sim.Count, Max: 4 * np, Doc: "moves wounded during the encounter, whole party"},
		sim.Metric{Name: "sh_rolls", Kind: sim.Count, Max: 10 * np, Doc: "Suffer Harm rolls"},
		sim.Metric{Name: "sh_wounded", Kind: sim.Count, Max: 4 * np, Doc: "Suffer Harm rolls made with Suffer Harm wounded (any miss is dying)"},
		sim.Metric{Name: "kit_rolls", Kind: sim.Count, Max: 4 * np, Doc: "Keep It Together rolls"},
		sim.Metric{Name: "breaks", Kind: sim.Count, Max: 4 * np, Doc: "breaks gained (wounded Keep It Together 6, option C12)"},
		sim.Metric{Name: "stat_loss", Kind: sim.Count, Max: 4 * np, Doc: "permanent stat reductions"},
		sim.Metric{Name: "npcs_down", Kind: sim.Count, Max: nn, Doc: "NPCs incapacitated or dead at the end"},
		sim.Metric{Name: "npcs_dead", Kind: sim.Count, Max: nn, Doc: "NPCs dead at the end"},
		sim.Metric{Name: "conditions", Kind: sim.Count, Max: 4 * nn, Doc: "conditions inflicted on NPCs"},
	)
	s := &sim.Schema{
		Metrics: metrics,
		CombatantMetrics: []sim.Metric{
			{Name: "death", Kind: sim.Prob, Doc: "dead (a PC under option C14; an NPC at twice its threshold in conditions)"},
			{Name: "dying", Kind: sim.Prob, Doc: "a PC became dying (dead or not)"},
			{Name: "down", Kind: sim.Prob, Doc: "out of action at the end: a PC blacked out, dying or dead; an NPC incapacitated or dead"},
			{Name: "fled", Kind: sim.Prob, Doc: "a PC got out"},
			{Name: "wounds", Kind: sim.Count, Max: 8, Doc: "a PC's wounded moves at the end; an NPC's conditions"},
		},
	}
	if m.rules.C14 == C14Dying {
		// E-C3: nobody dies within the simulation; a measured zero would
		// be no measurement.
		for _, x := range []int{sim.TPK, sim.AnyDeath, sim.Deaths} {
			s.Metrics[x].NA = naDeath
		}
		s.CombatantMetrics[cmDeath].NA, s.CombatantMetrics[cmDeath].NASide = naDeath, sim.Party
		s.Verdict = dyingVerdict
	}
	for _, c := range m.pcs {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: c.name, Side: sim.Party})
	}
	for _, x := range m.npcs {
		s.Combatants = append(s.Combatants, sim.Combatant{Name: x.name, Side: sim.Foes})
	}
	return s
}

package demoncity

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// MaxCombatants is the most combatants one encounter can hold.
const MaxCombatants = 16

// fighter is one combatant as compiled: its sheet reduced to the numbers
// the kernel reads.
type fighter struct {
	party        bool
	horror       bool
	agility      int
	toughness    int // base Toughness
	calm         int
	atk          int        // attack stat with its weapon
	resistMelee  int        // Agility or Hand-to-Hand against close combat
	kind         WeaponKind // of its weapon
	wscore       int        // its weapon's score at the scene's band
	massive      bool
	supernatural bool
	armor        int
	calmCheck    int
	calmGroup    int // foes: index of the first foe of the same kind (one Calm check per kind of horror)
	advantages   int
	disadv       int
	calledShot   bool
	deck         int // 0 the Players' Deck, 1 the Horror's Deck
	disadvLost   int // lost throws of its own disadvantages (DC-23 "free-form"), set by finish
	policy       Policy
}

// The two decks.
const (
	playersDeck = 0
	horrorsDeck = 1
)

// model is a compiled scenario: read-only, shared by every worker.
type model struct {
	schema        *sim.Schema
	maxRounds     int
	rules         Rules
	n, nParty     int
	f             [MaxCombatants]fighter
	names         [MaxCombatants]string
	sheets        [MaxCombatants]Sheet
	policyNames   [MaxCombatants]string
	cards         cardTable
	cardNames     []string // by card id, for narration
	decks         [2][]uint8
	deckMode      DeckMode
	band          Band
	escape        int // escape steps a fleer needs
	fleeIntensity int // Intensity of an unopposed flight
	search.Plug       // strong play (strong.go)

	// Worked out once per compile (finish), for the hot path.
	partyMask, foeMask uint16 // bit i: combatant i is on that side
	capSit, capCards   bool   // option DC-18's caps on throws
	// attackMods[i][t][s] are the extra throws of i's attack on t when t
	// stands towards it as s (see attackModsOf).
	attackMods [MaxCombatants][MaxCombatants][numStances]throwMods
	// defenceMods[i][x+1][flee] are the extra throws of i's defence against
	// x (x = -1: nobody), or of its flight when flee is 1.
	defenceMods [MaxCombatants][MaxCombatants + 1][2]throwMods
}

// bit is the mask of combatant i (0 <= i < MaxCombatants).
func bit(i int) uint16 { return 1 << (uint(i) & (MaxCombatants - 1)) }

// finish works out what the kernel would otherwise recompute every round:
// the sides as masks, the caps of DC-18, the lost throws of DC-23
// "free-form", and the extra throws of every attack by every stance of its
// target and of every defence or flight against every attacker.
func (m *model) finish() {
	m.partyMask = uint16(1)<<m.nParty - 1
	m.foeMask = (uint16(1)<<m.n - 1) &^ m.partyMask
	m.capSit = m.rules.DC18 == DC18Situational2 || m.rules.DC18 == DC18Legacy
	m.capCards = m.rules.DC18 == DC18Cards5 || m.rules.DC18 == DC18Legacy
	for i := 0; i < m.n; i++ {
		if m.rules.DC23 == DC23FreeForm {
			m.f[i].disadvLost = m.f[i].disadv
		}
		for t := 0; t < m.n; t++ {
			for s := range numStances {
				m.attackMods[i][t][s] = m.attackModsOf(i, t, s)
			}
		}
		for x := -1; x < m.n; x++ {
			for flee := range 2 {
				m.defenceMods[i][x+1][flee] = m.defenceModsOf(i, x, flee == 1)
			}
		}
	}
}

// side is 0 for a party member, 1 for a foe.
func (m *model) side(i int) int { return int(m.foeMask>>(uint(i)&(MaxCombatants-1))) & 1 }

// enemies is the mask of combatant i's enemies.
func (m *model) enemies(i int) uint16 {
	if m.partyMask&bit(i) != 0 {
		return m.foeMask
	}
	return m.partyMask
}

// Schema lays out the record of an encounter (sim.Model).
func (m *model) Schema() *sim.Schema { return m.schema }

// MaxRounds is the round cap (sim.Model).
func (m *model) MaxRounds() int { return m.maxRounds }

// NewKernel returns a kernel with its own state and decks.
func (m *model) NewKernel() sim.Kernel { return m.newKernel() }

func (m *model) newKernel() *kernel { return m.makeKernel(false) }

// makeKernel returns a kernel of m; a rollout kernel is the one strong play
// replays encounters on (strong.go).
func (m *model) makeKernel(rollout bool) *kernel {
	k := &kernel{m: m}
	k.view = View{k: k, m: m, st: &k.st}
	k.lastClashes.nAnn = -1
	for d := range k.decks {
		k.decks[d].Init(m.decks[d], &m.cards.value, m.deckMode)
	}
	for i := 0; i < m.n; i++ {
		k.deckOf[i] = &k.decks[m.f[i].deck]
	}
	k.initStrong(rollout)
	return k
}

// Encounter metrics after the standard ones.
const (
	mEscape = sim.NumStandard + iota
	mKnockdowns
	mFoeKnockdowns
	mClashes
	mClashTies
	mClashWins
	mWastedWins
	mHits
	mCriticals
	mSigCriticals
	mFumbles
	mPanics
	mRecoveryThrows
	mRecoveries
	mReshufflesPlayers
	mReshufflesHorror
	mAnyDown
	mLeftDown
)

// Per-combatant metrics.
const (
	cDown = iota
	cKnockdowns
	cRoundsDown
	cDownAtEnd
	cDeath
	cPanicked
	cFled
	cHitsTaken
	cDamage
	numCombatantMetrics
)

// noDeath is why the death figures are not applicable when the options
// give no way to die ("" when they do).
func noDeath(ru Rules) string {
	if ru.DC4 != DC4None || ru.DC5 == DC5CoupDeGrace {
		return ""
	}
	return "not applicable under DC-4 none: the rules leave death to the Host (no death inside an encounter; read down_at_end)"
}

// downNotes follow the verdict: how often the fight ends with someone still
// down, which is what the Host must then decide about.
var downNotes = []string{"Someone is still Out of the Fight when it ends {left_down}: after a win to be picked up, after a flight left behind."}

// schemaFor lays out the metrics of an encounter. Under options that give
// no way to die, tpk, any_death, deaths and each combatant's death are not
// applicable.
func schemaFor(maxRounds int, cs []sim.Combatant, partySize int, ru Rules) *sim.Schema {
	big := 4 * maxRounds
	metrics := append(sim.StandardMetrics(maxRounds, partySize),
		sim.Metric{Name: "escape", Kind: sim.Prob, Doc: "the fight ended with no party member still in it and at least one escaped"},
		sim.Metric{Name: "knockdowns", Kind: sim.Count, Max: big, Doc: "times a party member was knocked Out of the Fight"},
		sim.Metric{Name: "foe_knockdowns", Kind: sim.Count, Max: big, Doc: "times a foe was knocked Out of the Fight"},
		sim.Metric{Name: "clashes", Kind: sim.Count, Max: big, Doc: "clashes resolved"},
		sim.Metric{Name: "clash_ties", Kind: sim.Count, Max: big, Doc: "clashes tied for first between the sides (nothing happened)"},
		sim.Metric{Name: "clash_wins", Kind: sim.Count, Max: big, Doc: "clashes the party's side won"},
		sim.Metric{Name: "wasted_wins", Kind: sim.Count, Max: big, Doc: "clashes won by a side with attacks of which none landed (DC-6)"},
		sim.Metric{Name: "hits", Kind: sim.Count, Max: big, Doc: "attacks landed, both sides"},
		sim.Metric{Name: "criticals", Kind: sim.Count, Max: big, Doc: "critical successes (a card above 10 above everything it competed with, or an own Significator that succeeded)"},
		sim.Metric{Name: "significator_criticals", Kind: sim.Count, Max: big, Doc: "critical successes by a PC's own Significator (DC-21)"},
		sim.Metric{Name: "fumbles", Kind: sim.Count, Max: big, Doc: "throws whose result The Fool set (not a Significator)"},
		sim.Metric{Name: "panics", Kind: sim.Count, Max: big, Doc: "times a party member fell into a Panic (DC-16)"},
		sim.Metric{Name: "recovery_throws", Kind: sim.Count, Max: big, Doc: "throws to get up from Out of the Fight"},
		sim.Metric{Name: "recoveries", Kind: sim.Count, Max: big, Doc: "times someone got up from Out of the Fight"},
		sim.Metric{Name: "reshuffles_players", Kind: sim.Count, Max: big, Doc: "reshuffles of the Players' Deck"},
		sim.Metric{Name: "reshuffles_horror", Kind: sim.Count, Max: big, Doc: "reshuffles of the Horror's Deck"},
		sim.Metric{Name: "any_down", Kind: sim.Prob, Doc: "at least one party member knocked Out of the Fight"},
		sim.Metric{Name: "left_down", Kind: sim.Prob, Doc: "at least one party member still Out of the Fight when the encounter ended (beaten, or left behind by those who fled)"},
	)
	na := noDeath(ru)
	for _, x := range []int{sim.TPK, sim.AnyDeath, sim.Deaths} {
		metrics[x].NA = na
	}
	verdict := &sim.VerdictRule{Metric: "any_death", Event: "someone dies", Lone: "%s dies", Risk: "death", Fight: "fight", Notes: downNotes}
	if na != "" {
		verdict = &sim.VerdictRule{Metric: "any_down", Event: "someone is knocked Out of the Fight", Lone: "%s is knocked Out of the Fight",
			Risk: "down", Fight: "fight", Notes: append([]string{"Nobody dies: under DC-4 none the rules leave death to the Host."}, downNotes...)}
	}
	return &sim.Schema{
		Verdict:    verdict,
		Metrics:    metrics,
		Combatants: cs,
		CombatantMetrics: []sim.Metric{
			{Name: "down", Kind: sim.Prob, Doc: "knocked Out of the Fight at least once"},
			{Name: "knockdowns", Kind: sim.Count, Max: maxRounds, Doc: "times knocked Out of the Fight"},
			{Name: "rounds_down", Kind: sim.Count, Max: maxRounds, Doc: "rounds that ended with the combatant Out of the Fight"},
			{Name: "down_at_end", Kind: sim.Prob, Doc: "Out of the Fight when the encounter ended"},
			{Name: "death", Kind: sim.Prob, Doc: "dead (only under option DC-4 other than none, or DC-5 coup-de-grace)", NA: na},
			{Name: "panicked", Kind: sim.Prob, Doc: "fell into a Panic at least once"},
			{Name: "fled", Kind: sim.Prob, Doc: "escaped"},
			{Name: "hits_taken", Kind: sim.Count, Max: maxRounds, Doc: "attacks that landed on the combatant"},
			{Name: "damage_taken", Kind: sim.Count, Max: 10 * maxRounds, Doc: "Toughness lost to damage"},
		},
	}
}

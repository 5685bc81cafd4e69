package sim

// Kind says how a metric is accumulated.
type Kind uint8

const (
	// Prob is a yes/no event per encounter, reported as a proportion with a
	// Wilson interval.
	Prob Kind = iota
	// Count is a non-negative integer per encounter, kept as an exact
	// histogram.
	Count
)

// Metric describes one figure a kernel reports for every encounter.
type Metric struct {
	Name     string // lower_snake_case; the same name in every system for the headline ones
	Doc      string // one line for `tpk systems` and reports
	Kind     Kind
	Max      int  // Count only: the largest value expected (sizes the histogram; larger values still count)
	Headline bool // Prob only: governs the --precision stopping rule
	// NA, when set, says why the chosen options make this metric impossible
	// (naming the option): it is reported as not applicable, never as a
	// measured zero, and an expectation on it is an input error.
	NA string
	// NASide, for a per-combatant metric, limits NA to the combatants of
	// that side (PCs who cannot die beside NPCs who can); empty: every one.
	NASide Side
}

// The headline metrics every system reports, at these indices of
// Schema.Metrics (see StandardMetrics).
const (
	Victory = iota
	Defeat
	TPK
	AnyDeath
	Stalemate
	Rounds
	Deaths
	NumStandard
)

// The names of the headline metrics, as results, reports and `expect:`
// blocks spell them, the same in every system.
const (
	MetricVictory   = "victory"
	MetricDefeat    = "defeat"
	MetricTPK       = "tpk"
	MetricAnyDeath  = "any_death"
	MetricStalemate = "stalemate"
	MetricRounds    = "rounds"
	MetricDeaths    = "deaths"
)

// standardMetrics declares the headline metrics, each at its index: the
// index constants and the names cannot drift apart.
var standardMetrics = [NumStandard]Metric{
	Victory:   {Name: MetricVictory, Kind: Prob, Headline: true, Doc: "every foe defeated, fled or surrendered"},
	Defeat:    {Name: MetricDefeat, Kind: Prob, Headline: true, Doc: "every party member out of action"},
	TPK:       {Name: MetricTPK, Kind: Prob, Headline: true, Doc: "every party member dead"},
	AnyDeath:  {Name: MetricAnyDeath, Kind: Prob, Headline: true, Doc: "at least one party member dead"},
	Stalemate: {Name: MetricStalemate, Kind: Prob, Headline: true, Doc: "max_rounds reached with the fight still going"},
	Rounds:    {Name: MetricRounds, Kind: Count, Doc: "rounds played"},
	Deaths:    {Name: MetricDeaths, Kind: Count, Doc: "party members dead"},
}

// StandardMetrics returns the headline metrics shared by every system, in the
// order of the Victory..Deaths constants. maxRounds and partySize size the
// histograms. A system appends its own metrics after them.
func StandardMetrics(maxRounds, partySize int) []Metric {
	ms := standardMetrics // a copy
	ms[Rounds].Max = maxRounds
	ms[Deaths].Max = partySize
	return ms[:]
}

// IsStandard reports whether name is one of the headline metrics every
// system reports.
func IsStandard(name string) bool {
	for _, m := range standardMetrics {
		if m.Name == name {
			return true
		}
	}
	return false
}

// Side is the side a combatant fights on.
type Side string

// The two sides of an encounter.
const (
	Party Side = "party"
	Foes  Side = "foes"
)

// Combatant names one participant of an encounter.
type Combatant struct {
	Name string
	Side Side
}

// Schema is the layout of a Record: the encounter metrics, the combatants and
// the metrics kept for each of them.
type Schema struct {
	Metrics          []Metric
	Combatants       []Combatant
	CombatantMetrics []Metric
	// Verdict is what the sentence opening every result is about; nil
	// means DefaultVerdict (death).
	Verdict *VerdictRule
}

// Record is what one encounter produced. The engine zeroes it before every
// encounter; the kernel sets Values[i] for Metrics[i] (0 or 1 for a Prob) and
// PerCombatant[c*len(CombatantMetrics)+j] for combatant c and metric j, and
// may report who is still standing round by round with Standing.
type Record struct {
	Values       []int32
	PerCombatant []int32
	stand        standing
}

// NewRecord allocates a Record laid out for s.
func NewRecord(s *Schema) *Record {
	r := &Record{
		Values:       make([]int32, len(s.Metrics)),
		PerCombatant: make([]int32, len(s.Combatants)*len(s.CombatantMetrics)),
	}
	r.stand.init(s)
	return r
}

// Reset zeroes every value and forgets what Standing reported.
func (r *Record) Reset() {
	clear(r.Values)
	clear(r.PerCombatant)
	r.stand.reset()
}

// Set records v for encounter metric i.
func (r *Record) Set(i int, v int) { r.Values[i] = int32(v) }

// Flag records a yes/no event for encounter metric i.
func (r *Record) Flag(i int, yes bool) {
	if yes {
		r.Values[i] = 1
	} else {
		r.Values[i] = 0
	}
}

// Ending is how an encounter ended, as the standard metrics read it.
type Ending struct {
	Victory, Defeat, Stalemate bool
	Rounds                     int // rounds played
	Deaths, Party              int // party members dead, of how many
}

// SetStandard records the standard metrics, Victory to Deaths, of an
// encounter that ended as e: every system defines tpk (the whole party
// dead) and any_death alike.
func (r *Record) SetStandard(e Ending) {
	r.Flag(Victory, e.Victory)
	r.Flag(Defeat, e.Defeat)
	r.Flag(TPK, e.Deaths == e.Party)
	r.Flag(AnyDeath, e.Deaths > 0)
	r.Flag(Stalemate, e.Stalemate)
	r.Set(Rounds, e.Rounds)
	r.Set(Deaths, e.Deaths)
}

// Index returns the index in Metrics of the metric called name, or -1.
func (s *Schema) Index(name string) int {
	for i, m := range s.Metrics {
		if m.Name == name {
			return i
		}
	}
	return -1
}

package sim

// A toy game for testing the engine: it knows nothing of any rules, but it
// draws from the generator like a kernel does and fills every kind of figure.

// toyDraw is a Count metric holding the encounter's first draw (0..999): it
// identifies the encounter's random stream, for the replay tests.
const toyDraw = NumStandard

// Per-combatant metrics of the toy.
const (
	toyDeath = iota
	toyWounds
)

type toyModel struct {
	schema    *Schema
	maxRounds int
	panicDraw int     // the kernel panics when its first draw equals this; -1 never
	win       float64 // the chance of victory (0.3)
	onPlay    func()  // called at the start of every encounter when set
}

func newToy() *toyModel {
	const maxRounds = 12
	metrics := append(StandardMetrics(maxRounds, 2),
		Metric{Name: "draw", Kind: Count, Max: 999, Doc: "the encounter's first draw"})
	return &toyModel{
		maxRounds: maxRounds,
		panicDraw: -1,
		win:       0.3,
		schema: &Schema{
			Metrics:    metrics,
			Combatants: []Combatant{{"Ann", Party}, {"Bo", Party}, {"Ogre", Foes}},
			CombatantMetrics: []Metric{
				{Name: "death", Kind: Prob, Doc: "died"},
				// Max is deliberately below the largest value (3), so that
				// histograms grow during runs.
				{Name: "wounds", Kind: Count, Max: 2, Doc: "wounds taken"},
			},
		},
	}
}

func (m *toyModel) Schema() *Schema { return m.schema }
func (m *toyModel) MaxRounds() int  { return m.maxRounds }
func (m *toyModel) NewKernel() Kernel {
	return &toyKernel{m: m, ncm: len(m.schema.CombatantMetrics)}
}

type toyKernel struct {
	m   *toyModel
	ncm int
}

// Play: rounds are geometric (the fight ends each round with probability
// 0.4) up to maxRounds; the party wins with probability 0.3; otherwise the
// fight is a stalemate if it lasted maxRounds and a defeat if not. Each party
// member dies with probability 0.2 in a defeat, 0.02 otherwise; every
// combatant takes 0..3 wounds. It reports who is standing round by round.
func (k *toyKernel) Play(r *Rand, rec *Record, tr *Trace) {
	m := k.m
	draw := r.IntN(1000)
	rec.Set(toyDraw, draw)
	if m.onPlay != nil {
		m.onPlay()
	}
	if draw == m.panicDraw {
		panic("toy: cursed draw")
	}
	rounds := 1
	for rounds < m.maxRounds && !r.Chance(0.4) {
		rounds++
	}
	rec.Set(Rounds, rounds)
	victory := r.Chance(m.win)
	stalemate := !victory && rounds == m.maxRounds
	defeat := !victory && !stalemate
	rec.Flag(Victory, victory)
	rec.Flag(Stalemate, stalemate)
	rec.Flag(Defeat, defeat)
	deaths := 0
	for c := range 2 {
		p := 0.02
		if defeat {
			p = 0.2
		}
		dead := r.Chance(p)
		if dead {
			deaths++
		}
		rec.PerCombatant[c*k.ncm+toyDeath] = b2i(dead)
	}
	for c := range 3 {
		rec.PerCombatant[c*k.ncm+toyWounds] = int32(r.IntN(4))
	}
	// Who is standing, round by round: Bo is knocked out in round 1 and up
	// again in round 2 when the draw is even and the fight lasts; the dead
	// fall, and the Ogre on a victory, in the last round.
	const everyone = 0b111
	if draw%2 == 0 && rounds >= 2 {
		rec.Standing(1, everyone&^0b010)
		rec.Standing(2, everyone)
	}
	end := uint64(everyone)
	for c := range 2 {
		if rec.PerCombatant[c*k.ncm+toyDeath] == 1 {
			end &^= 1 << c
		}
	}
	if victory {
		end &^= 0b100
	}
	rec.Standing(rounds, end)
	rec.Set(Deaths, deaths)
	rec.Flag(TPK, deaths == 2)
	rec.Flag(AnyDeath, deaths > 0)
	if tr != nil {
		tr.Add(0, "", "draw %d", draw)
		tr.Add(rounds, "Ann", "the fight ends: victory %v, deaths %d", victory, deaths)
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

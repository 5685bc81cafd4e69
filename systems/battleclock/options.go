package battleclock

import (
	"fmt"
	"strconv"

	"github.com/tpk-sim/tpk/sim"
)

// optionSpecs are the points of judgement of section 2.10 of the rules
// spec, S1..S21, then S22 (the "which stat" half of S8), S23 (section
// 2.5's shield-spending policy) and S24 (enemy shields, errata E-B2). Each lists the spec's default first.
var optionSpecs = []sim.Option{
	{ID: "S1", Doc: "clock size: 6 segments (3:00, 6:00, 9:00, 10:00, 11:00, 12:00), or 12 one-hour units (conflicts with the seed's 10:00 and 11:00; not recommended)",
		Values: []string{"six", "twelve"}},
	{ID: "S2", Doc: "the missing \"call on inner strength\" at 12:00: roll +Will (10+ hold on at 11:00, 7-9 out of action, 6- dead); the same minus the harm beyond 12:00; rolled once a battle (later calls are fatal); always dead; or Apocalypse World's \"life untenable\" (out of action with -1 Hard for good, dead if Hard cannot drop)",
		Values: []string{"stand-in", "overflow", "once", "always-dead", "life-untenable"}},
	{ID: "S3", Doc: "shock when armor absorbs only part of a hit: no (only a whole hit absorbed), or whenever armor soaks 1 or more",
		Values: []string{"whole", "any"}},
	{ID: "S4", Doc: "a 0-harm hit: no effect, or 1 shock",
		Values: []string{"none", "shock"}},
	{ID: "S5", Doc: "\"more than one shock from a single source\" (glitched next roll) is counted after shields soak some, or before",
		Values: []string{"after-shields", "before-shields"}},
	{ID: "S6", Doc: "shock spilling onto the harm clock: a point at a time (each can trigger a debility or the call), or in one batch with the hit's harm",
		Values: []string{"per-point", "batch"}},
	{ID: "S7", Doc: "shields and barriers: a pool soaking shock, refilled at the start of a battle; also soaking harm before armor; or soaking shock and regaining a point each tick spent covered",
		Values: []string{"shock-only", "soak-harm", "regen-covered"}},
	{ID: "S8", Doc: "when a PC takes a debility instead of harm past 9:00: only when the harm would reach 12:00 (lifesaver), any time (early), from 11:00, or never",
		Values: []string{"lifesaver", "early", "threshold-11", "never"}},
	{ID: "S9", Doc: "a debility when the harm clock is already past 9:00: allowed (back to 9:00), or only when crossing 9:00",
		Values: []string{"allowed", "crossing-only"}},
	{ID: "S10", Doc: "unconscious PCs under fire: not targeted, or still targeted (their shock spills onto harm)",
		Values: []string{"not-targeted", "targeted"}},
	{ID: "S11", Doc: "incidental fire at the end of ticks 1-3: every exposed PC takes 1 or 2 harm (even chances), one random exposed PC does, Apocalypse World's 0 or 1 harm to every exposed PC, or a probability per tick of the default",
		Values: []string{"each-exposed", "one-random", "aw-0-1"}, Probability: true},
	{ID: "S12", Doc: "concentrated fire at the end of ticks 4-6 (errata E-B1): each active enemy hits one exposed PC with its harm, a group of N firing as N enemies, so `count: 6` and six entries play alike; one hit per group (the old default); or every active enemy hits every exposed PC",
		Values: []string{"per-enemy", "per-group", "every-pc"}},
	{ID: "S13", Doc: "the GM jumps the clock to 9:00: after the first tick in which a PC seizes by force, never, at the start, or with a probability per tick",
		Values: []string{"after-seize", "never", "at-start"}, Probability: true},
	{ID: "S14", Doc: "the GM's move on a miss: the engaged enemy's harm (seize by force, act under fire), or a random move (its harm, 1-shock, or glitched on the next roll)",
		Values: []string{"engaged-harm", "random-table"}},
	{ID: "S15", Doc: "what ends a battle: midnight on the battle clock (both sides standing: the outcome midnight, errata E-B3), or extra ticks of concentrated fire until one side breaks (max_rounds reached: a stalemate)",
		Values: []string{"midnight", "extend"}},
	{ID: "S16", Doc: "enemy durability: the NPC harm scale (harm less its grade: 2 out, 3 dead half the time, 4 dead), or a harm clock of 6 (out and dead at 12:00)",
		Values: []string{"rpol-scale", "harm-clock"}},
	{ID: "S17", Doc: "moves in one PC's action each tick: one, or up to two",
		Values: []string{"one", "two"}},
	{ID: "S18", Doc: "battle moves: the sister hack's (defend a secure position, provide covering fire, maintain an untenable position, hit the deck), or none (seize by force and act under fire only)",
		Values: []string{"sister-hack", "none"}},
	{ID: "S19", Doc: "several +forward: they add up, or only the biggest counts",
		Values: []string{"sum", "no-stacking"}},
	{ID: "S20", Doc: "harm at 10:00 or 11:00 getting worse untreated: not within a battle, +1 at the end of the battle, or +1 at the end of every tick",
		Values: []string{"ignored", "end", "per-tick"}},
	{ID: "S21", Doc: "stats lowered by debilities: never below -3, or no floor",
		Values: []string{"clamp", "none"}},
	{ID: "S22", Doc: "which debility a PC takes: Hot, Sharp, Cool, Hard in that order (disfigured, broken, shattered, crippled), the lowest current stat first, or a random one",
		Values: []string{"order", "lowest-stat", "random"}},
	{ID: "S23", Doc: "spending shields on shock: only when the shock would reach 12:00 or be more than 1 from one source, or always",
		Values: []string{"when-needed", "always"}},
	{ID: "S24", Doc: "an enemy's shields (errata E-B2; the seed speaks of PC shields only): they soak harm before its armor, a point per harm, once a battle (enemies keep no shock clock), or they do nothing",
		Values: []string{"harm", "none"}},
}

func options() []sim.Option { return sim.DefaultFirst(optionSpecs) }

// NumOptions is the number of options, S1..S24.
const NumOptions = 24

// Rules are the resolved options: Rules.v[n] is the index of option Sn's
// value in its list (0 the default); a probability given for S11 or S13 is
// kept in p11 or p13 (with v[n] = probValue).
type Rules struct {
	v        [NumOptions + 1]uint8
	p11, p13 float64
}

const probValue = 255

// The values of each option, by index in its list.
const (
	s2StandIn, s2Overflow, s2Once, s2Dead, s2Untenable = 0, 1, 2, 3, 4
	s7ShockOnly, s7SoakHarm, s7Regen                   = 0, 1, 2
	s8Lifesaver, s8Early, s8Threshold, s8Never         = 0, 1, 2, 3
	s11Each, s11OneRandom, s11AW                       = 0, 1, 2
	s12PerEnemy, s12PerGroup, s12EveryPC               = 0, 1, 2
	s13AfterSeize, s13Never, s13AtStart                = 0, 1, 2
	s20Ignored, s20End, s20PerTick                     = 0, 1, 2
	s22Order, s22Lowest, s22Random                     = 0, 1, 2
	s24Harm, s24None                                   = 0, 1
)

// Is reports whether option Sn has the value at index x.
func (ru *Rules) Is(n int, x uint8) bool { return ru.v[n] == x }

// RulesOf converts resolved options (every id present) to Rules.
func RulesOf(o sim.Options) (Rules, error) {
	var ru Rules
	for n, s := range optionSpecs {
		v := o.Get(s.ID)
		found := false
		for i, x := range s.Values {
			if x == v {
				ru.v[n+1] = uint8(i)
				found = true
			}
		}
		if found {
			continue
		}
		p, err := strconv.ParseFloat(v, 64)
		if !s.Probability || err != nil || p < 0 || p > 1 {
			return ru, fmt.Errorf("option %s: unknown value %q", s.ID, v)
		}
		ru.v[n+1] = probValue
		if n+1 == 11 {
			ru.p11 = p
		} else {
			ru.p13 = p
		}
	}
	return ru, nil
}

// RulesWith returns the defaults with some options set ("S2", "once"); it
// panics on an unknown one (for tests and tools).
func RulesWith(kv ...string) Rules {
	o := sim.Options{}
	for _, s := range optionSpecs {
		o[s.ID] = s.Default
	}
	for i := 0; i+1 < len(kv); i += 2 {
		o[kv[i]] = kv[i+1]
	}
	ru, err := RulesOf(o)
	if err != nil {
		panic(err)
	}
	return ru
}

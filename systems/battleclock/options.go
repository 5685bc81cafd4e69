package battleclock

import "github.com/tpk-sim/tpk/sim"

// The points of judgement of section 2.10 of the rules spec, S1..S21, then
// S22 (the "which stat" half of S8), S23 (section 2.5's shield-spending
// policy) S24 (enemy shields, errata E-B2 and E-B5), S25
// (hit the deck's cost, errata E-B4) and S26 (what frighten does): each one a type whose
// constants are its readings, a field of Rules, and one entry of
// OptionTable, which ties each reading's word to its constant by name. S11
// and S13 also take a probability, kept in S11P and S13P.

// S1 is option S1: clock size.
type S1 uint8

// The readings of S1, the spec's default first.
const (
	S1Six S1 = iota
	S1Twelve
)

// S2 is option S2: the missing "call on inner strength" at 12:00.
type S2 uint8

// The readings of S2, the spec's default first.
const (
	S2StandIn S2 = iota
	S2Overflow
	S2Once
	S2AlwaysDead
	S2LifeUntenable
)

// S3 is option S3: shock when armor absorbs only part of a hit.
type S3 uint8

// The readings of S3, the spec's default first.
const (
	S3Whole S3 = iota
	S3Any
)

// S4 is option S4: a 0-harm hit.
type S4 uint8

// The readings of S4, the spec's default first.
const (
	S4None S4 = iota
	S4Shock
)

// S5 is option S5: "more than one shock from a single source" (glitched next roll) is counted after shields soak some, or before.
type S5 uint8

// The readings of S5, the spec's default first.
const (
	S5AfterShields S5 = iota
	S5BeforeShields
)

// S6 is option S6: shock spilling onto the harm clock.
type S6 uint8

// The readings of S6, the spec's default first.
const (
	S6PerPoint S6 = iota
	S6Batch
)

// S7 is option S7: shields and barriers.
type S7 uint8

// The readings of S7, the spec's default first.
const (
	S7ShockOnly S7 = iota
	S7SoakHarm
	S7RegenCovered
)

// S8 is option S8: when a PC takes a debility instead of harm past 9:00.
type S8 uint8

// The readings of S8, the spec's default first.
const (
	S8Lifesaver S8 = iota
	S8Early
	S8Threshold11
	S8Never
)

// S9 is option S9: a debility when the harm clock is already past 9:00.
type S9 uint8

// The readings of S9, the spec's default first.
const (
	S9Allowed S9 = iota
	S9CrossingOnly
)

// S10 is option S10: unconscious PCs under fire.
type S10 uint8

// The readings of S10, the spec's default first.
const (
	S10NotTargeted S10 = iota
	S10Targeted
)

// S11 is option S11: incidental fire at the end of ticks 1-3.
type S11 uint8

// The readings of S11, the spec's default first.
const (
	S11EachExposed S11 = iota
	S11OneRandom
	S11AW
	S11Chance // a probability per occasion, in S11P
)

// S12 is option S12: concentrated fire at the end of ticks 4-6 (errata E-B1).
type S12 uint8

// The readings of S12, the spec's default first.
const (
	S12PerEnemy S12 = iota
	S12PerGroup
	S12EveryPC
)

// S13 is option S13: the GM jumps the clock to 9:00.
type S13 uint8

// The readings of S13, the spec's default first.
const (
	S13AfterSeize S13 = iota
	S13Never
	S13AtStart
	S13Chance // a probability per occasion, in S13P
)

// S14 is option S14: the GM's move on a miss.
type S14 uint8

// The readings of S14, the spec's default first.
const (
	S14EngagedHarm S14 = iota
	S14RandomTable
)

// S15 is option S15: what ends a battle.
type S15 uint8

// The readings of S15, the spec's default first.
const (
	S15Midnight S15 = iota
	S15Extend
)

// S16 is option S16: enemy durability.
type S16 uint8

// The readings of S16, the spec's default first.
const (
	S16RPOLScale S16 = iota
	S16HarmClock
)

// S17 is option S17: moves in one PC's action each tick.
type S17 uint8

// The readings of S17, the spec's default first.
const (
	S17One S17 = iota
	S17Two
)

// S18 is option S18: battle moves.
type S18 uint8

// The readings of S18, the spec's default first.
const (
	S18SisterHack S18 = iota
	S18None
)

// S19 is option S19: several +forward.
type S19 uint8

// The readings of S19, the spec's default first.
const (
	S19Sum S19 = iota
	S19NoStacking
)

// S20 is option S20: harm at 10:00 or 11:00 getting worse untreated.
type S20 uint8

// The readings of S20, the spec's default first.
const (
	S20Ignored S20 = iota
	S20End
	S20PerTick
)

// S21 is option S21: stats lowered by debilities.
type S21 uint8

// The readings of S21, the spec's default first.
const (
	S21Clamp S21 = iota
	S21None
)

// S22 is option S22: which debility a PC takes.
type S22 uint8

// The readings of S22, the spec's default first.
const (
	S22Order S22 = iota
	S22LowestStat
	S22Random
)

// S23 is option S23: spending shields on shock.
type S23 uint8

// The readings of S23, the spec's default first.
const (
	S23WhenNeeded S23 = iota
	S23Always
)

// S24 is option S24: an enemy's shields (errata E-B2, default changed by
// E-B5; the seed speaks of PC shields only, and they soak shock alone).
type S24 uint8

// The readings of S24, the spec's default first.
const (
	S24None S24 = iota
	S24Harm
)

// S25 is option S25: the cost the GM picks on a 7-9 to hit the deck
// (errata E-B4: on any hit the PC is safe for the rest of the tick).
type S25 uint8

// The readings of S25, the spec's default first.
const (
	S25Shock S25 = iota
	S25Pinned
	S25Random
)

// S26 is option S26: what impressing, dismaying or frightening the enemy
// (a seize by force pick) does in numbers. Apocalypse World's move gives it
// none ("an impressed, dismayed, or frightened NPC must change their
// behavior", how is the GM's call); +1 forward was the old stand-in.
type S26 uint8

// The readings of S26, the source's first.
const (
	S26None S26 = iota
	S26Forward
)

// Rules are the options in force, one typed field per option, resolved
// once when a scenario is compiled; the kernel reads its fields.
type Rules struct {
	S1   S1
	S2   S2
	S3   S3
	S4   S4
	S5   S5
	S6   S6
	S7   S7
	S8   S8
	S9   S9
	S10  S10
	S11  S11
	S11P float64 // the probability when S11 is S11Chance
	S12  S12
	S13  S13
	S13P float64 // the probability when S13 is S13Chance
	S14  S14
	S15  S15
	S16  S16
	S17  S17
	S18  S18
	S19  S19
	S20  S20
	S21  S21
	S22  S22
	S23  S23
	S24  S24
	S25  S25
	S26  S26
}

// OptionTable declares every option once, bound to its field of Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("S1", "clock size: 6 segments (3:00, 6:00, 9:00, 10:00, 11:00, 12:00), or 12 one-hour units (conflicts with the seed's 10:00 and 11:00; not recommended)",
		func(r *Rules) *S1 { return &r.S1 },
		sim.Val("six", S1Six), sim.Val("twelve", S1Twelve)),
	sim.Enum("S2", "the missing \"call on inner strength\" at 12:00: roll +Will (10+ hold on at 11:00, 7-9 out of action, 6- dead); the same minus the harm beyond 12:00; rolled once a battle (later calls are fatal); always dead; or Apocalypse World's \"life untenable\" (out of action with -1 Hard for good, dead if Hard cannot drop)",
		func(r *Rules) *S2 { return &r.S2 },
		sim.Val("stand-in", S2StandIn), sim.Val("overflow", S2Overflow), sim.Val("once", S2Once), sim.Val("always-dead", S2AlwaysDead), sim.Val("life-untenable", S2LifeUntenable)),
	sim.Enum("S3", "shock when armor absorbs only part of a hit: no (only a whole hit absorbed), or whenever armor soaks 1 or more",
		func(r *Rules) *S3 { return &r.S3 },
		sim.Val("whole", S3Whole), sim.Val("any", S3Any)),
	sim.Enum("S4", "a 0-harm hit: no effect, or 1 shock",
		func(r *Rules) *S4 { return &r.S4 },
		sim.Val("none", S4None), sim.Val("shock", S4Shock)),
	sim.Enum("S5", "\"more than one shock from a single source\" (glitched next roll) is counted after shields soak some, or before",
		func(r *Rules) *S5 { return &r.S5 },
		sim.Val("after-shields", S5AfterShields), sim.Val("before-shields", S5BeforeShields)),
	sim.Enum("S6", "shock spilling onto the harm clock: a point at a time (each can trigger a debility or the call), or in one batch with the hit's harm",
		func(r *Rules) *S6 { return &r.S6 },
		sim.Val("per-point", S6PerPoint), sim.Val("batch", S6Batch)),
	sim.Enum("S7", "shields and barriers: a pool soaking shock, refilled at the start of a battle; also soaking harm before armor; or soaking shock and regaining a point each tick spent covered",
		func(r *Rules) *S7 { return &r.S7 },
		sim.Val("shock-only", S7ShockOnly), sim.Val("soak-harm", S7SoakHarm), sim.Val("regen-covered", S7RegenCovered)),
	sim.Enum("S8", "when a PC takes a debility instead of harm past 9:00: only when the harm would reach 12:00 (lifesaver), any time (early), from 11:00, or never",
		func(r *Rules) *S8 { return &r.S8 },
		sim.Val("lifesaver", S8Lifesaver), sim.Val("early", S8Early), sim.Val("threshold-11", S8Threshold11), sim.Val("never", S8Never)),
	sim.Enum("S9", "a debility when the harm clock is already past 9:00: allowed (back to 9:00), or only when crossing 9:00",
		func(r *Rules) *S9 { return &r.S9 },
		sim.Val("allowed", S9Allowed), sim.Val("crossing-only", S9CrossingOnly)),
	sim.Enum("S10", "unconscious PCs under fire: not targeted, or still targeted (their shock spills onto harm)",
		func(r *Rules) *S10 { return &r.S10 },
		sim.Val("not-targeted", S10NotTargeted), sim.Val("targeted", S10Targeted)),
	sim.EnumOrChance("S11", "incidental fire at the end of ticks 1-3: every exposed PC takes 1 or 2 harm (even chances), one random exposed PC does, Apocalypse World's 0 or 1 harm to every exposed PC, or a probability per tick of the default",
		func(r *Rules) *S11 { return &r.S11 }, S11Chance, func(r *Rules) *float64 { return &r.S11P },
		sim.Val("each-exposed", S11EachExposed), sim.Val("one-random", S11OneRandom), sim.Val("aw-0-1", S11AW)),
	sim.Enum("S12", "concentrated fire at the end of ticks 4-6 (errata E-B1): each active enemy hits one exposed PC with its harm, a group of N firing as N enemies, so `count: 6` and six entries play alike; one hit per group (the old default); or every active enemy hits every exposed PC",
		func(r *Rules) *S12 { return &r.S12 },
		sim.Val("per-enemy", S12PerEnemy), sim.Val("per-group", S12PerGroup), sim.Val("every-pc", S12EveryPC)),
	sim.EnumOrChance("S13", "the GM jumps the clock to 9:00: after the first tick in which a PC seizes by force, never, at the start, or with a probability per tick",
		func(r *Rules) *S13 { return &r.S13 }, S13Chance, func(r *Rules) *float64 { return &r.S13P },
		sim.Val("after-seize", S13AfterSeize), sim.Val("never", S13Never), sim.Val("at-start", S13AtStart)),
	sim.Enum("S14", "the GM's move on a miss: the engaged enemy's harm (seize by force, act under fire), or a random move (its harm, 1-shock, or glitched on the next roll)",
		func(r *Rules) *S14 { return &r.S14 },
		sim.Val("engaged-harm", S14EngagedHarm), sim.Val("random-table", S14RandomTable)),
	sim.Enum("S15", "what ends a battle: midnight on the battle clock (both sides standing: the outcome midnight, errata E-B3), or extra ticks of concentrated fire until one side breaks (max_rounds reached: a stalemate)",
		func(r *Rules) *S15 { return &r.S15 },
		sim.Val("midnight", S15Midnight), sim.Val("extend", S15Extend)),
	sim.Enum("S16", "enemy durability: the NPC harm scale (harm less its grade: 2 out, 3 dead half the time, 4 dead), or a harm clock of 6 (out and dead at 12:00)",
		func(r *Rules) *S16 { return &r.S16 },
		sim.Val("rpol-scale", S16RPOLScale), sim.Val("harm-clock", S16HarmClock)),
	sim.Enum("S17", "moves in one PC's action each tick: one, or up to two",
		func(r *Rules) *S17 { return &r.S17 },
		sim.Val("one", S17One), sim.Val("two", S17Two)),
	sim.Enum("S18", "battle moves: the sister hack's (defend a secure position, provide covering fire, maintain an untenable position, hit the deck), or none (seize by force and act under fire only)",
		func(r *Rules) *S18 { return &r.S18 },
		sim.Val("sister-hack", S18SisterHack), sim.Val("none", S18None)),
	sim.Enum("S19", "several +forward: they add up, or only the biggest counts",
		func(r *Rules) *S19 { return &r.S19 },
		sim.Val("sum", S19Sum), sim.Val("no-stacking", S19NoStacking)),
	sim.Enum("S20", "harm at 10:00 or 11:00 getting worse untreated: not within a battle, +1 at the end of the battle, or +1 at the end of every tick",
		func(r *Rules) *S20 { return &r.S20 },
		sim.Val("ignored", S20Ignored), sim.Val("end", S20End), sim.Val("per-tick", S20PerTick)),
	sim.Enum("S21", "stats lowered by debilities: never below -3, or no floor",
		func(r *Rules) *S21 { return &r.S21 },
		sim.Val("clamp", S21Clamp), sim.Val("none", S21None)),
	sim.Enum("S22", "which debility a PC takes: Hot, Sharp, Cool, Hard in that order (disfigured, broken, shattered, crippled), the lowest current stat first, or a random one",
		func(r *Rules) *S22 { return &r.S22 },
		sim.Val("order", S22Order), sim.Val("lowest-stat", S22LowestStat), sim.Val("random", S22Random)),
	sim.Enum("S23", "spending shields on shock: only when the shock would reach 12:00 or be more than 1 from one source, or always",
		func(r *Rules) *S23 { return &r.S23 },
		sim.Val("when-needed", S23WhenNeeded), sim.Val("always", S23Always)),
	sim.Enum("S24", "an enemy's shields (errata E-B2 and E-B5): they do nothing, since the seed's shields only absorb shock and enemies keep no shock clock; or they soak harm before its armor, a point per harm, once a battle (the Mass Effect reading, one item two rules)",
		func(r *Rules) *S24 { return &r.S24 },
		sim.Val("none", S24None), sim.Val("harm", S24Harm)),
	sim.Enum("S25", "the cost the GM picks on a 7-9 to hit the deck (errata E-B4: on any hit the PC is safe from fire for the rest of the tick): 1-shock, the one cost with a number; pinned (glitched until it relocates); or one of pinned, losing a shield or barrier point and 1-shock at even chances",
		func(r *Rules) *S25 { return &r.S25 },
		sim.Val("shock", S25Shock), sim.Val("pinned", S25Pinned), sim.Val("random", S25Random)),
	sim.Enum("S26", "what the seize by force pick 'impress, dismay or frighten your enemy' does in numbers: nothing (Apocalypse World's move gives it no number: the enemy must change its behaviour as the GM decides), or +1 forward to the PC (the old stand-in)",
		func(r *Rules) *S26 { return &r.S26 },
		sim.Val("none", S26None), sim.Val("forward", S26Forward)),
)

package locus

import "github.com/tpk-sim/tpk/sim"

// The points of judgement of section 3.2 of the rules spec, L-1..L-29, and
// L-30 of its errata E-L2: each
// one a type whose constants are its readings, a field of Rules named after
// its id (L-3: L3), and one entry of OptionTable, which ties each reading's
// word to its constant by name. L-22 also takes a probability, kept in
// L22P.
// L1 is option L-1: the character attribute used to attack a monster.
type L1 uint8

// The readings of L-1, the spec's default first.
const (
	L1Clumsiness L1 = iota
	L1PerWeapon
)

// L2 is option L-2: character attribute that defends against a monster's Attack.
type L2 uint8

// The readings of L-2, the spec's default first.
const (
	L2Clumsiness L2 = iota
	L2Frailty
	L2Better
	L2Worse
)

// L3 is option L-3: injury floors and Blinded in contested checks.
type L3 uint8

// The readings of L-3, the spec's default first.
const (
	L3Ignore L3 = iota
	L3Dice
	L3MinusPoint
)

// L4 is option L-4: whose miss gives the monster +1 on its next attack on that target (never stacking).
type L4 uint8

// The readings of L-4, the spec's default first.
const (
	L4Monster L4 = iota
	L4Character
	L4Both
)

// L5 is option L-5: monster initiative.
type L5 uint8

// The readings of L-5, the spec's default first.
const (
	L5Zero L5 = iota
	L5Minus3
	L5MinusChase
	L5Last
)

// L6 is option L-6: initiative ties.
type L6 uint8

// The readings of L-6, the spec's default first.
const (
	L6Reroll L6 = iota
	L6CharactersFirst
	L6MonstersFirst
)

// L7 is option L-7: monster Death's Door.
type L7 uint8

// The readings of L-7, the spec's default first.
const (
	L7Segments L7 = iota
	L7Hits
	L7NoGrievous
)

// L8 is option L-8: Death's Door geometry.
type L8 uint8

// The readings of L-8, the spec's default first.
const (
	L8Running L8 = iota
	L8Aligned
)

// L9 is option L-9: when a monster in reach inflicts.
type L9 uint8

// The readings of L-9, the spec's default first.
const (
	L9AttackAndInflict L9 = iota
	L9InflictInstead
	L9Alternate
	L9Once
)

// L10 is option L-10: Terrified and Restrained checks.
type L10 uint8

// The readings of L-10, the spec's default first.
const (
	L10Fixed L10 = iota
	L10Infliction
)

// L11 is option L-11: Condition durations.
type L11 uint8

// The readings of L-11, the spec's default first.
const (
	L11Conflict L11 = iota
	L11Rounds
	L11MiscCheck
)

// L12 is option L-12: Unstable: every attack against the character knocks it Prone, or only hits.
type L12 uint8

// The readings of L-12, the spec's default first.
const (
	L12AllAttacks L12 = iota
	L12Hits
)

// L13 is option L-13: Prone's -1 point on defence: always, or only when the defence attribute is Clumsiness (a dodge).
type L13 uint8

// The readings of L-13, the spec's default first.
const (
	L13Always L13 = iota
	L13DodgeOnly
)

// L14 is option L-14: attribute used to hide (and to stay hidden when searched): Clumsiness or Carelessness.
type L14 uint8

// The readings of L-14, the spec's default first.
const (
	L14Clumsiness L14 = iota
	L14Carelessness
)

// L15 is option L-15: search window.
type L15 uint8

// The readings of L-15, the spec's default first.
const (
	L15ThreeRounds L15 = iota
	L15Unlimited
	L15ResumeOnMove
)

// L16 is option L-16: chase geometry (1-D line).
type L16 uint8

// The readings of L-16, the spec's default first.
const (
	L16Line L16 = iota
	L16OutOfReach
)

// L17 is option L-17: Stress check volume.
type L17 uint8

// The readings of L-17, the spec's default first.
const (
	L17PerEvent L17 = iota
	L17Literal
)

// L18 is option L-18: a failed Stress check when already Stressed.
type L18 uint8

// The readings of L-18, the spec's default first.
const (
	L18Stay L18 = iota
	L18Breakdown
)

// L19 is option L-19: Willpower re-roll.
type L19 uint8

// The readings of L-19, the spec's default first.
const (
	L19OneDie L19 = iota
	L19AllDice
	L19Flat
)

// L20 is option L-20: an outcome check's success with consequences.
type L20 uint8

// The readings of L-20, the spec's default first.
const (
	L20Failure L20 = iota
	L20Success
)

// L21 is option L-21: stacking of point modifiers: all additive, or each side's net bonus capped at +2.
type L21 uint8

// The readings of L-21, the spec's default first.
const (
	L21Additive L21 = iota
	L21Cap2
)

// L22 is option L-22: Director's +1 award on a character's contested checks: off, always, or a probability per check.
type L22 uint8

// The readings of L-22, the spec's default first.
const (
	L22Off L22 = iota
	L22Always
	L22Chance // a probability per check, in L22P
)

// L23 is option L-23: Infliction avoidance checks: the character's injury floor applies, or is ignored.
type L23 uint8

// The readings of L-23, the spec's default first.
const (
	L23Floor L23 = iota
	L23Ignore
)

// L24 is option L-24: order of Item relief and injury floor: relief first then the floor, or the floor first then relief.
type L24 uint8

// The readings of L-24, the spec's default first.
const (
	L24ReliefFirst L24 = iota
	L24FloorFirst
)

// L25 is option L-25: do monsters suffer injury floors on their own checks: no, or yes as characters do.
type L25 uint8

// The readings of L-25, the spec's default first.
const (
	L25No L25 = iota
	L25Yes
)

// L26 is option L-26: Durability checks start after the use that marks the Damaged box, or on that use already.
type L26 uint8

// The readings of L-26, the spec's default first.
const (
	L26After L26 = iota
	L26OnMark
)

// L27 is option L-27: Threat grade of totals 10/15/20/25.
type L27 uint8

// The readings of L-27, the spec's default first.
const (
	L27LowerInclusive L27 = iota
	L27BoundaryLower
)

// L28 is option L-28: Defend's +1.
type L28 uint8

// The readings of L-28, the spec's default first.
const (
	L28First L28 = iota
	L28All
)

// L29 is option L-29: a null monster attribute (-): that action is unavailable (a null Chase never moves).
type L29 uint8

// The readings of L-29, the spec's default first.
const (
	L29Unavailable L29 = iota
)

// L30 is option L-30: how a "moderately likely to chase" monster decides to
// chase (errata E-L2).
type L30 uint8

// The readings of L-30, the default first.
const (
	L30PerPursuit L30 = iota
	L30PerTurn
)

// Rules are the options in force, one typed field per option, resolved
// once when a scenario is compiled; the kernel reads its fields.
type Rules struct {
	L1   L1
	L2   L2
	L3   L3
	L4   L4
	L5   L5
	L6   L6
	L7   L7
	L8   L8
	L9   L9
	L10  L10
	L11  L11
	L12  L12
	L13  L13
	L14  L14
	L15  L15
	L16  L16
	L17  L17
	L18  L18
	L19  L19
	L20  L20
	L21  L21
	L22  L22
	L22P float64 // the probability when L22 is L22Chance
	L23  L23
	L24  L24
	L25  L25
	L26  L26
	L27  L27
	L28  L28
	L29  L29
	L30  L30
}

// OptionTable declares every option once, bound to its field of Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("L-1", "character attribute used to attack a monster: Clumsiness, or each weapon's own `attribute:`",
		func(r *Rules) *L1 { return &r.L1 },
		sim.Val("clumsiness", L1Clumsiness), sim.Val("per-weapon", L1PerWeapon)),
	sim.Enum("L-2", "character attribute that defends against a monster's Attack: Clumsiness (evading), Frailty (enduring), the better or the worse of the two",
		func(r *Rules) *L2 { return &r.L2 },
		sim.Val("clumsiness", L2Clumsiness), sim.Val("frailty", L2Frailty), sim.Val("better", L2Better), sim.Val("worse", L2Worse)),
	sim.Enum("L-3", "injury floors and Blinded in contested checks: ignore them (all three dice count, errata E-L1), dice (Medium counts the two lowest dice, Hard the lowest), or -1 point per tier above Easy",
		func(r *Rules) *L3 { return &r.L3 },
		sim.Val("ignore", L3Ignore), sim.Val("dice", L3Dice), sim.Val("minus-point", L3MinusPoint)),
	sim.Enum("L-4", "whose miss gives the monster +1 on its next attack on that target (never stacking): the monster's own, the character's, or both",
		func(r *Rules) *L4 { return &r.L4 },
		sim.Val("monster", L4Monster), sim.Val("character", L4Character), sim.Val("both", L4Both)),
	sim.Enum("L-5", "monster initiative: 3d6 minus 0, minus 3, minus its Chase (null counts 6), or monsters always act after the characters",
		func(r *Rules) *L5 { return &r.L5 },
		sim.Val("zero", L5Zero), sim.Val("minus3", L5Minus3), sim.Val("minus-chase", L5MinusChase), sim.Val("last", L5Last)),
	sim.Enum("L-6", "initiative ties: re-roll among the tied, characters first, or monsters first (same-side ties re-rolled)",
		func(r *Rules) *L6 { return &r.L6 },
		sim.Val("reroll", L6Reroll), sim.Val("characters-first", L6CharactersFirst), sim.Val("monsters-first", L6MonstersFirst)),
	sim.Enum("L-7", "monster Death's Door: filled with 1/3/9 segments per Minor/Major/Grievous, one segment per hit, or with a Grievous hit counted as Major",
		func(r *Rules) *L7 { return &r.L7 },
		sim.Val("segments", L7Segments), sim.Val("hits", L7Hits), sim.Val("no-grievous", L7NoGrievous)),
	sim.Enum("L-8", "Death's Door geometry: a running total, or aligned (a Major fills the next untouched sub-section, a Grievous the next untouched symbol)",
		func(r *Rules) *L8 { return &r.L8 },
		sim.Val("running", L8Running), sim.Val("aligned", L8Aligned)),
	sim.Enum("L-9", "when a monster in reach inflicts: besides attacking, instead of attacking, on alternate turns, or once per conflict",
		func(r *Rules) *L9 { return &r.L9 },
		sim.Val("attack-and-inflict", L9AttackAndInflict), sim.Val("inflict-instead", L9InflictInstead), sim.Val("alternate", L9Alternate), sim.Val("once", L9Once)),
	sim.Enum("L-10", "Terrified and Restrained checks: fixed (Cowardice Medium, Frailty Medium) or the causing Infliction's own attribute and difficulty",
		func(r *Rules) *L10 { return &r.L10 },
		sim.Val("fixed", L10Fixed), sim.Val("infliction", L10Infliction)),
	sim.Enum("L-11", "Condition durations: the whole conflict, 3 rounds (except Prone and Restrained), or until removed by a Miscellaneous outcome check",
		func(r *Rules) *L11 { return &r.L11 },
		sim.Val("conflict", L11Conflict), sim.Val("rounds", L11Rounds), sim.Val("misc-check", L11MiscCheck)),
	sim.Enum("L-12", "Unstable: every attack against the character knocks it Prone, or only hits",
		func(r *Rules) *L12 { return &r.L12 },
		sim.Val("all-attacks", L12AllAttacks), sim.Val("hits", L12Hits)),
	sim.Enum("L-13", "Prone's -1 point on defence: always, or only when the defence attribute is Clumsiness (a dodge)",
		func(r *Rules) *L13 { return &r.L13 },
		sim.Val("always", L13Always), sim.Val("dodge-only", L13DodgeOnly)),
	sim.Enum("L-14", "attribute used to hide (and to stay hidden when searched): Clumsiness or Carelessness",
		func(r *Rules) *L14 { return &r.L14 },
		sim.Val("clumsiness", L14Clumsiness), sim.Val("carelessness", L14Carelessness)),
	sim.Enum("L-15", "search window: a monster searches at most 3 rounds, without limit, or 3 rounds renewed whenever a hidden character moves",
		func(r *Rules) *L15 { return &r.L15 },
		sim.Val("three-rounds", L15ThreeRounds), sim.Val("unlimited", L15Unlimited), sim.Val("resume-on-move", L15ResumeOnMove)),
	sim.Enum("L-16", "chase geometry (1-D line): escape at `escape` metres from every monster, or after 3 rounds of fleeing out of reach; the spec's 2-D map is not implemented",
		func(r *Rules) *L16 { return &r.L16 },
		sim.Val("line", L16Line), sim.Val("out-of-reach", L16OutOfReach)),
	sim.Enum("L-17", "Stress check volume: one per triggering event, or literal (a failed Stress check triggers another, at most 3 in a chain)",
		func(r *Rules) *L17 { return &r.L17 },
		sim.Val("per-event", L17PerEvent), sim.Val("literal", L17Literal)),
	sim.Enum("L-18", "a failed Stress check when already Stressed: stay Stressed (counted as overflow), or break down (Terrified of the nearest monster)",
		func(r *Rules) *L18 { return &r.L18 },
		sim.Val("stay", L18Stay), sim.Val("breakdown", L18Breakdown)),
	sim.Enum("L-19", "Willpower re-roll: one die for 1/2/3 WP at Uneasy/Tense/Stressed (placeholder), all three dice for that price, or one die for a flat 1 WP",
		func(r *Rules) *L19 { return &r.L19 },
		sim.Val("one-die", L19OneDie), sim.Val("all-dice", L19AllDice), sim.Val("flat", L19Flat)),
	sim.Enum("L-20", "an outcome check's success with consequences: a failure for Stress triggers, or a success (the consequence still happens)",
		func(r *Rules) *L20 { return &r.L20 },
		sim.Val("failure", L20Failure), sim.Val("success", L20Success)),
	sim.Enum("L-21", "stacking of point modifiers: all additive, or each side's net bonus capped at +2",
		func(r *Rules) *L21 { return &r.L21 },
		sim.Val("additive", L21Additive), sim.Val("cap2", L21Cap2)),
	sim.EnumOrChance("L-22", "Director's +1 award on a character's contested checks: off, always, or a probability per check",
		func(r *Rules) *L22 { return &r.L22 }, L22Chance, func(r *Rules) *float64 { return &r.L22P },
		sim.Val("off", L22Off), sim.Val("always", L22Always)),
	sim.Enum("L-23", "Infliction avoidance checks: the character's injury floor applies, or is ignored",
		func(r *Rules) *L23 { return &r.L23 },
		sim.Val("floor", L23Floor), sim.Val("ignore", L23Ignore)),
	sim.Enum("L-24", "order of Item relief and injury floor: relief first then the floor, or the floor first then relief",
		func(r *Rules) *L24 { return &r.L24 },
		sim.Val("relief-first", L24ReliefFirst), sim.Val("floor-first", L24FloorFirst)),
	sim.Enum("L-25", "do monsters suffer injury floors on their own checks: no, or yes as characters do",
		func(r *Rules) *L25 { return &r.L25 },
		sim.Val("no", L25No), sim.Val("yes", L25Yes)),
	sim.Enum("L-26", "Durability checks start after the use that marks the Damaged box, or on that use already",
		func(r *Rules) *L26 { return &r.L26 },
		sim.Val("after", L26After), sim.Val("on-mark", L26OnMark)),
	sim.Enum("L-27", "Threat grade of totals 10/15/20/25: the higher band (lower-inclusive bands), or the lower band (threat grade only)",
		func(r *Rules) *L27 { return &r.L27 },
		sim.Val("lower-inclusive", L27LowerInclusive), sim.Val("boundary-lower", L27BoundaryLower)),
	sim.Enum("L-28", "Defend's +1: on the first contested check in which the character defends before its next turn, or on all of them",
		func(r *Rules) *L28 { return &r.L28 },
		sim.Val("first", L28First), sim.Val("all", L28All)),
	sim.Enum("L-29", "a null monster attribute (-): that action is unavailable (a null Chase never moves)",
		func(r *Rules) *L29 { return &r.L29 },
		sim.Val("unavailable", L29Unavailable)),
	sim.Enum("L-30", "chase likelihood (errata E-L2): a moderately likely monster decides once, with probability 0.5, when a character breaks away, and holds to it until that character is back in reach, hides or escapes; or a fresh 0.5 every turn",
		func(r *Rules) *L30 { return &r.L30 },
		sim.Val("per-pursuit", L30PerPursuit), sim.Val("per-turn", L30PerTurn)),
)

// The fixed numbers some readings name.
const (
	conditionRounds  = 3 // L-11 "rounds"
	searchRounds     = 3 // L-15
	outOfReachRounds = 3 // L-16 "out-of-reach"
	stressChain      = 3 // L-17 "literal"
)

// hideAttrs is the attribute each reading of L-14 hides with.
var hideAttrs = [...]Attr{L14Clumsiness: Clumsiness, L14Carelessness: Carelessness}

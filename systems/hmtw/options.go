package hmtw

import "github.com/tpk-sim/tpk/sim"

// The ambiguities of section 9 of the spec, H-1..H-32, the bestiary's
// options for Web and Poison, H-33 and H-34, and the errata's H-35 (a group
// test of one) and H-36 (Do You Doubt Me, Traitor?): each one a type whose
// constants are its readings (the spec's default first), a field of Rules
// named after its id (H-2: H2), and one entry of OptionTable, which ties
// each reading's word to its constant by name. An option with one value
// records the reading tpk plays where the spec offers no alternative.
// H1 is option H-1: creatures from the appendix text, which is not in the seed.
type H1 uint8

// The readings of H-1, the spec's default first.
const (
	H1Trust H1 = iota
	H1Flag
)

// H2 is option H-2: a group ganging up on one adventurer.
type H2 uint8

// The readings of H-2, the spec's default first.
const (
	H2PerTarget H2 = iota
	H2Lethal
	H2Zone
)

// H3 is option H-3: how many members a group action reaches.
type H3 uint8

// The readings of H-3, the spec's default first.
const (
	H3Able H3 = iota
	H3All
)

// H4 is option H-4: a GM hand with fewer lesser dooms than Initiatives to fill.
type H4 uint8

// The readings of H-4, the spec's default first.
const (
	H4MulliganOnce H4 = iota
	H4Unlimited
	H4GreaterInitiative
	H4RedrawMissing
)

// H5 is option H-5: order of simultaneous minor actions and of GM-adventurer Initiative ties.
type H5 uint8

// The readings of H-5, the spec's default first.
const (
	H5Fixed H5 = iota
	H5Random
	H5Simultaneous
)

// H6 is option H-6: a facedown Dodge.
type H6 uint8

// The readings of H-6, the spec's default first.
const (
	H6Mandatory H6 = iota
	H6Choose
	H6TieMiss
)

// H7 is option H-7: Riposte and Dodge on one character.
type H7 uint8

// The readings of H-7, the spec's default first.
const (
	H7Strict H7 = iota
	H7Both
)

// H8 is option H-8: Avoid ties.
type H8 uint8

// The readings of H-8, the spec's default first.
const (
	H8AsPrinted H8 = iota
	H8Strict
	H8TiesPass
)

// H9 is option H-9: Roughhouse ties.
type H9 uint8

// The readings of H-9, the spec's default first.
const (
	H9General H9 = iota
	H9Strict
)

// H10 is option H-10: Speak Incantation ties.
type H10 uint8

// The readings of H-10, the spec's default first.
const (
	H10Caster H10 = iota
	H10Strict
)

// H11 is option H-11: a non-Critical Wound on an adventurer at Death's Door.
type H11 uint8

// The readings of H-11, the spec's default first.
const (
	H11NoEffect H11 = iota
	H11Kills
	H11FinishingBlows
)

// H12 is option H-12: rescue of adventurers at Death's Door.
type H12 uint8

// The readings of H-12, the spec's default first.
const (
	H12AfterFight H12 = iota
	H12FightOnly
	H12Unlimited
)

// H13 is option H-13: what a Heal removes from an adventurer.
type H13 uint8

// The readings of H-13, the spec's default first.
const (
	H13Default H13 = iota
	H13Player
)

// H14 is option H-14: what Heal restores on a creature.
type H14 uint8

// The readings of H-14, the spec's default first.
const (
	H14HealthFirst H14 = iota
	H14DefenseFirst
)

// H15 is option H-15: Resolve for favor when the action already has favor.
type H15 uint8

// The readings of H-15, the spec's default first.
const (
	H15Never H15 = iota
	H15Wasted
)

// H16 is option H-16: the GM's minor actions.
type H16 uint8

// The readings of H-16, the spec's default first.
const (
	H16AsWritten H16 = iota
	H16OnePerRound
)

// H17 is option H-17: Stun on a GM character.
type H17 uint8

// The readings of H-17, the spec's default first.
const (
	H17Lowest H17 = iota
	H17Random
)

// H18 is option H-18: damage kinds for creature immunities.
type H18 uint8

// The readings of H-18, the spec's default first.
const (
	H18Table H18 = iota
	H18Untyped
)

// H19 is option H-19: light sources (with scene.dark).
type H19 uint8

// The readings of H-19, the spec's default first.
const (
	H19Wound H19 = iota
	H19Ignore
	H19AnyHit
	H19Targeted
)

// H20 is option H-20: 'larger than a human' for the GM's hand.
type H20 uint8

// The readings of H-20, the spec's default first.
const (
	H20Inferred H20 = iota
	H20Never
	H20UnknownLarger
)

// H21 is option H-21: 'man' foes built from the man theme.
type H21 uint8

// The readings of H-21, the spec's default first.
const (
	H21Converted H21 = iota
	H21FullTrack
)

// H22 is option H-22: a hand of the Fool and one other card.
type H22 uint8

// The readings of H-22, the spec's default first.
const (
	H22AsStated H22 = iota
)

// H23 is option H-23: what adventurers at Death's Door or Knocked out can do.
type H23 uint8

// The readings of H-23, the spec's default first.
const (
	H23Helpless H23 = iota
)

// H24 is option H-24: engagement.
type H24 uint8

// The readings of H-24, the spec's default first.
const (
	H24OneZone H24 = iota
)

// H25 is option H-25: Guard.
type H25 uint8

// The readings of H-25, the spec's default first.
const (
	H25NewCard H25 = iota
)

// H26 is option H-26: Test Fate inside a Challenge.
type H26 uint8

// The readings of H-26, the spec's default first.
const (
	H26Card H26 = iota
	H26Free
)

// H27 is option H-27: Berserkergang's 'enemies' clause and spells on allies.
type H27 uint8

// The readings of H-27, the spec's default first.
const (
	H27Ignored H27 = iota
)

// H28 is option H-28: a retreat with 1 hit.
type H28 uint8

// The readings of H-28, the spec's default first.
const (
	H28Caught H28 = iota
	H28Wound
	H28Cornered
)

// H29 is option H-29: Banter and Morale.
type H29 uint8

// The readings of H-29, the spec's default first.
const (
	H29Morale H29 = iota
	H29Off
)

// H30 is option H-30: creature abilities that are GM fiat.
type H30 uint8

// The readings of H-30, the spec's default first.
const (
	H30On H30 = iota
	H30Off
)

// H31 is option H-31: a zombie's severed limbs and the vampire's bats.
type H31 uint8

// The readings of H-31, the spec's default first.
const (
	H31AsPrinted H31 = iota
)

// H32 is option H-32: Ambusher in round 1.
type H32 uint8

// The readings of H-32, the spec's default first.
const (
	H32OneWound H32 = iota
	H32All
)

// H33 is option H-33: a web (the brain spider's Web, a web bomb).
type H33 uint8

// The readings of H-33, the spec's default first.
const (
	H33Four H33 = iota
	H33Two
)

// H34 is option H-34: the goblins' Poison rider.
type H34 uint8

// The readings of H-34, the spec's default first.
const (
	H34Counted H34 = iota
	H34Exhausted
)

// H35 is option H-35: a group test of one (errata E-H9).
type H35 uint8

// The readings of H-35, the spec's default first.
const (
	H35TestsTwice H35 = iota
	H35OneTest
	H35OneTestDoubled
)

// H36 is option H-36: what "Do You Doubt Me, Traitor?" crosses out
// (errata E-H10).
type H36 uint8

// The readings of H-36, the spec's default first.
const (
	H36PlayerChoice H36 = iota
	H36Talent
)

// Rules are the options in force, one typed field per option, resolved
// once when a scenario is compiled; the kernel reads its fields.
type Rules struct {
	H1  H1
	H2  H2
	H3  H3
	H4  H4
	H5  H5
	H6  H6
	H7  H7
	H8  H8
	H9  H9
	H10 H10
	H11 H11
	H12 H12
	H13 H13
	H14 H14
	H15 H15
	H16 H16
	H17 H17
	H18 H18
	H19 H19
	H20 H20
	H21 H21
	H22 H22
	H23 H23
	H24 H24
	H25 H25
	H26 H26
	H27 H27
	H28 H28
	H29 H29
	H30 H30
	H31 H31
	H32 H32
	H33 H33
	H34 H34
	H35 H35
	H36 H36
}

// OptionTable declares every option once, bound to its field of Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("H-1", "creatures from the appendix text, which is not in the seed: use them as they are, or also mark them unverified in replays",
		func(r *Rules) *H1 { return &r.H1 },
		sim.Val("trust", H1Trust), sim.Val("flag", H1Flag)),
	sim.Enum("H-2", "a group ganging up on one adventurer: one Attack per target with the mob bonus of the members assigned to it, every assigned member Attacks (lethal), or one Attack per target with the mob bonus of every member in the zone",
		func(r *Rules) *H2 { return &r.H2 },
		sim.Val("per-target", H2PerTarget), sim.Val("lethal", H2Lethal), sim.Val("zone", H2Zone)),
	sim.Enum("H-3", "how many members a group action reaches: those able to do it (melee members in the zone, missile members in range), or every member whatever its weapons",
		func(r *Rules) *H3 { return &r.H3 },
		sim.Val("able", H3Able), sim.Val("all", H3All)),
	sim.Enum("H-4", "a GM hand with fewer lesser dooms than Initiatives to fill: one mulligan a round then groups without a card get no turn, mulligans until it has enough, the lowest greater doom as Initiative, or redraw only the missing cards",
		func(r *Rules) *H4 { return &r.H4 },
		sim.Val("mulligan-once", H4MulliganOnce), sim.Val("unlimited", H4Unlimited), sim.Val("greater-initiative", H4GreaterInitiative), sim.Val("redraw-missing", H4RedrawMissing)),
	sim.Enum("H-5", "order of simultaneous minor actions and of GM-adventurer Initiative ties: fixed (defences, then Recover, then the rest; the GM first on ties), random, or simultaneous (an actor downed in the window still resolves what it declared)",
		func(r *Rules) *H5 { return &r.H5 },
		sim.Val("fixed", H5Fixed), sim.Val("random", H5Random), sim.Val("simultaneous", H5Simultaneous)),
	sim.Enum("H-6", "a facedown Dodge: revealed on the next targeting even if it would miss anyway, revealed only when the player chooses, or mandatory with a tie counting as a miss",
		func(r *Rules) *H6 { return &r.H6 },
		sim.Val("mandatory", H6Mandatory), sim.Val("choose", H6Choose), sim.Val("tie-miss", H6TieMiss)),
	sim.Enum("H-7", "Riposte and Dodge on one character: one facedown card at a time, or one of each",
		func(r *Rules) *H7 { return &r.H7 },
		sim.Val("strict", H7Strict), sim.Val("both", H7Both)),
	sim.Enum("H-8", "Avoid ties: as printed (p.116), past a hazard only when greater (a tie fails; errata E-H11) and out of an engagement on equal or greater; every Avoid strictly greater; or ties-pass, past a hazard by the general tie rule too (a trap has no shield, so a tie passes). Dash while engaged is a Move either way",
		func(r *Rules) *H8 { return &r.H8 },
		sim.Val("as-printed", H8AsPrinted), sim.Val("strict", H8Strict), sim.Val("ties-pass", H8TiesPass)),
	sim.Enum("H-9", "Roughhouse ties: the general rule (ties succeed unless shield), or strict (must exceed)",
		func(r *Rules) *H9 { return &r.H9 },
		sim.Val("general", H9General), sim.Val("strict", H9Strict)),
	sim.Enum("H-10", "Speak Incantation ties: to the caster unless shield (chapter 7), or strict (Appendix A)",
		func(r *Rules) *H10 { return &r.H10 },
		sim.Val("caster", H10Caster), sim.Val("strict", H10Strict)),
	sim.Enum("H-11", "a non-Critical Wound on an adventurer at Death's Door: no effect (the GM does not attack the downed), it kills, or no effect but the GM goes for finishing blows",
		func(r *Rules) *H11 { return &r.H11 },
		sim.Val("no-effect", H11NoEffect), sim.Val("kills", H11Kills), sim.Val("finishing-blows", H11FinishingBlows)),
	sim.Enum("H-12", "rescue of adventurers at Death's Door: after the fight if the guild can act (Heal, else a poultice test of Wands), only during the fight (the Challenge's watch counts), or without limit (none dies of lingering)",
		func(r *Rules) *H12 { return &r.H12 },
		sim.Val("after-fight", H12AfterFight), sim.Val("fight-only", H12FightOnly), sim.Val("unlimited", H12Unlimited)),
	sim.Enum("H-13", "what a Heal removes from an adventurer: Death's Door, else Injured, else a Wounded talent, else Staggered; or the player's choice, which tpk takes to be a Wounded talent it fights with, before Injured",
		func(r *Rules) *H13 { return &r.H13 },
		sim.Val("default", H13Default), sim.Val("player", H13Player)),
	sim.Enum("H-14", "what Heal restores on a creature: Health first up to its maximum, then Defense (reverse order of loss), or Defense first",
		func(r *Rules) *H14 { return &r.H14 },
		sim.Val("health-first", H14HealthFirst), sim.Val("defense-first", H14DefenseFirst)),
	sim.Enum("H-15", "Resolve for favor when the action already has favor: never spent (the kernel refuses), or spent and wasted",
		func(r *Rules) *H15 { return &r.H15 },
		sim.Val("never", H15Never), sim.Val("wasted", H15Wasted)),
	sim.Enum("H-16", "the GM's minor actions: one per group per other character's turn, limited by the hand (as written), or one per group per round",
		func(r *Rules) *H16 { return &r.H16 },
		sim.Val("as-written", H16AsWritten), sim.Val("one-per-round", H16OnePerRound)),
	sim.Enum("H-17", "Stun on a GM character: the GM discards its lowest lesser doom, or a random card",
		func(r *Rules) *H17 { return &r.H17 },
		sim.Val("lowest", H17Lowest), sim.Val("random", H17Random)),
	sim.Enum("H-18", "damage kinds for creature immunities: the table of section 5.7 (daggers piercing, wand blasts magic, fists and stones crushing, torches fire), or untyped (immunities to kinds of harm ignored)",
		func(r *Rules) *H18 { return &r.H18 },
		sim.Val("table", H18Table), sim.Val("untyped", H18Untyped)),
	sim.Enum("H-19", "light sources (with scene.dark): a held light breaks when its holder takes a Wound from an Attack or is Disarmed of it, never breaks, breaks on any hit, or breaks only when the GM disarms its holder",
		func(r *Rules) *H19 { return &r.H19 },
		sim.Val("wound", H19Wound), sim.Val("ignore", H19Ignore), sim.Val("any-hit", H19AnyHit), sim.Val("targeted", H19Targeted)),
	sim.Enum("H-20", "'larger than a human' for the GM's hand: the bestiary's inferred flag (unknown counts as not larger), never, or unknown counts as larger",
		func(r *Rules) *H20 { return &r.H20 },
		sim.Val("inferred", H20Inferred), sim.Val("never", H20Never), sim.Val("unknown-larger", H20UnknownLarger)),
	sim.Enum("H-21", "'man' foes built from the man theme: attributes 4/3/2/1 and HD 5/armor Notches, or the adventurer's Wound track (a Critical marks Injured rather than taking all Health)",
		func(r *Rules) *H21 { return &r.H21 },
		sim.Val("converted", H21Converted), sim.Val("full-track", H21FullTrack)),
	sim.Enum("H-22", "a hand of the Fool and one other card: that card is the Initiative and the Fool cannot be played; a Fool turn opens no minor-action window",
		func(r *Rules) *H22 { return &r.H22 },
		sim.Val("as-stated", H22AsStated)),
	sim.Enum("H-23", "adventurers at Death's Door or Knocked out draw no cards, lose their facedown cards and defend at Initiative 0; worn armor still absorbs",
		func(r *Rules) *H23 { return &r.H23 },
		sim.Val("helpless", H23Helpless)),
	sim.Enum("H-24", "engagement: every melee Attack on a creature in one's zone is legal; a success engages the pair; leaving draws free Wounds only from those engaged",
		func(r *Rules) *H24 { return &r.H24 },
		sim.Val("one-zone", H24OneZone)),
	sim.Enum("H-25", "Guard: the new Initiative card sets both defence and turn; a value at or below the count acts right after the current window",
		func(r *Rules) *H25 { return &r.H25 },
		sim.Val("new-card", H25NewCard)),
	sim.Enum("H-26", "Test Fate inside a Challenge: spends the turn's card (its value ignored), or costs no card",
		func(r *Rules) *H26 { return &r.H26 },
		sim.Val("card", H26Card), sim.Val("free", H26Free)),
	sim.Enum("H-27", "Berserkergang's 'enemies' clause and spells on allies: ignored (no friendly fire)",
		func(r *Rules) *H27 { return &r.H27 },
		sim.Val("ignored", H27Ignored)),
	sim.Enum("H-28", "a retreat with 1 hit: the last adventurer in marching order is caught and fights on alone, everyone escapes with 1 Wound, or the guild is cornered",
		func(r *Rules) *H28 { return &r.H28 },
		sim.Val("caught", H28Caught), sim.Val("wound", H28Wound), sim.Val("cornered", H28Cornered)),
	sim.Enum("H-29", "Banter and Morale: the Morale state machine (Banter above Morale moves the group to fear, and it flees; an intelligent group at Morale 8 surrenders), or off (everyone fights to the death)",
		func(r *Rules) *H29 { return &r.H29 },
		sim.Val("morale", H29Morale), sim.Val("off", H29Off)),
	sim.Enum("H-30", "creature abilities that are GM fiat (the cockatrice's gaze, Do You Doubt Me, Grab, the devil's Bite, Throw Stones, the griffin's Grab): played by their sim reading, or switched off",
		func(r *Rules) *H30 { return &r.H30 },
		sim.Val("on", H30On), sim.Val("off", H30Off)),
	sim.Enum("H-31", "a zombie's severed limbs add no GM cards but count as enemies; the vampire's bats add +2 and take the summoning card as Initiative",
		func(r *Rules) *H31 { return &r.H31 },
		sim.Val("as-printed", H31AsPrinted)),
	sim.Enum("H-32", "Ambusher in round 1: doubles a 1-Wound result only, or every result",
		func(r *Rules) *H32 { return &r.H32 },
		sim.Val("one-wound", H32OneWound), sim.Val("all", H32All)),
	sim.Enum("H-33", "a web (the brain spider's Web, a web bomb): limbs to free, one per Recover action (the bestiary's sim reading: 4, option 2)",
		func(r *Rules) *H33 { return &r.H33 },
		sim.Val("4", H33Four), sim.Val("2", H33Two)),
	sim.Enum("H-34", "the goblins' Poison rider: only counted as an affliction, its first stage doing nothing in the fight (p.96-97; errata E-H2), or the target is Exhausted for the rest of the fight (the bestiary's sim reading)",
		func(r *Rules) *H34 { return &r.H34 },
		sim.Val("counted", H34Counted), sim.Val("exhausted", H34Exhausted)),
	sim.Enum("H-35", "a group test of one (a lone adventurer's retreat): it is both the most and the least qualified and tests fate twice (p.8; errata E-H9), tests once for its hits, or tests once with its hits doubled",
		func(r *Rules) *H35 { return &r.H35 },
		sim.Val("tests-twice", H35TestsTwice), sim.Val("one-test", H35OneTest), sim.Val("one-test-doubled", H35OneTestDoubled)),
	sim.Enum("H-36", "what \"Do You Doubt Me, Traitor?\" crosses out: the attacking player's choice, what costs it least in the fight (a motif, a pack slot, its name; a talent only when nothing else is left; App. C p.270, errata E-H10), or a talent it fights with (the GM's choice)",
		func(r *Rules) *H36 { return &r.H36 },
		sim.Val("player-choice", H36PlayerChoice), sim.Val("talent", H36Talent)),
)

// maxMulligans is where H-4 "unlimited" stops if the deck cannot give enough.
const maxMulligans = 8

// options returns H-1..H-36, as `tpk systems` lists them.
func options() []sim.Option { return OptionTable.Options() }

// RulesOf returns the rules the options set (options not given are at the
// spec's default); an unknown id or value is an error.
func RulesOf(o sim.Options) (Rules, error) { return OptionTable.Resolve(o) }

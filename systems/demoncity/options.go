package demoncity

import "github.com/tpk-sim/tpk/sim"

// The points of judgement of section 3.1 of the rules spec, DC-1..DC-23,
// and those its Errata add (DC-24, DC-25, DC-26): each one a type whose constants
// are its readings, a field of Rules named after its id (DC-13: DC13), and
// one entry of OptionTable, which ties each reading's word to its constant
// by name. [inferred] and [proposed] mark the rules that are not in the
// source text.
// DC1 is option DC-1: [inferred] damage.
type DC1 uint8

// The readings of DC-1, the spec's default first.
const (
	DC1LowestOfT DC1 = iota
	DC1Cap5
	DC1D10
	DC1AnyHitDown
	DC1Fixed1
)

// DC2 is option DC-2: [inferred] getting up.
type DC2 uint8

// The readings of DC-2, the spec's default first.
const (
	DC2StatOrClass DC2 = iota
	DC2DamageClass
	DC2AttackStat
	DC2Card
	DC2Damage
	DC2After2Rounds
)

// DC3 is option DC-3: [inferred] Toughness after getting up.
type DC3 uint8

// The readings of DC-3, the spec's default first.
const (
	DC3Clamp DC3 = iota
	DC3Keep
	DC3One
)

// DC4 is option DC-4: [proposed] death.
type DC4 uint8

// The readings of DC-4, the spec's default first.
const (
	DC4None DC4 = iota
	DC4ThreeFailures
	DC4HitWhileDown
	DC4Bleed
)

// DC5 is option DC-5: [proposed] attacks on a downed character.
type DC5 uint8

// The readings of DC-5, the spec's default first.
const (
	DC5Ignore DC5 = iota
	DC5CoupDeGrace
	DC5Normal
)

// DC6 is option DC-6: which attack of the winning side lands.
type DC6 uint8

// The readings of DC-6, the spec's default first.
const (
	DC6Strict DC6 = iota
	DC6HighestSuccessful
)

// DC7 is option DC-7: what an attack on a target not opposing the attacker must beat.
type DC7 uint8

// The readings of DC-7, the spec's default first.
const (
	DC7Stat DC7 = iota
	DC7Card
)

// DC8 is option DC-8: which attacks a dodge or block counts against.
type DC8 uint8

// The readings of DC-8, the spec's default first.
const (
	DC8All DC8 = iota
	DC8Named
)

// DC9 is option DC-9: when the weapon throw applies.
type DC9 uint8

// The readings of DC-9, the spec's default first.
const (
	DC9Opposing DC9 = iota
	DC9Always
)

// DC10 is option DC-10: when uncontested actions resolve.
type DC10 uint8

// The readings of DC-10, the spec's default first.
const (
	DC10AfterAnnouncements DC10 = iota
	DC10Immediate
)

// DC11 is option DC-11: [proposed alternatives] a tie for first between opposing sides.
type DC11 uint8

// The readings of DC-11, the spec's default first.
const (
	DC11Nothing DC11 = iota
	DC11ExtraThrow
	DC11Hazard
)

// DC12 is option DC-12: equal top cards inside the winning side.
type DC12 uint8

// The readings of DC-12, the spec's default first.
const (
	DC12Policy DC12 = iota
	DC12Random
)

// DC13 is option DC-13: the decks.
type DC13 uint8

// The readings of DC-13, the spec's default first.
const (
	DC13Persistent DC13 = iota
	DC13FreshRound
	DC13D10
	DC13Infinite
)

// DC14 is option DC-14: value of court cards.
type DC14 uint8

// The readings of DC-14, the spec's default first.
const (
	DC14Ten DC14 = iota
	DC14Numbered
)

// DC15 is option DC-15: criticals and fumbles.
type DC15 uint8

// The readings of DC-15, the spec's default first.
const (
	DC15Record DC15 = iota
	DC15CriticalDown
	DC15CriticalDamage
	DC15FumbleLosesRound
)

// DC16 is option DC-16: [proposed] Calm.
type DC16 uint8

// The readings of DC-16, the spec's default first.
const (
	DC16FirstSight DC16 = iota
	DC16Off
	DC16NoAction
	DC16Repeat
)

// DC17 is option DC-17: [proposed] armor.
type DC17 uint8

// The readings of DC-17, the spec's default first.
const (
	DC17Off DC17 = iota
	DC17Cards
	DC17Subtract
)

// DC18 is option DC-18: caps on throws.
type DC18 uint8

// The readings of DC-18, the spec's default first.
const (
	DC18None DC18 = iota
	DC18Situational2
	DC18Cards5
	DC18Legacy
)

// DC19 is option DC-19: attacks landing per clash.
type DC19 uint8

// The readings of DC-19, the spec's default first.
const (
	DC19One DC19 = iota
	DC19Legacy
)

// DC20 is option DC-20: [proposed] after a successful attack or defence the actor may reposition.
type DC20 uint8

// The readings of DC-20, the spec's default first.
const (
	DC20Reposition DC20 = iota
	DC20None
)

// DC21 is option DC-21: Significators.
type DC21 uint8

// The readings of DC-21, the spec's default first.
const (
	DC21None DC21 = iota
	DC21On
)

// DC22 is option DC-22: clashes.
type DC22 uint8

// The readings of DC-22, the spec's default first.
const (
	DC22Connected DC22 = iota
	DC22Single
)

// DC23 is option DC-23: how a combatant's `disadvantages:` count.
type DC23 uint8

// The readings of DC-23, the spec's default first.
const (
	DC23Once DC23 = iota
	DC23FreeForm
)

// DC24 is option DC-24: when a fight is over (errata E-DC1).
type DC24 uint8

// The readings of DC-24, the spec's default first.
const (
	DC24AfterRecovery DC24 = iota
	DC24FirstKnockdown
)

// DC25 is option DC-25: who may defend (errata E-DC3).
type DC25 uint8

// The readings of DC-25, the spec's default first.
const (
	DC25TargetOnly DC25 = iota
	DC25Guard
)

// DC26 is option DC-26: what may be done to a downed foe (errata E-DC6).
type DC26 uint8

// The readings of DC-26, the spec's default first.
const (
	DC26KeepDown DC26 = iota
	DC26Ignore
)

// Rules are the options in force, one typed field per option, resolved
// once when a scenario is compiled; the kernel reads its fields.
type Rules struct {
	DC1  DC1
	DC2  DC2
	DC3  DC3
	DC4  DC4
	DC5  DC5
	DC6  DC6
	DC7  DC7
	DC8  DC8
	DC9  DC9
	DC10 DC10
	DC11 DC11
	DC12 DC12
	DC13 DC13
	DC14 DC14
	DC15 DC15
	DC16 DC16
	DC17 DC17
	DC18 DC18
	DC19 DC19
	DC20 DC20
	DC21 DC21
	DC22 DC22
	DC23 DC23
	DC24 DC24
	DC25 DC25
	DC26 DC26
}

// OptionTable declares every option once, bound to its field of Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("DC-1", "[inferred] damage: lowest of T C10 cards thrown by the attacker (T = target's base Toughness; T 0 = Injured box), "+
		"that capped at 5 cards, lowest of T d10 whatever the deck, any hit puts the target Out of the Fight, or a fixed 1",
		func(r *Rules) *DC1 { return &r.DC1 },
		sim.Val("lowest-of-t", DC1LowestOfT), sim.Val("cap-5", DC1Cap5), sim.Val("d10", DC1D10), sim.Val("any-hit-down", DC1AnyHitDown), sim.Val("fixed-1", DC1Fixed1)),
	sim.Enum("DC-2", "[inferred] getting up: a Toughness static throw before announcing against the attacker's attack stat, or the damage class of the attack "+
		"that downed the character (4 standard, 7 massive) when that is higher (errata E-DC5: \"the intensity of the attack has an impact on whether they get up again ... "+
		"So the tough guy's punch may keep you down longer\"); the damage class alone (errata E-DC2), "+
		"the attacker's attack stat alone, the attacker's winning card, the damage taken (each 1..9), or automatically after 2 rounds down",
		func(r *Rules) *DC2 { return &r.DC2 },
		sim.Val("stat-or-class", DC2StatOrClass), sim.Val("damage-class", DC2DamageClass), sim.Val("attack-stat", DC2AttackStat), sim.Val("card", DC2Card), sim.Val("damage", DC2Damage), sim.Val("after-2-rounds", DC2After2Rounds)),
	sim.Enum("DC-3", "[inferred] Toughness after getting up: max(current, 0) and one lost throw until 1 is regained, keep the negative value (and the lost throw), or set to 1 with no lost throw",
		func(r *Rules) *DC3 { return &r.DC3 },
		sim.Val("clamp", DC3Clamp), sim.Val("keep", DC3Keep), sim.Val("one", DC3One)),
	sim.Enum("DC-4", "[proposed] death: none inside the encounter (down at the end is reported), dead after 3 consecutive failed recovery throws, "+
		"dead if hit again while down, or bleeding 1 Toughness per failed recovery round, dead at -base Toughness",
		func(r *Rules) *DC4 { return &r.DC4 },
		sim.Val("none", DC4None), sim.Val("three-failures", DC4ThreeFailures), sim.Val("hit-while-down", DC4HitWhileDown), sim.Val("bleed", DC4Bleed)),
	sim.Enum("DC-5", "[proposed] attacks on a downed character: nobody targets them (they go unnoticed), a landed attack on them kills (coup de grace), "+
		"or they are targets like any other (beat their Agility)",
		func(r *Rules) *DC5 { return &r.DC5 },
		sim.Val("ignore", DC5Ignore), sim.Val("coup-de-grace", DC5CoupDeGrace), sim.Val("normal", DC5Normal)),
	sim.Enum("DC-6", "which attack of the winning side lands: only its highest-throwing attack, and none if that fails (strict), or its highest-throwing successful attack",
		func(r *Rules) *DC6 { return &r.DC6 },
		sim.Val("strict", DC6Strict), sim.Val("highest-successful", DC6HighestSuccessful)),
	sim.Enum("DC-7", "an attack on a target that is not opposing the attacker must beat the target's resisting stat (Agility, or Hand-to-Hand in close combat), or the target's own card",
		func(r *Rules) *DC7 { return &r.DC7 },
		sim.Val("stat", DC7Stat), sim.Val("card", DC7Card)),
	sim.Enum("DC-8", "a dodge or block counts against every attack on the defender in the clash, or only against the attacker it names",
		func(r *Rules) *DC8 { return &r.DC8 },
		sim.Val("all", DC8All), sim.Val("named", DC8Named)),
	sim.Enum("DC-9", "the weapon throw applies only against an opponent who attacks back or parries, or always against the target's readied weapon",
		func(r *Rules) *DC9 { return &r.DC9 },
		sim.Val("opposing", DC9Opposing), sim.Val("always", DC9Always)),
	sim.Enum("DC-10", "uncontested actions resolve after all announcements, or literally right after each announcement",
		func(r *Rules) *DC10 { return &r.DC10 },
		sim.Val("after-announcements", DC10AfterAnnouncements), sim.Val("immediate", DC10Immediate)),
	sim.Enum("DC-11", "[proposed alternatives] a tie for first between opposing sides: nothing happens in that clash, the Host's complication is +1 situational throw next round for a random side, "+
		"or a hazard (everyone in the clash throws Agility against 4 or loses a throw next round)",
		func(r *Rules) *DC11 { return &r.DC11 },
		sim.Val("nothing", DC11Nothing), sim.Val("extra-throw", DC11ExtraThrow), sim.Val("hazard", DC11Hazard)),
	sim.Enum("DC-12", "equal top cards inside the winning side: the side picks the attack that lands and is most likely to drop its target, or one at random",
		func(r *Rules) *DC12 { return &r.DC12 },
		sim.Val("policy", DC12Policy), sim.Val("random", DC12Random)),
	sim.Enum("DC-13", "decks (every encounter starts from freshly shuffled decks, as encounters are independent): Randomizer A with discard piles and reshuffles persisting through the encounter, a fresh reshuffled deck every round, "+
		"Randomizer B (independent d10s), or B' (independent draws from an infinite copy of each deck)",
		func(r *Rules) *DC13 { return &r.DC13 },
		sim.Val("persistent", DC13Persistent), sim.Val("fresh-round", DC13FreshRound), sim.Val("d10", DC13D10), sim.Val("infinite", DC13Infinite)),
	sim.Enum("DC-14", "value of court cards: 10, or numbered Page 11, Knight 12, Queen 13, King 14",
		func(r *Rules) *DC14 { return &r.DC14 },
		sim.Val("ten", DC14Ten), sim.Val("numbered", DC14Numbered)),
	sim.Enum("DC-15", "criticals and fumbles: a fumble fails the action and a critical is only recorded, a critical attack puts the target Out of the Fight, "+
		"a critical's damage throw uses one card fewer, or a fumble also costs the next round",
		func(r *Rules) *DC15 { return &r.DC15 },
		sim.Val("record", DC15Record), sim.Val("critical-down", DC15CriticalDown), sim.Val("critical-damage", DC15CriticalDamage), sim.Val("fumble-loses-round", DC15FumbleLosesRound)),
	sim.Enum("DC-16", "[proposed] Calm: at first sight of a horror a Calm static throw against its Calm check number, failure = Panic (defend or flee only until a Calm throw succeeds); "+
		"off; Panic = no action at all; or also a new check whenever that horror downs someone",
		func(r *Rules) *DC16 { return &r.DC16 },
		sim.Val("first-sight", DC16FirstSight), sim.Val("off", DC16Off), sim.Val("no-action", DC16NoAction), sim.Val("repeat", DC16Repeat)),
	sim.Enum("DC-17", "[proposed] armor: off, armor A adds A cards to the damage throw (lowest kept), or subtracts A from the damage (minimum 0)",
		func(r *Rules) *DC17 { return &r.DC17 },
		sim.Val("off", DC17Off), sim.Val("cards", DC17Cards), sim.Val("subtract", DC17Subtract)),
	sim.Enum("DC-18", "caps on throws: none (2018 text), at most 2 situational throws per action, at most 5 cards per throw, or both (2017 text)",
		func(r *Rules) *DC18 { return &r.DC18 },
		sim.Val("none", DC18None), sim.Val("situational-2", DC18Situational2), sim.Val("cards-5", DC18Cards5), sim.Val("legacy", DC18Legacy)),
	sim.Enum("DC-19", "attacks landing per clash: one (2018 text), or every successful attack of the winning side (the author's 2017 comment)",
		func(r *Rules) *DC19 { return &r.DC19 },
		sim.Val("one", DC19One), sim.Val("legacy", DC19Legacy)),
	sim.Enum("DC-20", "[proposed] after a successful attack or defence the actor may reposition: +1 situational throw next round (flank or cover), or +1 escape step when fleeing; or no mechanical effect",
		func(r *Rules) *DC20 { return &r.DC20 },
		sim.Val("reposition", DC20Reposition), sim.Val("none", DC20None)),
	sim.Enum("DC-21", "Significators: none (new characters), or each PC's `significator:` card is shuffled into the Players' Deck",
		func(r *Rules) *DC21 { return &r.DC21 },
		sim.Val("none", DC21None), sim.Val("on", DC21On)),
	sim.Enum("DC-22", "clashes: one per connected group of actors who target or hinder each other, or one clash for everybody",
		func(r *Rules) *DC22 { return &r.DC22 },
		sim.Val("connected", DC22Connected), sim.Val("single", DC22Single)),
	sim.Enum("DC-23", "a combatant's `disadvantages:`: each given once as an extra throw to whoever throws against it (default to giving), or taken as lost throws (free-form)",
		func(r *Rules) *DC23 { return &r.DC23 },
		sim.Val("once", DC23Once), sim.Val("free-form", DC23FreeForm)),
	sim.Enum("DC-24", "when a fight is over (errata E-DC1): a side is beaten only when, at the start of a round and after every downed member's recovery throw, "+
		"none of its members is up (\"knocked out of the fight and then get up again a lot\"), or the moment its last member drops (first-knockdown)",
		func(r *Rules) *DC24 { return &r.DC24 },
		sim.Val("after-recovery", DC24AfterRecovery), sim.Val("first-knockdown", DC24FirstKnockdown)),
	sim.Enum("DC-25", "who may defend (errata E-DC3): a dodge or block throw counts only for a character an attack in the round is aimed at "+
		"(\"dodging or blocking an enemy's attack gives you a throw\"), or any defence against a foe who acts adds a card to its side (guard)",
		func(r *Rules) *DC25 { return &r.DC25 },
		sim.Val("target-only", DC25TargetOnly), sim.Val("guard", DC25Guard)),
	sim.Enum("DC-26", "[proposed] a downed foe (errata E-DC6; \"fights are tense but relatively quick and decisive\"): where DC-5 leaves the downed alone (ignore), "+
		"a character may still spend its action on a foe Out of the Fight: the blow lands without a clash and the foe's next throw to get up loses a throw "+
		"(at one throw, its Intensity rises by 1: a static throw's difficulties go into its Intensity), or kills it under DC-4 hit-while-down (keep-down); "+
		"or nobody touches the downed (ignore)",
		func(r *Rules) *DC26 { return &r.DC26 },
		sim.Val("keep-down", DC26KeepDown), sim.Val("ignore", DC26Ignore)),
)

// Legacy caps (DC-18).
const (
	legacySituationalCap = 2
	legacyCardCap        = 5
	cap5Cards            = 5 // DC-1 "cap-5"
	recoverAfterRounds   = 2 // DC-2 "after-2-rounds"
	deathFailures        = 3 // DC-4 "three-failures"
	hazardIntensity      = 4 // DC-11 "hazard"
	classStandard        = 4 // DC-2 "damage-class" and "stat-or-class"
	classMassive         = 7
)

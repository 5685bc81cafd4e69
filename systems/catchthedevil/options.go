package catchthedevil

import "github.com/tpk-sim/tpk/sim"

// The points of judgement of section 1.9 of the rules spec, C1..C29, then
// C30..C37 for the OPTIONs section 1.8 names without a number: each one a
// type whose constants are its readings, a field of Rules, and one entry
// of OptionTable, which ties each reading's word to its constant by name.

// C1 is option C1: which move the GM wounds (normal Suffer Harm 4-6 and 3-).
type C1 uint8

// The readings of C1, the spec's default first.
const (
	C1Random C1 = iota
	C1SHFirst
	C1Physical
	C1Gentle
)

// C2 is option C2: which move the player wounds (wounded Suffer Harm, Keep It Together 5/6, Study 3).
type C2 uint8

// The readings of C2, the spec's default first.
const (
	C2Order C2 = iota
	C2Random
	C2GM
)

// C3 is option C3: how a PC deals harm.
type C3 uint8

// The readings of C3, the spec's default first.
const (
	C3ByWeapon C3 = iota
	C3Quick
	C3Best
	C3ReducedDamage
)

// C4 is option C4: when NPCs hurt PCs.
type C4 uint8

// The readings of C4, the spec's default first.
const (
	C4EveryNPC C4 = iota
	C4Strict
	C4Wargame
)

// C5 is option C5: a PC's choice between attacking, evading and fleeing.
type C5 uint8

// The readings of C5, the spec's default first.
const (
	C5Strategy C5 = iota
	C5AlwaysAttack
)

// C6 is option C6: harm reduced to 0 by armor.
type C6 uint8

// The readings of C6, the spec's default first.
const (
	C6Roll C6 = iota
	C6NoRoll
)

// C7 is option C7: several attacks landing on one PC in a round.
type C7 uint8

// The readings of C7, the spec's default first.
const (
	C7Separate C7 = iota
	C7Merged
)

// C8 is option C8: how long a Keep It Together reaction lasts.
type C8 uint8

// The readings of C8, the spec's default first.
const (
	C8NextAction C8 = iota
	C8Encounter
	C8PanicFlees
)

// C9 is option C9: when Keep It Together triggers.
type C9 uint8

// The readings of C9, the spec's default first.
const (
	C9FirstSight C9 = iota
	C9AllyDying
	C9EveryAttack
)

// C10 is option C10: does Keep It Together's -1 until calm stack.
type C10 uint8

// The readings of C10, the spec's default first.
const (
	C10Stacks C10 = iota
	C10Max1
)

// C11 is option C11: wounded Keep It Together 5 on a 10+ (the sign is lost in the source).
type C11 uint8

// The readings of C11, the spec's default first.
const (
	C11Minus C11 = iota
	C11Plus
	C11Zero
)

// C12 is option C12: wounded Keep It Together 6's undefined "break".
type C12 uint8

// The readings of C12, the spec's default first.
const (
	C12LoseAction C12 = iota
	C12None
	C12MinusAll
	C12Wound
)

// C13 is option C13: a blacked-out PC.
type C13 uint8

// The readings of C13, the spec's default first.
const (
	C13Ignored C13 = iota
	C13Targetable
	C13Captured
)

// C14 is option C14: when a dying PC is dead ("the GM will say").
type C14 uint8

// The readings of C14, the spec's default first.
const (
	C14Dying C14 = iota
	C14AtOnce
	C14UnlessWon
	C14Untended
)

// C15 is option C15: a GM question answered yes pre-rolls a wounded version.
type C15 uint8

// The readings of C15, the spec's default first.
const (
	C15Normal C15 = iota
	C15Wounded
)

// C16 is option C16: an NPC damage die counts when it rolls over the threshold.
type C16 uint8

// The readings of C16, the spec's default first.
const (
	C16Over C16 = iota
	C16Meets
)

// C17 is option C17: conditions at least the threshold incapacitate, at least twice it kill (a hit may overshoot).
type C17 uint8

// The readings of C17, the spec's default first.
const (
	C17AtLeast C17 = iota
)

// C18 is option C18: the +1 for taking advantage of an NPC's conditions.
type C18 uint8

// The readings of C18, the spec's default first.
const (
	C18Automatic C18 = iota
	C18AfterStudy
	C18Half
)

// C19 is option C19: incapacitated NPCs.
type C19 uint8

// The readings of C19, the spec's default first.
const (
	C19Switch C19 = iota
	C19FinishOff
)

// C20 is option C20: which stat a "reduce a stat by 1" lowers.
type C20 uint8

// The readings of C20, the spec's default first.
const (
	C20Policy C20 = iota
	C20Random
)

// C21 is option C21: wounded Suffer Harm 3 on a 10+.
type C21 uint8

// The readings of C21, the spec's default first.
const (
	C21Policy C21 = iota
	C21Random
)

// C22 is option C22: wounded Take a Risk's stat adjustment.
type C22 uint8

// The readings of C22, the spec's default first.
const (
	C22TakeARisk C22 = iota
	C22Everywhere
)

// C23 is option C23: wounded Suffer Harm 1's unusable body part and 2's disorientation.
type C23 uint8

// The readings of C23, the spec's default first.
const (
	C23StandIn C23 = iota
	C23LoseAction
	C23Ignore
)

// C24 is option C24: several one-shot "next time" modifiers on one move.
type C24 uint8

// The readings of C24, the spec's default first.
const (
	C24Sum C24 = iota
	C24Latest
)

// C25 is option C25: Suffer Harm 4's +1 once its move is healed (a `bonus:` from an earlier scene on a move not `wounded:`).
type C25 uint8

// The readings of C25, the spec's default first.
const (
	C25Lost C25 = iota
	C25Persists
)

// C26 is option C26: "until you leave here" stat changes.
type C26 uint8

// The readings of C26, the spec's default first.
const (
	C26Encounter C26 = iota
	C26UntilFlee
)

// C27 is option C27: lowering a stat, for good or until leaving here (errata E-C4).
type C27 uint8

// The readings of C27, the spec's default first.
const (
	C27Clamp C27 = iota
	C27None
)

// C28 is option C28: do wounded Keep It Together versions also take the normal version's -1 until calm.
type C28 uint8

// The readings of C28, the spec's default first.
const (
	C28No C28 = iota
	C28Yes
)

// C29 is option C29: Study in a fight.
type C29 uint8

// The readings of C29, the spec's default first.
const (
	C29Tokens C29 = iota
	C29Disabled
	C29Flat
)

// C30 is option C30: evade on a 7-9.
type C30 uint8

// The readings of C30, the spec's default first.
const (
	C30Forward C30 = iota
	C30OneLands
)

// C31 is option C31: the GM move when a PC attacks an NPC that is not attacking it and rolls 7-9 or 6-.
type C31 uint8

// The readings of C31, the spec's default first.
const (
	C31FreeAttack C31 = iota
	C31Forward
)

// C32 is option C32: attacks declared by NPCs incapacitated earlier in the round.
type C32 uint8

// The readings of C32, the spec's default first.
const (
	C32Cancelled C32 = iota
	C32Simultaneous
)

// C33 is option C33: wounded Keep It Together 1's "the person closest to you" (no map).
type C33 uint8

// The readings of C33, the spec's default first.
const (
	C33RandomCharacter C33 = iota
	C33Ally
	C33Trigger
)

// C34 is option C34: the reaction the GM picks on a normal Keep It Together miss.
type C34 uint8

// The readings of C34, the spec's default first.
const (
	C34CurlUp C34 = iota
	C34Random
)

// C35 is option C35: whom a PC lashing out attacks (no map for "nearest").
type C35 uint8

// The readings of C35, the spec's default first.
const (
	C35RandomCharacter C35 = iota
	C35Enemy
)

// C36 is option C36: beg & plead.
type C36 uint8

// The readings of C36, the spec's default first.
const (
	C36LoseAction C36 = iota
	C36Spared
)

// C37 is option C37: curl up & shut down.
type C37 uint8

// The readings of C37, the spec's default first.
const (
	C37LoseAction C37 = iota
	C37PreferredTarget
)

// C38 is option C38 (errata E-C6): the GM's move when a PC misses a roll
// and no NPC attack is already coming its way.
type C38 uint8

// The readings of C38, the errata's default first.
const (
	C38Attack C38 = iota
	C38Soft
	C38None
)

// C39 is option C39 (errata E-C7): NPC resolve, whether a weak NPC backs
// off a fight.
type C39 uint8

// The readings of C39, the errata's default first.
const (
	C39BacksOff C39 = iota
	C39Never
)

// Rules are the options in force, one typed field per option, resolved
// once when a scenario is compiled; the kernel reads its fields.
type Rules struct {
	C1  C1
	C2  C2
	C3  C3
	C4  C4
	C5  C5
	C6  C6
	C7  C7
	C8  C8
	C9  C9
	C10 C10
	C11 C11
	C12 C12
	C13 C13
	C14 C14
	C15 C15
	C16 C16
	C17 C17
	C18 C18
	C19 C19
	C20 C20
	C21 C21
	C22 C22
	C23 C23
	C24 C24
	C25 C25
	C26 C26
	C27 C27
	C28 C28
	C29 C29
	C30 C30
	C31 C31
	C32 C32
	C33 C33
	C34 C34
	C35 C35
	C36 C36
	C37 C37
	C38 C38
	C39 C39
}

// OptionTable declares every option once, bound to its field of Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("C1", "which move the GM wounds (normal Suffer Harm 4-6 and 3-): a random unwounded one, Suffer Harm first (lethal GM), physical (Take a Risk and Suffer Harm twice as likely), or gentle (Study, Keep It Together, Take a Risk, Suffer Harm in that order)",
		func(r *Rules) *C1 { return &r.C1 },
		sim.Val("random", C1Random), sim.Val("sh-first", C1SHFirst), sim.Val("physical", C1Physical), sim.Val("gentle", C1Gentle)),
	sim.Enum("C2", "which move the player wounds (wounded Suffer Harm, Keep It Together 5/6, Study 3): in the order Study, Keep It Together, Take a Risk, Suffer Harm (Take a Risk first when its version is known to be 6; Suffer Harm 4 puts its +1 on Take a Risk), a random one, or the GM chooses (option C1)",
		func(r *Rules) *C2 { return &r.C2 },
		sim.Val("order", C2Order), sim.Val("random", C2Random), sim.Val("gm", C2GM)),
	sim.Enum("C3", "how a PC deals harm: Take a Risk with Tough in melee and Quick at range, Quick always, the better of the two, or by weapon with a 7-9 that hits for 1 less (at least 1) and takes no harm",
		func(r *Rules) *C3 { return &r.C3 },
		sim.Val("by-weapon", C3ByWeapon), sim.Val("quick", C3Quick), sim.Val("best", C3Best), sim.Val("reduced-damage", C3ReducedDamage)),
	sim.Enum("C4", "when NPCs hurt PCs: every active NPC attacks once a round and a PC answers with Take a Risk; strict (NPC harm only from a PC's 7-9 and misses, and one GM move per idle PC); or wargame (declared attacks always land, Take a Risk only decides the PC's hits)",
		func(r *Rules) *C4 { return &r.C4 },
		sim.Val("every-npc", C4EveryNPC), sim.Val("strict", C4Strict), sim.Val("wargame", C4Wargame)),
	sim.Enum("C5", "a PC's choice between attacking, evading and fleeing: its strategy decides (fight follows the spec's thresholds), or every PC always attacks",
		func(r *Rules) *C5 { return &r.C5 },
		sim.Val("strategy", C5Strategy), sim.Val("always-attack", C5AlwaysAttack)),
	sim.Enum("C6", "harm reduced to 0 by armor: the PC still rolls Suffer Harm with damage 0, or no roll",
		func(r *Rules) *C6 { return &r.C6 },
		sim.Val("roll", C6Roll), sim.Val("no-roll", C6NoRoll)),
	sim.Enum("C7", "several attacks landing on one PC in a round: one Suffer Harm roll each, or one roll at the highest damage +1 per extra attacker",
		func(r *Rules) *C7 { return &r.C7 },
		sim.Val("separate", C7Separate), sim.Val("merged", C7Merged)),
	sim.Enum("C8", "how long a Keep It Together reaction lasts: the PC's next action, the whole encounter, or the next action with scream & panic meaning the PC flees",
		func(r *Rules) *C8 { return &r.C8 },
		sim.Val("next-action", C8NextAction), sim.Val("encounter", C8Encounter), sim.Val("panic-flees", C8PanicFlees)),
	sim.Enum("C9", "when Keep It Together triggers: once per PC per horrendous source at first sight; also when an ally becomes dying in view; or also every time a horror declares an attack on the PC",
		func(r *Rules) *C9 { return &r.C9 },
		sim.Val("first-sight", C9FirstSight), sim.Val("ally-dying", C9AllyDying), sim.Val("every-attack", C9EveryAttack)),
	sim.Enum("C10", "does Keep It Together's -1 until calm stack: yes, or at most -1",
		func(r *Rules) *C10 { return &r.C10 },
		sim.Val("stacks", C10Stacks), sim.Val("max-1", C10Max1)),
	sim.Enum("C11", "wounded Keep It Together 5 on a 10+ (the sign is lost in the source): -1, +1 or 0 the next time",
		func(r *Rules) *C11 { return &r.C11 },
		sim.Val("minus", C11Minus), sim.Val("plus", C11Plus), sim.Val("zero", C11Zero)),
	sim.Enum("C12", "wounded Keep It Together 6's undefined \"break\": lose the next action (preferred over wounding), no effect, -1 to all rolls this encounter, or always wound a move instead",
		func(r *Rules) *C12 { return &r.C12 },
		sim.Val("lose-action", C12LoseAction), sim.Val("none", C12None), sim.Val("minus-all", C12MinusAll), sim.Val("wound", C12Wound)),
	sim.Enum("C13", "a blacked-out PC: out of the fight and not targeted, still targeted by NPCs, or out and captured unless the PCs win",
		func(r *Rules) *C13 { return &r.C13 },
		sim.Val("ignored", C13Ignored), sim.Val("targetable", C13Targetable), sim.Val("captured", C13Captured)),
	sim.Enum("C14", "when a dying PC is dead (\"the GM will say\"): never in the simulation (reported as dying), at once, at the end unless the PCs won, or after scene.dying_rounds rounds unless an ally tends them (Take a Risk + Sharp, 7+)",
		func(r *Rules) *C14 { return &r.C14 },
		sim.Val("dying", C14Dying), sim.Val("at-once", C14AtOnce), sim.Val("unless-won", C14UnlessWon), sim.Val("untended", C14Untended)),
	sim.Enum("C15", "a GM question answered yes pre-rolls a wounded version: the move starts normal, or starts wounded",
		func(r *Rules) *C15 { return &r.C15 },
		sim.Val("normal", C15Normal), sim.Val("wounded", C15Wounded)),
	sim.Enum("C16", "an NPC damage die counts when it rolls over the threshold: strictly over, or meets or beats it",
		func(r *Rules) *C16 { return &r.C16 },
		sim.Val("over", C16Over), sim.Val("meets", C16Meets)),
	sim.Enum("C17", "conditions at least the threshold incapacitate, at least twice it kill (a hit may overshoot)",
		func(r *Rules) *C17 { return &r.C17 },
		sim.Val("at-least", C17AtLeast)),
	sim.Enum("C18", "the +1 for taking advantage of an NPC's conditions: on every attack on an NPC with a condition, only after the PC has Studied, or half of the time",
		func(r *Rules) *C18 { return &r.C18 },
		sim.Val("automatic", C18Automatic), sim.Val("after-study", C18AfterStudy), sim.Val("half", C18Half)),
	sim.Enum("C19", "incapacitated NPCs: the PCs switch to active ones, or finish them off once none is active (kills counted)",
		func(r *Rules) *C19 { return &r.C19 },
		sim.Val("switch", C19Switch), sim.Val("finish-off", C19FinishOff)),
	sim.Enum("C20", "which stat a \"reduce a stat by 1\" lowers: Sharp, then Steady, Quick, and Tough (the Suffer Harm stat) only when no other can go, with wounded Suffer Harm 3's 7-9 taking a wound instead while two moves stay unwounded after it (errata E-C2); or a random stat",
		func(r *Rules) *C20 { return &r.C20 },
		sim.Val("policy", C20Policy), sim.Val("random", C20Random)),
	sim.Enum("C21", "wounded Suffer Harm 3 on a 10+: take the -1 Suffer Harm penalty unless it is already -2 or worse with Study or Keep It Together unwounded (then wound), or choose at random",
		func(r *Rules) *C21 { return &r.C21 },
		sim.Val("policy", C21Policy), sim.Val("random", C21Random)),
	sim.Enum("C22", "wounded Take a Risk's stat adjustment: only on Take a Risk rolls, or on every roll with that stat",
		func(r *Rules) *C22 { return &r.C22 },
		sim.Val("take-a-risk", C22TakeARisk), sim.Val("everywhere", C22Everywhere)),
	sim.Enum("C23", "wounded Suffer Harm 1's unusable body part and 2's disorientation: -1 to Take a Risk with Tough or Quick and -1 forward; the body part and losing the next action; or ignore both",
		func(r *Rules) *C23 { return &r.C23 },
		sim.Val("stand-in", C23StandIn), sim.Val("lose-action", C23LoseAction), sim.Val("ignore", C23Ignore)),
	sim.Enum("C24", "several one-shot \"next time\" modifiers on one move: they add up, or only the latest counts (no effect within one encounter: each is set by a roll of that move, which has just used up the one before)",
		func(r *Rules) *C24 { return &r.C24 },
		sim.Val("sum", C24Sum), sim.Val("latest", C24Latest)),
	sim.Enum("C25", "Suffer Harm 4's +1 once its move is healed (a `bonus:` from an earlier scene on a move not `wounded:`): lost, or kept with the version",
		func(r *Rules) *C25 { return &r.C25 },
		sim.Val("lost", C25Lost), sim.Val("persists", C25Persists)),
	sim.Enum("C26", "\"until you leave here\" stat changes: until the end of the encounter, or until the PC flees (no figure changes: a PC who fled rolls nothing more)",
		func(r *Rules) *C26 { return &r.C26 },
		sim.Val("encounter", C26Encounter), sim.Val("until-flee", C26UntilFlee)),
	sim.Enum("C27", "lowering a stat, for good or until leaving here (errata E-C4): never below -3, or no floor",
		func(r *Rules) *C27 { return &r.C27 },
		sim.Val("clamp", C27Clamp), sim.Val("none", C27None)),
	sim.Enum("C28", "do wounded Keep It Together versions also take the normal version's -1 until calm: no, or yes",
		func(r *Rules) *C28 { return &r.C28 },
		sim.Val("no", C28No), sim.Val("yes", C28Yes)),
	sim.Enum("C29", "Study in a fight: information tokens (a chance of +1 forward by result and version; a miss adds a complication: one more NPC attack), disabled (the kernel turns a Study into an evade), or a flat +1 forward on 7+",
		func(r *Rules) *C29 { return &r.C29 },
		sim.Val("tokens", C29Tokens), sim.Val("disabled", C29Disabled), sim.Val("flat", C29Flat)),
	sim.Enum("C30", "evade on a 7-9: no attack lands but -1 forward, or one attack still lands",
		func(r *Rules) *C30 { return &r.C30 },
		sim.Val("forward", C30Forward), sim.Val("one-lands", C30OneLands)),
	sim.Enum("C31", "the GM move when a PC attacks an NPC that is not attacking it and rolls 7-9 or 6-: that NPC gets a free attack, or -1 forward",
		func(r *Rules) *C31 { return &r.C31 },
		sim.Val("free-attack", C31FreeAttack), sim.Val("forward", C31Forward)),
	sim.Enum("C32", "attacks declared by NPCs incapacitated earlier in the round: cancelled, or they land anyway (simultaneous)",
		func(r *Rules) *C32 { return &r.C32 },
		sim.Val("cancelled", C32Cancelled), sim.Val("simultaneous", C32Simultaneous)),
	sim.Enum("C33", "wounded Keep It Together 1's \"the person closest to you\" (no map): a random other character of either side, a random other PC (else the trigger), or the trigger",
		func(r *Rules) *C33 { return &r.C33 },
		sim.Val("random-character", C33RandomCharacter), sim.Val("ally", C33Ally), sim.Val("trigger", C33Trigger)),
	sim.Enum("C34", "the reaction the GM picks on a normal Keep It Together miss: curl up & shut down, or a random one of the four",
		func(r *Rules) *C34 { return &r.C34 },
		sim.Val("curl-up", C34CurlUp), sim.Val("random", C34Random)),
	sim.Enum("C35", "whom a PC lashing out attacks (no map for \"nearest\"): a random other character of either side, or a random active NPC",
		func(r *Rules) *C35 { return &r.C35 },
		sim.Val("random-character", C35RandomCharacter), sim.Val("enemy", C35Enemy)),
	sim.Enum("C36", "beg & plead: lose the next action, or also the trigger NPC, if a person, skips attacking this PC once",
		func(r *Rules) *C36 { return &r.C36 },
		sim.Val("lose-action", C36LoseAction), sim.Val("spared", C36Spared)),
	sim.Enum("C37", "curl up & shut down: lose the next action, or also be the NPCs' preferred target while it lasts",
		func(r *Rules) *C37 { return &r.C37 },
		sim.Val("lose-action", C37LoseAction), sim.Val("preferred-target", C37PreferredTarget)),
	sim.Enum("C38", "a miss with no NPC attack already coming the PC's way (a 6- to flee, evade, tend or shield; errata E-C6, \"a 6- is a miss: something bad is going to happen\"): an active NPC's attack lands as a Suffer Harm roll, -1 forward (soft), or nothing",
		func(r *Rules) *C38 { return &r.C38 },
		sim.Val("attack", C38Attack), sim.Val("soft", C38Soft), sim.Val("none", C38None)),
	sim.Enum("C39", "NPC resolve (errata E-C7, \"a short exchange of punches is typically not lethal\"): an NPC of threshold 2 or less backs off (leaves the fight) at the end of a round once it has taken a condition and stands alone or outnumbered, or once a PC it attacked has been left dying; or it never does",
		func(r *Rules) *C39 { return &r.C39 },
		sim.Val("backs-off", C39BacksOff), sim.Val("never", C39Never)),
)

package demoncity

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
)

// optionSpecs are the points of judgement of section 3.1 of the rules spec,
// DC-1..DC-23, and those its Errata add (DC-24..), each with the spec's
// default first. [inferred] and
// [proposed] mark the rules that are not in the source text.
var optionSpecs = []sim.Option{
	{ID: "DC-1", Doc: "[inferred] damage: lowest of T C10 cards thrown by the attacker (T = target's base Toughness; T 0 = Injured box), " +
		"that capped at 5 cards, lowest of T d10 whatever the deck, any hit puts the target Out of the Fight, or a fixed 1",
		Values: []string{"lowest-of-t", "cap-5", "d10", "any-hit-down", "fixed-1"}},
	{ID: "DC-2", Doc: "[inferred] getting up: a Toughness static throw before announcing against the damage class of the attack that downed the character " +
		"(4 standard, 7 massive: \"the intensity of the attack has an impact on whether they get up again\"; errata E-DC2), " +
		"the attacker's attack stat (1..9), the attacker's winning card (1..9), the damage taken (1..9), or automatically after 2 rounds down",
		Values: []string{"damage-class", "attack-stat", "card", "damage", "after-2-rounds"}},
	{ID: "DC-3", Doc: "[inferred] Toughness after getting up: max(current, 0) and one lost throw until 1 is regained, keep the negative value (and the lost throw), or set to 1 with no lost throw",
		Values: []string{"clamp", "keep", "one"}},
	{ID: "DC-4", Doc: "[proposed] death: none inside the encounter (down at the end is reported), dead after 3 consecutive failed recovery throws, " +
		"dead if hit again while down, or bleeding 1 Toughness per failed recovery round, dead at -base Toughness",
		Values: []string{"none", "three-failures", "hit-while-down", "bleed"}},
	{ID: "DC-5", Doc: "[proposed] attacks on a downed character: nobody targets them (they go unnoticed), a landed attack on them kills (coup de grace), " +
		"or they are targets like any other (beat their Agility)",
		Values: []string{"ignore", "coup-de-grace", "normal"}},
	{ID: "DC-6", Doc: "which attack of the winning side lands: only its highest-throwing attack, and none if that fails (strict), or its highest-throwing successful attack",
		Values: []string{"strict", "highest-successful"}},
	{ID: "DC-7", Doc: "an attack on a target that is not opposing the attacker must beat the target's resisting stat (Agility, or Hand-to-Hand in close combat), or the target's own card",
		Values: []string{"stat", "card"}},
	{ID: "DC-8", Doc: "a dodge or block counts against every attack on the defender in the clash, or only against the attacker it names",
		Values: []string{"all", "named"}},
	{ID: "DC-9", Doc: "the weapon throw applies only against an opponent who attacks back or parries, or always against the target's readied weapon",
		Values: []string{"opposing", "always"}},
	{ID: "DC-10", Doc: "uncontested actions resolve after all announcements, or literally right after each announcement",
		Values: []string{"after-announcements", "immediate"}},
	{ID: "DC-11", Doc: "[proposed alternatives] a tie for first between opposing sides: nothing happens in that clash, the Host's complication is +1 situational throw next round for a random side, " +
		"or a hazard (everyone in the clash throws Agility against 4 or loses a throw next round)",
		Values: []string{"nothing", "extra-throw", "hazard"}},
	{ID: "DC-12", Doc: "equal top cards inside the winning side: the side picks the attack that lands and is most likely to drop its target, or one at random",
		Values: []string{"policy", "random"}},
	{ID: "DC-13", Doc: "decks (every encounter starts from freshly shuffled decks, as encounters are independent): Randomizer A with discard piles and reshuffles persisting through the encounter, a fresh reshuffled deck every round, " +
		"Randomizer B (independent d10s), or B' (independent draws from an infinite copy of each deck)",
		Values: []string{"persistent", "fresh-round", "d10", "infinite"}},
	{ID: "DC-14", Doc: "value of court cards: 10, or numbered Page 11, Knight 12, Queen 13, King 14",
		Values: []string{"ten", "numbered"}},
	{ID: "DC-15", Doc: "criticals and fumbles: a fumble fails the action and a critical is only recorded, a critical attack puts the target Out of the Fight, " +
		"a critical's damage throw uses one card fewer, or a fumble also costs the next round",
		Values: []string{"record", "critical-down", "critical-damage", "fumble-loses-round"}},
	{ID: "DC-16", Doc: "[proposed] Calm: at first sight of a horror a Calm static throw against its Calm check number, failure = Panic (defend or flee only until a Calm throw succeeds); " +
		"off; Panic = no action at all; or also a new check whenever that horror downs someone",
		Values: []string{"first-sight", "off", "no-action", "repeat"}},
	{ID: "DC-17", Doc: "[proposed] armor: off, armor A adds A cards to the damage throw (lowest kept), or subtracts A from the damage (minimum 0)",
		Values: []string{"off", "cards", "subtract"}},
	{ID: "DC-18", Doc: "caps on throws: none (2018 text), at most 2 situational throws per action, at most 5 cards per throw, or both (2017 text)",
		Values: []string{"none", "situational-2", "cards-5", "legacy"}},
	{ID: "DC-19", Doc: "attacks landing per clash: one (2018 text), or every successful attack of the winning side (the author's 2017 comment)",
		Values: []string{"one", "legacy"}},
	{ID: "DC-20", Doc: "[proposed] after a successful attack or defence the actor may reposition: +1 situational throw next round (flank or cover), or +1 escape step when fleeing; or no mechanical effect",
		Values: []string{"reposition", "none"}},
	{ID: "DC-21", Doc: "Significators: none (new characters), or each PC's `significator:` card is shuffled into the Players' Deck",
		Values: []string{"none", "on"}},
	{ID: "DC-22", Doc: "clashes: one per connected group of actors who target or hinder each other, or one clash for everybody",
		Values: []string{"connected", "single"}},
	{ID: "DC-23", Doc: "a combatant's `disadvantages:`: each given once as an extra throw to whoever throws against it (default to giving), or taken as lost throws (free-form)",
		Values: []string{"once", "free-form"}},
	{ID: "DC-24", Doc: "when a fight is over (errata E-DC1): a side is beaten only when, at the start of a round and after every downed member's recovery throw, " +
		"none of its members is up (\"knocked out of the fight and then get up again a lot\"), or the moment its last member drops (first-knockdown)",
		Values: []string{"after-recovery", "first-knockdown"}},
	{ID: "DC-25", Doc: "who may defend (errata E-DC3): a dodge or block throw counts only for a character an attack in the round is aimed at " +
		"(\"dodging or blocking an enemy's attack gives you a throw\"), or any defence against a foe who acts adds a card to its side (guard)",
		Values: []string{"target-only", "guard"}},
}

// options returns a copy of DC-1..DC-25.
func options() []sim.Option { return sim.DefaultFirst(optionSpecs) }

// Rules is the resolved options as small enums, built once at compile time
// so that the kernel never looks at a string. Each field holds the index of
// the chosen value in its option's value list; 0 is the spec's default.
type Rules [NumRules]uint8

// The rule indices: Rules[DC6] is option DC-6's value.
const (
	DC1 = iota
	DC2
	DC3
	DC4
	DC5
	DC6
	DC7
	DC8
	DC9
	DC10
	DC11
	DC12
	DC13
	DC14
	DC15
	DC16
	DC17
	DC18
	DC19
	DC20
	DC21
	DC22
	DC23
	DC24
	DC25
	// NumRules is the number of options.
	NumRules
)

// The values of each rule, in the order of optionSpecs.
const (
	DamageLowest, DamageCap5, DamageD10, DamageAnyHit, DamageFixed1                    = 0, 1, 2, 3, 4 // DC-1
	RecoverDamageClass, RecoverAttackStat, RecoverCard, RecoverDamage, RecoverAfterTwo = 0, 1, 2, 3, 4 // DC-2
	UpClamp, UpKeep, UpOne                                                             = 0, 1, 2       // DC-3
	DeathNone, DeathThreeFailures, DeathHitWhileDown, DeathBleed                       = 0, 1, 2, 3    // DC-4
	DownedIgnored, DownedCoupDeGrace, DownedNormal                                     = 0, 1, 2       // DC-5
	LandStrict, LandHighestSuccessful                                                  = 0, 1          // DC-6
	ResistStat, ResistCard                                                             = 0, 1          // DC-7
	DodgeAll, DodgeNamed                                                               = 0, 1          // DC-8
	WeaponOpposing, WeaponAlways                                                       = 0, 1          // DC-9
	UncontestedAfter, UncontestedImmediate                                             = 0, 1          // DC-10
	TieNothing, TieExtraThrow, TieHazard                                               = 0, 1, 2       // DC-11
	SideTiePolicy, SideTieRandom                                                       = 0, 1          // DC-12
	DecksPersistent, DecksFreshRound, DecksD10, DecksInfinite                          = 0, 1, 2, 3    // DC-13
	CourtTen, CourtNumbered                                                            = 0, 1          // DC-14
	CritRecord, CritDown, CritDamage, FumbleLosesRound                                 = 0, 1, 2, 3    // DC-15
	CalmFirstSight, CalmOff, CalmNoAction, CalmRepeat                                  = 0, 1, 2, 3    // DC-16
	ArmorOff, ArmorCards, ArmorSubtract                                                = 0, 1, 2       // DC-17
	CapNone, CapSituational2, CapCards5, CapLegacy                                     = 0, 1, 2, 3    // DC-18
	LandOne, LandAll                                                                   = 0, 1          // DC-19
	RepositionOn, RepositionOff                                                        = 0, 1          // DC-20
	SignificatorsOff, SignificatorsOn                                                  = 0, 1          // DC-21
	ClashConnected, ClashSingle                                                        = 0, 1          // DC-22
	DisadvantageOnce, DisadvantageFree                                                 = 0, 1          // DC-23
	OverAfterRecovery, OverFirstKnockdown                                              = 0, 1          // DC-24
	DefendTargetOnly, DefendGuard                                                      = 0, 1          // DC-25
)

// Legacy caps (DC-18).
const (
	legacySituationalCap = 2
	legacyCardCap        = 5
	cap5Cards            = 5 // DC-1 "cap-5"
	recoverAfterRounds   = 2 // DC-2 "after-2-rounds"
	deathFailures        = 3 // DC-4 "three-failures"
	hazardIntensity      = 4 // DC-11 "hazard"
	classStandard        = 4 // DC-2 "damage-class"
	classMassive         = 7
)

// RulesOf converts resolved options (every id present) to Rules.
func RulesOf(o sim.Options) (Rules, error) {
	var ru Rules
	for i, s := range optionSpecs {
		v := o.Get(s.ID)
		found := false
		for j, x := range s.Values {
			if x == v {
				ru[i] = uint8(j)
				found = true
				break
			}
		}
		if !found {
			return ru, fmt.Errorf("option %s: unknown value %q", s.ID, v)
		}
	}
	return ru, nil
}

// DefaultRules are the spec's defaults (all zero).
func DefaultRules() Rules { return Rules{} }

// With returns the rules with option id set to value, for tests and
// sweeps; it panics on an unknown id or value.
func (ru Rules) With(id, value string) Rules {
	for i, s := range optionSpecs {
		if s.ID != id {
			continue
		}
		for j, x := range s.Values {
			if x == value {
				ru[i] = uint8(j)
				return ru
			}
		}
		panic("demoncity: option " + id + " has no value " + value)
	}
	panic("demoncity: no option " + id)
}

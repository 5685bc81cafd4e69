package locus

import (
	"fmt"
	"strconv"

	"github.com/tpk-sim/tpk/sim"
)

// optionSpecs are the points of judgement of section 3.2 of the rules spec,
// L-1..L-29, each with the spec's default first.
var optionSpecs = []sim.Option{
	{ID: "L-1", Doc: "character attribute used to attack a monster: Clumsiness, or each weapon's own `attribute:`",
		Values: []string{"clumsiness", "per-weapon"}},
	{ID: "L-2", Doc: "character attribute that defends against a monster's Attack: Clumsiness (evading), Frailty (enduring), the better or the worse of the two",
		Values: []string{"clumsiness", "frailty", "better", "worse"}},
	{ID: "L-3", Doc: "injury floors and Blinded in contested checks: ignore them (all three dice count, errata E-L1), dice (Medium counts the two lowest dice, Hard the lowest), or -1 point per tier above Easy",
		Values: []string{"ignore", "dice", "minus-point"}},
	{ID: "L-4", Doc: "whose miss gives the monster +1 on its next attack on that target (never stacking): the monster's own, the character's, or both",
		Values: []string{"monster", "character", "both"}},
	{ID: "L-5", Doc: "monster initiative: 3d6 minus 0, minus 3, minus its Chase (null counts 6), or monsters always act after the characters",
		Values: []string{"zero", "minus3", "minus-chase", "last"}},
	{ID: "L-6", Doc: "initiative ties: re-roll among the tied, characters first, or monsters first (same-side ties re-rolled)",
		Values: []string{"reroll", "characters-first", "monsters-first"}},
	{ID: "L-7", Doc: "monster Death's Door: filled with 1/3/9 segments per Minor/Major/Grievous, one segment per hit, or with a Grievous hit counted as Major",
		Values: []string{"segments", "hits", "no-grievous"}},
	{ID: "L-8", Doc: "Death's Door geometry: a running total, or aligned (a Major fills the next untouched sub-section, a Grievous the next untouched symbol)",
		Values: []string{"running", "aligned"}},
	{ID: "L-9", Doc: "when a monster in reach inflicts: besides attacking, instead of attacking, on alternate turns, or once per conflict",
		Values: []string{"attack-and-inflict", "inflict-instead", "alternate", "once"}},
	{ID: "L-10", Doc: "Terrified and Restrained checks: fixed (Cowardice Medium, Frailty Medium) or the causing Infliction's own attribute and difficulty",
		Values: []string{"fixed", "infliction"}},
	{ID: "L-11", Doc: "Condition durations: the whole conflict, 3 rounds (except Prone and Restrained), or until removed by a Miscellaneous outcome check",
		Values: []string{"conflict", "rounds", "misc-check"}},
	{ID: "L-12", Doc: "Unstable: every attack against the character knocks it Prone, or only hits",
		Values: []string{"all-attacks", "hits"}},
	{ID: "L-13", Doc: "Prone's -1 point on defence: always, or only when the defence attribute is Clumsiness (a dodge)",
		Values: []string{"always", "dodge-only"}},
	{ID: "L-14", Doc: "attribute used to hide (and to stay hidden when searched): Clumsiness or Carelessness",
		Values: []string{"clumsiness", "carelessness"}},
	{ID: "L-15", Doc: "search window: a monster searches at most 3 rounds, without limit, or 3 rounds renewed whenever a hidden character moves",
		Values: []string{"three-rounds", "unlimited", "resume-on-move"}},
	{ID: "L-16", Doc: "chase geometry (1-D line): escape at `escape` metres from every monster, or after 3 rounds of fleeing out of reach; the spec's 2-D map is not implemented",
		Values: []string{"line", "out-of-reach"}},
	{ID: "L-17", Doc: "Stress check volume: one per triggering event, or literal (a failed Stress check triggers another, at most 3 in a chain)",
		Values: []string{"per-event", "literal"}},
	{ID: "L-18", Doc: "a failed Stress check when already Stressed: stay Stressed (counted as overflow), or break down (Terrified of the nearest monster)",
		Values: []string{"stay", "breakdown"}},
	{ID: "L-19", Doc: "Willpower re-roll: one die for 1/2/3 WP at Uneasy/Tense/Stressed (placeholder), all three dice for that price, or one die for a flat 1 WP",
		Values: []string{"one-die", "all-dice", "flat"}},
	{ID: "L-20", Doc: "an outcome check's success with consequences: a failure for Stress triggers, or a success (the consequence still happens)",
		Values: []string{"failure", "success"}},
	{ID: "L-21", Doc: "stacking of point modifiers: all additive, or each side's net bonus capped at +2",
		Values: []string{"additive", "cap2"}},
	{ID: "L-22", Doc: "Director's +1 award on a character's contested checks: off, always, or a probability per check",
		Values: []string{"off", "always"}, Probability: true},
	{ID: "L-23", Doc: "Infliction avoidance checks: the character's injury floor applies, or is ignored",
		Values: []string{"floor", "ignore"}},
	{ID: "L-24", Doc: "order of Item relief and injury floor: relief first then the floor, or the floor first then relief",
		Values: []string{"relief-first", "floor-first"}},
	{ID: "L-25", Doc: "do monsters suffer injury floors on their own checks: no, or yes as characters do",
		Values: []string{"no", "yes"}},
	{ID: "L-26", Doc: "Durability checks start after the use that marks the Damaged box, or on that use already",
		Values: []string{"after", "on-mark"}},
	{ID: "L-27", Doc: "Threat grade of totals 10/15/20/25: the higher band (lower-inclusive bands), or the lower band (threat grade only)",
		Values: []string{"lower-inclusive", "boundary-lower"}},
	{ID: "L-28", Doc: "Defend's +1: on the first contested check in which the character defends before its next turn, or on all of them",
		Values: []string{"first", "all"}},
	{ID: "L-29", Doc: "a null monster attribute (-): that action is unavailable (a null Chase never moves)",
		Values: []string{"unavailable"}},
}

// Options returns L-1..L-29.
func options() []sim.Option { return sim.DefaultFirst(optionSpecs) }

// Rules is the resolved options as small enums, built once at compile time
// so that the kernel never looks at strings. Each field holds the index of
// the chosen value in its option's value list (0 is the spec's default).
type Rules struct {
	AttackAttr    uint8   // L-1: 0 clumsiness, 1 per-weapon
	DefenceAttr   uint8   // L-2: 0 clumsiness, 1 frailty, 2 better, 3 worse
	ContestFloor  uint8   // L-3: 0 ignore, 1 dice, 2 minus-point
	MissBonus     uint8   // L-4: 0 monster, 1 character, 2 both
	MonsterInit   uint8   // L-5: 0 zero, 1 minus3, 2 minus-chase, 3 last
	InitTies      uint8   // L-6: 0 reroll, 1 characters-first, 2 monsters-first
	MonsterDoor   uint8   // L-7: 0 segments, 1 hits, 2 no-grievous
	Aligned       bool    // L-8: aligned geometry
	Inflict       uint8   // L-9: 0 attack-and-inflict, 1 inflict-instead, 2 alternate, 3 once
	CondChecks    uint8   // L-10: 0 fixed, 1 infliction
	Durations     uint8   // L-11: 0 conflict, 1 rounds, 2 misc-check
	UnstableHits  bool    // L-12: only hits knock an Unstable character Prone
	ProneDodge    bool    // L-13: Prone's -1 only when defending with Clumsiness
	HideAttr      Attr    // L-14
	SearchWindow  uint8   // L-15: 0 three-rounds, 1 unlimited, 2 resume-on-move
	OutOfReach    bool    // L-16: escape after 3 rounds out of reach
	StressLiteral bool    // L-17
	Breakdown     bool    // L-18
	Reroll        uint8   // L-19: 0 one-die, 1 all-dice, 2 flat
	ConsequenceOK bool    // L-20: success with consequences is not a failure
	Cap2          bool    // L-21
	Award         float64 // L-22: chance of the Director's +1 per contested check (0 off, 1 always)
	InflictNoFlr  bool    // L-23: Infliction checks ignore injury floors
	FloorFirst    bool    // L-24
	MonsterFloors bool    // L-25
	DurOnMark     bool    // L-26
	BoundaryLower bool    // L-27
	DefendAll     bool    // L-28
}

// The values of the multi-valued rules.
const (
	l3Ignore, l3Dice, l3MinusPoint               = 0, 1, 2
	l4Monster, l4Character, l4Both               = 0, 1, 2
	l5Zero, l5Minus3, l5MinusChase, l5Last       = 0, 1, 2, 3
	l6Reroll, l6CharactersFirst, l6MonstersFirst = 0, 1, 2
	l7Segments, l7Hits, l7NoGrievous             = 0, 1, 2
	l9Both, l9Instead, l9Alternate, l9Once       = 0, 1, 2, 3
	l11Conflict, l11Rounds, l11Misc              = 0, 1, 2
	l15Three, l15Unlimited, l15Resume            = 0, 1, 2
	l19OneDie, l19AllDice, l19Flat               = 0, 1, 2
	l2Clumsiness, l2Frailty, l2Better, l2Worse   = 0, 1, 2, 3
	conditionRounds                              = 3 // L-11 "rounds"
	searchRounds                                 = 3 // L-15
	outOfReachRounds                             = 3 // L-16 "out-of-reach"
	stressChain                                  = 3 // L-17 "literal"
)

// RulesOf converts resolved options (every id present) to Rules.
func RulesOf(o sim.Options) (Rules, error) {
	idx := func(id string) (uint8, error) {
		v := o.Get(id)
		for _, s := range optionSpecs {
			if s.ID != id {
				continue
			}
			for i, x := range s.Values {
				if x == v {
					return uint8(i), nil
				}
			}
			return 0, fmt.Errorf("option %s: unknown value %q", id, v)
		}
		return 0, fmt.Errorf("unknown option %s", id)
	}
	var ru Rules
	var err error
	get := func(id string) uint8 {
		if err != nil {
			return 0
		}
		var i uint8
		i, err = idx(id)
		return i
	}
	ru.AttackAttr = get("L-1")
	ru.DefenceAttr = get("L-2")
	ru.ContestFloor = get("L-3")
	ru.MissBonus = get("L-4")
	ru.MonsterInit = get("L-5")
	ru.InitTies = get("L-6")
	ru.MonsterDoor = get("L-7")
	ru.Aligned = get("L-8") == 1
	ru.Inflict = get("L-9")
	ru.CondChecks = get("L-10")
	ru.Durations = get("L-11")
	ru.UnstableHits = get("L-12") == 1
	ru.ProneDodge = get("L-13") == 1
	ru.HideAttr = Clumsiness
	if get("L-14") == 1 {
		ru.HideAttr = Carelessness
	}
	ru.SearchWindow = get("L-15")
	ru.OutOfReach = get("L-16") == 1
	ru.StressLiteral = get("L-17") == 1
	ru.Breakdown = get("L-18") == 1
	ru.Reroll = get("L-19")
	ru.ConsequenceOK = get("L-20") == 1
	ru.Cap2 = get("L-21") == 1
	ru.InflictNoFlr = get("L-23") == 1
	ru.FloorFirst = get("L-24") == 1
	ru.MonsterFloors = get("L-25") == 1
	ru.DurOnMark = get("L-26") == 1
	ru.BoundaryLower = get("L-27") == 1
	ru.DefendAll = get("L-28") == 1
	get("L-29")
	if err != nil {
		return ru, err
	}
	switch v := o.Get("L-22"); v {
	case "off":
		ru.Award = 0
	case "always":
		ru.Award = 1
	default:
		p, perr := strconv.ParseFloat(v, 64)
		if perr != nil || p < 0 || p > 1 {
			return ru, fmt.Errorf("option L-22: unknown value %q", v)
		}
		ru.Award = p
	}
	return ru, nil
}

// DefaultRules are the spec's defaults.
func DefaultRules() Rules {
	o := sim.Options{}
	for _, s := range optionSpecs {
		o[s.ID] = s.Values[0]
	}
	ru, err := RulesOf(o)
	if err != nil {
		panic(err)
	}
	return ru
}

package hmtw

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
)

// optionSpecs are the ambiguities of section 9 of the spec, H-1..H-32, and
// the bestiary's options for Web and Poison, H-33 and H-34; each
// with the spec's default first. An option with one value records the
// reading tpk plays where the spec offers no alternative.
var optionSpecs = []sim.Option{
	{ID: "H-1", Doc: "creatures from the appendix text, which is not in the seed: use them as they are, or also mark them unverified in replays",
		Values: []string{"trust", "flag"}},
	{ID: "H-2", Doc: "a group ganging up on one adventurer: one Attack per target with the mob bonus of the members assigned to it, every assigned member Attacks (lethal), or one Attack per target with the mob bonus of every member in the zone",
		Values: []string{"per-target", "lethal", "zone"}},
	{ID: "H-3", Doc: "how many members a group action reaches: those able to do it (melee members in the zone, missile members in range), or every member whatever its weapons",
		Values: []string{"able", "all"}},
	{ID: "H-4", Doc: "a GM hand with fewer lesser dooms than Initiatives to fill: one mulligan a round then groups without a card get no turn, mulligans until it has enough, the lowest greater doom as Initiative, or redraw only the missing cards",
		Values: []string{"mulligan-once", "unlimited", "greater-initiative", "redraw-missing"}},
	{ID: "H-5", Doc: "order of simultaneous minor actions and of GM-adventurer Initiative ties: fixed (defences, then Recover, then the rest; the GM first on ties), random, or simultaneous (an actor downed in the window still resolves what it declared)",
		Values: []string{"fixed", "random", "simultaneous"}},
	{ID: "H-6", Doc: "a facedown Dodge: revealed on the next targeting even if it would miss anyway, revealed only when the player chooses, or mandatory with a tie counting as a miss",
		Values: []string{"mandatory", "choose", "tie-miss"}},
	{ID: "H-7", Doc: "Riposte and Dodge on one character: one facedown card at a time, or one of each",
		Values: []string{"strict", "both"}},
	{ID: "H-8", Doc: "Avoid ties: past a hazard by the general tie rule (a trap has no shield, so a tie passes) and out of an engagement on equal or greater, as printed; or every Avoid strictly greater (Dash while engaged is a Move either way)",
		Values: []string{"as-printed", "strict"}},
	{ID: "H-9", Doc: "Roughhouse ties: the general rule (ties succeed unless shield), or strict (must exceed)",
		Values: []string{"general", "strict"}},
	{ID: "H-10", Doc: "Speak Incantation ties: to the caster unless shield (chapter 7), or strict (Appendix A)",
		Values: []string{"caster", "strict"}},
	{ID: "H-11", Doc: "a non-Critical Wound on an adventurer at Death's Door: no effect (the GM does not attack the downed), it kills, or no effect but the GM goes for finishing blows",
		Values: []string{"no-effect", "kills", "finishing-blows"}},
	{ID: "H-12", Doc: "rescue of adventurers at Death's Door: after the fight if the guild can act (Heal, else a poultice test of Wands), only during the fight (the Challenge's watch counts), or without limit (none dies of lingering)",
		Values: []string{"after-fight", "fight-only", "unlimited"}},
	{ID: "H-13", Doc: "what a Heal removes from an adventurer: Death's Door, else Injured, else a Wounded talent, else Staggered; or the player's choice, which tpk takes to be a Wounded talent it fights with, before Injured",
		Values: []string{"default", "player"}},
	{ID: "H-14", Doc: "what Heal restores on a creature: Health first up to its maximum, then Defense (reverse order of loss), or Defense first",
		Values: []string{"health-first", "defense-first"}},
	{ID: "H-15", Doc: "Resolve for favor when the action already has favor: never spent (the kernel refuses), or spent and wasted",
		Values: []string{"never", "wasted"}},
	{ID: "H-16", Doc: "the GM's minor actions: one per group per other character's turn, limited by the hand (as written), or one per group per round",
		Values: []string{"as-written", "one-per-round"}},
	{ID: "H-17", Doc: "Stun on a GM character: the GM discards its lowest lesser doom, or a random card",
		Values: []string{"lowest", "random"}},
	{ID: "H-18", Doc: "damage kinds for creature immunities: the table of section 5.7 (daggers piercing, wand blasts magic, fists and stones crushing, torches fire), or untyped (immunities to kinds of harm ignored)",
		Values: []string{"table", "untyped"}},
	{ID: "H-19", Doc: "light sources (with scene.dark): a held light breaks when its holder takes a Wound from an Attack or is Disarmed of it, never breaks, breaks on any hit, or breaks only when the GM disarms its holder",
		Values: []string{"wound", "ignore", "any-hit", "targeted"}},
	{ID: "H-20", Doc: "'larger than a human' for the GM's hand: the bestiary's inferred flag (unknown counts as not larger), never, or unknown counts as larger",
		Values: []string{"inferred", "never", "unknown-larger"}},
	{ID: "H-21", Doc: "'man' foes built from the man theme: attributes 4/3/2/1 and HD 5/armor Notches, or the adventurer's Wound track (a Critical marks Injured rather than taking all Health)",
		Values: []string{"converted", "full-track"}},
	{ID: "H-22", Doc: "a hand of the Fool and one other card: that card is the Initiative and the Fool cannot be played; a Fool turn opens no minor-action window",
		Values: []string{"as-stated"}},
	{ID: "H-23", Doc: "adventurers at Death's Door or Knocked out draw no cards, lose their facedown cards and defend at Initiative 0; worn armor still absorbs",
		Values: []string{"helpless"}},
	{ID: "H-24", Doc: "engagement: every melee Attack on a creature in one's zone is legal; a success engages the pair; leaving draws free Wounds only from those engaged",
		Values: []string{"one-zone"}},
	{ID: "H-25", Doc: "Guard: the new Initiative card sets both defence and turn; a value at or below the count acts right after the current window",
		Values: []string{"new-card"}},
	{ID: "H-26", Doc: "Test Fate inside a Challenge: spends the turn's card (its value ignored), or costs no card",
		Values: []string{"card", "free"}},
	{ID: "H-27", Doc: "Berserkergang's 'enemies' clause and spells on allies: ignored (no friendly fire)",
		Values: []string{"ignored"}},
	{ID: "H-28", Doc: "a retreat with 1 hit: the last adventurer in marching order is caught and fights on alone, everyone escapes with 1 Wound, or the guild is cornered",
		Values: []string{"caught", "wound", "cornered"}},
	{ID: "H-29", Doc: "Banter and Morale: the Morale state machine (Banter above Morale moves the group to fear, and it flees; an intelligent group at Morale 8 surrenders), or off (everyone fights to the death)",
		Values: []string{"morale", "off"}},
	{ID: "H-30", Doc: "creature abilities that are GM fiat (the cockatrice's gaze, Do You Doubt Me, Grab, the devil's Bite, Throw Stones, the griffin's Grab): played by their sim reading, or switched off",
		Values: []string{"on", "off"}},
	{ID: "H-31", Doc: "a zombie's severed limbs add no GM cards but count as enemies; the vampire's bats add +2 and take the summoning card as Initiative",
		Values: []string{"as-printed"}},
	{ID: "H-32", Doc: "Ambusher in round 1: doubles a 1-Wound result only, or every result",
		Values: []string{"one-wound", "all"}},
	{ID: "H-33", Doc: "a web (the brain spider's Web, a web bomb): limbs to free, one per Recover action (the bestiary's sim reading: 4, option 2)",
		Values: []string{"4", "2"}},
	{ID: "H-34", Doc: "the goblins' Poison rider: only counted as an affliction, its first stage doing nothing in the fight (p.96-97; errata E-H2), or the target is Exhausted for the rest of the fight (the bestiary's sim reading)",
		Values: []string{"counted", "exhausted"}},
}

// options returns H-1..H-34 (copies).
func options() []sim.Option { return sim.DefaultFirst(optionSpecs) }

// Rules is the resolved options as small enums, built once at compile
// time; each field holds the index of the chosen value in its option's list
// (0 is the spec's default).
type Rules struct {
	FlagUnverified  bool  // H-1
	Mob             uint8 // H-2: 0 per-target, 1 lethal, 2 zone
	AllMembers      bool  // H-3
	Mulligan        uint8 // H-4: 0 once, 1 unlimited, 2 greater-initiative, 3 redraw-missing
	Order           uint8 // H-5: 0 fixed, 1 random, 2 simultaneous
	Dodge           uint8 // H-6: 0 mandatory, 1 choose, 2 tie-miss
	BothFacedown    bool  // H-7
	Avoid           uint8 // H-8: 0 as-printed, 1 strict, 2 ge
	RoughStrict     bool  // H-9
	IncantStrict    bool  // H-10
	DoorWounds      uint8 // H-11: 0 no-effect, 1 kills, 2 finishing-blows
	Rescue          uint8 // H-12: 0 after-fight, 1 fight-only, 2 unlimited
	PlayerHeal      bool  // H-13
	DefenseFirst    bool  // H-14
	WastedResolve   bool  // H-15
	OneMinorPerRnd  bool  // H-16
	RandomStun      bool  // H-17
	Untyped         bool  // H-18
	Light           uint8 // H-19: 0 wound, 1 ignore, 2 any-hit, 3 targeted
	Larger          uint8 // H-20: 0 inferred, 1 never, 2 unknown-larger
	FullTrack       bool  // H-21
	FreeTestFate    bool  // H-26
	OneHit          uint8 // H-28: 0 caught, 1 wound, 2 cornered
	NoSocial        bool  // H-29
	NoNarrative     bool  // H-30
	AmbushAll       bool  // H-32
	TwoLimbWebs     bool  // H-33
	PoisonExhausted bool  // H-34: Exhausted for the fight (not the default)
	LimbsAndBats    uint8 // H-31 (one reading)
	FoolAlone       uint8 // H-22 (one reading)
	Downed          uint8 // H-23 (one reading)
	Engagement      uint8 // H-24 (one reading)
	GuardTiming     uint8 // H-25 (one reading)
	FriendlyFire    uint8 // H-27 (one reading)
}

// The values of the multi-valued rules.
const (
	mobPerTarget, mobLethal, mobZone                  = 0, 1, 2
	mullOnce, mullUnlimited, mullGreater, mullMissing = 0, 1, 2, 3
	orderFixed, orderRandom, orderSimultaneous        = 0, 1, 2
	dodgeMandatory, dodgeChoose, dodgeTieMiss         = 0, 1, 2
	avoidPrinted, avoidStrict                         = 0, 1
	doorNoEffect, doorKills, doorFinishing            = 0, 1, 2
	rescueAfter, rescueFightOnly, rescueUnlimited     = 0, 1, 2
	lightWound, lightIgnore, lightAnyHit, lightTarget = 0, 1, 2, 3
	largerInferred, largerNever, largerUnknown        = 0, 1, 2
	oneHitCaught, oneHitWound, oneHitCornered         = 0, 1, 2
	maxMulligans                                      = 8 // H-4 "unlimited" stops here if the deck cannot give enough
)

// RulesOf converts resolved options (every id present) to Rules.
func RulesOf(o sim.Options) (Rules, error) {
	var err error
	get := func(id string) uint8 {
		if err != nil {
			return 0
		}
		v := o.Get(id)
		for _, s := range optionSpecs {
			if s.ID != id {
				continue
			}
			for i, x := range s.Values {
				if x == v {
					return uint8(i)
				}
			}
			err = fmt.Errorf("option %s: unknown value %q", id, v)
			return 0
		}
		err = fmt.Errorf("unknown option %s", id)
		return 0
	}
	ru := Rules{
		FlagUnverified:  get("H-1") == 1,
		Mob:             get("H-2"),
		AllMembers:      get("H-3") == 1,
		Mulligan:        get("H-4"),
		Order:           get("H-5"),
		Dodge:           get("H-6"),
		BothFacedown:    get("H-7") == 1,
		Avoid:           get("H-8"),
		RoughStrict:     get("H-9") == 1,
		IncantStrict:    get("H-10") == 1,
		DoorWounds:      get("H-11"),
		Rescue:          get("H-12"),
		PlayerHeal:      get("H-13") == 1,
		DefenseFirst:    get("H-14") == 1,
		WastedResolve:   get("H-15") == 1,
		OneMinorPerRnd:  get("H-16") == 1,
		RandomStun:      get("H-17") == 1,
		Untyped:         get("H-18") == 1,
		Light:           get("H-19"),
		Larger:          get("H-20"),
		FullTrack:       get("H-21") == 1,
		FoolAlone:       get("H-22"),
		Downed:          get("H-23"),
		Engagement:      get("H-24"),
		GuardTiming:     get("H-25"),
		FreeTestFate:    get("H-26") == 1,
		FriendlyFire:    get("H-27"),
		OneHit:          get("H-28"),
		NoSocial:        get("H-29") == 1,
		NoNarrative:     get("H-30") == 1,
		LimbsAndBats:    get("H-31"),
		AmbushAll:       get("H-32") == 1,
		TwoLimbWebs:     get("H-33") == 1,
		PoisonExhausted: get("H-34") == 1,
	}
	return ru, err
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

package hmtw

import (
	"github.com/tpk-sim/tpk/systems"
)

// This file is the decision interface the kernel calls. A party policy
// chooses each adventurer's Initiative card, turn, minor actions,
// interrupts, how each Wound is absorbed, whether to push fate and whether
// the guild retreats; a GM policy chooses each group's Initiative card,
// turn and minor actions. Policies live in strategies/hmtw and register
// themselves by name. The kernel hands them a *View (a read-only window on
// the encounter) and a pointer to an action it owns for them to fill in;
// they must not allocate. The kernel checks every choice and turns an
// impossible one into a skip.

// ActionKind is an adventurer's Challenge action (section 6.5).
type ActionKind uint8

// The actions, grouped by suit; the miscellaneous ones take any card.
const (
	Skip ActionKind = iota
	// Swords
	Attack  // Target: a GM character (melee, missile, wand blast); a bomb or salt is UseItem; Zone: Reaver's charge
	Riposte // facedown, protecting Ally (self or an ally in the zone)
	Aim     // bow only: facedown on Target; the next bow Attack on it adds its value
	// Pentacles
	Avoid      // Hazard >= 0: get past it into Zone; otherwise disengage (and move to Zone if it is set)
	Dash       // two zones: into Zone
	Dodge      // facedown, protecting Ally
	Roughhouse // Target, Effect: Disarm, Root, Trip or Displace (Fight Dirty: Exhaust, Silence, or Notch as Disarm of armor)
	// Cups
	AidAnother // facedown, for Ally's next Attack
	UseItem    // Item: a bomb, salt (at Target), a poultice (on Ally), a healing potion (drunk; or into Ally at Death's Door)
	PullPack   // Item from the pack into a hand
	// Wands
	Banter  // Target's group, against its Morale
	Recover // Item: a dropped item to pick up; else Effect: the effect to remove (Disarm: pick up a dropped item; 0: the kernel picks)
	Incant  // Speak Incantation: Spell at Target (a GM character) or Ally (Life)
	// Miscellaneous
	Move     // to Zone
	Guard    // Swap (a card in hand) becomes the Initiative (needs a shield)
	PullBelt // Item from the belt into a hand
	Reload   // the crossbow
	TestFate // escape an engulfing slime (Swords)
	Trivial  // slap Ally awake (Knocked out), or make a shadow-form creature tangible with a light
	// HeavyMetal is Heavy Metal Machine (an interrupt, once a round, in iron
	// or steel armor): discard a card to add Swords to one's Initiative
	// against the action threatening it.
	HeavyMetal
	numActions
)

var actionNames = [...]string{"skip", "Attack", "Riposte", "Aim", "Avoid", "Dash", "Dodge", "Roughhouse", "Aid Another",
	"Use Item", "Pull Item from Pack", "Banter", "Recover", "Speak Incantation", "Move", "Guard", "Pull Item from Belt", "Reload Crossbow",
	"Test Fate", "Trivial Action", "Heavy Metal Machine"}

// String names the action as the book does.
func (a ActionKind) String() string { return actionNames[a] }

// actionSuit is the suit a minor action's card must have; NoSuit for the
// miscellaneous actions, which take any card.
var actionSuit = [numActions]Suit{Skip: NoSuit, Attack: Swords, Riposte: Swords, Aim: Swords, Avoid: Pentacles, Dash: Pentacles,
	Dodge: Pentacles, Roughhouse: Pentacles, AidAnother: Cups, UseItem: Cups, PullPack: Cups, Banter: Wands,
	Recover: Wands, Incant: Wands, Move: NoSuit, Guard: NoSuit, PullBelt: NoSuit, Reload: NoSuit, TestFate: NoSuit, Trivial: NoSuit, HeavyMetal: NoSuit}

// Action is an adventurer's choice for a turn, a minor action or an
// interrupt.
type Action struct {
	Kind    ActionKind
	Card    int8   // index in the hand of the card played
	Target  int8   // a GM character (member index)
	Ally    int8   // the adventurer protected, aided or healed
	Hazard  int8   // Avoid past this hazard; -1 to disengage
	Zone    int8   // destination of Move, Dash, Avoid; -1: the kernel picks
	Effect  Effect // Roughhouse's effect; Recover's
	Item    Item   // Use Item, Pull Item; Recover: the dropped item to pick up
	Hand    int8   // Pull Item: the hand it goes to (0 or 1), -1: the kernel's choice (the off hand)
	Swap    int8   // Guard: the hand index of the card that becomes the Initiative, -1: the highest
	Spell   Spell  // Speak Incantation's spell
	Resolve bool   // spend 1 Resolve for favor (p.113)
	Fool    bool   // an interrupt: play the Fool with the card, an extra turn
}

// Reset clears the action to a skip with no target.
func (a *Action) Reset() {
	*a = Action{Kind: Skip, Card: -1, Target: -1, Ally: -1, Hazard: -1, Zone: -1, Hand: -1, Swap: -1}
}

// Offer says which interrupts the kernel offers an adventurer.
type Offer uint8

// The interrupts.
const (
	OfferFool  Offer = 1 << iota // the Fool with another card: an extra turn, any action, the attribute added
	OfferQuick                   // Quick!: a Pentacles action at face value (a Dodge for the threatened ally)
	OfferHMM                     // Heavy Metal Machine: discard a card, +Swords to its Initiative against this action
)

// Threat is an action declared against an adventurer, offered to the party
// for interrupts before it resolves.
type Threat struct {
	Group  int  // the acting group
	Target int  // the adventurer aimed at
	Value  int  // the action's value, favor included
	Init   int  // the target's Initiative as it stands (a Dodge already applying included)
	Dodged bool // a Dodge already applies: no further Dodge
	Hits   bool // as it stands, the action succeeds
	Minor  bool // a minor action
}

// Absorber is what takes one Wound (section 5.3).
type Absorber uint8

// The absorbers, in the competent table's order.
const (
	AbsorbHelm Absorber = iota
	AbsorbArmor
	AbsorbShield
	AbsorbStaggered
	AbsorbTalent
	AbsorbInjured
	AbsorbDeathsDoor
	numAbsorbers
)

var absorberNames = [...]string{"Notches the helm", "Notches the armor", "Notches the shield", "marks Staggered",
	"Wounds a talent", "marks Injured", "marks Death's Door"}

// String says what the absorber does.
func (a Absorber) String() string { return absorberNames[a] }

// Wound is one Wound an adventurer must absorb.
type Wound struct {
	Piercing bool // no armor, helm or shield
	Flail    bool // no shield
	Bite     bool // a seablooded orc's Poison Blood answers a bite
	Metal    bool // an earthblooded orc's Quicksilver Blood answers a metal weapon
	Source   int  // the GM group, or -1 (a hazard, a fall, the slime's acid)
}

// FateTest is a test of fate outside the adventurer's own actions, on which
// it may spend a Resolve for favor before the draw.
type FateTest struct {
	Suit   Suit
	Deadly bool // failing means death (the poultice test at Death's Door)
}

// FatePush is a failed first draw of a test of fate the adventurer may push.
type FatePush struct {
	First  Card
	Total  int
	Deadly bool // failing means death (the poultice test at Death's Door)
	Chance float64
}

// PartyPolicy decides for an adventurer.
type PartyPolicy interface {
	// Initiative returns the index in the hand of the card to play as
	// Initiative (never the Fool; the kernel checks).
	Initiative(v *View, self int) int
	// Turn fills a (already reset) with the action of self's turn, or
	// leaves it a skip. It is also asked for the extra turn of the Fool
	// (v.FoolTurn()), when any action adds its attribute.
	Turn(v *View, self int, a *Action)
	// Minor fills a with a minor action in the window after another
	// character's turn: the card's suit must match the action's, its face
	// value only counts.
	Minor(v *View, self int, a *Action)
	// Interrupt may answer a threat against an adventurer: a Fool turn, or
	// a Pentacles action under Quick! The kernel marks which it offers with
	// v.Offer().
	Interrupt(v *View, self int, t *Threat, a *Action)
	// Absorb chooses what takes one Wound; the kernel falls back to the
	// first legal absorber in the competent order if the choice is illegal.
	Absorb(v *View, self int, w Wound) Absorber
	// FateResolve says whether to spend a Resolve for favor on a test of
	// fate that is not an action (a Test Fate action sets Action.Resolve);
	// the kernel asks only when self has Resolve left.
	FateResolve(v *View, self int, t FateTest) bool
	// Push says whether to push a failed test of fate.
	Push(v *View, self int, p FatePush) bool
	// Retreat says whether the guild accepts the GM's offer of a retreat
	// at the end of the round; the kernel asks the first adventurer's
	// policy still able to act.
	Retreat(v *View) bool
}

// GMActionKind is a GM group's action.
type GMActionKind uint8

// The GM actions.
const (
	GMSkip       GMActionKind = iota
	GMAttack                  // Targets per member; Card a lesser doom (or a greater one with Overwhelming Attack)
	GMRoughhouse              // Targets per member; Effect; Ability a Roughhouse doom (Grab, Engulf...) or none
	GMAbility                 // Ability: a played doom (Unearthly Fear, Shriek, Call Bats, Regenerate...)
	GMMove                    // toward Zone (a miscellaneous action: any card)
	GMFlee                    // Move away from the guild and out of the scene; Avoid if engaged
	GMRecover                 // remove an effect from its members
	GMDodge                   // facedown, protecting the group
	GMRiposte                 // facedown
	numGMActions
)

var gmActionNames = [...]string{"skip", "Attack", "Roughhouse", "ability", "Move", "flee", "Recover", "Dodge", "Riposte"}

// String names the action.
func (a GMActionKind) String() string { return gmActionNames[a] }

// GMAction is a group's choice for a turn or a minor action.
type GMAction struct {
	Kind    GMActionKind
	Card    int8    // index in the GM's hand of the card played
	Rider   int8    // a greater doom discarded as an Attack rider, or -1
	Favor   int8    // a greater doom discarded for favor, or -1
	Ability Ability // the doom used: a rider, an Attack's form (Throw Stones...), a Roughhouse doom, a played doom
	// Trigger is an Attack's one passive attack doom (Claw, Bite, Tail
	// Whip...; see AttackDooms): the GM chooses one per Attack (rulebook
	// App. C p.246, the rules spec's errata E-H6). None with a rider or a
	// greater doom as the Attack; left at none where the group has several,
	// the kernel draws one at random.
	Trigger Ability
	Effect  Effect // a Roughhouse's effect
	Zone    int8   // GMMove's destination
	// Targets[i] is the adventurer member i of the group acts against, or
	// -1 (not acting); for a single creature only Targets[0] counts.
	Targets [MaxCount]int8
}

// Reset clears the action to a skip with no targets.
func (a *GMAction) Reset() { *a = emptyGMAction }

// emptyGMAction is a skip with no targets.
var emptyGMAction = func() GMAction {
	a := GMAction{Kind: GMSkip, Card: -1, Rider: -1, Favor: -1, Zone: -1}
	for i := range a.Targets {
		a.Targets[i] = -1
	}
	return a
}()

// GMPolicy decides for the GM's groups.
type GMPolicy interface {
	// Initiative returns the index in the GM's hand of group g's
	// Initiative card, or -1 to play none (the group gets no turn and
	// defends at 0).
	Initiative(v *View, g int) int
	// Turn fills a (already reset) with group g's action on its turn. A
	// Move with no card is a free move (Fleet, v.FreeMove): the kernel
	// makes it and calls Turn again for the turn's action.
	Turn(v *View, g int, a *GMAction)
	// Minor fills a with group g's minor action in the window after
	// another character's turn (face value; any lesser doom).
	Minor(v *View, g int, a *GMAction)
}

// Policies are the registered strategies of each side, each side's default
// named here; strategies/hmtw registers into them from init.
var Policies = systems.NewRegistries[PartyPolicy, GMPolicy](ID, "competent", "fair-but-smart")

package hmtw

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/search"
)

// Limits of a scenario, fixed so that the kernel's state is arrays.
const (
	MaxParty   = 8  // adventurers
	MaxGroups  = 12 // GM groups, summoned ones included
	MaxMembers = 48 // GM characters (dungeon lords' pools count one each)
	MaxZones   = 8
	MaxHazards = 4
	MaxCount   = 24 // members of one group
	maxBelt    = 4  // belt slots (p.37)
	maxPack    = 21 // pack slots
	// maxDropped is the room on the floor for an adventurer's dropped
	// items: everything it can carry, so a Disarm never loses one.
	maxDropped = 2 + maxBelt + maxPack
	maxHand    = 8 // cards an adventurer can hold (4 drawn, Counsel...)
	maxGMHand  = MajorSize
	maxClones  = 3 // the Yellow King's Faithful Servant
)

// hazardSpec is a hazard between two zones that acts as an antagonist of
// its own (section 6.2.4): its own Initiative card, its own enemy type; to
// cross it, Avoid and beat its Initiative; anyone who fails or is thrown
// into it takes its damage.
type hazardSpec struct {
	name     string
	a, b     int8
	wounds   int
	piercing bool
}

// sceneSpec is the battlefield.
type sceneSpec struct {
	zones   []string
	adj     [MaxZones]uint8 // bit j of adj[i]: i and j are adjacent
	exits   uint8           // zones from which a Move leaves the scene
	cover   uint8           // missile attacks into these zones from elsewhere have disfavor
	hazards []hazardSpec
	dark    bool
	// acrossZones: defensive facedown cards protect allies in any zone
	// (the worked example's GM ruling; the book's rule is the same zone).
	acrossZones bool
	carryDowned bool // a retreating guild carries its downed (section 6.11.1)
}

// advSpec is an adventurer as compiled.
type advSpec struct {
	name     string
	path     Suit
	kin      Kin
	attr     Attributes
	resolve  int
	xp       int
	mastered Talents
	training Talents
	hunter   string // Monster Hunter's specialization: a creature id
	hands    [2]Item
	twoHand  bool // holds a melee weapon two-handed
	body     Item // worn body armor or NoItem
	helm     bool
	belt     []Item
	pack     []Item
	medical  bool
	spells   uint8 // Spells it casts, as bits (sorcery is opt-in)
	// pre-state (section 5.3: a simulator must accept one)
	staggered, injured, stressed bool
	woundedTalents               int
	zone                         int8
	policy                       PartyPolicy
	policyName                   string
}

// memberSpec is one GM character of a group as compiled (for a dungeon
// lord, one pool).
type memberSpec struct {
	health, defense int // health Infinite: cannot be harmed
	abil            abilitySet
	pool            string // a dungeon lord's pool id
	late            bool   // out of melee reach until the lord's first pool falls
	spare           bool   // a slot for a severed limb (Last Grasp): inactive at the start
	object          bool   // an item, not a creature (Pool.Object: the Crown of Archwood)
}

// groupSpec is a group of identical GM characters sharing one Initiative
// card (p.122), or a single significant one, or a dungeon lord.
type groupSpec struct {
	name      string
	cr        Creature // the stat block (for narration and the bestiary)
	typeKey   string   // enemy types for the GM's hand
	attr      Attributes
	slimeX    bool
	members   []memberSpec
	abil      abilitySet // the union of the members' abilities
	larger    bool
	extra     int // the creature's own GM cards (elite 2, lord 3, bats 2)
	elite     bool
	lord      bool
	minion    bool // of the minion threat: a group of them is a swarm (spec 8.2)
	core      int  // a lord's core pool (member index), or -1
	mindless  bool
	living    bool // goes to Death's Door at 0 Health (else destroyed)
	beast     bool
	man       bool // converted from an adventurer-like person (option H-21)
	pursuit   Pursuit
	emotion   Emotion
	ranged    int // members with missile weapons
	armed     bool
	shield    bool
	zone      int8
	hidden    bool // a summoned group waiting to be called (bats, clones)
	plays     bool // it has a doom it plays as an action of its own (View.HasPlayed)
	summoner  int  // the group that calls a hidden group, or -1
	policy    GMPolicy
	policyStr string
}

// model is a compiled HMTW scenario; read-only and shared by the workers.
type model struct {
	warnings  []string // scene keys that change nothing
	rules     Rules
	maxRounds int
	scene     sceneSpec
	party     []advSpec
	groups    []groupSpec
	// risen is the hidden group of the guild's dead who rise as zombies
	// during the fight (a poultice's great failure), or -1.
	risen  int
	schema *sim.Schema
	// partyStrategy and foeStrategy are the sides' strategies.
	partyStrategy, foeStrategy string
	// stacks, in tests only, force the order of the decks' first draws.
	minorStack, majorStack []uint8
	search.Plug            // strong play (strong.go)
	// defParty and defGM are the sides' default strategies, which strong
	// play lists first and plays its rollouts with.
	defParty PartyPolicy
	defGM    GMPolicy
}

// Schema lays out the Record of an encounter.
func (m *model) Schema() *sim.Schema { return m.schema }

// MaxRounds is the round cap.
func (m *model) MaxRounds() int { return m.maxRounds }

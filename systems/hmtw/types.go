package hmtw

import "strings"

// Attributes are the four ratings, indexed by Suit: an adventurer's are
// 4, 3, 2 and 1 (p.20); a creature's 0..7 (a slime's Swords and Pentacles
// follow its Health).
type Attributes [NumSuits]int

// Kin is an adventurer's kith and kin; only the orc bloods and the human
// houses have talents that reach a Challenge (section 5.10).
type Kin uint8

// The kin of the rulebook.
const (
	Human Kin = iota
	FirebloodedOrc
	SeabloodedOrc
	EarthbloodedOrc
	StormbloodedOrc
	Orc // an orc whose blood the book does not give (the worked example's Daria): no kin talent in play
	HighElf
	WoodElf
	DarkElf
	Gnome
	Dwarf
	Halfling
	Troll
	numKin
)

var kinNames = [...]string{"human", "fireblooded_orc", "seablooded_orc", "earthblooded_orc", "stormblooded_orc", "orc",
	"high_elf", "wood_elf", "dark_elf", "gnome", "dwarf", "halfling", "troll"}

// String is the kin's scenario name.
func (k Kin) String() string { return kinNames[k] }

// Elf reports an elf of any kind (ogres attack elves first).
func (k Kin) Elf() bool { return k == HighElf || k == WoodElf || k == DarkElf }

// Talent is a path or kin talent that changes the numbers of a Challenge
// (sections 5.9-5.10); talents with no combat effect are accepted in
// scenarios and only spare Wounds (section 5.4).
type Talent uint8

// The talents tpk knows, by path.
const (
	// Swords
	TAegis Talent = iota
	TDoomEye
	THeavyMetalMachine
	TMonsterHunter
	TReaver
	TTwoHandedFocus
	TWarStories
	// Pentacles
	TAmbusher
	TFightDirty
	TQuick
	TAcrobat
	TSneak
	TUpMySleeve
	TConArtist
	// Cups
	TChirurgeon
	TCounsel
	THighChant
	TBeastMaster
	TAlchemy
	TBookworm
	TLoremaster
	// Wands
	TGramarye
	TCounterSpell
	TDwimmercraft
	TMagicWastes
	TMagicWeald
	TMagicWeird
	TMagicWelkin
	// Kin
	TProudAndAncient // human
	TBerserkergang   // fireblooded orc
	TPoisonBlood     // seablooded orc
	TQuicksilver     // earthblooded orc
	TBlur            // stormblooded orc
	TKeenSenses      // elves and others: no combat effect
	numTalents
)

var talentNames = [...]string{"aegis", "doom_eye", "heavy_metal_machine", "monster_hunter", "reaver", "two_handed_focus",
	"war_stories", "ambusher", "fight_dirty", "quick", "acrobat", "sneak", "up_my_sleeve", "con_artist",
	"chirurgeon", "counsel", "high_chant", "beast_master", "alchemy", "bookworm", "loremaster",
	"gramarye", "counter_spell", "dwimmercraft", "magic_of_the_wastes", "magic_of_the_weald", "magic_of_the_weird",
	"magic_of_the_welkin", "proud_and_ancient", "berserkergang", "poison_blood", "quicksilver_blood", "blur", "keen_senses"}

// talentPaths is each talent's path (NoSuit for kin talents).
var talentPaths = [...]Suit{Swords, Swords, Swords, Swords, Swords, Swords, Swords,
	Pentacles, Pentacles, Pentacles, Pentacles, Pentacles, Pentacles, Pentacles,
	Cups, Cups, Cups, Cups, Cups, Cups, Cups,
	Wands, Wands, Wands, Wands, Wands, Wands, Wands,
	NoSuit, NoSuit, NoSuit, NoSuit, NoSuit, NoSuit}

// String is the talent's scenario name.
func (t Talent) String() string { return talentNames[t] }

// Talents is a set of talents as bits.
type Talents uint64

// Has reports whether t is in the set.
func (s Talents) Has(t Talent) bool { return s&(1<<t) != 0 }

// With returns the set with t added.
func (s Talents) With(t Talent) Talents { return s | 1<<t }

// kinTalent is the kin talent of each kin that tpk models.
func kinTalent(k Kin) (Talent, bool) {
	switch k {
	case Human:
		return TProudAndAncient, true
	case FirebloodedOrc:
		return TBerserkergang, true
	case SeabloodedOrc:
		return TPoisonBlood, true
	case EarthbloodedOrc:
		return TQuicksilver, true
	case StormbloodedOrc:
		return TBlur, true
	}
	return 0, false
}

// Item is a piece of gear (sections 5.5-5.7, 5.12).
type Item uint8

// The items tpk knows.
const (
	NoItem Item = iota
	// weapons
	Axe
	Blade
	Bow
	Crossbow
	Dagger
	Flail
	Hammer
	Polearm // spear: piercing
	Halberd // polearm: slashing and piercing
	Staff   // quarterstaff, a polearm: crushing
	ArchwoodWand
	SilverBlade
	SilverDagger
	Torch
	Lantern
	// armor
	LightArmor
	IronArmor
	SteelArmor
	Helm
	LightShield
	HeavyShield
	// consumables
	Poultice
	HealPotion
	Salt
	Bomb    // a generic alchemical bomb: an Attack tied to Cups that deals 1 Wound
	WebBomb // the spider-sac bomb of the worked example: Roots and webs, no Wound
	FireBomb
	Component // a spell's component (sorcery is not simulated; pulling one from the belt is)
	numItems
)

var itemNames = [...]string{"none", "axe", "blade", "bow", "crossbow", "dagger", "flail", "hammer", "polearm", "halberd",
	"staff", "archwood_wand", "silver_blade", "silver_dagger", "torch", "lantern",
	"light_armor", "iron_armor", "steel_armor", "helm", "light_shield", "heavy_shield",
	"poultice", "heal_potion", "salt", "bomb", "web_bomb", "fire_bomb", "component"}

// itemAliases are the book's own synonyms (p.170: "Blades include all types
// of swords", "Hammers and maces", "Polearms include spears").
var itemAliases = map[string]Item{"sword": Blade, "longsword": Blade, "shortsword": Blade, "mace": Hammer,
	"spear": Polearm, "stiletto": Dagger, "quarterstaff": Staff, "wand": ArchwoodWand}

// String is the item's scenario name.
func (i Item) String() string { return itemNames[i] }

// Title is the item's name in narration.
func (i Item) Title() string { return strings.ReplaceAll(itemNames[i], "_", " ") }

// Damage categories of a source of harm, for creature immunities (section
// 5.7 and option H-18).
const (
	dmgSlashing uint16 = 1 << iota
	dmgCrushing
	dmgPiercing // sharp: arrows, daggers, spears
	dmgMagic
	dmgFire
	dmgForged // a crafted or forged weapon (Untouched by Hot Iron)
	dmgSilver
	dmgSalt
	dmgNatural // fists, stones, crude branches
	dmgAlchemy
	dmgAll = 1<<10 - 1
)

var dmgNames = [...]string{"slashing", "crushing", "piercing", "magic", "fire", "forged", "silver", "salt", "natural", "alchemy"}

// dmgString names a set of damage categories.
func dmgString(m uint16) string {
	var s []string
	for i, n := range dmgNames {
		if m&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	return strings.Join(s, "+")
}

// itemClass is what an item is.
type itemClass uint8

const (
	clsNone itemClass = iota
	clsMelee
	clsMissile // bow, crossbow, archwood wand
	clsLight   // torch, lantern: a weapon that breaks
	clsArmor
	clsHelm
	clsShield
	clsConsumable
)

// itemInfo is an item's rules.
type itemInfo struct {
	class    itemClass
	hands    int8   // hands to hold it (2 for bows, crossbows, polearms)
	slots    int8   // belt or pack slots
	dmg      uint16 // damage categories of an Attack with it
	notches  int8   // armor: Notches absorbed; weapons: durability (silver 1)
	metal    bool   // iron or steel (forbids casting; earthblooded orcs' Quicksilver Blood)
	twoHand  bool   // may be wielded two-handed (every melee weapon but the dagger)
	throwOne bool   // thrown (bombs, salt, a thrown dagger): must get past hazards
}

var itemInfos = [numItems]itemInfo{
	NoItem:       {dmg: dmgCrushing | dmgNatural}, // fists (H-18: natural and crushing)
	Axe:          {class: clsMelee, hands: 1, slots: 1, dmg: dmgSlashing | dmgForged, notches: 2, metal: true, twoHand: true},
	Blade:        {class: clsMelee, hands: 1, slots: 1, dmg: dmgSlashing | dmgForged, notches: 3, metal: true, twoHand: true},
	Bow:          {class: clsMissile, hands: 2, slots: 1, dmg: dmgPiercing | dmgForged, notches: 1},
	Crossbow:     {class: clsMissile, hands: 2, slots: 1, dmg: dmgPiercing | dmgForged, notches: 2, metal: true},
	Dagger:       {class: clsMelee, hands: 1, slots: 1, dmg: dmgPiercing | dmgForged, notches: 2, metal: true},
	Flail:        {class: clsMelee, hands: 1, slots: 1, dmg: dmgCrushing | dmgForged, notches: 2, metal: true, twoHand: true},
	Hammer:       {class: clsMelee, hands: 1, slots: 1, dmg: dmgCrushing | dmgForged, notches: 2, metal: true, twoHand: true},
	Polearm:      {class: clsMelee, hands: 2, slots: 2, dmg: dmgPiercing | dmgForged, notches: 2, metal: true, twoHand: true},
	Halberd:      {class: clsMelee, hands: 2, slots: 2, dmg: dmgSlashing | dmgPiercing | dmgForged, notches: 2, metal: true, twoHand: true},
	Staff:        {class: clsMelee, hands: 2, slots: 2, dmg: dmgCrushing | dmgNatural, notches: 1, twoHand: true},
	ArchwoodWand: {class: clsMissile, hands: 1, slots: 1, dmg: dmgMagic, notches: 1},
	SilverBlade:  {class: clsMelee, hands: 1, slots: 1, dmg: dmgSlashing | dmgForged | dmgSilver, notches: 1, twoHand: true},
	SilverDagger: {class: clsMelee, hands: 1, slots: 1, dmg: dmgPiercing | dmgForged | dmgSilver, notches: 1},
	Torch:        {class: clsLight, hands: 1, slots: 1, dmg: dmgFire | dmgNatural, notches: 1},
	Lantern:      {class: clsLight, hands: 1, slots: 1, dmg: dmgFire, notches: 1, metal: true},
	LightArmor:   {class: clsArmor, slots: 1, notches: 1},
	IronArmor:    {class: clsArmor, slots: 2, notches: 2, metal: true},
	SteelArmor:   {class: clsArmor, slots: 3, notches: 3, metal: true},
	Helm:         {class: clsHelm, slots: 1, notches: 1, metal: true},
	LightShield:  {class: clsShield, hands: 1, slots: 1, notches: 1},
	HeavyShield:  {class: clsShield, hands: 1, slots: 1, notches: 2, metal: true},
	Poultice:     {class: clsConsumable, hands: 1, slots: 1},
	HealPotion:   {class: clsConsumable, hands: 1, slots: 1},
	Salt:         {class: clsConsumable, hands: 1, slots: 1, dmg: dmgSalt | dmgNatural, throwOne: true},
	Bomb:         {class: clsConsumable, hands: 1, slots: 1, dmg: dmgAlchemy, throwOne: true},
	WebBomb:      {class: clsConsumable, hands: 1, slots: 1, dmg: dmgAlchemy, throwOne: true},
	FireBomb:     {class: clsConsumable, hands: 1, slots: 1, dmg: dmgAlchemy | dmgFire, throwOne: true},
	Component:    {class: clsConsumable, hands: 1, slots: 1},
}

func (i Item) info() *itemInfo { return &itemInfos[i] }

// Weapon reports an item one can Attack with.
func (i Item) Weapon() bool {
	c := itemInfos[i].class
	return c == clsMelee || c == clsMissile || c == clsLight
}

// Melee reports a melee weapon (lights used as weapons count).
func (i Item) Melee() bool { c := itemInfos[i].class; return c == clsMelee || c == clsLight }

// Missile reports a missile weapon.
func (i Item) Missile() bool { return itemInfos[i].class == clsMissile }

// Spell is a spell of Appendix A with a combat reading (section 5.11).
// Sorcery is opt-in: an adventurer casts only the spells its scenario lists.
type Spell uint8

// The spells tpk casts.
const (
	NoSpell Spell = iota
	Withering
	Heavenfire
	Life
	Sleep
	numSpells
)

var spellNames = [...]string{"none", "withering", "heavenfire", "life", "sleep"}

// spellRealm is the talent each spell needs.
var spellRealm = [...]Talent{0, TMagicWastes, TMagicWelkin, TMagicWelkin, TMagicWeird}

// String is the spell's scenario name.
func (s Spell) String() string { return spellNames[s] }

// Effect is a set of the effects of p.12-13 a combatant suffers (section
// 6.7), as bits.
type Effect uint32

// The effects.
const (
	Blind Effect = 1 << iota
	Exhaust
	Trip // prone
	Root
	Disarm // a creature disarmed (an adventurer's dropped item is kept apart)
	Silence
	Deafen
	Knockout
	Shroud
	Webbed    // Rooted by web: attacks against it have favor; Recover frees one limb at a time
	Grabbed   // Rooted and carried by a creature (Grab, a devil's Bite)
	Engulfed  // inside a slime: 1 Wound and Notches at the start of each turn
	Petrified // the cockatrice's curse: out of the fight
	Poisoned  // the goblins' Poison (counted; Exhaust is the in-fight effect)
	Berserk   // Berserkergang
	Controlled
	Tangible // a jinn or wraith made tangible (the opposite of its natural state)
	Dark     // an adventurer Blind because the scene is dark and the guild holds no light
	numEffects
)

var effectNames = [...]string{"Blind", "Exhausted", "Tripped", "Rooted", "Disarmed", "Silenced", "Deafened",
	"Knocked out", "Shrouded", "Webbed", "Grabbed", "Engulfed", "Petrified", "Poisoned", "Berserk", "Controlled", "Tangible", "in the dark"}

// String names the effects in the set.
func (e Effect) String() string {
	var s []string
	for i, n := range effectNames {
		if e&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	return strings.Join(s, ", ")
}

// recoverable are the effects a Recover action removes, one per action
// (Webbed one limb at a time; Engulfed needs a Test Fate of Swords).
const recoverable = Blind | Exhaust | Trip | Root | Disarm | Silence | Deafen | Grabbed | Webbed

// Emotion is a Disposition's emotion (p.99-102).
type Emotion uint8

// The seven emotions.
const (
	Anger Emotion = iota
	Distaste
	Sadness
	Joy
	Surprise
	Trust
	Fear
	numEmotions
)

var emotionNames = [...]string{"anger", "distaste", "sadness", "joy", "surprise", "trust", "fear"}

// String is the emotion's scenario name.
func (e Emotion) String() string { return emotionNames[e] }

// Pursuit is how fast a creature follows a retreating guild (p.124).
type Pursuit uint8

// The pursuit classes.
const (
	PursuitEqual Pursuit = iota // the guild makes a group test of Pentacles
	PursuitFast                 // flies or has magical movement: the retreat fails
	PursuitSlow                 // slow, awkward or bound to its lair: leaving ends the Challenge
)

var pursuitNames = [...]string{"equal", "fast", "slow"}

// String is the class's scenario name.
func (p Pursuit) String() string { return pursuitNames[p] }

func lookup(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

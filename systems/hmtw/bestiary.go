package hmtw

import (
	"sync"

	"github.com/tpk-sim/tpk/systems"
)

// Infinite is the Health of a creature that cannot be damaged (the
// bloodybones' "∞").
const Infinite = -1

// Pool is one named HD pool of a dungeon lord (section 7.4): a separate
// thing to target, with its own notes and dooms, lost when it falls.
type Pool struct {
	ID        string    `json:"id"`
	Health    int       `json:"health"`
	Defense   int       `json:"defense"`
	Abilities []Ability `json:"-"`
	// Out of the fight: the lich's phylactery is hidden in his chambers.
	Absent bool `json:"absent,omitempty"`
	// Late: out of melee reach until the first pool falls (the Sporehulk's
	// arms and torso, reached once its legs give way).
	Late bool `json:"late,omitempty"`
	// Object: an item, not a creature (the Crown of Archwood: Notched,
	// Disarmed and sold as an item, App. C p.270; errata E-H7). A spell
	// aimed at creatures does not strike it, and a Piercing Wound meets its
	// Defense as any Wound does.
	Object bool `json:"object,omitempty"`
}

// Creature is a stat block: a bestiary entry, another antagonist of the
// book, or one built from a theme and a threat template.
type Creature struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Page       int        `json:"page,omitempty"`
	Source     string     `json:"source"` // appC (the secondary appendix text), seed, appE, template
	Theme      string     `json:"theme"`  // beast, elemental, man, sorcerous, spirit, undead, none
	Threat     string     `json:"threat"` // minion, brute, strategist, elite, dungeon_lord
	Attributes Attributes `json:"-"`
	// SlimeX: Swords and Pentacles always equal current Health.
	SlimeX  bool `json:"slime_x,omitempty"`
	Health  int  `json:"health"` // Infinite for "∞"; 0 with Pools
	Defense int  `json:"defense"`
	Pools   []Pool
	Core    string `json:"core,omitempty"` // the pool whose fall ends the fight
	// LargerThanHuman is the spec's inferred flag (option H-20); nil where
	// it is the GM's call, which counts as not larger unless a scenario says.
	LargerThanHuman *bool     `json:"larger_than_human"`
	GMExtraCards    int       `json:"gm_extra_cards"`
	Abilities       []Ability `json:"-"`
	Pursuit         Pursuit   `json:"-"`
	// Armed: it fights with weapons it can be Disarmed of. Ranged: how
	// many of a group carry missile weapons (-1 every one).
	Armed  bool `json:"armed,omitempty"`
	Ranged int  `json:"ranged,omitempty"`
	// Hates names adventurers it attacks first: sorcerers (the Wands
	// path), elves.
	Hates string `json:"hates_first,omitempty"`
	Notes string `json:"notes,omitempty"`
}

func yes() *bool { b := true; return &b }
func no() *bool  { b := false; return &b }

func attrs(s, p, c, w int) Attributes { return Attributes{s, p, c, w} }

// bestiaryCreatures are the 27 pre-made creatures of Appendix C (pp.253-286)
// as the spec's bestiary file gives them.
func bestiaryCreatures() []Creature {
	return []Creature{
		{ID: "animate_statue", Name: "Animate Statue", Page: 254, Source: "appC", Theme: "sorcerous", Threat: "brute",
			LargerThanHuman: yes(), Attributes: attrs(5, 5, 1, 1), Health: 1, Defense: 15, Hates: "sorcerers",
			Abilities: []Ability{AbConstruct, AbMagicallyNull, AbSenseMagic, AbTough, AbHaymaker, AbGrab, AbThrowStones, AbSqueeze},
			Notes:     "its 1 Health is the binding rune"},
		{ID: "bloodybones", Name: "Bloodybones", Page: 255, Source: "appC", Theme: "sorcerous", Threat: "minion",
			LargerThanHuman: no(), Health: Infinite, Pursuit: PursuitSlow,
			Abilities: []Ability{AbImmuneToDamage, AbSmellMagic},
			Notes:     "cannot be killed: escape, trap it or out-walk it"},
		{ID: "brain_spider", Name: "Brain Spider", Page: 256, Source: "appC", Theme: "sorcerous", Threat: "strategist",
			Attributes: attrs(1, 4, 2, 3), Health: 3, Defense: 3,
			Abilities: []Ability{AbSquishy, AbTelepathic, AbGreatLeap, AbWallCrawling, AbTactics, AbWeb}},
		{ID: "cockatrice", Name: "Cockatrice", Page: 257, Source: "appC", Theme: "beast", Threat: "elite", GMExtraCards: 2,
			LargerThanHuman: no(), Attributes: attrs(4, 4, 4, 4), Health: 5,
			Abilities: []Ability{AbGazeOfTheCockatrice, AbTailBite, AbBackwardsCharge, AbFlutterAway}},
		{ID: "devil_gluttony", Name: "Devil, Gluttony", Page: 258, Source: "appC", Theme: "spirit", Threat: "strategist",
			LargerThanHuman: no(), Attributes: attrs(1, 5, 2, 3), Health: 3,
			Abilities: []Ability{AbPoisonImmunity, AbUntouchedByHotIron, AbDevilBite, AbFiendishRetreat, AbStinkingCloud, AbSwallow}},
		{ID: "dragon", Name: "Dragon", Page: 260, Source: "appC", Theme: "beast", Threat: "elite", GMExtraCards: 2,
			LargerThanHuman: yes(), Attributes: attrs(6, 3, 3, 3), Health: 5, Defense: 10, Pursuit: PursuitFast,
			Abilities: []Ability{AbHuge, AbTough, AbClaw, AbFlight, AbTailWhip, AbArmoredScales, AbBreathOfFire, AbOverwhelmingBite}},
		{ID: "face_rat", Name: "Face Rat", Page: 262, Source: "appC", Theme: "beast", Threat: "minion",
			LargerThanHuman: no(), Health: 2,
			Abilities: []Ability{AbFleet, AbBadLittleHands, AbInfectiousDisease, AbStealFace}},
		{ID: "fungoid", Name: "Fungoid", Page: 263, Source: "appC", Theme: "elemental", Threat: "strategist",
			LargerThanHuman: yes(), Attributes: attrs(4, 1, 2, 3), Health: 3, Defense: 3,
			Abilities: []Ability{AbBrainSpores, AbPoisonImmunity, AbChokingSpores, AbMinorIllusion, AbFungalRegeneration, AbPerfectImitation}},
		{ID: "griffin", Name: "Griffin", Page: 264, Source: "appC", Theme: "beast", Threat: "brute",
			LargerThanHuman: yes(), Attributes: attrs(4, 3, 1, 1), Health: 7, Pursuit: PursuitFast,
			Abilities: []Ability{AbFleet2, AbFlight, AbTalons, AbGriffinGrab},
			Notes:     "no Tough note, unlike the brute template: ties hit it"},
		{ID: "harpy", Name: "Harpy", Page: 265, Source: "appC", Theme: "elemental", Threat: "minion",
			LargerThanHuman: no(), Attributes: attrs(2, 2, 0, 0), Health: 3, Pursuit: PursuitFast,
			Abilities: []Ability{AbFleet, AbFlight, AbPeltWithStones, AbPullIntoTheAir, AbShriek},
			Notes:     "attacks beautiful women first (not simulated)"},
		{ID: "imp", Name: "Imp", Page: 266, Source: "appC", Theme: "spirit", Threat: "minion",
			LargerThanHuman: no(), Health: 2,
			Abilities: []Ability{AbWimps, AbVomit, AbPissAndShit, AbBadLuckMachine},
			Notes:     "imps multiplying when cut in half is flavour"},
		{ID: "jinn", Name: "Jinn", Page: 267, Source: "appC", Theme: "spirit", Threat: "elite", GMExtraCards: 2,
			LargerThanHuman: no(), Attributes: attrs(4, 4, 4, 4), Health: 7,
			Abilities: []Ability{AbSecondSight, AbBodyOfSmokelessFire, AbInvisible, AbPossess}},
		{ID: "kelpie", Name: "Kelpie", Page: 268, Source: "appC", Theme: "elemental", Threat: "brute",
			LargerThanHuman: yes(), Attributes: attrs(4, 6, 1, 1), Health: 5,
			Abilities: []Ability{AbBondingBack, AbThreshold, AbWaterHorse, AbTrample},
			Notes:     "no Tough note, unlike the brute template; silver breaks its Threshold"},
		{ID: "lich_yellow_king", Name: "Lich, The Yellow King", Page: 269, Source: "appC", Theme: "undead", Threat: "dungeon_lord",
			GMExtraCards: 3, LargerThanHuman: no(), Attributes: attrs(3, 3, 3, 6), Core: "body",
			Pools: []Pool{
				{ID: "phylactery", Health: 1, Absent: true},
				{ID: "crown_of_archwood", Health: 1, Defense: 4, Object: true, Abilities: []Ability{AbSpiteAlone, AbArcaneAttack, AbDayOfTears}},
				{ID: "body", Health: 5, Defense: 9, Abilities: []Ability{AbBreathless, AbSecondSight, AbRottingBrains, AbDeathDealer,
					AbMayFailureBeYourNoose, AbSorrow, AbDoYouDoubtMe, AbFaithfulServant, AbSoftIsTheirThroat}},
			},
			Notes: "the fight is won when the Body falls; the phylactery is hidden in his chambers"},
		{ID: "lion", Name: "Lion", Page: 272, Source: "appC", Theme: "beast", Threat: "strategist",
			Attributes: attrs(6, 2, 1, 3), Health: 3, Defense: 3,
			Abilities: []Ability{AbFleet, AbUntrackable, AbBite, AbClaw, AbCautiousRetreat, AbRoarOfLife}},
		{ID: "mimic", Name: "Mimic", Page: 273, Source: "appC", Theme: "sorcerous", Threat: "brute",
			Attributes: attrs(4, 0, 1, 1), Health: 2, Defense: 6, Pursuit: PursuitSlow,
			Abilities: []Ability{AbConstruct, AbTough, AbHarden, AbRiotOfTeeth}},
		{ID: "nymph", Name: "Nymph", Page: 274, Source: "appC", Theme: "elemental", Threat: "strategist",
			LargerThanHuman: no(), Attributes: attrs(1, 3, 2, 4), Health: 3,
			Abilities: []Ability{AbElementalImmunity, AbElementalMeld, AbBewitchingBeauty, AbExpeditiousRetreat, AbSleepSong}},
		{ID: "ogre", Name: "Ogre", Page: 275, Source: "appC", Theme: "sorcerous", Threat: "brute",
			LargerThanHuman: yes(), Attributes: attrs(6, 4, 1, 1), Health: 3, Defense: 5, Hates: "elves",
			Abilities: []Ability{AbEatEatEat, AbThatHideousStrength, AbTough, AbSweepingClub, AbBully, AbOverwhelmingAttack}},
		{ID: "questing_beast", Name: "Questing Beast", Page: 276, Source: "appC", Theme: "beast", Threat: "strategist",
			LargerThanHuman: yes(), Attributes: attrs(1, 4, 2, 3), Health: 3, Defense: 3, Pursuit: PursuitFast,
			Abilities: []Ability{AbFleet2, AbSlippery, AbNip, AbTrample, AbEvasive, AbExpeditiousRetreat, AbResilient, AbTactics}},
		{ID: "skeleton", Name: "Skeleton", Page: 277, Source: "appC", Theme: "undead", Threat: "brute",
			LargerThanHuman: no(), Attributes: attrs(6, 1, 1, 4), Health: 6,
			Abilities: []Ability{AbBreathless, AbEmptySkulls, AbFleshless, AbUnearthlyFear, AbAbsorbBones},
			Notes:     "armored skeletons have Defense 1 or 2 (hd: {health: 6, defense: 2})"},
		{ID: "slime", Name: "Slime", Page: 278, Source: "appC", Theme: "sorcerous", Threat: "elite", GMExtraCards: 2,
			SlimeX: true, Health: 6, Pursuit: PursuitSlow,
			Abilities: []Ability{AbAcidic, AbImpermeableMembrane, AbSaltReactive, AbShapelessBody, AbProtoplasmicAttack, AbGrind, AbRegenerate}},
		{ID: "sporehulk", Name: "Titan, The Sporehulk", Page: 279, Source: "appC", Theme: "elemental", Threat: "dungeon_lord",
			GMExtraCards: 3, LargerThanHuman: yes(), Attributes: attrs(7, 3, 3, 3), Core: "torso",
			Pools: []Pool{
				{ID: "legs", Health: 4, Abilities: []Ability{AbKick, AbRampage}},
				{ID: "left_arm", Health: 5, Late: true, Abilities: []Ability{AbGrab, AbThrowStones, AbSmash, AbSqueeze}},
				{ID: "right_arm", Health: 5, Late: true, Abilities: []Ability{AbGrab, AbThrowStones, AbSmash, AbSqueeze}},
				{ID: "torso", Health: 5, Defense: 10, Late: true, Abilities: []Ability{AbTough, AbShake, AbRuneOfProtection}},
			},
			Notes: "climbing is not modelled: the arms and torso are reached once the legs fall; it dies when the torso does"},
		{ID: "ungoat", Name: "Ungoat", Page: 281, Source: "appC", Theme: "sorcerous", Threat: "minion",
			LargerThanHuman: no(), Health: 2,
			Abilities: []Ability{AbMaleficentRetribution, AbSaltReactive, AbSmellMagic, AbRummage}},
		{ID: "vampire", Name: "Vampire", Page: 282, Source: "appC", Theme: "undead", Threat: "elite", GMExtraCards: 2,
			LargerThanHuman: no(), Attributes: attrs(4, 4, 4, 4), Health: 7, Defense: 2,
			Abilities: []Ability{AbBreathlessAndAgeless, AbFeed, AbInvulnerable, AbCallBats, AbSupernaturalGrace, AbSupernaturalSpeed,
				AbBatForm, AbMesmerize, AbMistForm}},
		{ID: "wraith", Name: "Wraith", Page: 284, Source: "appC", Theme: "undead", Threat: "strategist",
			LargerThanHuman: no(), Attributes: attrs(4, 1, 2, 3), Health: 4,
			Abilities: []Ability{AbShadowForm, AbSpectral, AbFear, AbRetreatIntoTheShadows, AbDolorousKiss}},
		{ID: "winter_wolf", Name: "Winter Wolf", Page: 285, Source: "appC", Theme: "elemental", Threat: "minion",
			LargerThanHuman: no(), Health: 4,
			Abilities: []Ability{AbAuraOfIce, AbVulnerableToFire, AbElementalTravel, AbBreathOfIce}},
		{ID: "zombie", Name: "Zombie", Page: 286, Source: "appC", Theme: "undead", Threat: "minion",
			LargerThanHuman: no(), Health: 1, Pursuit: PursuitSlow,
			Abilities: []Ability{AbBreathless, AbRottingBrains, AbDevourTheLiving, AbLastGrasp},
			Notes:     "a zombie in old armor has Defense 1 (hd: {health: 1, defense: 1})"},
	}
}

// otherAntagonists are the book's other stat lines: the worked example's
// goblins, summoned and severed things, and Appendix E's monsters.
func otherAntagonists() []Creature {
	return []Creature{
		{ID: "goblin_raider", Name: "Goblin raider", Page: 127, Source: "seed", Theme: "man", Threat: "minion",
			LargerThanHuman: no(), Attributes: attrs(4, 3, 1, 1), Health: 2, Defense: 1, Armed: true, Ranged: 50,
			Abilities: []Ability{AbPoison},
			Notes:     "the worked example gives only Swords 4 (the rest assumed); half of them carry bows"},
		{ID: "bat_cloud", Name: "Bat cloud", Page: 282, Source: "appC", Theme: "beast", Threat: "minion",
			LargerThanHuman: no(), Health: 2, GMExtraCards: 2, Notes: "the vampire's summons"},
		{ID: "severed_limb", Name: "Severed limb", Page: 286, Source: "appC", Theme: "undead", Threat: "minion",
			LargerThanHuman: no(), Health: 1, Abilities: []Ability{AbRottingBrains}, Notes: "a zombie's Last Grasp"},
		{ID: "yellow_king_clone", Name: "Clone of the guild's dead", Page: 271, Source: "appC", Theme: "man", Threat: "minion",
			LargerThanHuman: no(), Attributes: attrs(4, 3, 2, 1), Health: 1, Armed: true, Notes: "the Yellow King's Faithful Servant"},
		{ID: "dire_centipede", Name: "Dire centipede", Page: 387, Source: "appE", Theme: "beast", Threat: "minion",
			LargerThanHuman: no(), Health: 2, Abilities: []Ability{AbFleet, AbTrample}},
		{ID: "puppet_mummy", Name: "Puppet-mummy", Page: 387, Source: "appE", Theme: "none", Threat: "minion",
			LargerThanHuman: no(), Health: 1, Pursuit: PursuitSlow, Abilities: []Ability{AbMarionette, AbLastGrasp},
			Notes: "a re-skinned zombie that cannot leave its room"},
	}
}

// threatTemplate is a threat of Appendix C p.250-251.
type threatTemplate struct {
	id        string
	attrs     Attributes
	health    int
	defense   int
	extra     int
	notes     []Ability
	choices   []Ability // greater dooms to choose 1-2 of
	optional  []Ability // optional notes
	rank      int
	behaviour string
}

var threatTemplates = []threatTemplate{
	{id: "minion", health: 2, rank: 1, behaviour: "simple and weak; easy to frighten or bully"},
	{id: "brute", attrs: attrs(6, 4, 1, 1), health: 2, defense: 6, rank: 2, notes: []Ability{AbTough},
		choices:   []Ability{AbOverwhelmingAttack, AbDeadlyAttack, AbCorrosiveAttack, AbUntouchable},
		behaviour: "strong but dim; a clever trick should simply work"},
	{id: "strategist", attrs: attrs(1, 4, 2, 3), health: 3, defense: 3, rank: 2,
		choices:   []Ability{AbTactics, AbCautiousRetreat, AbSorcery},
		behaviour: "weak body, sharp mind; fights cautiously, hit and run"},
	{id: "elite", attrs: attrs(4, 4, 4, 4), health: 12, extra: 2, rank: 3,
		optional:  []Ability{AbInvulnerable, AbRetributive, AbThreshold},
		choices:   []Ability{AbCommand, AbIntangible, AbPotence, AbRegenerate, AbShapeshifter},
		behaviour: "can match a whole guild alone"},
	{id: "dungeon_lord", attrs: attrs(3, 3, 3, 3), extra: 3, rank: 4,
		behaviour: "several named HD pools (give them as pools:); raise one attribute to 6"},
}

// themeTemplate is a theme of Appendix C p.247-249.
type themeTemplate struct {
	id      string
	notes   []Ability
	lesser  []Ability // dooms every creature of the theme has
	choices []Ability // lesser dooms to choose from
	pursuit Pursuit
}

var themeTemplates = []themeTemplate{
	{id: "beast", notes: []Ability{AbFleet}, choices: []Ability{AbBite, AbClaw, AbSpecialLocomotion, AbTrample}},
	{id: "elemental", notes: []Ability{AbElementalImmunity, AbElementalTravel}, lesser: []Ability{AbEngulf}},
	{id: "man"},
	{id: "sorcerous", notes: []Ability{AbSmellMagic}, choices: []Ability{AbStrangeBody}},
	{id: "spirit", lesser: []Ability{AbNaturalSorcery}},
	{id: "undead", notes: []Ability{AbBreathless, AbRottingBrains}, lesser: []Ability{AbDevourTheLiving, AbFear}},
}

func findThreat(id string) *threatTemplate {
	for i := range threatTemplates {
		if threatTemplates[i].id == id {
			return &threatTemplates[i]
		}
	}
	return nil
}

func findTheme(id string) *themeTemplate {
	for i := range themeTemplates {
		if themeTemplates[i].id == id {
			return &themeTemplates[i]
		}
	}
	return nil
}

// fromTemplates builds a creature from a theme and a threat ("Undead
// Brute"): the threat's attributes, HD, notes and GM cards, the theme's
// notes and fixed lesser dooms. The dooms to choose come from the scenario.
func fromTemplates(theme *themeTemplate, threat *threatTemplate) Creature {
	c := Creature{ID: theme.id + "_" + threat.id, Name: title(theme.id) + " " + title(threat.id), Source: "template",
		Theme: theme.id, Threat: threat.id, Attributes: threat.attrs, Health: threat.health, Defense: threat.defense,
		GMExtraCards: threat.extra, Pursuit: theme.pursuit, LargerThanHuman: no()}
	c.Abilities = append(c.Abilities, theme.notes...)
	c.Abilities = append(c.Abilities, theme.lesser...)
	c.Abilities = append(c.Abilities, threat.notes...)
	if theme.id == "man" {
		c.Armed = true
	}
	return c
}

func title(id string) string {
	b := []byte(id)
	up := true
	for i, c := range b {
		if c == '_' {
			b[i] = ' '
			up = true
			continue
		}
		if up && c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
		up = false
	}
	return string(b)
}

// findCreature finds a built-in creature by id: the bestiary first, then
// the other antagonists.
func findCreature(id string) (Creature, bool) {
	for _, c := range bestiaryCreatures() {
		if c.ID == id {
			return c, true
		}
	}
	for _, c := range otherAntagonists() {
		if c.ID == id {
			return c, true
		}
	}
	return Creature{}, false
}

// creatureIDs lists the built-in creatures' ids, built once (every
// compile reads them); the list is shared and not to be changed.
var creatureIDs = sync.OnceValue(func() []string {
	var ids []string
	for _, c := range bestiaryCreatures() {
		ids = append(ids, c.ID)
	}
	for _, c := range otherAntagonists() {
		ids = append(ids, c.ID)
	}
	return ids
})

// Archetype is a default adventurer (the spec's adventurer_archetypes).
type Archetype struct {
	ID         string     `json:"id"`
	Path       Suit       `json:"-"`
	Kin        Kin        `json:"-"`
	Attributes Attributes `json:"-"`
	Mastered   []Talent   `json:"-"` // besides the kin talent
	Training   []Talent   `json:"-"`
	Hands      []Item     `json:"-"`
	Gear       []Item     `json:"-"` // worn armor, belt, then pack
	TwoHanded  bool       `json:"two_handed,omitempty"`
	Medical    bool       `json:"medical_motif,omitempty"`
	Profile    string     `json:"profile"`
}

// archetypes are the spec's default adventurers, the two Pentacles
// variants included.
func archetypes() []Archetype {
	return []Archetype{
		{ID: "swords_shieldbearer", Path: Swords, Kin: Human, Attributes: attrs(4, 3, 2, 1),
			Mastered: []Talent{THeavyMetalMachine},
			Training: []Talent{TAegis, TDoomEye, TMonsterHunter, TReaver, TTwoHandedFocus, TWarStories},
			Hands:    []Item{Blade, HeavyShield}, Gear: []Item{SteelArmor, Helm, Poultice, Poultice, Torch, Dagger},
			Profile: "steel armor, helm, blade and heavy shield; Heavy Metal Machine"},
		{ID: "swords_two_hander", Path: Swords, Kin: FirebloodedOrc, Attributes: attrs(4, 2, 3, 1),
			Mastered: []Talent{TTwoHandedFocus},
			Training: []Talent{TAegis, TDoomEye, THeavyMetalMachine, TMonsterHunter, TReaver, TWarStories},
			Hands:    []Item{Polearm}, Gear: []Item{IronArmor, Helm, Poultice}, TwoHanded: true,
			Profile: "fireblooded orc with a polearm in iron armor; Two-handed Focus, Berserkergang"},
		{ID: "pentacles_skirmisher", Path: Pentacles, Kin: WoodElf, Attributes: attrs(3, 4, 2, 1),
			Mastered: []Talent{TQuick},
			Training: []Talent{TAcrobat, TAmbusher, TConArtist, TFightDirty, TSneak, TUpMySleeve},
			Hands:    []Item{Blade, LightShield}, Gear: []Item{LightArmor, Helm, Dagger, Poultice},
			Profile: "wood elf in light armor with blade and light shield; Quick!"},
		{ID: "pentacles_dirty_fighter", Path: Pentacles, Kin: WoodElf, Attributes: attrs(3, 4, 2, 1),
			Mastered: []Talent{TFightDirty},
			Training: []Talent{TAcrobat, TAmbusher, TConArtist, TQuick, TSneak, TUpMySleeve},
			Hands:    []Item{Blade, LightShield}, Gear: []Item{LightArmor, Helm, Dagger, Poultice},
			Profile: "the skirmisher with Fight Dirty mastered (the worked example's Chirm)"},
		{ID: "pentacles_ambusher", Path: Pentacles, Kin: WoodElf, Attributes: attrs(3, 4, 2, 1),
			Mastered: []Talent{TAmbusher},
			Training: []Talent{TAcrobat, TConArtist, TFightDirty, TQuick, TSneak, TUpMySleeve},
			Hands:    []Item{Blade, LightShield}, Gear: []Item{LightArmor, Helm, Dagger, Poultice},
			Profile: "the skirmisher with Ambusher mastered: 2 Wounds per damage in round 1"},
		{ID: "cups_chirurgeon", Path: Cups, Kin: Human, Attributes: attrs(2, 3, 4, 1), Medical: true,
			Mastered: []Talent{TChirurgeon},
			Training: []Talent{TAlchemy, TBeastMaster, TBookworm, TCounsel, THighChant, TLoremaster},
			Hands:    []Item{Hammer, LightShield}, Gear: []Item{LightArmor, Helm, Poultice, Poultice, Poultice, Poultice, Poultice, Poultice},
			Profile: "light armor, mace and light shield, six poultices and a medical motif; Chirurgeon"},
		{ID: "wands_sorcerer", Path: Wands, Kin: Human, Attributes: attrs(1, 2, 3, 4),
			Mastered: []Talent{TGramarye},
			Training: []Talent{TCounterSpell, TDwimmercraft, TMagicWastes, TMagicWeald, TMagicWeird, TMagicWelkin},
			Hands:    []Item{ArchwoodWand, Component}, Gear: []Item{LightArmor, Poultice},
			Profile: "light armor, an archwood wand and a spell's component; Gramarye (blasts up to 1 zone away); spells if the scenario lists them"},
	}
}

// archetypeList are the archetypes, by id.
var archetypeList = systems.Builtin[Archetype]{List: archetypes, ID: func(a Archetype) string { return a.ID }}

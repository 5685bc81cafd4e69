package hmtw

// Ability is a creature's note, lesser doom or greater doom, as the kernel
// knows it (Appendix C; the spec's bestiary file). Several book names may
// share one rule (Haymaker, Sweeping Club, Tail Whip and Kick are all "an
// Attack on its own turn at everyone in its zone").
type Ability uint8

// The abilities, grouped by what they are in the book.
const (
	abNone Ability = iota

	// Notes and passive rules.
	AbTough
	AbFleshless
	AbConstruct
	AbMagicallyNull
	AbImmuneToDamage
	AbSquishy
	AbImpermeableMembrane
	AbUntouchedByHotIron
	AbInvulnerable
	AbThreshold
	AbRetributive
	AbHuge
	AbShapelessBody
	AbSaltReactive
	AbVulnerableToFire
	AbPoisonImmunity // Endless Gullet, Poison Immunity, Eat-Eat-Eat's poison clause
	AbBreathless     // Breathless and Undreaming
	AbRottingBrains  // also Empty Skulls, Spectral: no mind to manipulate
	AbEmptySkulls
	AbSpectral
	AbFleet // Fleet, Scurry, Flutter (harpy): a free Move each turn
	AbFleet2
	AbWimps
	AbAcidic
	AbAuraOfIce
	AbShadowForm
	AbFeed
	AbGazeOfTheCockatrice
	AbMaleficentRetribution
	AbRuneOfProtection
	AbSenseMagic
	AbSmellMagic
	AbSecondSight
	AbTelepathic
	AbUntrackable
	AbBrainSpores
	AbSlippery
	AbBreathlessAndAgeless
	AbMarionette
	AbSupernaturalGrace
	AbBondingBack
	AbWaterHorse
	AbElementalImmunity
	AbElementalTravel
	AbSpecialLocomotion
	AbEatEatEat
	AbThatHideousStrength
	AbSpiteAlone
	AbStrangeBody

	// Lesser dooms that change an action.
	AbBite
	AbClaw
	AbTalons
	AbTrample
	AbHaymaker
	AbSweepingClub
	AbTailWhip
	AbKick
	AbTailBite
	AbNip
	AbVomit
	AbPissAndShit
	AbProtoplasmicAttack
	AbRummage
	AbSupernaturalSpeed

	// Lesser dooms played as actions.
	AbGrab
	AbDevilBite
	AbThrowStones
	AbEngulf
	AbUnearthlyFear
	AbSorrow
	AbFear
	AbDevourTheLiving
	AbCallBats
	AbChokingSpores
	AbMinorIllusion
	AbPullIntoTheAir
	AbPeltWithStones
	AbBadLittleHands
	AbFlight
	AbGreatLeap
	AbWallCrawling
	AbBewitchingBeauty
	AbInvisible
	AbBodyOfSmokelessFire
	AbDeathDealer
	AbArcaneAttack
	AbMayFailureBeYourNoose
	AbNaturalSorcery
	AbElementalMeld
	AbRetreatIntoTheShadows

	// Greater dooms.
	AbOverwhelmingAttack
	AbSmash
	AbOverwhelmingBite
	AbDeadlyAttack
	AbCorrosiveAttack
	AbUntouchable
	AbArmoredScales
	AbRampage
	AbTactics
	AbCautiousRetreat
	AbFiendishRetreat
	AbExpeditiousRetreat
	AbSorcery
	AbCommand
	AbPossess
	AbMesmerize
	AbIntangible
	AbPotence
	AbRegenerate
	AbFungalRegeneration
	AbShapeshifter
	AbWeb
	AbBackwardsCharge
	AbFlutterAway
	AbStinkingCloud
	AbSwallow
	AbBreathOfFire
	AbInfectiousDisease
	AbStealFace
	AbPerfectImitation
	AbShriek
	AbBadLuckMachine
	AbRoarOfLife
	AbHarden
	AbRiotOfTeeth
	AbSleepSong
	AbBully
	AbEvasive
	AbResilient
	AbAbsorbBones
	AbGrind
	AbSqueeze
	AbBatForm
	AbMistForm
	AbDolorousKiss
	AbBreathOfIce
	AbLastGrasp
	AbDoYouDoubtMe
	AbFaithfulServant
	AbSoftIsTheirThroat
	AbDayOfTears
	AbPoison
	AbShake
	AbGriffinGrab
	numAbilities
)

// abilityKind says where an ability sits in a stat block.
type abilityKind uint8

const (
	kindNote abilityKind = iota
	kindLesser
	kindGreater
)

var abilityKindNames = [...]string{"note", "lesser doom", "greater doom"}

// simStatus says how the kernel treats an ability.
type simStatus uint8

const (
	// simulated: the kernel plays it, by the book or by the spec's `sim:`
	// reading (the doc says which).
	simulated simStatus = iota
	// noEffect: nothing in a Challenge as tpk models it (senses, lore,
	// movement across terrain the scene does not have).
	noEffect
	// notSimulated: it needs human judgement and the kernel leaves it out;
	// `tpk bestiary hmtw` lists it as such.
	notSimulated
)

var simStatusNames = [...]string{"simulated", "no effect in a Challenge", "not simulated"}

// abilityInfo is an ability's entry in the catalog.
type abilityInfo struct {
	id     string // scenario name
	name   string // the book's name
	kind   abilityKind
	status simStatus
	doc    string // how tpk plays it (or why it does not)
}

// abilityTable is the catalog, indexed by Ability.
var abilityTable = [numAbilities]abilityInfo{
	AbTough:                 {"tough", "Tough", kindNote, simulated, "actions targeting it must exceed its Initiative; a tie fails (a dungeon lord's: only on the pool that has it)"},
	AbFleshless:             {"fleshless", "Fleshless", kindNote, simulated, "immune to piercing weapons (arrows, spears, daggers, bolts); actions must exceed its Initiative"},
	AbConstruct:             {"construct", "Construct", kindNote, simulated, "a Notch inflicted on it (Fight Dirty's Roughhouse) counts as 2 Wounds"},
	AbMagicallyNull:         {"magically_null", "Magically Null", kindNote, simulated, "immune to magic (wand blasts, spells)"},
	AbImmuneToDamage:        {"immune_to_damage", "Immune to Damage", kindNote, simulated, "never takes a Wound: the fight ends by retreat, Banter or time-out"},
	AbSquishy:               {"squishy", "Squishy", kindNote, simulated, "immune to crushing weapons (hammers, maces, flails, staffs, fists)"},
	AbImpermeableMembrane:   {"impermeable_membrane", "Impermeable Membrane", kindNote, simulated, "immune to slashing and crushing weapons; piercing harms it"},
	AbUntouchedByHotIron:    {"untouched_by_hot_iron", "Untouched by Hot Iron", kindNote, simulated, "immune to crafted or forged weapons; fire, fists, staffs, wand blasts and bombs harm it"},
	AbInvulnerable:          {"invulnerable", "Invulnerable", kindNote, simulated, "ignores all damage but silver, magic and fire (the vampire's list)"},
	AbThreshold:             {"threshold", "Threshold", kindNote, simulated, "no damage until dealt 2 Wounds in one Initiative turn (its window and interrupts), or a silver hit; then normal"},
	AbRetributive:           {"retributive", "Retributive", kindNote, simulated, "every adventurer engaged with it takes 1 Wound at the start of that adventurer's turn"},
	AbHuge:                  {"huge", "Huge", kindNote, simulated, "cannot be Roughhoused"},
	AbShapelessBody:         {"shapeless_body", "Shapeless Body", kindNote, simulated, "cannot be Displaced, Rooted or Tripped"},
	AbSaltReactive:          {"salt_reactive", "Salt Reactive", kindNote, simulated, "thrown salt deals 2 Wounds on a hit"},
	AbVulnerableToFire:      {"vulnerable_to_fire", "Vulnerable to Fire", kindNote, simulated, "fire deals 2 Wounds (a torch or lantern used on it breaks)"},
	AbPoisonImmunity:        {"poison_immunity", "Poison Immunity", kindNote, simulated, "cannot be poisoned: immune to the seablooded orc's Poison Blood"},
	AbBreathless:            {"breathless", "Breathless and Undreaming", kindNote, simulated, "immune to breath, sleep and poison: Poison Blood, Stinking Cloud, Sleep Song, the Sleep spell"},
	AbRottingBrains:         {"rotting_brains", "Rotting Brains", kindNote, simulated, "immune to mind manipulation: Banter, Morale and Control never work on it; it fights to the end"},
	AbEmptySkulls:           {"empty_skulls", "Empty Skulls", kindNote, simulated, "as Rotting Brains"},
	AbSpectral:              {"spectral", "Spectral", kindNote, simulated, "as Rotting Brains"},
	AbFleet:                 {"fleet", "Fleet", kindNote, simulated, "Moves 1 zone on its turn without a card"},
	AbFleet2:                {"fleet_2", "Fleet", kindNote, simulated, "Moves 2 zones on its turn without a card; the guild cannot outrun it"},
	AbWimps:                 {"wimps", "Wimps", kindNote, simulated, "always plays its lowest lesser doom as Initiative, whatever the strategy"},
	AbAcidic:                {"acidic", "Acidic", kindNote, simulated, "a melee weapon or light that damages it takes a Notch (destroyed at 0); not a bow or wand, whose arrow or blast touches it"},
	AbAuraOfIce:             {"aura_of_ice", "Aura of Ice", kindNote, simulated, "an adventurer who starts a turn engaged with it is Rooted"},
	AbShadowForm:            {"shadow_form", "Shadow Form", kindNote, simulated, "physical harm passes through it unless an adventurer holding a torch or lantern spent a miscellaneous action this round to make it tangible; magic always works"},
	AbFeed:                  {"feed", "Feed", kindNote, simulated, "when its Attack Wounds a condition or talent (not armor), it discards any card to Heal 1"},
	AbGazeOfTheCockatrice:   {"gaze_of_the_cockatrice", "Gaze of the Cockatrice", kindNote, simulated, "sim reading: once per round, no card: Roots the most dangerous adventurer in its zone who is not Rooted, or petrifies one already Rooted (out of the fight, reported as petrified)"},
	AbMaleficentRetribution: {"maleficent_retribution", "Maleficent Retribution", kindNote, simulated, "sim reading: whoever Wounds it directly suffers 1/3 Stun, 1/3 a Wound, 1/3 nothing"},
	AbRuneOfProtection:      {"rune_of_protection", "Rune of protection", kindNote, simulated, "sim reading: the Torso takes no damage until a successful Attack on it breaks the rune (that hit deals 1 Wound)"},
	AbSenseMagic:            {"sense_magic", "Sense Magic", kindNote, noEffect, "a sense"},
	AbSmellMagic:            {"smell_magic", "Smell Magic", kindNote, noEffect, "a sense"},
	AbSecondSight:           {"second_sight", "Second Sight", kindNote, noEffect, "a sense (adventurers are never Shrouded in tpk but by Blur)"},
	AbTelepathic:            {"telepathic", "Telepathic", kindNote, noEffect, "talk"},
	AbUntrackable:           {"untrackable", "Untrackable", kindNote, noEffect, "outside Challenges"},
	AbBrainSpores:           {"brain_spores", "Brain Spores", kindNote, noEffect, "costs lore bids, which tpk does not track"},
	AbSlippery:              {"slippery", "Slippery", kindNote, noEffect, "dungeon hazards only"},
	AbBreathlessAndAgeless:  {"breathless_and_ageless", "Breathless and Ageless", kindNote, noEffect, "it can still be poisoned"},
	AbMarionette:            {"marionette_corpses", "Marionette Corpses", kindNote, simulated, "immune to poison and to mind manipulation"},
	AbSupernaturalGrace:     {"supernatural_grace", "Supernatural Grace", kindLesser, notSimulated, "several facedown Dodges: the GM keeps one as everyone does"},
	AbBondingBack:           {"bonding_back", "Bonding Back", kindNote, notSimulated, "riding and diving: needs water and a rider"},
	AbWaterHorse:            {"water_horse", "Water Horse", kindNote, notSimulated, "movement on water"},
	AbElementalImmunity:     {"elemental_immunity", "Elemental Immunity", kindNote, notSimulated, "its element is the GM's call"},
	AbElementalTravel:       {"elemental_travel", "Elemental Travel", kindNote, notSimulated, "movement in its native terrain"},
	AbSpecialLocomotion:     {"special_locomotion", "Special Locomotion", kindLesser, notSimulated, "terrain"},
	AbEatEatEat:             {"eat_eat_eat", "Eat-Eat-Eat", kindNote, simulated, "immune to poison (eating objects is not simulated)"},
	AbThatHideousStrength:   {"that_hideous_strength", "That Hideous Strength", kindNote, notSimulated, "feats of strength on the scene"},
	AbSpiteAlone:            {"spite_alone_holds_me_aloft", "Spite Alone Holds Me Aloft", kindNote, simulated, "while crowned he levitates (errata E-H3): only ranged attacks, thrown items and spells reach either pool; no melee Attack, Riposte or Roughhouse"},
	AbStrangeBody:           {"strange_body", "Strange Body", kindNote, notSimulated, "its harms are the GM's call"},

	AbBite:               {"bite", "Bite", kindLesser, simulated, "a successful Attack also Trips the target (the GM's usual choice; Disarm if it is already Tripped), unless a greater-doom rider rides it: one rider per Attack"},
	AbClaw:               {"claw", "Claw", kindLesser, simulated, "a hit whose total is at least twice the target's Initiative deals 2 Wounds"},
	AbTalons:             {"talons", "Talons", kindLesser, simulated, "as Claw"},
	AbTrample:            {"trample", "Trample", kindLesser, simulated, "after a failed Attack it aims the same value at a second target in its zone"},
	AbHaymaker:           {"haymaker", "Haymaker", kindLesser, simulated, "an Attack on its own turn targets every adventurer in its zone"},
	AbSweepingClub:       {"sweeping_club", "Sweeping Club", kindLesser, simulated, "as Haymaker"},
	AbTailWhip:           {"tail_whip", "Tail Whip", kindLesser, simulated, "its Attack, a minor action's too, targets every adventurer in its zone"},
	AbKick:               {"kick", "Kick", kindLesser, simulated, "as Tail Whip"},
	AbTailBite:           {"tail_bite", "Tail Bite", kindLesser, simulated, "a hit also Displaces the target, unless another rider rides it: one rider per Attack"},
	AbNip:                {"nip", "Nip", kindLesser, simulated, "a successful Riposte deals 2 Wounds"},
	AbVomit:              {"vomit", "Vomit", kindLesser, notSimulated, "the GM may Notch instead of Wounding; tpk always Wounds"},
	AbPissAndShit:        {"piss_and_shit", "Piss and Shit", kindLesser, simulated, "a successful Roughhouse also makes the target Stressed"},
	AbProtoplasmicAttack: {"protoplasmic_attack", "Protoplasmic Attack", kindLesser, simulated, "a successful Roughhouse engulfs: Rooted and carried; 1 Wound and a Notch on each worn and belt item at the start of each of the victim's turns; only a Test Fate of Swords gets the victim out (not a Recover)"},
	AbRummage:            {"rummage", "Rummage", kindLesser, noEffect, "pulls pack items onto the floor"},
	AbSupernaturalSpeed:  {"supernatural_speed", "Supernatural Speed", kindLesser, notSimulated, "movement"},

	AbGrab:                  {"grab", "Grab", kindLesser, simulated, "a Roughhouse that grabs: Rooted and carried (2 at most; per arm for the Sporehulk); an Attack that misses it hits a grabbed victim"},
	AbDevilBite:             {"devil_bite", "Bite", kindLesser, simulated, "as Grab, 4 victims at most"},
	AbThrowStones:           {"throw_stones", "Throw Stones", kindLesser, simulated, "a missile Attack up to 1 zone away"},
	AbEngulf:                {"engulf", "Engulf", kindLesser, simulated, "a Roughhouse that deals Piercing damage on a success"},
	AbUnearthlyFear:         {"unearthly_fear", "Unearthly Fear", kindLesser, simulated, "one card against every adventurer in its zone (+Wands on its turn): each beaten is Stunned"},
	AbSorrow:                {"sorrow", "Sorrow! Sorrow! Sorrow!", kindLesser, simulated, "as Unearthly Fear"},
	AbFear:                  {"fear", "Fear", kindLesser, simulated, "one card against every adventurer in its zone (+Wands on its turn): each beaten is Displaced to an adjacent zone"},
	AbDevourTheLiving:       {"devour_the_living", "Devour the Living", kindLesser, simulated, "sim reading: an adventurer at Death's Door or Knocked out in its zone dies; it Heals 2"},
	AbCallBats:              {"call_bats", "Call Bats", kindLesser, simulated, "summons a bat cloud (HD 2/0 beast minion, Initiative the card played); +2 GM cards while it lives"},
	AbChokingSpores:         {"choking_spores", "Choking Spores", kindLesser, noEffect, "Silences every adventurer in its zone, which only stops spells; tpk casts none, and the built-in GM strategies do not play it"},
	AbMinorIllusion:         {"minor_illusion", "Minor Illusion", kindLesser, notSimulated, "illusions"},
	AbPullIntoTheAir:        {"pull_into_the_air", "Pull Into the Air", kindLesser, simulated, "sim reading: a Roughhouse (+Pentacles on its turn); success deals 1 Piercing Wound"},
	AbPeltWithStones:        {"pelt_with_stones", "Pelt with Stones", kindLesser, notSimulated, "gathering missiles"},
	AbBadLittleHands:        {"bad_little_hands", "Bad Little Hands", kindLesser, simulated, "a Roughhouse that steals the first belt item (one per rat), back to its owner when the rat is Disarmed or goes down (the built-in GM strategies prefer the rat's riders)"},
	AbFlight:                {"flight", "Flight", kindLesser, notSimulated, "circling out of melee reach"},
	AbGreatLeap:             {"great_leap", "Great Leap", kindLesser, notSimulated, "terrain"},
	AbWallCrawling:          {"wall_crawling", "Wall Crawling", kindLesser, notSimulated, "terrain"},
	AbBewitchingBeauty:      {"bewitching_beauty", "Bewitching Beauty", kindLesser, notSimulated, "pulling adventurers across the scene"},
	AbInvisible:             {"invisible", "Invisible", kindLesser, simulated, "plays any card to become Shrouded: it cannot be targeted while still, only at disfavor in the window it moves in; its next Attack has favor and ends it"},
	AbBodyOfSmokelessFire:   {"body_of_smokeless_fire", "Body of Smokeless Fire", kindLesser, simulated, "sim reading: intangible (physical harm passes through); it discards a card to turn tangible for its own Attack and another to turn back"},
	AbDeathDealer:           {"death_dealer", "I Am the Fucking Death Dealer", kindLesser, simulated, "a melee Attack that deals Piercing damage"},
	AbArcaneAttack:          {"arcane_attack", "If the Poison Won't Take You My Dogs Will", kindLesser, simulated, "an arcane missile Attack up to 1 zone away, adding Wands on its turn; ranged in its own zone too: it never engages"},
	AbMayFailureBeYourNoose: {"may_failure_be_your_noose", "May Failure Be Your Noose", kindLesser, simulated, "when an adventurer's action fails against its Initiative, it at once plays a lesser doom as an Attack on that adventurer (free)"},
	AbNaturalSorcery:        {"natural_sorcery", "Natural Sorcery", kindLesser, notSimulated, "its spells are the GM's choice"},
	AbElementalMeld:         {"elemental_meld", "Elemental Meld", kindNote, notSimulated, "stepping into its element"},
	AbRetreatIntoTheShadows: {"retreat_into_the_shadows", "Retreat into the Shadows", kindLesser, simulated, "discards any card to disengage from everyone (free)"},

	AbOverwhelmingAttack: {"overwhelming_attack", "Overwhelming Attack", kindGreater, simulated, "a greater doom played as an Attack (15-21 + Swords)"},
	AbSmash:              {"smash", "Smash", kindGreater, simulated, "as Overwhelming Attack"},
	AbOverwhelmingBite:   {"overwhelming_bite", "Overwhelming Bite", kindGreater, simulated, "a greater doom played as an Attack; a hit also Trips"},
	AbDeadlyAttack:       {"deadly_attack", "Deadly Attack", kindGreater, simulated, "rider: a hit deals 2 Wounds"},
	AbCorrosiveAttack:    {"corrosive_attack", "Corrosive Attack", kindGreater, simulated, "rider: a hit Destroys the target's shield, else body armor, else weapon, instead of Wounding"},
	AbUntouchable:        {"untouchable", "Untouchable", kindGreater, simulated, "may play a greater doom as Initiative"},
	AbArmoredScales:      {"armored_scales", "Armored Scales", kindGreater, simulated, "as Untouchable"},
	AbRampage:            {"rampage", "Rampage", kindGreater, simulated, "as Untouchable"},
	AbTactics:            {"tactics", "Tactics", kindGreater, notSimulated, "turning actions into interrupts needs a GM's timing"},
	AbCautiousRetreat:    {"cautious_retreat", "Cautious Retreat", kindGreater, simulated, "discards a greater doom to disengage from one adventurer (free)"},
	AbFiendishRetreat:    {"fiendish_retreat", "Fiendish Retreat", kindGreater, simulated, "as Cautious Retreat"},
	AbExpeditiousRetreat: {"expeditious_retreat", "Expeditious Retreat", kindGreater, simulated, "discards a greater doom to disengage from everyone (free)"},
	AbSorcery:            {"sorcery", "Sorcery", kindGreater, notSimulated, "the spells it holds components for are the GM's choice"},
	AbCommand:            {"command", "Command", kindGreater, simulated, "rider: a hit Controls instead of damaging: the target at once Attacks an ally in its zone at the lesser doom's value (no ally: it loses its next turn)"},
	AbPossess:            {"possess", "Possess", kindGreater, simulated, "as Command"},
	AbMesmerize:          {"mesmerize", "Mesmerize", kindGreater, simulated, "as Command"},
	AbIntangible:         {"intangible", "Intangible", kindGreater, notSimulated, "the elite template's option; use body_of_smokeless_fire"},
	AbPotence:            {"potence", "Potence", kindGreater, simulated, "sim reading: every adventurer in its zone is Stunned"},
	AbRegenerate:         {"regenerate", "Regenerate", kindGreater, simulated, "discards a greater doom to Heal 1 (free); a salt-reactive creature not in a turn salt hit it"},
	AbFungalRegeneration: {"fungal_regeneration", "Fungal Regeneration", kindGreater, simulated, "as Regenerate"},
	AbShapeshifter:       {"shapeshifter", "Shapeshifter", kindGreater, notSimulated, "new shapes are the GM's invention"},
	AbWeb:                {"web", "Web", kindGreater, simulated, "rider: a hit webs instead of damaging: Rooted until 4 Recover actions (H-33: 2); attacks on a webbed target have favor"},
	AbBackwardsCharge:    {"backwards_charge", "Backwards Charge", kindGreater, simulated, "rider: a hit Wounds and Trips"},
	AbFlutterAway:        {"flutter", "Flutter", kindGreater, simulated, "disengages from everyone and flies 1 zone away, from the guild if it can (the built-in GM strategies play it when three or more adventurers are engaged with it)"},
	AbStinkingCloud:      {"stinking_cloud", "Stinking Cloud", kindGreater, simulated, "fills its zone: adventurers who start a round inside draw 1 fewer card (cumulative) and are Stunned; the 4th round inside Knocks out"},
	AbSwallow:            {"swallow", "Swallow", kindGreater, notSimulated, "the swallowing contest is not modelled"},
	AbBreathOfFire:       {"breath_of_fire", "Breath of Fire", kindGreater, simulated, "rider, up to 1 zone away: a hit deals Critical damage to a target in iron or steel armor, else 3 Wounds"},
	AbInfectiousDisease:  {"infectious_disease", "Infectious Disease", kindGreater, simulated, "rider: a hit Wounds and infects (counted as an affliction)"},
	AbStealFace:          {"steal_face", "Steal Face", kindGreater, simulated, "rider: a hit Blinds and Silences instead of Wounding"},
	AbPerfectImitation:   {"perfect_imitation", "Perfect Imitation", kindGreater, notSimulated, "impersonation"},
	AbShriek:             {"shriek", "Shriek", kindGreater, simulated, "Stuns every non-harpy in its zone: the adventurers, and the other creatures (a card from the GM each)"},
	AbBadLuckMachine:     {"bad_luck_machine", "Bad Luck Machine", kindGreater, simulated, "discards a greater doom as an interrupt: an Attack or thrown item on it is redirected to another adventurer in the zone, with disfavor (cancelling favor, not doubling disfavor)"},
	AbRoarOfLife:         {"roar_of_life", "Roar of Life", kindGreater, notSimulated, "resurrection"},
	AbHarden:             {"harden", "Harden", kindGreater, simulated, "discards a greater doom to become immune to the damage kind that last Wounded it, one kind at a time"},
	AbRiotOfTeeth:        {"riot_of_teeth", "Riot of Teeth", kindGreater, simulated, "rider: a hit deals Piercing damage"},
	AbSleepSong:          {"sleep_song", "Sleep Song", kindGreater, simulated, "a lesser doom + a discarded greater doom against one adventurer's Initiative: Knocked out until an ally slaps it awake (a miscellaneous action)"},
	AbBully:              {"bully", "Bully", kindGreater, noEffect, "a Bond charge lost: no effect in the fight (tpk does not count Bond charges)"},
	AbEvasive:            {"evasive", "Evasive", kindGreater, simulated, "may play a greater doom as a facedown Dodge (the built-in GM strategies do, with a spare one, as a minor action)"},
	AbResilient:          {"resilient", "Resilient", kindGreater, simulated, "discards a greater doom to recover from every effect"},
	AbAbsorbBones:        {"absorb_bones", "Absorb Bones", kindGreater, simulated, "sim reading: with a destroyed skeleton in its zone, Heals 1 (the bones are used up)"},
	AbGrind:              {"grind", "Grind", kindGreater, simulated, "discards a greater doom: every engulfed adventurer takes 1 Wound"},
	AbSqueeze:            {"squeeze", "Squeeze", kindGreater, simulated, "every grabbed adventurer takes 1 Wound"},
	AbBatForm:            {"bat_form", "Bat Form", kindGreater, notSimulated, "movement"},
	AbMistForm:           {"mist_form", "Mist Form", kindGreater, notSimulated, "escape"},
	AbDolorousKiss:       {"dolorous_kiss", "Dolorous Kiss", kindGreater, simulated, "rider: a hit Wounds and drains 1 XP (counted), returned when the wraith is destroyed"},
	AbBreathOfIce:        {"breath_of_ice", "Breath of Ice", kindGreater, simulated, "rider on an Attack at everyone in its zone: each hit Wounds and loses its potions"},
	AbLastGrasp:          {"last_grasp", "Last Grasp", kindGreater, simulated, "discards a greater doom instead of taking the killing Wound: a severed limb (HD 1/0) joins the fight; up to 4 times per zombie (its limbs), one limb per zombie of the group in the fight at a time"},
	AbDoYouDoubtMe:       {"do_you_doubt_me", "Do You Doubt Me, Traitor?", kindGreater, simulated, "sim reading: discards a greater doom when his Body is damaged (not his crown, an object); the attacker crosses out a motif, its name, a pack slot or a talent for the fight (H-36; counted)"},
	AbFaithfulServant:    {"faithful_servant", "Faithful Servant, Tender Companion", kindGreater, simulated, "sim reading: summons a clone (a 'man': 4/3/2/1, HD 1/0) sharing its Initiative"},
	AbSoftIsTheirThroat:  {"soft_is_their_throat", "Soft Is Their Throat, Soft Is Their Skull", kindGreater, simulated, "rider: a hit Wounds and makes the target lose its next turn and its facedown card (errata E-H3: no \"instead\"); not on one already Controlled"},
	AbDayOfTears:         {"day_of_tears", "Day of Tears and Mourning", kindGreater, notSimulated, "spellcasting is the GM's choice"},
	AbPoison:             {"poison", "Poison", kindGreater, simulated, "rider: a hit also poisons, once per target: counted as an affliction, its first stage doing nothing in the fight (H-34 exhausted: Exhausted for the rest of the fight)"},
	AbShake:              {"shake", "Shake", kindLesser, notSimulated, "climbing the Sporehulk is not modelled"},
	AbGriffinGrab:        {"griffin_grab", "Grab", kindGreater, simulated, "a Roughhouse with a discarded greater doom: Rooted and carried; on a later turn it drops the victim from 20 ft: 2 Piercing Wounds, 1 if the victim passes a Pentacles test; a Recover while carried is the same fall"},
}

// narrativeAbilities are the simulated abilities that are GM fiat in the
// book and run on a `sim:` reading; option H-30 "off" switches them off.
var narrativeAbilities = []Ability{AbGazeOfTheCockatrice, AbDoYouDoubtMe, AbGrab, AbDevilBite, AbThrowStones, AbGriffinGrab}

// abilitySet is a set of abilities as bits.
type abilitySet [3]uint64

func (s *abilitySet) add(a Ability)      { s[a/64] |= 1 << (a % 64) }
func (s *abilitySet) has(a Ability) bool { return s[a/64]&(1<<(a%64)) != 0 }

// abilitiesOf is the set of the abilities as.
func abilitiesOf(as ...Ability) abilitySet {
	var s abilitySet
	for _, a := range as {
		s.add(a)
	}
	return s
}

// union is the set of the abilities in s or t.
func (s abilitySet) union(t abilitySet) abilitySet {
	return abilitySet{s[0] | t[0], s[1] | t[1], s[2] | t[2]}
}

// without is s less the abilities in t.
func (s abilitySet) without(t abilitySet) abilitySet {
	return abilitySet{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2]}
}

// meets reports whether s and t share an ability.
func (s *abilitySet) meets(t abilitySet) bool {
	return s[0]&t[0] != 0 || s[1]&t[1] != 0 || s[2]&t[2] != 0
}

// Named sets of abilities that share a rule, so that a rule names its set
// once and a new ability joins by being added here.
var (
	// overwhelmingDooms are the greater dooms played as the Attack itself
	// (15-21 + Swords) rather than as a rider.
	overwhelmingDooms = abilitiesOf(AbOverwhelmingAttack, AbSmash, AbOverwhelmingBite)
	// greaterInitDooms let a group play a greater doom as Initiative.
	greaterInitDooms = abilitiesOf(AbUntouchable, AbArmoredScales, AbRampage)
	// toughDooms make an action at the creature fail on a tie (it must
	// exceed the Initiative).
	toughDooms = abilitiesOf(AbTough, AbFleshless)
	// greaterPlays are the dooms other than the Attack and its riders that
	// give a group a use for a greater doom on its turn: a played greater
	// doom, the Sleep Song's discard, the griffin's Grab.
	greaterPlays = abilitiesOf(AbShriek, AbPotence, AbSqueeze, AbStinkingCloud, AbSleepSong, AbGriffinGrab)
	// narrativeSet is narrativeAbilities as a set.
	narrativeSet = abilitiesOf(narrativeAbilities...)
)

// hasAny reports whether the set holds one of as.
func (s *abilitySet) hasAny(as ...Ability) bool {
	for _, a := range as {
		if s.has(a) {
			return true
		}
	}
	return false
}

// abilityByID finds an ability by its scenario name.
func abilityByID(id string) (Ability, bool) {
	for a := Ability(1); a < numAbilities; a++ {
		if abilityTable[a].id == id {
			return a, true
		}
	}
	return abNone, false
}

// abilityIDs lists every ability's scenario name, for messages.
func abilityIDs() []string {
	out := make([]string, 0, numAbilities)
	for a := Ability(1); a < numAbilities; a++ {
		out = append(out, abilityTable[a].id)
	}
	return out
}

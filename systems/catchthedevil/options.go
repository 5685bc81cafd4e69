package catchthedevil

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
)

// optionSpecs are the points of judgement of section 1.9 of the rules spec,
// C1..C29, then C30..C37 for the OPTIONs section 1.8 names without a number.
// Each lists the spec's default first.
var optionSpecs = []sim.Option{
	{ID: "C1", Doc: "which move the GM wounds (normal Suffer Harm 4-6 and 3-): a random unwounded one, Suffer Harm first (lethal GM), physical (Take a Risk and Suffer Harm twice as likely), or gentle (Study, Keep It Together, Take a Risk, Suffer Harm in that order)",
		Values: []string{"random", "sh-first", "physical", "gentle"}},
	{ID: "C2", Doc: "which move the player wounds (wounded Suffer Harm, Keep It Together 5/6, Study 3): in the order Study, Keep It Together, Take a Risk, Suffer Harm (Take a Risk first when its version is known to be 6; Suffer Harm 4 puts its +1 on Take a Risk), a random one, or the GM chooses (option C1)",
		Values: []string{"order", "random", "gm"}},
	{ID: "C3", Doc: "how a PC deals harm: Take a Risk with Tough in melee and Quick at range, Quick always, the better of the two, or by weapon with a 7-9 that hits for 1 less (at least 1) and takes no harm",
		Values: []string{"by-weapon", "quick", "best", "reduced-damage"}},
	{ID: "C4", Doc: "when NPCs hurt PCs: every active NPC attacks once a round and a PC answers with Take a Risk; strict (NPC harm only from a PC's 7-9 and misses, and one GM move per idle PC); or wargame (declared attacks always land, Take a Risk only decides the PC's hits)",
		Values: []string{"every-npc", "strict", "wargame"}},
	{ID: "C5", Doc: "a PC's choice between attacking, evading and fleeing: its strategy decides (fight follows the spec's thresholds), or every PC always attacks",
		Values: []string{"strategy", "always-attack"}},
	{ID: "C6", Doc: "harm reduced to 0 by armor: the PC still rolls Suffer Harm with damage 0, or no roll",
		Values: []string{"roll", "no-roll"}},
	{ID: "C7", Doc: "several attacks landing on one PC in a round: one Suffer Harm roll each, or one roll at the highest damage +1 per extra attacker",
		Values: []string{"separate", "merged"}},
	{ID: "C8", Doc: "how long a Keep It Together reaction lasts: the PC's next action, the whole encounter, or the next action with scream & panic meaning the PC flees",
		Values: []string{"next-action", "encounter", "panic-flees"}},
	{ID: "C9", Doc: "when Keep It Together triggers: once per PC per horrendous source at first sight; also when an ally becomes dying in view; or also every time a horror declares an attack on the PC",
		Values: []string{"first-sight", "ally-dying", "every-attack"}},
	{ID: "C10", Doc: "does Keep It Together's -1 until calm stack: yes, or at most -1",
		Values: []string{"stacks", "max-1"}},
	{ID: "C11", Doc: "wounded Keep It Together 5 on a 10+ (the sign is lost in the source): -1, +1 or 0 the next time",
		Values: []string{"minus", "plus", "zero"}},
	{ID: "C12", Doc: "wounded Keep It Together 6's undefined \"break\": lose the next action (preferred over wounding), no effect, -1 to all rolls this encounter, or always wound a move instead",
		Values: []string{"lose-action", "none", "minus-all", "wound"}},
	{ID: "C13", Doc: "a blacked-out PC: out of the fight and not targeted, still targeted by NPCs, or out and captured unless the PCs win",
		Values: []string{"ignored", "targetable", "captured"}},
	{ID: "C14", Doc: "when a dying PC is dead (\"the GM will say\"): never in the simulation (reported as dying), at once, at the end unless the PCs won, or after scene.dying_rounds rounds unless an ally tends them (Take a Risk + Sharp, 7+)",
		Values: []string{"dying", "at-once", "unless-won", "untended"}},
	{ID: "C15", Doc: "a GM question answered yes pre-rolls a wounded version: the move starts normal, or starts wounded",
		Values: []string{"normal", "wounded"}},
	{ID: "C16", Doc: "an NPC damage die counts when it rolls over the threshold: strictly over, or meets or beats it",
		Values: []string{"over", "meets"}},
	{ID: "C17", Doc: "conditions at least the threshold incapacitate, at least twice it kill (a hit may overshoot)",
		Values: []string{"at-least"}},
	{ID: "C18", Doc: "the +1 for taking advantage of an NPC's conditions: on every attack on an NPC with a condition, only after the PC has Studied, or half of the time",
		Values: []string{"automatic", "after-study", "half"}},
	{ID: "C19", Doc: "incapacitated NPCs: the PCs switch to active ones, or finish them off once none is active (kills counted)",
		Values: []string{"switch", "finish-off"}},
	{ID: "C20", Doc: "which stat a \"reduce a stat by 1\" lowers: Sharp, then Steady, Quick, and Tough (the Suffer Harm stat) only when no other can go, with wounded Suffer Harm 3's 7-9 taking a wound instead while two moves stay unwounded after it (errata E-C2); or a random stat",
		Values: []string{"policy", "random"}},
	{ID: "C21", Doc: "wounded Suffer Harm 3 on a 10+: take the -1 Suffer Harm penalty unless it is already -2 or worse with Study or Keep It Together unwounded (then wound), or choose at random",
		Values: []string{"policy", "random"}},
	{ID: "C22", Doc: "wounded Take a Risk's stat adjustment: only on Take a Risk rolls, or on every roll with that stat",
		Values: []string{"take-a-risk", "everywhere"}},
	{ID: "C23", Doc: "wounded Suffer Harm 1's unusable body part and 2's disorientation: -1 to Take a Risk with Tough or Quick and -1 forward; the body part and losing the next action; or ignore both",
		Values: []string{"stand-in", "lose-action", "ignore"}},
	{ID: "C24", Doc: "several one-shot \"next time\" modifiers on one move: they add up, or only the latest counts (no effect within one encounter: each is set by a roll of that move, which has just used up the one before)",
		Values: []string{"sum", "latest"}},
	{ID: "C25", Doc: "Suffer Harm 4's +1 once its move is healed (a `bonus:` from an earlier scene on a move not `wounded:`): lost, or kept with the version",
		Values: []string{"lost", "persists"}},
	{ID: "C26", Doc: "\"until you leave here\" stat changes: until the end of the encounter, or until the PC flees (no figure changes: a PC who fled rolls nothing more)",
		Values: []string{"encounter", "until-flee"}},
	{ID: "C27", Doc: "lowering a stat, for good or until leaving here (errata E-C4): never below -3, or no floor",
		Values: []string{"clamp", "none"}},
	{ID: "C28", Doc: "do wounded Keep It Together versions also take the normal version's -1 until calm: no, or yes",
		Values: []string{"no", "yes"}},
	{ID: "C29", Doc: "Study in a fight: information tokens (a chance of +1 forward by result and version; a miss adds a complication: one more NPC attack), disabled (the kernel turns a Study into an evade), or a flat +1 forward on 7+",
		Values: []string{"tokens", "disabled", "flat"}},
	{ID: "C30", Doc: "evade on a 7-9: no attack lands but -1 forward, or one attack still lands",
		Values: []string{"forward", "one-lands"}},
	{ID: "C31", Doc: "the GM move when a PC attacks an NPC that is not attacking it and rolls 7-9 or 6-: that NPC gets a free attack, or -1 forward",
		Values: []string{"free-attack", "forward"}},
	{ID: "C32", Doc: "attacks declared by NPCs incapacitated earlier in the round: cancelled, or they land anyway (simultaneous)",
		Values: []string{"cancelled", "simultaneous"}},
	{ID: "C33", Doc: "wounded Keep It Together 1's \"the person closest to you\" (no map): a random other character of either side, a random other PC (else the trigger), or the trigger",
		Values: []string{"random-character", "ally", "trigger"}},
	{ID: "C34", Doc: "the reaction the GM picks on a normal Keep It Together miss: curl up & shut down, or a random one of the four",
		Values: []string{"curl-up", "random"}},
	{ID: "C35", Doc: "whom a PC lashing out attacks (no map for \"nearest\"): a random other character of either side, or a random active NPC",
		Values: []string{"random-character", "enemy"}},
	{ID: "C36", Doc: "beg & plead: lose the next action, or also the trigger NPC, if a person, skips attacking this PC once",
		Values: []string{"lose-action", "spared"}},
	{ID: "C37", Doc: "curl up & shut down: lose the next action, or also be the NPCs' preferred target while it lasts",
		Values: []string{"lose-action", "preferred-target"}},
}

// options returns copies of the option specs.
func options() []sim.Option { return sim.DefaultFirst(optionSpecs) }

// NumOptions is the number of options, C1..C37.
const NumOptions = 37

// Rules are the resolved options as small integers, built once at compile
// time: Rules[i] is the index of option C(i+1)'s value in its list, 0 being
// the spec's default.
type Rules [NumOptions + 1]uint8

// The values of each option, by index in its list.
const (
	c1Random, c1SHFirst, c1Physical, c1Gentle      = 0, 1, 2, 3
	c2Order, c2Random, c2GM                        = 0, 1, 2
	c3ByWeapon, c3Quick, c3Best, c3Reduced         = 0, 1, 2, 3
	c4EveryNPC, c4Strict, c4Wargame                = 0, 1, 2
	c8Next, c8Encounter, c8PanicFlees              = 0, 1, 2
	c9FirstSight, c9AllyDying, c9EveryAttack       = 0, 1, 2
	c11Minus, c11Plus, c11Zero                     = 0, 1, 2
	c12LoseAction, c12None, c12MinusAll, c12Wound  = 0, 1, 2, 3
	c13Ignored, c13Targetable, c13Captured         = 0, 1, 2
	c14Dying, c14AtOnce, c14UnlessWon, c14Untended = 0, 1, 2, 3
	c18Automatic, c18AfterStudy, c18Half           = 0, 1, 2
	c23StandIn, c23LoseAction, c23Ignore           = 0, 1, 2
	c29Tokens, c29Disabled, c29Flat                = 0, 1, 2
	c33Random, c33Ally, c33Trigger                 = 0, 1, 2
)

// C returns option Cn's value index.
func (ru *Rules) C(n int) uint8 { return ru[n] }

// Is reports whether option Cn has the value at index v.
func (ru *Rules) Is(n int, v uint8) bool { return ru[n] == v }

// Alt reports whether option Cn is not at its default.
func (ru *Rules) Alt(n int) bool { return ru[n] != 0 }

// RulesOf converts resolved options (every id present) to Rules.
func RulesOf(o sim.Options) (Rules, error) {
	var ru Rules
	for n, s := range optionSpecs {
		v := o.Get(s.ID)
		found := false
		for i, x := range s.Values {
			if x == v {
				ru[n+1] = uint8(i)
				found = true
			}
		}
		if !found {
			return ru, fmt.Errorf("option %s: unknown value %q", s.ID, v)
		}
	}
	return ru, nil
}

// DefaultRules are the spec's defaults.
func DefaultRules() Rules { return Rules{} }

// RulesWith returns the defaults with some options set, by id and value
// ("C14", "at-once"); it panics on an unknown one (for tests and tools).
func RulesWith(kv ...string) Rules {
	o := sim.Options{}
	for _, s := range optionSpecs {
		o[s.ID] = s.Default
	}
	for i := 0; i+1 < len(kv); i += 2 {
		o[kv[i]] = kv[i+1]
	}
	ru, err := RulesOf(o)
	if err != nil {
		panic(err)
	}
	return ru
}

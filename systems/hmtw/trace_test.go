package hmtw_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
)

// traces narrates n encounters of a scenario.
func traces(t *testing.T, src string, n uint64) string {
	t.Helper()
	b := compileYAML(t, src)
	var all strings.Builder
	for k := uint64(0); k < n; k++ {
		all.WriteString(traceOf(t, b, 1, k))
	}
	return all.String()
}

func hasAll(t *testing.T, text string, phrases []string) {
	t.Helper()
	for _, p := range phrases {
		if !strings.Contains(text, p) {
			t.Errorf("no %q in the replays", p)
		}
	}
}

// A replay reads like a game master's account of the fight.
func TestTraceReadable(t *testing.T) {
	text := traces(t, scenario(fourAdventurers, "  - {creature: goblin_raider, count: 6}"), 60)
	hasAll(t, text, []string{
		"Setup",
		"Brannoc: Swords path, human; Swords 4, Pentacles 3, Cups 2, Wands 1; holds blade, heavy_shield; steel armor and a helm",
		"Goblin raider: 6 × Man Minion; Swords 4, Pentacles 3, Cups 1, Wands 1; HD 2/1; anger",
		"Round 1",
		"Brannoc: draws ",
		"GM: draws 5 cards: ",
		"Goblin raider: plays Initiative facedown (",
		"Brannoc: plays Initiative facedown (",
		"Goblin raider: flips Initiative: ",
		"Goblin raider: turn at ",
		"on its turn: Attack, ",
		"(mob of 2: favor): ",
		"against Initiative ",
		"Notches the helm; it is Destroyed",
		"marks Staggered",
		"as a minor action: Attacks with a blade Goblin raider ",
		"with The ",
		"for Poison",
		"is poisoned (H-34 counted: its first stage does nothing in the fight)",
		"is at Death's Door, out of the fight",
		": Banter with Goblin raider, ",
		"is afraid now: it will try to flee",
		"plays a card facedown as a minor action: Dodge protecting itself",
		"reveals a Dodge for ",
		"the Fool is drawn: both decks will be reshuffled at the end of the round",
		"the Fool was drawn this round: both decks are reshuffled",
		"plays the Fool with ",
		"Aid Another for ",
		"spends 1 Resolve for favor",
	})
}

// A group that has lost three quarters of its HD surrenders (a reckless
// guild, which never Banters it into flight first).
func TestTraceSurrender(t *testing.T) {
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: goblin_raider, count: 6}", "strategies: {party: reckless}"), 30),
		[]string{"panics (Morale 8) and surrenders"})
}

// Creatures' abilities narrate what they do.
func TestTraceAbilities(t *testing.T) {
	// A reckless guild never Banters the vampire into flight (E-H1).
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: vampire}", "strategies: {party: reckless}"), 20), []string{
		"Vampire: Undead Elite; Swords 4, Pentacles 4, Cups 4, Wands 4; HD 7/2",
		"Call Bats; a bat cloud joins the fight with Initiative ",
		"for Mesmerize",
		"is Controlled: it Attacks ",
	})
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: skeleton, count: 3}\n  - {creature: zombie, count: 3}"), 20), []string{
		"Last Grasp: instead of the Wound it loses a limb, which fights on",
		"Skeleton: 3 × Undead Brute",
	})
	// Crowned, he levitates out of melee reach (E-H3): a guild with the
	// sorcerer's spells besides its wand brings him down.
	hasAll(t, traces(t, scenario(strings.Replace(fourAdventurers, "name: Mord}", "name: Mord, spells: [heavenfire, life]}", 1),
		"  - {creature: lich_yellow_king}"), 10), []string{
		"pools crown_of_archwood 1/4, body 5/9",
		"Faithful Servant, Tender Companion; Clone of the guild's dead 1 rises",
		"\"Do you doubt me, traitor?\": it crosses out a motif (H-36 player-choice)",
		"falls: the Body is defeated",
	})
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: kelpie}"), 10), []string{
		"shrugs off the Wound: its Threshold needs 2 Wounds in one turn",
		"its Threshold breaks",
	})
	hasAll(t, traces(t, scenario("  - {archetype: swords_two_hander, name: Urzga}", "  - {creature: lion}"), 20), []string{
		"Wounds its kin talent: Berserkergang, it rages (favor on every Attack)",
		"is Tripped",
	})
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: bloodybones}", "options: {H-29: off}"), 3), []string{
		"the guild retreats; its foes are too slow to follow",
	})
	hasAll(t, traces(t, scenario(fourAdventurers, "  - {creature: dragon}"), 5), []string{
		"(Armored Scales: a greater doom as Initiative)",
		"for Breath of Fire",
		"takes Critical damage: marks Injured",
		"the guild tries to retreat, but its pursuers are too fast: cornered",
	})
}

// A replay names what the numbers rest on: each adventurer's talents,
// spells, belt and pack at the start; what gave an adventurer's Attack its
// favor or disfavor; which talent a Wound took, or that it was one the
// adventurer does not fight with. The worked example: Fergus the
// alchemist's belt, Daria's Gramarye and her blasts into the foyer's
// cover, daggers at the goblin archers.
func TestTraceNamesTalentsAndFavor(t *testing.T) {
	src, err := fs.ReadFile(examples.FS, "hmtw/worked-example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	hasAll(t, traces(t, string(src), 30), []string{
		"talents: Alchemy", "talents: Gramarye", "on the belt: lantern, bomb, poultice",
		"hit (disfavor: the target in cover)", "(favor: the target holds only a missile weapon)",
		"Wounds a talent it does not fight with",
	})
}

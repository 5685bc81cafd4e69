package locus_test

import (
	"strings"
	"testing"
)

// A replay reads like a game master's account of the fight.
func TestTraceReadable(t *testing.T) {
	b := compileYAML(t, `system: locus
party:
  - name: Ada
    character: reference
    items: [{name: crowbar, weapon: true, quality: 2, durability: 3, types: [blunt]}]
foes:
  - {monster: faced-flock}
`)
	var all strings.Builder
	for k := uint64(0); k < 20; k++ {
		all.WriteString(traceOf(t, b, 1, k))
	}
	text := all.String()
	for _, phrase := range []string{
		"Setup",
		"Round 1",
		"Faced Flock: Attack 3, Chase 2, Search 3, Resist 3; opportunistic",
		"threat 11: Weak",
		"Ada: initiative",
		"Ada: sees Faced Flock",
		"Stress check (Cowardice) at the sight: Cowardice Medium check, dice",
		"Ada: attacks Faced Flock with the crowbar: dice",
		"vs Clumsiness 3 =",
		"Faced Flock rolls",
		"vs Resist 3 =",
		"margin",
		"Death's Door",
		"Faced Flock: attacks Ada: dice",
		"vs Attack 3 =",
		"inflicts Swarming faces on Ada (Clumsiness Easy to avoid Blinded)",
		"suffers a",
		"Stress check (Temper) for the injury",
		"spends 1 WP",
		"Durability check for the crowbar",
		"the conflict ends:",
	} {
		if !strings.Contains(text, phrase) {
			t.Errorf("no %q in the traces:\n%s", phrase, text[:min(len(text), 3000)])
		}
	}
}

// Fleeing, chasing and hiding narrate distances and searches.
func TestTraceMovement(t *testing.T) {
	b := compileYAML(t, `system: locus
scene: {cover: true, distance: 10}
party:
  - {name: Ada, character: reference, strategy: hide}
  - {name: Bo, character: reference, strategy: flee}
foes:
  - {monster: tar-wing}
`)
	var all strings.Builder
	for k := uint64(0); k < 20; k++ {
		all.WriteString(traceOf(t, b, 2, k))
	}
	text := all.String()
	for _, phrase := range []string{
		"Ada: hides: dice",
		"vs Search 2 =",
		"Bo: moves away: dice",
		"m from Tar-Wing)",
		"Tar-Wing: chases",
		"and catches",
		": is now Prone",
		"Bo: escapes (far enough: 3",
		"stands up (the action of a Prone character)",
		"Tar-Wing: searches: dice",
		"hides from the search",
		"keeps still in hiding",
	} {
		if !strings.Contains(text, phrase) {
			t.Errorf("no %q in the traces", phrase)
		}
	}
}

// A Willpower re-roll is narrated where it happens: after the dice it
// changes and before the dice it gives, in the line of that roll, never
// as a line of its own ahead of the roll.
func TestRerollNarratedInOrder(t *testing.T) {
	b := compileYAML(t, `system: locus
party:
  - {name: Ada, character: reference}
foes:
  - {monster: faced-flock}
`)
	seen := map[string]bool{}
	for k := uint64(0); k < 30; k++ {
		for _, line := range strings.Split(traceOf(t, b, 1, k), "\n") {
			at := strings.Index(line, "to re-roll")
			if at < 0 {
				continue
			}
			before, after := line[:at], line[at:]
			if !strings.Contains(before, "dice") && !strings.Contains(before, "rolls") {
				t.Errorf("a re-roll narrated before its roll: %q", line)
			}
			if !strings.Contains(after, "->") {
				t.Errorf("a re-roll without the dice it gave: %q", line)
			}
			for _, what := range []string{"check", "attacks", "rolls"} {
				if strings.Contains(before, what) {
					seen[what] = true
				}
			}
		}
	}
	for _, what := range []string{"check", "attacks", "rolls"} {
		if !seen[what] {
			t.Errorf("no re-roll in a line with %q in 30 encounters", what)
		}
	}
}

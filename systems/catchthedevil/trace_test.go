package catchthedevil_test

import (
	"strings"
	"testing"
)

// A replay reads like a GM's account of the fight.
func TestTraceReadable(t *testing.T) {
	b := compileYAML(t, scenario("  - {name: Ada, character: police-officer}\n  - {name: Bea, character: nurse, strategy: protect}\n  - {name: Cal, character: security-guard}",
		"  - {npc: thug, count: 2}\n  - {npc: rot-hound}", "options: {C14: untended}"))
	var all strings.Builder
	for k := uint64(0); k < 40; k++ {
		all.WriteString(traceOf(t, b, 1, k))
	}
	text := all.String()
	for _, phrase := range []string{
		"Setup",
		"Round 1",
		"Ada: Quick +1, Steady 0, Sharp -1, Tough +1; pistol (2 damage, ranged); armor; strategy fight",
		"Rot Hound: threshold 4; claws (2 damage, melee); horrendous",
		"Ada: sees Rot Hound",
		"Keep It Together: 2d6 (",
		"Thug 1: goes for",
		"Take a Risk +Quick to attack Thug",
		"Take a Risk +Quick to shield",
		"Suffer Harm: 2d6 (",
		"-2 damage",
		"is wounded (version",
		"damage dice [",
		"condition(s)",
		"is dying",
		"the fight ends:",
	} {
		if !strings.Contains(text, phrase) {
			t.Errorf("no %q in the traces:\n%s", phrase, text[:min(len(text), 3000)])
		}
	}
}

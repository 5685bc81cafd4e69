package battleclock_test

import (
	"strings"
	"testing"
)

// A replay reads like a GM's account of the battle.
func TestTraceReadable(t *testing.T) {
	b := compileYAML(t, scenario("  - {name: Vega, character: soldier}\n  - {name: Liara, character: adept, strategy: cover-each-other}\n  - {name: Tali, character: engineer, strategy: hold-position}",
		"  - {enemy: merc, count: 2}\n  - {enemy: stunner}\n  - {enemy: lieutenant}", "options: {S8: never}"))
	var all strings.Builder
	for k := uint64(0); k < 40; k++ {
		all.WriteString(traceOf(t, b, 1, k))
	}
	text := all.String()
	for _, phrase := range []string{
		"Setup",
		"Vega: Cool +1, Hard +2, Hot -1, Sharp 0, Will 0; 3-harm, 2-armor, 1 shields; strategy aggressive",
		"Merc: a group of 2: 2-harm, 1-armor",
		"Round 1",
		"seizes by force against Merc 1 (+Hard): 2d6 (",
		"picks terrible harm, little harm",
		"deals 3-harm to Merc",
		"is out of the fight",
		"defends a secure position (+Hard)",
		"incidental fire",
		"takes 1-harm: 0 through 2-armor, 1 shock",
		"the GM jumps the battle clock to 9:00",
		"fires at",
		"harm clock at",
		"the battle ends after ",
	} {
		if !strings.Contains(text, phrase) {
			t.Errorf("no %q in the traces:\n%s", phrase, text[:min(len(text), 3000)])
		}
	}
}

package locus_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems/search"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// choir is four characters against the Drowned Choir, the longest Locus
// example, played strong by the side given.
func choir(party, foes string) string {
	return `system: locus
max_rounds: 60
scene: {cover: true}
party:
  - {name: Ada, character: reference, attributes: {clumsiness: 2, cowardice: 4}}
  - {name: Bram, character: reference, attributes: {frailty: 2, temper: 4}}
  - {name: Cass, character: reference, items: [{name: lantern oil, weapon: true, quality: 2, durability: 4, types: [fire]}]}
  - {name: Dov, character: reference}
foes:
  - {name: The Drowned Choir, attack: 2, chase: 2, search: 2, resist: 2, behaviour: insidious, chases: definite,
     deaths_door: 15, weakness: [fire], inflictions: [{name: Hymn, attribute: cowardice, difficulty: medium, condition: terrified}]}
strategies: {party: ` + party + `, foes: ` + foes + `}
`
}

// Strong play offers only what the rules allow: the kernel never has to
// turn one of its choices into nothing ("wanted to ... but"), and every
// searched decision is narrated.
func TestStrongPlaysOnlyLegalActions(t *testing.T) {
	for _, side := range []string{"party", "foes"} {
		src := choir("fight", "default")
		src = strings.Replace(src, side+": "+map[string]string{"party": "fight", "foes": "default"}[side], side+": strong", 1)
		b := compileYAML(t, src)
		b.Model.(search.Tunable).SetSearch(search.Settings{MaxRollouts: 16})
		searched := 0
		for k := uint64(0); k < 6; k++ {
			tr := traceOf(t, b, 3, k)
			if strings.Contains(tr, "wanted to") {
				t.Errorf("%s strong, encounter %d: the kernel refused a choice:\n%s", side, k, tr)
			}
			searched += strings.Count(tr, "strong play:")
		}
		if searched == 0 {
			t.Errorf("%s strong: no decision narrated", side)
		}
	}
}

// Strong play depends on (seed, encounter) alone: the same encounter
// narrated twice, or played twice silently, ends alike.
func TestStrongIsReplayable(t *testing.T) {
	b := compileYAML(t, choir("strong", "default"))
	b.Model.(search.Tunable).SetSearch(search.Settings{MaxRollouts: 16})
	a, c := traceOf(t, b, 5, 2), traceOf(t, b, 5, 2)
	if a != c {
		t.Error("the same encounter narrated twice differs")
	}
	s, s2 := systemtest.Run(b, 8, 5), systemtest.Run(b, 8, 5)
	if !slices.Equal(s.Sum, s2.Sum) || !slices.Equal(s.Per, s2.Per) {
		t.Error("the same encounters played twice differ")
	}
}

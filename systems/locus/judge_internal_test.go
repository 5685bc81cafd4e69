package locus

import (
	"fmt"
	"math"
	"testing"
)

// The judgement behind the default party strategies, on the reference
// character (every attribute 3, a Quality 2 weapon) facing each sample
// monster at the start of a fight.
func TestJudgement(t *testing.T) {
	for _, c := range []struct {
		monster           string
		outpaces, losing  bool
		nauseatedLosing   bool
		outpacesNauseated bool
	}{
		// Chase 1, definite: it is faster. 15 segments at 0.56 a blow take
		// 27 blows, in which its Attack 2 fills 24.5 of 27 segments: close,
		// but not lost until the character is hurt or Nauseated.
		{"tar-wing", false, false, true, false},
		// Chase 4, moderate: 2 x 1/2 = 1 against 3, unless the character
		// is Nauseated (Clumsiness 5: 1 against 1). Its 12 segments at 0.29
		// a blow outlast the character.
		{"mouth-tower", true, true, true, false},
		// Chase 2, moderate: 4 x 1/2 = 2 against 3 (Nauseated: 1); its
		// Death's Door of 3 is soon filled.
		{"faced-flock", true, false, true, false},
		// A null Chase never follows; 6 segments are within reach until the
		// spores make the character Nauseated (Clumsiness 5).
		{"spore-vine-core", true, false, true, true},
	} {
		t.Run(c.monster, func(t *testing.T) {
			k, _, _ := testKernel(t, "system: locus\nparty:\n  - {character: reference, strategy: test-idle}\nfoes:\n  - {monster: "+c.monster+", strategy: test-idle}\n", 41)
			if got := k.outpaces(0, 0); got != c.outpaces {
				t.Errorf("%s: outpaces %v, want %v", c.monster, got, c.outpaces)
			}
			if got := k.losing(0, 0); got != c.losing {
				t.Errorf("%s: losing %v, want %v", c.monster, got, c.losing)
			}
			k.ch[0].cond |= Nauseated
			if got := k.losing(0, 0); got != c.nauseatedLosing {
				t.Errorf("%s, Nauseated: losing %v, want %v", c.monster, got, c.nauseatedLosing)
			}
			if got := k.outpaces(0, 0); got != c.outpacesNauseated {
				t.Errorf("%s, Nauseated: outpaces %v, want %v", c.monster, got, c.outpacesNauseated)
			}
		})
	}
}

// threatened: a monster in reach that attacked the character, has not
// attacked yet, or whose last target is out of its reach; not one busy with
// another character in its reach.
func TestThreatened(t *testing.T) {
	k, _, _ := testKernel(t, `system: locus
scene: {distance: 0}
party:
  - {name: Ada, character: reference, strategy: test-idle}
  - {name: Bram, character: reference, strategy: test-idle, distance: 2}
  - {name: Cy, character: reference, strategy: test-idle, distance: 9}
foes:
  - {monster: faced-flock, strategy: test-idle}
`, 42)
	for _, c := range []struct {
		last          int // last target + 1
		adaGone       bool
		ada, bram, cy bool
	}{
		{0, false, true, true, false},  // no attack yet: anyone in reach
		{1, false, true, false, false}, // busy with Ada
		{2, false, false, true, false}, // busy with Bram
		{1, true, false, true, false},  // Ada has run: Bram is next
	} {
		t.Run(fmt.Sprintf("last%d/adaGone=%v", c.last, c.adaGone), func(t *testing.T) {
			k.mo[0].last = uint8(c.last)
			k.ch[0].pos = 0
			if c.adaGone {
				k.ch[0].pos = 20
			}
			got := [3]bool{k.threatened(0), k.threatened(1), k.threatened(2)}
			if got != [3]bool{c.ada, c.bram, c.cy} {
				t.Errorf("last target %d, Ada gone %v: threatened %v, want %v", c.last, c.adaGone, got, [3]bool{c.ada, c.bram, c.cy})
			}
		})
	}
}

// TestContestSegs checks the expected segments losing weighs against
// their readings: on a character and on a monster under L-7 "segments"
// Minor 1, Major 3, Grievous 9; under "hits" one a hit, the chance of a
// hit; under "no-grievous" a Grievous counts as a Major.
func TestContestSegs(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for b := -maxBonus; b <= maxBonus; b++ {
				p, e := ExactContest(att, def, max(b, 0), max(-b, 0)), segsAt(att, def, b)
				full := p[Minor] + 3*p[Major] + 9*p[Grievous]
				want := [4]float64{full, full, 1 - p[Miss], p[Minor] + 3*p[Major] + 3*p[Grievous]}
				for r := range want {
					if !near(e[r], want[r]) {
						t.Errorf("att %d def %d bonus %d: reading %d %.6f, want %.6f", att, def, b, r, e[r], want[r])
					}
				}
			}
		}
	}
	if segsAt(9, -2, 7) != segsAt(5, 1, maxBonus) {
		t.Errorf("segsAt does not clamp to the table")
	}
}

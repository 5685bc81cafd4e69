package catchthedevilstrat_test

import (
	"slices"
	"strings"
	"testing"
)

// An accountant with fists alone against a riot cop, whose armor takes
// every blow it can deal: strong play gets out in the first round of most
// encounters, where a swing at the cop costs as much as an attempt to get
// away and never ends the fight.
func TestStrongFleesWhatItCannotHurt(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Acc, character: accountant, strategy: strong}\nfoes:\n  - {npc: riot-cop}\n")
	fled, attacked := 0, 0
	const n = 20
	for k := uint64(0); k < n; k++ {
		switch got := firstRoll(replay(m, k), "Acc"); {
		case got == "get away":
			fled++
		case strings.HasPrefix(got, "attack"):
			attacked++
		}
	}
	if fled < n*3/4 || attacked > n/10 {
		t.Errorf("strong play's first roll against the riot cop: %d of %d get away, %d attack", fled, n, attacked)
	}
}

// Strong play is a strategy like any other: encounter k plays the same,
// searched decision by searched decision, whenever it is played.
func TestStrongDeterministic(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Ada, character: police-officer, strategy: strong}\n  - {name: Bo, character: nurse, strategy: strong}\nfoes:\n  - {npc: thug, count: 2, strategy: strong}\n")
	for k := uint64(0); k < 5; k++ {
		a, b := replay(m, k), replay(m, k)
		if !slices.Equal(a, b) {
			t.Fatalf("encounter %d plays two ways", k)
		}
		searched := 0
		for _, e := range a {
			if strings.HasPrefix(e.Text, "strong play: ") {
				searched++
			}
		}
		if searched == 0 {
			t.Fatalf("encounter %d: no searched decision narrated", k)
		}
	}
}

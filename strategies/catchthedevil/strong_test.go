package catchthedevilstrat_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/systems"
	ctd "github.com/tpk-sim/tpk/systems/catchthedevil"
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

// The harsher GM (the strategy with the harsh role) leaves more PCs dying
// or dead than the default's random choice. At the Grey Man's
// congregation focus, which goes for the fewest unwounded moves, was less
// deadly than the default: the worst hurt get out, and the rest are
// spared.
func TestHarsherGMIsDeadlier(t *testing.T) {
	harsh := ""
	for _, st := range ctd.Policies.Foes.Strategies() {
		if st.Role == systems.RoleHarsh {
			harsh = st.Name
		}
	}
	if harsh == "" {
		t.Fatal("no foe strategy has the harsh role")
	}
	data, err := examples.FS.ReadFile("catchthedevil/grey-man.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.NewReplacer("foes: focus}", "foes: FOES}", ", strategy: protect", "").Replace(string(data))
	const n = 4000
	def := rate(build(t, strings.ReplaceAll(src, "FOES", "default")), "deaths", n)
	hard := rate(build(t, strings.ReplaceAll(src, "FOES", harsh)), "deaths", n)
	// deaths is at most 4 a fight: its standard deviation is under 2.
	if se := 2 / math.Sqrt(n); hard < def+3*se {
		t.Errorf("the Grey Man's congregation: %.3f deaths a fight against %s, %.3f against the default", hard, harsh, def)
	}
}

// prey goes for the PC its blow is likeliest to wound: the accountant
// (Tough 0, no armor) rather than the police officer (Tough +1, armor).
func TestPreyGoesForTheWeakest(t *testing.T) {
	m := build(t, head+"party:\n  - {name: Ada, character: police-officer}\n  - {name: Acc, character: accountant}\nfoes:\n  - {npc: thug, count: 2, strategy: prey}\n")
	for k := uint64(0); k < 20; k++ {
		for _, e := range replay(m, k) {
			if e.Round == 1 && strings.HasPrefix(e.Text, "goes for ") && e.Text != "goes for Acc" {
				t.Errorf("encounter %d: %s %s", k, e.Actor, e.Text)
			}
		}
	}
}

package demoncity

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// fourVsOne is four people against one horror, the shape of the benchmark.
func fourVsOne(t testing.TB, ru Rules, pp, fp Policy) *model {
	h := Sheet{Name: "Horror", Horror: true, Calm: 9, Agility: 7, Toughness: 4, Weapon: weapons.Must("tendrils"),
		CalmCheck: 8, Cards: mustCards("the-star")}
	party := []Sheet{person("A", 2, 2), person("B", 2, 3), person("C", 2, 4), person("D", 3, 1)}
	return testModel(t, ru, party, []Sheet{h}, pp, fp)
}

// TestInvariants: over many encounters of several shapes, every record is
// consistent: outcomes exclusive where they must be, rounds in range,
// deaths only where an option allows them.
func TestInvariants(t *testing.T) {
	for _, ru := range []Rules{OptionTable.Defaults(), rulesOf(t, "DC-4", "three-failures", "DC-5", "coup-de-grace")} {
		m := fourVsOne(t, ru, nil, nil)
		k := m.newKernel()
		rec := sim.NewRecord(m.schema)
		var r sim.Rand
		nm := len(m.schema.CombatantMetrics)
		for i := uint64(0); i < 3000; i++ {
			r.Seed(3, i)
			rec.Reset()
			k.Play(&r, rec, nil)
			v := rec.Values
			if v[sim.Rounds] < 1 || int(v[sim.Rounds]) > m.maxRounds {
				t.Fatalf("rounds %d", v[sim.Rounds])
			}
			if v[sim.Stalemate] == 1 && (v[sim.Victory] == 1 || v[sim.Defeat] == 1 || v[mEscape] == 1) {
				t.Fatalf("stalemate with an outcome: %v", v)
			}
			if v[sim.Stalemate] == 0 && v[sim.Victory]+v[sim.Defeat]+v[mEscape] == 0 {
				t.Fatalf("no outcome and no stalemate: %v", v)
			}
			deaths := int32(0)
			for c := 0; c < m.nParty; c++ {
				deaths += rec.PerCombatant[c*nm+cDeath]
			}
			if deaths != v[sim.Deaths] || (deaths > 0) != (v[sim.AnyDeath] == 1) {
				t.Fatalf("deaths %d vs %v", deaths, v)
			}
			if ru == OptionTable.Defaults() && deaths > 0 {
				t.Fatal("a death under DC-4 none")
			}
			if v[mClashTies]+v[mClashWins] > v[mClashes] {
				t.Fatalf("clash counts %v", v)
			}
			if v[mRecoveries] > v[mRecoveryThrows] {
				t.Fatalf("recoveries %d > throws %d", v[mRecoveries], v[mRecoveryThrows])
			}
		}
	}
}

// TestNarration: a replayed encounter narrates the order, the cards of each
// clash and the end.
func TestNarration(t *testing.T) {
	m := fourVsOne(t, OptionTable.Defaults(), nil, nil)
	tr := &sim.Trace{}
	m.newKernel().Play(sim.NewRand(1, 0), sim.NewRecord(m.schema), tr)
	var b strings.Builder
	if err := tr.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"announcing order, slowest first", "clash:", "card(s)", "the fight is over"} {
		if !strings.Contains(out, want) && !(want == "the fight is over" && strings.Contains(out, "the round cap is reached")) {
			t.Errorf("narration lacks %q:\n%s", want, out)
		}
	}
}

// TestExamplesOfTheText checks rules the source states outright, on staged
// clashes.
func TestExamplesOfTheText(t *testing.T) {
	// Ann dodges Bill with the highest card of all; Cassie shoots Bill, who
	// is busy attacking Ann: the PCs' side wins and Cassie's shot lands if
	// it beats Bill's Agility (4), even though her card is not the highest.
	ann, cassie := person("Ann", 3, 3), person("Cassie", 3, 3)
	cassie.Weapon = weapons.Must("pistol")
	bill := person("Bill", 4, 3)
	k := newKernel(t, OptionTable.Defaults(), []Sheet{ann, cassie}, []Sheet{bill})
	stage(k, act{2, AttackOn(0), 6}, act{0, DefendAgainst(2), 9}, act{1, AttackOn(2), 5})
	resolve(k)
	if k.st[2].hitsTaken != 1 {
		t.Error("Cassie's 5 against Bill's Agility 4 did not land")
	}
	if !k.st[0].repoNext {
		t.Error("Ann's successful dodge gives no reposition")
	}
	// If Ann kicks Bill instead and out-throws Cassie, only Ann's kick can
	// land, even though Cassie beat Bill's Agility.
	k = newKernel(t, OptionTable.Defaults(), []Sheet{ann, cassie}, []Sheet{bill})
	stage(k, act{2, AttackOn(0), 6}, act{0, AttackOn(2), 9}, act{1, AttackOn(2), 5})
	resolve(k)
	if k.hits != 1 || k.st[2].hitsTaken != 1 {
		t.Errorf("hits %d", k.hits)
	}
	// A tie for first between the sides: nothing happens.
	k = newKernel(t, OptionTable.Defaults(), []Sheet{ann}, []Sheet{bill})
	stage(k, act{1, AttackOn(0), 7}, act{0, AttackOn(1), 7})
	resolve(k)
	if k.hits != 0 || k.ties != 1 {
		t.Errorf("tie: hits %d ties %d", k.hits, k.ties)
	}
	// The Fool as the highest card fails the action even on the winning
	// side: Ann defends with a 9, Cassie's attack is The Fool.
	k = newKernel(t, OptionTable.Defaults(), []Sheet{ann, cassie}, []Sheet{bill})
	stage(k, act{2, AttackOn(0), 6}, act{0, DefendAgainst(2), 9}, act{1, AttackOn(2), 0})
	resolve(k)
	if k.hits != 0 || k.fumbles != 1 {
		t.Errorf("fumble: hits %d fumbles %d", k.hits, k.fumbles)
	}
	// Higher stat, distraction, defense and weapon throws (section 1.5):
	// a knife-fighter (Hand-to-Hand 4) attacks Bill, who attacks Ann.
	knife := person("Kit", 3, 2)
	knife.HandToHand = 4
	knife.Weapon = weapons.Must("knife")
	k = newKernel(t, OptionTable.Defaults(), []Sheet{ann, knife}, []Sheet{bill})
	stage(k, act{2, AttackOn(0), 5}, act{1, AttackOn(2), 5}, act{0, DefendAgainst(2), 5})
	tk, _ := k.tally(1)
	if tk.Gains != 1 { // Hand-to-Hand 4 vs Bill's Agility 4: no; distraction: yes
		t.Errorf("Kit's extra throws %d, want 1", tk.Gains)
	}
	ta, _ := k.tally(0)
	if ta.Gains != 1 { // defense; equal stats (3 vs 3) give nobody the throw
		t.Errorf("Ann's extra throws %d, want 1", ta.Gains)
	}
}

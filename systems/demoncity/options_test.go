package demoncity

import (
	"math"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// Each test here shows that one option DC-x changes what it should. Most
// stage a round by hand: the actions and the cards are set, then the clash
// is built and resolved by the kernel's own code.

// act is one staged announcement with the result of its throw.
type act struct {
	i int
	a Action
	v int
}

// stage sets up a round: the given announcements, in order, all contested,
// each with a throw worth v (a plain card of that value).
func stage(k *kernel, acts ...act) {
	k.round = 1
	k.nAnn = 0
	k.atkMask = [MaxCombatants]uint16{}
	for i := 0; i < k.m.n; i++ {
		s := &k.st[i]
		s.act, s.announced, s.contested, s.ok, s.crit = PassTurn(), false, false, false, false
		s.res, s.nCards, s.n = Result{V: -1}, 0, 0
	}
	for _, x := range acts {
		s := &k.st[x.i]
		s.act, s.announced, s.contested = x.a, true, true
		s.res = Result{V: x.v, Card: uint8(min(max(x.v, 0), 10)), Fumble: x.v == 0}
		s.nCards, s.n = 1, 1
		k.ann[k.nAnn] = int8(x.i)
		k.nAnn++
		if x.a.Kind == Attack {
			k.atkMask[x.a.Target] |= 1 << x.i
		}
	}
}

// resolve builds and resolves the staged clashes.
func resolve(k *kernel) {
	k.buildClashes()
	for c := 0; c < k.nClash; c++ {
		k.resolveClash(c)
	}
}

func newKernel(t testing.TB, ru Rules, party, foes []Sheet) *kernel {
	t.Helper()
	ru.DC16 = DC16Off
	k := testModel(t, ru, party, foes, nil, nil).newKernel()
	k.reset(sim.NewRand(1, 0), nil)
	return k
}

// The options are listed DC-1..DC-26 in order, each with its default
// first, and a word sets the reading of the same name.
func TestOptionsListedInOrder(t *testing.T) {
	for i, o := range OptionTable.Options() {
		if want := "DC-" + itoa(i+1); o.ID != want {
			t.Errorf("spec %d is %s, want %s", i, o.ID, want)
		}
		if o.Default != o.Values[0] {
			t.Errorf("%s default %q is not its first value", o.ID, o.Default)
		}
	}
	if n := len(OptionTable.Options()); n != 26 {
		t.Errorf("%d options, want DC-1..DC-26", n)
	}
	for _, c := range []struct {
		id, v string
		set   func(Rules) bool
	}{
		{"DC-1", "fixed-1", func(r Rules) bool { return r.DC1 == DC1Fixed1 }},
		{"DC-2", "after-2-rounds", func(r Rules) bool { return r.DC2 == DC2After2Rounds }},
		{"DC-2", "attack-stat", func(r Rules) bool { return r.DC2 == DC2AttackStat }},
		{"DC-4", "bleed", func(r Rules) bool { return r.DC4 == DC4Bleed }},
		{"DC-5", "normal", func(r Rules) bool { return r.DC5 == DC5Normal }},
		{"DC-11", "hazard", func(r Rules) bool { return r.DC11 == DC11Hazard }},
		{"DC-13", "infinite", func(r Rules) bool { return r.DC13 == DC13Infinite }},
		{"DC-15", "fumble-loses-round", func(r Rules) bool { return r.DC15 == DC15FumbleLosesRound }},
		{"DC-16", "repeat", func(r Rules) bool { return r.DC16 == DC16Repeat }},
		{"DC-17", "subtract", func(r Rules) bool { return r.DC17 == DC17Subtract }},
		{"DC-18", "legacy", func(r Rules) bool { return r.DC18 == DC18Legacy }},
		{"DC-23", "free-form", func(r Rules) bool { return r.DC23 == DC23FreeForm }},
		{"DC-24", "first-knockdown", func(r Rules) bool { return r.DC24 == DC24FirstKnockdown }},
		{"DC-25", "guard", func(r Rules) bool { return r.DC25 == DC25Guard }},
		{"DC-26", "ignore", func(r Rules) bool { return r.DC26 == DC26Ignore }},
	} {
		t.Run(c.id+"="+c.v, func(t *testing.T) {
			if !c.set(rulesOf(t, c.id, c.v)) {
				t.Errorf("%s %s does not set its reading", c.id, c.v)
			}
		})
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// DC-1: the damage rule.
func TestDC1Damage(t *testing.T) {
	const n = 20000
	meanDamage := func(ru Rules, T int) (float64, bool) {
		k := newKernel(t, ru, []Sheet{person("A", 3, 3)}, []Sheet{person("B", 3, T)})
		sum, knocked := 0, false
		for range n {
			k.reset(sim.NewRand(uint64(sum), 1), nil)
			d, kn := k.damage(0, 1)
			sum += d
			knocked = knocked || kn
		}
		return float64(sum) / n, knocked
	}
	lowest, _ := meanDamage(OptionTable.Defaults(), 8)
	capped, _ := meanDamage(rulesOf(t, "DC-1", "cap-5"), 8)
	if !(capped > lowest+0.3) {
		t.Errorf("T=8: cap-5 mean %.3f should exceed lowest-of-T %.3f (5 cards instead of 8)", capped, lowest)
	}
	// The exact mean for the Players' Deck (8 cards without replacement).
	pmf := DamageExact(8, false)
	e := 0.0
	for x := 1; x <= 10; x++ {
		e += float64(x) * ratF(pmf[x])
	}
	if math.Abs(lowest-e) > 0.03 {
		t.Errorf("T=8 mean damage %.3f, exact %.3f", lowest, e)
	}
	if d, kn := meanDamage(rulesOf(t, "DC-1", "fixed-1"), 5); d != 1 || kn {
		t.Errorf("fixed-1: mean %v knocked %v", d, kn)
	}
	if _, kn := meanDamage(rulesOf(t, "DC-1", "any-hit-down"), 9); !kn {
		t.Error("any-hit-down: a hit on Toughness 9 does not knock down")
	}
	if _, kn := meanDamage(OptionTable.Defaults(), 0); !kn {
		t.Error("Base Toughness 0: a hit is not the Injured box")
	}
}

// DC-2: the Intensity of the recovery throw, and automatic recovery.
func TestDC2Recovery(t *testing.T) {
	foe := person("Brute", 3, 3)
	foe.HandToHand = 7
	foe.Weapon = weapons.Must("shotgun") // massive; a firearm: attack stat = Agility or Firearms
	foe.Firearms = 6
	cases := map[string]int{"stat-or-class": 7, "attack-stat": 6, "card": 8, "damage-class": 7, "damage": 3}
	for v, want := range cases {
		k := newKernel(t, rulesOf(t, "DC-2", v), []Sheet{person("A", 3, 3)}, []Sheet{foe})
		k.st[1].res.V = 8
		k.knockDown(0, 1, 3, "")
		if k.st[0].recInt != want {
			t.Errorf("DC-2 %s: Intensity %d, want %d", v, k.st[0].recInt, want)
		}
	}
	// Clamped to 1..9.
	k := newKernel(t, rulesOf(t, "DC-2", "card"), []Sheet{person("A", 3, 3)}, []Sheet{foe})
	k.st[1].res.V = 17
	k.knockDown(0, 1, 0, "")
	if k.st[0].recInt != 9 {
		t.Errorf("card 17: Intensity %d, want 9", k.st[0].recInt)
	}
	// after-2-rounds: no throw; up at the second announce step.
	k = newKernel(t, rulesOf(t, "DC-2", "after-2-rounds"), []Sheet{person("A", 3, 3)}, []Sheet{foe})
	k.knockDown(0, 1, 3, "")
	if k.recover(0) {
		t.Error("after-2-rounds: up after one round")
	}
	if !k.recover(0) {
		t.Error("after-2-rounds: still down after two rounds")
	}
	if k.recThrows != 0 {
		t.Errorf("after-2-rounds threw %d recovery throws", k.recThrows)
	}
}

// DC-3: Toughness after getting up and the lost throw for injury.
func TestDC3AfterGettingUp(t *testing.T) {
	for v, want := range map[string]struct {
		curT    int
		injured bool
	}{"clamp": {0, true}, "keep": {-3, true}, "one": {1, false}} {
		k := newKernel(t, rulesOf(t, "DC-3", v), []Sheet{person("A", 3, 3)}, []Sheet{person("B", 3, 3)})
		s := &k.st[0]
		s.state, s.curT, s.wasNegative, s.recInt = down, -3, true, 0 // Intensity 0: up without a throw
		if !k.recover(0) {
			t.Fatalf("%s: did not get up", v)
		}
		if s.curT != want.curT || s.injured != want.injured {
			t.Errorf("DC-3 %s: Toughness %d injured %v, want %d %v", v, s.curT, s.injured, want.curT, want.injured)
		}
		// The injury costs a throw in the Action Round.
		stage(k, act{0, AttackOn(1), 5})
		tl, _ := k.tally(0)
		if (tl.Lost == 1) != want.injured {
			t.Errorf("DC-3 %s: lost throws %d", v, tl.Lost)
		}
	}
	// Knocked exactly to 0, or a Base Toughness 0 Injured box: no lost throw.
	k := newKernel(t, OptionTable.Defaults(), []Sheet{person("A", 3, 0)}, []Sheet{person("B", 3, 3)})
	k.st[1].act = AttackOn(0)
	k.land(1)
	if k.st[0].state != down || k.st[0].wasNegative {
		t.Fatalf("Toughness 0 hit: state %v wasNegative %v", k.st[0].state, k.st[0].wasNegative)
	}
	k.st[0].recInt = 0
	k.recover(0)
	if k.st[0].injured {
		t.Error("Base Toughness 0: injured after getting up")
	}
}

// DC-4: death.
func TestDC4Death(t *testing.T) {
	fail := func(k *kernel, times int) {
		for range times {
			k.st[0].recInt = 10 // only a card above 10 would do
			k.recover(0)
		}
	}
	down0 := func(v string) *kernel {
		k := newKernel(t, rulesOf(t, "DC-4", v), []Sheet{person("A", 3, 2)}, []Sheet{person("B", 3, 3)})
		k.st[0].state, k.st[0].curT = down, -1
		return k
	}
	k := down0("none")
	fail(k, 20)
	if k.st[0].state != down {
		t.Errorf("none: %v after 20 failed recoveries", conditionNames[k.st[0].state])
	}
	k = down0("three-failures")
	fail(k, 2)
	if k.st[0].state != down {
		t.Error("three-failures: dead after 2")
	}
	fail(k, 1)
	if k.st[0].state != dead {
		t.Error("three-failures: alive after 3")
	}
	k = down0("bleed") // Toughness 2, at -1: -2 is -base: dead at the first failure
	fail(k, 1)
	if k.st[0].state != dead || k.st[0].curT != -2 {
		t.Errorf("bleed: %v at %d", conditionNames[k.st[0].state], k.st[0].curT)
	}
	for _, v := range []string{"none", "hit-while-down"} {
		k = newKernel(t, rulesOf(t, "DC-4", v, "DC-5", "normal"), []Sheet{person("A", 3, 2)}, []Sheet{person("B", 3, 3)})
		k.st[0].state, k.st[0].curT = down, -1
		k.st[1].act = AttackOn(0)
		k.land(1)
		if got := k.st[0].state == dead; got != (v == "hit-while-down") {
			t.Errorf("%s: dead %v after a hit while down", v, got)
		}
	}
}

// DC-5: attacks on the downed.
func TestDC5Downed(t *testing.T) {
	for _, v := range []string{"ignore", "coup-de-grace", "normal"} {
		k := newKernel(t, rulesOf(t, "DC-5", v, "DC-26", "ignore"), []Sheet{person("A", 6, 2)}, []Sheet{person("B", 3, 3)})
		k.st[0].state, k.st[0].curT = down, -1
		if got, want := k.canTarget(1, 0), v != "ignore"; got != want {
			t.Errorf("%s: canTarget %v", v, got)
		}
		// Success threshold: any card of 1 or more, or (normal) beat Agility 6.
		stage(k, act{1, AttackOn(0), 3})
		if got, want := k.succeeds(1), v != "normal"; got != want {
			t.Errorf("%s: a 3 against a downed Agility 6 succeeds %v", v, got)
		}
		k.land(1)
		if got, want := k.st[0].state == dead, v == "coup-de-grace"; got != want {
			t.Errorf("%s: dead %v after a landed attack while down", v, got)
		}
	}
}

// twoFoes is a staged fight: PCs 0..2 against foes 3 (Agility 8) and 4
// (Agility 2), both attacking PC 1.
func twoFoes(t *testing.T, ru Rules) *kernel {
	return newKernel(t, ru, []Sheet{person("P0", 3, 3), person("P1", 3, 3), person("P2", 3, 3)},
		[]Sheet{person("Quick", 8, 3), person("Slow", 2, 3)})
}

// DC-6: strict or highest successful attack.
func TestDC6WhichAttackLands(t *testing.T) {
	for _, v := range []string{"strict", "highest-successful"} {
		k := twoFoes(t, rulesOf(t, "DC-6", v))
		// P1 dodges Quick (9: the party wins); P0's 7 at Quick (Agility 8)
		// fails; P2's 5 at Slow (Agility 2) would succeed.
		stage(k, act{3, AttackOn(1), 4}, act{4, AttackOn(1), 3},
			act{0, AttackOn(3), 7}, act{1, DefendAgainst(3), 9}, act{2, AttackOn(4), 5})
		resolve(k)
		if k.nClash != 1 {
			t.Fatalf("%d clashes, want 1", k.nClash)
		}
		landed := k.st[4].hitsTaken == 1
		if landed != (v == "highest-successful") || k.st[3].hitsTaken != 0 {
			t.Errorf("%s: P2's attack landed %v (wasted %d)", v, landed, k.wasted)
		}
	}
}

// DC-7: an attack on a target that does not oppose it.
func TestDC7Threshold(t *testing.T) {
	for _, v := range []string{"stat", "card"} {
		k := twoFoes(t, rulesOf(t, "DC-7", v))
		// Slow attacks P1 with a 1; P0 attacks Slow with a 2.
		stage(k, act{4, AttackOn(1), 1}, act{0, AttackOn(4), 2})
		// Against the stat (Agility 2) a 2 fails; against Slow's card (1) it succeeds.
		if got := k.succeeds(0); got != (v == "card") {
			t.Errorf("%s: a 2 against Agility 2 / card 1 succeeds %v", v, got)
		}
	}
}

// DC-8: a dodge's scope.
func TestDC8DodgeScope(t *testing.T) {
	for _, v := range []string{"all", "named"} {
		k := twoFoes(t, rulesOf(t, "DC-8", v))
		// P1 dodges Quick; Slow attacks P1 too.
		stage(k, act{3, AttackOn(1), 5}, act{4, AttackOn(1), 5}, act{1, DefendAgainst(3), 6})
		opp := k.opposes(1, 4)
		tl, _ := k.tally(4)
		if opp != (v == "all") {
			t.Errorf("%s: P1's dodge opposes Slow: %v", v, opp)
		}
		// Slow (Toughness 3 = P1's Agility 3: no higher stat) gets the
		// Distraction throw only when the dodge is not against it.
		if want := map[string]int{"all": 0, "named": 1}[v]; tl.Gains != want {
			t.Errorf("%s: Slow's extra throws %d, want %d", v, tl.Gains, want)
		}
		// Slow's 5 against P1: under all it must beat P1's card (6); under
		// named, P1's resist stat (3).
		if got := k.succeeds(4); got != (v == "named") {
			t.Errorf("%s: Slow's 5 succeeds %v", v, got)
		}
	}
}

// DC-9: the weapon throw against a target who is not fighting back.
func TestDC9WeaponThrow(t *testing.T) {
	for _, v := range []string{"opposing", "always"} {
		a := person("Swordsman", 3, 3)
		a.Weapon = weapons.Must("sword")
		k := newKernel(t, rulesOf(t, "DC-9", v), []Sheet{a, person("P1", 3, 3)}, []Sheet{person("Foe", 3, 3)})
		stage(k, act{2, AttackOn(1), 5}, act{0, AttackOn(2), 5})
		tl, _ := k.tally(0)
		// Distraction always; the weapon (sword 3 vs bare hands 1 at close)
		// only under "always", since the foe is not fighting the swordsman.
		if want := map[string]int{"opposing": 1, "always": 2}[v]; tl.Gains != want {
			t.Errorf("%s: gains %d, want %d", v, tl.Gains, want)
		}
	}
}

// DC-10: when an unopposed flight resolves.
func TestDC10Uncontested(t *testing.T) {
	runner := person("Runner", 1, 3) // slowest: announces first
	fast := person("Fast", 9, 3)
	flee := script(func(v *View, self int) Action { return FleeAway() })
	for _, v := range []string{"after-announcements", "immediate"} {
		m := testModel(t, rulesOf(t, "DC-10", v, "DC-16", "off"), []Sheet{runner}, []Sheet{fast}, flee, attackFirst)
		k := m.newKernel()
		k.reset(sim.NewRand(3, 0), nil)
		k.round = 1
		k.actionRound()
		// Immediately: the flight happened before the foe announced its
		// attack, so the runner threw no cards in the clash.
		if got := k.st[0].contested; got != (v == "after-announcements") {
			t.Errorf("%s: the flight is in the clash: %v", v, got)
		}
		if v == "immediate" && k.st[0].escape == 0 && k.st[0].state != fled {
			t.Errorf("immediate: no escape step taken")
		}
	}
}

// DC-11: a tie between the sides.
func TestDC11Tie(t *testing.T) {
	for _, v := range []string{"nothing", "extra-throw", "hazard"} {
		bonus, loss := 0, 0
		for seed := range uint64(200) {
			k := newKernel(t, rulesOf(t, "DC-11", v), []Sheet{person("A", 0, 3)}, []Sheet{person("B", 0, 3)})
			k.reset(sim.NewRand(seed, 0), nil)
			stage(k, act{0, AttackOn(1), 6}, act{1, AttackOn(0), 6})
			resolve(k)
			if k.ties != 1 || k.hits != 0 {
				t.Fatalf("%s: ties %d hits %d", v, k.ties, k.hits)
			}
			bonus += k.st[0].bonusNext + k.st[1].bonusNext
			loss += k.st[0].lossNext + k.st[1].lossNext
		}
		switch v {
		case "nothing":
			if bonus+loss != 0 {
				t.Errorf("nothing: bonus %d loss %d", bonus, loss)
			}
		case "extra-throw":
			if bonus != 200 || loss != 0 {
				t.Errorf("extra-throw: bonus %d (want one side's member each time) loss %d", bonus, loss)
			}
		case "hazard":
			// Agility 0 against 4: one card must beat 4, 18/31 of the time.
			if bonus != 0 || loss < 100 || loss > 250 {
				t.Errorf("hazard: bonus %d loss %d of 400 throws", bonus, loss)
			}
		}
	}
}

// DC-12: equal top cards inside the winning side.
func TestDC12SideTie(t *testing.T) {
	for _, v := range []string{"policy", "random"} {
		landed := 0
		for seed := range uint64(400) {
			k := twoFoes(t, rulesOf(t, "DC-12", v))
			k.reset(sim.NewRand(seed, 0), nil)
			// P0 and P2 both throw 7: P0's target Quick (Agility 8) resists,
			// P2's target Slow (Agility 2) does not.
			stage(k, act{3, AttackOn(1), 4}, act{4, AttackOn(1), 3},
				act{0, AttackOn(3), 7}, act{1, DefendAgainst(3), 9}, act{2, AttackOn(4), 7})
			resolve(k)
			landed += k.hits
		}
		switch v {
		case "policy":
			if landed != 400 {
				t.Errorf("policy: the side picked the landing attack %d of 400 times", landed)
			}
		case "random":
			if landed < 140 || landed > 260 {
				t.Errorf("random: landed %d of 400 (expected about half)", landed)
			}
		}
	}
}

// DC-13: the decks.
func TestDC13Decks(t *testing.T) {
	party := []Sheet{person("A", 2, 3), person("B", 2, 3), person("C", 2, 3), person("D", 2, 3)}
	foes := []Sheet{{Name: "H", Horror: true, Agility: 5, Toughness: 6, HandToHand: 6, Weapon: weapons.Must("claws")}}
	res := map[string][3]float64{}
	for _, v := range []string{"persistent", "fresh-round", "d10", "infinite"} {
		m := testModel(t, rulesOf(t, "DC-13", v, "DC-16", "off"), party, foes, nil, nil)
		a := play(m, 1, 4000)
		res[v] = [3]float64{metric(t, m, a, "reshuffles_players"), metric(t, m, a, "fumbles"), metric(t, m, a, "rounds")}
	}
	if res["persistent"][0] < 0.5 {
		t.Errorf("persistent: %.2f Players' Deck reshuffles per encounter", res["persistent"][0])
	}
	if res["fresh-round"][0] >= res["persistent"][0]/4 {
		t.Errorf("fresh-round: %.2f reshuffles, persistent %.2f", res["fresh-round"][0], res["persistent"][0])
	}
	if res["d10"][0] != 0 || res["d10"][1] != 0 {
		t.Errorf("d10: reshuffles %.2f fumbles %.2f", res["d10"][0], res["d10"][1])
	}
	if res["infinite"][0] != 0 || res["infinite"][1] == 0 {
		t.Errorf("infinite: reshuffles %.2f fumbles %.2f", res["infinite"][0], res["infinite"][1])
	}
}

// DC-14: court cards.
func TestDC14Courts(t *testing.T) {
	h := Sheet{Name: "Ghost", Horror: true, Agility: 2, Toughness: 4, Weapon: weapons.Must("grasp"),
		Cards: mustCards("king-of-cups", "queen-of-cups")}
	for v, want := range map[string][2]int8{"ten": {10, 10}, "numbered": {14, 13}} {
		m := testModel(t, rulesOf(t, "DC-14", v), []Sheet{person("A", 3, 3)}, []Sheet{h}, nil, nil)
		var got []int8
		for _, id := range m.decks[horrorsDeck] {
			if id >= firstFree {
				got = append(got, m.cards.value[id])
			}
		}
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("%s: court values %v, want %v", v, got, want)
		}
	}
}

// DC-15: criticals and fumbles.
func TestDC15Criticals(t *testing.T) {
	star := Sheet{Name: "Star", Horror: true, Agility: 3, Toughness: 3, HandToHand: 3, Weapon: weapons.Must("claws"),
		Cards: mustCards("the-star")}
	starID := uint8(0)
	for _, v := range []string{"record", "critical-down", "critical-damage", "fumble-loses-round"} {
		k := newKernel(t, rulesOf(t, "DC-15", v), []Sheet{person("A", 3, 9), person("B", 3, 3)}, []Sheet{star})
		for id, n := range k.m.cardNames {
			if n == "the-star" {
				starID = uint8(id)
			}
		}
		stage(k, act{2, AttackOn(0), 5}, act{0, AttackOn(2), 5}, act{1, AttackOn(2), 0})
		k.st[2].res = Result{V: 17, Card: starID}
		resolve(k)
		if k.crits != 1 || k.fumbles != 1 {
			t.Fatalf("%s: crits %d fumbles %d", v, k.crits, k.fumbles)
		}
		// A critical hit on Toughness 9: down at once only under critical-down.
		if got := k.st[0].state == down; got != (v == "critical-down") {
			t.Errorf("%s: a critical hit on Toughness 9 knocks down: %v", v, got)
		}
		if got := k.st[1].skipNext; got != (v == "fumble-loses-round") {
			t.Errorf("%s: the fumbler loses next round: %v", v, got)
		}
	}
	// critical-damage: one card fewer (Toughness 2: one card, mean 5.5;
	// two cards mean 3.85).
	for v, want := range map[string]float64{"record": 3.85, "critical-damage": 5.5} {
		k := newKernel(t, rulesOf(t, "DC-15", v, "DC-13", "d10"), []Sheet{person("A", 3, 2)}, []Sheet{star})
		sum := 0
		const n = 20000
		for range n {
			k.st[1].crit = true
			d, _ := k.damage(1, 0)
			sum += d
		}
		if got := float64(sum) / n; math.Abs(got-want) > 0.1 {
			t.Errorf("%s: mean critical damage %.3f, want %.2f", v, got, want)
		}
	}
}

// DC-16: Calm and Panic.
func TestDC16Calm(t *testing.T) {
	party := []Sheet{person("A", 2, 3), person("B", 2, 3), person("C", 2, 3)}
	horror := Sheet{Name: "Horror", Horror: true, Calm: 8, Agility: 5, Toughness: 5, HandToHand: 6,
		Weapon: weapons.Must("claws"), CalmCheck: 6}
	panics := map[string]float64{}
	for _, v := range []string{"first-sight", "off", "no-action", "repeat"} {
		m := testModel(t, rulesOf(t, "DC-16", v), party, []Sheet{horror}, nil, nil)
		a := play(m, 2, 4000)
		panics[v] = metric(t, m, a, "panics")
	}
	if panics["off"] != 0 || panics["first-sight"] < 1 {
		t.Errorf("panics: off %.3f, first-sight %.3f", panics["off"], panics["first-sight"])
	}
	if !(panics["repeat"] > panics["first-sight"]+0.1) {
		t.Errorf("repeat %.3f should add Calm checks beyond first-sight %.3f", panics["repeat"], panics["first-sight"])
	}
	// Panic restricts actions: first-sight turns an attack into a defence;
	// no-action allows nothing while the Calm throw fails.
	for _, v := range []string{"first-sight", "no-action"} {
		pc := person("A", 2, 3)
		pc.Calm = 0
		h := horror
		h.CalmCheck = 10 // a Calm throw cannot beat 10
		m := testModel(t, rulesOf(t, "DC-16", v), []Sheet{pc}, []Sheet{h}, nil, passAll)
		k := m.newKernel()
		k.reset(sim.NewRand(1, 0), nil)
		if !k.st[0].panic {
			t.Fatalf("%s: no Panic against a Calm check of 10", v)
		}
		k.round = 1
		k.actionRound()
		want := map[string]ActionKind{"first-sight": Defend, "no-action": Pass}[v]
		if k.st[0].act.Kind != want {
			t.Errorf("%s: the panicked PC's action is %v, want %v", v, k.st[0].act.Kind, want)
		}
	}
}

// DC-17: armor.
func TestDC17Armor(t *testing.T) {
	pc := person("A", 3, 3)
	pc.Armor = 2
	mean := map[string]float64{}
	for _, v := range []string{"off", "cards", "subtract"} {
		k := newKernel(t, rulesOf(t, "DC-17", v, "DC-13", "d10"), []Sheet{pc}, []Sheet{person("B", 3, 3)})
		sum, zero := 0, 0
		const n = 20000
		for range n {
			d, _ := k.damage(1, 0)
			sum += d
			if d == 0 {
				zero++
			}
		}
		mean[v] = float64(sum) / n
		if v == "subtract" && zero == 0 {
			t.Error("subtract: never 0 damage")
		}
	}
	// 5(f): 3 cards 3.025, 5 cards 2.208; subtract: E[max(min3 - 2, 0)].
	if math.Abs(mean["off"]-3.025) > 0.08 || math.Abs(mean["cards"]-2.208) > 0.08 || mean["subtract"] > 1.6 {
		t.Errorf("armor: off %.3f cards %.3f subtract %.3f", mean["off"], mean["cards"], mean["subtract"])
	}
}

// DC-18: the 2017 caps.
func TestDC18Caps(t *testing.T) {
	pc := person("A", 9, 9)
	pc.HandToHand = 9
	pc.Advantages = 4
	pc.Weapon = weapons.Must("sword")
	pc.Supernatural = true
	for v, want := range map[string]int{"none": 9, "situational-2": 7, "cards-5": 5, "legacy": 5} {
		k := newKernel(t, rulesOf(t, "DC-18", v, "DC-9", "always"), []Sheet{pc, person("B", 3, 3)}, []Sheet{person("Foe", 1, 1)})
		k.round = 1
		stage(k, act{2, AttackOn(1), 5}, act{0, AttackOn(2), 5})
		tl, _ := k.tally(0)
		n, _, _ := tl.Count(k.m.rules.DC18 == DC18Situational2 || k.m.rules.DC18 == DC18Legacy,
			k.m.rules.DC18 == DC18Cards5 || k.m.rules.DC18 == DC18Legacy)
		// 1 + stat + distraction + weapon + supernatural + 4 situational = 9.
		if n != want {
			t.Errorf("%s: %d cards, want %d", v, n, want)
		}
	}
}

// DC-19: attacks landing per clash.
func TestDC19Landing(t *testing.T) {
	for v, want := range map[string]int{"one": 1, "legacy": 2} {
		k := twoFoes(t, rulesOf(t, "DC-19", v))
		// P0 and P2 both succeed against Slow, who attacks P1.
		stage(k, act{4, AttackOn(1), 1}, act{0, AttackOn(4), 8}, act{2, AttackOn(4), 6})
		resolve(k)
		if k.hits != want {
			t.Errorf("%s: %d attacks landed, want %d", v, k.hits, want)
		}
	}
}

// DC-20: repositioning after a successful defence.
func TestDC20Reposition(t *testing.T) {
	for v, want := range map[string]int{"reposition": 1, "none": 0} {
		k := newKernel(t, rulesOf(t, "DC-20", v), []Sheet{person("A", 3, 3)}, []Sheet{person("B", 3, 3)})
		stage(k, act{1, AttackOn(0), 4}, act{0, DefendAgainst(1), 8})
		resolve(k)
		if !k.st[0].repoNext {
			t.Fatal("a successful dodge does not give a reposition")
		}
		// "If you successfully used an attack or used a defensive action":
		// a landed attack gives it too, a failed one does not.
		stage(k, act{1, AttackOn(0), 4}, act{0, AttackOn(1), 8})
		k.st[0].repoNext, k.st[1].repoNext = false, false
		resolve(k)
		if k.st[1].hitsTaken != 1 || !k.st[0].repoNext || k.st[1].repoNext {
			t.Fatalf("a landed attack: reposition %v for the attacker, %v for its target", k.st[0].repoNext, k.st[1].repoNext)
		}
		k.st[0].repoNow, k.st[0].repoNext = true, false
		stage(k, act{1, AttackOn(0), 4}, act{0, AttackOn(1), 8})
		k.st[0].repoNow = true
		tl, _ := k.tally(0)
		if tl.Situational != want {
			t.Errorf("%s: situational throws next round %d, want %d", v, tl.Situational, want)
		}
		// A fleer with a reposition gets away two steps.
		k.st[0].escape, k.st[0].repoNow = 0, true
		k.escapeStep(0)
		if got := k.st[0].escape; got != 1+want {
			t.Errorf("%s: escape steps %d, want %d", v, got, 1+want)
		}
	}
}

// DC-21: Significators.
func TestDC21Significators(t *testing.T) {
	pc := person("A", 3, 3)
	c := mustCards("the-fool")[0]
	pc.Significator = &c
	pc2 := person("B", 3, 3)
	c2 := mustCards("justice")[0]
	pc2.Significator = &c2
	for _, v := range []string{"none", "on"} {
		m := testModel(t, rulesOf(t, "DC-21", v), []Sheet{pc, pc2}, []Sheet{person("C", 3, 3)}, nil, nil)
		size := len(m.decks[playersDeck])
		want := map[string]int{"none": 31, "on": 32}[v]
		if size != want {
			t.Errorf("%s: Players' Deck %d cards, want %d", v, size, want)
		}
		fool := m.cards.Evaluate([]uint8{foolID}, false, 0)
		if got := fool.V == SignificatorFoolValue && !fool.Fumble; got != (v == "on") {
			t.Errorf("%s: The Fool for its owner: %+v", v, fool)
		}
	}
}

// DC-22: how a melee splits into clashes.
func TestDC22Clashes(t *testing.T) {
	for v, want := range map[string]int{"connected": 2, "single": 1} {
		k := twoFoes(t, rulesOf(t, "DC-22", v))
		// P0 against Quick, P2 against Slow: two separate duels.
		stage(k, act{3, AttackOn(0), 4}, act{0, AttackOn(3), 5}, act{4, AttackOn(2), 4}, act{2, AttackOn(4), 5})
		resolve(k)
		if k.nClash != want {
			t.Errorf("%s: %d clashes, want %d", v, k.nClash, want)
		}
		// Both attacks succeed; in one clash only one lands, in two one each.
		if k.hits != want {
			t.Errorf("%s: %d hits, want %d", v, k.hits, want)
		}
	}
}

// DC-23: disadvantages.
func TestDC23Disadvantages(t *testing.T) {
	pc := person("A", 3, 3)
	pc.Disadvantages = 1
	pc.Advantages = 1 // two throws before the disadvantage
	for v, want := range map[string][2]int{"once": {2, 1}, "free-form": {1, 0}} {
		k := newKernel(t, rulesOf(t, "DC-23", v), []Sheet{pc}, []Sheet{person("Foe", 3, 3)})
		stage(k, act{1, AttackOn(0), 4}, act{0, AttackOn(1), 4})
		mine, _ := k.tally(0)
		theirs, _ := k.tally(1)
		n, _, _ := mine.Count(false, false)
		if n != want[0] || theirs.Situational != want[1] {
			t.Errorf("%s: PC throws %d, foe's situational %d; want %v", v, n, theirs.Situational, want)
		}
	}
}

// DC-4 bleed: "dead at -base Toughness" is a line, not a count of bleeds. A
// hit that takes a character to -base or below kills it there, as the
// bleeding would; before, a nurse (Toughness 2) hit to -4 got up and fought
// on, and died only at her next failed recovery throw.
func TestDC4BleedHitPastTheLineKills(t *testing.T) {
	for _, c := range []struct {
		name     string
		start    int
		wantDead bool
	}{
		{"hit from -1 to -2 (the line)", -1, true},
		{"hit from 0 to -1 (above the line)", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := newKernel(t, rulesOf(t, "DC-4", "bleed", "DC-1", "fixed-1"), []Sheet{person("A", 3, 2)}, []Sheet{person("B", 3, 3)})
			k.st[0].curT = c.start
			k.st[1].act = AttackOn(0)
			k.land(1)
			if got := k.st[0].state == dead; got != c.wantDead {
				t.Errorf("%s: dead %v at Toughness %d, want %v", c.name, got, k.st[0].curT, c.wantDead)
			}
		})
	}
	// Under DC-4 none the same hit only puts the character down.
	k := newKernel(t, rulesOf(t, "DC-1", "fixed-1"), []Sheet{person("A", 3, 2)}, []Sheet{person("B", 3, 3)})
	k.st[0].curT = -1
	k.st[1].act = AttackOn(0)
	k.land(1)
	if k.st[0].state != down {
		t.Errorf("DC-4 none: %v after a hit to -2", conditionNames[k.st[0].state])
	}
}

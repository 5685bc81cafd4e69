package demoncity

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// The Errata (2026-11-24) of the rules spec, one test each.

// optionOf is option id as `tpk systems demoncity` lists it.
func optionOf(t *testing.T, id string) (def string, values []string) {
	t.Helper()
	for _, o := range OptionTable.Options() {
		if o.ID == id {
			return o.Default, o.Values
		}
	}
	t.Fatalf("no option %s", id)
	return "", nil
}

// E-DC5 (and E-DC2 before it): the recovery throw is made against the
// attacker's attack stat, or the damage class (4 standard, 7 massive) when
// that is higher: "the intensity of the attack has an impact on whether
// they get up again ... So the tough guy's punch may keep you down longer".
func TestErrataDC5StatOrClassByDefault(t *testing.T) {
	def, vals := optionOf(t, "DC-2")
	if def != "stat-or-class" || !slices.Contains(vals, "damage-class") || !slices.Contains(vals, "attack-stat") {
		t.Fatalf("DC-2 default %q, values %v: want stat-or-class, damage-class and attack-stat kept", def, vals)
	}
	for _, c := range []struct {
		weapon string
		stat   int
		want   int
	}{
		{"bat", 2, classStandard},    // a weak punch: the class
		{"bat", 6, 6},                // the tough guy's punch: his stat
		{"shotgun", 5, classMassive}, // massive beats a middling stat
		{"shotgun", 8, 8},            // a stat above the massive class
		{"bat", 12, 9},               // clamped to 9
	} {
		t.Run(fmt.Sprintf("%s/stat%d", c.weapon, c.stat), func(t *testing.T) {
			foe := person("Brute", 3, 1)
			foe.HandToHand, foe.Firearms = c.stat, c.stat
			foe.Weapon = weapons.Must(c.weapon)
			k := newKernel(t, OptionTable.Defaults(), []Sheet{person("A", 3, 3)}, []Sheet{foe})
			k.knockDown(0, 1, 3, "")
			if k.st[0].recInt != c.want {
				t.Errorf("%s, attack stat %d: recovery Intensity %d, want %d", c.weapon, c.stat, k.st[0].recInt, c.want)
			}
		})
	}
}

// E-DC1 (DC-24): a fight is over only when, at the start of a round and
// after the downed members' recovery throws, a side still has nobody up.
// A foe who never acts (Base Toughness 0: any hit downs it) is knocked down
// by an attacker who always wins; under after-recovery every one of its
// recovery throws comes at a round's start with no other foe up, so in a
// victory exactly its last throw failed, and it is down at the end.
// Under first-knockdown the fight ends as it drops: it never throws.
func TestErrataDC24FightOverAfterRecovery(t *testing.T) {
	if def, vals := optionOf(t, "DC-24"); def != "after-recovery" || len(vals) != 2 || vals[1] != "first-knockdown" {
		t.Fatalf("DC-24 default %q, values %v", def, vals)
	}
	foe := person("Dummy", 0, 0)
	longer := 0
	for _, v := range []string{"after-recovery", "first-knockdown"} {
		m := testModel(t, rulesOf(t, "DC-24", v, "DC-16", "off"),
			[]Sheet{person("A", 3, 3)}, []Sheet{foe}, nil, passAll)
		k := m.newKernel()
		rec := sim.NewRecord(m.schema)
		nm := len(m.schema.CombatantMetrics)
		victories := 0
		for i := uint64(0); i < 2000; i++ {
			rec.Reset()
			k.Play(sim.NewRand(9, i), rec, nil)
			val := rec.Values
			if val[sim.Victory] == 0 {
				continue
			}
			victories++
			throws, ups := val[mRecoveryThrows], val[mRecoveries]
			if rec.PerCombatant[1*nm+cDownAtEnd] != 1 {
				t.Fatalf("%s: a victory with the foe not down at the end", v)
			}
			switch v {
			case "after-recovery":
				if throws != ups+1 {
					t.Fatalf("%s: victory after %d recovery throws and %d recoveries; want the last throw failed", v, throws, ups)
				}
				if val[sim.Rounds] > 1 {
					longer++
				}
			case "first-knockdown":
				if throws != 0 || val[mFoeKnockdowns] != 1 {
					t.Fatalf("%s: victory after %d recovery throws and %d knock-downs", v, throws, val[mFoeKnockdowns])
				}
			}
		}
		if victories < 1900 {
			t.Errorf("%s: %d victories of 2000", v, victories)
		}
	}
	if longer == 0 {
		t.Error("after-recovery: the foe never got up again")
	}
	// The replay says why the foe throws before anyone announces.
	m := testModel(t, rulesOf(t, "DC-16", "off"), []Sheet{person("A", 3, 3)}, []Sheet{foe}, nil, passAll)
	tr := &sim.Trace{}
	m.newKernel().Play(sim.NewRand(9, 0), sim.NewRecord(m.schema), tr)
	var b strings.Builder
	if err := tr.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "none of the foes is up: the downed throw to get up before anyone announces (DC-24)") {
		t.Errorf("the replay does not say why the foe throws first:\n%s", b.String())
	}
}

// E-DC3 (DC-25): "Dodging or blocking an enemy's attack gives you a throw":
// under target-only a defence counts (joins the clash with its cards) only
// when an attack in the round is aimed at the defender; under guard a
// defence against a foe who attacks someone else still adds a card.
func TestErrataDC25WhoMayDefend(t *testing.T) {
	if def, vals := optionOf(t, "DC-25"); def != "target-only" || len(vals) != 2 || vals[1] != "guard" {
		t.Fatalf("DC-25 default %q, values %v", def, vals)
	}
	// P0 attacks the foe; P1 defends against the foe; the foe (announcing
	// last) attacks P0 or P1.
	party := script(func(v *View, self int) Action {
		if self == 0 {
			return AttackOn(2)
		}
		return DefendAgainst(2)
	})
	for _, c := range []struct {
		rule   string
		victim int
		counts bool
	}{
		{"target-only", 0, false}, {"target-only", 1, true},
		{"guard", 0, true}, {"guard", 1, true},
	} {
		t.Run(fmt.Sprintf("%s/victim%d", c.rule, c.victim), func(t *testing.T) {
			foe := script(func(v *View, self int) Action { return AttackOn(c.victim) })
			m := testModel(t, rulesOf(t, "DC-25", c.rule, "DC-16", "off"),
				[]Sheet{person("P0", 2, 3), person("P1", 2, 3)}, []Sheet{person("F", 5, 3)}, party, foe)
			k := m.newKernel()
			k.reset(sim.NewRand(4, 0), nil)
			k.round = 1
			k.actionRound()
			s := &k.st[1]
			if s.contested != c.counts || (s.nCards > 0) != c.counts {
				t.Errorf("%s, foe attacks P%d: P1's defence contested %v with %d cards, want %v",
					c.rule, c.victim, s.contested, s.nCards, c.counts)
			}
		})
	}
}

// E-DC4: the damage narration shows the cards thrown, so that a GM can
// check each damage throw: the damage is the lowest card worth 1..10 of
// those listed (cards outside 1..10 are set aside, C10), and there are as
// many of those as the target's Base Toughness (plus armor under DC-17
// "cards").
func TestErrataDamageNarrationShowsCards(t *testing.T) {
	line := regexp.MustCompile(`^takes (\d+) damage \(lowest of (\d+) (cards?|d10): (.*)\): Toughness`)
	for _, ru := range []Rules{OptionTable.Defaults(), rulesOf(t, "DC-13", "d10"), rulesOf(t, "DC-13", "infinite")} {
		m := fourVsOne(t, ru, nil, nil)
		seen := 0
		for i := uint64(0); i < 40; i++ {
			tr := &sim.Trace{}
			a, b := sim.NewRecord(m.schema), sim.NewRecord(m.schema)
			m.newKernel().Play(sim.NewRand(2, i), a, tr)
			m.newKernel().Play(sim.NewRand(2, i), b, nil)
			if !slices.Equal(a.Values, b.Values) || !slices.Equal(a.PerCombatant, b.PerCombatant) {
				t.Fatalf("%v, encounter %d: the narrated damage throws drew other cards", ru, i)
			}
			for _, e := range tr.Events {
				if !strings.Contains(e.Text, "damage") || !strings.HasPrefix(e.Text, "takes") {
					continue
				}
				g := line.FindStringSubmatch(e.Text)
				if g == nil {
					t.Fatalf("%v: damage narration without its cards: %q", ru, e.Text)
				}
				seen++
				dmg, _ := strconv.Atoi(g[1])
				want, _ := strconv.Atoi(g[2])
				lo, counted := 11, 0
				for _, c := range strings.Split(g[4], ", ") {
					if strings.HasSuffix(c, "set aside") {
						continue
					}
					v, err := strconv.Atoi(c)
					if err != nil {
						t.Fatalf("%v: card %q in %q", ru, c, e.Text)
					}
					lo = min(lo, v)
					counted++
				}
				if counted != want || lo != dmg {
					t.Fatalf("%v: %q: %d cards counted, lowest %d", ru, e.Text, counted, lo)
				}
				for j := 0; j < m.n; j++ {
					if m.names[j] == e.Actor && m.f[j].toughness != want {
						t.Fatalf("%v: %s (Base Toughness %d) takes the lowest of %d", ru, e.Actor, m.f[j].toughness, want)
					}
				}
			}
		}
		if seen == 0 {
			t.Errorf("%v: no damage in 40 encounters", ru)
		}
	}
}

// Honest metrics: where the options leave death out of the rules (DC-4
// none, and no coup de grace under DC-5), the death figures are not
// applicable, with a reason that names the option, rather than a measured
// zero; every other option set keeps them.
func TestDeathMetricsNotApplicable(t *testing.T) {
	deathly := map[string]bool{"tpk": true, "any_death": true, "deaths": true}
	for _, c := range []struct {
		opts []string
		na   bool
	}{
		{nil, true},
		{[]string{"DC-5", "normal"}, true},
		{[]string{"DC-4", "bleed"}, false},
		{[]string{"DC-4", "three-failures"}, false},
		{[]string{"DC-4", "hit-while-down"}, false},
		{[]string{"DC-5", "coup-de-grace"}, false},
	} {
		t.Run(fmt.Sprint(c.opts), func(t *testing.T) {
			m := fourVsOne(t, rulesOf(t, c.opts...), nil, nil)
			for _, mt := range m.schema.Metrics {
				want := c.na && deathly[mt.Name]
				if (mt.NA != "") != want {
					t.Errorf("options %v: %s NA %q", c.opts, mt.Name, mt.NA)
				}
				if want && !strings.Contains(mt.NA, "DC-4 none") {
					t.Errorf("%s: the reason %q does not name the option", mt.Name, mt.NA)
				}
			}
			for _, mt := range m.schema.CombatantMetrics {
				if want := c.na && mt.Name == "death"; (mt.NA != "") != want {
					t.Errorf("options %v: combatant %s NA %q", c.opts, mt.Name, mt.NA)
				}
			}
		})
	}
}

// The narration never goes back in time: the end of a fight comes after
// every throw, also when the round cap comes just as a side went down and
// its members throw to get up (DC-24).
func TestNarrationInOrder(t *testing.T) {
	m := fourVsOne(t, OptionTable.Defaults(), nil, nil)
	m.maxRounds = 3
	capRally := 0
	for i := uint64(0); i < 400; i++ {
		tr := &sim.Trace{}
		m.newKernel().Play(sim.NewRand(5, i), sim.NewRecord(m.schema), tr)
		for j := 1; j < len(tr.Events); j++ {
			if tr.Events[j].Round < tr.Events[j-1].Round {
				t.Fatalf("encounter %d: %q (round %d) after %q (round %d)", i,
					tr.Events[j].Text, tr.Events[j].Round, tr.Events[j-1].Text, tr.Events[j-1].Round)
			}
			if tr.Events[j].Round > m.maxRounds && strings.Contains(tr.Events[j].Text, "get up") {
				capRally++
			}
		}
	}
	if capRally == 0 {
		t.Error("no recovery throw at the round cap in 400 encounters")
	}
}

// any_down and left_down agree with the per-combatant figures, encounter by
// encounter: someone was ever down exactly when a party member's down is
// set, and someone is left down exactly when a party member's down_at_end
// is. Under DC-4 none the verdict is about being knocked Out of the Fight.
func TestAnyDownLeftDown(t *testing.T) {
	m := testModel(t, OptionTable.Defaults(), []Sheet{person("Ann", 2, 2), person("Bo", 1, 3)}, []Sheet{person("Brute", 3, 4)}, nil, nil)
	k := m.newKernel()
	rec := sim.NewRecord(m.schema)
	var r sim.Rand
	nm, nParty := len(m.schema.CombatantMetrics), 2
	sawDown, sawLeft := false, false
	for i := range 500 {
		r.Seed(3, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		down, left := int32(0), int32(0)
		for c := range nParty {
			down |= rec.PerCombatant[c*nm+cDown]
			left |= rec.PerCombatant[c*nm+cDownAtEnd]
		}
		if rec.Values[mAnyDown] != down || rec.Values[mLeftDown] != left {
			t.Fatalf("encounter %d: any_down %d, left_down %d; the party's down %d, down_at_end %d",
				i, rec.Values[mAnyDown], rec.Values[mLeftDown], down, left)
		}
		sawDown, sawLeft = sawDown || down == 1, sawLeft || left == 1
	}
	if !sawDown || !sawLeft {
		t.Errorf("the test never saw anyone down (%v) or left down (%v)", sawDown, sawLeft)
	}
	if v := m.schema.Verdict; v == nil || v.Metric != "any_down" || v.Risk != "down" {
		t.Errorf("verdict under DC-4 none: %+v", v)
	}
}

// E-DC7: dodging is not "attacking (or parrying) with a weapon": a
// character who only defends gets no Weapon throw, however much better its
// weapon is than the attacker's.
func TestErrataDC7DefenceHasNoWeaponThrow(t *testing.T) {
	def := person("Dodger", 3, 3)
	def.Weapon = weapons.Must("bat") // suits close range, the attacker has bare hands
	atk := person("Brute", 3, 3)
	m := testModel(t, rulesOf(t, "DC-16", "off"), []Sheet{def}, []Sheet{atk}, nil, nil)
	if m.f[0].wscore <= m.f[1].wscore {
		t.Fatalf("test set-up: weapon scores %d and %d", m.f[0].wscore, m.f[1].wscore)
	}
	// Equal stats: no Higher Stat throw; only the Defense throw is left.
	if got := m.defenceMods[0][1+1][0].gains; got != 1 {
		t.Errorf("a dodge with the better weapon: %d extra throws, want 1 (Defense only)", got)
	}
	// The attack with the bat still gets its Weapon throw against a foe who hits back.
	if got := m.attackMods[0][1][hitsBack].gains; got != 1 {
		t.Errorf("a bat against bare hands hitting back: %d extra throws, want 1 (Weapon)", got)
	}
}

// E-DC7: bleeding (DC-4 bleed) narrates every Toughness point it takes,
// with the Toughness left, so that a GM can follow a character bleeding out.
func TestErrataDC7BleedingNarrated(t *testing.T) {
	m := testModel(t, rulesOf(t, "DC-4", "bleed", "DC-16", "off"),
		[]Sheet{person("A", 3, 3)}, []Sheet{person("B", 3, 3)}, nil, nil)
	k := m.newKernel()
	tr := &sim.Trace{}
	k.reset(sim.NewRand(1, 0), tr)
	k.st[0].curT = -1
	k.knockDown(0, 1, 4, "")
	bled := 0
	for r := 0; r < 20 && k.st[0].state == down; r++ {
		before := k.st[0].curT
		n := len(tr.Events)
		k.recover(0)
		if k.st[0].curT != before-1 {
			continue // got up
		}
		bled++
		want := "bleeds 1 Toughness: Toughness " + strconv.Itoa(k.st[0].curT) + " of 3"
		found := false
		for _, e := range tr.Events[n:] {
			found = found || strings.Contains(e.Text, want)
		}
		if !found {
			t.Errorf("a bleed to %d is not narrated (%q)", k.st[0].curT, want)
		}
	}
	if bled == 0 {
		t.Fatal("never bled: the test does not test")
	}
}

// E-DC6 (DC-26 keep-down): a character may spend its action on a foe that
// is Out of the Fight; the blow lands without a clash (the attacker throws
// no cards) and the foe's next throw to get up loses a throw, or, at one
// throw, is made against an Intensity one higher. Under ignore the downed
// may not be attacked at all (DC-5 ignore).
func TestErrataDC6KeepDown(t *testing.T) {
	if def, vals := optionOf(t, "DC-26"); def != "keep-down" || len(vals) != 2 || vals[1] != "ignore" {
		t.Fatalf("DC-26 default %q, values %v", def, vals)
	}
	// holder holds the downed foe, if any, else attacks the first it may.
	holder := script(func(v *View, self int) Action {
		for i := 0; i < v.N(); i++ {
			if v.Enemies(self, i) && v.Down(i) && v.CanTarget(self, i) {
				return AttackOn(i)
			}
		}
		return attackFirst(v, self)
	})
	for _, c := range []struct {
		name      string
		toughness int // the downed foe's Base Toughness; recovery Intensity 4
		rules     []string
		want      string // what its next recovery throw narrates
	}{
		{"one throw: Intensity up", 3, nil, "throws to get up against 5, kept down: Intensity 1 higher"},
		{"two throws: one lost", 6, nil, "throws to get up against 4, kept down: a lost throw"},
		{"ignore: nobody touches the downed", 3, []string{"DC-26", "ignore"}, "throws to get up against 4: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			foe := person("Horror", 9, c.toughness)
			ru := rulesOf(t, append([]string{"DC-16", "off"}, c.rules...)...)
			m := testModel(t, ru, []Sheet{person("A", 1, 3)}, []Sheet{foe, person("Other", 9, 3)}, holder, passAll)
			k := m.newKernel()
			tr := &sim.Trace{}
			k.reset(sim.NewRand(1, 0), tr)
			k.st[1].curT = -1
			k.knockDown(1, 0, 4, "")
			k.round = 1
			k.st[1].rallied = true // it threw at the round's start and stays down this round
			k.actionRound()
			if c.rules != nil && k.canTarget(0, 1) {
				t.Errorf("%s: the downed may be attacked", c.name)
			}
			if k.st[0].nCards != 0 && k.st[0].act.Target == 1 {
				t.Errorf("%s: the blow on the downed threw %d cards", c.name, k.st[0].nCards)
			}
			if k.st[1].state != down {
				t.Fatalf("%s: the held foe is %v", c.name, conditionNames[k.st[1].state])
			}
			k.round = 2
			n := len(tr.Events)
			k.recover(1)
			got := ""
			for _, e := range tr.Events[n:] {
				if strings.Contains(e.Text, "throws to get up") {
					got = e.Text
				}
			}
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%s: recovery narrated %q, want %q", c.name, got, c.want)
			}
		})
	}
	// Under DC-4 hit-while-down the blow on the downed kills.
	m := testModel(t, rulesOf(t, "DC-16", "off", "DC-4", "hit-while-down"), []Sheet{person("A", 1, 3)},
		[]Sheet{person("Horror", 9, 3), person("Other", 9, 3)}, nil, passAll)
	k := m.newKernel()
	k.reset(sim.NewRand(1, 0), nil)
	k.knockDown(1, 0, 4, "")
	k.round = 1
	k.st[1].rallied = true
	k.actionRound()
	if k.st[1].state != dead {
		t.Errorf("hit-while-down: the struck downed foe is %v", conditionNames[k.st[1].state])
	}
}

// E-DC3 (DC-25) and the clashes: under target-only a defence is in the
// clash of whoever attacks the defender and nowhere else, so a dodge that
// names a foe who goes for someone else does not pull that foe's fight into
// the dodger's clash ("multiple clashes, so long as none of the personnel
// could interfere with each other": the dodge adds nothing against that
// foe). Under guard it does: the guard adds a card to that foe's clash.
func TestErrataDC25DefenceJoinsOnlyItsAttackersClash(t *testing.T) {
	// P0 dodges naming F0; P1 attacks F0; F0 attacks P1; F1 attacks P0.
	party := script(func(v *View, self int) Action {
		if self == 0 {
			return DefendAgainst(2)
		}
		return AttackOn(2)
	})
	foes := script(func(v *View, self int) Action {
		if self == 2 {
			return AttackOn(1)
		}
		return AttackOn(0)
	})
	for _, c := range []struct {
		rule    string
		clashes int
	}{{"target-only", 2}, {"guard", 1}} {
		t.Run(c.rule, func(t *testing.T) {
			m := testModel(t, rulesOf(t, "DC-25", c.rule, "DC-16", "off"),
				[]Sheet{person("P0", 2, 3), person("P1", 2, 3)}, []Sheet{person("F0", 5, 3), person("F1", 5, 3)}, party, foes)
			k := m.newKernel()
			k.reset(sim.NewRand(4, 0), nil)
			k.round = 1
			k.actionRound()
			if k.nClash != c.clashes {
				t.Errorf("%s: %d clashes, want %d", c.rule, k.nClash, c.clashes)
			}
		})
	}
}

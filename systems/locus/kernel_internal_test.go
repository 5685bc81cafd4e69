package locus

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// This file tests the kernel's mechanics from inside the package, on a
// kernel compiled from YAML with scripted policies, calling single steps
// (an attack, a check, a search) directly.

// scriptChar is a character policy that always returns act and answers
// re-roll offers with reroll.
type scriptChar struct {
	act    Action
	reroll bool
}

func (p *scriptChar) Act(*View, int) Action               { return p.act }
func (p *scriptChar) Reroll(*View, int, RerollOffer) bool { return p.reroll }
func (p *scriptMon) Act(*View, int) MonsterAction         { return p.act }
func (p *scriptMon) Persistent() bool                     { return p.persistent }

// scriptMon is a monster policy that always returns act.
type scriptMon struct {
	act        MonsterAction
	persistent bool
}

func init() {
	Policies.Party.Register("test-idle", "test only: does nothing", &scriptChar{})
	Policies.Foes.Register("test-idle", "test only: waits", &scriptMon{})
}

// attrs writes the eight attributes, all v except the overrides.
func attrs(v int, over map[string]int) string {
	var parts []string
	for _, a := range attrNames {
		x := v
		if o, ok := over[a]; ok {
			x = o
		}
		parts = append(parts, fmt.Sprintf("%s: %d", a, x))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// testItems are the tester's Items: bonus 0, -1, +1 (effective), +2
// (effective and Weakness) against the test monster.
const testItems = `
    items:
      - {name: club, weapon: true, quality: 3, durability: 99}
      - {name: lamp, weapon: false, quality: 3, durability: 99}
      - {name: salt, weapon: true, quality: 3, durability: 99, types: [salt]}
      - {name: torch, weapon: true, quality: 3, durability: 99, types: [fire, salt]}`

// duelYAML is one tester against one monster, both scripted.
func duelYAML(over map[string]int, attack, resist string, options string) string {
	return fmt.Sprintf(`system: locus
party:
  - name: Tester
    attributes: %s
    willpower: 0
    strategy: test-idle%s
foes:
  - {name: Thing, attack: %s, chase: 2, search: 3, resist: %s, deaths_door: 60, weakness: [fire], effective: [salt], strategy: test-idle}
options: {%s}
`, attrs(3, over), testItems, attack, resist, options)
}

// testKernel compiles src and returns a reset kernel at round 1 with its own
// generator and policies the test can script.
func testKernel(t testing.TB, src string, seed uint64) (*kernel, *scriptChar, *scriptMon) {
	t.Helper()
	sc, err := sim.LoadScenario("internal.yaml", []byte(src), []string{ID})
	if err != nil {
		t.Fatalf("load: %v\n%s", err, src)
	}
	b, err := compile(sc)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	m := b.Model.(*model)
	cp, mp := &scriptChar{}, &scriptMon{}
	for i := range m.chars {
		m.chars[i].policy = cp
	}
	for j := range m.mons {
		m.mons[j].policy = mp
		m.mons[j].persistent = false
	}
	k := newKernel(m, false)
	k.g.SeedFrom(sim.NewRand(seed, 0))
	k.reset()
	k.round = 1
	return k, cp, mp
}

// within checks an observed distribution against exact probabilities:
// every cell within 5 standard errors (an impossible outcome must never
// occur).
func within(t *testing.T, what string, counts []int, n int, want []float64) {
	t.Helper()
	for i, p := range want {
		got := float64(counts[i]) / float64(n)
		se := math.Sqrt(p * (1 - p) / float64(n))
		if math.Abs(got-p) > 5*se+1e-12 {
			t.Errorf("%s outcome %d: sampled %.5f, exact %.5f (5 SE = %.5f)", what, i, got, p, 5*se)
		}
	}
}

const draws = 200_000

// The kernel's own attack path (charAttack) against ExactContest and
// ExactContestTiers: attribute vs Resist, Item bonuses, injury floors and
// Blindness under L-3 "ignore" (the default: they change nothing) and "dice".
func TestCharacterAttackMatchesExact(t *testing.T) {
	cases := []struct {
		clumsy, resist, item int
		worst                Injury
		blind                bool
		bonus                int
		attT                 Tier
	}{
		{3, 3, 0, Miss, false, 0, Easy},
		{1, 2, 0, Miss, false, 0, Easy},
		{5, 1, 0, Miss, false, 0, Easy},
		{3, 2, 1, Miss, false, -1, Easy},
		{2, 4, 2, Miss, false, 1, Easy},
		{3, 3, 3, Miss, false, 2, Easy},
		{1, 5, 3, Miss, false, 2, Easy},
		{3, 3, 0, Major, false, 0, Medium},
		{2, 3, 0, Grievous, false, 0, Hard},
		{2, 2, 2, Minor, true, 1, Hard},
	}
	for _, l3 := range []string{"ignore", "dice"} {
		for _, c := range cases {
			name := fmt.Sprintf("L-3 %s, clumsiness %d vs resist %d, item %d, worst %s, blind %v", l3, c.clumsy, c.resist, c.item, c.worst, c.blind)
			attT := c.attT
			if l3 == "ignore" {
				attT = Easy // all three dice count (E-L1)
			}
			t.Run(name, func(t *testing.T) {
				k, _, _ := testKernel(t, duelYAML(map[string]int{"clumsiness": c.clumsy}, "3", fmt.Sprint(c.resist), "L-3: "+l3), 11)
				var counts [4]int
				for n := 0; n < draws; n++ {
					k.reset()
					k.ch[0].worst = c.worst
					if c.blind {
						k.ch[0].cond = Blinded
					}
					counts[k.charAttack(0, 0, c.item)]++
				}
				want := ExactContestTiers(c.clumsy, attT, c.resist, Easy, c.bonus, 0)
				within(t, name, counts[:], draws, want[:])
			})
		}
	}
}

// The monster's attack path (monAttack) against ExactContest: the miss
// bonus, Defend and Prone as defender bonuses.
func TestMonsterAttackMatchesExact(t *testing.T) {
	cases := []struct {
		attack, clumsy int
		missBonus      bool
		defend, prone  bool
		ab, db         int
	}{
		{2, 3, false, false, false, 0, 0},
		{3, 3, true, false, false, 1, 0},
		{2, 2, false, true, false, 0, 1},
		{4, 3, false, false, true, 0, -1},
		{1, 4, true, true, true, 1, 0},
	}
	for _, c := range cases {
		name := fmt.Sprintf("attack %d vs clumsiness %d bonus %+d/%+d", c.attack, c.clumsy, c.ab, c.db)
		t.Run(name, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(map[string]int{"clumsiness": c.clumsy}, fmt.Sprint(c.attack), "3", ""), 12)
			var counts [4]int
			for n := 0; n < draws; n++ {
				k.reset()
				if c.missBonus {
					k.mo[0].bonus = 1
				}
				k.ch[0].defend = c.defend
				if c.prone {
					k.ch[0].cond = Prone
				}
				counts[k.monAttack(0, 0)]++
			}
			want := ExactContest(c.attack, c.clumsy, c.ab, c.db)
			within(t, name, counts[:], draws, want[:])
		})
	}
}

// The kernel's outcome check (check) against ExactOutcome, with the injury
// floor raising the tier.
func TestOutcomeCheckMatchesExact(t *testing.T) {
	for _, c := range []struct {
		attr  int
		base  Tier
		worst Injury
	}{{1, Hard, Miss}, {2, Medium, Miss}, {3, Easy, Miss}, {4, Medium, Miss}, {5, Easy, Miss}, {3, Easy, Major}, {2, Medium, Grievous}} {
		name := fmt.Sprintf("frailty %d %s floor %s", c.attr, c.base, c.worst.Floor())
		t.Run(name, func(t *testing.T) {
			k, _, _ := testKernel(t, duelYAML(map[string]int{"frailty": c.attr}, "3", "3", ""), 13)
			var counts [2]int
			for n := 0; n < draws; n++ {
				k.reset()
				k.ch[0].worst = c.worst
				if !k.check(0, Frailty, c.base, true, "test") {
					counts[1]++
				} else {
					counts[0]++
				}
			}
			p := ExactOutcome(c.attr, max(c.base, c.worst.Floor()))
			within(t, name, counts[:], draws, []float64{p, 1 - p})
		})
	}
}

// The points of a Move (contested against nothing) against ExactPoints, under
// L-3 "ignore" and with the floor's die selection of L-3 "dice".
func TestMovePointsMatchExact(t *testing.T) {
	for _, c := range []struct {
		clumsy int
		worst  Injury
	}{{1, Miss}, {3, Miss}, {5, Miss}, {2, Major}, {3, Grievous}} {
		for _, l3 := range []string{"ignore", "dice"} {
			name := fmt.Sprintf("L-3 %s, clumsiness %d floor %s", l3, c.clumsy, c.worst.Floor())
			tier := c.worst.Floor()
			if l3 == "ignore" {
				tier = Easy // all three dice count (E-L1)
			}
			t.Run(name, func(t *testing.T) {
				k, _, _ := testKernel(t, duelYAML(map[string]int{"clumsiness": c.clumsy}, "3", "3", "L-3: "+l3), 14)
				var counts [4]int
				for n := 0; n < draws; n++ {
					k.reset()
					k.ch[0].worst = c.worst
					k.move(0, -1)
					counts[k.ch[0].pos/metresPerPoint]++
				}
				want := ExactPoints(c.clumsy, tier)
				within(t, name, counts[:], draws, want[:])
			})
		}
	}
}

// A hidden character that attacks is no longer hidden; a Terrified one that
// does nothing needs no check.
func TestHiddenAttackAndTerrifiedNothing(t *testing.T) {
	k, cp, _ := testKernel(t, duelYAML(nil, "3", "3", ""), 15)
	cp.act = Action{Kind: Attack, Target: 0, Item: BestItem}
	k.ch[0].st |= chHidden
	k.charTurn(0)
	if k.ch[0].isHidden() {
		t.Error("still hidden after attacking")
	}
	cp.act = Action{Kind: Nothing}
	k.ch[0].cond = Terrified
	k.tr = &sim.Trace{}
	k.charTurn(0)
	for _, e := range k.tr.Events {
		if strings.Contains(e.Text, "steel") {
			t.Errorf("a Terrified character doing nothing was checked: %s", e.Text)
		}
	}
}

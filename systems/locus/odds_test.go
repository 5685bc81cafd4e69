package locus

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// printedTol is how far a probability printed to 4 decimals can be from the
// exact value (half a unit in the last place, plus float slack for values
// that sit exactly on a half, like 1/32 = 0.03125).
const printedTol = 0.00005 + 1e-12

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

var tiers = [3]Tier{Easy, Medium, Hard}

// TestOddsChecks pins the check names, flags and outcomes to DESIGN.md's
// `tpk odds` table.
func TestOddsChecks(t *testing.T) {
	type param struct {
		name     string
		kind     systems.ParamKind
		min, max int
		def      string
	}
	want := []struct {
		name     string
		params   []param
		outcomes []string
	}{
		{"outcome", []param{{"attribute", systems.IntParam, 1, 5, ""}, {"difficulty", systems.EnumParam, 0, 0, ""}},
			[]string{"success", "consequences"}},
		{"contest", []param{{"attacker", systems.IntParam, 1, 5, ""}, {"defender", systems.IntParam, 1, 5, ""},
			{"attacker-bonus", systems.IntParam, -3, 6, "0"}, {"defender-bonus", systems.IntParam, -3, 6, "0"}},
			[]string{"miss", "minor", "major", "grievous"}},
		{"initiative", []param{{"carelessness", systems.IntParam, 1, 5, ""}, {"vs", systems.IntParam, 0, 5, "0"}},
			[]string{"first", "second"}},
	}
	got := checks()
	if len(got) != len(want) {
		t.Fatalf("%d checks, want %d", len(got), len(want))
	}
	for i, w := range want {
		c := got[i]
		if c.Name != w.name || c.Doc == "" || c.Exact == nil || c.Sample == nil {
			t.Errorf("check %d: name %q (want %q), doc/exact/sample missing?", i, c.Name, w.name)
		}
		if len(c.Params) != len(w.params) {
			t.Errorf("%s: %d params, want %d", c.Name, len(c.Params), len(w.params))
			continue
		}
		for j, wp := range w.params {
			p := c.Params[j]
			if p.Name != wp.name || p.Kind != wp.kind || p.Min != wp.min || p.Max != wp.max || p.Default != wp.def || p.Doc == "" {
				t.Errorf("%s param %d = %+v, want %+v", c.Name, j, p, wp)
			}
		}
		if len(c.Outcomes) != len(w.outcomes) {
			t.Errorf("%s outcomes %v, want %v", c.Name, c.Outcomes, w.outcomes)
			continue
		}
		for j := range w.outcomes {
			if c.Outcomes[j] != w.outcomes[j] {
				t.Errorf("%s outcomes %v, want %v", c.Name, c.Outcomes, w.outcomes)
			}
		}
	}
	if v := got[0].Params[1].Values; len(v) != 3 || v[0] != "easy" || v[1] != "medium" || v[2] != "hard" {
		t.Errorf("difficulty values %v", v)
	}
}

func TestOddsBadArgs(t *testing.T) {
	cases := []struct {
		check string
		args  systems.Args
	}{
		{"outcome", systems.Args{"attribute": 0, "difficulty": "easy"}},
		{"outcome", systems.Args{"attribute": 6, "difficulty": "easy"}},
		{"outcome", systems.Args{"attribute": 3, "difficulty": "trivial"}},
		{"outcome", systems.Args{"attribute": 3}},
		{"contest", systems.Args{"attacker": 3}},
		{"contest", systems.Args{"attacker": 3, "defender": 6}},
		{"contest", systems.Args{"attacker": 3, "defender": 3, "attacker-bonus": 7}},
		{"contest", systems.Args{"attacker": 3, "defender": 3, "defender-bonus": -4}},
		{"initiative", systems.Args{}},
		{"initiative", systems.Args{"carelessness": 3, "vs": 6}},
		{"initiative", systems.Args{"carelessness": 3, "vs": -1}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %v", c.check, c.args), func(t *testing.T) {
			if _, err := systemtest.Check(t, System, c.check).Resolve(c.args); err == nil {
				t.Errorf("%s %v: no error", c.check, c.args)
			}
		})
	}
	// Omitted flags with a default read as 0.
	p := systemtest.Exact(t, systemtest.Check(t, System, "contest"), systems.Args{"attacker": 3, "defender": 3})
	if w := ExactContest(3, 3, 0, 0); p[0] != w[0] || p[3] != w[3] {
		t.Errorf("contest without bonuses = %v, want %v", p, w)
	}
}

// TestOutcomeTable5a checks table 5(a) to its 4 decimals and its exact
// fractions, both as floats (1e-12) and exactly as integer counts of 216.
func TestOutcomeTable5a(t *testing.T) {
	c := systemtest.Check(t, System, "outcome")
	for _, row := range table5a {
		t.Run(fmt.Sprintf("attr%d", row.attr), func(t *testing.T) {
			for i, tier := range tiers {
				got := ExactOutcome(row.attr, tier)
				if !near(got, row.p[i], printedTol) {
					t.Errorf("attr %d %v: %.6f, printed %.4f", row.attr, tier, got, row.p[i])
				}
				num, den := row.exact[i][0], row.exact[i][1]
				if !near(got, float64(num)/float64(den), 1e-12) {
					t.Errorf("attr %d %v: %.17g, exact %d/%d", row.attr, tier, got, num, den)
				}
				if n := int64(outcomeCount(row.attr, tier)); n*den != num*NumRolls {
					t.Errorf("attr %d %v: %d/216, exact %d/%d", row.attr, tier, n, num, den)
				}
				if big.NewRat(int64(outcomeCount(row.attr, tier)), NumRolls).Cmp(big.NewRat(num, den)) != 0 {
					t.Errorf("attr %d %v: not %d/%d as a rational", row.attr, tier, num, den)
				}
				p := systemtest.Exact(t, c, systems.Args{"attribute": row.attr, "difficulty": tier.String()})
				if p[0] != got || p[1] != 1-got {
					t.Errorf("outcome check %d %v = %v, want [%v %v]", row.attr, tier, p, got, 1-got)
				}
			}
		})
	}
	// Critical success (6,6,6) = 1/216: the only roll beating 5 on the lowest die.
	if n := outcomeCount(5, Hard); n != 1 {
		t.Errorf("critical: %d rolls, want 1", n)
	}
	// Durability: 4+ on the die kept by Quality (Q1 Hard, Q2 Medium, Q3 Easy).
	for q, want := range map[Tier]float64{Hard: 0.1250, Medium: 0.5000, Easy: 0.8750} {
		if got := ExactOutcome(3, q); got != want {
			t.Errorf("durability %v: %v, want %v", q, got, want)
		}
	}
}

// TestOutcomeUntrained checks the untrained table: two independent Hard
// checks.
func TestOutcomeUntrained(t *testing.T) {
	for _, row := range tableUntrained {
		t.Run(fmt.Sprintf("ign%d", row.ign), func(t *testing.T) {
			for j, p := range row.p {
				got := ExactOutcome(row.ign, Hard) * ExactOutcome(j+1, Hard)
				if !near(got, p, printedTol) {
					t.Errorf("untrained Ign %d attr %d: %.6f, printed %.4f", row.ign, j+1, got, p)
				}
			}
		})
	}
}

// TestExactPointsTable5b checks table 5(b) and the L-3 counting tiers.
func TestExactPointsTable5b(t *testing.T) {
	for _, row := range table5b {
		t.Run(fmt.Sprintf("attr%d", row.attr), func(t *testing.T) {
			p := ExactPoints(row.attr, Easy)
			sum, mean := 0.0, 0.0
			for k := range p {
				if !near(p[k], row.p[k], printedTol) {
					t.Errorf("attr %d P(%d) = %.6f, printed %.4f", row.attr, k, p[k], row.p[k])
				}
				sum += p[k]
				mean += float64(k) * p[k]
			}
			if !near(sum, 1, 1e-12) {
				t.Errorf("attr %d: sum %.17g", row.attr, sum)
			}
			if !near(mean, row.mean, 0.0005+1e-12) || !near(mean, 3*float64(6-row.attr)/6, 1e-12) {
				t.Errorf("attr %d: mean %.6f, printed %.3f", row.attr, mean, row.mean)
			}
		})
	}
	// The tiers against 5(a): with the sorted dice s0 <= s1 <= s2, Easy
	// scores >= k points iff s(3-k) > attr; Medium counts s0, s1; Hard s0.
	for attr := 1; attr <= 5; attr++ {
		e, m, h := ExactOutcome(attr, Easy), ExactOutcome(attr, Medium), ExactOutcome(attr, Hard)
		for _, c := range []struct {
			tier Tier
			want [4]float64
		}{
			{Easy, [4]float64{1 - e, e - m, m - h, h}},
			{Medium, [4]float64{1 - m, m - h, h, 0}},
			{Hard, [4]float64{1 - h, h, 0, 0}},
		} {
			t.Run(fmt.Sprintf("attr%d/%v", attr, c.tier), func(t *testing.T) {
				p := ExactPoints(attr, c.tier)
				sum := 0.0
				for k := range p {
					sum += p[k]
					if !near(p[k], c.want[k], 1e-12) {
						t.Errorf("points attr %d %v: %v, want %v", attr, c.tier, p, c.want)
						break
					}
				}
				if !near(sum, 1, 1e-12) {
					t.Errorf("points attr %d %v: sum %.17g", attr, c.tier, sum)
				}
			})
		}
	}
}

// TestContestTable5c checks every cell of the four 5(c) tables.
func TestContestTable5c(t *testing.T) {
	if len(table5c) != 100 {
		t.Fatalf("table 5(c) has %d rows, want 100", len(table5c))
	}
	c := systemtest.Check(t, System, "contest")
	for _, row := range table5c {
		t.Run(fmt.Sprintf("%d_vs_%d_%+d_%+d", row.att, row.def, row.ab, row.db), func(t *testing.T) {
			got := ExactContest(row.att, row.def, row.ab, row.db)
			p := systemtest.Exact(t, c, systems.Args{"attacker": row.att, "defender": row.def,
				"attacker-bonus": row.ab, "defender-bonus": row.db})
			for k := range got {
				if !near(got[k], row.p[k], printedTol) {
					t.Errorf("%d vs %d (+%d/+%d) %v = %.6f, printed %.4f",
						row.att, row.def, row.ab, row.db, Injury(k), got[k], row.p[k])
				}
				if p[k] != got[k] {
					t.Errorf("contest check %v != ExactContest %v", p, got)
				}
			}
			// Without a net bonus the margin is at most 3: Grievous is impossible.
			if row.ab-row.db <= 0 && got[Grievous] != 0 {
				t.Errorf("%d vs %d (+%d/+%d): Grievous %v, want exactly 0", row.att, row.def, row.ab, row.db, got[Grievous])
			}
		})
	}
}

// TestContestSymmetries checks identities the enumeration must satisfy:
// sums to 1 everywhere in the flag ranges, only the net bonus matters, and
// (a, d) equals (6−d, 6−a) because points(a) and 3 − points(6−a) share a
// distribution.
func TestContestSymmetries(t *testing.T) {
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for ab := oddsBonusMin; ab <= oddsBonusMax; ab++ {
				for db := oddsBonusMin; db <= oddsBonusMax; db++ {
					p := ExactContest(att, def, ab, db)
					if s := p[0] + p[1] + p[2] + p[3]; !near(s, 1, 1e-12) {
						t.Errorf("%d vs %d (%+d/%+d): sum %.17g", att, def, ab, db, s)
					}
					if q := ExactContest(att, def, ab-db, 0); q != p {
						t.Errorf("%d vs %d (%+d/%+d): %v, net bonus gives %v", att, def, ab, db, p, q)
					}
				}
			}
			if p, q := ExactContest(att, def, 0, 0), ExactContest(6-def, 6-att, 0, 0); p != q {
				t.Errorf("%d vs %d = %v, %d vs %d = %v", att, def, p, 6-def, 6-att, q)
			}
		}
	}
	// The 3-vs-3 Defend example of 5(c): 34.4% lands without Defend, 10.9% with.
	if hit := 1 - ExactContest(3, 3, 0, 0)[Miss]; !near(hit, 0.344, 0.0005) {
		t.Errorf("3 vs 3 hits %.4f, want 34.4%%", hit)
	}
	if hit := 1 - ExactContest(3, 3, 0, 1)[Miss]; !near(hit, 0.109, 0.0005) {
		t.Errorf("3 vs 3 against Defend hits %.4f, want 10.9%%", hit)
	}
	// Easy tiers on both sides are ExactContest.
	if p, q := ExactContestTiers(2, Easy, 4, Easy, 1, 0), ExactContest(2, 4, 1, 0); p != q {
		t.Errorf("ExactContestTiers Easy %v != ExactContest %v", p, q)
	}
	// A Hard-counting attacker scores at most 1: with no bonus it can only
	// land a Minor.
	if p := ExactContestTiers(1, Hard, 5, Easy, 0, 0); p[Major] != 0 || p[Grievous] != 0 || p[Minor] == 0 {
		t.Errorf("Hard attacker: %v", p)
	}
}

// TestExactContestTiersAgainstPoints recomputes ExactContestTiers from
// ExactPoints, so both ways of counting agree.
func TestExactContestTiersAgainstPoints(t *testing.T) {
	for att := 1; att <= 5; att++ {
		for def := 1; def <= 5; def++ {
			for _, at := range tiers {
				for _, dt := range tiers {
					for net := -1; net <= 2; net++ {
						pa, pd := ExactPoints(att, at), ExactPoints(def, dt)
						var want [4]float64
						for x := range 4 {
							for y := range 4 {
								want[InjuryOf(x+net-y)] += pa[x] * pd[y]
							}
						}
						got := ExactContestTiers(att, at, def, dt, net, 0)
						for k := range got {
							if !near(got[k], want[k], 1e-12) {
								t.Fatalf("%d %v vs %d %v net %+d: %v, want %v", att, at, def, dt, net, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// contestCounts, counted from each side's points, gives the counts of every
// one of the 216² pairs of rolls, for every attribute, tier and bonus.
func TestContestCountsEveryPair(t *testing.T) {
	for att := 0; att <= 6; att++ {
		for def := 0; def <= 6; def++ {
			for _, at := range tiers {
				for _, dt := range tiers {
					var byMargin [7]int // pairs by the attacker's points less the defender's, +3
					for _, x := range oddsPoints(att, at) {
						for _, y := range oddsPoints(def, dt) {
							byMargin[x-y+3]++
						}
					}
					for ab := 0; ab <= 3; ab++ {
						for db := 0; db <= 3; db++ {
							var want [4]int
							for m, n := range byMargin {
								want[InjuryOf(m-3+ab-db)] += n
							}
							if got := contestCounts(att, at, def, dt, ab, db); got != want {
								t.Fatalf("%d %v vs %d %v, bonuses %d and %d: %v, want %v", att, at, def, dt, ab, db, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestInitiativeTable checks the initiative table, all three columns, for
// m = 0 and m = 3, and the check's P(first) = P(win)/(1 − P(tie)).
func TestInitiativeTable(t *testing.T) {
	c := systemtest.Check(t, System, "initiative")
	for _, row := range tableInitiative {
		t.Run(fmt.Sprintf("C%d_vs_%d", row.c, row.vs), func(t *testing.T) {
			raw := ExactInitiativeRoll(row.c, row.vs)
			if !near(raw[0], row.first, printedTol) || !near(raw[1], row.tie, printedTol) {
				t.Errorf("C %d vs %d: P(first) %.6f P(tie) %.6f, printed %.4f %.4f",
					row.c, row.vs, raw[0], raw[1], row.first, row.tie)
			}
			if s := raw[0] + raw[1] + raw[2]; !near(s, 1, 1e-12) {
				t.Errorf("C %d vs %d: sum %.17g", row.c, row.vs, s)
			}
			got := ExactInitiative(row.c, row.vs)
			if !near(got[0], row.firstNoTie, printedTol) {
				t.Errorf("C %d vs %d: P(first|no tie) %.6f, printed %.4f", row.c, row.vs, got[0], row.firstNoTie)
			}
			if !near(got[0], raw[0]/(1-raw[1]), 1e-12) {
				t.Errorf("C %d vs %d: %v is not P(win)/(1-P(tie)) = %v", row.c, row.vs, got[0], raw[0]/(1-raw[1]))
			}
			p := systemtest.Exact(t, c, systems.Args{"carelessness": row.c, "vs": row.vs})
			if p[0] != got[0] || p[1] != got[1] {
				t.Errorf("initiative check %v != ExactInitiative %v", p, got)
			}
		})
	}
	// Equal modifiers are a coin toss; Carelessness 3 against m = 3 is
	// exactly 1/2 (the L-5 alternative).
	for c := 1; c <= 5; c++ {
		if p := ExactInitiative(c, c); p[0] != 0.5 || p[1] != 0.5 {
			t.Errorf("C %d vs %d: %v, want 1/2", c, c, p)
		}
	}
	// The integer counts cover the 216² pairs.
	for c := 1; c <= 5; c++ {
		for vs := 0; vs <= 5; vs++ {
			w, tie, l := initiativeCounts(c, vs)
			if w+tie+l != NumRolls*NumRolls {
				t.Errorf("C %d vs %d: %d+%d+%d pairs", c, vs, w, tie, l)
			}
			if w2, tie2, l2 := initiativeCounts(vs, c); w2 != l || tie2 != tie || l2 != w {
				t.Errorf("C %d vs %d not the mirror of %d vs %d", c, vs, vs, c)
			}
		}
	}
}

// Table 5(a), copied from rules/demoncity-and-locus.md: P(success) for Easy,
// Medium, Hard and the printed exact fractions.
var table5a = []struct {
	attr  int
	p     [3]float64
	exact [3][2]int64
}{
	{1, [3]float64{0.9954, 0.9259, 0.5787}, [3][2]int64{{215, 216}, {25, 27}, {125, 216}}},
	{2, [3]float64{0.9630, 0.7407, 0.2963}, [3][2]int64{{26, 27}, {20, 27}, {8, 27}}},
	{3, [3]float64{0.8750, 0.5000, 0.1250}, [3][2]int64{{7, 8}, {1, 2}, {1, 8}}},
	{4, [3]float64{0.7037, 0.2593, 0.0370}, [3][2]int64{{19, 27}, {7, 27}, {1, 27}}},
	{5, [3]float64{0.4213, 0.0741, 0.0046}, [3][2]int64{{91, 216}, {2, 27}, {1, 216}}},
}

// Table 5(b): P(0..3 points) and the mean.
var table5b = []struct {
	attr int
	p    [4]float64
	mean float64
}{
	{1, [4]float64{0.0046, 0.0694, 0.3472, 0.5787}, 2.500},
	{2, [4]float64{0.0370, 0.2222, 0.4444, 0.2963}, 2.000},
	{3, [4]float64{0.1250, 0.3750, 0.3750, 0.1250}, 1.500},
	{4, [4]float64{0.2963, 0.4444, 0.2222, 0.0370}, 1.000},
	{5, [4]float64{0.5787, 0.3472, 0.0694, 0.0046}, 0.500},
}

// Table 5(c), all four variants: attacker, defender, attacker bonus,
// defender bonus, P(Miss, Minor, Major, Grievous).
var table5c = []struct {
	att, def, ab, db int
	p                [4]float64
}{
	// no bonuses
	{1, 1, 0, 0, [4]float64{0.7302, 0.2254, 0.0445, 0.0000}},
	{1, 2, 0, 0, [4]float64{0.5002, 0.3369, 0.1629, 0.0000}},
	{1, 3, 0, 0, [4]float64{0.3113, 0.3559, 0.3328, 0.0000}},
	{1, 4, 0, 0, [4]float64{0.1650, 0.3035, 0.5316, 0.0000}},
	{1, 5, 0, 0, [4]float64{0.0623, 0.2009, 0.7368, 0.0000}},
	{2, 1, 0, 0, [4]float64{0.8412, 0.1348, 0.0240, 0.0000}},
	{2, 2, 0, 0, [4]float64{0.6680, 0.2387, 0.0933, 0.0000}},
	{2, 3, 0, 0, [4]float64{0.4907, 0.3056, 0.2037, 0.0000}},
	{2, 4, 0, 0, [4]float64{0.3196, 0.3292, 0.3512, 0.0000}},
	{2, 5, 0, 0, [4]float64{0.1650, 0.3035, 0.5316, 0.0000}},
	{3, 1, 0, 0, [4]float64{0.9178, 0.0712, 0.0110, 0.0000}},
	{3, 2, 0, 0, [4]float64{0.8009, 0.1528, 0.0463, 0.0000}},
	{3, 3, 0, 0, [4]float64{0.6562, 0.2344, 0.1094, 0.0000}},
	{3, 4, 0, 0, [4]float64{0.4907, 0.3056, 0.2037, 0.0000}},
	{3, 5, 0, 0, [4]float64{0.3113, 0.3559, 0.3328, 0.0000}},
	{4, 1, 0, 0, [4]float64{0.9659, 0.0303, 0.0038, 0.0000}},
	{4, 2, 0, 0, [4]float64{0.8999, 0.0823, 0.0178, 0.0000}},
	{4, 3, 0, 0, [4]float64{0.8009, 0.1528, 0.0463, 0.0000}},
	{4, 4, 0, 0, [4]float64{0.6680, 0.2387, 0.0933, 0.0000}},
	{4, 5, 0, 0, [4]float64{0.5002, 0.3369, 0.1629, 0.0000}},
	{5, 1, 0, 0, [4]float64{0.9913, 0.0080, 0.0007, 0.0000}},
	{5, 2, 0, 0, [4]float64{0.9659, 0.0303, 0.0038, 0.0000}},
	{5, 3, 0, 0, [4]float64{0.9178, 0.0712, 0.0110, 0.0000}},
	{5, 4, 0, 0, [4]float64{0.8412, 0.1348, 0.0240, 0.0000}},
	{5, 5, 0, 0, [4]float64{0.7302, 0.2254, 0.0445, 0.0000}},
	// defender +1
	{1, 1, 0, 1, [4]float64{0.9555, 0.0418, 0.0027, 0.0000}},
	{1, 2, 0, 1, [4]float64{0.8371, 0.1415, 0.0214, 0.0000}},
	{1, 3, 0, 1, [4]float64{0.6672, 0.2604, 0.0723, 0.0000}},
	{1, 4, 0, 1, [4]float64{0.4684, 0.3601, 0.1715, 0.0000}},
	{1, 5, 0, 1, [4]float64{0.2632, 0.4019, 0.3349, 0.0000}},
	{2, 1, 0, 1, [4]float64{0.9760, 0.0226, 0.0014, 0.0000}},
	{2, 2, 0, 1, [4]float64{0.9067, 0.0823, 0.0110, 0.0000}},
	{2, 3, 0, 1, [4]float64{0.7963, 0.1667, 0.0370, 0.0000}},
	{2, 4, 0, 1, [4]float64{0.6488, 0.2634, 0.0878, 0.0000}},
	{2, 5, 0, 1, [4]float64{0.4684, 0.3601, 0.1715, 0.0000}},
	{3, 1, 0, 1, [4]float64{0.9890, 0.0104, 0.0006, 0.0000}},
	{3, 2, 0, 1, [4]float64{0.9537, 0.0417, 0.0046, 0.0000}},
	{3, 3, 0, 1, [4]float64{0.8906, 0.0938, 0.0156, 0.0000}},
	{3, 4, 0, 1, [4]float64{0.7963, 0.1667, 0.0370, 0.0000}},
	{3, 5, 0, 1, [4]float64{0.6672, 0.2604, 0.0723, 0.0000}},
	{4, 1, 0, 1, [4]float64{0.9962, 0.0036, 0.0002, 0.0000}},
	{4, 2, 0, 1, [4]float64{0.9822, 0.0165, 0.0014, 0.0000}},
	{4, 3, 0, 1, [4]float64{0.9537, 0.0417, 0.0046, 0.0000}},
	{4, 4, 0, 1, [4]float64{0.9067, 0.0823, 0.0110, 0.0000}},
	{4, 5, 0, 1, [4]float64{0.8371, 0.1415, 0.0214, 0.0000}},
	{5, 1, 0, 1, [4]float64{0.9993, 0.0006, 0.0000, 0.0000}},
	{5, 2, 0, 1, [4]float64{0.9962, 0.0036, 0.0002, 0.0000}},
	{5, 3, 0, 1, [4]float64{0.9890, 0.0104, 0.0006, 0.0000}},
	{5, 4, 0, 1, [4]float64{0.9760, 0.0226, 0.0014, 0.0000}},
	{5, 5, 0, 1, [4]float64{0.9555, 0.0418, 0.0027, 0.0000}},
	// attacker +1
	{1, 1, 1, 0, [4]float64{0.2698, 0.4603, 0.2672, 0.0027}},
	{1, 2, 1, 0, [4]float64{0.1588, 0.3414, 0.4784, 0.0214}},
	{1, 3, 1, 0, [4]float64{0.0822, 0.2292, 0.6163, 0.0723}},
	{1, 4, 1, 0, [4]float64{0.0341, 0.1308, 0.6636, 0.1715}},
	{1, 5, 1, 0, [4]float64{0.0087, 0.0536, 0.6028, 0.3349}},
	{2, 1, 1, 0, [4]float64{0.4998, 0.3414, 0.1574, 0.0014}},
	{2, 2, 1, 0, [4]float64{0.3320, 0.3361, 0.3210, 0.0110}},
	{2, 3, 1, 0, [4]float64{0.1991, 0.2917, 0.4722, 0.0370}},
	{2, 4, 1, 0, [4]float64{0.1001, 0.2195, 0.5926, 0.0878}},
	{2, 5, 1, 0, [4]float64{0.0341, 0.1308, 0.6636, 0.1715}},
	{3, 1, 1, 0, [4]float64{0.6887, 0.2292, 0.0816, 0.0006}},
	{3, 2, 1, 0, [4]float64{0.5093, 0.2917, 0.1944, 0.0046}},
	{3, 3, 1, 0, [4]float64{0.3438, 0.3125, 0.3281, 0.0156}},
	{3, 4, 1, 0, [4]float64{0.1991, 0.2917, 0.4722, 0.0370}},
	{3, 5, 1, 0, [4]float64{0.0822, 0.2292, 0.6163, 0.0723}},
	{4, 1, 1, 0, [4]float64{0.8350, 0.1308, 0.0340, 0.0002}},
	{4, 2, 1, 0, [4]float64{0.6804, 0.2195, 0.0988, 0.0014}},
	{4, 3, 1, 0, [4]float64{0.5093, 0.2917, 0.1944, 0.0046}},
	{4, 4, 1, 0, [4]float64{0.3320, 0.3361, 0.3210, 0.0110}},
	{4, 5, 1, 0, [4]float64{0.1588, 0.3414, 0.4784, 0.0214}},
	{5, 1, 1, 0, [4]float64{0.9377, 0.0536, 0.0087, 0.0000}},
	{5, 2, 1, 0, [4]float64{0.8350, 0.1308, 0.0340, 0.0002}},
	{5, 3, 1, 0, [4]float64{0.6887, 0.2292, 0.0816, 0.0006}},
	{5, 4, 1, 0, [4]float64{0.4998, 0.3414, 0.1574, 0.0014}},
	{5, 5, 1, 0, [4]float64{0.2698, 0.4603, 0.2672, 0.0027}},
	// attacker +2
	{1, 1, 2, 0, [4]float64{0.0445, 0.2254, 0.6857, 0.0445}},
	{1, 2, 2, 0, [4]float64{0.0240, 0.1348, 0.6783, 0.1629}},
	{1, 3, 2, 0, [4]float64{0.0110, 0.0712, 0.5851, 0.3328}},
	{1, 4, 2, 0, [4]float64{0.0038, 0.0303, 0.4343, 0.5316}},
	{1, 5, 2, 0, [4]float64{0.0007, 0.0080, 0.2545, 0.7368}},
	{2, 1, 2, 0, [4]float64{0.1629, 0.3369, 0.4762, 0.0240}},
	{2, 2, 2, 0, [4]float64{0.0933, 0.2387, 0.5748, 0.0933}},
	{2, 3, 2, 0, [4]float64{0.0463, 0.1528, 0.5972, 0.2037}},
	{2, 4, 2, 0, [4]float64{0.0178, 0.0823, 0.5487, 0.3512}},
	{2, 5, 2, 0, [4]float64{0.0038, 0.0303, 0.4343, 0.5316}},
	{3, 1, 2, 0, [4]float64{0.3328, 0.3559, 0.3003, 0.0110}},
	{3, 2, 2, 0, [4]float64{0.2037, 0.3056, 0.4444, 0.0463}},
	{3, 3, 2, 0, [4]float64{0.1094, 0.2344, 0.5469, 0.1094}},
	{3, 4, 2, 0, [4]float64{0.0463, 0.1528, 0.5972, 0.2037}},
	{3, 5, 2, 0, [4]float64{0.0110, 0.0712, 0.5851, 0.3328}},
	{4, 1, 2, 0, [4]float64{0.5316, 0.3035, 0.1612, 0.0038}},
	{4, 2, 2, 0, [4]float64{0.3512, 0.3292, 0.3018, 0.0178}},
	{4, 3, 2, 0, [4]float64{0.2037, 0.3056, 0.4444, 0.0463}},
	{4, 4, 2, 0, [4]float64{0.0933, 0.2387, 0.5748, 0.0933}},
	{4, 5, 2, 0, [4]float64{0.0240, 0.1348, 0.6783, 0.1629}},
	{5, 1, 2, 0, [4]float64{0.7368, 0.2009, 0.0616, 0.0007}},
	{5, 2, 2, 0, [4]float64{0.5316, 0.3035, 0.1612, 0.0038}},
	{5, 3, 2, 0, [4]float64{0.3328, 0.3559, 0.3003, 0.0110}},
	{5, 4, 2, 0, [4]float64{0.1629, 0.3369, 0.4762, 0.0240}},
	{5, 5, 2, 0, [4]float64{0.0445, 0.2254, 0.6857, 0.0445}},
}

// The untrained table: rows Ignorance, columns the linked attribute 1..5.
var tableUntrained = []struct {
	ign int
	p   [5]float64
}{
	{1, [5]float64{0.3349, 0.1715, 0.0723, 0.0214, 0.0027}},
	{2, [5]float64{0.1715, 0.0878, 0.0370, 0.0110, 0.0014}},
	{3, [5]float64{0.0723, 0.0370, 0.0156, 0.0046, 0.0006}},
	{4, [5]float64{0.0214, 0.0110, 0.0046, 0.0014, 0.0002}},
	{5, [5]float64{0.0027, 0.0014, 0.0006, 0.0002, 0.0000}},
}

// The initiative table: Carelessness, the monster's modifier m (vs),
// P(first), P(tie), P(first|no tie).
var tableInitiative = []struct {
	c, vs                  int
	first, tie, firstNoTie float64
}{
	{1, 0, 0.3631, 0.0905, 0.3992},
	{1, 3, 0.6369, 0.0837, 0.6951},
	{2, 0, 0.2794, 0.0837, 0.3049},
	{2, 3, 0.5464, 0.0905, 0.6008},
	{3, 0, 0.2058, 0.0735, 0.2222},
	{3, 3, 0.4536, 0.0928, 0.5000},
	{4, 0, 0.1446, 0.0612, 0.1541},
	{4, 3, 0.3631, 0.0905, 0.3992},
	{5, 0, 0.0965, 0.0482, 0.1014},
	{5, 3, 0.2794, 0.0837, 0.3049},
}

// TestExactMatchesDiceTables compares the exact enumeration, roll by roll,
// with the lookup tables the kernel samples from.
func TestExactMatchesDiceTables(t *testing.T) {
	for attr := 0; attr <= 5; attr++ {
		for _, tier := range tiers {
			pts := oddsPoints(attr, tier)
			n := 0
			for x := range NumRolls {
				r := Roll(x)
				if r.Points(attr, tier) != pts[x] {
					t.Fatalf("roll %v attr %d %v: Points %d, enumeration %d", r.Dice(), attr, tier, r.Points(attr, tier), pts[x])
				}
				if r.Succeeds(attr, tier) {
					n++
				}
			}
			if n != outcomeCount(attr, tier) {
				t.Errorf("attr %d %v: %d rolls succeed, enumeration %d", attr, tier, n, outcomeCount(attr, tier))
			}
		}
	}
	var sums [19]int
	for x := range NumRolls {
		sums[Roll(x).Sum()]++
	}
	w, tie, l := 0, 0, 0
	for s1, n1 := range sums {
		for s2, n2 := range sums {
			switch {
			case s1-3 > s2:
				w += n1 * n2
			case s1-3 == s2:
				tie += n1 * n2
			default:
				l += n1 * n2
			}
		}
	}
	if w2, tie2, l2 := initiativeCounts(3, 0); w != w2 || tie != tie2 || l != l2 {
		t.Errorf("initiative 3 vs 0 from Sum: %d/%d/%d, enumeration %d/%d/%d", w, tie, l, w2, tie2, l2)
	}
}

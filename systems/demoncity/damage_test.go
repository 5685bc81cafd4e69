package demoncity

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// hitsToDown is the exact distribution of the number of d10 hits that take
// a target of Base Toughness T from full to below 0 (the spec's
// hits_to_down, here from DamageExact).
func hitsToDown(T int) map[int]*big.Rat {
	pmf := DamageExact(T, true)
	dist := map[int]*big.Rat{T: big.NewRat(1, 1)}
	res := map[int]*big.Rat{}
	for h := 1; h <= 60 && len(dist) > 0; h++ {
		next := map[int]*big.Rat{}
		for r, p := range dist {
			for x := 1; x <= 10; x++ {
				q := new(big.Rat).Mul(p, pmf[x])
				if r-x < 0 {
					if res[h] == nil {
						res[h] = new(big.Rat)
					}
					res[h].Add(res[h], q)
				} else {
					if next[r-x] == nil {
						next[r-x] = new(big.Rat)
					}
					next[r-x].Add(next[r-x], q)
				}
			}
		}
		dist = next
	}
	return res
}

// damageRow is one row of 5(f) computed here: E[dmg], P(dmg=1), P(dmg>T),
// E[hits to go below 0], P(down in <= 2 hits).
func damageRow(T int) [5]float64 {
	pmf := DamageExact(T, true)
	e := new(big.Rat)
	for x := 1; x <= 10; x++ {
		e.Add(e, new(big.Rat).Mul(big.NewRat(int64(x), 1), pmf[x]))
	}
	over := new(big.Rat)
	for x := T + 1; x <= 10; x++ {
		over.Add(over, pmf[x])
	}
	hd := hitsToDown(T)
	eh, p2 := new(big.Rat), new(big.Rat)
	for h, p := range hd {
		eh.Add(eh, new(big.Rat).Mul(big.NewRat(int64(h), 1), p))
		if h <= 2 {
			p2.Add(p2, p)
		}
	}
	return [5]float64{ratF(e), ratF(pmf[1]), ratF(over), ratF(eh), ratF(p2)}
}

// TestDamageTable: the inferred damage model reproduces 5(f): to 1e-9
// against the exact fractions of the spec's script, and as printed.
func TestDamageTable(t *testing.T) {
	n := 0
	for _, line := range readLines(t, "testdata/exact5.txt") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "damage" {
			continue
		}
		T, _ := strconv.Atoi(f[1])
		row := damageRow(T)
		for i := range 5 {
			if want := parseFrac(t, f[2+i]); !near(row[i], want, exactTol) {
				t.Errorf("T=%d column %d: %.12f, want %.12f", T, i, row[i], want)
			}
		}
		n++
	}
	if n != 9 {
		t.Fatalf("%d damage rows, want 9", n)
	}
	re := regexp.MustCompile(`^ (\d) \| ([0-9.]+)\s+\| ([0-9.]+)\s+\|\s+([0-9.]+)\s+\| ([0-9.]+) \| ([0-9.]+)$`)
	rows := 0
	for _, line := range readLines(t, "testdata/spec5.txt") {
		mm := re.FindStringSubmatch(line)
		if mm == nil {
			continue
		}
		T, _ := strconv.Atoi(mm[1])
		row := damageRow(T)
		tols := [5]float64{0.0005, 0.00005, 0.00005, 0.005, 0.00005} // 3, 4, 4, 2, 4 decimals
		for i := range 5 {
			want, _ := strconv.ParseFloat(mm[2+i], 64)
			if !near(row[i], want, tols[i]+1e-12) {
				t.Errorf("5(f) T=%d column %d: %.6f, table %s", T, i, row[i], mm[2+i])
			}
		}
		rows++
	}
	if rows != 9 {
		t.Fatalf("%d printed 5(f) rows, want 9", rows)
	}
}

// TestDamageSampled: the kernel's own damage (DC-1 "d10", and the default
// with Randomizer B) and its knock-down rule agree with the exact model
// within 5 standard errors, for every Base Toughness of the table; T 0 is
// the Injured box on every hit.
func TestDamageSampled(t *testing.T) {
	const n = 40_000
	for _, ru := range []Rules{rulesOf(t, "DC-1", "d10", "DC-16", "off"),
		rulesOf(t, "DC-13", "d10", "DC-16", "off")} {
		for T := 0; T <= 9; T++ {
			m := testModel(t, ru, []Sheet{person("A", 3, 3)}, []Sheet{person("B", 3, T)}, nil, passAll)
			k := m.newKernel()
			r := sim.NewRand(uint64(100+T), 0)
			var sumD, sumD2, ones, overT, sumH, sumH2, le2 float64
			for range n {
				k.reset(r, nil)
				k.st[0].act = AttackOn(1)
				// One hit from full.
				dmg, knocked := k.damage(0, 1)
				if T == 0 {
					if !knocked {
						t.Fatal("T=0: a hit does not reach the Injured box")
					}
				} else {
					sumD += float64(dmg)
					sumD2 += float64(dmg * dmg)
					if dmg == 1 {
						ones++
					}
					if dmg > T {
						overT++
					}
				}
				// Hits until Out of the Fight, with the kernel's land.
				k.reset(r, nil)
				k.st[0].act = AttackOn(1)
				h := 0
				for k.st[1].state == up {
					k.land(0)
					h++
				}
				sumH += float64(h)
				sumH2 += float64(h * h)
				if h <= 2 {
					le2++
				}
			}
			row := [5]float64{0, 0, 1, 1, 1}
			if T > 0 {
				row = damageRow(T)
			}
			check := func(what string, got, want, sd float64) {
				t.Helper()
				se := sd / math.Sqrt(n)
				if se == 0 {
					if got != want {
						t.Errorf("%v T=%d %s: %v, want %v", ru.DC1, T, what, got, want)
					}
					return
				}
				if z := (got - want) / se; math.Abs(z) > 5 {
					t.Errorf("rules %v T=%d %s: sampled %.4f, exact %.4f (z=%.1f)", ru, T, what, got, want, z)
				}
			}
			prop := func(p float64) float64 { return math.Sqrt(p * (1 - p)) }
			if T > 0 {
				mean := sumD / n
				check("E[dmg]", mean, row[0], math.Sqrt(sumD2/n-mean*mean))
				check("P(dmg=1)", ones/n, row[1], prop(row[1]))
				check("P(dmg>T)", overT/n, row[2], prop(row[2]))
			}
			hm := sumH / n
			check("E[hits]", hm, row[3], math.Sqrt(max(sumH2/n-hm*hm, 0)))
			check("P(down in <=2 hits)", le2/n, row[4], prop(row[4]))
		}
	}
}

// TestDamageCheck: the Players' Deck has fewer low cards to spare than
// d10s (the conformance suite draws the check against its exact odds).
func TestDamageCheck(t *testing.T) {
	ch := systemtest.Check(t, System, "damage")
	// The Players' Deck has fewer low cards to spare than d10s: three 1s in
	// 30 cards drawn without replacement. With T = 10, P(dmg = 1) =
	// 1 - C(27,10)/C(30,10).
	p, _ := ch.Exact(systems.Args{"toughness": 10, "deck": "players"})
	want := 1 - float64(choose(27, 10))/float64(choose(30, 10))
	if !near(p[1], want, 1e-12) {
		t.Errorf("players T=10 P(1) = %v, want %v", p[1], want)
	}
}

package battleclock_test

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	bc "github.com/tpk-sim/tpk/systems/battleclock"
)

// Table A of the spec (section 3), with its boosted and glitched columns,
// transcribed; figures are percentages rounded to two decimals.

const printedTol = 0.00005 + 1e-12

// tableA: modifier; plain 10+, 7-9, 6-; boosted 10+, 7-9, 6-; glitched 10+, 7-9, 6- (percent).
var tableA = [][10]float64{
	{-6, 0.00, 0.00, 100.00, 0.00, 100.00, 0.00, 0.00, 0.00, 100.00},
	{-5, 0.00, 2.78, 97.22, 0.00, 100.00, 0.00, 0.00, 2.78, 97.22},
	{-4, 0.00, 8.33, 91.67, 0.00, 100.00, 0.00, 0.00, 8.33, 91.67},
	{-3, 0.00, 16.67, 83.33, 0.00, 100.00, 0.00, 0.00, 16.67, 83.33},
	{-2, 2.78, 25.00, 72.22, 2.78, 97.22, 0.00, 0.00, 27.78, 72.22},
	{-1, 8.33, 33.33, 58.33, 8.33, 91.67, 0.00, 0.00, 41.67, 58.33},
	{0, 16.67, 41.67, 41.67, 16.67, 83.33, 0.00, 0.00, 58.33, 41.67},
	{1, 27.78, 44.44, 27.78, 27.78, 72.22, 0.00, 0.00, 72.22, 27.78},
	{2, 41.67, 41.67, 16.67, 41.67, 58.33, 0.00, 0.00, 83.33, 16.67},
	{3, 58.33, 33.33, 8.33, 58.33, 41.67, 0.00, 0.00, 91.67, 8.33},
	{4, 72.22, 25.00, 2.78, 72.22, 27.78, 0.00, 0.00, 97.22, 2.78},
	{5, 83.33, 16.67, 0.00, 83.33, 16.67, 0.00, 0.00, 100.00, 0.00},
	{6, 91.67, 8.33, 0.00, 91.67, 8.33, 0.00, 0.00, 100.00, 0.00},
}

// ratRoll is the exact distribution of 2d6 + mod with the flags.
func ratRoll(mod int, boosted, glitched bool) [3]*big.Rat {
	var n [3]int64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			t := a + b + mod
			if boosted && t <= 6 {
				t = 7
			}
			if glitched && t >= 10 {
				t = 9
			}
			switch {
			case t >= 10:
				n[0]++
			case t >= 7:
				n[1]++
			default:
				n[2]++
			}
		}
	}
	return [3]*big.Rat{big.NewRat(n[0], 36), big.NewRat(n[1], 36), big.NewRat(n[2], 36)}
}

func rollCheck(t *testing.T) systems.Check {
	t.Helper()
	cs := (bc.System).Checks()
	if len(cs) != 1 || cs[0].Name != "roll" {
		t.Fatalf("checks %v, want one: roll", cs)
	}
	c := cs[0]
	var names []string
	for _, p := range c.Params {
		names = append(names, p.Name)
		if p.Kind == systems.BoolParam && p.Default != "false" {
			t.Errorf("--%s: a flag must default to false (the command line reads a missing default as set)", p.Name)
		}
	}
	if len(names) != 3 || names[0] != "modifier" || names[1] != "boosted" || names[2] != "glitched" {
		t.Errorf("roll params %v", names)
	}
	if len(c.Outcomes) != 3 || c.Outcomes[0] != "10+" || c.Outcomes[1] != "7-9" || c.Outcomes[2] != "6-" {
		t.Errorf("roll outcomes %v", c.Outcomes)
	}
	return c
}

// Table A: `odds battleclock roll`, plain, boosted and glitched; and both
// at once always 7-9.
func TestTableA(t *testing.T) {
	c := rollCheck(t)
	for _, row := range tableA {
		t.Run(fmt.Sprintf("modifier %+d", int(row[0])), func(t *testing.T) {
			mod := int(row[0])
			for k, f := range []struct{ boosted, glitched bool }{{false, false}, {true, false}, {false, true}} {
				a := systems.Args{"modifier": mod, "boosted": f.boosted, "glitched": f.glitched}
				p, err := c.Exact(a)
				if err != nil {
					t.Fatal(err)
				}
				r := ratRoll(mod, f.boosted, f.glitched)
				sum := 0.0
				for i := 0; i < 3; i++ {
					ex, _ := r[i].Float64()
					if math.Abs(p[i]-ex) > 1e-9 {
						t.Errorf("roll %v %s: %.12f, exact %.12f", a, c.Outcomes[i], p[i], ex)
					}
					if math.Abs(p[i]-row[1+3*k+i]/100) > printedTol {
						t.Errorf("roll %v %s: %.6f, table A %.2f%%", a, c.Outcomes[i], p[i], row[1+3*k+i])
					}
					sum += p[i]
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Errorf("roll %v: sum %v", a, sum)
				}
			}
			if p := bc.ExactRoll(mod, true, true); p[1] != 1 {
				t.Errorf("boosted and glitched at %+d: %v, want always 7-9", mod, p)
			}
		})
	}
	if _, err := c.Resolve(systems.Args{"modifier": 11}); err == nil {
		t.Error("modifier 11 accepted")
	}
}

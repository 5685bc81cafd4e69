package pbta

import (
	"fmt"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func TestRollsCoverEveryThrowOnce(t *testing.T) {
	seen := map[[2]int]bool{}
	for x := Roll(0); x < NumRolls; x++ {
		a, b := x.Dice()
		if a < 1 || a > 6 || b < 1 || b > 6 || seen[[2]int{a, b}] || x.Sum() != a+b {
			t.Fatalf("roll %d: dice %d, %d, sum %d", x, a, b, x.Sum())
		}
		seen[[2]int{a, b}] = true
	}
	r := sim.NewRand(7, 0)
	for range 1000 {
		if x := Roll2d6(r); x >= NumRolls {
			t.Fatalf("Roll2d6 gave %d", x)
		}
	}
}

func TestBands(t *testing.T) {
	for _, c := range []struct{ total, three, four int }{
		{-3, 2, 3}, {2, 2, 3}, {3, 2, 3}, {4, 2, 2}, {6, 2, 2}, {7, 1, 1}, {9, 1, 1}, {10, 0, 0}, {15, 0, 0},
	} {
		t.Run(fmt.Sprint(c.total), func(t *testing.T) {
			if got := Band3(c.total); got != c.three {
				t.Errorf("Band3(%d) = %d, want %d", c.total, got, c.three)
			}
			if got := Band4(c.total); got != c.four {
				t.Errorf("Band4(%d) = %d, want %d", c.total, got, c.four)
			}
		})
	}
}

// The shares of the 36 throws, worked by hand: 2d6 makes 10+ on 6 throws,
// 7-9 on 15, 6- on 15; 4-6 on 12 and 3- on 3.
func TestOdds(t *testing.T) {
	for _, c := range []struct {
		mod  int
		band func(int) int
		want []int
	}{
		{0, Band3, []int{6, 15, 15}},
		{1, Band3, []int{10, 16, 10}},
		{-2, Band3, []int{1, 9, 26}},
		{0, Band4, []int{6, 15, 12, 3}},
		{12, Band4, []int{36, 0, 0, 0}},
		{-12, Band4, []int{0, 0, 0, 36}},
	} {
		t.Run(fmt.Sprintf("%d bands/mod %+d", len(c.want), c.mod), func(t *testing.T) {
			got := make([]float64, len(c.want))
			Odds(c.mod, c.band, got)
			for i, n := range c.want {
				if got[i] != float64(n)/36 {
					t.Errorf("mod %+d: band %d is %v, want %d/36", c.mod, i, got[i], n)
				}
			}
		})
	}
}

func TestRollOf(t *testing.T) {
	for sum := 2; sum <= 12; sum++ {
		if x := RollOf(sum); x >= NumRolls || x.Sum() != sum {
			t.Errorf("RollOf(%d) = %d, which totals %d", sum, x, x.Sum())
		}
	}
}

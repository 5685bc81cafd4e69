package pbta

import (
	"fmt"
	"testing"
)

func TestStatsWriting(t *testing.T) {
	titles := []string{"Cool", "Hard", "Hot"}
	for _, c := range []struct {
		vals []int
		line string
	}{
		{[]int{0, 0, 0}, "Cool 0, Hard 0, Hot 0"},
		{[]int{1, -2, 3}, "Cool +1, Hard -2, Hot +3"},
	} {
		t.Run(fmt.Sprint(c.vals), func(t *testing.T) {
			if got := StatsLine(titles, c.vals); got != c.line {
				t.Errorf("StatsLine(%v) = %q, want %q", c.vals, got, c.line)
			}
		})
	}
	for v, want := range map[int]string{-3: "-3", 0: "0", 2: "+2"} {
		if got := Signed(v); got != want {
			t.Errorf("Signed(%d) = %q, want %q", v, got, want)
		}
	}
}

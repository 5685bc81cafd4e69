package systems

import (
	"fmt"
	"testing"
)

func TestStatsJSON(t *testing.T) {
	names := []string{"cool", "hard", "hot"}
	for _, c := range []struct {
		vals []int
		want string
	}{
		{[]int{0, 0, 0}, `{"cool":0,"hard":0,"hot":0}`},
		{[]int{1, -2, 3}, `{"cool":1,"hard":-2,"hot":3}`},
		{nil, `{}`},
	} {
		t.Run(fmt.Sprint(c.vals), func(t *testing.T) {
			b, err := StatsJSON(names, c.vals)
			if err != nil || string(b) != c.want {
				t.Errorf("StatsJSON(%v) = %s, %v; want %s", c.vals, b, err, c.want)
			}
		})
	}
}

package sim

import "testing"

// TestSetStandard checks the standard metrics every system records at an
// encounter's end: tpk only when the whole party is dead, any_death from
// one death on, and every value written, so a record reused from an
// earlier encounter keeps nothing of it.
func TestSetStandard(t *testing.T) {
	r := &Record{Values: make([]int32, NumStandard)}
	for _, c := range []struct {
		e    Ending
		want [NumStandard]int32
	}{
		{Ending{Victory: true, Rounds: 4, Deaths: 1, Party: 3}, [NumStandard]int32{1, 0, 0, 1, 0, 4, 1}},
		{Ending{Defeat: true, Rounds: 7, Deaths: 3, Party: 3}, [NumStandard]int32{0, 1, 1, 1, 0, 7, 3}},
		{Ending{Defeat: true, Rounds: 2, Deaths: 0, Party: 2}, [NumStandard]int32{0, 1, 0, 0, 0, 2, 0}},
		{Ending{Stalemate: true, Rounds: 50, Party: 1}, [NumStandard]int32{0, 0, 0, 0, 1, 50, 0}},
	} {
		r.SetStandard(c.e)
		if [NumStandard]int32(r.Values) != c.want {
			t.Errorf("%+v: values %v, want %v", c.e, r.Values, c.want)
		}
	}
}

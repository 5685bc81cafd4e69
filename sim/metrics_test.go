package sim

import (
	"fmt"
	"testing"
)

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
		t.Run(fmt.Sprintf("%+v", c.e), func(t *testing.T) {
			r.SetStandard(c.e)
			if [NumStandard]int32(r.Values) != c.want {
				t.Errorf("%+v: values %v, want %v", c.e, r.Values, c.want)
			}
		})
	}
}

// TestStandardMetrics checks that every headline metric sits at its index
// under its name and is sized by the arguments, and that IsStandard knows
// exactly those names.
func TestStandardMetrics(t *testing.T) {
	ms := StandardMetrics(30, 4)
	if len(ms) != NumStandard {
		t.Fatalf("%d standard metrics, want %d", len(ms), NumStandard)
	}
	for _, c := range []struct {
		index int
		name  string
		kind  Kind
	}{
		{Victory, MetricVictory, Prob},
		{Defeat, MetricDefeat, Prob},
		{TPK, MetricTPK, Prob},
		{AnyDeath, MetricAnyDeath, Prob},
		{Stalemate, MetricStalemate, Prob},
		{Rounds, MetricRounds, Count},
		{Deaths, MetricDeaths, Count},
	} {
		t.Run(c.name, func(t *testing.T) {
			if m := ms[c.index]; m.Name != c.name || m.Kind != c.kind || m.Headline != (c.kind == Prob) {
				t.Errorf("index %d: %q kind %d headline %v, want %q kind %d", c.index, m.Name, m.Kind, m.Headline, c.name, c.kind)
			}
			if !IsStandard(c.name) {
				t.Errorf("IsStandard(%q) = false", c.name)
			}
		})
	}
	if ms[Rounds].Max != 30 || ms[Deaths].Max != 4 {
		t.Errorf("rounds max %d, deaths max %d, want 30 and 4", ms[Rounds].Max, ms[Deaths].Max)
	}
	if IsStandard("escape") {
		t.Error(`IsStandard("escape") = true`)
	}
	ms[Rounds].Max = 99
	if StandardMetrics(30, 4)[Rounds].Max != 30 {
		t.Error("a change to one returned slice leaks into the next")
	}
}

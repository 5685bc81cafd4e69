package sim

import (
	"reflect"
	"strings"
	"testing"
)

// The standing counts of a run equal those counted by replaying every
// encounter and following its combatants round by round by hand.
func TestStandingMatchesReplays(t *testing.T) {
	m := newToy()
	s := m.Schema()
	const seed, trials = 5, 4000
	out := mustRun(t, m, RunConfig{Seed: seed, Trials: trials, Workers: 2, BatchSize: 300})
	res := out.Result(s, RunInfo{})
	top := 0
	var want [3][]int64
	for c := range want {
		want[c] = make([]int64, m.maxRounds+1)
	}
	ncm := len(s.CombatantMetrics)
	for k := range int64(trials) {
		rec, _ := Replay(m, seed, k)
		rounds := int(rec.Values[Rounds])
		draw := rec.Values[toyDraw]
		top = max(top, rounds)
		for r := 0; r <= m.maxRounds; r++ {
			for c := range 2 {
				dead := rec.PerCombatant[c*ncm+toyDeath] == 1
				down := c == 1 && r == 1 && draw%2 == 0 && rounds >= 2
				if !(dead && r >= rounds) && !down {
					want[c][r]++
				}
			}
			if !(rec.Values[Victory] == 1 && r >= rounds) {
				want[2][r]++
			}
		}
	}
	for c, cr := range res.Combatants {
		if !reflect.DeepEqual(cr.Standing, want[c][:top+1]) {
			t.Errorf("%s standing by round\n got %v\nwant %v", cr.Name, cr.Standing, want[c][:top+1])
		}
	}
	if res.Combatants[1].Standing[1] >= res.Combatants[1].Standing[2] {
		t.Errorf("Bo's knock-out in round 1 and recovery in round 2 do not show: %v", res.Combatants[1].Standing)
	}
}

// A kernel that does not report who is standing gives no standing figures;
// one that reports in only some encounters gives none and a warning.
func TestStandingAbsentOrIncomplete(t *testing.T) {
	s := newToy().Schema()
	acc := NewAcc(s)
	rec := NewRecord(s)
	for range 10 {
		rec.Reset()
		acc.Add(rec)
	}
	if got := acc.StandingByRound(0); got != nil {
		t.Errorf("no reports: standing %v, want nil", got)
	}
	out := &Outcome{Acc: acc, Trials: acc.N()}
	standingWarnings := func(ws []string) (n int) {
		for _, w := range ws {
			if strings.Contains(w, "standing") {
				n++
			}
		}
		return n
	}
	if res := out.Result(s, RunInfo{}); res.Combatants[0].Standing != nil || standingWarnings(res.Warnings) != 0 {
		t.Errorf("no reports: standing %v, warnings %v", res.Combatants[0].Standing, res.Warnings)
	}
	rec.Reset()
	rec.Standing(3, 0b011)
	acc.Add(rec)
	if got := acc.StandingByRound(0); got != nil {
		t.Errorf("1 report in 11: standing %v, want nil", got)
	}
	res := out.Result(s, RunInfo{})
	if standingWarnings(res.Warnings) != 1 || res.Combatants[2].Standing != nil {
		t.Errorf("1 report in 11: warnings %q, standing %v", res.Warnings, res.Combatants[2].Standing)
	}
}

// Standing keeps the state of unreported rounds, ignores bits beyond the
// combatants, and counts out and back in the same round as nothing.
func TestStandingRecordSemantics(t *testing.T) {
	s := newToy().Schema()
	acc := NewAcc(s)
	rec := NewRecord(s)
	rec.Reset()
	rec.Standing(0, 0b111|1<<40) // everyone, and a bit of no combatant
	rec.Standing(2, 0b110)       // Ann out in round 2
	rec.Standing(5, 0b111)       // back in round 5
	rec.Standing(7, 0b011)       // the Ogre out in round 7, the end
	acc.Add(rec)
	rec.Reset()
	rec.Standing(1, 0b111) // a short fight where nothing happens
	acc.Add(rec)
	want := map[int][]int64{
		0: {2, 2, 1, 1, 1, 2, 2, 2},
		1: {2, 2, 2, 2, 2, 2, 2, 2},
		2: {2, 2, 2, 2, 2, 2, 2, 1},
	}
	for c, w := range want {
		if got := acc.StandingByRound(c); !reflect.DeepEqual(got, w) {
			t.Errorf("combatant %d: %v, want %v", c, got, w)
		}
	}
	// Merging splits gives the same counts.
	a, b := NewAcc(s), NewAcc(s)
	rec.Reset()
	rec.Standing(0, 0b111)
	rec.Standing(2, 0b110)
	rec.Standing(5, 0b111)
	rec.Standing(7, 0b011)
	a.Add(rec)
	rec.Reset()
	rec.Standing(1, 0b111)
	b.Add(rec)
	a.Merge(b)
	for c, w := range want {
		if got := a.StandingByRound(c); !reflect.DeepEqual(got, w) {
			t.Errorf("merged, combatant %d: %v, want %v", c, got, w)
		}
	}
}

// Reporting who stands allocates nothing in the hot loop.
func TestStandingAllocatesNothing(t *testing.T) {
	s := newToy().Schema()
	acc := NewAcc(s)
	rec := NewRecord(s)
	allocs := testing.AllocsPerRun(1000, func() {
		rec.Reset()
		rec.Standing(1, 0b101)
		rec.Standing(2, 0b111)
		rec.Standing(12, 0b000)
		acc.Add(rec)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per encounter, want 0", allocs)
	}
}

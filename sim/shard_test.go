package sim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// The shards of a run cover it exactly once, for any number of shards,
// including more shards than encounters.
func TestShardCoversTheRun(t *testing.T) {
	for _, tc := range []struct {
		trials int64
		n      int
	}{{3000, 1}, {3000, 3}, {3000, 7}, {5, 7}, {100001, 16}} {
		t.Run(fmt.Sprintf("%d/%d", tc.trials, tc.n), func(t *testing.T) {
			next := int64(0)
			for i := range tc.n {
				first, count := Shard(tc.trials, i, tc.n)
				if first != next || count < 0 {
					t.Fatalf("%d/%d of %d: [%d, +%d), want it to start at %d", i, tc.n, tc.trials, first, count, next)
				}
				next = first + count
			}
			if next != tc.trials {
				t.Errorf("%d shards of %d cover %d encounters", tc.n, tc.trials, next)
			}
		})
	}
}

// Shards played apart, their states written as JSON and read back, merge
// into exactly the accumulator of the run played in one go.
func TestShardsMergeExactly(t *testing.T) {
	m := newToy()
	whole := mustRun(t, m, RunConfig{Seed: 4, Trials: 3000, Workers: 2})
	want := whole.Result(m.Schema(), RunInfo{Name: "toy"})
	for _, n := range []int{1, 2, 7, 4000} {
		merged := NewAcc(m.Schema())
		for i := range n {
			first, count := Shard(3000, i, n)
			if count == 0 {
				continue
			}
			out := mustRun(t, m, RunConfig{Seed: 4, Trials: int(count), Start: first, Workers: 3})
			b, err := json.Marshal(out.Acc.State())
			if err != nil {
				t.Fatal(err)
			}
			var st AccState
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			a, err := AccFromState(m.Schema(), st)
			if err != nil {
				t.Fatal(err)
			}
			merged.Merge(a)
		}
		got := (&Outcome{Acc: merged, Trials: merged.N(), Workers: 2}).Result(m.Schema(), RunInfo{Name: "toy"})
		got.ElapsedS = want.ElapsedS
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d shards merged differ from the whole run", n)
		}
	}
}

// A state that does not fit the scenario is refused, not merged.
func TestAccFromStateRefuses(t *testing.T) {
	m := newToy()
	st := mustRun(t, m, RunConfig{Seed: 1, Trials: 100, Workers: 1}).Acc.State()
	bad := func(edit func(*AccState)) AccState {
		b, _ := json.Marshal(st)
		var c AccState
		_ = json.Unmarshal(b, &c)
		edit(&c)
		return c
	}
	for name, s := range map[string]AccState{
		"fewer figures":      bad(func(s *AccState) { s.Events = s.Events[1:] }),
		"more events than n": bad(func(s *AccState) { s.Events[Victory] = 101 }),
		"histogram short":    bad(func(s *AccState) { s.Hists[Rounds][1]-- }),
		"negative n":         bad(func(s *AccState) { s.N = -1 }),
	} {
		if _, err := AccFromState(m.Schema(), s); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := AccFromState(m.Schema(), st); err != nil {
		t.Errorf("a good state: %v", err)
	}
}

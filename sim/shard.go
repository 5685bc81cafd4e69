package sim

import (
	"fmt"
	"slices"
)

// Shard returns the encounters shard i of n plays of a run of trials
// encounters: [i·trials/n, (i+1)·trials/n). The n shards cover the run
// exactly once, whatever n (a shard may be empty when n > trials).
func Shard(trials int64, i, n int) (first, count int64) {
	first = trials * int64(i) / int64(n)
	return first, trials*int64(i+1)/int64(n) - first
}

// AccState is the exact state of an accumulator, as a partial result
// carries it from a shard to the merge: integers only, so that merging the
// states of the shards gives the accumulator of the whole run bit for bit.
type AccState struct {
	N        int64     `json:"n"`
	Events   []int64   `json:"events"`             // per slot (encounter metrics, then each combatant's): events of a probability
	Hists    [][]int64 `json:"hists"`              // per slot: a count's histogram by value (trailing zeros cut)
	StandN   int64     `json:"standing_n"`         // encounters that reported who was standing
	StandTop int       `json:"standing_top"`       // the largest round reported
	Standing [][]int64 `json:"standing,omitempty"` // per combatant: the changes of who was standing, by round
}

// State returns a copy of the accumulator's exact state.
func (a *Acc) State() AccState {
	st := AccState{N: a.n, Events: slices.Clone(a.events), Hists: make([][]int64, len(a.hists)),
		StandN: a.stand.n, StandTop: a.stand.top, Standing: make([][]int64, len(a.stand.out))}
	for s, h := range a.hists {
		st.Hists[s] = trimZeros(h)
	}
	for c, h := range a.stand.out {
		st.Standing[c] = trimZeros(h)
	}
	return st
}

func trimZeros(h []int64) []int64 {
	top := len(h)
	for top > 0 && h[top-1] == 0 {
		top--
	}
	return slices.Clone(h[:top])
}

// AccFromState rebuilds an accumulator for schema s from a state State
// wrote for the same schema; a state of another shape is an error.
func AccFromState(s *Schema, st AccState) (*Acc, error) {
	a := NewAcc(s)
	if len(st.Events) != len(a.events) || len(st.Hists) != len(a.hists) || len(st.Standing) > len(a.stand.out) {
		return nil, fmt.Errorf("the state has %d figures and %d combatants standing; the scenario has %d and %d",
			len(st.Events), len(st.Standing), len(a.events), len(a.stand.out))
	}
	if st.N < 0 || st.StandN < 0 || st.StandN > st.N {
		return nil, fmt.Errorf("the state counts %d encounters, %d of them reporting who stood", st.N, st.StandN)
	}
	b := NewAcc(s)
	b.n, b.stand.n, b.stand.top = st.N, st.StandN, st.StandTop
	for slot, e := range st.Events {
		var sum int64
		for _, c := range st.Hists[slot] {
			if c < 0 {
				sum = -1
				break
			}
			sum += c
		}
		ok := e >= 0 && e <= st.N && len(st.Hists[slot]) == 0
		if a.kinds[slot] == Count {
			ok = e == 0 && sum == st.N
		}
		if !ok {
			return nil, fmt.Errorf("figure %s does not add up (%d events, a histogram of %d encounters, in %d encounters)",
				a.slotName(slot), e, sum, st.N)
		}
		b.events[slot] = e
		b.hists[slot] = slices.Clone(st.Hists[slot])
	}
	for c, h := range st.Standing {
		b.stand.out[c] = slices.Clone(h)
	}
	a.Merge(b)
	return a, nil
}

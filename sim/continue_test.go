package sim

import (
	"context"
	"testing"
)

// Running on after a run gives exactly the run of the total length, for any
// workers and batches on either side, and from a precision run too.
func TestContinueEqualsLongerRun(t *testing.T) {
	m := newToy()
	s := m.Schema()
	want := resultJSON(t, mustRun(t, m, RunConfig{Seed: 9, Trials: 20000, Workers: 1}), s)
	for _, first := range []RunConfig{
		{Seed: 9, Trials: 7001, Workers: 2, BatchSize: 1000},
		{Seed: 9, Trials: 1, Workers: 1},
		{Seed: 9, Precision: 0.05, Workers: 2},
	} {
		prev := mustRun(t, m, first)
		out, err := Continue(context.Background(), m, RunConfig{Seed: 9, Trials: 20000, Workers: 2, BatchSize: 777}, prev)
		if err != nil {
			t.Fatal(err)
		}
		if got := resultJSON(t, out, s); got != want {
			t.Errorf("from %+v: the continued run differs from a run of 20000", first)
		}
		if prev.Acc.N() != prev.Trials {
			t.Errorf("Continue changed the outcome it continued")
		}
	}
	prev := mustRun(t, m, RunConfig{Seed: 9, Trials: 100})
	for _, cfg := range []RunConfig{{Seed: 9, Trials: 100}, {Seed: 9, Precision: 0.01}} {
		if _, err := Continue(context.Background(), m, cfg, prev); err == nil {
			t.Errorf("Continue(%+v) after 100 trials: no error", cfg)
		}
	}
}

package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// ExplainConfig says how to play a baseline against its variants.
type ExplainConfig struct {
	Seed    uint64
	Workers int
	// Metric ranks the variants and decides when each has been played
	// enough; it must be one of Tracked.
	Metric  string
	Tracked []string // the baseline's metrics whose effects are measured
	// Precision is the half-width the effect on Metric is measured to. A
	// variant whose interval lies within ±Precision cannot matter at that
	// precision and is dropped.
	Precision float64
	MaxTrials int64 // the most encounters any variant is played (default 100,000)
	// FirstStage is the number of encounters every variant plays before any
	// is dropped (default 2,000); each later stage doubles the total.
	FirstStage int64
	// Stage, when set, is called before each stage with the encounters it
	// plays and the variants still in play, and returns a function called
	// when the stage ends (a progress display).
	Stage func(stage int, encounters int64, active int, done *atomic.Int64) func()
}

// The states of a variant at the end of an explanation.
const (
	StatusMeasured = "measured" // its effect on the metric is known to ±Precision
	StatusDropped  = "dropped"  // its interval lies within ±Precision: it cannot matter
	StatusCapped   = "capped"   // MaxTrials was reached first
	StatusNA       = "n/a"      // the metric is n/a (or missing) in the variant
)

// Explanation is what Explain measured.
type Explanation struct {
	Base   *Outcome // the baseline over every encounter played
	Pairs  []*Pairs // per variant, over the encounters it played
	Status []string // per variant
	Stages int
}

// Explain plays the baseline and every variant on common random numbers,
// in stages: 2,000 encounters for all, then doubling the total for those
// still in play. After each stage a variant whose effect on cfg.Metric has
// an interval within ±Precision is dropped (it cannot matter), one measured
// to ±Precision stops, and the rest play on up to MaxTrials. Each decision
// is taken on whole stages, so the outcome is the same for any number of
// workers.
func Explain(ctx context.Context, base Model, variants []Model, cfg ExplainConfig) (*Explanation, error) {
	rank := slices.Index(cfg.Tracked, cfg.Metric)
	if rank < 0 {
		return nil, fmt.Errorf("sim: the ranking metric %q is not tracked", cfg.Metric)
	}
	if cfg.Precision <= 0 {
		return nil, errors.New("sim: explain needs a positive precision")
	}
	maxT, stage := cfg.MaxTrials, cfg.FirstStage
	if maxT <= 0 {
		maxT = 100_000
	}
	if stage <= 0 {
		stage = 2_000
	}
	start := time.Now()
	bs := base.Schema()
	ex := &Explanation{Pairs: make([]*Pairs, len(variants)), Status: make([]string, len(variants))}
	active := make([]bool, len(variants))
	for i, v := range variants {
		ex.Pairs[i] = NewPairs(bs, v.Schema(), cfg.Tracked)
		active[i] = !ex.Pairs[i].Stats[rank].Missing
		if !active[i] {
			ex.Status[i] = StatusNA
		}
	}
	acc := NewAcc(bs)
	var played int64
	for target := min(stage, maxT); ; target = min(2*target, maxT) {
		n := int64(0)
		for _, a := range active {
			if a {
				n++
			}
		}
		if n == 0 && played > 0 {
			break
		}
		ex.Stages++
		var done atomic.Int64
		stop := func() {}
		if cfg.Stage != nil {
			stop = cfg.Stage(ex.Stages, target-played, int(n), &done)
		}
		err := PairedRun(ctx, base, variants, active, PairedConfig{Tracked: cfg.Tracked, Seed: cfg.Seed, First: played,
			N: target - played, Workers: cfg.Workers, Progress: &done}, acc, ex.Pairs)
		stop()
		if err != nil {
			return nil, err
		}
		played = target
		for i := range variants {
			if !active[i] {
				continue
			}
			e := ex.Pairs[i].Stats[rank].Effect(ex.Pairs[i].N)
			switch {
			case e.CI95[0] > -cfg.Precision && e.CI95[1] < cfg.Precision:
				ex.Status[i] = StatusDropped
			case e.HalfWidth() <= cfg.Precision:
				ex.Status[i] = StatusMeasured
			case played >= maxT:
				ex.Status[i] = StatusCapped
			default:
				continue
			}
			active[i] = false
		}
		if played >= maxT {
			break
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ex.Base = &Outcome{Acc: acc, Trials: acc.N(), Workers: workers, Elapsed: time.Since(start)}
	return ex, nil
}

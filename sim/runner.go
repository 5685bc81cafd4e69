package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// DefaultBatchSize is the number of encounters in a batch when RunConfig
// does not say.
const DefaultBatchSize = 1000

// DefaultMaxTrials caps a precision run when RunConfig.MaxTrials is 0.
const DefaultMaxTrials = 10_000_000

// RunConfig says how many encounters to play and how.
type RunConfig struct {
	Seed      uint64
	Trials    int           // trials mode (used when Precision == 0)
	Precision float64       // > 0: adaptive mode
	MaxTrials int           // cap in precision mode; 0 means DefaultMaxTrials (10_000_000)
	Workers   int           // <= 0 means runtime.GOMAXPROCS(0)
	BatchSize int           // 0 means DefaultBatchSize
	Progress  *atomic.Int64 // optional; add the encounters of each finished batch (for a progress bar)
	// Start, in trials mode, is the first encounter played: a shard of a
	// larger run plays encounters Start .. Start+Trials-1.
	Start int64
	// Reach, optional, holds in precision mode the float64 bits
	// (math.Float64bits) of how far the widest headline interval reaches
	// from its estimate so far, updated as batches are merged: the
	// progress towards the target, for a progress bar.
	Reach *atomic.Uint64
}

// Outcome is what Run accumulated.
type Outcome struct {
	Acc     *Acc
	Trials  int64         // encounters accumulated
	Partial bool          // ctx was cancelled before the target was reached: Acc holds the completed prefix of batches
	Workers int           // goroutines used (at most one per batch)
	Elapsed time.Duration // wall time of the run

	precision float64 // the precision target, 0 in trials mode
	capped    bool    // a precision run stopped at its cap without reaching the target
}

// plan is a run's fixed layout: total encounters, batches and stopping rule.
type plan struct {
	seed      uint64
	start     int64 // the first encounter (Continue: the encounters already played)
	total     int64 // Trials, or the cap of a precision run, less start
	batch     int64
	batches   int64
	precision float64
	headline  []int // Prob headline metrics governing the precision rule
}

func newPlan(m Model, cfg RunConfig) (*plan, error) {
	s := m.Schema()
	p := &plan{seed: cfg.Seed, batch: int64(cfg.BatchSize), precision: cfg.Precision}
	switch {
	case cfg.BatchSize < 0:
		return nil, fmt.Errorf("sim: batch size %d is negative", cfg.BatchSize)
	case cfg.BatchSize == 0:
		p.batch = DefaultBatchSize
		if pm, ok := m.(Paced); ok && pm.BatchSize() > 0 {
			p.batch = int64(pm.BatchSize())
		}
	}
	switch {
	case math.IsNaN(cfg.Precision) || cfg.Precision < 0:
		return nil, fmt.Errorf("sim: precision %v must be a positive number", cfg.Precision)
	case cfg.Precision > 0:
		if cfg.MaxTrials < 0 {
			return nil, fmt.Errorf("sim: max trials %d is negative", cfg.MaxTrials)
		}
		p.total = int64(cfg.MaxTrials)
		if p.total == 0 {
			p.total = DefaultMaxTrials
		}
		for i, m := range s.Metrics {
			if m.Headline && m.Kind == Prob && m.NA == "" {
				p.headline = append(p.headline, i)
			}
		}
		if len(p.headline) == 0 {
			return nil, errors.New("sim: a precision run needs at least one headline probability metric; give a number of trials instead")
		}
	default:
		if cfg.Trials <= 0 {
			return nil, fmt.Errorf("sim: trials %d: give a positive number of trials or a precision", cfg.Trials)
		}
		p.total = int64(cfg.Trials)
		p.start = cfg.Start
	}
	if cfg.Start != 0 && (cfg.Precision > 0 || cfg.Start < 0) {
		return nil, fmt.Errorf("sim: a run from encounter %d must be a trials run from 0 or more", cfg.Start)
	}
	p.batches = (p.total + p.batch - 1) / p.batch
	return p, nil
}

// span returns the first encounter of batch b and its size; only the last
// batch may be shorter.
func (p *plan) span(b int64) (first, n int64) {
	first = b * p.batch
	return p.start + first, min(p.batch, p.total-first)
}

// reached reports whether every headline metric's Wilson 95% interval
// reaches at most the precision target from the estimate on either side.
// Near 0 or 1 the interval is lopsided about the estimate (no event in n
// gives [0, hi]), so the larger side counts, not half the width.
func (p *plan) reached(a *Acc) bool { return p.reach(a) <= p.precision }

// reach is how far the widest headline interval reaches from its estimate
// on its larger side.
func (p *plan) reach(a *Acc) float64 {
	r := 0.0
	for _, i := range p.headline {
		lo, hi := Wilson(a.events[i], a.n)
		est := float64(a.events[i]) / float64(max(a.n, 1))
		r = max(r, est-lo, hi-est)
	}
	return r
}

// batchDone is a finished batch on its way to the coordinator.
type batchDone struct {
	index int64
	acc   *Acc
}

// Run plays the encounters of m.
//
// Encounter k (0-based across the run) is played with a generator seeded
// Rand.Seed(cfg.Seed, k), whichever worker plays it. Encounters are grouped
// into batches of cfg.BatchSize; workers take batch indices from a shared
// counter and accumulate each batch into an Acc of their own, and the
// caller's goroutine merges finished batches strictly in batch order. The
// result is therefore bit-identical for any number of workers and, in
// trials mode, for any batch size.
//
// Trials mode (Precision == 0) plays exactly cfg.Trials encounters; the last
// batch may be shorter. Precision mode stops at the first prefix of batches,
// in batch order, at which every headline Prob metric's Wilson 95% half-width
// is at most cfg.Precision; batches finished beyond it are discarded, so the
// outcome does not depend on the workers either. The cap MaxTrials is exact:
// batches are laid out as for a trials run of MaxTrials encounters (the last
// batch cut short), and a run that has not reached the target by then stops
// with exactly MaxTrials encounters.
//
// When ctx is cancelled (Ctrl-C), Run returns the merged prefix of completed
// batches with Partial set and no error. A panic in the kernel is recovered
// and returned as an error naming the encounter, so it can be replayed.
func Run(ctx context.Context, m Model, cfg RunConfig) (*Outcome, error) {
	p, err := newPlan(m, cfg)
	if err != nil {
		return nil, err
	}
	return run(ctx, m, cfg, p, nil)
}

// Continue plays on after prev, a complete outcome of the same model and
// seed, up to cfg.Trials encounters in all: it plays encounters prev.Trials
// .. cfg.Trials-1 and merges them with prev's. Because encounter k depends on
// (seed, k) alone, the result is identical to that of Run with cfg.Trials
// encounters, whatever the workers and batches of either call. cfg must be in
// trials mode (Precision 0) with Trials above prev.Trials; prev is not
// changed. Cancellation behaves as in Run.
func Continue(ctx context.Context, m Model, cfg RunConfig, prev *Outcome) (*Outcome, error) {
	switch {
	case prev == nil || prev.Acc == nil:
		return nil, errors.New("sim: Continue needs the outcome to continue")
	case prev.Partial:
		return nil, errors.New("sim: an interrupted run cannot be continued")
	case cfg.Precision != 0:
		return nil, errors.New("sim: Continue plays a number of trials, not to a precision")
	case int64(cfg.Trials) <= prev.Trials:
		return nil, fmt.Errorf("sim: Continue to %d trials: the run already has %d", cfg.Trials, prev.Trials)
	}
	c := cfg
	c.Trials = int(int64(cfg.Trials) - prev.Trials)
	p, err := newPlan(m, c)
	if err != nil {
		return nil, err
	}
	p.start = prev.Trials
	out, err := run(ctx, m, cfg, p, prev.Acc)
	if err != nil {
		return nil, err
	}
	out.Elapsed += prev.Elapsed
	out.Workers = max(out.Workers, prev.Workers)
	return out, nil
}

// run plays the plan, merging into a copy of base (nil: from nothing).
func run(ctx context.Context, m Model, cfg RunConfig, p *plan, base *Acc) (*Outcome, error) {
	start := time.Now()
	s := m.Schema()
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(int64(workers), p.batches))

	// The Accs in circulation bound the memory held by batches finished out
	// of order. A worker takes an Acc before it takes a batch index, so the
	// lowest unmerged batch always belongs to a worker that can finish it.
	nAccs := 2 * workers
	free := make(chan *Acc, nAccs)
	for range nAccs {
		free <- NewAcc(s)
	}
	results := make(chan batchDone, nAccs) // never blocks: at most nAccs batches exist

	wctx, stop := context.WithCancel(ctx)
	defer stop()
	g, gctx := errgroup.WithContext(wctx)
	var next atomic.Int64
	for range workers {
		g.Go(func() error { return playBatches(gctx, m, cfg, p, &next, free, results) })
	}

	mg := &merger{total: NewAcc(s), pending: map[int64]*Acc{}, free: free, p: p, reach: cfg.Reach}
	if base != nil {
		mg.total.Merge(base)
	}
wait:
	for !mg.done {
		select {
		case r := <-results:
			mg.pending[r.index] = r.acc
			mg.ready()
		case <-gctx.Done():
			break wait
		}
	}
	stop()
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if !mg.done {
		// Cancelled: every worker has returned, so the batches they finished
		// are all in results. Merge the ones that extend the prefix.
		close(results)
		for r := range results {
			mg.pending[r.index] = r.acc
		}
		mg.ready()
		if !mg.done && ctx.Err() == nil {
			return nil, errors.New("sim: the workers stopped before the run was complete")
		}
	}
	total, done := mg.total, mg.done
	return &Outcome{
		Acc:       total,
		Trials:    total.N(),
		Partial:   !done,
		Workers:   workers,
		Elapsed:   time.Since(start),
		precision: p.precision,
		capped:    done && p.precision > 0 && !p.reached(total),
	}, nil
}

// playBatches is one worker of run: it takes a free Acc, then the next
// batch index, plays that batch into the Acc and hands it to results,
// until the batches run out or the run is stopped. A panic in a kernel
// becomes the run's error.
func playBatches(ctx context.Context, m Model, cfg RunConfig, p *plan, next *atomic.Int64, free chan *Acc, results chan<- batchDone) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("sim: panic in a worker: %v\n%s", r, debug.Stack())
		}
	}()
	kern := m.NewKernel()
	rec := NewRecord(m.Schema())
	var rng Rand
	for {
		var acc *Acc
		select {
		case acc = <-free:
		case <-ctx.Done():
			return nil
		}
		b := next.Add(1) - 1
		if b >= p.batches || ctx.Err() != nil {
			return nil
		}
		first, n := p.span(b)
		acc.Reset()
		if err := playBatch(kern, &rng, rec, acc, p.seed, first, n); err != nil {
			return err
		}
		results <- batchDone{b, acc}
		if cfg.Progress != nil {
			cfg.Progress.Add(n)
		}
	}
}

// merger folds finished batches into the total in batch order, whatever
// order the workers finish them in, so that a run's result never depends
// on the number of workers; with a precision target it stops at the first
// prefix of batches that reaches it.
type merger struct {
	total   *Acc
	pending map[int64]*Acc // finished batches not yet merged, by index
	merged  int64          // the batches merged: the prefix 0..merged-1
	done    bool
	free    chan *Acc
	p       *plan
	reach   *atomic.Uint64 // RunConfig.Reach
}

// ready merges the pending batches that extend the merged prefix and
// hands their Accs back to the workers.
func (mg *merger) ready() {
	for !mg.done {
		a, ok := mg.pending[mg.merged]
		if !ok {
			return
		}
		delete(mg.pending, mg.merged)
		mg.total.Merge(a)
		mg.merged++
		mg.free <- a
		if mg.p.precision > 0 {
			r := mg.p.reach(mg.total)
			mg.done = mg.merged == mg.p.batches || r <= mg.p.precision
			if mg.reach != nil {
				mg.reach.Store(math.Float64bits(r))
			}
		} else {
			mg.done = mg.merged == mg.p.batches
		}
	}
}

// playBatch plays encounters first .. first+n-1 into acc. It is the hot loop
// of a run and does not allocate. A panic is returned as an error naming the
// encounter.
func playBatch(k Kernel, r *Rand, rec *Record, acc *Acc, seed uint64, first, n int64) (err error) {
	e := first
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sim: encounter %d failed (replay it with --trial %d): %v\n%s", e, e, p, debug.Stack())
		}
	}()
	for ; e < first+n; e++ {
		rec.Reset()
		r.Seed(seed, uint64(e))
		k.Play(r, rec, nil)
		acc.Add(rec)
	}
	return nil
}

// Replay plays encounter `trial` (0-based) of a run with `seed` alone,
// narrated: it returns the same Record as that encounter inside Run, and its
// Trace. trial should be at least 0.
func Replay(m Model, seed uint64, trial int64) (*Record, *Trace) {
	rec := NewRecord(m.Schema())
	tr := &Trace{}
	var r Rand
	r.Seed(seed, uint64(trial))
	m.NewKernel().Play(&r, rec, tr)
	return rec, tr
}

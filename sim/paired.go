package sim

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
	"gonum.org/v1/gonum/stat/distuv"
)

// Pairs is what a paired run accumulated for one variant against the
// baseline: for every tracked metric, the paired outcome over the same
// encounters. Encounter k of both uses the random stream (seed, k), so the
// two differ only by what the variant changes (common random numbers), and
// the difference of each pair is measured, not the difference of two
// independent samples.
type Pairs struct {
	N     int64
	Stats []PairStat // one per tracked metric
}

// PairStat is one tracked metric of a variant, summed over the pairs.
// Everything is an exact integer, so the order in which batches are merged
// changes nothing.
type PairStat struct {
	Kind     Kind
	Missing  bool  // the variant has no such metric, or has it n/a
	Base     int64 // events (Prob) or total (Count) in the baseline
	Variant  int64 // the same in the variant
	BaseOnly int64 // Prob: pairs with the event in the baseline only
	VarOnly  int64 // Prob: pairs with the event in the variant only
	SumSqDif int64 // Count: sum of the squared differences
}

func (s *PairStat) add(b, v int32) {
	s.Base += int64(b)
	s.Variant += int64(v)
	if s.Kind == Prob {
		if b != 0 && v == 0 {
			s.BaseOnly++
		} else if b == 0 && v != 0 {
			s.VarOnly++
		}
		return
	}
	d := int64(v - b)
	s.SumSqDif += d * d
}

func (s *PairStat) merge(o PairStat) {
	s.Base += o.Base
	s.Variant += o.Variant
	s.BaseOnly += o.BaseOnly
	s.VarOnly += o.VarOnly
	s.SumSqDif += o.SumSqDif
}

// Effect is the effect of a change on one figure, from n pairs: the
// variant's figure minus the baseline's, its 95% interval and the two-sided
// p-value of "no effect".
type Effect struct {
	Base    float64    `json:"baseline"`
	Variant float64    `json:"changed"`
	Diff    float64    `json:"diff"`
	CI95    [2]float64 `json:"ci95"`
	P       float64    `json:"p_value"`
	Holm    bool       `json:"holm"` // survives Holm's correction over every test of the explanation
}

// HalfWidth is half the width of the effect's interval.
func (e Effect) HalfWidth() float64 { return (e.CI95[1] - e.CI95[0]) / 2 }

// Effect turns a metric's pairs into its effect. A probability's difference
// is the mean of the paired differences (each -1, 0 or 1) with a normal
// interval; when no pair differs at all the interval is ± z²/(n+z²), the
// Wilson upper bound of the share of differing pairs, so that it never
// shrinks to a point. Its p-value is the exact two-sided McNemar test: among
// the pairs that differ, are the two directions equally likely? A count's
// difference is the mean paired difference with a normal interval and
// p-value.
func (s PairStat) Effect(n int64) Effect {
	if n <= 0 {
		return Effect{CI95: [2]float64{-1, 1}, P: 1}
	}
	fn := float64(n)
	e := Effect{Base: float64(s.Base) / fn, Variant: float64(s.Variant) / fn, P: 1}
	e.Diff = e.Variant - e.Base
	var sumSq float64
	if s.Kind == Prob {
		sumSq = float64(s.BaseOnly + s.VarOnly)
	} else {
		sumSq = float64(s.SumSqDif)
	}
	variance := max(sumSq/fn-e.Diff*e.Diff, 0) * fn / max(fn-1, 1)
	se := math.Sqrt(variance / fn)
	hw := z95 * se
	if s.Kind == Prob && s.BaseOnly+s.VarOnly == 0 {
		hw = z95 * z95 / (fn + z95*z95)
	}
	e.CI95 = [2]float64{e.Diff - hw, e.Diff + hw}
	switch {
	case s.Kind == Prob:
		if m := s.BaseOnly + s.VarOnly; m > 0 {
			k := float64(min(s.BaseOnly, s.VarOnly))
			e.P = min(1, 2*distuv.Binomial{N: float64(m), P: 0.5}.CDF(k))
		}
		e.CI95[0], e.CI95[1] = max(e.CI95[0], -1), min(e.CI95[1], 1)
	case se > 0:
		e.P = 2 * distuv.UnitNormal.Survival(math.Abs(e.Diff)/se)
	case e.Diff != 0:
		e.P = 0
	}
	return e
}

// PairedConfig says which encounters a paired run plays and what it pairs.
type PairedConfig struct {
	Tracked  []string // the baseline's metrics to pair (each variant's of the same name)
	Seed     uint64
	First, N int64         // the encounters [First, First+N)
	Workers  int           // <= 0: runtime.GOMAXPROCS(0)
	Progress *atomic.Int64 // optional; counts the encounters of the baseline
	// Extra are figures read from each encounter's record beside the
	// tracked metrics (a search's score), paired as counts: Pairs.Stats
	// holds them after the tracked metrics (Pairs.WithExtra).
	Extra []func(m Model, rec *Record) int32
}

// PairedRun plays encounters [First, First+N) of a baseline and of each
// variant whose active flag is set, every encounter on its own random
// stream (seed, k) shared by all of them. The baseline's records go into
// base (its result is that of an ordinary run of those encounters) and each
// active variant's pairs into pairs[i]. Workers split the encounters by
// batch; every sum is an exact integer, so the figures do not depend on the
// number of workers. A kernel that is Numbered is told the number of every
// encounter it plays.
func PairedRun(ctx context.Context, base Model, variants []Model, active []bool, cfg PairedConfig, baseAcc *Acc, pairs []*Pairs) error {
	baseIdx, varIdx, err := pairedIndices(base, variants, active, cfg.Tracked)
	if err != nil {
		return err
	}
	seed, first, n, workers, progress := cfg.Seed, cfg.First, cfg.N, cfg.Workers, cfg.Progress
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	batch := pairedBatch(n, workers)
	batches := (n + batch - 1) / batch
	workers = int(min(int64(workers), max(batches, 1)))
	var next atomic.Int64
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("sim: panic in a paired run: %v\n%s", r, debug.Stack())
				}
			}()
			w := newPairedWorker(base, variants, active, pairs)
			w.baseIdx, w.varIdx, w.extra, w.seed = baseIdx, varIdx, cfg.Extra, seed
			var played int64
			for gctx.Err() == nil {
				b := next.Add(1) - 1
				if b >= batches {
					break
				}
				lo, hi := first+b*batch, min(first+(b+1)*batch, first+n)
				for e := lo; e < hi; e++ {
					w.play(e)
				}
				played += hi - lo
				if progress != nil {
					progress.Add(hi - lo)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			w.mergeInto(baseAcc, pairs, played)
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}

// pairedIndices finds each tracked metric in the baseline's schema (an
// error when one is missing) and in each active variant's (-1 where the
// variant lacks it or its options make it n/a).
func pairedIndices(base Model, variants []Model, active []bool, tracked []string) (baseIdx []int, varIdx [][]int, err error) {
	bs := base.Schema()
	baseIdx = make([]int, len(tracked))
	for j, name := range tracked {
		if baseIdx[j] = bs.Index(name); baseIdx[j] < 0 {
			return nil, nil, fmt.Errorf("sim: the baseline has no metric %q", name)
		}
	}
	varIdx = make([][]int, len(variants))
	for i, v := range variants {
		if !active[i] {
			continue
		}
		varIdx[i] = make([]int, len(tracked))
		for j, name := range tracked {
			k := v.Schema().Index(name)
			if k >= 0 && v.Schema().Metrics[k].NA != "" {
				k = -1
			}
			varIdx[i][j] = k
		}
	}
	return baseIdx, varIdx, nil
}

// pairedWorker is one worker of PairedRun: a kernel and record for the
// baseline and for each active variant, and the pair statistics it
// gathers before merging them.
type pairedWorker struct {
	base     Model
	variants []Model
	active   []bool
	acc      *Acc
	bk       Kernel
	brec     *Record
	kern     []Kernel
	recs     []*Record
	local    [][]PairStat
	numbered []Numbered // the baseline's, then each variant's (nil if not Numbered)
	baseIdx  []int
	varIdx   [][]int
	extra    []func(Model, *Record) int32
	seed     uint64
	rng      Rand
}

// newPairedWorker makes the kernels and records of one worker.
func newPairedWorker(base Model, variants []Model, active []bool, pairs []*Pairs) *pairedWorker {
	bs := base.Schema()
	w := &pairedWorker{
		base: base, variants: variants, active: active,
		acc: NewAcc(bs), bk: base.NewKernel(), brec: NewRecord(bs),
		kern: make([]Kernel, len(variants)), recs: make([]*Record, len(variants)),
		local: make([][]PairStat, len(variants)), numbered: make([]Numbered, len(variants)+1),
	}
	for i, v := range variants {
		if active[i] {
			w.kern[i], w.recs[i] = v.NewKernel(), NewRecord(v.Schema())
			w.local[i] = make([]PairStat, len(pairs[i].Stats))
			for j, s := range pairs[i].Stats {
				w.local[i][j] = PairStat{Kind: s.Kind, Missing: s.Missing}
			}
		}
	}
	w.numbered[0], _ = w.bk.(Numbered)
	for i := range variants {
		w.numbered[i+1], _ = w.kern[i].(Numbered)
	}
	return w
}

// play plays encounter e under the baseline and under every active
// variant from the same generator state, and adds the pairs.
func (w *pairedWorker) play(e int64) {
	w.brec.Reset()
	w.rng.Seed(w.seed, uint64(e))
	if w.numbered[0] != nil {
		w.numbered[0].Number(e)
	}
	w.bk.Play(&w.rng, w.brec, nil)
	w.acc.Add(w.brec)
	for i := range w.variants {
		if !w.active[i] {
			continue
		}
		w.recs[i].Reset()
		w.rng.Seed(w.seed, uint64(e))
		if w.numbered[i+1] != nil {
			w.numbered[i+1].Number(e)
		}
		w.kern[i].Play(&w.rng, w.recs[i], nil)
		for j, k := range w.varIdx[i] {
			if k >= 0 {
				w.local[i][j].add(w.brec.Values[w.baseIdx[j]], w.recs[i].Values[k])
			}
		}
		for x, f := range w.extra {
			w.local[i][len(w.baseIdx)+x].add(f(w.base, w.brec), f(w.variants[i], w.recs[i]))
		}
	}
}

// mergeInto adds what the worker gathered over its played encounters to
// the run's baseline Acc and pairs (the caller holds their lock).
func (w *pairedWorker) mergeInto(baseAcc *Acc, pairs []*Pairs, played int64) {
	baseAcc.Merge(w.acc)
	for i := range w.variants {
		if w.active[i] {
			pairs[i].N += played
			for j := range w.local[i] {
				pairs[i].Stats[j].merge(w.local[i][j])
			}
		}
	}
}

// pairedBatch is the number of encounters in a batch of a paired run of n
// encounters: small enough that every worker has sixteen or so batches (a
// short stage of slow variants still spreads over every core), at most
// DefaultBatchSize. Every sum is an exact integer, so it changes nothing in
// the results.
func pairedBatch(n int64, workers int) int64 {
	return min(max(n/(16*int64(workers)), 1), DefaultBatchSize)
}

// NewPairs returns empty pairs for a variant against baseline schema bs
// over the tracked metrics (each of which bs has); a metric the variant
// lacks or has n/a is Missing.
func NewPairs(bs *Schema, variant *Schema, tracked []string) *Pairs {
	p := &Pairs{Stats: make([]PairStat, len(tracked))}
	for j, name := range tracked {
		k := variant.Index(name)
		p.Stats[j] = PairStat{Kind: bs.Metrics[bs.Index(name)].Kind, Missing: k < 0 || variant.Metrics[k].NA != ""}
	}
	return p
}

// WithExtra adds room for n figures of PairedConfig.Extra after the
// tracked metrics.
func (p *Pairs) WithExtra(n int) *Pairs {
	for range n {
		p.Stats = append(p.Stats, PairStat{Kind: Count})
	}
	return p
}

// Holm marks which of the p-values survive the Holm–Bonferroni step-down
// correction at level: the chance that any of them is a false discovery is
// at most level.
func Holm(ps []float64, level float64) []bool {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	out := make([]bool, len(ps))
	m := len(ps)
	for k, i := range idx {
		if ps[i] > level/float64(m-k) {
			break
		}
		out[i] = true
	}
	return out
}

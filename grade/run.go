package grade

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tpk-sim/tpk/sim"
)

// z95 is the normal quantile of a two-sided 95% interval.
var z95 = distuv.UnitNormal.Quantile(0.975)

// stageTrials is the first stage of a precision run and the step that
// later stages are rounded up to (one engine batch).
const stageTrials = sim.DefaultBatchSize

// unit is one foe's runs, one per tactic, all of the same length.
type unit struct {
	sub    *Subject
	outs   []*sim.Outcome
	n      int64 // encounters played under each tactic
	capped bool  // the precision target was not reached at the cap
}

// runner plays units in stages on a pool of workers.
type runner struct {
	s          *Setup
	set        Settings
	lethal     int // index of the lethality metric
	near       int // index of the metric of coming close to death, -1 if none
	injuries   int // index of the injury count, -1 if none
	encounters atomic.Int64
}

func (s *Setup) newRunner(set Settings, first *Subject) (*runner, error) {
	if set.Lethality == "" {
		set.Lethality = LethalityMetrics[0]
	}
	if set.Precision <= 0 && set.Trials <= 0 {
		set.Precision = DefaultPrecision
	}
	if set.MaxTrials <= 0 {
		set.MaxTrials = DefaultMaxTrials
	}
	set.Workers = max(set.Workers, 1)
	schema := first.models[0].Schema()
	r := &runner{s: s, set: set, lethal: schema.Index(set.Lethality), injuries: -1, near: -1}
	if r.lethal < 0 || schema.Metrics[r.lethal].Kind != sim.Prob {
		return nil, fmt.Errorf("grade: %s has no lethality metric %q", s.Sys.ID(), set.Lethality)
	}
	if i := schema.Index(s.Grading.Injuries); i >= 0 && schema.Metrics[i].Kind == sim.Count {
		r.injuries = i
	}
	if i := schema.Index(s.Grading.Near); s.Grading.Near != "" && i >= 0 && schema.Metrics[i].Kind == sim.Prob {
		r.near = i
	}
	return r, nil
}

// play runs every unit on to want[u] encounters per tactic (units already
// there are left alone), each (unit, tactic) on one worker. Encounter k of
// tactic t is seeded from (seed ^ tacticOffset(t), k) alone, so it is the same
// for every unit, whatever the stages and the workers.
func (r *runner) play(ctx context.Context, units []*unit, want []int64) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.set.Workers)
	// Fewer runs than workers (a late stage, one foe): each run takes a
	// share of the workers, in batches small enough to spread over them. In
	// trials mode neither changes a result.
	runs := 0
	for u, un := range units {
		if want[u] > un.n {
			runs += len(r.s.Tactics)
		}
	}
	perRun := max(1, r.set.Workers/max(runs, 1))
	for u, un := range units {
		if want[u] <= un.n {
			continue
		}
		if un.outs == nil {
			un.outs = make([]*sim.Outcome, len(r.s.Tactics))
		}
		for t := range r.s.Tactics {
			g.Go(func() error {
				cfg := sim.RunConfig{Seed: r.set.Seed ^ r.s.seeds[t], Trials: int(want[u]), Workers: perRun, Progress: r.set.Progress}
				if perRun > 1 {
					cfg.BatchSize = int(max((want[u]-trialsOf(un.outs[t]))/int64(4*perRun), 50))
				}
				m := un.sub.models[t]
				var out *sim.Outcome
				var err error
				if prev := un.outs[t]; prev == nil {
					out, err = sim.Run(gctx, m, cfg)
				} else {
					out, err = sim.Continue(gctx, m, cfg, prev)
				}
				if err != nil {
					return fmt.Errorf("%s, tactic %s: %w", un.sub.Name, r.s.Tactics[t].Name, err)
				}
				if out.Partial {
					return errInterrupted
				}
				r.encounters.Add(out.Trials - trialsOf(un.outs[t]))
				un.outs[t] = out
				return nil
			})
		}
	}
	if err := g.Wait(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errInterrupted
	}
	for u, un := range units {
		un.n = max(un.n, want[u])
	}
	return nil
}

// errInterrupted is returned when the context is cancelled (Ctrl-C).
var errInterrupted = errors.New("interrupted")

// ErrInterrupted reports whether err is an interrupted grading.
func ErrInterrupted(err error) bool { return errors.Is(err, errInterrupted) }

func trialsOf(o *sim.Outcome) int64 {
	if o == nil {
		return 0
	}
	return o.Trials
}

// firstStage is the number of encounters per tactic every unit starts with.
func (r *runner) firstStage() int64 {
	if r.set.Precision <= 0 {
		return int64(r.set.Trials)
	}
	return min(stageTrials, int64(r.set.MaxTrials))
}

// reached reports whether every tactic's lethality interval is narrow
// enough (always, in trials mode).
func (r *runner) reached(un *unit) bool {
	if r.set.Precision <= 0 {
		return true
	}
	for _, o := range un.outs {
		p := o.Acc.Proportion(r.lethal)
		if (p.CI95[1]-p.CI95[0])/2 > r.set.Precision {
			return false
		}
	}
	return true
}

// next is the number of encounters per tactic the unit's next stage plays
// to: enough, by the normal approximation with a 10% margin, for the
// widest tactic to reach the target, rounded up to a whole batch; at least
// twice as many as now; at most the cap.
func (r *runner) next(un *unit) int64 {
	need := 2 * un.n
	for _, o := range un.outs {
		p := o.Acc.Proportion(r.lethal).P
		n := int64(math.Ceil(1.1 * z95 * z95 * p * (1 - p) / (r.set.Precision * r.set.Precision)))
		need = max(need, n)
	}
	need = (need + stageTrials - 1) / stageTrials * stageTrials
	return min(need, int64(r.set.MaxTrials))
}

// toPrecision plays units in stages until each reaches the precision
// target or its cap; keep, when not nil, may drop a unit that would go on
// to another stage (it returns false to stop playing it).
func (r *runner) toPrecision(ctx context.Context, units []*unit, keep func(*unit) bool) error {
	live := units
	want := make([]int64, len(live))
	for i := range want {
		want[i] = r.firstStage()
	}
	for len(live) > 0 {
		if err := r.play(ctx, live, want); err != nil {
			return err
		}
		var next []*unit
		want = want[:0]
		for _, un := range live {
			if r.reached(un) {
				continue
			}
			if un.n >= int64(r.set.MaxTrials) {
				un.capped = true
				continue
			}
			if keep != nil && !keep(un) {
				continue
			}
			next = append(next, un)
			want = append(want, r.next(un))
		}
		live = next
	}
	return nil
}

// pooled is the lethality of the unit pooled over its tactics.
func (r *runner) pooled(un *unit) sim.Proportion { return r.pooledOf(un, r.lethal) }

// pooledOf is probability metric i of the unit pooled over its tactics.
func (r *runner) pooledOf(un *unit, i int) sim.Proportion {
	var events, n int64
	for _, o := range un.outs {
		p := o.Acc.Proportion(i)
		events += p.Events
		n += p.N
	}
	return proportion(events, n)
}

func proportion(events, n int64) sim.Proportion {
	lo, hi := sim.Wilson(events, n)
	p := 0.0
	if n > 0 {
		p = float64(events) / float64(n)
	}
	return sim.Proportion{P: p, CI95: [2]float64{lo, hi}, N: n, Events: events}
}

func meanOf(d sim.Distribution) Mean { return Mean{Mean: d.Mean, CI95: d.CI95, SD: d.SD} }

// average is the mean of equally weighted tactic means of n encounters
// each, with the normal 95% interval of independent samples.
func average(ms []Mean, n int64) Mean {
	var sum, v float64
	for _, m := range ms {
		sum += m.Mean
		v += m.SD * m.SD / float64(n)
	}
	k := float64(len(ms))
	mean, half := sum/k, z95*math.Sqrt(v)/k
	return Mean{Mean: mean, CI95: [2]float64{mean - half, mean + half}}
}

// graded turns a unit's runs into its figures.
func (r *runner) graded(un *unit) *Graded {
	sub := un.sub
	g := &Graded{ID: sub.ID, Name: sub.Name, File: sub.File, Sample: sub.Sample, Rule: sub.Rule, Trials: un.n,
		Deadliness: r.pooled(un), EmpiricalRank: -1}
	g.Warnings = append(g.Warnings, sub.Notes...)
	if r.near >= 0 {
		p := r.pooledOf(un, r.near)
		g.Near, g.NearMetric = &p, r.s.Grading.Near
	}
	var injuries, rounds []Mean
	for t, o := range un.outs {
		tf := TacticFigures{Tactic: r.s.Tactics[t].Name, Lethality: o.Acc.Proportion(r.lethal),
			Victory: o.Acc.Proportion(sim.Victory), Rounds: meanOf(o.Acc.Distribution(sim.Rounds))}
		if r.near >= 0 {
			p := o.Acc.Proportion(r.near)
			tf.Near = &p
		}
		if r.injuries >= 0 {
			m := meanOf(o.Acc.Distribution(r.injuries))
			tf.Injuries = &m
			injuries = append(injuries, m)
		}
		rounds = append(rounds, tf.Rounds)
		g.Tactics = append(g.Tactics, tf)
		if tf.Lethality.FewEvents() {
			g.Warnings = append(g.Warnings, fewEventsWarning(sub.Name, tf.Tactic, tf.Lethality))
		}
		if t == 0 || tf.Lethality.P < g.Lethality(g.Best) {
			g.Best = tf.Tactic
		}
		if t == 0 || tf.Lethality.P > g.Lethality(g.Worst) {
			g.Worst = tf.Tactic
		}
	}
	if injuries != nil {
		m := average(injuries, un.n)
		g.Injuries = &m
	}
	g.Rounds = average(rounds, un.n)
	if un.capped {
		g.Warnings = append(g.Warnings, fmt.Sprintf("%s: the precision target %g was not reached at the cap of %d encounters per tactic",
			sub.Name, r.set.Precision, un.n))
	}
	if b, _ := r.s.Bands(r.set.Lethality); b != nil {
		g.EmpiricalRank = BandRank(b.Lower, g.Deadliness.P)
		g.Empirical = r.s.Scale[g.EmpiricalRank]
		if Undetermined(b.Lower, g.Deadliness) {
			g.Empirical, g.Undetermined = UndeterminedGrade, true
		}
		if len(sub.Options) > 0 {
			g.Warnings = append(g.Warnings, fmt.Sprintf("%s: its file sets %s; the bands of its empirical grade were derived under the default options",
				sub.Name, strings.Join(sub.Options, ", ")))
		}
	}
	return g
}

func fewEventsWarning(name, tactic string, p sim.Proportion) string {
	if p.Events < 10 {
		return fmt.Sprintf("%s under %s: lethality rests on %d %s; its interval is wide", name, tactic, p.Events,
			plural(int(p.Events), "death", "deaths"))
	}
	non := p.N - p.Events
	return fmt.Sprintf("%s under %s: lethality rests on %d %s without a death; its interval is wide", name, tactic, non,
		plural(int(non), "encounter", "encounters"))
}

// BandRank is the grade a deadliness falls in: the number of band lower
// bounds at or below it.
// UndeterminedGrade is the empirical grade of a foe whose deadliness
// interval spans more than one band.
const UndeterminedGrade = "undetermined"

// Undetermined reports whether the 95% interval of p reaches from one band
// into another: the data do not tell the grade.
func Undetermined(lower []float64, p sim.Proportion) bool {
	return BandRank(lower, p.CI95[0]) != BandRank(lower, p.CI95[1])
}

func BandRank(lower []float64, p float64) int {
	r := 0
	for _, lo := range lower {
		if p >= lo {
			r++
		}
	}
	return r
}

// Grade simulates every subject against the setup's party under each
// tactic, to the settings' precision or number of trials, and returns
// their figures in the order given. It also returns the number of
// encounters played.
func (s *Setup) Grade(ctx context.Context, subs []*Subject, set Settings) ([]*Graded, int64, error) {
	if len(subs) == 0 {
		return nil, 0, errors.New("grade: no foes to grade")
	}
	r, err := s.newRunner(set, subs[0])
	if err != nil {
		return nil, 0, err
	}
	units := make([]*unit, len(subs))
	for i, sub := range subs {
		units[i] = &unit{sub: sub}
	}
	if err := r.toPrecision(ctx, units, nil); err != nil {
		return nil, 0, err
	}
	out := make([]*Graded, len(units))
	for i, un := range units {
		out[i] = r.graded(un)
	}
	return out, r.encounters.Load(), nil
}

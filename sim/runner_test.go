package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

func mustRun(t *testing.T, m Model, cfg RunConfig) *Outcome {
	t.Helper()
	out, err := Run(context.Background(), m, cfg)
	if err != nil {
		t.Fatalf("Run(%+v): %v", cfg, err)
	}
	return out
}

// resultJSON is the result file of an outcome with the figures that may
// legitimately differ between runs (time, workers) zeroed.
func resultJSON(t *testing.T, out *Outcome, s *Schema) string {
	t.Helper()
	res := out.Result(s, RunInfo{Name: "toy", File: "toy.yaml", System: "toy", Version: "test", Seed: 42})
	res.ElapsedS, res.Workers = 0, 0
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunTrialsIdenticalForWorkersAndBatches(t *testing.T) {
	m := newToy()
	const trials = 10007
	ref := mustRun(t, m, RunConfig{Seed: 42, Trials: trials, Workers: 1, BatchSize: 1000})
	if ref.Trials != trials || ref.Acc.N() != trials || ref.Partial {
		t.Fatalf("reference run: trials %d, n %d, partial %v", ref.Trials, ref.Acc.N(), ref.Partial)
	}
	refJSON := resultJSON(t, ref, m.Schema())
	for _, workers := range []int{1, 2, 4} {
		for _, batch := range []int{0, 1000, 333, 7, trials, 50000} {
			out := mustRun(t, m, RunConfig{Seed: 42, Trials: trials, Workers: workers, BatchSize: batch})
			if !reflect.DeepEqual(out.Acc, ref.Acc) {
				t.Errorf("workers %d, batch %d: Acc differs from 1 worker, batch 1000", workers, batch)
			}
			if got := resultJSON(t, out, m.Schema()); got != refJSON {
				t.Errorf("workers %d, batch %d: result JSON differs:\n%s\nwant\n%s", workers, batch, got, refJSON)
			}
		}
	}
	// Another seed gives another run.
	other := mustRun(t, m, RunConfig{Seed: 43, Trials: trials, Workers: 2})
	if reflect.DeepEqual(other.Acc, ref.Acc) {
		t.Error("seeds 42 and 43 gave identical runs")
	}
}

func TestRunPrecisionIdenticalForWorkers(t *testing.T) {
	m := newToy()
	cfg := RunConfig{Seed: 9, Precision: 0.01, BatchSize: 500, Workers: 1}
	ref := mustRun(t, m, cfg)
	refJSON := resultJSON(t, ref, m.Schema())
	for _, workers := range []int{2, 4, 8} {
		cfg.Workers = workers
		out := mustRun(t, m, cfg)
		if out.Trials != ref.Trials || !reflect.DeepEqual(out.Acc, ref.Acc) {
			t.Errorf("workers %d: %d trials, want %d, or a different Acc", workers, out.Trials, ref.Trials)
		}
		if got := resultJSON(t, out, m.Schema()); got != refJSON {
			t.Errorf("workers %d: result JSON differs", workers)
		}
	}
}

// halfWidths returns the Wilson half-width of every headline metric.
func halfWidths(s *Schema, a *Acc) map[string]float64 {
	out := map[string]float64{}
	for i, m := range s.Metrics {
		if m.Headline && m.Kind == Prob {
			p := a.Proportion(i)
			out[m.Name] = (p.CI95[1] - p.CI95[0]) / 2
		}
	}
	return out
}

func TestRunPrecisionStopsAtFirstPrefix(t *testing.T) {
	m := newToy()
	const prec, batch = 0.01, 500
	for _, seed := range []uint64{1, 2, 3} {
		out := mustRun(t, m, RunConfig{Seed: seed, Precision: prec, BatchSize: batch, Workers: 4})
		if out.Partial || out.capped {
			t.Fatalf("seed %d: partial %v, capped %v", seed, out.Partial, out.capped)
		}
		// p = 0.3 needs about 1.96²·0.21/0.01² ≈ 8067 encounters: far from
		// the cap and from one batch.
		if out.Trials < 5000 || out.Trials > 12000 || out.Trials%batch != 0 {
			t.Errorf("seed %d: stopped after %d encounters, want a multiple of %d near 8000", seed, out.Trials, batch)
		}
		for name, h := range halfWidths(m.Schema(), out.Acc) {
			if h > prec {
				t.Errorf("seed %d: %s half-width %.5f > %g", seed, name, h, prec)
			}
		}
		// The prefix one batch shorter must miss the target: the run stopped
		// at the first prefix that reached it.
		shorter := mustRun(t, m, RunConfig{Seed: seed, Trials: int(out.Trials - batch), Workers: 2})
		missed := false
		for _, h := range halfWidths(m.Schema(), shorter.Acc) {
			missed = missed || h > prec
		}
		if !missed {
			t.Errorf("seed %d: %d encounters already reached the precision; the run went on to %d", seed, shorter.Trials, out.Trials)
		}
		// And it is the same as a trials run of that length.
		same := mustRun(t, m, RunConfig{Seed: seed, Trials: int(out.Trials), Workers: 3, BatchSize: 777})
		if !reflect.DeepEqual(same.Acc, out.Acc) {
			t.Errorf("seed %d: the precision run differs from a trials run of %d", seed, out.Trials)
		}
	}
}

func TestRunPrecisionCap(t *testing.T) {
	m := newToy()
	for _, tc := range []struct {
		maxTrials, batch int
	}{
		{5500, 1000}, // the last batch is cut short
		{5000, 1000},
		{300, 1000}, // a single short batch
	} {
		t.Run(fmt.Sprintf("cap=%d/batch=%d", tc.maxTrials, tc.batch), func(t *testing.T) {
			out := mustRun(t, m, RunConfig{Seed: 3, Precision: 1e-4, MaxTrials: tc.maxTrials, BatchSize: tc.batch, Workers: 4})
			if out.Trials != int64(tc.maxTrials) || out.Partial || !out.capped {
				t.Errorf("cap %d: trials %d, partial %v, capped %v; want exactly the cap", tc.maxTrials, out.Trials, out.Partial, out.capped)
			}
			same := mustRun(t, m, RunConfig{Seed: 3, Trials: tc.maxTrials, Workers: 1})
			if !reflect.DeepEqual(same.Acc, out.Acc) {
				t.Errorf("cap %d: differs from a trials run of the same length", tc.maxTrials)
			}
			res := out.Result(m.Schema(), RunInfo{})
			if !hasWarning(res, "precision target 0.0001 was not reached") {
				t.Errorf("cap %d: no warning about the cap in %q", tc.maxTrials, res.Warnings)
			}
		})
	}
}

func hasWarning(res *Result, part string) bool {
	for _, w := range res.Warnings {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

func TestRunCancelGivesPrefix(t *testing.T) {
	const batch, total = 1000, 200_000
	for _, workers := range []int{1, 2, 4} {
		m := newToy()
		ctx, cancel := context.WithCancel(context.Background())
		var played atomic.Int64
		m.onPlay = func() {
			if played.Add(1) == 5000 {
				cancel()
			}
		}
		out, err := Run(ctx, m, RunConfig{Seed: 11, Trials: total, Workers: workers, BatchSize: batch})
		cancel()
		if err != nil {
			t.Fatalf("workers %d: cancelling is not an error, got %v", workers, err)
		}
		if !out.Partial || out.Trials >= total || out.Trials%batch != 0 || out.Acc.N() != out.Trials {
			t.Fatalf("workers %d: partial %v, trials %d, n %d; want a partial prefix of whole batches",
				workers, out.Partial, out.Trials, out.Acc.N())
		}
		if workers == 1 && out.Trials < 5000 {
			t.Errorf("1 worker: %d encounters kept, but batches 0..4 were complete", out.Trials)
		}
		m.onPlay = nil
		if out.Trials > 0 {
			prefix := mustRun(t, m, RunConfig{Seed: 11, Trials: int(out.Trials), Workers: 1})
			if !reflect.DeepEqual(prefix.Acc, out.Acc) {
				t.Errorf("workers %d: the partial run is not the prefix of %d encounters", workers, out.Trials)
			}
		}
		res := out.Result(m.Schema(), RunInfo{})
		if !res.Partial || !hasWarning(res, "interrupted after "+strconv.FormatInt(out.Trials, 10)+" encounters") {
			t.Errorf("workers %d: result partial %v, warnings %q", workers, res.Partial, res.Warnings)
		}
	}
}

func TestRunCancelledBeforeStart(t *testing.T) {
	m := newToy()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, err := Run(ctx, m, RunConfig{Seed: 1, Trials: 100_000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Partial || out.Trials != 0 {
		t.Fatalf("partial %v, trials %d; want partial with nothing", out.Partial, out.Trials)
	}
	// An empty result still makes a valid result file (no NaN anywhere).
	if _, err := json.Marshal(out.Result(m.Schema(), RunInfo{})); err != nil {
		t.Errorf("empty result: %v", err)
	}
}

func TestRunKernelPanicIsAnError(t *testing.T) {
	m := newToy()
	m.panicDraw = 777
	_, err := Run(context.Background(), m, RunConfig{Seed: 5, Trials: 20000, Workers: 4, BatchSize: 100})
	if err == nil {
		t.Fatal("a panicking kernel gave no error")
	}
	match := regexp.MustCompile(`encounter (\d+) failed \(replay it with --trial \d+\): toy: cursed draw`).FindStringSubmatch(err.Error())
	if match == nil {
		t.Fatalf("error %q does not name the encounter and the panic", err)
	}
	// The named encounter is one whose first draw is the cursed one.
	k, _ := strconv.ParseInt(match[1], 10, 64)
	rec, _ := Replay(newToy(), 5, k)
	if rec.Values[toyDraw] != 777 {
		t.Errorf("encounter %d drew %d, not the cursed 777", k, rec.Values[toyDraw])
	}

	// A panic outside the encounters (building the kernel) is an error too.
	_, err = Run(context.Background(), panicModel{newToy()}, RunConfig{Seed: 5, Trials: 10, Workers: 2})
	if err == nil || !strings.Contains(err.Error(), "no kernel for you") {
		t.Errorf("NewKernel panic: error %v", err)
	}
}

type panicModel struct{ *toyModel }

func (panicModel) NewKernel() Kernel { panic("no kernel for you") }

func TestRunBadConfig(t *testing.T) {
	noHeadline := newToy()
	noHeadline.schema = &Schema{Metrics: []Metric{{Name: "rounds", Kind: Count, Max: 3}}}
	for _, tc := range []struct {
		name string
		m    Model
		cfg  RunConfig
		want string
	}{
		{"nothing to do", newToy(), RunConfig{}, "give a positive number of trials or a precision"},
		{"negative trials", newToy(), RunConfig{Trials: -5}, "trials -5"},
		{"negative batch", newToy(), RunConfig{Trials: 5, BatchSize: -1}, "batch size -1"},
		{"negative precision", newToy(), RunConfig{Precision: -0.1}, "precision"},
		{"NaN precision", newToy(), RunConfig{Precision: math.NaN()}, "precision"},
		{"negative cap", newToy(), RunConfig{Precision: 0.01, MaxTrials: -1}, "max trials -1"},
		{"no headline", noHeadline, RunConfig{Precision: 0.01}, "at least one headline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.m, tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestReplayMatchesRun checks that Replay(m, seed, k) is encounter k of a
// run: the difference between runs of k+1 and k encounters is encounter k.
func TestReplayMatchesRun(t *testing.T) {
	m := newToy()
	s := m.Schema()
	const seed = 77
	for _, k := range []int64{0, 1, 249, 250, 999, 4321} {
		before := &Outcome{Acc: NewAcc(s)}
		if k > 0 {
			before = mustRun(t, m, RunConfig{Seed: seed, Trials: int(k), Workers: 3, BatchSize: 250})
		}
		after := mustRun(t, m, RunConfig{Seed: seed, Trials: int(k + 1), Workers: 3, BatchSize: 250})
		rec, tr := Replay(m, seed, k)
		if len(tr.Events) == 0 {
			t.Errorf("encounter %d: the trace is empty", k)
		}
		for slot := range after.Acc.kinds {
			var v int32
			if slot < len(rec.Values) {
				v = rec.Values[slot]
			} else {
				v = rec.PerCombatant[slot-len(rec.Values)]
			}
			name := after.Acc.slotName(slot)
			if after.Acc.kinds[slot] == Prob {
				if d := after.Acc.events[slot] - before.Acc.events[slot]; d != int64(v) {
					t.Errorf("encounter %d, %s: the run counted %d, the replay %d", k, name, d, v)
				}
				continue
			}
			ha, hb := after.Acc.hists[slot], before.Acc.hists[slot]
			for x := range ha {
				var d int64 = ha[x]
				if x < len(hb) {
					d -= hb[x]
				}
				want := int64(0)
				if int32(x) == v {
					want = 1
				}
				if d != want {
					t.Errorf("encounter %d, %s: the run added %d at %d, the replay has %d", k, name, d, x, v)
				}
			}
		}
	}
	// Replays are themselves reproducible, and encounters differ.
	a, _ := Replay(m, seed, 10)
	b, _ := Replay(m, seed, 10)
	c, _ := Replay(m, seed, 11)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Errorf("replays: same encounter %v vs %v; next encounter %v", a, b, c)
	}
}

func TestRunProgressAndWorkers(t *testing.T) {
	m := newToy()
	var progress atomic.Int64
	out := mustRun(t, m, RunConfig{Seed: 1, Trials: 2500, Workers: 16, BatchSize: 1000, Progress: &progress})
	if progress.Load() != 2500 {
		t.Errorf("progress = %d, want 2500", progress.Load())
	}
	if out.Workers != 3 {
		t.Errorf("workers = %d, want 3 (one per batch)", out.Workers)
	}
	if out := mustRun(t, m, RunConfig{Seed: 1, Trials: 5000, BatchSize: 100}); out.Workers < 1 {
		t.Errorf("default workers = %d", out.Workers)
	}
}

// --precision P bounds the larger side of the Wilson interval about p, which
// is lopsided near 0: with no event at all, the interval [0, hi] must have
// hi <= P, not merely (hi - lo)/2 <= P.
func TestRunPrecisionUsesTheLargerSide(t *testing.T) {
	const target = 0.003
	out := mustRun(t, newCoin(0), RunConfig{Seed: 1, Precision: target, Workers: 2})
	lo, hi := Wilson(out.Acc.events[0], out.Trials)
	p := float64(out.Acc.events[0]) / float64(out.Trials)
	if max(p-lo, hi-p) > target {
		t.Errorf("stopped at %d encounters with victory %v [%v, %v]: a side is wider than %v", out.Trials, p, lo, hi, target)
	}
	// and not later than needed: a batch fewer would not do.
	lo, hi = Wilson(0, out.Trials-DefaultBatchSize)
	if out.Trials > DefaultBatchSize && hi <= target {
		t.Errorf("stopped at %d encounters, but %d were enough", out.Trials, out.Trials-DefaultBatchSize)
	}
}

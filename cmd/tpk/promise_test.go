package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tpk-sim/tpk/reports"
)

// promiseTrials is the number of encounters each yardstick row plays in
// TestNamedStrategiesKeepTheirPromise, by system: as many as keep the test
// within a minute or two; TPK_PROMISE_FULL=1 plays the yardstick's own
// 1,000 with each system's own search.
var promiseTrials = map[string]int{"locus": 200, "catchthedevil": 200, "battleclock": 200, "demoncity": 200, "hmtw": 120}

// promiseTrialsOf overrides promiseTrials for the examples whose strong
// rows cost the most: in the crypt and against the Yellow King the guild
// wins every fight at every table, and strong play searches a hundred
// decisions an encounter (measured: 26 and 28 s at 120 encounters, a
// third of the whole test) to find no regret of the guild's.
var promiseTrialsOf = map[string]int{"hmtw/crypt": 40, "hmtw/yellow-king": 40}

// promiseRollouts is the most rollouts of a choice strong play makes in the
// test (the shipped search makes 16 to 64): a weaker search must still be
// at least as good as the default, since it leaves the default only on
// evidence. 8 rather than 16 takes a quarter off the test's time.
const promiseRollouts = 8

// TestNamedStrategiesKeepTheirPromise plays the yardstick of every example
// and checks that each named strategy keeps the order its name promises,
// for the party's score (a death -64, a member at the edge of death -2, a
// victory +1): strong play at least as good for its side as the default,
// the default at least as good as the careless party, a harsher GM at
// least as deadly as the default. "At least" is within noise: a promise is
// broken when the paired difference on common random numbers goes against
// it by more than z standard errors, z set by Bonferroni so that all the
// comparisons together wrongly fail one time in twenty.
func TestNamedStrategiesKeepTheirPromise(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the yardstick of every example")
	}
	full := os.Getenv("TPK_PROMISE_FULL") != ""
	names := exampleNames()
	type promise struct {
		side, play string
		better     bool // the party's score should be at least the competent table's (else at most)
	}
	promises := []promise{
		{"party", reports.PlayStrong, true},
		{"party", reports.PlayCareless, false},
		{"foes", reports.PlayHarsh, false},
		{"foes", reports.PlayStrong, false},
	}
	family := len(names) * len(promises)
	z := distuv.UnitNormal.Quantile(1 - 0.05/float64(family))
	e := &env{stdout: io.Discard, stderr: io.Discard, now: time.Now, cpus: 2, files: osFS{}}
	checked := 0
	for _, name := range names {
		system := strings.SplitN(strings.TrimPrefix(name, examplePrefix), "/", 2)[0]
		trials, ok := promiseTrialsOf[strings.TrimPrefix(name, examplePrefix)]
		if !ok {
			trials = promiseTrials[system]
		}
		o := yardstickOptions{trials: int64(trials), rollouts: promiseRollouts, rolloutsSet: true, workers: 2, quiet: true}
		if full {
			o.trials, o.rolloutsSet = defaultYardstickTrials, false
		}
		srcs, err := readSources(osFS{}, []string{name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		y, err := yardstickSource(context.Background(), e, srcs[0], o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range promises {
			r := y.Row(p.side, p.play)
			if r == nil || r.ScoreDiff == nil {
				continue
			}
			checked++
			d := *r.ScoreDiff
			se := d.HalfWidth() / 1.96
			if p.better && d.Diff < -z*se || !p.better && d.Diff > z*se {
				t.Errorf("%s: the %s %s breaks its promise: the party's score %+.3f (95%% ±%.3f) against the competent table's %.3f; tolerance %.1f standard errors",
					name, p.play, p.side, d.Diff, d.HalfWidth(), *y.Rows[0].Score, z)
			}
		}
		t.Logf("%s: %d encounters a row, %.1f s", name, o.trials, time.Since(start).Seconds())
	}
	if checked == 0 {
		t.Fatal("no promise was checked: no system has strong play, a careless party or a harsher GM")
	}
	t.Logf("%d promises checked, each at %.2f standard errors (Bonferroni over %d)", checked, z, family)
}

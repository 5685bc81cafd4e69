// Package bench measures the rule kernels and the engine. Nothing here
// asserts a timing: run `go test ./bench -bench . -benchmem` and compare with
// baseline.txt (benchstat format) to see a regression.
package bench

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/locus"
	"github.com/tpk-sim/tpk/systems"
	_ "github.com/tpk-sim/tpk/systems/locus"
)

// model compiles an embedded example.
func model(b *testing.B, name string) sim.Model {
	b.Helper()
	data, err := examples.FS.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	sc, err := sim.LoadScenario(name, data, systems.IDs())
	if err != nil {
		b.Fatal(err)
	}
	sys, err := systems.Get(sc.System)
	if err != nil {
		b.Fatal(err)
	}
	build, err := sys.Compile(sc)
	if err != nil {
		b.Fatal(err)
	}
	return build.Model
}

// benchKernel plays one encounter per iteration on one goroutine, exactly
// as a worker does: reseed, reset the record, play, accumulate.
func benchKernel(b *testing.B, name string) {
	m := model(b, name)
	k := m.NewKernel()
	rec := sim.NewRecord(m.Schema())
	acc := sim.NewAcc(m.Schema())
	var r sim.Rand
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Seed(1, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		acc.Add(rec)
	}
}

// BenchmarkLocusDuel is a 1-vs-1 conflict: the reference character against
// the Faced Flock, fought to the end.
func BenchmarkLocusDuel(b *testing.B) { benchKernel(b, "locus/duel.yaml") }

// BenchmarkLocusParty is a 4-vs-2 party fight.
func BenchmarkLocusParty(b *testing.B) { benchKernel(b, "locus/party-fight.yaml") }

// BenchmarkEngine runs whole 100,000-encounter duels through the worker pool
// on one worker and on every core; ns/op is per encounter.
func BenchmarkEngine(b *testing.B) {
	m := model(b, "locus/duel.yaml")
	for _, w := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			const trials = 100_000
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := sim.Run(context.Background(), m, sim.RunConfig{Seed: uint64(i), Trials: trials, Workers: w}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*trials), "ns/encounter")
			b.ReportMetric(float64(b.N*trials)/b.Elapsed().Seconds(), "encounters/s")
		})
	}
}

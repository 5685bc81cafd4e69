package bench

import (
	"context"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// benchExplain plays the whole explanation of an example per iteration, as
// `tpk explain` does with its defaults (every effect on any_death measured
// to ±0.01, at most 100,000 encounters a change) on all cores: compiling
// every change, then the stages.
func benchExplain(b *testing.B, name string) {
	data, err := examples.FS.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	root, err := sim.ParseScenarioYAML(name, data)
	if err != nil {
		b.Fatal(err)
	}
	base, err := systems.CompileNode(name, root)
	if err != nil {
		b.Fatal(err)
	}
	var tracked []string
	for _, m := range base.Build.Model.Schema().Metrics {
		if m.Headline && m.Kind == sim.Prob && m.NA == "" {
			tracked = append(tracked, m.Name)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var variants []sim.Model
		for _, ch := range base.Changes() {
			if c, err := systems.CompileChange(name, data, ch); err == nil {
				variants = append(variants, c.Build.Model)
			}
		}
		_, err := sim.Explain(context.Background(), base.Build.Model, variants, sim.ExplainConfig{
			Seed: 1, Metric: "any_death", Tracked: tracked, Precision: 0.01, MaxTrials: 100_000})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainLocusDuel is `tpk explain example:locus/duel` (target:
// within 5 s on two cores).
func BenchmarkExplainLocusDuel(b *testing.B) { benchExplain(b, "locus/duel.yaml") }

// BenchmarkExplainHMTWGoblinMob is `tpk explain example:hmtw/goblin-mob`
// (target: any hmtw example within 60 s on two cores).
func BenchmarkExplainHMTWGoblinMob(b *testing.B) { benchExplain(b, "hmtw/goblin-mob.yaml") }

package systems

import (
	"strings"
	"time"

	"github.com/tpk-sim/tpk/sim"
)

// StrategyNames is the strategy each side plays, by side name, as result
// and shard files record it.
func (c *Compiled) StrategyNames() map[string]string {
	names := map[string]string{}
	for side, name := range c.Build.Strategies {
		names[string(side)] = name
	}
	return names
}

// Result is the result file of a run of c: out is what the run played,
// from seed, by tpk version, in elapsed (wall time); the scenario's
// expectations are judged by their figures' intervals of confidence
// 1 - alpha (0.05 for the usual 95%; check's looks spend less), and their
// verdict joins the result's. It carries the build's warnings and the
// option ids the scenario set itself. An expectation on a metric the
// result lacks is an *sim.InputError, the result returned all the same.
func (c *Compiled) Result(out *sim.Outcome, seed uint64, version string, elapsed time.Duration, alpha float64) (*sim.Result, error) {
	res := out.Result(c.Build.Model.Schema(), sim.RunInfo{
		Name: c.Scenario.Name, File: c.Scenario.Doc.File, System: c.Scenario.System, Version: version,
		Seed: seed, Strategies: c.StrategyNames(), Options: c.Build.Options, MaxRounds: c.Build.Model.MaxRounds(),
	})
	res.ElapsedS = elapsed.Seconds()
	res.Warnings = append(res.Warnings, c.Build.Warnings...)
	res.OptionsSet = c.Build.Options.Keys()[:0]
	for id := range c.Scenario.Options {
		res.OptionsSet = append(res.OptionsSet, id)
	}
	sim.SortOptionIDs(res.OptionsSet)
	var err error
	res.Expectations, err = sim.EvaluateAt(res, c.Scenario.Expect, alpha)
	if ev := sim.ExpectationVerdict(res.Expectations); ev != "" {
		res.Verdict = strings.TrimSpace(res.Verdict + " " + ev)
	}
	return res, err
}

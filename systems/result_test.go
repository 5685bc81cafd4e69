package systems_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	_ "github.com/tpk-sim/tpk/internal/coinflip"
	_ "github.com/tpk-sim/tpk/internal/coinflipstrat"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// A compiled scenario's Result names the run, carries the options the file
// set, judges the expectations at the confidence asked and adds their
// verdict; an expectation beyond what the result holds is an input error.
func TestCompiledResult(t *testing.T) {
	src, err := os.ReadFile("../internal/coinflip/examples/coinflip/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	root, err := sim.ParseScenarioYAML("duel.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := systems.CompileNode("duel.yaml", root)
	if err != nil {
		t.Fatal(err)
	}
	out, err := sim.Run(context.Background(), c.Build.Model, sim.RunConfig{Seed: 7, Trials: 2000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Result(out, 7, "v-test", 1500*time.Millisecond, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if res.Scenario.Name != "Coin duel" || res.Scenario.File != "duel.yaml" || res.Seed != 7 || res.ElapsedS != 1.5 {
		t.Errorf("result names %+v, seed %d, elapsed %g", res.Scenario, res.Seed, res.ElapsedS)
	}
	if len(res.Expectations) != 1 || !res.Expectations[0].Pass || !strings.HasSuffix(res.Verdict, "The expectation holds.") {
		t.Errorf("expectations %+v, verdict %q", res.Expectations, res.Verdict)
	}
	c.Scenario.Expect = append(c.Scenario.Expect, sim.Expectation{Metric: "nope", Op: "<", Value: 1})
	if _, err := c.Result(out, 7, "v-test", 0, 0.05); err == nil {
		t.Error("an expectation on a metric the result lacks passed")
	}
}

package main

import (
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/shard"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// shardFlag is the flag of run, check and sweep that plays one shard of a
// run split across machines.
func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "play only shard `I/N` (0 <= I < N) of the run's --trials encounters and write a partial result for tpk merge"}
}

// shardAsked reads --shard I/N; ok is false when it was not given.
func shardAsked(c *cli.Context) (sh shard.Spec, ok bool, err error) {
	if !c.IsSet("shard") {
		return sh, false, nil
	}
	s := c.String("shard")
	if sh, err = shard.Parse(s); err != nil {
		return sh, true, usagef("--shard %q: %v", s, err)
	}
	return sh, true, nil
}

// playShard plays shard sh of a compiled scenario and returns its part.
func playShard(c *cli.Context, e *env, s settings, cs *systems.Compiled, src source, variant []sim.Assignment, sh shard.Spec) (shard.Part, error) {
	cfg := runConfig(c, cs.Scenario, s.workers)
	if cfg.Precision > 0 {
		return shard.Part{}, usagef("%s: --shard needs a fixed number of encounters (--trials or the scenario's trials:): "+
			"a precision run decides when to stop from all the encounters, which no shard sees", cs.Scenario.Doc.File)
	}
	first, count := sim.Shard(int64(cfg.Trials), sh.Index, sh.Count)
	part := shard.Part{Scenario: sim.ScenarioInfo{Name: cs.Scenario.Name, File: cs.Scenario.Doc.File, System: cs.Scenario.System},
		Source: string(src.data), SourceHash: shard.Hash(src.data), Variant: variant, Seed: cfg.Seed,
		Trials: int64(cfg.Trials), First: first, Count: count, Options: cs.Build.Options, Strategies: cs.StrategyNames()}
	acc := sim.NewAcc(cs.Build.Model.Schema())
	if count > 0 {
		cfg.Trials, cfg.Start = int(count), first
		start := e.now()
		sm, err := simulateWith(c.Context, e, s, cs, cfg)
		if err != nil {
			return part, err
		}
		if sm.out.Partial {
			return part, &exitError{code: exitFailure, err: errInterrupted}
		}
		acc, part.Workers, part.ElapsedS = sm.out.Acc, sm.out.Workers, e.now().Sub(start).Seconds()
	}
	part.State = acc.State()
	return part, nil
}

// writePartial writes the shard's parts to DIR/shard-I-of-N.json with
// --out, else to standard output (unless --quiet).
func writePartial(e *env, s settings, command string, sh shard.Spec, parts []shard.Part) error {
	pf := shard.New(version, command, sh, parts)
	if s.out != "" {
		if err := e.files.MkdirAll(s.out, 0o755); err != nil {
			return err
		}
		return writeFileAtomic(e.files, filepath.Join(s.out, sh.FileName()), pf.Encode)
	}
	if s.quiet {
		return nil
	}
	return pf.Encode(e.stdout)
}

// runShards plays shard sh of every scenario named on the command line
// (run and check) and writes the partial result.
func runShards(c *cli.Context, e *env, s settings, command string, sh shard.Spec) error {
	srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
	if err != nil {
		return err
	}
	all := make([]*systems.Compiled, len(srcs))
	for i, src := range srcs {
		if all[i], err = compileSource(src); err != nil {
			return err
		}
	}
	parts := make([]shard.Part, len(all))
	for i, cs := range all {
		if parts[i], err = playShard(c, e, s, cs, srcs[i], nil, sh); err != nil {
			return err
		}
	}
	return writePartial(e, s, command, sh, parts)
}

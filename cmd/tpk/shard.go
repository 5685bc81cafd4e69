package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/sim"
)

// shardFlag is the flag of run, check and sweep that plays one shard of a
// run split across machines.
func shardFlag() cli.Flag {
	return &cli.StringFlag{Name: "shard", Usage: "play only shard `I/N` (0 <= I < N) of the run's --trials encounters and write a partial result for tpk merge"}
}

// shardSpec is --shard I/N.
type shardSpec struct{ index, count int }

func parseShard(s string) (shardSpec, error) {
	i, n, ok := strings.Cut(s, "/")
	a, err1 := strconv.Atoi(strings.TrimSpace(i))
	b, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || b < 1 || a < 0 || a >= b {
		return shardSpec{}, usagef("--shard %q: expected I/N with 0 <= I < N, e.g. 0/4", s)
	}
	return shardSpec{a, b}, nil
}

// partialFile is what a shard writes: the exact state of its share of
// every scenario it ran, and what identifies the run, so that tpk merge can
// refuse parts that do not belong together.
type partialFile struct {
	Tool    string        `json:"tool"`
	Kind    string        `json:"kind"` // "partial"
	Schema  int           `json:"schema"`
	Version string        `json:"version"`
	Command string        `json:"command"` // run, check or sweep
	Shard   shardJSON     `json:"shard"`
	Parts   []partialPart `json:"parts"`
}

type shardJSON struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// partialPart is one scenario (one variant of a sweep) of a shard.
type partialPart struct {
	Scenario   sim.ScenarioInfo  `json:"scenario"`
	Source     string            `json:"source"`        // the scenario file as it was read
	SourceHash string            `json:"source_sha256"` // its content hash
	Variant    []sim.Assignment  `json:"variant,omitempty"`
	Seed       uint64            `json:"seed"`
	Trials     int64             `json:"trials"` // of the whole run
	First      int64             `json:"first"`  // the shard's first encounter
	Count      int64             `json:"count"`  // and how many it played
	Options    map[string]string `json:"options"`
	Strategies map[string]string `json:"strategies"`
	Workers    int               `json:"workers"`
	ElapsedS   float64           `json:"elapsed_s"`
	State      sim.AccState      `json:"state"`
}

// identity is what must agree between the parts of one scenario.
func (p partialPart) identity() string {
	b, _ := json.Marshal(struct {
		File, Hash    string
		Variant       []sim.Assignment
		Seed          uint64
		Trials        int64
		Opts, Strateg map[string]string
	}{p.Scenario.File, p.SourceHash, p.Variant, p.Seed, p.Trials, p.Options, p.Strategies})
	return string(b)
}

func hashOf(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// playShard plays shard sh of a compiled scenario and returns its part.
func playShard(c *cli.Context, e *env, s settings, cs *compiled, src source, variant []sim.Assignment, sh shardSpec) (partialPart, error) {
	cfg := runConfig(c, cs.sc, s.workers)
	if cfg.Precision > 0 {
		return partialPart{}, usagef("%s: --shard needs a fixed number of encounters (--trials or the scenario's trials:): "+
			"a precision run decides when to stop from all the encounters, which no shard sees", cs.sc.Doc.File)
	}
	first, count := sim.Shard(int64(cfg.Trials), sh.index, sh.count)
	strategies := map[string]string{}
	for side, name := range cs.build.Strategies {
		strategies[string(side)] = name
	}
	part := partialPart{Scenario: sim.ScenarioInfo{Name: cs.sc.Name, File: cs.sc.Doc.File, System: cs.sc.System},
		Source: string(src.data), SourceHash: hashOf(src.data), Variant: variant, Seed: cfg.Seed,
		Trials: int64(cfg.Trials), First: first, Count: count, Options: cs.build.Options, Strategies: strategies}
	acc := sim.NewAcc(cs.build.Model.Schema())
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
func writePartial(e *env, s settings, command string, sh shardSpec, parts []partialPart) error {
	pf := partialFile{Tool: "tpk", Kind: "partial", Schema: sim.SchemaVersion, Version: version, Command: command,
		Shard: shardJSON{sh.index, sh.count}, Parts: parts}
	write := func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(pf)
	}
	if s.out != "" {
		if err := e.files.MkdirAll(s.out, 0o755); err != nil {
			return err
		}
		name := filepath.Join(s.out, fmt.Sprintf("shard-%04d-of-%04d.json", sh.index, sh.count))
		return writeFileAtomic(e.files, name, write)
	}
	if s.quiet {
		return nil
	}
	return write(e.stdout)
}

// runShards plays shard sh of every scenario named on the command line
// (run and check) and writes the partial result.
func runShards(c *cli.Context, e *env, s settings, command string, sh shardSpec) error {
	srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
	if err != nil {
		return err
	}
	all := make([]*compiled, len(srcs))
	for i, src := range srcs {
		if all[i], err = compileSource(src); err != nil {
			return err
		}
	}
	parts := make([]partialPart, len(all))
	for i, cs := range all {
		if parts[i], err = playShard(c, e, s, cs, srcs[i], nil, sh); err != nil {
			return err
		}
	}
	return writePartial(e, s, command, sh, parts)
}

// elapsedOf sums the time the parts took.
func elapsedOf(parts []partialPart) time.Duration {
	var t float64
	for _, p := range parts {
		t += p.ElapsedS
	}
	return time.Duration(t * float64(time.Second))
}

// Package shard is the partial result a shard of a sharded run writes
// (tpk run|check|sweep --shard I/N) and what tpk merge asks of the parts
// before it adds them up: that they are the shards 0..N-1 of one run, each
// once. The format and its checks live here; reading, compiling and
// writing files stay in cmd/tpk.
package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tpk-sim/tpk/sim"
)

// Spec is shard Index of Count: encounters [Index·T/Count,
// (Index+1)·T/Count) of a run of T (sim.Shard).
type Spec struct{ Index, Count int }

// Parse reads "I/N", 0 <= I < N.
func Parse(s string) (Spec, error) {
	i, n, ok := strings.Cut(s, "/")
	a, err1 := strconv.Atoi(strings.TrimSpace(i))
	b, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || b < 1 || a < 0 || a >= b {
		return Spec{}, errors.New("expected I/N with 0 <= I < N, e.g. 0/4")
	}
	return Spec{a, b}, nil
}

// FileName is the name a shard's file takes in an --out directory.
func (s Spec) FileName() string {
	return fmt.Sprintf("shard-%04d-of-%04d.json", s.Index, s.Count)
}

// File is what a shard writes: the exact state of its share of every
// scenario it ran, and what identifies the run, so that merge can refuse
// parts that do not belong together.
type File struct {
	Tool    string     `json:"tool"`
	Kind    string     `json:"kind"` // "partial"
	Schema  int        `json:"schema"`
	Version string     `json:"version"`
	Command string     `json:"command"` // run, check or sweep
	Shard   IndexCount `json:"shard"`
	Parts   []Part     `json:"parts"`
}

// IndexCount is a Spec as the file writes it.
type IndexCount struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// New is the file of shard s of command, made by tpk version.
func New(version, command string, s Spec, parts []Part) File {
	return File{Tool: "tpk", Kind: "partial", Schema: sim.SchemaVersion, Version: version, Command: command,
		Shard: IndexCount{s.Index, s.Count}, Parts: parts}
}

// Encode writes f as indented JSON.
func (f File) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

// Decode reads a partial file; an error when data is not one.
func Decode(data []byte) (File, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil || f.Tool != "tpk" || f.Kind != "partial" {
		return File{}, errors.New("not a tpk partial result (as written by tpk run|check|sweep --shard I/N)")
	}
	return f, nil
}

// Part is one scenario (one variant of a sweep) of a shard.
type Part struct {
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
func (p Part) identity() string {
	b, _ := json.Marshal(struct {
		File, Hash    string
		Variant       []sim.Assignment
		Seed          uint64
		Trials        int64
		Opts, Strateg map[string]string
	}{p.Scenario.File, p.SourceHash, p.Variant, p.Seed, p.Trials, p.Options, p.Strategies})
	return string(b)
}

// Hash is the content hash a part keeps of its scenario file.
func Hash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Named is a partial file and the name it was read from.
type Named struct {
	Name string
	File File
}

// Check fails, naming the file, unless files are the shards 0..N-1 of one
// run, each once: one tpk version and command, one shard count, the same
// scenarios (file, content, variant, seed, encounters, options and
// strategies) in the same order. It sorts files by shard.
func Check(files []Named) error {
	ref := files[0]
	refuse := func(name, format string, args ...any) error {
		return &sim.InputError{File: name, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[int]string{}
	for _, f := range files {
		pf := f.File
		switch {
		case pf.Version != ref.File.Version:
			return refuse(f.Name, "made by tpk %s, %s by tpk %s: merge parts of one version", pf.Version, ref.Name, ref.File.Version)
		case pf.Command != ref.File.Command:
			return refuse(f.Name, "a part of tpk %s, %s of tpk %s", pf.Command, ref.Name, ref.File.Command)
		case pf.Shard.Count != ref.File.Shard.Count:
			return refuse(f.Name, "shard %d of %d, %s of %d shards", pf.Shard.Index, pf.Shard.Count, ref.Name, ref.File.Shard.Count)
		case pf.Shard.Index < 0 || pf.Shard.Index >= pf.Shard.Count:
			return refuse(f.Name, "shard %d of %d is out of range", pf.Shard.Index, pf.Shard.Count)
		case len(pf.Parts) != len(ref.File.Parts):
			return refuse(f.Name, "%d scenarios, %s has %d: parts of another run", len(pf.Parts), ref.Name, len(ref.File.Parts))
		}
		if other, dup := seen[pf.Shard.Index]; dup {
			return refuse(f.Name, "shard %d of %d overlaps %s, which is the same shard", pf.Shard.Index, pf.Shard.Count, other)
		}
		seen[pf.Shard.Index] = f.Name
		for i, p := range pf.Parts {
			if why := differs(ref.File.Parts[i], p); why != "" {
				return refuse(f.Name, "scenario %d (%s) is not the run of %s: %s", i+1, p.Scenario.File, ref.Name, why)
			}
		}
	}
	var missing []string
	for i := range ref.File.Shard.Count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if n := len(missing); n > 0 {
		noun, verb := "shards", "are"
		if n == 1 {
			noun, verb = "shard", "is"
		}
		return refuse(ref.Name, "%s %s of %d %s missing", noun, strings.Join(missing, ", "), ref.File.Shard.Count, verb)
	}
	sort.Slice(files, func(a, b int) bool { return files[a].File.Shard.Index < files[b].File.Shard.Index })
	return nil
}

// differs says how part p is not of the same run as ref, or "".
func differs(ref, p Part) string {
	switch {
	case p.Scenario.File != ref.Scenario.File || p.SourceHash != ref.SourceHash:
		return "another scenario file or content"
	case p.Seed != ref.Seed:
		return fmt.Sprintf("seed %d, not %d", p.Seed, ref.Seed)
	case p.Trials != ref.Trials:
		return fmt.Sprintf("a run of %d encounters, not %d", p.Trials, ref.Trials)
	case sim.VariantLabel(p.Variant) != sim.VariantLabel(ref.Variant):
		return fmt.Sprintf("variant %q, not %q", sim.VariantLabel(p.Variant), sim.VariantLabel(ref.Variant))
	case p.identity() != ref.identity():
		return "another option set or strategies"
	case Hash([]byte(p.Source)) != p.SourceHash:
		return "its scenario text does not match its content hash"
	}
	return ""
}

// Sum adds up scenario i of files (checked and sorted by Check) under
// schema: each part must follow on from the one before and hold the
// encounters it claims, and together they must hold the whole run. It
// returns the sum, the most workers a part used, and the time the parts
// took together.
func Sum(files []Named, i int, schema *sim.Schema) (acc *sim.Acc, workers int, elapsed time.Duration, err error) {
	acc = sim.NewAcc(schema)
	var next int64
	var seconds float64
	for k, f := range files {
		p := f.File.Parts[i]
		if p.First != next || p.Count != p.State.N {
			return nil, 0, 0, &sim.InputError{File: files[k].Name, Msg: fmt.Sprintf(
				"scenario %d: encounters %d..%d do not follow on from %d (or hold %d, not %d)", i+1, p.First, p.First+p.Count-1, next, p.State.N, p.Count)}
		}
		next += p.Count
		a, err := sim.AccFromState(schema, p.State)
		if err != nil {
			return nil, 0, 0, &sim.InputError{File: files[k].Name, Msg: fmt.Sprintf("scenario %d: %v", i+1, err)}
		}
		acc.Merge(a)
		workers = max(workers, p.Workers)
		seconds += p.ElapsedS
	}
	if trials := files[0].File.Parts[i].Trials; next != trials {
		return nil, 0, 0, &sim.InputError{File: files[0].Name, Msg: fmt.Sprintf("scenario %d: the shards hold %d of its %d encounters", i+1, next, trials)}
	}
	return acc, workers, time.Duration(seconds * float64(time.Second)), nil
}

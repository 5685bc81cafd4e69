package shard

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Spec
		ok   bool
	}{
		{"0/4", Spec{0, 4}, true},
		{" 3 / 4 ", Spec{3, 4}, true},
		{"0/1", Spec{0, 1}, true},
		{"4/4", Spec{}, false},
		{"-1/4", Spec{}, false},
		{"1/0", Spec{}, false},
		{"1", Spec{}, false},
		{"a/b", Spec{}, false},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := Parse(c.in)
			if (err == nil) != c.ok || got != c.want {
				t.Errorf("Parse(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
			}
		})
	}
}

// run is the partial files of a run of trials encounters in n shards, one
// scenario each, every part holding the encounters it claims.
func run(n int, trials int64) []Named {
	src := "system: locus\n"
	files := make([]Named, n)
	for i := range n {
		first, count := sim.Shard(trials, i, n)
		p := Part{Scenario: sim.ScenarioInfo{File: "a.yaml"}, Source: src, SourceHash: Hash([]byte(src)), Seed: 1,
			Trials: trials, First: first, Count: count, State: sim.AccState{N: count}}
		files[i] = Named{Name: Spec{i, n}.FileName(), File: New("v1", "run", Spec{i, n}, []Part{p})}
	}
	return files
}

// Check refuses, naming the file, every way parts can fail to be one run,
// and sorts the parts of one run by shard.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name, want string
		spoil      func([]Named) []Named
	}{
		{"one run", "", func(f []Named) []Named { return f }},
		{"out of order", "", func(f []Named) []Named { f[0], f[2] = f[2], f[0]; return f }},
		{"missing", "shard 1 of 3 is missing", func(f []Named) []Named { return append(f[:1], f[2]) }},
		{"twice", "overlaps", func(f []Named) []Named { f[2].File.Shard.Index = 1; return f }},
		{"version", "merge parts of one version", func(f []Named) []Named { f[1].File.Version = "v2"; return f }},
		{"command", "a part of tpk check", func(f []Named) []Named { f[1].File.Command = "check"; return f }},
		{"seed", "seed 2, not 1", func(f []Named) []Named { f[1].File.Parts[0].Seed = 2; return f }},
		{"edited", "another scenario file or content", func(f []Named) []Named {
			f[1].File.Parts[0].SourceHash = Hash([]byte("x"))
			return f
		}},
		{"options", "another option set", func(f []Named) []Named {
			f[1].File.Parts[0].Options = map[string]string{"L-3": "ignore"}
			return f
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := c.spoil(run(3, 100))
			err := Check(files)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				for i, f := range files {
					if f.File.Shard.Index != i {
						t.Errorf("file %d is shard %d: not sorted", i, f.File.Shard.Index)
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check: %v, want %q", err, c.want)
			}
		})
	}
}

// A file written by Encode reads back as itself, and anything else is
// refused.
func TestEncodeDecode(t *testing.T) {
	f := run(2, 10)[1].File
	var b bytes.Buffer
	if err := f.Encode(&b); err != nil {
		t.Fatal(err)
	}
	g, err := Decode(b.Bytes())
	if err != nil || g.Shard != f.Shard || g.Parts[0].identity() != f.Parts[0].identity() {
		t.Errorf("Decode(Encode(f)) = %+v, %v", g.Shard, err)
	}
	for _, bad := range []string{"{}", `{"tool":"tpk","kind":"result"}`, "not json"} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%q) accepted it", bad)
		}
	}
}

// Sum refuses parts that do not follow on from each other or do not hold
// the whole run, naming the file.
func TestSumRefusesGaps(t *testing.T) {
	schema := &sim.Schema{}
	for _, c := range []struct {
		name, want string
		spoil      func([]Named)
	}{
		{"gap", "do not follow on", func(f []Named) { f[1].File.Parts[0].First++ }},
		{"short", "do not follow on", func(f []Named) { f[1].File.Parts[0].State.N-- }},
		{"too few", "the shards hold 90 of its 100", func(f []Named) {
			f[2].File.Parts[0].Count -= 10
			f[2].File.Parts[0].State.N -= 10
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := run(3, 100)
			c.spoil(files)
			if _, _, _, err := Sum(files, 0, schema); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Sum: %v, want %q", err, c.want)
			}
		})
	}
}

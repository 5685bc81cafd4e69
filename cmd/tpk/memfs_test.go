package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/examples"
)

// tpkOn runs one command line in-process on the file system fsys.
func tpkOn(t *testing.T, fsys fileSystem, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	e := &env{stdout: &out, stderr: &errb, now: func() time.Time { return fixed }, cpus: 2, files: fsys}
	code = run(context.Background(), e, append([]string{"tpk"}, args...))
	return out.String(), errb.String(), code
}

// TestInMemoryFileSystem runs commands that read scenarios, baselines,
// partial and result files and write --out, --save-baseline, --html and
// shard files on an in-memory file system: the command line touches files
// only through its env.
func TestInMemoryFileSystem(t *testing.T) {
	duel, err := fs.ReadFile(examples.FS, "locus/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mem := newMemFS(map[string][]byte{
		"scenarios/duel.yaml":        duel,
		"out/.duel.json.tmp99":       []byte("left by an interrupted run"),
		"pipe":                       nil,
		"scenarios/notes/readme.txt": []byte("not a scenario"),
	})
	mem.m["pipe"].Mode = fs.ModeNamedPipe | 0o600
	t.Chdir(t.TempDir()) // anything written to the disk would land here
	run := func(args ...string) string {
		t.Helper()
		out, errOut, code := tpkOn(t, mem, args...)
		if code != 0 {
			t.Fatalf("tpk %s: exit %d, stderr: %s", strings.Join(args, " "), code, errOut)
		}
		return out
	}
	want := run("run", "scenarios", "--trials", "500", "--seed", "3", "--format", "json",
		"--out", "out", "--save-baseline", "base.json")
	got := mem.names("out")
	for _, name := range []string{"duel-with-the-faced-flock.json", "duel-with-the-faced-flock.txt", "duel-with-the-faced-flock.md", "duel-with-the-faced-flock.csv", "duel-with-the-faced-flock-rounds.svg", "report.html"} {
		if !slices.Contains(got, name) {
			t.Errorf("--out wrote %v, no %s", got, name)
		}
	}
	for _, name := range got {
		if strings.Contains(name, ".tmp") {
			t.Errorf("a temporary file is left in out/: %s", name)
		}
	}
	if written := string(mem.m["out/duel-with-the-faced-flock.json"].Data); written != want {
		t.Errorf("out/duel-with-the-faced-flock.json differs from the JSON printed:\n%s\n---\n%s", written, want)
	}
	if mode := mem.m["out/duel-with-the-faced-flock.json"].Mode; mode != 0o644 {
		t.Errorf("out/duel-with-the-faced-flock.json has mode %v, want 0644", mode)
	}
	// The baseline is read back from memory: no drift from itself.
	if out := run("check", "scenarios/duel.yaml", "--trials", "500", "--seed", "3", "--baseline", "base.json", "--format", "json"); !strings.Contains(out, "base.json") {
		t.Errorf("check --baseline base.json does not name the baseline:\n%s", out)
	}
	// report reads result files and writes a named pipe in place.
	run("report", "out/duel-with-the-faced-flock.json", "--html", "pipe")
	if html := string(mem.m["pipe"].Data); !strings.Contains(html, "<html") || mem.m["pipe"].Mode.IsRegular() {
		t.Errorf("report --html pipe wrote %d bytes (mode %v)", len(html), mem.m["pipe"].Mode)
	}
	// Shards written to and merged from memory give the whole run.
	run("run", "scenarios/duel.yaml", "--trials", "500", "--seed", "3", "--shard", "0/2", "--out", "parts")
	run("run", "scenarios/duel.yaml", "--trials", "500", "--seed", "3", "--shard", "1/2", "--out", "parts")
	merged := run("merge", "parts", "--format", "json")
	if strip(merged) != strip(want) {
		t.Errorf("merge of the shards in memory differs from the whole run:\n%s\n---\n%s", merged, want)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("the commands wrote to the disk: %v", entries)
	}
}

// strip drops the lines that differ between a run and its merged shards.
func strip(s string) string {
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.Contains(line, `"elapsed_s"`) && !strings.Contains(line, `"workers"`) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

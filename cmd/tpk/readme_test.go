package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// readmePath is the repository's README, which these tests hold to what
// the binary does.
var readmePath = filepath.Join("..", "..", "README.md")

func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// section returns the README's text from the heading to the next heading
// of the same level.
func section(t *testing.T, text, heading string) string {
	t.Helper()
	i := strings.Index(text, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("the README has no section %q", heading)
	}
	rest := text[i+len(heading)+2:]
	level := heading[:strings.Index(heading, " ")+1]
	if j := strings.Index(rest, "\n"+level); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// fence finds the first fenced block after marker: its text and where it
// lies in text.
func fence(t *testing.T, text, marker string) (body string, start, end int) {
	t.Helper()
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("the README lacks %q", marker)
	}
	open := strings.Index(text[i:], "```")
	if open < 0 {
		t.Fatalf("no code block after %q", marker)
	}
	start = i + open + strings.Index(text[i+open:], "\n") + 1
	close := strings.Index(text[start:], "```")
	if close < 0 {
		t.Fatalf("the code block after %q is not closed", marker)
	}
	return text[start : start+close], start, start + close
}

// The quick start's first command does what its comment says: it plays
// every built-in Locus example, each with the number of encounters the
// comment gives.
func TestREADMEQuickStart(t *testing.T) {
	block, _, _ := fence(t, section(t, readme(t), "## Two commands"), "")
	var line string
	for _, l := range strings.Split(block, "\n") {
		if strings.HasPrefix(l, "go run ./cmd/tpk run example:locus ") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("the quick start does not run example:locus:\n%s", block)
	}
	_, comment, _ := strings.Cut(line, "#")
	out, errOut, code := tpk(t, "run", "example:locus", "--format", "json")
	if code != 0 {
		t.Fatalf("tpk run example:locus: exit %d: %s", code, errOut)
	}
	results, err := sim.ReadResults("stdout", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(builtinExamples(t, "locus")) {
		t.Errorf("%d results for %d Locus examples", len(results), len(builtinExamples(t, "locus")))
	}
	for _, r := range results {
		n := commas(r.Trials)
		name := strings.TrimPrefix(r.Scenario.File, "example:locus/")
		if r.Trials == 100_000 && !strings.Contains(comment, n) || r.Trials != 100_000 && !strings.Contains(comment, name+" "+n) {
			t.Errorf("%s plays %s encounters; the quick start says %q", r.Scenario.File, n, comment)
		}
	}
}

// builtinExamples lists the built-in examples of a system.
func builtinExamples(t *testing.T, system string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", system, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples of %s: %v", system, err)
	}
	return files
}

// commas writes n with thousands separators: 100,000.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// elapsed is the run's time on the line "N encounters, seed S, W workers,
// T s", which differs from run to run.
var elapsed = regexp.MustCompile(`(?m)^(\d+ encounters, seed \d+, \d+ workers?), [0-9.]+ s$`)

// The output the README shows for `tpk run example:locus/duel` is what the
// binary prints (with two workers, as on the machine that wrote it), but
// for the time taken. go test ./cmd/tpk -run TestREADME -update writes the
// binary's output into the README.
func TestREADMERunOutput(t *testing.T) {
	text := readme(t)
	want, start, end := fence(t, text, "`go run ./cmd/tpk run example:locus/duel`")
	got, errOut, code := tpk(t, "run", "example:locus/duel")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if *update {
		// The in-process run's clock stands still: keep the time the README
		// shows, measured on the command line.
		if m := elapsed.FindString(want); m != "" {
			got = elapsed.ReplaceAllLiteralString(got, m)
		}
		if err := os.WriteFile(readmePath, []byte(text[:start]+got+text[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	norm := func(s string) string { return elapsed.ReplaceAllString(s, "$1, T s") }
	if norm(got) != norm(want) {
		t.Errorf("the README shows another output than tpk run example:locus/duel prints (go test ./cmd/tpk -run TestREADME -update writes it):\n--- printed\n%s\n--- README\n%s", got, want)
	}
}

// The install section works today: it installs from the sources (no go
// install of the unpublished module), with the Go version go.mod names,
// and `tpk version` prints the three lines it describes.
func TestREADMEInstall(t *testing.T) {
	text := readme(t)
	goVersion := goModVersion(t)
	for _, heading := range []string{"## Two commands", "## Install"} {
		sec := section(t, text, heading)
		for _, m := range regexp.MustCompile(`Go (\d+\.\d+(?:\.\d+)?)`).FindAllStringSubmatch(sec, -1) {
			if m[1] != goVersion {
				t.Errorf("%s names Go %s; go.mod needs %s", heading, m[1], goVersion)
			}
		}
		for _, l := range strings.Split(sec, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "go install") && strings.Contains(l, "@") {
				t.Errorf("%s installs the module from its path, which is not published: %q", heading, l)
			}
		}
	}
	install := section(t, text, "## Install")
	if !strings.Contains(install, "\ngo install ./cmd/tpk ") || !strings.Contains(install, "docker build -t tpk") {
		t.Errorf("the install section does not install from the sources:\n%s", install)
	}
	out, _, code := tpk(t, "version")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "tpk ") || !strings.HasPrefix(lines[1], "commit ") ||
		!strings.HasPrefix(lines[2], "built from the sources of ") {
		t.Errorf("tpk version printed %q, not the three lines the README describes", out)
	}
}

// The sample scenario of "Scenario files" is valid and passes its own
// expectations.
func TestREADMESampleScenario(t *testing.T) {
	body, _, _ := fence(t, readme(t), "## Scenario files")
	file := filepath.Join(t.TempDir(), "sample.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := tpk(t, "check", file)
	if code != 0 || !strings.Contains(out, "expectations: 2 pass, 0 fail, 0 undecided") {
		t.Errorf("tpk check of the README's sample: exit %d\n%s%s", code, out, errOut)
	}
}

package main

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// --help works on every command, on `tpk odds`, on a system's checks and on
// one check; every flag shows at most one default.
func TestHelpEverywhere(t *testing.T) {
	cases := [][]string{{"--help"}, {"help"}, {"help", "run"}, {"odds", "--help"}, {"odds", "locus", "--help"},
		{"odds", "locus", "contest", "--help"}, {"odds", "hmtw", "test", "-h"}, {"completion", "--help"}}
	for _, c := range newApp(&env{}).Commands {
		cases = append(cases, []string{c.Name, "--help"})
	}
	for _, args := range cases {
		out, errOut, code := tpk(t, args...)
		if code != 0 || out == "" {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q", args, code, len(out), errOut)
			continue
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "default") > 1 {
				t.Errorf("%v: a flag shows two defaults: %q", args, line)
			}
		}
	}
	out, _, _ := tpk(t, "odds", "locus", "contest", "--help")
	for _, want := range []string{"tpk odds locus contest", "--attacker", "1 to 5", "--attacker-bonus", "miss, minor, major, grievous", "--simulate"} {
		if !strings.Contains(out, want) {
			t.Errorf("tpk odds locus contest --help lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = tpk(t, "odds", "locus", "--help")
	for _, want := range []string{"outcome", "contest", "initiative"} {
		if !strings.Contains(out, want) {
			t.Errorf("tpk odds locus --help lacks %q:\n%s", want, out)
		}
	}
}

// tpk --version and tpk version name the release, the commit and the date
// the binary was built from (unknown in a test binary, said so).
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, errOut, code := tpk(t, args...)
		if code != 0 || !strings.Contains(out, "tpk "+version) || !strings.Contains(out, "commit ") || !strings.Contains(out, "built ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// tpk completion prints a script for bash, zsh and fish, and a manual page
// can be generated.
func TestCompletionAndManPage(t *testing.T) {
	for shell, want := range map[string]string{"bash": "complete -o bashdefault", "zsh": "compdef", "fish": "complete -c tpk"} {
		out, errOut, code := tpk(t, "completion", shell)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("completion %s: exit %d, stderr %q, script lacks %q:\n%s", shell, code, errOut, want, out)
		}
	}
	_, errOut, code := tpk(t, "completion", "powershell")
	if code != 2 || !strings.Contains(errOut, "allowed: bash, zsh, fish") {
		t.Errorf("completion powershell: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := tpk(t, "man", "x"); code != 2 || !strings.Contains(errOut, "man takes no arguments") {
		t.Errorf("man x: exit %d, stderr %q", code, errOut)
	}
	out, _, code := tpk(t, "man")
	if code != 0 || !strings.Contains(out, ".TH tpk") || !strings.Contains(out, "check") {
		t.Errorf("man: exit %d:\n%.300s", code, out)
	}
	// The scripts ask tpk for the words that may follow.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{}, []string{"run", "check", "odds", "completion"}},
		{[]string{"check", "--f"}, []string{"--fail-on-drift", "--format", "--junit"}},
		{[]string{"odds"}, []string{"locus", "hmtw"}},
		{[]string{"odds", "locus"}, []string{"contest", "initiative"}},
		{[]string{"odds", "locus", "contest", "--"}, []string{"--attacker", "--simulate"}},
		{[]string{"completion"}, []string{"bash", "zsh", "fish"}},
		{[]string{"check"}, nil}, // file names: left to the shell
	} {
		out, _, code := tpk(t, append(c.args, "--generate-bash-completion")...)
		words := strings.Fields(out)
		for _, w := range c.want {
			if !slices.Contains(words, w) {
				t.Errorf("completing %v: %q lacks %q", c.args, words, w)
			}
		}
		if code != 0 || c.want == nil && len(words) > 0 {
			t.Errorf("completing %v: exit %d, %q", c.args, code, words)
		}
	}
}

// A scenario read from standard input ("-").
func TestScenarioFromStdin(t *testing.T) {
	yaml, err := os.ReadFile("testdata/pass.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	e := &env{stdin: bytes.NewReader(yaml), stdout: &out, stderr: &errb, now: func() time.Time { return fixed }, cpus: 2, files: osFS{}}
	if code := run(context.Background(), e, []string{"tpk", "check", "-", "--workers", "2"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want, _, _ := tpk(t, "check", "testdata/pass.yaml", "--workers", "2")
	got := strings.ReplaceAll(out.String(), "<stdin>", "testdata/pass.yaml")
	if got != want {
		t.Errorf("check - differs from check FILE:\n%s\n---\n%s", got, want)
	}
	e = &env{stdin: strings.NewReader("system: locus\nparty: 3\n"), stdout: &out, stderr: &errb, now: time.Now, cpus: 2, files: osFS{}}
	errb.Reset()
	if code := run(context.Background(), e, []string{"tpk", "run", "-"}); code != 2 || !strings.Contains(errb.String(), "<stdin>:2:") {
		t.Errorf("bad scenario on stdin: exit %d, stderr %q", code, errb.String())
	}
}

// A release build without version control information (GOFLAGS
// -buildvcs=false, a tarball) can be stamped with -ldflags -X.
func TestVersionStamped(t *testing.T) {
	defer func(c, d string) { buildCommit, buildDate = c, d }(buildCommit, buildDate)
	buildCommit, buildDate = "0123abc", "2026-11-24T10:00:00Z"
	out, _, code := tpk(t, "version")
	if code != 0 || !strings.Contains(out, "commit 0123abc\n") || !strings.Contains(out, "2026-11-24T10:00:00Z") {
		t.Errorf("exit %d: %q", code, out)
	}
}

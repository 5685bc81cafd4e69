package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
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
		// A command the list above already asks for help once is not asked twice.
		help := []string{c.Name, "--help"}
		if !slices.ContainsFunc(cases, func(args []string) bool { return slices.Equal(args, help) }) {
			cases = append(cases, help)
		}
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, code := tpk(t, args...)
			if code != 0 || out == "" {
				t.Errorf("%v: exit %d, stdout %d bytes, stderr %q", args, code, len(out), errOut)
				return
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.Count(line, "default") > 1 {
					t.Errorf("%v: a flag shows two defaults: %q", args, line)
				}
			}
		})
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
	if code != 0 || !strings.Contains(out, ".TH tpk 1") || !strings.Contains(out, "check") {
		t.Errorf("man: exit %d, want a page of section 1:\n%.300s", code, out)
	}
	for _, section := range []string{".SH EXIT STATUS", ".SH SCENARIO FORMAT"} {
		if !strings.Contains(out, section) {
			t.Errorf("the manual page has no %q section", section)
		}
	}
	// The manual's scenario is one tpk runs.
	_, yaml, _ := strings.Cut(out, ".SH SCENARIO FORMAT")
	_, yaml, _ = strings.Cut(yaml, ".RS\n")
	yaml, _, _ = strings.Cut(yaml, ".RE\n")
	file := filepath.Join(t.TempDir(), "man.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := tpk(t, "run", "--quiet", "--trials", "200", file); code != 0 {
		t.Errorf("the manual's scenario does not run: exit %d: %s\n%s", code, errOut, yaml)
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
		{[]string{"check"}, []string{"example:locus/duel", "example:hmtw/goblin-mob"}}, // and file names, from the shell
		{[]string{"replay"}, []string{"example:locus/duel"}},
	} {
		t.Run(fmt.Sprint(c.args), func(t *testing.T) {
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
		})
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

// Counts may be written as people write them: 1e5, 100_000 and 100,000
// are 100000, and give the very run 100000 gives.
func TestWholeNumberFlags(t *testing.T) {
	want, errOut, code := tpk(t, "run", "example:locus/duel", "--trials", "2000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, n := range []string{"2e3", "2_000", "2,000", "2.0e3"} {
		got, errOut, code := tpk(t, "run", "example:locus/duel", "--trials", n, "--format", "json")
		if code != 0 || got != want {
			t.Errorf("--trials %s: exit %d, %s; or another run than --trials 2000", n, code, errOut)
		}
	}
	if got, _, code := tpk(t, "run", "example:locus/duel", "--trials=2e3", "--format", "json"); code != 0 || got != want {
		t.Errorf("--trials=2e3: exit %d, or another run", code)
	}
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"100000", 100000, true}, {"1e5", 100000, true}, {"100_000", 100000, true}, {"100,000", 100000, true},
		{"1,000,000", 1000000, true}, {"-3", -3, true}, {"010", 10, true},
		{"1.5", 0, false}, {"1e-3", 0, false}, {"10,00", 0, false}, {"1,0000", 0, false}, {"_100", 0, false}, {"1__0", 0, false}, {"x", 0, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if n, ok := wholeNumber(tc.in); n != tc.want || ok != tc.ok {
				t.Errorf("wholeNumber(%q) = %d, %v; want %d, %v", tc.in, n, ok, tc.want, tc.ok)
			}
		})
	}
}

// replay's help gives --trial no default, which it does not have.
func TestReplayHelpHasNoDefaultTrial(t *testing.T) {
	out, _, _ := tpk(t, "replay", "--help")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "--trial ") && strings.Contains(line, "default") {
			t.Errorf("replay --help: %q", line)
		}
	}
}

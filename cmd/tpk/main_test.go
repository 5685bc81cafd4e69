package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/internal/skiplog"
	"github.com/tpk-sim/tpk/systems"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// tpk runs one command line in-process with a fixed clock and two workers.
func tpk(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	fixed := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	e := &env{stdout: &out, stderr: &errb, now: func() time.Time { return fixed }, cpus: 2, files: osFS{}}
	code = run(context.Background(), e, append([]string{"tpk"}, args...))
	return out.String(), errb.String(), code
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/tpk -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd/tpk -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"run-duel.txt", []string{"run", "example:locus/duel", "--trials", "3000", "--workers", "2"}},
		{"run-duel.json", []string{"run", "--format", "json", "example:locus/duel", "--trials", "3000", "--workers", "2"}},
		{"run-duel.md", []string{"run", "--format", "markdown", "example:locus/duel", "--trials", "3000", "--workers", "2"}},
		{"run-duel.csv", []string{"run", "--format", "csv", "example:locus/duel", "--trials", "3000", "--workers", "2"}},
		{"run-narth.txt", []string{"run", "example:demoncity/four-vs-narth", "--trials", "2000", "--workers", "2"}},
		{"check-baseline.txt", []string{"check", "testdata/pass.yaml", "--baseline", "testdata/baseline.json", "--workers", "2", "--full"}},
		{"check-baseline.md", []string{"check", "testdata/pass.yaml", "--baseline", "testdata/baseline.json", "--format", "markdown"}},
		{"sweep-attack.txt", []string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=1..5", "--trials", "2000"}},
		{"sweep-two.md", []string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=2,4", "--vary", "options.L-3=dice,ignore",
			"--metric", "victory", "--metric", "rounds", "--trials", "1000", "--format", "markdown"}},
		{"check-pass.txt", []string{"check", "testdata/pass.yaml", "--workers", "2"}},
		{"odds-contest.txt", []string{"odds", "locus", "contest", "--attacker", "3", "--defender", "2"}},
		{"odds-contest-simulate.txt", []string{"odds", "locus", "contest", "--attacker", "3", "--defender", "2", "--attacker-bonus", "1", "--simulate", "100000", "--seed", "9"}},
		{"odds-outcome.json", []string{"odds", "locus", "outcome", "--attribute", "3", "--difficulty", "medium", "--format", "json"}},
		{"odds-initiative.txt", []string{"odds", "locus", "initiative", "--carelessness", "3"}},
		{"replay-duel.txt", []string{"replay", "example:locus/duel", "--trial", "4"}},
		{"systems-locus.txt", []string{"systems", "locus"}},
		{"yardstick-duel.txt", []string{"yardstick", "example:locus/duel", "--trials", "200", "--rollouts", "16", "--workers", "2"}},
		{"yardstick-duel.md", []string{"yardstick", "example:locus/duel", "--trials", "200", "--rollouts", "16", "--format", "markdown"}},
		{"yardstick-regrets.json", []string{"yardstick", "example:locus/duel", "--trials", "200", "--rollouts", "16", "--regrets", "--format", "json"}},
		{"bestiary-locus.json", []string{"bestiary", "locus", "--format", "json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := tpk(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

func TestExitCodes(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want []string // substrings of stderr
	}{
		{"check passes", []string{"check", "testdata/pass.yaml"}, 0, nil},
		{"check fails", []string{"check", "testdata/fail.yaml"}, 1, []string{"1 of 1 expectations failed"}},
		{"check drifts", []string{"check", "testdata/pass.yaml", "--baseline", "testdata/baseline.json", "--fail-on-drift"}, 1,
			[]string{"1 scenario changed from the baseline", "Expectation that holds: ", "figures moved (largest: "}},
		{"unknown key", []string{"run", "testdata/bad/unknown-key.yaml"}, 2,
			[]string{"testdata/bad/unknown-key.yaml:2:", `unknown key "trails"`, "allowed keys: system, name, seed"}},
		{"unknown monster", []string{"run", "testdata/bad/unknown-monster.yaml"}, 2,
			[]string{"testdata/bad/unknown-monster.yaml:5:", "dragon", "faced-flock", "tar-wing"}},
		{"attribute 0", []string{"run", "testdata/bad/attribute-0.yaml"}, 2,
			[]string{"testdata/bad/attribute-0.yaml:4:", "1 to 5"}},
		{"attribute 6", []string{"run", "testdata/bad/attribute-6.yaml"}, 2,
			[]string{"testdata/bad/attribute-6.yaml:4:", "1 to 5"}},
		{"missing system", []string{"run", "testdata/bad/missing-system.yaml"}, 2,
			[]string{"testdata/bad/missing-system.yaml:1:", "missing `system:`", "locus"}},
		{"unknown system", []string{"run", "testdata/bad/unknown-system.yaml"}, 2,
			[]string{"testdata/bad/unknown-system.yaml:1:", `"dnd5e"`, "allowed: " + strings.Join(systems.IDs(), ", ")}},
		{"malformed expect", []string{"check", "testdata/bad/malformed-expect.yaml"}, 2,
			[]string{"testdata/bad/malformed-expect.yaml:7:", "about 0.1", `"< 0.05"`}},
		{"unknown metric", []string{"check", "testdata/bad/unknown-metric.yaml"}, 2,
			[]string{"testdata/bad/unknown-metric.yaml:7:", "wipeout", "allowed: victory, defeat, tpk"}},
		{"expectation out of range", []string{"check", "testdata/bad/expect-out-of-range.yaml"}, 2,
			[]string{"testdata/bad/expect-out-of-range.yaml:7:", "victory is a probability", "within 0 .. 1", "> 1.5"}},
		{"unknown option value", []string{"run", "testdata/bad/unknown-option.yaml"}, 2,
			[]string{"testdata/bad/unknown-option.yaml:6:", "L-3", "sometimes", "allowed: ignore, dice"}},
		{"not yaml", []string{"run", "testdata/bad/not-yaml.yaml"}, 2,
			[]string{"testdata/bad/not-yaml.yaml:", "not valid YAML"}},
		{"empty file", []string{"run", "testdata/bad/empty.yaml"}, 2,
			[]string{"testdata/bad/empty.yaml: the file is empty", "system:"}},
		{"no scenarios in directory", []string{"run", "testdata/emptydir"}, 2,
			[]string{"testdata/emptydir: the directory holds no scenarios"}},
		{"missing file", []string{"run", "testdata/nope.yaml"}, 2, []string{"testdata/nope.yaml: no such file"}},
		{"no file", []string{"run"}, 2, []string{"no scenario given", "example:locus/duel"}},
		{"check without a file", []string{"check"}, 2, []string{"no scenario given", "example:locus/duel"}},
		{"unknown example", []string{"run", "example:locus/nope"}, 2, []string{"no such example", "example:locus/duel"}},
		{"bad format", []string{"run", "--format", "xml", "example:locus/duel"}, 2, []string{"allowed: text, json, markdown, csv"}},
		{"bad flag", []string{"run", "--bogus", "example:locus/duel"}, 2, []string{"bogus"}},
		{"mistyped command", []string{"chekc", "scenarios/"}, 2, []string{`unknown command "chekc"`, `did you mean "check"?`}},
		{"mistyped flag", []string{"run", "--trails", "5", "example:locus/duel"}, 2, []string{"trails", `did you mean "--trials"?`}},
		{"help on a mistyped command", []string{"help", "chekc"}, 2, []string{`unknown command "chekc"`, `did you mean "check"?`}},
		{"drift without a baseline", []string{"check", "--fail-on-drift", "testdata/pass.yaml"}, 2, []string{"--fail-on-drift needs --baseline"}},
		{"odds unknown check", []string{"odds", "locus", "fight"}, 2, []string{`no check "fight"`, "outcome, contest, initiative"}},
		{"odds out of range", []string{"odds", "locus", "contest", "--attacker", "6", "--defender", "2"}, 2, []string{"--attacker", "allowed: 1 to 5"}},
		{"odds missing param", []string{"odds", "locus", "outcome", "--attribute", "3"}, 2, []string{"needs --difficulty", "easy, medium, hard"}},
		{"odds unknown system", []string{"odds", "gurps", "roll"}, 2, []string{`unknown system "gurps"`}},
		{"mistyped short command", []string{"rnu", "example:locus/duel"}, 2, []string{`unknown command "rnu"`, `did you mean "run"?`}},
		{"trials not a whole number", []string{"run", "--trials", "2.5", "example:locus/duel"}, 2,
			[]string{`--trials "2.5": expected a whole number`, "1e5", "100_000", "100,000"}},
		{"trials with misplaced commas", []string{"run", "--trials", "1,00,000", "example:locus/duel"}, 2, []string{`--trials "1,00,000": expected a whole number`}},
		{"replay past the run", []string{"replay", "example:locus/duel", "--trial", "100000"}, 2,
			[]string{"--trial 100000: the run of example:locus/duel plays encounters 0 to 99999", "--trials"}},
		{"replay trial not a number", []string{"replay", "example:locus/duel", "--trial", "first"}, 2, []string{`--trial "first": expected a whole number`}},
		{"replay without trial", []string{"replay", "example:locus/duel"}, 2, []string{"trial"}},
		{"grade target an empty band", []string{"grade", "example:hmtw/goblin-mob", "--target", "brute/strategist", "--vary", "foes[0].count=1..3"}, 2,
			[]string{"--target Brute/Strategist: the grade's band is empty", "give another grade"}},
		{"bestiary unknown system", []string{"bestiary", "gurps"}, 2, []string{`unknown system "gurps"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := tpk(t, append(c.args, "--trials", "500")[:len(c.args)+trialsArgs(c.args)]...)
			if code != c.code {
				t.Fatalf("exit code %d, want %d; stderr: %s", code, c.code, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

// A result compared with itself does not drift, and a scenario without
// expectations can be checked against a baseline alone.
func TestCheckAgainstOwnBaseline(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	out, errOut, code := tpk(t, "run", "--format", "json", "--trials", "2000", "testdata/no-expect.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(base, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = tpk(t, "check", "--trials", "2000", "--baseline", base, "--fail-on-drift", "testdata/no-expect.yaml")
	if code != 0 {
		t.Fatalf("exit %d, want 0: %s", code, errOut)
	}
	_, errOut, code = tpk(t, "check", "--trials", "2000", "testdata/no-expect.yaml")
	if code != 2 || !strings.Contains(errOut, "nothing to check") {
		t.Fatalf("without a baseline: exit %d, want 2 and \"nothing to check\": %s", code, errOut)
	}
}

// trialsArgs keeps simulating commands short: it says how many of the two
// extra arguments "--trials 500" to keep (none for commands without it).
func trialsArgs(args []string) int {
	if len(args) > 1 && (args[0] == "run" || args[0] == "check") {
		return 2
	}
	return 0
}

// The same seed gives identical metrics with one worker and with two, in
// trials mode and in precision mode.
func TestWorkersDoNotChangeResults(t *testing.T) {
	for _, mode := range [][]string{{"--trials", "20000"}, {"--precision", "0.01"}} {
		var got []string
		for _, w := range []string{"1", "2"} {
			args := append([]string{"run", "--format", "json", "--workers", w, "example:locus/party-fight"}, mode...)
			out, errOut, code := tpk(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			var r struct {
				Trials     int64           `json:"trials"`
				Metrics    json.RawMessage `json:"metrics"`
				Combatants json.RawMessage `json:"combatants"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			got = append(got, string(r.Metrics)+string(r.Combatants))
		}
		if got[0] != got[1] {
			t.Errorf("%v: results differ between --workers 1 and 2", mode)
		}
	}
}

// --out writes every format and every plot per scenario, and the HTML
// report, each whole: no temporary file is left.
//
// Every file is readable by others (0644), and the temporary files an
// interrupted run left behind are removed by the next run into the folder.
func TestOutDir(t *testing.T) {
	dir := t.TempDir()
	for _, stale := range []string{".duel-with-the-faced-flock.json.tmp123456", ".report.html.tmp99", ".other-scenario-rounds.svg.tmp7"} {
		if err := os.WriteFile(filepath.Join(dir, stale), []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.tmp1"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := tpk(t, "run", "--quiet", "--out", dir, "--trials", "500", "example:locus/duel")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := []string{"report.html"}
	for _, ext := range []string{".json", ".txt", ".md", ".csv"} {
		want = append(want, "duel-with-the-faced-flock"+ext)
	}
	for _, kind := range []string{"outcomes", "rounds", "survival", "deaths", "combatants"} {
		want = append(want, "duel-with-the-faced-flock-"+kind+".png", "duel-with-the-faced-flock-"+kind+".svg")
	}
	want = append(want, "notes.tmp1") // not a temporary of tpk's: kept
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v (%d bytes)", name, err, len(b))
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err == nil && st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, st.Mode().Perm())
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(want) {
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		t.Errorf("want exactly %d files, no temporaries; got %v", len(want), got)
	}
}

// The progress bar goes to stderr when it is a terminal, and never
// otherwise. It shows the percentage, the rate and the time left on one
// line that is redrawn, never a new line per update; in precision mode it
// shows the way to the target half-width.
func TestProgressBarOnlyOnTerminal(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--trials", "200000"}, []string{"Duel with the Faced Flock", "%", "enc/s"}},
		{[]string{"--precision", "0.002"}, []string{"Duel with the Faced Flock", "%", "→ ±0.002"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			for _, tty := range []bool{false, true} {
				var out, errb bytes.Buffer
				e := &env{stdout: &out, stderr: &errb, stderrIsTTY: tty, now: time.Now, cpus: 2, files: osFS{}}
				args := append([]string{"tpk", "run", "--workers", "1", "example:locus/duel"}, c.args...)
				if code := run(context.Background(), e, args); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				got := errb.String()
				if !tty {
					if got != "" {
						t.Errorf("%v, no terminal: stderr %q", c.args, got)
					}
					continue
				}
				for _, w := range c.want {
					if !strings.Contains(got, w) {
						t.Errorf("%v: the bar lacks %q: %q", c.args, w, got)
					}
				}
				if strings.Contains(got, "\n") {
					t.Errorf("%v: the bar stacks lines: %q", c.args, got)
				}
			}
		})
	}
}

// An interrupted run prints what it finished, marked partial, and exits 3.
func TestInterruptedRunIsPartial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, now: time.Now, cpus: 2, files: osFS{}}
	code := run(ctx, e, []string{"tpk", "run", "example:locus/duel"})
	if code != exitFailure {
		t.Errorf("exit %d, want %d", code, exitFailure)
	}
	if !strings.Contains(out.String(), "PARTIAL") || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stdout %q\nstderr %q", out.String(), errb.String())
	}
}

// A parameter of `tpk odds` that is left out is off (a flag), takes its
// default, or is an error.
func TestOddsDefaults(t *testing.T) {
	ch := systems.Check{Name: "roll", Params: []systems.Param{
		{Name: "push", Kind: systems.BoolParam},
		{Name: "favor", Kind: systems.BoolParam, Default: "true"},
		{Name: "bonus", Kind: systems.IntParam, Min: -3, Max: 3, Default: "1"},
	}}
	args := systems.Args{}
	if err := fillDefaults(ch, args, "x"); err != nil {
		t.Fatal(err)
	}
	if args.Bool("push") || !args.Bool("favor") || args.Int("bonus") != 1 {
		t.Errorf("got %v", args)
	}
	ch.Params = append(ch.Params, systems.Param{Name: "attribute", Kind: systems.IntParam, Min: 1, Max: 5})
	if err := fillDefaults(ch, systems.Args{}, "x"); err == nil || !strings.Contains(err.Error(), "needs --attribute (allowed: 1 to 5)") {
		t.Errorf("missing required parameter: %v", err)
	}
}

// A report file named through a symbolic link (a CI variable pointing into
// another folder) is written where the link points: the link stays.
func TestReportThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "summary.md")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "summary.md")
	if err := os.Symlink(target, link); err != nil {
		skiplog.Skip(t, "no symbolic links here: "+err.Error())
	}
	_, errOut, code := tpk(t, "check", "--quiet", "--summary", link, "testdata/pass.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v, %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); !strings.HasPrefix(string(b), "## tpk check") {
		t.Errorf("the link's target holds %q", b)
	}
}

// A baseline saved with --save-baseline holds the figures alone: identical
// runs write identical files whatever the workers or the time they took, and
// a check against it finds no drift.
func TestSaveBaselineIsStable(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i, args := range [][]string{
		{"run", "--workers", "1"},
		{"run", "--workers", "2"},
		{"check", "--workers", "2"},
	} {
		file := filepath.Join(dir, itoa(int64(i))+".json")
		args = append(args, "--quiet", "--trials", "3000", "--save-baseline", file, "testdata/pass.yaml")
		var out, errb bytes.Buffer
		tick := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		e := &env{stdout: &out, stderr: &errb, cpus: 2, files: osFS{}, now: func() time.Time { tick = tick.Add(time.Duration(i+1) * time.Second); return tick }}
		if code := run(context.Background(), e, append([]string{"tpk"}, args...)); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		files = append(files, file)
	}
	var got []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
	}
	if got[0] != got[1] || got[0] != got[2] {
		t.Errorf("the saved baselines differ between identical runs:\n%s\n---\n%s\n---\n%s", got[0], got[1], got[2])
	}
	if strings.Contains(got[0], `"elapsed_s": 1`) || strings.Contains(got[0], `"workers": 2`) {
		t.Errorf("the baseline keeps the elapsed time or the workers:\n%s", got[0])
	}
	_, errOut, code := tpk(t, "check", "--quiet", "--trials", "3000", "--baseline", files[0], "--fail-on-drift", "testdata/pass.yaml")
	if code != 0 {
		t.Errorf("check against its own baseline: exit %d: %s", code, errOut)
	}
}

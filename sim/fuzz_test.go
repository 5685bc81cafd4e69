package sim_test

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// fuzzSeeds are valid and broken scenarios for FuzzLoadScenario's corpus.
var fuzzSeeds = []string{
	fullScenario,
	"system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\n",
	"system: hmtw\nprecision: 0.005\nmax_trials: 100000\nparty: [{name: a}]\nfoes: [{creature: b, count: 3}]\n",
	"system: locus\nname: x\nseed: 7\ntrials: 200000\nmax_rounds: 50\nparty:\n  - name: Brannoc\n    archetype: warrior\n    attributes: {swords: 4, pentacles: 2, cups: 2, wands: 1}\n    gear: [longsword, shield, armor]\nfoes:\n  - creature: ogre\n  - creature: skeleton\n    count: 3\nstrategies: {party: focus-weakest, foes: default}\noptions: {H-2: per-target}\nexpect:\n  tpk: \"< 0.05\"\n  any_death: \"0.10 .. 0.40\"\n",
	"",
	"# only a comment\n",
	"---\n",
	"- a\n- b\n",
	"system: hmtw\nsystem: locus\n",
	"system: dnd\n",
	"system: hmtw\ntrials: many\n",
	"system: hmtw\ntrials: 0\nprecision: 0.9\n",
	"system: hmtw\nparty: []\nfoes: []\n",
	"system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\nstrategies: {villains: x}\n",
	"system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\noptions: [L-2]\n",
	"system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\noptions: {l-2: a, L-2: b}\n",
	"system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\nexpect: {tpk: \"0.4 .. 0.1\", a: \"<\", b: words, c: [1]}\n",
	"system: hmtw\nparty:\n  - name: a\n   foo: b\n",
	"system: [hmtw\n",
	"a: &x {b: 1}\nc: *x\nd: *nope\n",
	"system: !!bool yes\nseed: !!int x\nprecision: !!float .nan\n",
	"system: hmtw\r\nfoes: x\r\n- a\r\n",
	"\tsystem: hmtw\n",
	"system: hmtw\nparty: [{name: \"\xff\"}]\n",
	"? [a, b]\n: c\n",
	"<<: {system: hmtw}\n",
	"%YAML 1.2\n---\nsystem: hmtw\n...\n---\nfoes: []\n",
}

// FuzzLoadScenario: whatever the bytes, the loader does not panic, and its
// only errors are *sim.InputError naming the file, at a line of the file.
func FuzzLoadScenario(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz.yaml"
		var sc *sim.Scenario
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			sc, err = sim.LoadScenario(file, data, testSystems)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("LoadScenario takes more than 5s on %q", data)
		}
		if err != nil {
			checkLoadError(t, file, data, sc, err)
			return
		}
		checkLoaded(t, file, sc)
	})
}

// checkLoadError: an error comes alone, as an *sim.InputError naming the
// file, at a line of the file, with a message.
func checkLoadError(t *testing.T, file string, data []byte, sc *sim.Scenario, err error) {
	t.Helper()
	if sc != nil {
		t.Errorf("a scenario came back with the error %v", err)
	}
	var ie *sim.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %T %v is not an *sim.InputError", err, err)
	}
	if ie.File != file {
		t.Errorf("File = %q, want %q", ie.File, file)
	}
	// yaml.v3 puts an empty node after a last line break, hence +1.
	if lines := yamlLines(data); ie.Line < 0 || ie.Line > lines+1 {
		t.Errorf("Line = %d in a file of %d lines: %v", ie.Line, lines, err)
	}
	if strings.TrimSpace(ie.Msg) == "" {
		t.Errorf("empty message")
	}
}

// checkLoaded: a scenario that loads keeps the promises the systems rely
// on.
func checkLoaded(t *testing.T, file string, sc *sim.Scenario) {
	t.Helper()
	switch {
	case sc == nil:
		t.Fatal("no scenario and no error")
	case sc.System != "hmtw" && sc.System != "locus":
		t.Errorf("System = %q", sc.System)
	case len(sc.Party) == 0 || len(sc.Foes) == 0:
		t.Errorf("party %d foes %d", len(sc.Party), len(sc.Foes))
	case sc.Trials > 0 && sc.Precision > 0:
		t.Errorf("both trials %d and precision %g", sc.Trials, sc.Precision)
	case sc.Trials < 0 || sc.Precision < 0 || sc.MaxTrials < 0:
		t.Errorf("trials %d precision %g max_trials %d", sc.Trials, sc.Precision, sc.MaxTrials)
	case sc.MaxRounds < 1 || sc.MaxRounds > 10000:
		t.Errorf("MaxRounds = %d", sc.MaxRounds)
	case sc.Doc.File != file:
		t.Errorf("Doc.File = %q", sc.Doc.File)
	}
	for _, list := range [][]*yaml.Node{sc.Party, sc.Foes} {
		for _, n := range list {
			if n == nil {
				t.Errorf("a nil node in party or foes")
			}
		}
	}
	for side, s := range sc.Strategies {
		if (side != sim.Party && side != sim.Foes) || s.Node == nil {
			t.Errorf("strategy %q: %+v", side, s)
		}
	}
	for id, o := range sc.Options {
		if id != strings.ToUpper(id) || o.Node == nil {
			t.Errorf("option %q: %+v", id, o)
		}
	}
	for _, e := range sc.Expect {
		checkExpectation(t, e)
	}
}

// checkExpectation: a line, a known comparison, an ordered band, no NaN.
func checkExpectation(t *testing.T, e sim.Expectation) {
	t.Helper()
	if e.Line < 1 {
		t.Errorf("expectation %v at line %d", e, e.Line)
	}
	switch e.Op {
	case "<", "<=", ">", ">=":
	case "..":
		if !(e.Value <= e.Hi) {
			t.Errorf("band %v", e)
		}
	default:
		t.Errorf("expectation %v has op %q", e, e.Op)
	}
	if e.Value != e.Value || e.Hi != e.Hi {
		t.Errorf("expectation %v holds NaN", e)
	}
}

// yamlLines counts the lines of data as YAML does (breaks are \n, \r\n, \r,
// NEL, LS and PS), the last counted even without a final break.
// A byte order mark says UTF-16, which yaml.v3 decodes.
func yamlLines(data []byte) int {
	text := string(data)
	if len(data) >= 2 && (data[0] == 0xff && data[1] == 0xfe || data[0] == 0xfe && data[1] == 0xff) {
		units := make([]uint16, 0, len(data)/2)
		for i := 2; i+1 < len(data); i += 2 {
			if data[0] == 0xff {
				units = append(units, uint16(data[i])|uint16(data[i+1])<<8)
			} else {
				units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
			}
		}
		text = string(utf16.Decode(units))
	}
	s := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n").Replace(text)
	return strings.Count(s, "\n") + 1
}

package sim_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// testSystems is the system list the loader is given in these tests.
var testSystems = []string{"hmtw", "locus"}

// fullScenario uses every top-level key (precision aside: see the precision
// case below, since trials and precision exclude each other).
const fullScenario = `# a comment before anything
system: Locus
name: Ogre at the ford
seed: 18446744073709551615
trials: 2000
max_trials: 9000
max_rounds: 12
scene:
  terrain: ford
party:
  - name: Brannoc
    archetype: warrior
  - name: Wren
foes:
  - creature: ogre
  - creature: skeleton
    count: 3
strategies: {party: focus-weakest, foes: default}
options:
  l-2: per-target
  H-10: "0.25"
expect:
  tpk: "< 0.05"
  any_death: "0.10 .. 0.40"
  victory: ">=0.9"
`

func TestLoadScenarioFull(t *testing.T) {
	sc, err := sim.LoadScenario("dir/ogre.yaml", []byte(fullScenario), testSystems)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Doc.File != "dir/ogre.yaml" {
		t.Errorf("Doc.File = %q", sc.Doc.File)
	}
	if sc.System != "locus" {
		t.Errorf("System = %q, want locus (lower case)", sc.System)
	}
	if sc.Name != "Ogre at the ford" {
		t.Errorf("Name = %q", sc.Name)
	}
	if !sc.HasSeed || sc.Seed != math.MaxUint64 {
		t.Errorf("Seed = %d, HasSeed = %v", sc.Seed, sc.HasSeed)
	}
	if sc.Trials != 2000 || sc.Precision != 0 || sc.MaxTrials != 9000 || sc.MaxRounds != 12 {
		t.Errorf("Trials %d Precision %g MaxTrials %d MaxRounds %d", sc.Trials, sc.Precision, sc.MaxTrials, sc.MaxRounds)
	}
	if sc.Scene == nil || sc.Scene.Kind != yaml.MappingNode || sc.Scene.Line != 9 ||
		len(sc.Scene.Content) != 2 || sc.Scene.Content[1].Value != "ford" {
		t.Errorf("Scene = %+v, want the mapping {terrain: ford} at line 9", sc.Scene)
	}
	checkItems(t, "Party", sc.Party, []int{11, 13}, "name", []string{"Brannoc", "Wren"})
	checkItems(t, "Foes", sc.Foes, []int{15, 16}, "creature", []string{"ogre", "skeleton"})

	if len(sc.Strategies) != 2 {
		t.Errorf("Strategies = %v", sc.Strategies)
	}
	for side, want := range map[sim.Side]string{sim.Party: "focus-weakest", sim.Foes: "default"} {
		s := sc.Strategies[side]
		if s.Value != want || s.Node == nil || s.Node.Line != 18 {
			t.Errorf("Strategies[%s] = %q (node %v), want %q at line 18", side, s.Value, s.Node, want)
		}
	}

	wantOpts := map[string]struct {
		value string
		line  int
	}{"L-2": {"per-target", 20}, "H-10": {"0.25", 21}}
	if len(sc.Options) != len(wantOpts) {
		t.Errorf("Options = %v, want the ids %v (upper case)", sc.Options, wantOpts)
	}
	for id, w := range wantOpts {
		o, ok := sc.Options[id]
		if !ok || o.Value != w.value || o.Node == nil || o.Node.Line != w.line {
			t.Errorf("Options[%s] = %+v, want %q at line %d", id, o, w.value, w.line)
		}
	}

	wantExpect := []sim.Expectation{
		{Metric: "tpk", Op: "<", Value: 0.05, Line: 23},
		{Metric: "any_death", Op: "..", Value: 0.10, Hi: 0.40, Line: 24},
		{Metric: "victory", Op: ">=", Value: 0.9, Line: 25},
	}
	if !slices.Equal(sc.Expect, wantExpect) {
		t.Errorf("Expect = %+v\nwant %+v", sc.Expect, wantExpect)
	}
}

// checkItems checks that a list of nodes holds mappings at the given lines
// whose key has the given values.
func checkItems(t *testing.T, what string, items []*yaml.Node, lines []int, key string, values []string) {
	t.Helper()
	if len(items) != len(values) {
		t.Errorf("%s has %d items, want %d", what, len(items), len(values))
		return
	}
	for i, n := range items {
		if n.Kind != yaml.MappingNode || n.Line != lines[i] {
			t.Errorf("%s[%d]: kind %v at line %d, want a mapping at line %d", what, i, n.Kind, n.Line, lines[i])
			continue
		}
		if n.Content[0].Value != key || n.Content[1].Value != values[i] {
			t.Errorf("%s[%d] starts %s: %s, want %s: %s", what, i, n.Content[0].Value, n.Content[1].Value, key, values[i])
		}
	}
}

func TestLoadScenarioValid(t *testing.T) {
	const body = "party: [{name: a}]\nfoes: [{creature: b}]\n"
	tests := []struct {
		name, file, src string
		check           func(*sim.Scenario) string
	}{
		{"defaults", "scenarios/ford.yaml", "system: hmtw\n" + body, func(sc *sim.Scenario) string {
			switch {
			case sc.System != "hmtw":
				return "system " + sc.System
			case sc.Name != "ford":
				return "name " + sc.Name + ", want the file name without its extension"
			case sc.MaxRounds != sim.DefaultMaxRounds || sim.DefaultMaxRounds != 50:
				return fmt.Sprintf("max_rounds %d, want 50", sc.MaxRounds)
			case sc.HasSeed || sc.Seed != 0 || sc.Trials != 0 || sc.Precision != 0 || sc.MaxTrials != 0:
				return fmt.Sprintf("seed %d/%v trials %d precision %g max_trials %d, want all unset",
					sc.Seed, sc.HasSeed, sc.Trials, sc.Precision, sc.MaxTrials)
			case sc.Scene != nil:
				return "scene set"
			case len(sc.Strategies) != 0 || len(sc.Options) != 0 || len(sc.Expect) != 0:
				return "strategies, options or expect set"
			case sc.Strategies == nil || sc.Options == nil:
				return "nil maps: systems would have to check for nil"
			}
			return ""
		}},
		{"precision", "p.yaml", "system: hmtw\nprecision: 0.005\nmax_trials: 1000000\n" + body, func(sc *sim.Scenario) string {
			if sc.Precision != 0.005 || sc.Trials != 0 || sc.MaxTrials != 1_000_000 {
				return fmt.Sprintf("precision %g trials %d max_trials %d", sc.Precision, sc.Trials, sc.MaxTrials)
			}
			return ""
		}},
		{"range ends", "r.yaml", "system: hmtw\ntrials: 1\nmax_rounds: 10000\nseed: 0\n" + body, func(sc *sim.Scenario) string {
			if sc.Trials != 1 || sc.MaxRounds != 10000 || sc.Seed != 0 || !sc.HasSeed {
				return fmt.Sprintf("trials %d max_rounds %d seed %d/%v", sc.Trials, sc.MaxRounds, sc.Seed, sc.HasSeed)
			}
			return ""
		}},
		{"precision ends", "r.yaml", "system: hmtw\nprecision: 0.5\n" + body, func(sc *sim.Scenario) string {
			if sc.Precision != 0.5 {
				return fmt.Sprintf("precision %g", sc.Precision)
			}
			return ""
		}},
		{"one strategy, empty options and expect", "s.yaml", "system: hmtw\nstrategies: {foes: coward}\noptions: {}\nexpect: {}\n" + body,
			func(sc *sim.Scenario) string {
				if len(sc.Strategies) != 1 || sc.Strategies[sim.Foes].Value != "coward" || len(sc.Options) != 0 || len(sc.Expect) != 0 {
					return fmt.Sprintf("strategies %v options %v expect %v", sc.Strategies, sc.Options, sc.Expect)
				}
				return ""
			}},
		{"a document marker and a scene that is not a mapping", "d.yaml", "---\nsystem: hmtw\nscene: river\n" + body, func(sc *sim.Scenario) string {
			if sc.Scene == nil || sc.Scene.Value != "river" || sc.Scene.Line != 3 {
				return fmt.Sprintf("scene %+v", sc.Scene)
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := sim.LoadScenario(tc.file, []byte(tc.src), testSystems)
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(sc); msg != "" {
				t.Error(msg)
			}
		})
	}
}

const allowedKeys = "system, name, seed, trials, precision, max_trials, max_rounds, party, foes, scene, strategies, options, expect"

const expectForms = `expected "< 0.05", "<= 0.05", "> 0.9", ">= 0.9" or a band "0.10 .. 0.40"`

func TestLoadScenarioBadInput(t *testing.T) {
	const ok = "system: hmtw\nparty: [{name: a}]\nfoes: [{creature: b}]\n"
	tests := []struct {
		name string
		src  string
		line int
		want []string // every one must be in the message
	}{
		{"unknown top-level key", "system: hmtw\nmonsters: [ogre]\n", 2,
			[]string{`unknown key "monsters"`, "allowed keys: " + allowedKeys}},
		{"misspelt key after the party", ok + "max_round: 3\n", 4,
			[]string{`unknown key "max_round"`, "allowed keys: " + allowedKeys}},
		{"duplicate key", ok + "trials: 10\nseed: 1\ntrials: 20\n", 6,
			[]string{`key "trials" appears twice`}},
		{"missing system", "party: [{name: a}]\nfoes: [{creature: b}]\n", 1,
			[]string{"missing `system:`", "allowed: hmtw, locus"}},
		{"unknown system", "party: [{name: a}]\nsystem: dnd5e\nfoes: [{creature: b}]\n", 2,
			[]string{`unknown value "dnd5e"`, "allowed: hmtw, locus"}},
		{"system is a list", "system: [hmtw]\n", 1,
			[]string{"expected one of hmtw, locus", "found a list"}},
		{"trials 0", ok + "trials: 0\n", 4,
			[]string{"trials", "0 is out of range", "allowed: 1 to 1000000000"}},
		{"trials negative", ok + "trials: -5\n", 4,
			[]string{"trials", "-5 is out of range", "allowed: 1 to 1000000000"}},
		{"trials too many", ok + "trials: 1000000001\n", 4,
			[]string{"1000000001 is out of range", "allowed: 1 to 1000000000"}},
		{"trials: many", ok + "trials: many\n", 4,
			[]string{"trials: expected a whole number from 1 to 1000000000", `found "many"`}},
		{"trials a fraction", ok + "trials: 2.5\n", 4,
			[]string{"expected a whole number from 1 to 1000000000", "found the number 2.5"}},
		{"trials empty", ok + "trials:\n", 4,
			[]string{"expected a whole number from 1 to 1000000000", "found nothing"}},
		{"precision 0", ok + "precision: 0\n", 4,
			[]string{"precision", "0 is out of range", "allowed: 1e-05 to 0.5"}},
		{"precision above 0.5", ok + "precision: 0.6\n", 4,
			[]string{"precision", "0.6 is out of range", "allowed: 1e-05 to 0.5"}},
		{"precision nan", ok + "precision: .nan\n", 4,
			[]string{"precision", "out of range", "allowed: 1e-05 to 0.5"}},
		{"precision a word", ok + "precision: fine\n", 4,
			[]string{"precision: expected a number from 1e-05 to 0.5", `found "fine"`}},
		{"max_rounds 0", ok + "max_rounds: 0\n", 4,
			[]string{"max_rounds", "allowed: 1 to 10000"}},
		{"max_trials a list", ok + "max_trials: [1]\n", 4,
			[]string{"max_trials: expected a whole number from 1 to 1000000000", "found a list"}},
		{"negative seed", ok + "seed: -1\n", 4,
			[]string{"seed", "-1 is out of range", "allowed: 0 to 18446744073709551615"}},
		{"seed a word", ok + "seed: lucky\n", 4,
			[]string{"seed: expected a whole number from 0 to 18446744073709551615", `found "lucky"`}},
		{"name a mapping", ok + "name: {a: b}\n", 4,
			[]string{"name: expected a word or text", "found a mapping"}},
		{"both trials and precision", "system: hmtw\ntrials: 100\nprecision: 0.01\nparty: [{name: a}]\nfoes: [{creature: b}]\n", 1,
			[]string{"either `trials:` or `precision:`, not both"}},
		{"empty party", "system: hmtw\nparty: []\nfoes: [{creature: b}]\n", 2,
			[]string{"the party is empty", "`party:`"}},
		{"party with nothing", "system: hmtw\nfoes: [{creature: b}]\nparty:\n", 3,
			[]string{"party: expected a list (lines starting with -)", "found nothing"}},
		{"missing party", "system: hmtw\nfoes: [{creature: b}]\n", 1,
			[]string{"the party is empty", "`party:`"}},
		{"missing foes", "system: hmtw\nparty: [{name: a}]\n", 1,
			[]string{"there are no foes", "`foes:`"}},
		{"empty foes", "system: hmtw\nparty: [{name: a}]\n\nfoes: []\n", 4,
			[]string{"there are no foes", "`foes:`"}},
		{"foes a mapping", "system: hmtw\nparty: [{name: a}]\nfoes:\n  creature: ogre\n", 4,
			[]string{"foes: expected a list", "found a mapping"}},
		{"strategies with an unknown side", ok + "strategies:\n  party: careful\n  monsters: default\n", 6,
			[]string{`strategies: unknown key "monsters"`, "allowed keys: party, foes"}},
		{"strategies a word", ok + "strategies: careful\n", 4,
			[]string{"strategies: expected a mapping", `found "careful"`}},
		{"strategy a list", ok + "strategies:\n  party: [a, b]\n", 5,
			[]string{"strategies.party: expected a word or text", "found a list"}},
		{"options a list", ok + "options:\n  - L-2: per-target\n", 5,
			[]string{"options: expected a mapping (key: value lines)", "found a list"}},
		{"options a word", ok + "options: L-2\n", 4,
			[]string{"options: expected a mapping (key: value lines)", `found "L-2"`}},
		{"option value a mapping", ok + "options:\n  L-2: {a: b}\n", 5,
			[]string{"option L-2: expected a word or text", "found a mapping"}},
		{"option given twice", ok + "options:\n  L-2: a\n  L-3: b\n  L-2: c\n", 7,
			[]string{`options: key "L-2" appears twice`}},
		{"option given twice in two cases", ok + "options:\n  l-2: a\n  L-2: c\n", 6,
			[]string{"L-2", "twice"}},
		{"expect: no number after the operator", ok + "expect:\n  tpk: \"<\"\n", 5,
			[]string{"expect tpk:", `"<" has no number after <`, expectForms}},
		{"expect: a word after the operator", ok + "expect:\n  tpk: \">= most\"\n", 5,
			[]string{"expect tpk:", `has no number after >=`, expectForms}},
		{"expect: words", ok + "expect:\n  victory: \"usually\"\n", 5,
			[]string{"expect victory:", `"usually" is not a comparison`, expectForms}},
		{"expect: a bare number", ok + "expect:\n  victory: 0.9\n", 5,
			[]string{"expect victory:", `"0.9" is not a comparison`, expectForms}},
		{"expect: backwards band", ok + "expect:\n  any_death: \"0.4 .. 0.1\"\n", 5,
			[]string{"expect any_death:", `band "0.4 .. 0.1" runs backwards`, "low end first"}},
		{"expect: half a band", ok + "expect:\n  any_death: \"0.4 ..\"\n", 5,
			[]string{"expect any_death:", `"0.4 .." is not a band`, expectForms}},
		{"expect: a list", ok + "expect:\n  tpk:\n    - \"< 0.05\"\n", 6,
			[]string{"expect tpk:", expectForms}},
		{"expect: nothing", ok + "expect:\n  tpk:\n", 5,
			[]string{"expect tpk:", expectForms}},
		{"expect: not a mapping", ok + "expect: \"< 0.05\"\n", 4,
			[]string{"expect: expected a mapping", `found "< 0.05"`}},
		{"expect: nan", ok + "expect:\n  tpk: \"< NaN\"\n", 5,
			[]string{"expect tpk:", expectForms}},
		{"expect: duplicate metric", ok + "expect:\n  tpk: \"< 0.1\"\n  tpk: \"< 0.2\"\n", 6,
			[]string{`expect: key "tpk" appears twice`}},
		{"empty file", "", 0,
			[]string{"the file is empty", "`system:` (one of hmtw, locus)", "`party:`", "`foes:`"}},
		{"only blank lines", "\n\n  \n", 0,
			[]string{"the file is empty", "one of hmtw, locus"}},
		{"only a comment", "# system: hmtw\n", 0,
			[]string{"the file is empty", "one of hmtw, locus"}},
		{"only a document marker", "---\n", 2,
			[]string{"scenario: expected a mapping", "found nothing"}},
		{"invalid YAML: bad indentation", "system: hmtw\nparty:\n  - name: a\n    gear: b\n   foo: c\nfoes: []\n", 3,
			[]string{"not valid YAML", "did not find expected '-' indicator"}},
		{"invalid YAML: unclosed flow list", "system: hmtw\n\nfoes: [a, b\nparty: []\n", 3,
			[]string{"not valid YAML", "did not find expected ',' or ']'"}},
		{"invalid YAML: list item inside a mapping", "system: hmtw\nfoes: x\n- a\n", 3,
			[]string{"not valid YAML", "did not find expected key"}},
		{"invalid YAML: unclosed quote", "system: hmtw\n\nname: \"Ogre\nfoes: []\n", 3,
			[]string{"not valid YAML", "found unexpected end of stream"}},
		{"invalid YAML: key after a value", "system: hmtw\n\n\nfoes: x: y\n", 4,
			[]string{"not valid YAML", "mapping values are not allowed in this context"}},
		{"invalid YAML: tab", "system: hmtw\nfoes: x\n\tparty: 1\n", 2,
			[]string{"not valid YAML", "tab character"}},
		{"invalid YAML: on the first line", "system: [hmtw", 1,
			[]string{"not valid YAML", "did not find expected ',' or ']'"}},
		{"invalid YAML: the end of the file on the first line", "system: [hmtw\n\n", 1,
			[]string{"not valid YAML", "did not find expected ',' or ']'"}},
		{"invalid YAML: CRLF line breaks", "system: hmtw\r\n\r\nfoes: x\r\n- a\r\n", 4,
			[]string{"not valid YAML", "did not find expected key"}},
		{"invalid YAML: CR line breaks", "system: hmtw\rfoes: x\r- a\r", 3,
			[]string{"not valid YAML", "did not find expected key"}},
		{"invalid YAML: NEL line breaks", "system: hmtw\u0085foes: x\u0085- a", 3,
			[]string{"not valid YAML", "did not find expected key"}},
		{"invalid YAML: UTF-16 with a byte order mark", utf16LE("system: hmtw\u2028foes: x\u2028- a"), 3,
			[]string{"not valid YAML", "did not find expected key"}},
		{"invalid YAML: a bad tag handle", "system: hmtw\nfoes: !x!y a\n", 2,
			[]string{"not valid YAML", "found undefined tag handle"}},
		{"top-level list", "- system: hmtw\n- party: []\n", 1,
			[]string{"scenario: expected a mapping (key: value lines)", "found a list"}},
		{"top-level word", "\nhmtw\n", 2,
			[]string{"scenario: expected a mapping (key: value lines)", `found "hmtw"`}},
		{"top-level alias of a list", "&a [1]\n", 1,
			[]string{"scenario: expected a mapping", "found a list"}},
		{"a key that is a list", "[a, b]: 1\n", 1,
			[]string{"scenario: keys must be plain words"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const file = "bad/case.yaml"
			sc, err := sim.LoadScenario(file, []byte(tc.src), testSystems)
			if err == nil {
				t.Fatalf("no error; decoded %+v", sc)
			}
			if sc != nil {
				t.Errorf("a scenario came back with the error")
			}
			var ie *sim.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %T %q is not an *sim.InputError", err, err)
			}
			if ie.File != file {
				t.Errorf("File = %q, want %q", ie.File, file)
			}
			if ie.Line != tc.line {
				t.Errorf("Line = %d, want %d (%s)", ie.Line, tc.line, ie.Msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(ie.Msg, w) {
					t.Errorf("message %q\ndoes not say %q", ie.Msg, w)
				}
			}
			prefix := file + ": "
			if tc.line > 0 {
				prefix = fmt.Sprintf("%s:%d: ", file, tc.line)
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("Error() = %q, want it to start %q", err.Error(), prefix)
			}
		})
	}
}

// A broken scenario reports its first problem in file order, whatever the
// map iteration order.
func TestLoadScenarioFirstProblemFirst(t *testing.T) {
	src := "system: hmtw\ntrials: 0\nprecision: 9\nparty: []\n"
	for range 20 {
		_, err := sim.LoadScenario("f.yaml", []byte(src), testSystems)
		var ie *sim.InputError
		if !errors.As(err, &ie) || ie.Line != 2 {
			t.Fatalf("got %v, want the error about trials on line 2", err)
		}
	}
}

// loadOptions loads a valid scenario with the given options block.
func loadOptions(t *testing.T, options string) *sim.Scenario {
	t.Helper()
	src := "system: locus\nparty: [{name: a}]\nfoes: [{creature: b}]\noptions:\n" + options
	sc, err := sim.LoadScenario("o.yaml", []byte(src), testSystems)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

var testOptions = []sim.Option{
	{ID: "L-2", Doc: "per target or per attack", Default: "per-attack", Values: []string{"per-attack", "per-target"}},
	{ID: "L-3", Doc: "how often", Default: "never", Values: []string{"never", "always"}, Probability: true},
	{ID: "L-10", Doc: "tenth", Default: "off", Values: []string{"off", "on"}},
}

func TestResolveOptions(t *testing.T) {
	t.Run("defaults filled", func(t *testing.T) {
		got, err := sim.ResolveOptions(testOptions, loadOptions(t, "  {}\n"))
		if err != nil {
			t.Fatal(err)
		}
		want := sim.Options{"L-2": "per-attack", "L-3": "never", "L-10": "off"}
		if !mapsEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("set values normalised, others default", func(t *testing.T) {
		got, err := sim.ResolveOptions(testOptions, loadOptions(t, "  l-2: \" Per-Target \"\n  L-3: \"0.25\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		want := sim.Options{"L-2": "per-target", "L-3": "0.25", "L-10": "off"}
		if !mapsEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
		if got.Get("L-2") != "per-target" {
			t.Errorf("Get(L-2) = %q", got.Get("L-2"))
		}
		if k := got.Keys(); !slices.Equal(k, []string{"L-2", "L-3", "L-10"}) {
			t.Errorf("Keys() = %v", k)
		}
	})
	t.Run("probability ends", func(t *testing.T) {
		for _, v := range []string{"0", "1", "1.0", "0.999", "always"} {
			if _, err := sim.ResolveOptions(testOptions, loadOptions(t, "  L-3: \""+v+"\"\n")); err != nil {
				t.Errorf("L-3 = %s: %v", v, err)
			}
		}
	})
	bad := []struct {
		name, options string
		line          int
		want          []string
	}{
		{"unknown id", "  L-2: per-target\n  L-99: x\n", 6,
			[]string{`unknown option "L-99" for system locus`, "allowed: L-2, L-3, L-10"}},
		{"unknown value", "  L-2: sometimes\n", 5,
			[]string{"option L-2", `unknown value "sometimes"`, "allowed: per-attack, per-target"}},
		{"probability above 1", "  L-3: \"1.5\"\n", 5,
			[]string{"option L-3", `unknown value "1.5"`, "allowed: never, always, or a probability from 0 to 1"}},
		{"negative probability", "  L-3: \"-0.1\"\n", 5,
			[]string{"option L-3", "or a probability from 0 to 1"}},
		{"nan probability", "  L-3: NaN\n", 5,
			[]string{"option L-3", "or a probability from 0 to 1"}},
		{"a probability where none is allowed", "  L-2: \"0.25\"\n", 5,
			[]string{"option L-2", `unknown value "0.25"`, "allowed: per-attack, per-target"}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sim.ResolveOptions(testOptions, loadOptions(t, tc.options))
			if err == nil {
				t.Fatalf("no error; got %v", got)
			}
			checkInputError(t, err, "o.yaml", tc.line, tc.want...)
		})
	}
	// With several bad options the first in the file is reported, every time
	// (the options are held in a map).
	t.Run("first bad option first", func(t *testing.T) {
		for _, options := range []string{
			"  L-2: per-target\n  L-9: x\n  L-8: y\n  L-7: z\n  L-3: w\n",
			"  {L-2: per-target,\n   L-9: x, L-8: y, L-7: z, L-3: w}\n",
		} {
			sc := loadOptions(t, options)
			for range 30 {
				_, err := sim.ResolveOptions(testOptions, sc)
				checkInputError(t, err, "o.yaml", 6, `unknown option "L-9"`)
				if t.Failed() {
					return
				}
			}
		}
	})
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// checkInputError checks that err is an *sim.InputError at file:line whose
// message says every one of want.
func checkInputError(t *testing.T, err error, file string, line int, want ...string) {
	t.Helper()
	var ie *sim.InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %T %v is not an *sim.InputError", err, err)
	}
	if ie.File != file || ie.Line != line {
		t.Errorf("at %s:%d, want %s:%d (%s)", ie.File, ie.Line, file, line, ie.Msg)
	}
	for _, w := range want {
		if !strings.Contains(ie.Msg, w) {
			t.Errorf("message %q\ndoes not say %q", ie.Msg, w)
		}
	}
}

func TestOptionCheck(t *testing.T) {
	o := sim.Option{ID: "H-2", Default: "per-round", Values: []string{"per-round", "per-target"}}
	p := o
	p.Probability = true
	tests := []struct {
		opt  sim.Option
		in   string
		want string // "" for an error
	}{
		{o, "per-round", "per-round"},
		{o, "  PER-Target\t", "per-target"},
		{o, "per_target", ""},
		{o, "", ""},
		{o, "0.25", ""},
		{p, "0.25", "0.25"},
		{p, " 0.25 ", "0.25"},
		{p, "0", "0"},
		{p, "1", "1"},
		{p, "1e-1", "1e-1"},
		{p, "1.5", ""},
		{p, "1.0000001", ""},
		{p, "-0.25", ""},
		{p, "nan", ""},
		{p, "inf", ""},
		{p, "a quarter", ""},
		{p, "per-target", "per-target"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("probability=%v/%q", tc.opt.Probability, tc.in), func(t *testing.T) {
			got, err := tc.opt.Check(tc.in)
			if tc.want == "" {
				if err == nil {
					t.Errorf("Check(%q) probability=%v = %q, want an error", tc.in, tc.opt.Probability, got)
					return
				}
				want := "allowed: per-round, per-target"
				if tc.opt.Probability {
					want += ", or a probability from 0 to 1"
				}
				if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "unknown value") {
					t.Errorf("Check(%q): %q does not say %q", tc.in, err, want)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("Check(%q) probability=%v = %q, %v; want %q", tc.in, tc.opt.Probability, got, err, tc.want)
			}
		})
	}
}

func TestSortOptionIDs(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"L-10", "L-2"}, []string{"L-2", "L-10"}},
		{[]string{"L-1", "H-1"}, []string{"H-1", "L-1"}},
		{[]string{"L-10", "L-1", "H-2", "L-2", "DC-6", "H-10", "DC-10", "L-9", "H-1"},
			[]string{"DC-6", "DC-10", "H-1", "H-2", "H-10", "L-1", "L-2", "L-9", "L-10"}},
		{[]string{"L-3", "L-3"}, []string{"L-3", "L-3"}},
		{[]string{}, []string{}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.in), func(t *testing.T) {
			got := slices.Clone(tc.in)
			sim.SortOptionIDs(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("SortOptionIDs(%v) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
	// The order is total: ids the number does not tell apart still come out
	// the same whatever order they went in.
	ids := []string{"L-2b", "L-2a", "X", "L-2", "L-", ""}
	first := slices.Clone(ids)
	sim.SortOptionIDs(first)
	for i := range ids {
		for j := range ids {
			in := slices.Clone(ids)
			in[i], in[j] = in[j], in[i]
			slices.Reverse(in)
			sim.SortOptionIDs(in)
			if !slices.Equal(in, first) {
				t.Fatalf("SortOptionIDs gives %v and %v for the same ids", first, in)
			}
		}
	}
}

func TestParseExpectation(t *testing.T) {
	tests := []struct {
		text string
		want sim.Expectation
		str  string
	}{
		{"< 0.05", sim.Expectation{Metric: "m", Op: "<", Value: 0.05}, "m < 0.05"},
		{"<0.05", sim.Expectation{Metric: "m", Op: "<", Value: 0.05}, "m < 0.05"},
		{" <= .5 ", sim.Expectation{Metric: "m", Op: "<=", Value: 0.5}, "m <= 0.5"},
		{"> 0.9", sim.Expectation{Metric: "m", Op: ">", Value: 0.9}, "m > 0.9"},
		{">= 4", sim.Expectation{Metric: "m", Op: ">=", Value: 4}, "m >= 4"},
		{">= -1e-3", sim.Expectation{Metric: "m", Op: ">=", Value: -0.001}, "m >= -0.001"},
		{"0.10 .. 0.40", sim.Expectation{Metric: "m", Op: "..", Value: 0.1, Hi: 0.4}, "m in 0.1 .. 0.4"},
		{"2..5", sim.Expectation{Metric: "m", Op: "..", Value: 2, Hi: 5}, "m in 2 .. 5"},
		{"0.3 .. 0.3", sim.Expectation{Metric: "m", Op: "..", Value: 0.3, Hi: 0.3}, "m in 0.3 .. 0.3"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			got, err := sim.ParseExpectation("m", tc.text)
			if err != nil || got != tc.want {
				t.Errorf("ParseExpectation(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
				return
			}
			if s := got.String(); s != tc.str {
				t.Errorf("String() = %q, want %q", s, tc.str)
			}
		})
	}
	bad := []struct{ text, want string }{
		{"", "is not a comparison"},
		{"<", "has no number after <"},
		{"<=", "has no number after <="},
		{"> lots", "has no number after >"},
		{">= 0.9 or so", "has no number after >="},
		{"= 0.5", "is not a comparison"},
		{"== 0.5", "is not a comparison"},
		{"=< 0.5", "is not a comparison"},
		{"0.5", "is not a comparison"},
		{"about half", "is not a comparison"},
		{"0.4 .. 0.1", "runs backwards"},
		{"-1 .. -2", "runs backwards"},
		{".. 0.4", "is not a band"},
		{"0.1 ..", "is not a band"},
		{"0.1 .. 0.2 .. 0.3", "is not a band"},
		{"< 0.1 .. 0.4", "is not a band"},
		{"low .. high", "is not a band"},
		{"< NaN", "number"},
		{">= nan", "number"},
		{"NaN .. 1", "band"},
		{"0 .. NaN", "band"},
		{"< Inf", "number"},
		{"-inf .. 1", "band"},
	}
	for _, tc := range bad {
		got, err := sim.ParseExpectation("m", tc.text)
		if err == nil {
			t.Errorf("ParseExpectation(%q) = %+v, want an error", tc.text, got)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseExpectation(%q): %q does not say %q", tc.text, err, tc.want)
		}
	}
}

func TestExpectationHolds(t *testing.T) {
	const eps = 1e-12
	tests := []struct {
		text string
		at   map[float64]bool
	}{
		{"< 0.05", map[float64]bool{0.05 - eps: true, 0.05: false, 0.05 + eps: false, 0: true}},
		{"<= 0.05", map[float64]bool{0.05 - eps: true, 0.05: true, 0.05 + eps: false}},
		{"> 0.9", map[float64]bool{0.9 - eps: false, 0.9: false, 0.9 + eps: true, 1: true}},
		{">= 0.9", map[float64]bool{0.9 - eps: false, 0.9: true, 0.9 + eps: true}},
		{"0.10 .. 0.40", map[float64]bool{0.1 - eps: false, 0.1: true, 0.25: true, 0.4: true, 0.4 + eps: false, 0: false, 1: false}},
		{"0.3 .. 0.3", map[float64]bool{0.3: true, 0.3 - eps: false, 0.3 + eps: false}},
		{"2 .. 5", map[float64]bool{math.NaN(): false, 2: true, 5: true, 5.5: false}},
		{"< 1", map[float64]bool{math.NaN(): false}},
		{">= 0", map[float64]bool{math.NaN(): false, 0: true}},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			e, err := sim.ParseExpectation("m", tc.text)
			if err != nil {
				t.Fatal(err)
			}
			for x, want := range tc.at {
				if got := e.Holds(x); got != want {
					t.Errorf("%q Holds(%v) = %v, want %v", tc.text, x, got, want)
				}
			}
		})
	}
}

// utf16LE encodes s as UTF-16, little end first, with a byte order mark.
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

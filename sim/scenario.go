package sim

import (
	"bytes"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// DefaultMaxRounds caps an encounter when a scenario does not say.
const DefaultMaxRounds = 50

// Scenario is a scenario file decoded up to the parts only its game system
// understands (party, foes, scene), which stay YAML nodes for the system to
// decode with Doc.
type Scenario struct {
	Doc       Doc
	Name      string
	System    string
	Seed      uint64
	HasSeed   bool
	Trials    int
	Precision float64
	MaxTrials int
	MaxRounds int
	Party     []*yaml.Node
	Foes      []*yaml.Node
	Scene     *yaml.Node // nil when absent
	// Strategies for each side ("party", "foes"); empty means the system's default.
	Strategies map[Side]Setting
	// Options by id, as written; checked against the system with ResolveOptions.
	Options map[string]Setting
	Expect  []Expectation
}

// Setting is a value written in a scenario, with its node for error lines.
type Setting struct {
	Value string
	Node  *yaml.Node
}

// ScenarioKeys are the keys allowed at the top of a scenario file.
var ScenarioKeys = []string{"system", "name", "seed", "trials", "precision", "max_trials", "max_rounds",
	"party", "foes", "scene", "strategies", "options", "expect"}

// LoadScenario decodes a scenario file. systems lists the known system ids,
// for the message when `system:` is missing or unknown.
func LoadScenario(file string, data []byte, systems []string) (*Scenario, error) {
	root, err := ParseScenarioYAML(file, data)
	if err != nil {
		return nil, err
	}
	return LoadScenarioNode(file, root, systems)
}

// LoadScenarioNode decodes a scenario from its YAML document, as
// ParseScenarioYAML returns it (and SetPath may have changed it).
func LoadScenarioNode(file string, root *yaml.Node, systems []string) (*Scenario, error) {
	d := Doc{File: file}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, &InputError{File: file, Msg: "the file is empty; expected a scenario with at least `system:` (one of " +
			strings.Join(systems, ", ") + "), `party:` and `foes:`"}
	}
	top := root.Content[0]
	fields, err := d.Map(top, "scenario", ScenarioKeys...)
	if err != nil {
		return nil, err
	}
	sc := &Scenario{Doc: d, MaxRounds: DefaultMaxRounds,
		Name:       strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)),
		Strategies: map[Side]Setting{}, Options: map[string]Setting{}}
	var partyAt, foesAt *yaml.Node
	for _, f := range fields {
		n := f.Node
		switch f.Key {
		case "system":
			if sc.System, err = d.Enum(n, "system", systems); err != nil {
				return nil, err
			}
		case "name":
			sc.Name, err = d.Str(n, "name")
		case "seed":
			sc.Seed, err = d.Uint64(n, "seed")
			sc.HasSeed = true
		case "trials":
			sc.Trials, err = d.Int(n, "trials", 1, 1_000_000_000)
		case "precision":
			sc.Precision, err = d.Float(n, "precision", 1e-5, 0.5)
		case "max_trials":
			sc.MaxTrials, err = d.Int(n, "max_trials", 1, 1_000_000_000)
		case "max_rounds":
			sc.MaxRounds, err = d.Int(n, "max_rounds", 1, 10_000)
		case "party":
			sc.Party, err = d.Seq(n, "party")
			partyAt = f.KeyAt
		case "foes":
			sc.Foes, err = d.Seq(n, "foes")
			foesAt = f.KeyAt
		case "scene":
			sc.Scene = n
		case "strategies":
			err = sc.decodeStrategies(n)
		case "options":
			err = sc.decodeOptions(n)
		case "expect":
			sc.Expect, err = d.decodeExpect(n)
		}
		if err != nil {
			return nil, err
		}
	}
	if sc.System == "" {
		return nil, d.Errorf(top, "missing `system:`; allowed: %s", strings.Join(systems, ", "))
	}
	if sc.Trials > 0 && sc.Precision > 0 {
		return nil, d.Errorf(top, "give either `trials:` or `precision:`, not both")
	}
	if len(sc.Party) == 0 {
		return nil, d.Errorf(orNode(partyAt, top), "the party is empty; expected a list of party members under `party:`")
	}
	if len(sc.Foes) == 0 {
		return nil, d.Errorf(orNode(foesAt, top), "there are no foes; expected a list under `foes:`")
	}
	return sc, nil
}

func orNode(a, b *yaml.Node) *yaml.Node {
	if a != nil {
		return a
	}
	return b
}

func (sc *Scenario) decodeStrategies(n *yaml.Node) error {
	fields, err := sc.Doc.Map(n, "strategies", string(Party), string(Foes))
	if err != nil {
		return err
	}
	for _, f := range fields {
		v, err := sc.Doc.Str(f.Node, "strategies."+f.Key)
		if err != nil {
			return err
		}
		sc.Strategies[Side(f.Key)] = Setting{Value: v, Node: f.Node}
	}
	return nil
}

func (sc *Scenario) decodeOptions(n *yaml.Node) error {
	fields, err := sc.Doc.Map(n, "options")
	if err != nil {
		return err
	}
	for _, f := range fields {
		v, err := sc.Doc.Str(f.Node, "option "+f.Key)
		if err != nil {
			return err
		}
		id := strings.ToUpper(f.Key)
		if _, dup := sc.Options[id]; dup {
			return sc.Doc.Errorf(f.KeyAt, "options: option %s appears twice (ids are not case-sensitive)", id)
		}
		sc.Options[id] = Setting{Value: v, Node: f.KeyAt}
	}
	return nil
}

// yamlError turns a YAML syntax error into an InputError with its line.
func yamlError(file string, data []byte, err error) error {
	msg := err.Error()
	line := 0
	// yaml.v3 says "yaml: line N: ..."
	if rest, ok := strings.CutPrefix(msg, "yaml: line "); ok {
		if i := strings.Index(rest, ":"); i > 0 {
			for _, c := range rest[:i] {
				line = line*10 + int(c-'0')
			}
			msg = strings.TrimSpace(rest[i+1:])
		}
	}
	// yaml.v3 counts lines from 0 in the parser's errors (not the scanner's),
	// and leaves the line out when it is 0. The end of the file counts as the
	// line after the last: report the last that is not blank.
	for _, p := range yamlParserProblems {
		if strings.HasPrefix(strings.TrimPrefix(msg, "yaml: "), p) {
			line++
			if !bytes.HasPrefix(data, []byte{0xff, 0xfe}) && !bytes.HasPrefix(data, []byte{0xfe, 0xff}) { // not UTF-16
				line = min(line, lineCount(strings.TrimRight(string(data), " \t\r\n")))
			}
			break
		}
	}
	return &InputError{File: file, Line: line, Msg: "not valid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

// lineCount is the number of lines of data as YAML counts them (line breaks
// are \n, \r\n, \r, NEL, LS and PS), at least 1.
func lineCount(data string) int {
	s := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n").Replace(data)
	return max(1, strings.Count(strings.TrimSuffix(s, "\n"), "\n")+1)
}

// yamlParserProblems are the messages of yaml.v3's parser errors (parserc.go),
// whose line numbers count from 0.
var yamlParserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found undefined tag handle",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

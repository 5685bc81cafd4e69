package sim

import (
	"bytes"
	"path/filepath"
	"strconv"
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

// The ranges of the scenario's own numbers.
const (
	scenarioMaxTrials           = 1_000_000_000 // trials and max_trials
	scenarioMaxRounds           = 10_000        // max_rounds, unless the system allows fewer
	minPrecision, maxPrecision  = 1e-5, 0.5
	expectPattern               = `^\s*(<=|>=|<|>)\s*\S+\s*$|^\s*\S+\s*\.\.\s*\S+\s*$`
	expectWords                 = "a comparison (\"< 0.05\", \">= 0.5\") or a band (\"0.10 .. 0.40\")"
	expectMetricWords           = "a metric (tpk systems SYSTEM lists them)"
	seedWords                   = "a whole number from 0 to 18446744073709551615"
	strategyWords, optionsWords = "the side's strategy", "the system's readings of its rules, by id"
)

// TopForm describes the keys every scenario shares (ScenarioKeys): those the
// scenario decoder reads itself, in full, and party, foes, scene,
// strategies, options and expect as what the system gives (party and
// foes: a list of their entries; scene nil when the system takes none, and then no `scene:` key;
// strategies and options: the allowed names; metrics: what expect may
// judge; defaults: each side's default strategy). maxRounds is the system's cap on max_rounds (0: the scenario's).
func TopForm(systems []string, party, foes Form, scene *Form, strategies map[Side][]string, defaults map[Side]string,
	options []Option, maxRounds int) Form {
	if maxRounds <= 0 || maxRounds > scenarioMaxRounds {
		maxRounds = scenarioMaxRounds
	}
	var sideKeys []FormKey
	for _, side := range []Side{Party, Foes} {
		sideKeys = append(sideKeys, FormKey{Name: string(side), What: "strategies." + string(side),
			Kind: EnumKind, Shape: TextOf(strategies[side]...), Default: defaults[side]})
	}
	var optKeys []FormKey
	for _, o := range options {
		s := TextOf(o.Values...)
		if o.Probability {
			s = OneOf(s, NumberOf(0, 1))
		}
		optKeys = append(optKeys, FormKey{Name: o.ID, What: o.ID + " (" + o.Doc + ")", Kind: EnumKind, Shape: s, Default: o.Default})
	}
	keys := []FormKey{
		{Name: "system", What: "system", Kind: EnumKind, Shape: TextOf(systems...)},
		{Name: "name", What: "name (a title for reports; default: the file's name)", Kind: TextKind, Shape: TextOf()},
		{Name: "seed", What: "seed (--seed overrides it)", Kind: IntKind, Shape: Shape{Type: IntShape, Min: 0, Max: 18446744073709551615, Doc: seedWords}},
		{Name: "trials", What: "trials (encounters played; give trials or precision)", Kind: IntKind, Shape: IntOf(1, scenarioMaxTrials)},
		{Name: "precision", What: "precision (play until every figure's 95% half-width is under it)", Kind: CustomKind, Shape: NumberOf(minPrecision, maxPrecision)},
		{Name: "max_trials", What: "max_trials (the cap of a precision run)", Kind: IntKind, Shape: IntOf(1, scenarioMaxTrials)},
		{Name: "max_rounds", What: "max_rounds (a fight still going then ends as a stalemate)", Kind: IntKind, Shape: IntOf(1, maxRounds),
			Default: strconv.Itoa(DefaultMaxRounds)},
		{Name: "party", What: "party", Kind: CustomKind, Shape: ListOf(MapOf(party)).Between(1, 0)},
		{Name: "foes", What: "foes", Kind: CustomKind, Shape: ListOf(MapOf(foes)).Between(1, 0)},
	}
	if scene != nil {
		keys = append(keys, FormKey{Name: "scene", What: "scene", Kind: CustomKind, Shape: MapOf(*scene)})
	}
	return Form{What: "scenario", Keys: append(keys,
		FormKey{Name: "strategies", What: "strategies", Kind: CustomKind, Shape: Shape{Type: MapShape, Keys: sideKeys}},
		FormKey{Name: "options", What: "options (" + optionsWords + ")", Kind: CustomKind, Shape: Shape{Type: MapShape, Keys: optKeys}},
		FormKey{Name: "expect", What: "expect (judged by tpk check)", Kind: CustomKind,
			Shape: Shape{Type: MapShape, Items: &Shape{Type: TextShape, Pattern: expectPattern, Doc: expectWords}, Doc: expectMetricWords}},
	)}
}

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
			sc.Trials, err = d.Int(n, "trials", 1, scenarioMaxTrials)
		case "precision":
			sc.Precision, err = d.Float(n, "precision", minPrecision, maxPrecision)
		case "max_trials":
			sc.MaxTrials, err = d.Int(n, "max_trials", 1, scenarioMaxTrials)
		case "max_rounds":
			sc.MaxRounds, err = d.Int(n, "max_rounds", 1, scenarioMaxRounds)
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

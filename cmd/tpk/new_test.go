package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/internal/skiplog"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Every system's template runs as `tpk new` prints it, and as it writes it
// to a file; a second `tpk new` with the same name refuses to write over
// it.
func TestNewTemplatesRun(t *testing.T) {
	dir := t.TempDir()
	for _, id := range exampleSystems() {
		t.Run(id, func(t *testing.T) {
			out, errOut, code := tpk(t, "new", id)
			if code != 0 {
				t.Fatalf("tpk new %s: exit %d: %s", id, code, errOut)
			}
			printed := filepath.Join(dir, id+"-printed.yaml")
			if err := os.WriteFile(printed, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, errOut, code := tpk(t, "run", printed, "--trials", "200", "--quiet"); code != 0 {
				t.Fatalf("tpk run on the template of tpk new %s: exit %d: %s", id, code, errOut)
			}
			named := filepath.Join(dir, id)
			if _, errOut, code := tpk(t, "new", id, named); code != 0 {
				t.Fatalf("tpk new %s NAME: exit %d: %s", id, code, errOut)
			}
			written, err := os.ReadFile(named + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			if nameLine.ReplaceAllString(string(written), "") != nameLine.ReplaceAllString(out, "") ||
				!strings.Contains(string(written), `name: "`+id+`"`) {
				t.Errorf("tpk new %s NAME wrote other than it prints (but the name):\n%s", id, written)
			}
			res, errOut, code := tpk(t, "run", named+".yaml", "--trials", "200", "--format", "json")
			if code != 0 {
				t.Fatalf("tpk run %s.yaml: exit %d: %s", named, code, errOut)
			}
			var r struct{ Trials int64 }
			if err := json.Unmarshal([]byte(res), &r); err != nil || r.Trials != 200 {
				t.Errorf("tpk run %s.yaml played %d encounters (%v), want 200", named, r.Trials, err)
			}
			_, errOut, code = tpk(t, "new", id, named)
			if code != exitBadInput || !strings.Contains(errOut, "exists") {
				t.Errorf("tpk new over an existing file: exit %d, %q; want exit 2 saying it exists", code, errOut)
			}
			if again, _ := os.ReadFile(named + ".yaml"); !bytes.Equal(again, written) {
				t.Errorf("tpk new changed an existing file")
			}
			_, errOut, code = tpk(t, "new", id, filepath.Join(dir, "missing", id))
			if code != exitBadInput || !strings.Contains(errOut, "no directory") {
				t.Errorf("tpk new into a missing directory: exit %d, %q; want exit 2 saying so", code, errOut)
			}
		})
	}
}

// nameLine is the `name:` line of a template.
var nameLine = regexp.MustCompile(`(?m)^name: .*$`)

// Every key a template shows has a shape: a custom key without one would
// take anything in the JSON Schema and show no allowed values.
func TestFormsDescribeEveryKey(t *testing.T) {
	for _, id := range exampleSystems() {
		sys, _ := systems.Get(id)
		form, ok := systems.FormOf(sys)
		if !ok {
			t.Errorf("%s: no scenario form", id)
			continue
		}
		var walk func(path string, s sim.Shape)
		walk = func(path string, s sim.Shape) {
			switch s.Type {
			case sim.AnyShape:
				t.Errorf("%s: %s has no shape (sim.Key.Shaped)", id, path)
			case sim.ListShape:
				walk(path+"[]", *s.Items)
			case sim.MapShape:
				for _, k := range s.Keys {
					walk(path+"."+k.Name, k.Shape)
				}
				if s.Items != nil {
					walk(path+".*", *s.Items)
				}
			case sim.OneOfShape:
				for i, o := range s.Or {
					walk(fmt.Sprintf("%s|%d", path, i), o)
				}
			}
		}
		for _, k := range form.Keys {
			walk(k.Name, k.Shape)
		}
		got := strings.Join(form.Names(), ",")
		want := strings.Join(sim.ScenarioKeys, ",")
		if form.Key("scene") == nil {
			want = strings.Replace(want, ",scene", "", 1)
		}
		if got != want {
			t.Errorf("%s: the form's top keys are %s; the decoder's %s", id, got, want)
		}
	}
}

// schemaOf compiles the JSON Schema tpk schema prints for id.
func schemaOf(t *testing.T, id string) *jsonschema.Schema {
	t.Helper()
	out, errOut, code := tpk(t, "schema", id)
	if code != 0 {
		t.Fatalf("tpk schema %s: exit %d: %s", id, code, errOut)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	url := "https://tpk.invalid/" + id + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("tpk schema %s is no valid JSON Schema: %v", id, err)
	}
	return s
}

// yamlValue decodes a scenario as JSON would hold it.
func yamlValue(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The JSON Schema of each system accepts every built-in example and the
// system's template, and rejects a misspelled key (at the top, in an
// entry, a metric), a value out of range, an unknown option and the wrong
// system, as tpk run does.
func TestSchemaValidatesExamples(t *testing.T) {
	for _, id := range exampleSystems() {
		t.Run(id, func(t *testing.T) {
			schema := schemaOf(t, id)
			names, _ := fs.Glob(examples.FS, id+"/*.yaml")
			if len(names) == 0 {
				t.Fatalf("no examples of %s", id)
			}
			for _, name := range names {
				data, _ := fs.ReadFile(examples.FS, name)
				if err := schema.Validate(yamlValue(t, data)); err != nil {
					t.Errorf("the schema rejects the example %s: %v", name, err)
				}
			}
			tmpl, _, _ := tpk(t, "new", id)
			if err := schema.Validate(yamlValue(t, []byte(tmpl))); err != nil {
				t.Errorf("the schema rejects the template: %v", err)
			}
			ex, _ := fs.ReadFile(examples.FS, names[0])
			bad := map[string]func(top map[string]any){
				"top key trails":    func(top map[string]any) { top["trails"] = 100 },
				"entry key counts":  func(top map[string]any) { top["foes"].([]any)[0].(map[string]any)["counts"] = 2 },
				"max_trials 0":      func(top map[string]any) { top["max_trials"] = 0 },
				"another system":    func(top map[string]any) { top["system"] = otherSystem(id) },
				"unknown option id": func(top map[string]any) { top["options"] = map[string]any{"ZZ-1": "x"} },
				"metric victroy":    func(top map[string]any) { top["expect"] = map[string]any{"victroy": "> 0.5"} },
			}
			for what, mistake := range bad {
				var top map[string]any
				if err := yaml.Unmarshal(ex, &top); err != nil {
					t.Fatal(err)
				}
				mistake(top)
				src, err := yaml.Marshal(top)
				if err != nil {
					t.Fatal(err)
				}
				if schema.Validate(yamlValue(t, src)) == nil {
					t.Errorf("the schema accepts %s:\n%s", what, src)
				}
				file := filepath.Join(t.TempDir(), "bad.yaml")
				if err := os.WriteFile(file, src, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, _, code := tpk(t, "run", file, "--trials", "1"); code != exitBadInput {
					t.Errorf("tpk run of %s: exit %d, want %d", what, code, exitBadInput)
				}
			}
		})
	}
}

// exampleSystems are the game systems with built-in examples: every one
// but the toy systems that tests register.
func exampleSystems() []string {
	var out []string
	for _, id := range systems.IDs() {
		if names, _ := fs.Glob(examples.FS, id+"/*.yaml"); len(names) > 0 {
			out = append(out, id)
		}
	}
	return out
}

func otherSystem(id string) string {
	for _, o := range systems.IDs() {
		if o != id {
			return o
		}
	}
	return "none"
}

// Option ids are not case-sensitive in the schema either.
func TestSchemaOptionCase(t *testing.T) {
	schema := schemaOf(t, "locus")
	src := "system: locus\nparty: [{character: reference}]\nfoes: [{monster: tar-wing}]\noptions: {l-3: dice}\n"
	if err := schema.Validate(yamlValue(t, []byte(src))); err != nil {
		t.Errorf("the schema rejects a lower-case option id: %v", err)
	}
}

func TestExamplesCommand(t *testing.T) {
	out, errOut, code := tpk(t, "examples")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, n := range exampleList() {
		if !strings.Contains(out, n+" ") {
			t.Errorf("tpk examples does not list %s", n)
		}
	}
	golden(t, "examples.txt", out)
	for _, arg := range []string{"locus/duel", "example:locus/duel", "locus/duel.yaml"} {
		got, errOut, code := tpk(t, "examples", arg)
		want, _ := fs.ReadFile(examples.FS, "locus/duel.yaml")
		if code != 0 || got != string(want) {
			t.Errorf("tpk examples %s: exit %d %s; want the example's YAML", arg, code, errOut)
		}
	}
	only, _, _ := tpk(t, "examples", "hmtw")
	if strings.Contains(only, "locus/") || !strings.Contains(only, "hmtw/ogre-brute") {
		t.Errorf("tpk examples hmtw lists:\n%s", only)
	}
	_, errOut, code = tpk(t, "examples", "locus/dual")
	if code != exitBadInput || !strings.Contains(errOut, `did you mean "locus/duel"`) {
		t.Errorf("tpk examples locus/dual: exit %d, %q", code, errOut)
	}
}

// The new commands' output, as a user reads it.
func TestGoldenNew(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"new-locus.yaml", []string{"new", "locus"}},
		{"new-hmtw.yaml", []string{"new", "hmtw"}},
		{"schema-battleclock.json", []string{"schema", "battleclock"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := tpk(t, c.args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

// The shells complete the new commands and their systems and examples;
// the help and the manual list them.
func TestNewCommandsInHelpAndCompletion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{}, []string{"new", "examples", "schema"}},
		{[]string{"new"}, []string{"locus", "hmtw", "battleclock", "catchthedevil", "demoncity"}},
		{[]string{"schema"}, []string{"locus", "hmtw"}},
		{[]string{"examples"}, []string{"locus", "locus/duel", "hmtw/goblin-mob"}},
	} {
		t.Run(fmt.Sprint(c.args), func(t *testing.T) {
			out, _, code := tpk(t, append(c.args, "--generate-bash-completion")...)
			words := strings.Fields(out)
			for _, w := range c.want {
				if !slices.Contains(words, w) {
					t.Errorf("completing %v: %q lacks %q (exit %d)", c.args, words, w, code)
				}
			}
		})
	}
	help, _, _ := tpk(t, "--help")
	man, _, _ := tpk(t, "man")
	for _, cmd := range []string{"new", "examples", "schema"} {
		if !regexp.MustCompile(`(?m)^\s+` + cmd + `\s`).MatchString(help) {
			t.Errorf("tpk --help does not list %s:\n%s", cmd, help)
		}
		if !strings.Contains(man, ".SH "+cmd+"\n") {
			t.Errorf("tpk man does not list %s", cmd)
		}
	}
	if out, _, code := tpk(t, "new", "--help"); code != 0 || !strings.Contains(out, "SYSTEM [NAME]") {
		t.Errorf("tpk new --help: exit %d:\n%s", code, out)
	}
}

// The README's excerpt of a template is what `tpk new locus` prints.
func TestReadmeShowsTheTemplate(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "### Starting one: `tpk new`")
	_, excerpt, ok2 := strings.Cut(section, "```yaml\n")
	excerpt, _, ok3 := strings.Cut(excerpt, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("the README has no excerpt of a template under \"Starting one\"")
	}
	out, _, _ := tpk(t, "new", "locus")
	if !strings.Contains(out, excerpt) {
		t.Errorf("the README's excerpt is not what tpk new locus prints:\n%s", excerpt)
	}
}

// templateKeyLine is a commented-out key of a template: its indent, key and
// value.
var templateKeyLine = regexp.MustCompile(`^( *)# ([A-Za-z_]+|[A-Z]+-?[0-9]+): (.*?)( +# .*)?$`)

// crossKeyRules are the keys of a template that do not go with its
// built-in as they stand, by system, with what the decoder says: the rules
// between keys that the template's notes and the decoder's message give.
var crossKeyRules = map[string]map[string]string{
	"demoncity": {"foes.character": "give either `horror:` or `character:`, not both"},
	"hmtw": {"foes.theme": "give `creature:` or `theme:` and `threat:`, not both",
		"foes.threat": "give `creature:` or `theme:` and `threat:`, not both",
		"foes.path":   "are for foes built as people", "foes.armor": "are for foes built as people"},
}

// formKeyNames are the names of the keys of a form, at any depth.
func formKeyNames(keys []sim.FormKey, into map[string]bool) {
	var shape func(s sim.Shape)
	shape = func(s sim.Shape) {
		formKeyNames(s.Keys, into)
		if s.Items != nil {
			shape(*s.Items)
		}
		for _, o := range s.Or {
			shape(o)
		}
	}
	for _, k := range keys {
		into[k.Name] = true
		shape(k.Shape)
	}
}

// Uncommenting any one key of a template, as it shows it (with the block
// it sits in, for scene:, strategies:, options: and expect:), gives a
// scenario that runs: what the template shows is what tpk takes, but for
// the rules between keys of crossKeyRules, which the decoder explains.
func TestNewTemplateLinesRun(t *testing.T) {
	if testing.Short() {
		skiplog.Skip(t, "-short: each key of each template was not uncommented and run")
	}
	dir := t.TempDir()
	for _, id := range exampleSystems() {
		sys, _ := systems.Get(id)
		form, _ := systems.FormOf(sys)
		keys := map[string]bool{}
		formKeyNames(form.Keys, keys)
		out, _, _ := tpk(t, "new", id)
		lines := strings.Split(out, "\n")
		block := -1 // the line of the commented-out block a key sits in
		tried := 0
		section := ""
		for i, line := range lines {
			if side, ok := strings.CutSuffix(strings.Fields(line + " x")[0], ":"); ok && !strings.HasPrefix(line, " ") {
				section = side
			}
			m := templateKeyLine.FindStringSubmatch(line)
			if m == nil || !keys[m[2]] {
				continue // a note
			}
			indent, key, value := m[1], m[2], m[3]
			if value == "" { // a block: scene:, or a list or mapping below a key
				if indent == "" {
					block = i
				}
				continue
			}
			edited := slices.Clone(lines)
			switch {
			case indent == "" && key == "precision": // instead of trials, not with it
				edited[i] = strings.Replace(line, "# ", "", 1)
				edited = slices.DeleteFunc(edited, func(l string) bool { return strings.HasPrefix(l, "trials:") })
			case indent == "" || indent == "    ":
				edited[i] = strings.Replace(line, "# ", "", 1)
			case indent == "  " && block >= 0:
				edited[block] = strings.Replace(edited[block], "# ", "", 1)
				edited[i] = strings.Replace(line, "# ", "", 1)
			default:
				continue // a key of a list's example entry
			}
			file := filepath.Join(dir, fmt.Sprintf("%s-%d.yaml", id, i))
			if err := os.WriteFile(file, []byte(strings.Join(edited, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			tried++
			_, errOut, code := tpk(t, "run", file, "--trials", "20", "--quiet")
			if rule, ok := crossKeyRules[id][section+"."+key]; ok && indent == "    " {
				if code != exitBadInput || !strings.Contains(errOut, rule) {
					t.Errorf("%s: uncommenting line %d (%s): exit %d, %q; want the rule %q", id, i+1, strings.TrimSpace(line), code, errOut, rule)
				}
				continue
			}
			if code != 0 {
				t.Errorf("%s: uncommenting line %d (%s) fails: exit %d: %s", id, i+1, strings.TrimSpace(line), code, errOut)
			}
		}
		if tried < 20 {
			t.Errorf("%s: only %d keys of the template were tried", id, tried)
		}
	}
}

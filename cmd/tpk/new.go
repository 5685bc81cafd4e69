package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func newCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "write a commented scenario for a system that runs as is: every key, its allowed values and default",
		ArgsUsage: "SYSTEM [NAME]",
		Description: "Without NAME the scenario is printed; with it, it is written to NAME.yaml, never over an\n" +
			"existing file. Uncomment and change what the encounter needs: tpk run NAME.yaml.\n" +
			"tpk schema SYSTEM writes the same keys as a JSON Schema, for an editor.",
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 || c.NArg() > 2 {
				return usagef("new takes a system and, optionally, a name; systems: %s", strings.Join(systems.IDs(), ", "))
			}
			sys, err := systems.Get(c.Args().First())
			if err != nil {
				return usagef("%v", err)
			}
			name := c.Args().Get(1)
			file := name
			if file != "" && !strings.HasSuffix(file, ".yaml") && !strings.HasSuffix(file, ".yml") {
				file += ".yaml"
			}
			title := "New " + sys.ID() + " scenario"
			if name != "" {
				title = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
			}
			text, err := scenarioTemplate(sys, title)
			if err != nil {
				return err
			}
			if file == "" {
				_, err := io.WriteString(e.stdout, text)
				return err
			}
			if _, err := e.files.Stat(file); err == nil {
				return usagef("%s exists; tpk new never writes over a file: give another name", file)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return usagef("%v", err)
			}
			if st, err := e.files.Stat(filepath.Dir(file)); err != nil || !st.IsDir() {
				return usagef("cannot write %s: no directory %s", file, filepath.Dir(file))
			}
			if err := writeFileAtomic(e.files, file, func(w io.Writer) error {
				_, err := io.WriteString(w, text)
				return err
			}); err != nil {
				return usagef("cannot write %s: %v", file, err)
			}
			fmt.Fprintf(e.stderr, "wrote %s: tpk run %s\n", file, file)
			return nil
		},
	}
}

// templateExamples are the values a template writes for the scenario's own
// keys, where the key's first allowed value would make a poor example.
var templateExamples = map[string]string{"seed": "7", "trials": "10000", "precision": "0.01",
	"max_trials": "1000000", "max_rounds": strconv.Itoa(sim.DefaultMaxRounds)}

// templateLive are the scenario's keys a template writes uncommented: what
// a scenario needs to run.
var templateLive = map[string]bool{"system": true, "name": true, "trials": true, "party": true, "foes": true}

// noteColumn is where a template's notes start, and lineWidth where a note
// too long for its line moves above it.
const noteColumn, lineWidth = 36, 110

// scenarioTemplate is the scenario `tpk new` writes for sys, called name:
// every key of sys's scenario form, with its allowed values and default,
// commented out but for what the scenario needs to run (the system, the
// name, the trials, and one party member and one foe, each a built-in).
func scenarioTemplate(sys systems.System, name string) (string, error) {
	form, ok := systems.FormOf(sys)
	if !ok {
		return "", fmt.Errorf("%s does not describe its scenarios", sys.ID())
	}
	t := &template{}
	id := sys.ID()
	t.comment("", "A scenario for "+sys.Title()+".")
	t.comment("", "Written by `tpk new "+id+"`; it runs as is: tpk run FILE. Every key "+id+" reads is below. A key "+
		"commented out (#) takes its default; a built-in ("+templateKeys(form)+") brings its own values, "+
		"which the keys written with it change. `tpk bestiary "+id+"` lists the built-ins, `tpk systems "+id+
		"` the strategies, options and metrics.")
	t.comment("", "For completion and checking in an editor (VS Code's YAML extension, or any editor with "+
		"yaml-language-server), run")
	t.WriteString("#   tpk schema " + id + " > " + id + ".schema.json\n")
	t.comment("", "and make this the first line of the file:")
	t.WriteString("#   # yaml-language-server: $schema=" + id + ".schema.json\n")
	for _, k := range form.Keys {
		live := templateLive[k.Name]
		switch k.Name {
		case "system":
			t.line("", !live, "system: "+id, "the game system (tpk systems lists them)")
		case "name":
			t.key("", !live, "name", strconv.Quote(name), k)
		case "party", "foes":
			t.blank()
			if err := t.side(k); err != nil {
				return "", err
			}
		case "scene", "strategies", "options", "expect":
			t.blank()
			t.mapping("", true, k, false)
		default:
			ex, ok := templateExamples[k.Name]
			if !ok {
				ex = exampleValue(k.Shape)
			}
			t.key("", !live, k.Name, ex, k)
		}
	}
	if form.Key("scene") == nil {
		t.blank()
		t.comment("", "No scene: "+id+" takes no `scene:` key.")
	}
	return t.String(), nil
}

// templateKeys names the keys of party and foe entries that start from a
// built-in: "character:, monster:".
func templateKeys(form sim.Form) string {
	var names []string
	for _, side := range []string{"party", "foes"} {
		for _, k := range form.Key(side).Shape.Items.Keys {
			if k.Kind == sim.TemplateKind && !slices.Contains(names, k.Name+":") {
				names = append(names, k.Name+":")
			}
		}
	}
	return strings.Join(names, ", ")
}

// template writes a scenario template line by line.
type template struct{ strings.Builder }

func (t *template) blank() { t.WriteString("\n") }

// comment writes text as comment lines at indent, wrapped.
func (t *template) comment(indent, text string) {
	for _, line := range wrap(text, lineWidth-len(indent)-2) {
		t.WriteString(strings.TrimRight(indent+"# "+line, " ") + "\n")
	}
}

// line writes body at indent, commented out when off, with note beside it
// (or above it, when it does not fit).
func (t *template) line(indent string, off bool, body, note string) {
	if off {
		body = "# " + body
	}
	text := indent + body
	if note == "" {
		t.WriteString(text + "\n")
		return
	}
	pad := max(noteColumn-len(text), 1)
	if len(text)+pad+2+len(note) > lineWidth {
		t.comment(strings.ReplaceAll(indent, "-", " "), note)
		t.WriteString(text + "\n")
		return
	}
	t.WriteString(text + strings.Repeat(" ", pad) + "# " + note + "\n")
}

// key writes `name: value` with the key's note.
func (t *template) key(indent string, off bool, name, value string, k sim.FormKey) {
	t.line(indent, off, name+": "+value, keyNote(k))
}

// side writes `party:` or `foes:`: one entry that starts from the first
// built-in, its other keys commented out.
func (t *template) side(k sim.FormKey) error {
	entry := k.Shape.Items.Keys
	first := -1
	for i, ek := range entry {
		if ek.Kind == sim.TemplateKind && len(ek.Shape.Values) > 0 {
			first = i
			break
		}
	}
	if first < 0 {
		return fmt.Errorf("%s: no built-in to start from", k.Name)
	}
	t.line("", false, k.Name+":", "a list of entries; each starts from a built-in, or gives its keys")
	tk := entry[first]
	t.key("  - ", false, tk.Name, tk.Shape.Values[0], tk)
	for i, ek := range entry {
		if ek.Kind == sim.TemplateKind {
			ek.What = ek.Name + " (a built-in, instead of " + tk.Name + ":)"
		}
		if i != first {
			t.entryKey("    ", ek)
		}
	}
	return nil
}

// entryKey writes one key of an entry, commented out: a scalar or a short
// list or mapping on its line, a mapping or a list of mappings below it.
func (t *template) entryKey(indent string, k sim.FormKey) {
	s := k.Shape
	switch {
	case s.Type == sim.MapShape && k.Default == "" && k.Example == "" && len(s.Keys) > 0:
		t.mapping(indent, true, k, false)
	case s.Type == sim.ListShape && s.Items.Type == sim.MapShape:
		t.mapping(indent, true, k, true)
	default:
		v := k.Default
		if v == "" || !inRange(k) {
			v = exampleValue(s)
		}
		if v == `""` { // a name: something to replace
			name := strings.TrimPrefix(k.Name, "- ")
			v = strconv.Quote(strings.ToUpper(name[:1]) + name[1:])
		}
		if k.Example != "" {
			v = k.Example
		}
		t.key(indent, true, k.Name, v, k)
	}
}

// mapping writes a key whose value is a mapping (or, list, a list of
// mappings: one shown), its keys below it.
func (t *template) mapping(indent string, off bool, k sim.FormKey, list bool) {
	t.line(indent, off, k.Name+":", keyNote(k))
	s := k.Shape
	if list {
		s = *s.Items
	}
	inner := indent + "  "
	if s.Items != nil && len(s.Keys) == 0 { // any keys: expect
		t.line(inner, off, firstMetric+": "+strconv.Quote("> 0.5"), s.Items.Words())
		return
	}
	for i, sub := range s.Keys {
		sub := sub
		if list && i == 0 {
			sub.Name = "- " + sub.Name
			t.entryKey(inner, sub)
			inner += "  "
			continue
		}
		t.entryKey(inner, sub)
	}
}

// firstMetric is the metric a template's `expect:` shows.
const firstMetric = "victory"

// keyNote is what a template says of a key: what it is, its allowed
// values, its default.
func keyNote(k sim.FormKey) string {
	words := k.Shape.Words()
	if _, inside, ok := strings.Cut(k.What, "("); ok && strings.HasSuffix(inside, ")") {
		words = strings.TrimSuffix(inside, ")") + ", " + words
	}
	if k.Default != "" && k.Shape.Type != sim.MapShape && inRange(k) {
		words += " (default " + k.Default + ")"
	}
	return words
}

// inRange says whether a key's default is among its allowed values: an
// entry that must start from a built-in or give the key has a blank value
// that is not (an attribute of 0 where 1 to 5 are allowed).
func inRange(k sim.FormKey) bool {
	s := k.Shape
	switch s.Type {
	case sim.IntShape:
		v, err := strconv.ParseFloat(k.Default, 64)
		return err == nil && v >= s.Min && v <= s.Max
	case sim.MapShape:
		for _, sub := range s.Keys {
			_, after, found := strings.Cut(k.Default, sub.Name+": ")
			if !found {
				continue
			}
			v, _, _ := strings.Cut(after, ",")
			sub.Default = strings.TrimSuffix(v, "}")
			if !inRange(sub) {
				return false
			}
		}
	}
	return true
}

// exampleValue is a value of shape s to show where a key has no default.
func exampleValue(s sim.Shape) string {
	switch s.Type {
	case sim.IntShape, sim.NumShape:
		return strconv.FormatFloat(s.Min, 'g', -1, 64)
	case sim.BoolShape:
		return "false"
	case sim.TextShape:
		if len(s.Values) > 0 {
			return s.Values[0]
		}
		return `""`
	case sim.NullShape:
		return "null"
	case sim.ListShape:
		return "[]"
	case sim.MapShape:
		if len(s.Keys) > 0 {
			parts := make([]string, len(s.Keys))
			for i, k := range s.Keys {
				parts[i] = k.Name + ": " + exampleValue(k.Shape)
			}
			return "{" + strings.Join(parts, ", ") + "}"
		}
		return "{}"
	case sim.OneOfShape:
		return exampleValue(s.Or[0])
	}
	return "null"
}

// wrap splits text into lines of at most width characters, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

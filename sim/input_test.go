package sim_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// valueNode parses "v: SRC" and returns the node of v (at line 1, or later
// when src spans lines).
func valueNode(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var root yaml.Node
	if err := yaml.Unmarshal([]byte("v: "+src), &root); err != nil {
		t.Fatalf("test YAML %q: %v", src, err)
	}
	return root.Content[0].Content[1]
}

var doc = &sim.Doc{File: "d.yaml"}

// wantErr checks that err is an *sim.InputError in d.yaml at line whose
// message says every one of want.
func wantErr(t *testing.T, what string, err error, line int, want ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want one saying %q", what, want)
		return
	}
	var ie *sim.InputError
	if !errors.As(err, &ie) {
		t.Errorf("%s: error %T %v is not an *sim.InputError", what, err, err)
		return
	}
	if ie.File != "d.yaml" || ie.Line != line {
		t.Errorf("%s: at %s:%d, want d.yaml:%d (%s)", what, ie.File, ie.Line, line, ie.Msg)
	}
	for _, w := range want {
		if !strings.Contains(ie.Msg, w) {
			t.Errorf("%s: message %q\ndoes not say %q", what, ie.Msg, w)
		}
	}
}

func TestInputErrorString(t *testing.T) {
	tests := []struct {
		err  sim.InputError
		want string
	}{
		{sim.InputError{File: "a.yaml", Line: 3, Msg: "bad"}, "a.yaml:3: bad"},
		{sim.InputError{File: "a.yaml", Msg: "bad"}, "a.yaml: bad"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
	err := doc.Errorf(nil, "%d things", 3)
	wantErr(t, "Errorf(nil)", err, 0, "3 things")
	err = doc.Errorf(valueNode(t, "\n  x"), "at %s", "x")
	wantErr(t, "Errorf(node)", err, 2, "at x")
}

func TestInputDocInt(t *testing.T) {
	ok := []struct {
		src  string
		want int
	}{{"1", 1}, {"5", 5}, {"10", 10}, {"+7", 7}, {"0x0A", 10}, {"1_0", 10}}
	for _, tc := range ok {
		got, err := doc.Int(valueNode(t, tc.src), "n", 1, 10)
		if err != nil || got != tc.want {
			t.Errorf("Int(%s) = %d, %v; want %d", tc.src, got, err, tc.want)
		}
	}
	if got, err := doc.Int(valueNode(t, "-3"), "n", -5, -1); err != nil || got != -3 {
		t.Errorf("Int(-3) in [-5, -1] = %d, %v", got, err)
	}
	bad := []struct {
		src  string
		want []string
	}{
		{"0", []string{"n: 0 is out of range; allowed: 1 to 10"}},
		{"11", []string{"n: 11 is out of range; allowed: 1 to 10"}},
		{"-1", []string{"-1 is out of range", "allowed: 1 to 10"}},
		{"99999999999999999999", []string{"1 to 10"}},
		{"2.0", []string{"n: expected a whole number from 1 to 10", "found the number 2.0"}},
		{"\"2\"", []string{"expected a whole number from 1 to 10", `found "2"`}},
		{"two", []string{"expected a whole number from 1 to 10", `found "two"`}},
		{"true", []string{"expected a whole number from 1 to 10", "found true"}},
		{"", []string{"expected a whole number from 1 to 10", "found nothing"}},
		{"[1]", []string{"expected a whole number from 1 to 10", "found a list"}},
		{"{a: 1}", []string{"expected a whole number from 1 to 10", "found a mapping"}},
		{"!!int two", []string{"allowed: 1 to 10"}},
	}
	for _, tc := range bad {
		got, err := doc.Int(valueNode(t, tc.src), "n", 1, 10)
		if got != 0 {
			t.Errorf("Int(%s) = %d with an error", tc.src, got)
		}
		wantErr(t, "Int("+tc.src+")", err, 1, tc.want...)
	}
}

func TestInputDocUint64(t *testing.T) {
	for src, want := range map[string]uint64{"0": 0, "7": 7, "18446744073709551615": math.MaxUint64} {
		got, err := doc.Uint64(valueNode(t, src), "seed")
		if err != nil || got != want {
			t.Errorf("Uint64(%s) = %d, %v; want %d", src, got, err, want)
		}
	}
	const allowed = "0 to 18446744073709551615"
	for src, want := range map[string]string{
		"-1":                   "-1 is out of range; allowed: " + allowed,
		"18446744073709551616": allowed,
		"1.5":                  "expected a whole number from " + allowed,
		"lucky":                "expected a whole number from " + allowed,
	} {
		_, err := doc.Uint64(valueNode(t, src), "seed")
		wantErr(t, "Uint64("+src+")", err, 1, "seed: ", want)
	}
}

func TestInputDocFloat(t *testing.T) {
	ok := []struct {
		src  string
		want float64
	}{{"0.25", 0.25}, {"0", 0}, {"1", 1}, {"1.0", 1}, {".5", 0.5}, {"5e-1", 0.5}}
	for _, tc := range ok {
		got, err := doc.Float(valueNode(t, tc.src), "p", 0, 1)
		if err != nil || got != tc.want {
			t.Errorf("Float(%s) = %g, %v; want %g", tc.src, got, err, tc.want)
		}
	}
	bad := []struct {
		src  string
		want []string
	}{
		{"1.5", []string{"p: 1.5 is out of range; allowed: 0 to 1"}},
		{"-0.01", []string{"-0.01 is out of range; allowed: 0 to 1"}},
		{"2", []string{"2 is out of range; allowed: 0 to 1"}},
		{".nan", []string{"out of range; allowed: 0 to 1"}},
		{".inf", []string{"out of range; allowed: 0 to 1"}},
		{"-.inf", []string{"out of range; allowed: 0 to 1"}},
		{"half", []string{"p: expected a number from 0 to 1", `found "half"`}},
		{"\"0.5\"", []string{"expected a number from 0 to 1", `found "0.5"`}},
		{"", []string{"expected a number from 0 to 1", "found nothing"}},
		{"[0.5]", []string{"expected a number from 0 to 1", "found a list"}},
	}
	for _, tc := range bad {
		got, err := doc.Float(valueNode(t, tc.src), "p", 0, 1)
		if got != 0 {
			t.Errorf("Float(%s) = %g with an error", tc.src, got)
		}
		wantErr(t, "Float("+tc.src+")", err, 1, tc.want...)
	}
}

func TestInputDocBool(t *testing.T) {
	for src, want := range map[string]bool{"true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false} {
		got, err := doc.Bool(valueNode(t, src), "flag")
		if err != nil || got != want {
			t.Errorf("Bool(%s) = %v, %v; want %v", src, got, err, want)
		}
	}
	for _, src := range []string{"yes", "no", "on", "1", "0", "\"true\"", "", "[true]", "!!bool yes", "!!bool 1", "!!bool maybe"} {
		got, err := doc.Bool(valueNode(t, src), "flag")
		if got {
			t.Errorf("Bool(%s) = true with an error", src)
		}
		wantErr(t, "Bool("+src+")", err, 1, "flag: expected true or false")
	}
}

func TestInputDocStr(t *testing.T) {
	for src, want := range map[string]string{"ogre": "ogre", "\"Ogre at the ford\"": "Ogre at the ford", "5": "5", "''": "", "\"~\"": "~"} {
		got, err := doc.Str(valueNode(t, src), "name")
		if err != nil || got != want {
			t.Errorf("Str(%s) = %q, %v; want %q", src, got, err, want)
		}
	}
	for src, found := range map[string]string{"": "found nothing", "~": "found nothing", "null": "found nothing",
		"[a]": "found a list", "{a: b}": "found a mapping"} {
		_, err := doc.Str(valueNode(t, src), "name")
		wantErr(t, "Str("+src+")", err, 1, "name: expected a word or text", found)
	}
}

func TestInputDocEnum(t *testing.T) {
	allowed := []string{"warrior", "thief", "mage"}
	for src, want := range map[string]string{"thief": "thief", "Thief": "thief", "\" MAGE \"": "mage"} {
		got, err := doc.Enum(valueNode(t, src), "archetype", allowed)
		if err != nil || got != want {
			t.Errorf("Enum(%s) = %q, %v; want %q", src, got, err, want)
		}
	}
	bad := []struct {
		src  string
		want []string
	}{
		{"bard", []string{`archetype: unknown value "bard"; allowed: warrior, thief, mage`}},
		{"\"\"", []string{`unknown value ""; allowed: warrior, thief, mage`}},
		{"warriors", []string{`unknown value "warriors"`, "allowed: warrior, thief, mage"}},
		{"3", []string{`unknown value "3"`, "allowed: warrior, thief, mage"}},
		{"", []string{"archetype: expected one of warrior, thief, mage", "found nothing"}},
		{"[thief]", []string{"expected one of warrior, thief, mage", "found a list"}},
		{"{a: b}", []string{"expected one of warrior, thief, mage", "found a mapping"}},
	}
	for _, tc := range bad {
		got, err := doc.Enum(valueNode(t, tc.src), "archetype", allowed)
		if got != "" {
			t.Errorf("Enum(%s) = %q with an error", tc.src, got)
		}
		wantErr(t, "Enum("+tc.src+")", err, 1, tc.want...)
	}
}

func TestInputDocSeq(t *testing.T) {
	items, err := doc.Seq(valueNode(t, "\n  - a\n  - b: 1\n  - [c]\n"), "gear")
	if err != nil || len(items) != 3 {
		t.Fatalf("Seq = %v, %v", items, err)
	}
	for i, want := range []struct {
		kind yaml.Kind
		line int
	}{{yaml.ScalarNode, 2}, {yaml.MappingNode, 3}, {yaml.SequenceNode, 4}} {
		if items[i].Kind != want.kind || items[i].Line != want.line {
			t.Errorf("item %d: kind %v line %d, want %v line %d", i, items[i].Kind, items[i].Line, want.kind, want.line)
		}
	}
	if items, err := doc.Seq(valueNode(t, "[]"), "gear"); err != nil || len(items) != 0 {
		t.Errorf("Seq([]) = %v, %v", items, err)
	}
	for src, found := range map[string]string{"sword": `found "sword"`, "": "found nothing", "{a: b}": "found a mapping", "3": "found the number 3"} {
		_, err := doc.Seq(valueNode(t, src), "gear")
		wantErr(t, "Seq("+src+")", err, 1, "gear: expected a list (lines starting with -)", found)
	}
}

func TestInputDocMap(t *testing.T) {
	n := valueNode(t, "\n  swords: 4\n  cups: [1]\n  wands:\n")
	fields, err := doc.Map(n, "attributes", "swords", "cups", "wands", "pentacles")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, f := range fields {
		keys = append(keys, f.Key)
	}
	if !slices.Equal(keys, []string{"swords", "cups", "wands"}) {
		t.Errorf("keys %v, want them in file order", keys)
	}
	if fields[0].Node.Value != "4" || fields[1].Node.Kind != yaml.SequenceNode || fields[2].Node.Tag != "!!null" {
		t.Errorf("values %+v %+v %+v", fields[0].Node, fields[1].Node, fields[2].Node)
	}
	for i, f := range fields {
		if f.KeyAt == nil || f.KeyAt.Value != f.Key || f.KeyAt.Line != i+2 {
			t.Errorf("field %s: KeyAt %+v, want the key at line %d", f.Key, f.KeyAt, i+2)
		}
	}
	// No allowed list: any key.
	if fields, err := doc.Map(valueNode(t, "{anything: 1, else: 2}"), "options"); err != nil || len(fields) != 2 {
		t.Errorf("Map without an allowed list = %v, %v", fields, err)
	}
	if fields, err := doc.Map(valueNode(t, "{}"), "options", "a"); err != nil || len(fields) != 0 {
		t.Errorf("Map({}) = %v, %v", fields, err)
	}

	bad := []struct {
		src     string
		allowed []string
		line    int
		want    []string
	}{
		{"\n  swords: 4\n  sword: 3\n", []string{"swords", "cups"}, 3,
			[]string{`attributes: unknown key "sword"; allowed keys: swords, cups`}},
		{"\n  Swords: 4\n", []string{"swords", "cups"}, 2,
			[]string{`unknown key "Swords"`, "allowed keys: swords, cups"}},
		{"\n  swords: 4\n  cups: 1\n  swords: 5\n", []string{"swords", "cups"}, 4,
			[]string{`attributes: key "swords" appears twice`}},
		{"\n  a: 1\n  a: 2\n", nil, 3, []string{`key "a" appears twice`}},
		{"\n  [a]: 1\n", nil, 2, []string{"attributes: keys must be plain words"}},
		{"\n  {a: 1}: 1\n", []string{"a"}, 2, []string{"keys must be plain words"}},
		{"[swords, 4]", nil, 1, []string{"attributes: expected a mapping (key: value lines)", "found a list"}},
		{"swords", nil, 1, []string{"expected a mapping (key: value lines)", `found "swords"`}},
		{"", nil, 1, []string{"expected a mapping (key: value lines)", "found nothing"}},
	}
	for _, tc := range bad {
		fields, err := doc.Map(valueNode(t, tc.src), "attributes", tc.allowed...)
		if fields != nil {
			t.Errorf("Map(%q) returned fields with an error", tc.src)
		}
		wantErr(t, "Map("+tc.src+")", err, tc.line, tc.want...)
	}
}

// An alias is reported as such, not followed and not a crash.
func TestInputDocAlias(t *testing.T) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte("a: &x {b: 1}\nc: *x\n"), &root); err != nil {
		t.Fatal(err)
	}
	alias := root.Content[0].Content[3]
	if alias.Kind != yaml.AliasNode {
		t.Fatalf("kind %v", alias.Kind)
	}
	_, err := doc.Map(alias, "c")
	wantErr(t, "Map(alias)", err, 2, "found an alias")
	_, err = doc.Int(alias, "c", 1, 2)
	wantErr(t, "Int(alias)", err, 2, "found an alias")
	_, err = doc.Str(alias, "c")
	wantErr(t, "Str(alias)", err, 2, "found an alias")
}

// TestList decodes a list item by item: the items in order, an empty list
// as an empty slice, and the first bad item, or a non-list, as the error at
// its line.
func TestList(t *testing.T) {
	num := func(n *yaml.Node) (int, error) { return doc.Int(n, "hits", 0, 9) }
	got, err := sim.List(doc, valueNode(t, "[3, 1, 4]"), "hits", num)
	if err != nil || !slices.Equal(got, []int{3, 1, 4}) {
		t.Errorf("[3, 1, 4]: %v, %v; want [3 1 4]", got, err)
	}
	if got, err := sim.List(doc, valueNode(t, "[]"), "hits", num); err != nil || got == nil || len(got) != 0 {
		t.Errorf("[]: %#v, %v; want an empty, non-nil slice", got, err)
	}
	_, err = sim.List(doc, valueNode(t, "\n  - 2\n  - 12\n  - x"), "hits", num)
	wantErr(t, "12 in a list", err, 3, "hits", "12")
	_, err = sim.List(doc, valueNode(t, "3"), "hits", num)
	wantErr(t, "not a list", err, 1, "hits", "expected a list")
}

package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// InputError is bad user input: it names the file and line and says what was
// expected. The command line maps it to exit code 2.
type InputError struct {
	File string
	Line int // 0 when the whole file is meant
	Msg  string
}

func (e *InputError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Doc decodes YAML nodes of one file strictly, turning every problem into an
// InputError with the file and line. Game systems use it for their part of a
// scenario.
type Doc struct {
	File string
}

// Errorf returns an InputError located at n.
func (d *Doc) Errorf(n *yaml.Node, format string, args ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &InputError{File: d.File, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Field is one key of a mapping with its value.
type Field struct {
	Key   string
	Node  *yaml.Node // the value
	KeyAt *yaml.Node // the key, for error lines
}

// Map returns the fields of a mapping node in file order, rejecting keys not
// in allowed (unless allowed is empty) and duplicate keys. what names the
// mapping in messages ("party member", "scenario").
func (d *Doc) Map(n *yaml.Node, what string, allowed ...string) ([]Field, error) {
	if n.Kind != yaml.MappingNode {
		return nil, d.Errorf(n, "%s: expected a mapping (key: value lines), found %s", what, describe(n))
	}
	fields := make([]Field, 0, len(n.Content)/2)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, d.Errorf(k, "%s: keys must be plain words", what)
		}
		if len(allowed) > 0 && !slices.Contains(allowed, k.Value) {
			return nil, d.Errorf(k, "%s: unknown key %q; allowed keys: %s%s", what, k.Value, strings.Join(allowed, ", "), DidYouMean(k.Value, allowed))
		}
		if seen[k.Value] {
			return nil, d.Errorf(k, "%s: key %q appears twice", what, k.Value)
		}
		seen[k.Value] = true
		fields = append(fields, Field{Key: k.Value, Node: v, KeyAt: k})
	}
	return fields, nil
}

// Seq returns the items of a sequence node.
func (d *Doc) Seq(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, d.Errorf(n, "%s: expected a list (lines starting with -), found %s", what, describe(n))
	}
	return n.Content, nil
}

// List decodes a sequence node item by item with each; the first bad item
// is the error. An empty list gives an empty, non-nil slice.
func List[T any](d *Doc, n *yaml.Node, what string, each func(item *yaml.Node) (T, error)) ([]T, error) {
	items, err := d.Seq(n, what)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(items))
	for _, it := range items {
		v, err := each(it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// Str returns a scalar as a string.
func (d *Doc) Str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", d.Errorf(n, "%s: expected a word or text, found %s", what, describe(n))
	}
	return n.Value, nil
}

// Int returns a scalar as an integer in [lo, hi].
func (d *Doc) Int(n *yaml.Node, what string, lo, hi int) (int, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, d.Errorf(n, "%s: expected a whole number from %d to %d, found %s", what, lo, hi, describe(n))
	}
	v, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil || v < int64(lo) || v > int64(hi) {
		return 0, d.Errorf(n, "%s: %s is out of range; allowed: %d to %d", what, n.Value, lo, hi)
	}
	return int(v), nil
}

// Uint64 returns a scalar as a non-negative 64-bit integer (seeds).
func (d *Doc) Uint64(n *yaml.Node, what string) (uint64, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, d.Errorf(n, "%s: expected a whole number from 0 to %d, found %s", what, uint64(math.MaxUint64), describe(n))
	}
	v, err := strconv.ParseUint(n.Value, 0, 64)
	if err != nil {
		return 0, d.Errorf(n, "%s: %s is out of range; allowed: 0 to %d", what, n.Value, uint64(math.MaxUint64))
	}
	return v, nil
}

// Float returns a scalar as a number in [lo, hi].
func (d *Doc) Float(n *yaml.Node, what string, lo, hi float64) (float64, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		return 0, d.Errorf(n, "%s: expected a number from %g to %g, found %s", what, lo, hi, describe(n))
	}
	v, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsNaN(v) || v < lo || v > hi {
		return 0, d.Errorf(n, "%s: %s is out of range; allowed: %g to %g", what, n.Value, lo, hi)
	}
	return v, nil
}

// Bool returns a scalar as true or false.
func (d *Doc) Bool(n *yaml.Node, what string) (bool, error) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		// An explicit tag (`!!bool yes`) keeps any text: accept only YAML 1.2's.
		switch n.Value {
		case "true", "True", "TRUE":
			return true, nil
		case "false", "False", "FALSE":
			return false, nil
		}
	}
	return false, d.Errorf(n, "%s: expected true or false, found %s", what, describe(n))
}

// Enum returns a scalar that must be one of allowed (compared in lower case).
func (d *Doc) Enum(n *yaml.Node, what string, allowed []string) (string, error) {
	s, err := d.Str(n, what)
	if err != nil {
		return "", d.Errorf(n, "%s: expected one of %s, found %s", what, strings.Join(allowed, ", "), describe(n))
	}
	v := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(allowed, v) {
		return "", d.Errorf(n, "%s: unknown value %q; allowed: %s%s", what, s, strings.Join(allowed, ", "), DidYouMean(v, allowed))
	}
	return v, nil
}

// describe names what a node holds, for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "nothing"
		case "!!int":
			return "the number " + n.Value
		case "!!float":
			return "the number " + n.Value
		case "!!bool":
			return n.Value
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "nothing"
}

package sim

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// A Path names one value of a scenario file, for sweeps: keys separated by
// dots and list items by [i] (counted from 0): foes[0].attack,
// party[1].attributes.clumsiness, options.L-3, max_rounds, scene.distance.
// A path ending in .size on a list sets how many items it has: party.size=3
// keeps the first three party entries, or repeats the list from the top
// when it is shorter (a repeated entry's name gets a number).
type Path struct {
	text  string
	steps []pathStep
}

type pathStep struct {
	key   string
	index int // -1 for a key
}

// String returns the path as it was written.
func (p Path) String() string { return p.text }

// ParsePath parses a path such as foes[0].attack.
func ParsePath(s string) (Path, error) {
	p := Path{text: s}
	rest := strings.TrimSpace(s)
	if rest == "" {
		return p, fmt.Errorf("empty path; write keys separated by dots and list items as [i], e.g. foes[0].attack")
	}
	for rest != "" {
		i := strings.IndexAny(rest, ".[")
		key := rest
		if i >= 0 {
			key, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if key != "" {
			p.steps = append(p.steps, pathStep{key: key, index: -1})
		} else if len(p.steps) == 0 || (rest != "" && rest[0] == '.') {
			return p, fmt.Errorf("path %q: a key is missing (write foes[0].attack)", s)
		}
		for strings.HasPrefix(rest, "[") {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return p, fmt.Errorf("path %q: [ without ]", s)
			}
			n, err := strconv.Atoi(rest[1:end])
			if err != nil || n < 0 {
				return p, fmt.Errorf("path %q: %q is not a list index (0, 1, 2...)", s, rest[1:end])
			}
			p.steps = append(p.steps, pathStep{index: n})
			rest = rest[end+1:]
		}
		if strings.HasPrefix(rest, ".") {
			rest = rest[1:]
			if rest == "" {
				return p, fmt.Errorf("path %q ends with a dot", s)
			}
		} else if rest != "" {
			return p, fmt.Errorf("path %q: expected . or [ before %q", s, rest)
		}
	}
	return p, nil
}

// ParseScenarioYAML parses a scenario file into its YAML document, for
// SetPath and LoadScenarioNode. Bad YAML is an *InputError.
func ParseScenarioYAML(file string, data []byte) (*yaml.Node, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, data, err)
	}
	return &root, nil
}

// SetPath sets the value at path p in a scenario document (as from
// ParseScenarioYAML) to value, written as in YAML (3, dice, true, 0.5). Keys
// that do not exist yet are added (options.L-3 when the file has no
// options); list items must exist. Problems are *InputErrors naming file
// and the line of the node where the path could not go on.
func SetPath(file string, doc *yaml.Node, p Path, value string) error {
	d := Doc{File: file}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return &InputError{File: file, Msg: fmt.Sprintf("%s: the file is empty", p)}
	}
	var v yaml.Node
	if err := yaml.Unmarshal([]byte(value), &v); err != nil || len(v.Content) == 0 {
		return &InputError{File: file, Msg: fmt.Sprintf("%s=%s: not a YAML value", p, value)}
	}
	val := v.Content[0]
	n := doc.Content[0]
	for i, st := range p.steps {
		last := i == len(p.steps)-1
		where := p.prefix(i)
		if n.Kind == yaml.AliasNode {
			return d.Errorf(n, "%s: %s is an alias (*name); write the value out in the file to vary it", p, where)
		}
		if st.index >= 0 {
			if n.Kind != yaml.SequenceNode {
				return d.Errorf(n, "%s: %s is %s, not a list", p, where, describe(n))
			}
			if st.index >= len(n.Content) {
				return d.Errorf(n, "%s: %s has %d items; allowed indices: 0 to %d", p, where, len(n.Content), len(n.Content)-1)
			}
			if last {
				replace(n.Content[st.index], val)
				return nil
			}
			n = n.Content[st.index]
			continue
		}
		if st.key == "size" && last && n.Kind == yaml.SequenceNode {
			return resize(d, n, p, where, val)
		}
		if n.Kind != yaml.MappingNode {
			return d.Errorf(n, "%s: %s is %s, not a mapping with keys", p, where, describe(n))
		}
		child := lookup(n, st.key)
		if child == nil {
			child = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			if last {
				child = &yaml.Node{}
			} else if p.steps[i+1].index >= 0 {
				return d.Errorf(n, "%s: %s has no key %q to take item [%d] of", p, where, st.key, p.steps[i+1].index)
			}
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: st.key}, child)
		}
		if last {
			replace(child, val)
			return nil
		}
		n = child
	}
	return nil
}

// replace puts val in place of n, keeping n's line for messages.
func replace(n, val *yaml.Node) {
	line, col := n.Line, n.Column
	*n = *val
	if line > 0 {
		n.Line, n.Column = line, col
	}
}

// prefix writes the path up to (not including) step i, for messages.
func (p Path) prefix(i int) string {
	if i == 0 {
		return "the scenario"
	}
	var b strings.Builder
	for _, st := range p.steps[:i] {
		if st.index >= 0 {
			fmt.Fprintf(&b, "[%d]", st.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(st.key)
	}
	return b.String()
}

// lookup finds a key of a mapping: exactly, or else ignoring case (option
// ids are not case-sensitive).
func lookup(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if strings.EqualFold(n.Content[i].Value, key) {
			return n.Content[i+1]
		}
	}
	return nil
}

// resize sets the number of items of list n: the first size items, or the
// list repeated from the top, each repetition's name: numbered.
func resize(d Doc, n *yaml.Node, p Path, where string, val *yaml.Node) error {
	size, err := d.Int(val, p.String(), 1, 64)
	if err != nil {
		return err
	}
	if len(n.Content) == 0 {
		return d.Errorf(n, "%s: %s is empty; there is nothing to repeat", p, where)
	}
	orig := n.Content
	items := make([]*yaml.Node, size)
	for i := range items {
		if i < len(orig) {
			items[i] = orig[i]
			continue
		}
		c := deepCopy(orig[i%len(orig)])
		if c.Kind == yaml.MappingNode {
			if name := lookup(c, "name"); name != nil && name.Kind == yaml.ScalarNode {
				name.Value = fmt.Sprintf("%s %d", name.Value, i/len(orig)+1)
			}
		}
		items[i] = c
	}
	n.Content = items
	return nil
}

func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = deepCopy(x)
	}
	return &c
}

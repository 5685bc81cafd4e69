package systems

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// Compiled is a scenario compiled by its system.
type Compiled struct {
	Scenario *sim.Scenario
	System   System
	Build    *Build
}

// CompileNode decodes a scenario from its YAML document (which a sweep or
// an explanation may have edited), compiles it with its system and checks
// its expectations against the metrics the system reports. Bad input is a
// *sim.InputError.
func CompileNode(file string, root *yaml.Node) (*Compiled, error) {
	sc, err := sim.LoadScenarioNode(file, root, IDs())
	if err != nil {
		return nil, err
	}
	sys, err := Get(sc.System)
	if err != nil {
		return nil, err
	}
	b, err := sys.Compile(sc)
	if err != nil {
		return nil, err
	}
	if err := b.Model.Schema().CheckExpectations(file, sc.Expect); err != nil {
		return nil, err
	}
	return &Compiled{Scenario: sc, System: sys, Build: b}, nil
}

// Change is one single change of a scenario's reading of the rules or of
// its tactics: a path of the scenario file set to another value.
type Change struct {
	Kind  string // "option" or "strategy"
	Path  string // "options.L-3", "strategies.party", "party[1].strategy"
	ID    string // "L-3", "party", "party[1]"
	Value string
	Doc   string // the option's question
}

// String writes the change as a sweep would: options.L-3=dice.
func (c Change) String() string { return c.Path + "=" + c.Value }

// Changes lists every single change of a compiled scenario that `tpk
// explain` plays: each other value of every option the file does not set,
// each other strategy of each side, and each other strategy of every party
// or foe entry that names its own; strong play aside.
func (c *Compiled) Changes() []Change {
	var out []Change
	for _, o := range c.System.Options() {
		if _, set := c.Scenario.Options[o.ID]; set {
			continue
		}
		for _, v := range o.Values {
			if v != o.Default {
				out = append(out, Change{Kind: "option", Path: "options." + o.ID, ID: o.ID, Value: v, Doc: o.Doc})
			}
		}
	}
	strategies := c.System.Strategies()
	others := func(side sim.Side, current string) []string {
		var names []string
		for _, st := range strategies {
			// Strong play is a search that costs a thousand encounters an
			// encounter: it is the yardstick's (tpk yardstick), not a
			// tactic a table picks.
			if st.Side == side && st.Name != current && st.Role != RoleStrong {
				names = append(names, st.Name)
			}
		}
		return names
	}
	for _, side := range []sim.Side{sim.Party, sim.Foes} {
		for _, name := range others(side, c.Build.Strategies[side]) {
			out = append(out, Change{Kind: "strategy", Path: "strategies." + string(side), ID: string(side), Value: name})
		}
		entries := c.Scenario.Party
		if side == sim.Foes {
			entries = c.Scenario.Foes
		}
		for i, n := range entries {
			own := entryStrategy(n)
			if own == "" {
				continue
			}
			id := fmt.Sprintf("%s[%d]", side, i)
			for _, name := range others(side, own) {
				out = append(out, Change{Kind: "strategy", Path: id + ".strategy", ID: id, Value: name})
			}
		}
	}
	return out
}

// entryStrategy is the `strategy:` a party or foe entry names, or "".
func entryStrategy(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "strategy" {
			return n.Content[i+1].Value
		}
	}
	return ""
}

// CompileChange compiles the scenario file data with one change applied.
// An error means this scenario cannot take the change (a strategy for
// another kind of combatant, say).
func CompileChange(file string, data []byte, ch Change) (*Compiled, error) {
	root, err := sim.ParseScenarioYAML(file, data)
	if err != nil {
		return nil, err
	}
	p, err := sim.ParsePath(ch.Path)
	if err != nil {
		return nil, err
	}
	if err := sim.SetPath(file, root, p, ch.Value); err != nil {
		return nil, err
	}
	return CompileNode(file, root)
}

// CompileSides compiles the scenario file data with a side's whole play
// set: every member of the party plays party (its entries' own `strategy:`
// removed), every foe plays foes; "" leaves that side as written. It is
// how `tpk yardstick` plays a scenario at careless, competent and strong
// tables.
func CompileSides(file string, data []byte, party, foes string) (*Compiled, error) {
	root, err := sim.ParseScenarioYAML(file, data)
	if err != nil {
		return nil, err
	}
	for _, s := range []struct {
		side sim.Side
		name string
	}{{sim.Party, party}, {sim.Foes, foes}} {
		if s.name == "" {
			continue
		}
		p, err := sim.ParsePath("strategies." + string(s.side))
		if err != nil {
			return nil, err
		}
		if err := sim.SetPath(file, root, p, s.name); err != nil {
			return nil, err
		}
		if len(root.Content) > 0 {
			for _, e := range entries(root.Content[0], string(s.side)) {
				dropKey(e, "strategy")
			}
		}
	}
	return CompileNode(file, root)
}

// entries are the items of the list under key in mapping m (none when
// there is no such list).
func entries(m *yaml.Node, key string) []*yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key && m.Content[i+1].Kind == yaml.SequenceNode {
			return m.Content[i+1].Content
		}
	}
	return nil
}

// dropKey removes key from mapping n.
func dropKey(n *yaml.Node, key string) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content = append(n.Content[:i], n.Content[i+2:]...)
			return
		}
	}
}

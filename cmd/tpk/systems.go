package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func systemsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "systems",
		Usage:     "list the game systems, their strategies, options, scenario keys, metrics and checks",
		ArgsUsage: "[SYSTEM]",
		Flags:     []cli.Flag{formatFlag("systems", "")},
		Action: func(c *cli.Context) error {
			ids := systems.IDs()
			if c.NArg() > 0 {
				ids = c.Args().Slice()
			}
			var list []systems.System
			for _, id := range ids {
				s, err := systems.Get(id)
				if err != nil {
					return usagef("%v", err)
				}
				list = append(list, s)
			}
			if err := checkFormat("systems", c.String("format")); err != nil {
				return err
			}
			return systemsWriters.write(e.stdout, c.String("format"), list)
		},
	}
}

// systemsWriters writes the listing of systems in a --format.
var systemsWriters = writers[[]systems.System]{"text": writeSystemsText, "json": writeSystemsJSON}

// roleWords is how the listing marks a strategy's role on the yardstick.
var roleWords = map[string]string{systems.RoleStrong: "search", systems.RoleCareless: "careless",
	systems.RoleHarsh: "harsher GM"}

func writeSystemsText(w io.Writer, list []systems.System) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for i, s := range list {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprintf(tw, "%s\t%s\n", s.ID(), s.Title())
		for _, line := range strings.Split(strings.TrimSpace(s.Notes()), "\n") {
			fmt.Fprintf(tw, "  %s\n", line)
		}
		fmt.Fprintln(tw, "\n  strategies")
		for _, st := range s.Strategies() {
			def := ""
			if st.Default {
				def = " (default)"
			}
			if r := roleWords[st.Role]; r != "" {
				def += " (" + r + ")"
			}
			fmt.Fprintf(tw, "    %s\t%s%s\t%s\n", st.Side, st.Name, def, st.Doc)
		}
		fmt.Fprintln(tw, "\n  options (id, default, allowed values, question)")
		for _, o := range s.Options() {
			vals := strings.Join(o.Values, "|")
			if o.Probability {
				vals += "|0..1"
			}
			fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", o.ID, o.Default, vals, o.Doc)
		}
		for _, side := range scenarioKeys(s) {
			fmt.Fprintf(tw, "\n  %s keys (tpk new %s writes them all, with their defaults)\n", side.Entry, s.ID())
			for _, k := range side.Keys {
				fmt.Fprintf(tw, "    %s\t%s\n", k.Name, clip(k.Allowed, keyWordsWidth))
			}
		}
		if sc := exampleSchema(s.ID()); sc != nil {
			fmt.Fprintln(tw, "\n  metrics (the headline ones first, then the system's own)")
			for _, m := range sc.Metrics {
				fmt.Fprintf(tw, "    %s\t%s\n", m.Name, m.Doc)
			}
			fmt.Fprintln(tw, "\n  metrics of each combatant")
			for _, m := range sc.CombatantMetrics {
				fmt.Fprintf(tw, "    %s\t%s\n", m.Name, m.Doc)
			}
		}
		fmt.Fprintln(tw, "\n  checks (tpk odds "+s.ID()+" CHECK)")
		for _, ch := range s.Checks() {
			var ps []string
			for _, p := range ch.Params {
				ps = append(ps, "--"+p.Name)
			}
			fmt.Fprintf(tw, "    %s\t%s\t%s\n", ch.Name, strings.Join(ps, " "), ch.Doc)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

type systemJSON struct {
	ID           string             `json:"id"`
	Title        string             `json:"title"`
	Notes        string             `json:"notes"`
	Strategies   []systems.Strategy `json:"strategies"`
	Options      []sim.Option       `json:"options"`
	Metrics      []metricJSON       `json:"metrics,omitempty"`
	PerCombatant []metricJSON       `json:"combatant_metrics,omitempty"`
	Checks       []checkJSON        `json:"checks"`
	Keys         []entryKeysJSON    `json:"scenario_keys,omitempty"`
}

// entryKeysJSON is the keys of one part of a system's scenarios: a party
// member, a foe, the scene.
type entryKeysJSON struct {
	Entry string    `json:"entry"` // "party", "foes", "scene"
	Keys  []keyJSON `json:"keys"`
}

type keyJSON struct {
	Name    string `json:"name"`
	Allowed string `json:"allowed"`           // in words
	Default string `json:"default,omitempty"` // the value of an entry without a built-in
}

// keyWordsWidth is where the text listing clips a key's allowed values.
const keyWordsWidth = 100

// scenarioKeys lists the keys of s's party members, foes and scene, from
// its scenario form; nil when s does not describe its scenarios.
func scenarioKeys(s systems.System) []entryKeysJSON {
	form, ok := systems.FormOf(s)
	if !ok {
		return nil
	}
	var out []entryKeysJSON
	for _, part := range []string{"party", "foes", "scene"} {
		k := form.Key(part)
		if k == nil {
			continue
		}
		shape := k.Shape
		if shape.Type == sim.ListShape {
			shape = *shape.Items
		}
		e := entryKeysJSON{Entry: part}
		for _, fk := range shape.Keys {
			kj := keyJSON{Name: fk.Name, Allowed: fk.Shape.Words()}
			if fk.Default != "" && fk.Shape.Type != sim.MapShape && inRange(fk) {
				kj.Default = fk.Default
				kj.Allowed += " (default " + fk.Default + ")"
			}
			e.Keys = append(e.Keys, kj)
		}
		out = append(out, e)
	}
	return out
}

// clip shortens s to width characters, saying where the rest is.
func clip(s string, width int) string {
	if len(s) <= width {
		return s
	}
	cut := strings.LastIndex(s[:width], ", ")
	if cut < 0 {
		cut = width
	}
	return s[:cut] + ", ... (tpk new lists them all)"
}

type metricJSON struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "probability" or "count"
	Doc  string `json:"doc"`
}

func metricsJSON(ms []sim.Metric) []metricJSON {
	out := make([]metricJSON, len(ms))
	for i, m := range ms {
		out[i] = metricJSON{Name: m.Name, Kind: "count", Doc: m.Doc}
		if m.Kind == sim.Prob {
			out[i].Kind = "probability"
		}
	}
	return out
}

// exampleSchema is the metric layout of a system, read from its first
// built-in example compiled with every option at its default; nil for a
// system without examples.
func exampleSchema(system string) *sim.Schema {
	for _, name := range exampleNames() {
		if !strings.HasPrefix(name, examplePrefix+system+"/") {
			continue
		}
		srcs, err := readFrom(examples.FS, strings.TrimPrefix(name, examplePrefix), name, true)
		if err != nil || len(srcs) == 0 {
			return nil
		}
		root, err := sim.ParseScenarioYAML(srcs[0].file, srcs[0].data)
		if err != nil {
			return nil
		}
		dropKeys(root.Content[0], "options", "expect")
		cs, err := systems.CompileNode(srcs[0].file, root)
		if err != nil {
			return nil
		}
		return cs.Build.Model.Schema()
	}
	return nil
}

// dropKeys removes keys from a YAML mapping.
func dropKeys(n *yaml.Node, keys ...string) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); {
		if slices.Contains(keys, n.Content[i].Value) {
			n.Content = slices.Delete(n.Content, i, i+2)
			continue
		}
		i += 2
	}
}

type checkJSON struct {
	Name     string          `json:"name"`
	Doc      string          `json:"doc"`
	Params   []systems.Param `json:"params"`
	Outcomes []string        `json:"outcomes"`
}

func writeSystemsJSON(w io.Writer, list []systems.System) error {
	var out []systemJSON
	for _, s := range list {
		sj := systemJSON{ID: s.ID(), Title: s.Title(), Notes: s.Notes(), Strategies: s.Strategies(), Options: s.Options(),
			Keys: scenarioKeys(s)}
		if sc := exampleSchema(s.ID()); sc != nil {
			sj.Metrics, sj.PerCombatant = metricsJSON(sc.Metrics), metricsJSON(sc.CombatantMetrics)
		}
		for _, ch := range s.Checks() {
			sj.Checks = append(sj.Checks, checkJSON{ch.Name, ch.Doc, ch.Params, ch.Outcomes})
		}
		out = append(out, sj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

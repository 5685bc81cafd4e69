package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

func schemaCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "schema",
		Usage:     "print a JSON Schema of a system's scenarios, for an editor's completion and checking",
		ArgsUsage: "SYSTEM",
		Description: "The schema is written from the declarations the scenario decoder reads, like tpk new's template.\n" +
			"With the YAML extension of VS Code (or any editor using yaml-language-server):\n" +
			"  tpk schema locus > locus.schema.json\n" +
			"and put this line first in the scenario:\n" +
			"  # yaml-language-server: $schema=locus.schema.json",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("schema takes one system; allowed: %s", strings.Join(systems.IDs(), ", "))
			}
			sys, err := systems.Get(c.Args().First())
			if err != nil {
				return usagef("%v", err)
			}
			doc, err := scenarioSchema(sys)
			if err != nil {
				return err
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			return enc.Encode(doc)
		},
	}
}

// jsonSchemaDialect is the JSON Schema version tpk writes.
const jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// scenarioSchema is the JSON Schema of sys's scenarios, from its scenario
// form: every key with its type, range or allowed values, nothing else
// allowed. The decoder compares words in any case; the schema lists them as
// tpk writes them, in lower case. It accepts nothing the decoder refuses
// for its shape, but a few rules between keys are the decoder's alone (a
// party member with no built-in gives every attribute).
func scenarioSchema(sys systems.System) (map[string]any, error) {
	form, ok := systems.FormOf(sys)
	if !ok {
		return nil, usagef("%s does not describe its scenarios", sys.ID())
	}
	doc := keysSchema(form.Keys)
	doc["$schema"] = jsonSchemaDialect
	doc["title"] = "tpk scenario: " + sys.Title()
	doc["description"] = "A scenario file for the " + sys.ID() + " system of tpk (tpk new " + sys.ID() + " writes one)."
	props := doc["properties"].(map[string]any)
	props["system"] = map[string]any{"const": sys.ID(), "description": "the game system: " + sys.ID()}
	doc["required"] = []string{"system", "party", "foes"}
	doc["not"] = map[string]any{"required": []string{"trials", "precision"}, "description": "give either trials or precision, not both"}
	if exp, ok := props["expect"].(map[string]any); ok {
		// The metrics an expectation may name, for completion: those of
		// the system's first example at the default options.
		if sc := exampleSchema(sys.ID()); sc != nil {
			each := exp["additionalProperties"].(map[string]any)
			metrics := map[string]any{}
			for _, m := range sc.Metrics {
				s := map[string]any{}
				for k, v := range each {
					s[k] = v
				}
				s["description"] = m.Name + ": " + m.Doc + "; " + each["description"].(string)
				metrics[m.Name] = s
			}
			exp["properties"], exp["additionalProperties"] = metrics, false
		}
	}
	if opts, ok := props["options"].(map[string]any); ok {
		ci := map[string]any{}
		for id, s := range opts["properties"].(map[string]any) {
			ci[caseless(id)] = s
		}
		opts["patternProperties"] = ci
	}
	return doc, nil
}

// keysSchema is the schema of a mapping of keys, no other key allowed.
func keysSchema(keys []sim.FormKey) map[string]any {
	props := map[string]any{}
	for _, k := range keys {
		s := shapeSchema(k.Shape)
		desc := k.What
		if w := k.Shape.Words(); w != "" {
			desc += ": " + w
		}
		if k.Default != "" && inRange(k) {
			desc += " (default " + k.Default + ")"
			if v, ok := jsonDefault(k); ok {
				s["default"] = v
			}
		}
		s["description"] = desc
		props[k.Name] = s
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
}

// shapeSchema is the schema of a value of shape s.
func shapeSchema(s sim.Shape) map[string]any {
	out := map[string]any{}
	switch s.Type {
	case sim.IntShape, sim.NumShape:
		out["type"] = "integer"
		if s.Type == sim.NumShape {
			out["type"] = "number"
		}
		out["minimum"] = s.Min
		if s.Max < 1<<53 {
			out["maximum"] = s.Max
		}
	case sim.BoolShape:
		out["type"] = "boolean"
	case sim.TextShape:
		if len(s.Values) > 0 {
			out["type"] = "string"
			out["enum"] = s.Values
		} else {
			// The decoder reads any word, a number written as a word too.
			out["type"] = []string{"string", "number", "boolean"}
		}
		if s.Pattern != "" {
			out["type"], out["pattern"] = "string", s.Pattern
		}
	case sim.NullShape:
		out["type"] = "null"
	case sim.ListShape:
		out["type"] = "array"
		out["items"] = shapeSchema(*s.Items)
		if s.Unique {
			out["uniqueItems"] = true
		}
		if s.MinItems > 0 {
			out["minItems"] = s.MinItems
		}
		if s.MaxItems > 0 {
			out["maxItems"] = s.MaxItems
		}
	case sim.MapShape:
		if len(s.Keys) == 0 && s.Items != nil {
			return map[string]any{"type": "object", "additionalProperties": shapeSchema(*s.Items)}
		}
		return keysSchema(s.Keys)
	case sim.OneOfShape:
		var any []any
		for _, o := range s.Or {
			any = append(any, shapeSchema(o))
		}
		out["anyOf"] = any
	}
	if s.Doc != "" {
		out["description"] = s.Doc
	}
	return out
}

// jsonDefault is a key's default as a JSON value, for the scalars.
func jsonDefault(k sim.FormKey) (any, bool) {
	switch k.Shape.Type {
	case sim.IntShape:
		v, err := strconv.Atoi(k.Default)
		return v, err == nil
	case sim.BoolShape:
		v, err := strconv.ParseBool(k.Default)
		return v, err == nil
	case sim.TextShape:
		if v, err := strconv.Unquote(k.Default); err == nil {
			return v, true
		}
		return k.Default, true
	}
	return nil, false
}

// caseless is a pattern that matches id in any case: option ids are not
// case-sensitive.
func caseless(id string) string {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range id {
		lo, up := strings.ToLower(string(r)), strings.ToUpper(string(r))
		switch {
		case lo != up:
			b.WriteString("[" + lo + up + "]")
		case strings.ContainsRune(`\.+*?()|[]{}^$`, r):
			b.WriteString(`\` + string(r))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString("$")
	return b.String()
}

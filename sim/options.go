package sim

import (
	"sort"
	"strconv"
	"strings"
)

// Option is one point where a rulebook leaves the outcome to the game master,
// under the id its rules spec gives it (L-3, H-2, DC-6...).
type Option struct {
	ID      string
	Doc     string   // the question, in one line
	Default string   // the spec's default reading
	Values  []string // every accepted value, the default first
	// Probability, when true, also accepts a number from 0 to 1 as the value
	// (a chance per occasion).
	Probability bool
}

// Options maps option ids to the chosen value.
type Options map[string]string

// Get returns the value of option id.
func (o Options) Get(id string) string { return o[id] }

// Keys returns the ids in natural order (L-2 before L-10).
func (o Options) Keys() []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	SortOptionIDs(keys)
	return keys
}

// SortOptionIDs sorts ids by prefix, then by number.
func SortOptionIDs(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		pi, ni := splitID(ids[i])
		pj, nj := splitID(ids[j])
		if pi != pj {
			return pi < pj
		}
		if ni != nj {
			return ni < nj
		}
		return ids[i] < ids[j] // a total order, whatever order the ids came in
	})
}

func splitID(id string) (string, int) {
	i := strings.LastIndexAny(id, "-ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	n, _ := strconv.Atoi(id[i+1:])
	return id[:i+1], n
}

// ResolveOptions checks the options written in sc against specs and returns
// every option's value, defaults filled in.
func ResolveOptions(specs []Option, sc *Scenario) (Options, error) {
	out := Options{}
	ids := make([]string, len(specs))
	for i, s := range specs {
		out[s.ID] = s.Default
		ids[i] = s.ID
	}
	// In file order, so that the first bad option is the one reported.
	order := make([]string, 0, len(sc.Options))
	for id := range sc.Options {
		order = append(order, id)
	}
	at := func(id string) (int, int) {
		if n := sc.Options[id].Node; n != nil {
			return n.Line, n.Column
		}
		return 0, 0
	}
	sort.Slice(order, func(i, j int) bool {
		li, ci := at(order[i])
		lj, cj := at(order[j])
		if li != lj {
			return li < lj
		}
		if ci != cj {
			return ci < cj
		}
		return order[i] < order[j]
	})
	for _, id := range order {
		set := sc.Options[id]
		spec, ok := findOption(specs, id)
		if !ok {
			return nil, sc.Doc.Errorf(set.Node, "unknown option %q for system %s; allowed: %s", id, sc.System, strings.Join(ids, ", "))
		}
		v, err := spec.Check(set.Value)
		if err != nil {
			return nil, sc.Doc.Errorf(set.Node, "option %s: %v", id, err)
		}
		out[id] = v
	}
	return out, nil
}

func findOption(specs []Option, id string) (Option, bool) {
	for _, s := range specs {
		if strings.EqualFold(s.ID, id) {
			return s, true
		}
	}
	return Option{}, false
}

// Check validates a value for the option and returns it normalised.
func (o Option) Check(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	for _, a := range o.Values {
		if v == a {
			return v, nil
		}
	}
	if o.Probability {
		if p, err := strconv.ParseFloat(v, 64); err == nil && p >= 0 && p <= 1 {
			return v, nil
		}
	}
	allowed := strings.Join(o.Values, ", ")
	if o.Probability {
		allowed += ", or a probability from 0 to 1"
	}
	return "", &valueError{"unknown value " + strconv.Quote(v) + "; allowed: " + allowed}
}

type valueError struct{ msg string }

func (e *valueError) Error() string { return e.msg }

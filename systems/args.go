package systems

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file validates the arguments of a check once, from its Params, for
// every system: `tpk odds` and the tests call Resolve, so a check's Exact
// and Sample only ever see complete arguments of the right kinds inside
// their ranges.

// Allowed says in words which values p takes ("allowed: 1 to 5").
func (p Param) Allowed() string {
	switch p.Kind {
	case BoolParam:
		return "a flag"
	case EnumParam:
		return "allowed: " + strings.Join(p.Values, ", ")
	case IntsParam:
		return fmt.Sprintf("allowed: comma-separated whole numbers from %d to %d", p.Min, p.Max)
	}
	return fmt.Sprintf("allowed: %d to %d", p.Min, p.Max)
}

// Parse reads value, as written on a command line, as p's kind and checks
// it against p's range or allowed values. A flag given without a value
// (explicit false) is on.
func (p Param) Parse(value string, explicit bool) (any, error) {
	bad := func() error { return fmt.Errorf("--%s: %q is not allowed; %s", p.Name, value, p.Allowed()) }
	switch p.Kind {
	case BoolParam:
		if !explicit || value == "" {
			return true, nil
		}
		b, err := strconv.ParseBool(value)
		if err != nil {
			return nil, bad()
		}
		return b, nil
	case EnumParam:
		if !slices.Contains(p.Values, value) {
			return nil, bad()
		}
		return value, nil
	case IntsParam:
		var out []int
		for _, f := range strings.Split(value, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < p.Min || n > p.Max {
				return nil, bad()
			}
			out = append(out, n)
		}
		return out, nil
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < p.Min || n > p.Max {
		return nil, bad()
	}
	return n, nil
}

// check says whether v is a value of p's kind inside p's range or among
// its allowed values.
func (p Param) check(v any) error {
	bad := func() error { return fmt.Errorf("--%s: %v is not allowed; %s", p.Name, v, p.Allowed()) }
	switch p.Kind {
	case BoolParam:
		if _, ok := v.(bool); !ok {
			return bad()
		}
	case EnumParam:
		if s, ok := v.(string); !ok || !slices.Contains(p.Values, s) {
			return bad()
		}
	case IntsParam:
		xs, ok := v.([]int)
		if !ok || len(xs) == 0 {
			return bad()
		}
		for _, x := range xs {
			if x < p.Min || x > p.Max {
				return bad()
			}
		}
	default:
		if n, ok := v.(int); !ok || n < p.Min || n > p.Max {
			return bad()
		}
	}
	return nil
}

// Resolve checks a against the check's Params and returns complete
// arguments: every parameter present, of its kind, inside its range or
// among its allowed values. A parameter left out takes its default (a flag
// without one is off); a required one left out, a name the check does not
// have, a value of another kind or out of range, or arguments Valid
// refuses, is an error that names the flag and its allowed values. Exact
// and Sample may assume resolved arguments.
func (c Check) Resolve(a Args) (Args, error) {
	for name := range a {
		if !slices.ContainsFunc(c.Params, func(p Param) bool { return p.Name == name }) {
			return nil, fmt.Errorf("%s has no flag --%s; allowed: %s", c.Name, name, c.flagList())
		}
	}
	out := make(Args, len(c.Params))
	for _, p := range c.Params {
		v, ok := a[p.Name]
		switch {
		case ok:
		case p.Kind == BoolParam && p.Default == "":
			v = false
		case p.Default == "":
			return nil, fmt.Errorf("%s needs --%s (%s)", c.Name, p.Name, p.Allowed())
		default:
			d, err := p.Parse(p.Default, true)
			if err != nil {
				return nil, fmt.Errorf("%s: the default of --%s: %v", c.Name, p.Name, err)
			}
			v = d
		}
		if err := p.check(v); err != nil {
			return nil, fmt.Errorf("%s %v", c.Name, err)
		}
		out[p.Name] = v
	}
	if c.Valid != nil {
		if err := c.Valid(out); err != nil {
			return nil, fmt.Errorf("%s %v", c.Name, err)
		}
	}
	return out, nil
}

func (c Check) flagList() string {
	names := make([]string, len(c.Params))
	for i, p := range c.Params {
		names[i] = "--" + p.Name
	}
	return strings.Join(names, ", ")
}

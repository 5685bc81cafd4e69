package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Expectation is one line of a scenario's `expect:` block: a metric, a
// comparison and a bound, or a band "lo .. hi".
type Expectation struct {
	Metric string
	Op     string  // "<", "<=", ">", ">=" or ".." (a band, both ends included)
	Value  float64 // the bound, or the band's low end
	Hi     float64 // the band's high end
	Line   int
}

// String writes the expectation as it would be written in a scenario.
func (e Expectation) String() string {
	if e.Op == ".." {
		return fmt.Sprintf("%s in %g .. %g", e.Metric, e.Value, e.Hi)
	}
	return fmt.Sprintf("%s %s %g", e.Metric, e.Op, e.Value)
}

// Holds reports whether x satisfies the expectation.
func (e Expectation) Holds(x float64) bool {
	switch e.Op {
	case "<":
		return x < e.Value
	case "<=":
		return x <= e.Value
	case ">":
		return x > e.Value
	case ">=":
		return x >= e.Value
	default:
		return x >= e.Value && x <= e.Hi
	}
}

// Verdict judges the expectation by a 95% interval [lo, hi] of the figure:
// VerdictPass when every value in it satisfies the expectation,
// VerdictFail when none does, VerdictUndecided when the interval straddles
// the bound (or an end of the band): more encounters would decide it.
func (e Expectation) Verdict(lo, hi float64) string {
	var pass, fail bool
	switch e.Op {
	case "<":
		pass, fail = hi < e.Value, lo >= e.Value
	case "<=":
		pass, fail = hi <= e.Value, lo > e.Value
	case ">":
		pass, fail = lo > e.Value, hi <= e.Value
	case ">=":
		pass, fail = lo >= e.Value, hi < e.Value
	default:
		pass, fail = lo >= e.Value && hi <= e.Hi, hi < e.Value || lo > e.Hi
	}
	switch {
	case pass:
		return VerdictPass
	case fail:
		return VerdictFail
	}
	return VerdictUndecided
}

const expectForm = `expected "< 0.05", "<= 0.05", "> 0.9", ">= 0.9" or a band "0.10 .. 0.40"`

func (d *Doc) decodeExpect(n *yaml.Node) ([]Expectation, error) {
	fields, err := d.Map(n, "expect")
	if err != nil {
		return nil, err
	}
	out := make([]Expectation, 0, len(fields))
	for _, f := range fields {
		if f.Node.Kind != yaml.ScalarNode {
			return nil, d.Errorf(f.Node, "expect %s: %s", f.Key, expectForm)
		}
		e, err := ParseExpectation(f.Key, f.Node.Value)
		if err != nil {
			return nil, d.Errorf(f.Node, "expect %s: %v", f.Key, err)
		}
		e.Line = f.Node.Line
		out = append(out, e)
	}
	return out, nil
}

// ParseExpectation parses the text of one expectation for metric.
func ParseExpectation(metric, text string) (Expectation, error) {
	e := Expectation{Metric: metric}
	s := strings.TrimSpace(text)
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		b, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if err1 != nil || err2 != nil || !finite(a) || !finite(b) {
			return e, fmt.Errorf("%q is not a band; %s", text, expectForm)
		}
		if a > b {
			return e, fmt.Errorf("band %q runs backwards; write the low end first", text)
		}
		e.Op, e.Value, e.Hi = "..", a, b
		return e, nil
	}
	for _, op := range []string{"<=", ">=", "<", ">"} {
		if rest, ok := strings.CutPrefix(s, op); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err != nil || !finite(v) {
				return e, fmt.Errorf("%q has no number after %s; %s", text, op, expectForm)
			}
			e.Op, e.Value = op, v
			return e, nil
		}
	}
	return e, fmt.Errorf("%q is not a comparison; %s", text, expectForm)
}

// finite rejects NaN, which no figure satisfies, and the infinities.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// CheckExpectations judges a scenario's expectations against the schema its
// system built, before anything is played: each must name a metric of the
// schema that the options leave applicable, with bounds the metric can take
// (a probability within 0..1, a count not below 0), in a comparison some
// value of the metric can meet (not p > 1, p < 0 or a count < 0). A
// violation is an *InputError naming the file, the line and what is
// allowed.
func (s *Schema) CheckExpectations(file string, exps []Expectation) error {
	var names []string
	for _, m := range s.Metrics {
		if m.NA == "" {
			names = append(names, m.Name)
		}
	}
	allowed := "; allowed: " + strings.Join(names, ", ")
	for _, x := range exps {
		i := s.Index(x.Metric)
		if i < 0 {
			return &InputError{File: file, Line: x.Line, Msg: fmt.Sprintf("expect: unknown metric %s%s", x.Metric, allowed)}
		}
		m := s.Metrics[i]
		if m.NA != "" {
			return &InputError{File: file, Line: x.Line, Msg: fmt.Sprintf(
				"expect: metric %q is not applicable here (%s); remove the expectation or change the option%s", x.Metric, m.NA, allowed)}
		}
		lo, hi := x.Value, x.Value
		if x.Op == ".." {
			hi = x.Hi
		}
		switch {
		case m.Kind == Prob && (lo < 0 || hi > 1):
			return &InputError{File: file, Line: x.Line, Msg: fmt.Sprintf(
				"expect: %s is a probability; its bounds must lie within 0 .. 1, not %s", x.Metric, strings.TrimPrefix(x.String(), x.Metric+" "))}
		case m.Kind == Count && lo < 0:
			return &InputError{File: file, Line: x.Line, Msg: fmt.Sprintf(
				"expect: %s is a count (0 or more); a negative bound %g is not allowed", x.Metric, lo)}
		}
		if msg := impossible(x, m.Kind); msg != "" {
			return &InputError{File: file, Line: x.Line, Msg: "expect: " + msg}
		}
	}
	return nil
}

// impossible says why no value of a metric of the given kind can satisfy x
// (a probability above 1 or below 0, a count below 0), or gives "".
func impossible(x Expectation, k Kind) string {
	what, least, most := "a probability, from 0 to 1", 0.0, 1.0
	if k == Count {
		what, most = "a count, 0 or more", math.Inf(1)
	}
	never := false
	switch x.Op {
	case ">":
		never = x.Value >= most
	case "<":
		never = x.Value <= least
	}
	if !never {
		return ""
	}
	return fmt.Sprintf("%s can never hold: %s is %s", x, x.Metric, what)
}

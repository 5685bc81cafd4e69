package sim

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// An expectation that no value of its metric can satisfy is an input error,
// not a check that fails for ever: a probability above 1 or below 0, a
// count below 0. Those a value can satisfy at the very end of the range
// (p <= 0, p >= 1, a count <= 0) are accepted.
func TestCheckExpectationsImpossible(t *testing.T) {
	s := naToy().schema
	for _, tc := range []struct {
		exp  Expectation
		want string // "" = accepted
	}{
		{Expectation{Metric: "victory", Op: ">", Value: 1, Line: 3}, "f.yaml:3: expect: victory > 1 can never hold: victory is a probability, from 0 to 1"},
		{Expectation{Metric: "victory", Op: "<", Value: 0, Line: 4}, "f.yaml:4: expect: victory < 0 can never hold"},
		{Expectation{Metric: "rounds", Op: "<", Value: 0, Line: 5}, "f.yaml:5: expect: rounds < 0 can never hold: rounds is a count, 0 or more"},
		{Expectation{Metric: "victory", Op: ">=", Value: 1}, ""},
		{Expectation{Metric: "victory", Op: "<=", Value: 0}, ""},
		{Expectation{Metric: "rounds", Op: "<=", Value: 0}, ""},
	} {
		t.Run(fmt.Sprint(tc.exp), func(t *testing.T) { checkExpectationError(t, s, tc.exp, tc.want) })
	}
}

// checkExpectationError fails unless schema s takes expectation exp
// (want "") or refuses it with an input error containing want.
func checkExpectationError(t *testing.T, s *Schema, exp Expectation, want string) {
	t.Helper()
	err := s.CheckExpectations("f.yaml", []Expectation{exp})
	var ie *InputError
	switch {
	case want == "" && err != nil:
		t.Errorf("%v: %v", exp, err)
	case want != "" && (!errors.As(err, &ie) || !strings.Contains(err.Error(), want)):
		t.Errorf("%v: error %v, want an input error containing %q", exp, err, want)
	}
}

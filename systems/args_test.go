package systems

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// toyCheck has one parameter of every kind and a constraint between two.
func toyCheck() Check {
	return Check{Name: "roll", Params: []Param{
		{Name: "attribute", Kind: IntParam, Min: 1, Max: 5},
		{Name: "bonus", Kind: IntParam, Min: -3, Max: 3, Default: "1"},
		{Name: "push", Kind: BoolParam},
		{Name: "favor", Kind: BoolParam, Default: "true"},
		{Name: "deck", Kind: EnumParam, Values: []string{"players", "d10"}, Default: "players"},
		{Name: "ratings", Kind: IntsParam, Min: 0, Max: 7, Default: "2"},
	}, Valid: func(a Args) error {
		if a.Int("attribute")+a.Int("bonus") > 6 {
			return errors.New("--bonus: attribute and bonus above 6")
		}
		return nil
	}}
}

// Resolve fills defaults and turns away every argument the Params (or
// Valid) refuse, with a message naming the flag and what is allowed.
func TestResolve(t *testing.T) {
	c := toyCheck()
	a, err := c.Resolve(Args{"attribute": 3})
	if err != nil {
		t.Fatal(err)
	}
	if a.Int("attribute") != 3 || a.Int("bonus") != 1 || a.Bool("push") || !a.Bool("favor") ||
		a.Str("deck") != "players" || !slices.Equal(a.Ints("ratings"), []int{2}) || len(a) != len(c.Params) {
		t.Errorf("resolved %v", a)
	}
	for _, tc := range []struct {
		args Args
		want []string
	}{
		{Args{}, []string{"roll needs --attribute", "allowed: 1 to 5"}},
		{Args{"attribute": 0}, []string{"--attribute", "allowed: 1 to 5"}},
		{Args{"attribute": 6}, []string{"--attribute", "allowed: 1 to 5"}},
		{Args{"attribute": "3"}, []string{"--attribute", "allowed: 1 to 5"}},
		{Args{"attribute": 3, "bonus": -4}, []string{"--bonus", "allowed: -3 to 3"}},
		{Args{"attribute": 3, "push": 1}, []string{"--push", "a flag"}},
		{Args{"attribute": 3, "deck": "tarot"}, []string{"--deck", "allowed: players, d10"}},
		{Args{"attribute": 3, "ratings": []int{}}, []string{"--ratings", "from 0 to 7"}},
		{Args{"attribute": 3, "ratings": []int{1, 8}}, []string{"--ratings", "from 0 to 7"}},
		{Args{"attribute": 3, "luck": 1}, []string{"no flag --luck", "--attribute, --bonus"}},
		{Args{"attribute": 5, "bonus": 2}, []string{"roll --bonus: attribute and bonus above 6"}},
	} {
		t.Run(fmt.Sprint(tc.args), func(t *testing.T) {
			_, err := c.Resolve(tc.args)
			if err == nil {
				t.Errorf("%v: no error", tc.args)
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v: %q lacks %q", tc.args, err, w)
				}
			}
		})
	}
}

// Parse reads command-line values by kind and range.
func TestParamParse(t *testing.T) {
	c := toyCheck()
	for _, tc := range []struct {
		p     int
		value string
		want  any
	}{
		{0, "4", 4}, {0, "0", nil}, {0, "x", nil}, {2, "", true}, {2, "false", false}, {2, "maybe", nil},
		{4, "d10", "d10"}, {4, "D10", nil}, {5, "1, 7", []int{1, 7}}, {5, "", nil}, {5, "1,8", nil},
	} {
		t.Run(fmt.Sprintf("--%s=%q", c.Params[tc.p].Name, tc.value), func(t *testing.T) {
			p := c.Params[tc.p]
			got, err := p.Parse(tc.value, true)
			if tc.want == nil {
				if err == nil || !strings.Contains(err.Error(), "--"+p.Name) || !strings.Contains(err.Error(), p.Allowed()) {
					t.Errorf("--%s %q: got %v, %v; want an error naming the flag and %q", p.Name, tc.value, got, err, p.Allowed())
				}
				return
			}
			if err != nil {
				t.Errorf("--%s %q: %v", p.Name, tc.value, err)
				return
			}
			if xs, ok := tc.want.([]int); ok {
				if !slices.Equal(got.([]int), xs) {
					t.Errorf("--%s %q = %v", p.Name, tc.value, got)
				}
			} else if got != tc.want {
				t.Errorf("--%s %q = %v, want %v", p.Name, tc.value, got, tc.want)
			}
		})
	}
}

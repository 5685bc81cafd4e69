package sim

import (
	"errors"
	"fmt"
	"testing"
)

func loadToy(t *testing.T, body string) *Scenario {
	t.Helper()
	sc, err := LoadScenario("toy.yaml", []byte("system: toy\nparty: [{}]\nfoes: [{}]\n"+body), []string{"toy"})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestResolveScenario(t *testing.T) {
	for _, c := range []struct {
		body, err string
		want      toyRules
	}{
		{"", "", toyRules{}},
		{"options: {T-1: on, T2: none}\n", "", toyRules{T1: t1On, T2: t2None}},
		{"options: {T2: 0.25}\n", "", toyRules{T2: t2Chance, T2P: 0.25}},
		{"options: {T-1: maybe}\n", "toy.yaml:", toyRules{}},
		{"options: {T9: on}\n", "toy.yaml:", toyRules{}},
	} {
		t.Run(fmt.Sprintf("%q", c.body), func(t *testing.T) {
			ru, opts, err := toyTable().ResolveScenario(loadToy(t, c.body))
			if c.err != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.File != "toy.yaml" {
					t.Errorf("%q: error %v, want an input error naming toy.yaml", c.body, err)
				}
				return
			}
			if err != nil || ru != c.want {
				t.Errorf("%q: %+v, %v; want %+v", c.body, ru, err, c.want)
			}
			if back, err := toyTable().Resolve(opts); err != nil || back != ru || len(opts) != 3 {
				t.Errorf("%q: options %v resolve to %+v, %v; want all 3 giving %+v", c.body, opts, back, err, ru)
			}
		})
	}
}

func TestRoundCap(t *testing.T) {
	for _, c := range []struct {
		body, unit  string
		limit, want int
		err         string
	}{
		{"", "", 1000, DefaultMaxRounds, ""},
		{"max_rounds: 7\n", "", 1000, 7, ""},
		{"max_rounds: 1000\n", "", 1000, 1000, ""},
		{"max_rounds: 5000\n", "", 0, 5000, ""},
		{"max_rounds: 1001\n", "", 1000, 0, "toy.yaml: max_rounds 1001: allowed: 1 to 1000 for toy"},
		{"max_rounds: 1001\n", "ticks", 1000, 0, "toy.yaml: max_rounds 1001: allowed: 1 to 1000 for toy (ticks)"},
	} {
		t.Run(fmt.Sprintf("%q/unit=%q/limit=%d", c.body, c.unit, c.limit), func(t *testing.T) {
			got, err := RoundCap(loadToy(t, c.body), c.limit, "toy", c.unit)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Errorf("%q: error %v, want %q", c.body, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("%q: %d, %v; want %d", c.body, got, err, c.want)
			}
		})
	}
}

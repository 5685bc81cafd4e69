package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// oddsFlags writes complete arguments as `tpk odds` flags.
func oddsFlags(c systems.Check, a systems.Args) []string {
	var out []string
	for _, p := range c.Params {
		v, ok := a[p.Name]
		if !ok {
			continue
		}
		out = append(out, "--"+p.Name+"="+formatArg(v))
	}
	return out
}

// requiredFlags are the flags of c's parameters without a default, at
// their least value.
func requiredFlags(c systems.Check) map[string]string {
	out := map[string]string{}
	for _, p := range c.Params {
		if p.Default != "" || p.Kind == systems.BoolParam {
			continue
		}
		switch p.Kind {
		case systems.EnumParam:
			out[p.Name] = p.Values[0]
		default:
			out[p.Name] = strconv.Itoa(p.Min)
		}
	}
	return out
}

// Every check of every system turns away each parameter out of its range,
// off its allowed values or left out when required, with exit 2 and a
// message naming the flag and what it allows; never a panic or exit 3.
func TestOddsBadArguments(t *testing.T) {
	cases := 0
	for _, id := range systems.IDs() {
		sys, _ := systems.Get(id)
		for _, c := range sys.Checks() {
			req := requiredFlags(c)
			for _, p := range c.Params {
				var bad []string
				switch p.Kind {
				case systems.IntParam:
					bad = []string{strconv.Itoa(p.Min - 1), strconv.Itoa(p.Max + 1), "many"}
				case systems.IntsParam:
					bad = []string{strconv.Itoa(p.Min - 1), fmt.Sprintf("%d,%d", p.Min, p.Max+1), ""}
				case systems.EnumParam:
					bad = []string{"no-such-" + p.Name}
				case systems.BoolParam:
					bad = []string{"maybe"}
				}
				for _, v := range bad {
					argv := []string{"odds", id, c.Name, "--simulate", "1000"}
					for name, good := range req {
						if name != p.Name {
							argv = append(argv, "--"+name, good)
						}
					}
					argv = append(argv, "--"+p.Name+"="+v)
					_, stderr, code := tpk(t, argv...)
					cases++
					if code != exitBadInput || !strings.Contains(stderr, "--"+p.Name) || !strings.Contains(stderr, p.Allowed()) {
						t.Errorf("%s: exit %d, want %d with --%s and %q:\n%s", strings.Join(argv, " "), code, exitBadInput, p.Name, p.Allowed(), stderr)
					}
				}
				if _, required := req[p.Name]; required {
					argv := []string{"odds", id, c.Name, "--simulate", "1000"}
					for name, good := range req {
						if name != p.Name {
							argv = append(argv, "--"+name, good)
						}
					}
					_, stderr, code := tpk(t, argv...)
					cases++
					if code != exitBadInput || !strings.Contains(stderr, "needs --"+p.Name) || !strings.Contains(stderr, p.Allowed()) {
						t.Errorf("%s: exit %d, want %d naming the missing --%s:\n%s", strings.Join(argv, " "), code, exitBadInput, p.Name, stderr)
					}
				}
			}
		}
	}
	if cases < 50 {
		t.Errorf("only %d bad command lines tried", cases)
	}
}

// Every argument set derived from a check's ranges either runs (exact and
// sampled, exit 0) or is refused by the check's own constraint (exit 2):
// the sampler never sees arguments Exact would refuse, and nothing panics.
func TestOddsDerivedArguments(t *testing.T) {
	for _, id := range systems.IDs() {
		sys, _ := systems.Get(id)
		for _, c := range sys.Checks() {
			ran := 0
			for _, a := range systemtest.DerivedArgs(c) {
				argv := append([]string{"odds", id, c.Name, "--simulate", "200"}, oddsFlags(c, a)...)
				_, stderr, code := tpk(t, argv...)
				switch code {
				case 0:
					ran++
				case exitBadInput:
					if !strings.Contains(stderr, "--") {
						t.Errorf("%s: exit 2 without naming a flag: %s", strings.Join(argv, " "), stderr)
					}
				default:
					t.Errorf("%s: exit %d: %s", strings.Join(argv, " "), code, stderr)
				}
			}
			if ran == 0 {
				t.Errorf("%s %s: no argument set ran", id, c.Name)
			}
		}
	}
}

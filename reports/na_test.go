package reports

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// naResult is a fixture whose death figures an option made impossible.
func naResult(t *testing.T) *sim.Result {
	r := fixture(t, "demoncity-narth.json")
	const why = "not applicable under DC-4 none: the rules leave death to the Host"
	for _, name := range []string{"tpk", "any_death", "deaths"} {
		r.Metrics[name] = sim.Figure{NA: why}
	}
	for i := range r.Combatants {
		r.Combatants[i].Metrics["death"] = sim.Figure{NA: why}
	}
	return r
}

// Every report shows an n/a figure (each want is a regular expression) as "n/a" with its reason, never as a
// number, and no plot draws it.
func TestNotApplicableInReports(t *testing.T) {
	r := naResult(t)
	for _, tc := range []struct {
		name  string
		write func(*bytes.Buffer) error
		want  []string
	}{
		{"text", func(b *bytes.Buffer) error { return Text(b, []*sim.Result{r}) },
			[]string{`(?m)^tpk +n/a +\(not applicable under DC-4 none: the rules leave death to the Host\)$`}},
		{"markdown", func(b *bytes.Buffer) error { return Markdown(b, []*sim.Result{r}) },
			[]string{`\| tpk \| n/a \| \| not applicable under DC-4 none: the rules leave death to the Host \|`}},
		{"csv", func(b *bytes.Buffer) error { return CSV(b, []*sim.Result{r}) },
			[]string{`,tpk,n/a,{13}not applicable under DC-4 none: the rules leave death to the Host\n`}},
		{"html", func(b *bytes.Buffer) error { return HTML(b, []*sim.Result{r}) },
			[]string{`<td>tpk</td><td class="n">n/a</td><td class="n"></td><td class="wrap">not applicable under DC-4 none`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(&b); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			for _, w := range tc.want {
				if !regexp.MustCompile(w).MatchString(b.String()) {
					t.Errorf("%s lacks %q:\n%s", tc.name, w, b.String())
				}
			}
		})
	}
	names, _ := probabilities(r)
	for _, n := range names {
		if n == "tpk" || n == "any_death" {
			t.Errorf("the outcomes plot draws the n/a figure %s", n)
		}
	}
	charts, err := Charts(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range charts {
		if c.Name == string(PlotDeaths) {
			t.Errorf("a plot of n/a deaths: %s", c.Title)
		}
	}
}

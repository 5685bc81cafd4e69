package sim

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

const varyDoc = `system: toy
name: Ford
party:
  - {name: Ann, attributes: {clumsiness: 2}}
  - name: Bo
foes:
  - creature: ogre
    attack: 3
`

func setAll(t *testing.T, sets ...string) (string, error) {
	t.Helper()
	doc, err := ParseScenarioYAML("ford.yaml", []byte(varyDoc))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		path, value, _ := strings.Cut(s, "=")
		p, err := ParsePath(path)
		if err != nil {
			return "", err
		}
		if err := SetPath("ford.yaml", doc, p, value); err != nil {
			return "", err
		}
	}
	b, err := yaml.Marshal(doc)
	return string(b), err
}

func TestSetPath(t *testing.T) {
	for _, tc := range []struct {
		sets []string
		want []string // substrings of the YAML written back
	}{
		{[]string{"foes[0].attack=5"}, []string{"attack: 5"}},
		{[]string{"party[0].attributes.clumsiness=4"}, []string{"clumsiness: 4"}},
		{[]string{"options.L-3=ignore"}, []string{"options:\n    L-3: ignore"}},
		{[]string{"max_rounds=20", "name=Other"}, []string{"max_rounds: 20", "name: Other"}},
		{[]string{"party.size=1"}, []string{"name: Ann"}},
		{[]string{"party.size=5"}, []string{"name: Ann 2", "name: Bo 2", "name: Ann 3"}},
		{[]string{"foes[0]=skeleton"}, []string{"foes:\n    - skeleton"}},
	} {
		t.Run(strings.Join(tc.sets, ","), func(t *testing.T) {
			got, err := setAll(t, tc.sets...)
			if err != nil {
				t.Errorf("%v: %v", tc.sets, err)
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%v: result lacks %q:\n%s", tc.sets, w, got)
				}
			}
		})
	}
	if got, _ := setAll(t, "party.size=1"); strings.Contains(got, "Bo") {
		t.Errorf("party.size=1 kept Bo:\n%s", got)
	}
	// The value keeps its YAML type: a number decodes as a number.
	doc, _ := ParseScenarioYAML("ford.yaml", []byte(varyDoc))
	p, _ := ParsePath("foes[0].attack")
	if err := SetPath("ford.yaml", doc, p, "4"); err != nil {
		t.Fatal(err)
	}
	n := doc.Content[0].Content[7].Content[0].Content[3]
	if n.Tag != "!!int" || n.Value != "4" || n.Line != 8 {
		t.Errorf("attack node %+v: want !!int 4 on the original line 8", n)
	}
}

func TestSetPathErrors(t *testing.T) {
	for _, tc := range []struct {
		set  string
		want string
	}{
		{"foes[3].attack=1", "ford.yaml:7: foes[3].attack: foes has 1 items; allowed indices: 0 to 0"},
		{"name.first=x", `ford.yaml:2: name.first: name is "Ford", not a mapping`},
		{"party.x=1", "party.x: party is a list, not a mapping"},
		{"foes[0][1]=1", "foes[0] is a mapping, not a list"},
		{"party.size=0", "out of range; allowed: 1 to 64"},
		{"scene[0].x=1", `has no key "scene" to take item [0] of`},
	} {
		t.Run(tc.set, func(t *testing.T) {
			_, err := setAll(t, tc.set)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want %q", tc.set, err, tc.want)
			}
		})
	}
	for _, bad := range []string{"", "foes[x].attack", "foes[0", ".attack", "foes..attack", "foes.", "foes[0]attack"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("ParsePath(%q): no error", bad)
		}
	}
}

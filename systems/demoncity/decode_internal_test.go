package demoncity

import (
	"reflect"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// TestDecodeWeapon: a weapon mapping starts from its built-in `weapon:` (or
// from nothing) and each key it gives replaces that value; the result names
// no built-in.
func TestDecodeWeapon(t *testing.T) {
	cases := []struct {
		src  string
		want Weapon
	}{
		{"pistol", weapons.Must("pistol")},
		{"{weapon: bat, name: tire iron}", func() Weapon { w := weapons.Must("bat"); w.ID, w.Name = "", "tire iron"; return w }()},
		{"{name: spear, kind: exotic, suits: [near, close, near], cumbersome: [contact], massive: true}",
			Weapon{Name: "spear", Kind: Exotic, Suits: []Band{Near, Close, Near}, Cumbersome: []Band{Contact}, Massive: true}},
		{"{cumbersome: [], weapon: shotgun, unarmed: true, kind: melee}",
			func() Weapon {
				w := weapons.Must("shotgun")
				w.ID, w.Cumbersome, w.Unarmed, w.Kind = "", []Band{}, true, Melee
				return w
			}()},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(c.src), &n); err != nil {
				t.Fatal(err)
			}
			got, err := decodeWeapon(&sim.Doc{File: "w.yaml"}, n.Content[0])
			if err != nil {
				t.Errorf("%s: %v", c.src, err)
				return
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s:\n got %+v\nwant %+v", c.src, got, c.want)
			}
		})
	}
}

package demoncity

import "testing"

// The Errata (2026-11-24) of the rules spec, one test each.

// optionOf is option id as `tpk systems demoncity` lists it.
func optionOf(t *testing.T, id string) (def string, values []string) {
	t.Helper()
	for _, o := range options() {
		if o.ID == id {
			return o.Default, o.Values
		}
	}
	t.Fatalf("no option %s", id)
	return "", nil
}

// E-DC2: the intensity of the attack sets the recovery throw by default:
// 4 for standard damage, 7 for massive, whatever the attacker's stat.
func TestErrataDC2DamageClassByDefault(t *testing.T) {
	if def, _ := optionOf(t, "DC-2"); def != "damage-class" {
		t.Errorf("DC-2 default %q, want damage-class", def)
	}
	for _, c := range []struct {
		weapon string
		want   int
	}{{"bat", classStandard}, {"shotgun", classMassive}} {
		foe := person("Brute", 3, 3)
		foe.HandToHand, foe.Firearms = 8, 8 // an attack stat far from either class
		foe.Weapon = mustWeapon(c.weapon)
		k := newKernel(t, DefaultRules(), []Sheet{person("A", 3, 3)}, []Sheet{foe})
		k.knockDown(0, 1, 3, "")
		if k.st[0].recInt != c.want {
			t.Errorf("%s: recovery Intensity %d, want %d", c.weapon, k.st[0].recInt, c.want)
		}
	}
}

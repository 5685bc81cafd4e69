package hmtw

import "testing"

// poolMember is the member index of dungeon lord g's pool id.
func poolMember(t *testing.T, k *kernel, g int, id string) int {
	t.Helper()
	for j := k.grp[g].lo; j < k.grp[g].hi; j++ {
		if k.m.groups[g].members[j-k.grp[g].lo].pool == id {
			return int(j)
		}
	}
	t.Fatalf("no pool %q", id)
	return -1
}

// A dungeon lord is one character with one Initiative (spec 7.4): it acts
// through whichever of its pools still stand. A policy names a lord's
// target at the slot of the pool that acts; once the first pool has fallen
// (the Lich's Crown, the Sporehulk's Legs), that slot is not the first, and
// the Attack or Roughhouse must still happen.
func TestLordActsAfterItsFirstPoolFalls(t *testing.T) {
	cases := []struct {
		name, creature, fallen, acting string
		kind                           GMActionKind
		ability                        Ability
	}{
		{"the Lich, its Crown standing", "lich_yellow_king", "", "crown_of_archwood", GMAttack, abNone},
		{"the Lich after its Crown falls", "lich_yellow_king", "crown_of_archwood", "body", GMAttack, abNone},
		{"the Lich's Death Dealer after its Crown falls", "lich_yellow_king", "crown_of_archwood", "body", GMAttack, AbDeathDealer},
		{"the Sporehulk's arm after its Legs fall", "sporehulk", "legs", "left_arm", GMAttack, abNone},
		{"the Sporehulk's Grab after its Legs fall", "sporehulk", "legs", "left_arm", GMRoughhouse, AbGrab},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: wands_sorcerer}", "  - {creature: "+c.creature+"}")
			if c.fallen != "" {
				k.memberDown(poolMember(t, k, 0, c.fallen))
			}
			j := poolMember(t, k, 0, c.acting)
			k.adv[0].init = MakeCard(Cups, 1)
			k.gm[0], k.ngm = 14, 1
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Ability = c.kind, 0, c.ability
			a.Targets[j-int(k.grp[0].lo)] = 0
			if !k.doGM(0, &a, true) {
				t.Fatalf("the %s did not act (targets %v)", c.creature, a.Targets)
			}
			switch c.kind {
			case GMAttack:
				if k.t.wounds == 0 {
					t.Errorf("an Attack of 14 + Swords on Initiative 1 dealt no Wound")
				}
			case GMRoughhouse:
				if k.adv[0].effects&Grabbed == 0 {
					t.Errorf("the Grab on Initiative 1 did not grab")
				}
			}
		})
	}
}

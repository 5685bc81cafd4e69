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

// E-H3: while crowned the Yellow King levitates ("while hovering high only
// ranged attacks reach him", App. C p.271): a sword reaches neither pool,
// a wand blast reaches both; once the Crown falls he is in reach again.
func TestYellowKingLevitatesWhileCrowned(t *testing.T) {
	for _, c := range []struct {
		name    string
		hands   string
		crowned bool
		reach   bool
	}{
		{"a sword, crowned", "[blade, light_shield]", true, false},
		{"a wand blast, crowned", "[archwood_wand]", true, true},
		{"a sword, the Crown fallen", "[blade, light_shield]", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: wands_sorcerer, hands: "+c.hands+"}", "  - {creature: lich_yellow_king}")
			crown, body := poolMember(t, k, 0, "crown_of_archwood"), poolMember(t, k, 0, "body")
			if !c.crowned {
				k.memberDown(crown)
			}
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 14), 1
			for _, j := range []int{crown, body} {
				if !c.crowned && j == crown {
					continue
				}
				var a Action
				a.Reset()
				a.Kind, a.Card, a.Target = Attack, 0, int8(j)
				if got := k.legal(0, &a, modeTurn); got != c.reach {
					t.Errorf("%s: an Attack on pool %d legal %v, want %v", c.name, j, got, c.reach)
				}
				a.Kind = Roughhouse
				if got := k.legal(0, &a, modeTurn); got && c.crowned {
					t.Errorf("%s: a Roughhouse reached the levitating King", c.name)
				}
			}
		})
	}
}

// E-H3: Soft Is Their Throat has no "instead": a hit deals its Wound and
// Controls the target (its next turn and facedown card lost); a target
// already Controlled is not enchanted again.
func TestSoftIsTheirThroatWounds(t *testing.T) {
	k := optKernel(t, "  - {archetype: cups_chirurgeon}", "  - {creature: lich_yellow_king}")
	body := poolMember(t, k, 0, "body")
	k.gmHit(&strikeCtx{g: 0, j: body, t: 0, mob: 1, rider: AbSoftIsTheirThroat}, 20, 1)
	a := &k.adv[0]
	if k.t.wounds != 1 {
		t.Errorf("Soft Is Their Throat dealt %d Wounds, want 1", k.t.wounds)
	}
	if !a.loseTurn || a.effects&Controlled == 0 {
		t.Errorf("not Controlled: loseTurn %v, effects %v", a.loseTurn, a.effects)
	}
}

// E-H3: hovering high, the crowned King strikes from range too: his Attack
// is the crown's arcane blast (adding Wands on his turn), which never
// engages, whatever form the policy named; uncrowned, the Death Dealer.
func TestYellowKingStrikesFromAloft(t *testing.T) {
	for _, crowned := range []bool{true, false} {
		k := optKernel(t, "  - {archetype: wands_sorcerer, hands: [blade]}", "  - {creature: lich_yellow_king}")
		if !crowned {
			k.memberDown(poolMember(t, k, 0, "crown_of_archwood"))
		}
		// 9 + Wands 6 = 15 beats Initiative 13; 9 + Swords 3 = 12 does not.
		k.adv[0].init, k.adv[0].revealed = MakeCard(Cups, 13), true
		k.gm[0], k.ngm = 9, 1
		var a GMAction
		a.Reset()
		a.Kind, a.Card, a.Ability = GMAttack, 0, AbDeathDealer
		for i := range a.Targets {
			a.Targets[i] = 0
		}
		k.doGM(0, &a, true)
		if hit := k.t.wounds > 0; hit != crowned {
			t.Errorf("crowned %v: the Attack of 9 on Initiative 13 hit %v", crowned, hit)
		}
		if crowned && k.adv[0].engaged != 0 {
			t.Errorf("the levitating King engaged the sorcerer")
		}
	}
}

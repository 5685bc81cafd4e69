package hmtw

import "testing"

// A played doom needs its kind of card: played with the other kind it does
// nothing and spends nothing; the table and the groups that weigh played
// dooms agree.
func TestDoomPlaysNeedTheirCard(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}")
	n := 0
	for ab := Ability(1); ab < numAbilities; ab++ {
		play := doomPlays[ab]
		if play.do == nil {
			continue
		}
		n++
		if play.card == anyCard {
			continue
		}
		wrong := Doom(firstGreater) // a greater doom for a lesser one
		if play.card == greaterCard {
			wrong = 5
		}
		t.Run(abilityTable[ab].id, func(t *testing.T) {
			k := testKernel(t, src)
			k.m.groups[0].abil.add(ab)
			k.gm[0], k.gm[1], k.ngm = wrong, wrong, 2
			a := emptyGMAction
			a.Kind, a.Ability, a.Card, a.Rider = GMAbility, ab, 0, 1
			if k.gmAbility(0, &a, true) || k.ngm != 2 {
				t.Errorf("played with %d: played, %d cards left of 2", wrong, k.ngm)
			}
		})
	}
	if n != 15 {
		t.Errorf("%d played dooms in the table, want the 15 the kernel plays", n)
	}
	m := mustDecode(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}\n  - {creature: harpy}\n  - {creature: jinn}\n  - {creature: fungoid}\n  - {creature: nymph}"))
	weighs := 0
	for g := range m.groups {
		want := false
		for _, ab := range weighedDooms() {
			want = want || m.groups[g].abil.has(ab)
		}
		if m.groups[g].plays != want {
			t.Errorf("%s: plays %v, its dooms say %v", m.groups[g].name, m.groups[g].plays, want)
		}
		if want {
			weighs++
		}
	}
	// The harpy's Shriek, the nymph's Sleep Song, and the guild's risen
	// dead (a shieldbearer carries a poultice; errata E-H11): a zombie's
	// Devour the Living; not Invisible nor Choking Spores.
	if weighs != 3 {
		t.Errorf("%d groups weigh played dooms, want 3", weighs)
	}
}

package hmtw

import "testing"

// Strong play's regrets name the GM's choices by Label: two different
// Attacks of one group (members on other adventurers, another attack
// doom, a card discarded for favor) must not read alike, or a regret reads
// "Attack Ilse rather than Attack Ilse".
func TestGMAttackLabelsTellChoicesApart(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2}", "  - {creature: goblin_raider, count: 2}"))
	k.drawPhase()
	if k.ngm < 2 {
		t.Fatalf("the GM holds %d cards, want at least 2", k.ngm)
	}
	c := &gmActChoices{k: k}
	base := emptyGMAction
	base.Kind, base.Card = GMAttack, 0
	base.Targets[0], base.Targets[1] = 0, 0
	other := base
	other.Targets[1] = 1
	clawed := base
	clawed.Trigger = AbClaw
	favored := base
	favored.Favor = 1
	seen := map[string]string{}
	for name, a := range map[string]GMAction{"both on one": base, "one on each": other, "with a claw": clawed, "with favor": favored} {
		c.a[0] = a
		l := c.Label(0)
		if prev, dup := seen[l]; dup {
			t.Errorf("%s and %s both read %q", prev, name, l)
		}
		seen[l] = name
	}
}

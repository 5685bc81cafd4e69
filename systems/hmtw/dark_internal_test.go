package hmtw

import "testing"

// In the dark, a Recover cannot shake off Blindness (there is nothing to
// see by), and a light brought out of the pack ends it for everyone.
func TestDarkEndsWithALight(t *testing.T) {
	k := optKernel(t, "  - {archetype: swords_shieldbearer, gear: [torch]}", "  - {creature: ogre}", "scene: {dark: true}")
	k.checkDark()
	a := &k.adv[0]
	if a.effects&Blind == 0 {
		t.Fatal("no light held in a dark scene, yet not Blind")
	}
	k.recoverAdv(0, Blind, NoItem, 5, "as a minor action")
	if a.effects&Blind == 0 {
		t.Error("a Recover shook off the darkness")
	}
	k.pull(0, Torch, k.inPack(0, Torch) >= 0, -1)
	if !k.holdsLight(0) {
		t.Fatal("the torch was not pulled")
	}
	if a.effects&Blind != 0 {
		t.Errorf("a lit torch in hand, still Blind (%v)", a.effects)
	}
}

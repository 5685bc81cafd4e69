package catchthedevil

import "testing"

// Errata E-C8: a victory is the PCs holding the field. When the last NPC
// falls as the last PC goes down, no PC is up and present: the fight is a
// defeat (or an escape when one of them got out), never a victory.
func TestVictoryNeedsAPCStanding(t *testing.T) {
	src := yamlOf(plainPC+"\n  - {name: Bea, stats: {quick: 1}}", plainNPC)
	for _, c := range []struct {
		name   string
		second Status
		want   int
	}{
		{"both down", Dying, defeat},
		{"one fled", Fled, escape},
		{"one blacked out", BlackedOut, defeat},
		{"one still up", Active, victory},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, src, 1)
			k.setNPC(0, Incapacitated)
			k.setPC(0, Dying)
			k.setPC(1, c.second)
			if got := k.settled(); got != c.want {
				t.Errorf("%s: the fight ends %q, want %q", c.name, endNames[got], endNames[c.want])
			}
		})
	}
}

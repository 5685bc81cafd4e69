package catchthedevil

import "testing"

// Errata E-C7 (option C39): an NPC of threshold 2 or less backs off (leaves
// the fight) once it has taken a condition and stands alone or
// outnumbered, or once a PC it attacked has been left dying. Tougher NPCs
// stay; under "never" nobody backs off.
func TestOptionC39NPCResolve(t *testing.T) {
	drunk := "  - {npc: bystander, name: Drunk}"
	thug := "  - {npc: thug, name: Thug}"
	one := plainPC
	two := plainPC + "\n  - {name: Bea, stats: {quick: 1}}"
	for _, c := range []struct {
		name     string
		party    string
		foes     string
		opt      string
		conds    int8 // conditions on the first NPC
		felled   bool // the first NPC left a PC dying
		backsOff bool
	}{
		{"hurt drunk alone", one, drunk, "backs-off", 1, false, true},
		{"hurt drunk alone, never", one, drunk, "never", 1, false, false},
		{"unhurt drunk alone", one, drunk, "backs-off", 0, false, false},
		{"hurt drunk beside a friend, one PC", one, drunk + "\n" + drunk, "backs-off", 1, false, false},
		{"hurt drunk, two against two", two, drunk + "\n" + drunk, "backs-off", 1, false, false},
		{"hurt drunk, outnumbered", two + "\n  - {name: Cal, stats: {tough: 1}}", drunk + "\n" + drunk, "backs-off", 1, false, true},
		{"drunk who left a PC dying", one, drunk + "\n" + drunk, "backs-off", 0, true, true},
		{"hurt thug alone", one, thug, "backs-off", 1, false, false},
		{"thug who left a PC dying", one, thug, "backs-off", 0, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, yamlOf(c.party, c.foes, "C39: "+c.opt), 3)
			k.npc[0].conds = c.conds
			if c.felled {
				// Its blow left a PC dying earlier in the fight; another PC
				// is still in it.
				k.felled |= 1
			}
			k.resolveNPCs()
			if got := k.npc[0].status == Fled; got != c.backsOff {
				t.Errorf("%s: backs off %v, want %v (status %s)", c.name, got, c.backsOff, k.npc[0].status)
			}
		})
	}
}

// An NPC that backed off is neither down nor dead, is counted as fled, and
// a fight it leaves with no NPC in it is the PCs' victory.
func TestBackedOffNPCIsNotDown(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, "  - {npc: bystander, name: Drunk}"), 3)
	k.npc[0].conds = 1
	k.resolveNPCs()
	if e := k.settled(); e != victory {
		t.Fatalf("the only NPC backed off: the fight ends %q", endNames[e])
	}
	k.record(k.rec, victory)
	s := k.m.Schema()
	per := len(s.CombatantMetrics)
	if down, fled := k.rec.PerCombatant[1*per+cmDown], k.rec.PerCombatant[1*per+cmFled]; down != 0 || fled != 1 {
		t.Errorf("the drunk who backed off: down %d, fled %d; want 0, 1", down, fled)
	}
	if n := k.rec.Values[mNPCsDown]; n != 0 {
		t.Errorf("npcs_down %d, want 0", n)
	}
}

package catchthedevil

import (
	"fmt"
	"testing"
)

// Errata E-C6 (option C38): a 6- always has a consequence. When a PC
// misses a roll (flee, evade, tend, a shield) and no NPC attack is already
// coming its way, the GM makes a move: by default an active NPC's attack
// lands as a Suffer Harm roll; "soft" is -1 forward; "none" is nothing.
// A miss that already brings an attack brings no second one.
func TestOptionC38UnansweredMiss(t *testing.T) {
	two := "  - {name: Ada, stats: {quick: 1}}\n  - {name: Bea, stats: {sharp: 1}}"
	for _, c := range []struct {
		name    string
		kind    ActionKind
		aimed   bool // the NPC declared its attack on Ada
		c14     string
		opt     string
		rolls   int16
		forward int8
	}{
		{"evade", Evade, false, "dying", "attack", 1, 0},
		{"evade", Evade, false, "dying", "soft", 0, -1},
		{"evade", Evade, false, "dying", "none", 0, 0},
		{"evade, attacked", Evade, true, "dying", "attack", 1, 0},
		{"evade, attacked", Evade, true, "dying", "soft", 1, 0},
		{"flee", Flee, false, "dying", "attack", 1, 0},
		{"flee", Flee, false, "dying", "soft", 0, -1},
		{"flee, attacked", Flee, true, "dying", "attack", 1, 0},
		{"tend", Tend, false, "untended", "attack", 1, 0},
		{"tend", Tend, false, "untended", "none", 0, 0},
		{"shield", Protect, false, "dying", "attack", 1, 0},
		{"shield", Protect, false, "dying", "soft", 0, -1},
	} {
		t.Run(fmt.Sprintf("%s/C14 %s/C38 %s", c.name, c.c14, c.opt), func(t *testing.T) {
			k := testKernel(t, yamlOf(two, plainNPC, "C14: "+c.c14, "C38: "+c.opt), 7)
			if c.aimed {
				k.aim(0, 0)
			}
			a := Action{Kind: c.kind, Target: -1}
			switch c.kind {
			case Tend:
				k.setPC(1, Dying)
				a.Target = 1
			case Protect:
				a.Target = 1
				k.protecting = true
			}
			k.act[0] = a
			k.act[1] = Action{Kind: Idle, Target: -1}
			k.order[0], k.order[1] = 0, 1
			force(k, 4, 12, 12) // the miss, then Suffer Harm rolls if any
			tr := narrate(k)
			k.protects()
			k.resolve(0)
			p := &k.pc[0]
			if p.shRolls != c.rolls || p.forward != c.forward {
				t.Errorf("%s miss, C38 %s: %d Suffer Harm rolls, forward %d; want %d, %d\n%s",
					c.name, c.opt, p.shRolls, p.forward, c.rolls, c.forward, tr())
			}
		})
	}
}

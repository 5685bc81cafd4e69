package catchthedevil

import (
	"fmt"
	"strings"
	"testing"
)

// Normal Suffer Harm (section 1.3): 10+ nothing, 7-9 a cumulative -1,
// 4-6 the GM wounds one move, 3- two; too few moves left is dying.
func TestSufferHarmNormal(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, plainNPC), 1)
	p := &k.pc[0]
	force(k, 10)
	k.sufferHarm(0, 2, 0) // 10 + 0 - 2 = 8: 7-9
	if p.shPen != -1 || p.wounded != 0 {
		t.Fatalf("7-9: penalty %d, wounded %b", p.shPen, p.wounded)
	}
	force(k, 11)
	k.sufferHarm(0, 2, 0) // 11 - 2 - 1 = 8: 7-9 again, cumulative
	if p.shPen != -2 {
		t.Fatalf("second 7-9: penalty %d, want -2", p.shPen)
	}
	force(k, 12)
	k.sufferHarm(0, 0, 0) // 12 - 2 = 10: tough it out
	if p.shPen != -2 || p.wounded != 0 {
		t.Fatalf("10+: penalty %d, wounded %b", p.shPen, p.wounded)
	}
	force(k, 8)
	k.sufferHarm(0, 1, 0) // 8 - 1 - 2 = 5: 4-6
	if p.unwounded() != 3 || p.isWounded(SufferHarm) && p.version[SufferHarm] == 0 {
		t.Fatalf("4-6: %d unwounded", p.unwounded())
	}
	for m := Move(0); m < NumMoves; m++ {
		if p.isWounded(m) && p.version[m] == 0 {
			t.Errorf("%s wounded without a version", m.Title())
		}
	}
	// 3- with only one unwounded move: dying.
	k.reset()
	setWounded(k, 0, int(TakeARisk), 1, int(KeepItTogether), 1, int(Study), 1)
	force(k, 4)
	k.sufferHarm(0, 2, 0) // 4 - 2 = 2: 3-
	if k.pc[0].status != Dying || !k.pc[0].everDying {
		t.Fatalf("3- with one move left: status %s", k.pc[0].status)
	}
	// The bands through the kernel's sampler equal the exact odds.
	const n = 60_000
	var got [4]int
	for i := 0; i < n; i++ {
		k.reset()
		k.sufferHarm(0, 2, 0)
		q := &k.pc[0]
		switch {
		case q.shPen == -1:
			got[1]++
		case q.unwounded() == 3:
			got[2]++
		case q.unwounded() == 2:
			got[3]++
		default:
			got[0]++
		}
	}
	ex := ExactHarm(0, 2, false, 0)
	for b := range ex {
		proportion(t, "Suffer Harm Tough 0 damage 2 band "+Band(b).Name4(), got[b], n, ex[b])
	}
}

// Armor takes 1 off the damage before the roll.
func TestArmorAndSkill(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: Ada, stats: {sharp: 1}, armor: true}",
		"  - {name: Pro, threshold: 3, weapon: pistol, skilled: true}"), 1)
	if d := k.npcDamageTo(0, 0); d != 2 {
		t.Errorf("skilled pistol against armor: damage %d, want 2+1-1", d)
	}
}

// An NPC takes a die per point of damage, one fewer for armor; conditions
// at the threshold incapacitate, at twice it kill.
func TestNPCDamage(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, "  - {name: Brute, threshold: 2, armor: true}"), 3)
	const n = 60_000
	var got [4]int
	for i := 0; i < n; i++ {
		k.reset()
		k.npc[0].conds = 1
		k.deal(0, 0, 4) // 3 dice over 2
		got[npcOutcome(int(k.npc[0].conds)-1, 1, 2)]++
		switch c := k.npc[0].conds; {
		case c >= 4 && k.npc[0].status != Dead, c >= 2 && c < 4 && k.npc[0].status != Incapacitated, c < 2 && k.npc[0].status != Active:
			t.Fatalf("%d conditions: status %s", c, k.npc[0].status)
		}
	}
	ex := ExactNPCHit(4, 2, true, 1, false)
	for o := range ex {
		proportion(t, "npc hit outcome", got[o], n, ex[o])
	}
	k.reset()
	k.deal(0, 0, 1)
	if k.npc[0].conds != 0 {
		t.Error("1 damage against armor rolled a die")
	}
}

// Keep It Together, normal: 7-9 the player's reaction, 6- the GM's and
// the move wounds itself; -1 until calm after every roll.
func TestKeepItTogetherNormal(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, plainNPC), 1)
	p := &k.pc[0]
	force(k, 10)
	k.keepItTogether(0, 0)
	if p.react != NoReaction || p.kitPen != -1 {
		t.Fatalf("10+: reaction %s, penalty %d", p.react, p.kitPen)
	}
	force(k, 9) // 9 - 1 = 8
	k.keepItTogether(0, 0)
	if p.react != CurlUp || p.kitPen != -2 || p.isWounded(KeepItTogether) {
		t.Fatalf("7-9: reaction %s (test-idle picks curl up), penalty %d", p.react, p.kitPen)
	}
	p.react = NoReaction
	force(k, 8) // 8 - 2 = 6
	k.keepItTogether(0, 0)
	if p.react != CurlUp || !p.isWounded(KeepItTogether) || p.version[KeepItTogether] == 0 {
		t.Fatalf("6-: reaction %s, wounded %v", p.react, p.isWounded(KeepItTogether))
	}
}

// Each PC rolls Keep It Together once per horrendous source at the start.
func TestFearAtFirstSight(t *testing.T) {
	src := yamlOf(plainPC+"\n  - {name: Bea, stats: {tough: 1}}", "  - {npc: rot-hound, count: 2}\n  - {npc: grey-man}\n  - {npc: thug}")
	k := testKernel(t, src, 1)
	k.fight()
	for i := 0; i < 2; i++ {
		if r := k.pc[i].kitRolls; r != 2 && k.pc[i].status == Active {
			t.Errorf("PC %d rolled Keep It Together %d times, want 2 (two horrendous sources)", i, r)
		}
	}
}

// Trading (section 1.8): against an NPC attacking the PC, 10+ pre-empts
// its attack, 7-9 trades blows or pulls back, 6- only the NPC lands.
func TestAttackExchange(t *testing.T) {
	src := yamlOf("  - {name: Ada, stats: {quick: 1}, weapon: rifle, strategy: test-attack}\n  - {name: Pul, stats: {quick: 1}, weapon: rifle, strategy: test-pull}",
		"  - {name: Wall, threshold: 4, weapon: knife}\n  - {name: Wall2, threshold: 4, weapon: knife}")
	for _, c := range []struct {
		pc, sum     int
		dealt, took bool
	}{{0, 9, true, false}, {0, 8, true, true}, {1, 8, false, false}, {0, 5, false, true}} {
		t.Run(fmt.Sprintf("pc %d/%d", c.pc, c.sum), func(t *testing.T) {
			k := testKernel(t, src, 7)
			k.aim(0, c.pc)
			k.act[c.pc] = Action{Kind: Attack, Target: 0}
			k.pc[c.pc].stat[Quick] = 1
			force(k, c.sum, 12) // the attack, then Suffer Harm if any
			tr := narrate(k)
			k.resolve(c.pc)
			text := tr()
			dealt := strings.Contains(text, "hits Wall:")
			took := k.pc[c.pc].shRolls > 0
			if dealt != c.dealt || took != c.took {
				t.Errorf("attack total %d: dealt %v took %v, want %v %v\n%s", c.sum+1, dealt, took, c.dealt, c.took, text)
			}
		})
	}
}

// Against an NPC not attacking the PC: 7-9 deals damage and that NPC gets
// a free attack; 6- only the free attack; other NPCs' attacks land.
func TestAttackUnengaged(t *testing.T) {
	src := yamlOf("  - {name: Ada, stats: {quick: 1}, weapon: rifle}", "  - {name: A, threshold: 4}\n  - {name: B, threshold: 4}")
	for _, c := range []struct {
		sum, rolls int
		dealt      bool
	}{{9, 1, true}, {8, 2, true}, {5, 2, false}} {
		t.Run(fmt.Sprint(c.sum), func(t *testing.T) {
			k := testKernel(t, src, 7)
			k.aim(1, 0)
			k.act[0] = Action{Kind: Attack, Target: 0}
			force(k, c.sum, 12, 12)
			tr := narrate(k)
			k.resolve(0)
			text := tr()
			if got := int(k.pc[0].shRolls); got != c.rolls || strings.Contains(text, "hits A:") != c.dealt {
				t.Errorf("total %d: %d Suffer Harm rolls (want %d), dealt %v\n%s", c.sum+1, got, c.rolls, c.dealt, text)
			}
		})
	}
}

// Evade: 10+ nothing lands, 7-9 nothing but -1 forward, 6- everything.
// Flee: 10+ out, 7-9 out after one attack, 6- everything lands.
func TestEvadeAndFlee(t *testing.T) {
	src := yamlOf("  - {name: Ada, stats: {quick: 1}}", plainNPC+"\n"+plainNPC)
	for _, c := range []struct {
		kind    ActionKind
		sum     int
		rolls   int
		fwd     int8
		escaped bool
	}{
		{Evade, 9, 0, 0, false}, {Evade, 7, 0, -1, false}, {Evade, 5, 2, 0, false},
		{Flee, 9, 0, 0, true}, {Flee, 7, 1, 0, true}, {Flee, 5, 2, 0, false},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.sum), func(t *testing.T) {
			k := testKernel(t, src, 7)
			k.aim(0, 0)
			k.aim(1, 0)
			k.act[0] = Action{Kind: c.kind, Target: -1}
			force(k, c.sum, 12, 12)
			k.resolve(0)
			p := &k.pc[0]
			if int(p.shRolls) != c.rolls || p.forward != c.fwd || (p.status == Fled) != c.escaped {
				t.Errorf("%s total %d: %d rolls, forward %d, status %s", c.kind, c.sum+1, p.shRolls, p.forward, p.status)
			}
		})
	}
}

// Protect: 10+ nothing lands on the ally, 7-9 the protector takes it, 6-
// both are hit.
func TestProtect(t *testing.T) {
	src := yamlOf("  - {name: Ada, stats: {quick: 1}, strategy: test-protect}\n  - {name: Bea, stats: {sharp: 1}}", plainNPC)
	for _, c := range []struct {
		sum      int
		ada, bea int16
	}{{9, 0, 0}, {7, 1, 0}, {5, 1, 1}} {
		t.Run(fmt.Sprint(c.sum), func(t *testing.T) {
			k := testKernel(t, src, 7)
			k.aim(0, 1)
			k.act[0] = Action{Kind: Protect, Target: 1}
			k.act[1] = Action{Kind: Idle, Target: -1}
			k.order[0], k.order[1] = 0, 1
			k.protecting = true
			force(k, c.sum, 12, 12)
			k.protects()
			k.resolve(0)
			k.resolve(1)
			if k.pc[0].shRolls != c.ada || k.pc[1].shRolls != c.bea {
				t.Errorf("protect total %d: protector %d rolls, ally %d; want %d, %d", c.sum+1, k.pc[0].shRolls, k.pc[1].shRolls, c.ada, c.bea)
			}
		})
	}
}

// The fight ends in victory, defeat, escape or stalemate.
func TestEndings(t *testing.T) {
	k := testKernel(t, yamlOf(plainPC, plainNPC), 1)
	k.setNPC(0, Incapacitated)
	if e := k.settled(); e != victory {
		t.Errorf("no NPC active: %d", e)
	}
	k.reset()
	k.setPC(0, Dying)
	if e := k.settled(); e != defeat {
		t.Errorf("the only PC dying: %d", e)
	}
	k.setPC(0, Fled)
	if e := k.settled(); e != escape {
		t.Errorf("the only PC fled: %d", e)
	}
	src := "system: catchthedevil\nmax_rounds: 3\nparty:\n" + plainPC + "\nfoes:\n  - {npc: thug}\nstrategies: {party: test-idle, foes: test-none}\n"
	k = testKernel(t, src, 1)
	if e := k.fight(); e != stalemate || k.round != 3 {
		t.Errorf("nobody acting: end %d after %d rounds", e, k.round)
	}
}

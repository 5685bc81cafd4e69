package catchthedevil

import (
	"fmt"
	"strings"
	"testing"
)

// One test (at least) per option C1..C37, each showing that the option
// changes what it should.

// moveShares wounds one move n times from a fresh PC and counts which.
func moveShares(t *testing.T, k *kernel, who, n int) [NumMoves]int {
	t.Helper()
	var c [NumMoves]int
	for i := 0; i < n; i++ {
		k.reset()
		k.wound(0, 1, who, -1)
		for m := Move(0); m < NumMoves; m++ {
			if k.pc[0].isWounded(m) {
				c[m]++
			}
		}
	}
	return c
}

func TestOptionC1GMWound(t *testing.T) {
	const n = 8000
	for _, c := range []struct {
		opt  string
		want [NumMoves]float64
	}{
		{"random", [NumMoves]float64{.25, .25, .25, .25}},
		{"sh-first", [NumMoves]float64{0, 1, 0, 0}},
		{"physical", [NumMoves]float64{1. / 3, 1. / 3, 1. / 6, 1. / 6}},
		{"gentle", [NumMoves]float64{0, 0, 0, 1}},
	} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C1: "+c.opt), 11)
			got := moveShares(t, k, byGM, n)
			for m := Move(0); m < NumMoves; m++ {
				proportion(t, "C1 "+c.opt+" "+m.Title(), got[m], n, c.want[m])
			}
		})
	}
}

func TestOptionC2PlayerWound(t *testing.T) {
	const n = 4000
	k := testKernel(t, yamlOf(zeroPC, plainNPC), 12)
	if got := moveShares(t, k, byPlayer, 100); got[Study] != 100 {
		t.Errorf("C2 order: %v, want Study first", got)
	}
	k.m.pcs[0].versions[TakeARisk] = 6
	r := k.r
	k = newKernel(k.m, false) // the kernel prepares its PCs from the model
	k.r = r
	if got := moveShares(t, k, byPlayer, 100); got[TakeARisk] != 100 {
		t.Errorf("C2 order with Take a Risk known to be version 6: %v", got)
	}
	k = testKernel(t, yamlOf(zeroPC, plainNPC, "C2: random"), 12)
	got := moveShares(t, k, byPlayer, n)
	for m := Move(0); m < NumMoves; m++ {
		proportion(t, "C2 random "+m.Title(), got[m], n, .25)
	}
	k = testKernel(t, yamlOf(zeroPC, plainNPC, "C2: gm", "C1: sh-first"), 12)
	if got := moveShares(t, k, byPlayer, 100); got[SufferHarm] != 100 {
		t.Errorf("C2 gm with C1 sh-first: %v", got)
	}
}

func TestOptionC3HowPCsHurt(t *testing.T) {
	pcs := "  - {name: Gun, stats: {tough: 2, quick: -1}, weapon: pistol}\n  - {name: Club, stats: {quick: 2, tough: -1}, weapon: baton}"
	for _, c := range []struct {
		opt       string
		gun, club Stat
	}{{"by-weapon", Quick, Tough}, {"quick", Quick, Quick}, {"best", Tough, Quick}, {"reduced-damage", Quick, Tough}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(pcs, plainNPC, "C3: "+c.opt), 13)
			if g, cl := k.attackStat(0), k.attackStat(1); g != c.gun || cl != c.club {
				t.Errorf("C3 %s: pistol attacks with %s, baton with %s", c.opt, g.Title(), cl.Title())
			}
		})
	}
	// reduced-damage: a 7-9 against an NPC fighting back hits for 1 less
	// and takes no harm.
	for _, opt := range []string{"by-weapon", "reduced-damage"} {
		k := testKernel(t, yamlOf("  - {name: Ada, stats: {quick: 1}, weapon: pistol, strategy: test-attack}", "  - {name: T, threshold: 2}", "C3: "+opt), 13)
		k.aim(0, 0)
		k.act[0] = Action{Kind: Attack, Target: 0}
		tr := narrate(k)
		force(k, 7, 12)
		k.resolve(0)
		dice := strings.Contains(tr(), "hits T: 1 damage dice")
		if took := k.pc[0].shRolls > 0; took == (opt == "reduced-damage") || dice != (opt == "reduced-damage") {
			t.Errorf("C3 %s on a 7-9: took harm %v, one die %v\n%s", opt, took, dice, tr())
		}
	}
}

func TestOptionC4ActionEconomy(t *testing.T) {
	src := func(opt string) string { return yamlOf("  - {name: Ada, stats: {quick: 1}}", plainNPC, "C4: "+opt) }
	k := testKernel(t, src("strict"), 14)
	k.declare()
	if k.intent[0] != -1 {
		t.Error("C4 strict: an NPC declared an attack")
	}
	k.act[0] = Action{Kind: Idle, Target: -1}
	k.resolve(0)
	if k.pc[0].shRolls != 1 {
		t.Errorf("C4 strict: an idle PC suffered %d GM attacks, want 1", k.pc[0].shRolls)
	}
	for _, opt := range []string{"every-npc", "wargame"} {
		k := testKernel(t, src(opt), 14)
		k.aim(0, 0)
		k.act[0] = Action{Kind: Evade, Target: -1}
		force(k, 11, 12)
		k.resolve(0)
		if landed := k.pc[0].shRolls == 1; landed != (opt == "wargame") {
			t.Errorf("C4 %s: a 10+ evade let %d attacks land", opt, k.pc[0].shRolls)
		}
	}
}

func TestOptionC5AlwaysAttack(t *testing.T) {
	for _, opt := range []string{"strategy", "always-attack"} {
		k := testKernel(t, yamlOf("  - {name: Ada, stats: {quick: 1}, strategy: test-evade}", plainNPC, "C5: "+opt), 15)
		if a := k.decide(0); (a.Kind == Attack) != (opt == "always-attack") {
			t.Errorf("C5 %s: an evading policy does %s", opt, a.Kind)
		}
	}
}

func TestOptionC6ZeroDamage(t *testing.T) {
	for _, opt := range []string{"roll", "no-roll"} {
		k := testKernel(t, yamlOf("  - {name: Ada, stats: {quick: 1}, armor: true}", "  - {npc: bystander}", "C6: "+opt), 16)
		k.sufferHarm(0, k.npcDamageTo(0, 0), 0)
		if (k.pc[0].shRolls == 1) != (opt == "roll") {
			t.Errorf("C6 %s: fists against armor gave %d rolls", opt, k.pc[0].shRolls)
		}
	}
}

func TestOptionC7Merged(t *testing.T) {
	for _, opt := range []string{"separate", "merged"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC+"\n"+plainNPC, "C7: "+opt), 17)
		k.aim(0, 0)
		k.aim(1, 0)
		tr := narrate(k)
		force(k, 12, 12)
		k.resolve(0)
		want := 2
		if opt == "merged" {
			want = 1
			if !strings.Contains(tr(), "2 attacks land at once: one roll at damage 3") {
				t.Errorf("C7 merged: %s", tr())
			}
		}
		if int(k.pc[0].shRolls) != want {
			t.Errorf("C7 %s: %d rolls", opt, k.pc[0].shRolls)
		}
	}
}

func TestOptionC8ReactionLength(t *testing.T) {
	for _, opt := range []string{"next-action", "encounter", "panic-flees"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C8: "+opt), 18)
		k.setReaction(0, CurlUp, 0)
		k.decide(0)
		second := k.decide(0)
		if lost := second.Kind == Idle && k.pc[0].react == CurlUp; lost != (opt == "encounter") {
			t.Errorf("C8 %s: second action %s, reaction %s", opt, second.Kind, k.pc[0].react)
		}
		k.reset()
		k.setReaction(0, ScreamPanic, 0)
		if fled := k.pc[0].status == Fled; fled != (opt == "panic-flees") {
			t.Errorf("C8 %s: scream and panic leaves the PC %s", opt, k.pc[0].status)
		}
	}
}

func TestOptionC9Triggers(t *testing.T) {
	for _, opt := range []string{"first-sight", "ally-dying"} {
		k := testKernel(t, yamlOf(zeroPC+"\n"+plainPC, plainNPC, "C9: "+opt), 19)
		k.becomeDying(0, 0)
		if (k.pc[1].kitRolls == 1) != (opt == "ally-dying") {
			t.Errorf("C9 %s: the ally rolled %d times on seeing a PC fall", opt, k.pc[1].kitRolls)
		}
	}
	// every-attack: a horror attacking every round scares every round.
	for _, opt := range []string{"first-sight", "every-attack"} {
		src := "system: catchthedevil\nmax_rounds: 4\nparty:\n  - {name: Cal, stats: {steady: 2, sharp: -1}, strategy: test-evade}\nfoes:\n  - {npc: rot-hound}\nstrategies: {foes: test-first}\noptions: {C9: " + opt + "}\n"
		k := testKernel(t, src, 19)
		total := 0
		for i := 0; i < 200; i++ {
			k.reset()
			k.fight()
			total += int(k.pc[0].kitRolls)
		}
		if mean := float64(total) / 200; (mean > 1.5) != (opt == "every-attack") || opt == "first-sight" && mean != 1 {
			t.Errorf("C9 %s: %.2f Keep It Together rolls per fight", opt, mean)
		}
	}
}

func TestOptionC10KITStacking(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int8
	}{{"stacks", -2}, {"max-1", -1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C10: "+c.opt), 20)
			force(k, 12, 12)
			k.keepItTogether(0, 0)
			k.keepItTogether(0, 0)
			if k.pc[0].kitPen != c.want {
				t.Errorf("C10 %s: penalty %d after two rolls, want %d", c.opt, k.pc[0].kitPen, c.want)
			}
		})
	}
}

func TestOptionC11KIT5(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int8
	}{{"minus", -1}, {"plus", 1}, {"zero", 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C11: "+c.opt), 21)
			setWounded(k, 0, int(KeepItTogether), 5)
			force(k, 11)
			k.keepItTogether(0, 0)
			if k.pc[0].kitNext != c.want {
				t.Errorf("C11 %s: next time %d", c.opt, k.pc[0].kitNext)
			}
		})
	}
}

func TestOptionC12Break(t *testing.T) {
	for _, c := range []struct {
		opt                       string
		breaks, lost, all, wounds int
	}{{"lose-action", 1, 1, 0, 0}, {"none", 1, 0, 0, 0}, {"minus-all", 1, 0, -1, 0}, {"wound", 0, 0, 0, 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C12: "+c.opt), 22)
			setWounded(k, 0, int(KeepItTogether), 6)
			force(k, 8)
			k.keepItTogether(0, 0)
			p := &k.pc[0]
			if int(p.breaks) != c.breaks || int(p.lost) != c.lost || int(p.allRolls) != c.all || int(p.wounds) != c.wounds {
				t.Errorf("C12 %s: breaks %d, lost %d, all rolls %d, wounds %d", c.opt, p.breaks, p.lost, p.allRolls, p.wounds)
			}
		})
	}
}

func TestOptionC13BlackOut(t *testing.T) {
	for _, opt := range []string{"ignored", "targetable", "captured"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C13: "+opt), 23)
		k.blackOut(0)
		if k.canTarget(0, 0) != (opt == "targetable") {
			t.Errorf("C13 %s: a blacked-out PC can be targeted: %v", opt, k.canTarget(0, 0))
		}
		k.finish(defeat)
		if k.pc[0].captured != (opt == "captured") {
			t.Errorf("C13 %s: captured %v", opt, k.pc[0].captured)
		}
	}
}

func TestOptionC14Death(t *testing.T) {
	for _, c := range []struct {
		opt               string
		atOnce, lost, won Status
	}{
		{"dying", Dying, Dying, Dying},
		{"at-once", Dead, Dead, Dead},
		{"unless-won", Dying, Dead, Dying},
		{"untended", Dying, Dead, Dying},
	} {
		t.Run(c.opt, func(t *testing.T) {
			for _, end := range []int{defeat, victory} {
				k := testKernel(t, yamlOf(zeroPC, plainNPC, "C14: "+c.opt), 24)
				k.becomeDying(0, 0)
				if k.pc[0].status != c.atOnce {
					t.Errorf("C14 %s: at once %s", c.opt, k.pc[0].status)
				}
				k.finish(end)
				want := c.lost
				if end == victory {
					want = c.won
				}
				if k.pc[0].status != want {
					t.Errorf("C14 %s, end %s: %s, want %s", c.opt, endNames[end], k.pc[0].status, want)
				}
			}
		})
	}
	// untended: dead after scene.dying_rounds rounds, unless an ally tends.
	src := "system: catchthedevil\nscene: {dying_rounds: 2}\nparty:\n" + zeroPC + "\n  - {name: Doc, stats: {sharp: 1}, strategy: test-tend}\nfoes:\n" + plainNPC + "\noptions: {C14: untended}\n"
	k := testKernel(t, src, 24)
	k.becomeDying(0, 0)
	k.endOfRound()
	k.endOfRound()
	if k.pc[0].status != Dead {
		t.Errorf("C14 untended: after 2 rounds %s", k.pc[0].status)
	}
	k.reset()
	k.becomeDying(0, 0)
	if a := k.decide(1); a.Kind != Tend || a.Target != 0 {
		t.Fatalf("the tending policy does %s %d", a.Kind, a.Target)
	}
	k.act[1] = Action{Kind: Tend, Target: 0}
	force(k, 7)
	k.resolve(1)
	k.endOfRound()
	k.endOfRound()
	k.finish(defeat)
	if k.pc[0].status != Dying || !k.pc[0].tended {
		t.Errorf("C14 untended, tended: %s", k.pc[0].status)
	}
}

func TestOptionC15Questions(t *testing.T) {
	for _, opt := range []string{"normal", "wounded"} {
		k := testKernel(t, yamlOf("  - {name: Vet, stats: {tough: 1}, questions: {life_or_death: true, horrendous: true}}", plainNPC, "C15: "+opt), 25)
		p := &k.pc[0]
		if p.version[TakeARisk] == 0 || p.version[KeepItTogether] == 0 || p.version[SufferHarm] != 0 {
			t.Errorf("C15 %s: versions %v", opt, p.version)
		}
		if w := p.isWounded(TakeARisk) && p.isWounded(KeepItTogether); w != (opt == "wounded") || p.isWounded(SufferHarm) {
			t.Errorf("C15 %s: wounded %04b", opt, p.wounded)
		}
	}
}

func TestOptionC16Meets(t *testing.T) {
	const n = 40000
	for _, opt := range []string{"over", "meets"} {
		k := testKernel(t, yamlOf(zeroPC, "  - {name: T, threshold: 3}", "C16: "+opt), 26)
		var got [4]int
		for i := 0; i < n; i++ {
			k.reset()
			k.deal(0, 0, 3)
			got[npcOutcome(int(k.npc[0].conds), 0, 3)]++
		}
		ex := ExactNPCHit(3, 3, false, 0, opt == "meets")
		for o := range ex {
			proportion(t, fmt.Sprintf("C16 %s outcome %d", opt, o), got[o], n, ex[o])
		}
	}
}

func TestOptionC17Overshoot(t *testing.T) {
	if s := OptionTable.Options()[16]; s.ID != "C17" || len(s.Values) != 1 || s.Values[0] != "at-least" {
		t.Fatalf("C17: %+v", s)
	}
	k := testKernel(t, yamlOf(zeroPC, "  - {name: T, threshold: 2}"), 27)
	for i := 0; ; i++ {
		k.reset()
		k.deal(0, 0, 3)
		if k.npc[0].conds == 3 {
			if k.npc[0].status != Incapacitated {
				t.Errorf("3 conditions at threshold 2: %s", k.npc[0].status)
			}
			break
		}
		if i > 1000 {
			t.Fatal("never 3 conditions")
		}
	}
}

func TestOptionC18Exploit(t *testing.T) {
	const n = 8000
	for _, c := range []struct {
		opt             string
		before, studied float64
	}{{"automatic", 1, 1}, {"after-study", 0, 1}, {"half", .5, .5}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C18: "+c.opt), 28)
			k.npc[0].conds = 1
			for _, studied := range []bool{false, true} {
				k.pc[0].studied = studied
				hits := 0
				for i := 0; i < n; i++ {
					hits += k.exploits(0, 0)
				}
				want := c.before
				if studied {
					want = c.studied
				}
				proportion(t, fmt.Sprintf("C18 %s studied %v", c.opt, studied), hits, n, want)
			}
			k.npc[0].conds = 0
			if k.exploits(0, 0) != 0 {
				t.Errorf("C18 %s: +1 against an NPC with no condition", c.opt)
			}
		})
	}
}

func TestOptionC19FinishOff(t *testing.T) {
	for _, opt := range []string{"switch", "finish-off"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C19: "+opt), 29)
		k.setNPC(0, Incapacitated)
		k.npc[0].conds = 3
		if e := k.settled(); (e == going) != (opt == "finish-off") {
			t.Errorf("C19 %s: an incapacitated NPC left ends %s", opt, endNames[e])
		}
		if k.attackable(0) != (opt == "finish-off") {
			t.Errorf("C19 %s: attackable %v", opt, k.attackable(0))
		}
	}
	// Finishing off kills: over many fights NPCs end dead, not just down.
	src := "system: catchthedevil\nmax_rounds: 40\nparty:\n  - {name: Ada, stats: {tough: 2, steady: -1}, weapon: rifle, ranged: false, count: 2, strategy: test-attack}\nfoes:\n  - {npc: bystander}\nstrategies: {foes: test-none}\noptions: {C19: finish-off, C39: never}\n"
	// Fists cannot hurt an armored NPC: the round limit ends the finishing
	// off, and the fight is still won.
	stuck := "system: catchthedevil\nmax_rounds: 5\nparty:\n  - {name: Ada, stats: {tough: 1}, strategy: test-attack}\nfoes:\n  - {npc: riot-cop}\nstrategies: {foes: test-none}\noptions: {C19: finish-off}\n"
	k := testKernel(t, stuck, 29)
	k.setNPC(0, Incapacitated)
	k.npc[0].conds = 3
	if e := k.fight(); e != victory {
		t.Errorf("C19 finish-off cut short by the round limit: %s", endNames[e])
	}
	k = testKernel(t, src, 29)
	for i := 0; i < 50; i++ {
		k.reset()
		if e := k.fight(); e != victory || k.npc[0].status != Dead {
			t.Fatalf("C19 finish-off: %s with the NPC %s", endNames[e], k.npc[0].status)
		}
	}
}

func TestOptionC20StatChoice(t *testing.T) {
	k := testKernel(t, yamlOf("  - {name: F, stats: {tough: 1}}\n  - {name: N, stats: {sharp: 1}}", plainNPC), 30)
	k.reduceStat(0, allStats)
	k.reduceStat(1, allStats)
	if k.pc[0].stat[Sharp] != -1 || k.pc[1].stat[Sharp] != 0 || k.pc[1].stat[Tough] != 0 {
		t.Errorf("C20 policy: a fighter lost %v, the other %v", k.pc[0].stat, k.pc[1].stat)
	}
	const n = 4000
	k = testKernel(t, yamlOf(zeroPC, plainNPC, "C20: random"), 30)
	var got [NumStats]int
	for i := 0; i < n; i++ {
		k.reset()
		k.reduceStat(0, allStats)
		for s := Stat(0); s < NumStats; s++ {
			if k.pc[0].stat[s] < 0 {
				got[s]++
			}
		}
	}
	for s := Stat(0); s < NumStats; s++ {
		proportion(t, "C20 random "+s.Title(), got[s], n, .25)
	}
}

func TestOptionC21SH3(t *testing.T) {
	const n = 4000
	for _, opt := range []string{"policy", "random"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C21: "+opt), 31)
		wounded := 0
		for i := 0; i < n; i++ {
			k.reset()
			setWounded(k, 0, int(SufferHarm), 3)
			force(k, 10)
			k.sufferHarm(0, 0, 0)
			if k.pc[0].unwounded() == 2 {
				wounded++
			}
		}
		want := 0.0
		if opt == "random" {
			want = .5
		}
		proportion(t, "C21 "+opt+" wounds on a 10+", wounded, n, want)
	}
	// The policy wounds once the penalty is -2 and Study is unwounded.
	k := testKernel(t, yamlOf(zeroPC, plainNPC), 31)
	setWounded(k, 0, int(SufferHarm), 3)
	k.pc[0].shPen = -2
	force(k, 12)
	k.sufferHarm(0, 0, 0)
	if !k.pc[0].isWounded(Study) || k.pc[0].shPen != -2 {
		t.Errorf("C21 policy at -2: wounded %04b, penalty %d", k.pc[0].wounded, k.pc[0].shPen)
	}
}

func TestOptionC22Scope(t *testing.T) {
	for _, opt := range []string{"take-a-risk", "everywhere"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C22: "+opt), 32)
		setWounded(k, 0, int(TakeARisk), 4) // Steady -1
		force(k, 10)
		k.keepItTogether(0, 0)
		if reacted := k.pc[0].react != NoReaction; reacted != (opt == "everywhere") {
			t.Errorf("C22 %s: Keep It Together on a 10 with Take a Risk 4 wounded reacted %v", opt, reacted)
		}
	}
}

func TestOptionC23LimbAndDisorientation(t *testing.T) {
	for _, c := range []struct {
		opt       string
		limb      bool
		fwd, lost int8
	}{{"stand-in", true, -1, 0}, {"lose-action", true, 0, 1}, {"ignore", false, 0, 0}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C23: "+c.opt), 33)
			setWounded(k, 0, int(SufferHarm), 1)
			force(k, 8)
			k.sufferHarm(0, 0, 0)
			if k.pc[0].limb != c.limb {
				t.Errorf("C23 %s: limb %v", c.opt, k.pc[0].limb)
			}
			if c.limb {
				force(k, 10)
				if b := k.takeARisk(0, Quick, forOther, 0, about{}); b != Partial {
					t.Errorf("C23 %s: Quick with an unusable body part on a 10: %s", c.opt, b.Name3())
				}
			}
			k.reset()
			setWounded(k, 0, int(SufferHarm), 2)
			force(k, 8)
			k.sufferHarm(0, 0, 0)
			if k.pc[0].forward != c.fwd || k.pc[0].lost != c.lost {
				t.Errorf("C23 %s: disorientation gives forward %d, lost %d", c.opt, k.pc[0].forward, k.pc[0].lost)
			}
		})
	}
}

// C24: every "next time" in the rules is set by a roll of the same move,
// right after that roll used up the previous one, so two never wait
// together in an encounter; the option is tested on the rule itself.
func TestOptionC24OneShots(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int8
	}{{"sum", -2}, {"latest", -1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C24: "+c.opt), 34)
			k.oneShot(&k.pc[0].shNext, -1)
			k.oneShot(&k.pc[0].shNext, -1)
			if k.pc[0].shNext != c.want {
				t.Errorf("C24 %s: two -1 next time give %d", c.opt, k.pc[0].shNext)
			}
		})
	}
}

func TestOptionC25Bonus(t *testing.T) {
	for _, opt := range []string{"lost", "persists"} {
		k := testKernel(t, yamlOf("  - {name: Old, stats: {sharp: 1}, bonus: [take-a-risk, study], wounded: [study]}", plainNPC, "C25: "+opt), 35)
		p := &k.pc[0]
		if p.bonus&(1<<Study) == 0 {
			t.Errorf("C25 %s: the bonus on the still-wounded move is gone", opt)
		}
		if kept := p.bonus&(1<<TakeARisk) != 0; kept != (opt == "persists") {
			t.Errorf("C25 %s: the bonus on the healed move kept: %v", opt, kept)
		}
	}
}

func TestOptionC26UntilLeaving(t *testing.T) {
	for _, opt := range []string{"encounter", "until-flee"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C26: "+opt), 36)
		k.pc[0].temp[Sharp] = -1
		k.flees(0, "gets out")
		if kept := k.pc[0].temp[Sharp] == -1; kept != (opt == "encounter") {
			t.Errorf("C26 %s: the -1 Sharp kept after fleeing: %v", opt, kept)
		}
	}
}

func TestOptionC27Floor(t *testing.T) {
	for _, opt := range []string{"clamp", "none"} {
		k := testKernel(t, yamlOf("  - {name: Low, stats: {sharp: -3, tough: 3}, in_play: true}", plainNPC, "C27: "+opt), 37)
		k.reduceStat(0, allStats) // a fighter: Sharp first
		want := int8(-4)
		if opt == "clamp" {
			want = -3
		}
		if k.pc[0].stat[Sharp] != want {
			t.Errorf("C27 %s: Sharp %d", opt, k.pc[0].stat[Sharp])
		}
	}
}

func TestOptionC28WoundedPenalty(t *testing.T) {
	for _, opt := range []string{"no", "yes"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C28: "+opt), 38)
		setWounded(k, 0, int(KeepItTogether), 2)
		force(k, 12)
		k.keepItTogether(0, 0)
		if (k.pc[0].kitPen == -1) != (opt == "yes") {
			t.Errorf("C28 %s: penalty %d", opt, k.pc[0].kitPen)
		}
	}
}

func TestOptionC29Study(t *testing.T) {
	for _, opt := range []string{"tokens", "disabled", "flat"} {
		k := testKernel(t, yamlOf("  - {name: Eye, stats: {sharp: 1}, strategy: test-study}", plainNPC, "C29: "+opt), 39)
		if a := k.decide(0); (a.Kind == StudyIt) == (opt == "disabled") {
			t.Errorf("C29 %s: a studying policy does %s", opt, a.Kind)
		}
	}
	// flat: a 7-9 is +1 forward for sure, even in version 1 (q = 1/3).
	const n = 3000
	for _, c := range []struct {
		opt string
		p   float64
	}{{"tokens", 1. / 3}, {"flat", 1}} {
		t.Run(c.opt, func(t *testing.T) {
			k := testKernel(t, yamlOf(zeroPC, plainNPC, "C29: "+c.opt), 39)
			got := 0
			for i := 0; i < n; i++ {
				k.reset()
				setWounded(k, 0, int(Study), 1)
				force(k, 8)
				k.study(0)
				if k.pc[0].forward > 0 {
					got++
				}
			}
			proportion(t, "C29 "+c.opt+" forward on a 7-9", got, n, c.p)
		})
	}
}

func TestOptionC30Evade(t *testing.T) {
	for _, opt := range []string{"forward", "one-lands"} {
		k := testKernel(t, yamlOf("  - {name: Ada, stats: {quick: 1}}", plainNPC+"\n"+plainNPC, "C30: "+opt), 40)
		k.aim(0, 0)
		k.aim(1, 0)
		k.act[0] = Action{Kind: Evade, Target: -1}
		force(k, 7, 12)
		k.resolve(0)
		if (k.pc[0].shRolls == 1) != (opt == "one-lands") || (k.pc[0].forward == -1) != (opt == "forward") {
			t.Errorf("C30 %s: %d attacks landed, forward %d", opt, k.pc[0].shRolls, k.pc[0].forward)
		}
	}
}

func TestOptionC31GMMove(t *testing.T) {
	for _, opt := range []string{"free-attack", "forward"} {
		k := testKernel(t, yamlOf("  - {name: Ada, stats: {quick: 1}, weapon: pistol}", "  - {name: W, threshold: 4}", "C31: "+opt), 41)
		k.act[0] = Action{Kind: Attack, Target: 0}
		force(k, 5, 12)
		k.resolve(0)
		if (k.pc[0].shRolls == 1) != (opt == "free-attack") || (k.pc[0].forward == -1) != (opt == "forward") {
			t.Errorf("C31 %s: %d free attacks, forward %d", opt, k.pc[0].shRolls, k.pc[0].forward)
		}
	}
}

func TestOptionC32Simultaneous(t *testing.T) {
	for _, opt := range []string{"cancelled", "simultaneous"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C32: "+opt), 42)
		k.aim(0, 0)
		k.setNPC(0, Incapacitated) // dropped earlier this round
		k.act[0] = Action{Kind: Idle, Target: -1}
		force(k, 12)
		k.resolve(0)
		if (k.pc[0].shRolls == 1) != (opt == "simultaneous") {
			t.Errorf("C32 %s: the dropped NPC's attack landed %d times", opt, k.pc[0].shRolls)
		}
	}
}

func TestOptionC33Closest(t *testing.T) {
	const n = 600
	for _, opt := range []string{"random-character", "ally", "trigger"} {
		k := testKernel(t, yamlOf(zeroPC+"\n"+plainPC, plainNPC, "C33: "+opt), 43)
		allyHurt := 0
		for i := 0; i < n; i++ {
			k.reset()
			setWounded(k, 0, int(KeepItTogether), 1)
			force(k, 8)
			k.keepItTogether(0, 0)
			if k.pc[1].shRolls > 0 {
				allyHurt++
			}
		}
		want := map[string]float64{"random-character": .5, "ally": 1, "trigger": 0}[opt]
		proportion(t, "C33 "+opt+" hurts the ally", allyHurt, n, want)
	}
}

func TestOptionC34GMReaction(t *testing.T) {
	const n = 4000
	for _, opt := range []string{"curl-up", "random"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C34: "+opt), 44)
		var got [5]int
		for i := 0; i < n; i++ {
			k.reset()
			force(k, 5)
			k.keepItTogether(0, 0)
			got[k.pc[0].react]++
		}
		for r := ScreamPanic; r <= CurlUp; r++ {
			want := 0.0
			switch {
			case opt == "random":
				want = .25
			case r == CurlUp:
				want = 1
			}
			proportion(t, "C34 "+opt+" "+r.String(), got[r], n, want)
		}
	}
}

func TestOptionC35LashOut(t *testing.T) {
	const n = 1000
	for _, opt := range []string{"random-character", "enemy"} {
		k := testKernel(t, yamlOf(zeroPC+"\n"+plainPC, plainNPC, "C35: "+opt), 45)
		atAlly := 0
		for i := 0; i < n; i++ {
			k.reset()
			k.setReaction(0, LashOut, 0)
			if a := k.decide(0); a.Kind == hurtAllyAction {
				atAlly++
			} else if a.Kind != Attack {
				t.Fatalf("C35 %s: lashing out does %s", opt, a.Kind)
			}
		}
		want := .5
		if opt == "enemy" {
			want = 0
		}
		proportion(t, "C35 "+opt+" lashes out at the ally", atAlly, n, want)
	}
}

func TestOptionC36Spared(t *testing.T) {
	for _, opt := range []string{"lose-action", "spared"} {
		k := testKernel(t, yamlOf(zeroPC, plainNPC, "C36: "+opt), 46)
		k.setReaction(0, BegPlead, 0)
		k.declare()
		if (k.intent[0] == -1) != (opt == "spared") {
			t.Errorf("C36 %s: the thug goes for %d", opt, k.intent[0])
		}
		k.declare() // only once
		if k.intent[0] != 0 {
			t.Errorf("C36 %s: spared twice", opt)
		}
	}
}

func TestOptionC37Preferred(t *testing.T) {
	for _, opt := range []string{"lose-action", "preferred-target"} {
		k := testKernel(t, yamlOf(zeroPC+"\n"+plainPC, plainNPC, "C37: "+opt), 47)
		k.setReaction(1, CurlUp, 0)
		k.declare()
		if (k.intent[0] == 1) != (opt == "preferred-target") {
			t.Errorf("C37 %s: the thug (first-target policy) goes for %d", opt, k.intent[0])
		}
	}
}

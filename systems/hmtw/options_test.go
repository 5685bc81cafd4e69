package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// Every option of section 9 changes what it should. Each test builds a
// small kernel (idle or scripted policies), sets the situation up and calls
// the step the option governs, once per value.

// scriptParty is a party policy whose choices are functions (nil: idle).
type scriptParty struct {
	minor     func(v *View, self int, a *Action)
	interrupt func(v *View, self int, t *Threat, a *Action)
	push      bool
}

func (p *scriptParty) Initiative(v *View, self int) int  { return 0 }
func (p *scriptParty) Turn(v *View, self int, a *Action) {}
func (p *scriptParty) Minor(v *View, self int, a *Action) {
	if p.minor != nil {
		p.minor(v, self, a)
	}
}
func (p *scriptParty) Interrupt(v *View, self int, t *Threat, a *Action) {
	if p.interrupt != nil {
		p.interrupt(v, self, t, a)
	}
}
func (p *scriptParty) Absorb(v *View, self int, w Wound) Absorber     { return DefaultAbsorb(v, self, w) }
func (p *scriptParty) FateResolve(v *View, self int, t FateTest) bool { return false }
func (p *scriptParty) Push(v *View, self int, f FatePush) bool        { return p.push }
func (p *scriptParty) Retreat(v *View) bool                           { return true }

// scriptGM is a GM policy whose minor action is a function.
type scriptGM struct {
	minor func(v *View, g int, a *GMAction)
}

func (p *scriptGM) Initiative(v *View, g int) int    { return -1 }
func (p *scriptGM) Turn(v *View, g int, a *GMAction) {}
func (p *scriptGM) Minor(v *View, g int, a *GMAction) {
	if p.minor != nil {
		p.minor(v, g, a)
	}
}

var (
	theParty = &scriptParty{}
	theGM    = &scriptGM{}
)

func init() {
	Policies.Party.Register("test-script", "test only: scripted", theParty)
	Policies.Foes.Register("test-script", "test only: scripted", theGM)
}

// optKernel compiles a scenario with the scripted policies and options.
func optKernel(t testing.TB, party, foes string, extra ...string) *kernel {
	t.Helper()
	src := "system: hmtw\nstrategies: {party: test-script, foes: test-script}\nparty:\n" + party + "\nfoes:\n" + foes + "\n"
	for _, e := range extra {
		src += e + "\n"
	}
	m := mustDecode(t, src)
	k := newKernel(m)
	k.r = sim.NewRand(7, 0)
	k.reset()
	k.round = 1
	*theParty = scriptParty{}
	*theGM = scriptGM{}
	return k
}

func opt(id, v string) string { return "options: {" + id + ": " + v + "}" }

// attackWith makes group g Attack with a lesser doom of value d, targets
// per member.
func (k *kernel) attackWith(g int, d Doom, own bool, targets ...int8) bool {
	k.gm[0], k.ngm = d, 1
	var a GMAction
	a.Reset()
	a.Kind, a.Card = GMAttack, 0
	copy(a.Targets[:], targets)
	return k.gmAttack(g, &a, own)
}

const chirurgeon = "  - {archetype: cups_chirurgeon}"

// H-2: one Attack per target with the mob bonus of those assigned; every
// assigned member Attacks (lethal); or the bonus of every member in the
// zone.
func TestOptionMobRule(t *testing.T) {
	run := func(v string, assigned int) (wounds, piercing int) {
		k := optKernel(t, "  - {archetype: cups_chirurgeon, gear: []}", "  - {creature: goblin_raider, count: 6}", opt("H-2", v))
		var tg [6]int8
		for i := range tg {
			tg[i] = -1
			if i < assigned {
				tg[i] = 0
			}
		}
		k.attackWith(0, 14, false, tg[:]...)
		return k.t.wounds, k.t.piercing
	}
	if w, p := run("per-target", 4); w != 1 || p != 1 {
		t.Errorf("per-target, 4 assigned: %d Wounds, %d Piercing; want one Piercing Attack", w, p)
	}
	if w, p := run("lethal", 4); w != 4 || p != 4 {
		t.Errorf("lethal, 4 assigned: %d Wounds, %d Piercing; want four Piercing Attacks", w, p)
	}
	if w, p := run("per-target", 1); w != 1 || p != 0 {
		t.Errorf("per-target, 1 assigned: %d Wounds, %d Piercing", w, p)
	}
	if w, p := run("zone", 1); w != 1 || p != 1 {
		t.Errorf("zone, 1 assigned of 6 in the zone: %d Wounds, %d Piercing; want Piercing", w, p)
	}
}

// H-3: only the members able to act (the bow-goblins at range), or every
// member.
func TestOptionMembersReach(t *testing.T) {
	for _, c := range []struct {
		v        string
		piercing int
	}{{"able", 0}, {"all", 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: cups_chirurgeon, gear: [], zone: a}", "  - {creature: goblin_raider, count: 6, zone: b}",
				"scene: {zones: [a, b]}", opt("H-3", c.v))
			k.attackWith(0, 14, false, 0, 0, 0, 0, 0, 0)
			if k.t.piercing != c.piercing || k.t.wounds != 1 {
				t.Errorf("H-3 %s: %d Wounds, %d Piercing; want %d Piercing (a mob of %s)", c.v, k.t.wounds, k.t.piercing, c.piercing,
					map[string]string{"able": "3 bows", "all": "6"}[c.v])
			}
		})
	}
}

// H-4: a hand of greater dooms: one mulligan, as many as it takes, a
// greater doom as Initiative, or redrawing only the missing cards.
func TestOptionMulligan(t *testing.T) {
	for _, c := range []struct {
		v              string
		mulligans      int
		init           Doom
		greaterAllowed bool
	}{
		{"mulligan-once", 1, 0, false},
		{"unlimited", 2, 1, false},
		{"greater-initiative", 0, 15, true},
		{"redraw-missing", 1, 1, false},
	} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon+"\n  - {archetype: wands_sorcerer}\n  - {archetype: swords_shieldbearer}", "  - {creature: ogre}", opt("H-4", c.v))
			// 3 + 1 type + 1 larger = 5 cards: all greater, all greater again,
			// then the Magician. The draw pile is doctored to hold them.
			seq := []uint8{15, 16, 17, 18, 19, 20, 21, 15, 16, 17, 1, 2, 3, 4, 5}
			if c.v == "redraw-missing" {
				seq = []uint8{15, 16, 17, 18, 19, 1}
			}
			k.major.n = copy(k.major.pile[:], seq)
			k.major.nd = 0
			k.major.stack = seq
			theGM.minor = nil
			k.drawGM()
			k.gmInitiative()
			if k.t.mulligans != c.mulligans {
				t.Errorf("H-4 %s: %d mulligans, want %d", c.v, k.t.mulligans, c.mulligans)
			}
			got := k.grp[0].init
			switch {
			case c.greaterAllowed && !got.Greater():
				t.Errorf("H-4 %s: Initiative %v, want a greater doom", c.v, got)
			case !c.greaterAllowed && got != c.init:
				t.Errorf("H-4 %s: Initiative %v, want %v", c.v, got, c.init)
			}
		})
	}
}

// H-5: the order of a window's minor actions: fixed (marching order),
// random, or simultaneous (a GM character downed in the window still
// resolves what it declared).
func TestOptionMinorOrder(t *testing.T) {
	party := "  - {archetype: swords_shieldbearer, name: A}\n  - {archetype: pentacles_skirmisher, name: B}"
	declare := func(v *View, self int, a *Action) {
		// Each Recovers from its Trip with a Wands card.
		a.Kind, a.Card = Recover, int8(v.HandSize(self)-1)
	}
	first := map[string]int{}
	for _, v := range []string{"fixed", "random"} {
		for n := 0; n < 40; n++ {
			k := optKernel(t, party, "  - {creature: ogre}", opt("H-5", v))
			k.r = sim.NewRand(uint64(n), 1)
			theParty.minor = declare
			for i := 0; i < 2; i++ {
				k.adv[i].effects |= Trip
				k.adv[i].hand[0], k.adv[i].nh = MakeCard(Wands, 2+i), 1
			}
			k.tr = &sim.Trace{}
			k.minorWindow(k.na + 0)
			if len(k.tr.Events) < 2 {
				t.Fatalf("%s: %d events", v, len(k.tr.Events))
			}
			if k.tr.Events[0].Actor == "A" {
				first[v]++
			}
		}
	}
	if first["fixed"] != 40 || first["random"] == 40 || first["random"] == 0 {
		t.Errorf("H-5: A resolved first %d/40 times under fixed, %d/40 under random", first["fixed"], first["random"])
	}
	// Simultaneous: the goblin the skirmisher kills still makes its Attack.
	for _, c := range []struct {
		v      string
		wounds int
	}{{"fixed", 0}, {"simultaneous", 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_skirmisher, name: B}", "  - {creature: goblin_raider}", opt("H-5", c.v))
			k.grp[0].init, k.grp[0].revealed = 1, true
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 14), 1
			k.adv[0].init = MakeCard(Cups, 2)
			k.gm[0], k.ngm = 14, 1
			theParty.minor = func(v *View, self int, a *Action) { a.Kind, a.Card, a.Target = Attack, 0, 0 }
			theGM.minor = func(v *View, g int, a *GMAction) { a.Kind, a.Card, a.Targets[0] = GMAttack, 0, 0 }
			k.mem[0].health, k.mem[0].defense = 1, 0
			k.minorWindow(k.na + 1) // after some other character's turn
			if !k.mem[0].down || k.t.wounds != c.wounds {
				t.Errorf("H-5 %s: goblin down %v, %d Wounds on the guild, want %d", c.v, k.mem[0].down, k.t.wounds, c.wounds)
			}
		})
	}
}

// strikeAt resolves a GM Attack of value v on adventurer 0 with a shield or
// not, a facedown Dodge worth dodge (0: none).
func strikeAt(t *testing.T, option string, value, init, dodge int) (hit bool, dodgeLeft bool) {
	t.Helper()
	k := optKernel(t, "  - {archetype: wands_sorcerer}", "  - {creature: goblin_raider}", option)
	k.adv[0].init = MakeCard(Cups, init)
	if dodge > 0 {
		k.adv[0].fd = facedown{kind: Dodge, value: int8(dodge), ally: 0, card: uint8(MakeCard(Pentacles, 3))}
	}
	c := strikeCtx{g: 0, j: 0, t: 0, value: value, mob: 1, own: true}
	k.strike(&c)
	return k.t.wounds > 0, k.adv[0].fd.kind == Dodge
}

// H-6: a facedown Dodge is revealed on the next targeting even when the
// attack would miss anyway; "choose" keeps it then; "tie-miss" makes a tie
// with it a miss. (The sorcerer holds only a wand: attacks on it have
// favor, +3.)
func TestOptionDodge(t *testing.T) {
	if hit, left := strikeAt(t, opt("H-6", "mandatory"), 2, 9, 4); hit || left {
		t.Errorf("mandatory, a sure miss: hit %v, Dodge kept %v; want it spent", hit, left)
	}
	if hit, left := strikeAt(t, opt("H-6", "choose"), 2, 9, 4); hit || !left {
		t.Errorf("choose, a sure miss: hit %v, Dodge kept %v; want it kept", hit, left)
	}
	if hit, _ := strikeAt(t, opt("H-6", "mandatory"), 10, 9, 4); !hit {
		t.Error("mandatory: a tie with the Dodge (13 against 9+4) missed")
	}
	if hit, _ := strikeAt(t, opt("H-6", "tie-miss"), 10, 9, 4); hit {
		t.Error("tie-miss: a tie with the Dodge (13 against 9+4) hit")
	}
}

// H-7: one facedown card, or one Dodge and one Riposte.
func TestOptionFacedowns(t *testing.T) {
	for _, c := range []struct {
		v    string
		both bool
	}{{"strict", false}, {"both", true}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {creature: ogre}", opt("H-7", c.v))
			k.placeFacedown(0, facedown{kind: Dodge, value: 5, ally: 0, card: 1}, "")
			k.placeFacedown(0, facedown{kind: Riposte, value: 5, ally: 0, card: 2}, "")
			got := k.adv[0].fd.kind == Dodge && k.adv[0].fd2.kind == Riposte
			if got != c.both || !c.both && k.adv[0].fd.kind != Riposte {
				t.Errorf("H-7 %s: fd %v fd2 %v", c.v, k.adv[0].fd.kind, k.adv[0].fd2.kind)
			}
		})
	}
}

// Under H-7 "both", a Controlling rider (Soft Is Their Throat: "loses its
// next turn and its facedown card") takes both facedown cards.
func TestSoftThroatBothFacedowns(t *testing.T) {
	k := optKernel(t, chirurgeon, "  - {creature: lich_yellow_king}", opt("H-7", "both"))
	k.placeFacedown(0, facedown{kind: Dodge, value: 5, ally: 0, card: 1}, "")
	k.placeFacedown(0, facedown{kind: Riposte, value: 5, ally: 0, card: 2}, "")
	k.gmHit(&strikeCtx{g: 0, j: 0, t: 0, mob: 1, rider: AbSoftIsTheirThroat}, 20, 1)
	if a := &k.adv[0]; !a.loseTurn || a.fd.kind != Skip || a.fd2.kind != Skip {
		t.Errorf("loses its turn %v; facedown %v and %v left", a.loseTurn, a.fd.kind, a.fd2.kind)
	}
}

// H-8: as printed (p.116), a hazard's Avoid must be greater than its
// Initiative (a tie fails; the rules spec's errata E-H11) and a tie
// disengages ("equal to or greater"); "ties-pass" lets a tie past the hazard
// too (the general tie rule), "strict" lets neither through.
func TestOptionAvoid(t *testing.T) {
	for _, c := range []struct {
		v                string
		pass, disengages bool
	}{{"as-printed", false, true}, {"strict", false, false}, {"ties-pass", true, true}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_skirmisher, zone: a}", "  - {creature: goblin_raider, zone: b}",
				"scene: {zones: [a, b], hazards: [{name: pit, between: [a, b], wounds: 1}]}", opt("H-8", c.v))
			k.hz[0] = 7
			k.advAvoid(0, &Action{Kind: Avoid, Hazard: 0}, 7, MakeCard(Pentacles, 7), "")
			if passed := k.adv[0].zone == 1; passed != c.pass {
				t.Errorf("H-8 %s: past the hazard on a tie %v", c.v, passed)
			}
			// Disengaging from a goblin at Initiative 5 with a 5.
			k = optKernel(t, "  - {archetype: pentacles_skirmisher}", "  - {creature: goblin_raider}", opt("H-8", c.v))
			k.grp[0].init = 5
			k.engage(0, 0)
			k.advAvoid(0, &Action{Kind: Avoid, Hazard: -1, Zone: -1}, 5, MakeCard(Pentacles, 5), "")
			if hurt := k.t.wounds > 0; hurt == c.disengages {
				t.Errorf("H-8 %s: disengaging on a tie drew a free Wound: %v", c.v, hurt)
			}
		})
	}
}

// H-9: a Roughhouse tie succeeds (no shield), or fails under "strict".
func TestOptionRoughhouse(t *testing.T) {
	for _, c := range []struct {
		v  string
		ok bool
	}{{"general", true}, {"strict", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_dirty_fighter}", "  - {creature: goblin_raider}", opt("H-9", c.v))
			k.grp[0].init = 6
			k.advRoughhouse(0, 0, 6, MakeCard(Pentacles, 2), Trip, "", false)
			if got := k.mem[0].effects&Trip != 0; got != c.ok {
				t.Errorf("H-9 %s: a tie Tripped %v", c.v, got)
			}
			// The GM's Roughhouse follows the same rule.
			k = optKernel(t, "  - {archetype: wands_sorcerer, hands: [archwood_wand, light_shield]}", "  - {creature: goblin_raider}", opt("H-9", c.v))
			k.adv[0].init = MakeCard(Cups, 9)
			k.adv[0].shieldNotch = 0 // a broken shield: no tie rule of its own
			cx := strikeCtx{g: 0, j: 0, t: 0, value: 9, mob: 1, own: true, rough: true, effect: Trip}
			k.strike(&cx)
			if got := k.adv[0].effects&Trip != 0; got != c.ok {
				t.Errorf("H-9 %s: the GM's tie Tripped %v", c.v, got)
			}
		})
	}
}

// H-10: Sleep Song ties go to the caster, or fail under "strict".
func TestOptionIncantation(t *testing.T) {
	for _, c := range []struct {
		v     string
		sleep bool
	}{{"caster", true}, {"strict", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: wands_sorcerer}", "  - {creature: nymph}", opt("H-10", c.v))
			k.adv[0].init = MakeCard(Cups, 10)
			k.gm[0], k.gm[1], k.ngm = 6, 18, 2 // 6 + Wands 4 = 10
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Rider, a.Ability, a.Targets[0] = GMAbility, 0, 1, AbSleepSong, 0
			if !k.gmAbility(0, &a, true) {
				t.Fatalf("H-10 %s: no Sleep Song", c.v)
			}
			if got := k.adv[0].effects&Knockout != 0; got != c.sleep {
				t.Errorf("H-10 %s: a tie Knocked out %v", c.v, got)
			}
		})
	}
}

// H-12: after the fight a Chirurgeon saves the dying; "fight-only" lets
// them die; "unlimited" leaves them lingering alive.
func TestOptionRescue(t *testing.T) {
	for _, c := range []struct {
		v          string
		dead, door bool
	}{{"after-fight", false, false}, {"fight-only", true, false}, {"unlimited", false, true}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon+"\n  - {archetype: swords_shieldbearer}", "  - {creature: ogre}", opt("H-12", c.v))
			k.toDeathsDoor(1)
			k.end = endVictory
			k.afterFight()
			a := &k.adv[1]
			if a.dead != c.dead || a.door != c.door || !a.reachedDoor {
				t.Errorf("H-12 %s: dead %v door %v", c.v, a.dead, a.door)
			}
			if !c.dead && !c.door && !a.stressed {
				t.Errorf("H-12 %s: saved but not Stressed", c.v)
			}
		})
	}
	// Without a poultice or Heal, the dying die after the fight anyway.
	k := optKernel(t, "  - {archetype: wands_sorcerer, gear: []}\n  - {archetype: swords_two_hander, gear: []}", "  - {creature: ogre}")
	k.toDeathsDoor(1)
	k.end = endVictory
	k.afterFight()
	if !k.adv[1].dead || !k.adv[1].diedAfter {
		t.Error("no poultice: the dying survived")
	}
}

// H-13: Heal removes Injured first, or (the player's choice) a Wounded
// combat talent.
func TestOptionHeal(t *testing.T) {
	for _, c := range []struct {
		v       string
		injured bool
	}{{"default", false}, {"player", true}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: swords_shieldbearer}", "  - {creature: ogre}", opt("H-13", c.v))
			a := &k.adv[0]
			a.injured, a.woundedTalents, a.lost = true, 1, Talents(0).With(THeavyMetalMachine)
			k.healAdv(0)
			if a.injured != c.injured || (a.lost == 0) != c.injured {
				t.Errorf("H-13 %s: injured %v lost %v", c.v, a.injured, a.lost)
			}
		})
	}
}

// H-14: Heal on a creature restores Health first, or Defense first.
func TestOptionCreatureHeal(t *testing.T) {
	for _, c := range []struct {
		v    string
		h, d int16
	}{{"health-first", 2, 0}, {"defense-first", 1, 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {creature: ogre}", opt("H-14", c.v))
			k.mem[0].health, k.mem[0].defense = 1, 0
			k.healMember(0, 1)
			if k.mem[0].health != c.h || k.mem[0].defense != c.d {
				t.Errorf("H-14 %s: %d/%d", c.v, k.mem[0].health, k.mem[0].defense)
			}
		})
	}
}

// H-15: Resolve for favor already there: refused, or spent for nothing.
func TestOptionResolve(t *testing.T) {
	for _, c := range []struct {
		v    string
		left int8
	}{{"never", 4}, {"wasted", 3}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {creature: ogre}", opt("H-15", c.v))
			if mod := k.favorOf(0, true, false, true); mod != 3 || k.adv[0].resolve != c.left {
				t.Errorf("H-15 %s: modifier %d, Resolve %d", c.v, mod, k.adv[0].resolve)
			}
		})
	}
}

// H-16: a group's minor actions: one per other character's turn, or one a
// round.
func TestOptionGMMinors(t *testing.T) {
	for _, c := range []struct {
		v      string
		minors int8
	}{{"as-written", 3}, {"one-per-round", 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon+"\n  - {archetype: wands_sorcerer}", "  - {creature: goblin_raider, count: 2}", opt("H-16", c.v))
			k.grp[0].init = 3
			for i := range k.gm[:6] {
				k.gm[i] = Doom(2 + i)
			}
			k.ngm = 6
			theGM.minor = func(v *View, g int, a *GMAction) {
				a.Kind, a.Card, a.Targets[0] = GMAttack, 0, 0
			}
			for w := 0; w < 3; w++ {
				k.minorWindow(0)
			}
			if k.grp[0].minors != c.minors {
				t.Errorf("H-16 %s: %d minor actions in three windows, want %d", c.v, k.grp[0].minors, c.minors)
			}
		})
	}
}

// H-17: a Stunned GM character costs the GM its lowest lesser doom, or a
// random card.
func TestOptionStun(t *testing.T) {
	kept := map[string]map[Doom]int{"lowest": {}, "random": {}}
	for _, v := range []string{"lowest", "random"} {
		for n := 0; n < 60; n++ {
			k := optKernel(t, chirurgeon, "  - {creature: ogre}", opt("H-17", v))
			k.r = sim.NewRand(uint64(n), 2)
			k.gm[0], k.gm[1], k.gm[2], k.ngm = 9, 3, 19, 3
			k.stunGroup(0)
			for _, d := range k.gm[:k.ngm] {
				kept[v][d]++
			}
		}
	}
	if kept["lowest"][3] != 0 || kept["lowest"][9] != 60 || kept["random"][3] == 0 || kept["random"][3] == 60 {
		t.Errorf("H-17: kept %v", kept)
	}
}

// H-19: a held light breaks when its holder takes a Wound from an Attack
// or is Disarmed of it; never; on any hit (even one that Webs rather than
// Wounds); or only when the GM Disarms its holder.
func TestOptionLight(t *testing.T) {
	for _, c := range []struct {
		v                  string
		wound, web, disarm bool
	}{
		{"wound", true, false, true},
		{"ignore", false, false, false},
		{"any-hit", true, true, false},
		{"targeted", false, false, true},
	} {
		t.Run(c.v, func(t *testing.T) {
			try := func(f func(k *kernel)) bool {
				k := optKernel(t, "  - {archetype: pentacles_skirmisher, hands: [blade, torch]}", "  - {creature: brain_spider}", opt("H-19", c.v))
				f(k)
				return k.t.destroyed > 0 && !k.holdsLight(0) && k.adv[0].onFloor(Torch) < 0
			}
			wound := try(func(k *kernel) {
				cx := strikeCtx{g: 0, j: 0, t: 0, value: 30, mob: 1, own: true}
				k.strike(&cx)
			})
			web := try(func(k *kernel) {
				cx := strikeCtx{g: 0, j: 0, t: 0, value: 30, mob: 1, own: true, rider: AbWeb}
				k.strike(&cx)
			})
			disarm := try(func(k *kernel) {
				k.adv[0].hands[0] = NoItem // only the torch to drop
				k.disarmAdv(0, true)
			})
			if wound != c.wound || web != c.web || disarm != c.disarm {
				t.Errorf("H-19 %s: broken by a Wound %v, by a web %v, by a Disarm %v", c.v, wound, web, disarm)
			}
		})
	}
	// In a dark scene the guild goes Blind when the last light breaks.
	k := optKernel(t, "  - {archetype: pentacles_skirmisher, hands: [blade, torch]}", "  - {creature: ogre}", "scene: {dark: true}")
	k.breakLight(0, "test")
	if k.adv[0].effects&Blind == 0 {
		t.Error("darkness without a light: not Blind")
	}
}

// H-21: Critical damage on a person takes all its Health, or (the
// adventurer's track) leaves it one Wound from going down.
func TestOptionManTrack(t *testing.T) {
	for _, c := range []struct {
		v    string
		left int16
	}{{"converted", 0}, {"full-track", 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {theme: man, path: swords}", opt("H-21", c.v))
			k.damageMember(0, 1, false, true, dmgAll, 0)
			if k.mem[0].health != c.left {
				t.Errorf("H-21 %s: Health %d after a Critical", c.v, k.mem[0].health)
			}
		})
	}
}

// H-22: the Fool and one other card: the other is the Initiative and the
// Fool cannot be played. H-23: the downed draw nothing and defend at 0.
// H-25: a Guard to a lower card acts next. H-31: a zombie's limb adds no
// GM card of its own.
func TestSingleReadings(t *testing.T) {
	k := optKernel(t, chirurgeon+"\n  - {archetype: wands_sorcerer}", "  - {creature: zombie}")
	k.adv[0].hand[0], k.adv[0].hand[1], k.adv[0].nh = Fool, MakeCard(Cups, 6), 2
	k.initiativePhase()
	if k.adv[0].init != MakeCard(Cups, 6) || k.canFool(0) {
		t.Errorf("H-22: Initiative %v, Fool playable %v", k.adv[0].init, k.canFool(0))
	}
	// H-23
	k.toDeathsDoor(1)
	if k.advInit(1) != 0 {
		t.Error("H-23: a downed adventurer defends above 0")
	}
	k.minor.fill(true)
	k.adv[0].nh = 0
	k.drawPhase()
	if k.adv[1].nh != 0 || k.adv[0].nh != 4 {
		t.Errorf("H-23: the downed drew %d cards, the able %d", k.adv[1].nh, k.adv[0].nh)
	}
	// H-25: Guard swaps for a lower card; that adventurer is next.
	k = optKernel(t, "  - {archetype: swords_shieldbearer}\n  - {archetype: wands_sorcerer}", "  - {creature: zombie}")
	k.adv[0].init, k.adv[1].init = MakeCard(Cups, 12), MakeCard(Cups, 8)
	k.adv[0].hand[0], k.adv[0].hand[1], k.adv[0].nh = MakeCard(Swords, 3), MakeCard(Swords, 2), 2
	k.count = 5
	k.guard(0, NoCard, MakeCard(Swords, 2)) // a shield up with the II
	if next, _ := k.nextHolder(); k.adv[0].init != MakeCard(Swords, 2) || next != 0 {
		t.Errorf("H-25: Initiative %v, next %d", k.adv[0].init, next)
	}
	// H-31: the limb counts as an enemy, not as a type.
	k = optKernel(t, chirurgeon+"\n  - {archetype: wands_sorcerer}", "  - {creature: zombie, count: 2}")
	before := k.handSize()
	k.gm[0], k.ngm = 20, 1
	k.damageMember(0, 1, false, false, dmgAll, 0)
	if !k.mem[2].active || k.handSize() != before+1 {
		t.Errorf("H-31: limb %v, hand %d → %d (the third enemy outnumbers two)", k.mem[2].active, before, k.handSize())
	}
}

// H-26: a Test Fate in a Challenge spends its card, or costs none.
func TestOptionTestFate(t *testing.T) {
	for _, c := range []struct {
		v    string
		left int8
	}{{"card", 0}, {"free", 1}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {creature: slime}", opt("H-26", c.v))
			k.adv[0].effects |= Engulfed | Root
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Cups, 2), 1
			a := Action{Kind: TestFate, Card: 0, Target: -1, Ally: -1, Hazard: -1, Zone: -1}
			if !k.doAdv(0, &a, modeTurn) || k.adv[0].nh != c.left {
				t.Errorf("H-26 %s: %d cards left", c.v, k.adv[0].nh)
			}
		})
	}
}

// H-28: a retreat with 1 hit: the last adventurer is caught, everyone
// escapes Wounded, or the guild is cornered. The stacked cards give the
// high tester a plain success and the low one a failure.
func TestOptionRetreatOneHit(t *testing.T) {
	for _, c := range []struct {
		v              string
		gone0, gone1   bool
		wounds         int
		cornered, done bool
	}{
		{"caught", true, false, 0, false, true},
		{"wound", true, true, 2, false, true},
		{"cornered", false, false, 0, true, false},
	} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_skirmisher}\n  - {archetype: wands_sorcerer}", "  - {creature: ogre}", opt("H-28", c.v))
			k.minor.stack = []uint8{uint8(MakeCard(Cups, 10)), uint8(MakeCard(Cups, 3))} // 10+4: success; 3+2: failure
			holdCards(k, MakeCard(Swords, 2))                                            // each plays a card for the retreat (E-H8)
			done := k.offerRetreat()
			if done != c.done || k.adv[0].gone != c.gone0 || k.adv[1].gone != c.gone1 || k.t.wounds != c.wounds || k.t.cornered != c.cornered {
				t.Errorf("H-28 %s: done %v gone %v/%v wounds %d cornered %v", c.v, done, k.adv[0].gone, k.adv[1].gone, k.t.wounds, k.t.cornered)
			}
		})
	}
}

// The kernel's group test for a retreat agrees with the exact odds within 5
// standard errors (testers never pushing).
func TestRetreatGroupTest(t *testing.T) {
	const n = 20000
	k := optKernel(t, "  - {archetype: pentacles_skirmisher}\n  - {archetype: wands_sorcerer}", "  - {creature: ogre}")
	var counts [4]int
	for i := 0; i < n; i++ {
		k.r = sim.NewRand(11, uint64(i))
		k.reset()
		k.minor.fill(true)
		holdCards(k, MakeCard(Swords, 2)) // each plays a card for the retreat (E-H8)
		k.offerRetreat()
		switch {
		case k.adv[0].gone && k.adv[1].gone:
			counts[oHits2]++
		case k.adv[0].gone:
			counts[oHits1]++
		default:
			counts[oHits0]++ // 0 and fewer: cornered either way
		}
	}
	p := ExactGroup([]int{4, 2}, false)
	want := [3]float64{p[oHits2], p[oHits1], p[oHits0] + p[oHitsNeg]}
	for i, w := range want {
		got := float64(counts[i]) / n
		if se := sqrtf(w * (1 - w) / n); got-w > 5*se || w-got > 5*se {
			t.Errorf("outcome %d: %.4f, exact %.4f (5 SE %.4f)", i, got, w, 5*se)
		}
	}
}

// H-29: Banter and surrender, or everyone fights to the death.
func TestOptionSocial(t *testing.T) {
	for _, c := range []struct {
		v         string
		surrender bool
	}{{"morale", true}, {"off", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, chirurgeon, "  - {creature: goblin_raider, count: 4}", opt("H-29", c.v))
			for j := 0; j < 3; j++ {
				k.memberDown(j)
			}
			k.assessMorale()
			if got := k.mem[3].surrendered; got != c.surrender {
				t.Errorf("H-29 %s: the last goblin surrendered %v", c.v, got)
			}
			k = optKernel(t, chirurgeon, "  - {creature: goblin_raider, count: 4}", opt("H-29", c.v))
			a := Action{Kind: Banter, Target: 3}
			if legal := k.legal(0, &a, modeTurn); legal != c.surrender {
				t.Errorf("H-29 %s: Banter legal %v", c.v, legal)
			}
		})
	}
}

// H-30: the GM-fiat abilities run on their sim reading, or are off.
func TestOptionNarrative(t *testing.T) {
	for _, c := range []struct {
		v  string
		on bool
	}{{"on", true}, {"off", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: swords_shieldbearer}", "  - {creature: cockatrice}\n  - {creature: animate_statue}", opt("H-30", c.v))
			k.startOfGroupTurn(0)
			if rooted := k.adv[0].effects&Root != 0; rooted != c.on {
				t.Errorf("H-30 %s: the gaze Rooted %v", c.v, rooted)
			}
			if grab := k.live(1, AbGrab); grab != c.on {
				t.Errorf("H-30 %s: Grab live %v", c.v, grab)
			}
			if !k.live(1, AbHaymaker) {
				t.Errorf("H-30 %s: Haymaker is not GM fiat", c.v)
			}
		})
	}
}

// H-32: Ambusher doubles a 1-Wound result only, or every result.
func TestOptionAmbusher(t *testing.T) {
	for _, c := range []struct {
		v      string
		wounds int
	}{{"one-wound", 2}, {"all", 4}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_ambusher, hands: [hammer]}", "  - {creature: ogre, hd: {health: 9, defense: 0}}", opt("H-32", c.v))
			k.grp[0].init = 3
			k.advAttack(0, 0, 8, MakeCard(Cups, 8), "", false, modeTurn) // 8 >= 2×3: a hammer's 2 Wounds
			if got := 9 - int(k.mem[0].health); got != c.wounds {
				t.Errorf("H-32 %s: %d Wounds in round 1, want %d", c.v, got, c.wounds)
			}
		})
	}
	// Round 2: no doubling.
	k := optKernel(t, "  - {archetype: pentacles_ambusher}", "  - {creature: ogre, hd: {health: 9, defense: 0}}")
	k.round = 2
	k.grp[0].init = 3
	k.advAttack(0, 0, 8, MakeCard(Cups, 8), "", false, modeTurn)
	if k.mem[0].health != 8 {
		t.Errorf("Ambusher in round 2: Health %d", k.mem[0].health)
	}
}

// H-11 "finishing-blows" tells the GM that Wounds on the downed matter
// (the View says so); the Wounds themselves still do nothing.
func TestOptionFinishingBlows(t *testing.T) {
	for _, v := range []string{"no-effect", "kills", "finishing-blows"} {
		k := optKernel(t, chirurgeon, "  - {creature: ogre}", opt("H-11", v))
		if got := k.view.FinishingBlows(); got != (v != "no-effect") {
			t.Errorf("H-11 %s: FinishingBlows %v", v, got)
		}
		k.toDeathsDoor(0)
		k.woundAdv(0, 1, false, false, Wound{Source: 0})
		if k.adv[0].dead != (v == "kills") {
			t.Errorf("H-11 %s: a Wound at Death's Door killed %v", v, k.adv[0].dead)
		}
	}
}

func TestOptionDocs(t *testing.T) {
	for _, o := range options() {
		if len(o.Values) == 1 && !strings.Contains(o.Doc, ":") && o.Doc == "" {
			t.Errorf("%s has no doc", o.ID)
		}
	}
}

// A lantern on the belt breaks when its wearer is Wounded (p.95), unless
// light is ignored (H-19); a Silenced nymph cannot sing.
func TestLanternAndSilence(t *testing.T) {
	for _, c := range []struct {
		v      string
		broken bool
	}{{"wound", true}, {"ignore", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: cups_chirurgeon, gear: [lantern]}", "  - {creature: ogre}", opt("H-19", c.v))
			k.woundAdv(0, 1, false, false, Wound{Source: 0})
			if got := k.onBelt(0, Lantern) < 0; got != c.broken {
				t.Errorf("H-19 %s: lantern broken %v", c.v, got)
			}
		})
	}
	k := optKernel(t, "  - {archetype: wands_sorcerer}", "  - {creature: nymph}")
	k.mem[0].effects |= Silence
	k.gm[0], k.gm[1], k.ngm = 6, 18, 2
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Rider, a.Ability, a.Targets[0] = GMAbility, 0, 1, AbSleepSong, 0
	if k.gmAbility(0, &a, true) {
		t.Error("a Silenced nymph sang")
	}
}

// H-33: a web needs 4 Recover actions, or 2. H-34: Poison Exhausts, or is
// only counted.
func TestOptionWebAndPoison(t *testing.T) {
	for _, c := range []struct {
		v     string
		limbs int8
	}{{"4", 4}, {"2", 2}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: cups_chirurgeon}", "  - {creature: brain_spider}", opt("H-33", c.v))
			k.gmHit(&strikeCtx{g: 0, j: 0, t: 0, mob: 1, rider: AbWeb}, 20, 1)
			if a := &k.adv[0]; a.effects&Webbed == 0 || a.webLimbs != c.limbs {
				t.Errorf("H-33 %s: webbed %v with %d limbs, want %d", c.v, a.effects&Webbed != 0, a.webLimbs, c.limbs)
			}
		})
	}
	for _, c := range []struct {
		v         string
		exhausted bool
	}{{"exhausted", true}, {"counted", false}} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: cups_chirurgeon}", "  - {creature: goblin_raider}", opt("H-34", c.v))
			k.gmHit(&strikeCtx{g: 0, j: 0, t: 0, mob: 1, rider: AbPoison}, 20, 1)
			if got := k.adv[0].effects&Exhaust != 0; got != c.exhausted || k.t.afflictions != 1 {
				t.Errorf("H-34 %s: Exhausted %v (want %v), %d afflictions", c.v, got, c.exhausted, k.t.afflictions)
			}
		})
	}
}

// E-H2: H-34's default is "counted" (a poison's first stage does nothing in
// the fight, p.96-97), and one greater doom poisons only the targets its
// Attack hits, each once: a target already poisoned is not poisoned again
// (under either value), so the GM's rule of no rider on a target already
// bearing it holds under "counted" too.
func TestPoisonCountedByDefault(t *testing.T) {
	if DefaultRules().H34 == H34Exhausted {
		t.Fatal("H-34's default is not counted")
	}
	for _, v := range []string{"counted", "exhausted"} {
		k := optKernel(t, "  - {archetype: cups_chirurgeon}\n  - {archetype: wands_sorcerer}\n  - {archetype: pentacles_skirmisher}",
			"  - {creature: goblin_raider, count: 6}", "options: {H-34: "+v+", H-2: lethal}")
		// The chirurgeon and the sorcerer have revealed Initiatives the
		// card (5) cannot beat; the skirmisher's 2 is beaten.
		k.adv[0].init, k.adv[1].init, k.adv[2].init = 13, 13, 2
		k.adv[0].revealed, k.adv[1].revealed, k.adv[2].revealed = true, true, true
		k.gm[0], k.gm[1], k.ngm = 5, 16, 2
		var a GMAction
		a.Reset()
		a.Kind, a.Card, a.Rider, a.Ability = GMAttack, 0, 1, AbPoison
		copy(a.Targets[:], []int8{0, 0, 1, 1, 2, 2})
		if !k.gmAttack(0, &a, false) {
			t.Fatalf("H-34 %s: the Attack was refused", v)
		}
		for i, want := range []bool{false, false, true} {
			if got := k.adv[i].effects&Poisoned != 0; got != want {
				t.Errorf("H-34 %s: adventurer %d poisoned %v, want %v", v, i, got, want)
			}
			if got := k.adv[i].effects&Exhaust != 0; got != (want && v == "exhausted") {
				t.Errorf("H-34 %s: adventurer %d Exhausted %v", v, i, got)
			}
		}
		if k.t.afflictions != 1 {
			t.Errorf("H-34 %s: %d afflictions from one poisoned target, want 1", v, k.t.afflictions)
		}
	}
}

// H-35: a group test of one (p.8: "the one most qualified and the one least
// qualified" each test fate; the rules spec's errata E-H9). A lone
// adventurer is both and tests twice (tests-twice), or tests once for one
// hit (one-test), or once with its hits doubled (one-test-doubled). The
// stacked cards give a plain success (10+4) and then a failure (3+4).
func TestOptionGroupTestOfOne(t *testing.T) {
	for _, c := range []struct {
		v          string
		draws      int
		done, gone bool
	}{
		{"tests-twice", 2, false, false},
		{"one-test", 1, false, false},
		{"one-test-doubled", 1, true, true},
	} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: pentacles_skirmisher}", "  - {creature: ogre}", opt("H-35", c.v))
			k.minor.stack = []uint8{uint8(MakeCard(Cups, 10)), uint8(MakeCard(Cups, 3))}
			k.tr = &sim.Trace{}
			holdCards(k, MakeCard(Swords, 2)) // each plays a card for the retreat (E-H8)
			done := k.offerRetreat()
			draws := 0
			for _, e := range k.tr.Events {
				if strings.Contains(e.Text, "tests Pentacles for the retreat") {
					draws++
				}
			}
			if done != c.done || k.adv[0].gone != c.gone || draws != c.draws {
				t.Errorf("H-35 %s: done %v gone %v, %d tests; want %v %v, %d", c.v, done, k.adv[0].gone, draws, c.done, c.gone, c.draws)
			}
		})
	}
	// Twice tested, two successes are a clean escape.
	k := optKernel(t, "  - {archetype: pentacles_skirmisher}", "  - {creature: ogre}")
	k.minor.stack = []uint8{uint8(MakeCard(Cups, 10)), uint8(MakeCard(Cups, 11))}
	holdCards(k, MakeCard(Swords, 2))
	if !k.offerRetreat() || !k.adv[0].gone {
		t.Error("H-35 tests-twice: two successes, but no escape")
	}
}

// H-36: what "Do You Doubt Me, Traitor?" crosses out (App. C p.270: "force
// the attacking player to cross something off", the rules spec's errata
// E-H10). player-choice: the player crosses out what costs it least in the
// fight, a motif, then its name, an empty pack slot, and a talent only when
// nothing else is left; talent: a talent it fights with, every time.
func TestOptionDoubtMe(t *testing.T) {
	for _, c := range []struct {
		v           string
		strikes     int
		firstTalent int // the strike that first costs a talent (0: none)
	}{
		{"player-choice", 6, 0},
		{"talent", 1, 1},
	} {
		t.Run(c.v, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: swords_shieldbearer, gear: [steel_armor, helm, poultice, poultice]}", "  - {creature: lich_yellow_king}", opt("H-36", c.v))
			j := int(k.grp[0].hi) - 1 // the Body
			k.grp[0].acted = true     // its greater doom spare
			first := 0
			for n := 1; n <= c.strikes; n++ {
				k.gm[0], k.ngm = 15, 1
				k.afterHit(0, j, Blade, 1)
				if k.ngm != 0 {
					t.Fatalf("H-36 %s: strike %d, the doubt did not fire", c.v, n)
				}
				if first == 0 && k.adv[0].lost != 0 {
					first = n
				}
			}
			if first != c.firstTalent {
				t.Errorf("H-36 %s: the first talent crossed out on strike %d, want %d", c.v, first, c.firstTalent)
			}
		})
	}
}

// "Do You Doubt Me, Traitor?" answers damage to the Yellow King (App. C
// p.270: "when he is damaged"), not to his crown, an object he wears
// (errata E-H7) whose pool does not hold the doom.
func TestDoubtMeAnswersTheBodyOnly(t *testing.T) {
	for _, c := range []struct {
		pool  string
		fires bool
	}{
		{"body", true},
		{"crown_of_archwood", false},
	} {
		t.Run(c.pool, func(t *testing.T) {
			k := optKernel(t, "  - {archetype: swords_shieldbearer}", "  - {creature: lich_yellow_king}")
			j := -1
			for m := int(k.grp[0].lo); m < int(k.grp[0].hi); m++ {
				if k.m.groups[0].members[m-int(k.grp[0].lo)].pool == c.pool {
					j = m
				}
			}
			if j < 0 {
				t.Fatalf("no pool %s", c.pool)
			}
			k.grp[0].acted = true // its greater doom spare
			k.gm[0], k.ngm = 15, 1
			k.afterHit(0, j, Blade, 1)
			if fired := k.ngm == 0; fired != c.fires {
				t.Errorf("a Wound to the %s: the doubt fired %v, want %v", c.pool, fired, c.fires)
			}
		})
	}
}

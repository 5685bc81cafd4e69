package hmtw

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// This file tests the kernel's mechanics from inside the package: a kernel
// compiled from YAML with the idle test policies, reset, and single steps
// called directly.

// testKernel compiles src and returns a reset kernel.
func testKernel(t testing.TB, src string) *kernel {
	t.Helper()
	m := mustDecode(t, src)
	k := newKernel(m)
	k.r = sim.NewRand(1, 0)
	k.reset()
	k.round = 1
	return k
}

// The GM's hand (p.121, spec 6.9.1), with the book's own checks.
func TestHandSize(t *testing.T) {
	four := "  - {archetype: cups_chirurgeon, count: 4}"
	three := "  - {archetype: cups_chirurgeon, count: 3}"
	cases := []struct {
		name, party, foes, extra string
		want                     int
	}{
		{"12 imps against 4", four, "  - {creature: imp, count: 12}", "", 6},
		{"7 imps against 4", four, "  - {creature: imp, count: 7}", "", 5},
		{"6 goblins and a pendulum against 3", three, "  - {creature: goblin_raider, count: 6, zone: b}",
			"scene: {zones: [a, b], hazards: [{name: pendulum, between: [a, b]}]}", 7},
		{"one ogre (larger) against 4", four, "  - {creature: ogre}", "", 5},
		{"two ogres against 4", four, "  - {creature: ogre, count: 2}", "", 6},
		{"an elite", four, "  - {creature: vampire}", "", 6},
		{"two elites: +2 once", four, "  - {creature: vampire}\n  - {creature: jinn}", "", 7},
		{"a dungeon lord", four, "  - {creature: lich_yellow_king}", "", 7},
		{"the Sporehulk: a lord, larger, one individual", four, "  - {creature: sporehulk}", "", 8},
		{"eight skeletons against 4: twice as many", four, "  - {creature: skeleton, count: 8}", "", 6},
		{"two kinds, outnumbering", four, "  - {creature: imp, count: 3}\n  - {creature: zombie, count: 2}", "", 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario(c.party, c.foes, c.extra))
			if got := k.handSize(); got != c.want {
				t.Errorf("%s: hand %d, want %d", c.name, got, c.want)
			}
		})
	}
	// The count is taken each round: imps down lower it; the downed guild
	// does not count.
	k := testKernel(t, testScenario(four, "  - {creature: imp, count: 12}"))
	for j := 0; j < 5; j++ {
		k.memberDown(j)
	}
	if got := k.handSize(); got != 5 {
		t.Errorf("7 imps left: hand %d, want 5", got)
	}
	k.toDeathsDoor(0)
	k.toDeathsDoor(1)
	if got := k.handSize(); got != 6 {
		t.Errorf("7 imps against 2 conscious: hand %d, want 6", got)
	}
	// The vampire's bats add 2 while they fly.
	k = testKernel(t, testScenario(four, "  - {creature: vampire}"))
	before := k.handSize()
	k.grp[1].active = true
	k.mem[k.grp[1].lo].active = true
	k.inDirty = true
	if got := k.handSize(); got != before+1+2 {
		t.Errorf("bats: hand %d, want %d (a type and +2)", got, before+3)
	}
}

// Wounds on an adventurer (section 5.3): the competent order, Injured
// forcing Death's Door, Piercing past armor, the Critical ladder, option
// H-11 at Death's Door.
func TestWoundTrack(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}")
	k := testKernel(t, src)
	a := &k.adv[0]
	want := []string{"helm", "armor", "armor", "armor", "shield", "shield", "staggered", "talent", "talent", "injured", "door"}
	for n, w := range want {
		k.woundAdv(0, 1, false, false, Wound{Source: 0})
		got := ""
		switch {
		case a.door:
			got = "door"
		case a.injured:
			got = "injured"
		case a.woundedTalents > 0 && n >= 7:
			got = "talent"
		case a.staggered:
			got = "staggered"
		case a.shieldNotch < 2:
			got = "shield"
		case a.bodyNotches < 3:
			got = "armor"
		case a.helmNotches == 0:
			got = "helm"
		}
		if got != w {
			t.Fatalf("Wound %d went to %s, want %s", n+1, got, w)
		}
	}
	if !a.reachedDoor || a.dead || k.t.wounds != 11 || k.t.notches != 6 {
		t.Errorf("after 11 Wounds: door %v dead %v wounds %d notches %d", a.reachedDoor, a.dead, k.t.wounds, k.t.notches)
	}
	// H-11: a further Wound does nothing; a Critical kills.
	k.woundAdv(0, 1, false, false, Wound{Source: 0})
	if a.dead {
		t.Error("an ordinary Wound at Death's Door killed (H-11 default: no effect)")
	}
	k.woundAdv(0, 1, false, true, Wound{Source: 0})
	if !a.dead || !a.diedInFight {
		t.Error("a Critical at Death's Door did not kill")
	}
	kk := testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}", "options: {H-11: kills}"))
	kk.toDeathsDoor(0)
	kk.woundAdv(0, 1, false, false, Wound{Source: 0})
	if !kk.adv[0].dead {
		t.Error("H-11 kills: a Wound at Death's Door did not kill")
	}
	// Piercing skips armor, helm and shield.
	k = testKernel(t, src)
	a = &k.adv[0]
	k.woundAdv(0, 1, true, false, Wound{Source: 0})
	if !a.staggered || a.helmNotches != 1 || k.t.piercing != 1 {
		t.Errorf("Piercing: staggered %v helm %d", a.staggered, a.helmNotches)
	}
	// Critical: Injured even with options free, then Death's Door.
	k.woundAdv(0, 1, false, true, Wound{Source: 0})
	if !a.injured || a.door {
		t.Errorf("first Critical: injured %v door %v", a.injured, a.door)
	}
	// Once Injured, the next Wound must be Death's Door, armor or not.
	k.woundAdv(0, 1, false, false, Wound{Source: 0})
	if !a.door || a.helmNotches != 1 {
		t.Errorf("a Wound when Injured: door %v helm %d", a.door, a.helmNotches)
	}
	// A flail's hit cannot Notch a shield.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon, gear: []}", "  - {creature: ogre}"))
	a = &k.adv[0]
	a.helmNotches, a.bodyNotches = 0, 0
	k.woundAdv(0, 1, false, false, Wound{Source: 0, Flail: true})
	if a.shieldNotch != 1 || !a.staggered {
		t.Errorf("flail: shield %d staggered %v", a.shieldNotch, a.staggered)
	}
	// A fireblooded orc Wounds its kin talent first and rages.
	k = testKernel(t, testScenario("  - {archetype: swords_two_hander}", "  - {creature: ogre}"))
	a = &k.adv[0]
	k.woundAdv(0, 1, false, false, Wound{Source: 0})
	if !a.kinWounded || a.effects&Berserk == 0 || a.woundedTalents != 1 {
		t.Errorf("Berserkergang: kin %v berserk %v", a.kinWounded, a.effects&Berserk != 0)
	}
}

// Damage to GM characters (section 6.8.2): Defense first, Piercing to
// Health, Critical to 0, and the immunities.
func TestCreatureDamage(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}"))
	x := &k.mem[0]
	k.damageMember(0, 2, false, false, Blade.info().dmg, 0)
	if x.health != 3 || x.defense != 3 {
		t.Errorf("2 Wounds on 3/5: %d/%d", x.health, x.defense)
	}
	k.damageMember(0, 1, true, false, Dagger.info().dmg, 0)
	if x.health != 2 || x.defense != 3 {
		t.Errorf("a Piercing Wound: %d/%d", x.health, x.defense)
	}
	k.damageMember(0, 1, false, true, Blade.info().dmg, 0)
	if x.health != 0 || !x.down || !k.changed {
		t.Errorf("a Critical: %d/%d down %v", x.health, x.defense, x.down)
	}
	imm := []struct {
		creature string
		weapon   Item
		immune   bool
	}{
		{"skeleton", Dagger, true}, {"skeleton", Polearm, true}, {"skeleton", Halberd, false}, {"skeleton", Hammer, false},
		{"brain_spider", Hammer, true}, {"brain_spider", Blade, false},
		{"slime", Blade, true}, {"slime", Hammer, true}, {"slime", Dagger, false},
		{"devil_gluttony", Blade, true}, {"devil_gluttony", Staff, false}, {"devil_gluttony", ArchwoodWand, false}, {"devil_gluttony", Torch, false},
		{"vampire", Blade, true}, {"vampire", SilverBlade, false}, {"vampire", ArchwoodWand, false}, {"vampire", Torch, false},
		{"animate_statue", ArchwoodWand, true}, {"animate_statue", Hammer, false},
		{"bloodybones", Hammer, true}, {"bloodybones", ArchwoodWand, true},
		{"wraith", Blade, true}, {"wraith", ArchwoodWand, false},
		{"jinn", Blade, true}, {"jinn", ArchwoodWand, false},
		// Fists are natural and crushing (H-18).
		{"brain_spider", NoItem, true}, {"slime", NoItem, true}, {"vampire", NoItem, true},
		{"skeleton", NoItem, false}, {"devil_gluttony", NoItem, false},
	}
	for _, c := range imm {
		k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.creature+"}"))
		if got, _ := k.immune(0, c.weapon.info().dmg); got != c.immune {
			t.Errorf("%s vs %s: immune %v, want %v", c.creature, c.weapon, got, c.immune)
		}
		// H-18 "untyped" drops immunities to kinds of harm only.
		_, why := k.immune(0, c.weapon.info().dmg)
		typed := why == whyKind || why == whyForged || why == whyInvulnerable
		u := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.creature+"}", "options: {H-18: untyped}"))
		if got, _ := u.immune(0, c.weapon.info().dmg); got != (c.immune && !typed) {
			t.Errorf("H-18 untyped: %s vs %s: immune %v", c.creature, c.weapon, got)
		}
	}
	// A wraith is harmed once a light made it tangible this round.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: wraith}"))
	k.lit = 1
	if im, _ := k.immune(0, Blade.info().dmg); im {
		t.Error("a lit wraith is still intangible")
	}
	// Threshold: no damage until 2 Wounds in one window, then both apply.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: kelpie}"))
	x = &k.mem[0]
	if k.damageMember(0, 1, false, false, Blade.info().dmg, 0) != 0 || x.health != 5 {
		t.Error("Threshold let one Wound through")
	}
	if k.damageMember(0, 1, false, false, Blade.info().dmg, 0) != 2 || x.health != 3 {
		t.Errorf("Threshold broken: health %d", x.health)
	}
	k.resetWindow()
	if k.damageMember(0, 1, false, false, Blade.info().dmg, 0) != 1 || x.health != 2 {
		t.Errorf("after the Threshold: health %d", x.health)
	}
	// Vulnerable to fire and salt: 2 Wounds.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: winter_wolf}"))
	if k.damageMember(0, 1, false, false, Torch.info().dmg, 0); k.mem[0].health != 2 {
		t.Errorf("fire on a winter wolf: health %d", k.mem[0].health)
	}
	// A zombie's Last Grasp: a limb instead of the killing Wound.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: zombie}"))
	k.gm[0], k.ngm = 20, 1
	k.damageMember(0, 1, false, false, Blade.info().dmg, 0)
	if k.mem[0].down || !k.mem[1].active || k.ngm != 0 {
		t.Errorf("Last Grasp: zombie down %v limb %v", k.mem[0].down, k.mem[1].active)
	}
	k.damageMember(0, 1, false, false, Blade.info().dmg, 0)
	if !k.mem[0].down {
		t.Error("a zombie used its Last Grasp twice")
	}
}

// The mimic's Harden (bestiary: "immune to the weapon type that last
// Wounded it; one type at a time"): a greater doom each time, and the new
// kind replaces the old.
func TestHarden(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: mimic}"))
	k.gm[0], k.gm[1], k.gm[2], k.ngm = 15, 16, 2, 3
	k.grp[0].acted = true // no greater doom kept back for its turn's Riot of Teeth
	hit := func(w Item) {
		t.Helper()
		dealt := k.damageMember(0, 1, false, false, w.info().dmg, 0)
		if dealt == 0 {
			t.Fatalf("%s did no harm", w)
		}
		k.afterHit(0, 0, w, dealt)
	}
	immune := func(w Item) bool { im, _ := k.immune(0, w.info().dmg); return im }
	hit(Blade)
	if !immune(Blade) || immune(Hammer) || k.ngm != 2 {
		t.Fatalf("after a blade: immune to it %v, to a hammer %v; GM hand %d", immune(Blade), immune(Hammer), k.ngm)
	}
	hit(Hammer)
	if !immune(Hammer) || immune(Blade) || k.ngm != 1 {
		t.Errorf("after a hammer: immune to it %v, still to the blade %v; GM hand %d", immune(Hammer), immune(Blade), k.ngm)
	}
	// No greater doom left: it stays as it is.
	hit(Blade)
	if !immune(Hammer) || immune(Blade) {
		t.Errorf("without a greater doom: immune to the hammer %v, to the blade %v", immune(Hammer), immune(Blade))
	}
}

// The slime Regenerates at the start of its turn, "not in a turn when salt
// hit it"; the elite template's Regenerate has no such limit.
func TestRegenerateAfterSalt(t *testing.T) {
	cases := []struct {
		name, foe string
		kinds     uint16
		healed    bool
	}{
		{"slime after a dagger", "slime", Dagger.info().dmg, true},
		{"slime after salt", "slime", Salt.info().dmg, false},
		{"an elite beast after salt", "{theme: beast, threat: elite, abilities: [regenerate]}", Salt.info().dmg, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			foe := c.foe
			if foe[0] != '{' {
				foe = "{creature: " + foe + "}"
			}
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - "+foe))
			k.gm[0], k.gm[1], k.ngm = 15, 16, 2
			k.grp[0].acted = true
			k.damageMember(0, 1, true, false, c.kinds, 0)
			h := k.mem[0].health
			k.startOfGroupTurn(0)
			if got := k.mem[0].health > h; got != c.healed {
				t.Errorf("%s: healed %v, want %v", c.name, got, c.healed)
			}
			// The next turn, salt or not, it heals.
			k.damageMember(0, 1, true, false, Dagger.info().dmg, 0)
			h = k.mem[0].health
			k.startOfGroupTurn(0)
			if k.mem[0].health <= h {
				t.Errorf("%s: no Regenerate on the turn after", c.name)
			}
		})
	}
}

// The slime's Protoplasmic Attack: "Rooted and carried. At the start of
// each of the victim's turns: 1 Wound, and every worn item and belt item is
// Notched. To escape, the victim must pass a Test Fate (Swords)."
func TestEngulfed(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: slime}"))
	a := &k.adv[0]
	a.belt[0], a.belt[1], a.belt[2], a.nbelt = Poultice, Dagger, SilverDagger, 3
	a.effects |= Engulfed | Grabbed | Root
	a.grabbedBy, k.mem[0].grabbed = 0, 1
	k.startOfAdvTurn(0)
	if a.nbelt != 1 || a.belt[0] != Dagger || a.beltWear[0] != 1 {
		t.Fatalf("after a turn inside: belt %v (%d items), wear %v; want the dagger alone, Notched once", a.belt, a.nbelt, a.beltWear)
	}
	// Recover cannot undo the slime's hold; with nothing else to shake it
	// is not an action at all.
	rec := Action{Kind: Recover, Card: 0}
	a.hand[0], a.nh = Card(30), 1
	if k.legal(0, &rec, modeTurn) {
		t.Error("Recover is legal inside the slime")
	}
	a.effects |= Trip
	k.recoverAdv(0, Grabbed, NoItem, a.hand[0], "on its turn")
	if a.effects&(Engulfed|Grabbed|Root) != Engulfed|Grabbed|Root || a.effects&Trip != 0 {
		t.Errorf("a Recover aimed at the grab: effects %v; want the Trip gone, the hold kept", a.effects)
	}
	// A pulled weapon keeps its Notches.
	k.pull(0, Dagger, false, 0)
	if a.weaponNotch != Dagger.info().notches-1 {
		t.Errorf("the pulled dagger has %d Notches left, want %d", a.weaponNotch, Dagger.info().notches-1)
	}
	// Out by a Test Fate: free of the grab too.
	for n := 0; n < 50 && a.effects&Engulfed != 0; n++ {
		k.escapeEngulf(0, a.hand[0], false)
	}
	if a.effects&(Engulfed|Grabbed|Root) != 0 || a.grabbedBy != -1 || k.mem[0].grabbed != 0 {
		t.Errorf("after the escape: effects %v, held by %d", a.effects, a.grabbedBy)
	}
}

// The slime's Acidic Notches the weapon that touches it, not a bow or a
// wand (a reading: see the README).
func TestAcidic(t *testing.T) {
	for _, c := range []struct {
		weapon  Item
		notched bool
	}{{Dagger, true}, {Torch, true}, {Bow, false}, {ArchwoodWand, false}} {
		t.Run(c.weapon.String(), func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: slime}"))
			a := &k.adv[0]
			a.hands = [2]Item{c.weapon, NoItem}
			a.rearm()
			a.weaponNotch = c.weapon.info().notches
			k.afterHit(0, 0, c.weapon, 1)
			if got := a.weaponNotch < c.weapon.info().notches; got != c.notched {
				t.Errorf("%s: Notched %v, want %v", c.weapon, got, c.notched)
			}
		})
	}
}

// The wraith's Dolorous Kiss drains 1 XP, "returned if the wraith is
// destroyed".
func TestDolorousKiss(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, xp: 3}", "  - {creature: wraith}"))
	for n := 0; n < 2; n++ {
		k.gmHit(&strikeCtx{g: 0, j: 0, t: 0, mob: 1, rider: AbDolorousKiss}, 20, 1)
	}
	if k.adv[0].xp != 1 {
		t.Fatalf("two kisses: XP %d, want 1", k.adv[0].xp)
	}
	k.memberDown(0)
	if k.adv[0].xp != 3 {
		t.Errorf("the wraith destroyed: XP %d, want 3 back", k.adv[0].xp)
	}
}

// The imp's Bad Luck Machine turns an Attack on another adventurer, which
// "now has disfavor": favor it had cancels, disfavor it had is not doubled.
func TestBadLuckMachine(t *testing.T) {
	for _, c := range []struct {
		name  string
		mod   int
		shift int // to the value
	}{{"plain", 0, -3}, {"with favor", 3, -3}, {"with disfavor", -3, 0}} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2}", "  - {creature: imp}"))
			k.gm[0], k.ngm = 15, 1
			k.grp[0].init = 2
			k.adv[1].init = MakeCard(Cups, 9)
			tr := &sim.Trace{}
			k.tr = tr
			v := 12
			if !k.badLuck(0, 0, v, c.mod, MakeCard(Swords, 9), "on its turn") {
				t.Fatalf("%s: not turned", c.name)
			}
			want := fmt.Sprintf("%d against Initiative 9", v+c.shift)
			var sb strings.Builder
			_ = tr.WriteText(&sb)
			if got := sb.String(); !strings.Contains(got, want) {
				t.Errorf("%s: %q, want %q", c.name, got, want)
			}
		})
	}
}

// Tough on a dungeon lord is its pool's: "Actions targeting the Torso must
// exceed the Initiative"; the Sporehulk's legs and arms lose no ties.
func TestMemberTie(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: sporehulk}\n  - {creature: ogre}"))
	g := k.m.groups[0]
	for x, ms := range g.members {
		want := ms.pool == "torso"
		if got := k.memberTie(int(k.grp[0].lo)+x, Blade); got != want {
			t.Errorf("the Sporehulk's %s wins ties: %v, want %v", ms.pool, got, want)
		}
	}
	if !k.memberTie(int(k.grp[1].lo), Blade) {
		t.Error("an ogre (Tough) loses ties")
	}
	// An Attack that ties the Initiative Wounds the legs.
	k.grp[0].init = 9
	legs := int(k.grp[0].lo)
	h, d := k.mem[legs].health, k.mem[legs].defense
	k.advAttack(0, legs, 9, MakeCard(Cups, 9), "", false, modeTurn)
	if k.mem[legs].health+k.mem[legs].defense >= h+d {
		t.Error("a tie with the Sporehulk's Initiative missed its legs")
	}
}

// A hazard and a Fight Dirty Notch are physical harm: the vampire
// (Invulnerable) and an intangible wraith ignore them, an ogre does not.
func TestPhysicalHarm(t *testing.T) {
	for _, c := range []struct {
		creature string
		harmed   bool
	}{{"ogre", true}, {"vampire", false}, {"wraith", false}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.creature+", zone: a}",
				"scene: {zones: [a, b], hazards: [{name: Pendulum blade, between: [a, b], wounds: 1}]}"))
			x := &k.mem[0]
			hd := x.health + x.defense
			k.displaceMember(0, 0)
			if got := x.health+x.defense < hd; got != c.harmed {
				t.Errorf("%s through the pendulum: harmed %v, want %v", c.creature, got, c.harmed)
			}
			hd = x.health + x.defense
			k.roughEffect(0, 0, notchEffect)
			if got := x.health+x.defense < hd; got != c.harmed {
				t.Errorf("%s Notched: harmed %v, want %v", c.creature, got, c.harmed)
			}
		})
	}
}

// A harpy's Shriek "Stuns every non-harpy in its zone": the ogre beside it
// costs the GM a card, the harpies do not.
func TestShriekStunsCreatures(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: harpy, count: 2}\n  - {creature: ogre}"))
	k.gm[0], k.gm[1], k.gm[2], k.ngm = 15, 2, 3, 3
	a := GMAction{Kind: GMAbility, Ability: AbShriek, Card: 0}
	if !k.gmAbility(0, &a, true) {
		t.Fatal("no Shriek")
	}
	if k.ngm != 1 || k.gm[0] != 3 {
		t.Errorf("after the Shriek the GM holds %v (%d cards); want the III alone", k.gm[:k.ngm], k.ngm)
	}
}

// Morale by the state machine (section 6.11.2) and the worked example's
// "bloodied" wary goblins.
func TestMorale(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 3}", "  - {creature: goblin_raider, count: 6}"))
	if got := k.morale(0); got != moraleConfident {
		t.Errorf("6 unhurt goblins against 3: %d", got)
	}
	k.damageMember(0, 1, false, false, dmgAll, -1) // Defense only
	if got := k.morale(0); got != moraleNeutral {
		t.Errorf("a goblin's Defense gone: %d", got)
	}
	k.damageMember(1, 1, true, false, dmgAll, -1) // Health: bloodied
	if got := k.morale(0); got != moraleWary {
		t.Errorf("a goblin bloodied: %d", got)
	}
	for j := 0; j < 5; j++ {
		k.memberDown(j)
	}
	if got := k.morale(0); got != moralePanic {
		t.Errorf("five goblins down: %d", got)
	}
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: skeleton}"))
	if got := k.morale(0); got != moraleNever {
		t.Errorf("a skeleton's Morale %d", got)
	}
}

// The replay narrates the setup and flags unverified creatures under H-1.
func TestSetupNarration(t *testing.T) {
	for _, flag := range []bool{false, true} {
		opt := ""
		if flag {
			opt = "options: {H-1: flag}"
		}
		m := mustDecode(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: ogre}\n  - {creature: goblin_raider}", opt))
		tr := &sim.Trace{}
		newKernel(m).Play(sim.NewRand(1, 0), sim.NewRecord(m.schema), tr)
		var sb strings.Builder
		_ = tr.WriteText(&sb)
		text := sb.String()
		has := strings.Contains(text, "Ogre: unverified against the seed")
		if has != flag || strings.Contains(text, "Goblin raider: unverified") {
			t.Errorf("H-1 %v: flagged %v\n%s", flag, has, text)
		}
	}
}

// Immunities are narrated.
func TestImmunityNarration(t *testing.T) {
	for _, c := range []struct {
		creature string
		weapon   Item
		text     string
	}{
		{"vampire", Blade, "Vampire: takes no harm: it is invulnerable but to silver, magic and fire"},
		{"bloodybones", Hammer, "Bloodybones: takes no harm: nothing harms it"},
		{"skeleton", Dagger, "Skeleton: takes no harm: it is immune to piercing"},
		{"wraith", Blade, "Wraith: takes no harm: the blow passes through its shadow form"},
		{"devil_gluttony", Blade, "Devil, Gluttony: takes no harm: forged weapons do not touch it"},
	} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: "+c.creature+"}"))
			k.tr = &sim.Trace{}
			k.damageMember(0, 1, false, false, c.weapon.info().dmg, 0)
			var sb strings.Builder
			_ = k.tr.WriteText(&sb)
			if !strings.Contains(sb.String(), c.text) {
				t.Errorf("%s vs %s: %q", c.creature, c.weapon, sb.String())
			}
		})
	}
}

// Stinking Cloud (spec 5.11: "Anyone who starts a round inside is Stunned
// and draws 1 fewer card. The draw penalty accumulates [...]; the 4th
// round means Knockout."): the Stun costs a card drawn, not an empty hand.
func TestStinkingCloud(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: devil_gluttony}"))
	a := &k.adv[0]
	k.cloudZones |= 1 << a.zone
	k.mem[0].engaged |= 1
	a.engaged |= 1
	for r, want := range []int{2, 1, 0} {
		k.round = r + 1
		a.nh = 0
		k.drawPhase()
		if int(a.nh) != want {
			t.Errorf("round %d in the cloud: %d cards in hand, want %d", r+1, a.nh, want)
		}
		if a.effects&Knockout != 0 {
			t.Fatalf("round %d in the cloud: Knocked out", r+1)
		}
	}
	k.round = 4
	k.changed = false
	k.drawPhase()
	if a.effects&Knockout == 0 || a.nh != 0 || a.engaged != 0 || k.mem[0].engaged != 0 || !k.changed {
		t.Errorf("4th round in the cloud: knockout %v hand %d engaged %b/%b changed %v",
			a.effects&Knockout != 0, a.nh, a.engaged, k.mem[0].engaged, k.changed)
	}
}

// The winter wolf's Aura of Ice ("Anyone who starts a turn engaged with a
// winter wolf is Rooted") disengages like every Root (spec 6.7: "Everyone
// engaged with it disengages").
func TestAuraOfIce(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: winter_wolf, count: 2}\n  - {creature: goblin_raider}"))
	for j := 0; j < 3; j++ {
		k.engage(0, j)
	}
	k.startOfAdvTurn(0)
	if k.adv[0].effects&Root == 0 {
		t.Fatal("engaged with winter wolves: not Rooted")
	}
	if k.adv[0].engaged != 0 || k.mem[0].engaged|k.mem[1].engaged|k.mem[2].engaged != 0 {
		t.Errorf("Rooted by the Aura of Ice, still engaged: %b; wolves %b %b, goblin %b",
			k.adv[0].engaged, k.mem[0].engaged, k.mem[1].engaged, k.mem[2].engaged)
	}
}

// riderAttack makes group g Attack adventurer 0 with card d as a minor
// action, with greater doom rd for rider ab (rd 0: no rider).
func (k *kernel) riderAttack(g int, d, rd Doom, ab Ability) bool {
	return k.triggerAttack(g, d, rd, ab, abNone)
}

// One rider per Attack (spec 6.9.4, App C p.246: "the GM picks only one
// per Attack"): the greater rider the GM chose, else the creature's
// passive one (Bite, Tail Bite, an Overwhelming Bite's Trip).
func TestOneRiderPerAttack(t *testing.T) {
	two := "scene: {zones: [a, b]}"
	party := "  - {archetype: cups_chirurgeon, gear: [], zone: a}"
	cases := []struct {
		name, foes string
		card, rd   Doom
		rider      Ability
		wounds     int
		trip, away bool
	}{
		{"cockatrice: Tail Bite alone", "  - {creature: cockatrice, zone: a}", 14, 0, abNone, 1, false, true},
		{"cockatrice: Backwards Charge, no Tail Bite", "  - {creature: cockatrice, zone: a}", 14, 15, AbBackwardsCharge, 1, true, false},
		{"beast brute: Bite alone", "  - {theme: beast, threat: brute, abilities: [bite, deadly_attack], zone: a}", 14, 0, abNone, 1, true, false},
		{"beast brute: Deadly Attack, no Bite", "  - {theme: beast, threat: brute, abilities: [bite, deadly_attack], zone: a}", 14, 15, AbDeadlyAttack, 2, false, false},
		{"dragon: Overwhelming Bite alone (no Claw: errata E-H6)", "  - {creature: dragon, zone: a}", 20, 0, abNone, 1, true, false},
		{"dragon: Overwhelming Bite, no greater rider on a greater doom", "  - {creature: dragon, zone: a}", 20, 15, AbBreathOfFire, 1, true, false},
		{"dragon: a lesser doom with Breath of Fire", "  - {creature: dragon, zone: a}", 9, 15, AbBreathOfFire, 3, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario(party, c.foes, two))
			if !k.riderAttack(0, c.card, c.rd, c.rider) {
				t.Errorf("%s: no Attack", c.name)
				return
			}
			a := &k.adv[0]
			if k.t.wounds != c.wounds || (a.effects&Trip != 0) != c.trip || (a.zone != 0) != c.away {
				t.Errorf("%s: %d Wounds, Tripped %v, Displaced %v; want %d, %v, %v", c.name, k.t.wounds, a.effects&Trip != 0, a.zone != 0,
					c.wounds, c.trip, c.away)
			}
			if c.card.Greater() && c.rd != 0 && (k.ngm != 1 || k.gm[0] != c.rd) {
				t.Errorf("%s: the refused rider's card was spent (GM holds %v)", c.name, k.gm[:k.ngm])
			}
		})
	}
}

// Kick and Tail Whip: "Its Attack hits every adventurer in its zone", a
// minor action's too; Haymaker and Sweeping Club sweep only "on its own
// turn".
func TestSweepOnMinor(t *testing.T) {
	party := "  - {archetype: cups_chirurgeon, count: 2, gear: []}"
	for _, c := range []struct {
		foe      string
		own      bool
		everyone bool
	}{
		{"dragon", false, true}, {"sporehulk", false, true}, {"ogre", false, false}, {"animate_statue", false, false},
		{"dragon", true, true}, {"sporehulk", true, true}, {"ogre", true, true}, {"animate_statue", true, true},
	} {
		t.Run(fmt.Sprintf("%s/own-turn=%v", c.foe, c.own), func(t *testing.T) {
			k := testKernel(t, testScenario(party, "  - {creature: "+c.foe+"}"))
			if !k.sweepWith(0, 14, c.own) {
				t.Errorf("%s (own turn %v): no Attack", c.foe, c.own)
				return
			}
			if got := k.adv[1].wounds > 0; k.adv[0].wounds == 0 || got != c.everyone {
				t.Errorf("%s (own turn %v): Wounds %d and %d; the other struck %v, want %v", c.foe, c.own, k.adv[0].wounds,
					k.adv[1].wounds, got, c.everyone)
			}
		})
	}
}

// sweepWith makes group g Attack adventurer 0 with card d, choosing its
// sweep (Tail Whip, Kick, Haymaker or Sweeping Club) as the Attack's doom.
func (k *kernel) sweepWith(g int, d Doom, own bool) bool {
	k.gm[0], k.ngm = d, 1
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Targets[0] = GMAttack, 0, 0
	for _, ab := range attackDooms {
		if sweepDoom(ab) && k.live(g, ab) {
			a.Trigger = ab
		}
	}
	return k.gmAttack(g, &a, own)
}

// A group's sweep (two ogres' Sweeping Club): every member able to act
// sweeps its own zone, and each adventurer it reaches counts it as an
// assigned member does in an ordinary group Attack (H-2): one Attack with
// the mob's favor per target, or one per member with "lethal".
func TestGroupSweep(t *testing.T) {
	party := "  - {archetype: cups_chirurgeon, count: 2, gear: [], zone: a}"
	ogres := "  - {creature: ogre, count: 2, zone: a}"
	two := "scene: {zones: [a, b]}"
	run := func(apart bool, extra ...string) (*kernel, string) {
		k := testKernel(t, testScenario(party, ogres, append([]string{two}, extra...)...))
		if apart {
			k.mem[1].zone, k.adv[1].zone = 1, 1
		}
		k.tr = &sim.Trace{}
		if !k.attackWith(0, 5, true, 0, 0) {
			t.Fatal("no Attack")
		}
		var sb strings.Builder
		_ = k.tr.WriteText(&sb)
		return k, sb.String()
	}
	k, text := run(false)
	if k.adv[0].wounds != 1 || k.adv[1].wounds != 1 || strings.Count(text, "(mob of 2: favor)") != 2 {
		t.Errorf("two ogres, one zone: Wounds %d and %d, want one Attack each with the mob's favor\n%s", k.adv[0].wounds,
			k.adv[1].wounds, text)
	}
	k, text = run(true)
	if k.adv[0].wounds != 1 || k.adv[1].wounds != 1 || strings.Contains(text, "mob of") {
		t.Errorf("two ogres, two zones: Wounds %d and %d, want one Attack each, no mob\n%s", k.adv[0].wounds, k.adv[1].wounds, text)
	}
	k, text = run(false, "options: {H-2: lethal}")
	if k.adv[0].wounds != 2 || k.adv[1].wounds != 2 {
		t.Errorf("two ogres, one zone, lethal: Wounds %d and %d, want 2 each\n%s", k.adv[0].wounds, k.adv[1].wounds, text)
	}
}

// The Lich's Arcane Attack ("up to 1 zone away ... never engages him") is
// a ranged Attack in his own zone too: no engagement, and a Tripped target
// gives it disfavor, not favor. His Death Dealer blade is melee, once the
// Crown has fallen (crowned, he hovers and strikes only from range: E-H3).
func TestArcaneAttackIsRanged(t *testing.T) {
	for _, c := range []struct {
		form    Ability
		tripped bool
		value   int
		engaged bool
	}{
		{AbArcaneAttack, false, 10, false}, {AbArcaneAttack, true, 7, false},
		{AbDeathDealer, false, 10, true}, {AbDeathDealer, true, 13, true},
	} {
		t.Run(fmt.Sprintf("%s/tripped=%v", abilityTable[c.form].id, c.tripped), func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, gear: []}", "  - {creature: lich_yellow_king}"))
			if c.tripped {
				k.adv[0].effects |= Trip
			}
			if c.form == AbDeathDealer {
				for j := k.grp[0].lo; j < k.grp[0].hi; j++ {
					if k.m.groups[0].members[j-k.grp[0].lo].pool == "crown_of_archwood" {
						k.memberDown(int(j))
					}
				}
			}
			if !k.riderAttack(0, 10, 0, c.form) {
				t.Fatalf("%s: no Attack", abilityTable[c.form].name)
			}
			if k.threat.Value != c.value || (k.adv[0].engaged != 0) != c.engaged {
				t.Errorf("%s, Tripped %v: value %d, engaged %v; want %d, %v", abilityTable[c.form].name, c.tripped, k.threat.Value,
					k.adv[0].engaged != 0, c.value, c.engaged)
			}
		})
	}
}

// Overwhelming forces include outclassing (p.119 "Perfectly confident:
// Overwhelming forces"; the rules spec's errata E-H12): an unhurt group led
// by a dungeon lord, or whose creatures are larger than a human, starts at
// 20 as an unhurt group that outnumbers the guild does, and falls by the
// same rules.
func TestMoraleOutclassing(t *testing.T) {
	four := "  - {archetype: cups_chirurgeon, count: 4}"
	for _, c := range []struct {
		foe  string
		want int
	}{
		{"  - {creature: sporehulk}", moraleConfident},
		{"  - {creature: ogre}", moraleConfident},
		{"  - {creature: lion}", moraleNeutral},
		{"  - {creature: ogre, larger_than_human: false}", moraleNeutral},
	} {
		t.Run(strings.TrimPrefix(c.foe, "  - "), func(t *testing.T) {
			k := testKernel(t, testScenario(four, c.foe))
			if got := k.morale(0); got != c.want {
				t.Errorf("%s against four: Morale %d, want %d", c.foe, got, c.want)
			}
		})
	}
	k := testKernel(t, testScenario(four, "  - {creature: ogre}"))
	k.damageMember(0, 1, true, false, dmgAll, -1)
	if got := k.morale(0); got != moraleWary {
		t.Errorf("an ogre bloodied: Morale %d, want %d", got, moraleWary)
	}
}

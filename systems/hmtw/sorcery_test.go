package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

const caster = `  - name: Mord
    archetype: wands_sorcerer
    training: [magic_of_the_wastes, magic_of_the_welkin, magic_of_the_weird]
    spells: [withering, heavenfire, life, sleep]`

// cast has adventurer i speak spell sp at GM character j (or ally) with
// value v.
func castAt(k *kernel, i int, sp Spell, j, ally int) bool {
	a := Action{Kind: Incant, Spell: sp, Target: int8(j), Ally: int8(ally), Card: 0}
	k.adv[i].hand[0], k.adv[i].nh = MakeCard(Wands, 14), 1
	return k.doAdv(i, &a, modeTurn)
}

// Spells with a combat reading (section 5.11), opt-in.
func TestSorcery(t *testing.T) {
	k := testKernel(t, testScenario(caster, "  - {creature: skeleton}\n  - {creature: ogre}\n  - {creature: zombie}"))
	xp := k.adv[0].xp
	// Heavenfire: Piercing on the undead, Blind on the living.
	if !castAt(k, 0, Heavenfire, 0, -1) || k.mem[0].health != 5 || k.adv[0].resolve != 3 || k.adv[0].xp != xp-1 {
		t.Errorf("Heavenfire on a skeleton: Health %d, Resolve %d, XP %d", k.mem[0].health, k.adv[0].resolve, k.adv[0].xp)
	}
	if !castAt(k, 0, Heavenfire, 1, -1) || k.mem[1].effects&Blind == 0 || k.mem[1].defense != 5 {
		t.Errorf("Heavenfire on an ogre: effects %v", k.mem[1].effects)
	}
	// Withering harms the living only.
	castAt(k, 0, Withering, 2+1, -1) // the zombie (member 3: the skeleton, the ogre, then the zombie)
	if k.mem[3].health != 1 {
		t.Errorf("Withering on a zombie: Health %d", k.mem[3].health)
	}
	// Sleep in a fight: the GM discards a card.
	k.gm[0], k.gm[1], k.ngm = 3, 9, 2
	castAt(k, 0, Sleep, 1, -1)
	if k.ngm != 1 {
		t.Errorf("Sleep: GM hand %d", k.ngm)
	}
	// Life saves an ally at Death's Door.
	k = testKernel(t, testScenario(caster+"\n  - {archetype: swords_shieldbearer, name: B}", "  - {creature: ogre}"))
	k.toDeathsDoor(1)
	if !castAt(k, 0, Life, -1, 1) || k.adv[1].door || !k.adv[1].stressed {
		t.Errorf("Life: door %v", k.adv[1].door)
	}
	// No Resolve, no spell; iron forbids it; a known spell only.
	k = testKernel(t, testScenario(caster, "  - {creature: ogre}"))
	k.adv[0].resolve = 0
	if castAt(k, 0, Heavenfire, 0, -1) {
		t.Error("cast without Resolve")
	}
	k = testKernel(t, testScenario(caster+"\n    gear: [iron_armor]", "  - {creature: ogre}"))
	if castAt(k, 0, Heavenfire, 0, -1) {
		t.Error("cast in iron armor")
	}
	k = testKernel(t, testScenario("  - {archetype: wands_sorcerer, training: [magic_of_the_welkin], spells: [life]}", "  - {creature: ogre}"))
	if castAt(k, 0, Heavenfire, 0, -1) {
		t.Error("cast an unlisted spell")
	}
	// A spell needs its realm's talent.
	_, err := decode(t, testScenario("  - {archetype: cups_chirurgeon, spells: [life]}", "  - {creature: ogre}"))
	if err == nil || !strings.Contains(err.Error(), "life needs the magic_of_the_welkin talent") {
		t.Errorf("a spell without its talent: %v", err)
	}
	// A magically null statue shrugs spells off.
	k = testKernel(t, testScenario(caster, "  - {creature: animate_statue}"))
	castAt(k, 0, Heavenfire, 0, -1)
	if k.mem[0].effects&Blind != 0 {
		t.Error("Heavenfire blinded a magically null statue")
	}
}

// Reaver: an Attack with a charge into the next zone.
func TestReaver(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer, zone: a}", "  - {creature: ogre, zone: b}", "scene: {zones: [a, b]}"))
	a := Action{Kind: Attack, Target: 0, Zone: 1, Card: 0}
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 14), 1
	k.grp[0].init = 3
	if !k.doAdv(0, &a, modeTurn) || k.adv[0].zone != 1 || k.mem[0].defense != 4 || k.adv[0].xp != 2 {
		t.Errorf("Reaver: zone %d, ogre %d/%d, XP %d", k.adv[0].zone, k.mem[0].health, k.mem[0].defense, k.adv[0].xp)
	}
	k = testKernel(t, testScenario("  - {archetype: swords_shieldbearer, zone: a, training: []}", "  - {creature: ogre, zone: b}", "scene: {zones: [a, b]}"))
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 14), 1
	if k.doAdv(0, &a, modeTurn) {
		t.Error("a charge without Reaver")
	}
}

// Tough and Fleshless ("Actions targeting it must exceed its Initiative")
// hold against spells too: a tie fails.
func TestSpellTies(t *testing.T) {
	for _, c := range []struct {
		creature string
		hit      bool
	}{{"ogre", false}, {"skeleton", false}, {"goblin_raider", true}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario(caster, "  - {creature: "+c.creature+"}"))
			k.grp[0].init = 10
			h, d := k.mem[0].health, k.mem[0].defense
			k.cast(0, &Action{Kind: Incant, Spell: Heavenfire, Target: 0}, 10, MakeCard(Wands, 10), "as an action")
			hit := k.mem[0].effects&Blind != 0 || k.mem[0].health != h || k.mem[0].defense != d
			if hit != c.hit {
				t.Errorf("Heavenfire on a %s at a tie: hit %v, want %v", c.creature, hit, c.hit)
			}
		})
	}
}

// Sleep against the sleepless: the undead are "Breathless and Undreaming"
// (immune to breath, sleep, poison), a wraith is Spectral, a puppet-mummy
// is unaffected by what affects the living. The GM keeps its cards.
func TestSleepless(t *testing.T) {
	for _, c := range []struct {
		creature string
		stunned  bool
	}{{"skeleton", false}, {"zombie", false}, {"wraith", false}, {"lich_yellow_king", false}, {"puppet_mummy", false}, {"ogre", true}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario(caster, "  - {creature: "+c.creature+"}"))
			k.tr = &sim.Trace{}
			j := int(k.grp[0].lo)
			if c.creature == "lich_yellow_king" {
				j = int(k.grp[0].hi) - 1 // the Body
			}
			k.grp[k.mem[j].group].init = 2
			k.gm[0], k.gm[1], k.ngm = 3, 9, 2
			k.cast(0, &Action{Kind: Incant, Spell: Sleep, Target: int8(j)}, 14, MakeCard(Wands, 14), "as an action")
			if got := k.ngm != 2; got != c.stunned {
				t.Errorf("Sleep on a %s: Stunned %v, want %v (GM hand %d)", c.creature, got, c.stunned, k.ngm)
			}
			var sb strings.Builder
			_ = k.tr.WriteText(&sb)
			if said := strings.Contains(sb.String(), "does not sleep"); said == c.stunned {
				t.Errorf("Sleep on a %s: narrated %v\n%s", c.creature, said, sb.String())
			}
		})
	}
}

// A damaging spell is a blow like any other for what a creature does to
// whoever damages it: the Lich's "Do You Doubt Me, Traitor?" ("When he is
// damaged, the attacker must cross out one thing on their sheet") and the
// Ungoat's Maleficent Retribution ("Whoever Wounds it directly") fire on
// the caster; the slime's acid notches no weapon.
func TestSpellAfterHit(t *testing.T) {
	text := func(k *kernel) string {
		var sb strings.Builder
		_ = k.tr.WriteText(&sb)
		return sb.String()
	}
	k := testKernel(t, testScenario(caster, "  - {creature: lich_yellow_king}"))
	k.tr = &sim.Trace{}
	j := int(k.grp[0].hi) - 1 // the Body
	g := int(k.mem[j].group)
	k.grp[g].init, k.grp[g].acted = 2, true
	k.gm[0], k.gm[1], k.ngm = 15, 16, 2
	h := k.mem[j].health
	k.cast(0, &Action{Kind: Incant, Spell: Heavenfire, Target: int8(j)}, 14, MakeCard(Wands, 14), "as an action")
	if k.mem[j].health != h-1 {
		t.Fatalf("Heavenfire on the Lich: Health %d, want %d\n%s", k.mem[j].health, h-1, text(k))
	}
	if !strings.Contains(text(k), "Do you doubt me, traitor?") || k.ngm != 1 {
		t.Errorf("Heavenfire Wounded the Lich, no \"Do you doubt me, traitor?\" (GM hand %d)\n%s", k.ngm, text(k))
	}
	k = testKernel(t, testScenario(caster, "  - {creature: ungoat}"))
	k.tr = &sim.Trace{}
	k.grp[0].init = 2
	k.cast(0, &Action{Kind: Incant, Spell: Withering, Target: 0}, 14, MakeCard(Wands, 14), "as an action")
	if k.mem[0].health != 1 || !strings.Contains(text(k), "maleficent retribution") {
		t.Errorf("Withering on the Ungoat: Health %d, no maleficent retribution\n%s", k.mem[0].health, text(k))
	}
	k = testKernel(t, testScenario(caster, "  - {creature: slime}"))
	k.grp[0].init = 2
	hands, notch, d := k.adv[0].hands, k.adv[0].weaponNotch, k.t.destroyed
	k.cast(0, &Action{Kind: Incant, Spell: Withering, Target: 0}, 14, MakeCard(Wands, 14), "as an action")
	if k.adv[0].hands != hands || k.adv[0].weaponNotch != notch || k.t.destroyed != d {
		t.Errorf("Withering on a slime: the acid reached the caster's gear: hands %v notch %d", k.adv[0].hands, k.adv[0].weaponNotch)
	}
}

// After the fight, the Life spell is a Heal source for the dying (H-12:
// "First any Heal source (Chirurgeon with a poultice, the Life spell, a
// potion)"), before a poultice test.
func TestRescueByLife(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: wands_sorcerer, spells: [life], training: [magic_of_the_welkin], xp: 2}\n  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	k.toDeathsDoor(1)
	res := k.adv[0].resolve
	k.rescue(1)
	if k.adv[1].door || k.adv[1].dead || k.adv[0].resolve != res-1 || k.adv[0].xp != 1 {
		t.Errorf("Life: at Death's Door %v, dead %v; Resolve %d → %d, XP %d", k.adv[1].door, k.adv[1].dead, res, k.adv[0].resolve, k.adv[0].xp)
	}
}

// The Crown of Archwood is an object (App. C p.270: it is Notched,
// Disarmed, sold; the rules spec's errata E-H7): a spell aimed at creatures
// does not strike it. Heavenfire cast on an object only makes it glow
// (App. A p.225), so its undead Piercing no longer skips the crown's
// Defense; Withering, Life and Sleep do nothing to it. Struck as an item,
// even by Piercing, its Defense takes the Wound first.
func TestCrownIsAnObject(t *testing.T) {
	crown := func(k *kernel) int {
		for j := k.grp[0].lo; j < k.grp[0].hi; j++ {
			if k.m.groups[0].members[j-k.grp[0].lo].pool == "crown_of_archwood" {
				return int(j)
			}
		}
		t.Fatal("no crown")
		return -1
	}
	for _, sp := range []Spell{Heavenfire, Withering, Life, Sleep} {
		k := testKernel(t, testScenario(caster, "  - {creature: lich_yellow_king}"))
		j := crown(k)
		k.grp[0].init = 1
		k.gm[0], k.ngm = 3, 1
		if !castAt(k, 0, sp, j, -1) {
			t.Errorf("%s on the crown: refused", sp)
			continue
		}
		if x := &k.mem[j]; x.health != 1 || x.defense != 4 || x.down || k.ngm != 1 {
			t.Errorf("%s on the crown: Health %d, Defense %d, down %v, GM cards %d; want it untouched", sp, x.health, x.defense, x.down, k.ngm)
		}
	}
	k := testKernel(t, testScenario(caster, "  - {creature: lich_yellow_king}"))
	j := crown(k)
	k.damageMember(j, 1, true, false, dmgAll, 0)
	if x := &k.mem[j]; x.health != 1 || x.defense != 3 {
		t.Errorf("a Piercing Wound on the crown: Health %d, Defense %d; want its Defense struck first", x.health, x.defense)
	}
}

package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// The talents that change a Challenge's numbers (sections 5.9-5.10).
func TestTalents(t *testing.T) {
	// Monster Hunter: favor on Attacks against its specialization only.
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer, monster_hunter: skeleton}",
		"  - {creature: skeleton}\n  - {creature: zombie}"))
	k.grp[0].init, k.grp[1].init = 13, 13
	k.advAttack(0, 0, 11, MakeCard(Cups, 7), "", false, modeTurn) // 11 + 3 = 14 > 13
	k.advAttack(0, 1, 11, MakeCard(Cups, 7), "", false, modeTurn) // 11 < 13
	if k.mem[0].health != 5 || k.mem[1].health != 1 || k.adv[0].xp != 2 {
		t.Errorf("Monster Hunter: skeleton %d, zombie %d, XP %d", k.mem[0].health, k.mem[1].health, k.adv[0].xp)
	}
	if _, err := decode(t, testScenario("  - {archetype: cups_chirurgeon, monster_hunter: skeleton}", "  - {creature: ogre}")); err == nil {
		t.Error("monster_hunter without the talent")
	}
	// Doom Eye: a Swords card on one's turn with a bow hits whatever the
	// Initiative.
	k = testKernel(t, testScenario("  - {archetype: swords_shieldbearer, hands: [bow]}", "  - {creature: ogre}"))
	k.grp[0].init = 21
	k.advAttack(0, 0, 3, MakeCard(Swords, 2), "", false, modeTurn)
	if k.mem[0].defense != 4 {
		t.Errorf("Doom Eye: ogre defense %d", k.mem[0].defense)
	}
	// Two-handed Focus: a minor Attack with a Pentacles card; Fight Dirty:
	// a minor Roughhouse with a Swords card.
	k = testKernel(t, testScenario("  - {archetype: swords_two_hander}\n  - {archetype: pentacles_dirty_fighter}\n  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	if !k.minorSuitOK(0, Attack, MakeCard(Pentacles, 5), NoItem) || k.minorSuitOK(2, Attack, MakeCard(Pentacles, 5), NoItem) {
		t.Error("Two-handed Focus: a Pentacles card for a minor Attack")
	}
	if !k.minorSuitOK(1, Roughhouse, MakeCard(Swords, 5), NoItem) || k.minorSuitOK(2, Roughhouse, MakeCard(Swords, 5), NoItem) {
		t.Error("Fight Dirty: a Swords card for a minor Roughhouse")
	}
	// Quick!: a Pentacles Dodge as an interrupt, face value, in light armor.
	k = optKernel(t, "  - {archetype: pentacles_skirmisher}\n  - {archetype: swords_shieldbearer, training: [quick]}", "  - {creature: goblin_raider}")
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Pentacles, 9), 1
	k.adv[1].hand[0], k.adv[1].nh = MakeCard(Pentacles, 9), 1
	if !k.quickOK(0, 0) || k.quickOK(1, 1) {
		t.Error("Quick!: light armor only")
	}
	theParty.interrupt = func(v *View, self int, th *Threat, a *Action) {
		if v.Offer()&OfferQuick != 0 {
			a.Kind, a.Card, a.Ally = Dodge, 0, int8(th.Target)
		}
	}
	k.adv[0].init = MakeCard(Cups, 4)
	c := strikeCtx{g: 0, j: 0, t: 0, value: 12, mob: 1, own: true}
	k.strike(&c) // 12 against 4 + 9
	if k.t.wounds != 0 || k.adv[0].nh != 0 {
		t.Errorf("Quick! Dodge: %d Wounds, %d cards", k.t.wounds, k.adv[0].nh)
	}
	// Heavy Metal Machine: +Swords against one action, once a round.
	k = optKernel(t, "  - {archetype: swords_shieldbearer}", "  - {creature: goblin_raider}")
	k.adv[0].hand[0], k.adv[0].hand[1], k.adv[0].nh = MakeCard(Cups, 2), MakeCard(Cups, 3), 2
	k.adv[0].init = MakeCard(Cups, 9)
	theParty.interrupt = func(v *View, self int, th *Threat, a *Action) {
		if v.Offer()&OfferHMM != 0 {
			a.Kind, a.Card = HeavyMetal, 0
		}
	}
	c = strikeCtx{g: 0, j: 0, t: 0, value: 12, mob: 1, own: true}
	k.strike(&c) // 12 against 9 + 4
	k.strike(&c) // no second use this round
	if k.t.wounds != 1 || !k.adv[0].hmmUsed {
		t.Errorf("Heavy Metal Machine: %d Wounds", k.t.wounds)
	}
	// Aegis: the shield takes a Trip.
	k = testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	k.tripAdv(0)
	if k.adv[0].effects&Trip != 0 || k.adv[0].shieldNotch != 1 || k.adv[0].xp != 2 {
		t.Errorf("Aegis: effects %v shield %d", k.adv[0].effects, k.adv[0].shieldNotch)
	}
	// Gramarye: no wand blast without it.
	k = testKernel(t, testScenario("  - {archetype: wands_sorcerer, talents: []}", "  - {creature: ogre}"))
	a := Action{Kind: Attack, Target: 0, Zone: -1}
	if k.legal(0, &a, modeTurn) {
		t.Error("a wand blast without Gramarye")
	}
	// Chirurgeon: a poultice Heals (no test); anyone else's needs the
	// dying's test of Wands.
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon, hands: [poultice]}\n  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	k.adv[1].injured = true
	k.applyPoultice(0, 1, MakeCard(Cups, 3), "")
	if k.adv[1].injured {
		t.Error("Chirurgeon: no Heal")
	}
	// Poison Blood: a bite on a seablooded orc's kin talent is Critical
	// for the biter (not for one that cannot be poisoned).
	for _, c := range []struct {
		creature string
		down     bool
	}{{"lion", true}, {"zombie", false}} {
		t.Run(c.creature, func(t *testing.T) {
			k = testKernel(t, testScenario("  - {archetype: swords_two_hander, kin: seablooded_orc}", "  - {creature: "+c.creature+"}"))
			k.woundAdv(0, 1, false, false, Wound{Source: 0, Bite: true})
			if k.mem[0].down != c.down || !k.adv[0].kinWounded {
				t.Errorf("Poison Blood on a %s: down %v", c.creature, k.mem[0].down)
			}
		})
	}
	// Blur: a stormblooded orc is Shrouded (TestBlurShroud: what it does).
	k = testKernel(t, testScenario("  - {archetype: swords_two_hander, kin: stormblooded_orc}", "  - {creature: ogre}"))
	k.woundAdv(0, 1, false, false, Wound{Source: 0})
	if k.adv[0].effects&Shroud == 0 {
		t.Error("Blur: not Shrouded")
	}
}

// Aim: a facedown Swords card on a target; the next bow Attack on it adds
// its value.
func TestAim(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer, hands: [bow], training: []}", "  - {creature: ogre}"))
	k.adv[0].hand[0], k.adv[0].hand[1], k.adv[0].nh = MakeCard(Swords, 6), MakeCard(Cups, 2), 2
	k.tr = &sim.Trace{}
	a := Action{Kind: Aim, Card: 0, Target: 0}
	if !k.doAdv(0, &a, modeTurn) || k.adv[0].fd.kind != Aim || k.adv[0].fd.value != 10 {
		t.Fatalf("Aim: %+v", k.adv[0].fd)
	}
	k.grp[0].init = 15
	k.advAttack(0, 0, 6, MakeCard(Cups, 2), "", false, modeMinor) // 6 + 10 > 15
	if k.mem[0].defense != 4 || k.adv[0].fd.kind != Skip {
		t.Errorf("the aimed shot: ogre %d/%d, facedown %v", k.mem[0].health, k.mem[0].defense, k.adv[0].fd.kind)
	}
	var sb strings.Builder
	_ = k.tr.WriteText(&sb)
	for _, w := range []string{"plays a card facedown on its turn: Aim at Ogre (VI of Swords, worth 10)", "reveals its Aim: +10"} {
		if !strings.Contains(sb.String(), w) {
			t.Errorf("no %q in %s", w, sb.String())
		}
	}
	k = testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 6), 1
	if k.doAdv(0, &Action{Kind: Aim, Card: 0, Target: 0}, modeTurn) {
		t.Error("Aim without a bow")
	}
}

// Aegis (the talent: "an effect from a physical source (an attack, a trap,
// etc.)", which its holder "may elect" to Notch a shield against): a Tail
// Bite's or a Roughhouse's Displace is answered when there is a zone to be
// thrown into; Fear's is not (no physical source), and a Displace with
// nowhere to go costs no Notch.
func TestAegisAgainstDisplace(t *testing.T) {
	cases := []struct {
		name, scene    string
		physical       bool
		notched, moved bool
	}{
		{"a physical Displace, two zones", "scene: {zones: [hall, crypt]}", true, true, false},
		{"a physical Displace, one zone", "", true, false, false},
		{"Fear, two zones", "scene: {zones: [hall, crypt]}", false, false, true},
		{"Fear, one zone", "", false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}", c.scene))
			from := k.adv[0].zone
			k.displaceAdv(0, c.physical)
			if notched := k.adv[0].shieldNotch == 1; notched != c.notched {
				t.Errorf("shield Notches %d, want notched %v", k.adv[0].shieldNotch, c.notched)
			}
			if moved := k.adv[0].zone != from; moved != c.moved {
				t.Errorf("zone %d from %d, want moved %v", k.adv[0].zone, from, c.moved)
			}
		})
	}
}

// An in-training talent costs 1 XP per use (spec 5.4), wherever it is
// used; a mastered one costs nothing.
func TestTrainingCostsXP(t *testing.T) {
	cases := []struct {
		name  string
		party string
		play  func(k *kernel)
	}{
		{"Ambusher in round 1", "  - {archetype: pentacles_skirmisher, training: [ambusher], xp: 3, hands: [hammer]}", func(k *kernel) {
			k.grp[0].init = 8 // 9 against 8: 1 Wound, doubled
			k.advAttack(0, 0, 9, MakeCard(Cups, 9), "", false, modeTurn)
		}},
		{"Gramarye: a wand blast", "  - {archetype: wands_sorcerer, talents: [], training: [gramarye], xp: 3}", func(k *kernel) {
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Wands, 9), 1
			k.doAdv(0, &Action{Kind: Attack, Card: 0, Target: 0}, modeTurn)
		}},
		{"Fight Dirty: a Swords card for a minor Roughhouse", "  - {archetype: cups_chirurgeon, training: [fight_dirty], xp: 3}", func(k *kernel) {
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 9), 1
			k.doAdv(0, &Action{Kind: Roughhouse, Card: 0, Target: 0, Effect: Trip}, modeMinor)
		}},
		{"Quick!: a Roughhouse as an interrupt", "  - {archetype: cups_chirurgeon, training: [quick], xp: 3}", func(k *kernel) {
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Pentacles, 9), 1
			k.doAdv(0, &Action{Kind: Roughhouse, Card: 0, Target: 0, Effect: Trip}, modeQuick)
		}},
		{"Fight Dirty: a Swords card and an Exhaust, one use", "  - {archetype: cups_chirurgeon, training: [fight_dirty], xp: 3}", func(k *kernel) {
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 9), 1
			k.doAdv(0, &Action{Kind: Roughhouse, Card: 0, Target: 0, Effect: Exhaust}, modeMinor)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario(c.party, "  - {creature: ogre}"))
			c.play(k)
			if k.adv[0].xp != 2 {
				t.Errorf("%s: XP %d, want 2 (one use)", c.name, k.adv[0].xp)
			}
		})
	}
}

// Favor and disfavor of an adventurer's Attack (6.4, 5.7): a Rooted target
// gives favor; a thrown bomb is a missile, so a Tripped target gives it
// disfavor; fists cannot hurt a creature larger than a human.
func TestAttackFavor(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", "  - {creature: goblin_raider}"))
	k.mem[0].effects |= Root
	if fav, dis := k.attackFavor(0, 0, Hammer, false); !fav || dis {
		t.Errorf("a Rooted target: favor %v, disfavor %v", fav, dis)
	}
	k.mem[0].effects = Trip
	if fav, dis := k.attackFavor(0, 0, Bomb, true); fav || !dis {
		t.Errorf("a bomb at a Tripped target: favor %v, disfavor %v", fav, dis)
	}
	k = testKernel(t, testScenario("  - {archetype: cups_chirurgeon, hands: []}", "  - {creature: ogre}\n  - {creature: goblin_raider}"))
	k.grp[0].init, k.grp[1].init = 2, 2
	k.advAttack(0, 0, 12, MakeCard(Cups, 9), "", false, modeTurn)
	k.advAttack(0, 1, 12, MakeCard(Cups, 9), "", false, modeTurn)
	if k.mem[0].dealt != 0 || k.mem[1].dealt == 0 {
		t.Errorf("fists: %d Wounds on the ogre (larger), %d on the goblin", k.mem[0].dealt, k.mem[1].dealt)
	}
}

// Blur (5.10): Shrouded when the kin talent is Wounded, "for one action, or
// indefinitely while you stay still"; still, it cannot be deliberately
// targeted, and its one action has favor.
func TestBlurShroud(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, kin: stormblooded_orc}", "  - {creature: goblin_raider}"))
	k.adv[0].effects |= Shroud
	if k.gmReach(0, 0, false) {
		t.Error("a still, Shrouded adventurer can be targeted")
	}
	if fav, _ := k.attackFavor(0, 0, Hammer, false); !fav {
		t.Error("a Shrouded attacker has no favor")
	}
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 9), 1
	if !k.doAdv(0, &Action{Kind: Attack, Card: 0, Target: 0}, modeTurn) {
		t.Fatal("no Attack")
	}
	if k.adv[0].effects&Shroud != 0 || !k.gmReach(0, 0, false) {
		t.Error("still Shrouded after its action")
	}
}

// foolDodger plays the Fool with its first other card to Dodge for the
// target of any threat.
type foolDodger struct{ idleParty }

func (foolDodger) Interrupt(v *View, self int, t *Threat, a *Action) {
	a.Kind, a.Card, a.Ally, a.Fool = Dodge, 1, int8(t.Target), true
}

// A Dodge played with the Fool obeys the Dodge's limits: "Not allowed
// while Rooted" (6.5.2), and a raging orc cannot Dodge (5.10).
func TestFoolDodgeLimits(t *testing.T) {
	for _, c := range []struct {
		name   string
		eff    Effect
		dodged bool
	}{{"free", 0, true}, {"Rooted", Root, false}, {"raging", Berserk, false}} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2}", "  - {creature: ogre}"))
			k.m.party[1].policy = foolDodger{}
			a := &k.adv[1]
			a.hand[0], a.hand[1], a.nh = Fool, MakeCard(Pentacles, 9), 2
			a.effects |= c.eff
			th := Threat{Group: 0, Target: 0, Value: 15, Init: 5, Hits: true}
			k.offerInterrupts(&th)
			if th.Dodged != c.dodged {
				t.Errorf("%s: Dodged %v, want %v", c.name, th.Dodged, c.dodged)
			}
		})
	}
}

// Heavy Metal Machine needs the iron or steel armor intact: "A Destroyed
// item gives no benefit" (5.6).
func TestHeavyMetalNeedsArmor(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Cups, 2), 1
	if !k.hmmOK(0) {
		t.Fatal("steel armor: no Heavy Metal Machine")
	}
	k.adv[0].bodyNotches = 0
	if k.hmmOK(0) {
		t.Error("Destroyed steel armor still gives Heavy Metal Machine")
	}
}

// resolveSpender spends Resolve on every test of fate it is asked about,
// and records the questions.
type resolveSpender struct {
	idleParty
	asked *[]FateTest
}

func (p resolveSpender) FateResolve(v *View, self int, t FateTest) bool {
	*p.asked = append(*p.asked, t)
	return true
}

// A test of fate may take a Resolve for favor (3.1): the dying one's
// poultice test asks its policy (a deadly test), and the Resolve is spent.
func TestFateResolve(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon, count: 2}", "  - {creature: ogre}"))
	var asked []FateTest
	k.m.party[1].policy = resolveSpender{asked: &asked}
	k.toDeathsDoor(1)
	before := k.adv[1].resolve
	k.poulticeTest(1, false)
	if len(asked) != 1 || asked[0] != (FateTest{Suit: Wands, Deadly: true}) || k.adv[1].resolve != before-1 {
		t.Errorf("the poultice test: asked %v, Resolve %d → %d", asked, before, k.adv[1].resolve)
	}
	// Nobody is asked without Resolve left.
	asked = asked[:0]
	k.adv[1].resolve, k.adv[1].door = 0, true
	k.poulticeTest(1, false)
	if len(asked) != 0 {
		t.Errorf("asked with no Resolve: %v", asked)
	}
}

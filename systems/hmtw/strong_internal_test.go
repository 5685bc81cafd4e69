package hmtw

import (
	"slices"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// forkTable is a kernel in round 1 after the Initiatives: every hand
// dealt, a facedown card on each side (a minor-action Dodge, a Riposte on
// a turn, the GM's Dodge), one Initiative face up on each side, the Fool in
// a hand, a hazard's Initiative face down.
func forkTable(t *testing.T) *kernel {
	t.Helper()
	src := testScenario(`  - {archetype: swords_shieldbearer}
  - {archetype: pentacles_skirmisher}
  - {archetype: wands_sorcerer}
  - {archetype: cups_chirurgeon}`, "  - {creature: goblin_raider, count: 4}\n  - {creature: ogre}",
		"scene: {zones: [a, b], hazards: [{name: pendulum, between: [a, b]}]}")
	k := testKernel(t, src)
	k.strong = &strong{}
	k.drawPhase()
	k.initiativePhase()
	// The Fool into adventurer 2's hand, drawn this round.
	for j := 0; j < k.minor.n; j++ {
		if Card(k.minor.pile[j]) == Fool {
			k.minor.pile[j], k.adv[2].hand[0] = uint8(k.adv[2].hand[0]), Fool
			k.foolDrawn = true
		}
	}
	// Adventurer 0: a Dodge as a minor action (a Pentacles card at face
	// value); adventurer 1: a Riposte on its turn (Swords added).
	for j := 0; j < k.minor.n; j++ {
		if c := Card(k.minor.pile[j]); c.Suit() == Pentacles {
			k.minor.n--
			k.minor.pile[j] = k.minor.pile[k.minor.n]
			k.adv[0].fd = facedown{kind: Dodge, value: int8(c.Value()), ally: 0, card: uint8(c), minor: true}
			break
		}
	}
	b := &k.adv[1]
	j := 0
	if b.hand[0] == Fool {
		j = 1
	}
	c := k.removeCard(1, j)
	b.fd = facedown{kind: Riposte, value: int8(c.Value() + k.m.party[1].attr[Swords]), ally: 1, card: uint8(c)}
	d := k.takeGM(k.lowestCard())
	k.grp[0].fd = facedown{kind: Dodge, value: int8(d), card: uint8(d)}
	k.revealAdv(3)
	k.revealGroup(1)
	return k
}

// unseen is the multiset of the cards a side cannot see, sorted: for the
// party (major) the GM's hand, face-down Initiatives and facedown cards and
// its draw pile; for the GM the adventurers' hands, face-down Initiatives
// and facedown cards and the players' draw pile.
func unseen(k *kernel, major bool) []uint8 {
	var out []uint8
	if major {
		out = append(out, k.major.pile[:k.major.n]...)
		for j := 0; j < int(k.ngm); j++ {
			out = append(out, uint8(k.gm[j]))
		}
		for g := 0; g < k.ng; g++ {
			if k.hiddenInit(g) {
				out = append(out, uint8(k.grp[g].init))
			}
			if k.grp[g].fd.kind != Skip {
				out = append(out, k.grp[g].fd.card)
			}
		}
		for h := range k.m.scene.hazards {
			if !k.hzRev[h] && k.hz[h] != NoDoom {
				out = append(out, uint8(k.hz[h]))
			}
		}
	} else {
		out = append(out, k.minor.pile[:k.minor.n]...)
		for i := 0; i < k.na; i++ {
			a := &k.adv[i]
			for j := 0; j < int(a.nh); j++ {
				out = append(out, uint8(a.hand[j]))
			}
			if a.init != NoCard && !a.revealed {
				out = append(out, uint8(a.init))
			}
			for _, fd := range [2]facedown{a.fd, a.fd2} {
				if fd.kind != Skip {
					out = append(out, fd.card)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// A fork deals anew what the deciding side cannot see and nothing else:
// the same cards in the same places, what is face up or one's own as it
// was, each hidden card of the class its place demands; the kernel then
// draws from the fork's generator.
func TestForkDealsOnlyTheUnseen(t *testing.T) {
	for _, side := range []sim.Side{sim.Party, sim.Foes} {
		major := side == sim.Party
		moved := false
		for seed := uint64(0); seed < 40; seed++ {
			k := forkTable(t)
			before := *k
			r := sim.NewRand(11, seed)
			k.fork(side, r)
			if k.r != r {
				t.Fatalf("%s: the kernel does not draw from the fork's generator", side)
			}
			if got, want := unseen(k, major), unseen(&before, major); !slices.Equal(got, want) {
				t.Fatalf("%s: the unseen cards changed: %v, were %v", side, got, want)
			}
			if major {
				if k.adv != before.adv || k.minor.pile != before.minor.pile || k.minor.n != before.minor.n ||
					k.minor.disc != before.minor.disc || k.major.disc != before.major.disc {
					t.Fatalf("party: a fork touched what the party sees")
				}
				if k.grp[1].init != before.grp[1].init || k.ngm != before.ngm {
					t.Fatalf("party: a face-up Initiative or the GM's hand size changed")
				}
				for g := 0; g < k.ng; g++ {
					x, y := k.grp[g], before.grp[g]
					if x.init.Greater() != y.init.Greater() || x.init.Lesser() != y.init.Lesser() {
						t.Fatalf("party: group %d's Initiative %v was %v: another class", g, x.init, y.init)
					}
					if x.fd.kind != y.fd.kind || int(x.fd.value)-int(x.fd.card) != int(y.fd.value)-int(y.fd.card) ||
						Doom(x.fd.card).Greater() != Doom(y.fd.card).Greater() {
						t.Fatalf("party: group %d's facedown %+v was %+v", g, x.fd, y.fd)
					}
				}
				for h := range k.m.scene.hazards {
					if k.hz[h].Lesser() != before.hz[h].Lesser() {
						t.Fatalf("party: the hazard's Initiative %v was %v", k.hz[h], before.hz[h])
					}
				}
				moved = moved || k.gm != before.gm
				continue
			}
			if k.grp != before.grp || k.gm != before.gm || k.major.pile != before.major.pile || k.hz != before.hz ||
				k.minor.disc != before.minor.disc {
				t.Fatalf("foes: a fork touched what the GM sees")
			}
			fool := false
			for i := 0; i < k.na; i++ {
				x, y := &k.adv[i], &before.adv[i]
				if x.nh != y.nh || x.revealed != y.revealed || y.revealed && x.init != y.init || x.init == Fool {
					t.Fatalf("foes: adventurer %d's hand size or Initiative changed", i)
				}
				for _, p := range [2][2]facedown{{x.fd, y.fd}, {x.fd2, y.fd2}} {
					if p[0].kind != p[1].kind || p[0].ally != p[1].ally ||
						int(p[0].value)-Card(p[0].card).Value() != int(p[1].value)-Card(p[1].card).Value() {
						t.Fatalf("foes: adventurer %d's facedown %+v was %+v", i, p[0], p[1])
					}
				}
				fool = fool || slices.Contains(x.hand[:x.nh], Fool)
				moved = moved || x.hand != y.hand
			}
			if Card(k.adv[0].fd.card).Suit() != Pentacles {
				t.Fatalf("foes: a minor-action Dodge dealt %v", Card(k.adv[0].fd.card))
			}
			if !fool {
				t.Fatalf("foes: the Fool drawn this round left the hands")
			}
		}
		if !moved {
			t.Errorf("%s: 40 forks never dealt the hidden hands anew", side)
		}
	}
}

// A new encounter starts with no hazard Initiative: one left by an
// encounter that ended mid-round would be dealt again by a fork at the
// first Initiatives, a card in two places.
func TestResetClearsHazardInitiative(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}",
		"scene: {zones: [a, b], hazards: [{name: pendulum, between: [a, b]}]}"))
	k.hz[0], k.hzRev[0] = 7, false
	k.reset()
	k.strong = &strong{}
	k.fork(sim.Party, sim.NewRand(1, 1))
	if k.hz[0] != NoDoom || k.hzRev[0] {
		t.Errorf("a new encounter starts with the hazard's Initiative %v (face up %v)", k.hz[0], k.hzRev[0])
	}
	if n := k.major.n; n != MajorSize {
		t.Errorf("the GM's draw pile holds %d cards before the first draw, want %d", n, MajorSize)
	}
}

// The strong GM's Attack form agrees with the kernel's (attackForm): Spite
// Alone lifts only a dungeon lord aloft, so a creature that is not one and
// has Death Dealer strikes with it, as a lord's would not.
func TestStrongFormOnlyALordIsAloft(t *testing.T) {
	abilities := "abilities: [spite_alone_holds_me_aloft, arcane_attack, death_dealer]"
	cases := []struct {
		name, foe string
		want      Ability
	}{
		{"not a lord", "  - {theme: undead, threat: elite, " + abilities + "}", AbDeathDealer},
		{"the Yellow King", "  - {creature: lich_yellow_king}", AbArcaneAttack},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: cups_chirurgeon}", c.foe))
			if got := k.strongForm(0); got != c.want {
				t.Errorf("strongForm = %s, want %s", abilityTable[got].name, abilityTable[c.want].name)
			}
		})
	}
}

package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// A retreat carries the downed only in the arms of those who get away, one
// each: a guild of one able adventurer and two at Death's Door carries one
// off and leaves the other; one caught by the pursuers carries no one.
func TestRetreatCarriesOnlyWhatItsArmsCan(t *testing.T) {
	const three = "  - {archetype: swords_shieldbearer}\n  - {archetype: cups_chirurgeon}\n  - {archetype: wands_sorcerer}"
	for _, c := range []struct {
		name   string
		caught int
		gone   [3]bool
	}{
		{"one carrier, two downed", -1, [3]bool{true, true, false}},
		{"the only carrier caught", 0, [3]bool{false, false, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := optKernel(t, three, "  - {creature: ogre}")
			for _, i := range []int{1, 2} {
				k.adv[i].door, k.adv[i].reachedDoor = true, true
			}
			k.escape(c.caught, false)
			for i, want := range c.gone {
				if k.adv[i].gone != want {
					t.Errorf("%s: adventurer %d gone %v, want %v", c.name, i, k.adv[i].gone, want)
				}
			}
		})
	}
}

// Every encounter in which every adventurer dies is a defeat, however it
// ended (a retreat whose dying were left behind, or that got nobody away).
func TestEveryoneDeadIsADefeat(t *testing.T) {
	b := mustDecode(t, "system: hmtw\nmax_rounds: 30\nparty:\n  - {archetype: wands_sorcerer}\n  - {archetype: cups_chirurgeon, gear: []}\n"+
		"foes:\n  - {creature: goblin_raider, count: 6}\nstrategies: {party: competent, foes: brutal}\noptions: {H-29: off, H-11: kills}\n")
	k := newKernel(b)
	rec := sim.NewRecord(b.Schema())
	var r sim.Rand
	tpk := 0
	for e := uint64(0); e < 3000; e++ {
		r.Seed(11, e)
		rec.Reset()
		k.Play(&r, rec, nil)
		if rec.Values[sim.TPK] == 1 {
			tpk++
			if rec.Values[sim.Defeat] != 1 || rec.Values[mRetreat] == 1 || rec.Values[sim.Victory] == 1 {
				t.Fatalf("encounter %d: everyone died, but defeat %d, retreat %d, victory %d", e, rec.Values[sim.Defeat],
					rec.Values[mRetreat], rec.Values[sim.Victory])
			}
		}
	}
	if tpk == 0 {
		t.Fatal("no encounter killed everyone: the test shows nothing")
	}
}

// holdCards puts card c in the hand of every adventurer (not drawn from
// the deck, whose order the tests stack).
func holdCards(k *kernel, c Card) {
	for i := 0; i < k.na; i++ {
		k.adv[i].hand[0], k.adv[i].nh = c, 1
	}
}

// A retreat costs a card (p.124: "If this attempt takes place during a
// Challenge, each adventurer needs to play a card as a miscellaneous
// action"; the rules spec's errata E-H8): it is attempted while the hands
// are held, each adventurer who holds a card spends one, and one who holds
// none cannot contribute: it is not among the testers (the highest and the
// lowest Pentacles of those who played a card) but runs with the guild. A
// guild in which nobody holds a card makes no attempt.
func TestRetreatCostsACard(t *testing.T) {
	const two = "  - {archetype: pentacles_skirmisher}\n  - {archetype: wands_sorcerer}"
	// Both hold a card: both test (10+4 success, 3+2 failure: 1 hit).
	k := optKernel(t, two, "  - {creature: ogre}", opt("H-28", "cornered"))
	holdCards(k, MakeCard(Swords, 2))
	k.minor.stack = []uint8{uint8(MakeCard(Cups, 10)), uint8(MakeCard(Cups, 3))}
	if k.offerRetreat() || k.adv[0].nh != 0 || k.adv[1].nh != 0 {
		t.Errorf("both holding a card: escaped %v, cards left %d and %d; want cornered, both spent", k.adv[0].gone, k.adv[0].nh, k.adv[1].nh)
	}
	// The sorcerer holds none: the skirmisher is the only tester (and, a
	// group test of one, tests twice: H-35), and both get away.
	k = optKernel(t, two, "  - {creature: ogre}", opt("H-28", "cornered"))
	k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 2), 1
	k.minor.stack = []uint8{uint8(MakeCard(Cups, 10)), uint8(MakeCard(Cups, 11))}
	k.tr = &sim.Trace{}
	if !k.offerRetreat() || !k.adv[0].gone || !k.adv[1].gone {
		t.Errorf("only the skirmisher holding a card: gone %v and %v, want both away", k.adv[0].gone, k.adv[1].gone)
	}
	for _, e := range k.tr.Events {
		if e.Actor == k.aname(1) && strings.Contains(e.Text, "tests Pentacles") {
			t.Errorf("the sorcerer, who held no card, tested: %s", e.Text)
		}
	}
	// Nobody holds a card: no attempt, not cornered.
	k = optKernel(t, two, "  - {creature: ogre}")
	if k.offerRetreat() || k.t.cornered || k.adv[0].gone {
		t.Errorf("no card in the guild: escaped %v, cornered %v; want no attempt", k.adv[0].gone, k.t.cornered)
	}
}

// A poultice's great failure in the fight: "you die and instantly rise as a
// zombie" (the rules spec's errata E-H11): the zombie joins the fight, in
// the dead adventurer's zone, as a foe the guild must beat too; after the
// fight it is only counted.
func TestRisenZombieJoins(t *testing.T) {
	const two = "  - {archetype: cups_chirurgeon, medical_motif: false}\n  - {archetype: swords_shieldbearer, gear: [poultice]}"
	k := optKernel(t, two, "  - {creature: goblin_raider}")
	z := k.m.risen
	if z < 0 {
		t.Fatal("no group for the guild's risen dead")
	}
	if k.groupIn(z) {
		t.Fatal("a risen zombie in the fight from the start")
	}
	k.memberDown(0) // the goblin is down: only the zombie will stand
	k.adv[1].door = true
	theParty.push = true
	k.minor.stack = []uint8{uint8(MakeCard(Swords, 1)), uint8(Fool)} // 1+1 fails, the Fool on the push: great failure
	k.poulticeTest(1, false)
	if !k.adv[1].dead || !k.t.zombie || !k.groupIn(z) {
		t.Fatalf("great failure in the fight: dead %v, zombie %v, the zombie in the fight %v", k.adv[1].dead, k.t.zombie, k.groupIn(z))
	}
	if j := k.grp[z].lo; k.mem[j].zone != k.adv[1].zone || k.mem[j].out() {
		t.Errorf("the zombie stands in zone %d (out %v), the dead in %d", k.mem[j].zone, k.mem[j].out(), k.adv[1].zone)
	}
	if k.ended() != going {
		t.Error("the goblin down, the fight ended with the zombie still standing")
	}
	// After the fight, the zombie is counted and joins nothing.
	k = optKernel(t, two, "  - {creature: goblin_raider}")
	k.end = endVictory
	k.adv[1].door = true
	theParty.push = true
	k.minor.stack = []uint8{uint8(MakeCard(Swords, 1)), uint8(Fool)}
	k.poulticeTest(1, false)
	if !k.t.zombie || k.groupIn(k.m.risen) {
		t.Errorf("great failure after the fight: zombie %v, in the fight %v", k.t.zombie, k.groupIn(k.m.risen))
	}
}

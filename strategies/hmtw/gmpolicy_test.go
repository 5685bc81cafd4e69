package hmtwstrat_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// romanValue reads the value of a major arcanum named as the trace names
// it ("The Hermit [IX]").
func romanValue(s string) int {
	i, j := strings.LastIndex(s, "["), strings.LastIndex(s, "]")
	if i < 0 || j < i {
		return 0
	}
	vals := map[byte]int{'I': 1, 'V': 5, 'X': 10}
	r := s[i+1 : j]
	n := 0
	for x := 0; x < len(r); x++ {
		v := vals[r[x]]
		if x+1 < len(r) && vals[r[x+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	return n
}

// firstInitiative replays encounter e and returns the GM's first-round
// hand (its values) and the value group name played as Initiative.
func firstInitiative(t *testing.T, m sim.Model, name string, e int64) (hand []int, init int) {
	t.Helper()
	_, tr := sim.Replay(m, 5, e)
	for _, ev := range tr.Events {
		if ev.Round != 1 {
			continue
		}
		if rest, ok := strings.CutPrefix(ev.Text, "draws "); ok && ev.Actor == "GM" {
			_, cards, _ := strings.Cut(rest, ": ")
			hand = hand[:0]
			for _, c := range strings.Split(cards, ", ") {
				hand = append(hand, romanValue(c))
			}
		}
		if ev.Actor == name && strings.HasPrefix(ev.Text, "plays Initiative facedown (") {
			init = romanValue(ev.Text)
		}
	}
	if init == 0 || len(hand) == 0 {
		t.Fatalf("encounter %d: no hand or Initiative for %s", e, name)
	}
	return hand, init
}

// The GM's Initiative (spec 8.2, p.128): the worked example's GM plays the
// lowest card for the aggressive and stupid goblins and a middling one for
// the pendulum, "saving their higher cards for later mischief"; the spec's
// default reads it as "the lowest card for swarms of minions, a middle card
// for others" (a group of brutes is no swarm of minions); brutal plays
// them as fair-but-smart does (a lone creature's highest card, acting
// last, left it less deadly). A dungeon lord
// is one creature (spec 7.4: one Initiative card for the whole creature),
// however many pools it has; its pools are no swarm.
func TestGMInitiativeChoice(t *testing.T) {
	cases := []struct {
		name, foes, gm, actor, want string
	}{
		{"six goblins", "{creature: goblin_raider, count: 6, name: G}", "fair-but-smart", "G", "lowest"},
		{"four winter wolves, minions", "{creature: winter_wolf, count: 4, name: W}", "fair-but-smart", "W", "lowest"},
		{"three skeletons, brutes: no swarm of minions", "{creature: skeleton, count: 3, name: S}", "fair-but-smart", "S", "middle"},
		{"two ogres, brutes", "{creature: ogre, count: 2, name: O}", "fair-but-smart", "O", "middle"},
		{"a lone ogre", "{creature: ogre, name: O}", "fair-but-smart", "O", "middle"},
		{"the Lich, a dungeon lord", "{creature: lich_yellow_king, name: L}", "fair-but-smart", "L", "middle"},
		{"brutal: six goblins", "{creature: goblin_raider, count: 6, name: G}", "brutal", "G", "lowest"},
		{"brutal: a lone ogre", "{creature: ogre, name: O}", "brutal", "O", "middle"},
		{"brutal: the Lich", "{creature: lich_yellow_king, name: L}", "brutal", "L", "middle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "system: hmtw\nmax_rounds: 3\n" + party + "foes:\n  - " + c.foes + "\nstrategies: {foes: " + c.gm + "}\n"
			m := compile(t, src)
			for e := int64(0); e < 30; e++ {
				hand, init := firstInitiative(t, m, c.actor, e)
				var lesser []int
				for _, d := range hand {
					if d >= 1 && d <= 14 {
						lesser = append(lesser, d)
					}
				}
				sort.Ints(lesser)
				if len(lesser) == 0 {
					continue
				}
				want := map[string]int{"lowest": lesser[0], "middle": lesser[(len(lesser)-1)/2],
					"highest": lesser[len(lesser)-1]}[c.want]
				if init != want {
					t.Fatalf("encounter %d: hand %v, Initiative %d, want the %s lesser doom %d", e, hand, init, c.want, want)
				}
			}
		})
	}
}

// firstGroupAttack replays encounter e and returns, for the first Attack
// group name makes on its own turn, the mob on each adventurer it strikes.
func firstGroupAttack(m sim.Model, name string, e int64) map[string]int {
	_, tr := sim.Replay(m, 5, e)
	in := false
	mobs := map[string]int{}
	for _, ev := range tr.Events {
		mine := ev.Actor == name || strings.HasPrefix(ev.Actor, name+" ")
		if mine && strings.Contains(ev.Text, "on its turn: Attack") {
			if in {
				break
			}
			in = true
			continue
		}
		if !in {
			continue
		}
		if strings.Contains(ev.Text, "as a minor action") || strings.Contains(ev.Text, "on its turn") {
			break
		}
		rest, found := strings.CutPrefix(ev.Text, "Attack on ")
		if !mine || !found {
			continue
		}
		who, _, _ := strings.Cut(rest, ":")
		n := 1
		if i := strings.Index(who, " (mob of "); i >= 0 {
			fmt.Sscanf(who[i+len(" (mob of "):], "%d", &n)
			who = who[:i]
		}
		mobs[who] = n
	}
	return mobs
}

// A group's Attack (p.185, "if five goblins use the Attack action, this
// will affect up to five different adventurers"; spec 9.2's default splits
// the members among the targets): fair-but-smart spreads its members in
// pairs, each pair with the mob's favor (p.122), rather than spending the
// whole group's card on one adventurer; eight or more gang up for the
// mob's Critical; so does brutal (the whole group on one adventurer left it
// less deadly than fair-but-smart against the worked example's goblins).
func TestGroupAttackSpreads(t *testing.T) {
	cases := []struct {
		name, foes, actor, gm string
		spread                bool
	}{
		{"six goblins, fair-but-smart", "{creature: goblin_raider, count: 6, name: G}", "G", "fair-but-smart", true},
		{"three goblins, fair-but-smart", "{creature: goblin_raider, count: 3, name: G}", "G", "fair-but-smart", true},
		{"nine goblins, fair-but-smart", "{creature: goblin_raider, count: 9, name: G}", "G", "fair-but-smart", true},
		{"six goblins, brutal", "{creature: goblin_raider, count: 6, name: G}", "G", "brutal", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "system: hmtw\nmax_rounds: 3\n" + party + "foes:\n  - " + c.foes + "\nstrategies: {foes: " + c.gm + "}\n"
			m := compile(t, src)
			n := 0
			for e := int64(0); e < 60 && n < 12; e++ {
				mobs := firstGroupAttack(m, c.actor, e)
				total, most := 0, 0
				for _, x := range mobs {
					total += x
					most = max(most, x)
				}
				if total < 2 {
					continue
				}
				n++
				want := len(mobs) == 1 // the whole group on one
				if c.spread && total < 8 {
					// Pairs: as many adventurers as pairs (up to the
					// four of the guild), none facing more than two.
					want = most == 2 && len(mobs) == min((total+1)/2, 4)
				}
				if !want {
					t.Fatalf("encounter %d: %d members struck %v", e, total, mobs)
				}
			}
			if n == 0 {
				t.Fatal("the group never attacked on its turn with two or more")
			}
		})
	}
}

// A group does not hold back its Attack on its turn to keep the GM's last
// lesser doom for a group that will not need it: the ogre pays its Attack
// with a greater doom (Smash), so the ogre-brute example's Barrow-wight,
// keeping the one lesser doom for it, did nothing on its turn and spent
// the card later as a minor action, without its Swords (encounters 2, 5,
// 12, 13, 27 and 40 of the example).
func TestGMHoldsNoAttackForAGroupThatPaysWithAGreaterDoom(t *testing.T) {
	m := compile(t, ogreBrute)
	for e := int64(0); e < 60; e++ {
		_, tr := sim.Replay(m, 22, e)
		idle, greater, round := false, false, 0
		for _, ev := range tr.Events {
			if ev.Round != round {
				idle, greater, round = false, false, ev.Round
			}
			switch {
			case ev.Actor == "Barrow-wight" && strings.HasPrefix(ev.Text, "turn at"):
				idle, greater = false, false
			case ev.Actor == "Barrow-wight" && ev.Text == "does nothing":
				idle = true
			case ev.Actor == "Grum" && strings.Contains(ev.Text, "on its turn: Attack") && isGreater(ev.Text):
				greater = idle
			case ev.Actor == "Barrow-wight" && strings.Contains(ev.Text, "as a minor action: Attack") && idle && greater:
				t.Errorf("encounter %d, round %d: the Barrow-wight did nothing on its turn, Grum attacked with a greater doom, then: %s", e, ev.Round, ev.Text)
				idle = false
			}
		}
	}
}

// isGreater reports a narrated play of a greater doom (XV to XXI).
func isGreater(text string) bool {
	for _, r := range []string{"[XV]", "[XVI]", "[XVII]", "[XVIII]", "[XIX]", "[XX]", "[XXI]"} {
		if strings.Contains(text, "plays ") && strings.Contains(text, r+" on its turn") {
			return true
		}
	}
	return false
}

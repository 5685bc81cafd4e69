package hmtw_test

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems/hmtw"
)

// The competent guild's plays, each set up by hand on a Table: the
// situation a replay showed going wrong, and the decision asked for.

// guildTable compiles src and returns a Table of it and the competent
// policy.
func guildTable(t *testing.T, src string) (*hmtw.Table, hmtw.PartyPolicy) {
	t.Helper()
	b := compileYAML(t, src)
	p, err := hmtw.PartyPolicyNamed("competent")
	if err != nil {
		t.Fatal(err)
	}
	return hmtw.NewTable(b.Model), p
}

// ogreGuild is the ogre-brute example's fight: Brannoc, Ilse, Mord and
// Cato against Grum the ogre (member 0) and the Barrow-wight (member 1).
const ogreGuild = `system: hmtw
max_rounds: 30
party:
  - {archetype: swords_shieldbearer, name: Brannoc}
  - {archetype: pentacles_skirmisher, name: Ilse}
  - {archetype: wands_sorcerer, name: Mord%s}
  - {archetype: cups_chirurgeon, name: Cato}
foes:
  - {creature: ogre, name: Grum}
  - {theme: undead, threat: brute, name: Barrow-wight, abilities: [deadly_attack]}
`

// An Exhausted or Blind adventurer Avoids at disfavor (p.12-13): Mord,
// engaged with Grum whose Initiative shows 12, holds the X of Swords, 12
// with his Pentacles 2 at face value but 9 at disfavor. A failed Avoid
// costs a free Wound from Grum, who engages him again at his next blow:
// Exhausted, he does not try it; fresh, he slips away to use his wand.
func TestNoAvoidAtDisfavorItCannotWin(t *testing.T) {
	for _, c := range []struct {
		name  string
		eff   hmtw.Effect
		avoid bool
	}{{"fresh", 0, true}, {"Exhausted", hmtw.Exhaust, false}} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(ogreGuild, "%s", "", 1))
			tb.Hand(2, "10S", "2C", "3C")
			tb.Engage(2, 0)
			tb.GroupInit(0, hmtw.Doom(12))
			tb.Effects(2, c.eff)
			a := tb.Turn(p, 2)
			if got := a.Kind == hmtw.Avoid; got != c.avoid {
				t.Errorf("%s Mord, X of Swords against Grum's 12: %v (Avoid %v, want %v)", c.name, a.Kind, got, c.avoid)
			}
		})
	}
}

// workedGuild is the worked example's scene: Fergus, Chirm and Daria in
// the room, six goblins in the foyer beyond the pendulum (2 Piercing
// Wounds to whoever fails to Avoid it).
const workedGuild = `system: hmtw
max_rounds: 30
scene:
  zones: [room, foyer]
  hazards: [{name: Pendulum blade, between: [room, foyer], wounds: 2, piercing: true}]
party:
  - {name: Fergus, path: cups, attributes: {swords: 3, pentacles: 2, cups: 4, wands: 1}, hands: [dagger], zone: room}
  - {name: Chirm, path: pentacles, kin: wood_elf, attributes: {swords: 2, pentacles: 4, cups: 3, wands: 1}, hands: [dagger], conditions: [staggered]%s, zone: room}
foes:
  - {creature: goblin_raider, name: Goblins, count: 6, zone: foyer}
`

// An adventurer whom the pendulum's 2 Piercing Wounds would leave Injured
// or worse does not stake them on a guess at its face-down Initiative: the
// V of Swords (9 with Pentacles 4) beats the guess of 8, not the 9 or more
// the hazard may hold. Staggered with both talents Wounded, Chirm waits;
// with her talents whole she crosses (the worked example, encounter 146:
// she failed and marked Death's Door).
func TestNoPendulumStakeWhenAFailureInjures(t *testing.T) {
	for _, c := range []struct {
		name, extra string
		avoid       bool
	}{{"talents whole", "", true}, {"talents Wounded", ", wounded_talents: 2", false}} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(workedGuild, "%s", c.extra, 1))
			tb.Hand(1, "5S", "2C")
			a := tb.Turn(p, 1)
			if got := a.Kind == hmtw.Avoid; got != c.avoid {
				t.Errorf("Chirm, %s, V of Swords at the face-down pendulum: %v (Avoid %v, want %v)", c.name, a.Kind, got, c.avoid)
			}
		})
	}
}

// Aid Another adds its value to the ally's action and stacks (p.118's
// fastball specials), but a card added to a hit already sure is thrown
// away. Ilse holds the X of Cups as a minor action; Brannoc, still to act,
// holds the King of Swords (18 with his Swords 4); the others hold nothing.
func TestAidOnlyWhereItMakesTheHit(t *testing.T) {
	for _, c := range []struct {
		name    string
		init    int // Grum's Initiative, face up
		waiting int // an Aid facedown from Cato already, 0 for none
		aid     bool
	}{
		{"a sure hit", 7, 0, false},
		{"out of reach alone", 21, 0, true},
		{"made sure by the Aid waiting", 21, 5, false},
		{"made sure by a second Aid", 21, 2, true},
		{"Brannoc holding only the Fool", 21, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(ogreGuild, "%s", "", 1))
			tb.Hand(0, "KS", "2P")
			if strings.Contains(c.name, "Fool") {
				tb.Hand(0, "fool") // no card to strike with: the Aid would wait for nothing
			}
			tb.Hand(1, "10C")
			tb.GroupInit(0, hmtw.Doom(c.init))
			tb.GroupInit(1, hmtw.Doom(21))
			if c.waiting > 0 {
				tb.AidFacedown(3, 0, c.waiting)
			}
			a := tb.Minor(p, 1)
			if got := a.Kind == hmtw.AidAnother && a.Ally == 0; got != c.aid {
				t.Errorf("%s: Ilse plays %v for %d (Aid for Brannoc %v, want %v)", c.name, a.Kind, a.Ally, got, c.aid)
			}
		})
	}
}

// A web bomb in hand is thrown where it helps (the worked example's
// Fergus had never thrown his): at the foe with most left to take down,
// when the throw beats its Initiative. Webbed, Grum is Rooted and every
// Attack on him has favor until he has Recovered four times. Cato holds
// the web bomb and his hammer: the VIII of Cups throws at 12 against
// Grum's 7; against 21 no card of his makes it, and he keeps the bomb.
func TestWebBombWhereItHelps(t *testing.T) {
	for _, c := range []struct {
		name  string
		init  int
		throw bool
	}{{"Initiative 7", 7, true}, {"Initiative 21", 21, false}} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(strings.Replace(ogreGuild, "%s", "", 1),
				"name: Cato}", "name: Cato, hands: [hammer, web_bomb]}", 1))
			tb.Hand(3, "8C", "2S")
			tb.GroupInit(0, hmtw.Doom(c.init))
			tb.GroupInit(1, hmtw.Doom(c.init))
			a := tb.Turn(p, 3)
			if got := a.Kind == hmtw.UseItem && a.Item == hmtw.WebBomb; got != c.throw {
				t.Errorf("%s: Cato plays %v with %v (web bomb %v, want %v)", c.name, a.Kind, a.Item, got, c.throw)
			}
		})
	}
}

// Favor never stacks (p.10): against a webbed target in cover, the web's
// favor and the cover's disfavor cancel, and a Resolve spent for favor
// adds nothing to that. Mord's wand blast into the hall with the Ace of
// Swords (5 with his Wands 4) does not reach Grum's 6, Resolve or not: he
// makes no Attack (before, he Attacked, sure that the Resolve made 8).
// Plain, Grum in cover at 4: the blast is 2, and a Resolve's favor
// cancels the disfavor, 5: he Attacks.
func TestNoResolveOnFavorAlreadyThere(t *testing.T) {
	src := strings.Replace(strings.Replace(ogreGuild, "%s", ", zone: room", 1), "name: Grum}", "name: Grum, zone: hall}", 1)
	src = strings.Replace(src, "abilities: [deadly_attack]}", "abilities: [deadly_attack], zone: hall}", 1) +
		"scene:\n  zones: [room, hall]\n  cover: [hall]\n"
	for _, c := range []struct {
		name   string
		eff    hmtw.Effect
		init   int
		attack bool
	}{
		{"Grum plain at 4: the Resolve's favor cancels the cover's disfavor", 0, 4, true},
		{"Grum webbed at 6", hmtw.Webbed | hmtw.Root, 6, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, src)
			tb.Hand(2, "AS")
			tb.GroupInit(0, hmtw.Doom(c.init))
			tb.GroupInit(1, hmtw.Doom(21))
			tb.MemberEffects(0, c.eff)
			a := tb.Turn(p, 2)
			if got := a.Kind == hmtw.Attack; got != c.attack {
				t.Errorf("%s: Mord plays %v (Attack %v, want %v)", c.name, a.Kind, got, c.attack)
			}
		})
	}
}

// Withering, where the scenario gives it, deals a Wound where the
// sorcerer's wand cannot: Mord, engaged with Grum (a missile weapon needs
// to be disengaged), holds the X of Swords, 14 with his Wands 4 against
// Grum's face-up 8. He speaks Withering on Grum rather than spend the
// card on an Avoid that deals nothing; without the spell he Avoids.
func TestWitheringWhereTheWandCannot(t *testing.T) {
	for _, c := range []struct {
		name, extra string
		want        hmtw.ActionKind
	}{{"no spell", "", hmtw.Avoid}, {"Withering", ", spells: [withering], training: [magic_of_the_wastes], xp: 3", hmtw.Incant}} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(ogreGuild, "%s", c.extra, 1))
			tb.Hand(2, "10S", "2C")
			tb.Engage(2, 0)
			tb.GroupInit(0, hmtw.Doom(8))
			tb.GroupInit(1, hmtw.Doom(21))
			if a := tb.Turn(p, 2); a.Kind != c.want || c.want == hmtw.Incant && (a.Spell != hmtw.Withering || a.Target != 0) {
				t.Errorf("%s: Mord plays %v (spell %v at %d), want %v", c.name, a.Kind, a.Spell, a.Target, c.want)
			}
		})
	}
}

// An adventurer on its last legs holds its highest card up as Initiative:
// Mord, Staggered, both talents Wounded and no armor, is one Wound from
// Injured and two from Death's Door; against the ogre (no Claw, not
// outnumbered) the guild otherwise plays for tempo, its lowest card.
func TestLastLegsGuardHigh(t *testing.T) {
	for _, c := range []struct {
		name, extra string
		want        int // the index of the card in hand
	}{
		{"fresh", "", 0},
		{"on his last legs", ", conditions: [staggered], wounded_talents: 2, gear: [poultice]", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, p := guildTable(t, strings.Replace(ogreGuild, "%s", c.extra, 1))
			tb.Hand(2, "AC", "10S", "3W")
			if got := tb.Initiative(p, 2); got != c.want {
				t.Errorf("%s: Mord plays card %d as Initiative, want %d", c.name, got, c.want)
			}
		})
	}
}

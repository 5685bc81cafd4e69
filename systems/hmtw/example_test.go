package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// The worked example of the rulebook's chapter 7 (pp.127-133; the spec's
// section 6.12) as a regression test: the decks are stacked with the
// book's cards, the players and the GM make the book's choices, and the
// kernel must reach the book's numbers and narrate them in the book's
// order.

// workedExample is the scene: the guild's room, the goblins' foyer, the
// pendulum in the hallway between; both ends have cover; the GM lets a
// Dodge reach across zones (Fergus's "Look out behind you").
const workedExample = `system: hmtw
name: The worked example (pp.127-133)
max_rounds: 1
strategies: {party: test-book, foes: test-book}
scene:
  zones: [room, foyer]
  exits: [foyer]
  cover: [room, foyer]
  hazards: [{name: Pendulum blade, between: [room, foyer], wounds: 2, piercing: true}]
  protect_across_zones: true
party:
  - name: Fergus
    path: cups
    kin: human
    attributes: {swords: 3, pentacles: 2, cups: 4, wands: 1}
    talents: [alchemy]
    hands: [web_bomb, dagger]
    gear: [lantern]
    zone: room
  - name: Chirm
    path: pentacles
    kin: wood_elf
    attributes: {swords: 2, pentacles: 4, cups: 3, wands: 1}
    talents: [fight_dirty]
    hands: [dagger]
    gear: [light_armor, helm]
    conditions: [staggered]
    zone: room
  - name: Daria
    path: wands
    kin: orc
    attributes: {swords: 2, pentacles: 3, cups: 1, wands: 4}
    talents: [gramarye]
    hands: [archwood_wand, light_shield]
    gear: [component, stiletto]
    zone: room
foes:
  - {creature: goblin_raider, name: Goblins, count: 6, ranged: 3, zone: foyer, disposition: anger}
`

// The book's decks: the three hands in marching order, then the GM's seven.
var (
	bookMinor = []string{"10C", "10S", "PW", "fool", "5S", "5W", "AC", "PP", "2S", "7W", "9W", "KP"}
	bookMajor = []Doom{4, 6, 7, 11, 13, 18, 19}
)

// Party indices and the goblins' roles: 0-2 carry bows; the bomb webs
// goblin 5 (index 4); the wand blasts goblin 1; Chirm throws goblin 2.
const (
	fergus, chirm, daria    = 0, 1, 2
	webbed, blasted, thrown = 4, 0, 1
)

// cardIn is the index of the named card in adventurer i's hand.
func cardIn(v *View, i int, name string) int8 {
	want, _ := parseCard(name)
	for j := 0; j < v.HandSize(i); j++ {
		if v.Card(i, j) == want {
			return int8(j)
		}
	}
	return -1
}

// gmCard is the index of card d in the GM's hand.
func gmCard(v *View, d Doom) int8 {
	for j := 0; j < v.GMHand(); j++ {
		if v.GMCard(j) == d {
			return int8(j)
		}
	}
	return -1
}

// bookParty makes the players' choices of the example.
type bookParty struct{}

func (bookParty) Initiative(v *View, self int) int {
	script := [...]string{"PW", "5W", "KP"}
	if self >= len(script) {
		return -1 // not one of the book's three: the kernel's own choice (the conformance suite plays it on other guilds)
	}
	return int(cardIn(v, self, script[self]))
}

func (bookParty) Turn(v *View, self int, a *Action) {
	switch {
	case self == chirm && v.k.count == 5:
		// "I'm going to stab the one that's in the web."
		a.Kind, a.Card, a.Target = Attack, cardIn(v, self, "AC"), webbed
	case self == daria && v.k.count == 14:
		a.Kind, a.Card, a.Target = Banter, cardIn(v, self, "9W"), blasted
	}
}

func (bookParty) Minor(v *View, self int, a *Action) {
	switch {
	case v.k.count == 4 && self == fergus:
		a.Kind, a.Card, a.Item, a.Target = UseItem, cardIn(v, self, "10C"), WebBomb, webbed
	case v.k.count == 4 && self == chirm:
		a.Kind, a.Card, a.Hazard = Avoid, cardIn(v, self, "PP"), 0
	case v.k.count == 4 && self == daria:
		a.Kind, a.Card, a.Target = Attack, cardIn(v, self, "7W"), blasted
	case v.k.count == 5 && self == daria:
		a.Kind, a.Card, a.Item, a.Hand = PullBelt, cardIn(v, self, "2S"), Component, 0 // the wand goes to the belt
	case v.k.count == 14 && self == chirm:
		a.Kind, a.Card, a.Target, a.Effect = Roughhouse, cardIn(v, self, "5S"), thrown, Displace
	}
}

func (bookParty) Interrupt(v *View, self int, t *Threat, a *Action) {
	// "NOT SO FAST!" The Fool and the X of Swords: a Dodge for Chirm.
	if self == fergus && t.Target == chirm && v.k.count == 5 && v.Offer()&OfferFool != 0 {
		a.Kind, a.Card, a.Ally, a.Fool = Dodge, cardIn(v, self, "10S"), chirm, true
	}
}

func (bookParty) Absorb(v *View, self int, w Wound) Absorber     { return DefaultAbsorb(v, self, w) }
func (bookParty) FateResolve(v *View, self int, t FateTest) bool { return false }
func (bookParty) Push(v *View, self int, p FatePush) bool        { return false }
func (bookParty) Retreat(v *View) bool                           { return false }

// bookGM makes the GM's choices of the example.
type bookGM struct{}

func (bookGM) Initiative(v *View, g int) int { return int(gmCard(v, 4)) } // The Emperor: aggressive and stupid

func (bookGM) Turn(v *View, g int, a *GMAction) {
	// "only half of them have bows out and drawn, so let's just say one
	// attack per person"
	a.Kind, a.Card = GMAttack, gmCard(v, 11)
	a.Targets[0], a.Targets[1], a.Targets[2] = daria, fergus, chirm
}

func (bookGM) Minor(v *View, g int, a *GMAction) {
	if v.k.count != 5 {
		return
	}
	// Death, with the Moon for Poison, every goblin in the zone on Chirm.
	a.Kind, a.Card, a.Rider, a.Ability = GMAttack, gmCard(v, 13), gmCard(v, 18), AbPoison
	for i := 0; i < 6; i++ {
		a.Targets[i] = chirm
	}
}

func init() {
	Policies.Party.Register("test-book", "test only: the worked example's players", bookParty{})
	Policies.Foes.Register("test-book", "test only: the worked example's GM", bookGM{})
}

// bookModel compiles the example with its stacked decks.
func bookModel(t testing.TB) *model {
	m := mustDecode(t, workedExample)
	for _, s := range bookMinor {
		c, ok := parseCard(s)
		if !ok {
			t.Fatalf("card %q", s)
		}
		m.minorStack = append(m.minorStack, uint8(c))
	}
	for _, d := range bookMajor {
		m.majorStack = append(m.majorStack, uint8(d))
	}
	return m
}

func TestWorkedExample(t *testing.T) {
	m := bookModel(t)
	k := newKernel(m)
	tr := &sim.Trace{}
	rec := sim.NewRecord(m.schema)
	k.Play(sim.NewRand(1, 0), rec, tr)
	var sb strings.Builder
	if err := tr.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	text := sb.String()
	// The book's numbers, in the book's order.
	steps := []string{
		// Step 1: the hands; the GM draws 3 + 2 types + outnumber + double.
		"Fergus: draws X of Cups, X of Swords, Page of Wands, the Fool",
		"Chirm: draws V of Swords, V of Wands, Ace of Cups, Page of Pentacles",
		"Daria: draws II of Swords, VII of Wands, IX of Wands, King of Pentacles",
		"GM: draws 7 cards: The Emperor [IV], The Lovers [VI], The Chariot [VII], Justice [XI], Death [XIII], The Moon [XVIII], The Sun [XIX]",
		// Step 2: Initiatives.
		"Goblins: plays Initiative facedown (The Emperor [IV])",
		"Pendulum blade: plays Initiative facedown (The Chariot [VII])",
		"Fergus: plays Initiative facedown (Page of Wands)",
		"Chirm: plays Initiative facedown (V of Wands)",
		"Daria: plays Initiative facedown (King of Pentacles)",
		// Count 4: Justice + Swords 4 = 15, disfavor for cover: 12.
		"Goblins: turn at 4",
		"Goblins: plays Justice [XI] on its turn: Attack, 15",
		"Daria: flips Initiative: King of Pentacles (14)",
		"Goblins 1: Attack on Daria: 12 against Initiative 14: miss",
		"Fergus: flips Initiative: Page of Wands (11)",
		"Goblins 2: Attack on Fergus: 12 against Initiative 11: hit",
		"Fergus: marks Staggered",
		"Chirm: flips Initiative: V of Wands (5)",
		"Goblins 3: Attack on Chirm: 12 against Initiative 5: hit",
		"Chirm: Notches the helm; it is Destroyed",
		// The minor actions: the bomb ties the pendulum and webs a goblin;
		// Chirm's Page of Pentacles beats it; the wand ties the goblins.
		"Fergus: plays X of Cups as a minor action: Use Item, throws a web bomb at Goblins 5: 7",
		"Pendulum blade: flips Initiative: The Chariot [VII]",
		"Fergus: web bomb against Pendulum blade's Initiative 7: passes",
		"Fergus: against Goblins 5's Initiative 4: hit",
		"Goblins 5: is webbed to the spot",
		"Chirm: plays Page of Pentacles as a minor action: Avoids Pendulum blade, 11 against its Initiative 7: passes",
		"Chirm: is now in the foyer",
		"Daria: plays VII of Wands as a minor action: Attacks with an archwood wand Goblins 1, 4 against Initiative 4: hit",
		"Goblins 1: HD 2/0",
		// Count 5: Chirm's Ace of Cups + Swords 2 + favor = 6; the dagger
		// pierces a Rooted goblin.
		"Chirm: plays Ace of Cups on its turn: Attacks with a dagger Goblins 5, 6 against Initiative 4: hit",
		"Goblins 5: HD 1/1",
		// The window: the goblins' Death at 13 + mob favor = 16 with the
		// Moon; Fergus's Fool and X of Swords + Pentacles 2 = 12.
		"Daria: plays II of Swords as a minor action: Pull Item from Belt, and now holds component, light_shield",
		"Goblins: plays Death [XIII] as a minor action: Attack, 13, with The Moon [XVIII] for Poison",
		"Fergus: plays the Fool with X of Swords: an extra turn, as an interrupt",
		"Fergus: Dodges for Chirm (the Fool's turn, Pentacles added): +12, Initiative 17",
		"Goblins 1: Attack on Chirm (mob of 6: favor, Piercing): 16 against Initiative 17: miss",
		// Count 11: Fergus has no cards.
		"Fergus: has no cards left: skips, and there is no minor-action window",
		// Count 14: Daria's Banter, IX of Wands + Wands 4 = 13 > Morale 10.
		"Daria: plays IX of Wands on its turn: Banter with Goblins, 13 against Morale 10: passes",
		"Goblins: is afraid now",
		// Chirm throws a goblin into the pendulum: 2 Piercing, dead.
		"Chirm: plays V of Swords as a minor action: Roughhouse (Displace) on Goblins 2, 5 against Initiative 4: hit",
		"Goblins 2: is Displaced to the room",
		"Pendulum blade: catches Goblins 2: 2 Piercing Wounds",
		"Goblins 2: is at Death's Door, out of the fight",
		// Step 5.
		"the Fool was drawn this round: both decks are reshuffled",
	}
	at := 0
	for _, s := range steps {
		i := strings.Index(text[at:], s)
		if i < 0 {
			t.Fatalf("the replay lacks, after position %d: %q\n\n%s", at, s, text)
		}
		at += i + len(s)
	}
	// The state at the end of the round.
	if !k.adv[fergus].staggered || k.adv[chirm].helm && k.adv[chirm].helmNotches > 0 || k.adv[chirm].wounds != 1 || k.adv[daria].wounds != 0 {
		t.Errorf("the guild's wounds: Fergus %+v, Chirm %+v", k.adv[fergus].staggered, k.adv[chirm].helmNotches)
	}
	if k.adv[chirm].zone != 1 || k.grp[0].emotion != Fear {
		t.Errorf("Chirm in zone %d, goblins %s", k.adv[chirm].zone, k.grp[0].emotion)
	}
	hd := func(j int) [2]int16 { return [2]int16{k.mem[j].health, k.mem[j].defense} }
	if hd(blasted) != [2]int16{2, 0} || hd(webbed) != [2]int16{1, 1} || !k.mem[thrown].down || k.mem[webbed].effects&Webbed == 0 {
		t.Errorf("goblins: blasted %v webbed %v thrown down %v", hd(blasted), hd(webbed), k.mem[thrown].down)
	}
	if k.minor.reshuffles != 1 || k.major.reshuffles != 1 {
		t.Errorf("reshuffles: %d minor, %d major", k.minor.reshuffles, k.major.reshuffles)
	}
	if rec.Values[sim.Stalemate] != 1 || rec.Values[mFools] != 1 || rec.Values[mBanter] != 1 || rec.Values[mFoesDown] != 1 {
		t.Errorf("record: %v", rec.Values)
	}
}

package hmtw_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems/hmtw"
	"github.com/tpk-sim/tpk/systems/search"
)

// cornered is a scripted fight: Mord, a sorcerer one Wound from Injured
// (Staggered, both talents Wounded), loses his armor to the ogre's blow at
// the end of round 1 and stays engaged with it. In round 2 Brannoc's
// Attack turns the ogre's Initiative up, Death [XIII]; at Mord's turn his
// best card, the X of Swords, Avoids at 12: it cannot beat 13, and a
// failed Avoid costs a free Wound (Injured, one from Death's Door) for
// disengaging from an ogre that will engage him again.
const cornered = `system: hmtw
max_rounds: 30
party:
  - {archetype: swords_shieldbearer, name: Brannoc}
  - {archetype: wands_sorcerer, name: Mord, conditions: [staggered], wounded_talents: 2%s}
foes:
  - {creature: ogre, name: Grum}
`

var (
	corneredMinor = []string{"4S", "3S", "2C", "AC", "8W", "2W", "3C", "8P",
		"KS", "5S", "2S", "AW", "10S", "9C", "6W", "5C"}
	corneredMajor = []int{9, 10, 11, 15, 16, 12, 13, 14, 17, 18}
)

// corneredPlay narrates the cornered fight, Mord playing strategy (""
// for the default) with up to rollouts rollouts a choice.
func corneredPlay(t *testing.T, strategy string, rollouts int) []sim.Event {
	t.Helper()
	extra := ""
	if strategy != "" {
		extra = ", strategy: " + strategy
	}
	b := compileYAML(t, strings.Replace(cornered, "%s", extra, 1))
	if err := hmtw.StackDecks(b.Model, corneredMinor, corneredMajor); err != nil {
		t.Fatal(err)
	}
	if rollouts > 0 {
		b.Model.(search.Tunable).SetSearch(search.Settings{MaxRollouts: rollouts})
	}
	_, tr := sim.Replay(b.Model, 1, 0)
	return tr.Events
}

// eventsOf is what who did in round r.
func eventsOf(evs []sim.Event, r int, who string) []string {
	var out []string
	for _, e := range evs {
		if e.Round == r && e.Actor == who {
			out = append(out, e.Text)
		}
	}
	return out
}

// Against a face-up Initiative its best card cannot beat, no Avoid: the
// search keeps Mord engaged (the free Wound costs more than the
// disengagement is worth), and so does the competent guild.
func TestStrongNoCertainFailAvoid(t *testing.T) {
	strong := eventsOf(corneredPlay(t, "strong", 256), 2, "Mord")
	searched := false
	for _, e := range strong {
		if strings.HasPrefix(e, "strong play:") && strings.Contains(e, "Swords") {
			searched = true
		}
		if strings.Contains(e, "Avoids to disengage") {
			t.Errorf("strong Mord Avoids against Death [XIII]: %q", e)
		}
	}
	if !searched {
		t.Errorf("strong Mord's round 2 turn was not searched:\n%s", strings.Join(strong, "\n"))
	}
	for _, e := range eventsOf(corneredPlay(t, "", 0), 2, "Mord") {
		if strings.Contains(e, "Avoids to disengage") {
			t.Errorf("competent Mord Avoids against Death [XIII]: %q", e)
		}
	}
}

// Strong play is a strategy like any other: the same encounter plays the
// same, choice by choice, on another kernel, narrated or not.
func TestStrongDeterministic(t *testing.T) {
	for _, side := range []string{"party", "foes"} {
		src := "system: hmtw\nmax_rounds: 30\nparty:\n" + fourAdventurers + "\nfoes:\n  - {creature: ogre}\n" +
			"strategies: {" + side + ": strong}\n"
		b := compileYAML(t, src)
		m := b.Model
		for e := uint64(0); e < 3; e++ {
			var recs [2]*sim.Record
			for n := range recs {
				recs[n] = sim.NewRecord(m.Schema())
				var r sim.Rand
				r.Seed(7, e)
				m.NewKernel().Play(&r, recs[n], nil)
			}
			traced, tr := sim.Replay(m, 7, int64(e))
			if !reflect.DeepEqual(recs[0], recs[1]) || !reflect.DeepEqual(recs[0].Values, traced.Values) {
				t.Errorf("%s strong, encounter %d: records differ", side, e)
			}
			_, tr2 := sim.Replay(m, 7, int64(e))
			if !reflect.DeepEqual(tr.Events, tr2.Events) {
				t.Errorf("%s strong, encounter %d: narrations differ", side, e)
			}
		}
	}
}

// competent is the default party policy.
func competent(t *testing.T) hmtw.PartyPolicy {
	t.Helper()
	p, err := hmtw.PartyPolicyNamed("competent")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A Tripped adventurer whose card beats the lion's face-up Initiative
// Attacks: standing up (a Recover) only takes away the favor of the blows
// aimed at it, and a Tripped adventurer strikes as well as a standing one
// (strong play's largest regret against the lion: 695 in 400 fights).
func TestTrippedStillAttacks(t *testing.T) {
	b := compileYAML(t, "system: hmtw\nparty:\n  - {archetype: swords_two_hander, name: Urzga}\nfoes:\n  - {creature: lion}\n")
	tb := hmtw.NewTable(b.Model)
	tb.Hand(0, "3P", "9P", "3S")
	tb.Effects(0, hmtw.Trip)
	tb.GroupInit(0, 9)
	if a := tb.Turn(competent(t), 0); a.Kind != hmtw.Attack {
		t.Errorf("the Tripped orc plays %v, want an Attack on the lion (its IX of Pentacles beats 9 with Swords 4)", a.Kind)
	}
}

// Heavy Metal Machine against a Claw: a hit of twice the Initiative deals
// 2 Wounds, and the Swords it adds to the Initiative (4 for the orc) turn
// the lion's 12 against 5 into one Wound (strong play's second regret
// against the lion: 21 times in 400 fights).
func TestHeavyMetalAgainstClaw(t *testing.T) {
	b := compileYAML(t, "system: hmtw\nparty:\n  - {archetype: swords_two_hander, name: Urzga}\nfoes:\n  - {creature: lion}\n")
	tb := hmtw.NewTable(b.Model)
	tb.Hand(0, "3P", "9P")
	tb.Init(0, "5S")
	th := tb.Threat(0, 0, 12)
	if a := tb.Interrupt(competent(t), 0, th, hmtw.OfferHMM); a.Kind != hmtw.HeavyMetal {
		t.Errorf("the orc answers the lion's 12 against its Initiative 5 with %v, want Heavy Metal Machine", a.Kind)
	}
}

// Disarmed, the orc punches the lion when its card beats the lion's
// face-up Initiative (fists harm an unarmed beast no larger than a human)
// rather than spend its turn picking up the polearm (strong play's largest
// regret against the lion once Tripped adventurers Attacked); against an
// armed foe, where fists have disfavor and its card cannot beat 9 even
// with a Resolve, it picks the polearm up.
func TestDisarmedPunches(t *testing.T) {
	for _, c := range []struct {
		foe  string
		init hmtw.Doom
		want hmtw.ActionKind
	}{{"lion", 5, hmtw.Attack}, {"goblin_raider", 9, hmtw.Recover}} {
		t.Run(c.foe, func(t *testing.T) {
			b := compileYAML(t, "system: hmtw\nparty:\n  - {archetype: swords_two_hander, name: Urzga}\nfoes:\n  - {creature: "+c.foe+"}\n")
			tb := hmtw.NewTable(b.Model)
			tb.Disarm(0)
			tb.Hand(0, "AP", "3C")
			tb.GroupInit(0, c.init)
			if a := tb.Turn(competent(t), 0); a.Kind != c.want {
				t.Errorf("against a %s the disarmed orc plays %v, want %v", c.foe, a.Kind, c.want)
			}
		})
	}
}

// Fergus closes in on the goblins past the pendulum only with a card that
// beats its face-down Initiative as guessed (the middle of the lesser
// dooms): with a III of Pentacles and Pentacles 3 the Avoid is a blind
// stake of 2 Piercing Wounds, and strong play threw its web bomb instead.
func TestNoBlindPendulum(t *testing.T) {
	for _, c := range []struct {
		hand  []string
		avoid bool
	}{{[]string{"3P", "AC"}, false}, {[]string{"QP", "AC"}, true}} {
		t.Run(strings.Join(c.hand, ","), func(t *testing.T) {
			b := compileYAML(t, `system: hmtw
scene:
  zones: [room, foyer]
  hazards: [{name: Pendulum blade, between: [room, foyer], wounds: 2, piercing: true}]
party:
  - {archetype: swords_shieldbearer, name: Fergus, zone: room}
foes:
  - {creature: goblin_raider, count: 6, zone: foyer}
`)
			tb := hmtw.NewTable(b.Model)
			tb.Hand(0, c.hand...)
			if a := tb.Turn(competent(t), 0); (a.Kind == hmtw.Avoid) != c.avoid {
				t.Errorf("holding %v, Fergus plays %v (Avoid wanted: %v)", c.hand, a.Kind, c.avoid)
			}
		})
	}
}

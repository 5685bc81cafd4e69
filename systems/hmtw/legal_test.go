package hmtw

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// The kernel says why it refuses a play, and the replay shows it.
func TestRefusalReasons(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer, hands: [blade, heavy_shield]}\n  - {archetype: pentacles_skirmisher}",
		"  - {creature: ogre}")
	cases := []struct {
		name string
		act  Action
		want refusal
	}{
		{"reload without a crossbow", Action{Kind: Reload}, refNoCrossbow},
		{"test fate, not engulfed", Action{Kind: TestFate}, refNotEngulfed},
		{"attack at no foe", Action{Kind: Attack, Target: 40, Zone: -1}, refNoTarget},
		{"use an item not held", Action{Kind: UseItem, Item: Bomb, Ally: -1, Target: 0}, refNotHeld},
		{"move to no zone", Action{Kind: Move, Zone: 9}, refNoZone},
		{"heavy metal as a play", Action{Kind: HeavyMetal}, refNotAction},
		{"a card not in hand", Action{Kind: Move, Card: 7, Zone: 0}, refNoCard},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, src)
			k.adv[0].hand[0], k.adv[0].nh = MakeCard(Swords, 3), 1
			k.tr = &sim.Trace{}
			a := c.act
			if a.Kind == Move || a.Kind == Attack {
				a.Hazard, a.Ally, a.Swap = -1, -1, -1
			}
			if got := k.playable(0, &a, modeTurn); got != c.want {
				t.Fatalf("refusal %q, want %q", got, c.want)
			}
			if k.doAdv(0, &a, modeTurn) {
				t.Fatal("a refused play was played")
			}
			want := "refused: " + a.Kind.String() + ": " + c.want.String()
			var text strings.Builder
			k.tr.WriteText(&text)
			if !strings.Contains(text.String(), want) {
				t.Errorf("the replay says %q, not %q", text.String(), want)
			}
		})
	}
}

// Every refusal has its words.
func TestRefusalTextComplete(t *testing.T) {
	for r := refusal(0); r < numRefusals; r++ {
		if refusalText[r] == "" {
			t.Errorf("refusal %d has no text", r)
		}
	}
	// Every kind an adventurer plays has its check; the others are refused.
	k := testKernel(t, testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}"))
	for kind := ActionKind(0); kind < numActions+2; kind++ {
		a := Action{Kind: kind, Card: 0, Target: -1, Ally: -1, Hazard: -1, Zone: -1, Swap: -1}
		notPlay := kind == Skip || kind == HeavyMetal || kind >= numActions
		if got := k.whyNot(0, &a); (got == refNotAction) != notPlay {
			t.Errorf("%d: %q", kind, got)
		}
	}
}

// A minor action whose card cannot pay is refused at its declaration, and
// an action of no kind is refused without a panic.
func TestMinorCardRefusals(t *testing.T) {
	src := testScenario("  - {archetype: swords_shieldbearer}", "  - {creature: ogre}")
	k := testKernel(t, src)
	k.tr = &sim.Trace{}
	k.adv[0].hand[0], k.adv[0].hand[1], k.adv[0].nh = MakeCard(Cups, 3), Fool, 2
	cases := []struct {
		act  Action
		want refusal
	}{
		{Action{Kind: Attack, Card: 0}, refSuit},
		{Action{Kind: Attack, Card: 1}, refFool},
		{Action{Kind: Attack, Card: 2}, refNoCard},
		{Action{Kind: AidAnother, Card: 0}, allowed},
		{Action{Kind: numActions + 3, Card: 0}, refNotAction},
	}
	for _, c := range cases {
		if got := k.minorCard(0, &c.act); got != c.want {
			t.Errorf("%d with card %d: %q, want %q", c.act.Kind, c.act.Card, got, c.want)
		}
		if c.want != allowed {
			k.refuse(0, &c.act, c.want)
		}
	}
	var text strings.Builder
	k.tr.WriteText(&text)
	for _, want := range []string{"refused: Attack: the card's suit does not fit a minor action", "refused: not an action an adventurer plays"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("no %q in %q", want, text.String())
		}
	}
}

package hmtw

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

func TestCards(t *testing.T) {
	counts := map[int]int{}
	suits := map[Suit]int{}
	for c := Card(0); c < MinorSize; c++ {
		counts[c.Value()]++
		suits[c.Suit()]++
	}
	for v := 1; v <= 14; v++ {
		if counts[v] != 4 {
			t.Errorf("%d cards of value %d", counts[v], v)
		}
	}
	if counts[0] != 1 || suits[NoSuit] != 1 || Fool.Value() != 0 || Fool.Suit() != NoSuit {
		t.Error("the Fool is not the one card of value 0 without a suit")
	}
	for s := Swords; s <= Wands; s++ {
		if suits[s] != 14 {
			t.Errorf("%d cards of %s", suits[s], s)
		}
	}
	for s, want := range map[string]Card{"7W": MakeCard(Wands, 7), "KP": MakeCard(Pentacles, 14), "AC": MakeCard(Cups, 1),
		"10S": MakeCard(Swords, 10), "PW": MakeCard(Wands, 11), "NS": MakeCard(Swords, 12), "fool": Fool} {
		if got, ok := parseCard(s); !ok || got != want {
			t.Errorf("parseCard(%q) = %v", s, got)
		}
	}
	for _, c := range []struct {
		c    Card
		name string
	}{{MakeCard(Wands, 7), "VII of Wands"}, {MakeCard(Pentacles, 14), "King of Pentacles"}, {MakeCard(Cups, 1), "Ace of Cups"},
		{MakeCard(Wands, 11), "Page of Wands"}, {Fool, "the Fool"}} {
		t.Run(c.name, func(t *testing.T) {
			if c.c.String() != c.name {
				t.Errorf("%d is %q, want %q", c.c, c.c.String(), c.name)
			}
		})
	}
	if Doom(11).String() != "Justice [XI]" || Doom(18).String() != "The Moon [XVIII]" || Doom(4).String() != "The Emperor [IV]" {
		t.Errorf("arcana names: %s, %s, %s", Doom(11), Doom(18), Doom(4))
	}
	if !Doom(14).Lesser() || Doom(15).Lesser() || !Doom(15).Greater() || Doom(22).Greater() || NoDoom.Lesser() {
		t.Error("lesser and greater dooms are I-XIV and XV-XXI")
	}
}

// A deck gives each of its cards once, then refills from its discard pile.
func TestDeckDrawAndReshuffle(t *testing.T) {
	r := sim.NewRand(1, 0)
	for _, minor := range []bool{true, false} {
		var d deck
		d.fill(minor)
		size := MajorSize
		if minor {
			size = MinorSize
		}
		seen := map[uint8]bool{}
		for i := 0; i < size; i++ {
			c, ok := d.draw(r)
			if !ok || seen[c] {
				t.Fatalf("draw %d: %d ok=%v (seen %v)", i, c, ok, seen[c])
			}
			seen[c] = true
		}
		if _, ok := d.draw(r); ok {
			t.Fatal("an empty deck without discards gave a card")
		}
		d.discard(5)
		d.discard(7)
		if top, ok := d.topDiscard(); !ok || top != 7 {
			t.Errorf("top discard %d", top)
		}
		a, ok1 := d.draw(r)
		b, ok2 := d.draw(r)
		if !ok1 || !ok2 || a+b != 12 || d.reshuffles != 1 {
			t.Errorf("after running out: %d %d, %d reshuffles", a, b, d.reshuffles)
		}
	}
}

// Every card is equally likely to come first.
func TestDeckUniform(t *testing.T) {
	const n = 57 * 4000
	var counts [MinorSize]int
	r := sim.NewRand(3, 0)
	var d deck
	for i := 0; i < n; i++ {
		d.fill(true)
		c, _ := d.draw(r)
		counts[c]++
	}
	// 5 standard errors of a count with p = 1/57.
	p := 1.0 / MinorSize
	se := sqrtf(n * p * (1 - p))
	for c, k := range counts {
		if d := float64(k) - n*p; d > 5*se || d < -5*se {
			t.Errorf("card %v came first %d times, expected %.0f ± %.0f", Card(c), k, n*p, 5*se)
		}
	}
}

func sqrtf(x float64) float64 {
	z := x
	for i := 0; i < 50; i++ {
		z = (z + x/z) / 2
	}
	return z
}

// A stacked deck gives its cards in order, then random ones.
func TestDeckStack(t *testing.T) {
	var d deck
	d.fill(true)
	d.stack = []uint8{uint8(Fool), uint8(MakeCard(Cups, 3))}
	r := sim.NewRand(1, 1)
	if c, _ := d.draw(r); Card(c) != Fool {
		t.Errorf("first %v", Card(c))
	}
	if c, _ := d.draw(r); Card(c) != MakeCard(Cups, 3) {
		t.Errorf("second %v", Card(c))
	}
	if d.n != MinorSize-2 {
		t.Errorf("%d cards left", d.n)
	}
}

// Tests of fate on stacked decks: great success needs the tested suit on
// the first card; a push never succeeds greatly; the Fool on a push is a
// great failure; a Fool first is a failure that may be pushed.
func TestFateRules(t *testing.T) {
	r := sim.NewRand(1, 2)
	run := func(attr, mod int, s Suit, push bool, cards ...Card) fate {
		var d deck
		d.fill(true)
		for _, c := range cards {
			d.stack = append(d.stack, uint8(c))
		}
		f := fateDraw(&d, r, attr, mod, s)
		if push {
			f.pushFate(&d, r)
		}
		return f
	}
	cases := []struct {
		name   string
		attr   int
		mod    int
		push   bool
		cards  []Card
		want   FateResult
		fool   bool
		total  int
		tested Suit
	}{
		{"great", 4, 0, false, []Card{MakeCard(Swords, 10)}, GreatSuccess, false, 14, Swords},
		{"other suit", 4, 0, false, []Card{MakeCard(Cups, 10)}, Success, false, 14, Swords},
		{"fail", 4, 0, false, []Card{MakeCard(Swords, 9)}, Failure, false, 13, Swords},
		{"favor", 1, 3, false, []Card{MakeCard(Wands, 10)}, GreatSuccess, false, 14, Wands},
		{"disfavor", 4, -3, false, []Card{MakeCard(Wands, 12)}, Failure, false, 13, Wands},
		{"push ok", 2, 0, true, []Card{MakeCard(Swords, 5), MakeCard(Swords, 7)}, Success, false, 14, Swords},
		{"push short", 2, 0, true, []Card{MakeCard(Swords, 5), MakeCard(Swords, 6)}, GreatFailure, false, 13, Swords},
		{"push fool", 4, 3, true, []Card{MakeCard(Swords, 6), Fool}, GreatFailure, true, 13, Swords},
		{"fool first", 4, 0, true, []Card{Fool, MakeCard(Swords, 10)}, Success, true, 14, Swords},
		{"fool first no push", 4, 0, false, []Card{Fool}, Failure, true, 4, Swords},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := run(c.attr, c.mod, c.tested, c.push, c.cards...)
			if f.res != c.want || f.fool != c.fool || f.total != c.total {
				t.Errorf("%s: %v fool=%v total %d, want %v fool=%v total %d", c.name, f.res, f.fool, f.total, c.want, c.fool, c.total)
			}
		})
	}
	if GreatFailure.Hits() != -1 || Failure.Hits() != 0 || Success.Hits() != 1 || GreatSuccess.Hits() != 2 {
		t.Error("hits are -1, 0, 1, 2")
	}
	if netMod(true, true) != 0 || netMod(true, false) != 3 || netMod(false, true) != -3 || netMod(false, false) != 0 {
		t.Error("favor and disfavor cancel")
	}
}

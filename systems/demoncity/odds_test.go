package demoncity

import (
	"bufio"
	"fmt"
	"math"
	"math/big"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// The fixtures come from the rules spec by testdata/gen_fixtures.py:
// spec5.txt holds the printed tables of sections 5(d)-5(f) verbatim and
// exact5.txt the same figures as exact fractions, computed by the spec's own
// Appendix A script. The printed tables can only be matched to their four
// decimals; the exact fractions are matched to 1e-9.

// printedTol is how far a figure printed to 4 decimals can be from the
// exact value (half a unit in the last place, plus float slack for values
// that sit exactly on a half).
const printedTol = 0.00005 + 1e-12

// exactTol is the tolerance against the exact fractions.
const exactTol = 1e-9

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func ratF(r *big.Rat) float64 { f, _ := r.Float64(); return f }

func parseFrac(t *testing.T, s string) float64 {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad fraction %q", s)
	}
	return ratF(r)
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func deckByName(t *testing.T, s string) ClashDeck {
	t.Helper()
	for i, n := range clashDeckNames {
		if n == s {
			return ClashDeck(i)
		}
	}
	t.Fatalf("unknown deck %q", s)
	return 0
}

// TestClashExactFractions: every clash figure of 5(d) equals the spec's
// exact fractions to 1e-9.
func TestClashExactFractions(t *testing.T) {
	n := 0
	for _, line := range readLines(t, "testdata/exact5.txt") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "clash" {
			continue
		}
		k, _ := strconv.Atoi(f[2])
		m, _ := strconv.Atoi(f[3])
		w, ti, l := ClashExact(k, m, deckByName(t, f[1]))
		for i, got := range []float64{ratF(w), ratF(ti), ratF(l)} {
			if want := parseFrac(t, f[4+i]); !near(got, want, exactTol) {
				t.Errorf("%s %dv%d outcome %d: got %.12f, want %.12f", f[1], k, m, i, got, want)
			}
		}
		n++
	}
	if n != 100 {
		t.Fatalf("%d clash fixtures, want 100 (four 5x5 tables)", n)
	}
}

var rowRE = regexp.MustCompile(`^\s+(\d)\s+\|(.*)$`)

// TestClashPrintedTables: the four 5(d) tables as printed, cell by cell.
func TestClashPrintedTables(t *testing.T) {
	deck := ClashDeck(255)
	cells := 0
	for _, line := range readLines(t, "testdata/spec5.txt") {
		switch {
		case strings.Contains(line, "minimal"):
			deck = HorrorDeck
		case strings.Contains(line, "independent d10s"):
			deck = D10Dice
		case strings.Contains(line, "ONE shared"):
			deck = SharedDeck
		case strings.Contains(line, "OWN fresh"):
			deck = SeparateDecks
		case strings.Contains(line, "Commenter"), strings.Contains(line, "damage model"):
			deck = 255
		}
		mm := rowRE.FindStringSubmatch(line)
		if mm == nil || deck == 255 {
			continue
		}
		k, _ := strconv.Atoi(mm[1])
		for m, cell := range strings.Split(strings.TrimSpace(mm[2]), "|") {
			cell = strings.TrimSpace(cell)
			if cell == "" {
				continue
			}
			parts := strings.Split(cell, "/")
			w, ti, l := ClashExact(k, m+1, deck)
			for i, got := range []float64{ratF(w), ratF(ti), ratF(l)} {
				want, err := strconv.ParseFloat(parts[i], 64)
				if err != nil {
					t.Fatalf("cell %q: %v", cell, err)
				}
				if !near(got, want, printedTol) {
					t.Errorf("deck %s %dv%d outcome %d: got %.6f, table %s", clashDeckNames[deck], k, m+1, i, got, parts[i])
				}
			}
			cells++
		}
	}
	if cells != 100 {
		t.Fatalf("%d printed cells, want 100", cells)
	}
}

// TestExtraLines: the single-card tie rates and the fumble chance of 5(d).
func TestExtraLines(t *testing.T) {
	_, d10, _ := ClashExact(1, 1, D10Dice)
	_, sh, _ := ClashExact(1, 1, SharedDeck)
	_, sep, _ := ClashExact(1, 1, SeparateDecks)
	for _, c := range []struct {
		got  float64
		want float64
	}{{ratF(d10), 0.1000}, {ratF(sh), 0.0645}, {ratF(sep), 0.0947}} {
		t.Run(fmt.Sprintf("%.4f", c.want), func(t *testing.T) {
			if !near(c.got, c.want, printedTol) {
				t.Errorf("1v1 tie %.6f, table %.4f", c.got, c.want)
			}
		})
	}
	// One card from a fresh deck is The Fool with probability 1/31: a
	// static throw against Intensity 0 cannot show it, so take Intensity 1
	// with one card: failure = value <= 1 = Fool or an ace = 4/31.
	if got := ratF(StaticExact(1, 1, false)); !near(got, 27.0/31, 1e-15) {
		t.Errorf("static 1 card vs 1: %v, want 27/31", got)
	}
}

// TestCommenterTable: 5(e), k d10 against 1 d10 with ties re-thrown, from
// the clash check's d10 odds: the exact fractions to 1e-9 and the
// commenter's rounded percentages.
func TestCommenterTable(t *testing.T) {
	commenter := map[int][2]int{1: {50, 50}, 2: {68, 32}, 3: {78, 23}, 4: {83, 17}, 5: {87, 13}}
	n := 0
	for _, line := range readLines(t, "testdata/exact5.txt") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "commenter" {
			continue
		}
		k, _ := strconv.Atoi(f[1])
		w, _, l := ClashExact(k, 1, D10Dice)
		sum := new(big.Rat).Add(w, l)
		pw := ratF(new(big.Rat).Quo(w, sum))
		pl := ratF(new(big.Rat).Quo(l, sum))
		if want := parseFrac(t, f[2]); !near(pw, want, exactTol) {
			t.Errorf("k=%d win %.12f, want %.12f", k, pw, want)
		}
		if want := parseFrac(t, f[3]); !near(pl, want, exactTol) {
			t.Errorf("k=%d lose %.12f, want %.12f", k, pl, want)
		}
		// The commenter rounded halves up (77.5/22.5 -> 78/23).
		c := commenter[k]
		if got := int(math.Floor(100*pw + 0.5 + 1e-9)); got != c[0] {
			t.Errorf("k=%d: %d%% win, commenter %d%%", k, got, c[0])
		}
		if got := int(math.Floor(100*pl + 0.5 + 1e-9)); got != c[1] {
			t.Errorf("k=%d: %d%% lose, commenter %d%%", k, got, c[1])
		}
		n++
	}
	if n != 5 {
		t.Fatalf("%d commenter rows, want 5", n)
	}
	// The printed 5(e) rows: W, T, L without re-throws and W/(W+L), L/(W+L).
	rows := 0
	re := regexp.MustCompile(`^ (\d) \| ([0-9.]+)\s+([0-9.]+) ([0-9.]+) \| ([0-9.]+)\s+([0-9.]+)\s+\|`)
	for _, line := range readLines(t, "testdata/spec5.txt") {
		mm := re.FindStringSubmatch(line)
		if mm == nil {
			continue
		}
		k, _ := strconv.Atoi(mm[1])
		w, ti, l := ClashExact(k, 1, D10Dice)
		sum := new(big.Rat).Add(w, l)
		got := []float64{ratF(w), ratF(ti), ratF(l), ratF(new(big.Rat).Quo(w, sum)), ratF(new(big.Rat).Quo(l, sum))}
		for i, g := range got {
			want, _ := strconv.ParseFloat(mm[2+i], 64)
			if !near(g, want, printedTol) {
				t.Errorf("5(e) k=%d column %d: %.6f, table %s", k, i, g, mm[2+i])
			}
		}
		rows++
	}
	if rows != 5 {
		t.Fatalf("%d printed 5(e) rows, want 5", rows)
	}
}

// TestStaticExact checks the static odds against a direct count.
func TestStaticExact(t *testing.T) {
	for k := 1; k <= 5; k++ {
		for in := 0; in <= 10; in++ {
			// d10: P(max <= in) = (in/10)^k.
			want := 1 - math.Pow(float64(in)/10, float64(k))
			if in == 0 {
				want = 1
			}
			if got := ratF(StaticExact(k, in, true)); !near(got, want, 1e-12) {
				t.Errorf("d10 k=%d I=%d: %v want %v", k, in, got, want)
			}
			// Deck: count k-subsets of the 31 cards with every value <= in.
			low := 1 + 3*in
			wantDeck := 1 - float64(choose(low, k))/float64(choose(31, k))
			if in == 0 {
				wantDeck = 1
			}
			if got := ratF(StaticExact(k, in, false)); !near(got, wantDeck, 1e-12) {
				t.Errorf("deck k=%d I=%d: %v want %v", k, in, got, wantDeck)
			}
		}
	}
	if p := ratF(StaticExact(5, 10, false)); p != 0 {
		t.Errorf("Intensity 10 without a card above 10: %v, want 0", p)
	}
}

func choose(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
	}
	return r
}

// TestChecksShape pins names, flags and outcomes to DESIGN.md.
func TestChecksShape(t *testing.T) {
	cl := systemtest.Check(t, System, "clash")
	if strings.Join(cl.Outcomes, ",") != "win,tie,lose" {
		t.Errorf("clash outcomes %v", cl.Outcomes)
	}
	st := systemtest.Check(t, System, "static")
	if strings.Join(st.Outcomes, ",") != "success,failure" {
		t.Errorf("static outcomes %v", st.Outcomes)
	}
	var names []string
	for _, p := range append(cl.Params, st.Params...) {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ","); got != "throws,vs,deck,throws,intensity,deck" {
		t.Errorf("params %s", got)
	}
	for _, a := range []systems.Args{
		{"throws": 0, "vs": 1, "deck": "shared"},
		{"throws": 1, "vs": 16, "deck": "shared"},
		{"throws": 1, "vs": 11, "deck": "horror"},
		{"throws": 1, "vs": 1, "deck": "tarot"},
	} {
		if _, err := cl.Resolve(a); err == nil {
			t.Errorf("clash %v: no error", a)
		}
	}
	if _, err := st.Resolve(systems.Args{"throws": 1, "intensity": 11, "deck": "players"}); err == nil {
		t.Error("static intensity 11: no error")
	}
}

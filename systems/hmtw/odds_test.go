package hmtw

import (
	"math"
	"testing"

	"github.com/tpk-sim/tpk/systems"
)

// pctTol is how far a percentage printed to one decimal can be from the
// exact value: half a unit in the last place, plus float slack.
const pctTol = 0.0005 + 1e-12

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// Table A of the spec (section 4): P(success) / P(great success) of one
// draw, by attribute 0..7, plain, favor and disfavor.
var tableA = [8][3][2]float64{
	{{.070, .018}, {.281, .070}, {.000, .000}},
	{{.140, .035}, {.351, .088}, {.000, .000}},
	{{.211, .053}, {.421, .105}, {.000, .000}},
	{{.281, .070}, {.491, .123}, {.070, .018}},
	{{.351, .088}, {.561, .140}, {.140, .035}},
	{{.421, .105}, {.632, .158}, {.211, .053}},
	{{.491, .123}, {.702, .175}, {.281, .070}},
	{{.561, .140}, {.772, .193}, {.351, .088}},
}

// Table B: P(success overall) / P(great failure) when always pushing.
var tableB = [8][3][2]float64{
	{{.584, .416}, {.756, .244}, {.383, .617}},
	{{.647, .353}, {.802, .198}, {.447, .553}},
	{{.703, .297}, {.845, .155}, {.518, .482}},
	{{.756, .244}, {.881, .119}, {.584, .416}},
	{{.802, .198}, {.914, .086}, {.647, .353}},
	{{.845, .155}, {.940, .060}, {.703, .297}},
	{{.881, .119}, {.962, .038}, {.756, .244}},
	{{.914, .086}, {.979, .021}, {.802, .198}},
}

var mods = [3]int{0, favorBonus, -favorBonus}

func TestTableA(t *testing.T) {
	for attr := 0; attr <= 7; attr++ {
		for m, mod := range mods {
			p := ExactFate(attr, mod, false)
			if sum := p[0] + p[1] + p[2] + p[3]; !near(sum, 1, 1e-12) {
				t.Errorf("attr %d mod %+d: sums to %v", attr, mod, sum)
			}
			if p[oGreatFailure] != 0 {
				t.Errorf("attr %d mod %+d: great failure %v without pushing", attr, mod, p[oGreatFailure])
			}
			succ, great := p[oGreatSuccess]+p[oSuccess], p[oGreatSuccess]
			w := tableA[attr][m]
			if !near(succ, w[0], pctTol) || !near(great, w[1], pctTol) {
				t.Errorf("attr %d mod %+d: success %.4f great %.4f, table A says %.3f / %.3f", attr, mod, succ, great, w[0], w[1])
			}
		}
	}
	// The exact plain values the spec prints.
	for attr, want := range map[int][2]float64{1: {8, 2}, 2: {12, 3}, 3: {16, 4}, 4: {20, 5}} {
		p := ExactFate(attr, 0, false)
		if !near(p[0]+p[1], want[0]/57, 1e-15) || !near(p[0], want[1]/57, 1e-15) {
			t.Errorf("attr %d: %v, want %v/57 and %v/57", attr, p, want[0], want[1])
		}
	}
	// Each +1 of attribute adds exactly 4/57.
	for attr := 0; attr < 7; attr++ {
		a, b := ExactFate(attr, 0, false), ExactFate(attr+1, 0, false)
		if d := (b[0] + b[1]) - (a[0] + a[1]); !near(d, 4.0/57, 1e-15) {
			t.Errorf("attr %d -> %d adds %v", attr, attr+1, d)
		}
	}
}

func TestTableB(t *testing.T) {
	for attr := 0; attr <= 7; attr++ {
		for m, mod := range mods {
			p := ExactFate(attr, mod, true)
			if sum := p[0] + p[1] + p[2] + p[3]; !near(sum, 1, 1e-12) {
				t.Errorf("attr %d mod %+d: sums to %v", attr, mod, sum)
			}
			if p[oFailure] != 0 {
				t.Errorf("attr %d mod %+d: plain failure %v when always pushing", attr, mod, p[oFailure])
			}
			w := tableB[attr][m]
			if succ := p[oGreatSuccess] + p[oSuccess]; !near(succ, w[0], pctTol) || !near(p[oGreatFailure], w[1], pctTol) {
				t.Errorf("attr %d mod %+d: success %.4f great failure %.4f, table B says %.3f / %.3f",
					attr, mod, succ, p[oGreatFailure], w[0], w[1])
			}
		}
	}
	for attr, want := range map[int]float64{1: 86.0 / 133, 2: 187.0 / 266, 3: 201.0 / 266, 4: 320.0 / 399} {
		p := ExactFate(attr, 0, true)
		if !near(p[0]+p[1], want, 1e-15) {
			t.Errorf("attr %d: success %v, want %v", attr, p[0]+p[1], want)
		}
	}
	// A shift of 3 behaves exactly like 3 points of attribute.
	for attr := 3; attr <= 4; attr++ {
		a, b := ExactFate(attr, -favorBonus, true), ExactFate(attr-3, 0, true)
		for i := range a {
			if !near(a[i], b[i], 1e-15) {
				t.Errorf("attr %d disfavor %v != attr %d plain %v", attr, a, attr-3, b)
			}
		}
	}
}

// Table C: P(a push succeeds | first card of value v failed), plain test,
// attributes 1..4; -1 where the first card cannot fail.
func TestTableC(t *testing.T) {
	table := [13][4]float64{
		{.143, .214, .286, .357},
		{.214, .286, .357, .429},
		{.286, .357, .429, .500},
		{.357, .429, .500, .571},
		{.429, .500, .571, .643},
		{.500, .571, .643, .696},
		{.571, .625, .696, .768},
		{.625, .696, .768, .839},
		{.696, .768, .839, .911},
		{.768, .839, .911, .982},
		{.839, .911, .982, -1},
		{.911, .982, -1, -1},
		{.982, -1, -1, -1},
	}
	for v, row := range table {
		for a, want := range row {
			attr := a + 1
			if want < 0 {
				if v+attr < fateTarget {
					t.Errorf("v %d attr %d: the table says it cannot fail", v, attr)
				}
				continue
			}
			first := Fool
			if v > 0 {
				first = MakeCard(Cups, v)
			}
			if got := PushChance(first, v+attr); !near(got, want, pctTol) {
				t.Errorf("v %d attr %d: push succeeds %.4f, table C says %.3f", v, attr, got, want)
			}
			// The enumeration agrees.
			n := 0
			for c := Card(0); c < MinorSize; c++ {
				if c != first && c != Fool && v+attr+c.Value() >= fateTarget {
					n++
				}
			}
			if got := PushChance(first, v+attr); !near(got, float64(n)/56, 1e-15) {
				t.Errorf("v %d attr %d: %v != %d/56", v, attr, got, n)
			}
		}
	}
}

// Table D: the distribution of one card's value.
func TestTableD(t *testing.T) {
	want := [15]float64{0, .982, .912, .842, .772, .702, .632, .561, .491, .421, .351, .281, .211, .140, .070}
	for k := 1; k <= 14; k++ {
		n := 0
		for c := Card(0); c < MinorSize; c++ {
			if c.Value() >= k {
				n++
			}
		}
		if got := float64(n) / MinorSize; !near(got, want[k], pctTol) {
			t.Errorf("P(value >= %d) = %.4f, table D says %.3f", k, got, want[k])
		}
	}
}

// Table E: group tests, never and always pushing.
func TestTableE(t *testing.T) {
	rows := []struct {
		hi, lo        int
		never, always [4]float64
	}{
		{4, 1, [4]float64{14.7, 29.7, 55.6, 0.0}, [4]float64{51.5, 3.9, 38.0, 6.6}},
		{3, 1, [4]float64{12.4, 25.9, 61.7, 0.0}, [4]float64{48.4, 3.5, 40.0, 8.2}},
		{4, 2, [4]float64{17.6, 31.4, 51.0, 0.0}, [4]float64{56.0, 3.8, 34.7, 5.5}},
		{3, 2, [4]float64{15.1, 28.4, 56.5, 0.0}, [4]float64{52.7, 3.5, 37.0, 6.8}},
		{2, 1, [4]float64{10.2, 22.2, 67.7, 0.0}, [4]float64{45.0, 3.0, 42.0, 10.0}},
	}
	for _, r := range rows {
		for _, push := range []bool{false, true} {
			want := r.never
			if push {
				want = r.always
			}
			// The middle members do not test, and the order given does not matter.
			p := ExactGroup([]int{r.lo, (r.lo + r.hi) / 2, r.hi}, push)
			sum := p[0] + p[1] + p[2] + p[3]
			for i := range p {
				if !near(p[i], want[i]/100, pctTol) {
					t.Errorf("(%d,%d) push %v: %v, table E says %v", r.hi, r.lo, push, p, want)
					break
				}
			}
			if !near(sum, 1, 1e-12) {
				t.Errorf("(%d,%d) push %v: sums to %v", r.hi, r.lo, push, sum)
			}
		}
	}
	// A group of one is one test: hits 2 = great success, 1 = success.
	g, f := ExactGroup([]int{3}, true), ExactFate(3, 0, true)
	if !near(g[oHits2], f[oGreatSuccess], 1e-15) || !near(g[oHits1], f[oSuccess], 1e-15) || !near(g[oHitsNeg], f[oGreatFailure], 1e-15) {
		t.Errorf("group of one %v vs test %v", g, f)
	}
}

func check(t *testing.T, name string) systems.Check {
	t.Helper()
	for _, c := range checks() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no check %q", name)
	return systems.Check{}
}

// The checks have DESIGN.md's names, flags and outcomes, and reject bad
// ratings.
func TestOddsCheckShapes(t *testing.T) {
	test, group := check(t, "test"), check(t, "group")
	if got := test.Outcomes; len(got) != 4 || got[0] != "great_success" || got[1] != "success" || got[2] != "failure" || got[3] != "great_failure" {
		t.Errorf("test outcomes %v", got)
	}
	if got := group.Outcomes; len(got) != 4 || got[0] != "hits_2plus" || got[1] != "hits_1" || got[2] != "hits_0" || got[3] != "hits_negative" {
		t.Errorf("group outcomes %v", got)
	}
	names := func(c systems.Check) (s []string) {
		for _, p := range c.Params {
			s = append(s, p.Name)
		}
		return
	}
	if got := names(test); len(got) != 4 || got[0] != "attribute" || got[1] != "favor" || got[2] != "disfavor" || got[3] != "push" {
		t.Errorf("test params %v", got)
	}
	if got := names(group); len(got) != 2 || got[0] != "attributes" || got[1] != "push" {
		t.Errorf("group params %v", got)
	}
	if test.Params[0].Min != 0 || test.Params[0].Max != 7 {
		t.Errorf("attribute range %d..%d", test.Params[0].Min, test.Params[0].Max)
	}
	if _, err := test.Exact(systems.Args{"attribute": 8}); err == nil {
		t.Error("attribute 8 accepted")
	}
	if _, err := group.Exact(systems.Args{"attributes": []int{}}); err == nil {
		t.Error("an empty group accepted")
	}
	if _, err := group.Exact(systems.Args{"attributes": []int{2, 9}}); err == nil {
		t.Error("attribute 9 accepted")
	}
}

package locus

import (
	"fmt"
	"testing"
)

// The four sample monsters of rules section 4.3 (values invented there to
// span the grades), with their printed totals and grades.
var sampleMonsters = []struct {
	name  string
	in    ThreatInput
	total int
	grade string
}{
	{"Tar-Wing", ThreatInput{Attack: 2, Chase: 1, Search: 2, Resist: 3, ChaseLikelihood: 2,
		Inflictions: []Tier{Medium, Easy}, DeathsDoor: 15}, 21, "Strong"},
	{"Mouth Tower", ThreatInput{Attack: 2, Chase: 4, Search: 2, Resist: 2, ChaseLikelihood: 1,
		Inflictions: []Tier{Hard}, DeathsDoor: 12}, 17, "Balanced"},
	{"Faced Flock", ThreatInput{Attack: 3, Chase: 2, Search: 3, Resist: 3, ChaseLikelihood: 1,
		Inflictions: []Tier{Easy}, DeathsDoor: 3}, 11, "Weak"},
	{"Spore-vine Core", ThreatInput{Attack: 2, Chase: 0, Search: 4, Resist: 2, ChaseLikelihood: 0,
		Inflictions: []Tier{Medium}, DeathsDoor: 6}, 9, "Very Weak"},
}

func TestThreatSampleMonsters(t *testing.T) {
	for _, m := range sampleMonsters {
		if err := m.in.Validate(); err != nil {
			t.Errorf("%s: %v", m.name, err)
		}
		for _, lower := range []bool{false, true} {
			g := Threat(m.in, lower)
			want := Grade{Total: m.total, Grade: m.grade}
			if g != want {
				t.Errorf("%s (boundaryLower=%v) = %+v, want %+v", m.name, lower, g, want)
			}
		}
	}
}

// TestThreatComponents checks each term of the calculator on its own.
func TestThreatComponents(t *testing.T) {
	base := ThreatInput{Attack: 5, Chase: 5, Search: 5, Resist: 5, DeathsDoor: 3} // scores 0
	cases := []struct {
		name  string
		edit  func(*ThreatInput)
		total int
	}{
		{"all 5s", func(*ThreatInput) {}, 0},
		{"attack 2", func(in *ThreatInput) { in.Attack = 2 }, 3},
		{"chase 1", func(in *ThreatInput) { in.Chase = 1 }, 4},
		{"search 4", func(in *ThreatInput) { in.Search = 4 }, 1},
		{"resist 3", func(in *ThreatInput) { in.Resist = 3 }, 2},
		{"null attack", func(in *ThreatInput) { in.Attack = 0 }, -1},
		{"all null", func(in *ThreatInput) { *in = ThreatInput{DeathsDoor: 3} }, -4},
		{"all 1s", func(in *ThreatInput) { in.Attack, in.Chase, in.Search, in.Resist = 1, 1, 1, 1 }, 16},
		{"moderate chase", func(in *ThreatInput) { in.ChaseLikelihood = 1 }, 1},
		{"definite chase", func(in *ThreatInput) { in.ChaseLikelihood = 2 }, 2},
		{"easy infliction", func(in *ThreatInput) { in.Inflictions = []Tier{Easy} }, 1},
		{"medium infliction", func(in *ThreatInput) { in.Inflictions = []Tier{Medium} }, 2},
		{"hard infliction", func(in *ThreatInput) { in.Inflictions = []Tier{Hard} }, 3},
		{"three inflictions", func(in *ThreatInput) { in.Inflictions = []Tier{Hard, Hard, Easy} }, 7},
		{"death's door 6", func(in *ThreatInput) { in.DeathsDoor = 6 }, 1},
		{"death's door 9", func(in *ThreatInput) { in.DeathsDoor = 9 }, 2},
		{"death's door 30", func(in *ThreatInput) { in.DeathsDoor = 30 }, 9},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := base
			c.edit(&in)
			if got := ThreatTotal(in); got != c.total {
				t.Errorf("%s: total %d, want %d", c.name, got, c.total)
			}
			if g := Threat(in, false); g.Total != c.total {
				t.Errorf("%s: Threat total %d, want %d", c.name, g.Total, c.total)
			}
		})
	}
}

// TestThreatGrades covers every total from below the scale to above it
// under both readings of option L-27.
func TestThreatGrades(t *testing.T) {
	const (
		vw = "Very Weak"
		w  = "Weak"
		b  = "Balanced"
		s  = "Strong"
		vs = "Very Strong"
	)
	cases := []struct {
		total               int
		upper, lower        string // L-27 default; boundaries to the lower grade
		boundary, below, up bool
	}{
		{-4, vw, vw, false, true, false},
		{0, vw, vw, false, true, false},
		{4, vw, vw, false, true, false},
		{5, vw, vw, false, false, false},
		{9, vw, vw, false, false, false},
		{10, w, vw, true, false, false},
		{11, w, w, false, false, false},
		{14, w, w, false, false, false},
		{15, b, w, true, false, false},
		{16, b, b, false, false, false},
		{19, b, b, false, false, false},
		{20, s, b, true, false, false},
		{21, s, s, false, false, false},
		{24, s, s, false, false, false},
		{25, vs, s, true, false, false},
		{26, vs, vs, false, false, false},
		{29, vs, vs, false, false, false},
		{30, vs, vs, false, false, false}, // top of 25-30 only: not a shared end point
		{31, vs, vs, false, false, true},
		{45, vs, vs, false, false, true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.total), func(t *testing.T) {
			for _, lower := range []bool{false, true} {
				want := Grade{Total: c.total, Grade: c.upper, Boundary: c.boundary, BelowScale: c.below, AboveScale: c.up}
				if lower {
					want.Grade = c.lower
				}
				if g := GradeOf(c.total, lower); g != want {
					t.Errorf("GradeOf(%d, %v) = %+v, want %+v", c.total, lower, g, want)
				}
			}
		})
	}
	// Grades never fall as the total rises, under either reading.
	for _, lower := range []bool{false, true} {
		prev := 0
		for total := -10; total <= 60; total++ {
			g := GradeOf(total, lower)
			i := gradeIndex(t, g.Grade)
			if i < prev {
				t.Errorf("GradeOf(%d, %v) = %s, below the grade of %d", total, lower, g.Grade, total-1)
			}
			prev = i
		}
	}
}

func gradeIndex(t *testing.T, name string) int {
	t.Helper()
	for i, n := range GradeNames {
		if n == name {
			return i
		}
	}
	t.Fatalf("unknown grade %q", name)
	return -1
}

// TestThreatBoundaryMonsters grades whole monsters that land on and outside
// the printed scale.
func TestThreatBoundaryMonsters(t *testing.T) {
	// Faced Flock with Attack 4 instead of 3: 11 - 1 = 10.
	flock := sampleMonsters[2].in
	flock.Attack = 4
	if g := Threat(flock, false); g != (Grade{Total: 10, Grade: "Weak", Boundary: true}) {
		t.Errorf("total 10, default: %+v", g)
	}
	if g := Threat(flock, true); g != (Grade{Total: 10, Grade: "Very Weak", Boundary: true}) {
		t.Errorf("total 10, boundaries lower: %+v", g)
	}
	// Tar-Wing with 27 Death's Door segments: 21 + 4 = 25.
	wing := sampleMonsters[0].in
	wing.DeathsDoor = 27
	if g := Threat(wing, false); g != (Grade{Total: 25, Grade: "Very Strong", Boundary: true}) {
		t.Errorf("total 25, default: %+v", g)
	}
	if g := Threat(wing, true); g != (Grade{Total: 25, Grade: "Strong", Boundary: true}) {
		t.Errorf("total 25, boundaries lower: %+v", g)
	}
	// A monster of nothing but nulls is under the scale.
	null := ThreatInput{DeathsDoor: 3}
	if g := Threat(null, false); g != (Grade{Total: -4, Grade: "Very Weak", BelowScale: true}) {
		t.Errorf("all null: %+v", g)
	}
	// All 1s, definite chase, two Hard Inflictions, 21 segments: 16+2+6+6 = 30, 33 with one more Hard.
	top := ThreatInput{Attack: 1, Chase: 1, Search: 1, Resist: 1, ChaseLikelihood: 2,
		Inflictions: []Tier{Hard, Hard}, DeathsDoor: 21}
	if g := Threat(top, true); g != (Grade{Total: 30, Grade: "Very Strong"}) {
		t.Errorf("total 30: %+v", g)
	}
	top.Inflictions = append(top.Inflictions, Hard)
	if g := Threat(top, false); g != (Grade{Total: 33, Grade: "Very Strong", AboveScale: true}) {
		t.Errorf("total 33: %+v", g)
	}
}

func TestThreatValidate(t *testing.T) {
	bad := []ThreatInput{
		{Attack: 6, Chase: 1, Search: 1, Resist: 1, DeathsDoor: 3},
		{Attack: 1, Chase: -1, Search: 1, Resist: 1, DeathsDoor: 3},
		{Attack: 1, Chase: 1, Search: 1, Resist: 1, ChaseLikelihood: 3, DeathsDoor: 3},
		{Attack: 1, Chase: 1, Search: 1, Resist: 1, Inflictions: []Tier{Hard + 1}, DeathsDoor: 3},
		{Attack: 1, Chase: 1, Search: 1, Resist: 1, DeathsDoor: 0},
		{Attack: 1, Chase: 1, Search: 1, Resist: 1, DeathsDoor: 7},
	}
	for _, in := range bad {
		if in.Validate() == nil {
			t.Errorf("%+v: no error", in)
		}
	}
	if err := (ThreatInput{DeathsDoor: 3}).Validate(); err != nil {
		t.Errorf("all null: %v", err)
	}
}

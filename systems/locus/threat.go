package locus

import (
	"errors"
	"fmt"
)

// ThreatInput is what the Monster Threat Calculator (rules section 2.7)
// looks at. It is independent of the kernel's Monster type.
type ThreatInput struct {
	// Attack, Chase, Search and Resist are 1..5 (1 best); 0 means null
	// ("–": the monster cannot do it), which scores −1.
	Attack, Chase, Search, Resist int
	// ChaseLikelihood is the Behaviour's chasing: 0 never or unlikely,
	// 1 moderately likely, 2 will definitely chase. It scores itself.
	ChaseLikelihood int
	// Inflictions holds the difficulty of each Infliction's avoidance check
	// (the character's check): Easy +1, Medium +2, Hard +3.
	Inflictions []Tier
	// DeathsDoor is the monster's Death's Door in segments: 3, 6, 9, ...;
	// +1 per set of 3 beyond the first 3.
	DeathsDoor int
}

// Grade is a Threat Calculator result: the raw total and the grade it falls
// in, with flags for the totals the printed table leaves ambiguous.
type Grade struct {
	Total int    // the raw calculator total
	Grade string // one of GradeNames
	// Boundary is set for totals of exactly 10, 15, 20 or 25, which the
	// printed bands give to two grades (option L-27 decides which).
	Boundary bool
	// BelowScale is set for totals under 5 (graded Very Weak) and
	// AboveScale for totals over 30 (graded Very Strong): the printed table
	// covers only 5–30.
	BelowScale, AboveScale bool
}

// GradeNames are the threat grades, weakest first. The book prints the
// middle one as "Balanced / Average".
var GradeNames = []string{"Very Weak", "Weak", "Balanced", "Strong", "Very Strong"}

// Scale of the printed grade table: bands of 5 from 5 to 30.
const (
	threatScaleMin = 5
	threatScaleMax = 30
	threatBand     = 5
)

// Validate reports values the calculator does not define: attributes
// outside 0..5, a chase likelihood outside 0..2, an Infliction tier that is
// not Easy, Medium or Hard, or a Death's Door that is not a positive
// multiple of 3.
func (in ThreatInput) Validate() error {
	var errs []error
	for _, a := range []struct {
		name string
		v    int
	}{{"attack", in.Attack}, {"chase", in.Chase}, {"search", in.Search}, {"resist", in.Resist}} {
		if a.v < 0 || a.v > 5 {
			errs = append(errs, fmt.Errorf("%s %d: must be 1..5, or 0 for null", a.name, a.v))
		}
	}
	if in.ChaseLikelihood < 0 || in.ChaseLikelihood > 2 {
		errs = append(errs, fmt.Errorf("chase likelihood %d: must be 0 (never), 1 (moderate) or 2 (definite)",
			in.ChaseLikelihood))
	}
	for i, t := range in.Inflictions {
		if t > Hard {
			errs = append(errs, fmt.Errorf("infliction %d: difficulty %d is not easy, medium or hard", i+1, t))
		}
	}
	if in.DeathsDoor < 3 || in.DeathsDoor%3 != 0 {
		errs = append(errs, fmt.Errorf("death's door %d: must be 3, 6, 9, ...", in.DeathsDoor))
	}
	return errors.Join(errs...)
}

// ThreatTotal is the Threat Calculator's raw total: 5 − attribute for each
// active attribute (−1 if null), the chase likelihood, 1/2/3 per Easy/
// Medium/Hard Infliction, and 1 per set of 3 Death's Door segments beyond
// the first 3 (rounded down, as the rules' reference script does).
func ThreatTotal(in ThreatInput) int {
	s := 0
	for _, a := range [...]int{in.Attack, in.Chase, in.Search, in.Resist} {
		if a == 0 {
			s--
		} else {
			s += 5 - a
		}
	}
	s += in.ChaseLikelihood
	for _, t := range in.Inflictions {
		s += int(t) + 1
	}
	extra := in.DeathsDoor - 3
	if extra < 0 && extra%3 != 0 {
		extra -= 3 // floor division for a (meaningless) Death's Door under 3
	}
	s += extra / 3
	return s
}

// Threat scores a monster with the Threat Calculator and grades the total
// (option L-27).
//
// The printed bands are 25–30 Very Strong, 20–25 Strong, 15–20 Balanced,
// 10–15 Weak and 5–10 Very Weak; they share their end points. With
// boundaryLower false (the L-27 default) each band runs from its lower
// number up to, but not including, the next band's: [5,10) Very Weak,
// [10,15) Weak, [15,20) Balanced, [20,25) Strong, [25,∞) Very Strong. With
// boundaryLower true the shared totals 10, 15, 20 and 25 go to the lower
// grade instead.
//
// Only 10, 15, 20 and 25 are flagged Boundary. 30 is the top of the
// Very Strong band and the start of no other band, and 5 the bottom of the
// Very Weak band and the end of no other, so neither is ambiguous: 30 is Very
// Strong and 5 Very Weak under both readings, without flags. Totals under 5
// are Very Weak with BelowScale, totals over 30 Very Strong with AboveScale.
func Threat(in ThreatInput, boundaryLower bool) Grade {
	return GradeOf(ThreatTotal(in), boundaryLower)
}

// GradeOf grades a Threat Calculator total as Threat does.
func GradeOf(total int, boundaryLower bool) Grade {
	g := Grade{Total: total}
	g.BelowScale = total < threatScaleMin
	g.AboveScale = total > threatScaleMax
	g.Boundary = total > threatScaleMin && total < threatScaleMax && total%threatBand == 0
	var i int
	switch {
	case total < threatScaleMin:
		i = 0
	default:
		i = (total - threatScaleMin) / threatBand
		if g.Boundary && boundaryLower {
			i--
		}
	}
	i = min(i, len(GradeNames)-1)
	g.Grade = GradeNames[i]
	return g
}

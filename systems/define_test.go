package systems

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// TestDefine checks that a defined System answers with its parts, is a
// Grader exactly when the parts carry one, and that a missing part is
// refused when the system is defined.
func TestDefine(t *testing.T) {
	p := Parts{ID: "toy", Title: "Toy", Notes: "none",
		Options:    func() []sim.Option { return []sim.Option{{ID: "T-1"}} },
		Strategies: func() []Strategy { return []Strategy{{Name: "calm"}} },
		Bestiary:   func() []Creature { return nil },
		Checks:     func() []Check { return []Check{{Name: "flip"}} },
		Compile:    func(*sim.Scenario) (*Build, error) { return &Build{Warnings: []string{"compiled"}}, nil },
	}
	s := Define(p)
	b, err := s.Compile(nil)
	if s.ID() != "toy" || s.Title() != "Toy" || s.Notes() != "none" || s.Options()[0].ID != "T-1" ||
		s.Strategies()[0].Name != "calm" || s.Bestiary() != nil || s.Checks()[0].Name != "flip" ||
		err != nil || b.Warnings[0] != "compiled" {
		t.Errorf("Define: the System does not answer with its parts")
	}
	if _, ok := s.(Grader); ok {
		t.Errorf("a System defined without a Grader is one")
	}
	p.Grader = toyGrader{}
	if g, ok := Define(p).(Grader); !ok || g.GradeScale()[0] != "weak" {
		t.Errorf("a System defined with a Grader is not one")
	}
	p.Compile = nil
	defer func() {
		if recover() == nil {
			t.Errorf("Define without Compile did not panic")
		}
	}()
	Define(p)
}

type toyGrader struct{}

func (toyGrader) GradeScale() []string                             { return []string{"weak"} }
func (toyGrader) RuleGrades(*sim.Scenario) ([]RuleGrade, error)    { return nil, nil }
func (toyGrader) Grading() Grading                                 { return Grading{} }
func (toyGrader) GradedFoes() []GradedFoe                          { return nil }
func (toyGrader) SampleFoes(seed uint64, perGrade int) []GradedFoe { return nil }

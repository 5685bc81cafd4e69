package sim

// The figures of a threat grade by a game's own rule, and a system's
// empirical grades: systems produce them (systems.Grader), package grade
// reads them and the reports render them.

// RuleGrade is one foe's grade by the game's own rule.
type RuleGrade struct {
	Grade string `json:"grade"` // one of GradeScale
	Rank  int    `json:"rank"`  // Grade's index in GradeScale (0: the weakest)
	// Score is the rule's raw score (the Locus calculator total); where the
	// rule has no score, the rank.
	Score float64 `json:"score"`
	// Flags mark what the rule leaves unclear ("boundary", "belowScale").
	Flags []string `json:"flags,omitempty"`
	// Parts is how the score is made up, in the rule's order.
	Parts []RulePart `json:"parts,omitempty"`
}

// RulePart is one term of a rule's score: a stat, its value and the
// points the rule gives it.
type RulePart struct {
	Name   string  `json:"name"` // the stat as scenarios write it: "attack"
	Value  string  `json:"value"`
	Points float64 `json:"points"`
}

// Bands are a system's empirical grades: Lower[i] is the least deadliness
// (lethality averaged over the tactics) of grade i+1 of the system's GradeScale, so a
// foe whose deadliness is at least Lower[i] and below Lower[i+1] is of
// grade i+1, and one below Lower[0] of the weakest grade.
type Bands struct {
	Lower []float64
	// Source says how the bands were derived: the command, its seed and
	// precision, the foes and the settings (party, options, tactics).
	Source string
}

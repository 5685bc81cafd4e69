package sim

import "fmt"

// Regret is one kind of decision where strong play (a search over every
// legal choice) chose otherwise than a side's default strategy: the
// default's choice, the search's, how often and by how much. The search
// lives with the systems; the type lives here so that reports can show it.
type Regret struct {
	Side    Side   `json:"side"`
	Kind    string `json:"kind"`    // the kind of decision: "action", "Initiative card"...
	Default string `json:"default"` // what the default strategy chose
	Strong  string `json:"strong"`  // what the search chose instead
	// Count is the number of decisions where the search chose Strong over
	// Default, out of Decisions of this kind (Side and Kind) it searched.
	Count     int `json:"count"`
	Decisions int `json:"decisions"`
	// Gain is the mean gain of those decisions in the deciding side's score
	// (a party death weighs 64, a member left at the edge of death 2, a
	// victory 1); Dead, Near and Won are the mean change in party deaths,
	// members at the edge and victories, each over the rollouts that
	// compared the two choices.
	Gain  float64 `json:"mean_gain"`
	Dead  float64 `json:"dead"`
	Near  float64 `json:"near"`
	Won   float64 `json:"won"`
	Total float64 `json:"total_gain"` // Gain times Count: what the kind is worth over the run
	// Examples are the decisions with the largest gains, to replay.
	Examples []RegretExample `json:"examples"`
}

// RegretExample is one decision to replay: encounter Trial (`tpk replay
// FILE --trial Trial` with the strong strategy), round Round.
type RegretExample struct {
	Trial int64   `json:"trial"`
	Round int     `json:"round"`
	Who   string  `json:"who"`
	Gain  float64 `json:"gain"`
}

// String writes a regret in one line.
func (r Regret) String() string {
	return fmt.Sprintf("%s %s: %s rather than %s in %d of %d decisions, mean gain %.3g (deaths %+.3f, at the edge %+.3f, victory %+.3f)",
		r.Side, r.Kind, r.Strong, r.Default, r.Count, r.Decisions, r.Gain, r.Dead, r.Near, r.Won)
}

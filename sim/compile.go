package sim

import "fmt"

// ResolveScenario turns the options written in sc into the rules they set
// and every option's value, those not written at their defaults. An unknown
// id or value is an input error naming the file (and the line, where the
// option is written).
func (t *OptionTable[R]) ResolveScenario(sc *Scenario) (R, Options, error) {
	var zero R
	opts, err := ResolveOptions(t.Options(), sc)
	if err != nil {
		return zero, nil, err
	}
	ru, err := t.Resolve(opts)
	if err != nil {
		return zero, nil, &InputError{File: sc.Doc.File, Msg: err.Error()}
	}
	return ru, opts, nil
}

// RoundCap is the scenario's round cap: its max_rounds, or DefaultMaxRounds
// when it gives none. Above limit (when limit > 0) it is an input error naming
// the file, the allowed range and the system; unit, when not empty, says in
// brackets what a round of that system is.
func RoundCap(sc *Scenario, limit int, system, unit string) (int, error) {
	n := sc.MaxRounds
	if n <= 0 {
		n = DefaultMaxRounds
	}
	if limit > 0 && n > limit {
		msg := fmt.Sprintf("max_rounds %d: allowed: 1 to %d for %s", n, limit, system)
		if unit != "" {
			msg += " (" + unit + ")"
		}
		return 0, &InputError{File: sc.Doc.File, Msg: msg}
	}
	return n, nil
}

package systems

import "slices"

// CloneTactics is a deep copy of a system's grid of tactics, for a Grading
// its caller may change.
func CloneTactics(ts []Tactic) []Tactic {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Set = slices.Clone(out[i].Set)
	}
	return out
}

// CloneBands is a copy of a system's bands; nil (no bands) stays nil.
func CloneBands(b *Bands) *Bands {
	if b == nil {
		return nil
	}
	return &Bands{Lower: slices.Clone(b.Lower), Source: b.Source}
}

package locus

import ()

// Test-only exact odds: the points of one check and the Initiative roll,
// which the tests compare with the kernel's samplers.

// ExactPoints is the distribution of the points (dice above attr, 1..5)
// scored in a contested check, indexed by points 0..3. t is the counting tier
// of option L-3 "dice": Easy counts all three dice (table 5(b)), Medium the
// two lowest and Hard the lowest.
func ExactPoints(attr int, t Tier) [4]float64 {
	n := pointsCounts(attr, t)
	var p [4]float64
	for i, k := range n {
		p[i] = float64(k) / NumRolls
	}
	return p
}

// ExactInitiativeRoll is the probability that one initiative roll of
// 3d6 − carelessness beats (index 0), ties with (1) and loses to (2) one of
// 3d6 − vs, before any re-roll: the initiative table's "P(first)" and
// "P(tie)" columns.
func ExactInitiativeRoll(carelessness, vs int) [3]float64 {
	w, t, l := initiativeCounts(carelessness, vs)
	const n = NumRolls * NumRolls
	return [3]float64{float64(w) / n, float64(t) / n, float64(l) / n}
}

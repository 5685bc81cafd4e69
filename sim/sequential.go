package sim

// Looks is the schedule of `tpk check`'s running on: the numbers of
// encounters at which the expectations are judged, and the share of the
// overall error rate each look may spend.
//
// An expectation is judged at every look by an interval of its figure; one
// that is still undecided makes the run go on. Judging every look by the 95%
// interval would let each look err 5% of the time, and a figure sitting on
// its bound would be decided wrongly far more often than 1 in 20 (about 1 run
// in 6 over six looks). Looks therefore spends the error rate alpha over the
// looks (Bonferroni alpha spending, the simplest member of the family of Lan
// and DeMets, Biometrika 70:659-663, 1983): half of it at the first look, so
// that clear cases are decided at once, and the other half in equal shares
// over the looks that follow. The shares add up to alpha, so by the union
// bound the chance that any look's interval misses the true value, and so of
// any wrong pass or fail, is at most alpha however the looks are correlated.
// A single look spends all of alpha: it is the plain 95% interval.
type Looks struct {
	At    []int64 // encounters played at each look, increasing
	Alpha float64 // the overall error rate, 0.05 for check
}

// NewLooks lays out the looks of a run that starts with start encounters and
// may go on to capTrials: start, then doubling (at least DefaultBatchSize
// encounters more each time) up to capTrials.
func NewLooks(start, capTrials int64, alpha float64) Looks {
	l := Looks{At: []int64{start}, Alpha: alpha}
	for n := start; n < capTrials; {
		n = min(max(2*n, n+DefaultBatchSize), capTrials)
		l.At = append(l.At, n)
	}
	return l
}

// Spend is the error rate look k (0-based) may spend: the confidence of the
// interval it judges by is 1 - Spend(k).
func (l Looks) Spend(k int) float64 {
	if len(l.At) <= 1 {
		return l.Alpha
	}
	if k == 0 {
		return l.Alpha / 2
	}
	return l.Alpha / 2 / float64(len(l.At)-1)
}

package grade

import (
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Ranks returns the ranks of xs (1 for the smallest), ties sharing the mean
// of their ranks.
func Ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		mid := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[idx[k]] = mid
		}
		i = j + 1
	}
	return r
}

// Spearman is Spearman's rank correlation: Pearson's correlation (gonum
// stat.Correlation) of the mid-ranks. It is NaN when either variable is
// constant.
func Spearman(x, y []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	return stat.Correlation(Ranks(x), Ranks(y), nil)
}

// exactLimit is the largest sample whose Spearman p-value is computed by
// enumerating every permutation (8! = 40,320).
const exactLimit = 8

// SpearmanP is the two-sided p-value of Spearman's rho under the null
// hypothesis of no association, and how it was computed: exactly, over
// every ordering of y, for n up to 8; otherwise by the t approximation
// t = rho·sqrt((n−2)/(1−rho²)) with n−2 degrees of freedom.
func SpearmanP(x, y []float64) (p float64, method string) {
	n := len(x)
	rho := Spearman(x, y)
	if n < 3 || math.IsNaN(rho) {
		return math.NaN(), "none (too few foes, or a constant)"
	}
	if n <= exactLimit {
		rx, ry := Ranks(x), Ranks(y)
		perm := slices.Clone(ry)
		as, total := 0, 0
		permute(perm, 0, func() {
			total++
			if math.Abs(stat.Correlation(rx, perm, nil)) >= math.Abs(rho)-1e-12 {
				as++
			}
		})
		return float64(as) / float64(total), "exact (every ordering)"
	}
	if math.Abs(rho) >= 1 {
		return 0, "t approximation"
	}
	df := float64(n - 2)
	t := rho * math.Sqrt(df/(1-rho*rho))
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(t)), "t approximation"
}

// permute calls f for every permutation of a[k:] (Heap's order is not
// needed: every ordering is visited once).
func permute(a []float64, k int, f func()) {
	if k == len(a) {
		f()
		return
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		permute(a, k+1, f)
		a[k], a[i] = a[i], a[k]
	}
}

// SpearmanCI is an approximate 95% interval of Spearman's rho: Fisher's z
// with the standard error sqrt((1 + rho²/2)/(n − 3)) of Bonett and Wright
// (2000). It needs n of at least 10; ok is false below.
func SpearmanCI(rho float64, n int) (lo, hi float64, ok bool) {
	if n < 10 || math.IsNaN(rho) {
		return 0, 0, false
	}
	r := math.Max(-0.999999, math.Min(0.999999, rho))
	z := math.Atanh(r)
	se := math.Sqrt((1 + r*r/2) / float64(n-3))
	return math.Tanh(z - z95*se), math.Tanh(z + z95*se), true
}

// Quantile7 is the p-quantile of xs by linear interpolation between order
// statistics (Hyndman and Fan type 7, R's default): with xs sorted and
// h = (n−1)p, x[floor h] + (h − floor h)(x[floor h + 1] − x[floor h]).
func Quantile7(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	h := float64(len(s)-1) * p
	lo := int(math.Floor(h))
	if lo+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// OLS fits y = b0 + Σ b_j x_j by ordinary least squares (QR) and returns
// the coefficients b_1.. with normal-theory 95% intervals (t with n−k−1
// degrees of freedom, homoscedastic errors). ok is false when there are
// fewer than three observations per coefficient or the predictors are
// collinear.
func OLS(names []string, xs [][]float64, y []float64) (coefs []Coefficient, ok bool) {
	n, k := len(y), len(names)
	if n < 3*(k+1) {
		return nil, false
	}
	X := mat.NewDense(n, k+1, nil)
	for i := range n {
		X.Set(i, 0, 1)
		for j := range k {
			X.Set(i, j+1, xs[i][j])
		}
	}
	Y := mat.NewVecDense(n, slices.Clone(y))
	var qr mat.QR
	qr.Factorize(X)
	var b mat.VecDense
	if err := qr.SolveVecTo(&b, false, Y); err != nil {
		return nil, false
	}
	var fit, res mat.VecDense
	fit.MulVec(X, &b)
	res.SubVec(Y, &fit)
	df := float64(n - k - 1)
	s2 := mat.Dot(&res, &res) / df
	var xtx, inv mat.Dense
	xtx.Mul(X.T(), X)
	if err := inv.Inverse(&xtx); err != nil {
		return nil, false
	}
	tq := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(0.975)
	for j := range k {
		se := math.Sqrt(s2 * inv.At(j+1, j+1))
		e := b.AtVec(j + 1)
		coefs = append(coefs, Coefficient{Name: names[j], Estimate: e, CI95: [2]float64{e - tq*se, e + tq*se}})
	}
	return coefs, true
}

// DeriveBands places the lower bounds of grades 1..len(scale)-1 on
// deadliness by equipercentile linking: the foes are sorted by deadliness,
// and the bound between grade g and g+1 falls after as many foes as the
// rule puts in grades 0..g, halfway between the deadliness of the last foe
// below it and the next one. Grades then hold as many foes by deadliness
// as by the rule, ordered by deadliness: the grades a rule that tracked
// deadliness perfectly would give, with the rule's own shares. A bound
// that falls inside a run of equal deadliness moves above the run (ties go
// to the lower grade). ranks are the rule's grade indices.
func DeriveBands(deadliness []float64, ranks []int, grades int) []float64 {
	n := len(deadliness)
	sorted := slices.Clone(deadliness)
	slices.Sort(sorted)
	lower := make([]float64, grades-1)
	below := 0
	for g := range grades - 1 {
		for _, r := range ranks {
			if r == g {
				below++
			}
		}
		switch {
		case below <= 0:
			lower[g] = 0
		case below >= n:
			lower[g] = 1
		default:
			k := below
			for k < n && sorted[k] == sorted[below-1] {
				k++
			}
			if k >= n {
				lower[g] = 1
			} else {
				lower[g] = (sorted[k-1] + sorted[k]) / 2
			}
		}
		if g > 0 {
			lower[g] = math.Max(lower[g], lower[g-1])
		}
	}
	return lower
}

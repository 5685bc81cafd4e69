package sim

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Comparison says which figures of a result changed significantly from a
// baseline result of the same scenario, and which did not.
type Comparison struct {
	File        string   `json:"file"`              // the baseline result file
	Seed        uint64   `json:"seed"`              // the baseline's seed
	Trials      int64    `json:"trials"`            // the baseline's encounters
	Level       float64  `json:"level"`             // the significance level of every test
	Changes     []Change `json:"figures"`           // every figure compared, in the result's order
	Significant int      `json:"significant"`       // figures with p < Level
	Holm        int      `json:"holm"`              // figures still significant after the Holm–Bonferroni correction
	Missing     []string `json:"missing,omitempty"` // figures of one result that the other lacks
	// Added and Removed name the combatants (as "name (side)") that only the
	// new result has, and those that only the baseline has: a scenario that
	// changed its cast, whose figures for them cannot be compared.
	Added   []string `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
	Note    string   `json:"note"` // what the level means over this many tests
	// Fails is set when a drift fails the check (check --fail-on-drift): a
	// change that survives Holm's correction is then a failure, not a note.
	Fails bool `json:"fails,omitempty"`
}

// CastChanged says whether a combatant was added to or removed from the
// scenario since the baseline.
func (c *Comparison) CastChanged() bool { return len(c.Added)+len(c.Removed) > 0 }

// Drifted lists the changes that survive Holm's correction.
func (c *Comparison) Drifted() []Change {
	var out []Change
	for _, ch := range c.Changes {
		if ch.Holm {
			out = append(out, ch)
		}
	}
	return out
}

// Change is one figure compared with its baseline.
type Change struct {
	Metric    string     `json:"metric"`
	Combatant string     `json:"combatant,omitempty"` // empty for an encounter metric
	Test      string     `json:"test"`                // MethodProportions or MethodWelch
	Old       float64    `json:"old"`                 // the baseline's p or mean
	New       float64    `json:"new"`
	Diff      float64    `json:"diff"` // New - Old
	CI95      [2]float64 `json:"ci95"` // 95% interval of the difference
	Stat      float64    `json:"stat"` // z, or Welch's t
	P         float64    `json:"p_value"`
	// Significant is P < Level; Holm says it survives the Holm–Bonferroni
	// correction over every figure of the comparison.
	Significant bool `json:"significant"`
	Holm        bool `json:"holm"`
}

// The tests Compare applies.
const (
	// MethodProportions is the two-sided two-proportion z-test with the pooled
	// variance; the interval of the difference is Newcombe's hybrid score
	// interval, built from the two Wilson intervals.
	MethodProportions = "two-proportion z"
	// MethodWelch is Welch's two-sided t-test for means with unequal variances
	// (Welch–Satterthwaite degrees of freedom); the interval of the
	// difference is mean difference ± t·se.
	MethodWelch = "Welch t"
)

// Compare tests every figure that res and base both have (the encounter
// metrics, and the per-combatant metrics of combatants with the same name
// and side): probabilities with the two-proportion z-test, counts' means with
// Welch's t-test, each two-sided at level (0.05 when level is not in (0, 1)).
// It also applies the Holm–Bonferroni correction over all of them, and says
// in Note what the level means over that many tests.
func Compare(base, res *Result, file string, level float64) *Comparison {
	if !(level > 0 && level < 1) {
		level = 0.05
	}
	c := &Comparison{File: file, Seed: base.Seed, Trials: base.Trials, Level: level}
	compare := func(who, name string, old, cur Figure, ok bool) {
		label := name
		if who != "" {
			label = who + " " + name
		}
		if !ok {
			c.Missing = append(c.Missing, label+" (not in the baseline)")
			return
		}
		switch {
		case !old.Applicable() && !cur.Applicable():
			return // n/a in both: nothing to compare
		case !old.Applicable() || !cur.Applicable():
			c.Missing = append(c.Missing, label+" (not applicable in one of the two results)")
			return
		}
		ch, ok := compareFigures(old, cur)
		if !ok {
			c.Missing = append(c.Missing, label+" (a probability in one result, a count in the other)")
			return
		}
		ch.Metric, ch.Combatant = name, who
		ch.Significant = ch.P < level
		c.Changes = append(c.Changes, ch)
	}
	order := res.MetricOrder
	if len(order) == 0 {
		order = sortedKeys(res.Metrics)
	}
	for _, name := range order {
		cur, here := res.Metrics[name]
		if !here {
			continue
		}
		old, ok := base.Metrics[name]
		compare("", name, old, cur, ok)
	}
	for name := range base.Metrics {
		if _, ok := res.Metrics[name]; !ok {
			c.Missing = append(c.Missing, name+" (only in the baseline)")
		}
	}
	for _, cr := range res.Combatants {
		var bc *CombatantResult
		for i := range base.Combatants {
			if base.Combatants[i].Name == cr.Name && base.Combatants[i].Side == cr.Side {
				bc = &base.Combatants[i]
				break
			}
		}
		if bc == nil {
			c.Added = append(c.Added, combatantLabel(cr))
			continue
		}
		order := cr.MetricOrder
		if len(order) == 0 {
			order = sortedKeys(cr.Metrics)
		}
		for _, name := range order {
			cur, here := cr.Metrics[name]
			if !here {
				continue
			}
			old, ok := bc.Metrics[name]
			compare(cr.Name, name, old, cur, ok)
		}
	}
	for _, bc := range base.Combatants {
		if !hasCombatant(res.Combatants, bc) {
			c.Removed = append(c.Removed, combatantLabel(bc))
		}
	}
	sort.Strings(c.Missing)
	c.holm()
	m := len(c.Changes)
	c.Note = fmt.Sprintf("%d figures compared, each at level %g: if nothing had changed, about %.1f of them would be flagged "+
		"by chance alone. %d %s significant after the Holm–Bonferroni correction, which keeps the chance of any false flag "+
		"at %g. Figures of one run are correlated (victory and defeat move together), and a baseline run with the same seed "+
		"shares its random numbers, which makes these independent-sample tests conservative.",
		m, level, level*float64(m), c.Holm, plural(int64(c.Holm), "stays", "stay"), level)
	return c
}

// holm marks the changes that survive the Holm–Bonferroni step-down
// correction at c.Level, and counts the significant ones.
func (c *Comparison) holm() {
	ps := make([]float64, len(c.Changes))
	for i, ch := range c.Changes {
		ps[i] = ch.P
		if ch.Significant {
			c.Significant++
		}
	}
	for i, ok := range Holm(ps, c.Level) {
		if ok {
			c.Changes[i].Holm = true
			c.Holm++
		}
	}
}

// combatantLabel names a combatant with its side, as a change of cast
// lists it.
func combatantLabel(cr CombatantResult) string { return fmt.Sprintf("%s (%s)", cr.Name, cr.Side) }

// hasCombatant says whether cs holds a combatant of c's name and side.
func hasCombatant(cs []CombatantResult, c CombatantResult) bool {
	for _, x := range cs {
		if x.Name == c.Name && x.Side == c.Side {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]Figure) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compareFigures tests one figure against its baseline; false when the two
// are not of the same kind.
func compareFigures(old, cur Figure) (Change, bool) {
	switch {
	case old.Proportion != nil && cur.Proportion != nil:
		return TwoProportions(old.Proportion.Events, old.Proportion.N, cur.Proportion.Events, cur.Proportion.N), true
	case old.Distribution != nil && cur.Distribution != nil:
		o, n := old.Distribution, cur.Distribution
		return Welch(o.Mean, o.SD, o.N, n.Mean, n.SD, n.N), true
	}
	return Change{}, false
}

// TwoProportions compares x2 events out of n2 (new) with x1 out of n1 (old):
// the pooled two-proportion z-test, two-sided, and Newcombe's hybrid score
// interval of the difference p2 - p1. Identical all-or-nothing samples (no
// variance) give z = 0 and p = 1.
func TwoProportions(x1, n1, x2, n2 int64) Change {
	p1, p2 := ratio(x1, n1), ratio(x2, n2)
	ch := Change{Test: MethodProportions, Old: p1, New: p2, Diff: p2 - p1, P: 1}
	l1, u1 := Wilson(x1, n1)
	l2, u2 := Wilson(x2, n2)
	ch.CI95 = [2]float64{
		ch.Diff - math.Sqrt(sq(p2-l2)+sq(u1-p1)),
		ch.Diff + math.Sqrt(sq(u2-p2)+sq(p1-l1)),
	}
	if n1 <= 0 || n2 <= 0 {
		return ch
	}
	pool := float64(x1+x2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se > 0 {
		ch.Stat = ch.Diff / se
		ch.P = 2 * distuv.UnitNormal.Survival(math.Abs(ch.Stat))
	}
	return ch
}

// Welch compares the mean m2 (sd s2, n2 encounters; new) with m1 (s1, n1;
// old): Welch's two-sided t-test with Welch–Satterthwaite degrees of freedom,
// and the interval of the difference m2 - m1. With no variance on either
// side, equal means give p = 1 and different ones p = 0.
func Welch(m1, s1 float64, n1 int64, m2, s2 float64, n2 int64) Change {
	ch := Change{Test: MethodWelch, Old: m1, New: m2, Diff: m2 - m1, P: 1}
	ch.CI95 = [2]float64{ch.Diff, ch.Diff}
	if n1 <= 0 || n2 <= 0 {
		return ch
	}
	v1, v2 := s1*s1/float64(n1), s2*s2/float64(n2)
	se := math.Sqrt(v1 + v2)
	if se == 0 {
		if ch.Diff != 0 {
			ch.P = 0
			ch.Stat = math.Inf(int(math.Copysign(1, ch.Diff)))
		}
		return ch
	}
	ch.Stat = ch.Diff / se
	df := sq(v1+v2) / (sq(v1)/math.Max(float64(n1-1), 1) + sq(v2)/math.Max(float64(n2-1), 1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	ch.P = 2 * t.Survival(math.Abs(ch.Stat))
	q := t.Quantile(0.975)
	ch.CI95 = [2]float64{ch.Diff - q*se, ch.Diff + q*se}
	return ch
}

func ratio(x, n int64) float64 {
	if n <= 0 {
		return 0
	}
	return float64(x) / float64(n)
}

func sq(x float64) float64 { return x * x }

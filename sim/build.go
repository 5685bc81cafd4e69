package sim

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// RunInfo is what a Result says about the run besides its figures.
type RunInfo struct {
	Name, File, System, Version string
	Seed                        uint64
	Strategies                  map[string]string
	Options                     map[string]string
	MaxRounds                   int // the scenario's round cap; 0 when unknown
}

// fewEvents is the number of events (or non-events) below which a
// proportion gets a warning: its interval rests on a handful of encounters.
const fewEvents = 10

// Result builds the result of the run for schema s (the schema the run's
// Model reported): every figure in schema order, the per-combatant figures,
// and warnings for a partial run, a precision run that hit its cap, and
// proportions resting on fewer than 10 events or non-events. Expectations
// are left for Evaluate or EvaluateAt.
func (o *Outcome) Result(s *Schema, info RunInfo) *Result {
	acc := o.Acc
	if acc == nil {
		acc = NewAcc(s)
	}
	res := &Result{
		Tool:        "tpk",
		Schema:      SchemaVersion,
		Version:     info.Version,
		Scenario:    ScenarioInfo{Name: info.Name, File: info.File, System: info.System},
		Seed:        info.Seed,
		Trials:      o.Trials,
		Workers:     o.Workers,
		ElapsedS:    o.Elapsed.Seconds(),
		Partial:     o.Partial,
		Strategies:  copyMap(info.Strategies),
		Options:     copyMap(info.Options),
		Metrics:     make(map[string]Figure, len(s.Metrics)),
		MetricOrder: make([]string, 0, len(s.Metrics)),
		Combatants:  make([]CombatantResult, 0, len(s.Combatants)),
	}
	if o.Partial {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"the run was interrupted after %d encounters: every figure covers only that prefix of the run", o.Trials))
	}
	if o.capped {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"the precision target %g was not reached: the run stopped at its cap of %d encounters", o.precision, o.Trials))
	}
	for i, m := range s.Metrics {
		f := Figure{NA: m.NA}
		if m.NA == "" {
			f = acc.figure(i)
		}
		res.Metrics[m.Name] = f
		res.MetricOrder = append(res.MetricOrder, m.Name)
		res.Warnings = appendFewEvents(res.Warnings, m.Name, f)
	}
	names := make([]string, len(s.CombatantMetrics))
	for j, m := range s.CombatantMetrics {
		names[j] = m.Name
	}
	cms := s.CombatantMetrics
	for c, cb := range s.Combatants {
		cr := CombatantResult{Name: cb.Name, Side: cb.Side,
			Metrics: make(map[string]Figure, len(names)), MetricOrder: slices.Clone(names)}
		for j, name := range names {
			f := Figure{NA: cms[j].NA}
			if cms[j].NASide != "" && cms[j].NASide != cb.Side {
				f.NA = ""
			}
			if f.NA == "" {
				f = acc.CombatantFigure(c, j)
			}
			cr.Metrics[name] = f
			res.Warnings = appendFewEvents(res.Warnings, cb.Name+" "+name, f)
		}
		cr.Standing = acc.StandingByRound(c)
		res.Combatants = append(res.Combatants, cr)
	}
	res.Verdict = verdict(res, s.Verdict)
	if note := roundCapNote(res, info.MaxRounds, fightWord(s.Verdict)); note != "" {
		res.Verdict = strings.TrimSpace(res.Verdict + " " + note)
		res.Warnings = append(res.Warnings, roundCapWarning(res, info.MaxRounds))
	}
	res.Glossary, res.CombatantGlossary = glossary(s.Metrics), glossary(s.CombatantMetrics)
	if st := acc.stand.n; st > 0 && st != acc.n {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"who was standing round by round was reported in only %d of %d encounters (a bug of the system): it is left out", st, acc.n))
	}
	return res
}

// roundCapShare is the share of encounters stopped undecided by the round
// cap from which the verdict says so: above it, the figures describe
// capped fights rather than whole ones.
const roundCapShare = 0.02

// roundCapNote is the sentence the verdict adds when at least
// roundCapShare of the encounters reached the round cap (maxRounds; 0:
// not known) still undecided: how often, and what the figures then hide.
// "" when the stalemate figure is below it or not measured.
func roundCapNote(res *Result, maxRounds int, fight string) string {
	p := res.Metrics[MetricStalemate].Proportion
	if p == nil || p.N == 0 || p.P < roundCapShare {
		return ""
	}
	return fmt.Sprintf("The %s is still undecided at the round cap (%s) %s (stalemate %s): those count as neither won nor lost, "+
		"so every figure says only what happens within the cap; raise max_rounds to see how they end.",
		fight, capName(maxRounds), howOften(p, fight), verdictNum(p.P))
}

// roundCapWarning is the warning beside roundCapNote's sentence.
func roundCapWarning(res *Result, maxRounds int) string {
	p := res.Metrics[MetricStalemate].Proportion
	return fmt.Sprintf("stalemate: p = %s of the encounters reached the round cap (%s) undecided; every figure counts "+
		"only what happened before it", formatP(p.P), capName(maxRounds))
}

// capName names the round cap: "max_rounds 30", or "max_rounds" when it is
// not known.
func capName(maxRounds int) string {
	if maxRounds <= 0 {
		return "max_rounds"
	}
	return fmt.Sprintf("max_rounds %d", maxRounds)
}

// fightWord is what one encounter is called under rule (nil: the default).
func fightWord(rule *VerdictRule) string {
	if rule != nil && rule.Fight != "" {
		return rule.Fight
	}
	return "fight"
}

// glossary maps every metric to its one-line description.
func glossary(ms []Metric) map[string]string {
	g := make(map[string]string, len(ms))
	for _, m := range ms {
		if m.Doc != "" {
			g[m.Name] = m.Doc
		}
	}
	return g
}

// copyMap copies m, giving an empty map for nil so that JSON says {}.
func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// appendFewEvents warns when a proportion rests on 1 to 9 events or
// non-events.
//
// A count warns when fewer than 10 encounters lie away from its most common
// value: with none, its interval is the one for a count without spread (see
// meanInterval); with 1 to 9, the normal interval rests on a handful.
func appendFewEvents(w []string, name string, f Figure) []string {
	if d := f.Distribution; d != nil && d.N > 0 {
		mode, most := 0, int64(0)
		for v, c := range d.Histogram {
			if c > most || c == most && v < mode {
				mode, most = v, c
			}
		}
		switch away := d.N - most; {
		case away == 0:
			w = append(w, fmt.Sprintf("%s: every encounter gave %d; the mean's interval allows for values one step away that the run did not meet", name, mode))
		case away < fewEvents:
			w = append(w, fmt.Sprintf("%s: mean = %s rests on %d %s away from the most common value %d; the interval is rough",
				name, strconv.FormatFloat(d.Mean, 'g', 4, 64), away, plural(away, "encounter", "encounters"), mode))
		}
	}
	p := f.Proportion
	if p == nil {
		return w
	}
	if p.Events >= 1 && p.Events < fewEvents {
		w = append(w, fmt.Sprintf("%s: p = %s rests on %d %s; the interval is wide",
			name, formatP(p.P), p.Events, plural(p.Events, "event", "events")))
	}
	if non := p.N - p.Events; non >= 1 && non < fewEvents {
		w = append(w, fmt.Sprintf("%s: p = %s rests on %d %s without the event; the interval is wide",
			name, formatP(p.P), non, plural(non, "encounter", "encounters")))
	}
	return w
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// formatP writes a probability with two significant digits of whichever of
// p and 1-p is smaller, in plain decimal notation: 0.00004, 0.99996, 0.31.
func formatP(p float64) string {
	q := math.Min(p, 1-p)
	if q <= 0 {
		return strconv.FormatFloat(p, 'f', -1, 64)
	}
	decimals := max(1-int(math.Floor(math.Log10(q))), 0)
	s := strconv.FormatFloat(p, 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// Evaluate is EvaluateAt with the usual 95% interval: it checks expectations
// against a result's encounter metrics. Each ExpectationResult says whether
// the observed figure (a Prob metric's p, a Count metric's mean) satisfies
// the expectation (Pass), carries the figure's 95% interval, and the verdict
// that interval gives (pass, fail, or undecided when it straddles the
// bound). Schema.CheckExpectations has already refused, before anything was
// played, an expectation on a metric the schema lacks or the options make
// not applicable; one that still reaches here (a result not built from that
// schema) is an *InputError (exit code 2) listing the metric names allowed.
// The caller stores the returned slice in the result's Expectations.
func Evaluate(res *Result, exps []Expectation) ([]ExpectationResult, error) {
	return EvaluateAt(res, exps, 0.05)
}

// EvaluateAt is Evaluate with the verdict judged by the interval of
// confidence 1 - alpha (a look of check's running on, see Looks). When that
// is not the 95% interval, the result also carries it (Confidence,
// Interval).
func EvaluateAt(res *Result, exps []Expectation, alpha float64) ([]ExpectationResult, error) {
	out := make([]ExpectationResult, 0, len(exps))
	for _, e := range exps {
		f, ok := res.Metrics[e.Metric]
		if !ok || !f.Applicable() {
			file := res.Scenario.File
			if file == "" {
				file = res.Scenario.Name
			}
			msg := fmt.Sprintf("expect: unknown metric %q", e.Metric)
			if f.NA != "" {
				msg = fmt.Sprintf("expect: metric %q is not applicable here (%s)", e.Metric, f.NA)
			}
			return nil, &InputError{File: file, Line: e.Line, Msg: msg + "; allowed: " + strings.Join(applicableNames(res), ", ")}
		}
		obs, ci := f.Value()
		judged := ci
		if alpha != 0.05 {
			judged = f.Interval(1 - alpha)
		}
		r := ExpectationResult{Metric: e.Metric, Op: e.Op, Value: e.Value,
			Observed: obs, CI95: ci, Pass: e.Holds(obs), Verdict: e.Verdict(judged[0], judged[1])}
		if alpha != 0.05 {
			r.Confidence, r.Interval = 1-alpha, &judged
		}
		if e.Op == ".." {
			hi := e.Hi
			r.Hi = &hi
		}
		out = append(out, r)
	}
	return out, nil
}

// applicableNames lists a result's applicable encounter metrics in schema
// order, or sorted when the order is not known (a result read back from
// JSON).
func applicableNames(res *Result) []string {
	order := res.MetricOrder
	if len(order) == 0 {
		order = make([]string, 0, len(res.Metrics))
		for k := range res.Metrics {
			order = append(order, k)
		}
		sort.Strings(order)
	}
	names := make([]string, 0, len(order))
	for _, k := range order {
		if res.Metrics[k].Applicable() {
			names = append(names, k)
		}
	}
	return names
}

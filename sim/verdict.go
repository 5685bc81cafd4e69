package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// VerdictRule says, in a system's own words, what the one-sentence verdict
// that opens every result is about: the encounter probability a game master
// asks for first, and the per-combatant figure that names who is most at
// risk. A system sets it on its Schema; nil means DefaultVerdict.
type VerdictRule struct {
	Metric string // the encounter probability: "any_death"
	Event  string // what it counts, as a clause with a subject: "someone dies"
	Lone   string // the same for a party of one, %s standing for its name: "%s dies"
	Risk   string // the per-combatant probability behind "most at risk": "death" ("" for none)
	Fight  string // what one encounter is called: "fight", "duel", "battle"
	// Notes are sentences added after the verdict, in which {metric}
	// stands for how often that probability's event happened ("in about 1
	// fight in 8 (any_unconscious 0.129)"): what a figure near the headline
	// hides and what to read instead. A note naming a metric that is n/a is
	// left out.
	Notes []string
}

// DefaultVerdict is the verdict of a system that sets none: death.
var DefaultVerdict = VerdictRule{Metric: MetricAnyDeath, Event: "someone dies", Lone: "%s dies", Risk: "death", Fight: "fight"}

// fallbackVerdict is used when the rule's metric is n/a or missing (the
// table then says why): the party beaten, which every system reports.
var fallbackVerdict = VerdictRule{Metric: MetricDefeat, Event: "the whole party is out of action", Lone: "%s is out of action", Fight: "fight"}

// verdict writes the sentence for a result built from a schema with rule
// (nil: DefaultVerdict): how often the event happens, with its figure and
// 95% interval, and which party member is most at risk.
func verdict(res *Result, rule *VerdictRule) string {
	r := DefaultVerdict
	if rule != nil {
		r = *rule
	}
	if res.Metrics[r.Metric].Proportion == nil {
		r = fallbackVerdict
		if res.Metrics[r.Metric].Proportion == nil {
			return ""
		}
	}
	s := sentence(res, r)
	for _, n := range r.Notes {
		if note := fillNote(n, res, r.Fight); note != "" {
			s += " " + note
		}
	}
	return s
}

// fillNote replaces each {metric} of note with how often it happened; ""
// when one of them is not a measured probability.
func fillNote(note string, res *Result, fight string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(note, '{')
		if i < 0 {
			return b.String() + note
		}
		j := strings.IndexByte(note[i:], '}')
		if j < 0 {
			return b.String() + note
		}
		name := note[i+1 : i+j]
		b.WriteString(note[:i])
		f := res.Metrics[name]
		if f.Proportion == nil {
			return ""
		}
		often := howOften(f.Proportion, fight)
		if f.Events == 0 {
			often = fmt.Sprintf("in none of %s %ss", thousands(f.Proportion.N), fight)
		}
		b.WriteString(often + " (" + name + " " + verdictNum(f.P) + ")")
		note = note[i+j+1:]
	}
}

func sentence(res *Result, r VerdictRule) string {
	var party []CombatantResult
	var names []string
	for _, c := range res.Combatants {
		if c.Side == Party {
			party = append(party, c)
			names = append(names, c.Name)
		}
	}
	event, fight := r.words(names)
	p := res.Metrics[r.Metric].Proportion
	s := capitalize(event) + " " + howOften(p, fight) + " (" + r.Metric + " " + pci(*p) + ")"
	if len(party) > 1 && r.Risk != "" && p.Events > 0 {
		s += atRisk(party, r.Risk)
	}
	return s + "."
}

// words are the rule's clause for the event, in the name of a party of
// one when it has one, and what one encounter is called.
func (r VerdictRule) words(party []string) (event, fight string) {
	event, fight = r.Event, r.Fight
	if fight == "" {
		fight = "fight"
	}
	if len(party) == 1 && r.Lone != "" {
		event = fmt.Sprintf(r.Lone, party[0])
	}
	return event, fight
}

// howOften says how often an event of probability p happens, in words: "in
// about 1 fight in 50", "in about 52% of fights", "in none of 100,000
// fights".
func howOften(p *Proportion, fight string) string {
	switch {
	case p.N == 0:
		return "in no " + fight + " played"
	case p.Events == 0:
		return fmt.Sprintf("in none of %s %ss, so at most about 1 %s in %s", thousands(p.N), fight, fight, thousands(roundTo2(1/p.CI95[1])))
	case p.Events == p.N:
		return fmt.Sprintf("in every one of %s %ss", thousands(p.N), fight)
	case p.P < 0.15:
		return fmt.Sprintf("in about 1 %s in %s", fight, thousands(roundTo2(1/p.P)))
	case p.P <= 0.85:
		return fmt.Sprintf("in about %d%% of %ss", int(math.Round(100*p.P)), fight)
	}
	return fmt.Sprintf("in %s%% of %ss", strconv.FormatFloat(math.Floor(1000*p.P)/10, 'f', -1, 64), fight)
}

// atRisk names the party members most at risk: the one with the highest
// figure, with every other whose interval reaches its interval (not clearly
// safer than it); nobody when the highest rests on fewer than 10 events.
func atRisk(party []CombatantResult, metric string) string {
	top := -1
	for i, c := range party {
		f := c.Metrics[metric].Proportion
		if f != nil && (top < 0 || f.P > party[top].Metrics[metric].P) {
			top = i
		}
	}
	if top < 0 || party[top].Metrics[metric].Events < fewEvents {
		return "" // too few events to tell anyone apart
	}
	lo := party[top].Metrics[metric].Proportion.CI95[0]
	var names, figs []string
	add := func(c CombatantResult) {
		names = append(names, c.Name)
		figs = append(figs, verdictNum(c.Metrics[metric].P))
	}
	add(party[top])
	for i, c := range party {
		if f := c.Metrics[metric].Proportion; i != top && f != nil && f.CI95[1] >= lo {
			add(c)
		}
	}
	switch {
	case len(names) == len(party):
		return "; no party member is clearly more at risk than the others"
	case len(names) == 1:
		return fmt.Sprintf("; %s is the one most at risk (%s %s)", names[0], metric, figs[0])
	}
	return fmt.Sprintf("; %s are the most at risk (%s %s)", andList(names), metric, andList(figs))
}

// pci writes a probability with its interval for a sentence: "0.020 [0.018,
// 0.022]".
func pci(p Proportion) string {
	return verdictNum(p.P) + " [" + verdictNum(p.CI95[0]) + ", " + verdictNum(p.CI95[1]) + "]"
}

// verdictNum writes a probability with three decimals, or two significant
// digits when it is below 0.01.
func verdictNum(x float64) string {
	switch {
	case x == 0 || x == 1:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x < 0.01:
		return formatP(x)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// ExpectationVerdict is the sentence a check adds to the verdict: whether
// every expectation passed, else which did not.
func ExpectationVerdict(xs []ExpectationResult) string {
	if len(xs) == 0 {
		return ""
	}
	var failed, undecided []string
	for _, x := range xs {
		what := x.Metric + " " + x.Op + " " + strconv.FormatFloat(x.Value, 'g', -1, 64)
		if x.Op == ".." && x.Hi != nil {
			what = x.Metric + " in " + strconv.FormatFloat(x.Value, 'g', -1, 64) + " .. " + strconv.FormatFloat(*x.Hi, 'g', -1, 64)
		}
		what += " (observed " + verdictNum(x.Observed) + ")"
		switch {
		case x.Verdict == VerdictUndecided:
			undecided = append(undecided, what)
		case !x.Pass:
			failed = append(failed, what)
		}
	}
	var parts []string
	if len(failed) > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d %s failed: %s", len(failed), len(xs), plural(int64(len(xs)), "expectation", "expectations"), strings.Join(failed, "; ")))
	}
	if len(undecided) > 0 {
		parts = append(parts, fmt.Sprintf("%d undecided (the interval straddles the bound): %s", len(undecided), strings.Join(undecided, "; ")))
	}
	if len(parts) == 0 {
		if len(xs) == 1 {
			return "The expectation holds."
		}
		return fmt.Sprintf("All %d expectations hold.", len(xs))
	}
	return capitalize(strings.Join(parts, "; ")) + "."
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// andList joins "a", "b" and "c" as "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// roundTo2 rounds x to two significant digits.
func roundTo2(x float64) int64 {
	if x < 10 {
		return int64(math.Round(x))
	}
	e := math.Pow(10, math.Floor(math.Log10(x))-1)
	return int64(math.Round(x/e) * e)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// PlayFigure is the verdict's figure under one way of playing, for
// YardstickSentence: Phrase says the play ("when the party plays
// carelessly", "against a strong GM").
type PlayFigure struct {
	Phrase string
	P      *Proportion
}

// YardstickSentence says how often the verdict's event of schema s (its
// rule, or death) happens at a competent table, with its figure and
// interval, and then under each other play: "Someone dies in about 1 fight
// in 50 at a competent table (any_death 0.020 [0.018, 0.022]); 1 in 140
// when the party plays strong, 1 in 6 when it plays carelessly."
func YardstickSentence(s *Schema, metric string, competent *Proportion, others []PlayFigure) string {
	r := DefaultVerdict
	if s.Verdict != nil {
		r = *s.Verdict
	}
	if r.Metric != metric {
		r = fallbackVerdict // the rule's figure is n/a: metric is defeat
	}
	var party []string
	for _, c := range s.Combatants {
		if c.Side == Party {
			party = append(party, c.Name)
		}
	}
	event, fight := r.words(party)
	out := capitalize(event) + " " + howOften(competent, fight) + " at a competent table (" + metric + " " + pci(*competent) + ")"
	var parts []string
	for _, o := range others {
		parts = append(parts, shortOften(o.P)+" "+o.Phrase)
	}
	if len(parts) > 0 {
		out += "; " + strings.Join(parts, ", ")
	}
	return out + "."
}

// shortOften is howOften in a few words, for a list: "1 in 140", "52%",
// "none of 1,000", "all 1,000", or "3 of 1,000" when it rests on fewer than
// ten events.
func shortOften(p *Proportion) string {
	switch {
	case p.N == 0:
		return "none played"
	case p.Events == 0:
		return "none of " + thousands(p.N)
	case p.Events == p.N:
		return "all " + thousands(p.N)
	case p.Events < fewEvents:
		return fmt.Sprintf("%d of %s", p.Events, thousands(p.N)) // too few to say "1 in N"
	case p.P < 0.15:
		return "1 in " + thousands(roundTo2(1/p.P))
	}
	return fmt.Sprintf("%d%%", int(math.Round(100*p.P)))
}

// YardstickLine is the sentence `tpk run --yardstick` adds to a verdict:
// how often the verdict's event happens at a competent table and under each
// other play, in few words: "With the yardstick of play (1,000 encounters
// each): 1 in 50 at a competent table, 1 in 140 when the party plays
// strong, 1 in 6 when the party plays carelessly."
func YardstickLine(metric string, trials int64, competent *Proportion, others []PlayFigure) string {
	parts := []string{shortOften(competent) + " at a competent table"}
	for _, o := range others {
		parts = append(parts, shortOften(o.P)+" "+o.Phrase)
	}
	return fmt.Sprintf("With the yardstick of play (%s, %s encounters each): %s.", metric, thousands(trials), strings.Join(parts, ", "))
}

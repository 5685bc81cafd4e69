package sim

import (
	"fmt"
	"strings"
	"testing"
)

func prop(events, n int64) *Proportion {
	lo, hi := Wilson(events, n)
	return &Proportion{P: float64(events) / float64(n), CI95: [2]float64{lo, hi}, N: n, Events: events}
}

// The verdict says how often in words a game master reads at a glance.
func TestHowOften(t *testing.T) {
	for _, tc := range []struct {
		events, n int64
		want      string
	}{
		{0, 100000, "in none of 100,000 fights, so at most about 1 fight in 26,000"},
		{200, 10000, "in about 1 fight in 50"},
		{1, 3, "in about 33% of fights"},
		{5166, 10000, "in about 52% of fights"},
		{9960, 10000, "in 99.6% of fights"},
		{10, 10, "in every one of 10 fights"},
	} {
		t.Run(fmt.Sprintf("%d/%d", tc.events, tc.n), func(t *testing.T) {
			if got := howOften(prop(tc.events, tc.n), "fight"); got != tc.want {
				t.Errorf("%d of %d: %q, want %q", tc.events, tc.n, got, tc.want)
			}
		})
	}
}

// The verdict names the one most at risk only when the figures tell it
// apart from the others; a lone character is named as the subject; an n/a
// headline falls back on defeat.
func TestVerdictSentence(t *testing.T) {
	member := func(name string, events int64) CombatantResult {
		return CombatantResult{Name: name, Side: Party, Metrics: map[string]Figure{"death": {Proportion: prop(events, 10000)}}}
	}
	res := func(deaths int64, party ...CombatantResult) *Result {
		return &Result{Metrics: map[string]Figure{"any_death": {Proportion: prop(deaths, 10000)},
			"defeat": {Proportion: prop(300, 10000)}}, Combatants: party}
	}
	for _, tc := range []struct {
		name string
		res  *Result
		rule *VerdictRule
		want string
	}{
		{"one stands out", res(200, member("Ann", 150), member("Bo", 40)), nil,
			"Someone dies in about 1 fight in 50 (any_death 0.020 [0.017, 0.023]); Ann is the one most at risk (death 0.015)."},
		{"two alike", res(200, member("Ann", 100), member("Bo", 95), member("Cy", 5)), nil,
			"; Ann and Bo are the most at risk (death 0.010 and 0.0095)."},
		{"all alike", res(200, member("Ann", 100), member("Bo", 98)), nil,
			"; no party member is clearly more at risk than the others."},
		{"lone", res(5166, member("Reference", 5166)), &VerdictRule{Metric: "any_death", Event: "someone dies", Lone: "%s dies", Risk: "death", Fight: "duel"},
			"Reference dies in about 52% of duels (any_death 0.517 [0.507, 0.526])."},
		{"n/a", &Result{Metrics: map[string]Figure{"any_death": {NA: "not under X-1"}, "defeat": {Proportion: prop(300, 10000)}},
			Combatants: []CombatantResult{member("Ann", 0), member("Bo", 0)}}, nil,
			"The whole party is out of action in about 1 fight in 33 (defeat 0.030 [0.027, 0.034])."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := verdict(tc.res, tc.rule); !strings.Contains(got, tc.want) {
				t.Errorf("%s: %q, want it to contain %q", tc.name, got, tc.want)
			}
		})
	}
}

// A check's verdict says which expectations failed, or that all hold.
func TestExpectationVerdict(t *testing.T) {
	hi := 0.4
	for _, tc := range []struct {
		xs   []ExpectationResult
		want string
	}{
		{nil, ""},
		{[]ExpectationResult{{Metric: "tpk", Op: "<", Value: 0.05, Observed: 0.01, Pass: true, Verdict: VerdictPass}}, "The expectation holds."},
		{[]ExpectationResult{{Metric: "tpk", Op: "<", Value: 0.05, Observed: 0.01, Pass: true, Verdict: VerdictPass},
			{Metric: "victory", Op: "..", Value: 0.1, Hi: &hi, Observed: 0.52, Verdict: VerdictFail}},
			"1 of 2 expectations failed: victory in 0.1 .. 0.4 (observed 0.520)."},
		{[]ExpectationResult{{Metric: "tpk", Op: "<", Value: 0.05, Observed: 0.049, Pass: true, Verdict: VerdictUndecided}},
			"1 undecided (the interval straddles the bound): tpk < 0.05 (observed 0.049)."},
	} {
		t.Run(fmt.Sprintf("%q", tc.want), func(t *testing.T) {
			if got := ExpectationVerdict(tc.xs); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// A system's note follows the verdict, with the figures it names filled in.
func TestVerdictNote(t *testing.T) {
	res := &Result{Metrics: map[string]Figure{"any_dying": {Proportion: prop(3800, 10000)}, "escape": {Proportion: prop(3600, 10000)}}}
	rule := &VerdictRule{Metric: "any_dying", Event: "someone is left dying", Fight: "fight",
		Notes: []string{"Some get away {escape}, friends left dying or not: read any_dying."}}
	want := "Someone is left dying in about 38% of fights (any_dying 0.380 [0.371, 0.390]). Some get away in about 36% of fights (escape 0.360), friends left dying or not: read any_dying."
	if got := verdict(res, rule); got != want {
		t.Errorf("%q\nwant %q", got, want)
	}
}

// A note naming a figure the options make n/a is left out.
func TestVerdictNoteLeftOut(t *testing.T) {
	res := &Result{Metrics: map[string]Figure{"any_death": {Proportion: prop(10, 10000)}, "midnight": {NA: "under S15 extend"}}}
	rule := &VerdictRule{Metric: "any_death", Event: "someone dies", Fight: "battle", Notes: []string{"Midnight {midnight}."}}
	if got := verdict(res, rule); strings.Contains(got, "Midnight") {
		t.Errorf("%q", got)
	}
}

// The yardstick's sentences say how often the verdict's event happens
// under each play, in the system's words, and never "1 in N" on fewer than
// ten events.
func TestYardstickSentences(t *testing.T) {
	p := prop
	s := &Schema{Verdict: &VerdictRule{Metric: "any_death", Event: "someone dies", Lone: "%s dies", Fight: "conflict"},
		Combatants: []Combatant{{Name: "Ada", Side: Party}, {Name: "Bram", Side: Party}, {Name: "Choir", Side: Foes}}}
	others := []PlayFigure{{"when the party plays strong", p(7, 1000)}, {"when the party plays carelessly", p(160, 1000)},
		{"against a harsher GM", p(0, 1000)}, {"against a strong GM", p(1000, 1000)}}
	got := YardstickSentence(s, "any_death", p(20, 1000), others)
	want := "Someone dies in about 1 conflict in 50 at a competent table (any_death 0.020 [0.013, 0.031]); " +
		"7 of 1,000 when the party plays strong, 16% when the party plays carelessly, none of 1,000 against a harsher GM, all 1,000 against a strong GM."
	if got != want {
		t.Errorf("sentence\n got %q\nwant %q", got, want)
	}
	line := YardstickLine("any_death", 1000, p(20, 1000), others[:2])
	if want := "With the yardstick of play (any_death, 1,000 encounters each): 1 in 50 at a competent table, 7 of 1,000 when the party plays strong, 16% when the party plays carelessly."; line != want {
		t.Errorf("line\n got %q\nwant %q", line, want)
	}
	s.Combatants = s.Combatants[:1]
	if got := YardstickSentence(s, "any_death", p(20, 1000), nil); !strings.HasPrefix(got, "Ada dies in about") {
		t.Errorf("a party of one: %q", got)
	}
	if got := YardstickSentence(s, "defeat", p(20, 1000), nil); !strings.HasPrefix(got, "Ada is out of action") {
		t.Errorf("the fallback verdict: %q", got)
	}
}

func TestRoundCapNote(t *testing.T) {
	with := func(events int64) *Result {
		p := &Proportion{P: float64(events) / 1000, N: 1000, Events: events}
		return &Result{Metrics: map[string]Figure{"stalemate": {Proportion: p}}}
	}
	cases := []struct {
		name      string
		res       *Result
		maxRounds int
		want      string // "" for no sentence
	}{
		{"most fights capped", with(380), 30, "The duel is still undecided at the round cap (max_rounds 30) in about 38% of duels (stalemate 0.380): those count as neither won nor lost, so every figure says only what happens within the cap; raise max_rounds to see how they end."},
		{"cap not known", with(50), 0, "The duel is still undecided at the round cap (max_rounds) in about 1 duel in 20 (stalemate 0.050): those count as neither won nor lost, so every figure says only what happens within the cap; raise max_rounds to see how they end."},
		{"a few capped", with(19), 30, ""},
		{"none capped", with(0), 30, ""},
		{"not measured", &Result{Metrics: map[string]Figure{"stalemate": {NA: "no cap"}}}, 30, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := roundCapNote(c.res, c.maxRounds, "duel"); got != c.want {
				t.Errorf("%s: got %q\nwant %q", c.name, got, c.want)
			}
		})
	}
}

func TestResultWarnsOfTheRoundCap(t *testing.T) {
	res := (&Outcome{Acc: stalemated(t, 300, 1000), Trials: 1000}).Result(stalemateSchema, RunInfo{MaxRounds: 12})
	if !strings.Contains(res.Verdict, "round cap (max_rounds 12) in about 30% of fights") {
		t.Errorf("verdict %q does not name the round cap", res.Verdict)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "stalemate: p = 0.3 of the encounters reached the round cap (max_rounds 12)") {
		t.Errorf("warnings %q", res.Warnings)
	}
}

// stalemateSchema is the standard metrics of a party of one in 12 rounds.
var stalemateSchema = &Schema{Metrics: StandardMetrics(12, 1), Combatants: []Combatant{{Name: "Ann", Side: Party}}}

// stalemated accumulates n encounters of stalemateSchema, the first
// capped of them stalemates and the rest victories.
func stalemated(t *testing.T, capped, n int) *Acc {
	t.Helper()
	acc, rec := NewAcc(stalemateSchema), NewRecord(stalemateSchema)
	for i := 0; i < n; i++ {
		rec.Reset()
		rec.SetStandard(Ending{Victory: i >= capped, Stalemate: i < capped, Rounds: 12, Party: 1})
		acc.Add(rec)
	}
	return acc
}

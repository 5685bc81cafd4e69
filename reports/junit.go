package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tpk-sim/tpk/sim"
)

// CheckJUnit writes a check as JUnit XML, which CI systems (GitHub Actions
// test reporters, GitLab's junit artifacts, Jenkins) show as tests: one test
// suite per scenario, one test case per expectation. A failed expectation
// is a <failure>; an undecided one (its interval still straddling the bound
// at the cap of encounters) is <skipped> with the reason, so that it shows
// without failing the build. A scenario that drifted from its baseline
// under --fail-on-drift has one failing test case, "baseline", however many
// figures moved: its message names the largest moves and counts the rest,
// its text lists every one. A scenario in broken, which could not be
// loaded, is a test suite of its own with one <error> test case.
func CheckJUnit(w io.Writer, results []*sim.Result, broken []Broken) error {
	type property struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	type message struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Time      string   `xml:"time,attr"`
		Failure   *message `xml:"failure,omitempty"`
		Error     *message `xml:"error,omitempty"`
		Skipped   *message `xml:"skipped,omitempty"`
		SystemOut string   `xml:"system-out,omitempty"`
	}
	type testsuite struct {
		Name       string     `xml:"name,attr"`
		Tests      int        `xml:"tests,attr"`
		Failures   int        `xml:"failures,attr"`
		Errors     int        `xml:"errors,attr"`
		Skipped    int        `xml:"skipped,attr"`
		Time       string     `xml:"time,attr"`
		File       string     `xml:"file,attr,omitempty"`
		Properties []property `xml:"properties>property"`
		Cases      []testcase `xml:"testcase"`
	}
	type testsuites struct {
		XMLName  xml.Name    `xml:"testsuites"`
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		Suites   []testsuite `xml:"testsuite"`
	}
	drifted := map[int]ScenarioDrift{}
	for _, d := range DriftsByScenario(results) {
		drifted[d.Result] = d
	}
	all := testsuites{Name: "tpk check"}
	var total float64
	add := func(s testsuite) {
		s.Tests = len(s.Cases)
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Errors += s.Errors
		all.Skipped += s.Skipped
		all.Suites = append(all.Suites, s)
	}
	addBroken := func(pos int) {
		for _, b := range broken {
			if b.Pos == pos {
				add(testsuite{Name: b.File, File: b.File, Time: seconds(0), Errors: 1, Cases: []testcase{{
					Name: "load " + b.File, Classname: "tpk.scenario", Time: "0",
					Error: &message{Message: "the scenario could not be loaded: " + b.Err, Type: "input", Text: b.Err}}}})
			}
		}
	}
	for i, r := range results {
		addBroken(i)
		s := testsuite{Name: r.Scenario.Name, File: r.Scenario.File, Time: seconds(r.ElapsedS),
			Properties: []property{
				{"system", r.Scenario.System}, {"seed", strconv.FormatUint(r.Seed, 10)},
				{"trials", strconv.FormatInt(r.Trials, 10)},
			}}
		if len(r.Variant) > 0 {
			s.Properties = append(s.Properties, property{"variant", sim.VariantLabel(r.Variant)})
		}
		class := r.Scenario.System + "." + Slug(r.Scenario.Name)
		for _, x := range r.Expectations {
			detail := fmt.Sprintf("%s: observed %s, 95%% interval [%s, %s]%s, %d encounters (seed %d)",
				expectation(x), num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), judgedBy(x), r.Trials, r.Seed)
			c := testcase{Name: expectation(x), Classname: class, Time: "0"}
			switch Verdict(x) {
			case sim.VerdictFail:
				c.Failure = &message{Message: "expectation failed: " + detail, Type: "expectation", Text: detail}
				s.Failures++
			case sim.VerdictUndecided:
				side := "outside"
				if x.Pass {
					side = "inside"
				}
				c.Skipped = &message{Message: "undecided: the interval still straddles the bound (the estimate is " + side + "): " + detail}
				s.Skipped++
			default:
				c.SystemOut = "pass: " + detail
			}
			s.Cases = append(s.Cases, c)
		}
		if d, ok := drifted[i]; ok {
			msg := fmt.Sprintf("drifted from the baseline %s: %s", d.Baseline, d.Headline(DriftTop))
			s.Cases = append(s.Cases, testcase{Name: "baseline", Classname: class, Time: "0",
				Failure: &message{Message: msg, Type: "drift", Text: driftDetail(d)}})
			s.Failures++
		}
		if r.Partial {
			s.Errors++
			s.Cases = append(s.Cases, testcase{Name: "run", Classname: class, Time: "0",
				Failure: &message{Message: "the run was interrupted", Type: "error", Text: "the figures cover only a prefix of the run"}})
		}
		total += r.ElapsedS
		add(s)
	}
	addBroken(len(results))
	all.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// judgedBy names the interval the verdict rested on when check's looks
// made it wider than the 95% one.
func judgedBy(x sim.ExpectationResult) string {
	if x.Interval == nil {
		return ""
	}
	return fmt.Sprintf(", judged by its %s%% interval [%s, %s]", num(100*x.Confidence), num(x.Interval[0]), num(x.Interval[1]))
}

func seconds(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }

// driftDetail lists every moved figure of a drift, largest first, one a
// line with its test, and the combatants added or removed.
func driftDetail(d ScenarioDrift) string {
	var b strings.Builder
	if len(d.Figures) > 0 {
		fmt.Fprintf(&b, "%s moved, significant after Holm's correction at level %g (largest first):\n",
			plural(len(d.Figures), "figure", "figures"), d.Level)
	}
	for _, ch := range d.Figures {
		fmt.Fprintf(&b, "%s: %s, now %s, difference %s [%s, %s], %s %s, p %s\n",
			changeName(ch), num(ch.Old), num(ch.New), signed(ch.Diff), signed(ch.CI95[0]), signed(ch.CI95[1]),
			testName(ch), num(ch.Stat), pValue(ch.P))
	}
	if len(d.Removed) > 0 {
		fmt.Fprintf(&b, "removed since the baseline (their figures are not compared): %s\n", strings.Join(d.Removed, ", "))
	}
	if len(d.Added) > 0 {
		fmt.Fprintf(&b, "added since the baseline (their figures are not compared): %s\n", strings.Join(d.Added, ", "))
	}
	return b.String()
}

package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"tpk/sim"
)

// JUnit writes the expectations of results as JUnit XML, which CI systems
// (GitHub Actions test reporters, GitLab's junit artifacts, Jenkins) show as
// tests: one test suite per scenario, one test case per expectation. A
// failed expectation is a <failure>; an undecided one (its interval still
// straddling the bound at the cap of encounters) is <skipped> with the
// reason, so that it shows without failing the build.
func JUnit(w io.Writer, results []*sim.Result) error {
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
	all := testsuites{Name: "tpk check"}
	var total float64
	for _, r := range results {
		s := testsuite{Name: r.Scenario.Name, File: r.Scenario.File, Time: seconds(r.ElapsedS),
			Properties: []property{
				{"system", r.Scenario.System}, {"seed", strconv.FormatUint(r.Seed, 10)},
				{"trials", strconv.FormatInt(r.Trials, 10)},
			}}
		if len(r.Variant) > 0 {
			s.Properties = append(s.Properties, property{"variant", VariantLabel(r.Variant)})
		}
		class := r.Scenario.System + "." + Slug(r.Scenario.Name)
		for _, x := range r.Expectations {
			detail := fmt.Sprintf("%s: observed %s, 95%% interval [%s, %s], %d encounters (seed %d)",
				expectation(x), num(x.Observed), num(x.CI95[0]), num(x.CI95[1]), r.Trials, r.Seed)
			c := testcase{Name: expectation(x), Classname: class, Time: "0"}
			switch Verdict(x) {
			case sim.VerdictFail:
				c.Failure = &message{Message: "expectation failed: " + detail, Type: "expectation", Text: detail}
				s.Failures++
			case sim.VerdictUndecided:
				c.Skipped = &message{Message: "undecided: the interval still straddles the bound" + verdictNote(x) + ": " + detail}
				s.Skipped++
			default:
				c.SystemOut = "pass: " + detail
			}
			s.Cases = append(s.Cases, c)
		}
		if r.Partial {
			s.Errors++
			s.Cases = append(s.Cases, testcase{Name: "run", Classname: class, Time: "0",
				Failure: &message{Message: "the run was interrupted", Type: "error", Text: "the figures cover only a prefix of the run"}})
		}
		s.Tests = len(s.Cases)
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Errors += s.Errors
		all.Skipped += s.Skipped
		total += r.ElapsedS
		all.Suites = append(all.Suites, s)
	}
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

func seconds(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }

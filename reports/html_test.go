package reports

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/internal/headless"
	"github.com/tpk-sim/tpk/sim"
)

// runHeadless runs Chromium on a page with a fresh profile and no network
// services, and returns the console messages the page produced (Chromium
// logs them to stderr as "...:CONSOLE:...").
func runHeadless(t *testing.T, bin, page string, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	var console []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	return console
}

// The HTML report opens in headless Chromium at a phone's width and a
// desktop's: the screenshots are not blank and the page logs nothing to the
// console; it prints to PDF. A page with a script error shows that console
// errors would be caught. Skipped, saying so, where Chromium is absent and
// under -short.
func TestHTMLInChromium(t *testing.T) {
	bin := headless.Need(t, "the HTML report was not opened in a browser")
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	sw := testSweep(t)
	results := append([]*sim.Result{fixture(t, "locus-party.json"), fixture(t, "demoncity-narth.json")}, sw.Results...)
	var b bytes.Buffer
	if err := HTML(&b, results); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "report.pdf")
	for i, size := range []string{"412,2400", "1280,1600"} {
		shot := filepath.Join(dir, "shot-"+strings.ReplaceAll(size, ",", "x")+".png")
		args := []string{"--window-size=" + size, "--screenshot=" + shot}
		if i == 0 { // the same Chromium prints, saving a start
			args = append(args, "--print-to-pdf="+pdf, "--no-pdf-header-footer")
		}
		console := runHeadless(t, bin, page, args...)
		if len(console) > 0 {
			t.Errorf("window %s: the page logged to the console:\n%s", size, strings.Join(console, "\n"))
		}
		data, err := os.ReadFile(shot)
		if err != nil {
			t.Fatalf("window %s: no screenshot: %v", size, err)
		}
		nonBlank(t, "screenshot "+size, data)
	}
	if data, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(data, []byte("%PDF")) || len(data) < 20000 {
		t.Errorf("printing to PDF: %v, %d bytes", err, len(data))
	}

	// The console check catches a page's errors.
	bad := filepath.Join(dir, "bad.html")
	os.WriteFile(bad, []byte(`<!DOCTYPE html><p>x</p><script>console.error("caught"); nope();</script>`), 0o644)
	if console := runHeadless(t, bin, bad, "--screenshot="+filepath.Join(dir, "bad.png")); len(console) < 2 {
		t.Errorf("a page with errors logged %d console lines, want 2: the check would miss errors", len(console))
	}
}

// The page is self-contained: no script, no stylesheet or image fetched,
// one inline SVG per plot, the plots' font embedded once, and it holds
// every scenario, the sweep and the expectations.
func TestHTMLSelfContained(t *testing.T) {
	sw := testSweep(t)
	r := fixture(t, "demoncity-narth.json")
	r.Expectations = []sim.ExpectationResult{{Metric: "victory", Op: ">", Value: 0.95, Observed: 0.99, CI95: [2]float64{0.98, 0.995}, Pass: true, Verdict: sim.VerdictPass}}
	var b bytes.Buffer
	if err := HTML(&b, append([]*sim.Result{r}, sw.Results...)); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	fetch := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:|//)|url\(\s*["']?(https?:|//)|<script|<link|@import`)
	if m := fetch.FindString(html); m != "" {
		t.Errorf("the page fetches or runs something: %q", m)
	}
	if n := strings.Count(html, "@font-face"); n != 1 {
		t.Errorf("%d @font-face rules, want 1", n)
	}
	// 5 plots per scenario (6 results) and 2 for the sweep (probabilities, rounds).
	if n := strings.Count(html, "<svg"); n != 5*6+2 {
		t.Errorf("%d inline plots, want %d", n, 5*6+2)
	}
	for _, want := range []string{"Four against a Narth", "Sweep: Four against two Faced Flocks", "foes[0].attack=3",
		"✓ pass", "victory &gt; 0.95", "Every option", `<meta name="viewport"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// A sweep's page is titled after the scenario and what it varies, each
// variant's link and heading say which variant it is, and the options line
// does not repeat its label.
func TestHTMLSweepTitleAndLinks(t *testing.T) {
	sw := testSweep(t)
	var b bytes.Buffer
	if err := HTML(&b, sw.Results); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	want := "tpk sweep: " + sw.Results[0].Scenario.Name + " by foes[0].attack"
	if !strings.Contains(page, "<title>"+want+"</title>") || !strings.Contains(page, "<h1>"+want+"</h1>") {
		t.Errorf("the page is not titled %q: %s", want, regexp.MustCompile(`<title>.*</title>`).FindString(page))
	}
	links := regexp.MustCompile(`<a href="#[^"]+">([^<]+)</a>`).FindAllStringSubmatch(page, -1)
	seen := map[string]bool{}
	for _, l := range links {
		if seen[l[1]] {
			t.Errorf("two links read %q", l[1])
		}
		seen[l[1]] = true
	}
	if len(links) != len(sw.Results) {
		t.Errorf("%d links for %d variants", len(links), len(sw.Results))
	}
	if strings.Contains(page, "options: options") || strings.Contains(page, "<dd>options:") {
		t.Error("the options line repeats its label")
	}
	if !strings.Contains(page, "<h2>"+sw.Results[0].Scenario.Name+" · <code>foes[0].attack=3</code></h2>") {
		t.Error("a variant's heading does not name the variant")
	}
	b.Reset()
	if err := HTMLWithMeanings(&b, sw.Results, map[string]string{"foes[0].attack": "the first foe's Attack"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "foes[0].attack: the first foe&#39;s Attack") {
		t.Error("the sweep does not say what its parameter means")
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/internal/headless"
)

// layoutProbe is added to a copy of a report (the report itself runs no
// script): once the page has laid out, it posts what does not fit the
// window. Every plot must lie inside the window at any width; at a
// desktop's width every table must show whole, without scrolling.
const layoutProbe = `<script>
addEventListener("load", () => {
  const vw = document.documentElement.clientWidth, wide = vw >= 1000, problems = [];
  if (document.documentElement.scrollWidth > vw) problems.push("the page is " + document.documentElement.scrollWidth + " px wide");
  document.querySelectorAll("svg").forEach(s => {
    const b = s.getBoundingClientRect();
    if (b.left < -0.5 || b.right > vw + 0.5) problems.push("the plot \"" + s.getAttribute("aria-label") + "\" spans " + Math.round(b.left) + " to " + Math.round(b.right) + " px");
    const sc = s.closest(".scroll");
    if (sc && sc.scrollWidth > sc.clientWidth + 1) problems.push("the plot \"" + s.getAttribute("aria-label") + "\" scrolls");
  });
  if (wide) document.querySelectorAll(".scroll").forEach(sc => {
    if (sc.scrollWidth > sc.clientWidth + 1) problems.push("a table is cut off (" + sc.scrollWidth + " px in " + sc.clientWidth + "): " + sc.innerText.slice(0, 80));
  });
  fetch("/result", {method: "POST", body: JSON.stringify({page: location.pathname, width: vw, problems: problems})});
});
</script></body>`

// layout is what the probe posts.
type layout struct {
	Page     string   `json:"page"`
	Width    int      `json:"width"`
	Problems []string `json:"problems"`
}

// The HTML reports (a run of two systems, one with n/a figures; a sweep of
// one parameter; a sweep of two, as heat maps; an explanation) read on a
// phone and on a desktop: opened in headless Chromium at 390 and 1280 px,
// no plot reaches past the window or needs scrolling, the page is no wider
// than the window, and at 1280 px no table is cut off. Skipped, saying so,
// where Chromium is absent and under -short.
func TestReportsFitPhoneAndDesktop(t *testing.T) {
	bin := headless.Need(t, "the HTML reports were not opened in a browser")
	dir := t.TempDir()
	pages := map[string][]string{
		"run":       {"run", "example:locus/duel", "example:demoncity/four-vs-narth", "--trials", "1000", "--out", "OUT"},
		"sweep-one": {"sweep", "example:locus/duel", "--vary", "foes[0].attack=1..4", "--trials", "500", "--out", "OUT"},
		"sweep-two": {"sweep", "example:hmtw/goblin-mob", "--vary", "foes[0].count=2,4", "--vary", "party.size=2..4", "--trials", "300", "--out", "OUT"},
		"explain":   {"explain", "example:locus/duel", "--max-trials", "2000", "--precision", "0.05", "--out", "OUT"},
	}
	for name, args := range pages {
		out := filepath.Join(dir, name)
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, "OUT", out)
		}
		if _, errOut, code := tpk(t, append(args, "--quiet")...); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		page, err := os.ReadFile(filepath.Join(out, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		probed := strings.Replace(string(page), "</body>", layoutProbe, 1)
		if err := os.WriteFile(filepath.Join(dir, name+".html"), []byte(probed), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	names := []string{"run", "sweep-one", "sweep-two", "explain"}
	posted := make(chan layout, 2*len(names))
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/result" {
			var l layout
			body, _ := io.ReadAll(r.Body)
			if err := json.Unmarshal(body, &l); err != nil {
				t.Errorf("the probe posted %q: %v", body, err)
			}
			posted <- l
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	// Chromium keeps a window at least 500 px wide: each report opens in a
	// frame of the width under test instead, all in one window.
	widths := []int{390, 1280}
	var frames strings.Builder
	for _, width := range widths {
		for _, name := range names {
			fmt.Fprintf(&frames, `<iframe src="%s.html" style="display:block;border:0;width:%dpx;height:900px"></iframe>`, name, width)
		}
	}
	frame := "<!DOCTYPE html><html><body style=\"margin:0\">" + frames.String() + "</body></html>"
	if err := os.WriteFile(filepath.Join(dir, "frames.html"), []byte(frame), 0o644); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range openReports(t, bin, srv.URL+"/frames.html", len(widths)*len(names), posted) {
		seen[fmt.Sprint(l.Page, l.Width)] = true
		for _, p := range l.Problems {
			t.Errorf("%s at %d px: %s", l.Page, l.Width, p)
		}
	}
	for _, width := range widths {
		for _, name := range names {
			if !seen[fmt.Sprint("/"+name+".html", width)] {
				t.Errorf("%s at %d px: no report from a frame of that width", name, width)
			}
		}
	}
}

// openReports opens page in headless Chromium and waits for n probes'
// reports (at most two minutes).
func openReports(t *testing.T, bin, page string, n int, posted chan layout) []layout {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	stderr, stop := headless.Open(t, bin, page, 1400, 1000)
	defer stop()
	var out []layout
	for len(out) < n {
		select {
		case l := <-posted:
			out = append(out, l)
		case <-ctx.Done():
			s := stderr.String()
			if len(s) > 2000 {
				s = s[len(s)-2000:]
			}
			t.Fatalf("%s: %d of %d pages reported in two minutes\n%s", page, len(out), n, s)
		}
	}
	return out
}

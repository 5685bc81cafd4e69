package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/internal/headless"
)

// pageReport is what the page posts when it was opened with post=1.
type pageReport struct {
	JSON      string  `json:"json"`
	Error     string  `json:"error"`
	Code      int     `json:"code"`
	Overflow  bool    `json:"overflow"`
	Width     int     `json:"width"`
	Seconds   float64 `json:"seconds"`
	SinceLoad float64 `json:"sinceLoad"`
	Cancelled int     `json:"cancelled"`
}

// site builds the site into a temporary folder with build.sh, builds the
// command line beside it, and serves the site, with POST /result handing
// the page's reports to the channel it returns and answering each with the
// query the page is to follow next, read from next ("" stops the page).
func site(t *testing.T) (srv *httptest.Server, tpk string, reports chan pageReport, next chan string) {
	t.Helper()
	dir := t.TempDir()
	build := exec.Command("bash", "build.sh", filepath.Join(dir, "site"))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	} else {
		t.Logf("%s", bytes.TrimSpace(out))
	}
	tpk = filepath.Join(dir, "tpk")
	if out, err := exec.Command("go", "build", "-o", tpk, "../cmd/tpk").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	reports = make(chan pageReport, 4)
	next = make(chan string)
	files := http.FileServer(http.Dir(filepath.Join(dir, "site")))
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/result" {
			var rep pageReport
			body, _ := io.ReadAll(r.Body)
			if err := json.Unmarshal(body, &rep); err != nil {
				t.Errorf("the page posted %q: %v", body, err)
			}
			reports <- rep
			select {
			case q := <-next:
				io.WriteString(w, q)
			case <-r.Context().Done():
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, tpk, reports, next
}

// window is the site open in one headless Chromium window of a width,
// which plays the test's cases one after the other without loading the
// page again (each load compiles tpk.wasm, seconds of the test's time).
type window struct {
	browser *headless.Browser
	site    string // the page's address
	width   int
	reports chan pageReport
	next    chan string
	stderr  *bytes.Buffer
	stop    func()
}

// play has the window follow query q (opening the page with it the first
// time) and waits for the page's report (at most five minutes).
func (w *window) play(t *testing.T, q url.Values) pageReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if w.stop == nil {
		q.Set("post", "1")
		w.stderr, w.stop = w.browser.Open(t, w.site+"?"+q.Encode(), w.width, 900)
	} else {
		select {
		case w.next <- q.Encode():
		case <-ctx.Done():
			t.Fatalf("%s: the page asked for nothing to do next in five minutes", q.Encode())
		}
	}
	select {
	case rep := <-w.reports:
		return rep
	case <-ctx.Done():
		t.Fatalf("%s: the page reported nothing in five minutes\n%s", q.Encode(), tail(w.stderr.String(), 2000))
	}
	return pageReport{}
}

// close ends the window's Chromium.
func (w *window) close() {
	if w.stop != nil {
		w.stop()
		w.stop = nil
	}
}

// The site runs one example of each system, and a system's `tpk new`
// template, in headless Chromium and gives the command line's result for
// the same seed and encounters (but the elapsed time and the number of
// workers); a run cancelled midway leaves a page that runs again; bad
// input gets the command line's message; the page does not overflow a
// phone's width or a desktop's. One page at each width plays its cases in
// turn, as a visitor trying one example after another would. Skipped,
// saying so, where Chromium is absent and under -short.
func TestSiteInChromium(t *testing.T) {
	bin := headless.Need(t, "the site was not tested in a browser")
	srv, tpk, reports, next := site(t)
	browser := headless.New(t, bin)
	desktop := &window{browser: browser, site: srv.URL + "/index.html", width: 1280, reports: reports, next: next}
	phone := &window{browser: browser, site: srv.URL + "/index.html", width: 390, reports: reports, next: next}
	t.Cleanup(desktop.close) // before the server closes, which waits for the page's last request
	t.Cleanup(phone.close)
	cli := t.TempDir()
	cases := []struct { // one window after the other: they share the site's channels
		example string
		window  *window
		cancel  bool
	}{
		{"locus/duel.yaml", desktop, true},
		{"catchthedevil/alley.yaml", desktop, false},
		{"hmtw/goblin-mob.yaml", phone, false},
		{"demoncity/four-vs-narth.yaml", phone, false},
		{"battleclock/captain.yaml", phone, false},
		{"new:catchthedevil", phone, false}, // the `tpk new` template
	}
	for _, c := range cases {
		if c.window == phone {
			desktop.close()
		}
		t.Run(c.example, func(t *testing.T) {
			q := url.Values{"example": {c.example}, "trials": {siteTrials}, "seed": {"7"}, "run": {"1"}}
			if c.cancel {
				q.Set("cancel", "1")
			}
			rep := c.window.play(t, q)
			if rep.Error != "" {
				t.Errorf("%s: the page failed: %s", c.example, rep.Error)
				return
			}
			if c.cancel && rep.Cancelled != 1 {
				t.Errorf("%s: the page cancelled %d runs before it finished, want 1", c.example, rep.Cancelled)
			}
			if rep.Overflow {
				t.Errorf("%s at %d px: the page is wider than the window", c.example, c.window.width)
			}
			name := filepath.Base(c.example)
			src, err := os.ReadFile(filepath.Join("..", "examples", c.example))
			if system, ok := strings.CutPrefix(c.example, "new:"); ok {
				name = "new-" + system + ".yaml"
				src, err = exec.Command(tpk, "new", system).Output()
			}
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(cli, name), src, 0o644)
			cmd := exec.Command(tpk, "run", name, "--trials", siteTrials, "--seed", "7", "--format", "json")
			cmd.Dir = cli
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("tpk run %s: %v", name, err)
			}
			if got, want := comparable(t, rep.JSON), comparable(t, string(want)); got != want {
				t.Errorf("%s: the page's result differs from tpk run's:\n%s\n---\n%s", c.example, got, want)
			}
			t.Logf("%s at %d px: the run %.2f s, %.2f s after the page loaded", c.example, c.window.width, rep.Seconds, rep.SinceLoad)
		})
	}

	// Bad input: the command line's message, naming the line.
	bad := "system: locus\nname: typo\nparty:\n  - {character: refrence}\nfoes:\n  - {monster: faced-flock}\n"
	rep := phone.play(t, url.Values{"scenario": {bad}, "name": {"typo.yaml"}, "run": {"1"}})
	phone.close()
	os.WriteFile(filepath.Join(cli, "typo.yaml"), []byte(bad), 0o644)
	cmd := exec.Command(tpk, "run", "typo.yaml")
	cmd.Dir = cli
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	if rep.Code != 2 || strings.TrimSpace(rep.Error) != strings.TrimSpace(stderr.String()) {
		t.Errorf("bad input: the page said (exit %d) %q, the command line %q", rep.Code, rep.Error, stderr.String())
	}
	if rep.Overflow {
		t.Errorf("bad input at 390 px: the page is wider than the window")
	}
}

// siteTrials is the encounters of each of the site test's runs: enough
// for eight shards of a few dozen each to merge; the page gives the
// command line's result at any number.
const siteTrials = "400"

// comparable is a result file without what differs between runs of the same
// encounters: the elapsed time and the number of workers.
func comparable(t *testing.T, js string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("not a result file: %v\n%s", err, tail(js, 500))
	}
	delete(m, "elapsed_s")
	delete(m, "workers")
	out, _ := json.MarshalIndent(m, "", " ")
	return string(out)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

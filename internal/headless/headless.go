// Package headless opens a page in a headless Chromium for the tests that
// check what a browser shows (the HTML reports, the static site).
package headless

import (
	"bytes"
	"os/exec"
	"strconv"
	"testing"

	"github.com/tpk-sim/tpk/internal/skiplog"
)

// Find is the path of a Chromium on this machine, and whether there is one.
func Find() (string, bool) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// Need is the path of Chromium for a test that opens what in it ("the
// site was not tested in a browser" says what is missed); where Chromium
// is absent, or under -short, the test is skipped saying so, and .ci/run
// names it.
func Need(t testing.TB, missed string) string {
	t.Helper()
	bin, ok := Find()
	if !ok {
		skiplog.Skip(t, "Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it when it runs as root): "+missed)
	}
	if testing.Short() {
		skiplog.Skip(t, "-short: "+missed)
	}
	return bin
}

// Open starts Chromium bin on page in a window width by height, with a
// profile of its own that the test removes. It returns what Chromium
// writes to stderr, for a test's failure message, and stop, which ends
// Chromium (call it once the page has reported).
func Open(t testing.TB, bin, page string, width, height int) (stderr *bytes.Buffer, stop func()) {
	t.Helper()
	return New(t, bin).Open(t, page, width, height)
}

// Browser is a Chromium whose pages, opened one after the other, share a
// profile, so that what one page compiled (the site's WebAssembly) the next
// finds in the profile's cache, as a returning visitor's browser does.
type Browser struct {
	bin, profile string
}

// New is Chromium bin with a profile of its own that the test removes.
func New(t testing.TB, bin string) *Browser {
	return &Browser{bin: bin, profile: t.TempDir()}
}

// Open starts the browser on page in a window width by height, as the
// package's Open does; open one page at a time.
func (b *Browser) Open(t testing.TB, page string, width, height int) (stderr *bytes.Buffer, stop func()) {
	t.Helper()
	cmd := exec.Command(b.bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir="+b.profile, "--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height), page)
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return stderr, func() {
		cmd.Process.Kill()
		cmd.Wait()
	}
}

// Package headless opens a page in a headless Chromium for the tests that
// check what a browser shows (the HTML reports, the static site).
package headless

import (
	"bytes"
	"os/exec"
	"strconv"
	"testing"
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

// Open starts Chromium bin on page in a window width by height, with a
// profile of its own that the test removes. It returns what Chromium
// writes to stderr, for a test's failure message, and stop, which ends
// Chromium (call it once the page has reported).
func Open(t testing.TB, bin, page string, width, height int) (stderr *bytes.Buffer, stop func()) {
	t.Helper()
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), "--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height), page)
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

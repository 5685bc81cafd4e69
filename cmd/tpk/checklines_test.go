package main

import "testing"

// check prints one line per scenario, like a test runner: the passing, the
// failing with the expectation that failed, the one that could not be
// loaded, and a line that sums up; --full prints the tables instead.
func TestCheckLines(t *testing.T) {
	out, _, code := tpk(t, "check", "testdata/pass.yaml", "testdata/fail.yaml", "testdata/bad/unknown-metric.yaml", "testdata/no-expect.yaml")
	if code != exitBadInput {
		t.Errorf("exit %d, want 2 (a scenario could not be loaded)", code)
	}
	golden(t, "check-lines.txt", out)
	full, _, _ := tpk(t, "check", "testdata/pass.yaml", "--full")
	short, _, _ := tpk(t, "check", "testdata/pass.yaml")
	if len(full) <= 3*len(short) {
		t.Errorf("--full prints %d bytes against %d for the lines: not the tables", len(full), len(short))
	}
}

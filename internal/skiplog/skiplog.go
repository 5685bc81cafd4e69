// Package skiplog lets a test that cannot run on this machine (no
// Chromium, no Slurm cluster, no named pipes) say why where CI shows it:
// go test prints a skip's reason only under -v, so Skip also appends it,
// one line, to the file that the environment variable TPK_SKIP_LOG names.
// .ci/run sets it and prints the file after the tests.
package skiplog

import (
	"fmt"
	"os"
	"testing"
)

// Env names the file that skipped tests append their reason to.
const Env = "TPK_SKIP_LOG"

// Skip records "TestName: reason" in the TPK_SKIP_LOG file, when set, and
// skips t with the reason.
func Skip(t testing.TB, reason string) {
	t.Helper()
	if file := os.Getenv(Env); file != "" {
		f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s: %s\n", t.Name(), reason)
			f.Close()
		}
	}
	t.Skip(reason)
}

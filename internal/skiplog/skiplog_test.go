package skiplog

import (
	"os"
	"path/filepath"
	"testing"
)

// Skip appends the test's name and reason to the TPK_SKIP_LOG file.
func TestSkipRecordsTheReason(t *testing.T) {
	file := filepath.Join(t.TempDir(), "skipped")
	t.Setenv(Env, file)
	t.Run("inner", func(t *testing.T) { Skip(t, "no browser here") })
	b, err := os.ReadFile(file)
	if err != nil || string(b) != "TestSkipRecordsTheReason/inner: no browser here\n" {
		t.Errorf("the log holds %q (%v)", b, err)
	}
}

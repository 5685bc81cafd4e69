//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tpk-sim/tpk/internal/skiplog"
)

// A report target that is no regular file (/dev/stdout, a named pipe) is
// written in place, never replaced by a regular file.
func TestReportIntoPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "junit.pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		skiplog.Skip(t, "no named pipes here: "+err.Error())
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	_, errOut, code := tpk(t, "check", "--quiet", "--junit", fifo, "testdata/pass.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	select {
	case b := <-got:
		if !strings.Contains(b, "<testsuites") {
			t.Errorf("the pipe carried %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Error("nothing was written into the pipe")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", st.Mode(), err)
	}
}

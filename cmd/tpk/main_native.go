//go:build !(js && wasm)

package main

import (
	"context"
	"os"
	"os/signal"
	"runtime"
	"time"

	"golang.org/x/term"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTTY: isTerminal(os.Stderr),
		now: time.Now, cpus: runtime.GOMAXPROCS(0), files: osFS{}}
	os.Exit(run(ctx, e, os.Args))
}

// isTerminal reports whether f is a terminal (golang.org/x/term: a serial
// device such as /dev/null is not one, as the mode bits alone would say).
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

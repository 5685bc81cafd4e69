//go:build js && wasm

package main

import (
	"bytes"
	"context"
	"io/fs"
	"strings"
	"syscall/js"
	"time"

	"github.com/tpk-sim/tpk/examples"
)

// The WebAssembly build is the same command line, run by the web page in
// web/: main registers two functions on the page's (or the Web Worker's)
// global object and waits for calls.
//
//   - tpkCommand(args, files) runs one command line, args without the
//     leading "tpk", on an in-memory file system that holds files (an
//     object of names and texts), and returns {code, stdout, stderr,
//     files}: the exit code, what it printed, and every file it wrote or
//     changed, by name, as bytes.
//   - tpkExamples() returns the built-in examples, an object of
//     "system/name.yaml" and their text.
func main() {
	js.Global().Set("tpkCommand", js.FuncOf(command))
	js.Global().Set("tpkExamples", js.FuncOf(builtinExamples))
	select {}
}

// command is tpkCommand.
func command(_ js.Value, argv []js.Value) any {
	args := []string{"tpk"}
	input := map[string][]byte{}
	if len(argv) > 0 {
		for i := 0; i < argv[0].Length(); i++ {
			args = append(args, argv[0].Index(i).String())
		}
	}
	if len(argv) > 1 && argv[1].Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", argv[1])
		for i := 0; i < keys.Length(); i++ {
			name := keys.Index(i).String()
			input[name] = []byte(argv[1].Get(name).String())
		}
	}
	mem := newMemFS(input)
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, now: time.Now, cpus: 1, files: mem}
	code := run(context.Background(), e, args)
	written := js.Global().Get("Object").New()
	for name, f := range mem.m {
		if f.Mode.IsDir() || bytes.Equal(f.Data, input[name]) && input[name] != nil {
			continue
		}
		b := js.Global().Get("Uint8Array").New(len(f.Data))
		js.CopyBytesToJS(b, f.Data)
		written.Set(name, b)
	}
	return js.ValueOf(map[string]any{"code": code, "stdout": stdout.String(), "stderr": stderr.String(), "files": written})
}

// builtinExamples is tpkExamples.
func builtinExamples(js.Value, []js.Value) any {
	out := map[string]any{}
	fs.WalkDir(examples.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(name, ".yaml") {
			if data, err := fs.ReadFile(examples.FS, name); err == nil {
				out[name] = string(data)
			}
		}
		return nil
	})
	return js.ValueOf(out)
}

package main

import (
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// examplePrefix names a built-in example instead of a file:
// example:locus/duel, or example:locus for the whole folder.
const examplePrefix = "example:"

// source is one scenario file's name and bytes.
type source struct {
	file string
	data []byte
}

// stdinName names a scenario read from standard input in messages and
// results.
const stdinName = "<stdin>"

// readSources expands the FILE|DIR arguments of run and check: a directory
// means every *.yaml in it; example:NAME reads the embedded examples; "-"
// reads one scenario from stdin.
func readSources(fsys fileSystem, args []string, stdin io.Reader) ([]source, error) {
	if len(args) == 0 {
		return nil, usagef("no scenario given; pass a scenario file, a directory of them, or example:SYSTEM (examples: %s)", strings.Join(exampleNames(), ", "))
	}
	var out []source
	for _, a := range args {
		var got []source
		var err error
		if a == "-" {
			if stdin == nil {
				return nil, &sim.InputError{File: stdinName, Msg: "standard input is not available"}
			}
			data, rerr := io.ReadAll(stdin)
			if rerr != nil {
				return nil, &sim.InputError{File: stdinName, Msg: "cannot read: " + rerr.Error()}
			}
			out = append(out, source{file: stdinName, data: data})
			continue
		}
		if name, ok := strings.CutPrefix(a, examplePrefix); ok {
			got, err = readFrom(examples.FS, strings.TrimSuffix(name, ".yaml"), a, true)
		} else {
			got, err = readFrom(fsys, a, a, false)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// readFrom reads name from fsys: a file, or every *.yaml in a directory.
// shown is how the argument was written, for messages and result files.
func readFrom(fsys fs.FS, name, shown string, example bool) ([]source, error) {
	clean := filepath.Clean(name)
	if example {
		clean = path.Clean(name)
	}
	candidates := []string{clean}
	if example {
		candidates = append(candidates, clean+".yaml")
	}
	for _, c := range candidates {
		st, err := fs.Stat(fsys, c)
		if err != nil {
			continue
		}
		if !st.IsDir() {
			data, err := fs.ReadFile(fsys, c)
			if err != nil {
				return nil, &sim.InputError{File: shown, Msg: "cannot read: " + err.Error()}
			}
			file := shown
			if example {
				file = examplePrefix + strings.TrimSuffix(c, ".yaml")
			}
			return []source{{file: file, data: data}}, nil
		}
		entries, err := fs.ReadDir(fsys, c)
		if err != nil {
			return nil, &sim.InputError{File: shown, Msg: "cannot read the directory: " + err.Error()}
		}
		var out []source
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
				continue
			}
			child := filepath.Join(c, e.Name())
			if example {
				child = path.Join(c, e.Name())
			}
			got, err := readFrom(fsys, child, joinShown(shown, e.Name(), example), example)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
		if len(out) == 0 {
			return nil, &sim.InputError{File: shown, Msg: "the directory holds no scenarios (*.yaml files)"}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].file < out[j].file })
		return out, nil
	}
	if example {
		return nil, &sim.InputError{File: shown, Msg: "no such example; examples: " + strings.Join(exampleNames(), ", ")}
	}
	return nil, &sim.InputError{File: shown, Msg: "no such file or directory"}
}

func joinShown(dir, name string, example bool) string {
	if example {
		return dir + "/" + name
	}
	return filepath.Join(dir, name)
}

// exampleNames lists the embedded examples as example:SYSTEM/NAME.
func exampleNames() []string {
	var names []string
	_ = fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			names = append(names, examplePrefix+strings.TrimSuffix(p, ".yaml"))
		}
		return nil
	})
	return names
}

// compileSource decodes a scenario and compiles it with its system.
func compileSource(src source) (*systems.Compiled, error) {
	root, err := sim.ParseScenarioYAML(src.file, src.data)
	if err != nil {
		return nil, err
	}
	return systems.CompileNode(src.file, root)
}

package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// FuzzCompile feeds arbitrary bytes through the whole decoding of a scenario
// (the engine's loader, then the system's compiler): it must never panic nor
// hang, and its only errors are *sim.InputError naming the file, at one of
// its lines. The corpus is every built-in example and every bad scenario of
// the command line tests, plus a few that push the systems' limits.
func FuzzCompile(f *testing.F) {
	n := 0
	examplesFiles, err := fs.Glob(examples.FS, "*/*.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range examplesFiles {
		data, err := fs.ReadFile(examples.FS, p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		n++
	}
	bad, err := filepath.Glob(filepath.Join("testdata", "bad", "*.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range bad {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		n++
	}
	if n < 10 {
		f.Fatalf("only %d seed scenarios: are examples/ and testdata/bad/ where they were?", n)
	}
	for _, s := range []string{
		"system: locus\nparty:\n  - {character: reference, count: 1000000000}\nfoes:\n  - {monster: faced-flock, count: 1000000000}\n",
		"system: locus\nparty:" + strings.Repeat("\n  - {character: reference, count: 16}", 3) + "\nfoes:" + strings.Repeat("\n  - {monster: faced-flock, count: 16}", 3) + "\n",
		"system: locus\nmax_rounds: 10000\nparty: [{character: reference, attributes: {clumsiness: 5}}]\nfoes: [{monster: faced-flock, deaths_door: 1000000}]\n",
		"system: locus\nscene: {distance: 1000000, escape: 0, cover: !!bool yes}\nparty: [{character: reference}]\nfoes: [{monster: faced-flock}]\n",
		"system: locus\nparty: [{character: reference, items: [{name: a, weapon: true, types: [x, x]}]}]\nfoes: [{monster: faced-flock, weakness: [x], effective: [y]}]\n",
		"system: locus\nparty: [{name: a, character: reference}, {name: a, character: reference}]\nfoes: [{monster: faced-flock, name: a}]\n",
		"system: locus\nparty: [{character: reference}]\nfoes: [{monster: faced-flock}]\nstrategies: {party: nope, foes: nope}\noptions: {L-1: x, L-29: \"0.5\"}\nexpect: {nope: \"< 1\"}\n",
		"system: locus\nparty: [{character: reference, strategy: [a]}]\nfoes: [{attack: 5, chase: 5, search: 5, resist: 5, inflictions: [{name: a, attribute: b, difficulty: c, condition: d}]}]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const file = "fuzz.yaml"
		var c *systems.Compiled
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			c, err = compileSource(source{file: file, data: data})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("compileSource takes more than 10s on %q", data)
		}
		if err != nil {
			if c != nil {
				t.Errorf("a compiled scenario came back with the error %v", err)
			}
			var ie *sim.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %T %v is not an *sim.InputError", err, err)
			}
			if ie.File != file {
				t.Errorf("File = %q, want %q (%v)", ie.File, file, err)
			}
			// yaml.v3 puts an empty node after a last line break, hence +1.
			if lines := yamlLines(data); ie.Line < 0 || ie.Line > lines+1 {
				t.Errorf("Line = %d in a file of %d lines: %v", ie.Line, lines, err)
			}
			if strings.TrimSpace(ie.Msg) == "" {
				t.Errorf("empty message")
			}
			return
		}
		if c == nil || c.Scenario == nil || c.System == nil || c.Build == nil || c.Build.Model == nil {
			t.Fatalf("compiled without an error but incomplete: %+v", c)
		}
		if c.Build.Model.Schema() == nil {
			t.Fatalf("a model without a schema")
		}
	})
}

// yamlLines counts the lines of data as YAML does: breaks are \n, \r\n, \r,
// NEL, LS and PS, the last line counts without a final break, and a byte
// order mark says UTF-16, which yaml.v3 decodes.
func yamlLines(data []byte) int {
	text := string(data)
	if len(data) >= 2 && (data[0] == 0xff && data[1] == 0xfe || data[0] == 0xfe && data[1] == 0xff) {
		units := make([]uint16, 0, len(data)/2)
		for i := 2; i+1 < len(data); i += 2 {
			if data[0] == 0xff {
				units = append(units, uint16(data[i])|uint16(data[i+1])<<8)
			} else {
				units = append(units, uint16(data[i])<<8|uint16(data[i+1]))
			}
		}
		text = string(utf16.Decode(units))
	}
	s := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n").Replace(text)
	return strings.Count(s, "\n") + 1
}

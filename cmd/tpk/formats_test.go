package main

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestFormatRegistry runs every command that has --format in each format
// its writers table holds and in one it does not: each format works, and
// the help and the refusal list exactly the formats of the table.
func TestFormatRegistry(t *testing.T) {
	mem := newMemFS(nil)
	if _, errOut, code := tpkOn(t, mem, "run", "example:locus/duel", "--trials", "300", "--shard", "0/1", "--out", "parts"); code != 0 {
		t.Fatalf("writing a partial result: exit %d: %s", code, errOut)
	}
	cases := []struct {
		command string
		args    []string
		help    []string // how to ask for its help
	}{
		{"run", []string{"run", "example:locus/duel", "--trials", "300"}, nil},
		{"check", []string{"check", "example:locus/duel", "--trials", "300", "--full"}, nil},
		{"merge", []string{"merge", "parts"}, nil},
		{"sweep", []string{"sweep", "example:locus/duel", "--vary", "foes[0].attack=1,2", "--trials", "300"}, nil},
		{"grade", []string{"grade", "--builtin", "locus", "--trials", "100", "--tactic", "fight"}, nil},
		{"explain", []string{"explain", "example:locus/duel", "--max-trials", "2000", "--precision", "0.2"}, nil},
		{"replay", []string{"replay", "example:locus/duel", "--trial", "2"}, nil},
		{"yardstick", []string{"yardstick", "example:locus/duel", "--trials", "20", "--rollouts", "8"}, nil},
		{"odds", []string{"odds", "locus", "contest", "--attacker", "3", "--defender", "2"}, []string{"odds", "locus", "contest", "--help"}},
		{"systems", []string{"systems", "locus"}, nil},
		{"bestiary", []string{"bestiary", "locus"}, nil},
	}
	var tested []string
	for _, c := range cases {
		t.Run(c.command, func(t *testing.T) {
			tested = append(tested, c.command)
			formats := commandFormats[c.command]
			if len(formats) == 0 || formats[0] != "text" {
				t.Errorf("%s accepts %v: text, the default, must come first", c.command, formats)
				return
			}
			for _, f := range formats {
				out, errOut, code := tpkOn(t, mem, append(slices.Clone(c.args), "--format", f)...)
				if code != 0 && !(c.command == "check" && code == exitExpect) || out == "" {
					t.Errorf("tpk %s --format %s: exit %d, %d bytes, stderr: %s", strings.Join(c.args, " "), f, code, len(out), errOut)
				}
			}
			_, errOut, code := tpkOn(t, mem, append(slices.Clone(c.args), "--format", "xml")...)
			if want := "allowed: " + strings.Join(formats, ", "); code != exitBadInput || !strings.Contains(errOut, want) {
				t.Errorf("tpk %s --format xml: exit %d, stderr %q; want exit 2 and %q", c.command, code, errOut, want)
			}
			help := c.help
			if help == nil {
				help = []string{c.command, "--help"}
			}
			out, _, _ := tpkOn(t, mem, help...)
			want := "output format: " + formatWords(c.command)
			if c.command == "odds" {
				want = "--format " + strings.Join(formats, "|")
			}
			if !strings.Contains(out, want) {
				t.Errorf("tpk %s does not say %q:\n%s", strings.Join(help, " "), want, out)
			}
		})
	}
	// Every command with --format is in the registry, and tested above.
	var withFormat []string
	for _, c := range newApp(&env{}).Commands {
		for _, f := range c.Flags {
			if slices.Contains(f.Names(), "format") {
				withFormat = append(withFormat, c.Name)
			}
		}
	}
	withFormat = append(withFormat, "odds") // parses its own flags
	var registered []string
	for name := range commandFormats {
		registered = append(registered, name)
	}
	sort.Strings(withFormat)
	sort.Strings(registered)
	sort.Strings(tested)
	if !slices.Equal(withFormat, registered) || !slices.Equal(registered, tested) {
		t.Errorf("commands with --format %v, in the registry %v, tested %v", withFormat, registered, tested)
	}
}

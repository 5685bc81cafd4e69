package main

import (
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
)

// outputFormat is one output format: its name for --format and the
// extension of its file under --out.
type outputFormat struct {
	name, ext string
}

// outputFormats is every output format of the command line, in the order
// help and messages list them; text is the default.
var outputFormats = []outputFormat{{"text", ".txt"}, {"json", ".json"}, {"markdown", ".md"}, {"csv", ".csv"}}

// writers is how one command writes a T in each format it accepts, by
// format name. The formats a command accepts, the allowed list of its
// --format help and errors, and the files its --out writes all derive from
// its table.
type writers[T any] map[string]func(io.Writer, T) error

// names lists the formats of w in the order of outputFormats.
func (w writers[T]) names() []string {
	var names []string
	for _, f := range outputFormats {
		if w[f.name] != nil {
			names = append(names, f.name)
		}
	}
	return names
}

// write writes v to out in format (checkFormat accepted it; anything else
// is written as text).
func (w writers[T]) write(out io.Writer, format string, v T) error {
	write := w[format]
	if write == nil {
		write = w["text"]
	}
	return write(out, v)
}

// writeFiles writes v as base+ext in every format of w, each file whole or
// not at all.
func (w writers[T]) writeFiles(fsys fileSystem, base string, v T) error {
	for _, f := range outputFormats {
		if write := w[f.name]; write != nil {
			if err := writeFileAtomic(fsys, base+f.ext, func(out io.Writer) error { return write(out, v) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// resultWriters writes simulation results: run, check, merge, and the
// files of --out.
var resultWriters = writers[[]*sim.Result]{
	"text": reports.Text, "json": reports.JSON, "markdown": reports.Markdown, "csv": reports.CSV,
}

// commandFormats is the formats each command with a --format flag accepts:
// the formats of the writers it prints with.
var commandFormats = map[string][]string{
	"run":       resultWriters.names(),
	"check":     resultWriters.names(),
	"merge":     resultWriters.names(),
	"sweep":     sweepWriters.names(),
	"grade":     gradeWriters.names(),
	"explain":   explainWriters.names(),
	"yardstick": yardstickWriters.names(),
	"replay":    replayWriters.names(),
	"odds":      oddsWriters.names(),
	"systems":   systemsWriters.names(),
	"bestiary":  bestiaryWriters.names(),
}

// formatWords lists the formats of command for help: "text, json or
// markdown".
func formatWords(command string) string {
	names := commandFormats[command]
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatFlag is the --format flag of command; note, when given, follows
// the list of formats in its help.
func formatFlag(command, note string) *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: "text", Usage: "output format: " + formatWords(command) + note}
}

// checkFormat refuses a format command does not write, naming those it
// does.
func checkFormat(command, format string) error {
	for _, f := range commandFormats[command] {
		if f == format {
			return nil
		}
	}
	return usagef("--format: unknown format %q; allowed: %s", format, strings.Join(commandFormats[command], ", "))
}

// Command tpk is the command line of the tpk balance simulator: it runs
// scenario files, checks their expectations (for CI), sweeps parameters,
// builds HTML reports from saved results, prints exact odds, replays one
// encounter and lists what is built in. Every OS dependency goes through an
// env value, so the whole command line is tested in-process.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"

	"github.com/tpk-sim/tpk/sim"
)

// version is the tpk release written into every result file.
const version = "0.1.0"

// Exit codes (DESIGN.md).
const (
	exitOK       = 0
	exitExpect   = 1 // an expectation failed (check)
	exitBadInput = 2 // bad input or usage
	exitFailure  = 3 // any other failure, including an interrupted run
)

// env is everything the command line takes from the operating system.
type env struct {
	stdin          io.Reader // a scenario given as "-"
	stdout, stderr io.Writer
	stderrIsTTY    bool             // draw a progress bar
	now            func() time.Time // elapsed times in results
	cpus           int              // default --workers
	files          fileSystem       // scenario and result files read, --out files written
}

// exitError carries an exit code with its message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usagef is bad usage of the command line (exit code 2).
func usagef(format string, args ...any) error {
	return &exitError{code: exitBadInput, err: fmt.Errorf(format, args...)}
}

// run executes one command line and returns its exit code.
func run(ctx context.Context, e *env, args []string) int {
	app := newApp(e)
	if n := len(args); n > 1 && args[n-1] == completeFlag {
		complete(e.stdout, app, args[1:n-1])
		return exitOK
	}
	if len(args) > 1 {
		rest, err := wholeNumbers(app, intersperse(app, args[1:]))
		if err != nil {
			fmt.Fprintf(e.stderr, "tpk: %v\n", err)
			return exitCode(err)
		}
		args = append(args[:1:1], rest...)
	}
	// `tpk help NAME` with an unknown NAME reaches CommandNotFound, which
	// cannot return an error: keep it for the exit code.
	var notFound error
	app.CommandNotFound = func(_ *cli.Context, name string) { notFound = unknownCommand(app, name) }
	err := app.RunContext(ctx, args)
	if err == nil {
		err = notFound
	}
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(e.stderr, "tpk: %v\n", err)
	return exitCode(err)
}

func exitCode(err error) int {
	var xe *exitError
	if errors.As(err, &xe) {
		return xe.code
	}
	var ie *sim.InputError
	if errors.As(err, &ie) {
		return exitBadInput
	}
	return exitFailure
}

func newApp(e *env) *cli.App {
	app := &cli.App{
		// Compiled is set so that urfave/cli never stats the binary: the
		// WebAssembly build has no file of its own.
		Compiled: time.Unix(0, 0).UTC(),
		Name:     "tpk",
		Usage:    "Monte Carlo balance simulator for tabletop role-playing games",
		Version:  version,
		Description: "tpk plays many automated encounters between a party and its foes under one game system's\n" +
			"rules and reports how deadly they are, with a 95% interval for every figure.\n" +
			"Examples are built in: `tpk run example:locus` runs every Locus example.",
		// --vary foes[0].attack=1,2,3 keeps its commas: a slice flag is
		// repeated, not split.
		DisableSliceFlagSeparator: true,
		Writer:                    e.stdout,
		ErrWriter:                 e.stderr,
		ExitErrHandler:            func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usagef("%v%s", err, flagSuggestion(c, err))
		},
		// Without a command, print the help; with a word that is no command
		// (`tpk chekc DIR` in a CI script), fail with exit 2 instead of
		// passing while checking nothing.
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.ShowAppHelp(c)
			}
			return unknownCommand(c.App, c.Args().First())
		},
		Commands: []*cli.Command{
			runCommand(e), checkCommand(e), sweepCommand(e), gradeCommand(e), reportCommand(e), oddsCommand(e),
			replayCommand(e), systemsCommand(e), bestiaryCommand(e), explainCommand(e), yardstickCommand(e), mergeCommand(e),
			newCommand(e), examplesCommand(e), schemaCommand(e), versionCommand(e), completionCommand(e), manCommand(e),
		},
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
		for _, f := range c.Flags {
			defaultInWords(f)
		}
	}
	return app
}

// defaultWords finds a default written in a flag's usage: "(default: all
// cores)", "(default 0.01)", "(repeat it; default: every tactic)".
var defaultWords = regexp.MustCompile(`\s*\(([^()]*?)(?:; )?default:? ([^()]*)\)`)

// defaultInWords moves a default that a flag's usage states in words into
// the flag's DefaultText, so that help shows that one default and not also
// urfave's "(default: 0)".
func defaultInWords(f cli.Flag) {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return
	}
	usage, text := v.Elem().FieldByName("Usage"), v.Elem().FieldByName("DefaultText")
	if !usage.IsValid() || !text.IsValid() || usage.Kind() != reflect.String || text.Kind() != reflect.String {
		return
	}
	m := defaultWords.FindStringSubmatchIndex(usage.String())
	if m == nil {
		return
	}
	u := usage.String()
	rest := ""
	if m[3] > m[2] {
		rest = " (" + u[m[2]:m[3]] + ")"
	}
	text.SetString(strings.ReplaceAll(u[m[4]:m[5]], "`", ""))
	usage.SetString(u[:m[0]] + rest + u[m[1]:])
}

// unknownCommand is the usage error for a command name tpk does not have,
// with the nearest one.
func unknownCommand(app *cli.App, name string) error {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := nearest(name, commandNames(app)); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return usagef("%s (see `tpk help`)", msg)
}

func commandNames(app *cli.App) []string {
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	return names
}

// flagSuggestion names the nearest flag of the command when err is an
// unknown flag ("; did you mean "--trials"?"), or gives "".
func flagSuggestion(c *cli.Context, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok || c == nil {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var flags []cli.Flag
	if c.Command != nil && c.Command.Name != "" {
		flags = c.Command.Flags
	} else if c.App != nil {
		flags = c.App.Flags
	}
	var names []string
	for _, f := range flags {
		names = append(names, f.Names()...)
	}
	if near := nearest(name, names); near != "" {
		return fmt.Sprintf("; did you mean %q?", "--"+near)
	}
	return ""
}

// nearest is the name closest to s, or "" when none is close enough to be
// a likely typo: first a name one edit away (two for words of six letters
// or more), counting a swap of two neighbouring letters as one edit, so
// that short words are caught ("rnu" for run), then the closest by
// urfave/cli's own measure (Jaro-Winkler).
func nearest(s string, names []string) string {
	best, edits := "", 2
	if len(s) >= 6 {
		edits = 3
	}
	for _, n := range names {
		if d := editDistance(s, n); d < edits {
			best, edits = n, d
		}
	}
	if best != "" {
		return best
	}
	score := 0.0
	for _, n := range names {
		if d := smetrics.JaroWinkler(s, n, 0.7, 4); d > score {
			best, score = n, d
		}
	}
	if score < 0.7 {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of two neighbouring
// letters, each one edit.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// wholeNumber reads a whole number as people write it: 100000, 1e5,
// 100_000 or 100,000 (commas only between groups of three digits).
func wholeNumber(s string) (int64, bool) {
	t := strings.TrimSpace(s)
	if strings.Contains(t, ",") {
		parts := strings.Split(strings.TrimLeft(t, "+-"), ",")
		for i, p := range parts {
			if (i > 0 && len(p) != 3) || p == "" || len(p) > 3 {
				return 0, false
			}
		}
		t = strings.ReplaceAll(t, ",", "")
	}
	if n, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 10, 64); err == nil && !strings.Contains(t, "__") &&
		!strings.HasPrefix(t, "_") && !strings.HasSuffix(t, "_") {
		return n, true
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || strings.ContainsAny(t, "_xXpP") || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// wholeNumbers rewrites the values of a command's integer flags written
// as 1e5, 100_000 or 100,000 to plain digits, and refuses, saying what is
// expected, a value that is no whole number at all (urfave/cli would say
// only "parse error"). args is the command line after intersperse.
func wholeNumbers(app *cli.App, args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	cmd := app.Command(args[0])
	if cmd == nil || cmd.SkipFlagParsing {
		return args, nil
	}
	integer, takesValue := map[string]bool{}, map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
		switch f.(type) {
		case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
			for _, n := range f.Names() {
				integer[n] = true
			}
		}
	}
	out := append([]string(nil), args...)
	fix := func(name, value string) (string, error) {
		n, ok := wholeNumber(value)
		if !ok {
			return "", usagef("--%s %q: expected a whole number, such as 100000, 1e5, 100_000 or 100,000", name, value)
		}
		return strconv.FormatInt(n, 10), nil
	}
	for i := 1; i < len(out); i++ {
		a := out[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !integer[name] {
			if takesValue[name] && !inline {
				i++ // its value, whatever it looks like
			}
			continue
		}
		var err error
		switch {
		case inline:
			value, err = fix(name, value)
			out[i] = "--" + name + "=" + value
		case i+1 < len(out):
			i++
			out[i], err = fix(name, out[i])
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// intersperse moves the flags of a subcommand in front of its arguments, so
// that `tpk replay FILE --trial 3` works as DESIGN.md writes it (urfave/cli
// v2 stops reading flags at the first argument). Everything after "--" and
// the arguments of commands that parse their own flags stay as they are.
func intersperse(app *cli.App, args []string) []string {
	if len(args) == 0 {
		return args
	}
	cmd := app.Command(args[0])
	if cmd == nil || cmd.SkipFlagParsing {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if len(a) > 1 && strings.HasPrefix(a, "-") {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(append([]string{args[0]}, flags...), rest...)
}

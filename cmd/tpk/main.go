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
	"reflect"
	"regexp"
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
		args = append(args[:1:1], intersperse(app, args[1:])...)
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
			versionCommand(e), completionCommand(e), manCommand(e),
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

// nearest is the name closest to s by urfave/cli's own measure
// (Jaro-Winkler), or "" when none is close enough to be a likely typo.
func nearest(s string, names []string) string {
	best, score := "", 0.0
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

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/systems"
)

// bashCompletion and zshCompletion are urfave/cli's own scripts
// (autocomplete/ in its repository) for a program called tpk: they ask
// `tpk ... --generate-bash-completion` for the words that may follow. Two
// changes: bash completes words holding ":" (example:NAME) whole, and zsh
// offers files beside the words tpk gives after the command.
const bashCompletion = `# bash completion for tpk: source it, or put it in
# /etc/bash_completion.d/tpk (or ~/.local/share/bash-completion/completions/tpk)
_tpk_bash_autocomplete() {
  if [[ "${COMP_WORDS[0]}" != "source" ]]; then
    local cur opts line colon i
    COMPREPLY=()
    # bash splits words at ":" (example:locus/duel): take the word being
    # completed from the line itself, and give back only what follows its
    # last ":", which is all that bash replaces.
    line="${COMP_LINE:0:COMP_POINT}"
    cur="${line##*[[:space:]]}"
    if [[ "$cur" == "-"* ]]; then
      opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" "${cur}" --generate-bash-completion 2>/dev/null)
    else
      opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" --generate-bash-completion 2>/dev/null)
    fi
    COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
    if [[ "$cur" == *:* ]]; then
      colon="${cur%"${cur##*:}"}"
      for i in "${!COMPREPLY[@]}"; do COMPREPLY[$i]="${COMPREPLY[$i]#"$colon"}"; done
    fi
    return 0
  fi
}
complete -o bashdefault -o default -o nospace -F _tpk_bash_autocomplete tpk
`

const zshCompletion = `#compdef tpk
# zsh completion for tpk: put it on $fpath as _tpk, or source it after compinit
_tpk() {
  local -a opts
  local cur
  cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  fi
  # After the command, files too (a scenario beside the example: names).
  if [[ "${opts[1]}" == "" || ${#words[@]} -gt 2 ]]; then
    _files
  fi
}
compdef _tpk tpk
`

var completionShells = []string{"bash", "zsh", "fish"}

func completionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script: bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: "bash:  tpk completion bash > ~/.local/share/bash-completion/completions/tpk\n" +
			"zsh:   tpk completion zsh > \"${fpath[1]}/_tpk\"\n" +
			"fish:  tpk completion fish > ~/.config/fish/completions/tpk.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("completion takes one shell; allowed: %s", strings.Join(completionShells, ", "))
			}
			switch c.Args().First() {
			case "bash":
				fmt.Fprint(e.stdout, bashCompletion)
			case "zsh":
				fmt.Fprint(e.stdout, zshCompletion)
			case "fish":
				// A fresh app: once set up to run, urfave's help command
				// sends ToFishCompletion into endless recursion.
				script, err := newApp(e).ToFishCompletion()
				if err != nil {
					return err
				}
				fmt.Fprint(e.stdout, script)
			default:
				return usagef("completion: unknown shell %q; allowed: %s", c.Args().First(), strings.Join(completionShells, ", "))
			}
			return nil
		},
	}
}

// manExitStatus is the manual's EXIT STATUS section (roff), as DESIGN.md
// and main.go's exit codes state it.
const manExitStatus = `.SH EXIT STATUS
.TP
.B 0
Success.
.TP
.B 1
An expectation failed (\fBcheck\fP, \fBmerge \-\-check\fP), or a figure drifted from \fB\-\-baseline\fP under \fB\-\-fail\-on\-drift\fP, or an expectation stayed undecided under \fB\-\-fail\-undecided\fP.
.TP
.B 2
Bad input or usage: an unknown command, flag, file, key or value, or a scenario that cannot be loaded. The message names the file, the line, what was expected and the allowed values.
.TP
.B 3
Any other failure, an interrupted run included (the figures printed are partial).
`

// manScenarioFormat is the manual's SCENARIO FORMAT section (roff): the
// keys every system's scenario file shares. tpk new SYSTEM and tpk schema
// SYSTEM give each system's own keys.
const manScenarioFormat = `.SH SCENARIO FORMAT
A scenario is a YAML file (a directory means every *.yaml in it; \fBexample:SYSTEM/NAME\fP is a built\-in example; \fB\-\fP is standard input):
.PP
.nf
.RS
system: hmtw                 # required: a system id (tpk systems)
name: Ogre at the ford       # defaults to the file name
seed: 7                      # optional; --seed overrides
trials: 200000               # or precision: 0.005
max_rounds: 50               # a fight still going then ends as a stalemate
party:
  - name: Brannoc
    archetype: swords_shieldbearer  # built-in defaults, then any field overridden
foes:
  - creature: ogre           # from the system's bestiary (tpk bestiary SYSTEM)
    count: 2
strategies: {party: competent, foes: fair-but-smart}
options: {}                  # the system's readings of its rules, by id (tpk systems SYSTEM)
expect:                      # judged by tpk check
  tpk: "< 0.05"              # metric, comparison, number
  any_death: "0.10 .. 0.40"  # a band
.RE
.fi
.PP
Each system names its people, stats and creatures in its rulebook's own words; unknown keys, names and values are errors that list what is allowed. \fBtpk new SYSTEM\fP writes a scenario that runs as is, with every key of the system, its allowed values and default; \fBtpk schema SYSTEM\fP writes the same keys as a JSON Schema, for an editor; \fBtpk examples\fP lists the built-in examples and prints one.
`

func manCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print tpk's manual page (roff): tpk man > tpk.1; man ./tpk.1",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("man takes no arguments")
			}
			page, err := newApp(e).ToManWithSection(1)
			if err != nil {
				return err
			}
			fmt.Fprint(e.stdout, page+manExitStatus+manScenarioFormat)
			return nil
		},
	}
}

// completeFlag is the last word the completion scripts add to ask for the
// words that may follow.
const completeFlag = "--generate-bash-completion"

// complete prints the words that may follow args (the command line without
// the program and completeFlag): the commands; a command's flags when the
// word being completed starts with "-"; the systems and checks of `tpk odds`;
// the shells of `tpk completion`; the systems of `tpk new`, `tpk schema`
// and `tpk examples`, and the examples' names (SYSTEM/NAME) for the last;
// the built-in examples (example:NAME) where a command takes scenarios. The shell adds file names.
func complete(w io.Writer, app *cli.App, args []string) {
	print := func(words ...string) {
		for _, s := range words {
			fmt.Fprintln(w, s)
		}
	}
	if len(args) == 0 {
		print(commandNames(app)...)
		return
	}
	cmd := app.Command(args[0])
	if cmd == nil {
		print(commandNames(app)...)
		return
	}
	last := args[len(args)-1]
	switch {
	case len(args) > 1 && strings.HasPrefix(last, "-") && cmd.Name != "odds":
		for _, f := range cmd.Flags {
			for _, n := range f.Names() {
				print("--" + n)
			}
		}
	case cmd.Name == "completion" && len(args) == 1:
		print(completionShells...)
	case (cmd.Name == "systems" || cmd.Name == "bestiary" || cmd.Name == "new" || cmd.Name == "schema") && len(args) == 1:
		print(systems.IDs()...)
	case cmd.Name == "examples" && len(args) == 1:
		print(systems.IDs()...)
		print(exampleList()...)
	case cmd.Name == "odds":
		completeOdds(print, args[1:])
	case takesScenarios[cmd.Name] && !strings.HasPrefix(last, "-"):
		print(exampleNames()...)
	}
}

// takesScenarios are the commands whose arguments are scenarios, which
// may be built-in examples (example:SYSTEM/NAME); the shell adds file
// names.
var takesScenarios = map[string]bool{"run": true, "check": true, "sweep": true, "grade": true, "replay": true,
	"explain": true, "yardstick": true}

// completeOdds completes `tpk odds`: a system, then its checks, then the
// check's flags.
func completeOdds(print func(...string), args []string) {
	if len(args) == 0 {
		print(systems.IDs()...)
		return
	}
	sys, err := systems.Get(args[0])
	if err != nil {
		return
	}
	for _, ch := range sys.Checks() {
		switch {
		case len(args) == 1:
			print(ch.Name)
		case ch.Name == args[1]:
			for _, p := range ch.Params {
				print("--" + p.Name)
			}
			print("--simulate", "--seed", "--format")
		}
	}
}

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
// `tpk ... --generate-bash-completion` for the words that may follow.
const bashCompletion = `# bash completion for tpk: source it, or put it in
# /etc/bash_completion.d/tpk (or ~/.local/share/bash-completion/completions/tpk)
_tpk_bash_autocomplete() {
  if [[ "${COMP_WORDS[0]}" != "source" ]]; then
    local cur opts
    COMPREPLY=()
    cur="${COMP_WORDS[COMP_CWORD]}"
    if [[ "$cur" == "-"* ]]; then
      opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" "${cur}" --generate-bash-completion 2>/dev/null)
    else
      opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" --generate-bash-completion 2>/dev/null)
    fi
    COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
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
  else
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

func manCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print tpk's manual page (roff): tpk man > tpk.1; man ./tpk.1",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("man takes no arguments")
			}
			page, err := newApp(e).ToMan()
			if err != nil {
				return err
			}
			fmt.Fprint(e.stdout, page)
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
// the shells of `tpk completion`. Nothing else: the shell then completes
// file names.
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
	case (cmd.Name == "systems" || cmd.Name == "bestiary") && len(args) == 1:
		print(systems.IDs()...)
	case cmd.Name == "odds":
		completeOdds(print, args[1:])
	}
}

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

package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// buildCommit and buildDate stamp a build that has no version control
// information (GOFLAGS=-buildvcs=false, a source tarball):
//
//	go build -ldflags "-X main.buildCommit=$(git rev-parse HEAD) -X main.buildDate=$(date -u +%FT%TZ)" ./cmd/tpk
//
// The toolchain's own record wins when there is one.
var buildCommit, buildDate string

// buildInfo describes the binary: the release, and the commit and commit
// date it was built from when the Go toolchain recorded them (a build inside
// a git clone; `go install MODULE@VERSION` records the module version
// instead).
func buildInfo() (release, commit, date, goVersion string) {
	release, commit, date = version, "unknown", "unknown"
	if buildCommit != "" {
		commit = buildCommit
	}
	if buildDate != "" {
		date = buildDate
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return release, commit, date, "unknown"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		release = v
	}
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			date = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if modified {
		commit += " with local changes"
	}
	return release, commit, date, bi.GoVersion
}

// printVersion writes what `tpk --version` and `tpk version` print.
func printVersion(w io.Writer) {
	release, commit, date, gover := buildInfo()
	fmt.Fprintf(w, "tpk %s\ncommit %s\nbuilt from the sources of %s with %s\n", release, commit, date, gover)
}

func init() {
	cli.VersionPrinter = func(c *cli.Context) { printVersion(c.App.Writer) }
}

func versionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the release, and the commit and date the binary was built from",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("version takes no arguments")
			}
			printVersion(e.stdout)
			return nil
		},
	}
}

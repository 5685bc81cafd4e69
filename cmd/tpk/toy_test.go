package main

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/internal/coinflip"
	// The toy system of the README's "Adding a system" walkthrough, in
	// this test binary only; cmd/tpk/register.go would take this line.
	_ "github.com/tpk-sim/tpk/internal/coinflipstrat"
)

// toySystems are registered by the tests alone, not built into tpk.
var toySystems = []string{coinflip.ID}

// TestToySystemCLI follows the walkthrough to its end: the toy system,
// registered with one import, lists, plays, checks, replays and gives its
// exact odds through the command line.
func TestToySystemCLI(t *testing.T) {
	duel, err := fs.ReadFile(coinflip.Examples(), "coinflip/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mem := newMemFS(map[string][]byte{"duel.yaml": duel})
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"systems", "coinflip"}, 0, []string{"Coin flip (a toy system)", "CF-1", "party-first", "flips"}},
		{[]string{"odds", "coinflip", "flips", "--coins", "3", "--heads", "2"}, 0, []string{"made     0.500000", "missed   0.500000"}},
		{[]string{"odds", "coinflip", "flips", "--coins", "3", "--heads", "4"}, 2, []string{"--heads 4 is more than --coins 3"}},
		{[]string{"run", "duel.yaml", "--trials", "2000"}, 0, []string{"Coin duel", "victory", "heads"}},
		{[]string{"run", "duel.yaml", "--trials", "2000", "--format", "json"}, 0, []string{`"system": "coinflip"`}},
		{[]string{"check", "duel.yaml"}, 0, []string{"PASS", "Coin duel"}},
		{[]string{"replay", "duel.yaml", "--trial", "1"}, 0, []string{"flips:", "Outcome:"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errOut, code := tpkOn(t, mem, c.args...)
			if code != c.code {
				t.Errorf("tpk %s: exit %d, want %d; stderr: %s", strings.Join(c.args, " "), code, c.code, errOut)
				return
			}
			for _, w := range c.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("tpk %s: no %q in\n%s%s", strings.Join(c.args, " "), w, out, errOut)
				}
			}
		})
	}
}

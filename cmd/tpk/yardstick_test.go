package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
)

// run --yardstick adds to the verdict how the answer moves with the play.
func TestRunYardstickVerdict(t *testing.T) {
	out, errOut, code := tpk(t, "run", "example:locus/duel", "--trials", "2000", "--yardstick", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r sim.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"With the yardstick of play (any_death, 1,000 encounters each):", "at a competent table",
		"when the party plays strong", "when the party plays carelessly", "against a harsher GM", "against a strong GM"} {
		if !strings.Contains(r.Verdict, want) {
			t.Errorf("verdict %q lacks %q", r.Verdict, want)
		}
	}
}

// The yardstick is the same for any number of workers: strong play's
// choices depend on (seed, encounter, decision) alone.
func TestYardstickWorkers(t *testing.T) {
	var want string
	for _, w := range []string{"1", "3"} {
		out, errOut, code := tpk(t, "yardstick", "example:locus/duel", "--trials", "60", "--rollouts", "16", "--workers", w, "--format", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var y reports.Yardstick
		if err := json.Unmarshal([]byte(out), &y); err != nil {
			t.Fatal(err)
		}
		y.Result.Workers, y.Result.ElapsedS = 0, 0
		js, _ := json.Marshal(y)
		if w == "1" {
			want = string(js)
		} else if string(js) != want {
			t.Errorf("%s workers give another yardstick than 1", w)
		}
	}
}

func TestYardstickBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"yardstick", "example:locus/duel", "--trials", "0"}, "--trials must be at least 1"},
		{[]string{"yardstick", "example:locus/duel", "--rollouts", "999"}, "--rollouts must be between 1 and 256"},
		{[]string{"yardstick", "example:locus/duel", "--format", "csv"}, "allowed: text, json, markdown"},
		{[]string{"yardstick", "example:locus/nothing"}, "no such example"},
		{[]string{"replay", "example:locus/duel", "--trial", "1", "--party", "heroic"}, "unknown party strategy \"heroic\""},
		{[]string{"run", "example:locus/duel", "--yardstick", "--shard", "0/2"}, "do not go with --shard"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, errOut, code := tpk(t, c.args...)
			if code != exitBadInput || !strings.Contains(errOut, c.want) {
				t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
			}
		})
	}
}

// --out writes the yardstick in every format, its plot and a report.
func TestYardstickOutDir(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := tpk(t, "yardstick", "example:locus/duel", "--trials", "60", "--rollouts", "8", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, f := range []string{"duel-with-the-faced-flock-yardstick.json", "duel-with-the-faced-flock-yardstick.txt",
		"duel-with-the-faced-flock-yardstick.md", "duel-with-the-faced-flock-yardstick-any_death.png",
		"duel-with-the-faced-flock-yardstick-any_death.svg", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Yardstick: Duel with the Faced Flock", "strong party", "<svg"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
}

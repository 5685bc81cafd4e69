package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/search"
)

func replayCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "narrate one encounter of a run, reproducibly",
		ArgsUsage: "FILE|example:NAME --trial K",
		Description: "Plays encounter K (0-based) of the run that `tpk run FILE` makes with the same seed,\n" +
			"alone, and narrates every roll and decision. The figures it ends with are that\n" +
			"encounter's contribution to the run's statistics.",
		Flags: []cli.Flag{
			// A string, so that help does not show a default for a flag
			// that has none; read as a whole number like --trials.
			&cli.StringFlag{Name: "trial", Usage: "the encounter `K` to replay, 0-based, below the run's encounters (required)"},
			&cli.Uint64Flag{Name: "seed", Usage: "run seed (default: the scenario's `seed:`, else 1)"},
			&cli.IntFlag{Name: "trials", Usage: "the encounters of the run K is one of (default: the scenario's, else 100000)"},
			&cli.StringFlag{Name: "party", Usage: "every party member plays strategy `NAME` (as a row of tpk yardstick: --party strong --foes default)"},
			&cli.StringFlag{Name: "foes", Usage: "every foe plays strategy `NAME`"},
			&cli.IntFlag{Name: "rollouts", Usage: "the most rollouts of one choice in strong play's search (as tpk yardstick --rollouts)"},
			formatFlag("replay", ""),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("replay takes exactly one scenario file")
			}
			if err := checkFormat("replay", c.String("format")); err != nil {
				return err
			}
			if !c.IsSet("trial") {
				return usagef("replay needs --trial K, the encounter to narrate (0 is the first)")
			}
			k, ok := wholeNumber(c.String("trial"))
			if !ok {
				return usagef("--trial %q: expected a whole number, 0 for the first encounter", c.String("trial"))
			}
			if k < 0 {
				return usagef("--trial must be 0 or more")
			}
			if c.IsSet("trials") && c.Int("trials") < 1 {
				return usagef("--trials must be at least 1")
			}
			srcs, err := readSources(e.files, c.Args().Slice(), e.stdin)
			if err != nil {
				return err
			}
			if len(srcs) != 1 {
				return usagef("replay takes exactly one scenario file, not a directory")
			}
			cs, err := compileSides(srcs[0], c.String("party"), c.String("foes"))
			if err != nil {
				return err
			}
			if c.IsSet("rollouts") {
				n := c.Int("rollouts")
				if n < 1 || n > search.MaxRollouts {
					return usagef("--rollouts must be between 1 and %d", search.MaxRollouts)
				}
				if t, ok := cs.Build.Model.(search.Tunable); ok {
					t.SetSearch(search.Settings{MaxRollouts: n})
				}
			}
			cfg := runConfig(c, cs.Scenario, 1)
			if n := runLength(cfg); k >= n {
				return usagef("--trial %d: the run of %s plays encounters 0 to %d (%d encounters); give a K below %d, or the run's own --trials",
					k, srcs[0].file, n-1, n, n)
			}
			seed := cfg.Seed
			rec, tr := sim.Replay(cs.Build.Model, seed, k)
			outcome := recordSummary(cs.Build.Model.Schema(), rec)
			return replayWriters.write(e.stdout, c.String("format"), replayView{cs.Scenario, seed, k, tr, outcome})
		},
	}
}

// runLength is the most encounters a run with cfg plays: its trials, or,
// run to a precision, its cap.
func runLength(cfg sim.RunConfig) int64 {
	switch {
	case cfg.Trials > 0:
		return int64(cfg.Trials)
	case cfg.MaxTrials > 0:
		return int64(cfg.MaxTrials)
	}
	return sim.DefaultMaxTrials
}

// compileSides compiles a scenario with every member of a side playing
// party or foes ("": as written).
func compileSides(src source, party, foes string) (*systems.Compiled, error) {
	if party == "" && foes == "" {
		return compileSource(src)
	}
	return systems.CompileSides(src.file, src.data, party, foes)
}

// replayView is one narrated encounter.
type replayView struct {
	scenario *sim.Scenario
	seed     uint64
	trial    int64
	trace    *sim.Trace
	outcome  []recordValue
}

// replayWriters writes a narrated encounter in a --format.
var replayWriters = writers[replayView]{
	"text": func(w io.Writer, v replayView) error {
		fmt.Fprintf(w, "%s (%s), seed %d, encounter %d\n\n", v.scenario.Name, v.scenario.System, v.seed, v.trial)
		if err := v.trace.WriteText(w); err != nil {
			return err
		}
		var parts []string
		for _, o := range v.outcome {
			parts = append(parts, fmt.Sprintf("%s=%d", o.Name, o.Value))
		}
		_, err := fmt.Fprintf(w, "\nOutcome: %s\n", strings.Join(parts, " "))
		return err
	},
	"json": func(w io.Writer, v replayView) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"scenario": v.scenario.Name, "file": v.scenario.Doc.File, "seed": v.seed,
			"trial": v.trial, "events": v.trace.Events, "outcome": v.outcome})
	},
}

// recordValue is one non-zero figure of a single encounter.
type recordValue struct {
	Name  string `json:"name"`
	Value int32  `json:"value"`
}

// recordSummary lists the non-zero values of one encounter's record, the
// per-combatant ones as "Name.metric".
func recordSummary(s *sim.Schema, rec *sim.Record) []recordValue {
	var out []recordValue
	for i, m := range s.Metrics {
		if v := rec.Values[i]; v != 0 {
			out = append(out, recordValue{m.Name, v})
		}
	}
	for c, cb := range s.Combatants {
		for j, m := range s.CombatantMetrics {
			if v := rec.PerCombatant[c*len(s.CombatantMetrics)+j]; v != 0 {
				out = append(out, recordValue{cb.Name + "." + m.Name, v})
			}
		}
	}
	return out
}

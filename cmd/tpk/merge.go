package main

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/shard"
	"github.com/tpk-sim/tpk/sim"
)

func mergeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the partial results of a sharded run (run|check|sweep --shard I/N) into the run's result",
		ArgsUsage: "PART.json...|DIR...",
		Description: "Every shard of a run of T encounters played encounters [I·T/N, (I+1)·T/N) and wrote their\n" +
			"exact counts and histograms; merge adds them up into the result one machine would have\n" +
			"printed, to the bit (apart from the time taken and the number of workers). It refuses,\n" +
			"naming the file, parts that overlap, a missing shard, and parts of another scenario, seed,\n" +
			"option set, trial count or tpk version. A directory means every *.json in it.\n" +
			"With --check (or any of --junit, --summary, --baseline, --fail-on-drift), the merged\n" +
			"figures are judged as tpk check judges one machine's: the same lines, files and exit codes\n" +
			"(1 for a failed expectation or a drift under --fail-on-drift, 2 for bad input). A merged\n" +
			"check cannot run on an undecided expectation: give the shards more --trials.",
		Flags: append([]cli.Flag{
			formatFlag("merge", ""),
			&cli.StringFlag{Name: "out", Usage: "also write every format, the plots (PNG and SVG) and report.html into `DIR`"},
			&cli.BoolFlag{Name: "quiet", Usage: "print nothing but errors"},
			saveBaselineFlag,
			&cli.BoolFlag{Name: "check", Usage: "judge the merged figures as tpk check does: the expect: blocks, --baseline, --junit and --summary, with check's exit codes (implied by those flags)"},
		}, checkFlags()...),
		Action: func(c *cli.Context) error {
			s := settings{format: c.String("format"), out: c.String("out"), quiet: c.Bool("quiet"), save: c.String("save-baseline")}
			if err := checkFormat("merge", s.format); err != nil {
				return err
			}
			if c.NArg() == 0 {
				return usagef("merge needs the partial results: files, or a directory holding them")
			}
			checking := c.Bool("check")
			for _, f := range []string{"junit", "summary", "baseline", "fail-undecided", "fail-on-drift", "full", "level"} {
				checking = checking || c.IsSet(f)
			}
			var o checkOptions
			if checking {
				var err error
				if o, err = readCheckOptions(c, e); err != nil {
					return err
				}
			}
			files, err := partialFiles(e.files, c.Args().Slice())
			if err != nil {
				return err
			}
			results, err := mergeParts(files, checking)
			if err != nil {
				return err
			}
			if !checking {
				return finishRun(e, s, results, nil)
			}
			return judge(e, s, o, results, results, nil)
		},
	}
}

// partialFiles reads the named files, and every *.json in the named
// directories, as partial results.
func partialFiles(fsys fileSystem, args []string) ([]shard.Named, error) {
	var names []string
	for _, a := range args {
		st, err := fsys.Stat(a)
		if err != nil {
			return nil, &sim.InputError{File: a, Msg: "no such file or directory"}
		}
		if !st.IsDir() {
			names = append(names, a)
			continue
		}
		found := jsonFiles(fsys, a)
		if len(found) == 0 {
			return nil, &sim.InputError{File: a, Msg: "the directory holds no *.json partial results"}
		}
		for _, f := range found {
			names = append(names, filepath.Join(a, f))
		}
	}
	out := make([]shard.Named, 0, len(names))
	for _, name := range names {
		data, err := fsys.ReadFile(name)
		if err != nil {
			return nil, &sim.InputError{File: name, Msg: err.Error()}
		}
		pf, err := shard.Decode(data)
		if err != nil {
			return nil, &sim.InputError{File: name, Msg: err.Error()}
		}
		out = append(out, shard.Named{Name: name, File: pf})
	}
	return out, nil
}

// mergeParts checks that the partial files are the shards 0..N-1 of one
// run, each once (shard.Check), and merges them into one result per
// scenario (or sweep variant), with its expectations evaluated: by their
// 95% intervals, or, for a check, as check's first look judges them (see
// mergeScenario).
func mergeParts(files []shard.Named, check bool) ([]*sim.Result, error) {
	if err := shard.Check(files); err != nil {
		return nil, err
	}
	results := make([]*sim.Result, len(files[0].File.Parts))
	for i := range results {
		r, err := mergeScenario(files, i, check)
		if err != nil {
			return nil, err
		}
		results[i] = r
	}
	return results, nil
}

// mergeScenario merges scenario i of every shard into its result. For a
// check, the expectations are judged by the interval check's first look
// would judge them by (half the error rate when the scenario could run
// on), so that a sharded check passes and fails where one machine's does;
// what stays undecided is said, since merged parts cannot run on.
func mergeScenario(files []shard.Named, i int, check bool) (*sim.Result, error) {
	ref := files[0].File.Parts[i]
	name := files[0].Name
	cs, err := compileVariant(ref.Scenario.File, []byte(ref.Source), ref.Variant)
	if err != nil {
		return nil, fmt.Errorf("%s: scenario %d no longer compiles with this tpk: %w", name, i+1, err)
	}
	acc, workers, elapsed, err := shard.Sum(files, i, cs.Build.Model.Schema())
	if err != nil {
		return nil, err
	}
	sm := &simulation{cs: cs, cfg: sim.RunConfig{Seed: ref.Seed}, out: &sim.Outcome{Acc: acc, Trials: acc.N(), Workers: workers},
		elapsed: elapsed}
	alpha := 0.05
	if check {
		capTrials := int64(sim.DefaultMaxTrials)
		if cs.Scenario.MaxTrials > 0 {
			capTrials = int64(cs.Scenario.MaxTrials)
		}
		alpha = sim.NewLooks(ref.Trials, capTrials, 0.05).Spend(0)
	}
	res, err := sm.resultAt(alpha)
	if err != nil {
		return nil, err
	}
	if left := undecided(res); check && len(left) > 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf(
			"%s still undecided at %d encounters: merged shards cannot run on as tpk check does; give the shards more --trials",
			strings.Join(left, ", ")+plural(len(left), " is", " are"), res.Trials))
	}
	res.Variant = ref.Variant
	if !equalMaps(res.Options, ref.Options) {
		return nil, errors.New(name + ": the options of this tpk differ from the shards' (a default changed?): merge with the tpk that ran them")
	}
	return res, nil
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// jsonFiles names the entries of dir that match *.json, sorted; none when
// dir cannot be read.
func jsonFiles(fsys fileSystem, dir string) []string {
	entries, _ := fsys.ReadDir(dir)
	var names []string
	for _, e := range entries {
		if ok, _ := path.Match("*.json", e.Name()); ok {
			names = append(names, e.Name())
		}
	}
	return names
}

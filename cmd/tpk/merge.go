package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tpk-sim/tpk/reports"
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
			results, err := mergeParts(e, files, checking)
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

// namedPartial is a partial file read from disk.
type namedPartial struct {
	name string
	pf   partialFile
}

// partialFiles reads the named files, and every *.json in the named
// directories, as partial results.
func partialFiles(fsys fileSystem, args []string) ([]namedPartial, error) {
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
	out := make([]namedPartial, 0, len(names))
	for _, name := range names {
		data, err := fsys.ReadFile(name)
		if err != nil {
			return nil, &sim.InputError{File: name, Msg: err.Error()}
		}
		var pf partialFile
		if err := json.Unmarshal(data, &pf); err != nil || pf.Tool != "tpk" || pf.Kind != "partial" {
			return nil, &sim.InputError{File: name, Msg: "not a tpk partial result (as written by tpk run|check|sweep --shard I/N)"}
		}
		out = append(out, namedPartial{name, pf})
	}
	return out, nil
}

// mergeParts checks that the partial files are the shards 0..N-1 of one
// run, each once, and merges them into one result per scenario (or sweep
// variant), with its expectations evaluated: by their 95% intervals, or,
// for a check, as check's first look judges them (see mergeScenario).
func mergeParts(e *env, files []namedPartial, check bool) ([]*sim.Result, error) {
	ref := files[0]
	refuse := func(name, format string, args ...any) error {
		return &sim.InputError{File: name, Msg: fmt.Sprintf(format, args...)}
	}
	seen := map[int]string{}
	for _, f := range files {
		pf := f.pf
		switch {
		case pf.Version != ref.pf.Version:
			return nil, refuse(f.name, "made by tpk %s, %s by tpk %s: merge parts of one version", pf.Version, ref.name, ref.pf.Version)
		case pf.Command != ref.pf.Command:
			return nil, refuse(f.name, "a part of tpk %s, %s of tpk %s", pf.Command, ref.name, ref.pf.Command)
		case pf.Shard.Count != ref.pf.Shard.Count:
			return nil, refuse(f.name, "shard %d of %d, %s of %d shards", pf.Shard.Index, pf.Shard.Count, ref.name, ref.pf.Shard.Count)
		case pf.Shard.Index < 0 || pf.Shard.Index >= pf.Shard.Count:
			return nil, refuse(f.name, "shard %d of %d is out of range", pf.Shard.Index, pf.Shard.Count)
		case len(pf.Parts) != len(ref.pf.Parts):
			return nil, refuse(f.name, "%d scenarios, %s has %d: parts of another run", len(pf.Parts), ref.name, len(ref.pf.Parts))
		}
		if other, dup := seen[pf.Shard.Index]; dup {
			return nil, refuse(f.name, "shard %d of %d overlaps %s, which is the same shard", pf.Shard.Index, pf.Shard.Count, other)
		}
		seen[pf.Shard.Index] = f.name
		for i, p := range pf.Parts {
			if why := differs(ref.pf.Parts[i], p); why != "" {
				return nil, refuse(f.name, "scenario %d (%s) is not the run of %s: %s", i+1, p.Scenario.File, ref.name, why)
			}
		}
	}
	var missing []string
	for i := range ref.pf.Shard.Count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return nil, refuse(ref.name, "%s %s of %d %s missing", plural(len(missing), "shard", "shards"), strings.Join(missing, ", "), ref.pf.Shard.Count, plural(len(missing), "is", "are"))
	}
	sort.Slice(files, func(a, b int) bool { return files[a].pf.Shard.Index < files[b].pf.Shard.Index })
	results := make([]*sim.Result, len(ref.pf.Parts))
	for i := range ref.pf.Parts {
		parts := make([]partialPart, len(files))
		for k, f := range files {
			parts[k] = f.pf.Parts[i]
		}
		r, err := mergeScenario(files, i, parts, check)
		if err != nil {
			return nil, err
		}
		results[i] = r
	}
	return results, nil
}

// differs says how part p is not of the same run as ref, or "".
func differs(ref, p partialPart) string {
	switch {
	case p.Scenario.File != ref.Scenario.File || p.SourceHash != ref.SourceHash:
		return "another scenario file or content"
	case p.Seed != ref.Seed:
		return fmt.Sprintf("seed %d, not %d", p.Seed, ref.Seed)
	case p.Trials != ref.Trials:
		return fmt.Sprintf("a run of %d encounters, not %d", p.Trials, ref.Trials)
	case reports.VariantLabel(p.Variant) != reports.VariantLabel(ref.Variant):
		return fmt.Sprintf("variant %q, not %q", reports.VariantLabel(p.Variant), reports.VariantLabel(ref.Variant))
	case p.identity() != ref.identity():
		return "another option set or strategies"
	case hashOf([]byte(p.Source)) != p.SourceHash:
		return "its scenario text does not match its content hash"
	}
	return ""
}

// mergeScenario merges scenario i of every shard into its result. For a
// check, the expectations are judged by the interval check's first look
// would judge them by (half the error rate when the scenario could run
// on), so that a sharded check passes and fails where one machine's does;
// what stays undecided is said, since merged parts cannot run on.
func mergeScenario(files []namedPartial, i int, parts []partialPart, check bool) (*sim.Result, error) {
	ref := parts[0]
	name := files[0].name
	root, err := sim.ParseScenarioYAML(ref.Scenario.File, []byte(ref.Source))
	if err != nil {
		return nil, err
	}
	for _, a := range ref.Variant {
		p, err := sim.ParsePath(a.Path)
		if err == nil {
			err = sim.SetPath(ref.Scenario.File, root, p, a.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	cs, err := compileNode(ref.Scenario.File, root)
	if err != nil {
		return nil, fmt.Errorf("%s: scenario %d no longer compiles with this tpk: %w", name, i+1, err)
	}
	schema := cs.build.Model.Schema()
	acc := sim.NewAcc(schema)
	var next int64
	workers := 0
	for k, p := range parts {
		if p.First != next || p.Count != p.State.N {
			return nil, &sim.InputError{File: files[k].name, Msg: fmt.Sprintf(
				"scenario %d: encounters %d..%d do not follow on from %d (or hold %d, not %d)", i+1, p.First, p.First+p.Count-1, next, p.State.N, p.Count)}
		}
		next += p.Count
		a, err := sim.AccFromState(schema, p.State)
		if err != nil {
			return nil, &sim.InputError{File: files[k].name, Msg: fmt.Sprintf("scenario %d: %v", i+1, err)}
		}
		acc.Merge(a)
		workers = max(workers, p.Workers)
	}
	if next != ref.Trials {
		return nil, &sim.InputError{File: name, Msg: fmt.Sprintf("scenario %d: the shards hold %d of its %d encounters", i+1, next, ref.Trials)}
	}
	sm := &simulation{cs: cs, cfg: sim.RunConfig{Seed: ref.Seed}, out: &sim.Outcome{Acc: acc, Trials: acc.N(), Workers: workers},
		elapsed: elapsedOf(parts)}
	alpha := 0.05
	if check {
		capTrials := int64(sim.DefaultMaxTrials)
		if cs.sc.MaxTrials > 0 {
			capTrials = int64(cs.sc.MaxTrials)
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

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/internal/skiplog"
)

// recipe reads a file of recipes/.
func recipe(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "recipes", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The Slurm recipe, run on a real cluster: a job array of shards and a
// dependent merge job give the result of the same run on one machine. It
// needs a Slurm cluster answering on this machine (.ci/run starts a
// one-node one with recipes/slurm/local-cluster.sh where it can), and says
// so when it skips.
func TestSlurmRecipe(t *testing.T) {
	if _, err := exec.LookPath("sbatch"); err != nil {
		skiplog.Skip(t, "Slurm recipe test skipped: sbatch is not installed here (.ci/run installs Debian's slurm packages and starts a one-node cluster where it runs as root)")
	}
	// A controller that is up answers at once; one that is not makes sinfo
	// retry for about nine seconds.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	state, err := exec.CommandContext(ctx, "sinfo", "-h", "-o", "%T").Output()
	if err != nil || !strings.ContainsAny(string(state), "im") || strings.Contains(string(state), "down") {
		skiplog.Skip(t, fmt.Sprintf("Slurm recipe test skipped: no Slurm node is up (sinfo: %q, %v); start one with recipes/slurm/local-cluster.sh", state, err))
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tpk")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	scenario, _ := filepath.Abs(filepath.Join("..", "..", "examples", "locus", "duel.yaml"))
	out := filepath.Join(dir, "run")
	submit, _ := filepath.Abs(filepath.Join("..", "..", "recipes", "slurm", "submit.sh"))
	cmd := exec.Command(submit, scenario, "20000", "4", out)
	cmd.Env = append(os.Environ(), "TPK="+bin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	job, err := cmd.Output()
	if err != nil {
		t.Fatalf("submit.sh: %v\n%s%s", err, job, stderr.Bytes())
	}
	id := strings.TrimSpace(strings.SplitN(string(job), "\n", 2)[0])
	t.Logf("submitted: a job array of 4 shards and merge job %s", id)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		q, _ := exec.Command("squeue", "-h", "-j", id).Output()
		if len(bytes.TrimSpace(q)) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("merge job %s still queued after 3 minutes: %s", id, q)
		}
		time.Sleep(time.Second)
	}
	got, err := os.ReadFile(filepath.Join(out, "result.json"))
	if err != nil {
		logs, _ := filepath.Glob(filepath.Join(out, "slurm-*.out"))
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, b)
		}
		t.Fatalf("no merged result: %v", err)
	}
	want, _, _ := tpk(t, "run", scenario, "--trials", "20000", "--format", "json")
	if timeAndWorkers.ReplaceAllString(string(got), "") != timeAndWorkers.ReplaceAllString(want, "") {
		t.Errorf("the Slurm run merged differs from the run on one machine")
	}
	parts, _ := filepath.Glob(filepath.Join(out, "parts", "*.json"))
	t.Logf("Slurm: %d parts merged by job %s into %s, identical to one machine's result", len(parts), id, filepath.Join(out, "result.json"))
}

// The Kubernetes recipe writes a valid set of manifests in which the shard
// count is the one given, everywhere: the Indexed Job's completions and
// parallelism, the count each pod plays its share of and the parts the
// merge waits for; the pods run the image given (the Dockerfile's), the
// merge Job has a deadline instead of waiting forever, and bad arguments
// fail.
func TestKubernetesRecipe(t *testing.T) {
	script := filepath.Join("..", "..", "recipes", "kubernetes", "tpk-indexed-job.sh")
	scenario := filepath.Join("..", "..", "examples", "locus", "duel.yaml")
	for _, n := range []int{3, 7} {
		out, err := exec.Command("bash", script, scenario, strconv.Itoa(n), "200000", "registry.example/tpk:test").Output()
		if err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(out))
		docs := map[string]map[string]any{}
		for {
			var d map[string]any
			if err := dec.Decode(&d); err != nil {
				break
			}
			meta, _ := d["metadata"].(map[string]any)
			docs[d["kind"].(string)+"/"+meta["name"].(string)] = d
		}
		get := func(d map[string]any, path ...string) any {
			var v any = d
			for _, p := range path {
				m, ok := v.(map[string]any)
				if !ok {
					return nil
				}
				v = m[p]
			}
			return v
		}
		shards, merge, cm := docs["Job/tpk-shards"], docs["Job/tpk-merge"], docs["ConfigMap/tpk-scenario"]
		if shards == nil || merge == nil || cm == nil || docs["PersistentVolumeClaim/tpk-results"] == nil {
			t.Fatalf("manifests: %v", keys(docs))
		}
		src, _ := os.ReadFile(scenario)
		if get(cm, "data", "scenario.yaml") != string(src) {
			t.Errorf("the ConfigMap does not hold the scenario as written")
		}
		if get(shards, "apiVersion") != "batch/v1" || get(shards, "spec", "completionMode") != "Indexed" ||
			get(shards, "spec", "completions") != n || get(shards, "spec", "parallelism") != n {
			t.Errorf("N=%d: the shards are not an Indexed Job of N completions, N at once: %v", n, get(shards, "spec"))
		}
		env := func(c map[string]any, name string) string {
			for _, e := range c["env"].([]any) {
				if e.(map[string]any)["name"] == name {
					return e.(map[string]any)["value"].(string)
				}
			}
			return ""
		}
		c := get(shards, "spec", "template", "spec", "containers").([]any)[0].(map[string]any)
		args := strings.Join(toStrings(c["args"]), " ")
		if !strings.Contains(args, `--shard "$JOB_COMPLETION_INDEX/$TPK_SHARDS"`) || !strings.Contains(args, "--out /results/parts") ||
			env(c, "TPK_SHARDS") != strconv.Itoa(n) || env(c, "TPK_TRIALS") != "200000" {
			t.Errorf("N=%d: a shard pod runs %q with TPK_SHARDS %q", n, args, env(c, "TPK_SHARDS"))
		}
		init := get(merge, "spec", "template", "spec", "initContainers").([]any)[0].(map[string]any)
		mc := get(merge, "spec", "template", "spec", "containers").([]any)[0].(map[string]any)
		if env(init, "TPK_SHARDS") != strconv.Itoa(n) || !strings.Contains(strings.Join(toStrings(init["args"]), " "), `-ge "$TPK_SHARDS"`) {
			t.Errorf("N=%d: the merge waits for %v with TPK_SHARDS %q", n, init["args"], env(init, "TPK_SHARDS"))
		}
		if !strings.Contains(strings.Join(toStrings(mc["args"]), " "), "tpk merge /results/parts") {
			t.Errorf("the merge Job runs %v", mc["args"])
		}
		if d, ok := get(merge, "spec", "activeDeadlineSeconds").(int); !ok || d <= 0 {
			t.Errorf("the merge Job has no deadline: it would wait forever for a shard that failed")
		}
		for _, x := range []map[string]any{c, init, mc} {
			if x["image"] != "registry.example/tpk:test" {
				t.Errorf("a container runs the image %v", x["image"])
			}
		}
	}
	for _, bad := range [][]string{{scenario, "0", "1000", "img"}, {scenario, "four", "1000", "img"}, {"missing.yaml", "4", "1000", "img"}} {
		if err := exec.Command("bash", append([]string{script}, bad...)...).Run(); err == nil {
			t.Errorf("%v: accepted", bad)
		}
	}
}

// The Dockerfile the Kubernetes recipe builds from: a multi-stage build in
// the Go image of go.mod's version whose binary is built without cgo (so
// static), copied onto an image with sh.
func TestDockerfile(t *testing.T) {
	df, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var froms []string
	var build string
	for _, line := range strings.Split(strings.ReplaceAll(string(df), "\\\n", " "), "\n") {
		if f, ok := strings.CutPrefix(line, "FROM "); ok {
			froms = append(froms, f)
		}
		if strings.Contains(line, "go build") {
			build = line
		}
	}
	if want := "golang:" + goModVersion(t) + " AS build"; len(froms) != 2 || froms[0] != want || !strings.HasPrefix(froms[1], "busybox:") {
		t.Errorf("stages %q, want %q then busybox", froms, want)
	}
	if !strings.Contains(build, "CGO_ENABLED=0") || !strings.Contains(string(df), "COPY --from=build") {
		t.Errorf("the build does not copy a binary built without cgo: %q", build)
	}
}

// goModVersion is the Go version go.mod requires: "1.26.8".
func goModVersion(t *testing.T) string {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatal("go.mod names no Go version")
	return ""
}

// The GitHub Actions recipe: a matrix job per shard uploading its part,
// and a merge job after all of them judging the merged figures.
func TestGitHubActionsRecipe(t *testing.T) {
	var wf struct {
		Env  map[string]string `yaml:"env"`
		Jobs map[string]struct {
			Needs    any `yaml:"needs"`
			Strategy struct {
				Matrix map[string][]int `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []struct {
				Run  string         `yaml:"run"`
				Uses string         `yaml:"uses"`
				With map[string]any `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(recipe(t, "github-actions/tpk-sharded.yml"), &wf); err != nil {
		t.Fatal(err)
	}
	shard, merge := wf.Jobs["shard"], wf.Jobs["merge"]
	// The shard count is named once, by the matrix: each job reads its
	// index and the count from the strategy context.
	if _, ok := wf.Env["SHARDS"]; ok || len(shard.Strategy.Matrix["shard"]) < 2 {
		t.Errorf("the shard count is named outside the matrix (SHARDS %q) or the matrix has %d shards", wf.Env["SHARDS"], len(shard.Strategy.Matrix["shard"]))
	}
	var runs []string
	for _, s := range shard.Steps {
		runs = append(runs, s.Run)
	}
	if !strings.Contains(strings.Join(runs, "\n"), `--shard "${{ strategy.job-index }}/${{ strategy.job-total }}"`) {
		t.Errorf("the shard job runs %q", runs)
	}
	runs = nil
	for _, s := range merge.Steps {
		runs = append(runs, s.Run)
	}
	if merge.Needs != "shard" || !strings.Contains(strings.Join(runs, "\n"), "tpk merge parts --check") {
		t.Errorf("the merge job needs %v and runs %q", merge.Needs, runs)
	}
}

func keys(m map[string]map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// The module path has a host in it, so that `go install MODULE/cmd/tpk@VERSION`
// can fetch tpk once the repository is published; until then nothing tells
// a user to (the README installs from the sources, see TestREADMEInstall),
// and the Actions recipe builds tpk from its sources with go.mod's Go.
func TestModulePathInstallable(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(strings.TrimSpace(string(mod)), "\n", 2)[0]
	path := strings.TrimPrefix(first, "module ")
	if host := strings.SplitN(path, "/", 2)[0]; !strings.Contains(host, ".") {
		t.Fatalf("module path %q has no host: go install cannot fetch it", path)
	}
	wf := string(recipe(t, "github-actions/tpk-sharded.yml"))
	if strings.Contains(wf, "@latest") || !strings.Contains(wf, "go-version-file: .tpk-src/go.mod") ||
		strings.Count(wf, "run: go install ./cmd/tpk") != 2 {
		t.Errorf("the Actions recipe does not build tpk from its sources with go.mod's Go:\n%s", wf)
	}
	// No release is published yet: the README's CI examples build from
	// the sources too, so a copied example works today.
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "@latest"); n > 0 {
		t.Errorf("README.md installs tpk @latest %d times: no release exists to fetch", n)
	}
}

// fakeSlurm returns the environment that runs recipes/slurm/submit.sh
// against testdata/fakeslurm (sbatch, squeue and scancel that run the jobs
// at once on this machine) with tpk built into dir.
func fakeSlurm(t *testing.T, dir string, extra ...string) []string {
	t.Helper()
	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "tpk"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fake, _ := filepath.Abs(filepath.Join("testdata", "fakeslurm"))
	state := filepath.Join(dir, "slurm-state")
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), append([]string{"PATH=" + fake + string(os.PathListSeparator) + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"FAKE_SLURM_STATE=" + state, "POLL=0.1", "TPK="}, extra...)...)
}

// submit runs recipes/slurm/submit.sh in dir with args; it fails the test
// if the script runs for more than a minute (a merge left pending).
func submit(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	script, _ := filepath.Abs(filepath.Join("..", "..", "recipes", "slurm", "submit.sh"))
	cmd := exec.Command("bash", append([]string{script}, args...)...)
	cmd.Dir, cmd.Env = dir, env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("submit.sh %v still waiting after a minute:\n%s", args, errb.String())
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// submit.sh, against a stand-in for Slurm: paths relative to the directory
// it is called from work (the jobs run in OUT); a shard that fails makes it
// exit 1 naming the shard, and the merge job is cancelled rather than left
// pending, also where Slurm would keep it; a scenario it cannot read fails
// before anything is submitted.
func TestSlurmSubmitScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		skiplog.Skip(t, "the Slurm recipe's submit.sh was not tried: bash is not installed")
	}
	dir := t.TempDir()
	env := fakeSlurm(t, dir)
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "locus", "duel.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "scenarios"), 0o755)
	os.WriteFile(filepath.Join(dir, "scenarios", "duel.yaml"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "scenarios", "broken.yaml"), []byte("system: locus\nparty: [{character: nobody}]\n"), 0o644)

	t.Run("relative paths", func(t *testing.T) {
		out, errOut, code := submit(t, dir, env, "scenarios/duel.yaml", "3000", "3", "runs/duel")
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, errOut)
		}
		if strings.TrimSpace(out) == "" {
			t.Error("submit.sh printed no merge job id")
		}
		got, err := os.ReadFile(filepath.Join(dir, "runs", "duel", "result.json"))
		if err != nil {
			t.Fatalf("no merged result: %v\n%s", err, errOut)
		}
		want, _, _ := tpk(t, "run", filepath.Join(dir, "scenarios", "duel.yaml"), "--trials", "3000", "--format", "json")
		if timeAndWorkers.ReplaceAllString(string(got), "") != timeAndWorkers.ReplaceAllString(want, "") {
			t.Errorf("the merged result differs from the run on one machine")
		}
		if _, _, code := submit(t, dir, env, "scenarios/duel.yaml", "3000", "3", "runs/duel"); code != 1 {
			t.Errorf("a second run into the same OUT: exit %d, want 1", code)
		}
	})
	for _, keep := range []bool{false, true} {
		name := "failed shard"
		e := env
		if keep {
			// A Slurm that keeps the merge job pending on a dependency
			// that can never be met.
			name += ", merge kept pending"
			e = append(slices.Clone(env), "FAKE_SLURM_KEEP_INVALID=1")
		}
		t.Run(name, func(t *testing.T) {
			out := "runs/broken-" + strconv.FormatBool(keep)
			_, errOut, code := submit(t, dir, e, "scenarios/broken.yaml", "3000", "2", out)
			if code != 1 || !strings.Contains(errOut, "2 of 2 shards failed (0 1)") || !strings.Contains(errOut, "slurm-tpk-shard-") {
				t.Errorf("exit %d, want 1 naming the failed shards and their logs:\n%s", code, errOut)
			}
			states, _ := filepath.Glob(filepath.Join(dir, "slurm-state", "*"))
			for _, s := range states {
				if b, _ := os.ReadFile(s); strings.TrimSpace(string(b)) == "never" {
					t.Errorf("job %s is left pending", filepath.Base(s))
				}
			}
		})
	}
	t.Run("unreadable scenario", func(t *testing.T) {
		_, errOut, code := submit(t, dir, env, "scenarios/missing.yaml", "3000", "2", "runs/missing")
		if code != 1 || !strings.Contains(errOut, "cannot read the scenario scenarios/missing.yaml") {
			t.Errorf("exit %d: %s", code, errOut)
		}
	})
}

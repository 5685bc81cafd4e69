package demoncitystrat_test

import (
	"io/fs"
	"math"
	"path"
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/search"
)

// paired plays n encounters of an example twice on the same seeds, once with
// each pair of strategies, and returns the mean paired difference b - a of
// the party's score (search.Outcome.Score) and of the verdict figure
// (someone knocked Out of the Fight, or someone dead where death is
// possible), each with its standard error.
type pairedDiff struct{ score, scoreSE, verdict, verdictSE float64 }

func paired(t *testing.T, file, partyA, foesA, partyB, foesB string, n int) pairedDiff {
	t.Helper()
	data, err := fs.ReadFile(examples.FS, file)
	if err != nil {
		t.Fatal(err)
	}
	var ms [2]sim.Model
	for x, s := range [2][2]string{{partyA, foesA}, {partyB, foesB}} {
		c, err := systems.CompileSides(file, data, s[0], s[1])
		if err != nil {
			t.Fatal(err)
		}
		ms[x] = c.Build.Model
	}
	sc := ms[0].Schema()
	verdict := sc.Index(sc.Verdict.Metric)
	var ks [2]sim.Kernel
	var recs [2]*sim.Record
	for x := range ms {
		ks[x], recs[x] = ms[x].NewKernel(), sim.NewRecord(ms[x].Schema())
	}
	var ds, dv, ss, sv float64
	for i := range n {
		var score, v [2]float64
		for x := range ms {
			recs[x].Reset()
			ks[x].Play(sim.NewRand(99, uint64(i)), recs[x], nil)
			score[x] = float64(ms[x].(search.Judged).Outcome(recs[x]).Score())
			v[x] = float64(recs[x].Values[verdict])
		}
		a, b := score[1]-score[0], v[1]-v[0]
		ds, ss, dv, sv = ds+a, ss+a*a, dv+b, sv+b*b
	}
	N := float64(n)
	se := func(sum, sq float64) float64 { return math.Sqrt(max(sq/N-(sum/N)*(sum/N), 0) / (N - 1)) }
	return pairedDiff{ds / N, se(ds, ss), dv / N, se(dv, sv)}
}

// TestRolesKeepTheirOrder: on every example, the careless party (all-in)
// does no better than the default party (gang-up), and the harsher GM
// (pick-off-the-weak) no less harm than the default GM, on the party's
// score and on the verdict figure, within two standard errors of the
// paired difference over the same encounters.
func TestRolesKeepTheirOrder(t *testing.T) {
	files, err := fs.Glob(examples.FS, "demoncity/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatal("no example", err)
	}
	const n = 6000
	for _, f := range files {
		name := path.Base(f)
		d := paired(t, f, "gang-up", "default", "all-in", "default", n)
		if d.score > 2*d.scoreSE || d.verdict < -2*d.verdictSE {
			t.Errorf("%s: the careless party does better than the default: score %+.3f ± %.3f, verdict figure %+.4f ± %.4f",
				name, d.score, d.scoreSE, d.verdict, d.verdictSE)
		}
		d = paired(t, f, "gang-up", "default", "gang-up", "pick-off-the-weak", n)
		if d.score > 2*d.scoreSE || d.verdict < -2*d.verdictSE {
			t.Errorf("%s: the harsher GM does less harm than the default: party score %+.3f ± %.3f, verdict figure %+.4f ± %.4f",
				name, d.score, d.scoreSE, d.verdict, d.verdictSE)
		}
	}
}

package catchthedevil

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Scripted policies for the kernel's own tests (the real ones live in
// strategies/catchthedevil, which this package cannot import).
type scriptPC struct {
	kind  ActionKind
	react Reaction
	pull  bool
}

// Act does kind: attacks go to the first NPC it may attack, Protect to the
// next PC, Tend to the first dying PC.
func (s scriptPC) Act(v *View, self int) Action {
	switch s.kind {
	case Attack:
		for j := 0; j < v.NPCs(); j++ {
			if v.CanFinish(self, j) {
				return Action{Kind: Attack, Target: j}
			}
		}
		return Action{Kind: Idle, Target: -1}
	case Protect:
		return Action{Kind: Protect, Target: (self + 1) % v.PCs()}
	case Tend:
		for q := 0; q < v.PCs(); q++ {
			if v.PC(q).Status == Dying && !v.PC(q).Tended {
				return Action{Kind: Tend, Target: q}
			}
		}
		return Action{Kind: Idle, Target: -1}
	}
	return Action{Kind: s.kind, Target: -1}
}

func (s scriptPC) React(v *View, self int) Reaction     { return s.react }
func (s scriptPC) PullBack(v *View, self, npc int) bool { return s.pull }

type firstTarget struct{}

// Target is the first PC it may attack.
func (firstTarget) Target(v *View, self int) int {
	for i := 0; i < v.PCs(); i++ {
		if v.CanTarget(self, i) {
			return i
		}
	}
	return -1
}

type noTarget struct{}

func (noTarget) Target(v *View, self int) int { return -1 }

func init() {
	Policies.Party.Register("test-idle", "", scriptPC{kind: Idle, react: CurlUp})
	Policies.Party.Register("test-attack", "", scriptPC{kind: Attack, react: LashOut})
	Policies.Party.Register("test-pull", "", scriptPC{kind: Attack, react: ScreamPanic, pull: true})
	Policies.Party.Register("test-evade", "", scriptPC{kind: Evade, react: BegPlead})
	Policies.Party.Register("test-flee", "", scriptPC{kind: Flee, react: CurlUp})
	Policies.Party.Register("test-study", "", scriptPC{kind: StudyIt, react: CurlUp})
	Policies.Party.Register("test-protect", "", scriptPC{kind: Protect, react: CurlUp})
	Policies.Party.Register("test-tend", "", scriptPC{kind: Tend, react: CurlUp})
	Policies.Foes.Register("test-first", "", firstTarget{})
	Policies.Foes.Register("test-none", "", noTarget{})
}

// testKernel compiles src and returns a kernel reset for an encounter,
// with its own generator.
func testKernel(t testing.TB, src string, seed uint64) *kernel {
	t.Helper()
	sc, err := sim.LoadScenario("test.yaml", []byte(src), systems.IDs())
	if err != nil {
		t.Fatalf("load: %v\n%s", err, src)
	}
	b, err := compile(sc)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	k := newKernel(b.Model.(*model), false)
	k.r, k.rec = sim.NewRand(seed, 0), sim.NewRecord(b.Model.Schema())
	k.reset()
	k.round = 1
	return k
}

// yamlOf builds a scenario: PCs and NPCs as YAML list items, then options
// ("C14: at-once") and other lines.
func yamlOf(party, foes string, opts ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: catchthedevil\nparty:\n%s\nfoes:\n%s\nstrategies: {party: test-idle, foes: test-first}\n", party, foes)
	if len(opts) > 0 {
		b.WriteString("options:\n")
		for _, o := range opts {
			b.WriteString("  " + o + "\n")
		}
	}
	return b.String()
}

// A plain PC: all stats 0 but Sharp +1, fists, no armor.
const plainPC = "  - {name: Ada, stats: {sharp: 1}}"
const plainNPC = "  - {npc: thug}"

// force makes the next rolls have these totals, in order.
func force(k *kernel, sums ...int) {
	k.nForced = len(sums)
	for i, s := range sums {
		k.forced[len(sums)-1-i] = pbta.RollOf(s)
	}
}

// wounds sets PC i's moves wounded with the given versions (move, version
// pairs).
func setWounded(k *kernel, i int, mv ...int) {
	for n := 0; n+1 < len(mv); n += 2 {
		k.pc[i].wounded |= 1 << mv[n]
		k.pc[i].version[mv[n]] = uint8(mv[n+1])
	}
}

// proportion checks a sampled proportion against p within 5 standard errors.
func proportion(t *testing.T, what string, hits, n int, p float64) {
	t.Helper()
	got := float64(hits) / float64(n)
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 5*se+1e-12 {
		t.Errorf("%s: sampled %.5f, exact %.5f (5 SE = %.5f)", what, got, p, 5*se)
	}
}

// narrate turns tracing on for k and returns the text so far when called.
func narrate(k *kernel) func() string {
	k.tr = &sim.Trace{}
	return func() string {
		var b strings.Builder
		_ = k.tr.WriteText(&b)
		return b.String()
	}
}

// aim records, as the kernel's declarations do, NPC j's declared attack on PC i (-1: none).
func (k *kernel) aim(j, i int) {
	if t := k.intent[j]; t >= 0 {
		k.att[t] &^= 1 << j
	}
	k.intent[j] = int8(i)
	if i >= 0 {
		k.att[i] |= 1 << j
	}
}

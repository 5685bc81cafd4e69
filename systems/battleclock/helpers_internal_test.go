package battleclock

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/pbta"
)

// Scripted policies for the kernel's own tests.
type scriptPC struct {
	kind  MoveKind
	picks Picks
	cover bool // give hold as 2-cover to the next PC
}

func (s scriptPC) Act(v *View, self, slot int) Action {
	if slot > 0 {
		return Action{Kind: Idle, Target: -1}
	}
	switch s.kind {
	case Seize:
		for j := 0; j < v.Enemies(); j++ {
			if v.EnemyActive(j) {
				return Action{Kind: Seize, Target: j}
			}
		}
		return Action{Kind: Idle, Target: -1}
	case Cover:
		return Action{Kind: Cover, Target: (self + 1) % v.PCs()}
	}
	return Action{Kind: s.kind, Target: -1}
}

func (s scriptPC) Picks(v *View, self, target, n int) Picks { return s.picks }

func (s scriptPC) CoverWith(v *View, self int) int {
	if s.cover {
		return (self + 1) % v.PCs()
	}
	return -1
}

type firstExposed struct{}

func (firstExposed) Target(v *View, g int, concentrated bool) int {
	for i := 0; i < v.PCs(); i++ {
		if v.Exposed(i, concentrated) {
			return i
		}
	}
	return -1
}

func init() {
	Policies.Party.Register("test-idle", "", scriptPC{kind: Idle})
	Policies.Party.Register("test-seize", "", scriptPC{kind: Seize, picks: Terrible | Little | Frighten})
	Policies.Party.Register("test-take", "", scriptPC{kind: Seize, picks: TakeIt | Frighten})
	Policies.Party.Register("test-withdraw", "", scriptPC{kind: Withdraw})
	Policies.Party.Register("test-defend", "", scriptPC{kind: Defend, cover: true})
	Policies.Party.Register("test-cover", "", scriptPC{kind: Cover})
	Policies.Party.Register("test-maintain", "", scriptPC{kind: Maintain})
	Policies.Party.Register("test-deck", "", scriptPC{kind: HitDeck})
	Policies.Foes.Register("test-first", "", firstExposed{})
}

// testKernel compiles src and returns a kernel reset for a battle.
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
	k.r = sim.NewRand(seed, 0)
	k.reset()
	k.ticks = 1
	return k
}

// yamlOf builds a scenario with scripted strategies and options.
func yamlOf(party, foes string, opts ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system: battleclock\nparty:\n%s\nfoes:\n%s\nstrategies: {party: test-idle, foes: test-first}\n", party, foes)
	if len(opts) > 0 {
		b.WriteString("options:\n")
		for _, o := range opts {
			b.WriteString("  " + o + "\n")
		}
	}
	return b.String()
}

// A plain PC: every stat 0, 2-harm, 1-armor, no shields.
const plainPC = "  - {name: Ann, stats: {}, harm: 2, armor: 1}"
const merc = "  - {enemy: merc}"

// force makes the next rolls have these totals, in order.
func force(k *kernel, sums ...int) {
	k.nForced = len(sums)
	for i, s := range sums {
		k.forced[len(sums)-1-i] = pbta.RollOf(s)
	}
}

func proportion(t *testing.T, what string, hits, n int, p float64) {
	t.Helper()
	got := float64(hits) / float64(n)
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 5*se+1e-12 {
		t.Errorf("%s: sampled %.5f, exact %.5f (5 SE = %.5f)", what, got, p, 5*se)
	}
}

func narrate(k *kernel) func() string {
	k.tr = &sim.Trace{}
	return func() string {
		var b strings.Builder
		_ = k.tr.WriteText(&b)
		return b.String()
	}
}

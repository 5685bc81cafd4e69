package sim

import (
	"reflect"
	"strings"
	"testing"
)

// playInto plays encounters first..first+n-1 of the toy into a fresh Acc.
func playInto(t *testing.T, m *toyModel, seed uint64, first, n int64) *Acc {
	t.Helper()
	acc := NewAcc(m.Schema())
	var r Rand
	if err := playBatch(m.NewKernel(), &r, NewRecord(m.Schema()), acc, seed, first, n); err != nil {
		t.Fatal(err)
	}
	return acc
}

func TestAccMergeEqualsAdd(t *testing.T) {
	m := newToy()
	whole := playInto(t, m, 5, 0, 3000)
	// The same encounters split unevenly, merged out of order into a fresh
	// Acc, and through a recycled Acc whose histograms grew earlier.
	parts := []*Acc{playInto(t, m, 5, 1700, 1300), playInto(t, m, 5, 0, 1), playInto(t, m, 5, 1, 1699)}
	merged := NewAcc(m.Schema())
	for _, p := range parts {
		merged.Merge(p)
	}
	if !reflect.DeepEqual(merged, whole) {
		t.Fatalf("merged parts differ from one Acc: n %d vs %d", merged.N(), whole.N())
	}
	if whole.N() != 3000 {
		t.Errorf("N = %d, want 3000", whole.N())
	}
	// Wounds run 0..3 with Max 2: the histograms must have grown.
	if got := whole.CombatantFigure(2, toyWounds).Histogram[3]; got == 0 {
		t.Errorf("no wounds of 3 counted: histogram %v", whole.CombatantFigure(2, toyWounds).Histogram)
	}
	// A reset Acc is like a new one, apart from its histograms' room.
	recycled := parts[0]
	recycled.Reset()
	if recycled.N() != 0 {
		t.Errorf("N after Reset = %d", recycled.N())
	}
	for s, e := range recycled.events {
		if e != 0 {
			t.Errorf("slot %d has %d events after Reset", s, e)
		}
	}
	for s, h := range recycled.hists {
		for v, c := range h {
			if c != 0 {
				t.Errorf("slot %d value %d has count %d after Reset", s, v, c)
			}
		}
	}
}

func TestAccCountsMatchRecords(t *testing.T) {
	s := &Schema{
		Metrics:          []Metric{{Name: "win", Kind: Prob}, {Name: "rounds", Kind: Count, Max: 2}},
		Combatants:       []Combatant{{"A", Party}, {"B", Foes}},
		CombatantMetrics: []Metric{{Name: "hits", Kind: Count, Max: 1}, {Name: "death", Kind: Prob}},
	}
	a := NewAcc(s)
	rec := NewRecord(s)
	for _, r := range []struct{ win, rounds, aHits, aDeath, bHits, bDeath int }{
		{1, 2, 0, 0, 1, 1},
		{0, 5, 3, 1, 1, 0},
		{1, 2, 3, 0, 0, 1},
	} {
		rec.Reset()
		rec.Set(0, r.win)
		rec.Set(1, r.rounds)
		copy(rec.PerCombatant, []int32{int32(r.aHits), int32(r.aDeath), int32(r.bHits), int32(r.bDeath)})
		a.Add(rec)
	}
	if p := a.Proportion(0); p.Events != 2 || p.N != 3 {
		t.Errorf("win = %+v, want 2 of 3", p)
	}
	if h := a.Distribution(1).Histogram; !reflect.DeepEqual(h, Histogram{2: 2, 5: 1}) {
		t.Errorf("rounds histogram = %v", h)
	}
	if h := a.CombatantFigure(0, 0).Histogram; !reflect.DeepEqual(h, Histogram{0: 1, 3: 2}) {
		t.Errorf("A hits histogram = %v", h)
	}
	if f := a.CombatantFigure(0, 1); f.Proportion == nil || f.Events != 1 {
		t.Errorf("A death = %+v, want 1 event", f.Proportion)
	}
	if h := a.CombatantFigure(1, 0).Histogram; !reflect.DeepEqual(h, Histogram{0: 1, 1: 2}) {
		t.Errorf("B hits histogram = %v", h)
	}
	if f := a.CombatantFigure(1, 1); f.Events != 2 {
		t.Errorf("B death events = %d, want 2", f.Events)
	}
}

func TestAccBadValuesPanic(t *testing.T) {
	s := &Schema{
		Metrics:          []Metric{{Name: "victory", Kind: Prob}, {Name: "rounds", Kind: Count, Max: 3}},
		Combatants:       []Combatant{{"Brannoc", Party}},
		CombatantMetrics: []Metric{{Name: "death", Kind: Prob}},
	}
	for _, tc := range []struct {
		name string
		set  func(*Record)
		want string
	}{
		{"prob 2", func(r *Record) { r.Values[0] = 2 }, "metric victory is a yes/no event, but the kernel reported 2"},
		{"prob -1", func(r *Record) { r.Values[0] = -1 }, "metric victory is a yes/no event, but the kernel reported -1"},
		{"negative count", func(r *Record) { r.Values[1] = -3 }, "metric rounds is a count, but the kernel reported -3"},
		{"combatant prob", func(r *Record) { r.PerCombatant[0] = 7 }, "metric Brannoc death is a yes/no event"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAcc(s)
			rec := NewRecord(s)
			tc.set(rec)
			msg := panicMessage(func() { a.Add(rec) })
			if !strings.Contains(msg, tc.want) {
				t.Errorf("panic %q, want it to contain %q", msg, tc.want)
			}
		})
	}
}

func TestAccAddAllocatesNothing(t *testing.T) {
	m := newToy()
	a := NewAcc(m.Schema())
	rec := NewRecord(m.Schema())
	rec.Set(Rounds, 12)
	rec.Set(toyDraw, 999)
	rec.Flag(Victory, true)
	rec.PerCombatant[toyWounds] = 2
	if n := testing.AllocsPerRun(1000, func() { a.Add(rec) }); n != 0 {
		t.Errorf("Acc.Add allocates %v times per call", n)
	}
}

func TestPlayBatchAllocatesNothing(t *testing.T) {
	m := newToy()
	k := m.NewKernel()
	a := NewAcc(m.Schema())
	rec := NewRecord(m.Schema())
	var r Rand
	var first int64
	n := testing.AllocsPerRun(20, func() {
		if err := playBatch(k, &r, rec, a, 1, first, DefaultBatchSize); err != nil {
			t.Fatal(err)
		}
		first += DefaultBatchSize
	})
	if n != 0 {
		t.Errorf("a batch of %d encounters allocates %v times", DefaultBatchSize, n)
	}
	if a.N() != 21*DefaultBatchSize {
		t.Errorf("N = %d, want %d", a.N(), 21*DefaultBatchSize)
	}
}

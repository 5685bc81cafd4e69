package sim

import (
	"fmt"
	"slices"
)

// Acc accumulates encounters laid out by one Schema: the number of
// encounters, the number of events of every Prob metric and an exact integer
// histogram of every Count metric, for the encounter metrics and for each
// combatant's metrics. One Acc belongs to one goroutine; Accs of the same
// schema combine with Merge.
//
// Internally every figure is a slot: the encounter metrics first, then
// combatant c's metric j at len(Metrics) + c*len(CombatantMetrics) + j, the
// same order as Record.Values followed by Record.PerCombatant.
type Acc struct {
	schema *Schema
	n      int64
	nEnc   int
	kinds  []Kind
	events []int64   // Prob slots: encounters with the event
	hists  [][]int64 // Count slots: hists[s][v] encounters with value v; nil for Prob slots
	stand  standAcc  // who was standing, round by round (Record.Standing)
	// The Prob and the Count slots among the encounter metrics (enc) and
	// the combatants' (per), as indices into Record.Values and
	// Record.PerCombatant: Add walks each list without a branch on the kind.
	probEnc, countEnc, probPer, countPer []int32
}

// NewAcc returns an empty accumulator for s, with every histogram sized for
// the values 0..Metric.Max so that Add does not allocate.
func NewAcc(s *Schema) *Acc {
	nEnc := len(s.Metrics)
	nSlots := nEnc + len(s.Combatants)*len(s.CombatantMetrics)
	a := &Acc{
		schema: s,
		nEnc:   nEnc,
		kinds:  make([]Kind, nSlots),
		events: make([]int64, nSlots),
		hists:  make([][]int64, nSlots),
		stand:  newStandAcc(s),
	}
	for slot := range nSlots {
		m := a.metric(slot)
		a.kinds[slot] = m.Kind
		probs, counts, i := &a.probEnc, &a.countEnc, slot
		if slot >= nEnc {
			probs, counts, i = &a.probPer, &a.countPer, slot-nEnc
		}
		if m.Kind == Count {
			a.hists[slot] = make([]int64, max(m.Max, 0)+1)
			*counts = append(*counts, int32(i))
		} else {
			*probs = append(*probs, int32(i))
		}
	}
	return a
}

// metric returns the Metric of a slot.
func (a *Acc) metric(slot int) *Metric {
	if slot < a.nEnc {
		return &a.schema.Metrics[slot]
	}
	return &a.schema.CombatantMetrics[(slot-a.nEnc)%len(a.schema.CombatantMetrics)]
}

// slotName names a slot in messages: "rounds", or "Brannoc death".
func (a *Acc) slotName(slot int) string {
	if slot < a.nEnc {
		return a.schema.Metrics[slot].Name
	}
	k := len(a.schema.CombatantMetrics)
	c, j := (slot-a.nEnc)/k, (slot-a.nEnc)%k
	return a.schema.Combatants[c].Name + " " + a.schema.CombatantMetrics[j].Name
}

// Add accumulates one encounter. It does not allocate, unless a Count value
// exceeds every value seen so far and its Metric.Max, when that histogram
// grows. A Prob value other than 0 or 1, or a negative Count value, is a bug
// of the kernel and panics (the runner turns the panic into an error).
func (a *Acc) Add(rec *Record) {
	a.n++
	a.addSlots(0, rec.Values, a.probEnc, a.countEnc)
	a.addSlots(a.nEnc, rec.PerCombatant, a.probPer, a.countPer)
	a.stand.add(&rec.stand)
}

// addSlots adds the values of the slots from off on: probs and counts index
// vals.
func (a *Acc) addSlots(off int, vals []int32, probs, counts []int32) {
	events := a.events[off : off+len(vals)]
	hists := a.hists[off : off+len(vals)]
	for _, i := range probs {
		v := vals[i]
		if uint32(v) > 1 {
			a.badValue(off+int(i), v)
		}
		events[i] += int64(v)
	}
	for _, i := range counts {
		v := vals[i]
		h := hists[i]
		if uint32(v) >= uint32(len(h)) {
			h = a.grow(off+int(i), v)
		}
		h[v]++
	}
}

// grow makes room in a histogram for value v.
func (a *Acc) grow(slot int, v int32) []int64 {
	if v < 0 {
		a.badValue(slot, v)
	}
	h := a.hists[slot]
	h = slices.Grow(h, int(v)+1-len(h))[:v+1]
	a.hists[slot] = h
	return h
}

//go:noinline
func (a *Acc) badValue(slot int, v int32) {
	if a.kinds[slot] == Prob {
		panic(fmt.Sprintf("sim: metric %s is a yes/no event, but the kernel reported %d (expected 0 or 1)", a.slotName(slot), v))
	}
	panic(fmt.Sprintf("sim: metric %s is a count, but the kernel reported %d (expected 0 or more)", a.slotName(slot), v))
}

// Merge adds the encounters of b, which must have the same schema. A
// histogram of a grows only as far as b's largest value actually seen, so the
// result does not depend on how the encounters were split between Accs.
func (a *Acc) Merge(b *Acc) {
	if len(b.kinds) != len(a.kinds) {
		panic("sim: Merge of accumulators with different schemas")
	}
	a.n += b.n
	for s, e := range b.events {
		a.events[s] += e
	}
	for s, bh := range b.hists {
		top := len(bh) - 1
		for top >= 0 && bh[top] == 0 {
			top--
		}
		if top < 0 {
			continue
		}
		ah := a.hists[s]
		if top >= len(ah) {
			ah = slices.Grow(ah, top+1-len(ah))[:top+1]
			a.hists[s] = ah
		}
		for v, c := range bh[:top+1] {
			ah[v] += c
		}
	}
	a.stand.merge(&b.stand)
}

// Reset empties the accumulator, keeping its histograms' room.
func (a *Acc) Reset() {
	a.n = 0
	clear(a.events)
	for _, h := range a.hists {
		clear(h)
	}
	a.stand.reset()
}

// N returns the number of encounters accumulated.
func (a *Acc) N() int64 { return a.n }

// Proportion returns the statistics of encounter metric i, which must be a
// Prob metric.
func (a *Acc) Proportion(i int) Proportion {
	a.check(i, Prob)
	return proportion(a.events[i], a.n)
}

// Distribution returns the statistics of encounter metric i, which must be a
// Count metric.
func (a *Acc) Distribution(i int) Distribution {
	a.check(i, Count)
	return distribution(a.hists[i], a.n)
}

// CombatantFigure returns the statistics of metric j of combatant c: a
// Proportion or a Distribution according to the metric's kind.
func (a *Acc) CombatantFigure(c, j int) Figure {
	k := len(a.schema.CombatantMetrics)
	if c < 0 || c >= len(a.schema.Combatants) || j < 0 || j >= k {
		panic(fmt.Sprintf("sim: no combatant metric (%d, %d): %d combatants with %d metrics each", c, j, len(a.schema.Combatants), k))
	}
	return a.figure(a.nEnc + c*k + j)
}

// figure returns the statistics of a slot.
func (a *Acc) figure(slot int) Figure {
	if a.kinds[slot] == Prob {
		p := proportion(a.events[slot], a.n)
		return Figure{Proportion: &p}
	}
	d := distribution(a.hists[slot], a.n)
	return Figure{Distribution: &d}
}

// check panics unless encounter metric i exists and has kind k: asking for
// the wrong statistics is a programming error.
func (a *Acc) check(i int, k Kind) {
	if i < 0 || i >= a.nEnc {
		panic(fmt.Sprintf("sim: no encounter metric %d (the schema has %d)", i, a.nEnc))
	}
	if a.kinds[i] != k {
		want := map[Kind]string{Prob: "a yes/no (Prob)", Count: "a count (Count)"}
		panic(fmt.Sprintf("sim: metric %s is not %s metric", a.schema.Metrics[i].Name, want[k]))
	}
}

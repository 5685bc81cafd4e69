package locus_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/locus"
)

func TestRegistered(t *testing.T) {
	s, err := systems.Get("locus")
	if err != nil {
		t.Fatal(err)
	}
	if s.ID() != "locus" || !strings.Contains(s.Title(), "Cobblepath Games, 2020") {
		t.Errorf("id %q title %q", s.ID(), s.Title())
	}
	for _, w := range []string{"27", "tpk", "escape", "any_major"} {
		if !strings.Contains(s.Notes(), w) {
			t.Errorf("Notes lack %q", w)
		}
	}
	names := map[string]bool{}
	for _, c := range s.Checks() {
		names[c.Name] = true
	}
	for _, n := range []string{"outcome", "contest", "initiative"} {
		if !names[n] {
			t.Errorf("no check %q", n)
		}
	}
}

func TestOptionsList(t *testing.T) {
	opts := locus.System.Options()
	if len(opts) != 30 {
		t.Fatalf("%d options, want 30", len(opts))
	}
	for i, o := range opts {
		if o.ID != fmt.Sprintf("L-%d", i+1) {
			t.Errorf("option %d is %s", i, o.ID)
		}
		if o.Doc == "" || len(o.Values) == 0 || o.Default != o.Values[0] {
			t.Errorf("%s: doc %q, default %q, values %v", o.ID, o.Doc, o.Default, o.Values)
		}
		if o.Probability != (o.ID == "L-22") {
			t.Errorf("%s: Probability %v", o.ID, o.Probability)
		}
	}
	if !strings.Contains(opts[15].Doc, "2-D map is not implemented") {
		t.Errorf("L-16 doc: %s", opts[15].Doc)
	}
	// The kernel never sees strings: every value converts.
	for _, o := range opts {
		for _, v := range o.Values {
			sc := sim.Options{}
			for _, x := range opts {
				sc[x.ID] = x.Default
			}
			sc[o.ID] = v
			if _, err := locus.OptionTable.Resolve(sc); err != nil {
				t.Errorf("%s=%s: %v", o.ID, v, err)
			}
		}
	}
}

func TestStrategiesList(t *testing.T) {
	got := map[string]systems.Strategy{}
	for _, s := range (locus.System).Strategies() {
		got[string(s.Side)+"/"+s.Name] = s
		if s.Doc == "" {
			t.Errorf("%s/%s has no doc", s.Side, s.Name)
		}
	}
	for _, k := range []string{"party/fight", "party/defend", "party/hide", "party/flee", "foes/default", "foes/relentless"} {
		if _, ok := got[k]; !ok {
			t.Errorf("strategy %s missing", k)
		}
	}
	if !got["party/fight"].Default || !got["foes/default"].Default || got["party/flee"].Default {
		t.Error("defaults: want fight and default")
	}
}

// The sample monsters of section 4.3 with their Threat totals.
func TestBestiary(t *testing.T) {
	want := map[string]struct {
		total int
		grade string
	}{"tar-wing": {21, "Strong"}, "mouth-tower": {17, "Balanced"}, "faced-flock": {11, "Weak"}, "spore-vine-core": {9, "Very Weak"}}
	seen := 0
	for _, c := range (locus.System).Bestiary() {
		if c.ID == "reference" {
			if c.Kind != "character" || !strings.Contains(c.Summary, "Clumsiness 3") || !strings.Contains(c.Summary, "WP 5") {
				t.Errorf("reference: %+v", c)
			}
			continue
		}
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("unexpected creature %s", c.ID)
			continue
		}
		seen++
		card := c.Stats.(locus.MonsterCard)
		if card.Threat.Total != w.total || card.Threat.Grade != w.grade {
			t.Errorf("%s: threat %d %s, want %d %s", c.ID, card.Threat.Total, card.Threat.Grade, w.total, w.grade)
		}
		if !strings.Contains(c.Summary, fmt.Sprintf("threat %d: %s", w.total, w.grade)) {
			t.Errorf("%s summary: %s", c.ID, c.Summary)
		}
	}
	if seen != 4 {
		t.Errorf("%d sample monsters, want 4", seen)
	}
}

// The metric layout: the seven standard metrics, then Locus' own, names
// exactly; per combatant death, escaped, segments.
func TestSchema(t *testing.T) {
	b := compileYAML(t, scenario("  - {character: reference, count: 2}", "  - {monster: faced-flock}\n  - {monster: tar-wing}"))
	s := b.Model.Schema()
	var names []string
	for _, m := range s.Metrics {
		names = append(names, m.Name)
		if m.Kind == sim.Count && m.Max <= 0 {
			t.Errorf("%s: Max %d", m.Name, m.Max)
		}
	}
	want := "victory defeat tpk any_death stalemate rounds deaths escape hid any_major any_grievous dissipated segments " +
		"minor major grievous conditions stress_steps wp_spent wp_gained items_destroyed stress_overflow"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("metrics:\n got %s\nwant %s", got, want)
	}
	var cm []string
	for _, m := range s.CombatantMetrics {
		cm = append(cm, m.Name)
	}
	if got := strings.Join(cm, " "); got != "death escaped segments" {
		t.Errorf("combatant metrics: %s", got)
	}
	var who []string
	for _, c := range s.Combatants {
		who = append(who, fmt.Sprintf("%s/%s", c.Side, c.Name))
	}
	if got := strings.Join(who, ", "); got != "party/Reference 1, party/Reference 2, foes/Faced Flock, foes/Tar-Wing" {
		t.Errorf("combatants: %s", got)
	}
	if b.Strategies[sim.Party] != "fight" || b.Strategies[sim.Foes] != "default" {
		t.Errorf("strategies %v", b.Strategies)
	}
	if b.Options["L-3"] != "ignore" || len(b.Options) != 30 {
		t.Errorf("options %v", b.Options)
	}
}

// Every encounter's record is consistent: exactly one ending, defeat = tpk,
// deaths and per-combatant deaths agree.
func TestRecordConsistency(t *testing.T) {
	b := compileYAML(t, `system: locus
max_rounds: 30
scene: {cover: true, distance: 3}
party:
  - {character: reference, count: 3}
  - {character: reference, strategy: hide}
foes:
  - {monster: faced-flock, count: 2}
  - {monster: mouth-tower}
`)
	m := b.Model
	s := m.Schema()
	k := m.NewKernel()
	rec := sim.NewRecord(s)
	var r sim.Rand
	nc := len(s.CombatantMetrics)
	for i := 0; i < 5000; i++ {
		r.Seed(9, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		v := func(name string) int32 { return rec.Values[s.Index(name)] }
		ends := v("victory") + v("defeat") + v("escape") + v("stalemate")
		if ends != 1 {
			t.Fatalf("encounter %d: %d endings %v", i, ends, rec.Values)
		}
		if v("defeat") != v("tpk") {
			t.Fatalf("encounter %d: defeat %d tpk %d", i, v("defeat"), v("tpk"))
		}
		deaths, segs := int32(0), int32(0)
		for c := 0; c < 4; c++ {
			deaths += rec.PerCombatant[c*nc]
			segs += rec.PerCombatant[c*nc+2]
		}
		if deaths != v("deaths") || segs != v("segments") || (deaths > 0) != (v("any_death") == 1) {
			t.Fatalf("encounter %d: deaths %d/%d segments %d/%d", i, deaths, v("deaths"), segs, v("segments"))
		}
		if v("rounds") < 1 || v("rounds") > 30 {
			t.Fatalf("encounter %d: %d rounds", i, v("rounds"))
		}
		if v("victory") == 1 && v("dissipated") != 3 {
			t.Fatalf("encounter %d: victory with %d dissipated", i, v("dissipated"))
		}
	}
}

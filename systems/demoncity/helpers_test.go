package demoncity

import (
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// script is a test policy: each combatant does what its function says.
type script func(v *View, self int) Action

func (s script) Announce(v *View, self int) Action { return s(v, self) }

// attackFirst attacks the first enemy it may target.
var attackFirst = script(func(v *View, self int) Action {
	for i := 0; i < v.N(); i++ {
		if v.CanTarget(self, i) {
			return AttackOn(i)
		}
	}
	return PassTurn()
})

// passAll does nothing.
var passAll = script(func(v *View, self int) Action { return PassTurn() })

// person is a plain human sheet.
func person(name string, agility, toughness int) Sheet {
	return Sheet{Name: name, Agility: agility, Toughness: toughness, Calm: 3, Weapon: weapons.Must("unarmed")}
}

// rulesOf returns the rules of the options given as id, value pairs, the
// others at the spec's default, resolved as a scenario's are.
func rulesOf(t testing.TB, kv ...string) Rules {
	t.Helper()
	o := sim.Options{}
	for i := 0; i+1 < len(kv); i += 2 {
		o[kv[i]] = kv[i+1]
	}
	ru, err := OptionTable.Resolve(o)
	if err != nil {
		t.Fatal(err)
	}
	return ru
}

// testModel builds a model from sheets without YAML, with one policy per
// side (nil: attackFirst).
func testModel(t testing.TB, ru Rules, party, foes []Sheet, pp, fp Policy) *model {
	t.Helper()
	return testModelScene(t, ru, party, foes, pp, fp, scene{band: Close, escape: 2})
}

func testModelScene(t testing.TB, ru Rules, party, foes []Sheet, pp, fp Policy, scn scene) *model {
	t.Helper()
	if pp == nil {
		pp = attackFirst
	}
	if fp == nil {
		fp = attackFirst
	}
	var pe, fe []entry
	for _, s := range party {
		pe = append(pe, entry{sheet: s, policy: pp, policyName: "test"})
	}
	for _, s := range foes {
		fe = append(fe, entry{sheet: s, policy: fp, policyName: "test"})
	}
	m, err := buildModel(&sim.Doc{File: "test"}, pe, fe, scn, ru, 50)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// play runs n encounters of m and returns the accumulator.
func play(m *model, seed uint64, n int) *sim.Acc {
	k := m.newKernel()
	rec := sim.NewRecord(m.schema)
	acc := sim.NewAcc(m.schema)
	var r sim.Rand
	for i := 0; i < n; i++ {
		r.Seed(seed, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
		acc.Add(rec)
	}
	return acc
}

// metric is the value of encounter metric name: a proportion or a mean.
func metric(t testing.TB, m *model, a *sim.Acc, name string) float64 {
	t.Helper()
	i := m.schema.Index(name)
	if i < 0 {
		t.Fatalf("no metric %s", name)
	}
	if m.schema.Metrics[i].Kind == sim.Prob {
		return a.Proportion(i).P
	}
	return a.Distribution(i).Mean
}

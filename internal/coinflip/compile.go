package coinflip

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// The metrics after the standard ones.
const (
	mHeads = sim.NumStandard + iota
)

// fighter is one side's combatant as a scenario sets it.
type fighter struct {
	name   string
	hits   int
	policy Policy
}

// compile decodes a scenario: one party entry and one foe entry, each
// {name: NAME, hits: 1..10}, and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	rules, opts, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	if sc.Scene != nil {
		return nil, sc.Doc.Errorf(sc.Scene, "scene: %s has no scene settings; remove `scene:`", ID)
	}
	if len(sc.Party) != 1 || len(sc.Foes) != 1 {
		return nil, &sim.InputError{File: sc.Doc.File, Msg: "coinflip takes one party entry and one foe entry"}
	}
	strategies := map[sim.Side]string{}
	m := &model{rules: rules}
	if m.maxRounds, err = sim.RoundCap(sc, 0, ID, ""); err != nil {
		return nil, err
	}
	for i, side := range []struct {
		side     sim.Side
		node     *yaml.Node
		policies *systems.Policies[Policy]
		name     string
	}{{sim.Party, sc.Party[0], Policies.Party, "Hero"}, {sim.Foes, sc.Foes[0], Policies.Foes, "Foe"}} {
		name := "flip"
		var at *yaml.Node
		if s, ok := sc.Strategies[side.side]; ok {
			name, at = strings.ToLower(s.Value), s.Node
		}
		p, err := side.policies.Get(name)
		if err != nil {
			return nil, sc.Doc.Errorf(at, "strategies.%s: %v", side.side, err)
		}
		strategies[side.side] = name
		f := fighter{name: side.name, hits: 1, policy: p}
		fields, err := sc.Doc.Map(side.node, string(side.side)+" entry", "name", "hits")
		if err != nil {
			return nil, err
		}
		for _, x := range fields {
			switch x.Key {
			case "name":
				f.name, err = sc.Doc.Str(x.Node, "name")
			case "hits":
				f.hits, err = sc.Doc.Int(x.Node, "hits", 1, MaxHits)
			}
			if err != nil {
				return nil, err
			}
		}
		m.f[i] = f
	}
	m.schema = &sim.Schema{
		Metrics: append(sim.StandardMetrics(m.maxRounds, 1),
			sim.Metric{Name: "heads", Kind: sim.Count, Max: 2 * MaxHits, Doc: "coins that came up heads"}),
		Combatants: []sim.Combatant{{Name: m.f[0].name, Side: sim.Party}, {Name: m.f[1].name, Side: sim.Foes}},
	}
	return &systems.Build{Model: m, Options: opts, Strategies: strategies}, nil
}

// model is a compiled scenario.
type model struct {
	rules     Rules
	maxRounds int
	f         [2]fighter // the hero, the foe
	schema    *sim.Schema
}

func (m *model) Schema() *sim.Schema   { return m.schema }
func (m *model) MaxRounds() int        { return m.maxRounds }
func (m *model) NewKernel() sim.Kernel { return &kernel{m: m} }

// kernel plays encounters of one model.
type kernel struct {
	m    *model
	hits [2]int
	view View
}

// Play flips coins until one side has no hits left or max_rounds is
// reached. It allocates nothing unless tr is set.
func (k *kernel) Play(r *sim.Rand, rec *sim.Record, tr *sim.Trace) {
	m := k.m
	k.hits = [2]int{m.f[0].hits, m.f[1].hits}
	heads, round := 0, 0
	rec.Standing(0, 3)
	for round < m.maxRounds && k.hits[0] > 0 && k.hits[1] > 0 {
		round++
		var lands [2]bool // lands[i]: side i's coin came up heads
		for i := range 2 {
			if i == 1 && m.rules.CF1 == CF1PartyFirst && k.hits[1] == 0 {
				break
			}
			k.view = View{Round: round, OwnHits: k.hits[i], OtherHits: k.hits[1-i]}
			if !m.f[i].policy.Flip(&k.view) {
				continue
			}
			lands[i] = flip(r)
			if tr != nil {
				tr.Add(round, m.f[i].name, "flips: %s", face(lands[i]))
			}
			if lands[i] {
				heads++
				if m.rules.CF1 == CF1PartyFirst {
					k.hits[1-i]--
				}
			}
		}
		if m.rules.CF1 == CF1Together {
			for i := range 2 {
				if lands[i] {
					k.hits[1-i]--
				}
			}
		}
		rec.Standing(round, k.standing())
	}
	heroDown, foeDown := k.hits[0] <= 0, k.hits[1] <= 0
	rec.Flag(sim.Victory, foeDown && !heroDown)
	rec.Flag(sim.Defeat, heroDown)
	rec.Flag(sim.TPK, heroDown)
	rec.Flag(sim.AnyDeath, heroDown)
	rec.Flag(sim.Stalemate, !heroDown && !foeDown)
	rec.Set(sim.Rounds, round)
	if heroDown {
		rec.Set(sim.Deaths, 1)
	}
	rec.Set(mHeads, heads)
	rec.Standing(round, k.standing())
}

// standing is the mask of the combatants with hits left.
func (k *kernel) standing() uint64 {
	var mask uint64
	for i, h := range k.hits {
		if h > 0 {
			mask |= 1 << i
		}
	}
	return mask
}

// face names a coin's side for the replay.
func face(heads bool) string {
	if heads {
		return "heads, a hit"
	}
	return "tails"
}

package locus

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// This file makes Locus a systems.Grader: the Threat Calculator's grade of
// every foe entry, the reference character and the grid of tactics of the
// spec's section 4.3, the random monsters of its item 3, and the lethality
// bands of the empirical grade, derived with `tpk grade`.

// grader is Locus as a systems.Grader.
type grader struct{}

// GradeScale returns the Threat Calculator's grades, weakest first.
func (grader) GradeScale() []string { return slices.Clone(GradeNames) }

// RuleGrades grades every foe entry of sc with the Threat Calculator, under
// the scenario's option L-27.
func (grader) RuleGrades(sc *sim.Scenario) ([]systems.RuleGrade, error) {
	ru, _, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	cp := &compiler{d: &sc.Doc, types: map[string]int{}, rules: ru}
	out := make([]systems.RuleGrade, 0, len(sc.Foes))
	for _, n := range sc.Foes {
		specs, err := cp.monster(n, Policies.Foes.Default())
		if err != nil {
			return nil, err
		}
		out = append(out, ruleGrade(&specs[0], cp.grades[len(cp.grades)-1]))
	}
	return out, nil
}

// ruleGrade is the calculator's grade of one monster with its terms.
func ruleGrade(s *monSpec, g Grade) systems.RuleGrade {
	rg := systems.RuleGrade{Grade: g.Grade, Rank: slices.Index(GradeNames, g.Grade), Score: float64(g.Total)}
	if g.Boundary {
		rg.Flags = append(rg.Flags, "boundary")
	}
	if g.BelowScale {
		rg.Flags = append(rg.Flags, "belowScale")
	}
	if g.AboveScale {
		rg.Flags = append(rg.Flags, "aboveScale")
	}
	for _, a := range []struct {
		name string
		v    int
	}{{"attack", s.attack}, {"chase", s.chase}, {"search", s.search}, {"resist", s.resist}} {
		pts := 5 - a.v
		if a.v == 0 {
			pts = -1
		}
		rg.Parts = append(rg.Parts, systems.RulePart{Name: a.name, Value: nullable(a.v), Points: float64(pts)})
	}
	rg.Parts = append(rg.Parts, systems.RulePart{Name: "chases", Value: chaseNames[s.chases], Points: float64(s.chases)})
	var tiers []string
	pts := 0
	for _, f := range s.infl {
		tiers = append(tiers, f.tier.String())
		pts += int(f.tier) + 1
	}
	val := strings.Join(tiers, ", ")
	if val == "" {
		val = "none"
	}
	rg.Parts = append(rg.Parts,
		systems.RulePart{Name: "inflictions", Value: val, Points: float64(pts)},
		systems.RulePart{Name: "deaths_door", Value: strconv.Itoa(s.door), Points: float64((s.door - 3) / 3)})
	return rg
}

// The grid of tactics of section 4.3's battery: A (stand and fight), B
// (flee from 10 m, safe at 30 m) and C (hide behind cover and wait out the
// search), with Defend as a second way to fight, and flight and hiding also
// tried from within the monster's reach. The spec's D (a mixed policy) is
// not a built-in strategy; the best of the grid for the party stands in
// for it in the reports.
var gradeTactics = []systems.Tactic{
	{Name: "fight", Doc: "A: stand and fight, starting within reach, no cover",
		Set: tacticSet("fight", 0, false)},
	{Name: "defend", Doc: "A with Defend: Defend until an opening, then attack; within reach, no cover",
		Set: tacticSet("defend", 0, false)},
	{Name: "flee", Doc: "B: run from 10 m away; safe at scene.escape (30 m)",
		Set: tacticSet("flee", 10, false)},
	{Name: "hide", Doc: "C: hide behind cover 10 m away and wait out the search",
		Set: tacticSet("hide", 10, true)},
	{Name: "flee-in-reach", Doc: "B from within reach: run, starting at 0 m",
		Set: tacticSet("flee", 0, false)},
	{Name: "hide-in-reach", Doc: "C from within reach: hide behind cover at 0 m",
		Set: tacticSet("hide", 0, true)},
}

func tacticSet(strategy string, distance int, cover bool) []sim.Assignment {
	return []sim.Assignment{
		{Path: "strategies.party", Value: strategy},
		{Path: "scene.distance", Value: strconv.Itoa(distance)},
		{Path: "scene.cover", Value: strconv.FormatBool(cover)},
	}
}

// Grading returns the reference character, the grid of tactics and the
// bands.
func (grader) Grading() systems.Grading {
	tactics, bands := systems.CloneTactics(gradeTactics), systems.CloneBands(gradeBands)
	return systems.Grading{
		Party:       "- {name: Reference, character: reference}",
		PartyDoc:    "the reference character of section 4.3: every attribute 3, Willpower 5, a weapon Item of Quality 2 and Durability 5",
		Tactics:     tactics,
		Injuries:    "segments",
		InjuriesDoc: "Death's Door segments filled on the party (27 a character: dead)",
		Bands:       bands,
	}
}

// GradedFoes lists the four sample monsters of section 4.3.
func (grader) GradedFoes() []systems.GradedFoe {
	var out []systems.GradedFoe
	for _, m := range builtinMonsters() {
		out = append(out, systems.GradedFoe{ID: m.ID, Name: m.Name, Foe: "{monster: " + m.ID + "}"})
	}
	return out
}

// maxSampleDraws bounds the rejection sampling of SampleFoes: a Very
// Strong monster is about one draw in 2,000.
const maxSampleDraws = 50_000_000

// SampleFoes draws monsters from the calculator's space of section 4.3 item
// 3, uniformly: Attack, Chase, Search and Resist each 1 to 5 or null, the
// chase likelihood never, moderate or definite, a Behaviour word, 0 to 2
// Inflictions (attribute, difficulty and Condition each uniform) and a
// Death's Door of 3 to 15 segments; no weakness, no effective damage type,
// no motion sense. A draw is kept while its calculator grade (option L-27
// default) has fewer than perGrade monsters, so the sample holds perGrade
// of each grade: a uniform draw is Strong about one time in 60 and Very
// Strong one in 2,000, too seldom to derive bands from. The monsters come
// grade by grade, weakest first, in the order they were drawn, from the
// generator stream (seed, 0).
func (grader) SampleFoes(seed uint64, perGrade int) []systems.GradedFoe {
	if perGrade <= 0 {
		return nil
	}
	r := sim.NewRand(seed, 0)
	byGrade := make([][]string, len(GradeNames))
	need := perGrade * len(GradeNames)
	for draw := 0; need > 0 && draw < maxSampleDraws; draw++ {
		m, in := randomMonster(r)
		g := slices.Index(GradeNames, Threat(in, false).Grade)
		if len(byGrade[g]) < perGrade {
			byGrade[g] = append(byGrade[g], m)
			need--
		}
	}
	var out []systems.GradedFoe
	for g, list := range byGrade {
		for i, m := range list {
			id := fmt.Sprintf("sample-%s-%d", strings.ToLower(strings.ReplaceAll(GradeNames[g], " ", "-")), i+1)
			name := fmt.Sprintf("Sample %s %d", GradeNames[g], i+1)
			out = append(out, systems.GradedFoe{ID: id, Name: name, Foe: "{name: " + name + ", " + m + "}"})
		}
	}
	return out
}

// randomMonster draws one monster: its foe entry's fields in YAML flow
// style, and its calculator input.
func randomMonster(r *sim.Rand) (string, ThreatInput) {
	var in ThreatInput
	var b strings.Builder
	for _, a := range []struct {
		name string
		v    *int
	}{{"attack", &in.Attack}, {"chase", &in.Chase}, {"search", &in.Search}, {"resist", &in.Resist}} {
		v := r.IntN(6) // 0: null
		*a.v = v
		val := strconv.Itoa(v)
		if v == 0 {
			val = `"-"`
		}
		fmt.Fprintf(&b, "%s: %s, ", a.name, val)
	}
	in.ChaseLikelihood = r.IntN(len(chaseNames))
	behaviour := behaviourNames[r.IntN(len(behaviourNames))]
	in.DeathsDoor = 3 * (1 + r.IntN(5))
	fmt.Fprintf(&b, "behaviour: %s, chases: %s, deaths_door: %d", behaviour, chaseNames[in.ChaseLikelihood], in.DeathsDoor)
	if n := r.IntN(3); n > 0 {
		b.WriteString(", inflictions: [")
		for i := range n {
			a, t, c := Attr(r.IntN(int(NumAttrs))), Tier(r.IntN(3)), r.IntN(numConds)
			in.Inflictions = append(in.Inflictions, t)
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "{name: Infliction %d, attribute: %s, difficulty: %s, condition: %s}", i+1, a, t, condNames[c])
		}
		b.WriteString("]")
	}
	return b.String(), in
}

// gradeBands are the lethality bands of the Locus empirical grade: the
// least deadliness (P(any death) of the reference character pooled over
// the six tactics) of Weak, Balanced, Strong and Very Strong. README.md in
// this folder says how they were derived; the command in Source derives
// them again.
var gradeBands = &systems.Bands{
	Lower: []float64{0.0000833, 0.00458, 0.212, 0.730},
	Source: "tpk grade --builtin locus --sample 100 --seed 1 --precision 0.01: 504 foes (the 4 built-ins and " +
		"100 random monsters of each calculator grade from the space of section 4.3 item 3) against the reference " +
		"character, default options, the six tactics; equipercentile bounds to 3 significant digits (2026-11-27, after " +
		"the errata that let a monster choose its victim and decide once per pursuit whether it chases; before them " +
		"0.0000833, 0.0143, 0.315, 0.763).",
}

// Package grade measures threat grades: it sets each foe's grade by the
// game's own rule of thumb (a systems.Grader) beside its deadliness
// simulated against a reference party under a grid of party tactics,
// calibrates the rule across a set of foes (rank correlation, grade
// medians, foes the rule misplaces), derives lethality bands for an
// empirical grade, and searches stat ranges for the foes that land in a
// target band.
//
// It sits between the command line and the engine: it builds scenario
// documents (the foe, the reference party, one tactic's settings), compiles
// them with their system and runs them with sim.Run. It knows no game;
// everything system-specific comes through systems.Grader. Dependencies:
// grade -> reports, systems, sim.
//
// Common random numbers: tactic t of every foe is run with the seed
// seed ^ tacticOffset(t), so encounter k of a tactic draws the same random
// numbers for every foe and every candidate of a search: differences between
// foes come from their stats, not from luck. Different tactics get
// different seeds, so a foe's tactics are independent samples and their
// pooled lethality has an honest interval.
package grade

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync/atomic"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// Lethality metrics a grading can be based on, in every system; a system
// whose Grading names a Near metric allows that one too (Setup.Lethalities).
var LethalityMetrics = []string{sim.MetricAnyDeath, sim.MetricTPK}

// Lethalities are the metrics s can grade on: LethalityMetrics, then the
// system's near miss (how close the party came to death), if it has one.
func (s *Setup) Lethalities() []string {
	out := slices.Clone(LethalityMetrics)
	if n := s.Grading.Near; n != "" && !slices.Contains(out, n) {
		out = append(out, n)
	}
	return out
}

// Settings say how many encounters to play and how.
type Settings struct {
	Seed uint64
	// Trials is the number of encounters per foe and tactic; 0 means play
	// to Precision.
	Trials int
	// Precision is the target half-width of the 95% interval of every
	// tactic's lethality; encounters are added in stages until it is met.
	Precision float64
	// MaxTrials caps the encounters per foe and tactic in precision mode.
	MaxTrials int
	Workers   int
	// Lethality is the metric of deadliness: any_death (at least one party
	// member dead, the default), tpk (every party member dead), or the
	// system's near miss (Setup.Lethalities).
	Lethality string
	// Progress, when not nil, counts the encounters played so far (for a
	// progress line).
	Progress *atomic.Int64
}

// DefaultPrecision is the precision of a grading when none is given.
const DefaultPrecision = 0.01

// DefaultMaxTrials caps a foe's tactic in precision mode, as it caps a run.
const DefaultMaxTrials = sim.DefaultMaxTrials

// Setup is what grading a system's foes needs: the system, its rule, the
// reference party and the tactics.
type Setup struct {
	Sys     systems.System
	Grader  systems.Grader
	Grading systems.Grading
	Scale   []string
	// Party is the party entries every foe faces; PartyDoc says who they
	// are and PartyFile where they came from ("" for the system's
	// reference party).
	Party     []*yaml.Node
	PartyDoc  string
	PartyFile string
	// Tactics are the tactics in use (all of the system's by default).
	Tactics []systems.Tactic
	// seeds holds each tactic's offset from the run seed.
	seeds []uint64
}

// Bands returns the system's bands when they hold for this setup and
// lethality metric: they were derived for the reference party, every
// tactic of the grid and any_death. Otherwise it returns nil and says why.
func (s *Setup) Bands(lethality string) (*systems.Bands, string) {
	b := s.Grading.Bands
	switch {
	case b == nil:
		return nil, fmt.Sprintf("the %s system has no bands yet", s.Sys.ID())
	case s.PartyFile != "":
		return nil, "the bands hold for the reference party, not for --party"
	case len(s.Tactics) != len(s.Grading.Tactics):
		return nil, "the bands hold for deadliness pooled over every tactic, not over those --tactic chose"
	case lethality != "" && lethality != LethalityMetrics[0]:
		return nil, "the bands hold for " + LethalityMetrics[0] + ", not for " + lethality
	}
	return b, ""
}

// NewSetup prepares grading for system id. party, when not nil, is a
// scenario file whose party replaces the system's reference party (it is
// compiled whole, so bad input there is reported against that file).
// tactics, when not empty, names the tactics to use.
func NewSetup(id string, partyFile string, party *yaml.Node, tactics []string) (*Setup, error) {
	sys, err := systems.Get(id)
	if err != nil {
		return nil, err
	}
	gr, ok := sys.(systems.Grader)
	if !ok {
		return nil, fmt.Errorf("the %s system has no threat grades to measure; systems with grades: %s",
			sys.ID(), strings.Join(GradedSystems(), ", "))
	}
	s := &Setup{Sys: sys, Grader: gr, Grading: gr.Grading(), Scale: gr.GradeScale()}
	if party == nil {
		var root yaml.Node
		if err := yaml.Unmarshal([]byte(s.Grading.Party), &root); err != nil || len(root.Content) == 0 ||
			root.Content[0].Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("grade: the %s reference party is not a YAML list: %v", id, err)
		}
		s.Party = root.Content[0].Content
		s.PartyDoc = s.Grading.PartyDoc
	} else {
		sc, err := sim.LoadScenarioNode(partyFile, party, systems.IDs())
		if err != nil {
			return nil, err
		}
		if sc.System != sys.ID() {
			return nil, &sim.InputError{File: partyFile, Msg: fmt.Sprintf(
				"--party: the party is for %s, the foes are %s; give a %s scenario", sc.System, sys.ID(), sys.ID())}
		}
		if _, err := sys.Compile(sc); err != nil {
			return nil, err
		}
		s.Party, s.PartyFile = sc.Party, partyFile
		s.PartyDoc = fmt.Sprintf("the party of %s (%d %s)", partyFile, len(sc.Party), plural(len(sc.Party), "entry", "entries"))
	}
	all := s.Grading.Tactics
	if len(tactics) == 0 {
		s.Tactics = all
	}
	for _, name := range tactics {
		i := slices.IndexFunc(all, func(t systems.Tactic) bool { return strings.EqualFold(t.Name, name) })
		if i < 0 {
			return nil, fmt.Errorf("--tactic: unknown tactic %q for %s; allowed: %s", name, id, strings.Join(TacticNames(all), ", "))
		}
		if slices.ContainsFunc(s.Tactics, func(t systems.Tactic) bool { return t.Name == all[i].Name }) {
			return nil, fmt.Errorf("--tactic: %s is given twice", all[i].Name)
		}
		s.Tactics = append(s.Tactics, all[i])
	}
	if len(s.Tactics) == 0 {
		return nil, fmt.Errorf("grade: the %s system lists no tactics", id)
	}
	for _, t := range s.Tactics {
		s.seeds = append(s.seeds, tacticOffset(t.Name))
	}
	return s, nil
}

// GradedSystems lists the registered systems that implement systems.Grader.
func GradedSystems() []string {
	var out []string
	for _, id := range systems.IDs() {
		if s, err := systems.Get(id); err == nil {
			if _, ok := s.(systems.Grader); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// TacticNames lists the names of tactics.
func TacticNames(ts []systems.Tactic) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

// tacticOffset is the FNV-1a hash of a tactic's name: a tactic keeps its
// random numbers whichever other tactics are chosen.
func tacticOffset(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// Subject is one foe to grade: a scenario document that pits it alone
// against the reference party, and its grade by the rule.
type Subject struct {
	ID, Name string
	File     string // the scenario file it came from; "" for a built-in
	Sample   bool   // drawn at random from the rule's space
	Rule     systems.RuleGrade
	// Notes are remarks on how the foe was read (a count dropped).
	Notes []string
	// Options are the rules options the file sets (the others are the
	// system's defaults).
	Options []string
	// Doc is the scenario: the file's system, name, max_rounds, options,
	// scene and strategies, the reference party and this one foe entry.
	Doc *yaml.Node
	// models holds the compiled scenario under each tactic of the setup.
	models []sim.Model
}

// dropKeys are the parts of a scenario file that grading replaces or
// ignores: the party and the foes (one foe at a time against the reference
// party), the expectations and the run settings (the command's flags say
// how many encounters to play).
var dropKeys = []string{"party", "foes", "expect", "seed", "trials", "precision", "max_trials"}

// FromFile makes a Subject of every foe entry of a scenario file (as
// ParseScenarioYAML returns it). The file must be of the setup's system.
func (s *Setup) FromFile(file string, root *yaml.Node) ([]*Subject, error) {
	sc, err := sim.LoadScenarioNode(file, root, systems.IDs())
	if err != nil {
		return nil, err
	}
	if sc.System != s.Sys.ID() {
		return nil, &sim.InputError{File: file, Msg: fmt.Sprintf(
			"the file is a %s scenario, the others are %s; grade one system at a time", sc.System, s.Sys.ID())}
	}
	if _, err := s.Sys.Compile(sc); err != nil {
		return nil, err
	}
	rules, err := s.Grader.RuleGrades(sc)
	if err != nil {
		return nil, err
	}
	top := root.Content[0]
	var out []*Subject
	for i, foe := range sc.Foes {
		doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
		m := doc.Content[0]
		for j := 0; j+1 < len(top.Content); j += 2 {
			if !slices.Contains(dropKeys, top.Content[j].Value) {
				m.Content = append(m.Content, deepCopy(top.Content[j]), deepCopy(top.Content[j+1]))
			}
		}
		addKey(m, "party", seq(s.Party))
		one := deepCopy(foe)
		counted := dropKey(one, "count")
		addKey(m, "foes", seq([]*yaml.Node{one}))
		sub := &Subject{File: file, Rule: rules[i], Doc: doc}
		for id := range sc.Options {
			sub.Options = append(sub.Options, id)
		}
		sim.SortOptionIDs(sub.Options)
		if err := s.compile(sub); err != nil {
			return nil, err
		}
		sub.Name = foeName(sub.models[0])
		sub.ID = sub.Name
		if counted != "" && counted != "1" {
			sub.Notes = append(sub.Notes, fmt.Sprintf("%s: the file has count: %s of it; one is graded, as the rule grades one",
				sub.Name, counted))
		}
		if len(sc.Foes) > 1 {
			sub.ID = fmt.Sprintf("%s#%d", sub.Name, i)
		}
		out = append(out, sub)
	}
	return out, nil
}

// FromFoes makes Subjects of foes given as YAML foe entries (the system's
// built-ins, or a random sample).
func (s *Setup) FromFoes(foes []systems.GradedFoe, sample bool) ([]*Subject, error) {
	var out []*Subject
	for _, f := range foes {
		text := fmt.Sprintf("system: %s\nname: %q\nfoes:\n  - %s\n", s.Sys.ID(), f.Name, f.Foe)
		file := "built-in " + s.Sys.ID() + " " + f.ID
		root, err := sim.ParseScenarioYAML(file, []byte(text))
		if err != nil {
			return nil, err
		}
		addKey(root.Content[0], "party", seq(s.Party))
		subs, err := s.FromFile(file, root)
		if err != nil {
			return nil, err
		}
		subs[0].ID, subs[0].Name, subs[0].File, subs[0].Sample = f.ID, f.Name, "", sample
		out = append(out, subs[0])
	}
	return out, nil
}

// compile builds the subject's scenario under every tactic: bad input fails
// here, before any time is spent.
func (s *Setup) compile(sub *Subject) error {
	sub.models = make([]sim.Model, len(s.Tactics))
	for t, tac := range s.Tactics {
		doc := deepCopy(sub.Doc)
		for _, a := range tac.Set {
			p, err := sim.ParsePath(a.Path)
			if err != nil {
				return fmt.Errorf("tactic %s: %w", tac.Name, err)
			}
			if err := sim.SetPath(sub.File, doc, p, a.Value); err != nil {
				return fmt.Errorf("tactic %s: %w", tac.Name, err)
			}
		}
		sc, err := sim.LoadScenarioNode(sub.File, doc, systems.IDs())
		if err != nil {
			return err
		}
		b, err := s.Sys.Compile(sc)
		if err != nil {
			return fmt.Errorf("tactic %s: %w", tac.Name, err)
		}
		sub.models[t] = b.Model
	}
	return nil
}

// foeName is the name of the first foe of a model, without the number a
// count adds ("Faced Flock", not "Faced Flock 1").
func foeName(m sim.Model) string {
	var foes []string
	for _, c := range m.Schema().Combatants {
		if c.Side == sim.Foes {
			foes = append(foes, c.Name)
		}
	}
	if len(foes) == 0 {
		return "foe"
	}
	if name, ok := strings.CutSuffix(foes[0], " 1"); ok && len(foes) > 1 && foes[1] == name+" 2" {
		return name
	}
	return foes[0]
}

// dropKey removes key from mapping m and returns its scalar value ("" if
// absent).
func dropKey(m *yaml.Node, key string) string {
	if m.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			v := m.Content[i+1].Value
			m.Content = append(m.Content[:i], m.Content[i+2:]...)
			return v
		}
	}
	return ""
}

func addKey(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
}

func seq(items []*yaml.Node) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, x := range items {
		n.Content = append(n.Content, deepCopy(x))
	}
	return n
}

func deepCopy(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = deepCopy(x)
	}
	c.Alias = deepCopy(n.Alias)
	return &c
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

package grade

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/reports"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// MaxCandidates caps a search: every candidate is compiled and played.
const MaxCandidates = 1000

// Orders of the solver's results: which candidate is cheapest.
const (
	OrderTotal  = reports.GradeOrderTotal  // the lowest rule score first, then the smallest change
	OrderChange = reports.GradeOrderChange // the smallest change from the file's values first, then the lowest score
)

// Orders lists the orders of the solver's results.
var Orders = []string{OrderTotal, OrderChange}

// GradeBand is the band of grade name (case and spaces or hyphens
// ignored) in bands; why says why bands is nil, when it is.
func GradeBand(scale []string, bands *systems.Bands, why, name string) (Band, error) {
	norm := func(s string) string {
		return strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(strings.TrimSpace(s)))
	}
	i := slices.IndexFunc(scale, func(g string) bool { return norm(g) == norm(name) })
	if i < 0 {
		return Band{}, fmt.Errorf("--target: unknown grade %q; allowed: %s, or a band of deadliness LO..HI such as 0.3..0.5",
			name, strings.Join(scale, ", "))
	}
	if bands == nil {
		return Band{}, fmt.Errorf("--target %s: no bands to take the grade from (%s); give a band of deadliness LO..HI such as 0.3..0.5", name, why)
	}
	b := Band{Name: scale[i], Lo: 0, Hi: 1}
	if i > 0 {
		b.Lo = bands.Lower[i-1]
	}
	if i < len(bands.Lower) {
		b.Hi = bands.Lower[i]
	}
	return b, nil
}

// candidate is a Candidate with the search's own state.
type candidate struct {
	Candidate
	index  int      // order of generation
	unit   *unit    // its runs
	sub    *Subject //
	dropAt int64    // encounters per tactic when dropped; 0 if never
}

// Solve searches the values of params for the foe of a one-foe scenario
// file whose deadliness lands in target. Every candidate is played with
// the same random numbers (per tactic), in stages: after each stage a
// candidate whose 95% interval of deadliness lies wholly outside the band
// is dropped; the others go on to the precision target. The candidates
// whose estimate lies in the band come back cheapest first by order.
//
// Dropping looks at the interval after every stage (about three), so the
// chance of dropping a candidate that is in fact inside the band is at
// most a few times 2.5%, and only for candidates near an edge of the band.
func (s *Setup) Solve(ctx context.Context, file string, root *yaml.Node, params []Param, target Band, order string,
	set Settings) (*Solution, error) {
	start, err := s.FromFile(file, root)
	if err != nil {
		return nil, err
	}
	if len(start) != 1 {
		return nil, &sim.InputError{File: file, Msg: fmt.Sprintf(
			"--target searches the stats of one foe; the file has %d foe entries: keep only the one to vary", len(start))}
	}
	for _, p := range params {
		if err := s.checkVary(p.Path); err != nil {
			return nil, err
		}
	}
	sol := &Solution{Target: target, Order: order, Params: params}
	for i := range sol.Params {
		sol.Params[i].Start = startValue(root, sol.Params[i].Path, start[0].Rule)
	}
	cands, err := s.candidates(file, root, params)
	if err != nil {
		return nil, err
	}
	sol.Candidates = len(cands)
	r, err := s.newRunner(set, start[0])
	if err != nil {
		return nil, err
	}
	startUnit := &unit{sub: start[0]}
	units := []*unit{startUnit}
	for _, c := range cands {
		c.unit = &unit{sub: c.sub}
		units = append(units, c.unit)
	}
	dropped := map[*unit]int64{}
	keep := func(un *unit) bool {
		if un == startUnit {
			return true
		}
		p := r.pooled(un)
		if p.CI95[1] < target.Lo || p.CI95[0] >= target.Hi && target.Hi < 1 {
			dropped[un] = un.n
			return false
		}
		return true
	}
	if err := r.toPrecision(ctx, units, keep); err != nil {
		return nil, err
	}
	sol.Encounters = r.encounters.Load()
	sol.Start = &Candidate{Rule: start[0].Rule, Change: 0, Figure: r.pooled(startUnit), Trials: startUnit.n,
		Graded: r.graded(startUnit)}
	sortCandidates(sol, cands, r, dropped)
	return sol, nil
}

// candidates builds every combination of the parameters' values as a
// candidate: the file's one foe with those values set (at most
// MaxCandidates).
func (s *Setup) candidates(file string, root *yaml.Node, params []Param) ([]*candidate, error) {
	n := 1
	for _, p := range params {
		n *= len(p.Values)
		if n > MaxCandidates {
			return nil, fmt.Errorf("--vary: more than %d combinations; narrow the ranges", MaxCandidates)
		}
	}
	cands := make([]*candidate, n)
	for k := range n {
		c := &candidate{index: k, Candidate: Candidate{Values: combination(params, k)}}
		doc := deepCopy(root)
		for _, a := range c.Values {
			p, err := sim.ParsePath(a.Path)
			if err == nil {
				err = sim.SetPath(file, doc, p, a.Value)
			}
			if err != nil {
				return nil, err
			}
		}
		subs, err := s.FromFile(file, doc)
		if err != nil {
			return nil, fmt.Errorf("with %s: %w", label(c.Values), err)
		}
		c.sub, c.Rule, c.Change = subs[0], subs[0].Rule, change(params, c.Values)
		cands[k] = c
	}
	return cands, nil
}

// sortCandidates files each candidate after the search: dropped early (counted by
// the stage it was dropped at), found in the band (the cheapest first by
// the order asked for), near it or outside; with nothing found it says
// which way to move.
func sortCandidates(sol *Solution, cands []*candidate, r *runner, dropped map[*unit]int64) {
	target := sol.Target
	byStage := map[int64]int{}
	var found []*candidate
	for _, c := range cands {
		c.Figure, c.Trials = r.pooled(c.unit), c.unit.n
		if at, ok := dropped[c.unit]; ok {
			c.dropAt = at
			byStage[at]++
			continue
		}
		switch {
		case target.Contains(c.Figure.P):
			c.Sure = c.Figure.CI95[0] >= target.Lo && (c.Figure.CI95[1] < target.Hi || target.Hi >= 1)
			c.Graded = r.graded(c.unit)
			found = append(found, c)
		case c.Figure.CI95[1] < target.Lo || c.Figure.CI95[0] >= target.Hi:
			sol.Outside++
		default:
			sol.Near++
		}
	}
	for at, k := range byStage {
		sol.Dropped = append(sol.Dropped, Stage{Trials: at, Dropped: k})
	}
	sort.Slice(sol.Dropped, func(i, j int) bool { return sol.Dropped[i].Trials < sol.Dropped[j].Trials })
	sort.SliceStable(found, func(i, j int) bool { return cheaper(found[i], found[j], sol.Order, target) })
	for _, c := range found {
		sol.Found = append(sol.Found, c.Candidate)
	}
	if len(found) == 0 {
		tried := make([]Candidate, len(cands))
		for i, c := range cands {
			tried[i] = c.Candidate
		}
		sol.Steer = reports.SteerSearch(sol.Params, tried, target)
	}
}

// checkVary refuses a path that grading would overwrite: the party (the
// reference party replaces it), the run settings, and what a tactic sets.
func (s *Setup) checkVary(path string) error {
	top := path
	if i := strings.IndexAny(top, ".["); i >= 0 {
		top = top[:i]
	}
	if top != "foes" && slices.Contains(dropKeys, top) {
		return fmt.Errorf("--vary %s: grading does not use the file's %s (the foe faces %s); vary the foe, options or max_rounds",
			path, top, s.PartyDoc)
	}
	for _, t := range s.Tactics {
		for _, a := range t.Set {
			if strings.EqualFold(a.Path, path) {
				return fmt.Errorf("--vary %s: the tactics set it (tactic %s: %s=%s); choose tactics with --tactic instead",
					path, t.Name, a.Path, a.Value)
			}
		}
	}
	return nil
}

// cheaper orders two candidates by order, then by the other criterion,
// then by the distance of the estimate from the middle of the band, then
// as generated.
func cheaper(a, b *candidate, order string, t Band) bool {
	ca, cb := a.Change, b.Change
	if ca < 0 {
		ca = math.MaxInt
	}
	if cb < 0 {
		cb = math.MaxInt
	}
	keys := [][2]float64{{a.Rule.Score, b.Rule.Score}, {float64(ca), float64(cb)}}
	if order == OrderChange {
		keys[0], keys[1] = keys[1], keys[0]
	}
	mid := (t.Lo + t.Hi) / 2
	keys = append(keys, [2]float64{math.Abs(a.Figure.P - mid), math.Abs(b.Figure.P - mid)})
	for _, k := range keys {
		if k[0] != k[1] {
			return k[0] < k[1]
		}
	}
	return a.index < b.index
}

// combination k of the params' values, the first param varying slowest.
func combination(params []Param, k int) []sim.Assignment {
	out := make([]sim.Assignment, len(params))
	for i := len(params) - 1; i >= 0; i-- {
		v := params[i].Values
		out[i] = sim.Assignment{Path: params[i].Path, Value: v[k%len(v)]}
		k /= len(v)
	}
	return out
}

func label(as []sim.Assignment) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.Path + "=" + a.Value
	}
	return strings.Join(parts, ", ")
}

// change is the number of steps from the start values along each value
// list (a start that is not in the list counts as one step from every
// value); -1 when a start is unknown.
func change(params []Param, vals []sim.Assignment) int {
	total := 0
	for i, p := range params {
		if p.Start == "" {
			return -1
		}
		a, b := slices.Index(p.Values, p.Start), slices.Index(p.Values, vals[i].Value)
		switch {
		case a < 0 && p.Start != vals[i].Value:
			total++
		case a >= 0:
			total += abs(a - b)
		}
	}
	return total
}

// startValue is the file's value at path, or the rule's reading of the
// stat the path's last key names (a foe written from a template), or "".
func startValue(root *yaml.Node, path string, rule systems.RuleGrade) string {
	if v, ok := lookupPath(root, path); ok {
		return v
	}
	key := path
	if i := strings.LastIndexAny(key, ".]"); i >= 0 {
		key = key[i+1:]
	}
	for _, p := range rule.Parts {
		if strings.EqualFold(p.Name, key) {
			return p.Value
		}
	}
	return ""
}

// lookupPath reads the scalar at a sweep path (foes[0].attack) of a
// scenario document, if there is one.
func lookupPath(root *yaml.Node, path string) (string, bool) {
	if root == nil || len(root.Content) == 0 {
		return "", false
	}
	n := root.Content[0]
	for _, part := range strings.Split(path, ".") {
		key, rest, _ := strings.Cut(part, "[")
		if key != "" {
			if n.Kind != yaml.MappingNode {
				return "", false
			}
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if strings.EqualFold(n.Content[i].Value, key) {
					next = n.Content[i+1]
					break
				}
			}
			if next == nil {
				return "", false
			}
			n = next
		}
		for rest != "" {
			idx, after, ok := strings.Cut(rest, "]")
			i, err := strconv.Atoi(idx)
			if !ok || err != nil || n.Kind != yaml.SequenceNode || i < 0 || i >= len(n.Content) {
				return "", false
			}
			n = n.Content[i]
			rest = strings.TrimPrefix(after, "[")
		}
	}
	if n.Kind != yaml.ScalarNode {
		return "", false
	}
	return n.Value, true
}

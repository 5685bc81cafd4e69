package reports

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Steer says where a grade search that found nothing should look next:
// which side of the band its candidates fell on, the nearest of them, and
// for every varied stat which way deadliness moves with it.
type Steer struct {
	// Side is SteerBelow when every candidate is less deadly than the band,
	// SteerAbove when every one is deadlier, SteerAcross when some fall on
	// each side (the band lies between two neighbouring steps).
	Side    string      `json:"side"`
	Nearest []Candidate `json:"nearest"`
	// Moves are the varied stats that move deadliness toward the band,
	// the strongest first (SteerBelow and SteerAbove only).
	Moves []Move `json:"moves,omitempty"`
}

// The sides of a failed search's candidates.
const (
	SteerBelow  = "below"  // every candidate is less deadly than the band: the foe must get stronger
	SteerAbove  = "above"  // every candidate is deadlier: the foe must get weaker
	SteerAcross = "across" // candidates on both sides: try steps between the nearest
)

// Move is one varied stat's way toward the band: deadliness, averaged
// over the other stats' values, is From at FromValue and To at ToValue,
// the value tried furthest in the band's direction; the search should go
// on past ToValue.
type Move struct {
	Path      string  `json:"path"`
	FromValue string  `json:"from_value"`
	ToValue   string  `json:"to_value"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	// Inner is set when ToValue is not at either end of the values tried:
	// deadliness peaks inside the range, so going further will not help.
	Inner bool `json:"inner,omitempty"`
}

// SteerCount is how many nearest candidates a failed search names.
const SteerCount = 3

// SteerSearch reads the candidates of a search in which none landed in
// target: the SteerCount nearest to the band, and, when all fell on one
// side, each varied stat whose values move deadliness toward the band.
// tried holds every candidate with its figure (those dropped early too,
// with their figure when dropped).
func SteerSearch(params []Param, tried []Candidate, target Band) *Steer {
	if len(tried) == 0 {
		return nil
	}
	dist := func(p float64) float64 {
		switch {
		case p < target.Lo:
			return target.Lo - p
		case p >= target.Hi && target.Hi < 1:
			return p - target.Hi
		}
		return 0
	}
	below, above := 0, 0
	for _, c := range tried {
		switch {
		case c.Figure.P < target.Lo:
			below++
		case dist(c.Figure.P) > 0:
			above++
		}
	}
	s := &Steer{Side: SteerAcross}
	switch {
	case above == 0:
		s.Side = SteerBelow
	case below == 0:
		s.Side = SteerAbove
	}
	order := make([]int, len(tried))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return dist(tried[order[a]].Figure.P) < dist(tried[order[b]].Figure.P) })
	for _, i := range order[:min(SteerCount, len(order))] {
		s.Nearest = append(s.Nearest, tried[i])
	}
	if s.Side == SteerAcross {
		return s
	}
	up := s.Side == SteerBelow // the band lies above: deadlier is the way
	for k, p := range params {
		if m, ok := steerMove(k, p, tried, up); ok {
			s.Moves = append(s.Moves, m)
		}
	}
	sort.SliceStable(s.Moves, func(a, b int) bool {
		return math.Abs(s.Moves[a].To-s.Moves[a].From) > math.Abs(s.Moves[b].To-s.Moves[b].From)
	})
	return s
}

// steerMove is the move of parameter k (p) toward the band: from the value
// whose candidates, on average, lie furthest from it to the value whose lie
// nearest (up: the band lies above, deadlier is the way); ok is false when
// the parameter does not move deadliness at all.
func steerMove(k int, p Param, tried []Candidate, up bool) (Move, bool) {
	sum := make([]float64, len(p.Values))
	n := make([]int, len(p.Values))
	for _, c := range tried {
		for j, v := range p.Values {
			if k < len(c.Values) && c.Values[k].Value == v {
				sum[j] += c.Figure.P
				n[j]++
			}
		}
	}
	best, worst := -1, -1
	var bestP, worstP float64
	for j := range p.Values {
		if n[j] == 0 {
			continue
		}
		m := sum[j] / float64(n[j])
		if !up {
			m = -m
		}
		if best < 0 || m > bestP {
			best, bestP = j, m
		}
		if worst < 0 || m < worstP {
			worst, worstP = j, m
		}
	}
	if best < 0 || bestP == worstP {
		return Move{}, false
	}
	if !up {
		bestP, worstP = -bestP, -worstP
	}
	return Move{Path: p.Path, FromValue: p.Values[worst], ToValue: p.Values[best], From: worstP, To: bestP,
		Inner: best > 0 && best < len(p.Values)-1}, true
}

// Advice is the move in words: "raise foes[0].attack past 4 (deadliness
// 0.010 at 1, 0.050 at 4, ...)" for numbers, "set foes[0].chases to
// definite, then try values beyond it (...)" otherwise, and "keep X near
// V" when the best value lies inside the range tried.
func (m Move) Advice() string {
	fig := fmt.Sprintf("(deadliness %s at %s, %s at %s, on average over the other values)", gradeP(m.From), m.FromValue, gradeP(m.To), m.ToValue)
	a, errA := strconv.ParseFloat(m.FromValue, 64)
	b, errB := strconv.ParseFloat(m.ToValue, 64)
	switch {
	case m.Inner:
		return fmt.Sprintf("keep %s near %s, the best value tried %s; the band needs another stat", m.Path, m.ToValue, fig)
	case errA != nil || errB != nil:
		return fmt.Sprintf("set %s to %s, then try values beyond it %s", m.Path, m.ToValue, fig)
	case b > a:
		return fmt.Sprintf("raise %s past %s, as far as the rules allow %s", m.Path, m.ToValue, fig)
	}
	return fmt.Sprintf("lower %s below %s, as far as the rules allow %s", m.Path, m.ToValue, fig)
}

// Lines says in words where to look next, one sentence a line, for the
// text and Markdown reports.
func (s *Steer) Lines(target Band) []string {
	var out []string
	switch s.Side {
	case SteerBelow:
		out = append(out, "Every candidate is less deadly than the band: the foe must get stronger.")
	case SteerAbove:
		out = append(out, "Every candidate is deadlier than the band: the foe must get weaker.")
	default:
		out = append(out, "Candidates fall on both sides of the band: it lies between two neighbouring steps; try values between the nearest below and above it.")
	}
	for _, c := range s.Nearest {
		where := "in the band's reach"
		switch {
		case c.Figure.P < target.Lo:
			where = gradeP(target.Lo-c.Figure.P) + " below the band"
		case c.Figure.P >= target.Hi && target.Hi < 1:
			where = gradeP(c.Figure.P-target.Hi) + " above the band"
		}
		out = append(out, fmt.Sprintf("Nearest: %s: deadliness %s, %s", valuesText(c), GradePCI(c.Figure), where))
	}
	if len(s.Moves) == 0 && s.Side != SteerAcross {
		out = append(out, "No varied stat moves deadliness toward the band: vary other stats.")
	}
	for i, m := range s.Moves {
		way := "To get deadlier"
		if s.Side == SteerAbove {
			way = "To get less deadly"
		}
		if i > 0 {
			way = "Or"
		}
		out = append(out, way+": "+m.Advice()+".")
	}
	return out
}

// valuesText writes a candidate's values: "foes[0].attack=2, foes[0].chases=never".
func valuesText(c Candidate) string {
	parts := make([]string, len(c.Values))
	for i, a := range c.Values {
		parts[i] = a.Path + "=" + a.Value
	}
	return strings.Join(parts, ", ")
}

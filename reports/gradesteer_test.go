package reports

import (
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
)

// A band whose bounds meet is named as empty, not printed as a band a foe
// could land in ("Minion < 0.0082 <= Brute/Strategist < 0.0082").
func TestBandsLineNamesEmptyBands(t *testing.T) {
	for _, tc := range []struct {
		scale []string
		lower []float64
		want  string
	}{
		{[]string{"Weak", "Balanced", "Strong"}, []float64{0.1, 0.4}, "Weak < 0.100 <= Balanced < 0.400 <= Strong"},
		{[]string{"Minion", "Brute/Strategist", "Elite", "Dungeon Lord"}, []float64{0.0082, 0.0082, 0.1939},
			"Minion < 0.0082 <= Elite < 0.194 <= Dungeon Lord; empty, so no foe grades there: Brute/Strategist (its bounds meet at 0.0082)"},
		{[]string{"Trivial", "Weak", "Strong"}, []float64{0, 0.3}, "Weak < 0.300 <= Strong; empty, so no foe grades there: Trivial (its bounds meet at 0.000)"},
	} {
		t.Run(strings.Join(tc.scale, ","), func(t *testing.T) {
			if got := bandsLine(tc.scale, tc.lower); got != tc.want {
				t.Errorf("bandsLine(%v, %v)\n got %s\nwant %s", tc.scale, tc.lower, got, tc.want)
			}
		})
	}
}

// candidates builds a search's candidates over attack 1..3 and mood
// calm,angry with deadliness f(attack index, mood index).
func candidates(f func(a, m int) float64) ([]Param, []Candidate) {
	params := []Param{{Path: "foes[0].attack", Values: []string{"1", "2", "3"}}, {Path: "foes[0].mood", Values: []string{"calm", "angry"}}}
	var out []Candidate
	for a, av := range params[0].Values {
		for m, mv := range params[1].Values {
			p := f(a, m)
			out = append(out, Candidate{Values: []sim.Assignment{{Path: params[0].Path, Value: av}, {Path: params[1].Path, Value: mv}},
				Figure: sim.Proportion{P: p, CI95: [2]float64{p - 0.01, p + 0.01}}})
		}
	}
	return params, out
}

// A failed search says which side the candidates fell on, names the
// nearest with their figure, and says which way each stat moves toward
// the band.
func TestSteerSearch(t *testing.T) {
	for _, tc := range []struct {
		name    string
		f       func(a, m int) float64
		band    Band
		side    string
		nearest string   // values of the nearest candidate
		advice  []string // substrings of the moves' advice, strongest first
	}{
		{"too weak, attack raises it", func(a, m int) float64 { return 0.01 + 0.05*float64(a) + 0.01*float64(m) }, Band{Lo: 0.5, Hi: 0.8},
			SteerBelow, "foes[0].attack=3, foes[0].mood=angry", []string{"raise foes[0].attack past 3", "set foes[0].mood to angry"}},
		{"too deadly, attack raises it", func(a, m int) float64 { return 0.5 + 0.1*float64(a) }, Band{Lo: 0.1, Hi: 0.3},
			SteerAbove, "foes[0].attack=1, foes[0].mood=calm", []string{"lower foes[0].attack below 1"}},
		{"too weak, attack lowers it", func(a, m int) float64 { return 0.3 - 0.1*float64(a) }, Band{Lo: 0.5, Hi: 0.8},
			SteerBelow, "foes[0].attack=1, foes[0].mood=calm", []string{"lower foes[0].attack below 1"}},
		{"peak inside the range", func(a, m int) float64 { return []float64{0.1, 0.2, 0.1}[a] }, Band{Lo: 0.5, Hi: 0.8},
			SteerBelow, "foes[0].attack=2, foes[0].mood=calm", []string{"keep foes[0].attack near 2"}},
		{"band between two steps", func(a, m int) float64 { return 0.2 * float64(a) }, Band{Lo: 0.25, Hi: 0.3},
			SteerAcross, "foes[0].attack=2, foes[0].mood=calm", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			params, cands := candidates(tc.f)
			s := SteerSearch(params, cands, tc.band)
			if s.Side != tc.side || len(s.Nearest) != SteerCount || valuesText(s.Nearest[0]) != tc.nearest {
				t.Errorf("%s: side %s, nearest %d, first %q; want %s and %q", tc.name, s.Side, len(s.Nearest), valuesText(s.Nearest[0]), tc.side, tc.nearest)
			}
			if len(s.Moves) != len(tc.advice) {
				t.Errorf("%s: %d moves %+v, want %d", tc.name, len(s.Moves), s.Moves, len(tc.advice))
				return
			}
			for i, m := range s.Moves {
				if !strings.Contains(m.Advice(), tc.advice[i]) {
					t.Errorf("%s: move %d says %q, want %q", tc.name, i, m.Advice(), tc.advice[i])
				}
			}
			text := strings.Join(s.Lines(tc.band), "\n")
			if !strings.Contains(text, "Nearest: "+tc.nearest+": deadliness ") {
				t.Errorf("%s: the text does not name the nearest with its figure:\n%s", tc.name, text)
			}
		})
	}
}

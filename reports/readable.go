package reports

import (
	"image/color"
	"regexp"
	"strconv"
	"strings"

	plotpalette "gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"

	"github.com/tpk-sim/tpk/sim"
)

// readableMetric names a metric in words for a plot: "any death".
func readableMetric(m string) string { return strings.ReplaceAll(m, "_", " ") }

// listItem is one step of a sweep path that picks a list item: "foes[0]".
var listItem = regexp.MustCompile(`^(.+)\[(\d+)\]$`)

// itemNames says what one item of a scenario's lists is called.
var itemNames = map[string]string{"foes": "foe", "party": "party member"}

// readablePath names a sweep parameter in words for a plot: "foes[0].attack"
// is "foe 1: attack", "options.L-3" is "option L-3", "party.size" is
// "party size".
func readablePath(path string) string {
	parts := strings.Split(path, ".")
	switch {
	case len(parts) == 2 && parts[0] == "options":
		return "option " + parts[1]
	case len(parts) == 2 && parts[1] == "size":
		return parts[0] + " size"
	}
	for i, p := range parts {
		if m := listItem.FindStringSubmatch(p); m != nil {
			n, _ := strconv.Atoi(m[2])
			name, ok := itemNames[m[1]]
			if !ok {
				name = m[1]
			}
			p = name + " " + strconv.Itoa(n+1)
		}
		parts[i] = strings.ReplaceAll(p, "_", " ")
	}
	return strings.Join(parts, ": ")
}

// goodWhen says, for the headline metrics, which end is good for the party:
// +1 when more is better, -1 when less is. The others are neutral.
var goodWhen = map[string]int{
	sim.MetricVictory:  +1,
	sim.MetricDefeat:   -1,
	sim.MetricTPK:      -1,
	sim.MetricAnyDeath: -1,
	sim.MetricDeaths:   -1,
}

// heatPalette is a heat map's colours for a metric and the note that says
// how to read them: blue is the end better for the party (red the worse)
// when the metric has a good end, else red is simply higher.
func heatPalette(metric string) (plotpalette.Palette, string) {
	pal := moreland.SmoothBlueRed().Palette(255) // low blue, high red
	switch goodWhen[metric] {
	case +1:
		return reversed(pal), "blue: better for the party, red: worse"
	case -1:
		return pal, "blue: better for the party, red: worse"
	}
	return pal, "blue: lower, red: higher"
}

// reversed is a palette's colours in the other order.
type reversedPalette []color.Color

func (r reversedPalette) Colors() []color.Color { return r }

func reversed(p plotpalette.Palette) plotpalette.Palette {
	cs := p.Colors()
	out := make(reversedPalette, len(cs))
	for i, c := range cs {
		out[len(cs)-1-i] = c
	}
	return out
}

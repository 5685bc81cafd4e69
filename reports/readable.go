package reports

import (
	"image/color"
	"strings"

	plotpalette "gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"

	"github.com/tpk-sim/tpk/sim"
)

// readableMetric names a metric in words for a plot: "any death".
func readableMetric(m string) string { return strings.ReplaceAll(m, "_", " ") }

// goodWhen says, for the headline metrics, which end is good for the party:
// +1 when more is better, -1 when less is. The others are neutral.
var goodWhen = map[string]int{
	sim.MetricVictory:  +1,
	sim.MetricDefeat:   -1,
	sim.MetricTPK:      -1,
	sim.MetricAnyDeath: -1,
	sim.MetricDeaths:   -1,
}

// heatColours is a heat map's colour map for a metric and the note that
// says how to read it: blue is the end better for the party (red the
// worse) when the metric has a good end, else red is simply higher.
func heatColours(metric string) (plotpalette.ColorMap, string) {
	cm := moreland.SmoothBlueRed() // low blue, high red
	switch goodWhen[metric] {
	case +1:
		return reversedMap{cm}, "blue: better for the party, red: worse"
	case -1:
		return cm, "blue: better for the party, red: worse"
	}
	return cm, "blue: lower, red: higher"
}

// reversedMap is a colour map run the other way: its low end has the
// colour of the inner map's high end.
type reversedMap struct{ plotpalette.ColorMap }

// At returns the colour of v.
func (r reversedMap) At(v float64) (color.Color, error) {
	return r.ColorMap.At(r.Min() + r.Max() - v)
}

// Palette returns n colours from the low end to the high end.
func (r reversedMap) Palette(n int) plotpalette.Palette { return reversed(r.ColorMap.Palette(n)) }

// reversedPalette is a palette's colours in the other order.
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

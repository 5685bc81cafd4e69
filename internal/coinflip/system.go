// Package coinflip is a toy game system: a hero and a foe flip coins at
// each other, heads a hit, until one runs out of hits. It is the system the
// README's "Adding a system" walkthrough builds, kept to the least a system
// needs (one option, one strategy a side, one example, one check with
// exact odds), and is not built into tpk: its tests register it and run it
// through the conformance suite and the command line.
package coinflip

import (
	"embed"
	"fmt"
	"io/fs"
	"math"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// ID is the system's id in scenarios and on the command line.
const ID = "coinflip"

// System is the coin-flip game system, made of the parts below.
var System = systems.Define(systems.Parts{ID: ID, Title: "Coin flip (a toy system)", Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile})

func init() { systems.Register(System) }

// Examples holds the system's example scenarios, in a folder named after
// it (coinflip/duel.yaml), as tpk/examples holds the built-in ones.
//
//go:embed examples/coinflip/*.yaml
var examples embed.FS

// Examples returns the example scenarios, coinflip/NAME.yaml.
func Examples() fs.FS {
	sub, err := fs.Sub(examples, "examples")
	if err != nil {
		panic(err) // a constant, valid path
	}
	return sub
}

// notes says what counts as dead and out of action.
const notes = "Dead: a combatant with no hits left. Each round the hero and the foe flip a coin at each other;\n" +
	"heads takes one hit. Metrics: heads (coins that came up heads)."

// CF1 is who flips first in a round (option CF-1).
type CF1 uint8

// The readings of CF-1.
const (
	CF1Together   CF1 = iota // both flip; both hits land
	CF1PartyFirst            // the hero flips first; a foe out of hits flips no more
)

// Rules are the readings of the options a scenario compiles to.
type Rules struct {
	CF1 CF1
}

// OptionTable declares the options once, bound to Rules.
var OptionTable = sim.NewOptionTable(
	sim.Enum("CF-1", "who flips first in a round?", func(r *Rules) *CF1 { return &r.CF1 },
		sim.Val("together", CF1Together), sim.Val("party-first", CF1PartyFirst)),
)

// View is what a policy sees before it decides.
type View struct {
	Round     int
	OwnHits   int
	OtherHits int
}

// Policy decides one side's play in a round: flip at the other side, or
// hold the coin.
type Policy interface {
	Flip(v *View) bool
}

// Policies are the strategies of each side, each side's default named
// here; package coinflipstrat registers into them.
var Policies = systems.NewRegistries[Policy, Policy](ID, "flip", "flip")

// bestiary lists no built-in combatants.
func bestiary() []systems.Creature { return nil }

// MaxHits is the most hits a combatant may have.
const MaxHits = 10

// checks returns the exact check of `tpk odds coinflip`: at least heads
// heads in coins flips.
func checks() []systems.Check {
	return []systems.Check{{
		Name: "flips",
		Doc:  "flip coins coins; made when at least heads come up heads",
		Params: []systems.Param{
			{Name: "coins", Doc: "coins flipped", Kind: systems.IntParam, Min: 1, Max: 20},
			{Name: "heads", Doc: "heads needed", Kind: systems.IntParam, Min: 0, Max: 20},
		},
		Outcomes: []string{"made", "missed"},
		Exact: func(a systems.Args) ([]float64, error) {
			n, k := a.Int("coins"), a.Int("heads")
			made := 0.0
			for i := k; i <= n; i++ {
				made += binomial(n, i) * math.Pow(0.5, float64(n))
			}
			return []float64{made, 1 - made}, nil
		},
		Sample: func(a systems.Args, r *sim.Rand) int {
			heads := 0
			for range a.Int("coins") {
				if flip(r) {
					heads++
				}
			}
			if heads >= a.Int("heads") {
				return 0
			}
			return 1
		},
		Valid: func(a systems.Args) error {
			if a.Int("heads") > a.Int("coins") {
				return fmt.Errorf("--heads %d is more than --coins %d", a.Int("heads"), a.Int("coins"))
			}
			return nil
		},
	}}
}

func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// flip is the kernel's coin: heads is true.
func flip(r *sim.Rand) bool { return r.IntN(2) == 0 }

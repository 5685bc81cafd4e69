// Package coinflipstrat holds the strategies of the toy coinflip system:
// one a side, both "flip". Importing it registers the system and its
// strategies: it is the one line a system takes in cmd/tpk/register.go.
package coinflipstrat

import "github.com/tpk-sim/tpk/internal/coinflip"

func init() {
	coinflip.Policies.Party.Register("flip", "flip the coin every round", always{})
	coinflip.Policies.Foes.Register("flip", "flip the coin every round", always{})
}

// always flips every round.
type always struct{}

func (always) Flip(*coinflip.View) bool { return true }

package battleclock

import "github.com/tpk-sim/tpk/sim"

// PlayForStatuses plays one battle of m (a compiled battle-clock model) with
// r into rec and returns each PC's status at its end, for the outcome
// tests of the external test package.
func PlayForStatuses(m sim.Model, r *sim.Rand, rec *sim.Record) []Status {
	k := newKernel(m.(*model), false)
	k.Play(r, rec, nil)
	out := make([]Status, k.np)
	for i := range out {
		out[i] = k.pc[i].status
	}
	return out
}

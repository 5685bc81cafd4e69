package locus

// standingMask says who is still in the conflict, for sim.Record.Standing:
// bit i for character i (neither dead nor escaped, nor, when hideOut, hidden
// from monsters that can no longer search), bit nc+j for monster j (not
// dissipated), in the order of the schema's combatants. The kernel reports
// it whenever something that can end the conflict happened, and at the end.
func (k *kernel) standingMask(hideOut bool) uint64 {
	var m uint64
	for i := 0; i < k.nc; i++ {
		c := &k.ch[i]
		if c.present() && !(hideOut && c.isHidden()) {
			m |= 1 << i
		}
	}
	for j := 0; j < k.nm; j++ {
		if !k.mo[j].gone {
			m |= 1 << (k.nc + j)
		}
	}
	return m
}

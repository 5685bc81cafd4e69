package locus

import "testing"

// injuryAt, the kernel's branch-free lookup, is InjuryOf for every margin.
func TestInjuryAtIsInjuryOf(t *testing.T) {
	for m := -20; m <= 20; m++ {
		if injuryAt(m) != InjuryOf(m) {
			t.Errorf("margin %d: injuryAt %v, InjuryOf %v", m, injuryAt(m), InjuryOf(m))
		}
	}
	for inj := Miss; inj < Grievous; inj++ {
		if top := injuryTop[inj]; InjuryOf(top) != inj || InjuryOf(top+1) == inj {
			t.Errorf("injuryTop[%v] = %d is not the greatest margin of %v", inj, top, inj)
		}
	}
}

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

// raiseIf, the Stress bookkeeping without a branch on the outcome, does what
// raise does after a failure, and nothing after a success, at every level.
func TestRaiseIfIsRaise(t *testing.T) {
	k, _, _ := testKernel(t, duelYAML(nil, "3", "3", ""), 1)
	for s := Uneasy; s <= Stressed; s++ {
		for _, fail := range []bool{false, true} {
			k.reset()
			k.ch[0].stress = s
			k.raiseIf(0, fail)
			got, gotT := k.ch[0].stress, k.t
			k.reset()
			k.ch[0].stress = s
			if fail {
				k.raise(0)
			}
			if got != k.ch[0].stress || gotT != k.t {
				t.Errorf("stress %v, fail %v: raiseIf gives %v %+v, raise %v %+v", s, fail, got, gotT, k.ch[0].stress, k.t)
			}
		}
	}
}

// contestPoints holds, for each option L-3, what the rule says a contested
// roll scores.
func TestContestPointsFollowL3(t *testing.T) {
	for x := Roll(0); x < NumRolls; x++ {
		for attr := 1; attr <= 5; attr++ {
			for tier := Easy; tier <= Hard; tier++ {
				for rule, want := range map[int]int{
					l3Dice:       x.Points(attr, tier),
					l3Ignore:     x.Points(attr, Easy),
					l3MinusPoint: x.Points(attr, Easy) - int(tier),
				} {
					if got := int(contestPoints[rule][tier][attr][x]); got != want {
						t.Fatalf("rule %d, roll %v, attr %d, %v: %d points, want %d", rule, x.Dice(), attr, tier, got, want)
					}
				}
			}
		}
	}
}

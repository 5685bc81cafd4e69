package locus

import (
	"testing"
	"unsafe"
)

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
				for rule, want := range map[L3]int{
					L3Dice:       x.Points(attr, tier),
					L3Ignore:     x.Points(attr, Easy),
					L3MinusPoint: x.Points(attr, Easy) - int(tier),
				} {
					if got := int(contestPoints[rule][tier][attr][x]); got != want {
						t.Fatalf("rule %d, roll %v, attr %d, %v: %d points, want %d", rule, x.Dice(), attr, tier, got, want)
					}
				}
			}
		}
	}
}

// upByRule answers flipPoints' question as upPoints and option L-3 do.
func TestUpByRuleIsUpPoints(t *testing.T) {
	for rule := L3Ignore; rule <= L3MinusPoint; rule++ {
		for tier := Easy; tier <= Hard; tier++ {
			for attr := 1; attr <= 5; attr++ {
				for x := Roll(0); x < NumRolls; x++ {
					up := upPoints[Easy][attr][x]
					switch rule {
					case L3Dice:
						up = upPoints[tier][attr][x]
					case L3MinusPoint:
						up.pts -= int8(tier)
					}
					got := upByRule[rule][tier][attr][x]
					for need := -10; need <= 10; need++ {
						want := -1
						if up.die >= 0 && int(up.pts) >= need {
							want = int(up.die)
						}
						if have := -1; int(got.pts) >= need {
							if have = int(got.die); have != want {
								t.Fatalf("rule %d, %v, attr %d, roll %v, need %d: die %d, want %d", rule, tier, attr, x.Dice(), need, have, want)
							}
						} else if want != -1 {
							t.Fatalf("rule %d, %v, attr %d, roll %v, need %d: no die, want %d", rule, tier, attr, x.Dice(), need, want)
						}
					}
				}
			}
		}
	}
}

// val reads the attribute, and 5 for the Clumsiness of a Nauseated
// character, whatever else the character suffers.
func TestValNauseated(t *testing.T) {
	k, _, _ := testKernel(t, duelYAML(map[string]int{"clumsiness": 2, "frailty": 4}, "3", "3", ""), 1)
	if Nauseated != 1<<3 || NumAttrs != 8 {
		t.Fatal("val's layout assumes Nauseated is 8 and there are 8 attributes")
	}
	for c := Cond(0); c < 1<<numConds; c++ {
		k.reset()
		k.ch[0].cond = c
		for a := Frailty; a < NumAttrs; a++ {
			want := int(k.m.chars[0].attr[a])
			if a == Clumsiness && c&Nauseated != 0 {
				want = 5
			}
			if got := k.val(0, a); got != want {
				t.Fatalf("%v, %v: val %d, want %d", c, a, got, want)
			}
		}
	}
}

// charState keeps a power-of-two size, so that indexing k.ch is a shift.
func TestCharStateSize(t *testing.T) {
	if n := unsafe.Sizeof(charState{}); n&(n-1) != 0 {
		t.Errorf("charState is %d bytes: adjust its padding to a power of two", n)
	}
}

package hmtw

import (
	"fmt"

	"github.com/tpk-sim/tpk/sim"
)

// PartyPolicyNamed exports the party strategy registry to the external
// tests.
func PartyPolicyNamed(name string) (PartyPolicy, error) { return Policies.Party.Get(name) }

// CheckViewSets compares the View's sets and kept facts (ReachSet,
// MinorSuits, Live, LesserFree, InFight, Morale) with the kernel's answers
// one at a time, worked out afresh (targetable, minorSuitOK, live, a
// stable sort, a GM character not out in a group in, morale) in the
// current state.
func CheckViewSets(v *View) error {
	k := v.k
	in := v.InFight()
	for j := 0; j < k.nm; j++ {
		want := !k.mem[j].out() && k.groupIn(int(k.mem[j].group))
		if got := in&(1<<j) != 0; got != want || v.MemberIn(j) != want {
			return fmt.Errorf("round %d: InFight has %d: %v, MemberIn %v, in the fight %v", k.round, j, got, v.MemberIn(j), want)
		}
	}
	for g := 0; g < k.ng; g++ {
		if got, want := v.Morale(g), k.morale(g); got != want {
			return fmt.Errorf("round %d: Morale(%d) %d, morale %d", k.round, g, got, want)
		}
	}
	for i := 0; i < k.na; i++ {
		reach := v.ReachSet(i)
		for j := 0; j < k.nm; j++ {
			if got, want := reach&(1<<j) != 0, v.Reach(i, j); got != want {
				return fmt.Errorf("round %d: ReachSet(%d) has %d: %v, Reach %v", k.round, i, j, got, want)
			}
		}
		for kind := Skip; kind < numActions; kind++ {
			m := v.MinorSuits(i, kind, 1<<NumSuits-1)
			for s := Swords; s < NoSuit; s++ {
				if got, want := m&(1<<s) != 0, k.minorSuitOK(i, kind, MakeCard(s, 3), NoItem); got != want {
					return fmt.Errorf("MinorSuits(%d, %v) %v: %v, minorSuitOK %v", i, kind, s, got, want)
				}
			}
		}
	}
	var fast, slow [MajorSize]int8
	if n, m := v.LesserFree(&fast), v.lesserSorted(&slow); n != m || fast != slow {
		return fmt.Errorf("round %d: LesserFree %v, sorted %v", k.round, fast[:n], slow[:m])
	}
	for g := 0; g < k.ng; g++ {
		live := v.Live(g)
		for a := Ability(1); a < numAbilities; a++ {
			if got, want := live.Has(a), k.live(g, a); got != want {
				return fmt.Errorf("round %d: Live(%d) %s: %v, live %v", k.round, g, abilityTable[a].id, got, want)
			}
		}
	}
	return nil
}

// CheckDeclared compares DeclaredSet with the declarations before
// adventurer self's in the window being declared: those that are not a
// Skip, and nobody from self on.
func CheckDeclared(v *View, self int) error {
	set := v.DeclaredSet()
	for i := 0; i < v.k.na; i++ {
		want := i < self && v.DeclaredBefore(i).Kind != Skip
		if got := set&(1<<i) != 0; got != want {
			return fmt.Errorf("round %d, asking %d: DeclaredSet has %d: %v, declared %v", v.k.round, self, i, got, want)
		}
	}
	return nil
}

// StackDecks forces the first draws of m's decks, for a scripted
// encounter: the players' cards as parseCard reads them ("10S", "KP",
// "fool"), the GM's dooms by value.
func StackDecks(m sim.Model, minor []string, major []int) error {
	mo := m.(*model)
	mo.minorStack, mo.majorStack = nil, nil
	for _, s := range minor {
		c, ok := parseCard(s)
		if !ok {
			return fmt.Errorf("card %q", s)
		}
		mo.minorStack = append(mo.minorStack, uint8(c))
	}
	for _, d := range major {
		mo.majorStack = append(mo.majorStack, uint8(d))
	}
	return nil
}

// Table is a kernel of a compiled scenario set by hand for a scripted
// decision: reset to round 1, nothing drawn.
type Table struct{ k *kernel }

// NewTable returns a table of m.
func NewTable(m sim.Model) *Table {
	k := newKernel(m.(*model))
	k.r = sim.NewRand(1, 0)
	k.reset()
	k.round = 1
	return &Table{k}
}

// Hand gives adventurer i the cards (as parseCard reads them).
func (t *Table) Hand(i int, cards ...string) {
	a := &t.k.adv[i]
	a.nh = 0
	for _, s := range cards {
		c, _ := parseCard(s)
		a.hand[a.nh] = c
		a.nh++
	}
}

// Effects adds effects to adventurer i.
func (t *Table) Effects(i int, e Effect) { t.k.adv[i].effects |= e }

// GroupInit turns group g's Initiative up at value d.
func (t *Table) GroupInit(g int, d Doom) { t.k.grp[g].init, t.k.grp[g].revealed = d, true }

// Init turns adventurer i's Initiative up at card c.
func (t *Table) Init(i int, c string) {
	t.k.adv[i].init, _ = parseCard(c)
	t.k.adv[i].revealed = true
}

// Threat is a GM Attack of group g on adventurer i at value v, as the
// kernel offers it for interrupts (Hits as the Initiative stands).
func (t *Table) Threat(g, i, v int) *Threat {
	init := t.k.advInit(i)
	return &Threat{Group: g, Target: i, Value: v, Init: init, Hits: t.k.beats(v, init, t.k.adv[i].hasShield())}
}

// Turn asks p for adventurer i's turn.
func (t *Table) Turn(p PartyPolicy, i int) Action {
	var a Action
	a.Reset()
	p.Turn(&t.k.view, i, &a)
	return a
}

// Interrupt asks p for adventurer i's answer to th, offered o.
func (t *Table) Interrupt(p PartyPolicy, i int, th *Threat, o Offer) Action {
	var a Action
	a.Reset()
	t.k.view.offer = o
	p.Interrupt(&t.k.view, i, th, &a)
	t.k.view.offer = 0
	return a
}

// Disarm disarms adventurer i (its Aegis spent first).
func (t *Table) Disarm(i int) {
	t.k.adv[i].xp = 0
	t.k.disarmAdv(i, true)
}

// Engage engages adventurer i with GM character j.
func (t *Table) Engage(i, j int) { t.k.engage(i, j) }

// AidFacedown lays a facedown Aid Another worth value from adventurer i
// for ally's next action.
func (t *Table) AidFacedown(i, ally, value int) {
	t.k.adv[i].fd = facedown{kind: AidAnother, value: int8(value), ally: int8(ally), card: uint8(MakeCard(Cups, 2))}
}

// Minor asks p for adventurer i's minor action, nobody having declared
// one before it in the window.
func (t *Table) Minor(p PartyPolicy, i int) Action {
	for x := range t.k.decl {
		t.k.decl[x].Reset()
	}
	var a Action
	a.Reset()
	p.Minor(&t.k.view, i, &a)
	return a
}

// MemberEffects adds effects to GM character j.
func (t *Table) MemberEffects(j int, e Effect) { t.k.mem[j].effects |= e }

// Initiative asks p for adventurer i's Initiative card.
func (t *Table) Initiative(p PartyPolicy, i int) int { return p.Initiative(&t.k.view, i) }

package hmtw

import "testing"

// This file tests how GM characters move: Grab and Engulf carrying their
// victims, Flutter, Fleet.

// twoZones is a scene of two adjacent zones, a and b.
const twoZones = "scene: {zones: [a, b]}"

// grabFirst has group 0 grab adventurer 0 (Initiative 1) with doom ab and
// a 14, and returns the GM character holding it.
func grabFirst(t *testing.T, k *kernel, ab Ability) int {
	t.Helper()
	j := grab(t, k, ab, 0)
	k.gm[0], k.gm[1], k.ngm = 3, 3, 2
	return j
}

// grab has group 0 grab adventurer v (Initiative 1) with doom ab and a
// 14, and returns the GM character holding it.
func grab(t *testing.T, k *kernel, ab Ability, v int) int {
	t.Helper()
	k.adv[v].init = MakeCard(Cups, 1)
	k.gm[0], k.ngm = 14, 1
	var a GMAction
	a.Reset()
	a.Kind, a.Card, a.Ability = GMRoughhouse, 0, ab
	a.Targets[0] = int8(v)
	if !k.doGM(0, &a, true) || k.adv[v].effects&Grabbed == 0 || k.adv[v].grabbedBy < 0 {
		t.Fatalf("%s on %s, Initiative 1, did not take hold", abilityTable[ab].name, k.aname(v))
	}
	return int(k.adv[v].grabbedBy)
}

// Grab, the Sporehulk's Grab and the slime's Protoplasmic Attack: "the
// victim is Rooted and carried with the statue". The victim moves with
// the creature that holds it, and stays held.
func TestGrabCarriesVictim(t *testing.T) {
	for _, c := range []struct {
		creature string
		ab       Ability
	}{{"animate_statue", AbGrab}, {"sporehulk", AbGrab}, {"slime", AbProtoplasmicAttack}} {
		t.Run(c.creature, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: wands_sorcerer, zone: a}", "  - {creature: "+c.creature+", zone: a}", twoZones))
			j := grabFirst(t, k, c.ab)
			// A victim that struck its captor is engaged with it, but is
			// not left behind: no parting blow.
			k.engage(0, j)
			hd := k.mem[j].health + k.mem[j].defense
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Zone = GMMove, 0, 1
			if !k.doGM(0, &a, true) || k.zoneOf(j) != 1 {
				t.Fatalf("the %s did not move to b", c.creature)
			}
			v := &k.adv[0]
			if v.zone != 1 {
				t.Errorf("the victim stayed in a while its captor moved to b")
			}
			if v.effects&(Grabbed|Root) != Grabbed|Root || int(v.grabbedBy) != j || k.mem[j].grabbed&1 == 0 {
				t.Errorf("the victim was let go on the way: effects %v, held by %d", v.effects, v.grabbedBy)
			}
			if k.mem[j].health+k.mem[j].defense != hd {
				t.Errorf("the victim it carries struck it as it moved away")
			}
			if c.ab == AbProtoplasmicAttack && v.effects&Engulfed == 0 {
				t.Errorf("the slime's victim is no longer engulfed")
			}
		})
	}
}

// The Sporehulk's Grab is an arm's: "a Roughhouse that grabs: the victim
// is Rooted and carried (2 at most)", each arm with its own. Each arm
// holds the victims it grabbed, 2 at most, so the creature holds up to 4;
// the Legs falling lets nobody go; an arm falling lets its own victims go.
func TestSporehulkGrabPerArm(t *testing.T) {
	k := testKernel(t, testScenario("  - {archetype: wands_sorcerer, count: 4}", "  - {creature: sporehulk}"))
	left, right := poolMember(t, k, 0, "left_arm"), poolMember(t, k, 0, "right_arm")
	want := [4]int{left, left, right, right}
	for v := 0; v < 4; v++ {
		if h := grab(t, k, AbGrab, v); h != want[v] {
			t.Fatalf("grab %d is held by %s, want %s", v+1, k.m.groups[0].members[h-int(k.grp[0].lo)].pool,
				k.m.groups[0].members[want[v]-int(k.grp[0].lo)].pool)
		}
	}
	k.memberDown(poolMember(t, k, 0, "legs"))
	for v := 0; v < 4; v++ {
		if k.adv[v].effects&Grabbed == 0 {
			t.Errorf("the Legs fell and %s was let go", k.aname(v))
		}
	}
	k.memberDown(left)
	for v := 0; v < 4; v++ {
		if held := k.adv[v].effects&(Grabbed|Root) != 0 || k.adv[v].grabbedBy >= 0; held != (v >= 2) {
			t.Errorf("the left arm fell: %s held %v", k.aname(v), held)
		}
	}
}

// The cockatrice's Flutter: "Disengages from everyone automatically and
// flies 1 zone away": out of every engagement and into an adjacent zone,
// the one with the fewest adventurers in it and then next to it (the first
// on a tie); with nowhere to fly it only disengages.
func TestFlutterFliesAway(t *testing.T) {
	const abc = "scene: {zones: [a, b, c]}"
	for _, c := range []struct {
		name, scene, party, from string
		want                     int8
	}{
		{"away from the guild", abc, "  - {archetype: wands_sorcerer, zone: a}\n  - {archetype: wands_sorcerer, zone: b}", "b", 2},
		{"the guild all with it: the first zone", abc, "  - {archetype: wands_sorcerer, zone: b, count: 2}", "b", 0},
		{"fewer next to it", "scene: {zones: [a, b, c, d]}",
			"  - {archetype: wands_sorcerer, zone: b}\n  - {archetype: wands_sorcerer, zone: d}", "b", 0},
		{"one way out, toward the guild", abc, "  - {archetype: wands_sorcerer, zone: b, count: 2}", "a", 1},
		{"one zone: nowhere to fly", "", "  - {archetype: wands_sorcerer, count: 2}", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			foe := "  - {creature: cockatrice}"
			if c.from != "" {
				foe = "  - {creature: cockatrice, zone: " + c.from + "}"
			}
			k := testKernel(t, testScenario(c.party, foe, c.scene))
			from := k.zoneOf(0)
			for i := 0; i < k.na; i++ {
				if k.adv[i].zone == from {
					k.engage(i, 0)
				}
			}
			k.gm[0], k.ngm = 15, 1
			var a GMAction
			a.Reset()
			a.Kind, a.Card, a.Ability = GMAbility, 0, AbFlutterAway
			if !k.doGM(0, &a, false) {
				t.Fatal("Flutter was not played")
			}
			if k.mem[0].engaged != 0 {
				t.Errorf("still engaged after Flutter")
			}
			if got := k.zoneOf(0); got != c.want {
				t.Errorf("flew from %s to %s, want %s", k.m.scene.zones[from], k.m.scene.zones[got], k.m.scene.zones[c.want])
			}
		})
	}
}

// Fleet (2), the griffin's and the questing beast's: "Moves 2 zones on its
// turn without a card". Fleet moves 1; a Move paid with a card is 1 zone.
func TestFleetTwoZones(t *testing.T) {
	for _, c := range []struct {
		name, creature string
		card           bool
		to             int8
		ok             bool
	}{
		{"Fleet (2): two zones free", "griffin", false, 2, true},
		{"Fleet (2): one zone free", "griffin", false, 1, true},
		{"Fleet (2): a Move with a card is one zone", "griffin", true, 2, false},
		{"Fleet: one zone free", "harpy", false, 1, true},
		{"Fleet: not two", "harpy", false, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := testKernel(t, testScenario("  - {archetype: wands_sorcerer, zone: c}", "  - {creature: "+c.creature+", zone: a}",
				"scene: {zones: [a, b, c]}"))
			k.gm[0], k.ngm = 3, 1
			var a GMAction
			a.Reset()
			a.Kind, a.Zone = GMMove, c.to
			if c.card {
				a.Card = 0
			}
			ok := k.doGM(0, &a, true)
			if ok != c.ok {
				t.Fatalf("the move to %s: %v, want %v", k.m.scene.zones[c.to], ok, c.ok)
			}
			want := int8(0)
			if c.ok {
				want = c.to
			}
			if got := k.zoneOf(k.firstIn(0)); got != want {
				t.Errorf("in %s, want %s", k.m.scene.zones[got], k.m.scene.zones[want])
			}
		})
	}
}

// chaseGM is a GM policy that, on its turn, moves for free one zone (or
// two, with Fleet (2), as far as zone farZone) toward adventurer 0 while it
// is not in its zone, and Attacks it with the first card once it is.
type chaseGM struct{ farZone int8 }

func (p *chaseGM) Initiative(v *View, g int) int     { return -1 }
func (p *chaseGM) Minor(v *View, g int, a *GMAction) {}
func (p *chaseGM) Turn(v *View, g int, a *GMAction) {
	lo, _ := v.GroupMembers(g)
	z := v.MemberZone(lo)
	switch {
	case z == v.Zone(0):
		a.Kind, a.Card, a.Targets[0] = GMAttack, 0, 0
	case v.Has(g, AbFleet2):
		a.Kind, a.Zone = GMMove, p.farZone
	default:
		a.Kind, a.Zone = GMMove, int8(z+1)
	}
}

var theChaser = &chaseGM{}

func init() {
	Policies.Foes.Register("test-chase", "test only: a free move toward the first adventurer, then an Attack", theChaser)
}

// Fleet is a free action (spec 6.5.5: "Free actions cost no card: talking,
// and moving around inside your zone. Creature notes grant more, such as
// Fleet"; 6.9.4: "Free actions happen without a card"; only "Play a card"
// "counts as the creature's one card for its turn"). So the free move does
// not take the turn: the group moves, then takes its action. One free move
// a turn.
func TestFleetMoveThenAct(t *testing.T) {
	for _, c := range []struct {
		name, creature string
		zone           int8 // where it ends its turn
		attacks        bool
	}{
		{"Fleet (2): two zones, then an Attack", "griffin", 2, true},
		{"Fleet: one zone free, no second", "harpy", 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "system: hmtw\nstrategies: {party: test-idle, foes: test-chase}\nparty:\n  - {archetype: wands_sorcerer, zone: c}\n" +
				"foes:\n  - {creature: " + c.creature + ", zone: a}\nscene: {zones: [a, b, c]}\n"
			k := testKernel(t, src)
			theChaser.farZone = 2
			k.adv[0].init = MakeCard(Cups, 1)
			k.grp[0].init = 5
			k.gm[0], k.ngm = 14, 1
			acted := k.groupTurn(0)
			if got := k.zoneOf(k.firstIn(0)); got != c.zone {
				t.Errorf("ended its turn in %s, want %s", k.m.scene.zones[got], k.m.scene.zones[c.zone])
			}
			if attacked := k.ngm == 0; attacked != c.attacks {
				t.Errorf("Attacked after its free move: %v, want %v", attacked, c.attacks)
			}
			if !acted {
				t.Errorf("its turn reported no action")
			}
		})
	}
}

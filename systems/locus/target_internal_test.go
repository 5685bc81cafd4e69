package locus

import (
	"fmt"
	"testing"
)

// twoTesters is two characters, each with a club, beside two plain
// monsters (Attack 3; the first weak to fire), all scripted; a and b replace
// the characters' Items (", items: [...]").
func twoTesters(a, b string) string {
	const club = ", items: [{name: club, weapon: true, quality: 3, durability: 9}]"
	if a == "" {
		a = club
	}
	if b == "" {
		b = club
	}
	return fmt.Sprintf(`system: locus
party:
  - {name: First, attributes: %s, strategy: test-idle%s}
  - {name: Second, attributes: %s, strategy: test-idle%s}
foes:
  - {name: Thing, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, weakness: [fire], strategy: test-idle}
  - {name: Other, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, strategy: test-idle}
`, attrs(3, nil), a, attrs(3, nil), b)
}

// Errata E-L3: the default monster chooses whom to attack by what matters,
// never by the party's order. Between two characters alike it draws at
// random; otherwise it takes the one it is likelier to injure, then the one
// carrying what it is weak to, whichever is listed first.
func TestMonsterTargetIsNotFileOrder(t *testing.T) {
	const n = 4000
	k, _, _ := testKernel(t, twoTesters("", ""), 3)
	var chose [2]int
	for range n {
		a := k.hunt(0, false)
		if a.Kind != MonsterAttack {
			t.Fatalf("no attack: %+v", a)
		}
		chose[a.Target]++
	}
	if chose[0] < n*45/100 || chose[1] < n*45/100 {
		t.Errorf("two alike characters: attacked %v of %d times; want each about half", chose, n)
	}
	for _, c := range []struct {
		name  string
		setup func(k *kernel, i int)
	}{
		{"Prone (worse defence)", func(k *kernel, i int) { k.ch[i].cond |= Prone }},
		{"Nauseated (Clumsiness 5)", func(k *kernel, i int) { k.ch[i].cond |= Nauseated }},
		{"the miss bonus", func(k *kernel, i int) { k.mo[0].bonus |= 1 << i }},
		{"the other Defends", func(k *kernel, i int) { k.ch[1-i].defend = true }},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i := range 2 {
				k, _, _ := testKernel(t, twoTesters("", ""), 5)
				c.setup(k, i)
				for range 50 {
					if a := k.hunt(0, false); a.Target != i {
						t.Fatalf("%s on %s: attacked %d", c.name, k.cname(i), a.Target)
					}
				}
			}
		})
	}
	torch := ", items: [{name: torch, weapon: true, quality: 3, durability: 9, types: [fire]}]"
	for i, src := range []string{twoTesters(torch, ""), twoTesters("", torch)} {
		k, _, _ := testKernel(t, src, 7)
		for range 50 {
			if a := k.hunt(0, false); a.Target != i {
				t.Fatalf("torch carried by %s: attacked %s", k.cname(i), k.cname(a.Target))
			}
		}
		// A monster without that weakness draws between them.
		var other [2]int
		for range 400 {
			other[k.hunt(1, false).Target]++
		}
		if other[0] < 150 || other[1] < 150 {
			t.Errorf("a monster not weak to fire: attacked %v of 400; want each about half", other)
		}
	}
}

// Errata E-L3 on the party's side: a character choosing between two
// monsters alike (as hurt, as near) and approaching between two as near
// draws at random, and a stalking or plain monster chasing between two
// characters as near does too.
func TestPartyAndChaseTiesAreDrawn(t *testing.T) {
	const n = 2000
	k, _, _ := testKernel(t, twoTesters("", ""), 9)
	var atk, app, chase [2]int
	for range n {
		atk[k.fightOrStand(0, false).Target]++
	}
	for i := range 2 {
		k.ch[i].pos = 20
	}
	for range n {
		a := k.fightOrStand(0, false)
		if a.Kind != Approach {
			t.Fatalf("want an approach, got %+v", a)
		}
		app[a.Target]++
		chase[k.chaseTarget(0, false)]++
	}
	for what, c := range map[string][2]int{"attack": atk, "approach": app, "chase": chase} {
		if c[0] < n*45/100 || c[1] < n*45/100 {
			t.Errorf("%s: chose %v of %d; want each about half", what, c, n)
		}
	}
}

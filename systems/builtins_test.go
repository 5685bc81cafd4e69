package systems

import (
	"reflect"
	"strconv"
	"testing"
)

type beast struct {
	Key  string
	Full string
	Legs int
}

var beasts = Builtin[beast]{
	List:    func() []beast { return []beast{{"cat", "Cat", 4}, {"hen", "Hen", 2}, {"eel", "Eel", 0}} },
	ID:      func(b beast) string { return b.Key },
	Name:    func(b beast) string { return b.Full },
	Summary: func(b beast) string { return strconv.Itoa(b.Legs) + " legs" },
}

func TestBuiltinIDsAndGet(t *testing.T) {
	if got, want := beasts.IDs(), []string{"cat", "hen", "eel"}; !reflect.DeepEqual(got, want) {
		t.Errorf("IDs() = %v, want %v (the list's order)", got, want)
	}
	for _, c := range []struct {
		id   string
		want beast
	}{{"cat", beast{"cat", "Cat", 4}}, {"eel", beast{"eel", "Eel", 0}}, {"dog", beast{}}} {
		t.Run(c.id, func(t *testing.T) {
			if got := beasts.Get(c.id); got != c.want {
				t.Errorf("Get(%q) = %+v, want %+v", c.id, got, c.want)
			}
			if got, ok := beasts.Lookup(c.id); got != c.want || ok != (c.id != "dog") {
				t.Errorf("Lookup(%q) = %+v, %t; want %+v, %t", c.id, got, ok, c.want, c.id != "dog")
			}
		})
	}
	if got := beasts.Must("hen"); got.Legs != 2 {
		t.Errorf("Must(hen) = %+v", got)
	}
	defer func() {
		if r := recover(); r != "systems: no built-in dog" {
			t.Errorf("Must(dog) panicked with %v, want the missing id named", r)
		}
	}()
	beasts.Must("dog")
}

func TestBuiltinCreatures(t *testing.T) {
	list := beasts.List()[1:]
	want := []Creature{
		{ID: "hen", Name: "Hen", Kind: "bird", Summary: "2 legs", Stats: beast{"hen", "Hen", 2}},
		{ID: "eel", Name: "Eel", Kind: "bird", Summary: "0 legs", Stats: beast{"eel", "Eel", 0}},
	}
	if got := beasts.Creatures("bird", list); !reflect.DeepEqual(got, want) {
		t.Errorf("Creatures = %+v, want %+v", got, want)
	}
	carded := beasts
	carded.Stats = func(b beast) any { return b.Legs * 10 }
	if got := carded.Creatures("bird", list); got[0].Stats != 20 || got[1].Stats != 0 {
		t.Errorf("Creatures with Stats: %+v, want the Stats func's records", got)
	}
}

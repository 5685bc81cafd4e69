package sim

import (
	"reflect"
	"strings"
	"testing"
)

// A toy system's rules, one field per option, named after its id.
type (
	toyT1 uint8
	toyT2 uint8
	toyT3 uint8
)

const (
	t1Off toyT1 = iota
	t1On
)

const (
	t2Each toyT2 = iota
	t2One
	t2None
	t2Chance
)

const (
	t3Only toyT3 = iota
)

type toyRules struct {
	T1  toyT1
	T2  toyT2
	T2P float64
	T3  toyT3
}

func toyT1Decl() OptionDecl[toyRules] {
	return Enum("T-1", "is it on", func(r *toyRules) *toyT1 { return &r.T1 },
		Val("off", t1Off), Val("on", t1On))
}

func toyT2Decl(values ...Named[toyT2]) OptionDecl[toyRules] {
	if values == nil {
		values = []Named[toyT2]{Val("each", t2Each), Val("one", t2One), Val("none", t2None)}
	}
	return EnumOrChance("T2", "who is hit", func(r *toyRules) *toyT2 { return &r.T2 },
		t2Chance, func(r *toyRules) *float64 { return &r.T2P }, values...)
}

func toyT3Decl() OptionDecl[toyRules] {
	return Enum("T3", "the only reading", func(r *toyRules) *toyT3 { return &r.T3 }, Val("only", t3Only))
}

func toyTable() *OptionTable[toyRules] {
	return NewOptionTable(toyT1Decl(), toyT2Decl(), toyT3Decl())
}

func TestOptionTableListing(t *testing.T) {
	tb := toyTable()
	want := []Option{
		{ID: "T-1", Doc: "is it on", Default: "off", Values: []string{"off", "on"}},
		{ID: "T2", Doc: "who is hit", Default: "each", Values: []string{"each", "one", "none"}, Probability: true},
		{ID: "T3", Doc: "the only reading", Default: "only", Values: []string{"only"}},
	}
	got := tb.Options()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Options() = %+v\nwant %+v", got, want)
	}
	got[0].Values[0] = "changed"
	if tb.Options()[0].Values[0] != "off" {
		t.Error("Options() shares its slices with the table")
	}
	if d := tb.Defaults(); d != (toyRules{T1: t1Off, T2: t2Each}) {
		t.Errorf("Defaults() = %+v", d)
	}
}

func TestOptionTableResolve(t *testing.T) {
	tb := toyTable()
	for _, c := range []struct {
		name string
		in   Options
		want toyRules
		err  string // a part of the error; "" for none
	}{
		{"nothing set is the defaults", Options{}, toyRules{}, ""},
		{"every id at its default", Options{"T-1": "off", "T2": "each", "T3": "only"}, toyRules{}, ""},
		{"a value by name", Options{"T-1": "on"}, toyRules{T1: t1On}, ""},
		{"the last value", Options{"T2": "none"}, toyRules{T2: t2None}, ""},
		{"a probability", Options{"T2": "0.25"}, toyRules{T2: t2Chance, T2P: 0.25}, ""},
		{"probability 0", Options{"T2": "0"}, toyRules{T2: t2Chance}, ""},
		{"probability 1", Options{"T2": "1"}, toyRules{T2: t2Chance, T2P: 1}, ""},
		{"two at once", Options{"T-1": "on", "T2": "one"}, toyRules{T1: t1On, T2: t2One}, ""},
		{"an unknown value", Options{"T-1": "maybe"}, toyRules{}, `option T-1: unknown value "maybe"; allowed: off, on`},
		{"a number for an option that takes none", Options{"T-1": "0.5"}, toyRules{}, `unknown value "0.5"; allowed: off, on`},
		{"a probability above 1", Options{"T2": "1.5"}, toyRules{}, "allowed: each, one, none, or a probability from 0 to 1"},
		{"a negative probability", Options{"T2": "-0.1"}, toyRules{}, "option T2"},
		{"not a number", Options{"T2": "nan"}, toyRules{}, "option T2"},
		{"an empty value", Options{"T3": ""}, toyRules{}, "option T3"},
		{"an unknown id", Options{"T9": "on"}, toyRules{}, "unknown option T9; allowed: T-1, T2, T3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := tb.Resolve(c.in)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("Resolve(%v) error = %v, want one with %q", c.in, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("Resolve(%v) = %+v, %v; want %+v", c.in, got, err, c.want)
			}
		})
	}
}

// The order in which options, or an option's values after its default,
// are declared changes nothing but the listing: every setting resolves to
// the same rules.
func TestOptionTableOrderFree(t *testing.T) {
	a := toyTable()
	b := NewOptionTable(toyT3Decl(), toyT2Decl(Val("each", t2Each), Val("none", t2None), Val("one", t2One)), toyT1Decl())
	for _, t1 := range []string{"off", "on"} {
		for _, t2 := range []string{"each", "one", "none", "0.3"} {
			o := Options{"T-1": t1, "T2": t2, "T3": "only"}
			ra, errA := a.Resolve(o)
			rb, errB := b.Resolve(o)
			if errA != nil || errB != nil || ra != rb {
				t.Errorf("%v: %+v (%v) in one order, %+v (%v) in another", o, ra, errA, rb, errB)
			}
		}
	}
}

func TestOptionTableCheckFields(t *testing.T) {
	if err := toyTable().CheckFields(); err != nil {
		t.Fatalf("a sound table: %v", err)
	}
	// T-1's declaration bound to a field of another option's name.
	type swapped struct{ T1, T3 toyT1 }
	bad := NewOptionTable(
		Enum("T-1", "", func(r *swapped) *toyT1 { return &r.T3 }, Val("off", t1Off), Val("on", t1On)),
		Enum("T3", "", func(r *swapped) *toyT1 { return &r.T1 }, Val("off", t1Off), Val("on", t1On)))
	if err := bad.CheckFields(); err == nil || !strings.Contains(err.Error(), "option T-1 sets field T3") {
		t.Errorf("a swapped binding: error %v", err)
	}
	// A field no option sets, and an option with no field of its name.
	type stray struct{ T1, Other toyT1 }
	bad2 := NewOptionTable(Enum("T-1", "", func(r *stray) *toyT1 { return &r.T1 }, Val("off", t1Off), Val("on", t1On)))
	if err := bad2.CheckFields(); err == nil || !strings.Contains(err.Error(), "field Other") {
		t.Errorf("a stray field: error %v", err)
	}
	type missing struct{ X toyT1 }
	bad3 := NewOptionTable(Enum("T-1", "", func(r *missing) *toyT1 { return &r.X }, Val("off", t1Off), Val("on", t1On)))
	if err := bad3.CheckFields(); err == nil || !strings.Contains(err.Error(), "no field T1") {
		t.Errorf("a missing field: error %v", err)
	}
}

// A table that cannot be right is a programming error, found when the
// package loads.
func TestOptionTableRefusesBadDeclarations(t *testing.T) {
	for name, build := range map[string]func(){
		"no values": func() { NewOptionTable(Enum[toyRules, toyT1]("T-1", "", func(r *toyRules) *toyT1 { return &r.T1 })) },
		"a duplicate id": func() {
			NewOptionTable(toyT1Decl(), toyT1Decl())
		},
		"an id in lower case": func() {
			NewOptionTable(Enum("t1", "", func(r *toyRules) *toyT1 { return &r.T1 }, Val("off", t1Off)))
		},
		"a duplicate value": func() {
			NewOptionTable(Enum("T-1", "", func(r *toyRules) *toyT1 { return &r.T1 }, Val("off", t1Off), Val("off", t1On)))
		},
		"a value in upper case": func() {
			NewOptionTable(Enum("T-1", "", func(r *toyRules) *toyT1 { return &r.T1 }, Val("Off", t1Off)))
		},
		"two names for one reading": func() {
			NewOptionTable(Enum("T-1", "", func(r *toyRules) *toyT1 { return &r.T1 }, Val("off", t1Off), Val("on", t1Off)))
		},
		"a number for a name": func() {
			NewOptionTable(toyT2Decl(Val("each", t2Each), Val("0.5", t2One)))
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			build()
		})
	}
}

package sim

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// A system declares each of its options once, bound to a typed field of its
// rules struct R, and gets from that one declaration the table `tpk
// systems` lists, the defaults, and the rules a scenario's options make.
// The kernel then reads plain fields (rules.C14 == C14Dying), never a
// position in a list: each value is tied to its typed constant by name, so
// reordering options or values changes nothing but the listing. All of it
// runs when a scenario is compiled, none of it in an encounter.

// Named is one value of an option: the word scenarios write and the typed
// value it sets.
type Named[V comparable] struct {
	Name  string
	Value V
}

// Val pairs the word scenarios write with the typed value it stands for.
func Val[V comparable](name string, v V) Named[V] { return Named[V]{name, v} }

// OptionDecl is one option of rules struct R: its spec and how each of its
// values sets R.
type OptionDecl[R comparable] struct {
	spec Option
	set  []func(*R)        // set[i] applies spec.Values[i]
	prob func(*R, float64) // a probability; nil unless spec.Probability
}

// Enum declares option id, asking doc, whose values (the spec's default
// first) set the field that field points to.
func Enum[R comparable, V comparable](id, doc string, field func(*R) *V, values ...Named[V]) OptionDecl[R] {
	d := OptionDecl[R]{spec: Option{ID: id, Doc: doc}}
	for _, n := range values {
		v := n.Value
		d.spec.Values = append(d.spec.Values, n.Name)
		d.set = append(d.set, func(r *R) { *field(r) = v })
	}
	if len(values) > 0 {
		d.spec.Default = values[0].Name
	}
	return d
}

// EnumOrChance declares a probability option: values as Enum's, and besides
// them a number p from 0 to 1, which sets the field to chance and the field
// prob points to to p.
func EnumOrChance[R comparable, V comparable](id, doc string, field func(*R) *V, chance V, prob func(*R) *float64, values ...Named[V]) OptionDecl[R] {
	d := Enum(id, doc, field, values...)
	d.spec.Probability = true
	d.prob = func(r *R, p float64) { *field(r) = chance; *prob(r) = p }
	return d
}

// OptionTable is a system's options bound to its rules struct R.
type OptionTable[R comparable] struct {
	decls    []OptionDecl[R]
	defaults R
}

// NewOptionTable builds the table of decls, in the order `tpk systems`
// lists them. It panics on a declaration that cannot be right (an option
// without values, an id not in upper case or given twice, a value not in
// lower case, given twice, a number where a probability is accepted, or
// two values that set the same reading): a programming error, found when
// the system's package loads.
func NewOptionTable[R comparable](decls ...OptionDecl[R]) *OptionTable[R] {
	t := &OptionTable[R]{decls: decls}
	ids := map[string]bool{}
	for _, d := range decls {
		s := d.spec
		switch {
		case len(s.Values) == 0:
			panic("sim: option " + s.ID + " has no values")
		case s.ID == "" || s.ID != strings.ToUpper(s.ID):
			panic("sim: option id " + strconv.Quote(s.ID) + " is not in upper case")
		case ids[s.ID]:
			panic("sim: option " + s.ID + " is declared twice")
		}
		ids[s.ID] = true
		d.set[0](&t.defaults)
	}
	for _, d := range decls {
		seen := map[R]string{}
		for i, v := range d.spec.Values {
			r := t.defaults
			d.set[i](&r)
			if _, err := strconv.ParseFloat(v, 64); (err == nil && d.prob != nil) || v != strings.ToLower(strings.TrimSpace(v)) || v == "" {
				panic("sim: option " + d.spec.ID + ": value " + strconv.Quote(v) + " is not a word in lower case")
			}
			if slices.Index(d.spec.Values, v) != i {
				panic("sim: option " + d.spec.ID + ": value " + v + " is given twice")
			}
			if w, dup := seen[r]; dup {
				panic("sim: option " + d.spec.ID + ": " + w + " and " + v + " set the same reading")
			}
			seen[r] = v
		}
	}
	return t
}

// Options returns the specs, a copy for the caller to keep.
func (t *OptionTable[R]) Options() []Option {
	out := make([]Option, len(t.decls))
	for i, d := range t.decls {
		out[i] = d.spec
		out[i].Values = slices.Clone(d.spec.Values)
	}
	return out
}

// Defaults returns the rules of every option at the spec's default.
func (t *OptionTable[R]) Defaults() R { return t.defaults }

// Resolve returns the rules o sets: every option o names at its value, the
// others at their default. An unknown id or value is an error that names
// the allowed ones.
func (t *OptionTable[R]) Resolve(o Options) (R, error) {
	r := t.defaults
	for _, id := range o.Keys() {
		if t.find(id) < 0 {
			ids := make([]string, len(t.decls))
			for i, d := range t.decls {
				ids[i] = d.spec.ID
			}
			return r, fmt.Errorf("unknown option %s; allowed: %s", id, strings.Join(ids, ", "))
		}
	}
	for _, d := range t.decls {
		v, ok := o[d.spec.ID]
		if !ok {
			continue
		}
		if i := slices.Index(d.spec.Values, v); i >= 0 {
			d.set[i](&r)
			continue
		}
		if p, err := strconv.ParseFloat(v, 64); d.prob != nil && err == nil && p >= 0 && p <= 1 {
			d.prob(&r, p)
			continue
		}
		allowed := strings.Join(d.spec.Values, ", ")
		if d.prob != nil {
			allowed += ", or a probability from 0 to 1"
		}
		return r, fmt.Errorf("option %s: unknown value %q; allowed: %s", d.spec.ID, v, allowed)
	}
	return r, nil
}

func (t *OptionTable[R]) find(id string) int {
	return slices.IndexFunc(t.decls, func(d OptionDecl[R]) bool { return d.spec.ID == id })
}

// CheckFields resolves each option's every value alone, by its id, and
// verifies that it sets only the field named after the id (the id without
// dashes: L-3 sets L3; a probability option also the field of that name
// with P added, S11P), that every value but the default changes it, and
// that R has no other field; so a declaration bound to the wrong field,
// which no listing would show, is found by a test. It is for tests: it
// uses reflection.
func (t *OptionTable[R]) CheckFields() error {
	rt := reflect.TypeFor[R]()
	if rt.Kind() != reflect.Struct {
		return fmt.Errorf("the rules are a %s, not a struct", rt.Kind())
	}
	owner := map[string]string{} // field name -> option id
	for _, d := range t.decls {
		name := strings.ReplaceAll(d.spec.ID, "-", "")
		if _, ok := rt.FieldByName(name); !ok {
			return fmt.Errorf("option %s: the rules have no field %s", d.spec.ID, name)
		}
		owner[name] = d.spec.ID
		if d.prob != nil {
			if _, ok := rt.FieldByName(name + "P"); !ok {
				return fmt.Errorf("option %s: the rules have no field %sP for its probability", d.spec.ID, name)
			}
			owner[name+"P"] = d.spec.ID
		}
	}
	for i := range rt.NumField() {
		if f := rt.Field(i).Name; owner[f] == "" {
			return fmt.Errorf("field %s is no option's", f)
		}
	}
	def := reflect.ValueOf(t.defaults)
	for _, d := range t.decls {
		values := d.spec.Values
		if d.prob != nil {
			values = append(slices.Clone(values), "0.5")
		}
		for _, v := range values {
			r, err := t.Resolve(Options{d.spec.ID: v})
			if err != nil {
				return err
			}
			rv, changed := reflect.ValueOf(r), false
			for f := range rt.NumField() {
				if rv.Field(f).Equal(def.Field(f)) {
					continue
				}
				if owner[rt.Field(f).Name] != d.spec.ID {
					return fmt.Errorf("option %s sets field %s (value %s)", d.spec.ID, rt.Field(f).Name, v)
				}
				changed = true
			}
			if changed == (v == d.spec.Default) {
				return fmt.Errorf("option %s: value %s leaves its field at the default's, or the default changes it", d.spec.ID, v)
			}
		}
	}
	return nil
}

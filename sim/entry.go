package sim

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Entry declares the keys of one kind of scenario entry (a party member, a
// foe, an item) for a system's value type T, and decodes such an entry
// strictly: an unknown key, a wrong type, a value out of range and an
// unknown name are InputErrors with the file, the line, what was expected
// and the allowed values, with "did you mean" for a near miss.
type Entry[T any] struct {
	What string // how messages name an entry: "party member", "foe"
	// Blank gives the entry's values when it names no template (nil: T's
	// zero value).
	Blank func() T
	// Keys are the keys an entry allows, in the order messages list them.
	Keys []Key[T]
}

// ValueKind is the type of value a Key takes.
type ValueKind uint8

// The kinds of Key.
const (
	IntKind      ValueKind = iota // a whole number from Min to Max
	BoolKind                      // true or false
	TextKind                      // a word or text
	EnumKind                      // one of Values
	FlagsKind                     // a list of Values, each at most once
	IntsKind                      // a mapping of Values to whole numbers from Min to Max
	BoolsKind                     // a mapping of Values to true or false
	TemplateKind                  // the built-in the entry starts from: one of Values
	StrategyKind                  // the entry's strategy, in place of its side's
	CountKind                     // how many copies of the entry: 1 to Max
	CustomKind                    // decoded by the system's own function
)

// Key is one key of an Entry: its name, the kind, range or allowed values of
// its value, and where the value goes in T. Make one with a constructor
// (IntKey, EnumKey...); Late and Bounds adjust it.
type Key[T any] struct {
	Name     string // the key as scenarios write it
	What     string // how messages name the value: "harm (the harm the PC inflicts)"
	Kind     ValueKind
	Min, Max int      // IntKind, IntsKind, CountKind
	Values   []string // EnumKind, FlagsKind, IntsKind, BoolsKind, TemplateKind
	// decode reads the value in file order and after once every other key
	// is read; Late moves decode to after, or, when the key has a shape (the
	// keys of a mapping), checks the shape in file order and reads the
	// values with late.
	decode, after, shape, late step[T]
	bounds                     func(t *T) (lo, hi int)
	template                   func(id string) T
	show                       func(t *T) string // the value as YAML writes it (Form's defaults); nil for none
	custom                     *Shape            // a custom key's value (Shaped)
	example                    string            // the value a template shows (Shows)
}

// step reads the value n of key k into t and got.
type step[T any] func(k *Key[T], d *Doc, n *yaml.Node, t *T, got *Decoded) error

// Decoded is what Entry.Decode read beside the entry's values.
type Decoded struct {
	Fields     []Field    // the entry's keys and values, in file order
	Template   string     // the template named, "" for none
	Count      int        // copies of the entry, 1 unless `count:` says
	Strategy   string     // in lower case; the side's when the entry names none
	StrategyAt *yaml.Node // the entry's `strategy:` value; nil for the side's
}

// Has says whether the entry gives key.
func (g *Decoded) Has(key string) bool { return g.field(key) != nil }

// Value returns the node of key's value, or nil.
func (g *Decoded) Value(key string) *yaml.Node {
	if f := g.field(key); f != nil {
		return f.Node
	}
	return nil
}

// KeyAt returns the node of key itself, or nil.
func (g *Decoded) KeyAt(key string) *yaml.Node {
	if f := g.field(key); f != nil {
		return f.KeyAt
	}
	return nil
}

func (g *Decoded) field(key string) *Field {
	for i := range g.Fields {
		if g.Fields[i].Key == key {
			return &g.Fields[i]
		}
	}
	return nil
}

// Names returns the keys in declaration order.
func (e *Entry[T]) Names() []string {
	names := make([]string, len(e.Keys))
	for i, k := range e.Keys {
		names[i] = k.Name
	}
	return names
}

// Decode reads one entry from n: first its template, whatever the key order,
// else Blank; then every other key in file order; then the keys marked
// Late, in declaration order. strategy is the side's strategy, the entry's
// unless it names its own.
func (e *Entry[T]) Decode(d *Doc, n *yaml.Node, strategy string) (T, *Decoded, error) {
	var t T
	fields, err := d.Map(n, e.What, e.Names()...)
	if err != nil {
		return t, nil, err
	}
	got := &Decoded{Fields: fields, Count: 1, Strategy: strings.ToLower(strategy)}
	for _, k := range e.Keys {
		if v := got.Value(k.Name); k.template != nil && v != nil {
			if got.Template, err = d.Enum(v, k.What, k.Values); err != nil {
				return t, nil, err
			}
			t = k.template(got.Template)
		}
	}
	if got.Template == "" && e.Blank != nil {
		t = e.Blank()
	}
	for _, f := range fields {
		i := slices.IndexFunc(e.Keys, func(k Key[T]) bool { return k.Name == f.Key })
		if i < 0 { // only when there are no Keys: Map allows any key then
			return t, nil, d.Errorf(f.KeyAt, "%s: unknown key %q; it takes no keys", e.What, f.Key)
		}
		if k := &e.Keys[i]; k.decode != nil {
			if err := k.decode(k, d, f.Node, &t, got); err != nil {
				return t, nil, err
			}
		}
	}
	for i := range e.Keys {
		k := &e.Keys[i]
		if v := got.Value(k.Name); k.after != nil && v != nil {
			if err := k.after(k, d, v, &t, got); err != nil {
				return t, nil, err
			}
		}
	}
	return t, got, nil
}

// Late returns k read after every other key of its entry, whatever the key
// order: a weapon's damage after the weapon, a stat after `in_play:`. The
// shape of a mapping (its keys) is still checked in file order.
func (k Key[T]) Late() Key[T] {
	if k.shape == nil {
		k.after, k.decode = k.decode, nil
		return k
	}
	k.decode, k.after = k.shape, k.late
	return k
}

// Then returns k followed by check, a rule on the value once read (a
// multiple of 3, a value that needs another key), which reports bad input
// with d at n. It runs when k is read, Late or not.
func (k Key[T]) Then(check func(d *Doc, n *yaml.Node, t *T) error) Key[T] {
	then := func(s step[T]) step[T] {
		if s == nil {
			return nil
		}
		return func(k *Key[T], d *Doc, n *yaml.Node, t *T, got *Decoded) error {
			if err := s(k, d, n, t, got); err != nil {
				return err
			}
			return check(d, n, t)
		}
	}
	if k.after != nil { // already Late: its shape, if any, is still checked first
		k.after = then(k.after)
		return k
	}
	k.decode, k.late = then(k.decode), then(k.late)
	return k
}

// Bounds returns k with a range that depends on the entry's other values
// (read them with Late).
func (k Key[T]) Bounds(b func(t *T) (lo, hi int)) Key[T] {
	k.bounds = b
	return k
}

func (k *Key[T]) rangeOf(t *T) (int, int) {
	if k.bounds != nil {
		return k.bounds(t)
	}
	return k.Min, k.Max
}

// TemplateKey is the key that names the built-in an entry starts from
// (`creature:`, `npc:`): one of ids, whose values get returns. It is read
// before every other key.
func TemplateKey[T any](name, what string, ids []string, get func(id string) T) Key[T] {
	return Key[T]{Name: name, What: what, Kind: TemplateKind, Values: ids, template: get}
}

// StrategyKey is `strategy:`, the entry's own strategy (Decoded.Strategy).
func StrategyKey[T any]() Key[T] {
	return Key[T]{Name: "strategy", What: "strategy", Kind: StrategyKind,
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, _ *T, got *Decoded) error {
			s, err := d.Str(n, "strategy")
			got.Strategy, got.StrategyAt = strings.ToLower(s), n
			return err
		}}
}

// CountKey is the key of how many copies of the entry there are
// (Decoded.Count), from 1 to max.
func CountKey[T any](what string, max int) Key[T] {
	return Key[T]{Name: "count", What: what, Kind: CountKind, Min: 1, Max: max,
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, _ *T, got *Decoded) (err error) {
			got.Count, err = d.Int(n, what, 1, max)
			return err
		}}
}

// IntKey is a whole number from lo to hi.
func IntKey[T any](name, what string, lo, hi int, at func(t *T) *int) Key[T] {
	return Key[T]{Name: name, What: what, Kind: IntKind, Min: lo, Max: hi,
		show: func(t *T) string { return showInt(*at(t)) },
		decode: func(k *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) (err error) {
			lo, hi := k.rangeOf(t)
			*at(t), err = d.Int(n, what, lo, hi)
			return err
		}}
}

// BoolKey is true or false.
func BoolKey[T any](name, what string, at func(t *T) *bool) Key[T] {
	return Key[T]{Name: name, What: what, Kind: BoolKind,
		show: func(t *T) string { return showBool(*at(t)) },
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) (err error) {
			*at(t), err = d.Bool(n, what)
			return err
		}}
}

// TextKey is a word or text, kept as written.
func TextKey[T any](name, what string, at func(t *T) *string) Key[T] {
	return Key[T]{Name: name, What: what, Kind: TextKind,
		show: func(t *T) string { return showText(*at(t)) },
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) (err error) {
			*at(t), err = d.Str(n, what)
			return err
		}}
}

// EnumKey is one of values; at receives its index.
func EnumKey[T any, E ~int | ~uint8](name, what string, values []string, at func(t *T) *E) Key[T] {
	k := ChoiceKey(name, what, values, func(t *T, v string) { *at(t) = E(slices.Index(values, v)) })
	k.show = func(t *T) string { return showEnum(values, int(*at(t))) }
	return k
}

// ChoiceKey is one of values; set receives it in lower case.
func ChoiceKey[T any](name, what string, values []string, set func(t *T, v string)) Key[T] {
	return Key[T]{Name: name, What: what, Kind: EnumKind, Values: values,
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error {
			v, err := d.Enum(n, what, values)
			if err == nil {
				set(t, v)
			}
			return err
		}}
}

// FlagsKey is a list of values, each at most once; at gives the flags
// (one per value, in the order of values), which the list replaces. twice
// is the message for a value listed twice, with one %q for it.
func FlagsKey[T any](name, what string, values []string, twice string, at func(t *T) []bool) Key[T] {
	return Key[T]{Name: name, What: what, Kind: FlagsKind, Values: values,
		show: func(t *T) string { return showFlags(values, at(t)) },
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error {
			list, err := d.Seq(n, what)
			if err != nil {
				return err
			}
			flags := at(t)
			clear(flags)
			for _, x := range list {
				v, err := d.Enum(x, what, values)
				if err != nil {
					return err
				}
				i := slices.Index(values, v)
				if flags[i] {
					return d.Errorf(x, twice, v)
				}
				flags[i] = true
			}
			return nil
		}}
}

// IntsKey is a mapping of values to whole numbers from lo to hi; at gives
// the numbers (one per value, in the order of values), of which the mapping
// changes those it names. label names one number in messages ("stat
// tough"). Made Late, it checks the mapping's keys in file order and reads
// the numbers later, in the order of values.
func IntsKey[T any](name, what string, values []string, label func(v string) string, lo, hi int, at func(t *T) []int) Key[T] {
	read := func(k *Key[T], d *Doc, f Field, t *T) (err error) {
		lo, hi := k.rangeOf(t)
		at(t)[slices.Index(values, f.Key)], err = d.Int(f.Node, label(f.Key), lo, hi)
		return err
	}
	return Key[T]{Name: name, What: what, Kind: IntsKind, Min: lo, Max: hi, Values: values,
		show: func(t *T) string { return showMap(values, at(t), showInt) },
		decode: func(k *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error {
			fields, err := d.Map(n, what, values...)
			for i := 0; err == nil && i < len(fields); i++ {
				err = read(k, d, fields[i], t)
			}
			return err
		},
		shape: func(_ *Key[T], d *Doc, n *yaml.Node, _ *T, _ *Decoded) error {
			_, err := d.Map(n, what, values...)
			return err
		},
		late: func(k *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error {
			fields, _ := d.Map(n, what, values...) // its shape was checked in file order
			for _, v := range values {
				i := slices.IndexFunc(fields, func(f Field) bool { return f.Key == v })
				if i < 0 {
					continue
				}
				if err := read(k, d, fields[i], t); err != nil {
					return err
				}
			}
			return nil
		}}
}

// BoolsKey is a mapping of values to true or false; at gives the flags (one
// per value, in the order of values), of which the mapping changes those it
// names. label names one flag in messages ("questions.injury").
func BoolsKey[T any](name, what string, values []string, label func(v string) string, at func(t *T) []bool) Key[T] {
	return Key[T]{Name: name, What: what, Kind: BoolsKind, Values: values,
		show: func(t *T) string { return showMap(values, at(t), showBool) },
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error {
			fields, err := d.Map(n, what, values...)
			for _, f := range fields {
				if err != nil {
					break
				}
				at(t)[slices.Index(values, f.Key)], err = d.Bool(f.Node, label(f.Key))
			}
			return err
		}}
}

// CustomKey is a value the system reads itself with read, which reports
// bad input with d (d.Errorf, d.Int...).
func CustomKey[T any](name, what string, read func(d *Doc, n *yaml.Node, t *T) error) Key[T] {
	return Key[T]{Name: name, What: what, Kind: CustomKind,
		decode: func(_ *Key[T], d *Doc, n *yaml.Node, t *T, _ *Decoded) error { return read(d, n, t) }}
}

// Collect decodes a side's entries in file order with one (given each
// entry's index and node), joining what it returns, and refuses more than
// max combatants in all at the entry that passes the limit; too says so
// with one %d for max ("the party has more than %d PCs").
func Collect[S any](d *Doc, entries []*yaml.Node, max int, too string, one func(i int, n *yaml.Node) ([]S, error)) ([]S, error) {
	var all []S
	for i, n := range entries {
		s, err := one(i, n)
		if err != nil {
			return nil, err
		}
		if all = append(all, s...); len(all) > max {
			return nil, d.Errorf(n, too+"; allowed: 1 to %d", max, max)
		}
	}
	return all, nil
}

// Repeat returns n copies of s: an entry's `count:` expanded.
func Repeat[S any](s S, n int) []S {
	out := make([]S, n)
	for i := range out {
		out[i] = s
	}
	return out
}

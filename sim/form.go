package sim

import (
	"reflect"
	"strconv"
	"strings"
)

// Form describes one kind of scenario entry (a party member, a foe, the
// scene) as its Entry declares it, without the system's Go types: the keys,
// what each takes, and the blank entry's values. The command line writes
// scenario templates and JSON Schemas from it, so that they say what the
// decoder reads.
type Form struct {
	What string // how messages name an entry: "party member"
	Keys []FormKey
}

// FormKey is one key of a Form.
type FormKey struct {
	Name  string    // the key as scenarios write it
	What  string    // how messages name the value, often with a word on it
	Kind  ValueKind // the Key's kind
	Shape Shape     // what the value looks like
	// Default is the value of an entry that names no template, as YAML
	// writes it ("3", "false", "[]"); "" when the key has none to show.
	Default string
	// Example is a value the decoder takes, as YAML writes it, where the
	// key's rules with other keys make its default or its least value a
	// poor one to show (Key.Shows); "" for none.
	Example string
}

// Key returns the key called name, or nil.
func (f *Form) Key(name string) *FormKey {
	for i := range f.Keys {
		if f.Keys[i].Name == name {
			return &f.Keys[i]
		}
	}
	return nil
}

// ShapeType is the YAML type of a value.
type ShapeType uint8

// The types of Shape.
const (
	AnyShape   ShapeType = iota // anything the system reads itself
	IntShape                    // a whole number from Min to Max
	NumShape                    // a number from Min to Max
	BoolShape                   // true or false
	TextShape                   // a word or text; one of Values when they are given
	NullShape                   // nothing (null)
	ListShape                   // a list of Items
	MapShape                    // a mapping with the keys Keys (or any keys, each value Items)
	OneOfShape                  // any one of Or
)

// Shape is what a value looks like: a type, a range or the allowed words,
// and for lists and mappings what they hold.
type Shape struct {
	Type     ShapeType
	Min, Max float64   // IntShape, NumShape
	Values   []string  // TextShape: the words allowed (in any case); nil for any text
	Pattern  string    // TextShape: a regular expression (ECMA 262) the text matches; "" for any
	Items    *Shape    // ListShape: each item
	Unique   bool      // ListShape: each item at most once
	MinItems int       // ListShape: at least this many items
	MaxItems int       // ListShape: at most this many items; 0 for no limit
	Keys     []FormKey // MapShape: the keys allowed; with Items, any key whose value has the shape Items
	Or       []Shape   // OneOfShape
	Doc      string    // in words, for what the type does not say ("a card: 1..10, the-fool...")
}

// IntOf is a whole number from lo to hi.
func IntOf(lo, hi int) Shape { return Shape{Type: IntShape, Min: float64(lo), Max: float64(hi)} }

// NumberOf is a number from lo to hi.
func NumberOf(lo, hi float64) Shape { return Shape{Type: NumShape, Min: lo, Max: hi} }

// BoolOf is true or false.
func BoolOf() Shape { return Shape{Type: BoolShape} }

// TextOf is a word or text: one of values (in any case), any text without
// them.
func TextOf(values ...string) Shape { return Shape{Type: TextShape, Values: values} }

// NullOf is nothing: null, or a key with no value.
func NullOf() Shape { return Shape{Type: NullShape} }

// ListOf is a list of items.
func ListOf(item Shape) Shape { return Shape{Type: ListShape, Items: &item} }

// MapOf is a mapping with the keys of f.
func MapOf(f Form) Shape { return Shape{Type: MapShape, Keys: f.Keys} }

// OneOf is any one of shapes.
func OneOf(shapes ...Shape) Shape { return Shape{Type: OneOfShape, Or: shapes} }

// Says returns s described in words.
func (s Shape) Says(doc string) Shape { s.Doc = doc; return s }

// AtMost returns the list s with at most n items.
func (s Shape) AtMost(n int) Shape { s.MaxItems = n; return s }

// Between returns the list s with lo to hi items.
func (s Shape) Between(lo, hi int) Shape { s.MinItems, s.MaxItems = lo, hi; return s }

// Words describes the shape in a few words, for a template's comments:
// "1 to 5", "true or false", "one of a, b, c", "a list of: ...".
func (s Shape) Words() string {
	if s.Doc != "" {
		return s.Doc
	}
	switch s.Type {
	case IntShape:
		return fmtNum(s.Min) + " to " + fmtNum(s.Max)
	case NumShape:
		return "a number from " + fmtNum(s.Min) + " to " + fmtNum(s.Max)
	case BoolShape:
		return "true or false"
	case TextShape:
		if len(s.Values) == 0 {
			return "text"
		}
		return "one of " + strings.Join(s.Values, ", ")
	case NullShape:
		return "nothing"
	case ListShape:
		list := "a list"
		if s.Unique {
			list += " (each at most once)"
		}
		switch {
		case s.Items.Type == MapShape:
			return list + " of mappings"
		case s.Items.Type == TextShape && s.Items.Doc == "" && len(s.Items.Values) > 0:
			return list + " of " + strings.Join(s.Items.Values, ", ")
		}
		return list + " of " + s.Items.Words()
	case MapShape:
		if len(s.Keys) == 0 || len(s.Keys) > 12 {
			return "a mapping"
		}
		names := make([]string, len(s.Keys))
		same := true
		for i, k := range s.Keys {
			names[i] = k.Name
			same = same && reflect.DeepEqual(k.Shape, s.Keys[0].Shape)
		}
		if same {
			return s.Keys[0].Shape.Words() + " each, a mapping of " + strings.Join(names, ", ")
		}
		return "a mapping of " + strings.Join(names, ", ")
	case OneOfShape:
		ws := make([]string, len(s.Or))
		for i, o := range s.Or {
			ws[i] = o.Words()
		}
		return strings.Join(ws, ", or ")
	}
	return "any value"
}

func fmtNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Shaped returns the custom key k with the shape of its value, which its
// own function reads: a template and a JSON Schema show it. A custom key
// without one takes anything in the schema.
func (k Key[T]) Shaped(s Shape) Key[T] {
	k.custom = &s
	return k
}

// Shows returns k with example, a value the decoder takes written as YAML
// ("{quick: 1, steady: 0, sharp: 0, tough: 0}"), for a template to show
// where k's default or least value would be refused for a rule between
// keys.
func (k Key[T]) Shows(example string) Key[T] {
	k.example = example
	return k
}

// Shape is what the value of k looks like.
func (k *Key[T]) Shape() Shape {
	switch k.Kind {
	case IntKind:
		return IntOf(k.Min, k.Max)
	case BoolKind:
		return BoolOf()
	case TextKind, StrategyKind:
		return TextOf()
	case EnumKind, TemplateKind:
		return TextOf(k.Values...)
	case CountKind:
		return IntOf(1, k.Max)
	case FlagsKind:
		s := ListOf(TextOf(k.Values...))
		s.Unique = true
		return s
	case IntsKind, BoolsKind:
		each := BoolOf()
		if k.Kind == IntsKind {
			each = IntOf(k.Min, k.Max)
		}
		keys := make([]FormKey, len(k.Values))
		for i, v := range k.Values {
			keys[i] = FormKey{Name: v, What: k.What + " " + v, Kind: IntKind, Shape: each}
			if k.Kind == BoolsKind {
				keys[i].Kind = BoolKind
			}
		}
		return Shape{Type: MapShape, Keys: keys}
	}
	if k.custom != nil {
		return *k.custom
	}
	return Shape{Doc: k.What}
}

// Form describes the entry's keys, with the values of an entry that names
// no template (Blank) as their defaults.
func (e Entry[T]) Form() Form {
	var blank T
	if e.Blank != nil {
		blank = e.Blank()
	}
	f := Form{What: e.What, Keys: make([]FormKey, len(e.Keys))}
	for i := range e.Keys {
		k := &e.Keys[i]
		f.Keys[i] = FormKey{Name: k.Name, What: k.What, Kind: k.Kind, Shape: k.Shape(), Example: k.example}
		if k.show != nil {
			f.Keys[i].Default = k.show(&blank)
		}
		if k.Kind == CountKind {
			f.Keys[i].Default = "1"
		}
	}
	return f
}

// showInt, showBool... write a key's value as YAML does, for Form.Default.
func showInt(v int) string   { return strconv.Itoa(v) }
func showBool(v bool) string { return strconv.FormatBool(v) }

func showText(v string) string {
	if v == "" {
		return ""
	}
	return strconv.Quote(v)
}

func showEnum(values []string, i int) string {
	if i < 0 || i >= len(values) {
		return ""
	}
	return values[i]
}

func showFlags(values []string, flags []bool) string {
	var on []string
	for i, f := range flags {
		if f && i < len(values) {
			on = append(on, values[i])
		}
	}
	return "[" + strings.Join(on, ", ") + "]"
}

func showMap[V any](values []string, vs []V, show func(V) string) string {
	parts := make([]string, 0, len(values))
	for i, v := range values {
		if i < len(vs) {
			parts = append(parts, v+": "+show(vs[i]))
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Names returns the keys of f, in order.
func (f *Form) Names() []string {
	out := make([]string, len(f.Keys))
	for i, k := range f.Keys {
		out[i] = k.Name
	}
	return out
}

package systems

// Builtin is one kind of a system's built-in entries (characters, enemies,
// monsters): the list in the order the bestiary gives it, and how to read an
// entry's id, name and one-line summary for templates and `tpk bestiary`.
type Builtin[T any] struct {
	List    func() []T
	ID      func(T) string
	Name    func(T) string
	Summary func(T) string
	// Stats is the record `tpk bestiary` gives of an entry; nil means the
	// entry itself.
	Stats func(T) any
}

// IDs are the entries' ids in the list's order.
func (b Builtin[T]) IDs() []string {
	list := b.List()
	ids := make([]string, len(list))
	for i, x := range list {
		ids[i] = b.ID(x)
	}
	return ids
}

// Get is the entry of that id, or the zero T when there is none.
func (b Builtin[T]) Get(id string) T {
	x, _ := b.Lookup(id)
	return x
}

// Lookup is the entry of that id, and whether there is one.
func (b Builtin[T]) Lookup(id string) (T, bool) {
	for _, x := range b.List() {
		if b.ID(x) == id {
			return x, true
		}
	}
	var zero T
	return zero, false
}

// Must is the entry of that id; a missing one panics, for tables built
// from the built-ins, where it is a programming error.
func (b Builtin[T]) Must(id string) T {
	x, ok := b.Lookup(id)
	if !ok {
		panic("systems: no built-in " + id)
	}
	return x
}

// Creatures lists the entries of list as `tpk bestiary` shows them, each of
// the given kind ("character", "enemy", ...).
func (b Builtin[T]) Creatures(kind string, list []T) []Creature {
	out := make([]Creature, len(list))
	for i, x := range list {
		var stats any = x
		if b.Stats != nil {
			stats = b.Stats(x)
		}
		out[i] = Creature{ID: b.ID(x), Name: b.Name(x), Kind: kind, Summary: b.Summary(x), Stats: stats}
	}
	return out
}

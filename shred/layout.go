package shred

import (
	"strings"

	"github.com/parquet-go/parquet-go"
)

// Layout is a shredding schema compiled for one Variant column: its leaf
// columns in the order [Schema.Node] writes them, with their maximum
// definition and repetition levels, and the plan that [Batch.Append] and
// [Reader] follow. It is immutable and safe for concurrent use.
//
// Levels follow the Dremel model of the Parquet format: for a node (a value /
// typed_value pair) whose enclosing group is defined at level D and which
// sits under R repeated groups, its value and primitive typed_value columns
// are non-null at D+1; an object typed_value group is defined at D+1 and its
// field groups (required) at D+1 too; a LIST typed_value is defined (and
// empty) at D+1, and its elements are at D+2 with repetition level R+1.
type Layout struct {
	schema    Schema
	optional  bool
	rep       int // repeated ancestors of the Variant group
	leaves    []Leaf
	root      *node
	slotNames []string // names of the object field nodes, by slot
}

// Leaf is one leaf column of a Variant group.
type Leaf struct {
	// Path is the column path inside the Variant group, such as
	// ["typed_value", "event_ts", "typed_value"]; a list element adds
	// "list", "element".
	Path []string
	// Kind is the Parquet physical type.
	Kind parquet.Kind
	// FixedLen is the length of a FIXED_LEN_BYTE_ARRAY column, else 0.
	FixedLen int
	// MaxDef and MaxRep are the column's maximum definition and repetition
	// levels, counted from the root of the file when the Variant column is a
	// top-level column.
	MaxDef, MaxRep int
}

// PathString returns the path joined with dots.
func (l Leaf) PathString() string { return strings.Join(l.Path, ".") }

// node is a value / typed_value pair of the plan.
type node struct {
	kind     Kind
	typ      Type
	def, rep int // level of the enclosing group, repeated ancestors
	value    int // leaf of value, or -1
	typed    int // leaf of a primitive typed_value, or -1
	lo, hi   int // all leaves of the node
	typedLo  int // first leaf of the typed_value subtree
	fields   []*node
	names    []string // field names, sorted
	slot     int      // for object fields: index of the key id cache
	name     string   // for object fields: the field name
	elem     *node
	path     string
	// valueRequired: the value column is required (an unshredded group).
	valueRequired bool
}

// NewLayout compiles s for a top-level Variant column; optional tells
// whether the column (the Variant group) is optional, so that a row can be
// SQL NULL. It fails with [ErrInvalidSchema] when s does not validate.
func NewLayout(s Schema, optional bool) (*Layout, error) {
	base := 0
	if optional {
		base = 1
	}
	return NewLayoutAt(s, base, 0)
}

// NewLayoutAt compiles s for a Variant column nested in other groups: def
// is the definition level of the Variant group when it is present, counting
// its optional and repeated ancestors and itself, and rep the number of its
// repeated ancestors (parquet.Schema.Lookup gives both as the metadata
// column's maximum levels, when metadata is required). Each entry of the
// metadata column is then one slot: a row, or one occurrence of the
// Variant inside a list; a slot whose level is below def is SQL NULL or an
// absent occurrence (see [Batch.AppendNullAt]), and its repetition level
// tells which list it continues.
func NewLayoutAt(s Schema, def, rep int) (*Layout, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if def < 0 || rep < 0 || rep > def || def > 200 {
		return nil, schemaError("", "levels out of range")
	}
	l := &Layout{schema: s, optional: def > 0, rep: rep}
	base := def
	metaDef := base
	if s.MetadataOptional {
		metaDef++
	}
	l.leaves = append(l.leaves, Leaf{Path: []string{colMetadata}, Kind: parquet.ByteArray, MaxDef: metaDef, MaxRep: rep})
	l.root = l.compile(&s, nil, base, rep, "")
	return l, nil
}

// Schema returns the shredding schema.
func (l *Layout) Schema() Schema { return l.schema }

// Optional reports whether rows can be SQL NULL: the Variant group or one
// of its ancestors is optional.
func (l *Layout) Optional() bool { return l.optional }

// Leaves returns the leaf columns in schema order; the first is metadata.
func (l *Layout) Leaves() []Leaf { return l.leaves }

func (l *Layout) compile(s *Schema, path []string, def, rep int, fieldPath string) *node {
	n := &node{kind: s.Kind, typ: s.Type, def: def, rep: rep, value: -1, typed: -1, lo: len(l.leaves), path: fieldPath}
	add := func(name string, kind parquet.Kind, fixed, maxDef, maxRep int) int {
		p := append(append([]string(nil), path...), name)
		l.leaves = append(l.leaves, Leaf{Path: p, Kind: kind, FixedLen: fixed, MaxDef: maxDef, MaxRep: maxRep})
		return len(l.leaves) - 1
	}
	switch {
	case s.ValueRequired:
		n.value = add(colValue, parquet.ByteArray, 0, def, rep)
		n.valueRequired = true
	case !s.NoValue:
		n.value = add(colValue, parquet.ByteArray, 0, def+1, rep)
	}
	n.typedLo = len(l.leaves)
	tp := append(append([]string(nil), path...), colTypedValue)
	switch s.Kind {
	case KindPrimitive:
		n.typed = add(colTypedValue, s.Type.kind(), s.Type.fixedLen(), def+1, rep)
	case KindObject:
		for i := range s.Fields {
			f := &s.Fields[i]
			fp := append(append([]string(nil), tp...), f.Name)
			c := l.compile(&f.Schema, fp, def+1, rep, join(fieldPath, f.Name))
			c.slot, c.name = len(l.slotNames), f.Name
			l.slotNames = append(l.slotNames, f.Name)
			n.fields = append(n.fields, c)
			n.names = append(n.names, f.Name)
		}
	case KindArray:
		ep := append(append([]string(nil), tp...), "list", "element")
		n.elem = l.compile(s.Element, ep, def+2, rep+1, fieldPath+"[]")
	}
	n.hi = len(l.leaves)
	return n
}

// Node is a value / typed_value pair of a layout: the top-level Variant, a
// shredded object field or an array element.
type Node struct{ n *node }

// Root returns the top-level node.
func (l *Layout) Root() Node { return Node{l.root} }

// Find follows the object field names of a path through the shredded
// object nodes of the layout as far as they go. It returns the node reached
// and how many names it used: the rest of the path must be looked up in the
// values that node rebuilds. Values of a field that the layout does not
// shred live in its parent's value column (pitfall B28).
func (l *Layout) Find(fields ...string) (Node, int) {
	n := l.root
	used := 0
	for _, name := range fields {
		if n.kind != KindObject {
			break
		}
		var next *node
		for i, f := range n.names {
			if f == name {
				next = n.fields[i]
				break
			}
		}
		if next == nil {
			break
		}
		n, used = next, used+1
	}
	return Node{n}, used
}

// Kind returns the shape of the node's typed_value.
func (n Node) Kind() Kind { return n.n.kind }

// Type returns the typed_value type of a primitive node.
func (n Node) Type() Type { return n.n.typ }

// Leaves returns the range [lo, hi) of the layout's leaves that hold the
// node: its value column (if any) first, then its typed_value columns.
func (n Node) Leaves() (lo, hi int) { return n.n.lo, n.n.hi }

// ValueLeaf returns the leaf index of the node's value column, or -1.
func (n Node) ValueLeaf() int { return n.n.value }

// TypedLeaf returns the leaf index of a primitive node's typed_value
// column, or -1.
func (n Node) TypedLeaf() int { return n.n.typed }

// Path returns the node's field path, such as "a.b" or "tags[]" ("" for
// the top-level node).
func (n Node) Path() string { return n.n.path }

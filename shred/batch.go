package shred

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Batch holds the column buffers of one Variant column for a run of rows:
// one [Column] per leaf of its [Layout], in the same order. A writer fills a
// Batch with [Batch.Append] and hands its columns to Parquet (see
// [Batch.WriteColumns]); a reader fills it from a row group (see
// [Batch.ReadRowGroup]) and rebuilds the Variants with a [Reader].
//
// Buffers are kept across [Batch.Reset]. A Batch is not safe for concurrent
// use.
type Batch struct {
	layout  *Layout
	Columns []Column
	meta    variant.Metadata // of the row being appended
	marks   []int            // entries per column before the row being appended
	keys    keyCache
	rest    []restField     // residual fields of the open objects
	order   []int           // scratch of residualObject
	offs    []int           // scratch of residualObject
	values  []parquet.Value // scratch of WriteColumns
}

// restField is a field of an object being shredded that goes to the
// residual object: its key id and where its value is in the object's bytes
// (no pointer, so that keeping it costs the garbage collector nothing).
type restField struct {
	id         int
	start, end int
}

// NewBatch returns an empty batch for l.
func (l *Layout) NewBatch() *Batch {
	return &Batch{layout: l, Columns: make([]Column, len(l.leaves))}
}

// NewBatchFrom returns an empty batch for l that takes over the buffers of
// old, a batch of any layout that its owner no longer uses, so that filling
// the new batch allocates only where those buffers are too small. A nil old
// gives the same as [Layout.NewBatch].
func (l *Layout) NewBatchFrom(old *Batch) *Batch {
	if old == nil {
		return l.NewBatch()
	}
	cols := old.Columns[:min(cap(old.Columns), len(l.leaves))]
	for i := range cols {
		cols[i].reset()
	}
	for len(cols) < len(l.leaves) {
		cols = append(cols, Column{})
	}
	return &Batch{layout: l, Columns: cols, marks: old.marks[:0], rest: old.rest[:0],
		order: old.order[:0], offs: old.offs[:0], values: old.values[:0]}
}

// Layout returns the batch's layout.
func (b *Batch) Layout() *Layout { return b.layout }

// Len returns the number of slots: the entries of the metadata column, one
// per row (or per occurrence, for a column inside lists).
func (b *Batch) Len() int { return b.Columns[0].Len() }

// Reset empties the batch, keeping its buffers.
func (b *Batch) Reset() {
	for i := range b.Columns {
		b.Columns[i].reset()
	}
}

// AppendNull appends a SQL NULL row: the Variant group is null, its
// ancestors (if any) present. It fails with [ErrNullRow] when no group on
// the column's path is optional.
func (b *Batch) AppendNull() error {
	return b.AppendNullAt(b.layout.root.def-1, 0)
}

// AppendNullAt appends a slot without a Variant whose definition level is
// def and repetition level rep: def 0 when the outermost optional group is
// null, up to the Variant group's level minus one when only the Variant
// group is null; for a column inside lists, a null or empty list or a null
// element (see [NewLayoutAt]). It fails with [ErrNullRow] when def is not
// below the Variant group's level, or a level is out of range.
func (b *Batch) AppendNullAt(def, rep int) error {
	if def < 0 || def >= b.layout.root.def || rep < 0 || rep > b.layout.rep {
		return &Error{Err: ErrNullRow, Row: b.Len(), Msg: "levels (def " + strconv.Itoa(def) + ", rep " + strconv.Itoa(rep) + ")"}
	}
	for i := range b.Columns {
		b.Columns[i].null(def, rep)
	}
	return nil
}

// Append shreds v into the batch as one row (VariantShredding.md, "Value
// Shredding"): a value that fits a typed_value column losslessly goes there
// (integers of any width into a wider or equal integer column when in
// range, decimals of the column's scale and at most its precision, every
// other type only into its own column), anything else into value; objects
// shredded as objects put their shredded fields in the field columns
// (missing fields null in both, a present Variant null in value) and their
// other fields into a residual object in value, with the same metadata and
// field ids; arrays shredded as arrays put every element, null ones as the
// Variant null in the element's value.
//
// v must be a valid Variant (see variant.New): malformed bytes that are read
// give an error wrapping variant.ErrInvalidValue, and bytes copied through
// unread are not checked. On error the batch is left as it was.
func (b *Batch) Append(v variant.Variant) error { return b.AppendAt(v, 0) }

// AppendAt is Append for a column inside lists (see [NewLayoutAt]): rep is
// the repetition level of the slot, 0 for the first of a row.
func (b *Batch) AppendAt(v variant.Variant, rep int) error {
	if rep < 0 || rep > b.layout.rep {
		return &Error{Err: ErrInvalidSchema, Row: b.Len(), Msg: "repetition level " + strconv.Itoa(rep) + " out of range"}
	}
	b.marks = b.marks[:0]
	for i := range b.Columns {
		b.marks = append(b.marks, len(b.Columns[i].Def))
	}
	row := b.Len()
	b.rest = b.rest[:0]
	b.meta = v.Metadata()
	l := b.layout
	b.keys.update(l, b.meta)
	b.Columns[0].appendBytes(l.leaves[0].MaxDef, rep, b.meta.Bytes())
	if err := b.shred(l.root, v.Bytes(), true, rep); err != nil {
		for i := range b.Columns {
			b.Columns[i].undo(&b.layout.leaves[i], b.marks[i])
		}
		if e, ok := err.(*Error); ok {
			e.Row = row
			return e
		}
		return &Error{Err: err, Row: row}
	}
	return nil
}

// nulls appends one entry at def to every leaf of n.
func (b *Batch) nulls(n *node, lo, def, rep int) {
	for i := lo; i < n.hi; i++ {
		b.Columns[i].null(def, rep)
	}
}

// residual appends v to n's value column, or fails when n has none.
func (b *Batch) residual(n *node, v []byte, rep int) error {
	if n.value < 0 {
		return &Error{Err: ErrInvalidSchema, Row: -1, Path: join(n.path, colValue), Msg: "value does not fit typed_value and the schema has no value column"}
	}
	b.Columns[n.value].appendBytes(b.layout.leaves[n.value].MaxDef, rep, v)
	return nil
}

func (b *Batch) noValue(n *node, rep int) {
	if n.value >= 0 {
		b.Columns[n.value].null(n.def, rep)
	}
}

// shred writes one instance of node n: the value that starts at v[0] (v
// may hold more bytes after it), or a missing value when present is false.
// rep is the repetition level of the first entry.
func (b *Batch) shred(n *node, v []byte, present bool, rep int) error {
	if !present {
		if n.valueRequired {
			return &Error{Err: ErrInvalidSchema, Row: -1, Path: join(n.path, colValue), Msg: "a missing value needs an optional value column"}
		}
		b.nulls(n, n.lo, n.def, rep)
		return nil
	}
	if len(v) == 0 {
		return invalidValue(0, "empty value")
	}
	switch n.kind {
	case KindPrimitive:
		ok, err := b.typed(n, v, rep)
		if err != nil || ok {
			return err
		}
	case KindObject:
		if v[0]&3 == 2 {
			return b.object(n, v, rep)
		}
	case KindArray:
		if v[0]&3 == 3 {
			return b.array(n, v, rep)
		}
	}
	size, err := valueSize(v)
	if err != nil {
		return err
	}
	if err := b.residual(n, v[:size], rep); err != nil {
		return err
	}
	b.nulls(n, n.typedLo, n.def, rep)
	return nil
}

func (b *Batch) object(n *node, v []byte, rep int) error {
	var o objView
	if err := o.parse(v); err != nil {
		return err
	}
	meta := b.meta
	restStart := len(b.rest)
	defer func() { b.rest = b.rest[:restStart] }()
	// Object fields and schema fields are both in key order: walk them
	// together, comparing key ids when the dictionary is sorted.
	i := 0
	for fi, f := range n.fields {
		want := -1
		if b.keys.sorted {
			if want = b.keys.ids[f.slot]; want < 0 {
				if err := b.shred(f, nil, false, rep); err != nil {
					return err
				}
				continue
			}
		}
		var fv []byte
		found := false
		for ; i < o.num; i++ {
			id := o.id(i)
			var cmp int
			if want >= 0 {
				cmp = id - want
			} else {
				k, ok := meta.KeyBytes(id)
				if !ok {
					return invalidValue(o.idsStart+i*o.idSize, "field id out of range of the metadata")
				}
				cmp = compareKey(k, n.names[fi])
			}
			if cmp > 0 {
				break
			}
			if cmp == 0 {
				// The field's value with what follows it: shred reads
				// only as far as it needs.
				fb, err := o.fieldTail(i)
				if err != nil {
					return err
				}
				fv, found = fb, true
				i++
				break
			}
			fb, err := o.field(i)
			if err != nil {
				return err
			}
			b.rest = append(b.rest, o.rest(i, id, fb))
		}
		if err := b.shred(f, fv, found, rep); err != nil {
			return err
		}
	}
	for ; i < o.num; i++ {
		fb, err := o.field(i)
		if err != nil {
			return err
		}
		b.rest = append(b.rest, o.rest(i, o.id(i), fb))
	}
	rest := b.rest[restStart:]
	if len(rest) == 0 {
		b.noValue(n, rep)
		return nil
	}
	return b.residualObject(n, v, rest, rep)
}

// residualObject appends to n's value column the object of the fields
// rest, taken from the object bytes v: field ids and offsets in key order
// (the order of rest), values copied in the order they have in v.
func (b *Batch) residualObject(n *node, v []byte, rest []restField, rep int) error {
	if n.value < 0 {
		return &Error{Err: ErrInvalidSchema, Row: -1, Path: join(n.path, colValue), Msg: "value does not fit typed_value and the schema has no value column"}
	}
	meta := b.meta
	sorted := meta.Sorted()
	maxID, size := 0, 0
	for j, f := range rest {
		if f.id >= meta.Len() {
			return invalidValue(0, "field id "+strconv.Itoa(f.id)+" out of range of the metadata")
		}
		if j > 0 {
			prev := rest[j-1].id
			var ordered bool
			if sorted {
				ordered = prev < f.id
			} else {
				kp, _ := meta.KeyBytes(prev)
				kf, _ := meta.KeyBytes(f.id)
				ordered = bytes.Compare(kp, kf) < 0
			}
			if !ordered {
				return invalidValue(0, "object keys not in order or repeated")
			}
		}
		maxID = max(maxID, f.id)
		size += f.end - f.start
	}
	// Values keep their order in v: offsets follow it.
	b.order = b.order[:0]
	for j := range rest {
		b.order = append(b.order, j)
	}
	for j := 1; j < len(b.order); j++ {
		for k := j; k > 0 && rest[b.order[k]].start < rest[b.order[k-1]].start; k-- {
			b.order[k], b.order[k-1] = b.order[k-1], b.order[k]
		}
	}
	b.offs = slices.Grow(b.offs[:0], len(rest))[:len(rest)]
	off := 0
	for _, j := range b.order {
		b.offs[j] = off
		off += rest[j].end - rest[j].start
	}
	num := len(rest)
	idSize, offSize := widthFor(maxID), widthFor(size)
	large := num > 255
	h := byte(idSize-1)<<2 | byte(offSize-1)
	if large {
		h |= 0x10
	}
	c := &b.Columns[n.value]
	c.null(b.layout.leaves[n.value].MaxDef, rep)
	out := append(c.Bytes, h<<2|2)
	out = appendCount(out, num, large)
	for _, f := range rest {
		out = appendUint(out, f.id, idSize)
	}
	for _, o := range b.offs {
		out = appendUint(out, o, offSize)
	}
	out = appendUint(out, size, offSize)
	for _, j := range b.order {
		out = append(out, v[rest[j].start:rest[j].end]...)
	}
	c.Bytes = out
	c.Ends = append(c.Ends, len(out))
	return nil
}

func (b *Batch) array(n *node, v []byte, rep int) error {
	var a arrView
	if err := a.parse(v); err != nil {
		return err
	}
	b.noValue(n, rep)
	if a.num == 0 {
		b.nulls(n, n.typedLo, n.def+1, rep)
		return nil
	}
	for i := 0; i < a.num; i++ {
		e, err := a.elem(i)
		if err != nil {
			return err
		}
		r := rep
		if i > 0 {
			r = n.rep + 1
		}
		if err := b.shred(n.elem, e, true, r); err != nil {
			return err
		}
	}
	return nil
}

// compareKey compares a key's bytes with a name in unsigned byte order.
func compareKey(k []byte, name string) int {
	n := min(len(k), len(name))
	for i := 0; i < n; i++ {
		if k[i] != name[i] {
			if k[i] < name[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(k) < len(name):
		return -1
	case len(k) > len(name):
		return 1
	}
	return 0
}

// keyCache holds the key ids, in one metadata, of the shredded field names
// of a layout, so that rows sharing a dictionary look each name up once.
type keyCache struct {
	raw    []byte // a copy of the metadata the ids are for
	valid  bool
	sorted bool
	ids    []int // per field slot: the key id, or -1 when the name is absent
}

func (k *keyCache) update(l *Layout, m variant.Metadata) {
	raw := m.Bytes()
	// Compare the bytes: a caller may reuse one buffer for other metadata.
	if k.valid && bytes.Equal(raw, k.raw) {
		return
	}
	k.raw = append(k.raw[:0], raw...)
	k.valid, k.sorted = true, m.Sorted()
	if cap(k.ids) < len(l.slotNames) {
		k.ids = make([]int, len(l.slotNames))
	}
	k.ids = k.ids[:len(l.slotNames)]
	for i, name := range l.slotNames {
		id, ok := m.ID(name)
		if !ok {
			id = -1
		}
		k.ids[i] = id
	}
}

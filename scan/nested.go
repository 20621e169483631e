package scan

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"sync"

	"github.com/google/uuid"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Nested columns (groups, LISTs, MAPs and repeated fields) read as Variants
// built from their structure (docs/design.md section 2): a group is an object of
// its non-null fields, a LIST or a repeated field an array, a MAP with
// string keys an object and any other MAP an array of {"key", "value"}
// objects, a Variant inside them the Variant itself (a shredded one rebuilt
// by shred from its own layout). A null element stays a Variant null in its
// array, so a NULL list, an empty list and a list of one NULL stay apart.
// Values are assembled from the repetition and definition levels of the
// column's leaves (the Dremel model; LogicalTypes.md, "Nested Types", with
// its backward-compatibility rules for lists and maps).

// tkind is the shape of a node of a nested column.
type tkind uint8

const (
	tLeaf tkind = iota
	tGroup
	tList
	tMap
	tVariant
)

// tnode is a field of a nested column's schema.
type tnode struct {
	name     string
	kind     tkind
	optional bool
	repeated bool
	def, rep int // definition and repetition level of the node itself
	fields   []*tnode
	// For tList and tMap: the repeated child and the element (for a list,
	// the repeated child itself in the 2-level forms).
	rpt, elem *tnode
	key, val  *tnode // tMap: fields of the repeated key_value group
	strKeys   bool   // tMap: keys are strings
	leaf      int    // tLeaf: index in ndesc.leaves
	desc      *leafDesc
	first, n  int // leaves of the subtree: [first, first+n)
	path      []string
	// A shredded Variant (tVariant with a typed_value) is rebuilt by shred
	// from its own layout: shredIdx indexes ndesc.shredded. vars lists the
	// shredded Variants of the subtree, which take one slot each wherever
	// the subtree is absent.
	shredIdx int
	vars     []int
}

// shreddedVariant is a shredded Variant group inside a nested column.
type shreddedVariant struct {
	layout *shred.Layout
	cols   []int
}

// ndesc is how one file holds a nested slot.
type ndesc struct {
	column string
	root   *tnode
	leaves []int    // column chunk of each leaf, in schema order
	levels [][2]int // maximum definition and repetition level of each leaf
	pathCast
	mode     shred.Mode
	shredded []shreddedVariant
	pool     sync.Pool // of *nreader
}

// newNDesc compiles a nested slot for the top-level column c of a file.
func newNDesc(e *fileEntry, c *fileColumn, ref Ref, lenient bool) (*ndesc, error) {
	schema := e.pf.Metadata().Schema
	d := &ndesc{column: ref.String(), pathCast: pathCast{rest: ref.Path.Steps(), as: ref.As, cast: ref.Mode}}
	if lenient {
		d.mode = shred.Lenient
	}
	if d.as.Kind == variant.SQLVariant {
		d.as = variant.SQLType{}
	}
	base := 0
	for i := 1; i < c.elem; i++ {
		if !schema[i].NumChildren.Valid || schema[i].NumChildren.V == 0 {
			base++
		}
	}
	next := c.elem
	root, err := d.build(schema, &next, base, 0, 0, 0, nil)
	if err == nil {
		err = d.shredVariants(e, root)
	}
	if err != nil {
		return nil, &FileError{Path: e.path, RowGroup: -1, Column: c.name, Err: corrupt(err)}
	}
	d.root = root
	return d, nil
}

// build compiles the subtree at schema[*next], whose parent is at
// definition level def and repetition level rep.
func (d *ndesc) build(schema []format.SchemaElement, next *int, base, def, rep, depth int, parent []string) (*tnode, error) {
	if depth > variant.MaxDepth {
		return nil, errors.New("nested column deeper than the Variant nesting limit")
	}
	if *next >= len(schema) {
		return nil, errors.New("schema ends inside a group")
	}
	at := *next
	e := &schema[at]
	*next++
	n := &tnode{name: e.Name, def: def, rep: rep, first: len(d.leaves), shredIdx: -1}
	n.path = append(append([]string(nil), parent...), e.Name)
	switch e.RepetitionType.V {
	case format.Optional:
		n.optional, n.def = true, def+1
	case format.Repeated:
		n.repeated, n.def, n.rep = true, def+1, rep+1
	}
	if !e.NumChildren.Valid || e.NumChildren.V == 0 {
		t, err := leafType(e)
		if err != nil {
			return nil, err
		}
		fc := fileColumn{name: e.Name, typ: t, optional: n.def > 0, leaf: base + len(d.leaves), elem: at}
		n.kind, n.leaf, n.desc, n.n = tLeaf, len(d.leaves), newLeafDesc(&fc, e), 1
		d.leaves = append(d.leaves, fc.leaf)
		d.levels = append(d.levels, [2]int{n.def, n.rep})
		return n, nil
	}
	n.kind = tGroup
	lt := e.LogicalType.Value
	ct := deprecated.ConvertedType(-1)
	if e.ConvertedType.Valid {
		ct = e.ConvertedType.V
	}
	switch {
	case nestedType(schema, at).Variant:
		n.kind = tVariant
	case isType[*format.ListType](lt) || lt == nil && ct == deprecated.List:
		n.kind = tList
	case isType[*format.MapType](lt) || lt == nil && (ct == deprecated.Map || ct == deprecated.MapKeyValue):
		n.kind = tMap
	}
	for range e.NumChildren.V {
		f, err := d.build(schema, next, base, n.def, n.rep, depth+1, n.path)
		if err != nil {
			return nil, err
		}
		n.fields = append(n.fields, f)
	}
	n.n = len(d.leaves) - n.first
	switch n.kind {
	case tVariant:
		return n, d.variantNode(n)
	case tList:
		if len(n.fields) != 1 || !n.fields[0].repeated || n.repeated {
			n.kind = tGroup // not a valid LIST: read it as the group it is
			return n, nil
		}
		r := n.fields[0]
		n.rpt, n.elem = r, r
		// LogicalTypes.md, "Lists", backward-compatibility rules: the
		// repeated field is the element when it is a primitive, a group of
		// several fields, or a group named "array" or "<list>_tuple".
		if r.kind != tLeaf && len(r.fields) == 1 && r.name != "array" && r.name != n.name+"_tuple" && r.kind == tGroup {
			n.elem = r.fields[0]
		}
	case tMap:
		if len(n.fields) != 1 || !n.fields[0].repeated || n.fields[0].kind != tGroup || len(n.fields[0].fields) != 2 || n.repeated {
			n.kind = tGroup
			return n, nil
		}
		kv := n.fields[0]
		n.rpt, n.key, n.val = kv, kv.fields[0], kv.fields[1]
		n.strKeys = n.key.kind == tLeaf && n.key.desc.typ.Kind == KindString
	}
	return n, nil
}

// variantNode checks a Variant group inside a nested column: a shredded
// one is rebuilt by shred; an unshredded one is read from its metadata
// (n.key) and value (n.val) leaves, found by name.
func (d *ndesc) variantNode(n *tnode) error {
	var meta, val *tnode
	for _, f := range n.fields {
		switch f.name {
		case "metadata":
			meta = f
		case "value":
			val = f
		case "typed_value":
			n.shredIdx = len(d.shredded)
			d.shredded = append(d.shredded, shreddedVariant{})
			return nil
		}
	}
	if meta == nil || val == nil || meta.kind != tLeaf || val.kind != tLeaf {
		return fmt.Errorf("Variant group %q without binary metadata and value", n.name)
	}
	n.key, n.val = meta, val
	return nil
}

func isType[T any](v any) bool {
	_, ok := v.(T)
	return ok
}

func (d *ndesc) newReader() rowReader {
	if r, ok := d.pool.Get().(*nreader); ok {
		r.loaded = false
		return r
	}
	return &nreader{d: d, cols: make([]leafCursor, len(d.leaves))}
}

// unitStats: the statistics of a nested column's leaves say nothing
// about the Variants built from them.
func (d *ndesc) unitStats(_ *fileEntry, _ int, rows int64) unitStats {
	return unitStats{values: rows}
}

// leafCursor is the entries of one leaf column of a row group.
type leafCursor struct {
	vals []parquet.Value
	pos  int
}

// nreader assembles the rows of a nested slot in one row group.
type nreader struct {
	d      *ndesc
	cols   []leafCursor
	vb     []*shred.Batch  // by shredded Variant
	vr     []*shred.Reader // by shredded Variant
	buf    []parquet.Value
	b      variant.Builder
	out    []byte
	next   int64
	row    int64
	c      cell
	loaded bool
}

func (r *nreader) release() { r.d.pool.Put(r) }

func (r *nreader) column() string { return r.d.column }

// load reads every entry of the slot's leaves in row group rg.
func (r *nreader) load(e *fileEntry, rg int, src *countingReader) error {
	chunks := e.pf.RowGroups()[rg].ColumnChunks()
	if cap(r.buf) == 0 {
		r.buf = make([]parquet.Value, 1024)
	}
	for i, leaf := range r.d.leaves {
		if leaf >= len(chunks) {
			return corrupt(fmt.Errorf("leaf column %d of %d", leaf, len(chunks)))
		}
		if err := checkChunkPages(e, rg, leaf, r.d.levels[i][0], r.d.levels[i][1], src); err != nil {
			return err
		}
	}
	for i, leaf := range r.d.leaves {
		c := &r.cols[i]
		c.vals, c.pos = c.vals[:0], 0
		if leaf >= len(chunks) {
			return corrupt(fmt.Errorf("leaf column %d of %d", leaf, len(chunks)))
		}
		pages := chunks[leaf].(*parquet.FileColumnChunk).PagesFrom(src)
		for {
			if err := src.halted(); err != nil {
				pages.Close()
				return err
			}
			p, err := pages.ReadPage()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				pages.Close()
				return corrupt(err)
			}
			vr := p.Values()
			for {
				k, err := vr.ReadValues(r.buf)
				for _, v := range r.buf[:k] {
					c.vals = append(c.vals, v.Clone())
				}
				if errors.Is(err, io.EOF) || k == 0 && err == nil {
					break
				}
				if err != nil {
					pages.Close()
					return corrupt(err)
				}
			}
		}
		pages.Close()
	}
	for i, sv := range r.d.shredded {
		if len(r.vb) <= i {
			r.vb = append(r.vb, sv.layout.NewBatch())
			r.vr = append(r.vr, nil)
		}
		r.vb[i].Reset()
		if err := r.vb[i].ReadRowGroup(srcRowGroup{RowGroup: e.pf.RowGroups()[rg], src: src}, sv.cols); err != nil {
			return corrupt(err)
		}
		if r.vr[i] == nil {
			r.vr[i] = shred.NewReader(r.vb[i], r.d.mode)
		} else {
			r.vr[i].Reset(r.vb[i], sv.layout.Root(), r.d.mode)
		}
	}
	r.next, r.row, r.loaded = 0, -1, true
	return nil
}

func (r *nreader) at(e *fileEntry, rg int, src *countingReader, row int64) (cell, error) {
	if !r.loaded {
		if err := r.load(e, rg, src); err != nil {
			return cell{}, err
		}
	}
	if row == r.row {
		return r.c, nil
	}
	if row < r.next {
		return cell{}, fmt.Errorf("scan: internal error: nested row %d read after row %d", row, r.next)
	}
	for ; r.next <= row; r.next++ {
		v, valid, err := r.assembleRow()
		if err != nil {
			return cell{}, corrupt(fmt.Errorf("row %d: %w", r.next, err))
		}
		if r.next < row {
			continue
		}
		r.row = row
		if r.c, err = r.d.apply(v, valid, &r.out, nil); err != nil {
			return cell{}, err
		}
	}
	return r.c, nil
}

// errLevels reports levels that do not fit the schema.
var errLevels = errors.New("repetition and definition levels do not fit the schema")

// peek returns the levels of the next entry of leaf i; ok is false at the
// end of the column.
func (r *nreader) peek(i int) (def, rep int, ok bool) {
	c := &r.cols[i]
	if c.pos >= len(c.vals) {
		return 0, 0, false
	}
	v := c.vals[c.pos]
	return v.DefinitionLevel(), v.RepetitionLevel(), true
}

// skip consumes the one entry each leaf of n has where n is absent, and
// the slot of each shredded Variant under n.
func (r *nreader) skip(n *tnode) error {
	for i := n.first; i < n.first+n.n; i++ {
		if r.cols[i].pos >= len(r.cols[i].vals) {
			return errLevels
		}
		r.cols[i].pos++
	}
	for _, k := range n.vars {
		if _, _, err := r.vr[k].Next(); err != nil {
			return err
		}
	}
	return nil
}

// present reports whether n is defined at the current position: for a
// repeated node, whether it occurs at least once.
func (r *nreader) present(n *tnode) (bool, error) {
	def, _, ok := r.peek(n.first)
	if !ok {
		return false, errLevels
	}
	return def >= n.def, nil
}

// assembleRow builds the next row; valid is false for SQL NULL.
func (r *nreader) assembleRow() (variant.Variant, bool, error) {
	n := r.d.root
	if _, rep, ok := r.peek(n.first); !ok || rep != 0 {
		return variant.Variant{}, false, errLevels
	}
	ok, err := r.present(n)
	if err != nil {
		return variant.Variant{}, false, err
	}
	r.b.Reset()
	switch {
	case n.repeated:
		if err := r.array(n, n, ok); err != nil {
			return variant.Variant{}, false, err
		}
	case !ok:
		return variant.Variant{}, false, r.skip(n)
	default:
		if err := r.value(n); err != nil {
			return variant.Variant{}, false, err
		}
	}
	v, err := r.b.Build()
	return v, err == nil, err
}

// array appends the occurrences of repeated node rpt as an array whose
// elements are elem (rpt itself, or its child).
func (r *nreader) array(rpt, elem *tnode, present bool) error {
	r.b.BeginArray()
	if err := r.occurrences(rpt, present, func() error { return r.element(elem) }); err != nil {
		return err
	}
	r.b.EndArray()
	return nil
}

// occurrences calls each for every occurrence of repeated node rpt at the
// current position.
func (r *nreader) occurrences(rpt *tnode, present bool, each func() error) error {
	if !present {
		return r.skip(rpt)
	}
	for {
		if err := each(); err != nil {
			return err
		}
		_, rep, ok := r.peek(rpt.first)
		if !ok || rep < rpt.rep {
			return nil
		}
		if rep != rpt.rep {
			return errLevels
		}
	}
}

// element appends one array element: a Variant null when it is null.
func (r *nreader) element(n *tnode) error {
	if n.optional {
		ok, err := r.present(n)
		if err != nil {
			return err
		}
		if !ok {
			r.b.AppendNull()
			return r.skip(n)
		}
	}
	return r.value(n)
}

// value appends the value of n, which is present at the current position
// (for a repeated n, one occurrence of it).
func (r *nreader) value(n *tnode) error {
	switch n.kind {
	case tLeaf:
		c := &r.cols[n.leaf]
		if c.pos >= len(c.vals) {
			return errLevels
		}
		v := c.vals[c.pos]
		c.pos++
		if v.DefinitionLevel() < n.def {
			r.b.AppendNull()
			return nil
		}
		return appendLeaf(&r.b, n.desc, n.desc.cellOf(v))
	case tVariant:
		if n.shredIdx >= 0 {
			return r.shreddedVariant(n)
		}
		meta, val := &r.cols[n.key.leaf], &r.cols[n.val.leaf]
		if meta.pos >= len(meta.vals) || val.pos >= len(val.vals) {
			return errLevels
		}
		mv, vv := meta.vals[meta.pos], val.vals[val.pos]
		meta.pos++
		val.pos++
		if vv.IsNull() || mv.IsNull() {
			r.b.AppendNull()
			return nil
		}
		m, err := variant.DecodeMetadata(mv.ByteArray())
		if err != nil {
			return err
		}
		v := variant.View(m, vv.ByteArray())
		if err := v.Validate(); err != nil {
			return err
		}
		r.b.AppendVariant(v)
		return r.b.Err()
	case tList:
		ok, err := r.present(n.rpt)
		if err != nil {
			return err
		}
		return r.array(n.rpt, n.elem, ok)
	case tMap:
		ok, err := r.present(n.rpt)
		if err != nil {
			return err
		}
		if n.strKeys {
			r.b.BeginObject()
		} else {
			r.b.BeginArray()
		}
		err = r.occurrences(n.rpt, ok, func() error {
			if n.strKeys {
				c := &r.cols[n.key.leaf]
				if c.pos >= len(c.vals) {
					return errLevels
				}
				r.b.Key(string(c.vals[c.pos].ByteArray()))
				c.pos++
				return r.element(n.val)
			}
			r.b.BeginObject()
			r.b.Key("key")
			if err := r.element(n.key); err != nil {
				return err
			}
			r.b.Key("value")
			if err := r.element(n.val); err != nil {
				return err
			}
			r.b.EndObject()
			return nil
		})
		if err != nil {
			return err
		}
		if n.strKeys {
			r.b.EndObject()
		} else {
			r.b.EndArray()
		}
		return r.b.Err()
	}
	r.b.BeginObject()
	for _, f := range n.fields {
		ok, err := r.present(f)
		if err != nil {
			return err
		}
		switch {
		case f.repeated:
			r.b.Key(f.name)
			if err := r.array(f, f, ok); err != nil {
				return err
			}
		case !ok:
			if err := r.skip(f); err != nil {
				return err
			}
		default:
			r.b.Key(f.name)
			if err := r.value(f); err != nil {
				return err
			}
		}
	}
	r.b.EndObject()
	return r.b.Err()
}

// appendLeaf appends a leaf value as the Variant type of its Parquet type
// (VariantEncoding.md, "Encoding types").
func appendLeaf(b *variant.Builder, d *leafDesc, c cell) error {
	if c.null {
		b.AppendNull()
		return nil
	}
	switch d.typ.Kind {
	case KindBool:
		b.AppendBool(c.i != 0)
	case KindInt64:
		if d.phys == format.Int32 && d.dom == domInt {
			b.AppendInt32(int32(c.i))
		} else {
			b.AppendInt64(c.i)
		}
	case KindUint64:
		if c.i >= 0 {
			b.AppendInt64(c.i)
		} else {
			x, err := variant.DecimalFromBig(new(big.Int).SetUint64(uint64(c.i)), 0)
			if err != nil {
				return err
			}
			b.AppendDecimal(x)
		}
	case KindFloat64:
		if d.phys == format.Double {
			b.AppendFloat64(c.f)
		} else {
			b.AppendFloat32(float32(c.f))
		}
	case KindString:
		b.AppendString(string(c.b))
	case KindBytes:
		b.AppendBinary(c.b)
	case KindDecimal:
		var x variant.Decimal
		var err error
		if d.phys == format.Int32 || d.phys == format.Int64 {
			x, err = variant.NewDecimal(c.i, d.typ.Scale)
		} else {
			x, err = variant.DecimalFromBig(bigFromBytes(c.b), d.typ.Scale)
		}
		if err != nil {
			return err
		}
		b.AppendDecimal(x)
	case KindDate:
		b.AppendDate(int32(c.i))
	case KindTime:
		b.AppendTimeMicros(c.i * d.unit / 1000)
	case KindTimestamp:
		switch {
		case d.unit == 1 && d.typ.UTC:
			b.AppendTimestampNanos(c.i)
		case d.unit == 1:
			b.AppendTimestampNTZNanos(c.i)
		case d.typ.UTC:
			b.AppendTimestamp(c.i * d.unit / 1000)
		default:
			b.AppendTimestampNTZ(c.i * d.unit / 1000)
		}
	case KindUUID:
		u, err := uuid.FromBytes(c.b)
		if err != nil {
			return err
		}
		b.AppendUUID(u)
	default:
		b.AppendBinary(c.b)
	}
	return b.Err()
}

// shredVariants compiles the layouts of the shredded Variants under n at
// their levels (shred.LayoutOf) and lists them in each subtree.
func (d *ndesc) shredVariants(e *fileEntry, n *tnode) error {
	if n.kind == tVariant && n.shredIdx >= 0 {
		l, cols, err := shred.LayoutOf(e.pf.Schema(), n.path...)
		if err != nil {
			return err
		}
		d.shredded[n.shredIdx] = shreddedVariant{layout: l, cols: cols}
		n.vars = []int{n.shredIdx}
		return nil
	}
	for _, f := range n.fields {
		if err := d.shredVariants(e, f); err != nil {
			return err
		}
		n.vars = append(n.vars, f.vars...)
	}
	return nil
}

// shreddedVariant appends the next slot of a shredded Variant rebuilt by
// shred, and moves the cursors of its leaves past the slot's entries (the
// first one and those repeated below the Variant's repetition level).
func (r *nreader) shreddedVariant(n *tnode) error {
	v, valid, err := r.vr[n.shredIdx].Next()
	if err != nil {
		return err
	}
	for i := n.first; i < n.first+n.n; i++ {
		c := &r.cols[i]
		if c.pos >= len(c.vals) {
			return errLevels
		}
		c.pos++
		for c.pos < len(c.vals) && c.vals[c.pos].RepetitionLevel() > n.rep {
			c.pos++
		}
	}
	if !valid {
		r.b.AppendNull()
		return nil
	}
	r.b.AppendVariant(v)
	return r.b.Err()
}

package scan

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/big"
	"sync"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// assembler is how one file holds a slot built from several leaf columns:
// a Variant column, a path in one, or a nested column.
type assembler interface {
	// newReader returns a reader for one row group.
	newReader() rowReader
	// unitStats returns what the statistics of a row group prove about
	// the slot.
	unitStats(e *fileEntry, rg int, rows int64) unitStats
}

// rowReader reads a slot of one row group. Rows are asked for in
// increasing order; the first call reads the slot's leaves.
type rowReader interface {
	at(e *fileEntry, rg int, src *countingReader, row int64) (cell, error)
	column() string
	release()
}

// vdesc is how one file holds a Variant slot: the column's shredding in
// that file (each file may shred differently), the leaf columns the slot
// reads and what it does with the rebuilt values.
type vdesc struct {
	column string // the slot's Ref, for errors
	layout *shred.Layout
	cols   []int // column chunk of each layout leaf; -1: not read
	node   shred.Node
	whole  bool // rebuild the whole Variant
	// residual: the path continues with a field that the object node does
	// not shred, so it can only be in the node's residual object: only the
	// node's value column and the metadata are read.
	residual bool
	pathCast // path steps below node and the cast, applied to its values
	mode     shred.Mode
	// direct: a typed result of a shredded primitive whose typed values
	// cast to the target type exactly: rows read straight from the typed
	// column, rebuilding only the values of the value column.
	direct bool
	// Data skipping (VariantShredding.md, "Data Skipping"): the statistics
	// of typed leaf statLeaf (a column chunk index, -1 for none) hold for
	// the slot in a unit where its value leaves (the field's own value
	// column) are all null.
	statLeaf    int
	statDesc    *leafDesc
	valueLeaves []int
	// inRange: the cast narrows the typed leaf's integers, so its
	// statistics hold only for units whose values are in the cast type's
	// range (see statsCast).
	inRange bool
	pool    sync.Pool // of *vreader
}

// newVDesc compiles Variant slot ref for a file whose top-level column col
// is the Variant column; the column's layout is compiled once per file
// (see fileEntry.variantLayout).
func newVDesc(e *fileEntry, col int, ref Ref, lenient bool) (*vdesc, error) {
	c := &e.cols[col]
	layout, cols, err := e.variantLayout(col)
	if err != nil {
		return nil, &FileError{Path: e.path, RowGroup: -1, Column: c.name, Err: corrupt(err)}
	}
	d := &vdesc{column: ref.String(), layout: layout, pathCast: pathCast{as: ref.As, cast: ref.Mode}, statLeaf: -1}
	if lenient {
		d.mode = shred.Lenient
	}
	if d.as.Kind == variant.SQLVariant {
		d.as = variant.SQLType{}
	}
	steps := ref.Path.Steps()
	var names []string
	for _, s := range steps {
		if s.IsIndex {
			break
		}
		names = append(names, s.Key)
	}
	node, used := layout.Find(names...)
	d.node, d.rest = node, steps[used:]
	d.whole = len(steps) == 0 && d.as.Kind == variant.SQLInvalid
	d.cols = cols
	if d.whole {
		return d, nil
	}
	d.cols = make([]int, len(cols))
	lo, hi := node.Leaves()
	d.residual = len(d.rest) > 0 && !d.rest[0].IsIndex && node.Kind() == shred.KindObject
	for i := range cols {
		d.cols[i] = -1
		if i == 0 || !d.residual && i >= lo && i < hi || d.residual && i == node.ValueLeaf() {
			d.cols[i] = cols[i]
		}
	}
	if len(d.rest) > 0 || d.as.Kind == variant.SQLInvalid || node.Kind() != shred.KindPrimitive {
		return d, nil
	}
	// A typed result of a shredded primitive: casts never look keys up
	// (objects and arrays cast to no SQL type), so the metadata column is
	// not read.
	d.cols[0] = -1
	d.statsFor(e, cols)
	exact, inRange := statsCast(d.node.Type(), d.as)
	d.direct = d.node.TypedLeaf() >= 0 && exact && !inRange
	return d, nil
}

// statsFor sets the leaves whose statistics may prune units for a path that
// ends at a shredded primitive, when the typed_value type gives exactly the
// values of the cast.
func (d *vdesc) statsFor(e *fileEntry, cols []int) {
	typed := d.node.TypedLeaf()
	ok, inRange := statsCast(d.node.Type(), d.as)
	if typed < 0 || !ok {
		return
	}
	// Only the field's own value column can hold its values: a residual
	// object above it never holds a shredded key (shred refuses it, or
	// drops it in lenient mode), and an ancestor stored in value as a
	// non-object makes the path missing, which the typed column's null
	// count counts.
	if v := d.node.ValueLeaf(); v >= 0 {
		d.valueLeaves = append(d.valueLeaves, cols[v])
	}
	leaf := cols[typed]
	schema := e.pf.Metadata().Schema
	elem := leafElement(schema, leaf)
	if elem < 0 {
		return
	}
	t, err := leafType(&schema[elem])
	if err != nil {
		return
	}
	fc := fileColumn{name: d.column, typ: t, optional: true, leaf: leaf, elem: elem}
	d.statLeaf, d.statDesc, d.inRange = leaf, newLeafDesc(&fc, &schema[elem]), inRange
}

// statsCast reports whether the statistics of a typed_value of type t
// bound its values cast to as: every non-null typed value casts to as
// exactly and in the same order. An integer typed_value read as a narrower
// integer type (variant_get(v, '$.n', 'int') of an int64 typed_value) casts
// so only where its values are in the narrower type's range, outside of
// which the cast fails: inRange is then true, and the statistics of a row
// group or page hold only when its min and max are in that range.
func statsCast(t shred.Type, as variant.SQLType) (ok, inRange bool) {
	if k := intKind(t.ID); k != variant.SQLInvalid {
		_, _, isInt := as.Kind.IntRange()
		return isInt, isInt && as.Kind < k
	}
	switch t.ID {
	case shred.TypeFloat:
		return as.Kind == variant.SQLFloat || as.Kind == variant.SQLDouble, false
	case shred.TypeDouble:
		return as.Kind == variant.SQLDouble, false
	case shred.TypeString:
		return as.Kind == variant.SQLString, false
	case shred.TypeBoolean:
		return as.Kind == variant.SQLBoolean, false
	case shred.TypeDate:
		return as.Kind == variant.SQLDate, false
	case shred.TypeTimestamp:
		return as.Kind == variant.SQLTimestamp, false
	case shred.TypeTimestampNTZ:
		return as.Kind == variant.SQLTimestampNTZ, false
	}
	return false, false
}

// intKind is the SQL integer kind of the same width as the integer
// typed_value type id; SQLInvalid for the other types.
func intKind(id shred.TypeID) variant.SQLKind {
	switch id {
	case shred.TypeInt8:
		return variant.SQLTinyint
	case shred.TypeInt16:
		return variant.SQLSmallint
	case shred.TypeInt32:
		return variant.SQLInt
	case shred.TypeInt64:
		return variant.SQLBigint
	}
	return variant.SQLInvalid
}

// castBounds reports whether the statistics s of a unit of the typed leaf
// hold for the cast values: always, unless the cast narrows an integer
// (see statsCast), when only a unit whose values are all NULL or whose min
// and max are in the cast type's range qualifies.
func (d *vdesc) castBounds(s *unitStats) bool {
	if !d.inRange || s.allNull {
		return true
	}
	lo, hi, _ := d.as.Kind.IntRange()
	return s.bounds && s.min.i >= lo && s.max.i <= hi
}

// leafElement returns the schema element index of leaf column leaf, -1
// when there is none.
func leafElement(schema []format.SchemaElement, leaf int) int {
	n := 0
	for i := 1; i < len(schema); i++ {
		if !schema[i].NumChildren.Valid || schema[i].NumChildren.V == 0 {
			if n == leaf {
				return i
			}
			n++
		}
	}
	return -1
}

// unitStats returns what the statistics of row group rg prove about the
// slot.
func (d *vdesc) unitStats(e *fileEntry, rg int, rows int64) unitStats {
	unknown := unitStats{values: rows}
	if d.statLeaf < 0 {
		return unknown
	}
	cols := e.pf.Metadata().RowGroups[rg].Columns
	for _, l := range d.valueLeaves {
		if !allNull(e, rg, l) {
			return unknown
		}
	}
	if cols[d.statLeaf].MetaData.NumValues != rows {
		return unknown
	}
	s := chunkStats(e, rg, d.statDesc, rows)
	if !d.castBounds(&s) {
		return unknown
	}
	return s
}

// allNull reports whether the statistics of leaf in row group rg prove
// that every value is null: a null count present and equal to the value
// count.
func allNull(e *fileEntry, rg, leaf int) bool {
	md := &e.pf.Metadata().RowGroups[rg].Columns[leaf].MetaData
	return e.nullCounts[rg][leaf] && md.Statistics.NullCount == md.NumValues
}

// resultType is the Type of a Variant path cast to as.
func resultType(as variant.SQLType) Type {
	switch as.Kind {
	case variant.SQLBoolean:
		return Type{Kind: KindBool, Physical: "BOOLEAN"}
	case variant.SQLTinyint, variant.SQLSmallint, variant.SQLInt, variant.SQLBigint:
		return Type{Kind: KindInt64, Physical: "INT64"}
	case variant.SQLFloat, variant.SQLDouble:
		return Type{Kind: KindFloat64, Physical: "DOUBLE"}
	case variant.SQLDecimal:
		return Type{Kind: KindDecimal, Physical: "FIXED_LEN_BYTE_ARRAY", Logical: "DECIMAL", Precision: as.Precision, Scale: as.Scale, Length: 16}
	case variant.SQLString:
		return Type{Kind: KindString, Physical: "BYTE_ARRAY", Logical: "STRING"}
	case variant.SQLBinary:
		return Type{Kind: KindBytes, Physical: "BYTE_ARRAY"}
	case variant.SQLDate:
		return Type{Kind: KindDate, Physical: "INT32", Logical: "DATE"}
	case variant.SQLTime:
		return Type{Kind: KindTime, Physical: "INT64", Logical: "TIME", Unit: Micros}
	case variant.SQLTimestamp, variant.SQLTimestampNTZ:
		return Type{Kind: KindTimestamp, Physical: "INT64", Logical: "TIMESTAMP", Unit: Micros, UTC: as.Kind == variant.SQLTimestamp}
	case variant.SQLUUID:
		return Type{Kind: KindUUID, Physical: "FIXED_LEN_BYTE_ARRAY", Logical: "UUID", Length: 16}
	}
	return Type{Kind: KindVariant, Logical: "VARIANT", Variant: true}
}

// resultDesc describes the cells of a Variant slot of type t.
func resultDesc(name string, t Type, v assembler) *leafDesc {
	d := &leafDesc{leaf: -1, path: name, typ: t, ordered: true, v: v}
	switch t.Kind {
	case KindBool:
		d.phys, d.dom = format.Boolean, domBool
	case KindInt64:
		d.phys, d.dom = format.Int64, domInt
	case KindFloat64:
		d.phys, d.dom = format.Double, domFloat
	case KindDecimal:
		d.phys, d.dom = format.FixedLenByteArray, domDecimal
	case KindString, KindBytes:
		d.phys, d.dom = format.ByteArray, domBytes
	case KindUUID:
		d.phys, d.dom = format.FixedLenByteArray, domBytes
	case KindDate:
		d.phys, d.dom, d.unit = format.Int32, domTime, nanosPerDay
	case KindTime, KindTimestamp:
		d.phys, d.dom, d.unit = format.Int64, domTime, t.Unit.nanos()
	default:
		d.phys, d.dom, d.ordered = format.ByteArray, domNone, false
	}
	return d
}

// vreader reads a Variant slot of one row group: it fills a shred.Batch
// with the slot's leaves when a row is first asked for, and rebuilds rows
// in increasing order.
type vreader struct {
	d    *vdesc
	b    *shred.Batch
	r    *shred.Reader
	cols []int
	next int64 // row the reader rebuilds next
	row  int64 // row of c, -1 for none
	c    cell
	buf  []byte
	// loaded: the batch holds the row group (set by load, cleared when the
	// reader is taken for another row group).
	loaded bool
	// Reading residual objects: next values of the metadata and value
	// columns, and the last metadata decoded.
	mpos, vpos int
	tpos       int // next value of the typed column (direct reads)
	metaRaw    []byte
	meta       variant.Metadata
	look       []variant.FieldLookup // of the path's steps below the node
	// The rows of the row group that the scan asks for, and where the
	// reader counts pages. When the read is selective (only the pages
	// holding a row of ranges are decoded), entry i of the batch is the
	// i-th row of ranges; ri and base map rows to entries.
	ranges    rowRanges
	rows      int64
	st        *Stats
	selective bool
	ri        int
	base      int64
	blk       blockCells // cells read a block at a time (direct reads)
	// pending: the error of rebuilding row pendingRow in a block, which at
	// returns for that row and later ones.
	pending    error
	pendingRow int64
	// sharedFrom: the metadata bytes of the row group whose copy is the
	// metadata of the batch that wholeInto fills (see batch.metas).
	sharedFrom []byte
}

func (d *vdesc) newReader() rowReader {
	if r, ok := d.pool.Get().(*vreader); ok {
		r.loaded = false
		r.blk.lo, r.blk.end = 0, 0
		return r
	}
	return &vreader{d: d, b: d.layout.NewBatch(), cols: make([]int, len(d.cols)), look: d.lookups()}
}

// columnPool holds the buffers of leaf columns between row groups, files
// and scans (a *shred.Column), so that reading a row group's leaves does
// not grow new buffers.
var columnPool sync.Pool

// release returns the reader to its slot's pool and its leaves' buffers to
// columnPool.
func (r *vreader) release() {
	for i := range r.b.Columns {
		if c := &r.b.Columns[i]; cap(c.Def) > 0 {
			p := new(shred.Column)
			*p, *c = *c, shred.Column{}
			columnPool.Put(p)
		}
	}
	r.loaded = false
	r.blk.lo, r.blk.end = 0, 0
	r.d.pool.Put(r)
}

// takeColumns gives the leaves the reader reads buffers from columnPool.
func (r *vreader) takeColumns() {
	for i, c := range r.cols {
		if c >= 0 && cap(r.b.Columns[i].Def) == 0 {
			if p, ok := columnPool.Get().(*shred.Column); ok {
				r.b.Columns[i] = *p
			}
		}
	}
}

func (r *vreader) column() string { return r.d.column }

// load fills the batch from row group rg of the file.
func (r *vreader) load(e *fileEntry, rg int, src *countingReader) error {
	d := r.d
	copy(r.cols, d.cols)
	r.takeColumns()
	r.b.Reset()
	if err := r.read(e, rg, src); err != nil {
		return err
	}
	if d.residual || d.direct {
		r.next, r.row, r.loaded = 0, -1, true
		r.mpos, r.vpos, r.tpos = 0, 0, 0
		// The batch's buffers were refilled: metaRaw may point at new bytes.
		r.metaRaw = nil
		return nil
	}
	if d.whole {
		if r.r == nil {
			r.r = shred.NewReader(r.b, d.mode)
		} else {
			r.r.Reset(r.b, d.layout.Root(), d.mode)
		}
	} else {
		if r.r == nil {
			var err error
			if r.r, err = shred.NewNodeReader(r.b, d.node, d.mode); err != nil {
				return err
			}
		} else {
			r.r.Reset(r.b, d.node, d.mode)
		}
	}
	r.next, r.row, r.loaded, r.pending, r.sharedFrom = 0, -1, true, nil, nil
	return nil
}

// read fills the batch with the slot's leaves of row group rg: only the
// pages holding a row of the scan's ranges when every leaf has a page
// index, every page otherwise.
func (r *vreader) read(e *fileEntry, rg int, src *countingReader) error {
	sel, err := r.selectPages(e, rg, src, r.ranges, r.rows)
	if err != nil {
		return err
	}
	r.selective, r.ri, r.base = sel != nil, 0, 0
	if sel == nil {
		leaves := r.d.layout.Leaves()
		for i, c := range r.cols {
			if c >= 0 {
				if err := checkChunkPages(e, rg, c, leaves[i].MaxDef, leaves[i].MaxRep, src); err != nil {
					return err
				}
			}
		}
		g := srcRowGroup{RowGroup: e.pf.RowGroups()[rg], src: src}
		if err := r.b.ReadRowGroup(g, r.cols); err != nil {
			return corrupt(err)
		}
		r.st.PagesRead += r.d.pageCount(e, rg, r.rows)
		return nil
	}
	g := selRowGroup{RowGroup: e.pf.RowGroups()[rg], src: src, sel: sel, st: r.st}
	if err := r.b.ReadRowGroup(g, r.cols); err != nil {
		return corrupt(err)
	}
	leaves := r.d.layout.Leaves()
	for i, c := range r.cols {
		if c < 0 {
			continue
		}
		s := sel[c]
		r.st.PagesSkipped += int64(len(s.locs) - len(s.pages))
		if err := compact(&r.b.Columns[i], leaves[i], s, r.ranges); err != nil {
			return err
		}
	}
	return nil
}

// index returns the batch entry of row.
func (r *vreader) index(row int64) (int64, error) {
	if !r.selective {
		return row, nil
	}
	for r.ri < len(r.ranges) && r.ranges[r.ri].hi <= row {
		r.base += r.ranges[r.ri].hi - r.ranges[r.ri].lo
		r.ri++
	}
	if r.ri == len(r.ranges) || r.ranges[r.ri].lo > row {
		return 0, fmt.Errorf("scan: internal error: Variant row %d outside the rows read", row)
	}
	return r.base + row - r.ranges[r.ri].lo, nil
}

// at returns the cell of row; rows are asked for in increasing order.
func (r *vreader) at(e *fileEntry, rg int, src *countingReader, row int64) (cell, error) {
	if !r.loaded {
		if err := r.load(e, rg, src); err != nil {
			return cell{}, err
		}
	}
	if r.blk.has(row) {
		return r.blk.cells[row-r.blk.lo], nil
	}
	if r.pending != nil && row >= r.pendingRow {
		return cell{}, r.pending
	}
	if row == r.row {
		return r.c, nil
	}
	c, err := r.entryAt(row)
	r.row = row
	return c, err
}

// entryAt returns the cell of row, a row the reader has not returned yet.
func (r *vreader) entryAt(row int64) (cell, error) {
	i, err := r.index(row)
	if err != nil {
		return cell{}, err
	}
	if i < r.next {
		return cell{}, fmt.Errorf("scan: internal error: Variant row %d read after row %d", row, r.row)
	}
	row = i
	if r.d.residual {
		return r.residualAt(row)
	}
	if r.d.direct {
		return r.directAt(row)
	}
	for {
		v, valid, err := r.r.Next()
		if err == io.EOF {
			return cell{}, corrupt(fmt.Errorf("the Variant column ends at row %d", r.next))
		}
		if err != nil {
			return cell{}, err
		}
		r.next++
		if r.next-1 < row {
			continue
		}
		r.row = row
		r.c, err = r.d.apply(v, valid, &r.buf, r.look)
		return r.c, err
	}
}

// pathCast is what a slot does with a Variant: follow path steps, then
// cast (variant_get, docs/design.md section 4).
type pathCast struct {
	rest []variant.PathStep
	as   variant.SQLType // SQLInvalid: the value stays a Variant
	cast variant.CastMode
}

// lookups returns a field lookup for each step of the path (unused for
// index steps), for a reader's apply calls.
func (d *pathCast) lookups() []variant.FieldLookup {
	look := make([]variant.FieldLookup, len(d.rest))
	for i, s := range d.rest {
		look[i] = variant.NewFieldLookup(s.Key)
	}
	return look
}

// apply follows the path and casts v (not valid: SQL NULL), with bytes
// in *buf. look, nil or from lookups, caches the dictionary ids of the
// path's keys between rows sharing metadata.
func (d *pathCast) apply(v variant.Variant, valid bool, buf *[]byte, look []variant.FieldLookup) (cell, error) {
	if !valid {
		return cell{null: true}, nil
	}
	for i, s := range d.rest {
		var ok bool
		var err error
		switch {
		case s.IsIndex:
			v, ok, err = v.Index(s.Index)
		case look != nil:
			v, ok, err = look[i].Field(v)
		default:
			v, ok, err = v.Field(s.Key)
		}
		if err != nil {
			return cell{}, err
		}
		if !ok {
			return cell{null: true}, nil
		}
	}
	var c cell
	var ok bool
	var err error
	switch k := d.as.Kind; k {
	case variant.SQLInvalid:
		// The value's bytes, then its metadata's (see cell).
		(*buf) = append(append((*buf)[:0], v.Bytes()...), v.Metadata().Bytes()...)
		return cell{i: int64(len(v.Metadata().Bytes())), b: (*buf)}, nil
	case variant.SQLBoolean:
		var b bool
		b, ok, err = v.CastBool(d.cast)
		if b {
			c.i = 1
		}
	case variant.SQLTinyint, variant.SQLSmallint, variant.SQLInt, variant.SQLBigint:
		c.i, ok, err = v.CastInt64(k, d.cast)
	case variant.SQLFloat, variant.SQLDouble:
		c.f, ok, err = v.CastFloat64(k, d.cast)
	case variant.SQLDecimal:
		var x variant.Decimal
		x, ok, err = v.CastDecimal(d.as, d.cast)
		if ok {
			(*buf) = appendDecimal128((*buf)[:0], x)
			c.b = (*buf)
		}
	case variant.SQLString:
		(*buf), ok, err = v.AppendCastString((*buf)[:0], d.cast)
		c.b = (*buf)
	case variant.SQLBinary:
		c.b, ok, err = v.CastBinary(d.cast)
	case variant.SQLDate:
		c.i, ok, err = v.CastDays(d.cast)
	case variant.SQLTime:
		var t time.Duration
		t, ok, err = v.CastTimeOfDay(d.cast)
		if ok {
			c.i = t.Microseconds()
		}
	case variant.SQLTimestamp, variant.SQLTimestampNTZ:
		c.i, ok, err = v.CastMicros(k, d.cast)
	case variant.SQLUUID:
		u, okU, errU := v.CastUUID(d.cast)
		ok, err = okU, errU
		if ok {
			(*buf) = append((*buf)[:0], u[:]...)
			c.b = (*buf)
		}
	default:
		return cell{}, fmt.Errorf("%w: cast to %s", ErrUnsupported, d.as)
	}
	if err != nil {
		return cell{}, err
	}
	if !ok {
		return cell{null: true}, nil
	}
	if c.b == nil && (d.as.Kind == variant.SQLString || d.as.Kind == variant.SQLBinary) {
		c.b = []byte{}
	}
	return c, nil
}

// appendDecimal128 appends the unscaled value of x as 16 bytes of
// big-endian two's complement.
func appendDecimal128(dst []byte, x variant.Decimal) []byte {
	if u, ok := x.Unscaled64(); ok {
		hi := uint64(u >> 63)
		dst = binary.BigEndian.AppendUint64(dst, hi)
		return binary.BigEndian.AppendUint64(dst, uint64(u))
	}
	var b [16]byte
	v := x.Unscaled()
	if v.Sign() >= 0 {
		v.FillBytes(b[:])
	} else {
		// Two's complement of a negative value: 2^128 + v.
		m := v.Add(v, new(big.Int).Lsh(big.NewInt(1), 128))
		m.FillBytes(b[:])
	}
	return append(dst, b[:]...)
}

// srcRowGroup reads the column chunks of a row group through src, which
// counts the bytes read.
type srcRowGroup struct {
	parquet.RowGroup
	src *countingReader
}

func (g srcRowGroup) ColumnChunks() []parquet.ColumnChunk {
	cs := g.RowGroup.ColumnChunks()
	chunks := make([]srcChunk, len(cs))
	out := make([]parquet.ColumnChunk, len(cs))
	for i, c := range cs {
		chunks[i] = srcChunk{FileColumnChunk: c.(*parquet.FileColumnChunk), src: g.src}
		out[i] = &chunks[i]
	}
	return out
}

// srcChunk is a column chunk read through src. Its pages are read once
// (shred.Batch.ReadRowGroup asks each chunk for its pages once), so the
// chunk holds them, which costs no allocation of its own.
type srcChunk struct {
	*parquet.FileColumnChunk
	src   *countingReader
	pages haltPages
}

func (c *srcChunk) Pages() parquet.Pages {
	c.pages = haltPages{Pages: c.FileColumnChunk.PagesFrom(c.src), src: c.src}
	return &c.pages
}

// residualAt reads row from the metadata column and the value column of
// the path's deepest shredded object node: the row's field, if any, is in
// that residual object (VariantShredding.md, "Objects"). A row whose
// value column is null has no such field: the node is missing, is a
// shredded object without residual fields, or the row is SQL NULL.
func (r *vreader) residualAt(row int64) (cell, error) {
	leaves := r.d.layout.Leaves()
	meta := &r.b.Columns[0]
	vl := r.d.node.ValueLeaf()
	var val *shred.Column
	if vl >= 0 {
		val = &r.b.Columns[vl]
	}
	for ; r.next <= row; r.next++ {
		e := int(r.next)
		if e >= meta.Len() || val != nil && e >= val.Len() {
			return cell{}, corrupt(fmt.Errorf("the Variant column ends at row %d", e))
		}
		var mb, vb []byte
		if int(meta.Def[e]) == leaves[0].MaxDef {
			mb = bytesAt(meta, r.mpos)
			r.mpos++
		}
		if val != nil && int(val.Def[e]) == leaves[vl].MaxDef {
			vb = bytesAt(val, r.vpos)
			r.vpos++
		}
		if r.next < row {
			continue
		}
		r.row = row
		if vb == nil {
			r.c = cell{null: true}
			break
		}
		if mb == nil {
			return cell{}, corrupt(fmt.Errorf("row %d: null metadata next to a value", e))
		}
		if r.metaRaw == nil || string(mb) != string(r.metaRaw) {
			m, err := variant.DecodeMetadata(mb)
			if err != nil {
				return cell{}, err
			}
			r.meta, r.metaRaw = m, mb
		}
		c, err := r.d.apply(variant.View(r.meta, vb), true, &r.buf, r.look)
		if err != nil {
			return cell{}, err
		}
		r.c = c
	}
	r.next = row + 1
	return r.c, nil
}

// bytesAt returns byte-array value i of a column.
func bytesAt(c *shred.Column, i int) []byte {
	start := 0
	if i > 0 {
		start = c.Ends[i-1]
	}
	return c.Bytes[start:c.Ends[i]]
}

// directAt reads row from the value and typed_value columns of a shredded
// primitive field (VariantShredding.md, "Value Shredding"): a typed value
// is the result as it is, a value is cast (with the empty dictionary: no
// cast looks keys up), neither is a missing field (SQL NULL). Both present
// is an error wrapping shred.ErrInvalidLayout in strict mode; in lenient
// mode typed_value wins.
func (r *vreader) directAt(row int64) (cell, error) {
	d := r.d
	leaves := d.layout.Leaves()
	tl, vl := d.node.TypedLeaf(), d.node.ValueLeaf()
	typed := &r.b.Columns[tl]
	tmax := uint8(leaves[tl].MaxDef)
	var val *shred.Column
	vmax := uint8(0)
	if vl >= 0 {
		val = &r.b.Columns[vl]
		vmax = uint8(leaves[vl].MaxDef)
	}
	if int(row) >= typed.Len() || val != nil && int(row) >= val.Len() {
		return cell{}, corrupt(fmt.Errorf("the Variant column ends before row %d", row))
	}
	// Skip to row, counting the values of the rows passed over.
	for e := int(r.next); e < int(row); e++ {
		if typed.Def[e] == tmax {
			r.tpos++
		}
		if val != nil && val.Def[e] == vmax {
			r.vpos++
		}
	}
	e := int(row)
	r.next, r.row = row+1, row
	var vb []byte
	if val != nil && val.Def[e] == vmax {
		vb = bytesAt(val, r.vpos)
		r.vpos++
	}
	hasTyped := typed.Def[e] == tmax
	switch {
	case hasTyped && vb != nil && d.mode&shred.Lenient == 0:
		return cell{}, &shred.Error{Err: shred.ErrInvalidLayout, Row: e, Path: leaves[vl].PathString(), Msg: "value and typed_value both set"}
	case hasTyped:
		r.c = typedCell(typed, leaves[tl], r.tpos)
		r.tpos++
	case vb != nil:
		c, err := d.apply(variant.View(variant.Metadata{}, vb), true, &r.buf, nil)
		if err != nil {
			return cell{}, err
		}
		r.c = c
	default:
		r.c = cell{null: true}
	}
	return r.c, nil
}

// typedCell returns typed value i of a typed_value column as the cell of
// the cast it equals (see statsCast).
func typedCell(c *shred.Column, leaf shred.Leaf, i int) cell {
	switch leaf.Kind {
	case parquet.Boolean:
		if c.Bool[i] {
			return cell{i: 1}
		}
		return cell{}
	case parquet.Int32:
		return cell{i: int64(c.Int32[i])}
	case parquet.Int64:
		return cell{i: c.Int64[i]}
	case parquet.Float:
		return cell{f: float64(c.Float[i])}
	case parquet.Double:
		return cell{f: c.Double[i]}
	}
	return cell{b: bytesAt(c, i)} // the batch holds the row group
}

package shred

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/parquetvariant/parquetvariant/variant"
)

// Mode chooses how a [Reader] treats data that the spec calls invalid and
// how much it checks value bytes. Flags combine with |.
type Mode uint8

const (
	// Strict, the default, fails with [ErrInvalidLayout] on the layouts
	// VariantShredding.md forbids: value and typed_value both non-null for a
	// primitive or array; a non-object value next to a shredded object; an
	// object (array) in value while the object (array) typed_value is null;
	// a shredded key also in the residual object (pitfall B29).
	Strict Mode = 0
	// Lenient reads such data as the spec says a reader that chooses to read
	// it must: typed_value wins. A value next to a non-null typed_value is
	// ignored; a residual field whose key is shredded is dropped, even when
	// the shredded field is missing in that row (so whole-value reads agree
	// with reads of the shredded columns alone); an object in value with a
	// null object typed_value is returned as it is.
	Lenient Mode = 1
	// Validate checks every value read from a value column whole
	// (variant.Variant.Validate) against the row's metadata, and that every
	// STRING typed value is UTF-8 (VariantEncoding.md, "String values must
	// be UTF-8 encoded"). Without it, a value is checked only as far as the
	// reader reads it: its header must fit its bytes exactly, and a
	// residual object's header, field ids and offsets must fit; the bytes
	// inside, and typed strings, are copied as they are, and the output, a
	// view, is bounds-checked by every variant accessor. Typed values
	// outside the range of their type (INT(8) 300, a TIME beyond a day, a
	// DECIMAL(p,s) of more than p digits) are corrupt in every mode.
	Validate Mode = 2
)

// Reader rebuilds the Variants of a [Batch] row by row with the spec's
// construct_variant (VariantShredding.md, "Reconstructing a Shredded
// Variant"). It appends bytes straight into its output buffer: residual
// values are copied as they are, shredded fields merged with residual fields
// in key order, typed values encoded as their Variant types (an INT64 column
// as int64, a decimal in an INT32 column as decimal4, ...). The three kinds
// of absence stay apart: a SQL NULL row is reported as not valid, a Variant
// null is the value 00, a missing object field is left out, and a missing
// top-level value or array element reads as the Variant null, as the spec
// requires where a value is required.
//
// Malformed value bytes give an error wrapping variant.ErrInvalidValue as
// far as the reader reads them; see [Validate] for a whole check.
type Reader struct {
	b       *Batch
	root    *node
	mode    Mode
	lv      []leafState // per leaf
	hdr     []int       // per object node, by its typedLo: its last header size
	row     int
	w       writer
	metaRaw []byte
	keys    keyCache
}

// leafState is where a Reader is in one leaf column.
type leafState struct {
	pos, vpos int     // next entry, next value
	def       []uint8 // the column's levels at Reset (see takeNull)
	count     int     // the column's values at Reset (see primitiveNode)
	max       uint8   // the leaf's maximum definition level, at most 255
}

// NewReader returns a Reader that rebuilds whole rows of b.
func NewReader(b *Batch, mode Mode) *Reader {
	r := &Reader{}
	r.Reset(b, b.layout.Root(), mode)
	return r
}

// NewNodeReader returns a Reader that rebuilds, row by row, the value of
// node n (see [Layout.Find]) from the batch. The batch needs only the
// leaves of n (see [Node.Leaves]) and, when n may hold objects, the
// metadata leaf; without it the empty dictionary is used, which suits
// primitive typed values. Rows where the node is absent (an ancestor is SQL
// NULL, not an object, or missing the field) and rows where it is missing
// read as not valid. Nodes inside a list element are refused with
// [ErrInvalidSchema]: read their array instead.
func NewNodeReader(b *Batch, n Node, mode Mode) (*Reader, error) {
	if n.n.rep > b.layout.rep {
		return nil, schemaError(n.n.path, "node inside a list element")
	}
	r := &Reader{}
	r.Reset(b, n, mode)
	return r, nil
}

// Reset makes r read the node n of the rows of b from the first row,
// keeping its buffers. The batch must not change while r reads it, other
// than by appending rows.
func (r *Reader) Reset(b *Batch, n Node, mode Mode) {
	c := len(b.Columns)
	r.b, r.root, r.mode, r.row = b, n.n, mode, 0
	r.metaRaw = nil
	r.keys.valid = false
	r.lv = r.lv[:0]
	for i := range c {
		col, l := &b.Columns[i], &b.layout.leaves[i]
		r.lv = append(r.lv, leafState{def: col.Def, count: col.valuesOf(l.Kind), max: uint8(min(l.MaxDef, 255))})
	}
	if len(r.hdr) != c {
		r.hdr = make([]int, c)
	}
}

var emptyMetadata = variant.MustDecodeMetadata([]byte{0x01, 0x00, 0x00})

// Next rebuilds the next row. valid is false for a SQL NULL row (and, for a
// node reader, a row where the node is absent or missing); a missing
// top-level value is the Variant null. The Variant refers to the reader's
// buffer and to the batch's metadata column: it is valid until the next
// call (use variant.Variant.Clone to keep it). At the end it returns
// io.EOF. Errors are [*Error] values naming the row and the column path.
func (r *Reader) Next() (v variant.Variant, valid bool, err error) {
	r.w.buf, valid, err = r.next(r.w.buf[:0])
	if !valid {
		return variant.Variant{}, false, err
	}
	return variant.View(r.w.meta, r.w.buf), true, nil
}

// AppendNext is [Reader.Next] rebuilding the row's value straight onto the
// end of dst: it returns dst extended by the value bytes (dst itself for a
// row that is not valid or an error) and the row's metadata, which refers
// to the batch's metadata column. Rows whose metadata bytes equal those of
// the last valid row get that row's Metadata, the same bytes in memory
// (until [Reader.Reset]), so that a caller can tell a shared dictionary
// without comparing it. The reader keeps no reference to dst.
func (r *Reader) AppendNext(dst []byte) (out []byte, m variant.Metadata, valid bool, err error) {
	own := r.w.buf
	out, valid, err = r.next(dst)
	r.w.buf = own
	if !valid {
		return dst, variant.Metadata{}, false, err
	}
	return out, r.w.meta, true, nil
}

// next rebuilds the next row onto the end of dst, through r.w.buf, and
// returns the extended buffer: see Next.
func (r *Reader) next(dst []byte) (out []byte, valid bool, err error) {
	n := r.root
	meta := &r.b.Columns[0]
	withMeta := meta.Len() > 0
	lead := n.lo
	if withMeta {
		lead = 0
	}
	if r.lv[lead].pos >= r.b.Columns[lead].Len() {
		return dst, false, io.EOF
	}
	row := r.row
	r.row++

	def, _, err := r.peek(n.lo)
	if err != nil {
		return dst, false, r.fail(err, row)
	}
	if def < n.def {
		if err := r.skipRange(n.lo, n.hi); err != nil {
			return dst, false, r.fail(err, row)
		}
		if withMeta {
			if err := r.skip(0); err != nil {
				return dst, false, r.fail(err, row)
			}
		}
		return dst, false, nil
	}
	if withMeta {
		if err := r.metadata(); err != nil {
			return dst, false, r.fail(err, row)
		}
	} else if r.metaRaw == nil {
		r.w.meta, r.metaRaw = emptyMetadata, emptyMetadata.Bytes()
		r.keys.update(r.b.layout, emptyMetadata)
	}
	r.w.buf = dst
	r.w.entries, r.w.elems = r.w.entries[:0], r.w.elems[:0]
	present, err := r.node(n)
	if err != nil {
		return dst, false, r.fail(err, row)
	}
	if !present {
		if n != r.b.layout.root {
			return dst, false, nil
		}
		r.w.buf = append(r.w.buf, hNull)
	}
	return r.w.buf, true, nil
}

// metadata takes the row's metadata and decodes it when it differs from the
// previous row's.
func (r *Reader) metadata() error {
	if s := &r.lv[0]; s.pos < len(s.def) && s.def[s.pos] == s.max && s.vpos < s.count {
		// A value, checked against the levels and values at Reset;
		// anything else is taken with the checks of take.
		s.pos++
		s.vpos++
	} else if ok, err := r.take(0); err != nil {
		return err
	} else if !ok {
		return corrupt(colMetadata, "null metadata in a row whose Variant is present")
	}
	mb := r.b.Columns[0].bytesAt(r.lv[0].vpos - 1)
	if r.metaRaw == nil || !bytes.Equal(mb, r.metaRaw) {
		m, err := variant.DecodeMetadata(mb)
		if err != nil {
			return err
		}
		r.w.meta, r.metaRaw = m, mb
		r.keys.update(r.b.layout, m)
	}
	return nil
}

func (r *Reader) fail(err error, row int) error {
	if e, ok := err.(*Error); ok {
		c := *e
		c.Row = row
		return &c
	}
	return &Error{Err: err, Row: row}
}

func corrupt(path, msg string) error {
	return &Error{Err: ErrCorrupt, Row: -1, Path: path, Msg: msg}
}

func invalidLayout(path, msg string) error {
	return &Error{Err: ErrInvalidLayout, Row: -1, Path: path, Msg: msg}
}

// peek returns the definition and repetition level of the next entry of
// leaf i.
func (r *Reader) peek(i int) (def, rep int, err error) {
	c := &r.b.Columns[i]
	p := r.lv[i].pos
	if p >= len(c.Def) || p >= len(c.Rep) {
		return 0, 0, corrupt(r.b.layout.leaves[i].PathString(), "column ends early")
	}
	return int(c.Def[p]), int(c.Rep[p]), nil
}

// take consumes the next entry of leaf i and reports whether it holds a
// value (its definition level is the maximum); the value is number
// r.lv[i].vpos-1.
func (r *Reader) take(i int) (bool, error) {
	if r.takeNull(i) {
		return false, nil
	}
	return r.takeValue(i)
}

// takeNull consumes the next entry of leaf i when it is null (below the
// maximum definition level, which is the common case checked inline) and
// reports whether it did.
func (r *Reader) takeNull(i int) bool {
	if s := &r.lv[i]; s.pos < len(s.def) && s.def[s.pos] < s.max {
		s.pos++
		return true
	}
	return false
}

// takeValue is take for an entry that takeNull did not take.
func (r *Reader) takeValue(i int) (bool, error) {
	c, s := &r.b.Columns[i], &r.lv[i]
	p := s.pos
	if p >= len(c.Def) {
		return false, corrupt(r.b.layout.leaves[i].PathString(), "column ends early")
	}
	s.pos = p + 1
	def := int(c.Def[p])
	leaf := &r.b.layout.leaves[i]
	if def < leaf.MaxDef {
		return false, nil
	}
	if def > leaf.MaxDef {
		return false, corrupt(leaf.PathString(), "definition level "+strconv.Itoa(def)+" above the maximum "+strconv.Itoa(leaf.MaxDef))
	}
	if s.vpos >= c.valuesOf(leaf.Kind) {
		return false, corrupt(leaf.PathString(), "fewer values than definition levels announce")
	}
	s.vpos++
	return true, nil
}

func (r *Reader) skip(i int) error {
	_, err := r.take(i)
	return err
}

// skipRange consumes one entry of each leaf in [lo, hi).
func (r *Reader) skipRange(lo, hi int) error {
	for i := lo; i < hi; i++ {
		if err := r.skip(i); err != nil {
			return err
		}
	}
	return nil
}

// value consumes the next entry of n's value column and returns its bytes,
// validated, or nil when it is null or n has no value column.
func (r *Reader) value(n *node) ([]byte, error) {
	if n.value < 0 || r.takeNull(n.value) {
		return nil, nil
	}
	ok, err := r.takeValue(n.value)
	if err != nil || !ok {
		return nil, err
	}
	b := r.b.Columns[n.value].bytesAt(r.lv[n.value].vpos - 1)
	if len(b) == 0 {
		return nil, &Error{Err: invalidValue(0, "empty value"), Row: -1, Path: join(n.path, colValue)}
	}
	if r.mode&Validate != 0 {
		if err := variant.View(r.w.meta, b).Validate(); err != nil {
			return nil, &Error{Err: err, Row: -1, Path: join(n.path, colValue)}
		}
	}
	return b, nil
}

// whole checks that b, from n's value column, holds exactly one value as
// far as its headers tell.
func whole(n *node, b []byte, size int, err error) error {
	if err == nil && size != len(b) {
		err = invalidValue(size, strconv.Itoa(len(b)-size)+" bytes after the value")
	}
	if err != nil {
		return &Error{Err: err, Row: -1, Path: join(n.path, colValue)}
	}
	return nil
}

// node rebuilds one instance of n into the output and reports whether it is
// present (false: missing).
func (r *Reader) node(n *node) (bool, error) {
	if n.kind == KindPrimitive {
		return r.primitiveNode(n)
	}
	val, err := r.value(n)
	if err != nil {
		return false, err
	}
	switch n.kind {
	case KindObject:
		def, _, err := r.peek(n.typedLo)
		if err != nil {
			return false, err
		}
		if def > n.def {
			return true, r.object(n, val)
		}
		if err := r.skipRange(n.typedLo, n.hi); err != nil {
			return false, err
		}
		if val != nil && val[0]&3 == 2 && r.mode&Lenient == 0 {
			return false, invalidLayout(n.path, "object in value while the shredded object typed_value is null")
		}
	case KindArray:
		def, _, err := r.peek(n.typedLo)
		if err != nil {
			return false, err
		}
		if def > n.def {
			if val != nil && r.mode&Lenient == 0 {
				return false, invalidLayout(n.path, "value and typed_value both non-null for an array")
			}
			return true, r.array(n, def)
		}
		if err := r.skipRange(n.typedLo, n.hi); err != nil {
			return false, err
		}
		if val != nil && val[0]&3 == 3 && r.mode&Lenient == 0 {
			return false, invalidLayout(n.path, "array in value while the shredded array typed_value is null")
		}
	}
	if val == nil {
		return false, nil
	}
	size, err := valueSize(val)
	if err := whole(n, val, size, err); err != nil {
		return false, err
	}
	r.w.buf = append(r.w.buf, val...)
	return true, nil
}

// primitiveNode is node for a primitive n: its typed value when its
// typed_value is non-null, else its value.
func (r *Reader) primitiveNode(n *node) (bool, error) {
	var val []byte
	if n.value >= 0 && !r.takeNull(n.value) {
		var err error
		if val, err = r.value(n); err != nil {
			return false, err
		}
	}
	if s := &r.lv[n.typed]; s.pos < len(s.def) && s.def[s.pos] == s.max && s.vpos < s.count {
		// A typed value, checked against the levels and values at Reset;
		// anything else is taken with the checks of takeValue.
		s.pos++
		s.vpos++
		if val != nil && r.mode&Lenient == 0 {
			return false, invalidLayout(n.path, "value and typed_value both non-null")
		}
		return true, r.primitiveAt(n, &r.b.Columns[n.typed], s.vpos-1)
	}
	if !r.takeNull(n.typed) {
		ok, err := r.takeValue(n.typed)
		if err != nil {
			return false, err
		}
		if ok {
			if val != nil && r.mode&Lenient == 0 {
				return false, invalidLayout(n.path, "value and typed_value both non-null")
			}
			return true, r.primitive(n)
		}
	}
	if val == nil {
		return false, nil
	}
	size, err := valueSize(val)
	if err := whole(n, val, size, err); err != nil {
		return false, err
	}
	r.w.buf = append(r.w.buf, val...)
	return true, nil
}

func (r *Reader) object(n *node, val []byte) error {
	var o objView
	hasResidual := false
	if val != nil {
		if val[0]&3 != 2 {
			if r.mode&Lenient == 0 {
				return invalidLayout(n.path, "value of a shredded object is not an object")
			}
		} else {
			var err error
			o, err = parseObject(val)
			if err := whole(n, val, o.dataStart+o.dataSize, err); err != nil {
				return err
			}
			hasResidual = true
		}
	}
	w := &r.w
	// Room for the header: the size of this node's header in the last row,
	// which rows of one shape share.
	c := w.beginObject(r.hdr[n.typedLo])
	ids := r.keys.ids
	for _, f := range n.fields {
		start := len(w.buf)
		var present bool
		var err error
		if f.kind == KindPrimitive {
			present, err = r.primitiveNode(f)
		} else {
			present, err = r.node(f)
		}
		if err != nil {
			return err
		}
		if !present {
			continue
		}
		id := ids[f.slot]
		if id < 0 {
			return invalidLayout(f.path, "shredded field name not in the metadata")
		}
		w.entries = append(w.entries, entry{id: id, start: start})
	}
	// With a sorted dictionary the shredded fields come in id order (their
	// names are sorted), and so do the fields of a well-formed residual
	// object: the two runs are merged and the object closed without
	// sorting. Anything else is sorted and checked when the object is
	// closed.
	inOrder := r.keys.sorted
	if hasResidual {
		rest := w.merge[:0]
		last := -1 // id of the last residual field kept
		next := 0  // with a sorted dictionary: the next shredded field
		for i := 0; i < o.num; i++ {
			id := o.id(i)
			if id >= w.meta.Len() {
				return invalidValue(o.idsStart+i*o.idSize, "field id "+strconv.Itoa(id)+" out of range of the metadata")
			}
			var dup bool
			if r.keys.sorted {
				for next < len(n.fields) && ids[n.fields[next].slot] < id {
					next++
				}
				dup = next < len(n.fields) && ids[n.fields[next].slot] == id
			} else {
				k, _ := w.meta.KeyBytes(id)
				dup = isShredded(n.names, k)
			}
			if dup {
				if r.mode&Lenient == 0 {
					k, _ := w.meta.Key(id)
					return invalidLayout(n.path, "key "+strconv.Quote(k)+" in both typed_value and value")
				}
				continue
			}
			fb, err := o.field(i)
			if err != nil {
				return err
			}
			if id <= last {
				// Residual field ids out of order or repeated.
				inOrder = false
			}
			last = id
			rest = append(rest, entry{id: id, start: len(w.buf)})
			w.buf = append(w.buf, fb...)
		}
		if inOrder {
			w.entries = mergeEntries(w.entries, c.first, rest)
		} else {
			w.entries = append(w.entries, rest...)
		}
		w.merge = rest[:0]
	}
	if inOrder {
		w.endSortedObject(c)
	} else if err := w.endObject(c); err != nil {
		e := err.(*Error)
		e.Path = n.path
		return e
	}
	r.hdr[n.typedLo] = w.hdr
	return nil
}

// mergeEntries merges rest, in increasing id order, into es[first:], in
// increasing id order with no id of rest, from the back.
func mergeEntries(es []entry, first int, rest []entry) []entry {
	if len(rest) == 0 {
		return es
	}
	a := len(es) - 1
	es = append(es, rest...)
	b := len(rest) - 1
	for o := len(es) - 1; b >= 0; o-- {
		if a >= first && es[a].id > rest[b].id {
			es[o] = es[a]
			a--
		} else {
			es[o] = rest[b]
			b--
		}
	}
	return es
}

// isShredded reports whether key k is one of the sorted names.
func isShredded(names []string, k []byte) bool {
	lo, hi := 0, len(names)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := compareKey(k, names[m]); {
		case c == 0:
			return true
		case c > 0:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}

// array rebuilds a non-null list whose first entry has definition level def.
func (r *Reader) array(n *node, def int) error {
	w := &r.w
	c := w.beginArray()
	if def == n.def+1 {
		if err := r.skipRange(n.typedLo, n.hi); err != nil {
			return err
		}
		w.endArray(c)
		return nil
	}
	for {
		w.elem()
		present, err := r.node(n.elem)
		if err != nil {
			return err
		}
		if !present {
			// An element is a place where a value is required: a missing
			// one reads as the Variant null (VariantShredding.md, "Value
			// Shredding").
			w.buf = append(w.buf, hNull)
		}
		if r.lv[n.typedLo].pos >= r.b.Columns[n.typedLo].Len() {
			break
		}
		if _, rep, _ := r.peek(n.typedLo); rep != n.rep+1 {
			break
		}
	}
	w.endArray(c)
	return nil
}

// primitive appends the Variant encoding of the typed value just taken.
func (r *Reader) primitive(n *node) error {
	return r.primitiveAt(n, &r.b.Columns[n.typed], r.lv[n.typed].vpos-1)
}

// primitiveAt appends the Variant encoding of value i of c, n's typed_value
// column. A value outside the range of its type is an [ErrCorrupt] error
// naming the column: a DECIMAL(p,s) holds at most p digits
// (LogicalTypes.md, DECIMAL), so the decimal4 and decimal8 it gives hold at
// most 9 and 18 digits and a decimal16 at most 38, as the Decimal table of
// VariantEncoding.md requires.
func (r *Reader) primitiveAt(n *node, c *Column, i int) error {
	buf := r.w.buf
	t := n.typ
	switch t.ID {
	case TypeBoolean:
		if c.Bool[i] {
			buf = append(buf, hTrue)
		} else {
			buf = append(buf, hFalse)
		}
	case TypeInt8:
		x := c.Int32[i]
		if x != int32(int8(x)) {
			return r.corruptTyped(n, "INT(8) value "+strconv.Itoa(int(x))+" out of range")
		}
		buf = append(buf, hInt8, byte(x))
	case TypeInt16:
		x := c.Int32[i]
		if x != int32(int16(x)) {
			return r.corruptTyped(n, "INT(16) value "+strconv.Itoa(int(x))+" out of range")
		}
		buf = binary.LittleEndian.AppendUint16(append(buf, hInt16), uint16(x))
	case TypeInt32:
		buf = binary.LittleEndian.AppendUint32(append(buf, hInt32), uint32(c.Int32[i]))
	case TypeInt64:
		buf = binary.LittleEndian.AppendUint64(append(buf, hInt64), uint64(c.Int64[i]))
	case TypeFloat:
		buf = binary.LittleEndian.AppendUint32(append(buf, hFloat), math.Float32bits(c.Float[i]))
	case TypeDouble:
		buf = binary.LittleEndian.AppendUint64(append(buf, hDouble), math.Float64bits(c.Double[i]))
	case TypeDecimal4:
		x := c.Int32[i]
		if m := int32(pow10[t.Precision][1]); x <= -m || x >= m {
			return r.corruptTyped(n, decimalTooWide(t))
		}
		buf = binary.LittleEndian.AppendUint32(append(buf, hDecimal4, byte(t.Scale)), uint32(x))
	case TypeDecimal8:
		x := c.Int64[i]
		if m := int64(pow10[t.Precision][1]); x <= -m || x >= m {
			return r.corruptTyped(n, decimalTooWide(t))
		}
		buf = binary.LittleEndian.AppendUint64(append(buf, hDecimal8, byte(t.Scale)), uint64(x))
	case TypeDecimal16:
		be := c.bytesAt(i)
		if len(be) > 16 {
			// A longer BYTE_ARRAY decimal fits 128 bits when its leading
			// bytes and the sign bit of the last 16 all extend its sign.
			fill := byte(0)
			if be[0]&0x80 != 0 {
				fill = 0xFF
			}
			for _, x := range be[:len(be)-16] {
				if x != fill {
					return r.corruptTyped(n, "decimal wider than 128 bits")
				}
			}
			be = be[len(be)-16:]
			if be[0]&0x80 != fill&0x80 {
				return r.corruptTyped(n, "decimal wider than 128 bits")
			}
		}
		var le [16]byte
		fill := byte(0)
		if len(be) > 0 && be[0]&0x80 != 0 {
			fill = 0xFF
		}
		for j := range le {
			if j < len(be) {
				le[j] = be[len(be)-1-j]
			} else {
				le[j] = fill
			}
		}
		if !fitsPrecision(int64(binary.LittleEndian.Uint64(le[8:])), binary.LittleEndian.Uint64(le[:8]), t.Precision) {
			return r.corruptTyped(n, decimalTooWide(t))
		}
		buf = append(append(buf, hDecimal16, byte(t.Scale)), le[:]...)
	case TypeDate:
		buf = binary.LittleEndian.AppendUint32(append(buf, hDate), uint32(c.Int32[i]))
	case TypeTime:
		// A time of day: microseconds since midnight.
		x := c.Int64[i]
		if x < 0 || x >= 86400000000 {
			return r.corruptTyped(n, "TIME value "+strconv.FormatInt(x, 10)+" outside [0, 86400000000) microseconds")
		}
		buf = binary.LittleEndian.AppendUint64(append(buf, hTime), uint64(x))
	case TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		buf = binary.LittleEndian.AppendUint64(append(buf, int64Header(t.ID)), uint64(c.Int64[i]))
	case TypeBinary:
		b := c.bytesAt(i)
		buf = binary.LittleEndian.AppendUint32(append(buf, hBinary), uint32(len(b)))
		buf = append(buf, b...)
	case TypeString:
		b := c.bytesAt(i)
		if r.mode&Validate != 0 && !utf8.Valid(b) {
			return r.corruptTyped(n, "STRING value is not UTF-8")
		}
		if len(b) <= 63 {
			buf = append(buf, byte(len(b))<<2|1)
		} else {
			buf = binary.LittleEndian.AppendUint32(append(buf, hString), uint32(len(b)))
		}
		buf = append(buf, b...)
	case TypeUUID:
		b := c.bytesAt(i)
		if len(b) != 16 {
			return r.corruptTyped(n, "UUID of "+strconv.Itoa(len(b))+" bytes")
		}
		buf = append(append(buf, hUUID), b...)
	}
	r.w.buf = buf
	return nil
}

// corruptTyped is an [ErrCorrupt] error for a value of n's typed_value
// column.
func (r *Reader) corruptTyped(n *node, msg string) error {
	return corrupt(r.b.layout.leaves[n.typed].PathString(), msg)
}

// decimalTooWide is the message for a value of decimal type t that has more
// digits than its precision.
func decimalTooWide(t Type) string {
	p := strconv.Itoa(t.Precision)
	return "DECIMAL(" + p + "," + strconv.Itoa(t.Scale) + ") value of more than " + p + " digits"
}

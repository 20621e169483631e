package driver

import (
	"bytes"

	"github.com/parquet-go/parquet-go"

	"github.com/parquetvariant/parquetvariant/variant"
)

// rowBuffer holds the buffered rows of one row group column by column, in
// the form the row group is written from: of each plain column its Parquet
// values (with the definition level, without the column index, which the
// column writer they are handed to does not read), of each VARIANT column
// where its Variants are. The bytes they point to live in the writer's
// arenas, which the buffer takes over when the row group is written.
type rowBuffer struct {
	n      int                  // rows
	bytes  int                  // of the rows' values, as Config.RowGroupBytes counts them
	plain  [][]parquet.Value    // of each plain column; nil for VARIANT ones
	vars   [][]varRef           // of each VARIANT column; nil for plain ones
	metas  [][]variant.Metadata // of each VARIANT column: the metadata its Variants use, in arenas, no two in a row equal
	arenas [][]byte             // the arena chunks, in the order varRef.arena counts
}

// varRef is where a buffered Variant is, with no pointer, so that the
// garbage collector need not scan the buffer: its metadata is
// metas[i][meta-1] for column i (meta 0 is NULL) and its value
// arenas[arena][start:end].
type varRef struct {
	meta, arena, start, end uint32
}

// variant returns the Variant of column i in row r, or false for NULL.
func (rb *rowBuffer) variant(i, r int) (variant.Variant, bool) {
	ref := rb.vars[i][r]
	if ref.meta == 0 {
		return variant.Variant{}, false
	}
	return variant.View(rb.metas[i][ref.meta-1], rb.arenas[ref.arena][ref.start:ref.end]), true
}

// reshape empties the buffer for cols, keeping what it has allocated; each
// column gets room for at least hint rows.
func (rb *rowBuffer) reshape(cols []tableColumn, hint int) {
	rb.n, rb.bytes, rb.arenas = 0, 0, nil
	for len(rb.plain) < len(cols) {
		rb.plain = append(rb.plain, nil)
	}
	for len(rb.vars) < len(cols) {
		rb.vars = append(rb.vars, nil)
	}
	for len(rb.metas) < len(cols) {
		rb.metas = append(rb.metas, nil)
	}
	rb.plain, rb.vars, rb.metas = rb.plain[:len(cols)], rb.vars[:len(cols)], rb.metas[:len(cols)]
	for i := range cols {
		if cols[i].typ.name == "VARIANT" {
			if cap(rb.vars[i]) < hint {
				rb.vars[i] = make([]varRef, 0, hint)
			}
			rb.vars[i], rb.metas[i] = rb.vars[i][:0], rb.metas[i][:0]
			continue
		}
		if cap(rb.plain[i]) < hint {
			rb.plain[i] = make([]parquet.Value, 0, hint)
		}
		rb.plain[i] = rb.plain[i][:0]
	}
}

// truncate drops the values of the row being added, which the first cols
// columns got, so the buffer holds rb.n rows again.
func (rb *rowBuffer) truncate(cols int) {
	for i := 0; i < cols; i++ {
		if rb.vars[i] != nil && len(rb.vars[i]) > rb.n {
			rb.vars[i] = rb.vars[i][:rb.n]
		}
		if rb.plain[i] != nil && len(rb.plain[i]) > rb.n {
			rb.plain[i] = rb.plain[i][:rb.n]
		}
	}
}

// buffer returns the buffer the next rows go to, taking a free one (or a
// new one) when there is none.
func (fw *fileWriter) buffer() *rowBuffer {
	if fw.buf != nil {
		return fw.buf
	}
	// A row group written already is likely the size of the next.
	hint := fw.lastRows
	var rb *rowBuffer
	if k := len(fw.freeBufs); k > 0 {
		rb, fw.freeBufs = fw.freeBufs[k-1], fw.freeBufs[:k-1]
	} else {
		rb = &rowBuffer{}
	}
	rb.reshape(fw.cols, hint)
	fw.buf = rb
	return rb
}

// appendRow converts one row, whose values have the columns' types (see
// coerce), into rb: bytes are copied into the arena, and a Variant whose
// metadata is the same as the one copied before shares that copy. A
// value of more than maxValueBytes is refused (ErrTooLarge). On error rb
// is left as it was.
func (fw *fileWriter) appendRow(rb *rowBuffer, row []value) error {
	if err := fw.checkSizes(row); err != nil {
		return err
	}
	size := 0
	for i := range row {
		c, v := &fw.cols[i], &row[i]
		if c.typ.name == "VARIANT" {
			var ref varRef
			if v.k == kindVariant {
				m := v.v.Metadata()
				metas := rb.metas[i]
				if len(metas) == 0 || !bytes.Equal(m.Bytes(), metas[len(metas)-1].Bytes()) {
					rb.metas[i] = append(metas, variant.View(fw.copyMetadata(m), nil).Metadata())
					size += len(m.Bytes())
				}
				b := v.v.Bytes()
				size += len(b)
				fw.reserve(len(b))
				end := len(fw.arena)
				copy(fw.arena[end-len(b):end], b)
				ref = varRef{meta: uint32(len(rb.metas[i])), arena: uint32(len(fw.usedArenas) - 1), start: uint32(end - len(b)), end: uint32(end)}
			}
			rb.vars[i] = append(rb.vars[i], ref)
			continue
		}
		size += plainBytes(v)
		// Built in place: see shred's Column.fill.
		rb.plain[i] = append(rb.plain[i], parquet.Value{})
		pv := &rb.plain[i][len(rb.plain[i])-1]
		switch {
		case v.k == kindInt && (c.typ.name == "BIGINT" || c.typ.name == "TIME"):
			*pv = parquet.Int64Value(v.i)
		case v.k == kindString && c.typ.name == "VARCHAR":
			*pv = parquet.ByteArrayValue(fw.copyString(v.s))
		default:
			x := *v
			if x.k == kindBytes {
				// BINARY or UUID: parquetValue keeps the bytes, so copy first.
				x.b = fw.copyBytes(x.b)
			}
			var err error
			if *pv, err = parquetValue(c, x); err != nil {
				rb.truncate(i + 1)
				return err
			}
		}
		if c.typ.nullable && !v.isNull() {
			pv.SetDefinitionLevel(1)
		}
	}
	rb.n++
	rb.bytes += size
	return nil
}

// checkSizes refuses a row with a value of more than maxValueBytes bytes:
// a VARCHAR or BINARY value, or a Variant's metadata and value together.
func (fw *fileWriter) checkSizes(row []value) error {
	for i := range row {
		v := &row[i]
		n := 0
		switch v.k {
		case kindString:
			n = len(v.s)
		case kindBytes:
			n = len(v.b)
		case kindVariant:
			n = len(v.v.Metadata().Bytes()) + len(v.v.Bytes())
		}
		if n > maxValueBytes {
			return tooLargeError(&fw.cols[i], n)
		}
	}
	return nil
}

// plainBytes is what a value of a plain column counts toward
// Config.RowGroupBytes: the bytes of a string or byte string, 8 for
// others.
func plainBytes(v *value) int {
	switch v.k {
	case kindString:
		return len(v.s)
	case kindBytes:
		return len(v.b)
	}
	return 8
}

// copyString copies s into the arena.
func (fw *fileWriter) copyString(s string) []byte {
	out := fw.reserve(len(s))
	copy(out, s)
	return out
}

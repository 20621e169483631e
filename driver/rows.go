package driver

import (
	sqldriver "database/sql/driver"
	"io"
	"math"
	"reflect"

	"github.com/parquetvariant/parquetvariant/variant"
)

// scribble makes Rows overwrite the memory it handed out for the previous
// row on every Next, so that code which keeps []byte or Variant values past
// the next Next (the Scanner contract forbids it) fails in tests. The
// package's tests turn it on (export_test.go).
var scribble bool

// rows is a result set. Values of []byte and variant.Variant are valid until
// the next call of Next: database/sql copies []byte into *[]byte, *string
// and *any destinations, and variant.Variant's Scan clones; a *any
// destination gets a Variant whose bytes a later Next may overwrite. They
// point into a buffer the rows own, or, when the iterator is a valuesIter
// (a query the scan answers whole), into the scan's memory: a Variant's
// value into the batch that holds the row (which only the same scan reuses,
// once it has moved past the batch), its metadata into the scan's metadata
// cache (which the next row with other metadata overwrites). Nothing
// overwrites the last row's values, so they stay valid after the rows are
// closed.
type rows struct {
	it      resultIter
	values  valuesIter // it, as a valuesIter: set by the first Next
	general bool       // rows are read with it.next (set by the first Next)
	names   []string
	types   []colType
	arena   []byte
	boxes   variantBoxes
	text    []byte // JSON text of the value being converted (variant_json)
	json    bool   // VARIANT values as JSON text (DSN option variant_json)
	closed  bool
	after   func() // called once when the rows are closed
}

// Columns returns the result column names.
func (r *rows) Columns() []string { return r.names }

// Close releases the scan behind the rows.
func (r *rows) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.it.close()
	if r.after != nil {
		r.after()
	}
	return err
}

// Next fills dest with the next row, or returns io.EOF.
func (r *rows) Next(dest []sqldriver.Value) error {
	if r.closed {
		return io.EOF
	}
	if r.values == nil && !r.general {
		r.values, _ = r.it.(valuesIter)
		r.general = r.values == nil || r.json
	}
	if !r.general {
		ok, err := r.values.nextValues(dest)
		if err != nil {
			return err
		}
		if !ok {
			return io.EOF
		}
		if scribble {
			r.own(dest)
		}
		return nil
	}
	row, ok, err := r.it.next()
	if err != nil {
		return err
	}
	if !ok {
		return io.EOF
	}
	r.scribbleArena()
	// Bytes and Variants are copied into the arena one after the other. When
	// the arena grows, the values already copied stay in the old one, which
	// is no longer reused: they stay valid as long.
	r.arena = r.arena[:0]
	for i := range row {
		switch v := &row[i]; v.k {
		case kindBytes:
			b := r.reserve(len(v.b))
			copy(b, v.b)
			dest[i] = b
		case kindVariant:
			if r.json {
				// The text is built in a reused buffer: the string is the
				// one allocation per value.
				text, err := v.v.AppendJSON(r.text[:0])
				r.text = text
				if err != nil {
					return err
				}
				dest[i] = string(text)
				continue
			}
			dest[i] = r.boxes.box(v.v.CopyTo(r.reserve(v.v.Size())), len(dest))
		default:
			dest[i] = driverValue(v)
		}
	}
	return nil
}

// scribbleArena overwrites the values the rows copied for the previous row,
// and the Variants they handed out, when scribble is on.
func (r *rows) scribbleArena() {
	if scribble {
		for i := range r.arena {
			r.arena[i] = 0xA5
		}
		r.boxes.scribble()
	}
}

// own copies the []byte and Variant values of dest into the arena, in place
// of the views a valuesIter gave, so that scribble overwrites them on the
// next Next.
func (r *rows) own(dest []sqldriver.Value) {
	r.scribbleArena()
	r.arena = r.arena[:0]
	for i, d := range dest {
		switch v := d.(type) {
		case []byte:
			b := r.reserve(len(v))
			copy(b, v)
			dest[i] = b
		case variant.Variant:
			dest[i] = r.boxes.box(v.CopyTo(r.reserve(v.Size())), len(dest))
		}
	}
}

// reserve returns the next n bytes of the arena, with a capacity of n (never
// nil: an empty BINARY value is not NULL).
func (r *rows) reserve(n int) []byte {
	off := len(r.arena)
	if cap(r.arena)-off < n || r.arena == nil {
		r.arena = make([]byte, 0, max(2*cap(r.arena), n, 4096))
		off = 0
	}
	r.arena = r.arena[:off+n]
	return r.arena[off : off+n : off+n]
}

// ColumnTypeScanType is the Go type that holds the column's values: the
// plain type for NOT NULL columns, the sql.Null form otherwise (VARIANT
// columns: variant.Variant and sql.Null[variant.Variant]).
func (r *rows) ColumnTypeScanType(i int) reflect.Type { return r.types[i].scanType() }

// ColumnTypeDatabaseTypeName is the SQL type name: VARIANT, BIGINT, DOUBLE,
// DECIMAL, VARCHAR, BINARY, BOOLEAN, DATE, TIME, TIMESTAMP, TIMESTAMP_NTZ or
// UUID; for computed columns also ANY (the kind of value depends on the
// row; scan type interface{}) or NULL (always NULL). See the package
// documentation.
func (r *rows) ColumnTypeDatabaseTypeName(i int) string { return r.types[i].name }

// ColumnTypeNullable reports whether the column can be NULL.
func (r *rows) ColumnTypeNullable(i int) (nullable, ok bool) { return r.types[i].nullable, true }

// ColumnTypePrecisionScale gives the precision and scale of DECIMAL columns.
func (r *rows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	t := r.types[i]
	if t.name != "DECIMAL" {
		return 0, 0, false
	}
	return int64(t.precision), int64(t.scale), true
}

// ColumnTypeLength is math.MaxInt64 for the variable-length VARCHAR and
// BINARY columns.
func (r *rows) ColumnTypeLength(i int) (length int64, ok bool) {
	switch r.types[i].name {
	case "VARCHAR", "BINARY":
		return math.MaxInt64, true
	}
	return 0, false
}

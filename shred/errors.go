package shred

import (
	"errors"
	"strconv"
)

// Sentinel errors. Every error this package returns wraps one of them (or an
// error of the variant package for malformed Variant bytes), so callers match
// failure classes with errors.Is.
var (
	// ErrInvalidSchema: a shredding schema, or a Variant group read from a
	// file's Parquet schema, breaks VariantShredding.md: a typed_value of a
	// Parquet type the "Shredded Value Types" table does not list (unsigned
	// INTEGER, INT96, FIXED_LEN_BYTE_ARRAY(len != 16) without DECIMAL, ...),
	// a field group or list element that is not required, a missing
	// metadata column, an empty object, a bad decimal precision or scale.
	ErrInvalidSchema = errors.New("invalid shredding schema")
	// ErrInvalidLayout: column data that the spec calls invalid: value and
	// typed_value both set for a non-object, a shredded key also present in
	// the residual object, an object (array) in value while typed_value is
	// an object group (a LIST) and null, a shredded field name absent from
	// the metadata.
	ErrInvalidLayout = errors.New("invalid shredded data")
	// ErrCorrupt: column buffers that no writer can produce: levels out of
	// range, fewer values than definition levels announce, rows that end
	// early.
	ErrCorrupt = errors.New("corrupt column data")
	// ErrNullRow: a SQL NULL row was appended to a Batch whose Variant column
	// is required.
	ErrNullRow = errors.New("SQL NULL in a required Variant column")
	// ErrTooLarge: a row takes more bytes in a column than a data page may
	// hold (see [PageLimits]).
	ErrTooLarge = errors.New("too large for a Parquet page")
)

// Error locates a fault: the row of the batch and the column path inside the
// Variant group (such as "typed_value.event_ts.value"). It wraps a sentinel
// or a *variant.Error.
type Error struct {
	// Err is the cause.
	Err error
	// Row is the row number in the batch, or -1 when no row applies.
	Row int
	// Path is the column path relative to the Variant group, or empty.
	Path string
	// Msg says what is wrong, or is empty when Err says it all.
	Msg string
}

// Error formats as "shred: invalid shredded data at row 3
// (typed_value.a): key "a" in both typed_value and value".
func (e *Error) Error() string {
	b := make([]byte, 0, 64+len(e.Msg)+len(e.Path))
	b = append(b, "shred: "...)
	b = append(b, e.Err.Error()...)
	if e.Row >= 0 {
		b = append(b, " at row "...)
		b = strconv.AppendInt(b, int64(e.Row), 10)
	}
	if e.Path != "" {
		b = append(b, " ("...)
		b = append(b, e.Path...)
		b = append(b, ')')
	}
	if e.Msg != "" {
		b = append(b, ": "...)
		b = append(b, e.Msg...)
	}
	return string(b)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func schemaError(path, msg string) error {
	return &Error{Err: ErrInvalidSchema, Row: -1, Path: path, Msg: msg}
}

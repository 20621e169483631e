package variant

import (
	"errors"
	"strconv"
)

// Sentinel errors. Every error this package returns wraps exactly one of them,
// so callers match failure classes with errors.Is; decoding faults come as an
// [*Error] that also carries the byte offset and path of the fault.
var (
	// ErrInvalidMetadata: a metadata buffer breaks VariantEncoding.md,
	// "Metadata encoding" (version, sizes, offsets, UTF-8, sort order).
	ErrInvalidMetadata = errors.New("invalid metadata")
	// ErrInvalidValue: a value buffer breaks VariantEncoding.md,
	// "Value encoding" (headers, sizes, offsets, field ids, key order).
	ErrInvalidValue = errors.New("invalid value")
	// ErrTooDeep: objects and arrays nest deeper than [MaxDepth].
	ErrTooDeep = errors.New("nesting too deep")
	// ErrTypeMismatch: a typed accessor was called on a value of another type.
	ErrTypeMismatch = errors.New("type mismatch")
	// ErrDuplicateKey: an object being built or parsed has a key twice.
	ErrDuplicateKey = errors.New("duplicate key")
	// ErrUnknownKey: a key is not in the fixed metadata a Builder was given.
	ErrUnknownKey = errors.New("key not in metadata")
	// ErrOverflow: a number does not fit the type it must be stored in.
	ErrOverflow = errors.New("value out of range")
	// ErrUnsupportedType: a Go value has no Variant encoding.
	ErrUnsupportedType = errors.New("unsupported Go type")
	// ErrBuilder: Builder methods were called in an order that builds no
	// valid value (a field name outside an object, an unclosed object, ...).
	ErrBuilder = errors.New("builder misuse")
	// ErrInvalidJSON: JSON text could not be parsed or has no Variant form.
	ErrInvalidJSON = errors.New("invalid JSON")
	// ErrInvalidPath: a path expression does not follow the path syntax.
	ErrInvalidPath = errors.New("invalid path")
	// ErrCast: a value cannot be converted to the requested SQL type.
	ErrCast = errors.New("cannot cast")
	// ErrInvalidDecimal: a decimal's scale or precision is outside [0, 38].
	ErrInvalidDecimal = errors.New("invalid decimal")
)

// MaxDepth is the deepest nesting of objects and arrays that this package
// decodes, validates, builds or parses from JSON. A top-level scalar has
// depth 0, the values inside a top-level object or array depth 1.
const MaxDepth = 1000

// Error describes a fault at a place in a Variant buffer or a text. It wraps
// one of the package's sentinel errors.
type Error struct {
	// Err is the sentinel (ErrInvalidValue, ErrInvalidMetadata, ...).
	Err error
	// Offset is the byte offset of the fault in the buffer (or text) that was
	// read, or -1 when no single offset applies.
	Offset int
	// Path is the Variant path of the value at fault, such as "$.a[2]", or
	// empty when unknown.
	Path string
	// Msg says what is wrong.
	Msg string
}

// Error formats as "variant: invalid value at offset 17 ($.a[2]): field id
// 9 out of range, dictionary size 4".
func (e *Error) Error() string {
	b := make([]byte, 0, 64+len(e.Msg)+len(e.Path))
	b = append(b, "variant: "...)
	b = append(b, e.Err.Error()...)
	if e.Offset >= 0 {
		b = append(b, " at offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
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

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

func valueError(offset int, msg string) error {
	return &Error{Err: ErrInvalidValue, Offset: offset, Msg: msg}
}

func metadataError(offset int, msg string) error {
	return &Error{Err: ErrInvalidMetadata, Offset: offset, Msg: msg}
}

// mismatch reports a typed accessor called on a value of type got.
func mismatch(want string, got Type) error {
	return &Error{Err: ErrTypeMismatch, Offset: -1, Msg: "want " + want + ", have " + got.String()}
}

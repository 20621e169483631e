package variant

import (
	"database/sql"
	"database/sql/driver"
	"fmt"
)

var (
	_ sql.Scanner   = (*Variant)(nil)
	_ driver.Valuer = Variant{}
)

// Scan implements sql.Scanner (docs/design.md section 5). It accepts:
//
//   - a Variant, the value this package's driver returns for a VARIANT
//     column, which it clones, because the Scanner contract forbids keeping
//     driver-owned memory past the call;
//   - a string or []byte holding JSON text, as other drivers return, which it
//     parses by the rules of [ParseJSON] (errors wrap [ErrInvalidJSON]).
//
// A Variant never holds SQL NULL, so a nil src is an error, like scanning
// NULL into an int64; scan a column that can be NULL into
// sql.Null[variant.Variant], which handles NULL itself. A nil src and any
// other type are errors wrapping [ErrUnsupportedType]. On error v is left
// unchanged. The zero Variant, which holds no value, is an error wrapping
// [ErrInvalidValue].
func (v *Variant) Scan(src any) error {
	switch s := src.(type) {
	case Variant:
		if len(s.value) == 0 {
			return &Error{Err: ErrInvalidValue, Offset: -1, Msg: "cannot scan the zero variant.Variant, which holds no value"}
		}
		*v = s.Clone()
		return nil
	case string:
		return v.UnmarshalJSON([]byte(s))
	case []byte:
		return v.UnmarshalJSON(s)
	case nil:
		return &Error{Err: ErrUnsupportedType, Offset: -1, Msg: "cannot scan SQL NULL into a variant.Variant; use sql.Null[variant.Variant]"}
	}
	return &Error{Err: ErrUnsupportedType, Offset: -1, Msg: fmt.Sprintf("cannot scan %T into a variant.Variant", src)}
}

// Value implements driver.Valuer: it returns the JSON text of v as a string
// (see [Variant.AppendJSON]), a form every driver accepts. The zero Variant,
// which holds no value, and malformed bytes are errors wrapping
// [ErrInvalidValue]; pass SQL NULL as a nil or sql.Null[variant.Variant].
func (v Variant) Value() (driver.Value, error) {
	b, err := v.AppendJSON(nil)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

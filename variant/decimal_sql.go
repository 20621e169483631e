package variant

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

var (
	_ sql.Scanner   = (*Decimal)(nil)
	_ driver.Valuer = Decimal{}
)

// Scan implements sql.Scanner (docs/design.md section 5: decimals come out
// as their exact text unless scanned into a decimal type). It accepts:
//
//   - a string or []byte holding plain decimal text, the form this
//     package's driver returns for DECIMAL columns and most drivers return
//     for NUMERIC, read by the rules of [ParseDecimal] with the scale as
//     written (errors wrap [ErrInvalidDecimal]);
//   - an int64, as scale 0;
//   - a float64 only when its binary value is exactly a decimal of at most
//     38 digits (0.5, 1e32; not 0.1, whose double is
//     0.1000000000000000055511151231257827021181583404541015625), else an
//     error wrapping [ErrInvalidDecimal] that says to scan into a float64;
//   - a Decimal, as it is.
//
// A Decimal never holds SQL NULL, so a nil src is an error, like scanning
// NULL into an int64; scan a column that can be NULL into
// sql.Null[variant.Decimal]. A nil src and any other type are errors
// wrapping [ErrUnsupportedType]. On error d is left unchanged.
func (d *Decimal) Scan(src any) error {
	var (
		out Decimal
		err error
	)
	switch s := src.(type) {
	case string:
		out, err = ParseDecimal(s)
	case []byte:
		out, err = ParseDecimal(string(s))
	case int64:
		out, err = NewDecimal(s, 0)
	case float64:
		var ok bool
		if out, ok = DecimalFromFloat(s); !ok {
			return &Error{Err: ErrInvalidDecimal, Offset: -1, Msg: "cannot scan float64 " + strconv.FormatFloat(s, 'g', -1, 64) + " into a variant.Decimal: its binary value is not exactly a decimal of at most 38 digits; scan into a float64"}
		}
	case Decimal:
		out = s
	case nil:
		return &Error{Err: ErrUnsupportedType, Offset: -1, Msg: "cannot scan SQL NULL into a variant.Decimal; use sql.Null[variant.Decimal]"}
	default:
		return &Error{Err: ErrUnsupportedType, Offset: -1, Msg: fmt.Sprintf("cannot scan %T into a variant.Decimal", src)}
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			msg := *e
			msg.Msg = "cannot scan into a variant.Decimal: " + e.Msg
			return &msg
		}
		return err
	}
	*d = out
	return nil
}

// Value implements driver.Valuer: it returns the plain decimal text of d
// with its scale (see [Decimal.String]), a form every driver accepts for
// NUMERIC and DECIMAL parameters. This package's driver takes a Decimal
// argument as it is, without this conversion.
func (d Decimal) Value() (driver.Value, error) {
	return d.String(), nil
}

// DecimalFromFloat returns the binary value of the double f exactly, as a
// decimal of at most 38 digits (0.5 is 0.5, 1e20 is 100000000000000000000),
// and ok false when no such decimal holds it (0.1, whose binary value has 55
// fraction digits; NaN and the infinities). f is m / 2^e with m odd, that
// is m * 5^e / 10^e, which needs e fraction digits.
func DecimalFromFloat(f float64) (d Decimal, ok bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Decimal{}, false
	}
	if f == 0 {
		return Decimal{}, true
	}
	frac, exp := math.Frexp(f)
	m := int64(frac * (1 << 53))
	e := 53 - exp
	tz := bits.TrailingZeros64(uint64(m))
	m >>= tz
	e -= tz
	if e > MaxDecimalPrecision {
		return Decimal{}, false
	}
	u := big.NewInt(m)
	if e > 0 {
		u.Mul(u, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(e)), nil))
	} else {
		u.Lsh(u, uint(-e))
		e = 0
	}
	d, err := DecimalFromBig(u, e)
	return d, err == nil
}

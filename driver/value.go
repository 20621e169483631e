package driver

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/parquetvariant/parquetvariant/variant"
)

// kind is the SQL type family of a value during evaluation.
type kind uint8

const (
	kindNull kind = iota
	kindBool
	kindInt     // int64 in i
	kindFloat   // float64 in f
	kindDecimal // variant.Decimal in d
	kindString  // string in s
	kindBytes   // []byte in b
	kindTime    // time.Time in t (dates and timestamps, UTC)
	kindClock   // a time of day: nanoseconds since midnight in i, its text (HH:MM:SS.ffffff) in s
	kindUUID    // a UUID's canonical text (lower-case, with hyphens) in s
	kindVariant // variant.Variant in v
)

var kindNames = [...]string{
	kindNull: "NULL", kindBool: "BOOLEAN", kindInt: "BIGINT", kindFloat: "DOUBLE",
	kindDecimal: "DECIMAL", kindString: "VARCHAR", kindBytes: "BINARY", kindTime: "TIMESTAMP", kindClock: "TIME",
	kindUUID:    "UUID",
	kindVariant: "VARIANT",
}

func (k kind) String() string { return kindNames[k] }

// value is one SQL value during evaluation: a tagged union, so that
// evaluating a row boxes nothing.
type value struct {
	k kind
	i int64
	f float64
	s string
	b []byte
	t time.Time
	d variant.Decimal
	v variant.Variant
}

func nullValue() value           { return value{} }
func boolValue(b bool) value     { return value{k: kindBool, i: b2i(b)} }
func intValue(i int64) value     { return value{k: kindInt, i: i} }
func floatValue(f float64) value { return value{k: kindFloat, f: f} }
func stringValue(s string) value { return value{k: kindString, s: s} }
func clockValue(d time.Duration) value {
	return value{k: kindClock, i: int64(d), s: variant.Time(d.Microseconds()).String()}
}
func decimalValue(d variant.Decimal) value {
	return value{k: kindDecimal, d: d}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (x value) isNull() bool { return x.k == kindNull }

// truth is the three-valued truth of a condition: NULL is unknown.
type truth uint8

const (
	unknown truth = iota
	falseT
	trueT
)

func truthOf(b bool) truth {
	if b {
		return trueT
	}
	return falseT
}

func (t truth) not() truth {
	switch t {
	case trueT:
		return falseT
	case falseT:
		return trueT
	}
	return unknown
}

func (t truth) value() value {
	if t == unknown {
		return nullValue()
	}
	return boolValue(t == trueT)
}

// truthValue reads a value as a condition: NULL is unknown, booleans are
// themselves, numbers are true when not zero (as MySQL does).
func truthValue(x value) (truth, error) {
	switch x.k {
	case kindNull:
		return unknown, nil
	case kindBool, kindInt:
		return truthOf(x.i != 0), nil
	case kindFloat:
		return truthOf(x.f != 0), nil
	case kindDecimal:
		return truthOf(x.d.Sign() != 0), nil
	case kindVariant:
		if x.v.IsNull() {
			return unknown, nil
		}
		if b, err := x.v.Bool(); err == nil {
			return truthOf(b), nil
		}
	}
	return unknown, &evalError{msg: "a " + x.k.String() + " value is not a condition"}
}

// evalError is a failure while evaluating an expression on a row; err, when
// set, is the cause (a variant.ErrCast, say) for errors.Is.
type evalError struct {
	msg string
	err error
}

func (e *evalError) Error() string { return "parquetvariant: " + e.msg }

func (e *evalError) Unwrap() error { return e.err }

// scalarOf turns a Variant into the SQL value of its primitive, so that it
// compares with constants: numbers, strings, booleans, binary, dates and
// timestamps, times of day. Objects and arrays stay Variants; the Variant
// null is NULL.
func scalarOf(v variant.Variant) value {
	switch v.Type() {
	case variant.TypeNull:
		return nullValue()
	case variant.TypeBoolean:
		b, _ := v.Bool()
		return boolValue(b)
	case variant.TypeInt8, variant.TypeInt16, variant.TypeInt32, variant.TypeInt64:
		i, err := v.Int()
		if err == nil {
			return intValue(i)
		}
	case variant.TypeFloat, variant.TypeDouble:
		f, err := v.Float64()
		if err == nil {
			return floatValue(f)
		}
	case variant.TypeDecimal4, variant.TypeDecimal8, variant.TypeDecimal16:
		d, err := v.Decimal()
		if err == nil {
			return decimalValue(d)
		}
	case variant.TypeString:
		s, err := v.Str()
		if err == nil {
			return stringValue(s)
		}
	case variant.TypeBinary:
		b, err := v.Binary()
		if err == nil {
			return value{k: kindBytes, b: b}
		}
	case variant.TypeUUID:
		u, err := v.UUID()
		if err == nil {
			return value{k: kindUUID, s: u.String()}
		}
	case variant.TypeDate:
		t, err := v.Date()
		if err == nil {
			return value{k: kindTime, t: t}
		}
	case variant.TypeTimestamp, variant.TypeTimestampNTZ, variant.TypeTimestampNanos, variant.TypeTimestampNTZNanos:
		t, err := v.Timestamp()
		if err == nil {
			return value{k: kindTime, t: t}
		}
	case variant.TypeTime:
		// A time outside the day stays a Variant, as a damaged value.
		us, err := v.TimeMicros()
		if err == nil && us >= 0 && us < 86400e6 {
			return clockValue(time.Duration(us) * time.Microsecond)
		}
	}
	return value{k: kindVariant, v: v}
}

// compareValues orders two non-NULL values of comparable kinds: numbers by
// value (see compareNumbers; NaN above every number), strings and binary
// by unsigned bytes, booleans false before true, times by instant, times
// of day by their nanoseconds. A primitive Variant compares as the SQL
// value it holds; two objects or arrays compare with variant.Compare. SQL
// text (a literal, an argument or a VARCHAR column) meeting a number, a
// time, a time of day, a uuid or a boolean is read as one, as SQL reads a
// quoted literal, and meeting binary compares as its UTF-8 bytes; a string
// held in a Variant is not read as another kind, so the Variant "5" is not
// the number 5 (as variant.Equal says). ok is false when the values cannot
// be compared (a string with a number, an object with anything, SQL NULL
// with anything): the comparison is then unknown. The Variant null is a
// value (design.md section 3): equal to the Variant null, unknown against
// any other value.
func compareValues(a, b value) (c int, ok bool) {
	va, vb := a.k == kindVariant, b.k == kindVariant
	if va && vb && a.v.IsNull() && b.v.IsNull() {
		return 0, true // the Variant null is a value, equal to itself
	}
	if va {
		a = scalarOf(a.v)
	}
	if vb {
		b = scalarOf(b.v)
	}
	if a.k == kindNull || b.k == kindNull {
		return 0, false
	}
	if a.k == kindVariant || b.k == kindVariant {
		if a.k != b.k {
			return 0, false
		}
		// Two objects or arrays: equal when variant.Equal says so, ordered
		// by variant.Compare.
		c, err := variant.Compare(a.v, b.v)
		return c, err == nil
	}
	switch {
	case a.k == kindBytes && b.k == kindString && !vb:
		// SQL text meets binary as its UTF-8 bytes, as MySQL compares a
		// BINARY column with a string.
		return cmpBytesText(a.b, b.s), true
	case b.k == kindBytes && a.k == kindString && !va:
		return -cmpBytesText(b.b, a.s), true
	}
	if a.k != b.k {
		// SQL text meets a number, a time, a time of day, a uuid or a
		// boolean: it is read as one, and text that does not read as one
		// makes the comparison unknown.
		var ok bool
		if a.k == kindString && !va {
			if a, ok = coerceText(a.s, b.k); !ok {
				return 0, false
			}
		} else if b.k == kindString && !vb {
			if b, ok = coerceText(b.s, a.k); !ok {
				return 0, false
			}
		}
	}
	if !va && !vb {
		// A boolean meets a number as 1 or 0, as in MySQL: b = 1 is b =
		// TRUE. (Variant booleans and numbers stay apart, as variant.Equal
		// keeps them.)
		if a.k == kindBool && isNumeric(b.k) {
			a = intValue(a.i)
		} else if b.k == kindBool && isNumeric(a.k) {
			b = intValue(b.i)
		}
	}
	if isNumeric(a.k) && isNumeric(b.k) {
		return compareNumbers(a, b), true
	}
	if a.k != b.k {
		return 0, false
	}
	switch a.k {
	case kindBool:
		return int(a.i - b.i), true
	case kindString, kindUUID:
		// Canonical UUID text orders as the UUID's bytes do.
		return strings.Compare(a.s, b.s), true
	case kindBytes:
		return bytes.Compare(a.b, b.b), true
	case kindTime:
		return a.t.Compare(b.t), true
	case kindClock:
		return cmp.Compare(a.i, b.i), true
	}
	return 0, false
}

// isHexNumber reports whether t, after its sign, starts with 0x or 0X.
func isHexNumber(t string) bool {
	t = strings.TrimLeft(t, "+-")
	return len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')
}

// cmpBytesText compares the bytes b with the bytes of the text s.
func cmpBytesText(b []byte, s string) int {
	switch {
	case string(b) == s:
		return 0
	case string(b) < s:
		return -1
	}
	return 1
}

func isNumeric(k kind) bool { return k == kindInt || k == kindFloat || k == kindDecimal }

// coerceText reads text as a value of kind k for a comparison: a number
// (exact decimal text, else a double), a timestamp or date (the text forms
// variant_get's casts read, UTC without a zone), a time of day (HH:MM:SS
// with an optional fraction, as variant_get's cast to TIME reads it), a
// uuid or a boolean (true or false, any case).
func coerceText(s string, k kind) (value, bool) {
	switch k {
	case kindInt, kindFloat, kindDecimal:
		// ASCII white space around the text, as casts ignore it.
		t := strings.Trim(s, " \t\n\r\f\v")
		if i, err := strconv.ParseInt(t, 10, 64); err == nil {
			return intValue(i), true
		}
		if d, err := variant.ParseDecimal(t); err == nil {
			return decimalValue(d), true
		}
		// strconv also reads Go's hexadecimal floats (0x1p4) and digits
		// parted by underscores (1_6), which no cast of text to a number
		// reads.
		if f, err := strconv.ParseFloat(t, 64); err == nil && !isHexNumber(t) && !strings.Contains(t, "_") {
			return floatValue(f), true
		}
	case kindTime:
		v, err := variant.Of(s)
		if err != nil {
			return value{}, false
		}
		if t, ok, err := v.CastTime(variant.SQLTimestamp, variant.CastLenient); ok && err == nil {
			return value{k: kindTime, t: t}, true
		}
	case kindClock:
		v, err := variant.Of(s)
		if err != nil {
			return value{}, false
		}
		if d, ok, err := v.CastTimeOfDay(variant.CastLenient); ok && err == nil {
			return clockValue(d), true
		}
	case kindUUID:
		if u, err := uuid.Parse(strings.TrimSpace(s)); err == nil {
			return value{k: kindUUID, s: u.String()}, true
		}
	case kindBool:
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true":
			return boolValue(true), true
		case "false":
			return boolValue(false), true
		}
	}
	return value{}, false
}

// compareNumbers compares two numbers by value, whatever their kinds.
// Integers, decimals and integral doubles compare exactly (an int64 and a
// double are not both rounded to double first). A decimal with a fraction
// meeting a double is rounded to the nearest double first, as SQL compares
// an exact number with an approximate one: the decimal 0.1 equals the
// double 0.1.
func compareNumbers(a, b value) int {
	switch {
	case a.k == kindInt && b.k == kindInt:
		return cmp.Compare(a.i, b.i)
	case a.k == kindFloat && b.k == kindFloat:
		return cmpFloat(a.f, b.f)
	case a.k == kindInt && b.k == kindFloat:
		return cmpIntFloat(a.i, b.f)
	case a.k == kindFloat && b.k == kindInt:
		return -cmpIntFloat(b.i, a.f)
	case a.k == kindDecimal && b.k == kindFloat:
		return cmpDecimalFloat(a.d, b.f)
	case a.k == kindFloat && b.k == kindDecimal:
		return -cmpDecimalFloat(b.d, a.f)
	}
	return toDecimal(a).Cmp(toDecimal(b))
}

// cmpDecimalFloat compares a decimal with a double: exactly when the
// decimal is an integer or the double is not finite, else as the nearest
// double to the decimal.
func cmpDecimalFloat(d variant.Decimal, f float64) int {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return cmpFloat(d.Float64(), f)
	}
	if i, ok := d.Rescale(0); ok {
		if u, ok := i.Unscaled64(); ok {
			return cmpIntFloat(u, f)
		}
		return new(big.Rat).SetInt(i.Unscaled()).Cmp(new(big.Rat).SetFloat64(f))
	}
	return cmpFloat(d.Float64(), f)
}

// cmpFloat orders doubles with NaN above every number and -0 equal to +0.
func cmpFloat(a, b float64) int {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a):
		return 1
	case math.IsNaN(b):
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpIntFloat compares an int64 with a double exactly.
func cmpIntFloat(i int64, f float64) int {
	switch {
	case math.IsNaN(f) || f >= 0x1p63:
		return -1
	case f < -0x1p63:
		return 1
	}
	t := math.Trunc(f)
	if c := cmp.Compare(i, int64(t)); c != 0 {
		return c
	}
	switch {
	case f > t:
		return -1
	case f < t:
		return 1
	}
	return 0
}

func toFloat(x value) float64 {
	switch x.k {
	case kindInt:
		return float64(x.i)
	case kindDecimal:
		return x.d.Float64()
	}
	return x.f
}

func toDecimal(x value) variant.Decimal {
	if x.k == kindInt {
		d, _ := variant.NewDecimal(x.i, 0)
		return d
	}
	return x.d
}

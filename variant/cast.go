package variant

import (
	"errors"
	"strconv"
	"strings"
)

// ErrInvalidType: a SQL type name does not parse, or an [SQLType] is not one
// of the types of docs/design.md section 4 (a decimal precision outside [1, 38], a
// scale outside [0, precision], an unknown kind).
var ErrInvalidType = errors.New("invalid SQL type")

// SQLKind is the kind of a SQL type that a Variant value can be cast to
// (docs/design.md section 4, "Type names for casts").
type SQLKind uint8

// The SQL kinds. The zero SQLKind names no type.
const (
	SQLInvalid      SQLKind = iota
	SQLBoolean              // boolean
	SQLTinyint              // tinyint: 8-bit signed integer
	SQLSmallint             // smallint: 16-bit signed integer
	SQLInt                  // int: 32-bit signed integer
	SQLBigint               // bigint: 64-bit signed integer
	SQLFloat                // float: IEEE 754 binary32
	SQLDouble               // double: IEEE 754 binary64
	SQLDecimal              // decimal(p,s): exact, precision p in [1, 38], scale s in [0, p]
	SQLString               // string, also spelled varchar: UTF-8 text
	SQLBinary               // binary: bytes
	SQLDate                 // date: a calendar day
	SQLTime                 // time: a time of day without zone, microseconds
	SQLTimestamp            // timestamp: an instant, UTC, microseconds
	SQLTimestampNTZ         // timestamp_ntz: a wall clock without zone, microseconds
	SQLUUID                 // uuid
	SQLVariant              // variant: the value itself
)

var sqlKindNames = [...]string{
	SQLInvalid:      "invalid",
	SQLBoolean:      "boolean",
	SQLTinyint:      "tinyint",
	SQLSmallint:     "smallint",
	SQLInt:          "int",
	SQLBigint:       "bigint",
	SQLFloat:        "float",
	SQLDouble:       "double",
	SQLDecimal:      "decimal",
	SQLString:       "string",
	SQLBinary:       "binary",
	SQLDate:         "date",
	SQLTime:         "time",
	SQLTimestamp:    "timestamp",
	SQLTimestampNTZ: "timestamp_ntz",
	SQLUUID:         "uuid",
	SQLVariant:      "variant",
}

// String returns the kind's type name as it is written in SQL, lower case.
func (k SQLKind) String() string {
	if int(k) < len(sqlKindNames) {
		return sqlKindNames[k]
	}
	return "invalid"
}

// DefaultDecimalPrecision and DefaultDecimalScale are the precision and
// scale of `decimal` written without them, as in MySQL and Spark:
// `decimal` is decimal(10,0) and `decimal(p)` is decimal(p,0).
const (
	DefaultDecimalPrecision = 10
	DefaultDecimalScale     = 0
)

// SQLType is a SQL type that a Variant value can be cast to. Precision and
// Scale apply to [SQLDecimal] only and are zero for every other kind. The
// zero SQLType is invalid; write SQLType{Kind: SQLBigint} or use
// [ParseSQLType].
type SQLType struct {
	Kind      SQLKind
	Precision int // decimal digits in all, 1 to 38; decimals only
	Scale     int // decimal digits after the point, 0 to Precision; decimals only
}

// String returns the type as ParseSQLType reads it back: "bigint",
// "decimal(10,2)", "timestamp_ntz".
func (t SQLType) String() string {
	if t.Kind == SQLDecimal {
		return "decimal(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
	}
	return t.Kind.String()
}

// check returns an error wrapping [ErrInvalidType] unless t is a type of
// docs/design.md section 4.
func (t SQLType) check() error {
	switch {
	case t.Kind == SQLInvalid || int(t.Kind) >= len(sqlKindNames):
		return &Error{Err: ErrInvalidType, Offset: -1, Msg: "kind " + strconv.Itoa(int(t.Kind)) + " is no SQL type"}
	case t.Kind == SQLDecimal:
		if t.Precision < 1 || t.Precision > MaxDecimalPrecision || t.Scale < 0 || t.Scale > t.Precision {
			return &Error{Err: ErrInvalidType, Offset: -1, Msg: t.String() + ": precision must be in [1, 38] and scale in [0, precision]"}
		}
	case t.Precision != 0 || t.Scale != 0:
		return &Error{Err: ErrInvalidType, Offset: -1, Msg: t.Kind.String() + " has no precision or scale"}
	}
	return nil
}

var sqlTypeByName = map[string]SQLKind{
	"boolean":       SQLBoolean,
	"tinyint":       SQLTinyint,
	"smallint":      SQLSmallint,
	"int":           SQLInt,
	"bigint":        SQLBigint,
	"float":         SQLFloat,
	"double":        SQLDouble,
	"decimal":       SQLDecimal,
	"string":        SQLString,
	"varchar":       SQLString,
	"binary":        SQLBinary,
	"date":          SQLDate,
	"time":          SQLTime,
	"timestamp":     SQLTimestamp,
	"timestamp_ntz": SQLTimestampNTZ,
	"uuid":          SQLUUID,
	"variant":       SQLVariant,
}

// ParseSQLType parses a type name of docs/design.md section 4: boolean, tinyint,
// smallint, int, bigint, float, double, decimal(p,s), string (or varchar),
// binary, date, time, timestamp, timestamp_ntz, uuid, variant. Case does not
// matter and spaces may surround the name and the parts of decimal(p, s).
// `decimal` alone is decimal(10,0) and `decimal(p)` is decimal(p,0) (see
// [DefaultDecimalPrecision]); p must be in [1, 38] and s in [0, p]. Any other
// text is an error wrapping [ErrInvalidType] that quotes it.
func ParseSQLType(name string) (SQLType, error) {
	bad := func(msg string) (SQLType, error) {
		return SQLType{}, &Error{Err: ErrInvalidType, Offset: -1, Msg: strconv.Quote(name) + ": " + msg}
	}
	s := strings.ToLower(strings.TrimSpace(name))
	base, args, hasArgs := strings.Cut(s, "(")
	base = strings.TrimSpace(base)
	kind, ok := sqlTypeByName[base]
	if !ok {
		return bad("unknown type name")
	}
	if !hasArgs {
		if kind == SQLDecimal {
			return SQLType{Kind: SQLDecimal, Precision: DefaultDecimalPrecision, Scale: DefaultDecimalScale}, nil
		}
		return SQLType{Kind: kind}, nil
	}
	if kind != SQLDecimal {
		return bad(base + " takes no arguments")
	}
	args, ok = strings.CutSuffix(args, ")")
	if !ok {
		return bad("missing )")
	}
	ps, ss, hasScale := strings.Cut(args, ",")
	num := func(t string) (int, bool) {
		t = strings.TrimSpace(t)
		if t == "" || len(t) > 3 || strings.Trim(t, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.Atoi(t)
		return n, err == nil
	}
	t := SQLType{Kind: SQLDecimal}
	if t.Precision, ok = num(ps); !ok {
		return bad("precision is not a number")
	}
	if hasScale {
		if t.Scale, ok = num(ss); !ok {
			return bad("scale is not a number")
		}
	}
	if err := t.check(); err != nil {
		return bad("precision must be in [1, 38] and scale in [0, precision]")
	}
	return t, nil
}

// CastMode chooses what a failed cast gives: an error (variant_get) or SQL
// NULL (try_variant_get).
type CastMode uint8

const (
	// CastStrict makes a failed cast an error wrapping [ErrCast].
	CastStrict CastMode = iota
	// CastLenient makes a failed cast SQL NULL (ok false, no error).
	CastLenient
)

// castFailure says why a value has no result of the target type; castOK and
// castNull are the two outcomes that are no failure.
type castFailure uint8

const (
	castOK        castFailure = iota
	castNull                  // the Variant null: SQL NULL in both modes
	failType                  // no cast between the two types
	failRange                 // outside the range of the target
	failLossy                 // the target would drop digits
	failSyntax                // text that does not parse as the target
	failNotFinite             // NaN or an infinity where a finite number is needed
	failUTF8                  // bytes that are not UTF-8 text
	failLength                // binary of another length than 16 to uuid
)

var castFailureText = [...]string{
	failType:      "no cast between these types",
	failRange:     "out of range",
	failLossy:     "would lose digits",
	failSyntax:    "text does not parse",
	failNotFinite: "not a finite number",
	failUTF8:      "not valid UTF-8",
	failLength:    "not 16 bytes",
}

// settle turns the outcome of a cast into its (ok, error) result under mode.
func (v Variant) settle(t SQLType, f castFailure, mode CastMode) (bool, error) {
	switch f {
	case castOK:
		return true, nil
	case castNull:
		return false, nil
	}
	if mode == CastLenient {
		return false, nil
	}
	msg := v.describe() + " to " + t.String() + ": " + castFailureText[f]
	if f == failSyntax && textForms[t.Kind] != "" {
		msg += " (" + textForms[t.Kind] + ")"
	}
	return false, &Error{Err: ErrCast, Offset: -1, Msg: msg}
}

// textForms say which text casts to the kinds whose text has a form of
// its own, for the message of a cast of text that does not parse.
var textForms = [...]string{
	SQLDate:         "write a date as YYYY-MM-DD, or a timestamp",
	SQLTime:         "write a time as HH:MM:SS, with up to 9 fraction digits",
	SQLTimestamp:    timestampForm + ", then Z, an offset such as +02:00, or nothing for UTC",
	SQLTimestampNTZ: timestampForm,
	SQLUUID:         "write a UUID as 8-4-4-4-12 hex digits",
	SQLVariant:      "",
}

// timestampForm is the text that casts to the timestamp kinds.
const timestampForm = "write a timestamp as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.f] (a space may stand for the T)"

// maxDescribed is the length beyond which describe shortens text.
const maxDescribed = 64

// describe names the type and value of v for an error message: `int16 300`,
// `string "abc"`, `binary of 3 bytes`, `object`.
func (v Variant) describe() string {
	t := v.Type()
	switch t {
	case TypeObject, TypeArray, TypeInvalid, TypeNull:
		return t.String()
	case TypeBinary:
		b, _ := v.Binary()
		return "binary of " + strconv.Itoa(len(b)) + " bytes"
	case TypeString:
		b, _ := v.StrBytes()
		if len(b) > maxDescribed {
			return "string " + strconv.Quote(string(b[:maxDescribed])) + "..."
		}
		return "string " + strconv.Quote(string(b))
	}
	text, f, err := v.appendText(nil)
	if err != nil || f != castOK {
		return t.String()
	}
	return t.String() + " " + string(text)
}

// sourceType returns the logical type of v, or an error wrapping
// [ErrInvalidValue] when its first byte names no type.
func (v Variant) sourceType() (Type, error) {
	t := v.Type()
	if t == TypeInvalid {
		if len(v.value) == 0 {
			return t, valueError(0, "empty value")
		}
		return t, valueError(0, "unknown primitive type "+strconv.Itoa(int(v.value[0]>>2)))
	}
	return t, nil
}

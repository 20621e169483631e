package driver

import (
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"github.com/parquetvariant/parquetvariant/variant"
)

// storedKind returns the kind of the values a column of the named type
// stores as they are (see coerce), or kindNull when every value is
// converted.
func storedKind(typ string) kind {
	switch typ {
	case "BIGINT":
		return kindInt
	case "DOUBLE":
		return kindFloat
	case "BOOLEAN":
		return kindBool
	case "VARCHAR":
		return kindString
	case "BINARY":
		return kindBytes
	case "TIMESTAMP":
		return kindTime
	case "VARIANT":
		return kindVariant
	}
	return kindNull
}

// coerce converts an inserted value to the storage form of column c: a
// Variant for VARIANT columns (other values become the Variant of the same
// type, so a string stays a string); the value cast to the column's SQL type
// otherwise, with the strict casts of variant_get (docs/design.md section 4: never
// wrapping, strings parsed). TIME values become microseconds since midnight
// and UUIDs their 16 bytes. NULL into a NOT NULL column is an error.
func coerce(c *tableColumn, v value) (value, error) {
	fail := func(err error) (value, error) {
		return value{}, fmt.Errorf("parquetvariant: column %s (%s): %w", quoteIdent(c.name), describeType(c.typ), err)
	}
	if v.isNull() {
		if !c.typ.nullable {
			return fail(fmt.Errorf("NULL into a NOT NULL column"))
		}
		return nullValue(), nil
	}
	if v.k == storedKind(c.typ.name) {
		if v.k == kindString && !utf8.ValidString(v.s) {
			// Parquet's STRING holds UTF-8 only (LogicalTypes.md, "STRING"):
			// other readers refuse a file with anything else.
			return fail(fmt.Errorf("text that is not valid UTF-8 (at byte %d); use a BINARY column for bytes", invalidUTF8At(v.s)))
		}
		if v.k == kindTime && !inMicros(v.t) {
			return fail(fmt.Errorf("%s is outside the range of a TIMESTAMP (int64 microseconds: %s to %s)",
				v.t.Format(time.RFC3339Nano), minMicros.Format(time.RFC3339Nano), maxMicros.Format(time.RFC3339Nano)))
		}
		return v, nil
	}
	if c.typ.name == "DATE" && v.k == kindTime {
		// The day of the instant in UTC, whatever its precision: a DATE
		// holds int32 days (LogicalTypes.md, "DATE"), far more than a
		// time.Time's Variant (int64 microseconds or nanoseconds).
		days := v.t.Unix() / 86400
		if v.t.Unix()%86400 < 0 {
			days--
		}
		if days < math.MinInt32 || days > math.MaxInt32 {
			return fail(fmt.Errorf("%s is outside the range of a DATE (int32 days from 1970-01-01)", v.t.UTC().Format(time.RFC3339Nano)))
		}
		return value{k: kindTime, t: time.Unix(days*86400, 0).UTC()}, nil
	}
	vv, err := toVariant(v)
	if err != nil {
		return fail(err)
	}
	if c.typ.name == "VARIANT" {
		return value{k: kindVariant, v: vv}, nil
	}
	switch c.typ.name {
	case "TIME":
		d, _, err := vv.CastTimeOfDay(variant.CastStrict)
		if err != nil {
			return fail(err)
		}
		return intValue(d.Microseconds()), nil
	case "UUID":
		u, _, err := vv.CastUUID(variant.CastStrict)
		if err != nil {
			return fail(err)
		}
		return value{k: kindBytes, b: u[:]}, nil
	}
	out, err := castValue(vv, c.sqlTarget(), variant.CastStrict)
	if err != nil {
		return fail(err)
	}
	return out, nil
}

// Timestamps a TIMESTAMP column holds: int64 microseconds since the Unix
// epoch (LogicalTypes.md, "TIMESTAMP").
var (
	minMicros = time.UnixMicro(math.MinInt64).UTC()
	maxMicros = time.UnixMicro(math.MaxInt64).UTC()
)

// inMicros reports whether t is a TIMESTAMP column's value once its
// nanoseconds past the microsecond are dropped (toward the past): in the
// range of int64 microseconds.
func inMicros(t time.Time) bool {
	return !t.Before(minMicros) && !t.After(maxMicros.Add(time.Microsecond-time.Nanosecond))
}

// toVariant is the Variant of a value: a Variant as it is, anything else
// through variant.Of.
func toVariant(v value) (variant.Variant, error) {
	switch v.k {
	case kindVariant:
		return v.v, nil
	case kindDecimal:
		return variant.Of(v.d)
	}
	return variant.Of(driverValue(&v))
}

// invalidUTF8At is the byte offset of the first invalid UTF-8 sequence in s.
func invalidUTF8At(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return len(s)
}

package main

import (
	"encoding/binary"
	"math/big"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// leafElements returns the schema elements of the leaf columns, in the
// order of a row group's column chunks (the schema is flattened depth
// first; leaves are the elements with a physical type).
func leafElements(schema []format.SchemaElement) []*format.SchemaElement {
	var out []*format.SchemaElement
	for i := range schema {
		if i > 0 && schema[i].Type.Valid {
			out = append(out, &schema[i])
		}
	}
	return out
}

// statText prints a PLAIN-encoded statistics bound as the column's logical
// type reads it (LogicalTypes.md, and the deprecated ConvertedType of older
// writers): a timestamp in RFC 3339 (UTC, "Z", when adjusted to UTC; the
// wall clock without an offset when not), a date, a time of day, a decimal
// with its scale, a UUID, unsigned integers, text quoted. A bound that does
// not fit its type, and a column without one of these types, print in the
// physical type (see statValue).
func statText(e *format.SchemaElement, b []byte) string {
	if b == nil {
		return "-"
	}
	if s, ok := logicalStat(e, b); ok {
		return s
	}
	return statValue(e.Type.V, b)
}

func logicalStat(e *format.SchemaElement, b []byte) (string, bool) {
	phys := e.Type.V
	switch l := e.LogicalType.Value.(type) {
	case *format.DecimalType:
		return decimalStat(phys, b, int(l.Scale))
	case *format.DateType:
		return dateStat(phys, b)
	case *format.TimeType:
		return timeStat(phys, b, unitOf(&l.Unit))
	case *format.TimestampType:
		return timestampStat(phys, b, unitOf(&l.Unit), l.IsAdjustedToUTC)
	case *format.IntType:
		if !l.IsSigned {
			return unsignedStat(phys, b)
		}
	case *format.UUIDType:
		if len(b) == 16 {
			return uuid.UUID(b).String(), true
		}
	case *format.StringType, *format.EnumType, *format.JsonType:
		return textStat(b)
	case nil:
		if phys == format.Int96 {
			return int96Stat(b)
		}
		if e.ConvertedType.Valid {
			return convertedStat(e, b)
		}
	}
	return "", false
}

// convertedStat is logicalStat for a column with only a ConvertedType.
func convertedStat(e *format.SchemaElement, b []byte) (string, bool) {
	phys := e.Type.V
	switch e.ConvertedType.V {
	case deprecated.Decimal:
		return decimalStat(phys, b, int(e.Scale.V))
	case deprecated.Date:
		return dateStat(phys, b)
	case deprecated.TimeMillis:
		return timeStat(phys, b, time.Millisecond)
	case deprecated.TimeMicros:
		return timeStat(phys, b, time.Microsecond)
	case deprecated.TimestampMillis:
		return timestampStat(phys, b, time.Millisecond, true)
	case deprecated.TimestampMicros:
		return timestampStat(phys, b, time.Microsecond, true)
	case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32, deprecated.Uint64:
		return unsignedStat(phys, b)
	case deprecated.UTF8, deprecated.Enum, deprecated.Json:
		return textStat(b)
	}
	return "", false
}

// unitOf is the length of one unit of a TIME or TIMESTAMP, 0 when unknown.
func unitOf(u *format.TimeUnit) time.Duration {
	if u.Value == nil {
		return 0
	}
	return u.Value.Duration()
}

// intStat reads an INT32 or INT64 bound.
func intStat(phys format.Type, b []byte) (int64, bool) {
	switch {
	case phys == format.Int32 && len(b) == 4:
		return int64(int32(binary.LittleEndian.Uint32(b))), true
	case phys == format.Int64 && len(b) == 8:
		return int64(binary.LittleEndian.Uint64(b)), true
	}
	return 0, false
}

func unsignedStat(phys format.Type, b []byte) (string, bool) {
	switch {
	case phys == format.Int32 && len(b) == 4:
		return strconv.FormatUint(uint64(binary.LittleEndian.Uint32(b)), 10), true
	case phys == format.Int64 && len(b) == 8:
		return strconv.FormatUint(binary.LittleEndian.Uint64(b), 10), true
	}
	return "", false
}

// decimalStat prints the unscaled integer of an INT32 or INT64, or the
// big-endian two's complement bytes of a FIXED_LEN_BYTE_ARRAY or
// BYTE_ARRAY, with scale digits after the point.
func decimalStat(phys format.Type, b []byte, scale int) (string, bool) {
	u := new(big.Int)
	switch phys {
	case format.Int32, format.Int64:
		n, ok := intStat(phys, b)
		if !ok {
			return "", false
		}
		u.SetInt64(n)
	case format.FixedLenByteArray, format.ByteArray:
		if len(b) == 0 {
			return "", false
		}
		u.SetBytes(b)
		if b[0]&0x80 != 0 {
			u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
		}
	default:
		return "", false
	}
	if scale < 0 {
		return "", false
	}
	sign := ""
	if u.Sign() < 0 {
		sign = "-"
		u.Neg(u)
	}
	digits := u.String()
	if scale == 0 {
		return sign + digits, true
	}
	for len(digits) <= scale {
		digits = "0" + digits
	}
	return sign + digits[:len(digits)-scale] + "." + digits[len(digits)-scale:], true
}

func dateStat(phys format.Type, b []byte) (string, bool) {
	if phys != format.Int32 || len(b) != 4 {
		return "", false
	}
	days := int64(int32(binary.LittleEndian.Uint32(b)))
	return time.Unix(days*86400, 0).UTC().Format(time.DateOnly), true
}

func timeStat(phys format.Type, b []byte, unit time.Duration) (string, bool) {
	n, ok := intStat(phys, b)
	if !ok || unit <= 0 || n < 0 || n > int64(24*time.Hour/unit) {
		return "", false
	}
	return time.Unix(0, 0).UTC().Add(time.Duration(n) * unit).Format("15:04:05.999999999"), true
}

func timestampStat(phys format.Type, b []byte, unit time.Duration, utc bool) (string, bool) {
	n, ok := intStat(phys, b)
	if !ok || phys != format.Int64 || unit <= 0 {
		return "", false
	}
	per := int64(time.Second / unit)
	sec, rem := n/per, n%per
	if rem < 0 {
		sec, rem = sec-1, rem+per
	}
	return formatInstant(time.Unix(sec, rem*int64(unit)), utc), true
}

// int96Stat reads an INT96 timestamp (nanoseconds of the day, then the
// Julian day), an instant.
func int96Stat(b []byte) (string, bool) {
	if len(b) != 12 {
		return "", false
	}
	nanos := int64(binary.LittleEndian.Uint64(b[:8]))
	days := int64(binary.LittleEndian.Uint32(b[8:])) - 2440588 // the Julian day of 1970-01-01
	return formatInstant(time.Unix(days*86400, nanos), true), true
}

func formatInstant(t time.Time, utc bool) string {
	if utc {
		return t.UTC().Format(time.RFC3339Nano)
	}
	return t.UTC().Format("2006-01-02T15:04:05.999999999")
}

// textStat quotes UTF-8 text, cut to 32 characters.
func textStat(b []byte) (string, bool) {
	if !utf8.Valid(b) {
		return "", false
	}
	const limit = 32
	s := string(b)
	if utf8.RuneCountInString(s) > limit {
		s = string([]rune(s)[:limit]) + "..."
	}
	return strconv.Quote(s), true
}

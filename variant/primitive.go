package variant

import (
	"encoding/binary"
	"math"
	"time"

	"github.com/google/uuid"
)

// Typed accessors. Each reads only the bytes of its own type, checks that
// they are there, and fails with [ErrTypeMismatch] for a value of another
// type or [ErrInvalidValue] for truncated bytes. None of them allocates
// unless it says so. Units are the spec's (VariantEncoding.md, "Variant
// primitive types"): days since 1970-01-01 for dates, microseconds or
// nanoseconds since 1970-01-01T00:00:00 for timestamps, microseconds since
// midnight for times.

// payload returns the value_data of a fixed-size primitive of type p.
func (v Variant) payload(p PrimitiveType, name string) ([]byte, error) {
	if len(v.value) == 0 || v.value[0] != byte(p)<<2 {
		return nil, mismatch(name, v.Type())
	}
	n := 1 + primitiveSizes[p]
	if len(v.value) < n {
		return nil, valueError(1, "truncated "+name)
	}
	return v.value[1:n], nil
}

// Bool returns the value of a boolean.
func (v Variant) Bool() (bool, error) {
	if len(v.value) > 0 {
		switch v.value[0] {
		case byte(PrimitiveTrue) << 2:
			return true, nil
		case byte(PrimitiveFalse) << 2:
			return false, nil
		}
	}
	return false, mismatch("boolean", v.Type())
}

// Int returns the value of an int8, int16, int32 or int64 as an int64.
// Decimals are not integers here; see [Variant.Decimal] and [Variant.Cast].
func (v Variant) Int() (int64, error) {
	if len(v.value) == 0 {
		return 0, mismatch("integer", TypeInvalid)
	}
	switch PrimitiveType(v.value[0] >> 2) {
	case PrimitiveInt8:
		b, err := v.payload(PrimitiveInt8, "int8")
		if err != nil {
			return 0, err
		}
		return int64(int8(b[0])), nil
	case PrimitiveInt16:
		b, err := v.payload(PrimitiveInt16, "int16")
		if err != nil {
			return 0, err
		}
		return int64(int16(binary.LittleEndian.Uint16(b))), nil
	case PrimitiveInt32:
		b, err := v.payload(PrimitiveInt32, "int32")
		if err != nil {
			return 0, err
		}
		return int64(int32(binary.LittleEndian.Uint32(b))), nil
	case PrimitiveInt64:
		b, err := v.payload(PrimitiveInt64, "int64")
		if err != nil {
			return 0, err
		}
		return int64(binary.LittleEndian.Uint64(b)), nil
	}
	return 0, mismatch("integer", v.Type())
}

// Float64 returns the value of a double, or of a float widened exactly.
func (v Variant) Float64() (float64, error) {
	if len(v.value) > 0 && v.value[0] == byte(PrimitiveFloat)<<2 {
		f, err := v.Float32()
		return float64(f), err
	}
	if len(v.value) == 0 || v.value[0] != byte(PrimitiveDouble)<<2 {
		return 0, mismatch("double or float", v.Type())
	}
	b, err := v.payload(PrimitiveDouble, "double")
	if err != nil {
		return 0, err
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b)), nil
}

// Float32 returns the value of a float.
func (v Variant) Float32() (float32, error) {
	b, err := v.payload(PrimitiveFloat, "float")
	if err != nil {
		return 0, err
	}
	return math.Float32frombits(binary.LittleEndian.Uint32(b)), nil
}

// Decimal returns the value of a decimal4, decimal8 or decimal16 with its
// scale. A scale above 38 is an [ErrInvalidValue].
func (v Variant) Decimal() (Decimal, error) {
	if len(v.value) == 0 {
		return Decimal{}, mismatch("decimal", TypeInvalid)
	}
	p := PrimitiveType(v.value[0] >> 2)
	if v.value[0]&3 != 0 || p < PrimitiveDecimal4 || p > PrimitiveDecimal16 {
		return Decimal{}, mismatch("decimal", v.Type())
	}
	b, err := v.payload(p, primitiveTypes[p].String())
	if err != nil {
		return Decimal{}, err
	}
	scale := b[0]
	if scale > MaxDecimalPrecision {
		return Decimal{}, valueError(1, "decimal scale above 38")
	}
	d := Decimal{scale: scale}
	switch p {
	case PrimitiveDecimal4:
		u := int64(int32(binary.LittleEndian.Uint32(b[1:])))
		d.hi, d.lo = u>>63, uint64(u)
	case PrimitiveDecimal8:
		u := int64(binary.LittleEndian.Uint64(b[1:]))
		d.hi, d.lo = u>>63, uint64(u)
	default:
		d.lo = binary.LittleEndian.Uint64(b[1:])
		d.hi = int64(binary.LittleEndian.Uint64(b[9:]))
	}
	return d, nil
}

// DateDays returns a date as days since 1970-01-01.
func (v Variant) DateDays() (int32, error) {
	b, err := v.payload(PrimitiveDate, "date")
	if err != nil {
		return 0, err
	}
	return int32(binary.LittleEndian.Uint32(b)), nil
}

// Date returns a date as midnight UTC of that day.
func (v Variant) Date() (time.Time, error) {
	d, err := v.DateDays()
	if err != nil {
		return time.Time{}, err
	}
	return DateToTime(d), nil
}

// DateToTime returns midnight UTC of the day days after 1970-01-01.
func DateToTime(days int32) time.Time {
	return time.Unix(int64(days)*86400, 0).UTC()
}

// TimeMicros returns a time of day without time zone as microseconds since
// midnight.
func (v Variant) TimeMicros() (int64, error) {
	b, err := v.payload(PrimitiveTime, "time")
	if err != nil {
		return 0, err
	}
	return int64(binary.LittleEndian.Uint64(b)), nil
}

// TimestampMicros returns a timestamp or timestamp_ntz (microsecond types) as
// microseconds since the epoch, and whether it is adjusted to UTC (false for
// timestamp_ntz, whose value is a wall clock).
func (v Variant) TimestampMicros() (micros int64, utc bool, err error) {
	return v.timestamp(PrimitiveTimestamp, PrimitiveTimestampNTZ, "timestamp or timestamp_ntz")
}

// TimestampNanos returns a timestamp_nanos or timestamp_ntz_nanos as
// nanoseconds since the epoch, and whether it is adjusted to UTC.
func (v Variant) TimestampNanos() (nanos int64, utc bool, err error) {
	return v.timestamp(PrimitiveTimestampNanos, PrimitiveTimestampNTZNanos, "timestamp_nanos or timestamp_ntz_nanos")
}

// timestamp reads a timestamp of type utcType (utc true) or ntzType.
func (v Variant) timestamp(utcType, ntzType PrimitiveType, want string) (int64, bool, error) {
	p := ntzType
	if len(v.value) > 0 && v.value[0] == byte(utcType)<<2 {
		p = utcType
	} else if len(v.value) == 0 || v.value[0] != byte(ntzType)<<2 {
		return 0, false, mismatch(want, v.Type())
	}
	b, err := v.payload(p, primitiveTypes[p].String())
	if err != nil {
		return 0, false, err
	}
	return int64(binary.LittleEndian.Uint64(b)), p == utcType, nil
}

// Timestamp returns any of the four timestamp types as a time.Time in UTC.
// For the NTZ types the wall clock is returned as if it were UTC; the
// process time zone is never used. Years beyond 2262 are exact for the
// microsecond types.
func (v Variant) Timestamp() (time.Time, error) {
	switch v.Type() {
	case TypeTimestamp, TypeTimestampNTZ:
		us, _, err := v.TimestampMicros()
		if err != nil {
			return time.Time{}, err
		}
		return MicrosToTime(us), nil
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		ns, _, err := v.TimestampNanos()
		if err != nil {
			return time.Time{}, err
		}
		return time.Unix(0, ns).UTC(), nil
	}
	return time.Time{}, mismatch("timestamp", v.Type())
}

// MicrosToTime returns the UTC time micros microseconds after the epoch.
func MicrosToTime(micros int64) time.Time {
	sec, us := micros/1e6, micros%1e6
	if us < 0 {
		sec, us = sec-1, us+1e6
	}
	return time.Unix(sec, us*1e3).UTC()
}

// Binary returns the bytes of a binary value, a view into the buffer.
func (v Variant) Binary() ([]byte, error) {
	if len(v.value) == 0 || v.value[0] != byte(PrimitiveBinary)<<2 {
		return nil, mismatch("binary", v.Type())
	}
	return v.long(1)
}

// long returns the bytes of a binary or long string, bounds-checked.
func (v Variant) long(at int) ([]byte, error) {
	if len(v.value) < at+4 {
		return nil, valueError(at, "truncated length")
	}
	n := uint64(binary.LittleEndian.Uint32(v.value[at:]))
	if uint64(len(v.value)-at-4) < n {
		return nil, valueError(at, "length past the end of the buffer")
	}
	return v.value[at+4 : at+4+int(n)], nil
}

// StrBytes returns the UTF-8 bytes of a string, short or long, as a view into
// the buffer. It does not allocate.
func (v Variant) StrBytes() ([]byte, error) {
	if len(v.value) == 0 {
		return nil, mismatch("string", TypeInvalid)
	}
	h := v.value[0]
	if h&3 == byte(BasicShortString) {
		n := int(h >> 2)
		if len(v.value) < 1+n {
			return nil, valueError(1, "truncated short string")
		}
		return v.value[1 : 1+n], nil
	}
	if h == byte(PrimitiveString)<<2 {
		return v.long(1)
	}
	return nil, mismatch("string", v.Type())
}

// Str returns the value of a string, short or long (the spec makes the two
// the same). It allocates the string.
func (v Variant) Str() (string, error) {
	b, err := v.StrBytes()
	return string(b), err
}

// UUID returns the value of a uuid (16 bytes, big-endian as the spec says).
func (v Variant) UUID() (uuid.UUID, error) {
	b, err := v.payload(PrimitiveUUID, "uuid")
	if err != nil {
		return uuid.UUID{}, err
	}
	return uuid.UUID(b), nil
}

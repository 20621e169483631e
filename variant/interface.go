package variant

import (
	"strconv"
	"time"
)

// Date is a calendar date without time zone, in days since 1970-01-01: the
// value of the spec's date type (VariantEncoding.md, "Variant primitive
// types", DATE). [Variant.Interface] returns dates as Date and [Of] writes a
// Date as a date.
type Date int32

// Time returns midnight UTC of the date.
func (d Date) Time() time.Time { return DateToTime(int32(d)) }

// String formats the date as "YYYY-MM-DD" (proleptic Gregorian calendar).
func (d Date) String() string { return d.Time().Format(time.DateOnly) }

// Time is a time of day without time zone, in microseconds since midnight:
// the value of the spec's time type (TIME(isAdjustedToUTC=false, MICROS)).
// Valid values are in [0, 86400000000). [Variant.Interface] returns times as
// Time and [Of] writes a Time as a time.
type Time int64

// String formats the time as "HH:MM:SS.ffffff", always with six fractional
// digits. Values outside [0, 86400000000) format with an hour outside [00,
// 23] or a leading minus sign.
func (t Time) String() string {
	b := make([]byte, 0, 16)
	us := int64(t)
	if us < 0 {
		b = append(b, '-')
		us = -us
	}
	b = appendPadded(b, us/3600e6, 2)
	b = append(b, ':')
	b = appendPadded(b, us/60e6%60, 2)
	b = append(b, ':')
	b = appendPadded(b, us/1e6%60, 2)
	b = append(b, '.')
	b = appendPadded(b, us%1e6, 6)
	return string(b)
}

// Interface returns the value as a Go value, without loss wherever Go can
// hold it:
//
//	null                     nil
//	boolean                  bool
//	int8, int16, int32, int64  int8, int16, int32, int64
//	float                    float32
//	double                   float64
//	decimal4, 8, 16          Decimal (with its scale)
//	date                     Date
//	time                     Time
//	timestamp, timestamp_nanos          time.Time in UTC
//	timestamp_ntz, timestamp_ntz_nanos  time.Time in UTC holding the wall clock
//	binary                   []byte (a copy)
//	string                   string
//	uuid                     uuid.UUID
//	object                   map[string]any
//	array                    []any
//
// A time.Time does not say whether it was a wall clock, so the NTZ types do
// not survive [Of], which always writes the UTC types; and Of writes
// integers and decimals at the smallest width that holds them and a
// timestamp_nanos without a sub-microsecond part as a timestamp. Apart from
// that, Of(v.Interface()) gives v back: the same value of the same
// equivalence class, and the same bytes when v is in the form a [Builder]
// writes. Malformed bytes are an error wrapping [ErrInvalidValue]; nesting
// deeper than [MaxDepth], an [ErrTooDeep].
func (v Variant) Interface() (any, error) {
	return v.goValue(0)
}

func (v Variant) goValue(depth int) (any, error) {
	switch v.Type() {
	case TypeNull:
		return nil, nil
	case TypeBoolean:
		return v.Bool()
	case TypeInt8:
		i, err := v.Int()
		return int8(i), err
	case TypeInt16:
		i, err := v.Int()
		return int16(i), err
	case TypeInt32:
		i, err := v.Int()
		return int32(i), err
	case TypeInt64:
		return v.Int()
	case TypeFloat:
		return v.Float32()
	case TypeDouble:
		return v.Float64()
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		return v.Decimal()
	case TypeDate:
		d, err := v.DateDays()
		return Date(d), err
	case TypeTime:
		t, err := v.TimeMicros()
		return Time(t), err
	case TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		return v.Timestamp()
	case TypeBinary:
		b, err := v.Binary()
		if err != nil {
			return nil, err
		}
		return append([]byte{}, b...), nil
	case TypeString:
		return v.Str()
	case TypeUUID:
		return v.UUID()
	case TypeObject:
		if depth >= MaxDepth {
			return nil, tooDeep()
		}
		o, err := v.Object()
		if err != nil {
			return nil, err
		}
		m := make(map[string]any, o.Len())
		for i := range o.Len() {
			k, f, err := o.At(i)
			if err != nil {
				return nil, err
			}
			if m[k], err = f.goValue(depth + 1); err != nil {
				return nil, err
			}
		}
		return m, nil
	case TypeArray:
		if depth >= MaxDepth {
			return nil, tooDeep()
		}
		a, err := v.Array()
		if err != nil {
			return nil, err
		}
		s := make([]any, a.Len())
		for i := range s {
			e, err := a.At(i)
			if err != nil {
				return nil, err
			}
			if s[i], err = e.goValue(depth + 1); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
	if len(v.value) == 0 {
		return nil, valueError(0, "empty value")
	}
	return nil, valueError(0, "unknown primitive type "+strconv.Itoa(int(v.value[0]>>2)))
}

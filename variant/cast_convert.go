package variant

import (
	"encoding/binary"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Typed casts. Each returns the value, ok, and an error: ok false with a nil
// error is SQL NULL (the Variant null, or a failed cast under
// [CastLenient]); under [CastStrict] a failed cast is an error wrapping
// [ErrCast]; malformed bytes are an error wrapping [ErrInvalidValue] under
// both modes; a target kind the method does not produce is an error
// wrapping [ErrInvalidType]. The rules are those of [Variant.Cast]. None of
// them allocates on success unless it says so.

func kindError(method string, k SQLKind) error {
	return &Error{Err: ErrInvalidType, Offset: -1, Msg: method + " does not cast to " + k.String()}
}

// intRanges[k] is the range of the integer kind k.
var intRanges = [...][2]int64{
	SQLTinyint:  {math.MinInt8, math.MaxInt8},
	SQLSmallint: {math.MinInt16, math.MaxInt16},
	SQLInt:      {math.MinInt32, math.MaxInt32},
	SQLBigint:   {math.MinInt64, math.MaxInt64},
}

// IntRange returns the smallest and largest value of the integer kind k
// (SQLTinyint, SQLSmallint, SQLInt or SQLBigint: 8, 16, 32 and 64 bits);
// ok is false for the other kinds. A cast to k of an integer outside the
// range fails (design.md section 4: narrowing never wraps).
func (k SQLKind) IntRange() (lo, hi int64, ok bool) {
	if k < SQLTinyint || k > SQLBigint {
		return 0, 0, false
	}
	return intRanges[k][0], intRanges[k][1], true
}

// CastInt64 casts to the integer kind k (SQLTinyint, SQLSmallint, SQLInt or
// SQLBigint) and returns the value as an int64.
func (v Variant) CastInt64(k SQLKind, mode CastMode) (int64, bool, error) {
	if k < SQLTinyint || k > SQLBigint {
		return 0, false, kindError("CastInt64", k)
	}
	if len(v.value) == 9 && v.value[0] == byte(PrimitiveInt64)<<2 && k == SQLBigint {
		return int64(binary.LittleEndian.Uint64(v.value[1:])), true, nil
	}
	i, f, err := v.toInt64()
	if err != nil {
		return 0, false, err
	}
	if f == castOK && (i < intRanges[k][0] || i > intRanges[k][1]) {
		f = failRange
	}
	return settled(v, i, SQLType{Kind: k}, f, mode)
}

// toInt64 returns the value of v as a 64-bit integer.
func (v Variant) toInt64() (int64, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return 0, 0, err
	}
	switch t {
	case TypeNull:
		return 0, castNull, nil
	case TypeBoolean:
		b, err := v.Bool()
		if b {
			return 1, castOK, err
		}
		return 0, castOK, err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		return i, castOK, err
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		if err != nil {
			return 0, 0, err
		}
		i, f := decimalToInt64(d)
		return i, f, nil
	case TypeDouble, TypeFloat:
		x, err := v.Float64()
		if err != nil {
			return 0, 0, err
		}
		i, f := floatToInt64(x)
		return i, f, nil
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return 0, 0, err
		}
		d, f := parseExact(b)
		if f != castOK {
			return 0, f, nil
		}
		i, f := decimalToInt64(d)
		return i, f, nil
	}
	return 0, failType, nil
}

// floatToInt64 returns x as an integer when it has no fraction and is in
// the range of int64.
func floatToInt64(x float64) (int64, castFailure) {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return 0, failNotFinite
	case x != math.Trunc(x):
		return 0, failLossy
	case x < -(1<<63) || x >= 1<<63:
		return 0, failRange
	}
	return int64(x), castOK
}

// CastFloat64 casts to SQLFloat or SQLDouble. A float result is a float64
// that holds a float32 value exactly.
func (v Variant) CastFloat64(k SQLKind, mode CastMode) (float64, bool, error) {
	if k != SQLFloat && k != SQLDouble {
		return 0, false, kindError("CastFloat64", k)
	}
	if len(v.value) == 9 && v.value[0] == byte(PrimitiveDouble)<<2 && k == SQLDouble {
		return math.Float64frombits(binary.LittleEndian.Uint64(v.value[1:])), true, nil
	}
	x, f, err := v.toFloat(k == SQLFloat)
	if err != nil {
		return 0, false, err
	}
	return settled(v, x, SQLType{Kind: k}, f, mode)
}

// toFloat returns v rounded to the nearest double, or float when single.
func (v Variant) toFloat(single bool) (float64, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return 0, 0, err
	}
	bitSize := 64
	if single {
		bitSize = 32
	}
	switch t {
	case TypeNull:
		return 0, castNull, nil
	case TypeBoolean:
		b, err := v.Bool()
		if b {
			return 1, castOK, err
		}
		return 0, castOK, err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		if single {
			return float64(float32(i)), castOK, err
		}
		return float64(i), castOK, err
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		if err != nil {
			return 0, 0, err
		}
		if u, ok := d.Unscaled64(); ok && d.scale == 0 {
			if single {
				return float64(float32(u)), castOK, nil
			}
			return float64(u), castOK, nil
		} else if ok && !single && u < 1<<53 && u > -(1<<53) && d.scale <= 22 {
			// Both operands are exact doubles, so the quotient is
			// correctly rounded.
			return float64(u) / pow10f[d.scale], castOK, nil
		}
		x, f := parseFloatText(d.Append(make([]byte, 0, 48)), bitSize)
		return x, f, nil
	case TypeDouble:
		x, err := v.Float64()
		if err != nil || !single {
			return x, castOK, err
		}
		y := float32(x)
		if math.IsInf(float64(y), 0) && !math.IsInf(x, 0) {
			return 0, failRange, nil
		}
		return float64(y), castOK, nil
	case TypeFloat:
		x, err := v.Float64()
		return x, castOK, err
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return 0, 0, err
		}
		x, f := parseFloatText(b, bitSize)
		return x, f, nil
	}
	return 0, failType, nil
}

// CastBool casts to SQLBoolean.
func (v Variant) CastBool(mode CastMode) (bool, bool, error) {
	if len(v.value) == 1 {
		switch v.value[0] {
		case byte(PrimitiveTrue) << 2:
			return true, true, nil
		case byte(PrimitiveFalse) << 2:
			return false, true, nil
		}
	}
	b, f, err := v.toBool()
	if err != nil {
		return false, false, err
	}
	ok, err := v.settle(SQLType{Kind: SQLBoolean}, f, mode)
	return b && ok, ok, err
}

func (v Variant) toBool() (bool, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return false, 0, err
	}
	switch t {
	case TypeNull:
		return false, castNull, nil
	case TypeBoolean:
		b, err := v.Bool()
		return b, castOK, err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		return i != 0, castOK, err
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		return d.Sign() != 0, castOK, err
	case TypeDouble, TypeFloat:
		x, err := v.Float64()
		if err != nil {
			return false, 0, err
		}
		if math.IsNaN(x) {
			return false, failNotFinite, nil
		}
		return x != 0, castOK, nil
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return false, 0, err
		}
		switch b = trimSpace(b); {
		case equalFold(b, "true"):
			return true, castOK, nil
		case equalFold(b, "false"):
			return false, castOK, nil
		}
		return false, failSyntax, nil
	}
	return false, failType, nil
}

// CastDecimal casts to decimal(t.Precision, t.Scale); the result has
// exactly scale t.Scale.
func (v Variant) CastDecimal(t SQLType, mode CastMode) (Decimal, bool, error) {
	if t.Kind != SQLDecimal {
		return Decimal{}, false, kindError("CastDecimal", t.Kind)
	}
	if err := t.check(); err != nil {
		return Decimal{}, false, err
	}
	d, f, err := v.toDecimal()
	if err != nil {
		return Decimal{}, false, err
	}
	if f == castOK {
		d, f = fitDecimal(d, t.Precision, t.Scale)
	}
	return settled(v, d, t, f, mode)
}

// toDecimal returns the exact value of v as a decimal of any scale.
func (v Variant) toDecimal() (Decimal, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return Decimal{}, 0, err
	}
	switch t {
	case TypeNull:
		return Decimal{}, castNull, nil
	case TypeBoolean:
		b, err := v.Bool()
		if b {
			return Decimal{lo: 1}, castOK, err
		}
		return Decimal{}, castOK, err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		return Decimal{hi: i >> 63, lo: uint64(i)}, castOK, err
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		return d, castOK, err
	case TypeDouble, TypeFloat:
		x, err := v.Float64()
		if err != nil {
			return Decimal{}, 0, err
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Decimal{}, failNotFinite, nil
		}
		bitSize := 64
		if t == TypeFloat {
			bitSize = 32
		}
		var buf [64]byte
		d, f := parseExact(appendFloatText(buf[:0], x, bitSize))
		return d, f, nil
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return Decimal{}, 0, err
		}
		d, f := parseExact(b)
		return d, f, nil
	}
	return Decimal{}, failType, nil
}

// CastString casts to SQLString. It allocates the string; AppendCastString
// does not.
func (v Variant) CastString(mode CastMode) (string, bool, error) {
	if b, err := v.StrBytes(); err == nil {
		return string(b), true, nil
	}
	b, ok, err := v.AppendCastString(nil, mode)
	return string(b), ok, err
}

// AppendCastString casts to SQLString and appends the text to dst. When ok
// is false, dst is returned unchanged.
func (v Variant) AppendCastString(dst []byte, mode CastMode) ([]byte, bool, error) {
	if len(v.value) > 0 && v.value[0]&3 == byte(BasicShortString) && len(v.value) > int(v.value[0]>>2) {
		return append(dst, v.value[1:1+v.value[0]>>2]...), true, nil
	}
	out, f, err := v.appendText(dst)
	if err != nil {
		return dst, false, err
	}
	ok, err := v.settle(SQLType{Kind: SQLString}, f, mode)
	if !ok {
		return dst, false, err
	}
	return out, true, nil
}

// appendText appends the string form of v to dst.
func (v Variant) appendText(dst []byte) ([]byte, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return dst, 0, err
	}
	switch t {
	case TypeNull:
		return dst, castNull, nil
	case TypeBoolean:
		b, err := v.Bool()
		if b {
			return append(dst, "true"...), castOK, err
		}
		return append(dst, "false"...), castOK, err
	case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
		i, err := v.Int()
		return strconv.AppendInt(dst, i, 10), castOK, err
	case TypeDecimal4, TypeDecimal8, TypeDecimal16:
		d, err := v.Decimal()
		return d.Append(dst), castOK, err
	case TypeDouble:
		x, err := v.Float64()
		return appendFloatText(dst, x, 64), castOK, err
	case TypeFloat:
		x, err := v.Float64()
		return appendFloatText(dst, x, 32), castOK, err
	case TypeDate:
		d, err := v.DateDays()
		return appendDate(dst, int64(d)), castOK, err
	case TypeTime:
		us, err := v.timeOfDay()
		return appendClock(dst, us, 6), castOK, err
	case TypeTimestamp, TypeTimestampNTZ:
		us, _, err := v.TimestampMicros()
		return appendTimestamp(dst, us, 6), castOK, err
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		ns, _, err := v.TimestampNanos()
		return appendTimestamp(dst, ns, 9), castOK, err
	case TypeBinary:
		b, err := v.Binary()
		if err != nil {
			return dst, 0, err
		}
		if !utf8.Valid(b) {
			return dst, failUTF8, nil
		}
		return append(dst, b...), castOK, nil
	case TypeString:
		b, err := v.StrBytes()
		return append(dst, b...), castOK, err
	case TypeUUID:
		u, err := v.UUID()
		return appendUUID(dst, u), castOK, err
	}
	return dst, failType, nil
}

// appendUUID appends u in canonical form, lower-case hex in groups
// 8-4-4-4-12.
func appendUUID(dst []byte, u uuid.UUID) []byte {
	const hex = "0123456789abcdef"
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, hex[c>>4], hex[c&15])
	}
	return dst
}

// timeOfDay returns a time as microseconds since midnight, checking that it
// is in [0, 24h).
func (v Variant) timeOfDay() (int64, error) {
	us, err := v.TimeMicros()
	if err != nil {
		return 0, err
	}
	if us < 0 || us >= microsPerDay {
		return 0, valueError(1, "time of day outside [00:00:00, 24:00:00)")
	}
	return us, nil
}

// CastBinary casts to SQLBinary: binary values, the UTF-8 bytes of strings
// and the 16 bytes of uuids. The result is a view into v's buffer.
func (v Variant) CastBinary(mode CastMode) ([]byte, bool, error) {
	t, err := v.sourceType()
	if err != nil {
		return nil, false, err
	}
	var b []byte
	f := castOK
	switch t {
	case TypeNull:
		f = castNull
	case TypeBinary:
		b, err = v.Binary()
	case TypeString:
		b, err = v.StrBytes()
	case TypeUUID:
		b, err = v.payload(PrimitiveUUID, "uuid")
	default:
		f = failType
	}
	if err != nil {
		return nil, false, err
	}
	return settled(v, b, SQLType{Kind: SQLBinary}, f, mode)
}

// CastTime casts to SQLDate, SQLTimestamp or SQLTimestampNTZ and returns a
// time.Time in UTC: midnight for a date, the instant for a timestamp, the
// wall clock read as UTC for a timestamp_ntz. It never uses the process
// time zone. A string casts to a date when it is a date (YYYY-MM-DD) or a
// timestamp's text, which gives the day of that instant in UTC.
func (v Variant) CastTime(k SQLKind, mode CastMode) (time.Time, bool, error) {
	var n int64 // days for a date, microseconds for a timestamp
	var f castFailure
	var err error
	switch k {
	case SQLDate:
		n, f, err = v.toDays()
	case SQLTimestamp, SQLTimestampNTZ:
		if len(v.value) == 9 && (v.value[0] == byte(PrimitiveTimestamp)<<2 || v.value[0] == byte(PrimitiveTimestampNTZ)<<2) {
			return MicrosToTime(int64(binary.LittleEndian.Uint64(v.value[1:]))), true, nil
		}
		n, f, err = v.toMicros()
	default:
		return time.Time{}, false, kindError("CastTime", k)
	}
	if err != nil {
		return time.Time{}, false, err
	}
	ok, err := v.settle(SQLType{Kind: k}, f, mode)
	switch {
	case !ok:
		return time.Time{}, false, err
	case k == SQLDate:
		return time.Unix(n*86400, 0).UTC(), true, nil
	}
	return MicrosToTime(n), true, nil
}

// CastDays casts to SQLDate and returns days since 1970-01-01.
func (v Variant) CastDays(mode CastMode) (int64, bool, error) {
	days, f, err := v.toDays()
	if err != nil {
		return 0, false, err
	}
	return settled(v, days, SQLType{Kind: SQLDate}, f, mode)
}

// toDays returns v as days since 1970-01-01: a date, the day of a
// timestamp (in UTC) or of a timestamp_ntz's wall clock, date text, or the
// day (in UTC) of the instant a timestamp's text gives.
func (v Variant) toDays() (int64, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return 0, 0, err
	}
	switch t {
	case TypeDate:
		d, err := v.DateDays()
		return int64(d), castOK, err
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return 0, 0, err
		}
		d, f := parseDateText(b)
		if f == failSyntax {
			// The text of a timestamp: the day of that instant in UTC, what
			// casting the text to timestamp and then to date gives, and a
			// failed cast where that does (an instant out of range).
			if us, tf := parseTimestampText(b); tf != failSyntax {
				return floorDiv(us, microsPerDay), tf, nil
			}
		}
		return d, f, nil
	}
	// Flooring the microseconds of a timestamp (themselves floored from
	// nanoseconds) floors the instant itself.
	us, f, err := v.toMicros()
	if f != castOK || err != nil {
		return 0, f, err
	}
	return floorDiv(us, microsPerDay), castOK, nil
}

// CastMicros casts to SQLTimestamp or SQLTimestampNTZ and returns
// microseconds since 1970-01-01 00:00:00 (UTC for a timestamp, the wall
// clock for a timestamp_ntz).
func (v Variant) CastMicros(k SQLKind, mode CastMode) (int64, bool, error) {
	if k != SQLTimestamp && k != SQLTimestampNTZ {
		return 0, false, kindError("CastMicros", k)
	}
	us, f, err := v.toMicros()
	if err != nil {
		return 0, false, err
	}
	return settled(v, us, SQLType{Kind: k}, f, mode)
}

// toMicros returns v as microseconds since 1970-01-01 00:00:00. The session
// time zone is UTC, so timestamp and timestamp_ntz convert to each other
// unchanged; nanoseconds are truncated toward the past.
func (v Variant) toMicros() (int64, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return 0, 0, err
	}
	switch t {
	case TypeNull:
		return 0, castNull, nil
	case TypeDate:
		d, err := v.DateDays()
		if err != nil {
			return 0, 0, err
		}
		us, f := daysToMicros(int64(d))
		return us, f, nil
	case TypeTimestamp, TypeTimestampNTZ:
		us, _, err := v.TimestampMicros()
		return us, castOK, err
	case TypeTimestampNanos, TypeTimestampNTZNanos:
		ns, _, err := v.TimestampNanos()
		return floorDiv(ns, 1000), castOK, err
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return 0, 0, err
		}
		us, f := parseTimestampText(b)
		return us, f, nil
	}
	return 0, failType, nil
}

// CastTimeOfDay casts to SQLTime and returns the time since midnight, in
// whole microseconds, in [0, 24h).
func (v Variant) CastTimeOfDay(mode CastMode) (time.Duration, bool, error) {
	us, f, err := v.toTimeOfDay()
	if err != nil {
		return 0, false, err
	}
	ok, err := v.settle(SQLType{Kind: SQLTime}, f, mode)
	if !ok {
		return 0, false, err
	}
	return time.Duration(us) * time.Microsecond, true, nil
}

// toTimeOfDay returns v as microseconds since midnight: a time, the time of
// day of a timestamp (UTC) or timestamp_ntz, or time text.
func (v Variant) toTimeOfDay() (int64, castFailure, error) {
	t, err := v.sourceType()
	if err != nil {
		return 0, 0, err
	}
	switch t {
	case TypeNull:
		return 0, castNull, nil
	case TypeTime:
		us, err := v.timeOfDay()
		return us, castOK, err
	case TypeTimestamp, TypeTimestampNTZ, TypeTimestampNanos, TypeTimestampNTZNanos:
		us, f, err := v.toMicros()
		return us - floorDiv(us, microsPerDay)*microsPerDay, f, err
	case TypeString:
		b, err := v.StrBytes()
		if err != nil {
			return 0, 0, err
		}
		us, f := parseTimeText(b)
		return us, f, nil
	}
	return 0, failType, nil
}

// CastUUID casts to SQLUUID: uuids, text that uuid.Parse reads (canonical
// 8-4-4-4-12 hex, also braced, urn:uuid: or 32 hex digits) and binary
// values of 16 bytes.
func (v Variant) CastUUID(mode CastMode) (uuid.UUID, bool, error) {
	t, err := v.sourceType()
	if err != nil {
		return uuid.UUID{}, false, err
	}
	var u uuid.UUID
	f := castOK
	switch t {
	case TypeNull:
		f = castNull
	case TypeUUID:
		u, err = v.UUID()
	case TypeString:
		var b []byte
		if b, err = v.StrBytes(); err == nil {
			var perr error
			if u, perr = uuid.ParseBytes(trimSpace(b)); perr != nil {
				f = failSyntax
			}
		}
	case TypeBinary:
		var b []byte
		if b, err = v.Binary(); err == nil {
			if len(b) == 16 {
				u = uuid.UUID(b)
			} else {
				f = failLength
			}
		}
	default:
		f = failType
	}
	if err != nil {
		return uuid.UUID{}, false, err
	}
	return settled(v, u, SQLType{Kind: SQLUUID}, f, mode)
}

// daysToMicros returns midnight of the day days after 1970-01-01 in
// microseconds, or failRange beyond the int64 range (about 292,000 years).
func daysToMicros(days int64) (int64, castFailure) {
	if days < math.MinInt64/microsPerDay || days > math.MaxInt64/microsPerDay {
		return 0, failRange
	}
	return days * microsPerDay, castOK
}

// settled finishes a typed cast: x when the cast settles (see settle), the
// zero value and false otherwise.
func settled[T any](v Variant, x T, t SQLType, f castFailure, mode CastMode) (T, bool, error) {
	ok, err := v.settle(t, f, mode)
	if !ok {
		var zero T
		return zero, false, err
	}
	return x, true, err
}

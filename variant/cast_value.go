package variant

// Cast converts v to the SQL type t, the conversion of variant_get(v, path,
// type) (docs/design.md section 4). A failed cast is an error wrapping [ErrCast]
// that names the source type, the value and the target type, such as
// "variant: cannot cast: int16 300 to tinyint: out of range"; the caller
// adds the row and path. Malformed bytes are an error wrapping
// [ErrInvalidValue], an invalid t one wrapping [ErrInvalidType]. A nil
// result with a nil error is SQL NULL: the Variant null cast to any type
// but variant is SQL NULL, so variant_get(v, path, type) of a Variant null
// is SQL NULL.
//
// The result has the Go type of the target:
//
//	boolean                 bool
//	tinyint, smallint,
//	int, bigint             int64
//	float                   float64 holding a float32 value exactly
//	double                  float64
//	decimal(p,s)            Decimal of scale exactly s
//	string                  string
//	binary                  []byte, a copy
//	date                    time.Time, midnight UTC
//	time                    time.Duration since midnight, whole microseconds
//	timestamp               time.Time in UTC, whole microseconds
//	timestamp_ntz           time.Time, the wall clock with location UTC
//	uuid                    uuid.UUID
//	variant                 Variant, v itself (not copied); its headers and
//	                        size are checked, not its nested values
//
// The rules, by source type. Exact numeric targets (the integers and
// decimal) take a value exactly or fail: narrowing never wraps and never
// rounds. Approximate targets (float, double) take the nearest value.
// Temporal targets truncate: a timestamp's date is its day, nanoseconds
// become microseconds toward the past. The session time zone is UTC and the
// process time zone (time.Local) is never read. Any pair not listed is a
// failed cast.
//
//	null          every type: SQL NULL, in both modes; to variant: the
//	              Variant null itself
//	boolean       integers, decimal, float, double: 1 or 0;
//	              string: "true" or "false"
//	int8..int64,  integers, decimal(p,s): the exact value, or a failed cast
//	decimal4..16  when out of range, when a fraction digit would be lost
//	              (decimal 3.00 to int is 3, 1.50 to int fails; int16 300
//	              to tinyint fails, never 44) or when more than p digits
//	              remain; float, double: the nearest value; boolean: zero
//	              is false, anything else true; string: the digits,
//	              decimals in plain notation keeping their scale ("1.50")
//	float, double integers: integral values in range only (NaN, infinities,
//	              1.5 and 2^63 to bigint fail); decimal(p,s): the shortest
//	              text that reads back as the same float (0.1, not
//	              0.1000000000000000055...) under the exact rule; double:
//	              unchanged, NaN and -0 too (sign bit kept); float: nearest
//	              float32, a finite double beyond its range fails; boolean:
//	              zero is false, NaN fails, anything else true; string: the
//	              shortest text that reads back, as encoding/json writes
//	              numbers ("1", "0.1", "1e+21", "-0"), and "NaN",
//	              "Infinity", "-Infinity"
//	string        parsed, ASCII space around the text ignored: integers
//	              and decimal: [+-]digits[.[digits]][(e|E)[+-]digits] or
//	              [+-].digits[(e|E)[+-]digits] (".5" and "5." read) under
//	              the exact rule ("3.00" and "3e0" to int are 3, "1.5"
//	              fails); float, double: the same or NaN, Inf, Infinity in
//	              any case, nearest value, beyond the range fails; boolean:
//	              "true" or "false" in any case; date: YYYY-MM-DD; time:
//	              HH:MM:SS[.fraction]; timestamp, timestamp_ntz:
//	              YYYY-MM-DD[(T| )HH:MM:SS[.fraction][zone]], zone Z,
//	              ±hh:mm, ±hhmm or ±hh up to ±18:00 (as in java.time and
//	              Spark); without a zone the text is UTC, with
//	              one it is converted to UTC (for timestamp_ntz, the UTC wall
//	              clock of that instant); a date alone is its midnight;
//	              a fraction has 1 to 9 digits, those past the sixth
//	              dropped; an instant
//	              beyond the microsecond range fails (so does its date);
//	              every timestamp's text casts back to it; uuid: as
//	              uuid.Parse reads it; binary: the UTF-8 bytes; string: itself
//	date          timestamp, timestamp_ntz: its midnight UTC, a failed cast
//	              beyond the microsecond range (about ±292,000 years);
//	              string: YYYY-MM-DD
//	time          string: HH:MM:SS and the fraction without trailing zeros
//	timestamp,    date: the day (UTC); time: the time of day; timestamp and
//	timestamp_ntz timestamp_ntz: the same clock values (the session zone is
//	(and _nanos)  UTC: timestamp_ntz 2023-11-14 22:13:20 stays 22:13:20);
//	              string: "YYYY-MM-DD HH:MM:SS" and the fraction without
//	              trailing zeros (up to 9 digits for the nanosecond types),
//	              no zone suffix
//	binary        string: when the bytes are UTF-8; uuid: when 16 bytes
//	uuid          string: canonical lower-case 8-4-4-4-12; binary: its 16
//	              bytes
//	object, array variant only (not string: JSON text is to_json's)
//
// Every type casts to variant (v itself) and to its own type. For casts
// without boxing use the typed methods ([Variant.CastInt64],
// [Variant.CastFloat64], [Variant.CastBool], [Variant.AppendCastString],
// [Variant.CastTime], ...), which follow the same rules.
func (v Variant) Cast(t SQLType) (any, error) {
	r, ok, err := v.cast(t, CastStrict)
	if !ok {
		return nil, err
	}
	return r, nil
}

// TryCast is [Variant.Cast] for try_variant_get: a failed cast gives ok
// false (SQL NULL) and no error, as does the Variant null. Only malformed
// bytes (ErrInvalidValue) and an invalid t (ErrInvalidType) are errors.
func (v Variant) TryCast(t SQLType) (any, bool, error) {
	return v.cast(t, CastLenient)
}

func (v Variant) cast(t SQLType, mode CastMode) (any, bool, error) {
	if err := t.check(); err != nil {
		return nil, false, err
	}
	var (
		r   any
		ok  bool
		err error
	)
	switch t.Kind {
	case SQLBoolean:
		r, ok, err = box(v.CastBool(mode))
	case SQLTinyint, SQLSmallint, SQLInt, SQLBigint:
		r, ok, err = box(v.CastInt64(t.Kind, mode))
	case SQLFloat, SQLDouble:
		r, ok, err = box(v.CastFloat64(t.Kind, mode))
	case SQLDecimal:
		r, ok, err = box(v.CastDecimal(t, mode))
	case SQLString:
		r, ok, err = box(v.CastString(mode))
	case SQLBinary:
		var b []byte
		if b, ok, err = v.CastBinary(mode); ok {
			r = append([]byte{}, b...)
		}
	case SQLDate, SQLTimestamp, SQLTimestampNTZ:
		r, ok, err = box(v.CastTime(t.Kind, mode))
	case SQLTime:
		r, ok, err = box(v.CastTimeOfDay(mode))
	case SQLUUID:
		r, ok, err = box(v.CastUUID(mode))
	case SQLVariant:
		if _, err = v.sourceType(); err == nil {
			if _, err = valueSize(v.value); err == nil {
				r, ok = v, true
			}
		}
	}
	if !ok {
		return nil, false, err
	}
	return r, true, nil
}

// box returns the result of a typed cast as an any.
func box[T any](x T, ok bool, err error) (any, bool, error) {
	return x, ok, err
}

package variant

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// AppendJSON appends v as JSON text to dst, the to_json of docs/design.md section 6.
// The output is always valid JSON (RFC 8259):
//
//   - objects list their fields in key order, the order the encoding keeps;
//   - strings and keys are quoted with the minimal escaping of RFC 8785;
//   - integers in decimal; decimals in plain notation keeping their scale
//     ("1.50", "0.5", "-0.001", "100000000000000000000"), never an exponent;
//   - doubles and floats in the shortest form that reads back to the same
//     value at their width (float with 32 bits), with an exponent below 1e-6
//     and from 1e21 on ("1e-7", "1e+21"), and with ".0" added when that form
//     is an integer, so that -0.0 keeps its sign ("1.0", "-0.0"); NaN and
//     the infinities, which JSON numbers cannot hold, as the strings "NaN",
//     "Infinity" and "-Infinity";
//   - dates as "YYYY-MM-DD"; times as "HH:MM:SS.ffffff";
//   - timestamps in RFC 3339 with every fractional digit of their type, six
//     for the microsecond types and nine for the nanosecond types, never
//     trimmed: "2024-05-06T07:08:09.120000Z" for timestamp (UTC, so "Z") and
//     "2024-05-06T07:08:09.120000" for timestamp_ntz (a wall clock, so no
//     offset), "2024-05-06T07:08:09.123456789Z" for timestamp_nanos;
//   - binary in standard base64 with padding ("AQI="); uuid in canonical
//     lowercase form.
//
// Parsing the output again gives the same value for everything but doubles
// and floats (which read back as decimals or integers unless written with an
// exponent), and the types JSON has no form for (dates, times, timestamps,
// binary and uuid read back as strings).
//
// Malformed bytes (found by the bounds-checking accessors, or a string that
// is not UTF-8, or a time of day outside a day) give an error wrapping
// [ErrInvalidValue] with the byte offset in v's value buffer, as does the
// zero Variant; dst is then returned as it was.
func (v Variant) AppendJSON(dst []byte) ([]byte, error) {
	w := jsonWriter{top: v.value}
	out, err := w.value(dst, v, 0)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// MarshalJSON returns v as JSON text (see [Variant.AppendJSON]); it is the
// json.Marshaler of Variant. The zero Variant, which holds no value (what a
// SQL NULL leaves in sql.Null[variant.Variant]), is JSON null, as a nil
// pointer is; malformed bytes are an error wrapping [ErrInvalidValue].
func (v Variant) MarshalJSON() ([]byte, error) {
	if len(v.value) == 0 {
		return []byte("null"), nil
	}
	return v.AppendJSON(nil)
}

// String returns v as JSON text (see [Variant.AppendJSON]), or, when v is the
// zero Variant or its bytes are malformed, a short description of the fault
// in angle brackets, such as "<invalid Variant: ...>", which is not JSON.
func (v Variant) String() string {
	b, err := v.AppendJSON(nil)
	if err != nil {
		return "<invalid Variant: " + err.Error() + ">"
	}
	return string(b)
}

// UnmarshalJSON parses JSON text into v by the rules of [ParseJSON]; it is
// the json.Unmarshaler of Variant. The JSON null becomes the Variant null.
// v then owns its memory.
func (v *Variant) UnmarshalJSON(data []byte) error {
	p, err := ParseJSON(data)
	if err != nil {
		return err
	}
	*v = p
	return nil
}

// jsonWriter writes the values of one top-level value buffer.
type jsonWriter struct {
	top []byte
}

// offsetOf returns the offset of the sub-value b in the top-level buffer; b
// is always a slice of it.
func (w *jsonWriter) offsetOf(b []byte) int {
	return cap(w.top) - cap(b)
}

// fail moves an error of an accessor on v to offsets of the top buffer.
func (w *jsonWriter) fail(v Variant, err error) error {
	return shiftError(err, w.offsetOf(v.value))
}

func (w *jsonWriter) value(dst []byte, v Variant, depth int) ([]byte, error) {
	if len(v.value) == 0 {
		return dst, valueError(w.offsetOf(v.value), "no value")
	}
	h := v.value[0]
	switch BasicType(h & 3) {
	case BasicShortString:
		s, err := v.StrBytes()
		if err != nil {
			return dst, w.fail(v, err)
		}
		return w.quote(dst, s, v)
	case BasicObject:
		return w.object(dst, v, depth)
	case BasicArray:
		return w.array(dst, v, depth)
	}
	var err error
	switch PrimitiveType(h >> 2) {
	case PrimitiveNull:
		return append(dst, "null"...), nil
	case PrimitiveTrue:
		return append(dst, "true"...), nil
	case PrimitiveFalse:
		return append(dst, "false"...), nil
	case PrimitiveInt8, PrimitiveInt16, PrimitiveInt32, PrimitiveInt64:
		var i int64
		if i, err = v.Int(); err == nil {
			return strconv.AppendInt(dst, i, 10), nil
		}
	case PrimitiveDouble:
		var f float64
		if f, err = v.Float64(); err == nil {
			return appendJSONFloat(dst, f, 64), nil
		}
	case PrimitiveFloat:
		var f float32
		if f, err = v.Float32(); err == nil {
			return appendJSONFloat(dst, float64(f), 32), nil
		}
	case PrimitiveDecimal4, PrimitiveDecimal8, PrimitiveDecimal16:
		var d Decimal
		if d, err = v.Decimal(); err == nil {
			return d.Append(dst), nil
		}
	case PrimitiveDate:
		var days int32
		if days, err = v.DateDays(); err == nil {
			dst = append(dst, '"')
			dst = DateToTime(days).AppendFormat(dst, time.DateOnly)
			return append(dst, '"'), nil
		}
	case PrimitiveTime:
		var us int64
		if us, err = v.TimeMicros(); err == nil {
			if us < 0 || us >= 24*3600*1e6 {
				return dst, valueError(w.offsetOf(v.value)+1, "time of day "+strconv.FormatInt(us, 10)+"µs outside [00:00, 24:00)")
			}
			dst = append(dst, '"')
			dst = time.UnixMicro(us).UTC().AppendFormat(dst, "15:04:05.000000")
			return append(dst, '"'), nil
		}
	case PrimitiveTimestamp, PrimitiveTimestampNTZ:
		var us int64
		var utc bool
		if us, utc, err = v.TimestampMicros(); err == nil {
			return appendJSONTimestamp(dst, MicrosToTime(us), "2006-01-02T15:04:05.000000", utc), nil
		}
	case PrimitiveTimestampNanos, PrimitiveTimestampNTZNanos:
		var ns int64
		var utc bool
		if ns, utc, err = v.TimestampNanos(); err == nil {
			return appendJSONTimestamp(dst, time.Unix(0, ns).UTC(), "2006-01-02T15:04:05.000000000", utc), nil
		}
	case PrimitiveBinary:
		var b []byte
		if b, err = v.Binary(); err == nil {
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, b)
			return append(dst, '"'), nil
		}
	case PrimitiveString:
		var s []byte
		if s, err = v.StrBytes(); err == nil {
			return w.quote(dst, s, v)
		}
	case PrimitiveUUID:
		var u [16]byte
		if u, err = v.UUID(); err == nil {
			dst = append(dst, '"')
			return append(appendUUID(dst, u), '"'), nil
		}
	default:
		return dst, valueError(w.offsetOf(v.value), "unknown primitive type "+strconv.Itoa(int(h>>2)))
	}
	return dst, w.fail(v, err)
}

func (w *jsonWriter) quote(dst, s []byte, v Variant) ([]byte, error) {
	out, err := jsontext.AppendQuote(dst, s)
	if err != nil {
		return dst, valueError(w.offsetOf(v.value), "string is not valid UTF-8")
	}
	return out, nil
}

func (w *jsonWriter) object(dst []byte, v Variant, depth int) ([]byte, error) {
	if depth >= MaxDepth {
		return dst, &Error{Err: ErrTooDeep, Offset: w.offsetOf(v.value), Msg: "more than " + strconv.Itoa(MaxDepth) + " nested objects and arrays"}
	}
	o, err := v.Object()
	if err != nil {
		return dst, w.fail(v, err)
	}
	dst = append(dst, '{')
	for i := 0; i < o.Len(); i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		k, err := o.key(i)
		if err != nil {
			return dst, w.fail(v, err)
		}
		if dst, err = jsontext.AppendQuote(dst, k); err != nil {
			return dst, valueError(w.offsetOf(v.value), "key "+strconv.Quote(string(k))+" is not valid UTF-8")
		}
		dst = append(dst, ':')
		f, err := o.fieldValue(i)
		if err != nil {
			return dst, w.fail(v, err)
		}
		if dst, err = w.value(dst, f, depth+1); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

func (w *jsonWriter) array(dst []byte, v Variant, depth int) ([]byte, error) {
	if depth >= MaxDepth {
		return dst, &Error{Err: ErrTooDeep, Offset: w.offsetOf(v.value), Msg: "more than " + strconv.Itoa(MaxDepth) + " nested objects and arrays"}
	}
	a, err := v.Array()
	if err != nil {
		return dst, w.fail(v, err)
	}
	dst = append(dst, '[')
	for i := 0; i < a.Len(); i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		e, err := a.At(i)
		if err != nil {
			return dst, w.fail(v, err)
		}
		if dst, err = w.value(dst, e, depth+1); err != nil {
			return dst, err
		}
	}
	return append(dst, ']'), nil
}

// appendJSONFloat appends f, of bits 32 or 64, in the form AppendJSON
// documents: encoding/json's number form with ".0" added to integers, NaN
// and the infinities as strings.
func appendJSONFloat(dst []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(dst, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-Infinity"`...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// Shorten e-09 to e-9, as encoding/json does.
		if n := len(dst); n-start >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
		return dst
	}
	for _, c := range dst[start:] {
		if c == '.' {
			return dst
		}
	}
	return append(dst, ".0"...)
}

// appendJSONTimestamp appends t formatted by layout, followed by Z when utc, as
// a JSON string.
func appendJSONTimestamp(dst []byte, t time.Time, layout string, utc bool) []byte {
	dst = append(dst, '"')
	dst = t.AppendFormat(dst, layout)
	if utc {
		dst = append(dst, 'Z')
	}
	return append(dst, '"')
}

package variant

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// Of returns the Variant of the Go value x, in memory of its own (it shares
// nothing with x or with any builder). Its metadata is the sorted dictionary
// of the keys used. Go values map to the spec's types (VariantEncoding.md,
// "Variant primitive types") as follows:
//
//	nil                                  null
//	bool                                 boolean
//	int, int8, int16, int32, int64       the smallest of int8, int16, int32, int64
//	                                     that holds the value (so Of(int16(5)) is an int8)
//	uint, uint8, uint16, uint32, uint64  the same; above math.MaxInt64 an error
//	                                     wrapping ErrOverflow (never wrapped around)
//	float32                              float
//	float64                              double (NaN, infinities and -0 kept)
//	string                               string (short up to 63 bytes); must be
//	                                     UTF-8, else an error wrapping ErrInvalidValue
//	[]byte, [N]byte                      binary (copied), for any byte element type
//	time.Time                            timestamp (micros, UTC) when the instant has no
//	                                     sub-microsecond part, else timestamp_nanos;
//	                                     the location is dropped (the instant is kept)
//	                                     and the NTZ types are never written
//	Date                                 date
//	Time                                 time (must be in [00:00:00, 24:00:00))
//	uuid.UUID                            uuid
//	Decimal                              decimal4, decimal8 or decimal16 by precision
//	decimal.Decimal (shopspring)         the same, exactly: a negative exponent is the
//	                                     scale, a positive one is multiplied out; more
//	                                     than 38 digits or a scale above 38 is an error
//	                                     wrapping ErrInvalidDecimal
//	*big.Int                             an integer as above when it fits an int64,
//	                                     else a decimal16 of scale 0 (up to 38 digits,
//	                                     else ErrOverflow); a nil *big.Int is null
//	json.Number                          typed like parse_json ([Builder.AppendNumber])
//	json.RawMessage                      parsed like parse_json ([ParseJSON]), never
//	                                     stored as binary; invalid JSON is ErrInvalidJSON
//	Variant                              copied, keys re-coded into the new dictionary
//	map[string]T                         object (T any supported type); a nil map
//	                                     is an empty object, not null
//	[]T, [N]T                            array (T any supported type); a nil slice
//	                                     is an empty array, not null
//
// Other types whose kind is bool, an integer, a float or string (type Status
// string, time.Duration) are taken by kind, as encoding/json does. A time.Time
// outside the range of int64 microseconds, or with a sub-microsecond part
// outside the range of int64 nanoseconds (years 1677 to 2262), is an error
// wrapping ErrOverflow. Map keys must be UTF-8. Any other type (structs,
// pointers, channels, maps with non-string keys, ...) is an error wrapping
// [ErrUnsupportedType] that names the type. Nesting deeper than [MaxDepth]
// (a map that contains itself, say) is an [ErrTooDeep]. Errors are an
// [*Error] whose Path is the place of the fault inside x, such as "$.a[2]",
// or empty when the fault is x itself.
func Of(x any) (Variant, error) {
	b := builderPool.Get().(*Builder)
	b.Reset()
	e := encoder{b: b}
	err := e.value(x, 0)
	var v Variant
	if err == nil {
		v, err = b.Build()
	}
	if err == nil {
		v = v.Clone()
	} else {
		v = Variant{}
		if ve, ok := err.(*Error); ok && ve.Path != "" {
			// "$" alone, the root of a Variant given as x, is x itself.
			ve.Path = strings.TrimPrefix(ve.Path, "$")
			if ve.Path != "" {
				ve.Path = "$" + ve.Path
			}
		}
	}
	b.Reset()
	putBuilder(b)
	return v, err
}

// MustOf is Of for values known to be supported, such as literals in tests
// and examples; it panics on error.
func MustOf(x any) Variant {
	v, err := Of(x)
	if err != nil {
		panic(err)
	}
	return v
}

// builderPool holds the builders of Of and ParseJSON; putBuilder drops a
// builder that grew past maxPooledBuffer bytes rather than keeping it.
var builderPool = sync.Pool{New: func() any { return new(Builder) }}

// encoder appends Go values to a builder.
type encoder struct {
	b *Builder
}

var (
	typeTime        = reflect.TypeFor[time.Time]()
	typeUUID        = reflect.TypeFor[uuid.UUID]()
	typeDecimal     = reflect.TypeFor[Decimal]()
	typeShopDecimal = reflect.TypeFor[decimal.Decimal]()
	typeBigInt      = reflect.TypeFor[*big.Int]()
	typeVariant     = reflect.TypeFor[Variant]()
	typeJSONNumber  = reflect.TypeFor[json.Number]()
	typeJSONRaw     = reflect.TypeFor[json.RawMessage]()
	typeDate        = reflect.TypeFor[Date]()
	typeTimeOfDay   = reflect.TypeFor[Time]()
)

func ofError(sentinel error, msg string) error {
	return &Error{Err: sentinel, Offset: -1, Msg: msg}
}

// atKey and atIndex put the step to a nested value in front of the path of
// an error met inside it (a path relative to that value, or one from
// Validate, which starts with $).
func atKey(err error, key string) error {
	if e, ok := err.(*Error); ok {
		e.Path = string(AppendPathKey(nil, key)) + strings.TrimPrefix(e.Path, "$")
	}
	return err
}

func atIndex(err error, i int) error {
	if e, ok := err.(*Error); ok {
		e.Path = "[" + strconv.Itoa(i) + "]" + strings.TrimPrefix(e.Path, "$")
	}
	return err
}

// value appends x, which sits at the given nesting depth.
func (e *encoder) value(x any, depth int) error {
	b := e.b
	switch x := x.(type) {
	case nil:
		b.AppendNull()
	case bool:
		b.AppendBool(x)
	case int:
		b.AppendInt(int64(x))
	case int8:
		b.AppendInt(int64(x))
	case int16:
		b.AppendInt(int64(x))
	case int32:
		b.AppendInt(int64(x))
	case int64:
		b.AppendInt(x)
	case uint:
		return e.uint(uint64(x))
	case uint8:
		b.AppendInt(int64(x))
	case uint16:
		b.AppendInt(int64(x))
	case uint32:
		b.AppendInt(int64(x))
	case uint64:
		return e.uint(x)
	case float32:
		b.AppendFloat32(x)
	case float64:
		b.AppendFloat64(x)
	case string:
		return e.string(x)
	case []byte:
		b.AppendBinary(x)
	case time.Time:
		return e.time(x)
	case Date:
		b.AppendDate(int32(x))
	case Time:
		if x < 0 || x >= microsPerDay {
			return ofError(ErrOverflow, "time of day "+strconv.FormatInt(int64(x), 10)+" µs outside [00:00:00, 24:00:00)")
		}
		b.AppendTimeMicros(int64(x))
	case uuid.UUID:
		b.AppendUUID(x)
	case Decimal:
		b.AppendDecimal(x)
	case decimal.Decimal:
		d, err := fromShopspring(x)
		if err != nil {
			return err
		}
		b.AppendDecimal(d)
	case *big.Int:
		return e.bigInt(x)
	case json.Number:
		b.AppendNumber(string(x))
	case json.RawMessage:
		// JSON text, parsed like parse_json, never stored as binary.
		return b.AppendJSON(x)
	case Variant:
		b.AppendVariant(x)
	case map[string]any:
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginObject()
		for k, v := range x {
			if err := e.key(k); err != nil {
				return err
			}
			if err := e.value(v, depth+1); err != nil {
				return atKey(err, k)
			}
		}
		b.EndObject()
	case []any:
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginArray()
		for i, v := range x {
			if err := e.value(v, depth+1); err != nil {
				return atIndex(err, i)
			}
		}
		b.EndArray()
	case []string:
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginArray()
		for i, v := range x {
			if err := e.string(v); err != nil {
				return atIndex(err, i)
			}
		}
		b.EndArray()
	case map[string]string:
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginObject()
		for k, v := range x {
			if err := e.key(k); err != nil {
				return err
			}
			if err := e.string(v); err != nil {
				return atKey(err, k)
			}
		}
		b.EndObject()
	default:
		return e.reflect(reflect.ValueOf(x), depth)
	}
	return b.Err()
}

// reflect appends the values that the type switch of value does not name:
// named types of basic kinds, and maps and slices of other element types.
func (e *encoder) reflect(rv reflect.Value, depth int) error {
	b := e.b
	switch t := rv.Type(); t {
	case typeTime, typeUUID, typeDecimal, typeShopDecimal, typeBigInt, typeVariant, typeJSONNumber, typeJSONRaw, typeDate, typeTimeOfDay:
		return e.value(rv.Interface(), depth)
	}
	switch rv.Kind() {
	case reflect.Bool:
		b.AppendBool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.AppendInt(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return e.uint(rv.Uint())
	case reflect.Float32:
		b.AppendFloat32(float32(rv.Float()))
	case reflect.Float64:
		b.AppendFloat64(rv.Float())
	case reflect.String:
		return e.string(rv.String())
	case reflect.Interface:
		if rv.IsNil() {
			b.AppendNull()
			return b.Err()
		}
		return e.value(rv.Elem().Interface(), depth)
	case reflect.Slice, reflect.Array:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			if rv.Kind() == reflect.Slice {
				b.AppendBinary(rv.Bytes())
			} else {
				// Element by element: reflect.Copy refuses a named byte
				// type into []byte.
				bs := make([]byte, rv.Len())
				for i := range bs {
					bs[i] = byte(rv.Index(i).Uint())
				}
				b.AppendBinary(bs)
			}
			return b.Err()
		}
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginArray()
		for i := range rv.Len() {
			if err := e.reflect(rv.Index(i), depth+1); err != nil {
				return atIndex(err, i)
			}
		}
		b.EndArray()
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return ofError(ErrUnsupportedType, fmt.Sprintf("%s: object keys must be strings", rv.Type()))
		}
		if depth >= MaxDepth {
			return tooDeep()
		}
		b.BeginObject()
		for it := rv.MapRange(); it.Next(); {
			k := it.Key().String()
			if err := e.key(k); err != nil {
				return err
			}
			if err := e.reflect(it.Value(), depth+1); err != nil {
				return atKey(err, k)
			}
		}
		b.EndObject()
	default:
		return ofError(ErrUnsupportedType, rv.Type().String())
	}
	return b.Err()
}

func tooDeep() error {
	return ofError(ErrTooDeep, "more than "+strconv.Itoa(MaxDepth)+" nested objects and arrays")
}

func (e *encoder) key(k string) error {
	if !utf8.ValidString(k) {
		return ofError(ErrInvalidValue, "object key "+strconv.Quote(k)+" is not valid UTF-8")
	}
	e.b.Key(k)
	return e.b.Err()
}

func (e *encoder) string(s string) error {
	if !utf8.ValidString(s) {
		return ofError(ErrInvalidValue, "string "+strconv.Quote(s)+" is not valid UTF-8")
	}
	e.b.AppendString(s)
	return e.b.Err()
}

func (e *encoder) uint(u uint64) error {
	if u > math.MaxInt64 {
		return ofError(ErrOverflow, "unsigned integer "+strconv.FormatUint(u, 10)+" above the int64 maximum")
	}
	e.b.AppendInt(int64(u))
	return e.b.Err()
}

func (e *encoder) bigInt(x *big.Int) error {
	switch {
	case x == nil:
		e.b.AppendNull()
	case x.IsInt64():
		e.b.AppendInt(x.Int64())
	default:
		d, err := DecimalFromBig(x, 0)
		if err != nil {
			return ofError(ErrOverflow, "integer "+x.String()+" has more than 38 digits")
		}
		e.b.AppendDecimal(d)
	}
	return e.b.Err()
}

// time appends t as a timestamp in microseconds, or in nanoseconds when it
// has a sub-microsecond part.
func (e *encoder) time(t time.Time) error {
	sec, ns := t.Unix(), int64(t.Nanosecond())
	if ns%1000 == 0 {
		us, ok := mulAdd(sec, 1e6, ns/1000)
		if !ok {
			return ofError(ErrOverflow, "time "+t.UTC().Format(time.RFC3339Nano)+" outside the range of int64 microseconds")
		}
		e.b.AppendTimestamp(us)
	} else {
		n, ok := mulAdd(sec, 1e9, ns)
		if !ok {
			return ofError(ErrOverflow, "time "+t.UTC().Format(time.RFC3339Nano)+" has nanoseconds and is outside the range of int64 nanoseconds (1677-09-21 to 2262-04-11)")
		}
		e.b.AppendTimestampNanos(n)
	}
	return e.b.Err()
}

// mulAdd returns sec*unit + frac for 0 <= frac < unit, and false when that
// overflows an int64.
func mulAdd(sec, unit, frac int64) (int64, bool) {
	if sec >= 0 {
		if sec > (math.MaxInt64-frac)/unit {
			return 0, false
		}
		return sec*unit + frac, true
	}
	// sec*unit + frac = (sec+1)*unit - (unit-frac), with (sec+1)*unit <= 0.
	s1 := sec + 1
	if s1 < math.MinInt64/unit {
		return 0, false
	}
	hi := s1 * unit
	if hi < math.MinInt64+(unit-frac) {
		return 0, false
	}
	return hi - (unit - frac), true
}

// fromShopspring converts a shopspring decimal (coefficient * 10^exponent)
// to a Decimal without rounding.
func fromShopspring(x decimal.Decimal) (Decimal, error) {
	coef, exp := x.Coefficient(), int(x.Exponent())
	if exp > 0 {
		if coef.Sign() == 0 {
			return Decimal{}, nil
		}
		if exp > MaxDecimalPrecision {
			return Decimal{}, ofError(ErrInvalidDecimal, x.String()+" has more than 38 digits")
		}
		coef.Mul(coef, pow10Big[exp])
		exp = 0
	}
	if -exp > MaxDecimalPrecision {
		return Decimal{}, ofError(ErrInvalidDecimal, x.String()+": scale "+strconv.Itoa(-exp)+" above 38")
	}
	d, err := DecimalFromBig(coef, -exp)
	if err != nil {
		return Decimal{}, ofError(ErrInvalidDecimal, x.String()+" has more than 38 digits")
	}
	return d, nil
}

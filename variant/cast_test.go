package variant

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// castFails marks an expected failed cast in the tables below.
type castFails struct{}

// sqlNull marks an expected SQL NULL (the Variant null in both modes).
type sqlNull struct{}

var (
	fails = castFails{}
	null  = sqlNull{}
)

// build returns the single value that f appends, copied out of the builder.
func build(t testing.TB, f func(b *Builder)) Variant {
	t.Helper()
	var b Builder
	f(&b)
	v, err := b.Build()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return v.Clone()
}

// rawValue returns the value given as hex bytes, with an empty dictionary.
func rawValue(t testing.TB, h string) Variant {
	t.Helper()
	value, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	v, err := New([]byte{0x01, 0x00, 0x00}, value)
	if err != nil {
		t.Fatalf("value %s: %v", h, err)
	}
	return v
}

func dec(t testing.TB, s string) Decimal {
	t.Helper()
	d, err := ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func utc(s string) time.Time {
	tm, err := time.Parse("2006-01-02 15:04:05.999999999", s)
	if err != nil {
		panic(err)
	}
	return tm.UTC()
}

func f32(x float64) float64 { return float64(float32(x)) }

// sameResult reports whether a cast result equals the expected value:
// floats bit for bit (so -0 differs from 0) but any NaN equals any NaN, decimals by
// value and scale, times by instant with location UTC.
func sameResult(got, want any) bool {
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		return ok && (math.Float64bits(g) == math.Float64bits(w) || math.IsNaN(g) && math.IsNaN(w))
	case Decimal:
		g, ok := got.(Decimal)
		return ok && g.String() == w.String()
	case time.Time:
		g, ok := got.(time.Time)
		return ok && g.Equal(w) && g.Location() == time.UTC
	case []byte:
		g, ok := got.([]byte)
		return ok && bytes.Equal(g, w) && g != nil
	}
	return reflect.DeepEqual(got, want)
}

// matrixTargets are the columns of castMatrix; every target type but
// variant, which castMatrix checks for every source.
var matrixTargets = []string{
	"boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "decimal(10,2)",
	"string", "binary", "date", "time", "timestamp", "timestamp_ntz", "uuid",
}

type matrixRow struct {
	name string
	v    func(t testing.TB) Variant
	want [15]any
}

var testUUID = uuid.MustParse("f47ac10b-58cc-4372-a567-0e02b2c3d479")

// castMatrix is every Variant source type against every target type.
func castMatrix(t testing.TB) []matrixRow {
	F := fails
	n := null
	bt := func(f func(b *Builder)) func(t testing.TB) Variant {
		return func(t testing.TB) Variant { return build(t, f) }
	}
	rw := func(h string) func(t testing.TB) Variant {
		return func(t testing.TB) Variant { return rawValue(t, h) }
	}
	d := func(s string) Decimal { return dec(t, s) }
	ts := utc("2023-11-14 22:13:20.123456")
	long := strings.Repeat("x", 70)
	return []matrixRow{
		{"null", rw("00"), [15]any{n, n, n, n, n, n, n, n, n, n, n, n, n, n, n}},
		{"true", rw("04"), [15]any{true, int64(1), int64(1), int64(1), int64(1), 1.0, 1.0, d("1.00"), "true", F, F, F, F, F, F}},
		{"false", rw("08"), [15]any{false, int64(0), int64(0), int64(0), int64(0), 0.0, 0.0, d("0.00"), "false", F, F, F, F, F, F}},
		{"int8 -1", rw("0C FF"), [15]any{true, int64(-1), int64(-1), int64(-1), int64(-1), -1.0, -1.0, d("-1.00"), "-1", F, F, F, F, F, F}},
		{"int8 0", rw("0C 00"), [15]any{false, int64(0), int64(0), int64(0), int64(0), 0.0, 0.0, d("0.00"), "0", F, F, F, F, F, F}},
		{"int16 300 (B21)", rw("10 2C 01"), [15]any{true, F, int64(300), int64(300), int64(300), 300.0, 300.0, d("300.00"), "300", F, F, F, F, F, F}},
		{"int32 2^31-1", bt(func(b *Builder) { b.AppendInt32(math.MaxInt32) }), [15]any{true, F, F, int64(math.MaxInt32), int64(math.MaxInt32), 2147483648.0, 2147483647.0, F, "2147483647", F, F, F, F, F, F}},
		{"int64 2^31 (B21)", rw("18 00 00 00 80 00 00 00 00"), [15]any{true, F, F, F, int64(1 << 31), 2147483648.0, 2147483648.0, F, "2147483648", F, F, F, F, F, F}},
		{"int64 max", bt(func(b *Builder) { b.AppendInt64(math.MaxInt64) }), [15]any{true, F, F, F, int64(math.MaxInt64), 9223372036854775808.0, 9223372036854775808.0, F, "9223372036854775807", F, F, F, F, F, F}},
		{"int64 min", bt(func(b *Builder) { b.AppendInt64(math.MinInt64) }), [15]any{true, F, F, F, int64(math.MinInt64), -9223372036854775808.0, -9223372036854775808.0, F, "-9223372036854775808", F, F, F, F, F, F}},
		{"double 1.5", bt(func(b *Builder) { b.AppendFloat64(1.5) }), [15]any{true, F, F, F, F, 1.5, 1.5, d("1.50"), "1.5", F, F, F, F, F, F}},
		{"double -3", bt(func(b *Builder) { b.AppendFloat64(-3) }), [15]any{true, int64(-3), int64(-3), int64(-3), int64(-3), -3.0, -3.0, d("-3.00"), "-3", F, F, F, F, F, F}},
		{"double 2^63", bt(func(b *Builder) { b.AppendFloat64(1 << 63) }), [15]any{true, F, F, F, F, 9223372036854775808.0, 9223372036854775808.0, F, "9223372036854776000", F, F, F, F, F, F}},
		{"double -2^63", bt(func(b *Builder) { b.AppendFloat64(-(1 << 63)) }), [15]any{true, F, F, F, int64(math.MinInt64), -9223372036854775808.0, -9223372036854775808.0, F, "-9223372036854776000", F, F, F, F, F, F}},
		{"double 0.1", bt(func(b *Builder) { b.AppendFloat64(0.1) }), [15]any{true, F, F, F, F, f32(0.1), 0.1, d("0.10"), "0.1", F, F, F, F, F, F}},
		{"double 0.125", bt(func(b *Builder) { b.AppendFloat64(0.125) }), [15]any{true, F, F, F, F, 0.125, 0.125, F, "0.125", F, F, F, F, F, F}},
		{"double 1e300", bt(func(b *Builder) { b.AppendFloat64(1e300) }), [15]any{true, F, F, F, F, F, 1e300, F, "1e+300", F, F, F, F, F, F}},
		{"double 1e-7", bt(func(b *Builder) { b.AppendFloat64(1e-7) }), [15]any{true, F, F, F, F, f32(1e-7), 1e-7, F, "1e-7", F, F, F, F, F, F}},
		{"double NaN (B13)", rw("1C 00 00 00 00 00 00 F8 7F"), [15]any{F, F, F, F, F, math.NaN(), math.Float64frombits(0x7FF8000000000000), F, "NaN", F, F, F, F, F, F}},
		{"double +Inf (B13)", rw("1C 00 00 00 00 00 00 F0 7F"), [15]any{true, F, F, F, F, math.Inf(1), math.Inf(1), F, "Infinity", F, F, F, F, F, F}},
		{"double -Inf", bt(func(b *Builder) { b.AppendFloat64(math.Inf(-1)) }), [15]any{true, F, F, F, F, math.Inf(-1), math.Inf(-1), F, "-Infinity", F, F, F, F, F, F}},
		{"double -0.0 (B13)", rw("1C 00 00 00 00 00 00 00 80"), [15]any{false, int64(0), int64(0), int64(0), int64(0), math.Copysign(0, -1), math.Copysign(0, -1), d("0.00"), "-0", F, F, F, F, F, F}},
		{"float -0.0 (B13)", rw("38 00 00 00 80"), [15]any{false, int64(0), int64(0), int64(0), int64(0), math.Copysign(0, -1), math.Copysign(0, -1), d("0.00"), "-0", F, F, F, F, F, F}},
		{"float 0.1", bt(func(b *Builder) { b.AppendFloat32(0.1) }), [15]any{true, F, F, F, F, f32(0.1), f32(0.1), d("0.10"), "0.1", F, F, F, F, F, F}},
		{"float 16777216", bt(func(b *Builder) { b.AppendFloat32(16777216) }), [15]any{true, F, F, int64(16777216), int64(16777216), 16777216.0, 16777216.0, d("16777216.00"), "16777216", F, F, F, F, F, F}},
		{"float 3e38", bt(func(b *Builder) { b.AppendFloat32(3e38) }), [15]any{true, F, F, F, F, f32(3e38), f32(3e38), F, "3e+38", F, F, F, F, F, F}},
		{"decimal4 1.50 (B21)", rw("20 02 96 00 00 00"), [15]any{true, F, F, F, F, 1.5, 1.5, d("1.50"), "1.50", F, F, F, F, F, F}},
		{"decimal4 3.00 (B21)", rw("20 02 2C 01 00 00"), [15]any{true, int64(3), int64(3), int64(3), int64(3), 3.0, 3.0, d("3.00"), "3.00", F, F, F, F, F, F}},
		{"decimal4 0.000", bt(func(b *Builder) { b.AppendDecimal(d("0.000")) }), [15]any{false, int64(0), int64(0), int64(0), int64(0), 0.0, 0.0, d("0.00"), "0.000", F, F, F, F, F, F}},
		{"decimal8 -12345.678", bt(func(b *Builder) { b.AppendDecimal(d("-12345.678")) }), [15]any{true, F, F, F, F, f32(-12345.678), -12345.678, F, "-12345.678", F, F, F, F, F, F}},
		{"decimal8 -12345678.9", bt(func(b *Builder) { b.AppendDecimal(d("-12345678.90")) }), [15]any{true, F, F, F, F, f32(-12345678.9), -12345678.9, d("-12345678.90"), "-12345678.90", F, F, F, F, F, F}},
		{"decimal16 2^63 exact", bt(func(b *Builder) { b.AppendDecimal(d("9223372036854775808.000")) }), [15]any{true, F, F, F, F, 9223372036854775808.0, 9223372036854775808.0, F, "9223372036854775808.000", F, F, F, F, F, F}},
		{"decimal16 -2^63 exact", bt(func(b *Builder) { b.AppendDecimal(d("-9223372036854775808.0000000000000000000")) }), [15]any{true, F, F, F, int64(math.MinInt64), -9223372036854775808.0, -9223372036854775808.0, F, "-9223372036854775808.0000000000000000000", F, F, F, F, F, F}},
		{"date 2024-10-04 (B20)", rw("2C 20 4E 00 00"), [15]any{F, F, F, F, F, F, F, F, "2024-10-04", F, utc("2024-10-04 00:00:00"), F, utc("2024-10-04 00:00:00"), utc("2024-10-04 00:00:00"), F}},
		{"date -1", bt(func(b *Builder) { b.AppendDate(-1) }), [15]any{F, F, F, F, F, F, F, F, "1969-12-31", F, utc("1969-12-31 00:00:00"), F, utc("1969-12-31 00:00:00"), utc("1969-12-31 00:00:00"), F}},
		{"time 12:34:56.789", bt(func(b *Builder) { b.AppendTimeMicros(45296789000) }), [15]any{F, F, F, F, F, F, F, F, "12:34:56.789", F, F, 45296789 * time.Millisecond, F, F, F}},
		{"time 00:00:00", bt(func(b *Builder) { b.AppendTimeMicros(0) }), [15]any{F, F, F, F, F, F, F, F, "00:00:00", F, F, time.Duration(0), F, F, F}},
		{"timestamp", bt(func(b *Builder) { b.AppendTimestamp(1700000000123456) }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14 22:13:20.123456", F, utc("2023-11-14 00:00:00"), 80000123456 * time.Microsecond, ts, ts, F}},
		{"timestamp_ntz (B20)", rw("34 00 40 1E 18 24 0A 06 00"), [15]any{F, F, F, F, F, F, F, F, "2023-11-14 22:13:20", F, utc("2023-11-14 00:00:00"), 80000 * time.Second, utc("2023-11-14 22:13:20"), utc("2023-11-14 22:13:20"), F}},
		{"timestamp before 1970", bt(func(b *Builder) { b.AppendTimestamp(-1) }), [15]any{F, F, F, F, F, F, F, F, "1969-12-31 23:59:59.999999", F, utc("1969-12-31 00:00:00"), 86399999999 * time.Microsecond, utc("1969-12-31 23:59:59.999999"), utc("1969-12-31 23:59:59.999999"), F}},
		{"timestamp_nanos", bt(func(b *Builder) { b.AppendTimestampNanos(1700000000123456789) }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14 22:13:20.123456789", F, utc("2023-11-14 00:00:00"), 80000123456 * time.Microsecond, ts, ts, F}},
		{"timestamp_ntz_nanos -1ns", bt(func(b *Builder) { b.AppendTimestampNTZNanos(-1) }), [15]any{F, F, F, F, F, F, F, F, "1969-12-31 23:59:59.999999999", F, utc("1969-12-31 00:00:00"), 86399999999 * time.Microsecond, utc("1969-12-31 23:59:59.999999"), utc("1969-12-31 23:59:59.999999"), F}},
		{"binary abc", bt(func(b *Builder) { b.AppendBinary([]byte("abc")) }), [15]any{F, F, F, F, F, F, F, F, "abc", []byte("abc"), F, F, F, F, F}},
		{"binary empty", bt(func(b *Builder) { b.AppendBinary(nil) }), [15]any{F, F, F, F, F, F, F, F, "", []byte{}, F, F, F, F, F}},
		{"binary 16 bytes not UTF-8", bt(func(b *Builder) { b.AppendBinary(testUUID[:]) }), [15]any{F, F, F, F, F, F, F, F, F, testUUID[:], F, F, F, F, testUUID}},
		{"string 42", rw("09 34 32"), [15]any{F, int64(42), int64(42), int64(42), int64(42), 42.0, 42.0, d("42.00"), "42", []byte("42"), F, F, F, F, F}},
		{"string ' -7.50 '", bt(func(b *Builder) { b.AppendString(" -7.50 ") }), [15]any{F, F, F, F, F, -7.5, -7.5, d("-7.50"), " -7.50 ", []byte(" -7.50 "), F, F, F, F, F}},
		{"string 1e3", bt(func(b *Builder) { b.AppendString("1e3") }), [15]any{F, F, int64(1000), int64(1000), int64(1000), 1000.0, 1000.0, d("1000.00"), "1e3", []byte("1e3"), F, F, F, F, F}},
		{"string 300", bt(func(b *Builder) { b.AppendString("300") }), [15]any{F, F, int64(300), int64(300), int64(300), 300.0, 300.0, d("300.00"), "300", []byte("300"), F, F, F, F, F}},
		{"string NaN", bt(func(b *Builder) { b.AppendString("NaN") }), [15]any{F, F, F, F, F, math.NaN(), math.NaN(), F, "NaN", []byte("NaN"), F, F, F, F, F}},
		{"string TRUE", bt(func(b *Builder) { b.AppendString("TRUE") }), [15]any{true, F, F, F, F, F, F, F, "TRUE", []byte("TRUE"), F, F, F, F, F}},
		{"string date", bt(func(b *Builder) { b.AppendString("2024-10-04") }), [15]any{F, F, F, F, F, F, F, F, "2024-10-04", []byte("2024-10-04"), utc("2024-10-04 00:00:00"), F, utc("2024-10-04 00:00:00"), utc("2024-10-04 00:00:00"), F}},
		{"string time", bt(func(b *Builder) { b.AppendString("22:13:20.5") }), [15]any{F, F, F, F, F, F, F, F, "22:13:20.5", []byte("22:13:20.5"), F, 80000500 * time.Millisecond, F, F, F}},
		{"string timestamp, offset", bt(func(b *Builder) { b.AppendString("2023-11-14T22:13:20.5+01:00") }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14T22:13:20.5+01:00", []byte("2023-11-14T22:13:20.5+01:00"), utc("2023-11-14 00:00:00"), F, utc("2023-11-14 21:13:20.5"), utc("2023-11-14 21:13:20.5"), F}},
		{"string timestamp, offset past midnight UTC", bt(func(b *Builder) { b.AppendString("2023-11-14T23:30:00-05:00") }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14T23:30:00-05:00", []byte("2023-11-14T23:30:00-05:00"), utc("2023-11-15 00:00:00"), F, utc("2023-11-15 04:30:00"), utc("2023-11-15 04:30:00"), F}},
		{"string timestamp, Z, before 1970", bt(func(b *Builder) { b.AppendString("1969-12-31T23:59:59.999999Z") }), [15]any{F, F, F, F, F, F, F, F, "1969-12-31T23:59:59.999999Z", []byte("1969-12-31T23:59:59.999999Z"), utc("1969-12-31 00:00:00"), F, utc("1969-12-31 23:59:59.999999"), utc("1969-12-31 23:59:59.999999"), F}},
		{"string timestamp, no zone", bt(func(b *Builder) { b.AppendString("2023-11-14 22:13:20") }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14 22:13:20", []byte("2023-11-14 22:13:20"), utc("2023-11-14 00:00:00"), F, utc("2023-11-14 22:13:20"), utc("2023-11-14 22:13:20"), F}},
		{"string date with bad time", bt(func(b *Builder) { b.AppendString("2023-11-14T25:00:00Z") }), [15]any{F, F, F, F, F, F, F, F, "2023-11-14T25:00:00Z", []byte("2023-11-14T25:00:00Z"), F, F, F, F, F}},
		{"string uuid", bt(func(b *Builder) { b.AppendString(testUUID.String()) }), [15]any{F, F, F, F, F, F, F, F, testUUID.String(), []byte(testUUID.String()), F, F, F, F, testUUID}},
		{"long string", bt(func(b *Builder) { b.AppendString(long) }), [15]any{F, F, F, F, F, F, F, F, long, []byte(long), F, F, F, F, F}},
		{"uuid", bt(func(b *Builder) { b.AppendUUID(testUUID) }), [15]any{F, F, F, F, F, F, F, F, "f47ac10b-58cc-4372-a567-0e02b2c3d479", testUUID[:], F, F, F, F, testUUID}},
		{"object", bt(func(b *Builder) { b.BeginObject(); b.Key("a"); b.AppendInt(1); b.EndObject() }), [15]any{F, F, F, F, F, F, F, F, F, F, F, F, F, F, F}},
		{"array", bt(func(b *Builder) { b.BeginArray(); b.AppendInt(1); b.EndArray() }), [15]any{F, F, F, F, F, F, F, F, F, F, F, F, F, F, F}},
	}
}

// checkMatrix runs every row of castMatrix through Cast and TryCast.
func checkMatrix(t *testing.T) {
	for _, row := range castMatrix(t) {
		v := row.v(t)
		for i, name := range matrixTargets {
			typ, err := ParseSQLType(name)
			if err != nil {
				t.Fatal(err)
			}
			want := row.want[i]
			got, err := v.Cast(typ)
			tried, ok, tryErr := v.TryCast(typ)
			if tryErr != nil {
				t.Errorf("%s to %s: TryCast error %v", row.name, name, tryErr)
				continue
			}
			switch want.(type) {
			case castFails:
				if !errors.Is(err, ErrCast) || got != nil {
					t.Errorf("%s to %s: Cast = %#v, %v; want a failed cast", row.name, name, got, err)
				}
				if ok || tried != nil {
					t.Errorf("%s to %s: TryCast = %#v, %v; want NULL", row.name, name, tried, ok)
				}
			case sqlNull:
				if err != nil || got != nil || ok || tried != nil {
					t.Errorf("%s to %s: Cast = %#v, %v; TryCast = %#v, %v; want SQL NULL", row.name, name, got, err, tried, ok)
				}
			default:
				if err != nil || !sameResult(got, want) {
					t.Errorf("%s to %s: Cast = %#v (%T), %v; want %#v (%T)", row.name, name, got, got, err, want, want)
				}
				if !ok || !sameResult(tried, want) {
					t.Errorf("%s to %s: TryCast = %#v, %v; want %#v", row.name, name, tried, ok, want)
				}
			}
		}
		got, err := v.Cast(SQLType{Kind: SQLVariant})
		if g, isV := got.(Variant); err != nil || !isV || !bytes.Equal(g.Bytes(), v.Bytes()) {
			t.Errorf("%s to variant: %#v, %v; want the value itself", row.name, got, err)
		}
	}
}

func TestCastMatrix(t *testing.T) {
	checkMatrix(t)
}

// TestCastIgnoresLocalZone: results do not change with the process time
// zone (pitfalls B20).
func TestCastIgnoresLocalZone(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	saved := time.Local
	time.Local = la
	defer func() { time.Local = saved }()
	checkMatrix(t)
}

func mustType(t testing.TB, name string) SQLType {
	t.Helper()
	typ, err := ParseSQLType(name)
	if err != nil {
		t.Fatal(err)
	}
	return typ
}

// TestCastPitfalls checks the cast cases of pitfalls.md with their exact
// expected values, in strict and lenient form.
func TestCastPitfalls(t *testing.T) {
	tests := []struct {
		name   string
		value  string // hex
		target string
		want   any
	}{
		// B21: narrowing never wraps.
		{"B21 int16 300 to tinyint", "10 2C 01", "tinyint", fails},
		{"B21 int64 2^31 to int", "18 00 00 00 80 00 00 00 00", "int", fails},
		{"B21 decimal4 3.00 to int", "20 02 2C 01 00 00", "int", int64(3)},
		{"B21 decimal4 1.50 to int", "20 02 96 00 00 00", "int", fails},
		{"B21 int64 2^31 to bigint", "18 00 00 00 80 00 00 00 00", "bigint", int64(1 << 31)},
		// B20: timestamps without the process zone.
		{"B20 timestamp_ntz to string", "34 00 40 1E 18 24 0A 06 00", "string", "2023-11-14 22:13:20"},
		{"B20 timestamp_ntz to timestamp_ntz", "34 00 40 1E 18 24 0A 06 00", "timestamp_ntz", time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC)},
		{"B20 date to timestamp", "2C 20 4E 00 00", "timestamp", time.Date(2024, 10, 4, 0, 0, 0, 0, time.UTC)},
		// B13: typed extraction as double keeps NaN, infinities and -0.
		{"B13 NaN to double", "1C 00 00 00 00 00 00 F8 7F", "double", math.Float64frombits(0x7FF8000000000000)},
		{"B13 +Inf to double", "1C 00 00 00 00 00 00 F0 7F", "double", math.Inf(1)},
		{"B13 double -0.0 to double", "1C 00 00 00 00 00 00 00 80", "double", math.Float64frombits(1 << 63)},
		{"B13 float -0.0 to double", "38 00 00 00 80", "double", math.Float64frombits(1 << 63)},
		{"B13 NaN to bigint", "1C 00 00 00 00 00 00 F8 7F", "bigint", fails},
		{"B13 +Inf to bigint", "1C 00 00 00 00 00 00 F0 7F", "bigint", fails},
	}
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		la = time.FixedZone("PST", -8*3600)
	}
	saved := time.Local
	time.Local = la
	defer func() { time.Local = saved }()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := rawValue(t, tt.value)
			typ := mustType(t, tt.target)
			got, err := v.Cast(typ)
			tried, ok, tryErr := v.TryCast(typ)
			if tryErr != nil {
				t.Fatalf("TryCast error: %v", tryErr)
			}
			if _, isFail := tt.want.(castFails); isFail {
				if !errors.Is(err, ErrCast) || got != nil || ok || tried != nil {
					t.Fatalf("Cast = %#v, %v; TryCast = %#v, %v; want failure / NULL", got, err, tried, ok)
				}
				return
			}
			if err != nil || !sameResult(got, tt.want) || !ok || !sameResult(tried, tt.want) {
				t.Fatalf("Cast = %#v, %v; TryCast = %#v, %v; want %#v", got, err, tried, ok, tt.want)
			}
			if w, isFloat := tt.want.(float64); isFloat && math.Float64bits(got.(float64)) != math.Float64bits(w) {
				t.Fatalf("Cast = %#x, want the bits %#x", math.Float64bits(got.(float64)), math.Float64bits(w))
			}
		})
	}
}

func TestCastIntegerBoundaries(t *testing.T) {
	tests := []struct {
		value  int64
		target string
		ok     bool
	}{
		{-128, "tinyint", true}, {127, "tinyint", true}, {128, "tinyint", false}, {-129, "tinyint", false},
		{-32768, "smallint", true}, {32767, "smallint", true}, {32768, "smallint", false}, {-32769, "smallint", false},
		{math.MinInt32, "int", true}, {math.MaxInt32, "int", true}, {math.MaxInt32 + 1, "int", false}, {math.MinInt32 - 1, "int", false},
		{math.MinInt64, "bigint", true}, {math.MaxInt64, "bigint", true},
	}
	for _, tt := range tests {
		for _, src := range []string{"int", "decimal", "double", "string"} {
			var v Variant
			switch src {
			case "int":
				v = build(t, func(b *Builder) { b.AppendInt(tt.value) })
			case "decimal":
				d, err := NewDecimal(tt.value, 0)
				if err != nil {
					t.Fatal(err)
				}
				d, _ = d.Rescale(2)
				v = build(t, func(b *Builder) { b.AppendDecimal(d) })
			case "double":
				if tt.value == math.MaxInt64 { // not a double
					continue
				}
				v = build(t, func(b *Builder) { b.AppendFloat64(float64(tt.value)) })
			case "string":
				v = build(t, func(b *Builder) { b.AppendString(" " + itoa(tt.value)) })
			}
			typ := mustType(t, tt.target)
			i, ok, err := v.CastInt64(typ.Kind, CastStrict)
			if tt.ok && (err != nil || !ok || i != tt.value) {
				t.Errorf("%s %d to %s = %d, %v, %v; want the value", src, tt.value, tt.target, i, ok, err)
			}
			if !tt.ok && (!errors.Is(err, ErrCast) || ok || i != 0) {
				t.Errorf("%s %d to %s = %d, %v, %v; want a failed cast", src, tt.value, tt.target, i, ok, err)
			}
			i, ok, err = v.CastInt64(typ.Kind, CastLenient)
			if err != nil || ok != tt.ok || tt.ok && i != tt.value {
				t.Errorf("lenient %s %d to %s = %d, %v, %v", src, tt.value, tt.target, i, ok, err)
			}
		}
	}
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

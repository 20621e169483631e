package variant

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// TestCastErrorMessage: a failed strict cast names the source type, the
// value and the target type, and is an *Error the caller can add a path to.
func TestCastErrorMessage(t *testing.T) {
	tests := []struct {
		v      Variant
		target string
		msg    string
	}{
		{rawValue(t, "10 2C 01"), "tinyint", "variant: cannot cast: int16 300 to tinyint: out of range"},
		{rawValue(t, "20 02 96 00 00 00"), "int", "variant: cannot cast: decimal4 1.50 to int: would lose digits"},
		{rawValue(t, "1C 00 00 00 00 00 00 F8 7F"), "bigint", "variant: cannot cast: double NaN to bigint: not a finite number"},
		{build(t, func(b *Builder) { b.AppendString("abc") }), "bigint", `variant: cannot cast: string "abc" to bigint: text does not parse`},
		{build(t, func(b *Builder) { b.AppendString(strings.Repeat("a", 100)) }), "date", `variant: cannot cast: string "` + strings.Repeat("a", 64) + `"... to date: text does not parse (write a date as YYYY-MM-DD, or a timestamp)`},
		{build(t, func(b *Builder) { b.AppendString("10:00") }), "time", `variant: cannot cast: string "10:00" to time: text does not parse (write a time as HH:MM:SS, with up to 9 fraction digits)`},
		{build(t, func(b *Builder) { b.AppendString("2024-06-01 1:00") }), "timestamp", `variant: cannot cast: string "2024-06-01 1:00" to timestamp: text does not parse (write a timestamp as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.f] (a space may stand for the T), then Z, an offset such as +02:00, or nothing for UTC)`},
		{build(t, func(b *Builder) { b.AppendString("not-a-uuid") }), "uuid", `variant: cannot cast: string "not-a-uuid" to uuid: text does not parse (write a UUID as 8-4-4-4-12 hex digits)`},
		{build(t, func(b *Builder) { b.AppendBinary([]byte{0xff}) }), "string", "variant: cannot cast: binary of 1 bytes to string: not valid UTF-8"},
		{build(t, func(b *Builder) { b.AppendBinary([]byte{1, 2}) }), "uuid", "variant: cannot cast: binary of 2 bytes to uuid: not 16 bytes"},
		{build(t, func(b *Builder) { b.BeginObject(); b.EndObject() }), "string", "variant: cannot cast: object to string: no cast between these types"},
		{rawValue(t, "34 00 40 1E 18 24 0A 06 00"), "bigint", "variant: cannot cast: timestamp_ntz 2023-11-14 22:13:20 to bigint: no cast between these types"},
		{rawValue(t, "10 2C 01"), "decimal(2,0)", "variant: cannot cast: int16 300 to decimal(2,0): out of range"},
	}
	for _, tt := range tests {
		_, err := tt.v.Cast(mustType(t, tt.target))
		if !errors.Is(err, ErrCast) || err.Error() != tt.msg {
			t.Errorf("Cast to %s: error %q, want %q", tt.target, err, tt.msg)
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset != -1 || e.Path != "" {
			t.Errorf("Cast to %s: error %#v is not an *Error without offset and path", tt.target, err)
		}
	}
}

// TestCastMalformed: malformed bytes are an ErrInvalidValue in both modes,
// never a panic or SQL NULL.
func TestCastMalformed(t *testing.T) {
	m, err := DecodeMetadata([]byte{0x01, 0x00, 0x00})
	if err != nil {
		t.Fatal(err)
	}
	values := map[string][]byte{
		"empty":                  {},
		"unknown type":           {21 << 2},
		"truncated int16":        {0x10, 0x2C},
		"truncated int64":        {0x18, 0, 0},
		"truncated double":       {0x1C, 0, 0},
		"truncated decimal4":     {0x20, 0x02, 0x96},
		"truncated short string": {0x09, 0x34},
		"truncated long string":  {0x40, 10, 0, 0, 0, 'a'},
		"truncated binary":       {0x3C, 10, 0, 0, 0},
		"truncated timestamp":    {0x30, 1},
		"truncated uuid":         {0x50, 1, 2},
		"decimal scale 39":       {0x20, 39, 0, 0, 0, 0},
		"time past midnight":     {0x44, 0x00, 0x60, 0xD7, 0x1D, 0x14, 0, 0, 0}, // 86400e6 µs
		"negative time":          {0x44, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
	}
	// Faults in the payload, not in the structure, pass through as variant.
	payloadFaults := map[string]bool{"decimal scale 39": true, "time past midnight": true, "negative time": true}
	types := append(append([]string{}, matrixTargets...), "variant")
	for name, value := range values {
		v := View(m, value)
		for _, target := range types {
			if target == "variant" && payloadFaults[name] {
				continue
			}
			typ := mustType(t, target)
			got, err := v.Cast(typ)
			if errors.Is(err, ErrCast) || got != nil && err == nil {
				// A type with no cast from this one may fail before reading
				// the payload; it must not succeed.
				if err == nil {
					t.Errorf("%s to %s: Cast = %#v, want an error", name, target, got)
				}
				continue
			}
			if !errors.Is(err, ErrInvalidValue) {
				t.Errorf("%s to %s: Cast error %v, want ErrInvalidValue or ErrCast", name, target, err)
			}
			if _, ok, err := v.TryCast(typ); ok || !errors.Is(err, ErrInvalidValue) {
				t.Errorf("%s to %s: TryCast = %v, %v; want ErrInvalidValue", name, target, ok, err)
			}
		}
	}
	// Each malformed scalar fails its natural target with ErrInvalidValue.
	natural := map[string]string{
		"empty": "string", "unknown type": "bigint", "truncated int16": "bigint", "truncated int64": "double",
		"truncated double": "double", "truncated decimal4": "decimal(10,2)", "truncated short string": "string",
		"truncated long string": "string", "truncated binary": "binary", "truncated timestamp": "timestamp",
		"truncated uuid": "uuid", "decimal scale 39": "string", "time past midnight": "time", "negative time": "string",
	}
	for name, target := range natural {
		v := View(m, values[name])
		if _, ok, err := v.TryCast(mustType(t, target)); ok || !errors.Is(err, ErrInvalidValue) {
			t.Errorf("%s to %s: TryCast = %v, %v; want ErrInvalidValue", name, target, ok, err)
		}
	}
}

// TestCastVariantNull: the Variant null is SQL NULL for every typed target,
// in both modes and through every typed method, and stays the Variant null
// cast to variant.
func TestCastVariantNull(t *testing.T) {
	v := rawValue(t, "00")
	got, err := v.Cast(SQLType{Kind: SQLVariant})
	if g, ok := got.(Variant); err != nil || !ok || !g.IsNull() {
		t.Errorf("null to variant = %#v, %v; want the Variant null", got, err)
	}
	for _, mode := range []CastMode{CastStrict, CastLenient} {
		results := []struct {
			name string
			ok   bool
			err  error
		}{}
		add := func(name string, ok bool, err error) {
			results = append(results, struct {
				name string
				ok   bool
				err  error
			}{name, ok, err})
		}
		_, ok, err := v.CastBool(mode)
		add("CastBool", ok, err)
		_, ok, err = v.CastInt64(SQLBigint, mode)
		add("CastInt64", ok, err)
		_, ok, err = v.CastFloat64(SQLDouble, mode)
		add("CastFloat64", ok, err)
		_, ok, err = v.CastDecimal(mustType(t, "decimal(5,1)"), mode)
		add("CastDecimal", ok, err)
		_, ok, err = v.CastString(mode)
		add("CastString", ok, err)
		_, ok, err = v.AppendCastString(nil, mode)
		add("AppendCastString", ok, err)
		_, ok, err = v.CastBinary(mode)
		add("CastBinary", ok, err)
		_, ok, err = v.CastTime(SQLTimestamp, mode)
		add("CastTime", ok, err)
		_, ok, err = v.CastDays(mode)
		add("CastDays", ok, err)
		_, ok, err = v.CastMicros(SQLTimestamp, mode)
		add("CastMicros", ok, err)
		_, ok, err = v.CastTimeOfDay(mode)
		add("CastTimeOfDay", ok, err)
		_, ok, err = v.CastUUID(mode)
		add("CastUUID", ok, err)
		for _, r := range results {
			if r.ok || r.err != nil {
				t.Errorf("mode %d: %s of null = %v, %v; want SQL NULL", mode, r.name, r.ok, r.err)
			}
		}
	}
}

// TestCastNumbers covers the exact and approximate numeric rules beyond
// the matrix.
func TestCastNumbers(t *testing.T) {
	tests := []struct {
		name   string
		v      Variant
		target string
		want   any
	}{
		// float32 exactness.
		{"int64 2^24+1 to float", build(t, func(b *Builder) { b.AppendInt(1<<24 + 1) }), "float", 16777216.0},
		{"int64 2^24+1 to double", build(t, func(b *Builder) { b.AppendInt(1<<24 + 1) }), "double", 16777217.0},
		{"int64 2^53+1 to double", build(t, func(b *Builder) { b.AppendInt(1<<53 + 1) }), "double", 9007199254740992.0},
		{"double 0.1 to float", build(t, func(b *Builder) { b.AppendFloat64(0.1) }), "float", float64(float32(0.1))},
		{"double max float32 to float", build(t, func(b *Builder) { b.AppendFloat64(math.MaxFloat32) }), "float", float64(float32(math.MaxFloat32))},
		{"double 1e-50 to float", build(t, func(b *Builder) { b.AppendFloat64(1e-50) }), "float", 0.0},
		{"double 2^63-1024 to bigint", build(t, func(b *Builder) { b.AppendFloat64(9223372036854774784) }), "bigint", int64(9223372036854774784)},
		{"double 127.0 to tinyint", build(t, func(b *Builder) { b.AppendFloat64(127) }), "tinyint", int64(127)},
		{"double 128.0 to tinyint", build(t, func(b *Builder) { b.AppendFloat64(128) }), "tinyint", fails},
		{"double -128.0 to tinyint", build(t, func(b *Builder) { b.AppendFloat64(-128) }), "tinyint", int64(-128)},
		{"decimal 0.1 to float", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "0.1")) }), "float", float64(float32(0.1))},
		{"decimal16 38 digits to double", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "1234567890123456789012345678.9012345678")) }), "double", 1234567890123456789012345678.9012345678},
		// decimal(p,s): lossless rescale and precision.
		{"decimal 123.456 to decimal(5,2)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "123.456")) }), "decimal(5,2)", fails},
		{"decimal 123.450 to decimal(5,2)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "123.450")) }), "decimal(5,2)", dec(t, "123.45")},
		{"decimal 999.99 to decimal(5,2)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "999.99")) }), "decimal(5,2)", dec(t, "999.99")},
		{"decimal 1000 to decimal(5,2)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "1000")) }), "decimal(5,2)", fails},
		{"decimal -0.5 to decimal(1,1)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "-0.5")) }), "decimal(1,1)", dec(t, "-0.5")},
		{"int 1 to decimal(38,37)", build(t, func(b *Builder) { b.AppendInt(1) }), "decimal(38,37)", dec(t, "1.0000000000000000000000000000000000000")},
		{"int 10 to decimal(38,37)", build(t, func(b *Builder) { b.AppendInt(10) }), "decimal(38,37)", fails},
		{"int64 min to decimal(38,0)", build(t, func(b *Builder) { b.AppendInt(math.MinInt64) }), "decimal(38,0)", dec(t, "-9223372036854775808")},
		{"int64 max to decimal(38,19)", build(t, func(b *Builder) { b.AppendInt(math.MaxInt64) }), "decimal(38,19)", dec(t, "9223372036854775807.0000000000000000000")},
		{"int64 max to decimal(38,20)", build(t, func(b *Builder) { b.AppendInt(math.MaxInt64) }), "decimal(38,20)", fails},
		{"decimal16 38 nines to decimal(38,0)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, strings.Repeat("9", 38))) }), "decimal(38,0)", dec(t, strings.Repeat("9", 38))},
		{"decimal16 38 nines to decimal(38,1)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, strings.Repeat("9", 38))) }), "decimal(38,1)", fails},
		{"decimal16 -38 nines to decimal(37,0)", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "-"+strings.Repeat("9", 38))) }), "decimal(37,0)", fails},
		{"double 0.1 to decimal(1,1)", build(t, func(b *Builder) { b.AppendFloat64(0.1) }), "decimal(1,1)", dec(t, "0.1")},
		{"double 1e20 to decimal(38,0)", build(t, func(b *Builder) { b.AppendFloat64(1e20) }), "decimal(38,0)", dec(t, "100000000000000000000")},
		{"double 1e-7 to decimal(10,7)", build(t, func(b *Builder) { b.AppendFloat64(1e-7) }), "decimal(10,7)", dec(t, "0.0000001")},
		{"double -2.5 to decimal(2,1)", build(t, func(b *Builder) { b.AppendFloat64(-2.5) }), "decimal(2,1)", dec(t, "-2.5")},
		{"double 1e38 to decimal(38,0)", build(t, func(b *Builder) { b.AppendFloat64(1e38) }), "decimal(38,0)", fails},
		{"double NaN to decimal", rawValue(t, "1C 00 00 00 00 00 00 F8 7F"), "decimal(10,2)", fails},
		{"float 0.3 to decimal(2,1)", build(t, func(b *Builder) { b.AppendFloat32(0.3) }), "decimal(2,1)", dec(t, "0.3")},
		// numbers to boolean
		{"decimal 0.01 to boolean", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "0.01")) }), "boolean", true},
		{"int16 2 to boolean", rawValue(t, "10 02 00"), "boolean", true},
	}
	for _, tt := range tests {
		got, err := tt.v.Cast(mustType(t, tt.target))
		if _, isFail := tt.want.(castFails); isFail {
			if !errors.Is(err, ErrCast) {
				t.Errorf("%s: %#v, %v; want a failed cast", tt.name, got, err)
			}
			continue
		}
		if err != nil || !sameResult(got, tt.want) {
			t.Errorf("%s: %#v, %v; want %#v", tt.name, got, err, tt.want)
		}
	}
}

// TestCastFromText covers parsing of strings into every type.
func TestCastFromText(t *testing.T) {
	ts := func(s string) time.Time { return utc(s) }
	tests := []struct {
		text   string
		target string
		want   any
	}{
		{"+5", "bigint", int64(5)},
		{".5e1", "bigint", int64(5)},
		{"5.", "bigint", int64(5)},
		{"  5\t\n", "bigint", int64(5)},
		{"-0", "bigint", int64(0)},
		{"007", "tinyint", int64(7)},
		{"127.000", "tinyint", int64(127)},
		{"128", "tinyint", fails},
		{"-129", "tinyint", fails},
		{"1.5", "int", fails},
		{"1e-1", "int", fails},
		{"9223372036854775807", "bigint", int64(math.MaxInt64)},
		{"9223372036854775808", "bigint", fails},
		{"-9223372036854775808", "bigint", int64(math.MinInt64)},
		{"92233720368547758070e-1", "bigint", int64(math.MaxInt64)},
		{"1e100000000", "bigint", fails},
		{"1" + strings.Repeat("0", 40), "bigint", fails},
		{"5 5", "bigint", fails},
		{"0x10", "bigint", fails},
		{"1_000", "bigint", fails},
		{"", "bigint", fails},
		{"-", "bigint", fails},
		{".", "bigint", fails},
		{"1e", "bigint", fails},
		{"1e+", "bigint", fails},
		{"NaN", "bigint", fails},
		{"Infinity", "double", math.Inf(1)},
		{"-inf", "double", math.Inf(-1)},
		{"+INF", "float", math.Inf(1)},
		{"1e400", "double", fails},
		{"1e39", "float", fails},
		{"0x1p-2", "double", fails},
		{"1_0", "double", fails},
		{"nan1", "double", fails},
		{"0.1", "float", float64(float32(0.1))},
		{"-1.25E-3", "double", -0.00125},
		{"1.000000000000000000000000000000000000000000000", "decimal(2,1)", dec(t, "1.0")},
		{"0.000000000000000000000000000000000000001", "decimal(38,38)", fails},
		{"0.00000000000000000000000000000000000001", "decimal(38,38)", dec(t, "0.00000000000000000000000000000000000001")},
		{"1.5e2", "decimal(5,2)", dec(t, "150.00")},
		{"-12.345", "decimal(5,2)", fails},
		{"12345678901234567890123456789012345678", "decimal(38,0)", dec(t, "12345678901234567890123456789012345678")},
		{"123456789012345678901234567890123456789", "decimal(38,0)", fails},
		{" TRUE ", "boolean", true},
		{"False", "boolean", false},
		{"t", "boolean", fails},
		{"1", "boolean", fails},
		{"yes", "boolean", fails},
		{"2024-02-29", "date", ts("2024-02-29 00:00:00")},
		{"2000-02-29", "date", ts("2000-02-29 00:00:00")},
		{"1900-02-29", "date", fails},
		{"2023-02-29", "date", fails},
		{"2024-13-01", "date", fails},
		{"2024-00-01", "date", fails},
		{"2024-04-31", "date", fails},
		{"24-10-04", "date", fails},
		{"2024/10/04", "date", fails},
		{"2024-10-04 10:00:00", "date", ts("2024-10-04 00:00:00")},
		{"2024-10-04T23:30:00-05:00", "date", ts("2024-10-05 00:00:00")},
		{"2024-10-04 10:00", "date", fails},
		{"0001-01-01", "date", ts("0001-01-01 00:00:00")},
		{"23:59:59.999999", "time", 86399999999 * time.Microsecond},
		{"23:59:59.9999999", "time", 86399999999 * time.Microsecond},
		{"00:00:00", "time", time.Duration(0)},
		{"24:00:00", "time", fails},
		{"12:60:00", "time", fails},
		{"12:00:60", "time", fails},
		{"12:00", "time", fails},
		{"12:00:00.", "time", fails},
		{"12:00:00.1234567890", "time", fails},
		{"2024-10-04T00:00:00Z", "timestamp", ts("2024-10-04 00:00:00")},
		{"2024-10-04t01:02:03z", "timestamp", ts("2024-10-04 01:02:03")},
		{"2024-10-04 05:30:00+0530", "timestamp", ts("2024-10-04 00:00:00")},
		{"2024-10-03 16:00:00-08", "timestamp", ts("2024-10-04 00:00:00")},
		{"2024-10-04 00:00:00+18:00", "timestamp", ts("2024-10-03 06:00:00")},
		{"2024-10-04 00:00:00+19:00", "timestamp", fails},
		{"2024-10-04 00:00:00+05:60", "timestamp", fails},
		{"2024-10-04 00:00:00+5", "timestamp", fails},
		{"2024-10-04 00:00:00 UTC", "timestamp", fails},
		{"2024-10-04 00:00:00Zx", "timestamp", fails},
		{"2024-10-04 24:00:00", "timestamp", fails},
		{"2024-10-04T", "timestamp", fails},
		{"2024-10-04 00:00", "timestamp", fails},
		{"2024-10-04 00:00:00.123456789", "timestamp", ts("2024-10-04 00:00:00.123456")},
		{"1969-12-31 23:59:59.9999999", "timestamp", ts("1969-12-31 23:59:59.999999")},
		{"2024-10-04 00:00:00.5-01:00", "timestamp_ntz", ts("2024-10-04 01:00:00.5")},
		{"2024-10-04", "timestamp_ntz", ts("2024-10-04 00:00:00")},
		{"F47AC10B-58CC-4372-A567-0E02B2C3D479", "uuid", testUUID},
		{"{f47ac10b-58cc-4372-a567-0e02b2c3d479}", "uuid", testUUID},
		{"f47ac10b58cc4372a5670e02b2c3d479", "uuid", testUUID},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d47", "uuid", fails},
		{"", "uuid", fails},
		{"héllo", "binary", []byte("héllo")},
	}
	for _, tt := range tests {
		v := build(t, func(b *Builder) { b.AppendString(tt.text) })
		got, err := v.Cast(mustType(t, tt.target))
		if _, isFail := tt.want.(castFails); isFail {
			if !errors.Is(err, ErrCast) {
				t.Errorf("%q to %s: %#v, %v; want a failed cast", tt.text, tt.target, got, err)
			}
			if got, ok, err := v.TryCast(mustType(t, tt.target)); ok || err != nil || got != nil {
				t.Errorf("%q to %s: TryCast = %#v, %v, %v; want NULL", tt.text, tt.target, got, ok, err)
			}
			continue
		}
		if err != nil || !sameResult(got, tt.want) {
			t.Errorf("%q to %s: %#v, %v; want %#v", tt.text, tt.target, got, err, tt.want)
		}
	}
}

// TestCastToText covers the text forms of casts to string.
func TestCastToText(t *testing.T) {
	tests := []struct {
		name string
		v    Variant
		want string
	}{
		{"double 1e21", build(t, func(b *Builder) { b.AppendFloat64(1e21) }), "1e+21"},
		{"double 1e20", build(t, func(b *Builder) { b.AppendFloat64(1e20) }), "100000000000000000000"},
		{"double 1e-6", build(t, func(b *Builder) { b.AppendFloat64(1e-6) }), "0.000001"},
		{"double 1.5e-10", build(t, func(b *Builder) { b.AppendFloat64(1.5e-10) }), "1.5e-10"},
		{"double 123456.789", build(t, func(b *Builder) { b.AppendFloat64(123456.789) }), "123456.789"},
		{"double max", build(t, func(b *Builder) { b.AppendFloat64(math.MaxFloat64) }), "1.7976931348623157e+308"},
		{"float 0.3", build(t, func(b *Builder) { b.AppendFloat32(0.3) }), "0.3"},
		{"float 1e-7", build(t, func(b *Builder) { b.AppendFloat32(1e-7) }), "1e-7"},
		{"decimal -0.001", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "-0.001")) }), "-0.001"},
		{"decimal16", build(t, func(b *Builder) { b.AppendDecimal(dec(t, "-12345678901234567890.123456789")) }), "-12345678901234567890.123456789"},
		{"time 01:02:03.000001", build(t, func(b *Builder) { b.AppendTimeMicros(3723000001) }), "01:02:03.000001"},
		{"time 23:59:59.1", build(t, func(b *Builder) { b.AppendTimeMicros(86399100000) }), "23:59:59.1"},
		{"timestamp with .1", build(t, func(b *Builder) { b.AppendTimestamp(100000) }), "1970-01-01 00:00:00.1"},
		{"timestamp year 1", build(t, func(b *Builder) { b.AppendTimestamp(-62135596800000000) }), "0001-01-01 00:00:00"},
		{"timestamp year 10000", build(t, func(b *Builder) { b.AppendTimestamp(253402300800000000) }), "10000-01-01 00:00:00"},
		{"timestamp year -1", build(t, func(b *Builder) { b.AppendTimestamp(-62198755200000000) }), "-0001-01-01 00:00:00"},
		{"timestamp_nanos .000000001", build(t, func(b *Builder) { b.AppendTimestampNanos(1) }), "1970-01-01 00:00:00.000000001"},
		{"date max", build(t, func(b *Builder) { b.AppendDate(math.MaxInt32) }), "5881580-07-11"},
		{"date min", build(t, func(b *Builder) { b.AppendDate(math.MinInt32) }), "-5877641-06-23"},
		{"date 2000-03-01", build(t, func(b *Builder) { b.AppendDate(11017) }), "2000-03-01"},
	}
	for _, tt := range tests {
		got, ok, err := tt.v.CastString(CastStrict)
		if err != nil || !ok || got != tt.want {
			t.Errorf("%s to string = %q, %v, %v; want %q", tt.name, got, ok, err, tt.want)
		}
	}
}

// TestCastTemporalEdges covers dates beyond the timestamp range and the
// nanosecond types.
func TestCastTemporalEdges(t *testing.T) {
	far := build(t, func(b *Builder) { b.AppendDate(math.MaxInt32) })
	if _, err := far.Cast(SQLType{Kind: SQLTimestamp}); !errors.Is(err, ErrCast) {
		t.Errorf("date 5881580-07-11 to timestamp: %v, want a failed cast", err)
	}
	got, err := far.Cast(SQLType{Kind: SQLDate})
	if want := time.Date(5881580, 7, 11, 0, 0, 0, 0, time.UTC); err != nil || !sameResult(got, want) {
		t.Errorf("date 5881580-07-11 to date = %v, %v; want %v", got, err, want)
	}
	got, err = build(t, func(b *Builder) { b.AppendDate(math.MinInt32) }).Cast(SQLType{Kind: SQLDate})
	if want := time.Date(-5877641, 6, 23, 0, 0, 0, 0, time.UTC); err != nil || !sameResult(got, want) {
		t.Errorf("date -5877641-06-23 to date = %v, %v; want %v", got, err, want)
	}
	days, ok, err := far.CastDays(CastStrict)
	if err != nil || !ok || days != math.MaxInt32 {
		t.Errorf("CastDays = %d, %v, %v", days, ok, err)
	}
	us, ok, err := build(t, func(b *Builder) { b.AppendTimestampNanos(-1500) }).CastMicros(SQLTimestamp, CastStrict)
	if err != nil || !ok || us != -2 {
		t.Errorf("timestamp_nanos -1500ns to timestamp = %d µs, %v, %v; want -2", us, ok, err)
	}
	tm, ok, err := build(t, func(b *Builder) { b.AppendDate(20000) }).CastTime(SQLTimestampNTZ, CastLenient)
	if err != nil || !ok || !tm.Equal(utc("2024-10-04 00:00:00")) || tm.Location() != time.UTC {
		t.Errorf("date to timestamp_ntz = %v, %v, %v", tm, ok, err)
	}
}

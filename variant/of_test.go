package variant

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hx decodes hex bytes written with spaces: "0C 01".
func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// raw returns the Variant of a value given as hex, with an empty dictionary.
func raw(value string) Variant {
	return MustNew(hx("11 00 00"), hx(value))
}

func mustDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

type (
	eventName string
	blob      []byte
)

func TestOfScalars(t *testing.T) {
	u := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	big63 := new(big.Int).Lsh(big.NewInt(1), 63)
	tests := []struct {
		name  string
		in    any
		value string // hex of the value; the metadata is 11 00 00
	}{
		{"nil", nil, "00"},
		{"true", true, "04"},
		{"false", false, "08"},
		{"int 1", 1, "0C 01"},
		{"int8 min", int8(-128), "0C 80"},
		{"int16 fits int8", int16(5), "0C 05"},
		{"int -129", -129, "10 7F FF"},
		{"int16 300", int16(300), "10 2C 01"},
		{"int32 70000", int32(70000), "14 70 11 01 00"},
		{"int64 2^40", int64(1) << 40, "18 00 00 00 00 00 01 00 00"},
		{"int64 min", int64(math.MinInt64), "18 00 00 00 00 00 00 00 80"},
		{"uint8 255", uint8(255), "10 FF 00"},
		{"uint16 65535", uint16(65535), "14 FF FF 00 00"},
		{"uint32 max", uint32(math.MaxUint32), "18 FF FF FF FF 00 00 00 00"},
		{"uint64 2^63-1", uint64(math.MaxInt64), "18 FF FF FF FF FF FF FF 7F"},
		{"uint 7", uint(7), "0C 07"},
		{"float32 1.5", float32(1.5), "38 00 00 C0 3F"},
		{"float32 NaN", float32(math.NaN()), "38 00 00 C0 7F"},
		{"float32 -0", float32(math.Copysign(0, -1)), "38 00 00 00 80"},
		{"float64 -0", math.Copysign(0, -1), "1C 00 00 00 00 00 00 00 80"},
		{"float64 +Inf", math.Inf(1), "1C 00 00 00 00 00 00 F0 7F"},
		{"float64 1", 1.0, "1C 00 00 00 00 00 00 F0 3F"},
		{"short string", "a", "05 61"},
		{"empty string", "", "01"},
		{"63 bytes", strings.Repeat("a", 63), "FD" + strings.Repeat(" 61", 63)},
		{"64 bytes", strings.Repeat("a", 64), "40 40 00 00 00" + strings.Repeat(" 61", 64)},
		{"32 x é", strings.Repeat("é", 32), "40 40 00 00 00" + strings.Repeat(" C3 A9", 32)},
		{"binary", []byte{1, 2}, "3C 02 00 00 00 01 02"},
		{"empty binary", []byte{}, "3C 00 00 00 00"},
		{"epoch", time.Unix(0, 0), "30 00 00 00 00 00 00 00 00"},
		{"1969-12-31T23:59:59Z", time.Unix(-1, 0), "30 C0 BD F0 FF FF FF FF FF"},
		{"micros", time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC), "30 80 B5 4F C0 ED 0D 06 00"},
		{"zone dropped", time.Date(2024, 1, 2, 4, 4, 5, 123456000, time.FixedZone("CET", 3600)), "30 80 B5 4F C0 ED 0D 06 00"},
		{"nanos", time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC), "48 15 FF 5C 37 B7 68 A6 17"},
		{"1 ns", time.Unix(0, 1), "48 01 00 00 00 00 00 00 00"},
		{"-1 ns", time.Unix(0, -1), "48 FF FF FF FF FF FF FF FF"},
		{"1900", time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), "30 00 60 43 B7 EF 26 F8 FF"},
		{"1900 + 1 ns", time.Date(1900, 1, 1, 0, 0, 0, 1, time.UTC), "48 01 00 2F DF 63 18 58 E1"},
		{"year 3000 micros", time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC), "30 00 00 4B BC EC 79 73 00"},
		{"max micros", time.UnixMicro(math.MaxInt64), "30 FF FF FF FF FF FF FF 7F"},
		{"min micros", time.UnixMicro(math.MinInt64), "30 00 00 00 00 00 00 00 80"},
		{"max nanos", time.Unix(0, math.MaxInt64), "48 FF FF FF FF FF FF FF 7F"},
		{"min nanos", time.Unix(0, math.MinInt64), "48 00 00 00 00 00 00 00 80"},
		{"date", Date(19723), "2C 0B 4D 00 00"},
		{"date before 1970", Date(-1), "2C FF FF FF FF"},
		{"time midnight", Time(0), "44 00 00 00 00 00 00 00 00"},
		{"time last", Time(86399999999), "44 FF 5F D7 1D 14 00 00 00"},
		{"uuid", u, "50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"},
		{"decimal 1.50", mustDecimal("1.50"), "20 02 96 00 00 00"},
		{"decimal8", mustDecimal("1234567890.5"), "24 01 39 1C DC DF 02 00 00 00"},
		{"shopspring 1.50", decimal.RequireFromString("1.50"), "20 02 96 00 00 00"},
		{"shopspring 15e2", decimal.New(15, 2), "20 00 DC 05 00 00"},
		{"shopspring -0.001", decimal.RequireFromString("-0.001"), "20 03 FF FF FF FF"},
		{"shopspring 0e100", decimal.New(0, 100), "20 00 00 00 00 00"},
		{"shopspring 38 digits", decimal.RequireFromString(strings.Repeat("9", 38)), "28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B"},
		{"shopspring 1e37", decimal.New(1, 37), "28 00 00 00 00 00 A0 36 F4 00 D9 46 DA D5 10 EE 85 07"},
		{"big.Int small", big.NewInt(5), "0C 05"},
		{"big.Int 2^63", big63, "28 00 00 00 00 00 00 00 00 80 00 00 00 00 00 00 00 00"},
		{"big.Int nil", (*big.Int)(nil), "00"},
		{"json.Number int", json.Number("300"), "10 2C 01"},
		{"json.Number 12.50", json.Number("12.50"), "20 02 E2 04 00 00"},
		{"json.Number 1e2", json.Number("1e2"), "1C 00 00 00 00 00 00 59 40"},
		{"named string", eventName("signup"), "19 73 69 67 6E 75 70"},
		{"duration", time.Duration(5), "0C 05"},
		{"variant (a long string copied in the short form)", raw("40 01 00 00 00 61"), "05 61"},
		{"named bytes", blob{7}, "3C 01 00 00 00 07"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Of(tc.in)
			require.NoError(t, err)
			assert.Equal(t, hx("11 00 00"), v.Metadata().Bytes(), "metadata")
			assert.Equal(t, hx(tc.value), v.Bytes(), "value")
			require.NoError(t, v.Validate())
		})
	}
}

func TestOfErrors(t *testing.T) {
	self := map[string]any{}
	self["x"] = self
	tests := []struct {
		name string
		in   any
		want error
		msg  string // part of the message
		path string
	}{
		{"uint64 max", uint64(math.MaxUint64), ErrOverflow, "18446744073709551615", ""},
		{"uint64 2^63", uint64(1) << 63, ErrOverflow, "9223372036854775808", ""},
		{"uint 2^63", uint(1) << 63, ErrOverflow, "9223372036854775808", ""},
		{"invalid UTF-8", "a\xff", ErrInvalidValue, "not valid UTF-8", ""},
		{"invalid UTF-8 key", map[string]any{"\xff": 1}, ErrInvalidValue, "object key", ""},
		{"micros past max", time.UnixMicro(math.MaxInt64).Add(time.Microsecond), ErrOverflow, "microseconds", ""},
		{"micros before min", time.UnixMicro(math.MinInt64).Add(-time.Microsecond), ErrOverflow, "microseconds", ""},
		{"nanos past 2262", time.Unix(0, math.MaxInt64).Add(1), ErrOverflow, "nanoseconds", ""},
		{"nanos before 1677", time.Unix(0, math.MinInt64).Add(-1), ErrOverflow, "nanoseconds", ""},
		{"nanos in year 3000", time.Date(3000, 1, 1, 0, 0, 0, 1, time.UTC), ErrOverflow, "3000-01-01T00:00:00.000000001Z", ""},
		{"time 24:00", Time(86400000000), ErrOverflow, "time of day", ""},
		{"time negative", Time(-1), ErrOverflow, "time of day", ""},
		{"shopspring 39 digits", decimal.RequireFromString(strings.Repeat("9", 39)), ErrInvalidDecimal, "more than 38 digits", ""},
		{"shopspring 1e38", decimal.New(1, 38), ErrInvalidDecimal, "more than 38 digits", ""},
		{"shopspring 1e39", decimal.New(1, 39), ErrInvalidDecimal, "more than 38 digits", ""},
		{"shopspring scale 39", decimal.New(1, -39), ErrInvalidDecimal, "scale 39", ""},
		{"big.Int 10^38", new(big.Int).Exp(big.NewInt(10), big.NewInt(38), nil), ErrOverflow, "more than 38 digits", ""},
		{"json.Number bad", json.Number("1."), ErrInvalidJSON, `"1."`, ""},
		{"zero Variant", Variant{}, ErrInvalidValue, "empty value", ""},
		{"struct", struct{ A int }{1}, ErrUnsupportedType, "struct { A int }", ""},
		{"pointer", new(int), ErrUnsupportedType, "*int", ""},
		{"chan", make(chan int), ErrUnsupportedType, "chan int", ""},
		{"int keys", map[int]string{1: "a"}, ErrUnsupportedType, "map[int]string", ""},
		{"func", func() {}, ErrUnsupportedType, "func()", ""},
		{"invalid json.RawMessage", json.RawMessage(`{"a":}`), ErrInvalidJSON, "", ""},
		{"nested path", map[string]any{"a": []any{1, struct{}{}}}, ErrUnsupportedType, "struct {}", "$.a[1]"},
		{"quoted key path", map[string]any{"a b": map[string]any{"c": uint64(math.MaxUint64)}}, ErrOverflow, "", "$['a b'].c"},
		{"reflected path", map[string][]any{"k": {"x", complex(1, 2)}}, ErrUnsupportedType, "complex128", "$.k[1]"},
		{"map contains itself", self, ErrTooDeep, "1000", strings.Repeat(".x", MaxDepth)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Of(tc.in)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.want)
			assert.Contains(t, err.Error(), tc.msg)
			var ve *Error
			require.ErrorAs(t, err, &ve)
			if tc.path != "" && !strings.HasPrefix(tc.path, "$") {
				tc.path = "$" + tc.path
			}
			assert.Equal(t, tc.path, ve.Path)
			assert.Equal(t, Variant{}, v)
			assert.Panics(t, func() { MustOf(tc.in) })
		})
	}
}

func TestOfDepth(t *testing.T) {
	nest := func(n int) any {
		var x any = 1
		for range n {
			x = []any{x}
		}
		return x
	}
	v, err := Of(nest(MaxDepth))
	require.NoError(t, err)
	require.NoError(t, v.Validate())
	_, err = Of(nest(MaxDepth + 1))
	assert.ErrorIs(t, err, ErrTooDeep)
}

func TestOfObjectBytes(t *testing.T) {
	v, err := Of(map[string]any{"b": 1, "a": 2})
	require.NoError(t, err)
	assert.Equal(t, hx("11 02 00 01 02 61 62"), v.Metadata().Bytes())
	assert.Equal(t, hx("02 02 00 01 00 02 04 0C 02 0C 01"), v.Bytes())

	// The same object through reflection (map[string]int) and as a
	// map[string]string.
	v, err = Of(map[string]int{"b": 1, "a": 2})
	require.NoError(t, err)
	assert.Equal(t, hx("11 02 00 01 02 61 62"), v.Metadata().Bytes())
	assert.Equal(t, hx("02 02 00 01 00 02 04 0C 02 0C 01"), v.Bytes())
	v, err = Of(map[string]string{"b": "x", "a": "y"})
	require.NoError(t, err)
	assert.Equal(t, hx("11 02 00 01 02 61 62"), v.Metadata().Bytes())
	assert.Equal(t, hx("02 02 00 01 00 02 04 05 79 05 78"), v.Bytes())
}

func TestOfContainers(t *testing.T) {
	u := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	tests := []struct {
		name        string
		in          any
		meta, value string
	}{
		{"[]any", []any{1, "a", nil}, "11 00 00", "03 03 00 02 04 05 0C 01 05 61 00"},
		{"[]int", []int{1, 2}, "11 00 00", "03 02 00 02 04 0C 01 0C 02"},
		{"[]string", []string{"a", "b"}, "11 00 00", "03 02 00 02 04 05 61 05 62"},
		{"[2]int8", [2]int8{1, 2}, "11 00 00", "03 02 00 02 04 0C 01 0C 02"},
		{"[3]byte is binary", [3]byte{1, 2, 3}, "11 00 00", "3C 03 00 00 00 01 02 03"},
		{"[]uuid", []uuid.UUID{u}, "11 00 00", "03 01 00 11 50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"},
		{"empty []any", []any{}, "11 00 00", "03 00 00"},
		{"empty map", map[string]any{}, "11 00 00", "02 00 00"},
		{"nil map", map[string]any(nil), "11 00 00", "02 00 00"},
		{"nil slice", []any(nil), "11 00 00", "03 00 00"},
		{"nil []int", []int(nil), "11 00 00", "03 00 00"},
		{"keys in byte order", map[string]any{"é": 1, "z": 2}, "11 02 00 01 03 7A C3 A9", "02 02 00 01 00 02 04 0C 02 0C 01"},
		{"[]fmt.Stringer with nil", []interface{ String() string }{nil, Date(0)}, "11 00 00", "03 02 00 01 06 00 2C 00 00 00 00"},
		{"map of slices", map[string][]int{"a": {1}}, "11 01 00 01 61", "02 01 00 00 06 03 01 00 02 0C 01"},
		{"nested objects share keys", map[string]any{"a": map[string]any{"a": true}}, "11 01 00 01 61", "02 01 00 00 06 02 01 00 00 01 04"},
		{"variant inside", map[string]any{"v": MustOf(map[string]any{"z": 1})}, "11 02 00 01 02 76 7A", "02 01 00 00 07 02 01 01 00 02 0C 01"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Of(tc.in)
			require.NoError(t, err)
			assert.Equal(t, hx(tc.meta), v.Metadata().Bytes(), "metadata")
			assert.Equal(t, hx(tc.value), v.Bytes(), "value")
			require.NoError(t, v.Validate())
		})
	}
}

// TestOfOwnsMemory checks that a Variant from Of is not overwritten by later
// calls, which reuse pooled builders.
func TestOfOwnsMemory(t *testing.T) {
	first := MustOf(map[string]any{"b": 1, "a": 2})
	meta := append([]byte{}, first.Metadata().Bytes()...)
	value := append([]byte{}, first.Bytes()...)
	for i := range 100 {
		MustOf(map[string]any{"zz": strings.Repeat("x", i), "yy": []any{i, i}})
	}
	assert.Equal(t, meta, first.Metadata().Bytes())
	assert.Equal(t, value, first.Bytes())
}

func TestDateTimeString(t *testing.T) {
	assert.Equal(t, "1970-01-01", Date(0).String())
	assert.Equal(t, "1969-12-31", Date(-1).String())
	assert.Equal(t, "2024-01-01", Date(19723).String())
	assert.Equal(t, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Date(19723).Time())
	assert.Equal(t, "00:00:00.000000", Time(0).String())
	assert.Equal(t, "01:02:03.000004", Time(3723000004).String())
	assert.Equal(t, "23:59:59.999999", Time(86399999999).String())
	assert.Equal(t, "-00:00:00.000001", Time(-1).String())
}

func TestInterface(t *testing.T) {
	u := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	tests := []struct {
		name  string
		value string
		want  any
	}{
		{"null", "00", nil},
		{"true", "04", true},
		{"false", "08", false},
		{"int8", "0C FF", int8(-1)},
		{"int16", "10 2C 01", int16(300)},
		{"int16 small", "10 05 00", int16(5)},
		{"int32", "14 70 11 01 00", int32(70000)},
		{"int64", "18 01 00 00 00 00 00 00 00", int64(1)},
		{"float", "38 00 00 C0 3F", float32(1.5)},
		{"double", "1C 00 00 00 00 00 00 F0 3F", 1.0},
		{"decimal4", "20 02 96 00 00 00", mustDecimal("1.50")},
		{"decimal8", "24 02 96 00 00 00 00 00 00 00", mustDecimal("1.50")},
		{"decimal16", "28 02 96 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", mustDecimal("1.50")},
		{"date", "2C 0B 4D 00 00", Date(19723)},
		{"time", "44 C4 78 E8 DD 00 00 00 00", Time(3723000004)},
		{"timestamp", "30 80 B5 4F C0 ED 0D 06 00", time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC)},
		{"timestamp_ntz", "34 80 B5 4F C0 ED 0D 06 00", time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC)},
		{"timestamp_nanos", "48 15 FF 5C 37 B7 68 A6 17", time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)},
		{"timestamp_ntz_nanos", "4C 15 FF 5C 37 B7 68 A6 17", time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC)},
		{"timestamp after 2262", "30 00 00 4B BC EC 79 73 00", time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"binary", "3C 02 00 00 00 01 02", []byte{1, 2}},
		{"short string", "05 61", "a"},
		{"long string", "40 01 00 00 00 61", "a"},
		{"uuid", "50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF", u},
		{"array", "03 02 00 02 04 0C 01 05 61", []any{int8(1), "a"}},
		{"empty object", "02 00 00", map[string]any{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := raw(tc.value).Interface()
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}

	v := MustNew(hx("11 02 00 01 02 61 62"), hx("02 02 00 01 00 02 07 0C 02 03 01 00 01 00"))
	got, err := v.Interface()
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"a": int8(2), "b": []any{nil}}, got)
}

func TestInterfaceBinaryIsCopy(t *testing.T) {
	buf := hx("3C 02 00 00 00 01 02")
	got, err := View(Metadata{}, buf).Interface()
	require.NoError(t, err)
	buf[5] = 9
	assert.Equal(t, []byte{1, 2}, got)
}

func TestInterfaceErrors(t *testing.T) {
	_, err := Variant{}.Interface()
	assert.ErrorIs(t, err, ErrInvalidValue)
	_, err = View(Metadata{}, hx("FC")).Interface() // primitive type 63
	assert.ErrorIs(t, err, ErrInvalidValue)
	_, err = View(Metadata{}, hx("18 01 02")).Interface() // truncated int64
	assert.ErrorIs(t, err, ErrInvalidValue)
	// An object whose field id is outside the (empty) dictionary.
	_, err = View(Metadata{}, hx("02 01 05 00 01 00")).Interface()
	assert.ErrorIs(t, err, ErrInvalidValue)
}

// TestInterfaceRoundTrip checks Of(v.Interface()) for every type: the same
// bytes for values in builder form, except that the NTZ types come back as
// the UTC types with the same number, and a timestamp_nanos without a
// sub-microsecond part as a timestamp of the same instant.
func TestInterfaceRoundTrip(t *testing.T) {
	same := []string{
		"00", "04", "08",
		"0C 80", "10 7F FF", "14 70 11 01 00", "18 00 00 00 00 00 00 00 80",
		"38 00 00 C0 7F", "38 00 00 00 80", "1C 00 00 00 00 00 00 F8 7F", "1C 00 00 00 00 00 00 F0 FF",
		"20 02 96 00 00 00", "24 01 39 1C DC DF 02 00 00 00",
		"28 26 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B",
		"2C FF FF FF FF", "44 FF 5F D7 1D 14 00 00 00",
		"30 00 00 00 00 00 00 00 80", "30 FF FF FF FF FF FF FF 7F", "30 C0 BD F0 FF FF FF FF FF",
		"48 01 00 2F DF 63 18 58 E1", "48 FF FF FF FF FF FF FF 7F",
		"3C 00 00 00 00", "3C 02 00 00 00 01 02",
		"01", "FD" + strings.Repeat(" 61", 63), "40 40 00 00 00" + strings.Repeat(" 61", 64),
		"50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF",
		"03 03 00 02 04 05 0C 01 05 61 00", "02 00 00", "03 00 00",
	}
	for _, value := range same {
		v := raw(value)
		x, err := v.Interface()
		require.NoError(t, err, value)
		back, err := Of(x)
		require.NoError(t, err, value)
		assert.Equal(t, v.Bytes(), back.Bytes(), "%s via %T", value, x)
	}

	obj := MustNew(hx("11 02 00 01 02 61 62"), hx("02 02 00 01 00 02 07 0C 02 03 01 00 01 00"))
	x, err := obj.Interface()
	require.NoError(t, err)
	back := MustOf(x)
	assert.Equal(t, obj.Metadata().Bytes(), back.Metadata().Bytes())
	assert.Equal(t, obj.Bytes(), back.Bytes())

	changed := []struct{ in, out string }{
		{"34 80 B5 4F C0 ED 0D 06 00", "30 80 B5 4F C0 ED 0D 06 00"}, // timestamp_ntz -> timestamp
		{"4C 15 FF 5C 37 B7 68 A6 17", "48 15 FF 5C 37 B7 68 A6 17"}, // timestamp_ntz_nanos -> timestamp_nanos
		{"48 E8 03 00 00 00 00 00 00", "30 01 00 00 00 00 00 00 00"}, // 1000 ns -> 1 µs, same class
		{"10 05 00", "0C 05"},          // int16 5 -> int8 5, same class
		{"40 01 00 00 00 61", "05 61"}, // long string -> short string
		{"28 02 96 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "20 02 96 00 00 00"},
	}
	for _, tc := range changed {
		v := raw(tc.in)
		x, err := v.Interface()
		require.NoError(t, err)
		back, err := Of(x)
		require.NoError(t, err)
		assert.Equal(t, hx(tc.out), back.Bytes(), tc.in)
		eq, err := Equal(v, back)
		require.NoError(t, err)
		ntz := v.Type() == TypeTimestampNTZ || v.Type() == TypeTimestampNTZNanos
		assert.Equal(t, !ntz, eq, "Equal after round trip of %s", tc.in)
	}
}

// TestOfRawMessage: json.RawMessage is JSON text, parsed with the rules of
// parse_json wherever it stands.
func TestOfRawMessage(t *testing.T) {
	v, err := Of(map[string]any{"doc": json.RawMessage(`{"b":[1,2.50],"a":null}`), "n": 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != `{"doc":{"a":null,"b":[1,2.50]},"n":1}` {
		t.Fatalf("got %s", got)
	}
	w, err := Of([]json.RawMessage{json.RawMessage(`"x"`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.String(); got != `["x"]` {
		t.Fatalf("got %s", got)
	}
}

// TestOfNestedVariantErrorPath: a malformed Variant inside a map is reported
// at its place in the map, followed by the place inside the Variant.
func TestOfNestedVariantErrorPath(t *testing.T) {
	bad := View(Metadata{}, []byte{0x03, 0x01, 0x00, 0x02, 0x05, 0xFF}) // [<short string of invalid UTF-8>]
	_, err := Of(map[string]any{"a": []any{bad}})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrInvalidValue) {
		t.Fatalf("got %v", err)
	}
	if e.Path != "$.a[0][0]" {
		t.Fatalf("path %q, want $.a[0][0]", e.Path)
	}
}

package variant

import (
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	pqvariant "github.com/parquet-go/parquet-go/variant"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// emptyMeta is metadata with an empty dictionary.
const emptyMeta = "01 00 00"

func TestParseJSONNumberTyping(t *testing.T) {
	tests := []struct {
		in    string
		value string // hex
		typ   Type
	}{
		{"0", "0C 00", TypeInt8},
		{"-0", "0C 00", TypeInt8},
		{"127", "0C 7F", TypeInt8},
		{"-128", "0C 80", TypeInt8},
		{"128", "10 80 00", TypeInt16},
		{"-129", "10 7F FF", TypeInt16},
		{"32767", "10 FF 7F", TypeInt16},
		{"32768", "14 00 80 00 00", TypeInt32},
		{"-32769", "14 FF 7F FF FF", TypeInt32},
		{"2147483647", "14 FF FF FF 7F", TypeInt32},
		{"2147483648", "18 00 00 00 80 00 00 00 00", TypeInt64},
		{"-2147483649", "18 FF FF FF 7F FF FF FF FF", TypeInt64},
		{"9223372036854775807", "18 FF FF FF FF FF FF FF 7F", TypeInt64},
		{"-9223372036854775808", "18 00 00 00 00 00 00 00 80", TypeInt64},
		// 2^63: beyond int64, an integer of up to 38 digits is decimal16.
		{"9223372036854775808", "28 00 00 00 00 00 00 00 00 80 00 00 00 00 00 00 00 00", TypeDecimal16},
		{"-9223372036854775809", "28 00 FF FF FF FF FF FF FF 7F FF FF FF FF FF FF FF FF", TypeDecimal16},
		// 38 nines: 10^38-1 = 0x4B3B4CA85A86C47A098A223FFFFFFFFF.
		{"99999999999999999999999999999999999999", "28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B", TypeDecimal16},
		// 39 digits: a double (1e38 exactly representable as the nearest double).
		{"100000000000000000000000000000000000000", "1C" + hexDouble(1e38), TypeDouble},
		{"12.50", "20 02 E2 04 00 00", TypeDecimal4},
		{"0.1", "20 01 01 00 00 00", TypeDecimal4},
		{"-0.001", "20 03 FF FF FF FF", TypeDecimal4},
		{"1234567890.5", "24 01 39 1C DC DF 02 00 00 00", TypeDecimal8},
		{"0.00", "20 02 00 00 00 00", TypeDecimal4},
		{"1e2", "1C" + hexDouble(100), TypeDouble},
		{"1.5E-3", "1C" + hexDouble(1.5e-3), TypeDouble},
		{"-2e+0", "1C" + hexDouble(-2), TypeDouble},
		// A fraction of more than 38 digits: a double.
		{"0." + strings.Repeat("1", 39), "1C" + hexDouble(0.111111111111111111111111111111111111111), TypeDouble},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, err := ParseJSON([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, tt.typ, v.Type())
			assert.Equal(t, unhex(t, tt.value), v.Bytes())
			assert.Equal(t, unhex(t, "11 00 00"), v.Metadata().Bytes())
		})
	}
}

// hexDouble returns the 8 little-endian bytes of f as spaced hex.
func hexDouble(f float64) string {
	var b Builder
	b.AppendFloat64(f)
	v, _ := b.Build()
	return " " + strings.ToUpper(hex.EncodeToString(v.Bytes()[1:]))
}

func TestParseJSONObjects(t *testing.T) {
	tests := []struct {
		name, in, meta, value string
	}{
		// B01: keys given out of order get a sorted dictionary and field ids to match.
		{"B01", `{"b":1,"a":2}`, "11 02 00 01 02 61 62", "02 02 00 01 00 02 04 0C 02 0C 01"},
		{"empty object", `{}`, "11 00 00", "02 00 00"},
		{"empty array", `[]`, "11 00 00", "03 00 00"},
		{"array", `[1,"a",null]`, "11 00 00", "03 03 00 02 04 05 0C 01 05 61 00"},
		{"nested", `{"k":{"k":{}}}`, "11 01 00 01 6B", "02 01 00 00 08 02 01 00 00 03 02 00 00"},
		{"strings", `"héllo\u00e9"`, "11 00 00", "21 68 C3 A9 6C 6C 6F C3 A9"},
		{"literals", `[true,false]`, "11 00 00", "03 02 00 01 02 04 08"},
		// B14: the empty key and odd keys are ordinary keys.
		{"B14", `{"": 1, "?": 2}`, "11 02 00 00 01 3F", "02 02 00 01 00 02 04 0C 01 0C 02"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseJSON([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, unhex(t, tt.meta), v.Metadata().Bytes())
			assert.Equal(t, unhex(t, tt.value), v.Bytes())
			require.NoError(t, v.Validate())
		})
	}
}

func TestParseJSONLongString(t *testing.T) {
	// B07: 63 bytes is a short string, 64 a long one; bytes, not characters.
	for _, tt := range []struct {
		s      string
		header string
	}{
		{strings.Repeat("a", 63), "FD"},
		{strings.Repeat("a", 64), "40 40 00 00 00"},
		{strings.Repeat("é", 32), "40 40 00 00 00"},
		{strings.Repeat("é", 31) + "a", "FD"},
	} {
		v, err := ParseJSON([]byte(`"` + tt.s + `"`))
		require.NoError(t, err)
		assert.Equal(t, append(unhex(t, tt.header), tt.s...), v.Bytes())
	}
}

// TestParseJSONFirstDuplicateKey: of several keys given twice in one
// object, the error names the one given again first.
func TestParseJSONFirstDuplicateKey(t *testing.T) {
	for doc, key := range map[string]string{
		`{"a":1,"b":2,"b":3,"a":4}`: `key "b" given twice`,
		`{"b":1,"a":2,"b":3,"a":4}`: `key "b" given twice`,
		`{"a":1,"b":2,"a":3,"b":4}`: `key "a" given twice`,
	} {
		_, err := ParseJSON([]byte(doc))
		require.ErrorIs(t, err, ErrDuplicateKey, doc)
		assert.Contains(t, err.Error(), key, doc)
	}
}

// TestParseJSONStringInContainer: a string inside an object or array is a
// short string when it has at most 63 bytes once unescaped, whatever the
// length of its JSON text.
func TestParseJSONStringInContainer(t *testing.T) {
	for _, tt := range []struct {
		json, s, header string
	}{
		{strings.Repeat("a", 63), strings.Repeat("a", 63), "FD"},
		{strings.Repeat("a", 64), strings.Repeat("a", 64), "40 40 00 00 00"},
		{strings.Repeat(`\n`, 31) + "a", strings.Repeat("\n", 31) + "a", "81"},
		{strings.Repeat(`\n`, 40), strings.Repeat("\n", 40), "A1"},
		{strings.Repeat(`\u00e9`, 11), strings.Repeat("é", 11), "59"},
		{strings.Repeat(`\"`, 63), strings.Repeat(`"`, 63), "FD"},
		{strings.Repeat(`\n`, 64), strings.Repeat("\n", 64), "40 40 00 00 00"},
	} {
		v, err := ParseJSON([]byte(`[1,"` + tt.json + `"]`))
		require.NoError(t, err, tt.json)
		a, err := v.Array()
		require.NoError(t, err)
		e, err := a.At(1)
		require.NoError(t, err)
		assert.Equal(t, append(unhex(t, tt.header), tt.s...), e.Bytes(), tt.json)
		require.NoError(t, v.Validate())
	}
}

func TestParseJSONDuplicateKeys(t *testing.T) {
	// B09: strict parsing rejects the document; last-wins collapses the key.
	_, err := ParseJSON([]byte(`{"x":{"a":1,"a":2}}`))
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrInvalidJSON)
	assert.ErrorIs(t, err, ErrDuplicateKey)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 5, e.Offset, "offset of the object with the duplicate")
	assert.Contains(t, err.Error(), `"a"`)

	v, err := ParseJSONWith([]byte(`{"a":1,"a":2}`), ParseOptions{LastWins: true})
	require.NoError(t, err)
	assert.Equal(t, unhex(t, "11 01 00 01 61"), v.Metadata().Bytes())
	assert.Equal(t, unhex(t, "02 01 00 00 02 0C 02"), v.Bytes())
	assert.Equal(t, `{"a":2}`, v.String())
	assert.Equal(t, []string{"a"}, v.Metadata().Keys())
	a, ok, err := v.Get(MustParsePath("$.a"))
	require.NoError(t, err)
	require.True(t, ok)
	n, err := a.Int()
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)

	// B08 through JSON: the last value has another size than the first.
	v, err = ParseJSONWith([]byte(`{"a":1,"a":"hello"}`), ParseOptions{LastWins: true})
	require.NoError(t, err)
	assert.Equal(t, unhex(t, "11 01 00 01 61"), v.Metadata().Bytes())
	assert.Equal(t, unhex(t, "02 01 00 00 06 15 68 65 6C 6C 6F"), v.Bytes())
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		offset int
		also   error // a second sentinel, or nil
	}{
		{"empty", ``, 0, nil},
		{"only space", `  `, 2, nil},
		{"truncated array", `[1,`, 3, nil},
		{"truncated object", `{"a":`, 5, nil},
		{"missing value", `{"a"}`, 4, nil},
		{"trailing comma", `[1,]`, 2, nil},
		{"bare word", `nul`, 3, nil},
		{"single quotes", `{'a':1}`, 1, nil},
		{"leading zero", `01`, 1, nil},
		{"number out of range", `[1e400]`, 1, nil},
		{"trailing data", `{"a":1} x`, 8, nil},
		{"second value", `1 2`, 2, nil},
		{"trailing bracket", `[1]]`, 3, nil},
		{"invalid UTF-8 in string", "[\"a\xff\"]", 3, nil},
		{"invalid UTF-8 in key", "{\"\xc3\":1}", 2, nil},
		{"bad escape", `"\x"`, 1, nil},
		// An escaped lone surrogate stands for no character, so it has no UTF-8 form.
		{"lone surrogate", `["\ud800"]`, 2, nil},
		{"duplicate key", `{"a":1,"b":2,"a":3}`, 0, ErrDuplicateKey},
		{"too deep", strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), MaxDepth, ErrTooDeep},
		{"too deep objects", strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1), 5 * MaxDepth, ErrTooDeep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := ParseJSON([]byte(tt.in))
			require.Error(t, err)
			assert.Equal(t, Variant{}, v)
			assert.ErrorIs(t, err, ErrInvalidJSON)
			if tt.also != nil {
				assert.ErrorIs(t, err, tt.also)
			} else {
				assert.NotErrorIs(t, err, ErrDuplicateKey)
				assert.NotErrorIs(t, err, ErrTooDeep)
			}
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.offset, e.Offset, "%v", err)
			assert.True(t, strings.HasPrefix(err.Error(), "variant: invalid JSON"), err.Error())
		})
	}
}

func TestParseJSONMaxDepth(t *testing.T) {
	in := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	v, err := ParseJSON([]byte(in))
	require.NoError(t, err)
	require.NoError(t, v.Validate())
	out, err := v.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, in, string(out))
}

// canonical documents print back exactly as written.
var canonical = []string{
	`null`, `true`, `false`, `0`, `-1`, `127`, `128`, `-32768`, `2147483648`,
	`9223372036854775807`, `9223372036854775808`, `-99999999999999999999999999999999999999`,
	`1.50`, `0.5`, `-0.5`, `-0.001`, `0.00`, `10.0`, `12345678901234567890.123456789012345678`,
	`1e+21`, `1e-7`, `-1.5e+300`, `5e-324`,
	`""`, `"a"`, `"quote \" backslash \\ slash / tab \t nl \n"`, `"\u0000\u001f"`, `"é€😀"`,
	`"<&>"`, "\"\u2028\"",
	`[]`, `{}`, `[[]]`, `[{}]`, `{"a":[]}`,
	`[1,"two",3.0,null,true,false,{"k":"v"}]`,
	`{"":0,"A":1,"a":2,"b":{"c":{"d":[1,2,{"e":null}]}},"é":3}`,
	`{"id":12345,"props":{"x":1.25,"y":-3},"tags":["a","b"],"ts":"2024-05-06T07:08:09Z","type":"click"}`,
}

func TestJSONRoundTripCanonical(t *testing.T) {
	for _, in := range canonical {
		t.Run(in, func(t *testing.T) {
			v, err := ParseJSON([]byte(in))
			require.NoError(t, err)
			require.NoError(t, v.Validate())
			out, err := v.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, in, string(out))
			assert.True(t, json.Valid(out))
			assert.Equal(t, in, v.String())
		})
	}
}

func TestJSONRoundTripNormalises(t *testing.T) {
	tests := []struct{ in, out string }{
		{" { \"b\" : 1 , \"a\" : [ 1 , 2 ] } ", `{"a":[1,2],"b":1}`},
		{`-0`, `0`},
		{`-0.0`, `0.0`},
		{`-0e0`, `-0.0`},
		{`1E2`, `100.0`},
		{`1.5e0`, `1.5`},
		{`1e21`, `1e+21`},
		{`0.000001e0`, `0.000001`},
		{`1e-06`, `0.000001`},
		{`1e-7`, `1e-7`},
		{`123456789012345678901234567890123456789`, `1.2345678901234568e+38`},
		{`"\u00e9\/"`, `"é/"`},
		{`"\ud83d\ude00"`, `"😀"`},
		{`"\u007f"`, "\"\x7f\""},
	}
	for _, tt := range tests {
		v, err := ParseJSON([]byte(tt.in))
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.out, v.String(), tt.in)
	}
}

// value builds a Variant whose value is the spaced hex v, with no keys.
func value(t testing.TB, v string) Variant {
	t.Helper()
	return MustNew(unhex(t, emptyMeta), unhex(t, v))
}

func TestMarshalJSONTypes(t *testing.T) {
	tests := []struct {
		name, value, want string
	}{
		// B06: binary is base64, never text.
		{"B06 binary", "3C 02 00 00 00 01 02", `"AQI="`},
		{"empty binary", "3C 00 00 00 00", `""`},
		{"B06 two-byte string", "40 02 00 00 00 01 02", `"\u0001\u0002"`},
		// B10: decimals keep the leading zero.
		{"B10 0.5", "20 01 05 00 00 00", `0.5`},
		{"B10 -0.5", "20 01 FB FF FF FF", `-0.5`},
		{"B10 array", "03 01 00 06 20 01 05 00 00 00", `[0.5]`},
		// B11: plain numbers, no padding, no exponent.
		{"B11 0.00", "20 02 00 00 00 00", `0.00`},
		{"B11 10.0", "20 01 64 00 00 00", `10.0`},
		{"B11 10^20", "28 00 00 00 10 63 2D 5E C7 6B 05 00 00 00 00 00 00 00", `100000000000000000000`},
		{"decimal 1.50", "20 02 96 00 00 00", `1.50`},
		{"decimal -0.001", "20 03 FF FF FF FF", `-0.001`},
		{"decimal8", "24 02 39 30 00 00 00 00 00 00", `123.45`},
		// B13: NaN and infinities as strings, -0.0 keeps its sign.
		{"B13 NaN", "1C 00 00 00 00 00 00 F8 7F", `"NaN"`},
		{"B13 +Inf", "1C 00 00 00 00 00 00 F0 7F", `"Infinity"`},
		{"B13 -Inf", "1C 00 00 00 00 00 00 F0 FF", `"-Infinity"`},
		{"B13 double -0.0", "1C 00 00 00 00 00 00 00 80", `-0.0`},
		{"B13 float -0.0", "38 00 00 00 80", `-0.0`},
		{"float NaN", "38 00 00 C0 7F", `"NaN"`},
		{"float -Inf", "38 00 00 80 FF", `"-Infinity"`},
		{"double 0.0", "1C 00 00 00 00 00 00 00 00", `0.0`},
		{"double 1.0", "1C 00 00 00 00 00 00 F0 3F", `1.0`},
		{"double 0.1", "1C" + hexDouble(0.1), `0.1`},
		{"double 1e20", "1C" + hexDouble(1e20), `100000000000000000000.0`},
		{"double 1e21", "1C" + hexDouble(1e21), `1e+21`},
		{"double 1e-7", "1C" + hexDouble(1e-7), `1e-7`},
		{"double max", "1C FF FF FF FF FF FF EF 7F", `1.7976931348623157e+308`},
		// float 0.1 printed at 32 bits, not as the float64 0.10000000149011612.
		{"float 0.1", "38 CD CC CC 3D", `0.1`},
		{"float 16777216", "38 00 00 80 4B", `16777216.0`},
		{"float 3e38", "38 E6 B1 61 7F", `3e+38`},
		{"int8", "0C 85", `-123`},
		{"int16", "10 39 30", `12345`},
		{"int32", "14 15 CD 5B 07", `123456789`},
		{"int64", "18 00 00 00 00 00 00 00 80", `-9223372036854775808`},
		{"date", "2C 00 00 00 00", `"1970-01-01"`},
		{"date before epoch", "2C FF FF FF FF", `"1969-12-31"`},
		{"date 2024-02-29", "2C 46 4D 00 00", `"2024-02-29"`},
		// All fractional digits of the type, Z for UTC, no offset for NTZ.
		{"timestamp", "30 00 00 00 00 00 00 00 00", `"1970-01-01T00:00:00.000000Z"`},
		{"timestamp micros", "30 00 3D 53 BB C3 17 06 00", `"2024-05-06T07:08:09.120000Z"`},
		{"timestamp_ntz", "34 00 3D 53 BB C3 17 06 00", `"2024-05-06T07:08:09.120000"`},
		{"timestamp before epoch", "30 FF FF FF FF FF FF FF FF", `"1969-12-31T23:59:59.999999Z"`},
		{"timestamp_nanos", "48 15 07 5B BD 93 D4 CC 17", `"2024-05-06T07:08:09.123456789Z"`},
		{"timestamp_ntz_nanos", "4C 00 00 00 00 00 00 00 00", `"1970-01-01T00:00:00.000000000"`},
		{"time", "44 00 00 00 00 00 00 00 00", `"00:00:00.000000"`},
		{"time last", "44 FF 5F D7 1D 14 00 00 00", `"23:59:59.999999"`},
		{"uuid", "50 F8 1D 4F AE 7D EC 11 D0 A7 65 00 A0 C9 1E 6B F6", `"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`},
		{"null", "00", `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := value(t, tt.value)
			out, err := v.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(out))
			assert.True(t, json.Valid(out), string(out))
			dst, err := v.AppendJSON([]byte("x="))
			require.NoError(t, err)
			assert.Equal(t, "x="+tt.want, string(dst))
		})
	}
}

func TestMarshalJSONMalformed(t *testing.T) {
	tests := []struct {
		name, meta, value string
		offset            int
	}{
		{"truncated int32", emptyMeta, "14 01 02", 1},
		{"truncated long string", emptyMeta, "40 05 00 00 00 61", 1},
		{"string not UTF-8", emptyMeta, "05 FF", 0},
		{"unknown primitive", emptyMeta, "FC", 0},
		{"field id outside dictionary", emptyMeta, "02 01 00 00 01 00", 2},
		{"array element truncated", emptyMeta, "03 01 00 03 18 01 02", 4},
		{"time past midnight", emptyMeta, "44 00 60 D7 1D 14 00 00 00", 1},
		{"negative time", emptyMeta, "44 FF FF FF FF FF FF FF FF", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := View(MustDecodeMetadata(unhex(t, tt.meta)), unhex(t, tt.value))
			dst, err := v.AppendJSON([]byte("keep"))
			require.Error(t, err)
			assert.Equal(t, "keep", string(dst))
			assert.ErrorIs(t, err, ErrInvalidValue)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.offset, e.Offset, "%v", err)
			s := v.String()
			assert.True(t, strings.HasPrefix(s, "<invalid Variant: "), s)
		})
	}

	_, err := Variant{}.AppendJSON(nil)
	assert.ErrorIs(t, err, ErrInvalidValue)
	assert.Equal(t, "<invalid Variant: variant: invalid value at offset 0: no value>", Variant{}.String())
}

// TestMarshalJSONZeroVariant: the zero Variant (a SQL NULL left in
// sql.Null[variant.Variant]) marshals as JSON null, so a struct holding one
// marshals; malformed bytes still fail.
func TestMarshalJSONZeroVariant(t *testing.T) {
	out, err := Variant{}.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, "null", string(out))
	type row struct {
		ID      int               `json:"id"`
		Payload sql.Null[Variant] `json:"payload"`
		Data    Variant           `json:"data"`
	}
	out, err = json.Marshal(row{ID: 1})
	require.NoError(t, err)
	assert.Equal(t, `{"id":1,"payload":{"V":null,"Valid":false},"data":null}`, string(out))
	_, err = json.Marshal(View(Metadata{}, []byte{0xFF}))
	assert.ErrorIs(t, err, ErrInvalidValue)
}

func TestJSONPackageInterop(t *testing.T) {
	type row struct {
		ID   int     `json:"id"`
		Data Variant `json:"data"`
	}
	in := `{"id":7,"data":{"b":[1,2.50,"x"],"a":null}}`
	var r row
	require.NoError(t, json.Unmarshal([]byte(in), &r))
	assert.Equal(t, 7, r.ID)
	assert.Equal(t, `{"a":null,"b":[1,2.50,"x"]}`, r.Data.String())
	out, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Equal(t, `{"id":7,"data":{"a":null,"b":[1,2.50,"x"]}}`, string(out))

	// The JSON null is the Variant null, not SQL NULL.
	require.NoError(t, json.Unmarshal([]byte(`{"data":null}`), &r))
	assert.True(t, r.Data.IsNull())

	// UnmarshalJSON owns its memory.
	buf := []byte(`{"k":"value"}`)
	var v Variant
	require.NoError(t, v.UnmarshalJSON(buf))
	copy(buf, strings.Repeat("x", len(buf)))
	assert.Equal(t, `{"k":"value"}`, v.String())

	err = v.UnmarshalJSON([]byte(`{"k":`))
	assert.ErrorIs(t, err, ErrInvalidJSON)
	assert.Equal(t, `{"k":"value"}`, v.String(), "unchanged on error")
}

func TestParseJSONOwnsMemory(t *testing.T) {
	in := []byte(`{"k\u00e9":["a\nb",1.5]}`)
	orig := string(in)
	v, err := ParseJSON(in)
	require.NoError(t, err)
	assert.Equal(t, orig, string(in), "input unchanged")
	clear(in)
	assert.Equal(t, `{"ké":["a\nb",1.5]}`, v.String())

	a, err := ParseJSON([]byte(`{"a":"first"}`))
	require.NoError(t, err)
	b, err := ParseJSON([]byte(`{"b":"second value here"}`))
	require.NoError(t, err)
	assert.Equal(t, `{"a":"first"}`, a.String())
	assert.Equal(t, `{"b":"second value here"}`, b.String())
}

func TestBuilderAppendJSON(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("event")
	require.NoError(t, b.AppendJSON([]byte(`{"type":"click","n":[1,2]}`)))
	b.Key("id")
	b.AppendInt(5)
	b.Key("payload")
	require.NoError(t, b.AppendJSON([]byte(` "text" `)))
	b.EndObject()
	v, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, `{"event":{"n":[1,2],"type":"click"},"id":5,"payload":"text"}`, v.String())
	assert.Equal(t, []string{"event", "id", "n", "payload", "type"}, v.Metadata().Keys())

	// The builder's duplicate-key mode applies.
	b.Reset()
	b.SetLastWins(true)
	require.NoError(t, b.AppendJSON([]byte(`{"a":1,"a":[true]}`)))
	v, err = b.Build()
	require.NoError(t, err)
	assert.Equal(t, `{"a":[true]}`, v.String())

	// An error stays with the builder, with its offset in the JSON text.
	b.Reset()
	b.SetLastWins(false)
	b.BeginArray()
	err = b.AppendJSON([]byte(`[1, tru]`))
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrInvalidJSON)
	_, berr := b.Build()
	assert.Equal(t, err, berr)
	assert.Equal(t, err, b.AppendJSON([]byte(`1`)))

	// Depth counts the containers already open.
	b.Reset()
	for range MaxDepth {
		b.BeginArray()
	}
	err = b.AppendJSON([]byte(`[]`))
	assert.ErrorIs(t, err, ErrTooDeep)
	assert.ErrorIs(t, err, ErrInvalidJSON)

	// A fixed dictionary: keys it lacks are errors.
	b = Builder{}
	b.UseMetadata(MustDecodeMetadata(unhex(t, "11 01 00 01 61")))
	require.NoError(t, b.AppendJSON([]byte(`{"a":{"a":1}}`)))
	v, err = b.Build()
	require.NoError(t, err)
	assert.Equal(t, `{"a":{"a":1}}`, v.String())
	b.Reset()
	err = b.AppendJSON([]byte(`{"a":1,"zz":2}`))
	assert.ErrorIs(t, err, ErrUnknownKey)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 7, e.Offset)
}

func TestParseJSONErrorsAreNotBuilderMisuse(t *testing.T) {
	for _, in := range []string{`[1,]`, `{"a":1,"a":1}`, `1e999`} {
		_, err := ParseJSON([]byte(in))
		require.Error(t, err)
		assert.False(t, errors.Is(err, ErrBuilder), in)
	}
}

func TestParseJSONCopiesEachKeyOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	doc := eventDoc(8 << 10)
	v, err := ParseJSON(doc)
	require.NoError(t, err)
	keys := v.Metadata().Len()
	require.Equal(t, 17, keys)

	// Parsing into a reused builder allocates only the copy of each distinct
	// key, once per document, however often the key repeats.
	var b Builder
	allocs := testing.AllocsPerRun(50, func() {
		b.Reset()
		require.NoError(t, b.AppendJSON(doc))
		_, err := b.Build()
		require.NoError(t, err)
	})
	assert.LessOrEqual(t, allocs, float64(keys)+1)
	assert.Greater(t, strings.Count(string(doc), `"sku"`), 50)
}

func TestAppendJSONNumberMatchesAppendNumber(t *testing.T) {
	nums := []string{
		"0", "-0", "0.0", "-0.0", "1", "-1", "127", "128", "-128", "-129", "32767", "32768",
		"2147483647", "2147483648", "-2147483649", "999999999999999999", "-999999999999999999",
		"1000000000000000000", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
		"12.50", "0.1", "-0.001", "99999999.9", "999999999.9", "0.000000000000000001",
		"-99999999999999999.9", "999999999999999999.9", "1.000000000000000000", "1e2", "-1.5E-3",
		"0.5e1", "123456789012345678901234567890",
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		digits := strconv.FormatUint(r.Uint64N(1<<62)>>r.UintN(62), 10)
		if r.IntN(2) == 0 {
			at := r.IntN(len(digits))
			digits = digits[:at] + "." + digits[at:]
			if digits[0] == '.' {
				digits = "0" + digits
			}
			if digits[len(digits)-1] == '.' {
				digits += "0"
			}
		}
		if r.IntN(2) == 0 {
			digits = "-" + digits
		}
		nums = append(nums, digits)
	}
	for _, num := range nums {
		var fast, slow Builder
		appendJSONNumber(&fast, []byte(num))
		slow.AppendNumber(num)
		fv, ferr := fast.Build()
		sv, serr := slow.Build()
		require.Equal(t, serr, ferr, num)
		require.Equal(t, sv.Bytes(), fv.Bytes(), num)
	}
}

// TestParseJSONReadByParquetGo reads what ParseJSON builds with parquet-go's
// variant package, an independent implementation, and compares the values
// with encoding/json's reading of the same text. Documents with decimals
// are only checked to decode: parquet-go returns their unscaled integer.
func TestParseJSONReadByParquetGo(t *testing.T) {
	docs := append([]string{string(eventDoc(4 << 10))}, canonical...)
	for _, doc := range docs {
		v, err := ParseJSON([]byte(doc))
		require.NoError(t, err)
		got, err := pqvariant.Unmarshal(v.Metadata().Bytes(), v.Bytes())
		require.NoError(t, err, doc)
		isDecimal := func(typ Type) bool {
			return typ == TypeDecimal4 || typ == TypeDecimal8 || typ == TypeDecimal16
		}
		if holds(t, v, isDecimal) {
			continue
		}
		text, err := json.Marshal(got)
		require.NoError(t, err)
		var a, b any
		require.NoError(t, json.Unmarshal(text, &a))
		require.NoError(t, json.Unmarshal([]byte(doc), &b))
		assert.Equal(t, b, a, doc)
	}
}

package variant

import (
	"math"
	"math/big"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specWant is the exact decoding of every parquet-testing variant/ example,
// written with the typed accessors (see describe). The data dictionary's
// lossy renderings are replaced by the stored values: primitive_float is the
// float32 1234567936, primitive_decimal16 the decimal 12345678912345678.90,
// object_primitive's double_field a decimal4 of unscaled 123456789 and scale
// 8, its timestamp_field a string, primitive_time 12:33:54.123456.
var specWant = map[string]string{
	"array_empty":             `[]`,
	"array_nested":            `[{"id":int8:1,"thing":{"names":[string:"Contrarian",string:"Spider"]}},null:,{"id":int8:2,"names":[string:"Apple",string:"Ray",null:],"type":string:"if"}]`,
	"array_primitive":         `[int8:2,int8:1,int8:5,int8:9]`,
	"long_string":             `string:"This string is for sure and certainly longer than 64 bytes and it also includes several non ascii characters such as 🐢, 💖, ♥️, 🎣 and 🤦!!"`,
	"object_empty":            `{}`,
	"object_nested":           `{"id":int8:1,"observation":{"location":string:"In the Volcano","time":string:"12:34:56","value":{"humidity":int16:456,"temperature":int8:123}},"species":{"name":string:"lava monster","population":int16:6789}}`,
	"object_primitive":        `{"boolean_false_field":boolean:false,"boolean_true_field":boolean:true,"double_field":decimal4:1.23456789,"int_field":int8:1,"null_field":null:,"string_field":string:"Apache Parquet","timestamp_field":string:"2025-04-16T12:34:56.78"}`,
	"primitive_binary":        `binary:031337deadbeefcafe`,
	"primitive_boolean_false": `boolean:false`,
	"primitive_boolean_true":  `boolean:true`,
	"primitive_date":          `date:20194/2025-04-16`,
	"primitive_decimal16":     `decimal16:12345678912345678.90`,
	"primitive_decimal4":      `decimal4:12.34`,
	"primitive_double":        `double:1.2345678901234e+09/41d26580b487e5c9`,
	"primitive_float":         `float:1234567936/4e932c06`,
	"primitive_int32":         `int32:123456`,
	"primitive_int64":         `int64:1234567890123456789`,
	"primitive_int8":          `int8:42`,
	"primitive_null":          `null:`,
	"primitive_string":        `string:"This string is longer than 64 bytes and therefore does not fit in a short_string and it also includes several non ascii characters such as 🐢, 💖, ♥️, 🎣 and 🤦!!"`,
	"primitive_time":          `time:45234123456`,
	// 2025-04-16 12:34:56.78-04:00
	"primitive_timestamp": `timestamp:1744821296780000/true/2025-04-16T16:34:56.78Z`,
	// 2024-11-07T12:33:54.123456789+00:00
	"primitive_timestamp_nanos":    `timestamp_nanos:1730982834123456789/true/2024-11-07T12:33:54.123456789Z`,
	"primitive_timestampntz_nanos": `timestamp_ntz_nanos:1730982834123456789/false/2024-11-07T12:33:54.123456789Z`,
	"primitive_uuid":               `uuid:f24f9b64-81fa-49d1-b74e-8c09a6e31c56`,
	"short_string":                 `string:"Less than 64 bytes (❤️ with utf8)"`,
}

func TestSpecExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "spec", "*.value"))
	require.NoError(t, err)
	require.Len(t, files, len(specWant), "every example has an expected value")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".value")
		t.Run(name, func(t *testing.T) {
			want, ok := specWant[name]
			require.True(t, ok, "no expected value for %s", name)
			meta, value := specPair(t, name)
			v, err := New(meta, value)
			require.NoError(t, err)
			require.Equal(t, want, mustDescribe(t, v))

			got := reencode(t, v)
			// Re-encoding the re-encoded value changes nothing.
			again := reencode(t, got)
			assert.Equal(t, hexOf(got.Metadata().Bytes()), hexOf(again.Metadata().Bytes()))
			assert.Equal(t, hexOf(got.Bytes()), hexOf(again.Bytes()))
		})
	}
}

// TestSpecExamplesTyped checks the examples whose JSON rendering hides the
// stored type or value, accessor by accessor.
func TestSpecExamplesTyped(t *testing.T) {
	load := func(name string) Variant {
		meta, value := specPair(t, name)
		return MustNew(meta, value)
	}

	f32, err := load("primitive_float").Float32()
	require.NoError(t, err)
	assert.Equal(t, float32(1234567936), f32)

	f64, err := load("primitive_double").Float64()
	require.NoError(t, err)
	assert.Equal(t, 1234567890.1234, f64)

	d, err := load("primitive_decimal16").Decimal()
	require.NoError(t, err)
	assert.Equal(t, "12345678912345678.90", d.String())
	assert.Equal(t, 2, d.Scale())
	assert.Equal(t, 0, d.Unscaled().Cmp(big.NewInt(1234567891234567890)))
	assert.Equal(t, 19, d.Precision())

	d4, err := load("primitive_decimal4").Decimal()
	require.NoError(t, err)
	u, ok := d4.Unscaled64()
	require.True(t, ok)
	assert.Equal(t, int64(1234), u)
	assert.Equal(t, 2, d4.Scale())

	obj := load("object_primitive")
	df, found, err := obj.Field("double_field")
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, TypeDecimal4, df.Type())
	dd, err := df.Decimal()
	require.NoError(t, err)
	u, _ = dd.Unscaled64()
	assert.Equal(t, int64(123456789), u)
	assert.Equal(t, 8, dd.Scale())
	_, err = df.Float64()
	assert.ErrorIs(t, err, ErrTypeMismatch, "a decimal is not a double")

	ts, found, err := obj.Field("timestamp_field")
	require.NoError(t, err)
	require.True(t, found)
	assert.Equal(t, TypeString, ts.Type())
	_, err = ts.Timestamp()
	assert.ErrorIs(t, err, ErrTypeMismatch)

	tm, err := load("primitive_time").TimeMicros()
	require.NoError(t, err)
	assert.Equal(t, int64((12*3600+33*60+54)*1_000_000+123456), tm)

	stamp, err := load("primitive_timestamp").Timestamp()
	require.NoError(t, err)
	assert.True(t, stamp.Equal(time.Date(2025, 4, 16, 12, 34, 56, 780_000_000, time.FixedZone("", -4*3600))))

	date, err := load("primitive_date").Date()
	require.NoError(t, err)
	assert.Equal(t, time.Date(2025, 4, 16, 0, 0, 0, 0, time.UTC), date)

	id, err := load("primitive_uuid").UUID()
	require.NoError(t, err)
	assert.Equal(t, uuid.MustParse("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"), id)

	bin, err := load("primitive_binary").Binary()
	require.NoError(t, err)
	assert.Equal(t, []byte{0x03, 0x13, 0x37, 0xDE, 0xAD, 0xBE, 0xEF, 0xCA, 0xFE}, bin)

	long := load("long_string")
	assert.Equal(t, TypeString, long.Type())
	assert.Equal(t, BasicPrimitive, long.BasicType())
	s, err := long.StrBytes()
	require.NoError(t, err)
	assert.Len(t, s, 152)

	short := load("short_string")
	assert.Equal(t, BasicShortString, short.BasicType())

	assert.False(t, math.Signbit(f64))
}

// TestSpecExamplesMetadata checks the dictionaries: unsorted, 1-byte offsets,
// keys in the writer's order.
func TestSpecExamplesMetadata(t *testing.T) {
	for name, keys := range map[string][]string{
		"object_primitive": {"int_field", "double_field", "boolean_true_field", "boolean_false_field", "string_field", "null_field", "timestamp_field"},
		"object_nested":    {"id", "species", "name", "population", "observation", "time", "location", "value", "temperature", "humidity"},
		"array_nested":     {"id", "thing", "names", "type"},
		"primitive_int8":   {},
	} {
		meta, _ := specPair(t, name)
		m, err := DecodeMetadata(meta)
		require.NoError(t, err, name)
		assert.False(t, m.Sorted(), name)
		assert.Equal(t, 1, m.OffsetSize(), name)
		assert.Equal(t, keys, m.Keys(), name)
		for id, k := range keys {
			got, ok := m.ID(k)
			assert.True(t, ok)
			assert.Equal(t, id, got)
		}
	}
}

// TestSpecExamplesCanonicalBytes pins the Builder's bytes for two examples:
// the dictionary comes out sorted and the field ids are rewritten to match.
func TestSpecExamplesCanonicalBytes(t *testing.T) {
	meta, value := specPair(t, "array_nested")
	var b Builder
	b.AppendVariant(MustNew(meta, value))
	v, err := b.Build()
	require.NoError(t, err)
	// keys sorted: id, names, thing, type
	assert.Equal(t, "11 04 00 02 07 0C 10 69 64 6E 61 6D 65 73 74 68 69 6E 67 74 79 70 65", hexOf(v.Metadata().Bytes()))
	assert.Equal(t, "03 03 00 25 26 45 "+
		"02 02 00 02 00 02 1E 0C 01 02 01 01 00 17 03 02 00 0B 12 29 43 6F 6E 74 72 61 72 69 61 6E 19 53 70 69 64 65 72 "+
		"00 "+
		"02 03 00 01 03 00 02 13 16 0C 02 03 03 00 06 0A 0B 15 41 70 70 6C 65 0D 52 61 79 00 09 69 66",
		hexOf(v.Bytes()))
}

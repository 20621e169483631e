package variant

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Cases from docs/pitfalls.md that concern the encoding, decoding and paths.

func buildOK(t *testing.T, b *Builder) Variant {
	t.Helper()
	v, err := b.Build()
	require.NoError(t, err)
	require.NoError(t, v.Validate())
	return v
}

// B01: the dictionary is sorted when flagged so; {"b":1,"a":2} built in
// that order comes out re-sorted with field ids to match.
func TestPitfallB01SortedFlag(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("b")
	b.AppendInt(1)
	b.Key("a")
	b.AppendInt(2)
	b.EndObject()
	v := buildOK(t, &b)
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(v.Metadata().Bytes()))
	assert.Equal(t, "02 02 00 01 00 02 04 0C 02 0C 01", hexOf(v.Bytes()))
	assert.Equal(t, `{"a":int8:2,"b":int8:1}`, mustDescribe(t, v))

	// The other correct form, an unsorted dictionary, reads the same.
	u, err := New(unhex(t, "01 02 00 01 02 62 61"), unhex(t, "02 02 01 00 02 00 04 0C 01 0C 02"))
	require.NoError(t, err)
	assert.Equal(t, `{"a":int8:2,"b":int8:1}`, mustDescribe(t, u))

	// The flag set over unsorted strings is malformed metadata.
	_, err = DecodeMetadata(unhex(t, "11 02 00 01 02 62 61"))
	require.ErrorIs(t, err, ErrInvalidMetadata)
	assert.EqualError(t, err, `variant: invalid metadata at offset 6: sorted_strings is set but key 1 "a" does not sort after "b"`)
	_, err = New(unhex(t, "11 02 00 01 02 62 61"), unhex(t, "02 02 01 00 02 00 04 0C 01 0C 02"))
	require.ErrorIs(t, err, ErrInvalidMetadata)
	// So is a sorted dictionary with a key twice (sorted means unique).
	_, err = DecodeMetadata(unhex(t, "11 02 00 01 02 61 61"))
	assert.EqualError(t, err, `variant: invalid metadata at offset 6: sorted_strings is set but key 1 "a" does not sort after "a"`)
}

// meta300 is an unsorted dictionary of the 300 keys k000 to k299, in that
// order, with 2-byte offsets.
func meta300(t *testing.T) []byte {
	var b strings.Builder
	m := []byte{0x41, 0x2C, 0x01, 0x00, 0x00}
	for i := range 300 {
		fmt.Fprintf(&b, "k%03d", i)
		m = append(m, byte((i+1)*4), byte((i+1)*4>>8))
	}
	m = append(m, b.String()...)
	md, err := DecodeMetadata(m)
	require.NoError(t, err)
	require.Equal(t, 300, md.Len())
	require.False(t, md.Sorted())
	return m
}

// B03: field_offset_size_minus_one is in bits 0-1 of the object's
// value_header, field_id_size_minus_one in bits 2-3.
func TestPitfallB03ObjectHeaderSizes(t *testing.T) {
	// A: 1-byte ids, 2-byte offsets, header 06.
	long := strings.Repeat("x", 300)
	valueA := "06 02 00 01 00 00 31 01 33 01 40 2C 01 00 00" + rep(" 78", 300) + " 0C 01"
	a, err := New(unhex(t, "01 02 00 01 02 61 62"), unhex(t, valueA))
	require.NoError(t, err)
	assert.Equal(t, `{"a":string:"`+long+`","b":int8:1}`, mustDescribe(t, a))

	var b Builder
	b.BeginObject()
	b.Key("a")
	b.AppendString(long)
	b.Key("b")
	b.AppendInt(1)
	b.EndObject()
	built := buildOK(t, &b)
	assert.Equal(t, "11 02 00 01 02 61 62", hexOf(built.Metadata().Bytes()))
	assert.Equal(t, valueA, hexOf(built.Bytes()))
	assert.Equal(t, byte(0x06), built.Bytes()[0])

	// B: 2-byte ids, 1-byte offsets, header 12.
	m := meta300(t)
	bv, err := New(m, unhex(t, "12 01 2B 01 00 02 0C 01"))
	require.NoError(t, err)
	assert.Equal(t, `{"k299":int8:1}`, mustDescribe(t, bv))

	b.Reset()
	b.UseMetadata(MustDecodeMetadata(m))
	b.BeginObject()
	b.Key("k299")
	b.AppendInt(1)
	b.EndObject()
	built = buildOK(t, &b)
	assert.Equal(t, "12 01 2B 01 00 02 0C 01", hexOf(built.Bytes()))
}

// B04: the metadata offset size is in bits 6-7.
func TestPitfallB04MetadataOffsetSize(t *testing.T) {
	for _, header := range []string{"41", "51"} {
		m, err := DecodeMetadata(unhex(t, header+" 01 00 00 00 2C 01"+rep(" 6B", 300)))
		require.NoError(t, err, header)
		assert.Equal(t, 2, m.OffsetSize(), header)
		assert.Equal(t, 1, m.Len(), header)
		k, ok := m.Key(0)
		require.True(t, ok)
		assert.Equal(t, strings.Repeat("k", 300), k, header)
		assert.Equal(t, header == "51", m.Sorted())
		id, ok := m.ID(k)
		assert.True(t, ok)
		assert.Equal(t, 0, id)
	}
	// Bit 5 is reserved and ignored.
	m, err := DecodeMetadata(unhex(t, "61 01 00 00 00 01 00 6B"))
	require.NoError(t, err)
	assert.Equal(t, 2, m.OffsetSize())

	_, err = DecodeMetadata(unhex(t, "C1 FF FF FF FF"))
	require.ErrorIs(t, err, ErrInvalidMetadata)
	assert.EqualError(t, err, "variant: invalid metadata at offset 1: dictionary_size 4294967295 does not fit a buffer of 5 bytes")
}

// B06: binary is type 15, and reads back as bytes.
func TestPitfallB06Binary(t *testing.T) {
	var b Builder
	b.AppendBinary([]byte{1, 2})
	v := buildOK(t, &b)
	assert.Equal(t, "3C 02 00 00 00 01 02", hexOf(v.Bytes()))
	assert.Equal(t, TypeBinary, v.Type())
	got, err := v.Binary()
	require.NoError(t, err)
	assert.Equal(t, []byte{1, 2}, got)
	_, err = v.Str()
	assert.ErrorIs(t, err, ErrTypeMismatch)

	s := MustNew(unhex(t, metaEmpty), unhex(t, "40 02 00 00 00 01 02"))
	assert.Equal(t, TypeString, s.Type())
	_, err = s.Binary()
	assert.ErrorIs(t, err, ErrTypeMismatch)
	str, err := s.Str()
	require.NoError(t, err)
	assert.Equal(t, "\x01\x02", str)
}

// B07: a short string holds at most 63 bytes, counted in bytes.
func TestPitfallB07ShortStringLimit(t *testing.T) {
	e := "\xc3\xa9" // é
	for _, c := range []struct{ name, s, want string }{
		{"63 x a", strings.Repeat("a", 63), "FD" + rep(" 61", 63)},
		{"64 x a", strings.Repeat("a", 64), "40 40 00 00 00" + rep(" 61", 64)},
		{"32 x é", strings.Repeat(e, 32), "40 40 00 00 00" + rep(" C3 A9", 32)},
		{"31 x é + a", strings.Repeat(e, 31) + "a", "FD" + rep(" C3 A9", 31) + " 61"},
		{"empty", "", "01"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Builder
			b.AppendString(c.s)
			v := buildOK(t, &b)
			assert.Equal(t, c.want, hexOf(v.Bytes()))
			got, err := v.Str()
			require.NoError(t, err)
			assert.Equal(t, c.s, got)
		})
	}
	long := MustNew(unhex(t, metaEmpty), unhex(t, "40 01 00 00 00 61"))
	short := MustNew(unhex(t, metaEmpty), unhex(t, "05 61"))
	assert.Equal(t, TypeString, long.Type())
	assert.Equal(t, TypeString, short.Type())
	assert.Equal(t, mustDescribe(t, short), mustDescribe(t, long))
	ls, _ := long.Str()
	ss, _ := short.Str()
	assert.Equal(t, "a", ls)
	assert.Equal(t, "a", ss)
}

// B08: with last-wins the object is sized from the value kept.
func TestPitfallB08LastWins(t *testing.T) {
	build := func(lastWins bool) (Variant, error) {
		var b Builder
		b.SetLastWins(lastWins)
		b.BeginObject()
		b.Key("a")
		b.AppendInt(1)
		b.Key("a")
		b.AppendString("hello")
		b.EndObject()
		return b.Build()
	}
	v, err := build(true)
	require.NoError(t, err)
	// The pitfall's metadata is 01 01 00 01 61; this Builder flags its
	// dictionaries sorted, which one key trivially is.
	assert.Equal(t, "11 01 00 01 61", hexOf(v.Metadata().Bytes()))
	assert.Equal(t, "02 01 00 00 06 15 68 65 6C 6C 6F", hexOf(v.Bytes()))

	_, err = build(false)
	require.ErrorIs(t, err, ErrDuplicateKey)
	assert.EqualError(t, err, `variant: duplicate key: "a"`)

	// The whole kind: a dropped value of 300 bytes must not widen the
	// offsets, and a dropped short value must not narrow them.
	for _, c := range []struct {
		name        string
		first, last func(*Builder)
		want        string
	}{
		{"large value dropped",
			func(b *Builder) { b.AppendString(strings.Repeat("x", 300)) },
			func(b *Builder) { b.AppendInt(7) },
			"02 02 00 01 00 02 03 0C 07 00"},
		{"large value kept",
			func(b *Builder) { b.AppendInt(7) },
			func(b *Builder) { b.AppendString(strings.Repeat("x", 300)) },
			"06 02 00 01 00 00 31 01 32 01 40 2C 01 00 00" + rep(" 78", 300) + " 00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Builder
			b.SetLastWins(true)
			b.BeginObject()
			b.Key("b")
			b.AppendNull()
			b.Key("a")
			c.first(&b)
			b.Key("a")
			c.last(&b)
			b.EndObject()
			v := buildOK(t, &b)
			assert.Equal(t, c.want, hexOf(v.Bytes()))
		})
	}
}

// B09: an object whose two field ids name the same key is malformed, even
// when the dictionary (unsorted) holds the key twice.
func TestPitfallB09DuplicateFieldNames(t *testing.T) {
	_, err := New(unhex(t, "01 02 00 01 02 61 61"), unhex(t, "02 02 00 01 00 02 04 0C 01 0C 02"))
	require.ErrorIs(t, err, ErrInvalidValue)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 3, e.Offset)
	assert.Equal(t, "$", e.Path)
	assert.EqualError(t, err, `variant: invalid value at offset 3 ($): duplicate key "a"`)

	// The same id twice.
	_, err = New(unhex(t, "01 01 00 01 61"), unhex(t, "02 02 00 00 00 02 04 0C 01 0C 02"))
	assert.EqualError(t, err, `variant: invalid value at offset 3 ($): duplicate key "a"`)

	// Nested: the path says where.
	_, err = New(unhex(t, "01 02 00 01 02 61 61"), unhex(t, "03 01 00 0B 02 02 00 01 00 02 04 0C 01 0C 02"))
	assert.EqualError(t, err, `variant: invalid value at offset 7 ($[0]): duplicate key "a"`)

	// The last-wins bytes read as {"a": 2}.
	v, err := New(unhex(t, "01 01 00 01 61"), unhex(t, "02 01 00 00 02 0C 02"))
	require.NoError(t, err)
	got, ok, err := v.Get(MustParsePath("$.a"))
	require.NoError(t, err)
	require.True(t, ok)
	n, err := got.Int()
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)
}

// getInt reads the integer at path, or reports it missing.
func getAt(t *testing.T, v Variant, path string) string {
	t.Helper()
	got, ok, err := v.Get(MustParsePath(path))
	require.NoError(t, err, path)
	if !ok {
		return "missing"
	}
	return mustDescribe(t, got)
}

// B14: the empty key and keys with ? or quotes are reachable.
func TestPitfallB14OddKeys(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("")
	b.AppendInt(1)
	b.Key("?")
	b.AppendInt(2)
	b.Key("it's")
	b.AppendInt(3)
	b.EndObject()
	v := buildOK(t, &b)
	assert.Equal(t, "int8:1", getAt(t, v, `$[""]`))
	assert.Equal(t, "int8:1", getAt(t, v, `$['']`))
	assert.Equal(t, "int8:2", getAt(t, v, `$['?']`))
	assert.Equal(t, "int8:3", getAt(t, v, `$["it's"]`))
	assert.Equal(t, "int8:3", getAt(t, v, `$['it\'s']`))
	assert.Equal(t, "missing", getAt(t, v, `$['it']`))

	for _, c := range []struct {
		path, msg string
		offset    int
	}{
		{`$[`, `"$[": unterminated [`, 1},
		{`$.`, `"$.": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)`, 1},
		{`$..a`, `"$..a": a dot must be followed by a name of letters, digits and _ (use ['...'] for other keys)`, 1},
	} {
		_, err := ParsePath(c.path)
		require.ErrorIs(t, err, ErrInvalidPath, c.path)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, c.msg, e.Msg, c.path)
		assert.Equal(t, c.offset, e.Offset, c.path)
	}
}

// B15: dots inside quoted keys, quoted digits are keys, bare digits are
// indexes.
func TestPitfallB15DotsAndDigits(t *testing.T) {
	var b Builder
	b.BeginObject()
	b.Key("a.b")
	b.AppendInt(1)
	b.Key("a")
	b.BeginObject()
	b.Key("b")
	b.AppendInt(2)
	b.EndObject()
	b.Key("0")
	b.AppendInt(3)
	b.EndObject()
	obj := buildOK(t, &b)
	assert.Equal(t, "int8:1", getAt(t, obj, `$['a.b']`))
	assert.Equal(t, "int8:2", getAt(t, obj, `$.a.b`))
	assert.Equal(t, "int8:3", getAt(t, obj, `$['0']`))
	assert.Equal(t, "int8:3", getAt(t, obj, `$.0`))
	assert.Equal(t, "missing", getAt(t, obj, `$[0]`))

	b.Reset()
	b.BeginArray()
	b.AppendInt(10)
	b.AppendInt(20)
	b.EndArray()
	arr := buildOK(t, &b)
	assert.Equal(t, "int8:20", getAt(t, arr, `$[1]`))
	assert.Equal(t, "missing", getAt(t, arr, `$['1']`))
	assert.Equal(t, "missing", getAt(t, arr, `$[2]`))
}

// B17 (the decoding side): a key or index step on a value of another kind
// is "not found", never an error or a crash.
func TestPitfallB17LookupOnOtherKinds(t *testing.T) {
	for _, hexValue := range []string{
		"00", "04", "08", "0C 01", "10 01 00", "14 01 00 00 00", "18 01 00 00 00 00 00 00 00",
		"1C 00 00 00 00 00 00 F0 3F", "20 01 05 00 00 00", "2C 20 4E 00 00", "38 00 00 C0 3F",
		"3C 01 00 00 00 61", "05 61", "40 01 00 00 00 61", "50 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F",
		"03 02 00 01 02 04 08", // [true, false]
		"02 00 00",             // {}
	} {
		v := MustNew(unhex(t, metaEmpty), unhex(t, hexValue))
		for _, p := range []string{"$.a", "$['a']", "$.a.b", "$.a[0]"} {
			assert.Equal(t, "missing", getAt(t, v, p), "%s on %s", p, hexValue)
		}
		if v.Type() != TypeArray {
			assert.Equal(t, "missing", getAt(t, v, "$[0]"), hexValue)
		}
		f, ok, err := v.Field("a")
		assert.NoError(t, err)
		assert.False(t, ok)
		assert.Equal(t, TypeInvalid, f.Type())
		_, ok, err = v.Index(5)
		assert.NoError(t, err)
		assert.False(t, ok)
	}
}

// B10, B11, B13 (the typed side): decimals and doubles keep their exact
// value, scale, NaN and sign of zero.
func TestPitfallNumbersExact(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"20 01 05 00 00 00", "decimal4:0.5"},
		{"20 01 FB FF FF FF", "decimal4:-0.5"},
		{"03 01 00 06 20 01 05 00 00 00", "[decimal4:0.5]"},
		{"20 02 00 00 00 00", "decimal4:0.00"},
		{"20 01 64 00 00 00", "decimal4:10.0"},
		{"28 00 00 00 10 63 2D 5E C7 6B 05 00 00 00 00 00 00 00", "decimal16:100000000000000000000"},
	} {
		v := MustNew(unhex(t, metaEmpty), unhex(t, c.value))
		assert.Equal(t, c.want, mustDescribe(t, v), c.value)
	}
	nan := MustNew(unhex(t, metaEmpty), unhex(t, "1C 00 00 00 00 00 00 F8 7F"))
	f, err := nan.Float64()
	require.NoError(t, err)
	assert.True(t, math.IsNaN(f))
	assert.Equal(t, uint64(0x7FF8000000000000), math.Float64bits(f))

	negZero := MustNew(unhex(t, metaEmpty), unhex(t, "1C 00 00 00 00 00 00 00 80"))
	f, err = negZero.Float64()
	require.NoError(t, err)
	assert.True(t, math.Signbit(f))
	assert.Equal(t, 0.0, f)

	negZero32 := MustNew(unhex(t, metaEmpty), unhex(t, "38 00 00 00 80"))
	f32, err := negZero32.Float32()
	require.NoError(t, err)
	assert.True(t, math.Signbit(float64(f32)))
	f, err = negZero32.Float64()
	require.NoError(t, err)
	assert.True(t, math.Signbit(f))
}

// B20 (the decoding side): timestamps and dates never use the process time
// zone.
func TestPitfallB20NoLocalZone(t *testing.T) {
	saved := time.Local
	time.Local = time.FixedZone("PST", -8*3600)
	defer func() { time.Local = saved }()

	ntz := MustNew(unhex(t, metaEmpty), unhex(t, "34 00 40 1E 18 24 0A 06 00"))
	ts, err := ntz.Timestamp()
	require.NoError(t, err)
	assert.Equal(t, time.UTC, ts.Location())
	assert.Equal(t, "2023-11-14 22:13:20", ts.Format(time.DateTime))
	us, utc, err := ntz.TimestampMicros()
	require.NoError(t, err)
	assert.False(t, utc)
	assert.Equal(t, int64(1700000000000000), us)

	date := MustNew(unhex(t, metaEmpty), unhex(t, "2C 20 4E 00 00"))
	d, err := date.Date()
	require.NoError(t, err)
	assert.Equal(t, time.Date(2024, 10, 4, 0, 0, 0, 0, time.UTC), d)
}

// B22 (the decoding side): the residual object of the pitfall decodes.
func TestPitfallB22Residual(t *testing.T) {
	v, err := New(unhex(t, "01 03 00 02 06 0A 69 64 6E 61 6D 65 63 69 74 79"),
		unhex(t, "02 02 02 01 07 00 0E 19 75 73 65 72 5F 30 19 63 69 74 79 5F 30"))
	require.NoError(t, err)
	assert.Equal(t, `{"city":string:"city_0","name":string:"user_0"}`, mustDescribe(t, v))
	assert.Equal(t, "missing", getAt(t, v, "$.id"))
}

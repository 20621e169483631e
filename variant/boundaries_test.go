package variant

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrimitiveBytes: the Builder's exact bytes for every primitive type and
// the value read back through the typed accessor.
func TestPrimitiveBytes(t *testing.T) {
	dec := func(unscaled int64, scale int) Decimal {
		d, err := NewDecimal(unscaled, scale)
		require.NoError(t, err)
		return d
	}
	for _, c := range []struct {
		name   string
		append func(*Builder)
		bytes  string
		typ    Type
		want   string
	}{
		{"null", (*Builder).AppendNull, "00", TypeNull, "null:"},
		{"true", func(b *Builder) { b.AppendBool(true) }, "04", TypeBoolean, "boolean:true"},
		{"false", func(b *Builder) { b.AppendBool(false) }, "08", TypeBoolean, "boolean:false"},
		{"int8 min", func(b *Builder) { b.AppendInt8(math.MinInt8) }, "0C 80", TypeInt8, "int8:-128"},
		{"int16 max", func(b *Builder) { b.AppendInt16(math.MaxInt16) }, "10 FF 7F", TypeInt16, "int16:32767"},
		{"int32 min", func(b *Builder) { b.AppendInt32(math.MinInt32) }, "14 00 00 00 80", TypeInt32, "int32:-2147483648"},
		{"int64 min", func(b *Builder) { b.AppendInt64(math.MinInt64) }, "18 00 00 00 00 00 00 00 80", TypeInt64, "int64:-9223372036854775808"},
		{"int 127", func(b *Builder) { b.AppendInt(127) }, "0C 7F", TypeInt8, "int8:127"},
		{"int 128", func(b *Builder) { b.AppendInt(128) }, "10 80 00", TypeInt16, "int16:128"},
		{"int -129", func(b *Builder) { b.AppendInt(-129) }, "10 7F FF", TypeInt16, "int16:-129"},
		{"int 32768", func(b *Builder) { b.AppendInt(32768) }, "14 00 80 00 00", TypeInt32, "int32:32768"},
		{"int 2^31", func(b *Builder) { b.AppendInt(1 << 31) }, "18 00 00 00 80 00 00 00 00", TypeInt64, "int64:2147483648"},
		{"int -2^31", func(b *Builder) { b.AppendInt(-1 << 31) }, "14 00 00 00 80", TypeInt32, "int32:-2147483648"},
		{"double 1", func(b *Builder) { b.AppendFloat64(1) }, "1C 00 00 00 00 00 00 F0 3F", TypeDouble, "double:1/3ff0000000000000"},
		{"double -0", func(b *Builder) { b.AppendFloat64(math.Copysign(0, -1)) }, "1C 00 00 00 00 00 00 00 80", TypeDouble, "double:-0/8000000000000000"},
		{"double NaN payload", func(b *Builder) { b.AppendFloat64(math.Float64frombits(0x7FF0000000000001)) }, "1C 01 00 00 00 00 00 F0 7F", TypeDouble, "double:NaN/7ff0000000000001"},
		{"double -Inf", func(b *Builder) { b.AppendFloat64(math.Inf(-1)) }, "1C 00 00 00 00 00 00 F0 FF", TypeDouble, "double:-Inf/fff0000000000000"},
		{"float 1.5", func(b *Builder) { b.AppendFloat32(1.5) }, "38 00 00 C0 3F", TypeFloat, "float:1.5/3fc00000"},
		{"float -0", func(b *Builder) { b.AppendFloat32(float32(math.Copysign(0, -1))) }, "38 00 00 00 80", TypeFloat, "float:-0/80000000"},
		{"float NaN payload", func(b *Builder) { b.AppendFloat32(math.Float32frombits(0xFFC00001)) }, "38 01 00 C0 FF", TypeFloat, "float:NaN/ffc00001"},
		{"decimal 9 digits", func(b *Builder) { b.AppendDecimal(dec(-999999999, 2)) }, "20 02 01 36 65 C4", TypeDecimal4, "decimal4:-9999999.99"},
		{"decimal 10 digits", func(b *Builder) { b.AppendDecimal(dec(1000000000, 0)) }, "24 00 00 CA 9A 3B 00 00 00 00", TypeDecimal8, "decimal8:1000000000"},
		{"decimal 18 digits", func(b *Builder) { b.AppendDecimal(dec(999999999999999999, 18)) }, "24 12 FF FF 63 A7 B3 B6 E0 0D", TypeDecimal8, "decimal8:0.999999999999999999"},
		{"decimal 19 digits", func(b *Builder) { b.AppendDecimal(dec(-1000000000000000000, 0)) }, "28 00 00 00 9C 58 4C 49 1F F2 FF FF FF FF FF FF FF FF", TypeDecimal16, "decimal16:-1000000000000000000"},
		{"decimal zero scale 38", func(b *Builder) { b.AppendDecimal(dec(0, 38)) }, "28 26 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", TypeDecimal16, "decimal16:0." + strings.Repeat("0", 38)},
		{"decimal 1 scale 9", func(b *Builder) { b.AppendDecimal(dec(1, 9)) }, "20 09 01 00 00 00", TypeDecimal4, "decimal4:0.000000001"},
		{"decimal 1 scale 10", func(b *Builder) { b.AppendDecimal(dec(1, 10)) }, "24 0A 01 00 00 00 00 00 00 00", TypeDecimal8, "decimal8:0.0000000001"},
		{"decimal 1 scale 19", func(b *Builder) { b.AppendDecimal(dec(1, 19)) }, "28 13 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", TypeDecimal16, "decimal16:0.0000000000000000001"},
		{"date -1", func(b *Builder) { b.AppendDate(-1) }, "2C FF FF FF FF", TypeDate, "date:-1/1969-12-31"},
		{"date max", func(b *Builder) { b.AppendDate(math.MaxInt32) }, "2C FF FF FF 7F", TypeDate, "date:2147483647/5881580-07-11"},
		{"time", func(b *Builder) { b.AppendTimeMicros(86399999999) }, "44 FF 5F D7 1D 14 00 00 00", TypeTime, "time:86399999999"},
		{"timestamp -1us", func(b *Builder) { b.AppendTimestamp(-1) }, "30 FF FF FF FF FF FF FF FF", TypeTimestamp, "timestamp:-1/true/1969-12-31T23:59:59.999999Z"},
		{"timestamp_ntz year 1", func(b *Builder) { b.AppendTimestampNTZ(-62135596800000000) }, "34 00 40 D4 00 01 40 23 FF", TypeTimestampNTZ, "timestamp_ntz:-62135596800000000/false/0001-01-01T00:00:00Z"},
		{"timestamp year 9999", func(b *Builder) { b.AppendTimestamp(253402300799999999) }, "30 FF 5F 73 CC 0C 44 84 03", TypeTimestamp, "timestamp:253402300799999999/true/9999-12-31T23:59:59.999999Z"},
		{"timestamp_nanos min", func(b *Builder) { b.AppendTimestampNanos(math.MinInt64) }, "48 00 00 00 00 00 00 00 80", TypeTimestampNanos, "timestamp_nanos:-9223372036854775808/true/1677-09-21T00:12:43.145224192Z"},
		{"timestamp_ntz_nanos max", func(b *Builder) { b.AppendTimestampNTZNanos(math.MaxInt64) }, "4C FF FF FF FF FF FF FF 7F", TypeTimestampNTZNanos, "timestamp_ntz_nanos:9223372036854775807/false/2262-04-11T23:47:16.854775807Z"},
		{"binary empty", func(b *Builder) { b.AppendBinary(nil) }, "3C 00 00 00 00", TypeBinary, "binary:"},
		{"string empty", func(b *Builder) { b.AppendString("") }, "01", TypeString, `string:""`},
		{"string 63", func(b *Builder) { b.AppendString(strings.Repeat("z", 63)) }, "FD" + rep(" 7A", 63), TypeString, `string:"` + strings.Repeat("z", 63) + `"`},
		{"string 64", func(b *Builder) { b.AppendString(strings.Repeat("z", 64)) }, "40 40 00 00 00" + rep(" 7A", 64), TypeString, `string:"` + strings.Repeat("z", 64) + `"`},
		{"uuid", func(b *Builder) { b.AppendUUID(uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")) }, "50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF", TypeUUID, "uuid:00112233-4455-6677-8899-aabbccddeeff"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Builder
			c.append(&b)
			v := buildOK(t, &b)
			assert.Equal(t, c.bytes, hexOf(v.Bytes()))
			assert.Equal(t, "11 00 00", hexOf(v.Metadata().Bytes()))
			assert.Equal(t, c.typ, v.Type())
			assert.Equal(t, c.want, mustDescribe(t, v))
			// Every other accessor reports a type mismatch.
			for other := TypeNull; other <= TypeArray; other++ {
				if other == c.typ || other == TypeNull || sameAccessor(other, c.typ) {
					continue
				}
				err := accessorFor(v, other)
				assert.ErrorIs(t, err, ErrTypeMismatch, "%v accessor on %v", other, c.typ)
			}
		})
	}
}

// sameAccessor reports whether types a and b share a typed accessor.
func sameAccessor(a, b Type) bool {
	group := func(t Type) int {
		switch t {
		case TypeInt8, TypeInt16, TypeInt32, TypeInt64:
			return 1
		case TypeDecimal4, TypeDecimal8, TypeDecimal16:
			return 2
		case TypeTimestamp, TypeTimestampNTZ:
			return 3
		case TypeTimestampNanos, TypeTimestampNTZNanos:
			return 4
		case TypeDouble, TypeFloat:
			return 5
		}
		return 0
	}
	return group(a) != 0 && group(a) == group(b) && !(a == TypeFloat && b == TypeDouble)
}

// TestTimestampExtremes: Timestamp is exact for every microsecond value,
// beyond the years time.Unix(0, ns) covers.
func TestTimestampExtremes(t *testing.T) {
	for _, us := range []int64{math.MinInt64, math.MinInt64 + 1, -1_000_001, -1, 0, 1, 9_223_372_036_854_775, math.MaxInt64} {
		var b Builder
		b.AppendTimestamp(us)
		v := buildOK(t, &b)
		ts, err := v.Timestamp()
		require.NoError(t, err)
		back := ts.Unix()*1_000_000 + int64(ts.Nanosecond()/1000)
		assert.Equal(t, us, back, "%d", us)
		assert.Equal(t, time.UTC, ts.Location())
	}
	// 2300-01-01, past the nanosecond range.
	var b Builder
	b.AppendTimestampNTZ(10413792000000000)
	ts, err := buildOK(t, &b).Timestamp()
	require.NoError(t, err)
	assert.Equal(t, time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC), ts)
}

// TestDecimalPrecisionBoundaries: the width follows the precision, and 39
// digits are an error.
func TestDecimalPrecisionBoundaries(t *testing.T) {
	nines := func(n int) string { return strings.Repeat("9", n) }
	for _, c := range []struct {
		text string
		typ  Type
	}{
		{nines(9), TypeDecimal4},
		{"-" + nines(9), TypeDecimal4},
		{"1" + strings.Repeat("0", 9), TypeDecimal8},
		{nines(18), TypeDecimal8},
		{"-0." + nines(18), TypeDecimal8},
		{"1" + strings.Repeat("0", 18), TypeDecimal16},
		{nines(38), TypeDecimal16},
		{"-0." + nines(38), TypeDecimal16},
		// The precision of a decimal is at least its scale: scale 11 is
		// decimal8, scale 38 decimal16, whatever the digits (the reference
		// readers reject a scale above the width's precision).
		{"0.00000000001", TypeDecimal8},
		{"0.000000001", TypeDecimal4},
		{"0.00000000000000000000000000000000000001", TypeDecimal16},
	} {
		d, err := ParseDecimal(c.text)
		require.NoError(t, err, c.text)
		var b Builder
		b.AppendDecimal(d)
		v := buildOK(t, &b)
		assert.Equal(t, c.typ, v.Type(), c.text)
		got, err := v.Decimal()
		require.NoError(t, err)
		assert.Equal(t, c.text, got.String())
		assert.Equal(t, 0, got.Cmp(d))
	}
	_, err := ParseDecimal(nines(39))
	assert.ErrorIs(t, err, ErrInvalidDecimal)
	_, err = ParseDecimal("0." + nines(39))
	assert.ErrorIs(t, err, ErrInvalidDecimal)
	big39, _ := new(big.Int).SetString("1"+strings.Repeat("0", 38), 10)
	_, err = DecimalFromBig(big39, 0)
	assert.ErrorIs(t, err, ErrInvalidDecimal)
	_, err = DecimalFromBig(new(big.Int).Neg(big39), 2)
	assert.ErrorIs(t, err, ErrInvalidDecimal)
	_, err = NewDecimal(1, 39)
	assert.ErrorIs(t, err, ErrInvalidDecimal)
	// Rescaling past 38 digits fails.
	d, err := ParseDecimal(nines(38))
	require.NoError(t, err)
	_, ok := d.Rescale(1)
	assert.False(t, ok)

	// A decimal16 holding 39 digits is not valid (the spec's Decimal
	// table supports at most 38); read from bytes without validation, it
	// cannot be appended by value.
	b39 := unhex(t, "28 00 00 00 00 00 40 22 8A 09 7A C4 86 5A A8 4C 3B 4B")
	_, err = New(unhex(t, metaEmpty), b39)
	assert.ErrorIs(t, err, ErrInvalidValue)
	assert.ErrorContains(t, err, "at offset 2 ($): decimal of more than 38 digits")
	v := View(MustDecodeMetadata(unhex(t, metaEmpty)), b39)
	d, err = v.Decimal()
	require.NoError(t, err)
	assert.Equal(t, 39, d.Precision())
	var b Builder
	b.AppendDecimal(d)
	_, err = b.Build()
	assert.ErrorIs(t, err, ErrInvalidDecimal)
}

// TestContainerSizeBoundaries: is_large is set exactly above 255 elements.
func TestContainerSizeBoundaries(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 257} {
		var b Builder
		b.BeginArray()
		for range n {
			b.AppendNull()
		}
		b.EndArray()
		arr := buildOK(t, &b)
		// Up to 255 elements: 03, 1-byte offsets. Above: is_large and
		// 2-byte offsets for more than 255 bytes of nulls: 17.
		wantHeader := byte(0x03)
		if n > 255 {
			wantHeader = (0x04|0x01)<<2 | byte(BasicArray)
		}
		assert.Equal(t, wantHeader, arr.Bytes()[0], "array of %d", n)
		a, err := arr.Array()
		require.NoError(t, err)
		assert.Equal(t, n, a.Len())
		checkCanonical(t, arr)

		b.Reset()
		b.BeginObject()
		for i := range n {
			b.Key(fmt.Sprintf("k%03d", i))
			b.AppendNull()
		}
		b.EndObject()
		obj := buildOK(t, &b)
		o, err := obj.Object()
		require.NoError(t, err)
		assert.Equal(t, n, o.Len())
		h := obj.Bytes()[0] >> 2
		assert.Equal(t, n > 255, h&0x10 != 0, "object of %d is_large", n)
		checkCanonical(t, obj)
		if n > 0 {
			last := fmt.Sprintf("k%03d", n-1)
			f, ok, err := obj.Field(last)
			require.NoError(t, err)
			require.True(t, ok)
			assert.True(t, f.IsNull())
		}
	}
}

// TestOffsetWidthBoundaries: field_offset_size follows the data size, with
// switches above 255, 65535 and 16777215 bytes.
func TestOffsetWidthBoundaries(t *testing.T) {
	sizes := []struct{ data, width int }{
		{255, 1}, {256, 2}, {65535, 2}, {65536, 3}, {16777215, 3}, {16777216, 4},
	}
	for _, s := range sizes {
		if s.data > 1<<20 && testing.Short() {
			continue
		}
		// One binary element: 5 header bytes and data-5 bytes.
		payload := make([]byte, s.data-5)
		for _, object := range []bool{false, true} {
			var b Builder
			if object {
				b.BeginObject()
				b.Key("k")
			} else {
				b.BeginArray()
			}
			b.AppendBinary(payload)
			if object {
				b.EndObject()
			} else {
				b.EndArray()
			}
			v := buildOK(t, &b)
			var head []byte
			if object {
				o, err := v.Object()
				require.NoError(t, err)
				assert.Equal(t, s.width, o.h.offSize, "object of %d data bytes", s.data)
				assert.Equal(t, s.data, o.h.dataSize)
				head = v.Bytes()[:3+2*s.width]
				want := []byte{byte(s.width-1)<<2 | byte(BasicObject), 1, 0}
				want = append(want, make([]byte, s.width)...)
				want = appendUint(want, uint32(s.data), s.width)
				assert.Equal(t, hexOf(want), hexOf(head))
				f, ok, err := v.Field("k")
				require.NoError(t, err)
				require.True(t, ok)
				got, err := f.Binary()
				require.NoError(t, err)
				assert.Len(t, got, s.data-5)
			} else {
				head = v.Bytes()[:2+2*s.width]
				want := []byte{byte(s.width-1)<<2 | byte(BasicArray), 1}
				want = append(want, make([]byte, s.width)...)
				want = appendUint(want, uint32(s.data), s.width)
				assert.Equal(t, hexOf(want), hexOf(head))
				e, ok, err := v.Index(0)
				require.NoError(t, err)
				require.True(t, ok)
				got, err := e.Binary()
				require.NoError(t, err)
				assert.Len(t, got, s.data-5)
			}
		}
	}
}

// TestFieldIDWidthBoundaries: field_id_size follows the largest id, with
// switches above 255 and 65535, with keys given in order and out of order
// (their final ids, and so the id sizes, are known only at Build).
func TestFieldIDWidthBoundaries(t *testing.T) {
	for _, c := range []struct{ keys, idWidth int }{
		{256, 1}, {257, 2}, {65536, 2}, {65537, 3},
	} {
		for _, reversed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d keys reversed %v", c.keys, reversed), func(t *testing.T) {
				if c.keys > 1<<16 && testing.Short() {
					t.Skip("65537 keys take a second; run without -short")
				}
				keys := make([]string, c.keys)
				for i := range keys {
					keys[i] = fmt.Sprintf("k%05d", i)
				}
				var b Builder
				b.BeginArray()
				// A small object with the first key and one with the
				// last: their id sizes differ.
				b.BeginObject()
				b.Key(keys[0])
				b.AppendInt(0)
				b.EndObject()
				b.BeginObject()
				for i := range keys {
					k := keys[i]
					if reversed {
						k = keys[len(keys)-1-i]
					}
					b.Key(k)
					b.AppendBool(true)
				}
				b.EndObject()
				b.BeginObject()
				b.Key(keys[len(keys)-1])
				b.AppendInt(1)
				b.EndObject()
				b.EndArray()
				v := buildOK(t, &b)
				m := v.Metadata()
				require.Equal(t, c.keys, m.Len())
				require.True(t, m.Sorted())
				k, _ := m.Key(c.keys - 1)
				assert.Equal(t, keys[c.keys-1], k)
				checkCanonical(t, v)

				first, ok, err := v.Index(0)
				require.NoError(t, err)
				require.True(t, ok)
				assert.Equal(t, byte(0x02), first.Bytes()[0], "{k00000: 0} has 1-byte ids")
				last, _, _ := v.Index(2)
				o, err := last.Object()
				require.NoError(t, err)
				assert.Equal(t, c.idWidth, o.h.idSize)
				f, ok, err := last.Field(keys[c.keys-1])
				require.NoError(t, err)
				require.True(t, ok)
				n, err := f.Int()
				require.NoError(t, err)
				assert.Equal(t, int64(1), n)

				all, _, _ := v.Index(1)
				ao, err := all.Object()
				require.NoError(t, err)
				assert.Equal(t, c.idWidth, ao.h.idSize)
				require.Equal(t, c.keys, ao.Len())
				for _, i := range []int{0, 1, c.keys / 2, c.keys - 1} {
					k, f, err := ao.At(i)
					require.NoError(t, err)
					assert.Equal(t, keys[i], k)
					assert.Equal(t, TypeBoolean, f.Type())
				}
			})
		}
	}
}

// TestMetadataOffsetWidth: the dictionary's offset size follows the larger
// of its key count and its string bytes.
func TestMetadataOffsetWidth(t *testing.T) {
	for _, c := range []struct {
		keyLen, width int
	}{{255, 1}, {256, 2}, {65535, 2}, {65536, 3}} {
		var b Builder
		b.BeginObject()
		b.Key(strings.Repeat("k", c.keyLen))
		b.AppendNull()
		b.EndObject()
		v := buildOK(t, &b)
		m := v.Metadata()
		assert.Equal(t, c.width, m.OffsetSize(), "key of %d bytes", c.keyLen)
		assert.Equal(t, byte(c.width-1)<<6|0x11, m.Bytes()[0])
		k, ok := m.Key(0)
		require.True(t, ok)
		assert.Len(t, k, c.keyLen)
	}
}

// TestNestingDepth: MaxDepth levels of arrays are fine, one more is
// ErrTooDeep for New, the Builder and AppendVariant.
func TestNestingDepth(t *testing.T) {
	nested := func(levels int) []byte {
		v := []byte{0x00}
		for range levels {
			n := len(v)
			v = append([]byte{0x0B, 0x01, 0, 0, 0, byte(n), byte(n >> 8), byte(n >> 16)}, v...)
		}
		return v
	}
	v, err := New(unhex(t, metaEmpty), nested(MaxDepth))
	require.NoError(t, err)
	var b Builder
	b.AppendVariant(v)
	_, err = b.Build()
	require.NoError(t, err)

	_, err = New(unhex(t, metaEmpty), nested(MaxDepth+1))
	require.ErrorIs(t, err, ErrTooDeep)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, MaxDepth*8, e.Offset)
	assert.Equal(t, "$"+rep("[0]", MaxDepth), e.Path)
	assert.Equal(t, "more than 1000 nested objects and arrays", e.Msg)

	b.Reset()
	for range MaxDepth + 1 {
		b.BeginArray()
	}
	_, err = b.Build()
	assert.ErrorIs(t, err, ErrTooDeep)

	// AppendVariant inside an open array adds a level.
	b.Reset()
	b.BeginArray()
	b.AppendVariant(v)
	b.EndArray()
	_, err = b.Build()
	assert.ErrorIs(t, err, ErrTooDeep)
}

// TestYearsBeyondFourDigits: dates and timestamps outside years 0000-9999
// print with more year digits and a sign (JSON and text casts), and those
// texts cast back to the same value.
func TestYearsBeyondFourDigits(t *testing.T) {
	for _, c := range []struct {
		at   time.Time
		json string
	}{
		{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), `"10000-01-01T00:00:00.000000Z"`},
		{time.Date(-1, 12, 31, 23, 59, 59, 500000000, time.UTC), `"-0001-12-31T23:59:59.500000Z"`},
		{time.Date(0, 2, 29, 0, 0, 0, 0, time.UTC), `"0000-02-29T00:00:00.000000Z"`},
		{time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), `"9999-12-31T00:00:00.000000Z"`},
		{time.Date(200000, 6, 1, 12, 0, 0, 0, time.UTC), `"200000-06-01T12:00:00.000000Z"`},
	} {
		v := MustOf(c.at)
		text, err := v.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, c.json, string(text))
		var back Variant
		require.NoError(t, back.UnmarshalJSON(text))
		got, ok, err := back.CastTime(SQLTimestamp, CastStrict)
		require.NoError(t, err, c.json)
		require.True(t, ok)
		assert.True(t, c.at.Equal(got), "%s: got %s", c.json, got)

		day := time.Date(c.at.Year(), c.at.Month(), c.at.Day(), 0, 0, 0, 0, time.UTC)
		s, ok, err := MustOf(day).CastString(CastStrict)
		require.NoError(t, err)
		require.True(t, ok)
		got, ok, err = MustOf(s[:len(s)-len(" 00:00:00")]).CastTime(SQLDate, CastStrict)
		require.NoError(t, err, s)
		require.True(t, ok, s)
		assert.True(t, day.Equal(got), "%s: got %s", s, got)
	}
	for text, want := range map[string]error{
		"999-01-01":      ErrCast, // fewer than 4 year digits
		"12345678-01-01": ErrCast, // more than 7
		"+2024-01-01":    ErrCast,
		"9999999-01-01":  ErrCast, // past the int32 days of a date
	} {
		_, _, err := MustOf(text).CastTime(SQLDate, CastStrict)
		assert.ErrorIs(t, err, want, text)
	}
}

// TestJSONDecimalWidthFollowsScale: parse_json types a fraction by the
// precision as written, never below its scale.
func TestJSONDecimalWidthFollowsScale(t *testing.T) {
	for text, want := range map[string]Type{
		"0.000000001":           TypeDecimal4,
		"-0.000000001":          TypeDecimal4,
		"0.00000000001":         TypeDecimal8,
		"123456789.5":           TypeDecimal8,
		"0.000000000000000001":  TypeDecimal8,
		"0.0000000000000000001": TypeDecimal16,
		"0.00000000000000000000000000000000000001": TypeDecimal16,
	} {
		v, err := ParseJSON([]byte(text))
		require.NoError(t, err, text)
		assert.Equal(t, want, v.Type(), text)
		out, err := v.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, text, string(out))
	}
}

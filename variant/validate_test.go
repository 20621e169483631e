package variant

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	metaEmpty = "01 00 00"
	metaAB    = "01 02 00 01 02 61 62" // unsorted ["a","b"]
	metaSAB   = "11 02 00 01 02 61 62" // sorted ["a","b"]
)

// invalidCase is a value that New must reject with an *Error wrapping
// sentinel at offset, for the value at path, saying msg.
type invalidCase struct {
	name     string
	meta     string
	value    string
	sentinel error
	offset   int
	path     string
	msg      string
}

func checkInvalid(t *testing.T, c invalidCase) {
	t.Helper()
	_, err := New(unhex(t, c.meta), unhex(t, c.value))
	require.Error(t, err)
	assert.ErrorIs(t, err, c.sentinel)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, c.offset, e.Offset, "offset")
	assert.Equal(t, c.path, e.Path, "path")
	assert.Equal(t, c.msg, e.Msg, "message")
}

// TestValidateLayout: object field values and array elements must follow
// each other without gaps or overlap ("fields: <value>*"); shared values
// would make a small buffer stand for a huge value.
func TestValidateLayout(t *testing.T) {
	for _, c := range []invalidCase{
		{name: "array elements share bytes", meta: metaEmpty, value: "03 02 00 00 02 0C 01",
			sentinel: ErrInvalidValue, offset: 3, path: "$",
			msg: "element offset 0, want 2: elements must follow each other"},
		{name: "array gap after last element", meta: metaEmpty, value: "03 01 00 03 0C 01 00",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: "1 bytes after the last element"},
		{name: "array first offset not 0", meta: metaEmpty, value: "03 01 01 03 00 0C 01",
			sentinel: ErrInvalidValue, offset: 2, path: "$",
			msg: "element offset 1, want 0: elements must follow each other"},
		{name: "empty array with data", meta: metaEmpty, value: "03 00 01 00",
			sentinel: ErrInvalidValue, offset: 2, path: "$", msg: "1 bytes after the last element"},
		{name: "object fields share a value", meta: metaAB, value: "02 02 00 01 00 00 02 0C 01",
			sentinel: ErrInvalidValue, offset: 5, path: "$",
			msg: "field 1 value at offset 0 overlaps another or leaves a gap (expected a value at 2)"},
		{name: "object gap after last value", meta: metaAB, value: "02 01 00 00 03 0C 01 00",
			sentinel: ErrInvalidValue, offset: 4, path: "$", msg: "1 bytes after the last field value"},
		{name: "object values with a gap between", meta: metaAB, value: "02 02 00 01 00 03 05 0C 01 00 0C 02",
			sentinel: ErrInvalidValue, offset: 5, path: "$",
			msg: "field 1 value at offset 3 overlaps another or leaves a gap (expected a value at 2)"},
		{name: "object value overlaps the next", meta: metaAB, value: "02 02 00 01 00 01 03 10 01 02",
			sentinel: ErrInvalidValue, offset: 5, path: "$",
			msg: "field 1 value at offset 1 overlaps another or leaves a gap (expected a value at 3)"},
		{name: "empty object with data", meta: metaEmpty, value: "02 00 01 00",
			sentinel: ErrInvalidValue, offset: 2, path: "$", msg: "1 bytes after the last field value"},
	} {
		t.Run(c.name, func(t *testing.T) { checkInvalid(t, c) })
	}

	// Values in an order other than the fields' are fine when they tile.
	v, err := New(unhex(t, metaAB), unhex(t, "02 02 00 01 02 00 04 0C 02 0C 01"))
	require.NoError(t, err)
	assert.Equal(t, `{"a":int8:1,"b":int8:2}`, mustDescribe(t, v))
}

// TestValidateSharedValuesFailFast: 36 levels of two-element arrays whose
// elements share one nested array would walk 2^36 values; validation stops
// at the first shared offset.
func TestValidateSharedValuesFailFast(t *testing.T) {
	value := []byte{0x0C, 0x01}
	for range 36 {
		n := byte(len(value))
		value = append([]byte{0x03, 0x02, 0x00, 0x00, n}, value...)
	}
	_, err := New(unhex(t, metaEmpty), value)
	require.ErrorIs(t, err, ErrInvalidValue)
	assert.Contains(t, err.Error(), "elements must follow each other")

	// The same with objects whose two fields share a value.
	value = []byte{0x0C, 0x01}
	for range 36 {
		n := byte(len(value))
		value = append([]byte{0x02, 0x02, 0x00, 0x01, 0x00, 0x00, n}, value...)
	}
	_, err = New(unhex(t, metaAB), value)
	require.ErrorIs(t, err, ErrInvalidValue)
	assert.Contains(t, err.Error(), "overlaps another")
}

// TestHugeCounts: num_elements and lengths near 2^32 in a short buffer are
// clean errors on every platform (on 32-bit ones, int arithmetic on them
// would wrap).
func TestHugeCounts(t *testing.T) {
	for _, c := range []invalidCase{
		{name: "large object of 2^32-1 fields", meta: metaAB, value: "5E FF FF FF FF 00 00 00 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$",
			msg: "object of 4294967295 fields: field ids and offsets need 25769803779 bytes, have 9"},
		{name: "large object of 2^31 fields", meta: metaAB, value: "42 00 00 00 80 00 00 00 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$",
			msg: "object of 2147483648 fields: field ids and offsets need 4294967302 bytes, have 9"},
		{name: "large array of 2^32-1 elements", meta: metaEmpty, value: "1F FF FF FF FF 00 00 00 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$",
			msg: "array of 4294967295 elements: offsets need 17179869189 bytes, have 9"},
		{name: "large array of 2^30 elements", meta: metaEmpty, value: "1F 00 00 00 40 00 00 00 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$",
			msg: "array of 1073741824 elements: offsets need 4294967305 bytes, have 9"},
		{name: "string of 2^32-1 bytes", meta: metaEmpty, value: "40 FF FF FF FF 61",
			sentinel: ErrInvalidValue, offset: 0, path: "$",
			msg: "value of 4294967300 bytes past the end of a 6-byte buffer"},
		{name: "binary of 2^31 bytes", meta: metaEmpty, value: "3C 00 00 00 80 61",
			sentinel: ErrInvalidValue, offset: 0, path: "$",
			msg: "value of 2147483653 bytes past the end of a 6-byte buffer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkInvalid(t, c)
			// The unvalidated accessors fail cleanly too.
			v := View(MustDecodeMetadata(unhex(t, c.meta)), unhex(t, c.value))
			_, err := v.Object()
			assert.Error(t, err)
			_, err = v.Array()
			assert.Error(t, err)
			_, _, err = v.Field("a")
			if v.Type() == TypeObject {
				assert.ErrorIs(t, err, ErrInvalidValue)
			}
			_, _, err = v.Index(0)
			if v.Type() == TypeArray {
				assert.ErrorIs(t, err, ErrInvalidValue)
			}
			_, err = v.StrBytes()
			if v.Type() == TypeString {
				assert.ErrorIs(t, err, ErrInvalidValue)
			}
			_, err = v.Binary()
			if v.Type() == TypeBinary {
				assert.ErrorIs(t, err, ErrInvalidValue)
			}
			var b Builder
			b.AppendVariant(v)
			_, err = b.Build()
			assert.ErrorIs(t, err, ErrInvalidValue)
		})
	}
}

// TestHugeOffsets: 4-byte offsets of 2^31 and more are clean errors on every
// platform, through New and through the unvalidated accessors.
func TestHugeOffsets(t *testing.T) {
	for _, c := range []invalidCase{
		{name: "object field offset 2^31", meta: metaSAB, value: "0E 01 00 00 00 00 80 02 00 00 00 0C 01",
			sentinel: ErrInvalidValue, offset: 3, path: "$",
			msg: "field offset 2147483648 outside the 2 bytes of values"},
		{name: "object data size 2^31", meta: metaSAB, value: "0E 01 00 00 00 00 00 00 00 00 80 0C 01",
			sentinel: ErrInvalidValue, offset: 0, path: "$",
			msg: "value of 2147483659 bytes past the end of a 13-byte buffer"},
		{name: "array element offset 2^32-1", meta: metaEmpty, value: "0F 01 FF FF FF FF 02 00 00 00 0C 01",
			sentinel: ErrInvalidValue, offset: 2, path: "$",
			msg: "element offset 4294967295, want 0: elements must follow each other"},
		{name: "object field id 2^32-1", meta: metaSAB, value: "32 01 FF FF FF FF 00 02 0C 01",
			sentinel: ErrInvalidValue, offset: 2, path: "$",
			msg: "field id 4294967295 out of range, dictionary size 2"},
		{name: "array data size 2^32-1", meta: metaEmpty, value: "0F 01 00 00 00 00 FF FF FF FF 0C 01",
			sentinel: ErrInvalidValue, offset: 0, path: "$",
			msg: "value of 4294967305 bytes past the end of a 12-byte buffer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkInvalid(t, c)
			v := View(MustDecodeMetadata(unhex(t, c.meta)), unhex(t, c.value))
			if v.Type() == TypeObject {
				_, _, err := v.Field("a")
				if !strings.Contains(c.name, "field id") {
					assert.ErrorIs(t, err, ErrInvalidValue)
				}
				o, err := v.Object()
				require.NoError(t, err)
				_, _, err = o.At(0)
				assert.ErrorIs(t, err, ErrInvalidValue)
			} else {
				_, _, err := v.Index(0)
				assert.ErrorIs(t, err, ErrInvalidValue)
			}
		})
	}
}

func TestHugeMetadataOffsets(t *testing.T) {
	_, err := DecodeMetadata(unhex(t, "C1 01 00 00 00 FF FF FF FF 01 00 00 00 61"))
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, ErrInvalidMetadata)
	assert.Equal(t, "variant: invalid metadata at offset 5: first offset is 4294967295, want 0", err.Error())
	_, err = DecodeMetadata(unhex(t, "C1 01 00 00 00 00 00 00 00 00 00 00 80 61"))
	assert.Equal(t, "variant: invalid metadata at offset 9: offset 1 (2147483648) past the end of 1 string bytes", err.Error())
}

// TestValidateErrors: each kind of malformed value, with the exact offset,
// path and message.
func TestValidateErrors(t *testing.T) {
	// {"a": [1, 2, <x>]} with metadata sorted ["a","b"]: the array starts
	// at offset 5, its third element at 5+6+4 = 15.
	nestedWith := func(third string) string {
		n := len(unhex(t, third))
		return hexOf([]byte{0x02, 0x01, 0x00, 0x00, byte(6 + 4 + n)}) + " 03 03 00 02 04 " + hexOf([]byte{byte(4 + n)}) + " 0C 01 0C 02 " + third
	}
	for _, c := range []invalidCase{
		{name: "empty value", meta: metaEmpty, value: "",
			sentinel: ErrInvalidValue, offset: 0, path: "$", msg: "empty value"},
		{name: "trailing bytes", meta: metaEmpty, value: "0C 01 00 00",
			sentinel: ErrInvalidValue, offset: 2, path: "$", msg: "2 bytes after the value"},
		{name: "unknown primitive type 21", meta: metaEmpty, value: "54",
			sentinel: ErrInvalidValue, offset: 0, path: "$", msg: "unknown primitive type 21"},
		{name: "unknown primitive type 63", meta: metaEmpty, value: "FC",
			sentinel: ErrInvalidValue, offset: 0, path: "$", msg: "unknown primitive type 63"},
		{name: "decimal4 scale 39", meta: metaEmpty, value: "20 27 01 00 00 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$", msg: "decimal scale 39 above 38"},
		{name: "decimal16 scale 39", meta: metaEmpty, value: "28 27" + rep(" 00", 16),
			sentinel: ErrInvalidValue, offset: 1, path: "$", msg: "decimal scale 39 above 38"},
		{name: "short string not UTF-8", meta: metaEmpty, value: "09 61 FF",
			sentinel: ErrInvalidValue, offset: 1, path: "$", msg: "short string is not valid UTF-8"},
		{name: "long string not UTF-8", meta: metaEmpty, value: "40 02 00 00 00 C3 28",
			sentinel: ErrInvalidValue, offset: 5, path: "$", msg: "string is not valid UTF-8"},
		{name: "truncated int32", meta: metaEmpty, value: "14 01 00",
			sentinel: ErrInvalidValue, offset: 0, path: "$", msg: "value of 5 bytes past the end of a 3-byte buffer"},
		{name: "truncated string length", meta: metaEmpty, value: "40 01 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$", msg: "truncated length of string"},
		{name: "field id out of range", meta: metaSAB, value: "02 01 02 00 01 00",
			sentinel: ErrInvalidValue, offset: 2, path: "$", msg: "field id 2 out of range, dictionary size 2"},
		{name: "field id in empty dictionary", meta: metaEmpty, value: "02 01 00 00 01 00",
			sentinel: ErrInvalidValue, offset: 2, path: "$", msg: "field id 0 out of range, dictionary size 0"},
		{name: "field offset out of range", meta: metaSAB, value: "02 01 00 02 02 0C 01",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: "field offset 2 outside the 2 bytes of values"},
		{name: "element offset out of range", meta: metaEmpty, value: "03 01 00 03 00 00 00",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: "2 bytes after the last element"},
		{name: "unsorted keys", meta: metaSAB, value: "02 02 01 00 00 02 04 0C 01 0C 02",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: `key "a" listed after "b": field ids must be in key order`},
		{name: "unsorted keys, unsorted dictionary", meta: "01 02 00 01 02 62 61", value: "02 02 00 01 00 02 04 0C 01 0C 02",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: `key "a" listed after "b": field ids must be in key order`},
		{name: "duplicate keys", meta: metaSAB, value: "02 02 00 00 00 02 04 0C 01 0C 02",
			sentinel: ErrInvalidValue, offset: 3, path: "$", msg: `duplicate key "a"`},
		{name: "object header truncated", meta: metaSAB, value: "02 02 00 01 00",
			sentinel: ErrInvalidValue, offset: 1, path: "$", msg: "object of 2 fields: field ids and offsets need 7 bytes, have 5"},
		{name: "nested: bad UTF-8 at $.a[2]", meta: metaSAB, value: nestedWith("05 FF"),
			sentinel: ErrInvalidValue, offset: 16, path: "$.a[2]", msg: "short string is not valid UTF-8"},
		{name: "nested: unknown type at $.a[2]", meta: metaSAB, value: nestedWith("58"),
			sentinel: ErrInvalidValue, offset: 15, path: "$.a[2]", msg: "unknown primitive type 22"},
		{name: "nested: field id out of range at $.a[2]", meta: metaSAB, value: nestedWith("02 01 07 00 01 00"),
			sentinel: ErrInvalidValue, offset: 17, path: "$.a[2]", msg: "field id 7 out of range, dictionary size 2"},
		{name: "odd key quoted in path", meta: "11 01 00 03 61 20 62", value: "02 01 00 00 02 05 FF",
			sentinel: ErrInvalidValue, offset: 6, path: "$['a b']", msg: "short string is not valid UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkInvalid(t, c)
			// Validate on a View says the same.
			m, err := DecodeMetadata(unhex(t, c.meta))
			require.NoError(t, err)
			err = View(m, unhex(t, c.value)).Validate()
			assert.ErrorIs(t, err, c.sentinel)
			poke(View(m, unhex(t, c.value)), 3)
		})
	}
	_, err := New(unhex(t, metaSAB), unhex(t, nestedWith("05 FF")))
	assert.EqualError(t, err, "variant: invalid value at offset 16 ($.a[2]): short string is not valid UTF-8")
}

// TestMetadataErrors: each kind of malformed metadata.
func TestMetadataErrors(t *testing.T) {
	for _, c := range []struct{ meta, want string }{
		{"", "variant: invalid metadata at offset 0: empty buffer"},
		{"02 00 00", "variant: invalid metadata at offset 0: unsupported version 2"},
		{"00 00 00", "variant: invalid metadata at offset 0: unsupported version 0"},
		{"01", "variant: invalid metadata at offset 1: truncated dictionary_size"},
		{"41 00", "variant: invalid metadata at offset 1: truncated dictionary_size"},
		{"01 00", "variant: invalid metadata at offset 1: dictionary_size 0 does not fit a buffer of 2 bytes"},
		{"01 01 00", "variant: invalid metadata at offset 1: dictionary_size 1 does not fit a buffer of 3 bytes"},
		{"01 00 01 61", "variant: invalid metadata at offset 2: first offset is 1, want 0"},
		{"01 02 00 02 01 61 62", "variant: invalid metadata at offset 4: offset 2 decreases (1 < 2)"},
		{"01 01 00 02 61", "variant: invalid metadata at offset 3: offset 1 (2) past the end of 1 string bytes"},
		{"01 01 00 01 61 62", "variant: invalid metadata at offset 5: 1 bytes after the last key"},
		{"01 00 00 00", "variant: invalid metadata at offset 3: 1 bytes after the last key"},
		{"01 02 00 01 03 61 C3 28", "variant: invalid metadata at offset 6: key 1 is not valid UTF-8"},
		{"11 02 00 01 02 62 61", `variant: invalid metadata at offset 6: sorted_strings is set but key 1 "a" does not sort after "b"`},
	} {
		_, err := DecodeMetadata(unhex(t, c.meta))
		require.Error(t, err, c.meta)
		assert.ErrorIs(t, err, ErrInvalidMetadata, c.meta)
		assert.EqualError(t, err, c.want, c.meta)
		_, err = New(unhex(t, c.meta), []byte{0})
		assert.ErrorIs(t, err, ErrInvalidMetadata, c.meta)
	}
	// An unsorted dictionary may hold a key twice; ID finds the first.
	m, err := DecodeMetadata(unhex(t, "01 02 00 01 02 61 61"))
	require.NoError(t, err)
	id, ok := m.ID("a")
	assert.True(t, ok)
	assert.Equal(t, 0, id)
}

// validSamples are well-formed values of every kind, for the prefix tests.
func validSamples(t *testing.T) map[string][2][]byte {
	out := map[string][2][]byte{}
	for name := range specWant {
		meta, value := specPair(t, name)
		out[name] = [2][]byte{meta, value}
	}
	var b Builder
	b.BeginObject()
	b.Key("arr")
	b.BeginArray()
	b.AppendString(strings.Repeat("é", 40))
	b.AppendDecimal(Decimal{lo: 12345, scale: 2})
	b.BeginObject()
	b.Key("x")
	b.AppendNull()
	b.EndObject()
	b.EndArray()
	b.Key("bin")
	b.AppendBinary([]byte{0, 1, 2})
	b.EndObject()
	v, err := b.Build()
	require.NoError(t, err)
	out["built"] = [2][]byte{v.Metadata().Bytes(), v.Bytes()}
	return out
}

// TestTruncations: every strict prefix of a valid metadata or value buffer
// is rejected, and the accessors on it never panic.
func TestTruncations(t *testing.T) {
	for name, s := range validSamples(t) {
		meta, value := s[0], s[1]
		_, err := New(meta, value)
		require.NoError(t, err, name)
		for n := 0; n < len(meta); n++ {
			_, err := DecodeMetadata(meta[:n])
			assert.ErrorIs(t, err, ErrInvalidMetadata, "%s: metadata prefix of %d bytes", name, n)
		}
		m := MustDecodeMetadata(meta)
		for n := 0; n < len(value); n++ {
			_, err := NewWithMetadata(m, value[:n])
			require.Error(t, err, "%s: value prefix of %d bytes", name, n)
			assert.ErrorIs(t, err, ErrInvalidValue, "%s: value prefix of %d bytes", name, n)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.GreaterOrEqual(t, e.Offset, 0)
			assert.LessOrEqual(t, e.Offset, n)
			poke(View(m, value[:n]), 3)
		}
	}
}

// TestCorruptionsNeverPanic: every single-byte change of the samples either
// validates and walks cleanly or is rejected; the accessors on the View
// never panic.
func TestCorruptionsNeverPanic(t *testing.T) {
	for name, s := range validSamples(t) {
		m := MustDecodeMetadata(s[0])
		value := s[1]
		if len(value) > 300 {
			continue
		}
		for i := range value {
			for _, x := range []byte{0x00, 0x03, 0xFF, value[i] ^ 0x04, value[i] + 1} {
				c := bytes.Clone(value)
				c[i] = x
				v, err := NewWithMetadata(m, c)
				if err == nil {
					_, err := describe(v)
					require.NoError(t, err, "%s: byte %d = %02X validates but does not walk", name, i, x)
					continue
				}
				poke(View(m, c), 1)
			}
		}
	}
}

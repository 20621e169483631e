package variant

import (
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

package variant

import (
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

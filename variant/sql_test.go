package variant

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScanVariantClones(t *testing.T) {
	// The driver's memory is overwritten after the call, as database/sql's
	// fake driver does on each Next; the scanned Variant must not change.
	meta := unhex(t, "11 01 00 01 61")
	val := unhex(t, "02 01 00 00 02 0C 02")
	src := MustNew(meta, val)

	var v Variant
	require.NoError(t, v.Scan(src))
	clear(meta)
	clear(val)
	assert.Equal(t, `{"a":2}`, v.String())
	assert.Equal(t, unhex(t, "11 01 00 01 61"), v.Metadata().Bytes())
}

func TestScanJSONText(t *testing.T) {
	var v Variant
	require.NoError(t, v.Scan(`{"b":[1,2.5],"a":"x"}`))
	assert.Equal(t, `{"a":"x","b":[1,2.5]}`, v.String())

	buf := []byte(`[true,null]`)
	require.NoError(t, v.Scan(buf))
	copy(buf, strings.Repeat(" ", len(buf)))
	assert.Equal(t, `[true,null]`, v.String())

	err := v.Scan(`{"a":1,"a":2}`)
	assert.ErrorIs(t, err, ErrInvalidJSON)
	assert.ErrorIs(t, err, ErrDuplicateKey)
	err = v.Scan([]byte(`{`))
	assert.ErrorIs(t, err, ErrInvalidJSON)
	assert.Equal(t, `[true,null]`, v.String(), "unchanged on error")
}

func TestScanRejects(t *testing.T) {
	var v Variant
	err := v.Scan(nil)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrUnsupportedType)
	assert.Contains(t, err.Error(), "sql.Null[variant.Variant]")

	for _, tt := range []struct {
		src  any
		name string
	}{
		{int64(1), "int64"},
		{1.5, "float64"},
		{true, "bool"},
		{time.Time{}, "time.Time"},
		{&Variant{}, "*variant.Variant"},
	} {
		err := v.Scan(tt.src)
		require.Error(t, err)
		assert.ErrorIs(t, err, ErrUnsupportedType)
		assert.Contains(t, err.Error(), "cannot scan "+tt.name+" into a variant.Variant")
	}
	assert.Equal(t, Variant{}, v)

	v = MustOf(1)
	err = v.Scan(Variant{})
	assert.ErrorIs(t, err, ErrInvalidValue)
	assert.ErrorContains(t, err, "zero variant.Variant")
	assert.Equal(t, MustOf(1), v, "unchanged on error")
}

func TestScanNull(t *testing.T) {
	var n sql.Null[Variant]
	require.NoError(t, n.Scan(nil))
	assert.False(t, n.Valid)
	assert.Equal(t, Variant{}, n.V)

	require.NoError(t, n.Scan(`{"k":null}`))
	assert.True(t, n.Valid)
	assert.Equal(t, `{"k":null}`, n.V.String())

	// The JSON null is a value: the Variant null, not SQL NULL.
	require.NoError(t, n.Scan(`null`))
	assert.True(t, n.Valid)
	assert.True(t, n.V.IsNull())

	dv, err := sql.Null[Variant]{}.Value()
	require.NoError(t, err)
	assert.Nil(t, dv)

	dv, err = sql.Null[Variant]{V: n.V, Valid: true}.Value()
	require.NoError(t, err)
	assert.Equal(t, "null", dv)
}

func TestValue(t *testing.T) {
	v, err := ParseJSON([]byte(`{"b":1.50,"a":[null]}`))
	require.NoError(t, err)
	dv, err := v.Value()
	require.NoError(t, err)
	assert.Equal(t, `{"a":[null],"b":1.50}`, dv)

	dv, err = value(t, "3C 02 00 00 00 01 02").Value()
	require.NoError(t, err)
	assert.Equal(t, `"AQI="`, dv)

	dv, err = Variant{}.Value()
	assert.ErrorIs(t, err, ErrInvalidValue)
	assert.Nil(t, dv)

	dv, err = View(MustDecodeMetadata(unhex(t, emptyMeta)), unhex(t, "14 01")).Value()
	assert.ErrorIs(t, err, ErrInvalidValue)
	assert.Nil(t, dv)

	// Value then Scan gives the same bytes back.
	var back Variant
	s, err := v.Value()
	require.NoError(t, err)
	require.NoError(t, back.Scan(s))
	assert.Equal(t, v.Bytes(), back.Bytes())
	assert.Equal(t, v.Metadata().Bytes(), back.Metadata().Bytes())
}

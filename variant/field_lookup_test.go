package variant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFieldLookup checks that a FieldLookup returns what Variant.Field
// returns, row after row, as the metadata changes, is unsorted or is
// overwritten in place.
func TestFieldLookup(t *testing.T) {
	parse := func(s string) Variant {
		v, err := ParseJSON([]byte(s))
		require.NoError(t, err)
		return v.Clone()
	}
	rows := []Variant{
		parse(`{"a":1,"ua":"x","z":true}`),
		parse(`{"a":2,"ua":"y","z":false}`),
		parse(`{"a":3}`),
		parse(`{"b":{"ua":1},"ua":"w"}`),
		parse(`[1,2]`),
		parse(`"ua"`),
		parse(`{"ua":null}`),
		parse(`{}`),
	}
	// An unsorted dictionary ("ua", "a"): object {"a":7,"ua":8} lists
	// field ids 1, 0 in key order.
	unsorted := View(mustMeta(t, "01 02 00 02 03 75 61 61"), []byte{0x02, 0x02, 0x01, 0x00, 0x00, 0x02, 0x04, 0x0C, 0x07, 0x0C, 0x08})
	rows = append(rows, unsorted)
	look := NewFieldLookup("ua")
	require.Equal(t, "ua", look.Name())
	for i, v := range rows {
		want, wantOK, wantErr := v.Field("ua")
		got, ok, err := look.Field(v)
		require.Equal(t, wantErr, err, "row %d", i)
		require.Equal(t, wantOK, ok, "row %d", i)
		require.Equal(t, want.Bytes(), got.Bytes(), "row %d", i)
	}
	got, ok, err := look.Field(unsorted)
	require.NoError(t, err)
	require.True(t, ok)
	n, err := got.Int()
	require.NoError(t, err)
	require.Equal(t, int64(8), n)

	// Metadata bytes overwritten in place: the lookup must not keep the
	// id of the old dictionary ("a", "ua": id 1; now "ua", "zz": id 0).
	meta := append(make([]byte, 0, 16), 0x11, 0x02, 0x00, 0x01, 0x03, 'a', 'u', 'a')
	m, err := DecodeMetadata(meta)
	require.NoError(t, err)
	v1 := View(m, []byte{0x02, 0x01, 0x01, 0x00, 0x02, 0x0C, 0x05}) // {"ua":5}
	got, ok, err = look.Field(v1)
	require.NoError(t, err)
	require.True(t, ok)
	n, _ = got.Int()
	require.Equal(t, int64(5), n)
	copy(meta, []byte{0x11, 0x02, 0x00, 0x02, 0x04, 'u', 'a', 'z', 'z'}[:len(meta)])
	meta = append(meta, 'z')
	m, err = DecodeMetadata(meta)
	require.NoError(t, err)
	v2 := View(m, []byte{0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x06}) // {"ua":6}
	got, ok, err = look.Field(v2)
	require.NoError(t, err)
	require.True(t, ok)
	n, _ = got.Int()
	require.Equal(t, int64(6), n)

	// A malformed object: the same error as Field.
	bad := View(m, []byte{0x02, 0x05, 0x00})
	_, _, wantErr := bad.Field("ua")
	require.Error(t, wantErr)
	_, _, err = look.Field(bad)
	require.Equal(t, wantErr, err)
}

func mustMeta(t *testing.T, h string) Metadata {
	t.Helper()
	m, err := DecodeMetadata(unhex(t, h))
	require.NoError(t, err)
	return m
}

// TestFieldLookupNoAllocations checks that rows sharing metadata look a
// field up without allocating.
func TestFieldLookupNoAllocations(t *testing.T) {
	v, err := ParseJSON([]byte(`{"a":1,"flags":[1],"ua":"agent-7"}`))
	require.NoError(t, err)
	look := NewFieldLookup("ua")
	_, _, _ = look.Field(v)
	allocs := testing.AllocsPerRun(100, func() {
		if _, ok, err := look.Field(v); !ok || err != nil {
			t.Fatal("field not found")
		}
	})
	require.Zero(t, allocs)
}
